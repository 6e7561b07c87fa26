import Foundation
import Testing

@testable import Scrollback

/// The inputs known to take cmark 0.30 (or the tree built from it) superlinear time, generated
/// at about a megabyte each: every one must be caught by the budget and shown as plain text,
/// with nothing lost. Their timings are measured by `Scripts/pathological-bench`, not here.
@Suite struct MarkdownBudgetTests {
    static let size = 1_000_000

    static func repeated(_ piece: String, bytes: Int = size) -> String {
        String(repeating: piece, count: max(1, bytes / piece.utf8.count))
    }

    static let pathological: [(name: String, text: String)] = [
        ("image openers before links (CVE-2023-22486)", repeated("![[]()")),
        ("image opener, text and a link", repeated("![a[]()")),
        ("nested strong emphasis", repeated("*a **a ", bytes: size / 2) + "b" + repeated(" a** a*", bytes: size / 2)),
        ("emphasis closers without openers", repeated("a_ ")),
        ("emphasis openers without closers", repeated("_a ")),
        ("triple emphasis openers", repeated("a***")),
        ("mismatched emphasis", repeated("*a_ ")),
        ("emphasis openers then closers", repeated("*a ", bytes: size / 2) + repeated("_a*_ ", bytes: size / 2)),
        ("openers and closers a multiple of three", "a**b" + repeated("c* ")),
        ("link closers without openers", repeated("a]")),
        ("link openers without closers", repeated("[a")),
        ("link openers and emphasis closers", repeated("[ a_")),
        ("nested brackets", String(repeating: "[", count: size / 2) + "a" + String(repeating: "]", count: size / 2)),
        ("broken link titles", repeated("[ (](")),
        ("unclosed pointy destinations", repeated("[a](<b")),
        ("many links", repeated("[t](/u) ")),
        (
            "many reference definitions and uses",
            (1..<(size / 16)).map { "[\($0)]: u\n" }.joined() + repeated("[0] ", bytes: size / 2)
        ),
        ("nested block quotes", repeated("> ") + "a"),
        ("broken thematic break", repeated("* ") + "a"),
        ("many backticks and escapes", repeated("\\``")),
        ("inline HTML openers", repeated("<>")),
        ("processing instruction openers", "x" + repeated("<?")),
        ("CDATA openers", "x" + repeated("<![CDATA[")),
        ("comment openers", repeated("<!--a ")),
        ("entity openers", repeated("&#")),
    ]

    @Test func everyPathologicalInputIsShownAsPlainText() {
        for (name, text) in Self.pathological {
            #expect(MarkdownBudget.excess(in: text) != nil, "\(name)")
            let document = ChatMarkdown.parse(text, mentionedUsers: [])
            // Plain paragraphs hold every character of the text (line breaks aside).
            let shown = document.blocks.map { block -> String in
                guard case .paragraph(let inlines) = block else { return "" }
                return inlines.map { if case .text(let text) = $0 { text } else { "\n" } }.joined()
            }.joined(separator: "\n\n")
            #expect(shown.filter { $0 != "\n" } == text.filter { $0 != "\n" }, "\(name)")
        }
    }

    @Test func ordinaryMarkupIsStillParsed() {
        // Well below the limits: the same patterns at chat size still parse as Markdown.
        for text in [
            Self.repeated("![[]()", bytes: 1_400), Self.repeated("*a **a ", bytes: 4_000), Self.repeated("[t](/u) ", bytes: 4_000),
        ] {
            #expect(MarkdownBudget.excess(in: text) == nil)
        }
        let document = ChatMarkdown.parse("**bold** and [a link](https://example.org)", mentionedUsers: [])
        guard case .paragraph(let inlines)? = document.blocks.first else { Issue.record("expected a paragraph"); return }
        #expect(inlines.contains { if case .strong = $0 { true } else { false } })
        #expect(inlines.contains { if case .link = $0 { true } else { false } })
    }

