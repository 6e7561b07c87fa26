/// The colours a terminal is finally sent, so that they read on any common palette.
///
/// Two rules, applied to every style just before it becomes an escape sequence:
///
/// - **A background comes with a foreground.** A background we set with the terminal's own
///   foreground left in place can be the same colour (a dark code background on a dark-text
///   terminal), so a style with a background and no foreground gets the theme's `text` colour,
///   or black or white, whichever reads better on that background.
/// - **Palette foregrounds (every colour, in 16 colours) avoid the entries common palettes make
///   unreadable.**
///   Palette colours are the user's, so their contrast is checked against xterm's default palette,
///   Solarized Dark, One Dark and Nord for a dark terminal, and xterm's and Solarized Light for a
///   light one (the figures: `Scripts/contrast-table`). Bright black, the usual muted grey, is
///   Solarized Dark's background and under 2.4:1 on One Dark and Nord: muted text, times and
///   borders use white (7) on a dark terminal, bright black (8) on a light one. The other swaps
///   are in ``readable16(_:dark:)``.
package struct TerminalColors: Sendable {
    /// The depth the escapes are written at.
    package let depth: ANSIOptions.ColorDepth
    /// Whether the terminal is dark (``ANSIOptions/darkAppearance``).
    package let dark: Bool
    /// The theme's `text` colour, which a background's foreground defaults to.
    private let text: ThemeColor

    /// The colours of `theme` at `depth` on a dark or light terminal.
    package init(theme: Theme, depth: ANSIOptions.ColorDepth, dark: Bool) {
        self.depth = depth
        self.dark = dark
        self.text = theme.color("text", dark: dark)
    }

    /// Author colours in 16 colours on a dark terminal, in the order speakers take them: cyan,
    /// yellow, green and bright blue read at 4.4:1 or more on all four dark palettes; bright
    /// magenta (3.4:1 on Solarized Dark) and bright red (3.0:1 on Nord) come last. Bright green,
    /// yellow and cyan are greys in Solarized, so the normal ones are used.
    package static let darkAuthorPalette = [6, 3, 2, 12, 13, 9]
    /// Author colours in 16 colours on a light terminal: blue, magenta and red read at 3.4:1 or
    /// more on xterm's white and Solarized Light; green, yellow and cyan do not on xterm's white
    /// (2.2:1 at best), so they are left out. Bright magenta and red differ from the normal ones in
    /// Solarized (violet, orange) and come last.
    package static let lightAuthorPalette = [4, 5, 1, 13, 9]

    /// The author palette for 16 colours in this appearance.
    package var authorPalette16: [Int] { dark ? Self.darkAuthorPalette : Self.lightAuthorPalette }

    /// `style` as it is to be written: a foreground added under a background, and, in 16
    /// colours, every colour made a palette colour and a foreground on the terminal's own
    /// background moved off the unreadable entries.
    package func resolved(_ style: SGRStyle) -> SGRStyle {
        guard depth != .none else { return style }
        var style = style
        if style.foreground == .unset { style.foreground = nil }
        if style.background == .unset { style.background = nil }
        if depth == .ansi16 {
            style.background = style.background.map(Self.palette)
            style.foreground = style.foreground.map(Self.palette)
        }
        // A palette colour is the user's at every depth. Only a colour on the terminal's own
        // background (or a palette background of its kind) is judged against the palettes; a pair
        // we set otherwise is judged as a pair.
        if style.background.map(isLikeTerminalBackground) ?? true, case .ansi(let index) = style.foreground {
            style.foreground = .ansi(Self.readable16(index, dark: dark))
        }
        if let background = style.background, style.foreground == nil {
            style.foreground = foreground(on: background)
        }
        return style
    }

    /// Whether `background` is a palette colour of the appearance's own kind: black or bright
    /// black on a dark terminal, white or bright white on a light one.
    private func isLikeTerminalBackground(_ background: ThemeColor) -> Bool {
        guard case .ansi(let index) = background else { return false }
        return (dark ? [0, 8] : [7, 15]).contains(index)
    }

    /// A colour as the 16-colour palette entry nearest to it (judged on xterm's defaults).
    static func palette(_ color: ThemeColor) -> ThemeColor {
        guard case .rgb(let rgb) = color else { return color }
        return .ansi(SGRStyle.nearestANSI16(rgb))
    }

    /// The palette entry used for foreground palette colour `index` on the terminal's own
    /// background. On a dark terminal: black and bright black become white (7), blue becomes
    /// bright blue (2.2:1 on xterm), red and magenta their bright variants (xterm's are dim), and
    /// bright green and yellow (greys in Solarized Dark, 2.8:1 and 3.4:1) the normal ones. On a
    /// light one: white and bright white become black and bright black, yellows bright red
    /// (orange in Solarized; xterm's yellows are 1.1–1.7:1 on white), cyans and bright blue blue,
    /// and bright green green. No green reads on xterm's white (2.2:1): built-in themes use none
    /// in a light appearance.
    package static func readable16(_ index: Int, dark: Bool) -> Int {
        let swaps: [Int: Int] =
            dark
            ? [0: 7, 8: 7, 4: 12, 1: 9, 5: 13, 10: 2, 11: 3]
            : [15: 0, 7: 8, 3: 9, 11: 9, 6: 4, 14: 4, 12: 4, 10: 2]
        return swaps[index] ?? index
    }

    /// The foreground for text on `background`: the theme's `text` colour when it reads there
    /// (4.5:1, judged on xterm's palette), else black or white, whichever contrasts more: palette
    /// black or white on a palette background, so that both follow the user's palette.
    func foreground(on background: ThemeColor) -> ThemeColor {
        guard let backgroundRGB = background.rgbValue else { return text }
        let candidate = depth == .ansi16 ? Self.palette(text) : text
        if let textRGB = candidate.rgbValue, candidate != .unset, Contrast.ratio(textRGB, backgroundRGB) >= 4.5 {
            return candidate
        }
        let black = Theme.RGBColor(red: 0, green: 0, blue: 0), white = Theme.RGBColor(red: 255, green: 255, blue: 255)
        let useBlack = Contrast.ratio(black, backgroundRGB) >= Contrast.ratio(white, backgroundRGB)
        if case .ansi = background { return .ansi(useBlack ? 0 : 15) }
        return .rgb(useBlack ? black : white)
    }
}
