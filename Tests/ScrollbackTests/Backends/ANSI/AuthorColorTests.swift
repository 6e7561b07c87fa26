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

    /// Twelve speakers, twelve looks, at every depth and appearance, repeating in order after
    /// that: in 16 colours the palette's five or six readable entries, then the same underlined
    /// (then in italics on a light terminal); in 256 colours distinct entries of xterm's, each
    /// 4.5:1 or more on the background (the cube's few dark shades gave twelve speakers ten
    /// colours on white).
    @Test func twelveSpeakersLookDifferentAtEveryDepth() throws {
        for dark in [true, false] {
            for depth in [ANSIOptions.ColorDepth.ansi16, .ansi256, .trueColor] {
                let size = Theme.default.authorPaletteSize
                let escapes = (0..<size * 2).map { render(header(index: $0), depth: depth, dark: dark).prefix { $0 != "N" } }
                #expect(escapes.allSatisfy { $0.hasPrefix("\u{1B}[1;") }, "bold and coloured")
                #expect(Set(escapes.prefix(size)).count == size, "\(depth) \(dark): \(escapes.prefix(size))")
                #expect(Array(escapes.prefix(size)) == Array(escapes.suffix(size)), "repeats in order at \(depth)")
                if depth == .ansi256 {
                    let background = Theme.RGBColor(hex: dark ? "#101418" : "#ffffff")
                    for escape in escapes.prefix(size) {
                        let index = try #require(escape.firstMatch(of: #/38;5;(\d+)m/#).flatMap { Int($0.output.1) })
                        let ratio = Contrast.ratio(SGRStyle.xterm256Color(index), try #require(background))
                        #expect(ratio >= 4.5, "\(dark) \(escape): \(ratio)")
                    }
                }
            }
        }
        #expect(Theme.default.authorPaletteSize == 12)
        #expect(try #require(Theme.builtIn(named: "terminal-16")).authorPaletteSize == 6)
        #expect(try #require(Theme.builtIn(named: "plain")).authorPaletteSize == 1)
    }

    /// The compact style colours each line's name as the bubbles style colours it beside the
    /// avatar, in the same order of speakers, at every depth; the messages after the first of
    /// a group too. Without colour, no escape at all.
    @Test func compactNamesTakeTheBubblesColours() throws {
        var messages: [[String: Any]] = (0..<13).map { index in
            [
                "id": "m\(index)", "text": "hello", "created_at": "2026-06-01T09:\(10 + index):00Z",
                "user": ["id": "u\(index)", "name": "Speaker \(index)"],
            ]
        }
        messages.append([
            "id": "again", "text": "and again", "created_at": "2026-06-01T09:40:00Z", "user": ["id": "u12", "name": "Speaker 12"],
        ])
        let json = try JSONSerialization.data(withJSONObject: ["channel": ["id": "c", "name": "Room"], "messages": messages])
        func names(_ style: ANSIOptions.Style, depth: ANSIOptions.ColorDepth, dark: Bool) throws -> [String: Set<String>] {
            var options = RenderOptions()
            options.ansi.width = 100
            options.ansi.style = style
            options.ansi.colorDepth = depth
            options.ansi.darkAppearance = dark
            var reader = TranscriptReader(bytes: Array(json))
            var backend = OutputFormat.ansi.makeBackend(output: "", options: options)
            _ = try TranscriptRenderer(options: options).render(&reader, to: &backend)
            #expect(depth != .none || !backend.output.contains("\u{1B}"), "no colour: plain")
            var result: [String: Set<String>] = [:]
            for match in backend.output.matches(of: #/\x1B\[([0-9;]*)m(Speaker \d+)/#) {
                result[String(match.output.2), default: []].insert(String(match.output.1))
            }
            return result
        }
        for dark in [true, false] {
            for depth in [ANSIOptions.ColorDepth.ansi16, .ansi256, .trueColor] {
                let bubbles = try names(.bubbles, depth: depth, dark: dark)
                let compact = try names(.compact, depth: depth, dark: dark)
                #expect(bubbles.count == 13 && bubbles.values.allSatisfy { $0.count == 1 }, "\(bubbles)")
                #expect(compact == bubbles, "\(depth) \(dark)")
                #expect(Set(bubbles.values).count == 12, "twelve colours, the thirteenth speaker takes the first again")
            }
        }
        _ = try names(.compact, depth: .none, dark: true)
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
