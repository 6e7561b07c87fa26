import Foundation
import Testing

@testable import Scrollback

/// Removes Scrollback's SGR sequences (`ESC [ digits ; ... m`).
func strippingSGR(_ text: String) -> String {
    text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
}

@Suite struct TextWrapperTests {
    static let prose =
        "The quick brown fox jumps over the lazy dog, then naps in the sun while an extraordinarily "
        + "long-winded narrator keeps describing antidisestablishmentarianism at length."
    static let mixed =
        "Hello 世界! 日本語のテキストはスペースなしで折り返されます。👨‍👩‍👧‍👦 family 🇯🇵 flag 👍🏽 "
        + "keycap 1️⃣ heart ❤️ café naïve e\u{301}\u{302} 한국어 텍스트도 있습니다 ＦＵＬＬＷＩＤＴＨ"

    private func check(_ lines: [TextWrapper.Line], width: Int, sourceLine: SourceLocation = #_sourceLocation) {
        for line in lines {
            let text = line.plainText
            #expect(DisplayWidth.of(text) <= width, "too wide: \(text)", sourceLocation: sourceLine)
            #expect(DisplayWidth.of(text) == line.width, "width bookkeeping: \(text)", sourceLocation: sourceLine)
            #expect(!text.hasSuffix(" "), "trailing space: \(text)", sourceLocation: sourceLine)
            let rendered = strippingSGR(line.rendered(for: .trueColor))
            #expect(DisplayWidth.of(rendered) <= width, sourceLocation: sourceLine)
        }
    }

