import Foundation
import Scrollback

/// Options for deterministic snapshots: UTC, POSIX locale, 80 columns, no colour.
extension RenderOptions {
    public static let snapshot = RenderOptions(timeZone: TimeZone(identifier: "UTC")!, locale: Locale(identifier: "en_US_POSIX"),
                                               width: 80, colorDepth: .none)
}

/// The three outputs, for a single view: what an app's custom component draws.
extension Snapshotting where Value == View, Format == String {
    public static func html(options: RenderOptions = .snapshot) -> Snapshotting {
        Snapshotting(pathExtension: "html", diffing: .lines) { view in
            var backend = HTMLBackend(output: "", options: options)
            backend.write(view)
            return backend.output
        }
    }

    public static func ansi(options: RenderOptions = .snapshot) -> Snapshotting {
        Snapshotting(pathExtension: "txt", diffing: .lines) { view in
            var backend = ANSIBackend(output: "", options: options)
            backend.write(view)
            return backend.output
        }
    }

    public static func markdown(options: RenderOptions = .snapshot) -> Snapshotting {
        Snapshotting(pathExtension: "md", diffing: .lines) { view in
            var backend = MarkdownBackend(output: "", options: options)
            backend.write(view)
            return backend.output
        }
    }
}

/// The three outputs, for a list of messages rendered with a factory and resolver: the
/// messages' part of the document, without the page around it.
extension Snapshotting where Value == [ChatMessage], Format == String {
    public static func html(options: RenderOptions = .snapshot, factory: any ViewFactory = DefaultViewFactory(),
                            resolver: any MessageTypeResolving = DefaultMessageTypeResolver(),
                            attachmentViews: AttachmentViewRegistry = AttachmentViewRegistry()) -> Snapshotting {
        messages(extension: "html", TranscriptRenderer(options: options, factory: factory, resolver: resolver, attachmentViews: attachmentViews)) {
            HTMLBackend(output: "", options: options)
        } output: { $0.output }
    }

    public static func ansi(options: RenderOptions = .snapshot, factory: any ViewFactory = DefaultViewFactory(),
                            resolver: any MessageTypeResolving = DefaultMessageTypeResolver(),
                            attachmentViews: AttachmentViewRegistry = AttachmentViewRegistry()) -> Snapshotting {
        messages(extension: "txt", TranscriptRenderer(options: options, factory: factory, resolver: resolver, attachmentViews: attachmentViews)) {
            ANSIBackend(output: "", options: options)
        } output: { $0.output }
    }

    public static func markdown(options: RenderOptions = .snapshot, factory: any ViewFactory = DefaultViewFactory(),
                                resolver: any MessageTypeResolving = DefaultMessageTypeResolver(),
                                attachmentViews: AttachmentViewRegistry = AttachmentViewRegistry()) -> Snapshotting {
        messages(extension: "md", TranscriptRenderer(options: options, factory: factory, resolver: resolver, attachmentViews: attachmentViews)) {
            MarkdownBackend(output: "", options: options)
        } output: { $0.output }
    }

    private static func messages<Backend: TranscriptBackend & SendableMetatype>(
        extension pathExtension: String, _ renderer: TranscriptRenderer,
        backend makeBackend: @escaping @Sendable () -> Backend, output: @escaping @Sendable (Backend) -> String
    ) -> Snapshotting {
        Snapshotting(pathExtension: pathExtension, diffing: .lines) { messages in
            var fragment = FragmentBackend(wrapped: makeBackend())
            renderer.render(messages: messages, to: &fragment)
            return output(fragment.wrapped)
        }
    }
}

extension Snapshotting where Value == ChatMessage, Format == String {
    public static func html(options: RenderOptions = .snapshot, factory: any ViewFactory = DefaultViewFactory(),
                            attachmentViews: AttachmentViewRegistry = AttachmentViewRegistry()) -> Snapshotting {
        Snapshotting<[ChatMessage], String>.html(options: options, factory: factory, attachmentViews: attachmentViews).pullback { [$0] }
    }

    public static func ansi(options: RenderOptions = .snapshot, factory: any ViewFactory = DefaultViewFactory(),
                            attachmentViews: AttachmentViewRegistry = AttachmentViewRegistry()) -> Snapshotting {
        Snapshotting<[ChatMessage], String>.ansi(options: options, factory: factory, attachmentViews: attachmentViews).pullback { [$0] }
    }

    public static func markdown(options: RenderOptions = .snapshot, factory: any ViewFactory = DefaultViewFactory(),
                            attachmentViews: AttachmentViewRegistry = AttachmentViewRegistry()) -> Snapshotting {
        Snapshotting<[ChatMessage], String>.markdown(options: options, factory: factory, attachmentViews: attachmentViews).pullback { [$0] }
    }
}

/// Passes the items through and leaves out the document's beginning and end, so snapshots
/// show only what the test is about.
private struct FragmentBackend<Wrapped: TranscriptBackend>: TranscriptBackend {
    var wrapped: Wrapped
    mutating func begin(_ document: DocumentInfo, header: View) {}
    mutating func write(_ view: View) { wrapped.write(view) }
    mutating func end(_ summary: DocumentSummary, footer: View) {}
}
