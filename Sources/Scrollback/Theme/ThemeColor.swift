/// A theme colour: an sRGB value, one of the terminal's 16 palette colours, or no colour at all.
///
/// Palette colours (`ansi(0)`...`ansi(15)`) follow the user's terminal palette in ANSI output;
/// HTML, which has no palette, shows xterm's default for them. ``unset`` leaves the viewer's own
/// colour in place: no escape in a terminal, an unset property in HTML.
public enum ThemeColor: Sendable, Hashable, CustomStringConvertible {
    /// An exact sRGB colour, the same in every output that has colour.
    case rgb(Theme.RGBColor)
    /// An index into the terminal's 16-colour palette, 0 through 15.
    case ansi(Int)
    /// No colour: the viewer's own foreground or background stays (`none` in a theme file).
    case unset

    /// Parses a theme file's colour: `#rgb`, `#rrggbb`, `#rrggbbaa`, `rgb(r, g, b)`,
    /// `rgba(r, g, b, a)`, `ansi(n)` or `none`. Anything else is `nil`, so no other text can ever
    /// reach a stylesheet.
    public init?(parsing text: String) {
        if text == "none" {
            self = .unset
        } else if text.hasPrefix("#") {
            guard let color = Theme.RGBColor(hex: text) else { return nil }
            self = .rgb(color)
        } else if let arguments = Self.arguments(of: text, function: "ansi") {
            guard arguments.count == 1, let index = Int(arguments[0]), (0...15).contains(index) else { return nil }
            self = .ansi(index)
        } else if let color = Theme.RGBColor(functional: text) {
            self = .rgb(color)
        } else {
            return nil
        }
    }

    /// The sRGB value a screen shows: xterm's default for a palette colour, `nil` for ``unset``.
    public var rgbValue: Theme.RGBColor? {
        switch self {
        case .rgb(let color): return color
        case .ansi(let index): return Theme.RGBColor.ansi16Palette[index]
        case .unset: return nil
        }
    }

    /// The colour as a theme file writes it.
    public var description: String {
        switch self {
        case .rgb(let color): return color.hex
        case .ansi(let index): return "ansi(\(index))"
        case .unset: return "none"
        }
    }

    /// The parts between `function(` and `)`, split at commas and trimmed; `nil` when `text` is
    /// not a call of `function`.
    static func arguments(of text: String, function: String) -> [String]? {
        guard text.hasPrefix(function + "("), text.hasSuffix(")") else { return nil }
        let inner = text.dropFirst(function.count + 1).dropLast()
        return inner.split(separator: ",", omittingEmptySubsequences: false).map { String($0.trimmedOfWhitespace) }
    }
}

extension Theme.RGBColor {
    /// Parses `rgb(r, g, b)` or `rgba(r, g, b, a)`: channels 0–255 or percentages, alpha 0–1
    /// or a percentage.
    init?(functional text: String) {
        let isAlpha = text.hasPrefix("rgba(")
        guard let parts = ThemeColor.arguments(of: text, function: isAlpha ? "rgba" : "rgb"),
            parts.count == (isAlpha ? 4 : 3)
        else { return nil }
        var channels: [UInt8] = []
        for part in parts.prefix(3) {
            guard let value = Self.channel(part, scale: 255) else { return nil }
            channels.append(value)
        }
        var alpha: UInt8 = 255
        if isAlpha {
            guard let value = Self.channel(parts[3], scale: 1) else { return nil }
            alpha = value
        }
        self.init(red: channels[0], green: channels[1], blue: channels[2], alpha: alpha)
    }

    /// A channel from `0...scale` or a percentage, as a byte; `nil` when out of range.
    private static func channel(_ text: String, scale: Double) -> UInt8? {
        let isPercent = text.hasSuffix("%")
        let digits = isPercent ? String(text.dropLast()) : text
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            let number = Double(digits)
        else { return nil }
        let fraction = isPercent ? number / 100 : number / scale
        guard (0...1).contains(fraction) else { return nil }
        return UInt8((fraction * 255).rounded())
    }
}

extension Theme.RGBColor {
    /// The 16 colours of the classic terminal palette (xterm's defaults), by ANSI index.
    static let ansi16Palette: [Theme.RGBColor] = [
        Theme.RGBColor(red: 0, green: 0, blue: 0), Theme.RGBColor(red: 205, green: 0, blue: 0),
        Theme.RGBColor(red: 0, green: 205, blue: 0), Theme.RGBColor(red: 205, green: 205, blue: 0),
        Theme.RGBColor(red: 0, green: 0, blue: 238), Theme.RGBColor(red: 205, green: 0, blue: 205),
        Theme.RGBColor(red: 0, green: 205, blue: 205), Theme.RGBColor(red: 229, green: 229, blue: 229),
        Theme.RGBColor(red: 127, green: 127, blue: 127), Theme.RGBColor(red: 255, green: 0, blue: 0),
        Theme.RGBColor(red: 0, green: 255, blue: 0), Theme.RGBColor(red: 255, green: 255, blue: 0),
        Theme.RGBColor(red: 92, green: 92, blue: 255), Theme.RGBColor(red: 255, green: 0, blue: 255),
        Theme.RGBColor(red: 0, green: 255, blue: 255), Theme.RGBColor(red: 255, green: 255, blue: 255),
    ]
}
