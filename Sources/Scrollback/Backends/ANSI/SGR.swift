/// A terminal text style, written as an SGR ("select graphic rendition") escape sequence at a
/// given ``ANSIOptions/ColorDepth``. Colours deeper than the terminal shows are downgraded to the nearest
/// colour it has; palette colours (``ThemeColor/ansi(_:)``) are written as palette colours at
/// every depth, so they follow the user's terminal palette; at ``ANSIOptions/ColorDepth/none`` nothing at
/// all is written.
package struct SGRStyle: Sendable, Hashable {
    /// `nil` (or ``ThemeColor/unset``) keeps the terminal's own colour.
    package var foreground: ThemeColor?
    package var background: ThemeColor?
    package var bold: Bool
    package var italic: Bool
    package var underline: Bool
    package var dim: Bool
    /// Crossed out (SGR 9): strikethrough in message text.
    package var strikethrough: Bool

    package init(
        foreground: ThemeColor? = nil, background: ThemeColor? = nil, bold: Bool = false, italic: Bool = false,
        underline: Bool = false, dim: Bool = false, strikethrough: Bool = false
    ) {
        self.strikethrough = strikethrough
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.italic = italic
        self.underline = underline
        self.dim = dim
    }

    /// The terminal's default rendition.
    package static let plain = SGRStyle()

    /// Turns every attribute off.
    package static let reset = String(describing: resetSequence)
    /// ``reset``, as the layout writes it after every styled span: a `StaticString`, whose
    /// bytes are written where they lie (``BackendOutput/write(literal:)``).
    package static let resetSequence: StaticString = "\u{1B}[0m"

    package var isPlain: Bool { self == .plain }

    /// The style as two words, equal exactly when the styles are equal: a key that compares
    /// in two instructions, where the synthesized `==` walks two optional enums. `nil` for a
    /// palette index that does not fit in 32 bits (only a hand-built style has one).
    package var packed: PackedSGRStyle? {
        guard let foreground = Self.packed(foreground), let background = Self.packed(background) else { return nil }
        var flags: UInt64 = 0
        if bold { flags |= 1 }
        if italic { flags |= 2 }
        if underline { flags |= 4 }
        if dim { flags |= 8 }
        if strikethrough { flags |= 16 }
        return PackedSGRStyle(foreground: foreground | flags << 48, background: background)
    }

    /// A colour in 40 bits: a tag in the low byte (0 none, 1 unset, 2 palette, 3 RGB), then
    /// the palette index or the four channels.
    private static func packed(_ color: ThemeColor?) -> UInt64? {
        switch color {
        case nil: return 0
        case .unset?: return 1
        case .ansi(let index)?:
            guard let index = UInt32(exactly: index) else { return nil }
            return 2 | UInt64(index) << 8
        case .rgb(let rgb)?:
            let channels = UInt64(rgb.red) | UInt64(rgb.green) << 8 | UInt64(rgb.blue) << 16 | UInt64(rgb.alpha) << 24
            return 3 | channels << 8
        }
    }

    /// This style with `other` on top: its colours win where it has them, attributes add up.
    package func adding(_ other: SGRStyle) -> SGRStyle {
        SGRStyle(
            foreground: other.foreground ?? foreground, background: other.background ?? background,
            bold: bold || other.bold, italic: italic || other.italic,
            underline: underline || other.underline, dim: dim || other.dim, strikethrough: strikethrough || other.strikethrough)
    }

    /// The escape sequence that switches to this style, or `""` when there is nothing to say
    /// (a plain style, or ``ANSIOptions/ColorDepth/none``).
    package func escape(for depth: ANSIOptions.ColorDepth) -> String {
        guard depth != .none else { return "" }
        var parameters: [String] = []
        if bold { parameters.append("1") }
        if dim { parameters.append("2") }
        if italic { parameters.append("3") }
        if underline { parameters.append("4") }
        if strikethrough { parameters.append("9") }
        if let foreground, let parameter = Self.colorParameter(foreground, depth: depth, isBackground: false) {
            parameters.append(parameter)
        }
        if let background, let parameter = Self.colorParameter(background, depth: depth, isBackground: true) {
            parameters.append(parameter)
        }
        guard !parameters.isEmpty else { return "" }
        return "\u{1B}[" + parameters.joined(separator: ";") + "m"
    }

    private static func colorParameter(_ color: ThemeColor, depth: ANSIOptions.ColorDepth, isBackground: Bool) -> String? {
        switch color {
        case .unset: return nil
        case .ansi(let index): return paletteParameter(index, isBackground: isBackground)
        case .rgb(let rgb): return colorParameter(rgb, depth: depth, isBackground: isBackground)
        }
    }

    /// `30`–`37` and `90`–`97` (`40`–`47`, `100`–`107` for backgrounds).
    private static func paletteParameter(_ index: Int, isBackground: Bool) -> String {
        let base = isBackground ? (index < 8 ? 40 : 100 - 8) : (index < 8 ? 30 : 90 - 8)
        return String(base + index)
    }

    private static func colorParameter(_ color: Theme.RGBColor, depth: ANSIOptions.ColorDepth, isBackground: Bool) -> String {
        switch depth {
        case .trueColor:
            return "\(isBackground ? 48 : 38);2;\(color.red);\(color.green);\(color.blue)"
        case .ansi256:
            return "\(isBackground ? 48 : 38);5;\(nearestXterm256(color))"
        case .ansi16, .none:
            return paletteParameter(nearestANSI16(color), isBackground: isBackground)
        }
    }

    // MARK: Colour downgrade

    /// The xterm 256-colour index (16–255: the 6×6×6 cube and the grey ramp) nearest to
    /// `color`. The first 16 are left out: every terminal theme redefines them.
    package static func nearestXterm256(_ color: Theme.RGBColor) -> Int {
        var best = 16, bestDistance = Int.max
        for index in 16...255 {
            let distance = perceivedDistance(color, xterm256Color(index))
            if distance < bestDistance {
                best = index
                bestDistance = distance
            }
        }
        return best
    }

    /// The ANSI colour index (0–15) nearest to `color`, judged against xterm's defaults.
    package static func nearestANSI16(_ color: Theme.RGBColor) -> Int {
        var best = 0, bestDistance = Int.max
        for (index, candidate) in Theme.RGBColor.ansi16Palette.enumerated() {
            let distance = perceivedDistance(color, candidate)
            if distance < bestDistance {
                best = index
                bestDistance = distance
            }
        }
        return best
    }

    /// The colour xterm shows for a 256-colour index from 16 up.
    static func xterm256Color(_ index: Int) -> Theme.RGBColor {
        if index >= 232 {
            let level = UInt8(8 + 10 * (index - 232))
            return Theme.RGBColor(red: level, green: level, blue: level)
        }
        let cube = index - 16
        return Theme.RGBColor(red: cubeLevels[cube / 36], green: cubeLevels[cube / 6 % 6], blue: cubeLevels[cube % 6])
    }

    private static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

    /// Squared distance in RGB weighted by the mean red level ("redmean"), a cheap and
    /// well-known approximation of how different two sRGB colours look. Scaled by 256 to
    /// stay in integers.
    static func perceivedDistance(_ a: Theme.RGBColor, _ b: Theme.RGBColor) -> Int {
        let meanRed = (Int(a.red) + Int(b.red)) / 2
        let red = Int(a.red) - Int(b.red), green = Int(a.green) - Int(b.green), blue = Int(a.blue) - Int(b.blue)
        return (512 + meanRed) * red * red + 1024 * green * green + (767 - meanRed) * blue * blue
    }
}

/// ``SGRStyle/packed``: a style as two words.
package struct PackedSGRStyle: Equatable, Sendable {
    let foreground: UInt64
    let background: UInt64
}
