import Foundation
import Testing

@testable import Scrollback

/// GitHub's extensions read from cmark's tree: strikethrough, task list items and pipe tables,
/// each case written from the GFM specification's rules, and mixed with code spans, links,
/// emphasis, mentions and bare URLs.
@Suite struct GFMTests {
    private static let ann = ChatUser(id: "ann", name: "Ann")

    private func blocks(_ text: String) -> [MarkdownBlock] {
        ChatMarkdown.parse(text, mentionedUsers: [Self.ann]).blocks
    }

    private func inlines(_ text: String) -> [MarkdownInline] {
        let blocks = blocks(text)
        guard blocks.count == 1, case .paragraph(let inlines) = blocks[0] else {
            Issue.record("expected one paragraph, got \(blocks)")
            return []
        }
        return inlines
    }

    private func link(_ destination: String, _ text: String) -> MarkdownInline {
        .link(destination: destination, title: "", children: [.text(text)])
    }

    // MARK: Strikethrough

    @Test func oneOrTwoTildesStrike() {
        #expect(
            inlines("~~Hi~~ Hello, ~there~ world!") == [
                .strikethrough([.text("Hi")]), .text(" Hello, "), .strikethrough([.text("there")]), .text(" world!"),
            ])
        // Inside a word too, as with `*`.
        #expect(inlines("a~~b~~c") == [.text("a"), .strikethrough([.text("b")]), .text("c")])
    }

    @Test func threeTildesOrMismatchedRunsStayText() {
        #expect(inlines("This will ~~~not~~~ strike.") == [.text("This will ~~~not~~~ strike.")])
        #expect(inlines("~~a~ and ~b~~") == [.text("~~a~ and ~b~~")])
    }

    @Test func runsMustFlank() {
        // A run followed by a space cannot open, one after a space cannot close.
        #expect(inlines("~~ a ~~ and a ~~ b~~") == [.text("~~ a ~~ and a ~~ b~~")])
        #expect(inlines("5 ~ 6 and ~~x~~") == [.text("5 ~ 6 and "), .strikethrough([.text("x")])])
    }

    @Test func doesNotCrossParagraphsButCrossesLines() {
        #expect(
            blocks("This ~~has a\n\nnew paragraph~~.") == [
                .paragraph([.text("This ~~has a")]), .paragraph([.text("new paragraph~~.")]),
            ])
        #expect(inlines("~~one\ntwo~~") == [.strikethrough([.text("one"), .lineBreak, .text("two")])])
    }

    @Test func escapedAndEntityTildesAreText() {
        #expect(inlines(#"\~~a~~"#) == [.text("~~a~~")])
        #expect(inlines(#"\~\~a\~\~"#) == [.text("~~a~~")])
        #expect(inlines("&#126;&#126;a&#126;&#126; x") == [.text("~~a~~ x")])
        #expect(inlines(#"a \\~~b~~"#) == [.text(#"a \"#), .strikethrough([.text("b")])], "an escaped backslash escapes nothing")
    }

    @Test func codeSpansAndLinkDestinationsAreNotRead() {
        #expect(inlines("`~~a~~` ~~b~~") == [.code("~~a~~"), .text(" "), .strikethrough([.text("b")])])
        #expect(inlines("~~a `b~~` c~~") == [.strikethrough([.text("a "), .code("b~~"), .text(" c")])])
        #expect(
            inlines("[x](https://a.example/~~b~~) ~~[y](https://b.example)~~") == [
                link("https://a.example/~~b~~", "x"), .text(" "), .strikethrough([link("https://b.example", "y")]),
            ])
    }

    @Test func mixesWithEmphasis() {
        #expect(
            inlines("*~~a~~* ~~**b**~~") == [
                .emphasis([.strikethrough([.text("a")])]), .text(" "), .strikethrough([.strong([.text("b")])]),
            ])
        // Where they cross, the emphasis cmark read wins and the tildes stay text.
        #expect(inlines("*a ~~b* c~~") == [.emphasis([.text("a ~~b")]), .text(" c~~")])
    }

    @Test func holdsMentionsAndBareURLs() {
        #expect(inlines("~~@Ann~~") == [.strikethrough([.mention(userID: "ann", text: "@Ann")])])
        #expect(inlines("~~www.example.com~~") == [.strikethrough([link("http://www.example.com", "www.example.com")])])
        #expect(
            inlines("~~see https://a.example/x~~ now") == [
                .strikethrough([.text("see "), link("https://a.example/x", "https://a.example/x")]), .text(" now"),
            ])
    }

    @Test func nestsOnlyTwoDeep() {
        #expect(inlines("~a ~~b~~ a~") == [.strikethrough([.text("a "), .strikethrough([.text("b")]), .text(" a")])])
        #expect(
            inlines("~~a ~b ~~c~~ b~ a~~") == [
                .text("~~a "), .strikethrough([.text("b "), .strikethrough([.text("c")]), .text(" b")]), .text(" a~~"),
            ])
    }

    @Test func worksInHeadingsAndLinkLabels() {
        #expect(blocks("# ~~old~~ new") == [.heading(level: 1, [.strikethrough([.text("old")]), .text(" new")])])
        #expect(
            inlines("[~~a~~](https://a.example)") == [
                .link(destination: "https://a.example", title: "", children: [.strikethrough([.text("a")])])
            ])
    }

    // MARK: Task list items

    @Test func tasksAreListItemsStartingWithABox() {
        #expect(
            blocks("- [ ] foo\n- [x] bar\n- [X] baz\n- qux") == [
                .list(
                    start: nil, tight: true,
                    items: [
                        [.paragraph([.checkbox(checked: false), .text("foo")])],
                        [.paragraph([.checkbox(checked: true), .text("bar")])],
                        [.paragraph([.checkbox(checked: true), .text("baz")])],
                        [.paragraph([.text("qux")])],
                    ])
            ])
        #expect(blocks("1. [x] done") == [.list(start: 1, tight: true, items: [[.paragraph([.checkbox(checked: true), .text("done")])]])])
    }

    @Test func boxesElsewhereAreText() {
        #expect(blocks("[x] not in a list") == [.paragraph([.text("[x] not in a list")])])
        #expect(blocks("- [x]no space") == [.list(start: nil, tight: true, items: [[.paragraph([.text("[x]no space")])]])])
        #expect(blocks("- a [x] b") == [.list(start: nil, tight: true, items: [[.paragraph([.text("a [x] b")])]])])
        #expect(blocks(#"- \[x] escaped"#) == [.list(start: nil, tight: true, items: [[.paragraph([.text("[x] escaped")])]])])
        #expect(blocks("- [y] other") == [.list(start: nil, tight: true, items: [[.paragraph([.text("[y] other")])]])])
        // Only the first paragraph of an item.
        #expect(
            blocks("- a\n\n  [x] b") == [
                .list(start: nil, tight: false, items: [[.paragraph([.text("a")]), .paragraph([.text("[x] b")])]])
            ])
    }

    @Test func tasksHoldMarkupAndNest() {
        #expect(
            blocks("- [x] ~~ship~~ `it`\n  - [ ] @Ann") == [
                .list(
                    start: nil, tight: true,
                    items: [
                        [
                            .paragraph([.checkbox(checked: true), .strikethrough([.text("ship")]), .text(" "), .code("it")]),
                            .list(
                                start: nil, tight: true,
                                items: [[.paragraph([.checkbox(checked: false), .mention(userID: "ann", text: "@Ann")])]]),
                        ]
                    ])
            ])
    }

    // MARK: Tables

    private func table(_ text: String) -> MarkdownTable? {
        guard case .table(let table)? = blocks(text).last else { return nil }
        return table
    }

    @Test func readsAHeaderDelimiterAndRows() {
        #expect(
            blocks("| a | b |\n| --- | :-: |\n| 1 | 2 |\n| 3 | 4 |") == [
                .table(
                    MarkdownTable(
                        alignments: [.none, .center], header: [[.text("a")], [.text("b")]],
                        rows: [[[.text("1")], [.text("2")]], [[.text("3")], [.text("4")]]]))
            ])
    }

    @Test func pipesAtTheEndsAreOptional() {
        #expect(
            table("a | b\n:--|--:\nc | d")
                == MarkdownTable(
                    alignments: [.left, .right], header: [[.text("a")], [.text("b")]], rows: [[[.text("c")], [.text("d")]]]))
        #expect(table("| a |\n|---|\n| b |") == MarkdownTable(alignments: [.none], header: [[.text("a")]], rows: [[[.text("b")]]]))
        #expect(table("| a | |\n|---|---|") == MarkdownTable(alignments: [.none, .none], header: [[.text("a")], []], rows: []))
    }

    @Test func headerAndDelimiterMustMatch() {
        #expect(
            blocks("| a | b |\n| --- |\n| c |") == [
                .paragraph([.text("| a | b |"), .lineBreak, .text("| --- |"), .lineBreak, .text("| c |")])
            ])
        // A delimiter row needs dashes and a pipe; `---` alone under text is a heading.
        #expect(table("a | b\n: | :") == nil)
        #expect(table("a | b\n- - | -") == nil)
        #expect(blocks("a\n---") == [.heading(level: 2, [.text("a")])])
    }

    @Test func rowsArePaddedOrCut() {
        #expect(
            table("| a | b |\n|---|---|\n| c |\n| d | e | f |\nlast")
                == MarkdownTable(
                    alignments: [.none, .none], header: [[.text("a")], [.text("b")]],
                    rows: [[[.text("c")], []], [[.text("d")], [.text("e")]], [[.text("last")], []]]))
    }

    @Test func linesBeforeTheHeaderStayAParagraph() {
        #expect(
            blocks("Totals:\nmore\n| a |\n|---|\n| 1 |") == [
                .paragraph([.text("Totals:"), .lineBreak, .text("more")]),
                .table(MarkdownTable(alignments: [.none], header: [[.text("a")]], rows: [[[.text("1")]]])),
            ])
    }

    @Test func escapedPipesAndPipesInCodeSpans() {
        #expect(
            table(#"| a \| b | `c\|d` |"# + "\n|---|---|\n" + #"| `x | y` |"#)
                == MarkdownTable(
                    alignments: [.none, .none], header: [[.text("a | b")], [.code("c|d")]],
                    // GFM splits a row before reading code spans: an unescaped pipe ends the cell.
                    rows: [[[.text("`x")], [.text("y`")]]]))
    }

    /// GitHub replaces `\|` with `|` in the whole cell before it reads the cell's inlines: a code
    /// span keeps no backslash before a pipe, however deep it sits (cmark, which reads no escape
    /// inside code spans, raw HTML and autolinks, kept them there).
    @Test func escapedPipesInNestedCodeSpansArePipes() {
        let source =
            #"| *`a\|b`* | **`c\|d`** | [`e\|f`](https://x.example) | ![`g\|h`](https://i.example/p.png) | <https://a.example/x\|y> |"#
            + "\n|-|-|-|-|-|"
        #expect(
            table(source)?.header == [
                [.emphasis([.code("a|b")])], [.strong([.code("c|d")])],
                [.link(destination: "https://x.example", title: "", children: [.code("e|f")])],
                [.image(source: "https://i.example/p.png", title: "", alt: [.code("g|h")])],
                [link("https://a.example/x|y", "https://a.example/x|y")],
            ])
        // Outside a table, a code span is as written.
        #expect(inlines(#"*`a\|b`*"#) == [.emphasis([.code(#"a\|b"#)])])
    }

    /// GFM's extended autolinks leave out an entity-like end (`&hl;`), and only then a `;`.
    @Test func bareURLsLeaveATrailingEntityOut() {
        #expect(
            inlines("www.google.com/search?q=commonmark&hl;") == [
                link("http://www.google.com/search?q=commonmark", "www.google.com/search?q=commonmark"), .text("&hl;"),
            ])
        #expect(
            inlines("see https://a.example/?q=x&amp2; now") == [
                .text("see "), link("https://a.example/?q=x", "https://a.example/?q=x"), .text("&amp2; now"),
            ])
        #expect(
            inlines("www.google.com/search?q=commonmark&hl=en") == [
                link("http://www.google.com/search?q=commonmark&hl=en", "www.google.com/search?q=commonmark&hl=en")
            ])
        #expect(inlines("www.a.example/x; next") == [link("http://www.a.example/x", "www.a.example/x"), .text("; next")])
        #expect(
            inlines("www.a.example/&;") == [link("http://www.a.example/&", "www.a.example/&"), .text(";")], "no letters: not an entity")
    }

    @Test func cellsAreInlineMarkdown() {
        #expect(
            table("| *em* | ~~old~~ | [l](https://l.example) | @Ann | www.a.example |\n|-|-|-|-|-|")
                == MarkdownTable(
                    alignments: Array(repeating: .none, count: 5),
                    header: [
                        [.emphasis([.text("em")])], [.strikethrough([.text("old")])], [link("https://l.example", "l")],
                        [.mention(userID: "ann", text: "@Ann")], [link("http://www.a.example", "www.a.example")],
                    ], rows: []))
        // Tildes do not pair across cells.
        #expect(
            table("| ~~a | b~~ |\n|---|---|")
                == MarkdownTable(alignments: [.none, .none], header: [[.text("~~a")], [.text("b~~")]], rows: []))
    }

    @Test func tablesInContainers() {
        #expect(
            blocks("> | a |\n> |---|\n> | b |") == [
                .blockQuote([.table(MarkdownTable(alignments: [.none], header: [[.text("a")]], rows: [[[.text("b")]]]))])
            ])
        #expect(
            blocks("- [x] | a |\n  |---|\n  | b |") == [
                .list(
                    start: nil, tight: true,
                    items: [
                        [
                            .paragraph([.checkbox(checked: true)]),
                            .table(MarkdownTable(alignments: [.none], header: [[.text("a")]], rows: [[[.text("b")]]])),
                        ]
                    ])
            ])
    }

    @Test func tooManyColumnsStayText() {
        let columns = GFM.maximumColumns + 1
        let text =
            Array(repeating: "a", count: columns).joined(separator: "|") + "\n"
            + Array(repeating: "-", count: columns).joined(separator: "|")
        #expect(table(text) == nil)
        let fitting =
            Array(repeating: "a", count: columns - 1).joined(separator: "|") + "\n"
            + Array(repeating: "-", count: columns - 1).joined(separator: "|")
        #expect(table(fitting)?.alignments.count == columns - 1)
    }

    @Test func rowsPastTheCellLimitAreAParagraphAfterTheTable() {
        let rows = GFM.maximumCells / 2 - 1
        let text = "| a | b |\n|---|---|\n" + String(repeating: "| 1 | 2 |\n", count: rows) + "| 3 | 4 |\nlast"
        let parsed = blocks(text)
        #expect(parsed.count == 2)
        guard case .table(let table)? = parsed.first else {
            Issue.record("expected a table")
            return
        }
        #expect(table.rows.count == rows)
        #expect(parsed.last == .paragraph([.text("| 3 | 4 |"), .lineBreak, .text("last")]))
    }

    // MARK: Writing them back

    /// Each source, parsed, written as Markdown and parsed again, gives the same values.
    @Test(arguments: [
        "~~Hi~~ Hello, ~there~ world! `~~code~~` and a \\~~b~~ c",
        "- [x] done ~~x~~\n- [ ] todo\n- plain",
        "1. [X] first\n2. [ ] second",
        "| a \\| b | `c\\|d` | ~~e~~ |\n|:--|:-:|--:|\n| [l](https://l.example/a) | x | |\n| y | 1 |",
        "plain | text\nover two lines",
        "~~~\nnot a fence\n~~~",
        "> | a |\n> |---|\n> | b |",
        "| *`a\\|b`* | [**`c\\|d`**](https://l.example) |\n|---|---|\n| x | y |",
    ])
    func roundTripsThroughMarkdown(source: String) {
        let parsed = ChatMarkdown.parse(source, mentionedUsers: [Self.ann]).blocks
        let written = CommonMark.renderCommonMark(parsed)
        let reread = ChatMarkdown.parse(written, mentionedUsers: [Self.ann]).blocks
        #expect(reread == parsed, "written as:\n\(written)")
    }

    @Test func writesGitHubSyntax() {
        #expect(CommonMark.renderCommonMark(blocks("~~a~~ ~b~")) == "~~a~~ ~~b~~\n")
        #expect(CommonMark.renderCommonMark(blocks("- [x] a\n- [ ] b")) == "  - [x] a\n  - [ ] b\n")
        #expect(
            CommonMark.renderCommonMark(blocks("| a | b |\n|:-:|--:|\n| `x\\|y` | c \\| d |"))
                == "| a | b |\n| :-: | --: |\n| `x\\|y` | c \\| d |\n")
        // Text that reads as markup is escaped: tildes and pipes everywhere.
        #expect(CommonMark.renderCommonMark([.paragraph([.text("~~a~~ | b")])]) == "\\~\\~a\\~\\~ \\| b\n")
        #expect(CommonMark.renderCommonMark([.paragraph([.text("a | b"), .lineBreak, .text("--|--")])]) == "a \\| b  \n\\--\\|--\n")
    }
}
