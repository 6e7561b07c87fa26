import Foundation
import Testing

@testable import Scrollback

@Suite struct MarkdownBackendTests {
    private func render(_ views: [ViewNode], options: RenderOptions = .default) -> String {
        var backend = MarkdownBackend(output: "", options: options)
        for view in views { backend.write(view) }
        return backend.output
    }

    private func parsed(_ views: [ViewNode]) -> [MarkdownBlock] {
        CommonMark.parse(render(views)).blocks
    }

    private func message(_ id: String = "1", header: [ViewNode] = [], body: [ViewNode], footer: [ViewNode] = [], role: Role = .bubble)
        -> ViewNode
    {
        .message(MessageFrame(id: id, role: role, header: header, body: body, footer: footer))
    }

    // MARK: Document

    @Test func beginWritesTheTitleAsAnEscapedHeading() {
        var backend = MarkdownBackend(output: "", options: .default)
        backend.begin(DocumentInfo(title: "#general [x](javascript:alert(1))"))
        #expect(backend.output.hasSuffix("\n\n"))
        #expect(CommonMark.parse(backend.output).blocks == [.heading(level: 1, [.text("#general [x](javascript:alert(1))")])])
    }

    @Test func endWritesARuleAndTheSummaryInTheTimeZone() throws {
        var options = RenderOptions.default
        options.timeZone = try #require(TimeZone(identifier: "Asia/Tokyo"))
        var backend = MarkdownBackend(output: "", options: options)
        backend.end(
            DocumentSummary(
                messageCount: 3, firstDate: Date(timeIntervalSince1970: 0),
                lastDate: Date(timeIntervalSince1970: 86_400 + 90), timeZoneIdentifier: "Asia/Tokyo",
                generator: "Scrollback 0.1.0"), options: options)
        #expect(
            CommonMark.parse(backend.output).blocks == [
                .thematicBreak,
                .paragraph([.emphasis([.text("3 messages · 1970-01-01 09:00 – 1970-01-02 09:01 Asia/Tokyo · Scrollback 0.1.0")])]),
            ])
        var single = MarkdownBackend(output: "", options: .default)
        single.end(DocumentSummary(messageCount: 1, firstDate: nil, lastDate: nil, timeZoneIdentifier: "UTC", generator: "g"))
        #expect(CommonMark.parse(single.output).blocks.last == .paragraph([.emphasis([.text("1 message · UTC · g")])]))
    }

    @Test func writesEachItemAsItComes() {
        var backend = MarkdownBackend(output: "", options: .default)
        backend.write(.divider(label: "Nov 28"))
        let afterFirst = backend.output
        #expect(afterFirst == "## Nov 28\n\n")
        backend.write(.divider(label: nil))
        #expect(backend.output.hasPrefix(afterFirst))
        #expect(CommonMark.parse(backend.output).blocks == [.heading(level: 2, [.text("Nov 28")]), .thematicBreak])
    }

    @Test func headingsKeepTheirLevel() {
        #expect(parsed([.heading(level: 3, "Thread"), .empty]) == [.heading(level: 3, [.text("Thread")])])
    }

    // MARK: Messages

    @Test func messageHasHeaderBodyAndFooter() {
        let view = message(
            header: [.text("Ann", .author), .time(Date(timeIntervalSince1970: 0), label: "10:42")],
            body: [.markdown(ChatMarkdown.parse("Hello **world**\n\n- a\n- b", mentionedUsers: []))],
            footer: [.text("10:42", .timestamp), .badge("Edited"), .text("❤️ 2")]
        )
        #expect(
            parsed([view]) == [
                .paragraph([.strong([.text("Ann")]), .text(" · 10:42")]),
                .paragraph([.text("Hello "), .strong([.text("world")])]),
                .list(start: nil, tight: true, items: [[.paragraph([.text("a")])], [.paragraph([.text("b")])]]),
                .paragraph([.emphasis([.text("10:42 · "), .code("Edited"), .text(" · ❤️ 2")])]),
            ])
    }

    /// A header's and footer's parts are joined with ` · ` whatever they nest: a part with
    /// nothing to show (an empty view, an avatar, a row of such) takes no separator, a row keeps
    /// its own spaces and its role's emphasis, and emphasis inside the footer's is dropped.
    @Test func emptyPartsTakeNoSeparatorAndRowsKeepTheirEmphasis() {
        let nothing = ViewNode.stack(.horizontal, [.empty, .avatar(ViewNode.AvatarContent(imageURL: nil, initials: "A", colorIndex: 0))])
        let view = message(
            header: [nothing, .text("Ann", .author), .empty, .stack(.horizontal, [.text("a"), .empty, .text("b")], .muted), nothing],
            body: [.text("Hi")],
            footer: [.empty, .text("10:42", .timestamp), nothing, .stack(.horizontal, [.text("x", .muted), .badge("B")]), .empty])
        #expect(
            parsed([view]) == [
                .paragraph([.strong([.text("Ann")]), .text(" · "), .emphasis([.text("a b")])]),
                .paragraph([.text("Hi")]),
                .paragraph([.emphasis([.text("10:42 · x "), .code("B")])]),
            ])
    }

    @Test func systemAndDeletedMessagesAreOneEmphasisedLine() {
        let system = message(body: [.text("Ann joined", .system)], footer: [.text("10:00", .timestamp)], role: .system)
        let deleted = message("2", header: [.text("Bob", .author)], body: [.text("Message deleted", .deleted)], role: .deleted)
        #expect(
            parsed([system, deleted]) == [
                .paragraph([.emphasis([.text("Ann joined · 10:00")])]),
                .paragraph([.emphasis([.strong([.text("Bob")]), .text(" · Message deleted")])]),
            ])
    }

    @Test func rolesMapToEmphasisStrongAndCode() {
        let row = ViewNode.stack(
            .horizontal,
            [
                .text("s", .strong), .text("t", .title), .text("@m", .mention), .text("l", .label), .text("e", .emphasis),
                .text("c", .code), .text("plain"),
            ])
        #expect(
            parsed([row]) == [
                .paragraph([
                    .strong([.text("s")]), .text(" "), .strong([.text("t")]), .text(" "), .strong([.text("@m")]), .text(" "),
                    .emphasis([.text("l")]), .text(" "), .emphasis([.text("e")]), .text(" "), .code("c"), .text(" plain"),
                ])
            ])
    }

    @Test func attachmentsIconsBadgesAndImages() {
        let card = ViewNode.card(
            .attachment,
            [
                .stack(
                    .horizontal,
                    [
                        .icon(name: .file, label: "File"), .link(destination: "https://f.example/a.pdf", label: .text("a.pdf")),
                        .badge("1.2 MB"),
                    ]),
                .image(ViewNode.ImageContent(source: "https://i.example/p.png", alt: "Sunset")),
                .image(ViewNode.ImageContent(source: "javascript:alert(1)", alt: "")),
            ])
        #expect(
            parsed([message(body: [card])]) == [
                .blockQuote([
                    .paragraph([
                        .text("📄 "), .link(destination: "https://f.example/a.pdf", title: "", children: [.text("a.pdf")]),
                        .text(" "), .code("1.2 MB"),
                    ]),
                    .paragraph([.link(destination: "https://i.example/p.png", title: "", children: [.text("🖼 Sunset")])]),
                    .paragraph([.text("🖼 image")]),
                ])
            ])
    }

    @Test func fieldsBecomeNestedBulletLists() {
        let fields = ViewNode.fields([
            ViewNode.Field("Name", .text("Ada")),
            ViewNode.Field("Address", .fields([ViewNode.Field("City", .text("London"))])),
        ])
        #expect(
            parsed([fields]) == [
                .list(
                    start: nil, tight: true,
                    items: [
                        [.paragraph([.strong([.text("Name")]), .text(": Ada")])],
                        [
                            .paragraph([.strong([.text("Address")])]),
                            .list(start: nil, tight: true, items: [[.paragraph([.strong([.text("City")]), .text(": London")])]]),
                        ],
                    ])
            ])
    }

    @Test func quoteIsABlockQuoteWithoutADeadAnchorLink() {
        let quote = ViewNode.quote(anchor: Anchor.forMessage(id: "a/1"), [.text("Ann", .author), .text("original")])
        #expect(
            parsed([message(body: [quote, .text("reply")])]) == [
                .blockQuote([
                    .paragraph([.strong([.text("Ann")])]),
                    .paragraph([.text("original")]),
                ]),
                .paragraph([.text("reply")]),
            ])
        #expect(parsed([.quote(anchor: nil, [.text("gone")])]) == [.blockQuote([.paragraph([.text("gone")])])])
    }

    @Test func rawMarkdownIsWrittenVerbatimAtTheTopAndFallsBackOtherwise() {
        let raw = ViewNode.raw(ViewNode.RawOutput([.html: "<b>x</b>", .markdown: "<kbd>⌘</kbd> **app**"], fallback: .text("fallback")))
        let output = render([message(body: [raw])])
        #expect(output.contains("<kbd>⌘</kbd> **app**\n"))
        #expect(parsed([.raw(ViewNode.RawOutput([.html: "<b>x</b>"], fallback: .text("only html")))]) == [.paragraph([.text("only html")])])
        // Inside a card it is parsed, so that it stays in the card (its HTML then shows as text).
        #expect(parsed([.card(.attachment, [raw])]) == [.blockQuote([.paragraph([.text("<kbd>⌘</kbd> "), .strong([.text("app")])])])])
    }

    // MARK: Hostile message data

    static let hostileTexts = [
        "# not a heading", "* not a list", "1. not a list", "[x](javascript:alert(1))", "<script>alert(1)</script>",
        "```", "```\n# inside?\n```", "~~~", "|table|\n|---|\n|x|", "> not a quote", "    not code", "---", "a\n===",
        "</code></pre># h", "<!--", "![img](javascript:alert(1))", "[ref]: javascript:alert(1)\n[ref]",
    ]

    @Test(arguments: hostileTexts)
    func hostileTextStaysInsideItsParagraph(_ text: String) {
        let blocks = parsed([
            message(header: [.text(text, .author)], body: [.card(.attachment, [.text(text)])], footer: [.text(text, .timestamp)]),
            message("2", body: [.text("next")]),
        ])
        #expect(blocks.count == 4, "\(blocks)")
        guard blocks.count == 4 else { return }
        guard case .paragraph(let header) = blocks[0], header.count == 1, case .strong = header[0] else {
            Issue.record("header: \(blocks[0])")
            return
        }
        guard case .blockQuote(let inCard) = blocks[1], inCard.count == 1, case .paragraph = inCard[0] else {
            Issue.record("card: \(blocks[1])")
            return
        }
        guard case .paragraph(let footer) = blocks[2], footer.count == 1, case .emphasis = footer[0] else {
            Issue.record("footer: \(blocks[2])")
            return
        }
        #expect(blocks[3] == .paragraph([.text("next")]))
        #expect(links(in: blocks).isEmpty)
        #expect(!containsHTML(blocks))
    }

    @Test func hostileMarkdownBodyKeepsOnlySafeLinksAndNoHTML() {
        let body =
            "[x](javascript:alert(1)) <img src=x onerror=alert(1)>\n\n<script>alert(1)</script>\n\n![p](data:text/html,x) [ok](https://ok.example)"
        let blocks = parsed([message(body: [.markdown(ChatMarkdown.parse(body, mentionedUsers: []))])])
        #expect(links(in: blocks) == ["https://ok.example"])
        #expect(!containsHTML(blocks))
        #expect(
            blocks == [
                .paragraph([.text("x <img src=x onerror=alert(1)>")]),
                .paragraph([.text("<script>alert(1)</script>")]),
                .paragraph([.text("p "), .link(destination: "https://ok.example", title: "", children: [.text("ok")])]),
            ])
    }

    @Test func codeBlockTextCannotCloseTheFenceEarly() {
        let code = "```\n</pre>\n~~~\n# still code\n"
        let body = ViewNode.markdown(MarkdownDocument(blocks: [.codeBlock(info: "js```", code: code), .paragraph([.text("after")])]))
        #expect(parsed([message(body: [body])]) == [.codeBlock(info: "js", code: code), .paragraph([.text("after")])])
    }

    @Test func aBodyEndingInAListOrQuoteDoesNotSwallowTheNextMessage() {
        let endsInList = message("1", body: [.markdown(ChatMarkdown.parse("intro\n\n- one\n- two", mentionedUsers: []))])
        let startsWithList = message("2", body: [.markdown(ChatMarkdown.parse("- three", mentionedUsers: []))])
        let startsWithCode = message("3", body: [.markdown(MarkdownDocument(blocks: [.codeBlock(info: "", code: "code line\n")]))])
        let endsInQuote = message("4", body: [.markdown(ChatMarkdown.parse("> quoted\nlazy", mentionedUsers: []))])
        let plain = message("5", body: [.text("plain")])
        let blocks = parsed([endsInList, startsWithList, startsWithCode, endsInQuote, plain])
        let lists = blocks.filter { if case .list = $0 { true } else { false } }
        #expect(
            lists == [
                .list(start: nil, tight: true, items: [[.paragraph([.text("one")])], [.paragraph([.text("two")])]]),
                .list(start: nil, tight: true, items: [[.paragraph([.text("three")])]]),
            ])
        let content = blocks.filter { if case .htmlBlock = $0 { false } else { true } }
        #expect(
            content == [
                .paragraph([.text("intro")]),
                lists[0], lists[1],
                .codeBlock(info: "", code: "code line\n"),
                .blockQuote([.paragraph([.text("quoted"), .lineBreak, .text("lazy")])]),
                .paragraph([.text("plain")]),
            ])
    }

    @Test func newlinesInViewTextAreLineBreaks() {
        #expect(
            parsed([.text("line one\n# two\n- three")]) == [
                .paragraph([.text("line one"), .lineBreak, .text("# two"), .lineBreak, .text("- three")])
            ])
    }

    private func containsHTML(_ blocks: [MarkdownBlock]) -> Bool {
        func inInlines(_ inlines: [MarkdownInline]) -> Bool {
            inlines.contains { inline in
                switch inline {
                case .html: return true
                case .emphasis(let children), .strong(let children), .link(_, _, let children): return inInlines(children)
                default: return false
                }
            }
        }
        return blocks.contains { block in
            switch block {
            case .htmlBlock: return true
            case .paragraph(let inlines), .heading(_, let inlines): return inInlines(inlines)
            case .blockQuote(let blocks): return containsHTML(blocks)
            case .list(_, _, let items): return items.contains { containsHTML($0) }
            default: return false
            }
        }
    }
}
