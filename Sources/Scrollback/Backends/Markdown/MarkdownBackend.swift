import Foundation

/// Writes a transcript as CommonMark, for pasting into documents, issues and wikis.
///
/// Each item becomes Markdown values, then cmark's own CommonMark output of them (or, for plain
/// paragraphs, the same bytes written directly), so message text is escaped as cmark escapes it
/// and can never add a heading, a list, a link or HTML of its own. Items are written as they
/// come, each followed by a blank line.
public struct MarkdownBackend<Output: TextOutputStream>: TranscriptBackend {
    /// Where the Markdown goes.
    public private(set) var output: Output
    private var converter: MarkdownViewConverter
    /// ``output`` itself when it takes UTF-8 bytes (``OutputSink``): each item's Markdown goes
    /// to it as the bytes it was written in.
    private let utf8Output: (any UTF8Output)?
    /// Whether the last block written was a list or a code block, which the next item's list
    /// or indented code could otherwise extend across the blank line.
    private var lastBlockContinues = false

    /// - Parameters:
    ///   - output: The stream to write to.
    ///   - options: The theme, for icon glyphs.
    public init(output: Output, options: RenderOptions) {
        self.output = output
        utf8Output = output as? any UTF8Output
        converter = MarkdownViewConverter(theme: options.theme)
    }

    /// Writes `header` (the default's is a level-1 heading) as the first item.
    public mutating func begin(_ document: DocumentInfo, header: View) {
        write(header)
    }

    /// Writes one top-level item: a heading, a day separator, a message.
    public mutating func write(_ view: View) {
        if let level = view.outlineLevel { converter.outlineLevel = level }
        for segment in converter.segments(for: view) {
            switch segment {
            case .blocks(let blocks):
                write(blocks: blocks)
            case .verbatim(let markdown):
                guard !markdown.isEmpty else { continue }
                output.write(markdown)
                output.write(markdown.hasSuffix("\n") ? "\n" : "\n\n")
                // The app's Markdown may end anywhere: assume the worst.
                lastBlockContinues = true
            }
        }
    }

    /// A thematic break, then `footer`; a ``FlushingOutput`` is then flushed.
    public mutating func end(_ summary: DocumentSummary, footer: View) {
        defer { (output as? FlushingOutput)?.flush() }
        let blocks = converter.blocks(for: footer)
        guard !blocks.isEmpty else { return }
        write(blocks: [.thematicBreak] + blocks)
    }

    private mutating func write(blocks: [MarkdownBlock]) {
        guard let first = blocks.first, let last = blocks.last else { return }
        if lastBlockContinues, Self.mayContinue(first) {
            // What cmark itself writes between two lists that must stay apart.
            output.write("<!-- end list -->\n\n")
        }
        let markdown = CommonMark.commonMarkBytes(blocks)
        if let utf8Output {
            markdown.withUnsafeBufferPointer(utf8Output.write(utf8:))
        } else {
            output.write(String(decoding: markdown, as: UTF8.self))
        }
        output.write("\n")
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
