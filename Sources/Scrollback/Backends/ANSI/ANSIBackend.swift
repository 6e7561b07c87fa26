/// Writes a transcript as terminal text: wrapped to ``ANSIOptions/width`` (at least 20
/// columns), styled from the theme at ``ANSIOptions/colorDepth``, one top-level item after
/// another with a blank line between them. Its own options are ``RenderOptions/ansi``.
///
/// Nothing from a message reaches the terminal as a control: every control character in a
/// text is shown visibly (`␛`, `⟨U+202E⟩`), and the only escape sequences written are
/// Scrollback's own SGR styles, each reset at the end of its run. With ``ANSIOptions/ColorDepth/none`` the output holds no
/// ESC byte at all (a ``ViewNode/RawOutput`` whose ANSI text has escapes then falls back to its view).
public struct ANSIBackend<Output: TextOutputStream>: TranscriptBackend {
    /// The theme of the output, and the terminal's own options (``RenderOptions/ansi``): its
    /// width, colour depth and appearance.
    public let options: RenderOptions
    private var layout: ANSILayout
    private var hasWrittenItem = false
    /// What a call writes, until it hands it to ``output``.
    private var text: BackendOutput
    // Last: the other properties' places then do not depend on `Output`, which unspecialized
    // generic code would otherwise look up on every access.
    /// The stream the text is written to.
    public private(set) var output: Output

    /// A backend writing to `output`, laid out and styled by `options`.
    public init(output: Output, options: RenderOptions) {
        self.output = output
        self.options = options
        self.layout = ANSILayout(options: options)
        text = BackendOutput(for: output)
    }

    /// Writes `header` (the default's is the document's title) as the first item.
    public mutating func begin(_ document: DocumentInfo, header: ViewNode) {
        writeItem(layout.lines(for: header))
    }

    /// Writes one top-level item, with a blank line before it unless it is the first.
    public mutating func write(_ view: ViewNode) {
        writeItem(layout.lines(for: view))
    }

    /// A rule, then `footer`; a ``FlushingOutput`` is then flushed.
    public mutating func end(_ summary: DocumentSummary, footer: ViewNode) {
        defer { (output as? FlushingOutput)?.flush() }
        let lines = layout.lines(for: footer)
        writeItem(lines.isEmpty ? [] : [layout.dividerRule(width: layout.width)] + lines)
    }

    /// A terminal has no hover: titles are not shown.
    public var showsTitles: Bool { false }

    private mutating func writeItem(_ lines: [TextWrapper.Line]) {
        guard !lines.isEmpty else { return }
        // The compact style keeps one line per message: no blank line between items.
        defer { text.flush(to: &output) }
        if hasWrittenItem && layout.ansi.style == .bubbles { text.write(literal: "\n") }
        hasWrittenItem = true
        for line in lines {
            let charset = layout.ansi.charset
            guard charset.isSingleByte else {
                layout.write(line, to: &text)
                continue
            }
            var ascii = line
            for index in ascii.spans.indices {
                ascii.spans[index].text = ASCIIFallback.transliterate(ascii.spans[index].text, keeping: charset)
            }
            layout.write(ascii, to: &text)
        }
    }
}
