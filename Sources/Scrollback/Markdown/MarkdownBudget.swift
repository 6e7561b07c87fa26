/// How much Markdown one message may ask the parser to work through.
///
/// cmark 0.30 (Debian 12's) still takes time quadratic in the input on some inline patterns:
/// `![[]()` repeated a hundred thousand times keeps it busy for minutes; its CommonMark writer
/// does on long numbered lists. Since anyone can write a message, a message past any of the
/// limits is not parsed: its text is shown as plain text, line by line, and the reader warns
/// about it. Real chat messages stay far below them.
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

    /// Why `text` is shown as plain text, or `nil` when it is parsed as Markdown.
    static func excess(in text: String) -> String? {
        // Every count is at most the text's length: most messages are shorter than any limit,
        // and only a long one needs its lines or markup counted (an item takes three bytes at
        // least, "1.", and the line break before the next).
        guard text.utf8.count > maximumBrackets else { return nil }
        let (brackets, markup, orderedItems) = text.withUTF8Bytes { bytes in
            (
                bytes.reduce(0) { $1 == UInt8(ascii: "[") ? $0 + 1 : $0 },
                bytes.count > maximumMarkupBytes ? markupCount(bytes) : 0,
                bytes.count > 3 * maximumOrderedItems ? orderedItemCount(bytes) : 0
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
            if byte == UInt8(ascii: "\n") {
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
