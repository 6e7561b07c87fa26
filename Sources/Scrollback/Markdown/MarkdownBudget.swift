/// How much Markdown one message may ask the parser to work through.
///
/// cmark 0.30 (Debian 12's) still takes time quadratic in the input on some inline patterns:
/// `![[]()` repeated a hundred thousand times keeps it busy for minutes; its CommonMark writer
/// does on long numbered lists; its block parser does on blank lines under deeply nested lists
/// (see ``NestingScan``). Since anyone can write a message, a message past any of the limits is
/// not parsed: its text is shown as plain text, line by line, and the reader warns about it.
/// Real chat messages stay far below them.
enum MarkdownBudget {
    /// Opening brackets (`[`) in one message. Unclosed image openers before many links are the
    /// quadratic case: its cost grows with the square of this count.
    static let maximumBrackets = 500
    /// Bytes that open or close inline markup (`` [ ] ! * _ ` < > & \ ``): every other known
    /// superlinear pattern is made of them, so a bound on their number bounds its cost.
    static let maximumMarkupBytes = 20_000
    /// Lines that start with an ordered list marker (`12. `, `3) `, also indented or quoted).
    /// cmark's CommonMark writer numbers each item by walking back over the ones before it, so
    /// the Markdown output of one long numbered list costs the square of its length.
    static let maximumOrderedItems = 2_000
    /// Columns of nesting summed over the lines without text (``NestingScan/work``): 1,000
    /// levels of `- ` over 1,000 blank lines, or 32 levels over 31,000. cmark takes about ten
    /// nanoseconds for each, so no message keeps its block parser busy for more than a few
    /// tens of milliseconds; chat messages nest a few levels over a few hundred blank lines at
    /// most, thousands of times below.
    static let maximumNestingWork = 2_000_000

    /// Why `text` is shown as plain text, or `nil` when it is parsed as Markdown.
    static func excess(in text: String) -> String? {
        // Every count is at most the text's length: most messages are shorter than any limit,
        // and only a long one needs its lines or markup counted (an item takes three bytes at
        // least, "1.", and the line break before the next).
        guard text.utf8.count > maximumBrackets else { return nil }
        let (brackets, markup, orderedItems, nesting) = text.withUTF8Bytes { bytes in
            (
                bytes.reduce(0) { $1 == UInt8(ascii: "[") ? $0 + 1 : $0 },
                bytes.count > maximumMarkupBytes ? markupCount(bytes) : 0,
                bytes.count > 3 * maximumOrderedItems ? orderedItemCount(bytes) : 0,
                NestingScan.mayExceed(maximumNestingWork, bytes: bytes.count) ? NestingScan.reading(bytes) : NestingScan()
            )
        }
        if orderedItems > maximumOrderedItems {
            return "\(orderedItems) numbered list items are more than the \(maximumOrderedItems) parsed as Markdown in one message"
        }
        if brackets > maximumBrackets {
            return "\(brackets) brackets ('[') are more than the \(maximumBrackets) parsed as Markdown in one message"
        }
        if markup > maximumMarkupBytes {
            return "\(markup) markup characters are more than the \(maximumMarkupBytes) parsed as Markdown in one message"
        }
        if nesting.work > maximumNestingWork {
            return "\(nesting.textlessLines) blank lines under lists or quotes up to \(nesting.deepest) columns deep "
                + "make \(nesting.work) columns of nesting, more than the \(maximumNestingWork) parsed as Markdown in one message"
        }
        return nil
    }

