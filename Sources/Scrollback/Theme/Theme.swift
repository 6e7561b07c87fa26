/// Colours, fonts, glyphs and labels: the role the iOS SDK's `Appearance` plays.
///
/// Backends never hard-code a colour: they ask the theme for the style of a ``Role``.
public struct Theme: Sendable, Hashable {
    /// The theme's name, as `--theme` and ``Theme/builtIn(named:)`` take it.
    public var name: String
    /// One line on what the theme is for, from its file's `description`.
    public var summary: String = ""
    /// Colours by the SDK's names (`text`, `textLowEmphasis`, `background6`, ...): the theme's
    /// first appearance (light for most themes, dark for a dark-first one).
    public var colors: [String: ThemeColor]
    /// Overrides for dark mode; empty when the theme has one appearance only.
    public var darkColors: [String: ThemeColor]
    /// Text styles by role.
    public var styles: [Role: Theme.TextStyle]
    /// Font stacks by the SDK's names (`body`, `footnote`, ...).
    public var fonts: [String: Font]
    /// Glyphs by icon, for text outputs and HTML alike.
    public var icons: [Icon: String]
    /// Inline SVG drawings HTML uses instead of a glyph, by icon (optional).
    public var svgIcons: [Icon: Theme.SVGIcon] = [:]
    /// Emoji by reaction type (`love`, `like`, ...).
    public var reactions: [String: String]
    /// Labels, so a theme can translate them: Scrollback's own and an app's (``Label/app(_:default:)``).
    public var strings: [Label: String]
    /// Sizes for HTML: bubble corners, spacing, content width and avatars.
    public var metrics: Metrics

    /// A theme from all its parts; ``summary`` starts empty and ``svgIcons`` with none.
    public init(
        name: String, colors: [String: ThemeColor], darkColors: [String: ThemeColor], styles: [Role: Theme.TextStyle],
        fonts: [String: Font], icons: [Icon: String], reactions: [String: String], strings: [Label: String],
        metrics: Metrics
    ) {
        self.name = name
        self.colors = colors
        self.darkColors = darkColors
        self.styles = styles
        self.fonts = fonts
        self.icons = icons
        self.reactions = reactions
        self.strings = strings
        self.metrics = metrics
    }

    /// The colour named `name` in the given appearance, falling back to the first appearance,
    /// then to `text`, then to no colour.
    public func color(_ name: String, dark: Bool = false) -> ThemeColor {
        (dark ? darkColors[name] : nil) ?? colors[name] ?? (dark ? darkColors["text"] : nil) ?? colors["text"] ?? .unset
    }

    /// The text style of `role`: the theme's, else its `body` style, else plain `text`-coloured
    /// body text.
    public func style(for role: Role) -> Theme.TextStyle {
        styles[role] ?? styles[.body] ?? Theme.TextStyle(color: "text")
    }

    /// The glyph for `icon`: the theme's, else its group's (`file` for `file.pdf`), else `•`.
    public func icon(_ icon: Icon) -> String {
        icons[icon] ?? icon.group.flatMap { icons[$0] } ?? "•"
    }

    /// The text of `label`, with `%@` replaced by `argument` where given: the theme's, else
    /// the app label's default, else the default theme's (which has every built-in label).
    /// Only an app label made from its raw value, which no theme sets, reads as its name.
    public func string(_ label: Label, _ argument: String? = nil) -> String {
        let template = strings[label] ?? label.defaultValue ?? Theme.default.strings[label] ?? label.rawValue
        guard let argument else { return template }
        return Self.filling(template) { argument }
    }

    /// The text of `label` with each `%@` replaced, in order, by the next of `arguments`: for
    /// labels of two parts, such as a name and a user id. An argument holding `%@` stays as it is.
    public func string(_ label: Label, arguments: [String]) -> String {
        var next = arguments.makeIterator()
        return Self.filling(string(label)) { next.next() ?? "" }
    }

    /// `template` with each `%@` replaced by what `argument` gives, in order. Labels are filled
    /// for every message, so this works on bytes rather than asking Foundation to search or
    /// appending substrings.
    private static func filling(_ template: String, with argument: () -> String) -> String {
        let filled: String? = template.withUTF8Bytes { bytes in
            var result: [UInt8] = []
            var start = 0
            var index = 0
            while index + 1 < bytes.count {
                guard bytes[index] == UInt8(ascii: "%"), bytes[index + 1] == UInt8(ascii: "@") else {
                    index += 1
                    continue
                }
                if start == 0 { result.reserveCapacity(bytes.count + 32) }
                result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                result.append(contentsOf: argument().utf8)
                index += 2
                start = index
            }
            guard start > 0 else { return nil }
            result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
            return String(decoding: result, as: UTF8.self)
        }
        return filled ?? template
    }

