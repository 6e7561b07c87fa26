/// What only the HTML page reads: where its media come from, and whether it can be searched.
/// Set on ``RenderOptions/html``; ``HTMLBackend`` reads them, and no other part of a rendering.
public struct HTMLOptions: Sendable {
    /// Whether the page may load images from the URLs in the messages. When `false`, every
    /// image, thumbnail and avatar becomes a labelled link and the page's policy forbids images,
    /// so opening it fetches nothing (no tracking pixels, no leaked IP address).
    public var remoteMedia: Bool
    /// The local copies of an offline archive. When set, images, posters, avatars and the
    /// channel image are drawn from their saved copies, links to a saved file open the copy,
    /// anything not saved is drawn as a labelled card, and the page's policy allows images from
    /// the page's own place only (`img-src 'self'`), so opening it fetches nothing remote.
    public var mediaLocations: MediaLocations?
    /// A search bar at the top of the page and the one inline script that drives it (filters
    /// as you type, highlights matches, opens threads that hold one). The script is a constant
    /// of the library, allowed by its hash in the page's policy; it reads the page and never
    /// turns message text into code or markup. `false` (the default) leaves the page without
    /// any script, byte for byte as without this option.
    public var search: Bool

    /// Page options; the defaults load the messages' images, keep no copies and add no search.
    public init(remoteMedia: Bool = true, mediaLocations: MediaLocations? = nil, search: Bool = false) {
        self.remoteMedia = remoteMedia
        self.mediaLocations = mediaLocations
        self.search = search
    }
}

extension RenderOptions {
    /// The page's own options, which only ``HTMLBackend`` reads.
    public var html: HTMLOptions {
        get { self[format: HTMLOptions.self, default: HTMLOptions()] }
        set { self[format: HTMLOptions.self, default: HTMLOptions()] = newValue }
    }
}

extension OutputFormat {
    /// One self-contained HTML page, written by ``HTMLBackend`` with ``RenderOptions/html``;
    /// files are `.html` (`.htm` is read as HTML too).
    public static let html = OutputFormat(name: "html", fileExtension: "html", aliases: ["htm"], backend: HTMLBackendMaker())
}

/// Makes ``HTMLBackend``s for ``OutputFormat/html``.
private struct HTMLBackendMaker: BackendMaker {
    func makeBackend<Output: TextOutputStream>(output: Output, options: RenderOptions) -> any OutputWritingBackend<Output> {
        HTMLBackend(output: output, options: options)
    }
}

extension HTMLBackend: OutputWritingBackend {}
