import Foundation
import Testing

@testable import Scrollback

/// Issue 13's layout items: emoji widths terminals agree on, URL references, wrapping,
/// channel dividers and the compact style.
@Suite struct TerminalLayoutTests {
    let start = Date(timeIntervalSince1970: 1_700_000_000)

    func render(_ views: [View], width: Int = 60, configure: (inout RenderOptions) -> Void = { _ in }) -> String {
        var options = RenderOptions()
        options.width = width
        configure(&options)
        var backend = ANSIBackend(output: "", options: options)
        for view in views { backend.write(view) }
        return backend.output
    }

    func message(_ body: [View], footer: [View] = [], role: Role = .bubble) -> View {
        .message(
            MessageFrame(
                id: "m", role: role, header: [.text("Maya Okafor", .author), .time(start, label: "09:31")], body: body,
                footer: footer))
    }

    // MARK: Item 13: emoji widths

    @Test func emojiSelectorsAfterTextCharactersAreDropped() {
        #expect(DisplayWidth.withoutAmbiguousEmojiSelectors("Morning ☀️ ok ⚠️ ❤️") == "Morning ☀ ok ⚠ ❤")
        #expect(DisplayWidth.withoutAmbiguousEmojiSelectors("🗳️ vote") == "🗳 vote")
        // Emoji wide on their own, keycaps and ZWJ sequences stay as they are.
        for kept in ["😂", "📷\u{FE0F}", "1️⃣", "🏳️‍🌈", "❤️‍🔥", "plain text", "e\u{301}"] {
            #expect(DisplayWidth.withoutAmbiguousEmojiSelectors(kept) == kept)
        }
    }

    @Test func bordersAroundSelectorEmojiLineUp() {
        let output = render(
            [message([.text("Morning all ☀️ and ⚠️ careful")], footer: [.text("[❤️ 3] [😮 1]", .muted)])], width: 40)
        #expect(!output.unicodeScalars.contains("\u{FE0F}"))
        #expect(output.contains("☀ and ⚠ careful") && output.contains("[❤ 3]"))
        let bubble = output.split(separator: "\n").filter { $0.hasPrefix("│") || $0.hasPrefix("╭") || $0.hasPrefix("╰") }
        #expect(bubble.count >= 4)
        #expect(Set(bubble.map { DisplayWidth.of($0) }).count == 1, "every line of the bubble ends in one column")
    }
}
