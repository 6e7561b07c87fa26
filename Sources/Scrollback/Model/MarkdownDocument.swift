/// A message's text parsed as CommonMark, as plain Swift values (no cmark pointer survives
/// parsing). Chat additions, bare URLs and `@mentions`, are already resolved into
/// ``MarkdownInline/link(destination:title:children:)`` and ``MarkdownInline/mention(userID:text:)``,
/// and so are GitHub's extensions: ``MarkdownInline/strikethrough(_:)``,
/// ``MarkdownInline/checkbox(checked:)`` and ``MarkdownBlock/table(_:)``.
public struct MarkdownDocument: Sendable, Hashable {
    /// The top-level blocks, in order.
    public var blocks: [MarkdownBlock]

    /// A document of `blocks`. Use ``ChatMarkdown/parse(_:mentionedUsers:)`` to read a message's
    /// text; build one by hand only for text an app writes itself.
    public init(blocks: [MarkdownBlock]) {
        self.blocks = blocks
    }

    /// Whether the document has no block (an empty or blank text).
    public var isEmpty: Bool { blocks.isEmpty }
}

/// A block of a ``MarkdownDocument``: what CommonMark puts one under another.
public enum MarkdownBlock: Sendable, Hashable {
    /// A paragraph of inline content.
    case paragraph([MarkdownInline])
    /// An ATX or setext heading; `level` is 1 to 6.
    case heading(level: Int, [MarkdownInline])
    /// A `>` block quote holding other blocks.
    case blockQuote([MarkdownBlock])
    /// `start` is the first number of an ordered list, `nil` for a bullet list.
    indirect case list(start: Int?, tight: Bool, items: [[MarkdownBlock]])
    /// A fenced or indented code block; `info` is the fence's info string (usually a language,
    /// empty when there is none) and `code` the text, line endings kept.
    indirect case codeBlock(info: String, code: String)
    /// Raw HTML the sender typed. Never emitted as HTML: every backend shows it as text.
    case htmlBlock(String)
    /// A `---` rule.
    case thematicBreak
    /// A GitHub pipe table.
    indirect case table(MarkdownTable)
}

/// A GitHub pipe table: a header row, a delimiter row giving each column's alignment, and
/// body rows. Every row has exactly ``alignments``' count of cells.
public struct MarkdownTable: Sendable, Hashable {
    /// How a column's cells line up, from the colons of its delimiter (`:--`, `:-:`, `--:`).
    public enum Alignment: Sendable, Hashable {
        /// No colon: the output's default (start of the line).
        case none
        /// `:--`
        case left
        /// `:-:`
        case center
        /// `--:`
        case right
    }

    /// One alignment per column.
    public var alignments: [Alignment]
    /// The header row's cells.
    public var header: [[MarkdownInline]]
    /// The body rows, each a list of cells.
    public var rows: [[[MarkdownInline]]]

    /// A table of these rows; shorter rows are padded with empty cells and longer ones cut, so
    /// that every row has one cell per alignment.
    public init(alignments: [Alignment], header: [[MarkdownInline]], rows: [[[MarkdownInline]]]) {
        func fitted(_ row: [[MarkdownInline]]) -> [[MarkdownInline]] {
            row.count == alignments.count
                ? row : Array((row + Array(repeating: [], count: max(0, alignments.count - row.count))).prefix(alignments.count))
        }
        self.alignments = alignments
        self.header = fitted(header)
        self.rows = rows.map(fitted)
    }
}

/// Inline content of a ``MarkdownBlock``: text and the markup around it.
public enum MarkdownInline: Sendable, Hashable {
    /// Plain text, shown as it is.
    case text(String)
    /// A code span: text between backticks, shown in a monospaced font.
    case code(String)
    /// Emphasis (`*text*`), usually italic.
    case emphasis([MarkdownInline])
    /// Strong emphasis (`**text**`), usually bold.
    case strong([MarkdownInline])
    /// GitHub's strikethrough (`~~text~~` or `~text~`).
    case strikethrough([MarkdownInline])
    /// A task list item's box (`- [ ]`, `- [x]`), ticked when `checked`. The parser puts it only
    /// first in the first paragraph of a list item, in place of the `[ ]` or `[x]` it read.
    case checkbox(checked: Bool)
    /// A link as written; backends check `destination` against the allow-list before using it.
    indirect case link(destination: String, title: String, children: [MarkdownInline])
    /// An image as written (`![alt](source "title")`); backends check `source` against the
    /// allow-list before using it.
    indirect case image(source: String, title: String, alt: [MarkdownInline])
    /// `@Name` of one of the message's `mentioned_users`; `text` is the text as written.
    indirect case mention(userID: String, text: String)
    /// Raw inline HTML the sender typed: shown as text.
    case html(String)
    /// A line ending inside a paragraph that reads as a space.
    case softBreak
    /// A line break kept in the output; a message's own newlines become these.
    case lineBreak
}

extension MarkdownInline {
    /// The text a reader sees, without markup (for alt text, previews and plain outputs).
    public var plainText: String {
        switch self {
        case .text(let text), .code(let text), .html(let text): return text
        case .mention(_, let text): return text
        case .emphasis(let children), .strong(let children), .strikethrough(let children), .link(_, _, let children),
            .image(_, _, let children):
            return children.plainText
        case .checkbox(let checked): return checked ? "☑ " : "☐ "
        case .softBreak, .lineBreak: return " "
        }
    }
}

extension Array where Element == MarkdownInline {
    /// The elements' ``MarkdownInline/plainText``, joined.
    public var plainText: String { map(\.plainText).joined() }
}

extension MarkdownTable {
    /// The table as plain lines, for previews and one-line forms: the header's cells, then each
    /// row's, joined by ` · `.
    public var plainLines: [String] {
        ([header] + rows).map { $0.map(\.plainText).joined(separator: " · ") }
    }
}
