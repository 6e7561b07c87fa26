import Foundation
import Testing

@testable import Scrollback

/// Terminal colours measured on the palettes people use: xterm's defaults, Solarized, One Dark
/// and Nord. A palette colour (`ansi(n)`, and every colour in 16 colours) is the user's, so its
/// contrast is the palette's; RGB colours are exact but sit on the palette's background.
///
/// Only the 16-colour figures are checked; `Scripts/contrast-table` prints them all, in every
/// depth (`SCROLLBACK_CONTRAST_TABLE=1`).
@Suite struct TerminalPaletteTests {
    /// A terminal palette: its 16 colours, default background and foreground.
    struct Palette: Sendable, CustomStringConvertible {
        var name: String
        var colors: [Theme.RGBColor]
        var background: Theme.RGBColor
        var foreground: Theme.RGBColor
        var description: String { name }

        init(_ name: String, _ colors: [String], background: String, foreground: String) {
            self.name = name
            self.colors = colors.map { Theme.RGBColor(hex: $0)! }
            self.background = Theme.RGBColor(hex: background)!
            self.foreground = Theme.RGBColor(hex: foreground)!
        }
    }

    // The published definitions, written out here.

    /// xterm's default palette (XTerm-col.ad), on black as a dark terminal and on white as xterm
    /// starts.
    static let xterm = [
        "#000000", "#cd0000", "#00cd00", "#cdcd00", "#0000ee", "#cd00cd", "#00cdcd", "#e5e5e5",
        "#7f7f7f", "#ff0000", "#00ff00", "#ffff00", "#5c5cff", "#ff00ff", "#00ffff", "#ffffff",
    ]
    /// Solarized (Ethan Schoonover) as terminals map it: base02, the accents, base2; base03,
    /// orange, base01, base00, base0, violet, base1, base3. Bright black is base03, Solarized
    /// Dark's background.
    static let solarized = [
        "#073642", "#dc322f", "#859900", "#b58900", "#268bd2", "#d33682", "#2aa198", "#eee8d5",
        "#002b36", "#cb4b16", "#586e75", "#657b83", "#839496", "#6c71c4", "#93a1a1", "#fdf6e3",
    ]
    /// Atom's One Dark as terminals package it (background #282c34, foreground #abb2bf).
    static let oneDark = [
        "#1e2127", "#e06c75", "#98c379", "#d19a66", "#61afef", "#c678dd", "#56b6c2", "#abb2bf",
        "#5c6370", "#e06c75", "#98c379", "#d19a66", "#61afef", "#c678dd", "#56b6c2", "#ffffff",
    ]
    /// Nord (Arctic Ice Studio) as its terminal ports map it: nord1, nord11, nord14, nord13,
    /// nord9, nord15, nord8, nord5; nord3, the same accents, nord7, nord6.
    static let nord = [
        "#3b4252", "#bf616a", "#a3be8c", "#ebcb8b", "#81a1c1", "#b48ead", "#88c0d0", "#e5e9f0",
        "#4c566a", "#bf616a", "#a3be8c", "#ebcb8b", "#81a1c1", "#b48ead", "#8fbcbb", "#eceff4",
    ]

    static let darkPalettes = [
        Palette("xterm (black)", xterm, background: "#000000", foreground: "#ffffff"),
        Palette("Solarized Dark", solarized, background: "#002b36", foreground: "#839496"),
        Palette("One Dark", oneDark, background: "#282c34", foreground: "#abb2bf"),
        Palette("Nord", nord, background: "#2e3440", foreground: "#d8dee9"),
    ]
    static let lightPalettes = [
        Palette("xterm (white)", xterm, background: "#ffffff", foreground: "#000000"),
        Palette("Solarized Light", solarized, background: "#fdf6e3", foreground: "#657b83"),
    ]

    /// What a terminal shows for a style: the colours, resolved on `palette`.
    static func colors(of style: SGRStyle, on palette: Palette, depth: ANSIOptions.ColorDepth) -> (Theme.RGBColor, Theme.RGBColor) {
        func rgb(_ color: ThemeColor?, default fallback: Theme.RGBColor) -> Theme.RGBColor {
            switch color {
            case .ansi(let index): return palette.colors[index]
            case .rgb(let rgb):
                switch depth {
                case .ansi256: return SGRStyle.xterm256Color(SGRStyle.nearestXterm256(rgb))
                default: return rgb
                }
            case .unset, nil: return fallback
            }
        }
        let background = rgb(style.background, default: palette.background)
        return (rgb(style.foreground, default: palette.foreground), background)
    }

    /// The roles a reader reads, as text (4.5:1 wanted) or as muted text and borders (3:1).
    static let textRoles: [Role] = [.body, .mention, .code, .alert, .strong, .emphasis, .title, .error, .waveform, .ownReaction]
    /// Borders and rules are drawn in the muted style.
    static let mutedRoles: [Role] = [.muted, .timestamp, .label, .separator, .system, .deleted, .badge]

    struct Figures {
        var text = (value: Double.infinity, role: "")
        var muted = (value: Double.infinity, role: "")
        var authors = (value: Double.infinity, role: "")
        var authorCount = 0
    }