    /// A font a text style names: a family stack, a size, a weight and a slant.
    ///
    /// HTML uses all of it; a terminal, which has one font, shows a heavy weight (600 or more)
    /// as bold, a light one (under 400) as dim, and italic as italic.
    public struct Font: Sendable, Hashable {
        /// A CSS font-family stack (`-apple-system, Helvetica, sans-serif`).
        public var family: String
        /// The size in CSS pixels.
        public var size: Double
        /// The CSS weight, 100 through 900; 400 is regular.
        public var weight: Int
        /// Whether the font is italic.
        public var italic: Bool

        /// A font of `family` at `size`, regular and upright unless told otherwise.
        public init(family: String, size: Double, weight: Int = 400, italic: Bool = false) {
            self.family = family
            self.size = size
            self.weight = weight
            self.italic = italic
        }
    }

    /// The sizes of an HTML transcript, in CSS pixels; a terminal only uses ``bubbleRadius``
    /// (rounded box corners when it is above zero).
    public struct Metrics: Sendable, Hashable {
        /// The corner radius of message bubbles.
        public var bubbleRadius: Double
        /// The base space between and inside messages.
        public var spacing: Double
        /// The widest the transcript's column grows.
        public var maxContentWidth: Double
        /// The width and height of an avatar.
        public var avatarSize: Double

        /// Metrics from their four sizes.
        public init(bubbleRadius: Double, spacing: Double, maxContentWidth: Double, avatarSize: Double) {
            self.bubbleRadius = bubbleRadius
            self.spacing = spacing
            self.maxContentWidth = maxContentWidth
            self.avatarSize = avatarSize
        }
    }
}

extension Theme {
    /// How text in one role looks: a colour by name, an optional background, a font by name.
    public struct TextStyle: Sendable, Hashable {
        /// The name of the text colour in the theme's ``Theme/colors``.
        public var color: String
        /// The name of a background colour, or `nil` for none.
        public var background: String?
        /// The name of the font in the theme's ``Theme/fonts``.
        public var font: String
        /// Whether the text is bold, whatever the font's weight.
        public var bold: Bool
        /// Whether the text is italic, whatever the font.
        public var italic: Bool
        /// Whether the text is underlined.
        public var underline: Bool
        /// Fainter than the colour alone: SGR 2 in a terminal, lower opacity in HTML.
        public var dim: Bool

        /// A style in colour `color`, set in the `body` font with no emphasis unless told otherwise.
        public init(
            color: String, background: String? = nil, font: String = "body", bold: Bool = false,
            italic: Bool = false, underline: Bool = false, dim: Bool = false
        ) {
            self.color = color
            self.background = background
            self.font = font
            self.bold = bold
            self.italic = italic
            self.underline = underline
            self.dim = dim
        }
    }
}

extension Theme {
    /// An sRGB colour with alpha.
    public struct RGBColor: Sendable, Hashable, CustomStringConvertible {
        /// The red channel, 0 through 255.
        public var red: UInt8
        /// The green channel, 0 through 255.
        public var green: UInt8
        /// The blue channel, 0 through 255.
        public var blue: UInt8
        /// The opacity, 0 (transparent) through 255 (opaque).
        public var alpha: UInt8

        /// A colour from its channels, opaque unless told otherwise.
        public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }

        /// Parses `#rgb`, `#rrggbb` or `#rrggbbaa`, in ASCII hex digits; `nil` for anything else.
        public init?(hex: String) {
            let utf8 = hex.utf8
            guard utf8.first == UInt8(ascii: "#"), [4, 7, 9].contains(utf8.count) else { return nil }
            var digits: [UInt8] = []
            digits.reserveCapacity(8)
            for byte in utf8.dropFirst() {
                guard let digit = byte.asciiHexDigitValue else { return nil }
                digits.append(digit)
                // `#rgb` stands for `#rrggbb`.
                if utf8.count == 4 { digits.append(digit) }
            }
            func channel(_ index: Int) -> UInt8 { digits[2 * index] << 4 | digits[2 * index + 1] }
            self.init(red: channel(0), green: channel(1), blue: channel(2), alpha: digits.count == 8 ? channel(3) : 255)
        }

        /// `#rrggbb`, or `#rrggbbaa` when not opaque: always a valid CSS colour.
        public var hex: String {
            let parts = alpha == 255 ? [red, green, blue] : [red, green, blue, alpha]
            return "#" + parts.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        }

        /// The colour as `#rrggbb`.
        public var description: String { hex }
    }
}
