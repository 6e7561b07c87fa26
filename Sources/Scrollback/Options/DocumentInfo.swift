import Foundation

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
