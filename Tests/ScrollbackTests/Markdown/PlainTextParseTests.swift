import Foundation
import Testing

@testable import Scrollback

/// Texts in which no byte can be markup skip cmark (``CommonMark/plainPieces(_:keepingLineBreaks:)``):
/// the document must be exactly the one cmark's reading gives, for every text, plain or not.
@Suite struct PlainTextParseTests {
    private static let ann = ChatUser(id: "ann", name: "Ann")

    /// Pieces that make lines plain, and pieces on the edge of markup: block markers, digits
    /// before `.` and `)`, spaces at either end of a line, empty lines, controls, a byte-order
    /// mark, URLs and mentions (rewritten from the pieces either way), non-ASCII spaces and letters.
    private static let alphabet = [
        "a", "word", "Ça", "日本", "👍🏽", "👩‍💻", " ", "  ", "\n", "\n\n", "\r\n", "\t", ".", ")", "(", "!", "?", ":", ",", "'", "\"",
        "1", "12", "1234567890", "#", "##", ">", "-", "--", "---", "+", "=", "==", "*", "_", "`", "~", "~~", "|", "[", "]", "<",
        "&", "&amp;", "\\", "\u{0}", "\u{7F}", "\u{FEFF}", "\u{A0}", "\u{2028}", "@Ann", "@ann hi", "https://example.com/x",
        "www.example.com", "x@y.z", "/", "%", "$", "^", "{", "}",
    ]

    private func compare(_ text: String) {
        for keepingLineBreaks in [false, true] {
            let scanner = TextScanner(mentionedUsers: [Self.ann])
            for rewrite in [nil, scanner.rewrite] as [CommonMark.TextRewriter?] {
                let direct = CommonMark.parse(text, rewritingText: rewrite, keepingLineBreaks: keepingLineBreaks)
                let cmark = CommonMark.parseWithCmark(text, rewritingText: rewrite, keepingLineBreaks: keepingLineBreaks)
                #expect(direct == cmark, "\(text.debugDescription), line breaks kept: \(keepingLineBreaks)")
            }
        }
    }

    @Test func generatedTextsParseAsCmarkReadsThem() {
        var random = SplitMix(seed: 20_261_202)
        var plainCount = 0
        for _ in 0..<20_000 {
            let length = 1 + Int(random.next() % 12)
            let text = (0..<length).map { _ in Self.alphabet[Int(random.next() % UInt64(Self.alphabet.count))] }.joined()
            if CommonMark.plainPieces(text, keepingLineBreaks: true) != nil { plainCount += 1 }
            compare(text)
        }
        // Both ways are exercised: a fair share of the texts is taken as plain, and most are not.
        #expect(plainCount > 1_000 && plainCount < 15_000, "\(plainCount) plain texts")
    }

    @Test func eightBytesAtATimeTakeWhatOneAtATimeTakes() {
        // Every ASCII character and some beyond (a C1 control, a line separator, a byte-order
        // mark, a letter, an emoji) inside a line, where the scan reads eight bytes at a time,
        // and in a short line read byte by byte: taken as plain in both or in neither.
        let others = ["\u{85}", "\u{2028}", "\u{FEFF}", "é", "👍🏽"]
        for character in (0..<0x80).map({ String(UnicodeScalar(UInt8($0))) }) + others {
            let short = "x" + character + "y"
            let long = "abcdefghij" + character + "klmnopqrstuvwxyz"
            #expect(
                (CommonMark.plainPieces(short, keepingLineBreaks: true) == nil)
                    == (CommonMark.plainPieces(long, keepingLineBreaks: true) == nil), "\(character.debugDescription)")
            compare(long)
        }
    }

    @Test func chatLinesAreTakenAsPlain() {
        for text in ["ack 👍", "sounds good, ship it!", "36 failures since Tuesday", "line one\nline two", "a -> b", "2024"] {
            #expect(CommonMark.plainPieces(text, keepingLineBreaks: true) != nil, "\(text.debugDescription)")
            compare(text)
        }
        let pieces = CommonMark.plainPieces("one\ntwo", keepingLineBreaks: true)
        #expect(pieces?.count == 3)
    }

    @Test func markupIsLeftToCmark() {
        for text in [
            "*a*", "1. one", "12) twelve", "# head", "> quote", "- item", "+ item", "a\n===", "a\n---", "    code", "a  \nb", "a\n\nb",
            "a\n", "\u{FEFF}a", "x &amp; y", "a\\b", "<b>", "[a](b)", "~~a~~", "a | b", "tab\there", "nul\u{0}",
        ] {
            #expect(CommonMark.plainPieces(text, keepingLineBreaks: true) == nil, "\(text.debugDescription)")
            compare(text)
        }
    }
}
