import Foundation
import Testing

@testable import Scrollback

/// Author names in the terminal take their avatar's palette colour, stable per user id.
@Suite struct AuthorColorTests {
    private func header(_ id: String, _ name: String) -> View {
        .stack(.horizontal, [.avatar(AvatarContent(user: ChatUser(id: id, name: name))), .text(name, .author)])
    }

    private func render(_ view: View, depth: ColorDepth, dark: Bool = true) -> String {
        var options = RenderOptions()
        options.colorDepth = depth
        options.darkAppearance = dark
        var backend = ANSIBackend(output: "", options: options)
        backend.write(view)
        return backend.output
    }

    @Test func sameUserSameColourOthersDiffer() throws {
        let users = ["maya", "teo", "hina", "layla", "ops-bot", "samir", "u1", "u2", "u3", "u4"]
        let indices = users.map { AvatarContent(user: ChatUser(id: $0, name: $0)).colorIndex }
        #expect(Set(indices).count > 3, "ids spread over the palette")
        for depth in [ColorDepth.ansi16, .ansi256, .trueColor] {
            var escapeByIndex: [Int: String] = [:]
            for (user, index) in zip(users, indices) {
                let output = render(header(user, "Name"), depth: depth)
                let escape = String(output.prefix { $0 != "N" })
                #expect(escape.hasPrefix("\u{1B}[1;"), "bold and coloured: \(output)")
                #expect(render(header(user, "Name"), depth: depth) == output, "stable")
                if let known = escapeByIndex[index] { #expect(known == escape) } else { escapeByIndex[index] = escape }
            }
            #expect(Set(escapeByIndex.values).count == escapeByIndex.count, "one colour per palette entry at \(depth)")
        }
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
