import Testing

@testable import Scrollback

@Suite struct SGRTests {
    let red = Theme.RGBColor(red: 255, green: 0, blue: 0)

    @Test func trueColorEscape() {
        let style = SGRStyle(
            foreground: .rgb(Theme.RGBColor(red: 1, green: 2, blue: 3)), background: .rgb(Theme.RGBColor(red: 4, green: 5, blue: 6)),
            bold: true, italic: true, underline: true, dim: true)
        #expect(style.escape(for: .trueColor) == "\u{1B}[1;2;3;4;38;2;1;2;3;48;2;4;5;6m")
    }

    @Test func noColorDepthEmitsNothing() {
        let style = SGRStyle(foreground: .rgb(red), bold: true)
        #expect(style.escape(for: .none) == "")
        #expect(SGRStyle.plain.escape(for: .trueColor) == "")
    }

    @Test func downgradeTo256Colors() {
        #expect(SGRStyle.nearestXterm256(red) == 196)
        #expect(SGRStyle.nearestXterm256(Theme.RGBColor(red: 0, green: 0, blue: 255)) == 21)
        #expect(SGRStyle.nearestXterm256(Theme.RGBColor(red: 255, green: 255, blue: 255)) == 231)
        #expect(SGRStyle.nearestXterm256(Theme.RGBColor(red: 0, green: 0, blue: 0)) == 16)
        let grey = SGRStyle.nearestXterm256(Theme.RGBColor(red: 128, green: 128, blue: 128))
        #expect((232...255).contains(grey))
        #expect(grey == 244)
        // Near a cube level, not truncated down to the level below.
        #expect(SGRStyle.nearestXterm256(Theme.RGBColor(red: 250, green: 130, blue: 0)) == 16 + 36 * 5 + 6 * 2)
        #expect(SGRStyle(foreground: .rgb(red)).escape(for: .ansi256) == "\u{1B}[38;5;196m")
        #expect(SGRStyle(background: .rgb(red)).escape(for: .ansi256) == "\u{1B}[48;5;196m")
    }

    @Test func downgradeTo16Colors() {
        #expect([1, 9].contains(SGRStyle.nearestANSI16(red)))
        #expect(SGRStyle.nearestANSI16(Theme.RGBColor(red: 180, green: 0, blue: 0)) == 1)
        #expect(SGRStyle.nearestANSI16(Theme.RGBColor(red: 10, green: 10, blue: 10)) == 0)
        #expect(SGRStyle.nearestANSI16(Theme.RGBColor(red: 250, green: 250, blue: 250)) == 15)
        #expect(SGRStyle.nearestANSI16(Theme.RGBColor(red: 0x5d, green: 0x60, blue: 0x66)) == 8)
        #expect(SGRStyle(foreground: .rgb(Theme.RGBColor(red: 180, green: 0, blue: 0))).escape(for: .ansi16) == "\u{1B}[31m")
        #expect(SGRStyle(foreground: .rgb(red)).escape(for: .ansi16) == "\u{1B}[91m")
        #expect(SGRStyle(background: .rgb(red)).escape(for: .ansi16) == "\u{1B}[101m")
        #expect(SGRStyle(background: .rgb(Theme.RGBColor(red: 0, green: 0, blue: 0))).escape(for: .ansi16) == "\u{1B}[40m")
    }

    @Test func addingLayersStyles() {
        let base = SGRStyle(foreground: .rgb(red), bold: true)
        let link = SGRStyle(foreground: .rgb(Theme.RGBColor(red: 0, green: 0, blue: 255)), underline: true)
        let combined = base.adding(link)
        #expect(combined.foreground == link.foreground)
        #expect(combined.bold && combined.underline && !combined.italic)
        #expect(SGRStyle(background: .rgb(red)).adding(SGRStyle(italic: true)).background == .rgb(red))
    }

    @Test func paletteColoursStayPaletteColoursAtEveryDepth() {
        for depth in [ANSIOptions.ColorDepth.ansi16, .ansi256, .trueColor] {
            #expect(SGRStyle(foreground: .ansi(8)).escape(for: depth) == "\u{1B}[90m")
            #expect(SGRStyle(foreground: .ansi(3), background: .ansi(4)).escape(for: depth) == "\u{1B}[33;44m")
        }
        #expect(SGRStyle(foreground: .unset, bold: true).escape(for: .trueColor) == "\u{1B}[1m")
        #expect(SGRStyle(foreground: .ansi(8)).escape(for: .none) == "")
    }
}
