import Foundation
import Testing

@testable import Scrollback

@Suite struct ANSIBackendTests {
    static let hostile =
        "\u{1B}[2J\u{1B}]0;pwned\u{07}\u{1B}]52;c;ZXZpbA==\u{07}\u{1B}]8;;https://evil.example\u{1B}\\click"
        + "\u{1B}]8;;\u{1B}\\\u{1B}P1$qm\u{1B}\\\u{9B}31m\u{202E}txt.exe\rX\u{08}\u{07}\u{00}\u{7F}\u{1B}_apc\u{1B}\\"

    let start = Date(timeIntervalSince1970: 1_700_000_000) // 2023-11-14 22:13:20 UTC

    private func render(
        _ views: [ViewNode], width: Int = 80, depth: ANSIOptions.ColorDepth = .none, title: String = "General",
        options: RenderOptions? = nil
    ) -> String {
        var renderOptions = options ?? RenderOptions()
        renderOptions.ansi.width = width
        renderOptions.ansi.colorDepth = depth
        var backend = ANSIBackend(output: "", options: renderOptions)
        backend.begin(DocumentInfo(title: title), options: renderOptions)
        for view in views { backend.write(view) }
        backend.end(
            DocumentSummary(
                messageCount: views.count, firstDate: start, lastDate: start.addingTimeInterval(90_000),
                timeZoneIdentifier: renderOptions.timeZone.identifier, generator: "Scrollback"),
            options: renderOptions)
        return backend.output
    }

    private func message(
        _ id: String, author: String = "Alice", text: String, role: Role = .bubble,
        footer: [ViewNode] = []
    ) -> ViewNode {
        .message(
            MessageFrame(
                id: id, role: role,
                header: [.text(author, .author), .time(start, label: "10:42")],
                body: [.text(text)], footer: footer))
    }

    private func markdown(_ blocks: MarkdownBlock...) -> ViewNode { .markdown(MarkdownDocument(blocks: blocks)) }

    /// Every view kind, each carrying hostile text where message data can go.
    private var hostileViews: [ViewNode] {
        let h = Self.hostile
        return [
            .divider(label: h),
            .heading(level: 1, h),
            .message(
                MessageFrame(
                    id: h, role: .bubble,
                    header: [.text(h, .author), .time(start, label: h), .badge(h)],
                    body: [
                        .text(h),
                        markdown(
                            .paragraph([
                                .text(h), .code(h), .emphasis([.text(h)]), .strong([.text(h)]),
                                .link(destination: "https://ok.example/\(h)", title: h, children: [.text(h)]),
                                .mention(userID: h, text: h), .html(h), .lineBreak,
                                .image(source: h, title: h, alt: [.text(h)]),
                            ]),
                            .heading(level: 2, [.text(h)]), .blockQuote([.paragraph([.text(h)])]),
                            .list(start: nil, tight: true, items: [[.paragraph([.text(h)])]]),
                            .codeBlock(info: h, code: h), .htmlBlock(h)),
                        .card(.attachment, [.text(h), .fields([.init(h, .text(h))])]),
                        .quote(anchor: h, [.text(h)]),
                        .link(destination: h, label: .text(h)),
                        .image(ViewNode.ImageContent(source: h, alt: h)),
                        .icon(name: Theme.Icon(rawValue: h), label: h),
                        .stack(.horizontal, [.text(h), .badge(h)]),
                    ],
                    footer: [.text(h), .badge(h)])),
            .message(MessageFrame(id: "s", role: .system, body: [.text(h)])),
        ]
    }

