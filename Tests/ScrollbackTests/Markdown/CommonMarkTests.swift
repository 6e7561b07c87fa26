import Testing

@testable import Scrollback

@Suite struct CommonMarkTests {
    // MARK: Parsing

    @Test func parsesEveryBlockKind() {
        let source = """
            # Title

            Sub
            ---

            > quoted

            - one
            - two

            3. three

            4. four

            ```swift
            let x = 1
            ```

                indented

            <div>raw</div>

            ***
            """
        let blocks = CommonMark.parse(source).blocks
        #expect(
            blocks == [
                .heading(level: 1, [.text("Title")]),
                .heading(level: 2, [.text("Sub")]),
                .blockQuote([.paragraph([.text("quoted")])]),
                .list(start: nil, tight: true, items: [[.paragraph([.text("one")])], [.paragraph([.text("two")])]]),
                .list(start: 3, tight: false, items: [[.paragraph([.text("three")])], [.paragraph([.text("four")])]]),
                .codeBlock(info: "swift", code: "let x = 1\n"),
                .codeBlock(info: "", code: "indented\n"),
                .htmlBlock("<div>raw</div>\n"),
                .thematicBreak,
            ])
    }

    @Test func parsesEveryInlineKind() {
        let source = "a *em* **strong** `code` [link](http://a.example \"T\") ![alt *x*](http://i.example/p.png) <b>hi</b>\nnext  \nhard"
        let blocks = CommonMark.parse(source).blocks
        #expect(
            blocks == [
                .paragraph([
                    .text("a "), .emphasis([.text("em")]), .text(" "), .strong([.text("strong")]), .text(" "), .code("code"), .text(" "),
                    .link(destination: "http://a.example", title: "T", children: [.text("link")]), .text(" "),
                    .image(source: "http://i.example/p.png", title: "", alt: [.text("alt "), .emphasis([.text("x")])]), .text(" "),
                    .html("<b>"), .text("hi"), .html("</b>"), .softBreak, .text("next"), .lineBreak, .text("hard"),
                ])
            ])
    }

    @Test func mergesTextThatCmarkSplits() {
        // cmark starts a new text node at `[`, `!`, `_`, `&` and after backslash escapes.
        let blocks = CommonMark.parse("a[b!c_d &amp; e\\*f] g").blocks
        #expect(blocks == [.paragraph([.text("a[b!c_d & e*f] g")])])
    }

    @Test func keepsRawHTMLAsHTMLValues() {
        let blocks = CommonMark.parse("<script>alert(1)</script>\n\ntext <img src=x onerror=alert(1)>").blocks
        #expect(
            blocks == [
                .htmlBlock("<script>alert(1)</script>\n"),
                .paragraph([.text("text "), .html("<img src=x onerror=alert(1)>")]),
            ])
    }

    @Test func emptyAndBlankInputsHaveNoBlocks() {
        #expect(CommonMark.parse("").isEmpty)
        #expect(CommonMark.parse(" \n\t\n").isEmpty)
    }

    @Test func unclosedFenceRunsToTheEnd() {
        #expect(CommonMark.parse("```\n# a").blocks == [.codeBlock(info: "", code: "# a\n")])
    }

    // MARK: Rendering

    @Test func renderedDocumentParsesBackToTheSameValues() {
        let blocks: [MarkdownBlock] = [
            .heading(level: 2, [.text("Head "), .emphasis([.text("line")])]),
            .paragraph([
                .text("Some "), .strong([.text("bold")]), .text(" and "), .code("co`de"), .softBreak, .text("more"),
                .lineBreak, .link(destination: "https://a.example/x_(y)", title: "t \"q\"", children: [.text("link")]),
            ]),
            .blockQuote([.paragraph([.text("q")]), .list(start: nil, tight: true, items: [[.paragraph([.text("i")])]])]),
            .list(start: 7, tight: false, items: [[.paragraph([.text("a")])], [.codeBlock(info: "sh", code: "ls\n")]]),
            .codeBlock(info: "", code: "plain code\n"),
            .thematicBreak,
        ]
        let markdown = CommonMark.renderCommonMark(blocks)
        #expect(CommonMark.parse(markdown).blocks == blocks)
    }

    @Test func rawHTMLIsRenderedAsText() {
        let markdown = CommonMark.renderCommonMark([
            .htmlBlock("<script>alert(1)</script>\n<p>x</p>\n"),
            .paragraph([.html("<b>"), .text("bold?"), .html("</b>")]),
        ])
        #expect(
            CommonMark.parse(markdown).blocks == [
                .paragraph([.text("<script>alert(1)</script>"), .lineBreak, .text("<p>x</p>")]),
                .paragraph([.text("<b>bold?</b>")]),
            ])
    }

    @Test func mentionIsStrong() {
        let markdown = CommonMark.renderCommonMark([.paragraph([.text("hi "), .mention(userID: "u1", text: "@Ann *Lee*")])])
        #expect(CommonMark.parse(markdown).blocks == [.paragraph([.text("hi "), .strong([.text("@Ann *Lee*")])])])
    }

    @Test func unsafeLinksKeepOnlyTheirLabel() {
        let markdown = CommonMark.renderCommonMark([
            .paragraph([
                .link(destination: "javascript:alert(1)", title: "", children: [.text("a")]),
                .text(" "),
                .link(destination: "jav&#x61;script:alert(1)", title: "", children: [.text("b")]),
                .text(" "),
                .link(destination: "mailto:ann@example.com", title: "", children: [.text("c")]),
            ])
        ])
        #expect(
            CommonMark.parse(markdown).blocks == [
                .paragraph([
                    .text("a b "), .link(destination: "mailto:ann@example.com", title: "", children: [.text("c")]),
                ])
            ])
    }

    @Test func imagesBecomeLinksOrText() {
        let markdown = CommonMark.renderCommonMark([
            .paragraph([
                .image(source: "https://i.example/a.png", title: "", alt: [.text("cat")]),
                .text(" "),
                .image(source: "https://i.example/b.png", title: "", alt: []),
                .text(" "),
                .image(source: "data:image/png;base64,AAAA", title: "", alt: [.text("bad")]),
            ])
        ])
        #expect(
            CommonMark.parse(markdown).blocks == [
                .paragraph([
                    .link(destination: "https://i.example/a.png", title: "", children: [.text("cat")]), .text(" "),
                    .link(destination: "https://i.example/b.png", title: "", children: [.text("image")]), .text(" bad"),
                ])
            ])
    }

    @Test func fragmentLinksToOurAnchorsAreKept() {
        let markdown = CommonMark.renderCommonMark([
            .paragraph([
                .link(destination: "#m-abc.2F1", title: "", children: [.text("back")]),
                .link(destination: "#x\"onclick", title: "", children: [.text("bad")]),
            ])
        ])
        #expect(
            CommonMark.parse(markdown).blocks == [
                .paragraph([
                    .link(destination: "#m-abc.2F1", title: "", children: [.text("back")]), .text("bad"),
                ])
            ])
    }

    @Test func aURLThatIsItsOwnLabelCannotEndTheAutolinkEarly() {
        // cmark prints such a link as `<url>` without escaping; a `>` in it would end it.
        let url = "http://x.example/>[y](javascript:alert(1))"
        let markdown = CommonMark.renderCommonMark([.paragraph([.link(destination: url, title: "", children: [.text(url)])])])
        let blocks = CommonMark.parse(markdown).blocks
        #expect(blocks.count == 1)
        #expect(links(in: blocks) == ["http://x.example/%3E[y](javascript:alert(1))"])
    }

    @Test func codeBlockCannotBeClosedEarly() {
        let code = "```\n~~~\n````` \n# not a heading\n"
        let blocks: [MarkdownBlock] = [.codeBlock(info: "a`b\n# x", code: code), .paragraph([.text("after")])]
        let parsed = CommonMark.parse(CommonMark.renderCommonMark(blocks)).blocks
        #expect(parsed == [.codeBlock(info: "ab", code: code), .paragraph([.text("after")])])
    }

    @Test func carriageReturnsInCodeCannotLeaveTheContainer() {
        let code = "a\r# heading?\r\n> b\n"
        let blocks: [MarkdownBlock] = [
            .blockQuote([.codeBlock(info: "", code: code)]),
            .list(start: nil, tight: true, items: [[.paragraph([.text("i")]), .codeBlock(info: "x", code: code)]]),
        ]
        let expected = "a\n# heading?\n> b\n"
        #expect(
            CommonMark.parse(CommonMark.renderCommonMark(blocks)).blocks == [
                .blockQuote([.codeBlock(info: "", code: expected)]),
                .list(start: nil, tight: true, items: [[.paragraph([.text("i")]), .codeBlock(info: "x", code: expected)]]),
            ])
    }

    @Test func codeSpanAndHeadingStayOnOneLine() {
        let parsed = CommonMark.parse(
            CommonMark.renderCommonMark([
                .heading(level: 9, [.text("a\n# b"), .softBreak, .text("c")]),
                .paragraph([.code("x\n# y")]),
            ])
        ).blocks
        #expect(parsed == [.heading(level: 6, [.text("a # b c")]), .paragraph([.code("x # y")])])
    }

    @Test func emphasisWithOuterSpacesStaysEmphasis() {
        let parsed = CommonMark.parse(CommonMark.renderCommonMark([.paragraph([.emphasis([.text(" * x ")]), .text("y")])])).blocks
        #expect(parsed == [.paragraph([.emphasis([.text("* x")]), .text(" y")])])
    }

    @Test func hugeListStartIsClamped() {
        let parsed = CommonMark.parse(
            CommonMark.renderCommonMark([
                .list(start: 12_345_678_901, tight: true, items: [[.paragraph([.text("a")])]])
            ])
        ).blocks
        #expect(parsed == [.list(start: 999_999_999, tight: true, items: [[.paragraph([.text("a")])]])])
    }

    @Test func nulCharacterIsReplacedNotTruncating() {
        let parsed = CommonMark.parse(CommonMark.renderCommonMark([.paragraph([.text("a\0b")])])).blocks
        #expect(parsed == [.paragraph([.text("a␀b")])])
    }

    // MARK: Hostile text

    static let hostileTexts = [
        "# not a heading", "* not a list", "- a", "+ b", "1. x", "1) y", "    indented", "\tTab", " - x", "   > q", "```", "~~~",
        "~~~ js", "|table|\n|---|", "[x](javascript:alert(1))", "<script>alert(1)</script>", "<http://x.example>",
        "&amp; &#106;", "a\\", "===", "---", "***", "___", "> q", "foo  ", "<!-- c", "a\n# b", "a\r# b", "x\r\n- y",
        "\n\n# z", "[a]: http://x.example", "![i](http://x.example)", "a\n~~~", "a\n    b", "`` ` ``", "*a*", "_a_",
        "a\n\n\nb", "```\n# closing early\n```",
    ]

    @Test(arguments: hostileTexts)
    func hostileTextStaysText(_ text: String) {
        expectStaysText(text)
    }

    @Test func randomPunctuationStaysText() {
        var random = SplitMix(seed: 0x5CB0)
        let alphabet = Array("#*-+_`~><[]()!\\&;1.) \t\n\r=|ah:/@\"'{}")
        for _ in 0..<3000 {
            let length = Int(random.next() % 24) + 1
            let text = String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
            expectStaysText(text)
            expectStaysHeading(text)
            expectStaysCode(text)
        }
    }

    /// As a code block in a block quote and in a list item, `code` stays that one code block.
    private func expectStaysCode(_ code: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let wrappers: [(MarkdownBlock) -> MarkdownBlock] = [
            { .blockQuote([$0]) },
            { .list(start: nil, tight: true, items: [[.paragraph([.text("i")]), $0]]) },
        ]
        for wrap in wrappers {
            let markdown = CommonMark.renderCommonMark([wrap(.codeBlock(info: "", code: code)), .paragraph([.text("end")])])
            let parsed = CommonMark.parse(markdown).blocks
            let inner: [MarkdownBlock]
            switch parsed.first {
            case .blockQuote(let blocks)?: inner = blocks
            case .list(nil, _, let items)? where items.count == 1: inner = Array(items[0].dropFirst())
            default: inner = []
            }
            guard parsed.count == 2, parsed[1] == .paragraph([.text("end")]), inner.count == 1,
                case .codeBlock(_, let back) = inner[0]
            else {
                Issue.record(
                    "\(String(reflecting: code)) changed the structure: \(String(reflecting: markdown))", sourceLocation: sourceLocation)
                return
            }
            // Line endings become `\n`, and an indented block drops blank lines at its ends.
            let lines = { (string: String) in string.split(whereSeparator: \.isNewline).filter { !$0.allSatisfy(\.isWhitespace) } }
            #expect(lines(back) == lines(code), "\(String(reflecting: markdown))", sourceLocation: sourceLocation)
        }
    }

    /// In a heading, `text` prints as that heading's text, on one line.
    private func expectStaysHeading(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let markdown = CommonMark.renderCommonMark([.heading(level: 3, [.text(text)]), .paragraph([.text("end")])])
        let parsed = CommonMark.parse(markdown).blocks
        guard parsed.count == 2, case .heading(3, let inlines) = parsed[0], parsed[1] == .paragraph([.text("end")]),
            inlines.allSatisfy({ if case .text = $0 { true } else { false } })
        else {
            Issue.record("\(String(reflecting: text)) changed the heading: \(String(reflecting: markdown))", sourceLocation: sourceLocation)
            return
        }
        // Blanks at line edges are CommonMark's to drop; every other character must come back.
        let visible = { (string: String) in string.filter { !$0.isWhitespace } }
        #expect(visible(inlines.plainText) == visible(text), sourceLocation: sourceLocation)
    }

    /// Inside a paragraph, a block quote and a list item, `text` prints as exactly that one
    /// paragraph holding nothing but its text.
    private func expectStaysText(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = normalizedLines(text)
        let containers: [(MarkdownBlock) -> MarkdownBlock] = [
            { $0 },
            { .blockQuote([$0]) },
            { .list(start: nil, tight: true, items: [[$0]]) },
        ]
        for (index, wrap) in containers.enumerated() {
            let built = [wrap(.paragraph([.text(text)])), .paragraph([.text("end")])]
            let markdown = CommonMark.renderCommonMark(built)
            let parsed = CommonMark.parse(markdown).blocks
            // A blank paragraph prints as nothing at all.
            if index == 0, expected.isEmpty, parsed == [.paragraph([.text("end")])] { continue }
            let expectedBlocks: [MarkdownBlock] = [
                wrap(.paragraph([.text("placeholder")])), .paragraph([.text("end")]),
            ]
            guard parsed.count == 2, parsed[1] == expectedBlocks[1] else {
                Issue.record(
                    "\(String(reflecting: text)) changed the structure: \(String(reflecting: markdown))", sourceLocation: sourceLocation)
                return
            }
            let inner: [MarkdownBlock]?
            switch parsed[0] {
            case .paragraph: inner = [parsed[0]]
            case .blockQuote(let blocks): inner = blocks
            case .list(nil, _, let items) where items.count == 1: inner = items[0]
            default: inner = nil
            }
            var inlines: [MarkdownInline]?
            if let inner, inner.count == 1, case .paragraph(let content) = inner[0], !expected.isEmpty {
                inlines = content
            } else if let inner, inner.isEmpty, expected.isEmpty {
                inlines = []
            }
            guard let inlines, inlines.allSatisfy({ if case .text = $0 { true } else { $0 == .lineBreak } }) else {
                Issue.record(
                    "\(String(reflecting: text)) changed the structure: \(String(reflecting: markdown))", sourceLocation: sourceLocation)
                return
            }
            let back = inlines.map { $0 == .lineBreak ? "\n" : $0.plainText }.joined()
            #expect(normalizedLines(back) == expected, "\(String(reflecting: markdown))", sourceLocation: sourceLocation)
        }
    }

    /// Lines without leading or trailing blanks, empty ones dropped: what CommonMark keeps.
    private func normalizedLines(_ text: String) -> [String] {
        text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .init(charactersIn: " \t")) }
            .filter { !$0.isEmpty }
    }
}

