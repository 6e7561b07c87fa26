extension OutputFormat {
    /// CommonMark, written by ``MarkdownBackend``, which has no options of its own; files are
    /// `.md`.
    public static let markdown = OutputFormat(name: "markdown", fileExtension: "md", aliases: ["md"], backend: MarkdownBackendMaker())
}

/// Makes ``MarkdownBackend``s for ``OutputFormat/markdown``.
private struct MarkdownBackendMaker: BackendMaker {
    func makeBackend<Output: TextOutputStream>(output: Output, options: RenderOptions) -> any OutputWritingBackend<Output> {
        MarkdownBackend(output: output, options: options)
    }
}

extension MarkdownBackend: OutputWritingBackend {}
