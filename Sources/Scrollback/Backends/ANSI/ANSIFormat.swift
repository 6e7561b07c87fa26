/// What only terminal output reads: its width, colours, links, character set and layout.
/// Set on ``RenderOptions/ansi``; ``ANSIBackend`` reads them, and no other part of a rendering.
public struct ANSIOptions: Sendable {
    /// Columns of the output (20 at least).
    public var width: Int
    /// How many colours the output uses; ``ColorDepth/none`` writes no escape sequence.
    public var colorDepth: ColorDepth
    /// Whether to use the theme's dark colours, for a terminal with a dark background.
    public var darkAppearance: Bool
    /// Whether links are written as OSC 8 hyperlinks (clickable where the terminal supports
    /// them). The visible text still shows where each link goes.
    public var hyperlinks: Bool
    /// Whether the text is ASCII only (``charset`` is ``Charset/ascii``), for a terminal that
    /// cannot show UTF-8 and whose character set Scrollback does not write. Borders become `-`,
    /// `|` and `+`, and every other character outside ASCII an ASCII one of the same width, so
    /// that the layout is unchanged. Setting it to `false` chooses UTF-8.
    public var asciiOnly: Bool {
        get { charset == .ascii }
        set { charset = newValue ? .ascii : .utf8 }
    }
    /// The character set of the text, for a terminal set up for one other than UTF-8 (a locale
    /// such as `ru_RU.KOI8-R` or `de_DE.ISO-8859-1`): what the set has is kept, everything else
    /// written as in ASCII (``asciiOnly``). The text stays a `String`: write it to the terminal
    /// in the set's bytes with ``Charset/encode(_:)``.
    public var charset: Charset = .utf8
    /// Whether Scrollback's own dividers (days, channels, the rules under the title and above
    /// the summary) start with an invisible mark that no message can put in the output
    /// (``ANSILayout/navigationMark``), for `view --navigate` to search for. Off elsewhere, so
    /// that other output holds no character it does not show.
    package var marksDividers = false
    /// Without hyperlinks: how a link's destination shows beside its label. ``URLDisplay/short``
    /// (the default) shows the host and lists the full URLs after each message;
    /// ``URLDisplay/full`` shows every URL in full where the link is.
    public var urls: URLDisplay
    /// Bubbles (the default) or one line per message.
    public var style: Style

    /// Terminal options; the defaults are 80 columns without colour, the dark colours, no
    /// hyperlinks, UTF-8, short URLs and bubbles.
    public init(
        width: Int = 80, colorDepth: ColorDepth = .none, darkAppearance: Bool = true, hyperlinks: Bool = false,
        asciiOnly: Bool = false, urls: URLDisplay = .short, style: Style = .bubbles
    ) {
        self.width = width
        self.colorDepth = colorDepth
        self.darkAppearance = darkAppearance
        self.hyperlinks = hyperlinks
        self.charset = asciiOnly ? .ascii : .utf8
        self.urls = urls
        self.style = style
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

    /// How terminal output lays out messages.
    public enum Style: String, Sendable, CaseIterable {
        /// Each message in a bubble under its author's name.
        case bubbles
        /// One line per message, `09:31 Maya Okafor: text`, attachments and reactions
        /// abbreviated: for dense reading, grep and copy-paste.
        case compact
    }
}

extension RenderOptions {
    /// The terminal's own options, which only ``ANSIBackend`` reads.
    public var ansi: ANSIOptions {
        get { self[format: ANSIOptions.self, default: ANSIOptions()] }
        set { self[format: ANSIOptions.self, default: ANSIOptions()] = newValue }
    }
}

extension OutputFormat {
    /// Styled, wrapped terminal text, written by ``ANSIBackend`` with ``RenderOptions/ansi``;
    /// files are `.txt`.
    public static let ansi = OutputFormat(name: "ansi", fileExtension: "txt", aliases: ["txt"], backend: ANSIBackendMaker())
}

/// Makes ``ANSIBackend``s for ``OutputFormat/ansi``.
private struct ANSIBackendMaker: BackendMaker {
    func makeBackend<Output: TextOutputStream>(output: Output, options: RenderOptions) -> any OutputWritingBackend<Output> {
        ANSIBackend(output: output, options: options)
    }
}

extension ANSIBackend: OutputWritingBackend {}
