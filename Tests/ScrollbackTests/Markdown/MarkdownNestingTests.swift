import CCmark
import Testing

@testable import Scrollback

/// Blank lines under deeply nested lists: cmark 0.30 checks every line against each list and
/// quote open around it, so `- ` repeated 30,000 times, a letter and 30,000 newlines (90 KB,
/// no markup the other limits count) kept every format busy for 12 s. The texts here are
/// generated from the container patterns of cmark's pathological tests and their mutations;
/// the budget's bound is checked against cmark's own tree on small ones, and every hostile one
/// of a quarter of a megabyte must be shown as plain text. Timings are
/// `Scripts/pathological-bench`'s, on a megabyte of each shape.
@Suite struct MarkdownNestingTests {
    /// Markers that open list items on the line they start: each kind alone and mixed, with
    /// more than one space, a tab, long numbers.
    static let listOpeners = ["- ", "* ", "+ ", "1. ", "7) ", "123456789. ", "-   ", "-\t", "- * + 1. 2) "]
    /// Lists and quotes inside one another.
    static let mixedOpeners = ["> - ", "- > "]
    /// What ends the nested line: a letter, nothing (an empty item), a code fence, an HTML
    /// comment, indented code, a table row.
    static let innermost = ["a", "", "```", "<!--", "    code", "|a|"]
    /// Lines a list item goes on through: blank ones, ended every way cmark ends lines, with
    /// spaces, with a tab.
    static let blankLines = ["\n", "\r\n", "\r", "   \n", "\t\n"]
    /// Lines that look like blank ones: a quote's `>` alone, markers alone.
    static let markerLines = [">\n", "> \n", "-\n", "1.\n"]
    /// What follows the blank lines: nothing, a letter (the decoder trims trailing newlines,
    /// so a hostile message ends with one), a quoted letter, a marker.
    static let endings = ["", "b", "> b", "- b"]

    /// `piece` repeated to about `bytes`.
    static func repeated(_ piece: String, bytes: Int) -> String {
        String(repeating: piece, count: max(1, bytes / piece.utf8.count))
    }

    /// Nesting on one line followed by lines without text, about `bytes` long: half of it
    /// markers, half of it lines.
    static func nestedThenBlank(_ opener: String, _ inner: String, _ blank: String, _ ending: String, bytes: Int) -> (
        name: String, text: String
    ) {
        (
            [opener, inner, blank, ending].map(\.debugDescription).joined(separator: " "),
            repeated(opener, bytes: bytes / 2) + inner + "\n" + repeated(blank, bytes: bytes / 2) + ending
        )
    }

    /// Every mutation: each opener, innermost line, line without text and ending with every other.
    static func everyMutation(bytes: Int) -> [(name: String, text: String)] {
        (listOpeners + mixedOpeners).flatMap { opener in
            innermost.flatMap { inner in
                (blankLines + markerLines).flatMap { blank in endings.map { nestedThenBlank(opener, inner, blank, $0, bytes: bytes) } }
            }
        }
    }

    /// The mutations that take cmark time quadratic in their length: `- `, a letter, newlines
    /// and a letter, with in turn every list opener, innermost line, blank line and ending.
    static func quadraticMutations(bytes: Int) -> [(name: String, text: String)] {
        listOpeners.map { nestedThenBlank($0, "a", "\n", "b", bytes: bytes) }
            + innermost.map { nestedThenBlank("- ", $0, "\n", "b", bytes: bytes) }
            + blankLines.map { nestedThenBlank("- ", "a", $0, "b", bytes: bytes) }
            + endings.map { nestedThenBlank("- ", "a", "\n", $0, bytes: bytes) }
    }

