import Foundation

/// Writes a transcript as CommonMark, for pasting into documents, issues and wikis.
///
/// Each item becomes Markdown values, then cmark's own CommonMark output of them (or, for plain
/// paragraphs, the same bytes written directly), so message text is escaped as cmark escapes it
/// and can never add a heading, a list, a link or HTML of its own. Items are written as they
/// come, each followed by a blank line.
public struct MarkdownBackend<Output: TextOutputStream>: TranscriptBackend {
    private var converter: MarkdownViewConverter
    /// What a call writes, until it hands it to ``output``: each item's Markdown goes there as
    /// the bytes it was written in.
    private var text: BackendOutput
    /// Whether the last block written was a list or a code block, which the next item's list
    /// or indented code could otherwise extend across the blank line.
    private var lastBlockContinues = false
    // Last: the other properties' places then do not depend on `Output`, which unspecialized
    // generic code would otherwise look up on every access.
    /// Where the Markdown goes.
    public private(set) var output: Output

    /// - Parameters:
    ///   - output: The stream to write to.
    ///   - options: The theme, for icon glyphs.
    public init(output: Output, options: RenderOptions) {
        self.output = output
        text = BackendOutput(for: output)
        converter = MarkdownViewConverter(theme: options.theme)
    }

    /// Writes `header` (the default's is a level-1 heading) as the first item.
    public mutating func begin(_ document: DocumentInfo, header: ViewNode) {
        write(header)
    }

    /// Writes one top-level item: a heading, a day separator, a message.
    public mutating func write(_ view: ViewNode) {
        defer { text.flush(to: &output) }
        if let level = view.outlineLevel { converter.outlineLevel = level }
        for segment in converter.segments(for: view) {
            switch segment {
            case .blocks(let blocks):
                write(blocks: blocks)
            case .verbatim(let markdown):
                guard !markdown.isEmpty else { continue }
                text.write(markdown)
                text.write(markdown.hasSuffix("\n") ? "\n" : "\n\n")
                // The app's Markdown may end anywhere: assume the worst.
                lastBlockContinues = true
            }
        }
    }

    /// A thematic break, then `footer`; a ``FlushingOutput`` is then flushed.
    public mutating func end(_ summary: DocumentSummary, footer: ViewNode) {
        defer {
            text.flush(to: &output)
            (output as? FlushingOutput)?.flush()
        }
        let blocks = converter.blocks(for: footer)
        guard !blocks.isEmpty else { return }
        write(blocks: [.thematicBreak] + blocks)
    }

    /// Markdown has no hover text: titles are not shown.
    public var showsTitles: Bool { false }

    private mutating func write(blocks: [MarkdownBlock]) {
        guard let first = blocks.first, let last = blocks.last else { return }
        if lastBlockContinues, Self.mayContinue(first) {
            // What cmark itself writes between two lists that must stay apart.
            text.write(literal: "<!-- end list -->\n\n")
        }
        CommonMark.commonMarkBytes(blocks).withUnsafeBufferPointer { text.write(utf8: $0) }
        text.write(literal: "\n")
        lastBlockContinues = Self.mayContinue(last)
    }

    /// A list absorbs indented lines after a blank line, and two lists of the same kind, or
    /// two indented code blocks, separated only by a blank line are one.
    private static func mayContinue(_ block: MarkdownBlock) -> Bool {
        switch block {
        case .list, .codeBlock: return true
        default: return false
        }
    }
}
