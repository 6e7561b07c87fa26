import Foundation

/// What is known before the first message.
public struct DocumentInfo: Sendable, Hashable {
    /// The document's title: the channel's name, else "Chat transcript".
    public var title: String
    /// BCP 47 language tag of the labels (`en`). The renderer sets the tag of its locale
    /// (``languageTag(for:)``): the locale chooses the labels and the clock, and is the best
    /// guess at the language the messages are written in.
    public var language: String
    /// The title of one page of a split document, which names the page and the channel at its
    /// top (`general — page 3 of 7`): the page's title and heading; `nil` for a whole document.
    public var pageTitle: String?
    /// Whether the document has messages to search: `false` for an index (`--split`,
    /// `--output-dir`), which gets no search bar, and so, in HTML, no search script either.
    public var isSearchable: Bool = true

    /// Information for a document titled `title` whose labels are in `language`.
    public init(title: String, language: String = "en", pageTitle: String? = nil) {
        self.pageTitle = pageTitle
        self.title = title
        self.language = language
    }

    /// The BCP 47 tag of `locale`'s language, script and region: `de-DE` for `de_DE`,
    /// `zh-Hant-TW` for `zh_Hant_TW`, `en-US` for `en_US_POSIX` (a variant says nothing about
    /// the language); `en` when the locale names no language.
    public static func languageTag(for locale: Locale) -> String {
        // The POSIX locale ("C") names no language: its labels and clock are English.
        guard let language = locale.language.languageCode?.identifier, (2...3).contains(language.count) else { return "en" }
        var parts = [language]
        if let script = locale.language.script?.identifier, locale.identifier.contains(script) { parts.append(script) }
        if let region = locale.region?.identifier { parts.append(region) }
        return parts.joined(separator: "-")
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
    /// For an event log rendered as one document: how many messages its events deleted for
    /// good (`hard_delete`), which the document cannot show but says it left out.
    public var hardDeletedMessageCount = 0
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
