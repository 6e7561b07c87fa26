/// How much Markdown one message may ask the parser to work through.
///
/// cmark 0.30 (Debian 12's) still takes time quadratic in the input on some inline patterns:
/// `![[]()` repeated a hundred thousand times keeps it busy for minutes. Since anyone can write
/// a message, a message past either limit is not parsed: its text is shown as plain text, line
/// by line, and the reader warns about it. Real chat messages stay far below both.
enum MarkdownBudget {
    /// Opening brackets (`[`) in one message. Unclosed image openers before many links are the
    /// quadratic case: its cost grows with the square of this count.
    static let maximumBrackets = 500
    /// Bytes that open or close inline markup (`` [ ] ! * _ ` < > & \ ``): every other known
    /// superlinear pattern is made of them, so a bound on their number bounds its cost.
    static let maximumMarkupBytes = 20_000

    /// Why `text` is shown as plain text, or `nil` when it is parsed as Markdown.
    static func excess(in text: String) -> String? {
        // Both counts are at most the text's length: most messages are shorter than either limit.
        guard text.utf8.count > maximumBrackets else { return nil }
        var brackets = 0
        var markup = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "["):
                brackets += 1
                markup += 1
            case UInt8(ascii: "]"), UInt8(ascii: "!"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "`"),
                UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "\\"):
                markup += 1
            default:
                continue
            }
        }
        if brackets > maximumBrackets {
            return "\(brackets) brackets ('[') are more than the \(maximumBrackets) parsed as Markdown in one message"
        }
        if markup > maximumMarkupBytes {
            return "\(markup) markup characters are more than the \(maximumMarkupBytes) parsed as Markdown in one message"
        }
        return nil
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