/// Every link destination in `blocks`.
func links(in blocks: [MarkdownBlock]) -> [String] {
    func inInlines(_ inlines: [MarkdownInline]) -> [String] {
        inlines.flatMap { inline -> [String] in
            switch inline {
            case .link(let destination, _, let children): return [destination] + inInlines(children)
            case .image(let source, _, let alt): return [source] + inInlines(alt)
            case .emphasis(let children), .strong(let children): return inInlines(children)
            default: return []
            }
        }
    }
    return blocks.flatMap { block -> [String] in
        switch block {
        case .paragraph(let inlines), .heading(_, let inlines): return inInlines(inlines)
        case .blockQuote(let blocks): return links(in: blocks)
        case .list(_, _, let items): return items.flatMap { links(in: $0) }
        default: return []
        }
    }
}

/// A small deterministic generator, so that random tests repeat.
struct SplitMix {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A parsed text's common elements sit in their arrays themselves: a paragraph's text, code
/// and emphasis, and a paragraph or heading, are no heap object of their own each (every
/// message's text is parsed, and its parts made on one thread and freed on another). Only the
/// rarer cases with more to hold (links, images, mentions; lists, code blocks, tables) are boxed.
@Suite struct MarkdownLayoutTests {
    @Test func commonElementsAreStoredInPlace() {
        // A boxed enum is one pointer; one in place is as large as a string, its largest case.
        let inPlace = MemoryLayout<String>.size...MemoryLayout<String>.size + 1
        #expect(inPlace.contains(MemoryLayout<MarkdownInline>.size))
        #expect(inPlace.contains(MemoryLayout<MarkdownBlock>.size))
        let text = "**bold** and `code`, [a link](https://example.com) and @Ada"
        let document = ChatMarkdown.parse(text, mentionedUsers: [ChatUser(id: "ada", name: "Ada")])
        guard case .paragraph(let inlines)? = document.blocks.first else {
            Issue.record("expected a paragraph, got \(document.blocks)")
            return
        }
        #expect(inlines.contains(.strong([.text("bold")])) && inlines.contains(.code("code")))
        #expect(inlines.contains(.link(destination: "https://example.com", title: "", children: [.text("a link")])))
        #expect(inlines.contains(.mention(userID: "ada", text: "@Ada")))
    }
}

@Suite struct CommonMarkDepthTests {
    /// Depth of the deepest container in a document.
    private func depth(_ blocks: [MarkdownBlock]) -> Int {
        blocks.map { block in
            switch block {
            case .blockQuote(let children): 1 + depth(children)
            case .list(_, _, let items): 1 + (items.map { 1 + depth($0) }.max() ?? 0)
            default: 0
            }
        }.max() ?? 0
    }

    @Test func hostileNestingIsFlattenedAndKeepsTheText() {
        let quotes = CommonMark.parse(String(repeating: ">", count: 20_000) + " deep")
        #expect(depth(quotes.blocks) <= 24)
        #expect("\(quotes)".contains("deep"))

        let lists = CommonMark.parse((0..<2_000).map { String(repeating: "  ", count: $0) + "- item \($0)" }.joined(separator: "\n"))
        #expect(depth(lists.blocks) <= 48)
        #expect("\(lists)".contains("item 1999"))

        let emphasis = CommonMark.parse(String(repeating: "*a **b ", count: 3_000) + "end")
        #expect("\(emphasis)".contains("end"))
    }
}
