import Foundation
import Testing

@testable import Scrollback

/// GitHub's strikethrough, task lists and tables, parsed from a message's text, in each output.
@Suite struct GFMBackendTests {
    static let text = """
        ~~old~~ new, `~~code~~`

        - [x] ship it
        - [ ] tell @Ann
        - plain

        | Item | Owner | Qty |
        |:--|:-:|--:|
        | Copy | Teo | 1 |
        | a \\| b | `x\\|y` | ~~2~~ 3 |
        """

    static let ann = ChatUser(id: "ann", name: "Ann")

    static var message: ViewNode {
        .message(MessageFrame(id: "m1", role: .bubble, body: [.markdown(ChatMarkdown.parse(text, mentionedUsers: [ann]))]))
    }

    /// The lines inside the message's bubble, without its borders and padding.
    private func inner(_ lines: [String]) -> [String] {
        lines.map { line in
            var line = Substring(line)
            if line.hasPrefix("│ ") || line.hasPrefix("| ") { line = line.dropFirst(2) }
            while line.last == " " { line = line.dropLast() }
            if line.hasSuffix("│") || line.hasSuffix("|") { line = line.dropLast() }
            while line.last == " " { line = line.dropLast() }
            return String(line)
        }
    }

    private func ansi(width: Int = 60, depth: ANSIOptions.ColorDepth = .none, ascii: Bool = false, _ view: ViewNode = message) -> [String] {
        var options = RenderOptions()
        options.ansi.width = width
        options.ansi.colorDepth = depth
        options.ansi.asciiOnly = ascii
        var backend = ANSIBackend(output: "", options: options)
        backend.write(view)
        return backend.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    // MARK: HTML

    @Test func htmlDrawsDelTaskBoxesAndATable() {
        var backend = HTMLBackend(output: "", options: .default)
        backend.write(Self.message)
        let html = backend.output
        #expect(html.contains("<del>old</del> new, <code>~~code~~</code>"))
        #expect(
            html.contains(
                #"<li class="sb-task-item"><span class="sb-task sb-task-done" role="img" aria-label="done">☑</span> ship it</li>"#))
        #expect(
            html.contains(
                #"<li class="sb-task-item"><span class="sb-task" role="img" aria-label="not done">☐</span> tell <span class="sb-mention">@Ann</span></li>"#
            ))
        #expect(html.contains("<li>plain</li>"))
        #expect(!html.contains("<input"), "a task box is a picture, not a form control")
        #expect(html.contains(#"<div class="sb-table" tabindex="0"><table>"#))
        #expect(
            html.contains(
                #"<tr><th class="sb-align-left">Item</th><th class="sb-align-center">Owner</th><th class="sb-align-right">Qty</th></tr>"#))
        #expect(
            html.contains(
                #"<tr><td class="sb-align-left">a | b</td><td class="sb-align-center"><code>x|y</code></td><td class="sb-align-right"><del>2</del> 3</td></tr>"#
            ))
        #expect(!html.contains("style=\""), "alignment is a class: the page allows no style attributes")
    }

    @Test func htmlStylesheetKeepsTablesFromWideningThePage() {
        let css = Stylesheet(theme: .default).css
        #expect(css.contains(".sb-table{max-width:100%;overflow-x:auto"))
        #expect(css.contains(".sb-body li.sb-task-item{list-style:none}"))
    }

    // MARK: ANSI

    @Test func ansiBoxesTheTableAndReplacesBulletsWithBoxes() {
        let lines = inner(ansi())
        #expect(lines.contains("~~old~~ new, ~~code~~"), "without styles the tildes stay")
        #expect(lines.contains("☑ ship it"))
        #expect(lines.contains("☐ tell @Ann"))
        #expect(lines.contains("• plain"))
        #expect(lines.contains("┌───────┬───────┬─────────┐"))
        #expect(lines.contains("│ Item  │ Owner │     Qty │"))
        #expect(lines.contains("├───────┼───────┼─────────┤"))
        #expect(lines.contains("│ Copy  │  Teo  │       1 │"))
        #expect(lines.contains("│ a | b │  x|y  │ ~~2~~ 3 │"))
        #expect(lines.contains("└───────┴───────┴─────────┘"))
    }

    @Test func ansiStrikesThroughWithSGR9() {
        let styled = ansi(depth: .ansi256).joined(separator: "\n")
        #expect(styled.contains("\u{1B}[9mold\u{1B}[0m new"))
        #expect(!styled.contains("~~old~~"))
        #expect(SGRStyle(strikethrough: true).escape(for: .ansi16) == "\u{1B}[9m")
        #expect(SGRStyle(strikethrough: true).escape(for: .none) == "")
    }

    @Test func ansiUsesASCIIBoxesUnderASCII() {
        let lines = inner(ansi(ascii: true))
        #expect(lines.contains("[x] ship it"))
        #expect(lines.contains("[ ] tell @Ann"))
        #expect(lines.contains("+-------+-------+---------+"))
        #expect(ansi(ascii: true).allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) })
    }

    @Test func ansiWrapsCellsOrFallsBackToRows() {
        let wide = ViewNode.markdown(
            ChatMarkdown.parse(
                "| Name | Description |\n|---|---|\n| scrollback | renders chat transcripts to HTML, ANSI and Markdown |",
                mentionedUsers: []))
        // Narrower than the natural width: cells wrap inside their columns, the box fits.
        let wrapped = ansi(width: 40, wide)
        #expect(wrapped.allSatisfy { DisplayWidth.of($0) <= 40 }, "\(wrapped)")
        #expect(wrapped.contains { $0.hasPrefix("│ scrollback │ renders chat") }, "\(wrapped)")
        #expect(wrapped.filter { $0.hasPrefix("│") }.count > 3)
        // Too narrow for even the least column widths: one `header: value` line per cell.
        let many = ViewNode.markdown(
            ChatMarkdown.parse(
                "| alpha | beta | gamma | delta | epsilon |\n|-|-|-|-|-|\n| one | two | three | four | five |", mentionedUsers: []))
        let rows = ansi(width: 20, many)
        #expect(ansi(width: 20, many).allSatisfy { DisplayWidth.of($0) <= 20 })
        #expect(rows.contains("alpha: one"))
        #expect(rows.contains("epsilon: five"))
        #expect(!rows.contains { $0.contains("┌") })
    }

    // MARK: Markdown

    @Test func markdownWritesGitHubSyntaxBack() {
        var backend = MarkdownBackend(output: "", options: .default)
        backend.write(Self.message)
        let markdown = backend.output
        #expect(markdown.contains("~~old~~ new, `~~code~~`"))
        #expect(markdown.contains("  - [x] ship it\n  - [ ] tell **@Ann**\n  - plain"))
        #expect(markdown.contains("| Item | Owner | Qty |\n| :-- | :-: | --: |\n| Copy | Teo | 1 |\n| a \\| b | `x\\|y` | ~~2~~ 3 |"))
        // Read back, the same structure (a mention comes back as bold text).
        guard case .markdown(let document) = Self.bodyView else {
            Issue.record("the body is not Markdown: \(Self.bodyView)")
            return
        }
        let reread = ChatMarkdown.parse(markdown, mentionedUsers: [])
        #expect(
            reread.blocks.contains {
                if case .table(let table) = $0 { table == document.blocks.compactMap(Self.table).first } else { false }
            })
    }

    private static var bodyView: ViewNode {
        guard case .message(let frame) = message else { return .empty }
        return frame.body[0]
    }

    private static func table(_ block: MarkdownBlock) -> MarkdownTable? {
        if case .table(let table) = block { return table }
        return nil
    }

    // MARK: Previews

    @Test func previewsShowTheTextWithoutSyntax() {
        #expect(DefaultViews.previewText("~~old~~ new") == "old new")
        #expect(DefaultViews.previewText("- [x] done\n- [ ] todo") == "☑ done\n☐ todo")
        #expect(DefaultViews.previewText("| a | b |\n|---|---|\n| 1 | ~~2~~ |") == "a · b\n1 · 2")
    }
}
