import Foundation

/// What is known before the first message.
public struct DocumentInfo: Sendable, Hashable {
    /// The document's title: the channel's name, else "Chat transcript".
    public var title: String
    /// BCP 47 language tag of the labels (`en`).
    public var language: String
    /// The title of one page of a split document, which names the page and the channel at its
    /// top (`general — page 3 of 7`): the page's title and heading; `nil` for a whole document.
    public var pageTitle: String?

    /// Information for a document titled `title` whose labels are in `language`.
    public init(title: String, language: String = "en", pageTitle: String? = nil) {
        self.pageTitle = pageTitle
        self.title = title
        self.language = language
    }
}

/// What is known after the last message, for a closing summary.
public struct DocumentSummary: Sendable, Hashable {
    /// How many messages the document shows, thread replies included.
    public var messageCount: Int
    /// When the earliest message shown was sent; `nil` when none has a date.
    public var firstDate: Date?
    /// When the latest message shown was sent; `nil` when none has a date.
    public var lastDate: Date?
    /// The time zone the times are shown in, e.g. `Europe/Paris`.
    public var timeZoneIdentifier: String
    /// What wrote the document, as in `Scrollback 0.1.0`.
    public var generator: String
    /// How many messages of the input were skipped as unusable (each with a warning), so that
    /// the document itself says it is incomplete.
    public var skippedMessageCount: Int
    /// For one page of a multi-channel document (`--split`): the channels it shows, named as
    /// their headings name them, in order; empty otherwise.
    public var channels: [String] = []

    /// A summary with these figures; the renderer makes one for every document it ends.
    public init(
        messageCount: Int, firstDate: Date?, lastDate: Date?, timeZoneIdentifier: String, generator: String,
        skippedMessageCount: Int = 0
    ) {
        self.skippedMessageCount = skippedMessageCount
        self.messageCount = messageCount
        self.firstDate = firstDate
        self.lastDate = lastDate
        self.timeZoneIdentifier = timeZoneIdentifier
        self.generator = generator
    }
}
