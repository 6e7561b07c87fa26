import Foundation
import Scrollback

/// The strategies for one view: what an app's custom component draws.
extension Snapshotting where Value == ViewNode, Format == String {
    /// The view written by `format`'s backend alone, in a reference file of the format's
    /// extension (HTML laid out one block element a line). `options` default to the scope's
    /// (``SnapshotDefaults``).
    public static func rendered(_ format: OutputFormat, options: RenderOptions? = nil) -> Snapshotting {
        let options = options ?? SnapshotDefaults.current.options
        return Snapshotting(pathExtension: format.fileExtension, diffing: .lines) { view in
            var backend = format.makeBackend(output: "", options: options)
            backend.write(view)
            return format == .html ? HTMLSnapshotLayout.format(backend.output) : backend.output
        }
    }

    /// The view tree as readable text (roles, text, links, images, times), in a `.dump` file:
    /// what the component decided, whatever a format makes of it.
    public static var dump: Snapshotting {
        Snapshotting(pathExtension: "dump", diffing: .lines) { ViewDump.dump($0) }
    }
}

/// The strategies for a transcript (a ``ChatFixture``, `[ChatMessage]` or one `ChatMessage`):
/// the whole document that `scrollback render` writes for the same input and options, drawn by
/// the app's components, naming ``SnapshotDefaults/generator`` where the command names its
/// version. Options and components left `nil` are the scope's (``SnapshotDefaults``, set by the
/// `.snapshots(...)` trait).
extension Snapshotting where Value: TranscriptSnapshotValue, Format == String {
    /// The document in `format`, byte for byte as `scrollback render` writes it but for the
    /// generator, in a reference file of the format's extension. For HTML two things make the reference readable: the
    /// `<style>` element's content is left out (it is the same for every document of a theme:
    /// pin it once per theme with `.stylesheet`), and each block element starts a line.
    public static func rendered(
        _ format: OutputFormat, options: RenderOptions? = nil, factory: (ViewFactory)? = nil,
        resolver: (any MessageTypeResolving)? = nil, attachmentViews: AttachmentViewRegistry? = nil,
        filter: MessageFilter = MessageFilter()
    ) -> Snapshotting {
        let renderer = SnapshotDefaults.current.renderer(
            options: options, factory: factory, resolver: resolver, attachmentViews: attachmentViews, filter: filter)
        let document = Snapshotting<String, String>.document(format)
        return Snapshotting(pathExtension: format.fileExtension, diffing: .lines) { value in
            let fixture = value.chatFixture
            var backend = format.makeBackend(output: "", options: renderer.options)
            renderer.render(
                events: fixture.events, shape: fixture.shape, skippedMessageCount: fixture.skippedMessageCount,
                hardDeletedMessageCount: fixture.hardDeletedMessageCount, to: &backend)
            return try document.snapshot(backend.output)
        }
    }

    /// The document's view tree as readable text, in a `.dump` file: the header, every item
    /// the factory made (roles, text, links, images, times, quotes and where they point) and
    /// the footer. It pins what the components decided without pinning a format's bytes.
    public static func dump(
        options: RenderOptions? = nil, factory: (ViewFactory)? = nil, resolver: (any MessageTypeResolving)? = nil,
        attachmentViews: AttachmentViewRegistry? = nil, filter: MessageFilter = MessageFilter()
    ) -> Snapshotting {
        let renderer = SnapshotDefaults.current.renderer(
            options: options, factory: factory, resolver: resolver, attachmentViews: attachmentViews, filter: filter)
        return Snapshotting(pathExtension: "dump", diffing: .lines) { value in
            let fixture = value.chatFixture
            var backend = DumpBackend()
            renderer.render(
                events: fixture.events, shape: fixture.shape, skippedMessageCount: fixture.skippedMessageCount,
                hardDeletedMessageCount: fixture.hardDeletedMessageCount, to: &backend)
            return backend.output
        }
    }
}

extension Snapshotting where Value == String, Format == String {
    /// Text compared as it is, line by line, in a `pathExtension` file.
    public static func lines(pathExtension: String = "txt") -> Snapshotting {
        Snapshotting(pathExtension: pathExtension, diffing: .lines) { $0 }
    }

    /// A whole document of `format` that the test rendered itself, as the transcript
    /// strategies store theirs: naming ``SnapshotDefaults/generator`` where Scrollback named
    /// itself with its version (the HTML `generator` meta, the footer); HTML without its
    /// stylesheet, one block element a line; the other formats as they are.
    public static func document(_ format: OutputFormat) -> Snapshotting {
        lines(pathExtension: format.fileExtension).pullback { rendered in
            let document = pinningGenerator(rendered, format: format)
            guard format == .html else { return document }
            guard let start = document.range(of: "<style>"),
                let end = document.range(of: "</style>", range: start.upperBound..<document.endIndex)
            else { return HTMLSnapshotLayout.format(document) }
            return HTMLSnapshotLayout.format(
                document.replacingCharacters(in: start.upperBound..<end.lowerBound, with: "/* the theme's stylesheet */"))
        }
    }
}

/// `document` naming ``SnapshotDefaults/generator`` where the library wrote its own generator,
/// Scrollback and its version: in HTML the `generator` meta; in every format the footer, which
/// closes the document after every message (the part after the HTML footer's tag, else the last
/// line). A message quoting the version elsewhere keeps it.
func pinningGenerator(_ document: String, format: OutputFormat) -> String {
    let versioned = RenderOptions.default.generator
    var document = document
    let footer: String.Index
    if format == .html {
        func meta(_ generator: String) -> String { "<meta name=\"generator\" content=\"\(generator)\">" }
        if let range = document.range(of: meta(versioned)) { document.replaceSubrange(range, with: meta(SnapshotDefaults.generator)) }
        footer = document.range(of: "<footer class=\"sb-summary\">", options: .backwards)?.upperBound ?? document.endIndex
    } else {
        let end = document.lastIndex { !$0.isNewline } ?? document.startIndex
        footer = document[..<end].lastIndex(of: "\n").map(document.index(after:)) ?? document.startIndex
    }
    if let range = document.range(of: versioned, options: .backwards, range: footer..<document.endIndex) {
        document.replaceSubrange(range, with: SnapshotDefaults.generator)
    }
    return document
}

extension Snapshotting where Value == Theme, Format == String {
    /// The theme's HTML stylesheet, in a `.css` file: what the HTML transcript references
    /// leave out, pinned once per theme.
    public static var stylesheet: Snapshotting {
        Snapshotting(pathExtension: "css", diffing: .lines) { Stylesheet(theme: $0).css }
    }
}
