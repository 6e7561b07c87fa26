import Foundation
import Testing

@testable import Scrollback

/// Author names in the terminal take their avatar's palette colour, stable per user id.
@Suite struct AuthorColorTests {
    private func header(_ id: String, _ name: String) -> ViewNode {
        .stack(.horizontal, [.avatar(ViewNode.AvatarContent(user: ChatUser(id: id, name: name))), .text(name, .author)])
    }

    private func render(_ view: ViewNode, depth: ANSIOptions.ColorDepth, dark: Bool = true) -> String {
        var options = RenderOptions()
        options.ansi.colorDepth = depth
        options.ansi.darkAppearance = dark
        var backend = ANSIBackend(output: "", options: options)
        backend.write(view)
        return backend.output
    }

    /// A header whose avatar has colour `index`, as a rendering gives its speakers in order.
    private func header(index: Int) -> ViewNode {
        .stack(.horizontal, [.avatar(ViewNode.AvatarContent(imageURL: nil, initials: "N", colorIndex: index)), .text("Name", .author)])
    }

    /// Each colour of the palette a depth has is its own, and colours repeat in order after it.
    @Test func everyPaletteEntryDiffersAndRepeatsInOrder() throws {
        for dark in [true, false] {
            for depth in [ANSIOptions.ColorDepth.ansi16, .ansi256, .trueColor] {
                let size =
                    depth == .ansi16
                    ? (dark ? TerminalColors.darkAuthorPalette : TerminalColors.lightAuthorPalette).count
                    : Theme.default.authorPaletteSize
                let escapes = (0..<size * 2).map { render(header(index: $0), depth: depth, dark: dark).prefix { $0 != "N" } }
                #expect(escapes.allSatisfy { $0.hasPrefix("\u{1B}[1;") }, "bold and coloured")
                if dark || depth != .ansi256 {
                    // xterm's 256 colours have too few dark shades for twelve on white.
                    #expect(Set(escapes.prefix(size)).count == size, "\(depth) \(dark): \(escapes.prefix(size))")
                }
                #expect(Array(escapes.prefix(size)) == Array(escapes.suffix(size)), "repeats in order at \(depth)")
            }
        }
        #expect(Theme.default.authorPaletteSize == 12)
        #expect(try #require(Theme.builtIn(named: "terminal-16")).authorPaletteSize == 6)
        #expect(try #require(Theme.builtIn(named: "plain")).authorPaletteSize == 1)
    }

    /// Without a rendering, a user's colour comes from the id: the same for the same user, on
    /// every machine and in every run.
    @Test func withoutARenderingTheIdDecides() {
        let users = ["maya", "teo", "hina", "layla", "ops-bot", "samir", "u1", "u2", "u3", "u4"]
        let indices = users.map { ViewNode.AvatarContent(user: ChatUser(id: $0, name: $0)).colorIndex }
        // FNV-1a of each id modulo 12, worked out apart from the code: a hash seeded per process
        // would give the same twice in one run, but not these.
        #expect(indices == [5, 11, 3, 2, 7, 7, 11, 6, 1, 8])
    }

    @Test func darkTerminalsGetLighterShades() {
        let light = render(header("maya", "Maya"), depth: .trueColor, dark: false)
        let dark = render(header("maya", "Maya"), depth: .trueColor, dark: true)
        func channels(_ text: String) -> [Int] {
            guard let match = text.firstMatch(of: #/38;2;(\d+);(\d+);(\d+)m/#) else { return [] }
            return [Int(match.output.1)!, Int(match.output.2)!, Int(match.output.3)!]
        }
        let (l, d) = (channels(light), channels(dark))
        #expect(l.count == 3 && d.count == 3)
        #expect(zip(l, d).allSatisfy { $0 < $1 }, "\(l) → \(d)")
        #expect(!render(header("maya", "Maya"), depth: .none).contains("\u{1B}"))
    }
}
