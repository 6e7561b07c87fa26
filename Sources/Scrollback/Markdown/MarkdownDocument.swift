/// A message's text parsed as CommonMark, as plain Swift values (no cmark pointer survives
/// parsing). Chat additions, bare URLs and `@mentions`, are already resolved into
/// ``MarkdownInline/link(destination:title:children:)`` and ``MarkdownInline/mention(userID:text:)``.
public struct MarkdownDocument: Sendable, Hashable {
    public var blocks: [MarkdownBlock]

    public init(blocks: [MarkdownBlock]) {
        self.blocks = blocks
    }

    public var isEmpty: Bool { blocks.isEmpty }
}

public indirect enum MarkdownBlock: Sendable, Hashable {
    case paragraph([MarkdownInline])
    case heading(level: Int, [MarkdownInline])
    case blockQuote([MarkdownBlock])
    /// `start` is the first number of an ordered list, `nil` for a bullet list.
    case list(start: Int?, tight: Bool, items: [[MarkdownBlock]])
    case codeBlock(info: String, code: String)
    /// Raw HTML the sender typed. Never emitted as HTML: every backend shows it as text.
    case htmlBlock(String)
    case thematicBreak
}

public indirect enum MarkdownInline: Sendable, Hashable {
    case text(String)
    case code(String)
    case emphasis([MarkdownInline])
    case strong([MarkdownInline])
    /// A link as written; backends check `destination` against the allow-list before using it.
    case link(destination: String, title: String, children: [MarkdownInline])
    case image(source: String, title: String, alt: [MarkdownInline])
    /// `@Name` of one of the message's `mentioned_users`; `text` is the text as written.
    case mention(userID: String, text: String)
    /// Raw inline HTML the sender typed: shown as text.
    case html(String)
    case softBreak
    case lineBreak
}

extension MarkdownInline {
    /// The text a reader sees, without markup (for alt text, previews and plain outputs).
    public var plainText: String {
        switch self {
        case .text(let text), .code(let text), .html(let text): return text
        case .mention(_, let text): return text
        case .emphasis(let children), .strong(let children), .link(_, _, let children), .image(_, _, let children):
            return children.plainText
        case .softBreak, .lineBreak: return " "
        }
    }
}

extension Array where Element == MarkdownInline {
    public var plainText: String { map(\.plainText).joined() }
}
