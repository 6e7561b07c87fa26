@testable import Scrollback

/// Backends driven by hand, as the renderer drives them: the default factory's header and
/// footer for a document and its summary.
extension TranscriptBackend {
    mutating func begin(_ document: DocumentInfo, options: RenderOptions = RenderOptions()) {
        let context = RenderContext(options: options, factory: ViewFactory(), resolver: DefaultMessageTypeResolver())
        begin(document, header: context.factory.makeDocumentHeaderView(document, context))
    }

    mutating func end(_ summary: DocumentSummary, options: RenderOptions = RenderOptions()) {
        let context = RenderContext(options: options, factory: ViewFactory(), resolver: DefaultMessageTypeResolver())
        end(summary, footer: context.factory.makeDocumentFooterView(summary, context))
    }
}
