import Foundation
import Scrollback

extension RenderOptions {
    /// Options for deterministic snapshots: UTC, POSIX locale, 80 columns, no colour.
    public static let snapshot = RenderOptions(
        timeZone: TimeZone(identifier: "UTC")!, locale: Locale(identifier: "en_US_POSIX"),
        width: 80, colorDepth: .none)
}

/// The outputs, for a single view: what an app's custom component draws.
extension Snapshotting where Value == View, Format == String {
    /// The view written by `format`'s backend alone, in a reference file of the format's extension.
    public static func rendered(_ format: OutputFormat, options: RenderOptions = .snapshot) -> Snapshotting {
        Snapshotting(pathExtension: format.fileExtension, diffing: .lines) { view in
            var backend = format.makeBackend(output: "", options: options)
            backend.write(view)
            return format == .html ? HTMLSnapshotLayout.format(backend.output) : backend.output
        }
    }

    /// The view as HTML: ``rendered(_:options:)`` with ``OutputFormat/html``.
    public static func html(options: RenderOptions = .snapshot) -> Snapshotting { rendered(.html, options: options) }

    /// The view as terminal text: ``rendered(_:options:)`` with ``OutputFormat/ansi``.
    public static func ansi(options: RenderOptions = .snapshot) -> Snapshotting { rendered(.ansi, options: options) }

    /// The view as Markdown: ``rendered(_:options:)`` with ``OutputFormat/markdown``.
    public static func markdown(options: RenderOptions = .snapshot) -> Snapshotting { rendered(.markdown, options: options) }
}

/// The outputs, for a list of messages rendered with a factory and resolver: the messages'
/// part of the document, without the page around it.
extension Snapshotting where Value == [ChatMessage], Format == String {
    /// The messages in `format`, as a renderer with these components draws them, without the
    /// document's beginning and end, in a reference file of the format's extension.
    public static func rendered(
        _ format: OutputFormat, options: RenderOptions = .snapshot,
        factory: any ViewFactory = DefaultViewFactory(),
        resolver: any MessageTypeResolving = DefaultMessageTypeResolver(),
        attachmentViews: AttachmentViewRegistry = AttachmentViewRegistry()
    ) -> Snapshotting {
        let renderer = TranscriptRenderer(options: options, factory: factory, resolver: resolver, attachmentViews: attachmentViews)
        return Snapshotting(pathExtension: format.fileExtension, diffing: .lines) { messages in
            var fragment = FragmentBackend(wrapped: format.makeBackend(output: "", options: options))
            renderer.render(messages: messages, to: &fragment)
            return format == .html ? HTMLSnapshotLayout.format(fragment.wrapped.output) : fragment.wrapped.output
        }
    }

    /// The messages as HTML: ``rendered(_:options:factory:resolver:attachmentViews:)`` with ``OutputFormat/html``.
    public static func html(
        options: RenderOptions = .snapshot, factory: any ViewFactory = DefaultViewFactory(),
        resolver: any MessageTypeResolving = DefaultMessageTypeResolver(),
        attachmentViews: AttachmentViewRegistry = AttachmentViewRegistry()
    ) -> Snapshotting {
        rendered(.html, options: options, factory: factory, resolver: resolver, attachmentViews: attachmentViews)
    }

    /// The messages as terminal text: ``rendered(_:options:factory:resolver:attachmentViews:)`` with ``OutputFormat/ansi``.
    public static func ansi(
        options: RenderOptions = .snapshot, factory: any ViewFactory = DefaultViewFactory(),
        resolver: any MessageTypeResolving = DefaultMessageTypeResolver(),
        attachmentViews: AttachmentViewRegistry = AttachmentViewRegistry()
    ) -> Snapshotting {
        rendered(.ansi, options: options, factory: factory, resolver: resolver, attachmentViews: attachmentViews)
    }

    /// The messages as Markdown: ``rendered(_:options:factory:resolver:attachmentViews:)`` with ``OutputFormat/markdown``.
    public static func markdown(
        options: RenderOptions = .snapshot, factory: any ViewFactory = DefaultViewFactory(),
        resolver: any MessageTypeResolving = DefaultMessageTypeResolver(),
        attachmentViews: AttachmentViewRegistry = AttachmentViewRegistry()
    ) -> Snapshotting {
        rendered(.markdown, options: options, factory: factory, resolver: resolver, attachmentViews: attachmentViews)
    }
}

/// The outputs, for one message: the list strategies with one message.
extension Snapshotting where Value == ChatMessage, Format == String {
    /// The message in `format`: ``Snapshotting/rendered(_:options:factory:resolver:attachmentViews:)`` with `[message]`.
    public static func rendered(
        _ format: OutputFormat, options: RenderOptions = .snapshot,
        factory: any ViewFactory = DefaultViewFactory(),
        resolver: any MessageTypeResolving = DefaultMessageTypeResolver(),
        attachmentViews: AttachmentViewRegistry = AttachmentViewRegistry()
    ) -> Snapshotting {
        Snapshotting<[ChatMessage], String>.rendered(
            format, options: options, factory: factory, resolver: resolver,
            attachmentViews: attachmentViews
        ).pullback { [$0] }
    }

    /// The message as HTML: ``rendered(_:options:factory:resolver:attachmentViews:)`` with ``OutputFormat/html``.
    public static func html(
        options: RenderOptions = .snapshot, factory: any ViewFactory = DefaultViewFactory(),
        resolver: any MessageTypeResolving = DefaultMessageTypeResolver(),
        attachmentViews: AttachmentViewRegistry = AttachmentViewRegistry()
    ) -> Snapshotting {
        rendered(.html, options: options, factory: factory, resolver: resolver, attachmentViews: attachmentViews)
    }

    /// The message as terminal text: ``rendered(_:options:factory:resolver:attachmentViews:)`` with ``OutputFormat/ansi``.
    public static func ansi(
        options: RenderOptions = .snapshot, factory: any ViewFactory = DefaultViewFactory(),
        resolver: any MessageTypeResolving = DefaultMessageTypeResolver(),
        attachmentViews: AttachmentViewRegistry = AttachmentViewRegistry()
    ) -> Snapshotting {
        rendered(.ansi, options: options, factory: factory, resolver: resolver, attachmentViews: attachmentViews)
    }

    /// The message as Markdown: ``rendered(_:options:factory:resolver:attachmentViews:)`` with ``OutputFormat/markdown``.
    public static func markdown(
        options: RenderOptions = .snapshot, factory: any ViewFactory = DefaultViewFactory(),
        resolver: any MessageTypeResolving = DefaultMessageTypeResolver(),
        attachmentViews: AttachmentViewRegistry = AttachmentViewRegistry()
    ) -> Snapshotting {
        rendered(.markdown, options: options, factory: factory, resolver: resolver, attachmentViews: attachmentViews)
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