    private func assertNoForeignControls(_ output: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let stripped = strippingSGR(output)
        #expect(!stripped.contains("\u{1B}"), sourceLocation: sourceLocation)
        #expect(!containsTerminalControl(stripped), sourceLocation: sourceLocation)
        for scalar in ["\u{202E}", "\u{9B}", "\r", "\u{07}", "\u{08}", "\u{00}"] as [Unicode.Scalar] {
            #expect(!output.unicodeScalars.contains(scalar), sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: ANSIOptions.ColorDepth.allCases)
    func hostileInputIsShownVisibly(depth: ANSIOptions.ColorDepth) {
        let output = render(hostileViews, depth: depth, title: Self.hostile)
        assertNoForeignControls(output)
        #expect(output.contains("␛[2J"))
        #expect(output.contains("␛]0;pwned␇"))
        #expect(output.contains("␛]52;c;ZXZpbA==␇"))
        #expect(output.contains("⟨U+009B⟩31m"))
        #expect(output.contains("⟨U+202E⟩txt.exe␍X␈␇␀␡"))
        // The only escapes are Scrollback's own SGR, each reset before the end of its line.
        for line in output.split(separator: "\n") {
            guard let lastEscape = line.range(of: "\u{1B}[", options: .backwards) else { continue }
            #expect(line[lastEscape.lowerBound...].hasPrefix(SGRStyle.reset))
        }
    }

    @Test func noColorMeansNoEscapeByte() {
        let output = render(hostileViews + [message("1", text: "plain")], depth: .none)
        #expect(!output.utf8.contains(0x1B))
        let rawAnsi = ViewNode.raw(ViewNode.RawOutput([.ansi: "\u{1B}[31mtrusted\u{1B}[0m"], fallback: .text("fallback")))
        let withRaw = render([rawAnsi], depth: .none)
        #expect(!withRaw.utf8.contains(0x1B))
        #expect(withRaw.contains("fallback"))
        #expect(render([rawAnsi], depth: .ansi256).contains("\u{1B}[31mtrusted\u{1B}[0m"))
    }

    @Test(arguments: [20, 40, 80])
    func linesNeverExceedTheWidth(width: Int) {
        let long = TextWrapperTests.mixed + " " + TextWrapperTests.prose
        let views: [ViewNode] = [
            .divider(label: "Tuesday, 14 November 2023 and a very long label indeed"),
            message(
                "1", author: "A person with a very long display name 長い名前", text: long,
                footer: [.icon(name: .edited, label: "Edited"), .text("Edited"), .badge("👍 3")]),
            .message(
                MessageFrame(
                    id: "2", role: .bubble, header: [.text("Bob", .author)],
                    body: [
                        markdown(
                            .paragraph([.text(long)]), .blockQuote([.blockQuote([.paragraph([.text(long)])])]),
                            .list(start: 9, tight: false, items: [[.paragraph([.text(long)])], [.paragraph([.text("x")])]]),
                            .codeBlock(info: "", code: "let value = \"" + long + "\"\n")),
                        .card(
                            .attachment,
                            [
                                .text(long),
                                .fields([
                                    .init("Title", .text(long)),
                                    .init("Nested", .fields([.init("Inner", .text(long))])),
                                ]),
                            ]),
                        .quote(anchor: nil, [.quote(anchor: nil, [.quote(anchor: nil, [.text(long)])])]),
                    ])),
            .message(MessageFrame(id: "3", role: .deleted, body: [.text("Message deleted " + long)])),
        ]
        for depth in [ANSIOptions.ColorDepth.none, .trueColor] {
            let output = render(views, width: width, depth: depth, title: long)
            for line in strippingSGR(output).split(separator: "\n") {
                #expect(DisplayWidth.of(line) <= width, "\(width): \(line)")
                #expect(!line.hasSuffix(" "), "trailing space: \(line)")
            }
        }
    }

    @Test func deepNestingStaysWithinTheWidth() {
        var block = MarkdownBlock.paragraph([.text("deep words " + String(repeating: "x", count: 30))])
        for _ in 0..<40 { block = .blockQuote([block]) }
        var view = ViewNode.text("deep card text")
        for _ in 0..<20 { view = .card(.attachment, [view]) }
        let output = render([markdown(block), view], width: 20)
        for line in output.split(separator: "\n") { #expect(DisplayWidth.of(line) <= 20, "\(line)") }
        #expect(output.contains("deep"))
    }

    @Test func documentFrame() {
        var options = RenderOptions()
        options.timeZone = TimeZone(identifier: "Europe/Paris")!
        let output = render([message("1", text: "hi"), message("2", text: "there")], width: 30, options: options)
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "General")
        // The rule under the title, marked as a divider for `--navigate`.
        #expect(lines[1] == String(repeating: "─", count: 30))
        #expect(lines[2] == "")
        #expect(lines[3] == "Alice 10:42")
        #expect(lines[4] == "╭────╮") // the body in a bubble, rounded as the theme's are
        #expect(lines[5] == "│ hi │")
        #expect(lines[6] == "╰────╯")
        #expect(lines[7] == "") // a blank line between messages
        #expect(lines[8] == "Alice 10:42")
        #expect(output.hasSuffix("\n"))
        let summary = lines.suffix(5).joined(separator: " ")
        #expect(summary.contains("2 messages"))
        #expect(summary.contains("2023-11-14 23:13"))
        #expect(summary.contains("2023-11-16 00:13"))
        #expect(summary.contains("Europe/Paris"))
        #expect(summary.contains(" · "))
        #expect(summary.contains("2023-11-16 00:13 Europe/Paris · Scrollback"))
    }

    @Test func widthIsClampedToTwenty() {
        let output = render([.divider(label: nil)], width: 5)
        #expect(output.contains("\n" + String(repeating: "─", count: 20) + "\n"))
    }

    @Test func messageParts() {
        let view = message("1", text: "body", footer: [.text("Edited"), .badge("👍 2")])
        let lines = render([view]).split(separator: "\n").map(String.init)
        #expect(lines.contains("Alice 10:42"))
        #expect(lines.contains("│ body          │"))
        #expect(lines.contains("│ Edited [👍 2] │"))
        let styled = render([view], depth: .trueColor)
        #expect(styled.contains("\u{1B}[1mAlice\u{1B}[0m")) // author bold, the terminal's own colour
        #expect(styled.contains("38;2;163;167;174m10:42")) // time muted (dark textLowEmphasis)
    }

    @Test func systemMessagesAreCentred() {
        let output = render([.message(MessageFrame(id: "j", role: .system, body: [.text("Bob joined")]))], width: 40)
        #expect(output.contains("\n               Bob joined\n"))
    }

    @Test func dividerIsCentredAcrossTheWidth() {
        let lines = render([.divider(label: "Today")], width: 21).split(separator: "\n").map(String.init)
        #expect(lines.contains("─────── Today ───────"))
    }

    @Test func markdownLayout() {
        let view = markdown(
            .heading(level: 1, [.text("Title")]),
            .paragraph([
                .text("See "), .link(destination: "https://example.com/a", title: "", children: [.text("docs")]),
                .text(" and "), .link(destination: "https://example.com", title: "", children: [.text("https://example.com")]),
                .text(" and "), .link(destination: "javascript:alert(1)", title: "", children: [.text("bad")]),
                .text(" "), .mention(userID: "u", text: "@bob"), .text(" "), .code("x()"), .text(" "),
                .html("<b>"),
            ]),
            .blockQuote([.paragraph([.text("quoted")])]),
            .list(start: nil, tight: true, items: [[.paragraph([.text("one")])], [.paragraph([.text("two")])]]),
            .list(start: 9, tight: true, items: [[.paragraph([.text("nine")])], [.paragraph([.text("ten")])]]),
            .codeBlock(info: "swift", code: "let x = 1\n\tindented\n"),
            .thematicBreak)
        let lines = render([view], width: 80).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains("Title"))
        // The link's host in place and its URL listed after the item (a link outside any message).
        #expect(lines.contains("See docs <example.com>[1] and https://example.com and bad @bob x() <b>"))
        #expect(lines.contains("[1] https://example.com/a"))
        #expect(lines.contains("▎ quoted"))
        #expect(lines.contains("• one"))
        #expect(lines.contains("• two"))
        #expect(lines.contains(" 9. nine"))
        #expect(lines.contains("10. ten"))
        #expect(lines.contains("│ let x = 1"))
        // A tab reaches the first tab stop, eight columns into the code line.
        #expect(lines.contains("│         indented"))
        #expect(lines.contains(String(repeating: "─", count: 80)))
        #expect(!lines.joined().contains("javascript"))
        let styled = render([view], depth: .trueColor)
        #expect(styled.contains("\u{1B}[1mTitle\u{1B}[0m"))
        #expect(styled.contains("48;2;38;43;49mx()")) // code background, dark theme
    }

    @Test func listItemsHangUnderTheirMarker() {
        let view = markdown(
            .list(
                start: nil, tight: true,
                items: [[.paragraph([.text("alpha beta gamma delta epsilon zeta eta theta")])]]))
        let lines = render([view], width: 20).split(separator: "\n").map(String.init)
        #expect(lines.contains("• alpha beta gamma"))
        #expect(lines.contains("  delta epsilon zeta"))
    }

    @Test func cardsAreBoxedAndWidthCorrect() {
        let card = ViewNode.card(
            .attachment,
            [
                // 🎉 rather than a ZWJ sequence, whose line would be left open (no right border).
                .text("漢字 and 🎉 emoji"), .text("ok"),
                .fields([.init("Size", .text("2 MB"))]),
            ])
        let lines = render([card], width: 40).split(separator: "\n").map(String.init).filter {
            $0.hasPrefix("╭") || $0.hasPrefix("│") || $0.hasPrefix("╰")
        }
        #expect(lines.count == 5)
        let widths = Set(lines.map { DisplayWidth.of($0) })
        #expect(widths.count == 1)
        #expect(lines[1] == "│ 漢字 and 🎉 emoji │")
        #expect(lines[2] == "│ ok" + String(repeating: " ", count: 15) + " │")
        #expect(lines[3] == "│ Size: 2 MB" + String(repeating: " ", count: 7) + " │")
        #expect(lines[4].hasPrefix("╰─") && lines[4].hasSuffix("─╯"))
    }

    @Test func inlineViews() {
        let row = ViewNode.stack(
            .horizontal,
            [
                .icon(name: .file, label: "File"), .link(destination: "https://x.example/f.pdf", label: .text("f.pdf")),
                .badge("PDF"), .link(destination: "data:text/html,hi", label: .text("unsafe")),
                .image(ViewNode.ImageContent(source: "https://x.example/i.png", alt: "a cat")),
            ])
        let output = render(
            [
                row, .quote(anchor: "m-1", [.text("quoted text")]),
                .fields([.init("Outer", .fields([.init("Inner", .text("value"))]))]),
            ], width: 120)
        #expect(output.contains("📄 f.pdf <x.example>[1] [PDF] unsafe 📷 a cat <x.example>[2]"))
        #expect(output.contains("\n[1] https://x.example/f.pdf\n[2] https://x.example/i.png\n"))
        #expect(!output.contains("data:"))
        #expect(output.contains("\n▎ quoted text\n"))
        #expect(output.contains("\nOuter:\n  Inner: value\n"))
    }
}

@Suite struct OwnMessagesInTheTerminalTests {
    @Test func ownMessagesSitOnTheRightWithinTheWidth() {
        var options = RenderOptions()
        options.ansi.width = 40
        var backend = ANSIBackend(output: "", options: options)
        backend.write(
            .message(
                MessageFrame(
                    id: "1", role: .ownBubble, header: [.text("You", .author)],
                    body: [.text("short")], footer: [.time(Date(timeIntervalSince1970: 0), label: "09:00")])))
        backend.write(.message(MessageFrame(id: "2", role: .bubble, header: [.text("Ann", .author)], body: [.text("hello")])))
        let lines = backend.output.split(separator: "\n", omittingEmptySubsequences: false)
        // No "You" line, as in Stream's clients: the right-hand side says whose the bubble is.
        #expect(!backend.output.contains("You"))
        #expect(lines[0].hasSuffix("╮") && lines[0].hasPrefix(" ") && lines[1].hasSuffix("│ short │"))
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 40 && !$0.hasSuffix(" ") })
        #expect(lines.contains("Ann"), "others stay on the left")
    }
}