    /// The other shapes of deep nesting over many lines: a level a line (cmark's "deeply nested
    /// lists"), also in a quote; lists in quotes, whose lines repeat the quotes' markers; a
    /// paragraph's lazy line before the blank ones; a byte-order mark (cmark skips it); tabs.
    static func otherShapes(bytes: Int) -> [(name: String, text: String)] {
        let levels = Int(Double(bytes / 2).squareRoot()) / 2
        let half = bytes / 2
        let aLevelALine = (0..<levels).map { String(repeating: "  ", count: $0) + "* a\n" }.joined()
        let quotedLevels = (0..<levels).map { "> " + String(repeating: "  ", count: $0) + "- a\n" }.joined()
        return [
            ("a level a line", aLevelALine + repeated("\n", bytes: half) + "b"),
            ("a level a line, in a quote", quotedLevels + repeated(">\n", bytes: half) + "b"),
            ("lists in a quote", "> " + repeated("- ", bytes: half) + "a\n" + repeated(">\n", bytes: half) + "b"),
            ("lists in three quotes", "> > > " + repeated("- ", bytes: half) + "a\n" + repeated("> > >\n", bytes: half) + "b"),
            ("a lazy line", repeated("- ", bytes: half) + "a\nlazy\n" + repeated("\n", bytes: half) + "b"),
            ("a byte-order mark", "\u{FEFF}" + repeated("- ", bytes: half) + "a\n" + repeated("\n", bytes: half) + "b"),
            ("tabs", repeated("-\t", bytes: half) + "a\n" + repeated("\t\t\t\n", bytes: half) + "b"),
        ]
    }

    // MARK: Past the budget

