import Foundation
import Testing

@testable import Scrollback

/// The byte-level fast paths must give exactly the answers of the general definitions.
@Suite struct FastPathEquivalenceTests {
    static let urlSamples: [String] = [
        "", " ", "\t\n", "https://example.com", " https://example.com ", "HTTPS://EXAMPLE.COM", "http://a?b=1&c=2",
        "javascript:alert(1)", "&#106;avascript:alert(1)", "jav&Tab;ascript:x", "http&colon;//x", "mailto:a@b",
        "tel:+123", "ftp://x", "//example.com", "/relative", "example.com", "h t t p://x", "http://a b",
        "http://x\u{7F}", "\u{7F}http://x\u{7F}", "\u{A0}https://x\u{A0}", "https://x\u{200B}", "\u{FEFF}https://x",
        "https://é.com", "é https://x", "https://x/é", "web+app://x", "+web:x", "1http://x", "https:", ":", "a:",
        "abcdefghijk:x", "httpsx://x", "http\u{0}://x", "http://x\u{85}", "\u{85}http://x", "http://x\u{2028}",
        "Hello world", "image/png", "https://getstream.io/random_png/?id=giulia&name=giulia", "&", "&amp;", "x&y:z",
        "http://x\u{9F}y", "ＨＴＴＰ://x", "https://x \u{301}", "\u{301}https://x",
    ]

    @Test func urlFastPathAgreesWithDefinition() {
        for sample in Self.urlSamples {
            #expect(URLPolicy.sanitize(sample) == URLPolicy.generalVerdict(sample), "\(sample.debugDescription)")
        }
    }