    @Test(arguments: [20, 40, 80])
    func proseStaysWithinWidthAndKeepsWords(width: Int) {
        let lines = TextWrapper(width: width).wrap(Self.prose)
        check(lines, width: width)
        #expect(lines.count > 1)
        let words = lines.flatMap { $0.plainText.split(separator: " ") }
        let original = Self.prose.split(separator: " ")
        // Only words longer than a line are split.
        #expect(words.joined() == original.joined())
        for word in original where word.count <= width { #expect(words.contains(word)) }
    }

    @Test(arguments: [20, 40, 80])
    func mixedScriptsNeverSplitClusters(width: Int) {
        let lines = TextWrapper(width: width).wrap(Self.mixed)
        check(lines, width: width)
        let clusters = Array(Self.mixed.filter { $0 != " " })
        let wrapped = Array(lines.map(\.plainText).joined().filter { $0 != " " })
        #expect(wrapped == clusters)
        for line in lines {
            for character in line.plainText { #expect(Self.mixed.contains(character)) }
        }
    }

    /// Indic, Thai and Khmer syllables two or more columns wide are parts of their words, not
    /// ideographs: lines break at the spaces, and each line is as wide as a terminal draws it.
    @Test(arguments: [16, 24, 40])
    func wideSyllablesOfOtherScriptsKeepTheirWords(width: Int) {
        let text = "नमस्ते क्षत्रिय संयुक्ताक्षर স্ত্র ক্ষমা கூட்டெழுத்து ప్రపంచం น้ำใจ ប្រទេសកម្ពុជា"
        let lines = TextWrapper(width: width).wrap(text)
        check(lines, width: width)
        let words = lines.flatMap { $0.plainText.split(separator: " ") }
        #expect(words == text.split(separator: " "))
    }

    /// A ZWJ outside an emoji sequence (Sinhala's ශ්‍රී) is drawn differently by tmux 3.3a,
    /// which joins the letter after it to the cell before: its line is marked, and a box
    /// leaves it without a right border.
    @Test func aJoinerInAnyScriptMarksItsLine() {
        let lines = TextWrapper(width: 40).wrap("ශ්\u{200D}රී ලංකාව\nශ්රී ලංකාව")
        #expect(lines.map(\.hasAmbiguousWidth) == [true, false])
    }

    @Test func cjkBreaksBetweenCharacters() {
        let text = String(repeating: "漢字かな", count: 10)
        let lines = TextWrapper(width: 21).wrap(text)
        check(lines, width: 21)
        #expect(lines.first?.width == 20)
        #expect(lines.map(\.plainText).joined() == text)
    }

    @Test func overlongWordsBreakHard() {
        let lines = TextWrapper(width: 20).wrap("go " + String(repeating: "a", count: 45) + " end")
        #expect(
            lines.map(\.plainText) == [
                "go", String(repeating: "a", count: 20), String(repeating: "a", count: 20),
                "aaaaa end",
            ])
    }

    @Test func prefixesEveryLine() {
        let bar = StyledSpan("▎ ", style: SGRStyle(dim: true))
        let lines = TextWrapper(width: 20, prefix: [bar]).wrap(Self.prose)
        check(lines, width: 20)
        for line in lines { #expect(line.plainText.hasPrefix("▎ ")) }
        let bullet = TextWrapper(width: 20, prefix: [StyledSpan("• ")], continuationPrefix: [StyledSpan("  ")])
            .wrap("one two three four five six seven eight")
        #expect(bullet.map(\.plainText) == ["• one two three four", "  five six seven", "  eight"])
    }

    @Test func keepsLeadingIndentation() {
        let lines = TextWrapper(width: 20).wrap("    indented words wrap under themselves\nflush")
        #expect(lines.map(\.plainText) == ["    indented words", "    wrap under", "    themselves", "flush"])
    }

    @Test func hardLineBreaksAndBlankLines() {
        let lines = TextWrapper(width: 20).wrap("one\n\ntwo   \nthree")
        #expect(lines.map(\.plainText) == ["one", "", "two", "three"])
        let prefixed = TextWrapper(width: 20, prefix: [StyledSpan("▎ ")]).wrap("a\n\nb")
        #expect(prefixed.map(\.plainText) == ["▎ a", "▎", "▎ b"])
    }

    @Test func stylesSurviveWrappingAndResetPerLine() {
        let bold = SGRStyle(bold: true)
        let spans = [
            StyledSpan("plain start "), StyledSpan("bold words that keep going across lines", style: bold),
            StyledSpan(" plain end"),
        ]
        let lines = TextWrapper(width: 20).wrap(spans)
        check(lines, width: 20)
        #expect(
            lines.flatMap(\.spans).filter { $0.style == bold }.map(\.text).joined(separator: " ")
                == "bold words that keep going across lines")
        for line in lines {
            let rendered = line.rendered(for: .ansi256)
            if line.spans.contains(where: { $0.style == bold }) { #expect(rendered.contains("\u{1B}[1m")) }
            if line.spans.last?.style == bold { #expect(rendered.hasSuffix(SGRStyle.reset)) }
            // Every opened style is closed on the same line.
            #expect(rendered.components(separatedBy: "\u{1B}[1m").count == rendered.components(separatedBy: SGRStyle.reset).count)
        }
        #expect(!lines.map { $0.rendered(for: .none) }.joined().contains("\u{1B}"))
    }

    @Test func characterModeKeepsSpacesAndBreaksAnywhere() {
        let code = "let   x = [1, 2, 3].map { $0 * 2 }\n\n    indented"
        let lines = TextWrapper(width: 20, prefix: [StyledSpan("│ ")], mode: .characters).wrap(code)
        check(lines, width: 20)
        #expect(lines.map(\.plainText) == ["│ let   x = [1, 2, 3", "│ ].map { $0 * 2 }", "│", "│     indented"])
    }

    /// Characters mode places a run of ASCII a line's worth at a time: the same lines as when
    /// every cluster comes in a span of its own, at every width, with and without a marker, a
    /// prefix wider than the room, and a combining mark after the run.
    @Test func characterModeRunsBreakAsClusterByCluster() {
        let text = "https://example.com/a/very/long/path?query=1&b=2#frag  x\n  y é\u{301}z 世界 end"
        let marker = StyledSpan("↩", style: SGRStyle(dim: true))
        for width in 1...40 {
            for breakMarker in [nil, marker] {
                for prefix in [[StyledSpan("│ ")], [StyledSpan(String(repeating: "p", count: 12))]] {
                    let wrapper = TextWrapper(width: width, prefix: prefix, mode: .characters, breakMarker: breakMarker)
                    let whole = wrapper.wrap(text)
                    let oneByOne = wrapper.wrap(text.map { StyledSpan(String($0)) })
                    #expect(whole == oneByOne, "width \(width)")
                }
            }
        }
    }

    @Test func combiningMarkAfterASCIIStaysWithItsLetter() {
        let lines = TextWrapper(width: 20).wrap("cafe\u{301} naı\u{308}ve abcdefghijklmnopqrs\u{301}tuv")
        #expect(lines.map(\.plainText) == ["cafe\u{301} naı\u{308}ve", "abcdefghijklmnopqrs\u{301}t", "uv"])
        #expect(lines.map(\.width) == [10, 20, 2])
    }

    @Test func emptyInputGivesOneEmptyLine() {
        #expect(TextWrapper(width: 20).wrap("").map(\.plainText) == [""])
    }
}

@Suite struct KinsokuTests {
    private func lines(_ text: String, width: Int) -> [String] {
        TextWrapper(width: width).wrap(text, style: .plain).map(\.plainText)
    }

    @Test func closingPunctuationNeverStartsALine() {
        // Three wide characters fill six columns; the full stop goes with the last of them.
        #expect(lines("あいう。", width: 6) == ["あい", "う。"])
        #expect(lines("東京、大阪」", width: 6) == ["東京、", "大阪」"])
        for width in 4...12 {
            for line in lines("会議室の予約はカレンダーからお願いします。中文也可以：我们下周见！", width: width) {
                #expect(!["。", "、", "：", "！"].contains(line.first.map(String.init) ?? ""), "\(width): \(line)")
            }
        }
    }

    @Test func latinAfterCJKStillBreaksBetweenThem() {
        #expect(lines("日本語Draft", width: 8) == ["日本語", "Draft"])
    }
}

/// Rows that fit on one line are placed whole (``TextWrapper/wrap(_:)``): the lines must be
/// those of the reading a cluster at a time, for every input, in every script.
@Suite struct TextWrapperOneLineTests {
    private static let pieces = [
        "a", "word", "Hello,", " ", "  ", "x.", "(b)", "", "é", "日本", "\n", "\t", "-", "[1]",
        // A combining mark after a letter and after a space, emoji of disputed width, closing
        // punctuation, a letter of a common script, a zero-width space and DEL.
        "e\u{301}", " \u{301}", "👍🏽", "❤️", "🦊", "。", "Мир", "\u{200B}", "\u{7F}",
    ]
    private static let styles = [SGRStyle.plain, SGRStyle(bold: true), SGRStyle(italic: true)]

    @Test func generatedRowsWrapAsClusterByCluster() {
        var random = SplitMix(seed: 28)
        func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
        var placedWhole = 0
        var placedWholeNotASCII = 0
        for _ in 0..<20_000 {
            let spans = (0..<(1 + Int(random.next() % 4))).map { _ in
                StyledSpan(
                    (0..<Int(random.next() % 5)).map { _ in pick(Self.pieces) }.joined(), style: pick(Self.styles),
                    link: random.next() % 5 == 0 ? "https://example.org" : nil)
            }
            let prefix = random.next() % 3 == 0 ? [StyledSpan("│ ", style: pick(Self.styles))] : []
            let wrapper = TextWrapper(
                width: 4 + Int(random.next() % 40), prefix: prefix, continuationPrefix: random.next() % 2 == 0 ? nil : [])
            let whole = wrapper.wrap(spans)
            #expect(whole == wrapper.wrapClusterByCluster(spans), "\(spans.map(\.text)) at \(wrapper.width)")
            if whole.count == 1 {
                if spans.allSatisfy({ $0.text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }) {
                    placedWhole += 1
                } else if spans.contains(where: { $0.text.utf8.contains { $0 >= 0x80 } }) {
                    placedWholeNotASCII += 1
                }
            }
        }
        #expect(placedWhole > 2_000, "\(placedWhole) rows of ASCII on one line")
        #expect(placedWholeNotASCII > 2_000, "\(placedWholeNotASCII) rows with other scripts on one line")
    }
}