    @Test func deepNestingOverManyBlankLinesIsShownAsPlainText() {
        // A quarter of a megabyte each: cmark would take minutes on most of them, hours at a megabyte.
        for (name, text) in Self.quadraticMutations(bytes: 250_000) + Self.otherShapes(bytes: 250_000) {
            // Refused, by this limit whatever the others count (`*` and `>` are markup too).
            #expect(MarkdownBudget.excess(in: text) != nil, "\(name)")
            let work = text.withUTF8Bytes { MarkdownBudget.NestingScan.reading($0).work }
            #expect(work > MarkdownBudget.maximumNestingWork, "\(name)")
        }
        // The message of the report: 90 KB, no markup counted by any other limit.
        let reported = String(repeating: "- ", count: 30_000) + "a" + String(repeating: "\n", count: 30_000) + "b"
        #expect(
            MarkdownBudget.excess(in: reported)
                == "29999 blank lines under lists or quotes up to 60000 columns deep make 1799940000 columns of nesting, "
                + "more than the 2000000 parsed as Markdown in one message")
    }

    @Test func theNestingLimitIsExact() {
        let maximum = MarkdownBudget.maximumNestingWork
        // 1,000 levels of "- " are 2,000 columns: 1,000 blank lines under them are the limit.
        func blankLines(_ count: Int) -> String {
            String(repeating: "- ", count: 1_000) + "a" + String(repeating: "\n", count: count + 1) + "b"
        }
        #expect(MarkdownBudget.excess(in: blankLines(maximum / 2_000)) == nil)
        #expect(MarkdownBudget.excess(in: blankLines(maximum / 2_000 + 1)) != nil)
        // Indentation counts as the markers it may stand for, a tab as four columns.
        #expect(MarkdownBudget.excess(in: String(repeating: "\t", count: 500) + "a" + String(repeating: "\n", count: 1_001)) == nil)
        #expect(MarkdownBudget.excess(in: String(repeating: "\t", count: 500) + "a" + String(repeating: "\n", count: 1_002)) != nil)
        // No text that short can pass the limit, so none is scanned.
        #expect(!MarkdownBudget.NestingScan.mayExceed(maximum, bytes: 700))
        #expect(MarkdownBudget.NestingScan.mayExceed(maximum, bytes: 800))
    }

    @Test func ordinaryNestingIsStillParsed() {
        // A long message with lists three deep, quotes, code and blank lines between its parts.
        let part = "Plans:\n\n- one\n  - two\n    1. three\n\n> quoted\n> - item\n\n```\n    code\n\n```\n\n"
        #expect(MarkdownBudget.excess(in: Self.repeated(part, bytes: 100_000)) == nil)
        // So are blank lines alone, and under one level: they cost cmark no more than their bytes.
        #expect(MarkdownBudget.excess(in: "a" + String(repeating: "\n", count: 1_000_000) + "b") == nil)
        #expect(MarkdownBudget.excess(in: Self.repeated("- a\n\n", bytes: 1_000_000)) == nil)
        // 32 levels over 10,000 blank lines: far deeper than chat, and still a list.
        let deep = String(repeating: "- ", count: 32) + "deep" + String(repeating: "\n", count: 10_000) + "text"
        #expect(MarkdownBudget.excess(in: deep) == nil)
        guard case .list? = ChatMarkdown.parse(deep, mentionedUsers: []).blocks.first else { Issue.record("expected a list"); return }
    }

    // MARK: The bound against cmark

    @Test func theBoundHoldsForEveryPattern() {
        // Small enough that cmark parses each quickly, deep enough to matter.
        for (name, text) in Self.everyMutation(bytes: 600) + Self.otherShapes(bytes: 3_000)
            + MarkdownBudgetTests.pathological.map({ ($0.name, String($0.text.prefix(2_000))) })
        {
            Self.expectBound(text, name)
        }
    }

    @Test func theBoundHoldsForRandomLines() {
        // Lines of random markers, indentation and ends, so that lists, quotes, lazy lines,
        // code, HTML and blank lines meet in every order.
        let starts = ["- ", "* ", "+ ", "1. ", "2) ", "> ", ">", "  ", " ", "\t", "-", "1.", "    ", "-\t", "10. "]
        let ends = [
            "", "", "", "a", "x", "```", "~~~", "<!--", "-->", "<div>", "    x", "--", "1.5", " ", "  ", "***", "# h", "===", "|a|",
            "> x", "- x", "\t\tx", "1) x",
        ]
        let breaks = ["\n", "\n", "\n", "\r\n", "\r"]
        var random = XorShift(seed: 0x52A)
        for _ in 0..<2_000 {
            var text = random.next(20) == 0 ? "\u{FEFF}" : ""
            for line in 0..<(1 + random.next(30)) {
                if line > 0 { text += breaks[random.next(breaks.count)] }
                let markers = [0, 0, 1, 2, 3, 8, 20][random.next(7)]
                text += (0..<markers).map { _ in starts[random.next(starts.count)] }.joined() + ends[random.next(ends.count)]
            }
            Self.expectBound(text, text.debugDescription)
        }
    }

    /// Checks that after each line of `text`, cmark's tree holds no more blocks open at it than
    /// the scan's depth and two.
    static func expectBound(_ text: String, _ name: String) {
        var depths: [Int] = []
        text.withUTF8Bytes { bytes in
            var scan = MarkdownBudget.NestingScan()
            var index = MarkdownBudget.NestingScan.textStart(bytes)
            while scan.readLine(bytes, from: &index) { depths.append(scan.depth) }
        }
        let open = openBlocks(text, lines: depths.count)
        for (line, (bound, count)) in zip(depths, open).enumerated() where count > bound + 2 {
            Issue.record("\(name): line \(line + 1) has \(count) blocks open in cmark's tree, the bound is \(bound) + 2")
            return
        }
    }

    /// For each of the `lines` lines of `text`, how many blocks of cmark's tree span it: every
    /// block open at the end of the line, the document aside.
    static func openBlocks(_ text: String, lines: Int) -> [Int] {
        var source = text
        let parsed = source.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { cmark_parse_document($0.baseAddress, $0.count, CMARK_OPT_DEFAULT) }
        }
        guard let root = parsed else { return [] }
        defer { cmark_node_free(root) }
        guard let iterator = cmark_iter_new(root) else { return [] }
        defer { cmark_iter_free(iterator) }
        // Each block adds one from its first line on and takes it away after its last.
        var changes = [Int](repeating: 0, count: lines + 2)
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE || event == CMARK_EVENT_NONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node).rawValue
            guard type > CMARK_NODE_DOCUMENT.rawValue, type <= CMARK_NODE_LAST_BLOCK.rawValue else { continue }
            let first = min(max(Int(cmark_node_get_start_line(node)), 1), lines + 1)
            let last = min(max(Int(cmark_node_get_end_line(node)), first - 1), lines)
            changes[first] += 1
            changes[last + 1] -= 1
        }
        var open: [Int] = []
        var count = 0
        for line in 1...max(lines, 1) {
            count += changes[line]
            open.append(count)
        }
        return Array(open.prefix(lines))
    }
}