    @Test func urlFastPathAgreesOnRandomStrings() {
        let alphabet: [String] = [
            "h", "t", "p", "s", ":", "/", "&", "#", ";", " ", "\t", "\u{7F}", "\u{85}", "é",
            "\u{A0}", "1", "+", ".", "m", "a", "i", "l", "o", "x", "\u{200B}", "T", "&#58;", "\u{0}",
        ]
        var generator = SplitMix(seed: 7)
        for _ in 0..<20_000 {
            let length = Int(generator.next() % 12)
            let sample = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }.joined()
            #expect(URLPolicy.sanitize(sample) == URLPolicy.generalVerdict(sample), "\(sample.debugDescription)")
        }
    }

    /// Foundation's trimming of white space, with the fillers and zero-width spaces a field
    /// shows as a space or nothing trimmed too.
    @Test func visibleNameMatchesFoundationTrimming() {
        let names = [
            "", " ", "\t\n\r", "Giulia Rossi", " a ", "\u{A0}", "\u{A0}\u{2003}", "李雷", "\u{3000}李", "😀",
            "\u{85}", "\u{2028}", "\u{0}", "\u{200B}", "\u{FEFF}", "é", "\u{3164}", "\u{3164}\u{115F}\u{1160}\u{FFA0}",
            "\u{2800} \u{2060}", "\u{3164}김", "\u{200D}",
        ]
        let blanks = CharacterSet.whitespacesAndNewlines.union(
            CharacterSet(charactersIn: "\u{115F}\u{1160}\u{3164}\u{FFA0}\u{2800}\u{200B}\u{2060}\u{FEFF}\u{180E}"))
        for name in names {
            #expect(ChatUser.hasVisibleContent(name) == !name.trimmingCharacters(in: blanks).isEmpty, "\(name.debugDescription)")
        }
    }

    @Test func anchorsOfSafeAndUnsafeIds() {
        #expect(Anchor.forMessage(id: "b7115c02-f44d-4e40_878f") == "m-b7115c02-f44d-4e40_878f")
        #expect(Anchor.forMessage(id: "a.b@é") == "m-a.b@é")
        #expect(Anchor.forMessage(id: "a b.é") == "m_a%20b.é")
        #expect(Anchor.forMessage(id: "") == "m_")
        // The pieces HTML writes join to the same anchor.
        for id in ["b7115c02-f44d-4e40_878f", "a.b@é", "a b.é", "", "<\"&'>", "m-", "%41"] {
            let (head, tail) = Anchor.forMessageInPieces(id: id)
            #expect(head + tail == Anchor.forMessage(id: id), "\(id.debugDescription)")
        }
    }

    @Test func overlongWordsBreakByColumnsAcrossStylesAndWideCharacters() {
        let lines = TextWrapper(width: 20).wrap("https://例え.jp/" + String(repeating: "a", count: 30))
        #expect(
            lines.map(\.plainText) == [
                "https://例え", ".jp/" + String(repeating: "a", count: 16),
                String(repeating: "a", count: 14),
            ])
        #expect(lines.map(\.width) == [12, 20, 14])

        let bold = SGRStyle(bold: true)
        let styled = TextWrapper(width: 10).wrap([
            StyledSpan(String(repeating: "x", count: 15)),
            StyledSpan(String(repeating: "y", count: 15), style: bold),
        ])
        #expect(styled.map(\.plainText) == ["xxxxxxxxxx", "xxxxxyyyyy", "yyyyyyyyyy"])
        #expect(styled[1].spans == [StyledSpan("xxxxx"), StyledSpan("yyyyy", style: bold)])
    }

    @Test func repeatedTextMatchesRepeating() {
        // Spaces up to 255 are made once and shared; more are made each time.
        for count in [-1, 0, 1, 7, 15, 16, 100, 255, 256, 300] {
            #expect(RepeatedText.string("─", count: count) == String(repeating: "─", count: max(0, count)))
            #expect(RepeatedText.spaces(count) == String(repeating: " ", count: max(0, count)))
        }
    }

    /// The definition of the quote excerpt, on Characters, to hold the byte version to.
    private static func referenceShortened(_ text: String, lines: Int, characters: Int) -> String {
        let allLines = text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline)
        let kept = allLines.prefix(lines).joined(separator: " ")
        guard kept.count > characters || allLines.count > lines else { return kept }
        return String(kept.prefix(characters)).trimmingCharacters(in: .whitespaces) + "…"
    }

    @Test func quoteExcerptMatchesDefinition() {
        let samples = [
            "", "\n\n", "one", "one\ntwo\nthree\nfour", "a\n\n\nb\n", " lead\t\ntrail  ",
            String(repeating: "word ", count: 60), "x\r\ny\nz\nw", "café\nau\nlait\nnoir",
            String(repeating: "ab\t ", count: 70) + "\nend", "x\ry\u{0B}z\u{0C}w", "x\u{2028}y\u{2029}z\u{85}w",
            // Past ASCII: line breaks beside combining marks, CR LF, emoji and scripts of every width.
            "e\u{301}\n\u{301}x\r\n\r\nÿ", "👍🏽\n\n👨‍👩‍👧\r\n日本語\u{2028}\u{2029}한국어\nend", "é\r",
            String(repeating: "Ω ", count: 120) + "\nlast", "\u{85}\u{85}ß\u{2029}",
        ]
        for sample in samples {
            for (lines, characters) in [(3, 200), (1, 5), (2, 12), (0, 3)] {
                #expect(
                    DefaultViews.shortened(sample, lines: lines, characters: characters)
                        == Self.referenceShortened(sample, lines: lines, characters: characters),
                    "\(sample.debugDescription) \(lines) \(characters)")
            }
        }
    }

    @Test func markdownShowsControlsButKeepsTypographicPunctuation() {
        let text = "a’b—c…\u{202A}d\u{85}e\u{7F}f\u{2069}g\u{2028}h\u{1}i"
        let output = CommonMark.renderCommonMark([.paragraph([.text(text)])])
        #expect(output == "a’b—c…⟨U+202A⟩d⟨U+0085⟩e\u{2421}f⟨U+2069⟩g\u{2028}h\u{2401}i\n")
        let plain = CommonMark.renderCommonMark([.paragraph([.text("it’s — fine…")])])
        #expect(plain == "it’s — fine…\n")
    }
}