    @Test func theLimitsAreExact() {
        #expect(MarkdownBudget.excess(in: String(repeating: "[", count: MarkdownBudget.maximumBrackets)) == nil)
        #expect(MarkdownBudget.excess(in: String(repeating: "[", count: MarkdownBudget.maximumBrackets + 1)) != nil)
        #expect(MarkdownBudget.excess(in: String(repeating: "*", count: MarkdownBudget.maximumMarkupBytes)) == nil)
        #expect(MarkdownBudget.excess(in: String(repeating: "*", count: MarkdownBudget.maximumMarkupBytes + 1)) != nil)
        let limit = MarkdownBudget.maximumOrderedItems
        #expect(MarkdownBudget.excess(in: String(repeating: "1. a\n", count: limit)) == nil)
        #expect(MarkdownBudget.excess(in: String(repeating: "1. a\n", count: limit + 1)) != nil)
        // Markers however they are written: `)`, indented, quoted, nine digits, one ending the text,
        // lines ended by "\r" or "\r\n" (counted once).
        for marker in ["7) x\n", "   12. x\n", "> > 3.\tx\n", "123456789. x\n", "1.\n", "1. x\r", "1.\r", "1. x\r\n"] {
            #expect(MarkdownBudget.excess(in: String(repeating: marker, count: limit + 1)) != nil, "\(marker)")
        }
        #expect(MarkdownBudget.excess(in: String(repeating: "1. a\r\n", count: limit)) == nil)
        #expect(MarkdownBudget.excess(in: String(repeating: "1. a\n", count: limit) + "2.") != nil)
        // The shortest text with one item too many: lines are counted only past three bytes an item.
        #expect(MarkdownBudget.excess(in: String(repeating: "1.\n", count: limit) + "1.") != nil)
        // Lines that only look like numbers are no items.
        for line in ["1.5 kg\n", "1234567890. x\n", "a 1. x\n", "- 1 x\n", "1.x\n"] {
            #expect(MarkdownBudget.excess(in: String(repeating: line, count: limit + 1)) == nil, "\(line)")
        }
        // A long message of prose is parsed, whatever its size.
        #expect(MarkdownBudget.excess(in: Self.repeated("Plain words, a comma, a full stop. ")) == nil)
    }

    @Test func plainTextKeepsParagraphsAndLineBreaks() {
        let document = MarkdownBudget.plainDocument("one\r\ntwo\n\n\n**three**")
        #expect(document.blocks == [.paragraph([.text("one"), .lineBreak, .text("two")]), .paragraph([.text("**three**")])])
    }

    @Test func nestingPastTheDepthLimitKeepsItsText() {
        // Thousands of levels, within the budget: flattened, every "a" kept, in order.
        let levels = 3_000
        let text = Self.repeated("*a **a ", bytes: levels * 7) + "b" + Self.repeated(" a** a*", bytes: levels * 7)
        #expect(MarkdownBudget.excess(in: text) == nil)
        let document = ChatMarkdown.parse(text, mentionedUsers: [])
        guard case .paragraph(let inlines)? = document.blocks.first else { Issue.record("expected a paragraph"); return }
        #expect(inlines.plainText.filter { $0 == "a" }.count == 4 * levels)
        #expect(inlines.plainText.contains("b"))
        let quotes = ChatMarkdown.parse(Self.repeated("> ", bytes: 2 * 5_000) + "deep", mentionedUsers: [])
        #expect(Self.text(of: quotes.blocks).contains("deep"))
        let lists = ChatMarkdown.parse(
            (0..<200).map { String(repeating: "  ", count: $0) + "- item \($0)\n" }.joined(),
            mentionedUsers: [])
        #expect(Self.text(of: lists.blocks).contains("item 199"))
    }

    private static func text(of blocks: [MarkdownBlock]) -> String {
        blocks.map { block -> String in
            switch block {
            case .paragraph(let inlines), .heading(_, let inlines): return inlines.plainText
            case .blockQuote(let blocks): return text(of: blocks)
            case .list(_, _, let items): return items.map(text(of:)).joined(separator: " ")
            case .codeBlock(_, let code): return code
            case .htmlBlock(let html): return html
            case .thematicBreak: return ""
            case .table(let table): return table.plainLines.joined(separator: " ")
            }
        }.joined(separator: " ")
    }
}
