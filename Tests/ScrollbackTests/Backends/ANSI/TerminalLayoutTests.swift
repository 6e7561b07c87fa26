import Foundation
import Testing

@testable import Scrollback

/// Issue 13's layout items: emoji widths terminals agree on, URL references, wrapping,
/// channel dividers and the compact style.
@Suite struct TerminalLayoutTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000)

    func render(_ views: [ViewNode], width: Int = 60, configure: (inout RenderOptions) -> Void = { _ in }) -> String {
        var options = RenderOptions()
        options.ansi.width = width
        configure(&options)
        var backend = ANSIBackend(output: "", options: options)
        for view in views { backend.write(view) }
        return backend.output
    }

    func message(_ body: [ViewNode], footer: [ViewNode] = [], role: Role = .bubble) -> ViewNode {
        .message(
            MessageFrame(
                id: "m", role: role, header: [.text("Maya Okafor", .author), .time(start, label: "09:31")], body: body,
                footer: footer))
    }

    /// A row's children stand one space apart; a child that draws nothing in a terminal (an
    /// empty view, a stack of such) leaves no second space, at the start, between or at the end.
    @Test func aRowSkipsTheSpaceOfAChildThatDrawsNothing() {
        func footer(_ children: [ViewNode]) -> String {
            let output = render([message([.text("Hello")], footer: children)], width: 60) { $0.ansi.colorDepth = .none }
            return output.split(separator: "\n").first { $0.contains("Seen") }.map(String.init) ?? output
        }
        let nothing = ViewNode.stack(.horizontal, [.empty, .empty])
        let plain = footer([.text("09:31", .muted), .text("Seen", .muted), .text("Edited", .muted)])
        #expect(plain.contains("09:31 Seen Edited"))
        #expect(
            footer([nothing, .text("09:31", .muted), .empty, .text("Seen", .muted), nothing, .text("Edited", .muted), .empty]) == plain)
    }

    // MARK: Item 13: emoji widths

    @Test func emojiSelectorsAfterTextCharactersAreDropped() {
        #expect(DisplayWidth.withoutAmbiguousEmojiSelectors("Morning ☀️ ok ⚠️ ❤️") == "Morning ☀ ok ⚠ ❤")
        #expect(DisplayWidth.withoutAmbiguousEmojiSelectors("🗳️ vote") == "🗳 vote")
        // Emoji wide on their own, keycaps and ZWJ sequences stay as they are.
        for kept in ["😂", "📷\u{FE0F}", "1️⃣", "🏳️‍🌈", "❤️‍🔥", "plain text", "e\u{301}"] {
            #expect(DisplayWidth.withoutAmbiguousEmojiSelectors(kept) == kept)
        }
        // Many in one text, between others that stay.
        let many = String(repeating: "❤️ 😂 ", count: 5_000)
        #expect(DisplayWidth.withoutAmbiguousEmojiSelectors(many) == String(repeating: "❤ 😂 ", count: 5_000))
    }

    /// Only the stretch around the selectors is walked a character at a time: the text as a
    /// whole comes out as each of its characters would alone, whatever stands beside the
    /// selectors (combining marks, a CR and its LF, a prefix such as U+0600 before a digit).
    @Test func selectorsAreDroppedCharacterByCharacterWhateverSurroundsThem() {
        let pieces = [
            "a", "1", " ", "\r\n", "\r", "\n", "❤️", "☀️", "😂", "1️⃣", "#️⃣", "👍🏽", "🏳️‍🌈", "❤️‍🔥", "e\u{301}", "\u{301}",
            "\u{600}", "\u{FE0F}", "한", "🇫🇷", "\u{200D}",
        ]
        var random = XorShift(seed: 42)
        for _ in 0..<2_000 {
            let text = (0..<(1 + random.next(12))).map { _ in pieces[random.next(pieces.count)] }.joined()
            let oneByOne = text.map { DisplayWidth.withoutAmbiguousEmojiSelectors(String($0)) }.joined()
            #expect(DisplayWidth.withoutAmbiguousEmojiSelectors(text) == oneByOne, "\(text.unicodeScalars.map(\.value))")
        }
    }

    @Test func bordersAroundSelectorEmojiLineUp() {
        let output = render(
            [message([.text("Morning all ☀️ and ⚠️ careful")], footer: [.text("[❤️ 3] [😮 1]", .muted)])], width: 40)
        #expect(!output.unicodeScalars.contains("\u{FE0F}"))
        #expect(output.contains("☀ and ⚠ careful") && output.contains("[❤ 3]"))
        let bubble = output.split(separator: "\n").filter { $0.hasPrefix("│") || $0.hasPrefix("╭") || $0.hasPrefix("╰") }
        #expect(bubble.count >= 4)
        #expect(Set(bubble.map { DisplayWidth.of($0) }).count == 1, "every line of the bubble ends in one column")
    }

    @Test func disputedEmojiSequencesLeaveTheirLineWithoutARightBorder() {
        for sequence in ["👍🏽", "1️⃣", "🏳️‍🌈", "❤️‍🔥", "👩🏽‍💻", "👨‍👩‍👧"] {
            #expect(DisplayWidth.isAmbiguous(Character(sequence)), "\(sequence)")
        }
        for agreed in ["😂", "🇫🇷", "a", "e\u{301}", "❤", "漢"] { #expect(!DisplayWidth.isAmbiguous(Character(agreed)), "\(agreed)") }
        let card = ViewNode.card(.attachment, [.text("ok"), .text("skin 👍🏽 tone")])
        let lines = render([message([.text("plain line"), .text("thumbs 👍🏽"), card])], width: 40).split(separator: "\n").map(String.init)
        #expect(lines.contains("│ thumbs 👍🏽"), "no padding, no border")
        #expect(lines.contains("│ │ skin 👍🏽 tone"), "nor the outer box's")
        let bordered = lines.filter { $0.hasSuffix("│") || $0.hasSuffix("╮") || $0.hasSuffix("╯") }
        #expect(bordered.contains("│ plain line       │"))
        #expect(Set(bordered.filter { $0.hasPrefix("│ plain") || $0.hasPrefix("╭─") }.map { DisplayWidth.of($0) }).count == 1)
    }

    @Test func boxesOfEveryWidthGetTheirEdges() {
        // Edges up to 255 columns are kept from box to box, wider ones built each time: both
        // close the box where its lines end, the second box of a width as the first.
        for textWidth in [3, 250, 254, 300, 700] {
            let card = ViewNode.card(.attachment, [.text(String(repeating: "x", count: textWidth))])
            let edge = String(repeating: "─", count: textWidth + 2)
            let box = ["╭\(edge)╮", "│ \(String(repeating: "x", count: textWidth)) │", "╰\(edge)╯"]
            #expect(render([card, card], width: 1000).split(separator: "\n").map(String.init) == box + box, "\(textWidth)")
        }
    }

    // MARK: Item 12: URL references

    var linkMessage: ViewNode {
        let signed = "https://cdn.example.org/a/cat.jpg?Expires=1700000000&Signature=abcdefghijklmnopqrstuvwxyz0123456789"
        return message([
            .markdown(
                MarkdownDocument(blocks: [
                    .paragraph([
                        .text("See "),
                        .link(destination: "https://docs.example.org/launch/checklist", title: "", children: [.text("the doc")]),
                        .text(" and "),
                        .link(destination: "https://docs.example.org/launch/checklist", title: "", children: [.text("again")]),
                        .text("."),
                    ])
                ])),
            .image(ViewNode.ImageContent(source: signed, alt: "cat.jpg")),
            .link(destination: "mailto:maya@example.org", label: .text("Mail")),
        ])
    }

    @Test func linksShowTheirHostAndListURLsAfterTheMessage() {
        let output = render([linkMessage], width: 80)
        #expect(output.contains("See the doc <docs.example.org>[1] and again <docs.example.org>[1]."), "one URL, one number")
        #expect(output.contains("📷 cat.jpg <cdn.example.org>[2]"))
        #expect(output.contains("Mail <mailto:maya@example.org>"), "no host: the URL in place")
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let bottom = lines.firstIndex { $0.hasPrefix("╰") }!
        #expect(lines[bottom + 1] == "  [1] https://docs.example.org/launch/checklist")
        #expect(lines[bottom + 2] == "  [2] https://cdn.example.org/a/cat.jpg?…", "a signature is no use to a reader")
        #expect(lines[bottom + 3] == "")
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 80 })
        #expect(!output.contains("[3]"))
    }

    /// Numbers come from a table, not a search of the list: a message of thousands of links
    /// (the pathological corpus has 100,000 images) numbers each repeat like its first.
    @Test func manyLinksKeepOneNumberPerURL() {
        let links = (0..<3000).map { index -> ViewNode in
            // Every third link repeats the one before the previous.
            let page = index % 3 == 2 ? index - 2 : index
            return .link(destination: "https://docs.example.org/\(page)", label: .text("p\(index)"))
        }
        let output = render([message(links)], width: 80)
        #expect(output.contains("p0 <docs.example.org>[1]"))
        #expect(output.contains("p2 <docs.example.org>[1]"), "a repeat takes its first number")
        #expect(output.contains("p2999 <docs.example.org>[1999]"))
        #expect(output.contains("p2998 <docs.example.org>[2000]"))
        #expect(output.contains("[2000] https://docs.example.org/2998\n"))
        #expect(!output.contains("[2001]"))
    }

    @Test func fullURLsKeepTheOldLayout() {
        let output = render([linkMessage], width: 120) { $0.ansi.urls = .full }
        #expect(output.contains("the doc <https://docs.example.org/launch/checklist>"))
        #expect(!output.contains("[1]"))
    }

    @Test func hyperlinksMakeHostsClickableWithoutAList() {
        let output = render([linkMessage], width: 120) { $0.ansi.hyperlinks = true }
        #expect(output.contains("\u{1B}]8;;https://docs.example.org/launch/checklist\u{1B}\\ <docs.example.org>\u{1B}]8;;\u{1B}\\"))
        #expect(output.contains("<cdn.example.org>"))
        #expect(!output.contains("[1]") && !output.contains("<https://cdn"))
        let full = render([linkMessage], width: 120) {
            $0.ansi.hyperlinks = true; $0.ansi.urls = .full
        }
        #expect(full.contains("\u{1B}\\ <https://docs.example.org/launch/checklist>\u{1B}]8;;\u{1B}\\"), "whole URLs, clickable")
    }

    @Test func hostileURLsStayRefusedAndDefused() {
        let output = render(
            [
                message([
                    .link(destination: "javascript:alert(1)", label: .text("evil")),
                    .link(destination: "https://ok.example/\u{202E}gpj.exe", label: .text("bidi")),
                    .image(ViewNode.ImageContent(source: "https://x.example/\u{1B}]0;pwned\u{07}", alt: "esc")),
                ])
            ], width: 80)
        #expect(!output.contains("javascript") && !output.contains("\u{1B}") && !output.contains("\u{202E}"))
        #expect(output.contains("bidi <ok.example>[1]"))
        // The URL as written out, its bidi control percent-encoded by URLPolicy.
        #expect(output.contains("[1] https://ok.example/%E2%80%AEgpj.exe"))
    }

    // MARK: Item 14: wrapping

    @Test func closingPunctuationStaysWithItsWord() {
        let wrapper = TextWrapper(width: 10)
        #expect(wrapper.wrap("abcdefghij.").map(\.plainText) == ["abcdefghi", "j."])
        #expect(wrapper.wrap("x <abcdefghijklmnop>. Next").map(\.plainText) == ["x", "<abcdefghi", "jklmnop>.", "Next"])
        // The closing `>` of a URL in its own span (as the layout writes it) stays on the URL's line.
        let spans = [StyledSpan("<https://ex.org/abcde"), StyledSpan(">", style: SGRStyle(bold: true)), StyledSpan(".")]
        let lines = TextWrapper(width: 21).wrap(spans).map(\.plainText)
        #expect(lines == ["<https://ex.org/abcd", "e>."])
        for width in 8...30 {
            for line in TextWrapper(width: width).wrap("See <https://docs.example.org/launch/checklist>. Please add, (now).").dropFirst() {
                #expect(!(line.plainText.first.map { ".,;:!?)]}>".contains($0) } ?? false), "width \(width): \(line.plainText)")
                #expect(line.width <= width)
            }
        }
        // A word of punctuation only still breaks.
        #expect(TextWrapper(width: 4).wrap("......").map(\.plainText) == ["....", ".."])
        // Wide closing punctuation stays with the character before it; an opening bracket does not.
        for mark in "、。，．：；？！）」』】〕〉》｝］〟ー・" {
            #expect(TextWrapper(width: 4).wrap("漢字\(mark)").map(\.plainText) == ["漢", "字\(mark)"], "\(mark)")
        }
        #expect(TextWrapper(width: 4).wrap("漢字「").map(\.plainText) == ["漢字", "「"])
    }

    @Test func brokenCodeLinesEndInAMarker() {
        let code = markdownMessage(.codeBlock(info: "", code: "let value = compute(alpha, beta, gamma) + 1\nshort\n"))
        let output = render([code], width: 30)
        let lines = output.split(separator: "\n").map(String.init)
        #expect(lines.contains("│ │ let value = compute(alp↩ │"))
        #expect(lines.contains("│ │ ha, beta, gamma) + 1     │"))
        #expect(lines.contains("│ │ short                    │"))
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 30 })
    }

    func markdownMessage(_ blocks: MarkdownBlock...) -> ViewNode { message([.markdown(MarkdownDocument(blocks: blocks))]) }

    @Test func bubblesStopAtAHundredColumns() {
        let long = String(repeating: "word ", count: 80)
        let lines = render([message([.text(long)])], width: 200).split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("│") }.allSatisfy { (90...100).contains(DisplayWidth.of($0)) })
        let own = render([message([.text(long)], role: .ownBubble)], width: 200).split(separator: "\n").map(String.init)
        let bubble = own.filter { $0.hasSuffix("│") }
        #expect(!bubble.isEmpty && bubble.allSatisfy { DisplayWidth.of($0) == 200 && $0.hasPrefix(String(repeating: " ", count: 100)) })
    }

    // MARK: Compact style

    @Test func compactShowsOneLinePerMessage() {
        let frame = MessageFrame(
            id: "m", role: .bubble, header: [.text("Maya Okafor", .author)],
            body: [
                .image(ViewNode.ImageContent(source: "https://cdn.example.org/cat.jpg?Signature=x", alt: "cat.jpg")),
                .text("Look at\nthis one"),
                .link(destination: "https://docs.example.org/a/b", label: .text("the doc")),
                .stack(.horizontal, [.badge("❤️ 2"), .badge("👍 1")], .footer),
            ],
            footer: [.time(start, label: "22:13")], authorName: "Maya Okafor", date: start)
        let system = MessageFrame(id: "s", role: .system, body: [.text("Maya joined")], date: start)
        let views: [ViewNode] = [.message(frame), .divider(label: "Tuesday"), .message(system)]
        let output = render(views, width: 120) { $0.ansi.style = .compact }
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4 && lines[3].isEmpty)
        #expect(lines[0] == "22:13 Maya Okafor: [Photo: cat.jpg] Look at this one the doc <docs.example.org> (❤ 2) (👍 1)")
        #expect(
            lines[1].hasPrefix("────") && lines[1].contains(" Tuesday ") && DisplayWidth.of(lines[1]) == 120)
        #expect(lines[2] == "22:13 Maya joined", "no author for system messages")
        let full = render([.message(frame)], width: 120) {
            $0.ansi.style = .compact; $0.ansi.urls = .full
        }
        #expect(full.contains("the doc <https://docs.example.org/a/b>"))
        let narrow = render([.message(frame)], width: 40) { $0.ansi.style = .compact }
        #expect(narrow == "22:13 Maya Okafor: [Photo: cat.jpg]…\n")
    }

    @Test func compactRendersSamplesOneLineEach() throws {
        var options = RenderOptions()
        options.ansi.width = 100
        options.ansi.style = .compact
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../../../Samples/transcripts/launch-room.json"
        ).standardized.path
        var reader = TranscriptReader(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        var backend = OutputFormat.ansi.makeBackend(output: "", options: options)
        _ = try TranscriptRenderer(options: options).render(&reader, to: &backend)
        let lines = backend.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.contains("08:01 Maya Okafor: Morning all ☀ Launch checklist for Thursday is in the doc:…"))
        #expect(lines.contains { $0.hasPrefix("08:20 Teo Lindqvist: Message deleted") })
        #expect(lines.filter { $0.range(of: #"^\d\d:\d\d "#, options: .regularExpression) != nil }.count == 15, "15 messages")
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 100 })
    }
}
