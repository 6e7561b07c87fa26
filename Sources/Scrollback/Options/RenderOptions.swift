import Foundation

/// Everything rendering depends on besides the messages. The library never reads the
/// environment: the CLI fills this in.
public struct RenderOptions: Sendable {
    /// The zone times and days are shown in.
    public var timeZone: TimeZone
    /// The locale of day names and of the 12- or 24-hour clock.
    public var locale: Locale
    /// Columns for terminal output.
    public var width: Int
    /// How many colours terminal output uses; ``ColorDepth/none`` writes no escape sequence.
    public var colorDepth: ColorDepth
    /// Colours, fonts, glyphs and labels for every output.
    public var theme: Theme
    /// For terminals: whether to use the theme's dark colours.
    public var darkAppearance: Bool
    /// The user whose messages are "own" messages.
    public var currentUserID: String?
    /// For HTML: whether the page may load images from the URLs in the messages. When `false`,
    /// every image, thumbnail and avatar becomes a labelled link and the page's policy forbids
    /// images, so opening it fetches nothing (no tracking pixels, no leaked IP address).
    public var remoteMedia: Bool
    /// For terminals: whether links are written as OSC 8 hyperlinks (clickable where the
    /// terminal supports them). The visible text still shows where each link goes.
    public var hyperlinks: Bool = false
    /// For terminals: whether the text is ASCII only, for a terminal whose character set cannot
    /// show UTF-8 (a locale such as `en_US.ISO-8859-1`). Borders become `-`, `|` and `+`, and
    /// every other character outside ASCII an ASCII one of the same width, so that the layout
    /// is unchanged.
    public var asciiOnly: Bool = false
    /// For terminals: whether Scrollback's own dividers (days, channels, the rules under the
    /// title and above the summary) start with an invisible mark that no message can put in
    /// the output (``ANSILayout/navigationMark``), for `view --navigate` to search for. Off
    /// elsewhere, so that other output holds no character it does not show.
    package var marksDividers: Bool = false
    /// For terminals without hyperlinks: how a link's destination shows beside its label.
    /// ``URLDisplay/short`` (the default) shows the host and lists the full URLs after each
    /// message; ``URLDisplay/full`` shows every URL in full where the link is.
    public var urls: URLDisplay = .short
    /// For terminals: bubbles (the default) or one line per message.
    public var style: TerminalStyle = .bubbles
    /// Which messages show their time: the last of each group (the default, as chat clients
    /// do) or every one, for an audit.
    public var timestamps: TimestampDisplay = .last
    /// For HTML: the local copies of an offline archive. When set, images, posters, avatars and
    /// the channel image are drawn from their saved copies, links to a saved file open the copy,
    /// anything not saved is drawn as a labelled card, and the page's policy allows images from
    /// the page's own place only (`img-src 'self'`), so opening it fetches nothing remote.
    public var mediaLocations: MediaLocations?
    /// For HTML: a search bar at the top of the page and the one inline script that drives it
    /// (filters as you type, highlights matches, opens threads that hold one). The script is a
    /// constant of the library, allowed by its hash in the page's policy; it reads the page and
    /// never turns message text into code or markup. `false` (the default) leaves the page
    /// without any script, byte for byte as without this option.
    public var search: Bool = false
    /// What the document names as its writer: the HTML page's `generator` meta and the last
    /// words of the footer. Scrollback and its version, as `scrollback` writes it;
    /// ScrollbackTesting's strategies write one without a version, so that an upgrade does
    /// not change every reference.
    package var generator = "Scrollback \(ScrollbackVersion.current)"

    /// Options for rendering; the defaults are UTC, a fixed English locale, 80 columns without
    /// colour and the default theme, so that output never depends on the machine.
    public init(
        timeZone: TimeZone = TimeZone(identifier: "UTC")!, locale: Locale = Locale(identifier: "en_US_POSIX"),
        width: Int = 80, colorDepth: ColorDepth = .none, theme: Theme = .default,
        darkAppearance: Bool = true, currentUserID: String? = nil, remoteMedia: Bool = true
    ) {
        self.timeZone = timeZone
        self.locale = locale
        self.width = width
        self.colorDepth = colorDepth
        self.theme = theme
        self.darkAppearance = darkAppearance
        self.currentUserID = currentUserID
        self.remoteMedia = remoteMedia
    }

    /// The options with every default.
    public static let `default` = RenderOptions()
}

/// How many colours a terminal shows.
public enum ColorDepth: Int, Sendable, Comparable, CaseIterable {
    /// No escape sequence at all.
    case none = 0
    /// The 16 colours of the terminal's own palette.
    case ansi16 = 16
    /// xterm's 256 colours; theme colours take the nearest one.
    case ansi256 = 256
    /// 24-bit colour: theme colours are written exactly.
    case trueColor = 16_777_216

    /// Whether `lhs` shows fewer colours than `rhs`.
    public static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// How terminal output shows where a link goes when links are not clickable.
public enum URLDisplay: String, Sendable, CaseIterable {
    /// `label <host>[1]` where the link is, and `[1] https://…` in full after the message, so
    /// that long signed URLs do not swamp the text.
    case short
    /// `label <https://…>`: the whole URL where the link is.
    case full
}

/// Which messages show their time.
public enum TimestampDisplay: String, Sendable, CaseIterable {
    /// The last message of each group, as chat clients show it.
    case last
    /// Every message.
    case all
}

/// How terminal output lays out messages.
public enum TerminalStyle: String, Sendable, CaseIterable {
    /// Each message in a bubble under its author's name.
    case bubbles
    /// One line per message, `09:31 Maya Okafor: text`, attachments and reactions abbreviated:
    /// for dense reading, grep and copy-paste.
    case compact
}
