import Foundation
import Testing

@testable import Scrollback

/// ``TextControls`` is the one list of line breaks and bidi controls: these tests hold the
/// terminal, HTML and Markdown outputs to it, scalar by scalar.
@Suite struct TextControlsTests {
    static let bidiControls: [UInt32] = [
        0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069,
        0x200E, 0x200F, 0x061C,
    ]

    /// The neighbourhoods of the controls: Arabic, general punctuation (dashes, quotes,
    /// ellipsis, the controls themselves), superscripts.
    static let nearby: [UInt32] = Array(0x0600...0x06FF) + Array(0x2000...0x2070)

    @Test func theBidiControlsAreExactlyTheTwelve() {
        #expect(Self.nearby.filter(TextControls.isBidiControl) == Self.bidiControls.sorted())
    }

    @Test func theLineBreaksAreUnicodesMandatoryBreaks() {
        let breaks = (UInt32(0)...0x3000).filter(TextControls.isLineBreak)
        #expect(breaks == [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029])
        // The same set as Swift's own idea of a newline.
        for value in breaks { #expect(Character(Unicode.Scalar(value)!).isNewline) }
    }

    @Test func byteLengthsFollowUTF8() {
        func lengths(_ text: String) -> (lineBreak: Int, bidi: Int) {
            let bytes = Array(text.utf8)
            return (TextControls.lineBreakLength(bytes, at: 0), TextControls.bidiControlLength(bytes, at: 0))
        }
        #expect(lengths("\r\nx") == (2, 0))
        #expect(lengths("\rx") == (1, 0))
        #expect(lengths("\u{85}") == (2, 0))
        #expect(lengths("\u{2028}") == (3, 0))
        #expect(lengths("\u{202E}") == (0, 3))
        #expect(lengths("\u{061C}") == (0, 2))
        #expect(lengths("\u{2026}") == (0, 0))
        #expect(lengths("é") == (0, 0))
        // A sequence cut short is not read past the end.
        #expect(TextControls.bidiControlLength([0xE2, 0x80], at: 0) == 0)
    }

    @Test func oneLineShowsEveryBreakOnce() {
        #expect(TextControls.oneLine("plain") == "plain")
        #expect(TextControls.oneLine("a\r\nb\rc\nd\u{0B}e\u{0C}f\u{85}g\u{2028}h\u{2029}i") == "a↵b↵c↵d↵e↵f↵g↵h↵i")
        #expect(TextControls.oneLine("\n\nend\n") == "↵↵end↵")
        #expect(TextControls.oneLine("ليلى\nحداد") == "ليلى↵حداد")
    }

    @Test func codePointLabels() {
        #expect(TextControls.codePointLabel(0x202E) == "⟨U+202E⟩")
        #expect(TextControls.codePointLabel(0x85) == "⟨U+0085⟩")
        #expect(TextControls.codePointLabel(0x061C) == "⟨U+061C⟩")
    }

    // MARK: - The outputs agree

    /// The Markdown renderer's text for `text` in a paragraph.
    static func markdown(_ text: String) -> String {
        CommonMark.renderCommonMark([.paragraph([.text(text)])])
    }

    @Test func everyOutputShowsTheSameBidiControlsTheSameWay() {
        for value in Self.nearby {
            let scalar = Unicode.Scalar(value)!
            let text = "a" + String(scalar) + "b"
            let expected = TextControls.isBidiControl(value) ? "a" + TextControls.codePointLabel(value) + "b" : text
            // In message text the terminal breaks the line at U+2028 and U+2029, which it would
            // otherwise draw as nothing.
            let terminal = value == 0x2028 || value == 0x2029 ? "a\nb" : expected
            #expect(TerminalSanitizer.sanitize(text) == terminal, "terminal, U+\(String(value, radix: 16))")
            #expect(TerminalSanitizer.sanitize(text, keepingNewlines: false) == expected || TextControls.isLineBreak(value))
            #expect(HTMLEscaping.escape(text) == expected || TextControls.isLineBreak(value), "HTML, U+\(String(value, radix: 16))")
            #expect(HTMLEscaping.escape(text, as: .lines) == expected || TextControls.isLineBreak(value))
            if TextControls.isBidiControl(value) {
                #expect(Self.markdown(text) == expected + "\n", "Markdown, U+\(String(value, radix: 16))")
            }
        }
    }

    @Test func theTerminalFindsAControlWhereverPrintableTextPutsIt() {
        // The sanitizer skips printable ASCII eight bytes at a time: a control, a C1 control, a
        // bidi control or DEL is found at every offset from a word's start, and so is a byte
        // just outside the printable range.
        let unsafe: [(String, String)] = [
            ("\u{1B}", "␛"), ("\u{7F}", "␡"), ("\u{00}", "␀"), ("\u{1F}", "␟"), ("\u{85}", "↵"),
            ("\u{9B}", TextControls.codePointLabel(0x9B)), ("\u{202E}", TextControls.codePointLabel(0x202E)),
            ("\u{061C}", TextControls.codePointLabel(0x061C)), ("~", "~"), (" ", " "), ("é", "é"),
        ]
        for (control, shown) in unsafe {
            for before in 0...19 {
                let head = String(repeating: "ab~ ", count: 5).prefix(before)
                let text = head + control + "tail of the text"
                let expected = head + shown + "tail of the text"
                let newlinesKept = control == "\u{85}" ? head + TextControls.codePointLabel(0x85) + "tail of the text" : expected
                #expect(TerminalSanitizer.sanitize(text) == newlinesKept, "\(control.debugDescription) after \(before)")
                #expect(TerminalSanitizer.sanitize(text, keepingNewlines: false) == expected, "\(control.debugDescription) after \(before)")
            }
        }
    }

    @Test func everyOutputShowsALineBreakInANameAsTheSameSymbol() {
        let options = RenderOptions()
        for lineBreak in ["\n", "\r\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"] {
            let name = "Eve" + lineBreak + "Mallory"
            #expect(TerminalSanitizer.sanitize(name, keepingNewlines: false) == "Eve↵Mallory", "\(lineBreak.debugDescription)")
            #expect(HTMLEscaping.escape(name) == "Eve↵Mallory", "\(lineBreak.debugDescription)")
            let markdown = MarkdownViewConverter(theme: options.theme).blocks(for: .text(name, .author))
            #expect(CommonMark.renderCommonMark(markdown) == "**Eve↵Mallory**\n", "\(lineBreak.debugDescription)")
        }
    }

    @Test func urlsKeepTheirCharacters() {
        // HTML escaping leaves a URL as it is: URLPolicy has percent-encoded what a reader
        // could not see (URLPolicyTests), so that the link leads where it says.
        #expect(HTMLEscaping.escape("https://example.org/\u{202E}x", as: .url) == "https://example.org/\u{202E}x")
    }

    // MARK: Blanks and fields

    @Test func runsOfBlanksAreOneSpace() {
        #expect(TextControls.collapsingBlanks("ops" + String(repeating: " ", count: 250) + "12:00 Admin") == "ops 12:00 Admin")
        #expect(TextControls.collapsingBlanks("a\tb \t c\u{A0}\u{A0}d\u{3000}e\u{2003}\u{2009}f") == "a b c d e f")
        // The fillers and the blank braille pattern show as empty space too.
        #expect(TextControls.collapsingBlanks("a\u{3164}\u{3164}b\u{115F}c\u{1160}d\u{FFA0}e\u{2800}\u{2800}f") == "a b c d e f")
        // Zero-width spaces join a run, or alone show (and become) nothing.
        #expect(TextControls.collapsingBlanks("a \u{200B}\u{2060} b") == "a b")
        #expect(TextControls.collapsingBlanks("ad\u{200B}min\u{FEFF}\u{180E}") == "admin")
        // One space or no-break space (a currency's, a time's), line breaks (shown as ↵ later)
        // and joiners stay.
        for kept in ["Ann Lee", " a ", "a \n b", "👩‍👩‍👧", "क्\u{200D}ष", "Ana\u{0301}", "", "日本語 テキスト", "€\u{A0}4.50", "9:41\u{202F}AM"] {
            #expect(TextControls.collapsingBlanks(kept) == kept, "\(kept.debugDescription)")
        }
    }

    @Test func aRunOfBlanksIsFoundAtEveryPlace() {
        // Clean ASCII passes eight bytes at a time: a run that starts or ends at any byte of a
        // word, or across two words, must still be found.
        for place in 0..<26 {
            // Single spaces here and there, none next to the run.
            let before = String((0..<place).map { $0 % 5 == 2 && $0 != place - 1 ? " " : "x" })
            let after = String("de f".prefix(place % 5)) + "xyz012345678"
            for (run, shown) in [("  ", " "), ("\t", " "), (" \u{200B}", " "), ("\u{A0}\u{A0}", " "), ("\u{200B}", "")] {
                let text = before + run + after
                #expect(TextControls.collapsingBlanks(text) == before + shown + after, "\(text.debugDescription)")
            }
            let single = before + " " + after
            #expect(TextControls.collapsingBlanks(single) == single, "\(single.debugDescription)")
        }
    }

    @Test func everyBlankIsFound() {
        let blanks: [UInt32] =
            [0x09, 0x20, 0xA0, 0x1680] + Array(0x2000...0x200A) + [0x202F, 0x205F, 0x3000, 0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800]
        for value in blanks {
            let text = "a" + String(Unicode.Scalar(value)!) + String(Unicode.Scalar(value)!) + "b"
            #expect(TextControls.collapsingBlanks(text) == "a b", "U+\(String(value, radix: 16))")
        }
        // White space is blank but for the line breaks, which one-line text shows as `↵`.
        for value in UInt32(0)...0x3000 where Unicode.Scalar(value)?.properties.isWhitespace == true {
            #expect(TextControls.isBlank(value) != TextControls.isLineBreak(value), "U+\(String(value, radix: 16))")
        }
    }

    @Test func longFieldsAreCutWithAnEllipsis() {
        let long = String(repeating: "a", count: 150)
        #expect(TextControls.field(long) == String(repeating: "a", count: 99) + "…")
        #expect(TextControls.field(String(repeating: "a", count: 100)) == String(repeating: "a", count: 100))
        // Counted in characters, cut between two: a family emoji is one, never split.
        let families = String(repeating: "👩‍👩‍👧", count: 120)
        #expect(TextControls.field(families) == String(repeating: "👩‍👩‍👧", count: 99) + "…")
        #expect(TextControls.field(String(repeating: "é", count: 100)) == String(repeating: "é", count: 100))
        // Blanks collapse first: 250 spaces are one.
        #expect(TextControls.field("a" + String(repeating: " ", count: 250) + "b") == "a b")
        // The cut leaves no space before the ellipsis.
        #expect(TextControls.field(String(repeating: "abcd ", count: 30)) == String(repeating: "abcd ", count: 19) + "abcd…")
    }

    @Test func aCutFileNameKeepsItsExtension() {
        let name = String(repeating: "quarterly-report-", count: 12) + "final.pdf"
        let cut = TextControls.field(name)
        #expect(cut.count == TextControls.fieldLength)
        #expect(cut.hasSuffix("….pdf") && cut.hasPrefix("quarterly-report-quarterly"))
        #expect(TextControls.fileExtension(of: "a.tar.gz") == ".gz")
        #expect(TextControls.fileExtension(of: "photo.JPEG") == ".JPEG")
        for none in ["version 2.0", "no extension", "a.", "trailing.dot.", "x.abcdefghi", "café.pdf\u{301}"] {
            #expect(TextControls.fileExtension(of: none) == "", "\(none)")
        }
    }

    @Test func rightToLeftTextIsUntouched() {
        for text in ["ليلى حداد", "שלום עולם", "佐藤 陽翔"] {
            #expect(TerminalSanitizer.sanitize(text) == text)
            #expect(HTMLEscaping.escape(text) == text)
            #expect(Self.markdown(text) == text + "\n")
        }
    }
}
