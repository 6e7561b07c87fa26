import Foundation

@testable import Scrollback

/// The transcripts in Samples/, rendered whole, for tests.
enum SampleTranscripts {
    /// The repository's top folder (this file is in Tests/ScrollbackTests).
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let directory = repositoryRoot.appendingPathComponent("Samples/transcripts")

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// A card file in Samples/cards.
    static func cardsPath(_ name: String) -> String {
        directory.deletingLastPathComponent().appendingPathComponent("cards").appendingPathComponent(name).path
    }

    /// The formats the tests render in.
    typealias Format = OutputFormat

    /// Renders a sample file completely, in two passes as the command line does (threads under
    /// their first message); returns the document and the reader's warnings.
    static func render(
        _ name: String, as format: Format, options: RenderOptions = RenderOptions(),
        factory: ViewFactory = ViewFactory(),
        attachmentViews: AttachmentViewRegistry = AttachmentViewRegistry()
    ) throws -> (output: String, warnings: [ReadWarning]) {
        var warnings: [ReadWarning] = []
        let renderer = TranscriptRenderer(options: options, factory: factory, attachmentViews: attachmentViews)
        var backend = format.makeBackend(output: "", options: options)
        try renderer.render(path: path(name), onWarning: { warnings.append($0) }, to: &backend)
        return (backend.output, warnings)
    }

    /// Renders messages held in memory, as a file of them renders.
    static func renderInMemory(_ messages: [ChatMessage], as format: Format, options: RenderOptions = RenderOptions()) -> String {
        var backend = format.makeBackend(output: "", options: options)
        TranscriptRenderer(options: options).render(messages: messages, to: &backend)
        return backend.output
    }
}
