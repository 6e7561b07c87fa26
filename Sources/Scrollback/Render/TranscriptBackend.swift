import Foundation

/// An output format's writer. A backend writes as it goes: ``begin(_:header:)`` once,
/// ``write(_:)`` for each top-level item of the transcript (a channel heading, a day separator,
/// a message), ``end(_:footer:)`` once. It owns its page frame and all escaping for its format;
/// everything a reader sees comes from the ``ViewFactory``.
public protocol TranscriptBackend {
    /// Opens the document: the page frame, and `header` (the factory's document header) where
    /// the format puts a title.
    mutating func begin(_ document: DocumentInfo, header: View)
    /// Writes one top-level item.
    mutating func write(_ view: View)
    /// Writes `footer` (the factory's view of `summary`) and closes the document.
    mutating func end(_ summary: DocumentSummary, footer: View)
}

/// What is known before the first message.
public struct DocumentInfo: Sendable, Hashable {
    /// The document's title: the channel's name, else "Chat transcript".
    public var title: String
    /// BCP 47 language tag of the labels (`en`).
    public var language: String

    public init(title: String, language: String = "en") {
        self.title = title
        self.language = language
    }
}

/// What is known after the last message, for a closing summary.
public struct DocumentSummary: Sendable, Hashable {
    public var messageCount: Int
    public var firstDate: Date?
    public var lastDate: Date?
    /// The time zone the times are shown in, e.g. `Europe/Paris`.
    public var timeZoneIdentifier: String
    public var generator: String

    public init(messageCount: Int, firstDate: Date?, lastDate: Date?, timeZoneIdentifier: String, generator: String) {
        self.messageCount = messageCount
        self.firstDate = firstDate
        self.lastDate = lastDate
        self.timeZoneIdentifier = timeZoneIdentifier
        self.generator = generator
    }
}
