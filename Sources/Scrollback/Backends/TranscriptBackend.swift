import Foundation

/// An output format's writer. A backend writes as it goes: ``begin(_:header:)`` once,
/// ``write(_:)`` for each top-level item of the transcript (a channel heading, a day separator,
/// a message), ``end(_:footer:)`` once. It owns its page frame and all escaping for its format;
/// everything a reader sees comes from the ``ViewFactory``.
public protocol TranscriptBackend {
    /// Opens the document: the page frame, and `header` (the factory's document header) where
    /// the format puts a title.
    mutating func begin(_ document: DocumentInfo, header: ViewNode)
    /// Writes one top-level item.
    mutating func write(_ view: ViewNode)
    /// Writes `footer` (the factory's view of `summary`) and closes the document.
    mutating func end(_ summary: DocumentSummary, footer: ViewNode)
    /// Whether the format shows titles: a ``ViewNode/titled(_:title:)`` view's and a message's
    /// ``MessageFrame/authorTitle``, which HTML shows on hover. The default factory leaves out
    /// the titles a backend does not show (who gave each reaction takes work to list); `true`
    /// unless the backend says otherwise.
    var showsTitles: Bool { get }
    /// Whether a document opens with the factory's search bar
    /// (``ViewFactory/makeSearchBarView``), after its header: the backend has a
    /// way to run it, as an HTML page with ``HTMLOptions/search`` has. `false` unless the
    /// backend says otherwise; a backend that wraps another says what the other says.
    var showsSearchBar: Bool { get }
}

extension TranscriptBackend {
    /// Titles are shown, unless the backend says otherwise.
    public var showsTitles: Bool { true }

    /// No search bar, unless the backend says otherwise.
    public var showsSearchBar: Bool { false }
}

/// An output that holds written text back until flushed, as ``OutputSink`` does. The built-in
/// backends flush such an output when a document ends, so that a rendering that returns has
/// written its whole document, even where the sink is never released (a global in a script).
public protocol FlushingOutput: AnyObject {
    /// Writes out whatever is held back.
    func flush()
}

/// An output that takes text as UTF-8 bytes known to be valid, as ``OutputSink`` does: a
/// backend that builds its text as bytes hands them over as they are, rather than making a
/// `String` of them that is checked and copied again.
protocol UTF8Output: AnyObject {
    /// Writes `bytes`, which are valid UTF-8.
    func write(utf8 bytes: UnsafeBufferPointer<UInt8>)
}
