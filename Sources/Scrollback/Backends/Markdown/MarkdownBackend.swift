import Foundation

/// Writes a transcript as CommonMark, for pasting into documents, issues and wikis.
///
/// Each item becomes Markdown values, a cmark node tree and cmark's own CommonMark output, so
/// message text is escaped by the renderer and can never add a heading, a list, a link or HTML
/// of its own. Items are written as they come, each followed by a blank line.
public struct MarkdownBackend<Output: TextOutputStream>: TranscriptBackend {
    /// Where the Markdown goes.
    public private(set) var output: Output
    private let converter: MarkdownViewConverter
    /// For the closing summary; made once, as formatters are costly to create.
    private let summaryDateFormatter: DateFormatter
    /// Whether the last block written was a list or a code block, which the next item's list
    /// or indented code could otherwise extend across the blank line.
    private var lastBlockContinues = false

    /// - Parameters:
    ///   - output: The stream to write to.
    ///   - options: The theme (for icon glyphs) and the time zone of the closing summary.
    public init(output: Output, options: RenderOptions) {
        self.output = output
        converter = MarkdownViewConverter(theme: options.theme)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = options.timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        summaryDateFormatter = formatter
    }

    /// Writes the title as a level-1 heading.
    public mutating func begin(_ document: DocumentInfo) {
        write(blocks: converter.blocks(for: .heading(level: 1, document.title)))
    }

    /// Writes one top-level item: a heading, a day separator, a message.
    public mutating func write(_ view: View) {
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

    /// Writes a rule and one emphasised line: "N messages · first – last · time zone · generator".
    public mutating func end(_ summary: DocumentSummary) {
        var parts = [converter.theme.messageCount(summary.messageCount)]
        switch (summary.firstDate, summary.lastDate) {
        case let (first?, last?):
            parts.append(summaryDateFormatter.string(from: first) + " – " + summaryDateFormatter.string(from: last))
        case let (date?, nil), let (nil, date?):
            parts.append(summaryDateFormatter.string(from: date))
        case (nil, nil):
            break
        }
        parts.append(summary.timeZoneIdentifier)
        parts.append(summary.generator)
        let line = parts.filter { !$0.isEmpty }.joined(separator: " · ")
        write(blocks: [.thematicBreak, .paragraph([.emphasis([.text(line)])])])
    }

    private mutating func write(blocks: [MarkdownBlock]) {
        guard let first = blocks.first, let last = blocks.last else { return }
        if lastBlockContinues, Self.mayContinue(first) {
            // What cmark itself writes between two lists that must stay apart.
            output.write("<!-- end list -->\n\n")
        }
        output.write(CommonMark.renderCommonMark(blocks))
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
