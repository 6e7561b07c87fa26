import Testing

@testable import Scrollback

@Suite struct ContrastTests {
    let white = Theme.RGBColor(red: 255, green: 255, blue: 255)
    let black = Theme.RGBColor(red: 0, green: 0, blue: 0)

    @Test func knownRatios() {
        #expect(abs(Contrast.ratio(black, white) - 21) < 0.001)
        #expect(abs(Contrast.ratio(white, black) - 21) < 0.001)
        #expect(Contrast.ratio(white, white) == 1)
        let grey = Theme.RGBColor(red: 0x77, green: 0x77, blue: 0x77)
        #expect(abs(Contrast.ratio(grey, white) - 4.48) < 0.01)
        #expect(abs(Contrast.relativeLuminance(of: white) - 1) < 0.0001)
        #expect(
            Contrast.blended(Theme.RGBColor(red: 0, green: 0, blue: 0, alpha: 128), over: white)
                == Theme.RGBColor(red: 127, green: 127, blue: 127))
    }

    /// Body and muted text meet WCAG AA (4.5:1) on the page and both bubbles, in every appearance.
    @Test(arguments: ["default", "midnight", "high-contrast", "terminal-16", "plain"])
    func builtInThemeMeetsAA(name: String) throws {
        let theme = try #require(Theme.builtIn(named: name))
        for dark in theme.darkColors.isEmpty ? [false] : [false, true] {
            let report = theme.contrast(dark: dark)
            #expect(report.body >= 4.5, "\(name) \(dark ? "dark" : "light") body \(report.body)")
            #expect(report.muted >= 4.5, "\(name) \(dark ? "dark" : "light") muted \(report.muted)")
        }
    }

    @Test func highContrastMeetsAAA() throws {
        let theme = try #require(Theme.builtIn(named: "high-contrast"))
        for dark in [false, true] {
            let report = theme.contrast(dark: dark)
            #expect(report.body >= 7 && report.muted >= 7)
        }
    }
}

extension ContrastTests {
    /// Issue 14: a reaction the reader gave is drawn in the accent colour, and a pinned message
    /// sits on its own background: both stay legible (WCAG AA) on every background text sits on.
    @Test(arguments: ["default", "midnight", "high-contrast"])
    func ownReactionsAndPinnedMessagesMeetAA(name: String) throws {
        let theme = try #require(Theme.builtIn(named: name))
        for dark in theme.darkColors.isEmpty ? [false] : [false, true] {
            let accent = try #require(theme.color("accentPrimary", dark: dark).rgbValue)
            for background in Theme.textBackgrounds {
                let color = try #require(theme.color(background, dark: dark).rgbValue, "\(name) \(background)")
                let ratio = Contrast.ratio(accent, color)
                #expect(ratio >= 4.5, "\(name) \(dark ? "dark" : "light") accent on \(background): \(ratio)")
            }
        }
    }
}