    /// The lowest contrast of each kind of role for `theme` in one appearance and depth on `palette`.
    static func figures(theme: Theme, dark: Bool, depth: ANSIOptions.ColorDepth, palette: Palette) -> Figures {
        var options = RenderOptions()
        options.theme = theme
        options.ansi.colorDepth = depth
        options.ansi.darkAppearance = dark
        var layout = ANSILayout(options: options)
        let resolver = TerminalColors(theme: theme, depth: depth, dark: dark)
        func ratio(_ style: SGRStyle) -> Double {
            let (foreground, background) = colors(of: resolver.resolved(style), on: palette, depth: depth)
            return Contrast.ratio(Contrast.blended(foreground, over: background), background)
        }
        var figures = Figures()
        func note(_ value: Double, _ name: String, in slot: WritableKeyPath<Figures, (value: Double, role: String)>) {
            if value < figures[keyPath: slot].value { figures[keyPath: slot] = (value, name) }
        }
        for role in textRoles { note(ratio(layout.style(for: role)), role.rawValue, in: \.text) }
        note(ratio(SGRStyle(foreground: nonEmpty(theme.color("link", dark: dark)), underline: true)), "link", in: \.text)
        for role in mutedRoles { note(ratio(layout.style(for: role)), role.rawValue, in: \.muted) }
        // Speakers: as many as the palette has colours in this depth.
        let count =
            depth == .ansi16 || isPalette(theme.color("avatar0", dark: dark)) ? resolver.authorPalette16.count : theme.authorPaletteSize
        figures.authorCount = count
        for index in 0..<count {
            note(ratio(layout.style(for: .author).adding(layout.authorStyle(index))), "author \(index)", in: \.authors)
        }
        return figures
    }

    private static func nonEmpty(_ color: ThemeColor) -> ThemeColor? { color == .unset ? nil : color }
    private static func isPalette(_ color: ThemeColor) -> Bool { if case .ansi = color { true } else { false } }

    // MARK: Tests

    /// In 16 colours, every built-in theme's text, muted text, borders and author names read on
    /// each common palette of the matching appearance: 3:1 at least (WCAG's large-text and UI
    /// level), and body-sized text 4.5:1 where the palette has such a colour.
    @Test(arguments: Theme.builtInNames)
    func sixteenColoursReadOnCommonPalettes(name: String) throws {
        let theme = try #require(Theme.builtIn(named: name))
        for dark in [true, false] {
            for palette in dark ? Self.darkPalettes : Self.lightPalettes {
                let figures = Self.figures(theme: theme, dark: dark, depth: .ansi16, palette: palette)
                let context = "\(name) \(dark ? "dark" : "light") on \(palette)"
                #expect(figures.text.value >= 3, "\(context): \(figures.text)")
                #expect(figures.muted.value >= 3, "\(context): \(figures.muted)")
                #expect(figures.authors.value >= 3, "\(context): \(figures.authors)")
            }
        }
    }

    /// Bright black, the old muted grey, is unreadable on dark palettes (it is Solarized Dark's
    /// background); muted text and borders do not use it on a dark terminal.
    @Test func brightBlackIsNotUsedOnDarkTerminals() throws {
        let solarizedDark = Self.darkPalettes[1]
        #expect(Contrast.ratio(solarizedDark.colors[8], solarizedDark.background) < 1.01)
        for name in Theme.builtInNames {
            let theme = try #require(Theme.builtIn(named: name))
            var options = RenderOptions()
            options.theme = theme
            options.ansi.colorDepth = .ansi16
            options.ansi.darkAppearance = true
            let resolver = TerminalColors(theme: theme, depth: .ansi16, dark: true)
            var layout = ANSILayout(options: options)
            for role in Self.mutedRoles {
                let style = layout.style(for: role)
                #expect(resolver.resolved(style).foreground != .ansi(8), "\(name) \(role)")
            }
        }
        #expect(TerminalColors.readable16(8, dark: true) == 7)
        #expect(TerminalColors.readable16(8, dark: false) == 8)
    }

    /// The 16-colour author palettes: distinct entries, each 3:1 or more on every palette of its
    /// appearance, the first four 4.4:1 or more on dark palettes.
    @Test func authorPalettesRead() {
        for (palette, terminals) in [
            (TerminalColors.darkAuthorPalette, Self.darkPalettes), (TerminalColors.lightAuthorPalette, Self.lightPalettes),
        ] {
            #expect(Set(palette).count == palette.count)
            for terminal in terminals {
                for (place, index) in palette.enumerated() {
                    let ratio = Contrast.ratio(terminal.colors[index], terminal.background)
                    #expect(ratio >= 3, "ansi(\(index)) on \(terminal): \(ratio)")
                    if terminals.count == 4 && place < 4 { #expect(ratio >= 4.4, "ansi(\(index)) on \(terminal): \(ratio)") }
                }
            }
        }
    }

    /// Not a check: prints the table for `Scripts/contrast-table`. It runs only when the script
    /// asks, so that an ordinary run shows it skipped rather than passed.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["SCROLLBACK_CONTRAST_TABLE"] != nil, "run by Scripts/contrast-table"))
    func contrastTable() throws {
        // Written at once: print's buffer, flushed at exit, came out cut by the runner's lines.
        FileHandle.standardOutput.write(Data((try Self.table() + "\n").utf8))
    }

    static func table() throws -> String {
        func format(_ figure: (value: Double, role: String)) -> String {
            String(format: "%.2f", figure.value) + " (\(figure.role))"
        }
        var lines = [
            "| theme | appearance | depth | palette | lowest text | lowest muted (and borders) | lowest author (speakers) |",
            "|---|---|---|---|---|---|---|",
        ]
        for name in Theme.builtInNames {
            let theme = try #require(Theme.builtIn(named: name))
            for dark in [true, false] {
                for depth in [ANSIOptions.ColorDepth.ansi16, .ansi256, .trueColor] {
                    for palette in dark ? darkPalettes : lightPalettes {
                        let figures = figures(theme: theme, dark: dark, depth: depth, palette: palette)
                        lines.append(
                            "| \(name) | \(dark ? "dark" : "light") | \(depth) | \(palette) | \(format(figures.text)) | "
                                + "\(format(figures.muted)) | \(format(figures.authors)) (\(figures.authorCount)) |")
                    }
                }
            }
        }
        return lines.joined(separator: "\n")
    }
}
