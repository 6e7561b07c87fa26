import Foundation

/// Everything rendering depends on besides the messages. The library never reads the
/// environment: the CLI fills this in.
///
/// What the document shows is set here, for every format: its time zone, locale, theme, the
/// reader and which messages show their time. What only one format reads is that format's own
/// options, set here too, by format: ``ansi`` for the terminal, ``html`` for the page. Markdown
/// has none.
///
/// ```swift
/// var options = RenderOptions(timeZone: TimeZone(identifier: "Europe/Paris")!, theme: .default)
/// options.ansi = ANSIOptions(width: 100, colorDepth: .trueColor)
/// options.html.search = true
/// ```
public struct RenderOptions: Sendable {
    /// The zone times and days are shown in.
    public var timeZone: TimeZone
    /// The locale of day names and of the 12- or 24-hour clock.
    public var locale: Locale
    /// Colours, fonts, glyphs and labels for every output.
    public var theme: Theme
    /// The user whose messages are "own" messages.
    public var currentUserID: String?
    /// Which messages show their time: the last of each group (the default, as chat clients
    /// do) or every one, for an audit.
    public var timestamps: TimestampDisplay = .last
    /// For an event log: the moment it is replayed up to (its events after it are left out);
    /// `nil`, the end of the log. Other inputs ignore it.
    public var asOf: Date?
    /// For an event log: whether an edited message shows its earlier versions, each with the
    /// time it was written, under its text. Other inputs hold no earlier versions.
    public var history = false
    /// Each format's own options, by their type: a format's folder adds the property that
    /// reads and sets its own (``ansi``, ``html``), and only its backend reads them.
    private var formatOptions: [ObjectIdentifier: any Sendable] = [:]
    /// What the document names as its writer: the HTML page's `generator` meta and the last
    /// words of the footer. Scrollback and its version, as `scrollback` writes it;
    /// ScrollbackTesting's strategies write one without a version, so that an upgrade does
    /// not change every reference.
    package var generator = "Scrollback \(ScrollbackVersion.current)"

    /// Options for rendering; the defaults are UTC, a fixed English locale and the default
    /// theme, and each format's own defaults (80 columns without colour), so that output never
    /// depends on the machine.
    public init(
        timeZone: TimeZone = TimeZone(identifier: "UTC")!, locale: Locale = Locale(identifier: "en_US_POSIX"),
        theme: Theme = .default, currentUserID: String? = nil
    ) {
        self.timeZone = timeZone
        self.locale = locale
        self.theme = theme
        self.currentUserID = currentUserID
    }

    /// The options with every default.
    public static let `default` = RenderOptions()

    /// A format's own options, or their defaults when none were set: what a format's property
    /// (``ansi``, ``html``) reads and sets.
    subscript<Options: Sendable>(format options: Options.Type, default defaults: @autoclosure () -> Options) -> Options {
        get { formatOptions[ObjectIdentifier(options)] as? Options ?? defaults() }
        set { formatOptions[ObjectIdentifier(options)] = newValue }
    }
}

/// Which messages show their time.
public enum TimestampDisplay: String, Sendable, CaseIterable {
    /// The last message of each group, as chat clients show it.
    case last
    /// Every message.
    case all
}