    private static func markupCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.reduce(0) { count, byte in
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "!"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "`"),
                UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "\\"):
                return count + 1
            default:
                return count
            }
        }
    }

    private static func orderedItemCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        var line = LineStart()
        for byte in bytes where line.read(byte) { count += 1 }
        return line.endsAnItemMarker ? count + 1 : count
    }

    /// Whether a line starts with an ordered list marker: spaces, tabs and `>` before it, one to
    /// nine digits, `.` or `)`, then a space, a tab or the end of the line.
    private struct LineStart {
        /// 0 before the line's text, 1...9 digits read, 10 just past the delimiter, 11 no marker.
        private var state = 0

        var endsAnItemMarker: Bool { state == 10 }

        /// Reads the next byte; `true` when it completes a marker.
        mutating func read(_ byte: UInt8) -> Bool {
            // cmark ends a line at "\r" as at "\n" (the "\n" of "\r\n" then ends an empty one).
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                defer { state = 0 }
                return state == 10
            }
            switch (state, byte) {
            case (11, _): return false
            case (0, UInt8(ascii: " ")), (0, UInt8(ascii: "\t")), (0, UInt8(ascii: ">")): return false
            case (0...8, UInt8(ascii: "0")...UInt8(ascii: "9")): state += 1
            case (1...9, UInt8(ascii: ".")), (1...9, UInt8(ascii: ")")): state = 10
            case (10, UInt8(ascii: " ")), (10, UInt8(ascii: "\t")):
                state = 11
                return true
            default: state = 11
            }
            return false
        }
    }

    /// Reads a text line by line for how deeply cmark's block parser is nested at each line.
    ///
    /// cmark keeps the blocks around the current line open, lists and quotes inside one
    /// another, and checks each line against every open one from the outside in. A list item
    /// goes on through a blank line, so a blank line costs the parser the depth of the lists
    /// open around it, however short it is: `- ` 30,000 times, a letter and 30,000 newlines take
    /// it ten seconds, a megabyte of them half an hour. Every other line pays with bytes of its
    /// own for the blocks it passes through or opens: a quote takes a `>`, an item takes as many
    /// columns of indentation as its marker did, a new list its marker.
    ///
    /// So the open blocks are bounded from above in columns of the markers and indentation
    /// that start each line (spaces, tabs as four, `>`, `-`, `+`, `*`, digits, `.`, `)`): after
    /// a line, cmark holds at most ``depth`` + 2 blocks open (a marker ending the line opens a
    /// list and its item in one column; a leaf block sits innermost). A line with text after
    /// its markers closes every block it does not pass through, unless it continues an open
    /// paragraph ("lazily"), which only a blank line rules out: then the bound drops to the
    /// line's own columns; after any other line it keeps the greatest. ``work``, the bound
    /// summed over the lines without text, is what blank lines can cost cmark beyond a few
    /// steps a byte. `MarkdownNestingTests` checks the bound against the blocks that cmark's
    /// tree holds open at each line of generated texts.
    struct NestingScan {
        /// Columns of nesting that bound what cmark holds open after the line just read.
        private(set) var depth = 0
        /// ``depth`` summed over the lines without text: blank, or markers and spaces only.
        private(set) var work = 0
        /// How many lines without text were read.
        private(set) var textlessLines = 0
        /// The greatest ``depth`` at a line without text.
        private(set) var deepest = 0
        /// Whether a paragraph may be open: a line of text may then continue it and leave every
        /// block around it open. A blank line closes it.
        private var paragraphMayBeOpen = false

        /// Whether a text of `count` bytes can make more than `maximum` of ``work``: it has at
        /// most `count + 1` lines, none more than four columns a byte deep.
        static func mayExceed(_ maximum: Int, bytes count: Int) -> Bool {
            count > 1 << 24 || (count + 1) * 4 * count > maximum
        }

        /// The scan of all of `bytes`.
        static func reading(_ bytes: UnsafeBufferPointer<UInt8>) -> NestingScan {
            var scan = NestingScan()
            var index = textStart(bytes)
            while scan.readLine(bytes, from: &index) {}
            return scan
        }

        /// Where cmark starts reading `bytes`: past a byte-order mark, which it skips.
        static func textStart(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
            bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        }

        /// Reads the line at `index` and moves `index` past its end (`\n`, `\r` or `\r\n`, as
        /// cmark ends lines); `false` at the end of the text.
        mutating func readLine(_ bytes: UnsafeBufferPointer<UInt8>, from index: inout Int) -> Bool {
            guard index < bytes.count else { return false }
            var columns = 0
            var marked = false
            scan: while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: " "): columns += 1
                case UInt8(ascii: "\t"): columns += 4
                case UInt8(ascii: ">"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "*"), UInt8(ascii: "."), UInt8(ascii: ")"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"):
                    columns += 1
                    marked = true
                default: break scan
                }
                index += 1
            }
            let hasText = index < bytes.count && bytes[index] != UInt8(ascii: "\n") && bytes[index] != UInt8(ascii: "\r")
            while index < bytes.count, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r") { index += 1 }
            if index < bytes.count {
                let pair = bytes[index] == UInt8(ascii: "\r") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n")
                index += pair ? 2 : 1
            }
            if hasText {
                depth = paragraphMayBeOpen ? max(depth, columns) : columns
                paragraphMayBeOpen = true
            } else {
                depth = max(depth, columns)
                // Saturates: a text of gigabytes could pass Int's range.
                work = work.addingReportingOverflow(depth).overflow ? .max : work + depth
                textlessLines += 1
                deepest = max(deepest, depth)
                // Markers alone ("1.5", "--") may be a paragraph's text.
                paragraphMayBeOpen = marked
            }
            return true
        }
    }

    /// `text` as plain paragraphs: a blank line separates them, a newline is a line break.
    static func plainDocument(_ text: String) -> MarkdownDocument {
        var blocks: [MarkdownBlock] = []
        var inlines: [MarkdownInline] = []
        // "\r\n" is one Character: splitting at newline characters takes it whole.
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            if line.allSatisfy(\.isWhitespace) {
                if !inlines.isEmpty { blocks.append(.paragraph(inlines)) }
                inlines = []
                continue
            }
            if !inlines.isEmpty { inlines.append(.lineBreak) }
            inlines.append(.text(String(line)))
        }
        if !inlines.isEmpty { blocks.append(.paragraph(inlines)) }
        return MarkdownDocument(blocks: blocks)
    }
}
