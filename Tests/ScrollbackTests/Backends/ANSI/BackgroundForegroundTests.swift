import Foundation
import Testing

@testable import Scrollback

/// Every background the terminal output sets comes with a foreground it sets, so that text never
/// sits on our background in the terminal's own colour (which may be the same colour: a dark code
/// background under a dark-text terminal's default black, 1.1:1).
@Suite struct BackgroundForegroundTests {
    /// The SGR state a terminal keeps: whether the foreground and background are ours.
    struct SGRState {
        var foreground = false
        var background = false

        /// Applies the parameters of one `ESC [ … m`.
        mutating func apply(_ parameters: String) {
            let values = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
            var index = 0
            while index < values.count {
                let value = values[index]
                switch value {
                case 0: (foreground, background) = (false, false)
                case 30...37, 90...97: foreground = true
                case 39: foreground = false
                case 40...47, 100...107: background = true
                case 49: background = false
                case 38, 48:
                    if value == 38 { foreground = true } else { background = true }
                    // 38;5;n or 38;2;r;g;b
                    index += index + 1 < values.count && values[index + 1] == 2 ? 4 : 2
                default: break
                }
                index += 1
            }
        }
    }

    /// The places in `output` where a background is set with no foreground of ours in effect.
    static func backgroundsWithoutForeground(in output: String) -> [String] { scan(output).problems }

    /// The problems, and how many times a background was set.
    static func scan(_ output: String) -> (problems: [String], backgrounds: Int) {
        var state = SGRState()
        var problems: [String] = []
        let scalars = Array(output.unicodeScalars)
        var index = 0
        var backgrounds = 0
        while index < scalars.count {
            guard scalars[index] == "\u{1B}", index + 1 < scalars.count else {
                index += 1
                continue
            }
            if scalars[index + 1] == "[" {
                var end = index + 2
                while end < scalars.count, !(0x40...0x7E).contains(scalars[end].value) { end += 1 }
                guard end < scalars.count else { break }
                if scalars[end] == "m" {
                    let parameters = String(String.UnicodeScalarView(scalars[(index + 2)..<end]))
                    let hadBackground = state.background
                    state.apply(parameters)
                    if state.background && !hadBackground { backgrounds += 1 }
                    if state.background && !state.foreground {
                        let after = String(String.UnicodeScalarView(scalars[end..<min(end + 20, scalars.count)]))
                        problems.append("ESC[\(parameters)m then \(after.debugDescription)")
                    }
                }
                index = end + 1
            } else {
                index += 1
            }
        }
        return (problems, backgrounds)
    }

    @Test func scannerSeesBothKinds() {
        #expect(Self.backgroundsWithoutForeground(in: "\u{1B}[48;5;236mx\u{1B}[0m").count == 1)
        #expect(Self.backgroundsWithoutForeground(in: "\u{1B}[48;2;1;2;3mx\u{1B}[0m").count == 1)
        #expect(Self.backgroundsWithoutForeground(in: "\u{1B}[38;5;15;48;5;236mx\u{1B}[0m").isEmpty)
        #expect(Self.backgroundsWithoutForeground(in: "\u{1B}[97;100mx\u{1B}[39mx\u{1B}[0m").count == 1)
        #expect(Self.backgroundsWithoutForeground(in: "\u{1B}[1;37;44mx\u{1B}[0mx\u{1B}[44m").count == 1)
    }

    static let samples = [
        "conversation.json", "launch-room.json", "support-ticket.ndjson", "attachments.json", "threads.json", "hostile.json",
        "workspace.json", "migration.ndjson", "events.ndjson",
    ]

    /// Every sample, built-in theme, colour depth and appearance.
    @Test(arguments: samples)
    func everyBackgroundHasAForeground(sample: String) throws {
        var backgroundsSeen = 0
        for theme in Theme.builtInNames {
            for depth in [ANSIOptions.ColorDepth.ansi16, .ansi256, .trueColor] {
                for dark in [false, true] {
                    var options = RenderOptions()
                    options.theme = try #require(Theme.builtIn(named: theme))
                    options.ansi.colorDepth = depth
                    options.ansi.darkAppearance = dark
                    let (output, _) = try SampleTranscripts.render(sample, as: .ansi, options: options)
                    let (problems, backgrounds) = Self.scan(output)
                    #expect(problems.isEmpty, "\(sample) \(theme) \(depth) \(dark ? "dark" : "light"): \(problems.prefix(3))")
                    backgroundsSeen += backgrounds
                }
            }
        }
        if sample == "conversation.json" { #expect(backgroundsSeen > 10, "the conversation has code and mentions on backgrounds") }
    }

    /// A theme whose `text` is left to the terminal still gets a foreground under a background:
    /// black or white, whichever reads better on it.
    @Test func unsetTextGetsBlackOrWhite() throws {
        let theme = try Theme(
            json: ##"{"version": 1, "extends": "default", "colors": {"text": "none", "codeBackground": "#202020"}, "dark": null}"##)
        for depth in [ANSIOptions.ColorDepth.ansi16, .ansi256, .trueColor] {
            var options = RenderOptions()
            options.theme = theme
            options.ansi.colorDepth = depth
            var backend = ANSIBackend(output: "", options: options)
            backend.write(.markdown(ChatMarkdown.parse("see `code`", mentionedUsers: [])))
            #expect(Self.backgroundsWithoutForeground(in: backend.output).isEmpty, "\(depth): \(backend.output.debugDescription)")
            #expect(
                backend.output.contains(
                    depth == .ansi16 ? "97;40m" : depth == .ansi256 ? "38;5;231;48;5;234m" : "38;2;255;255;255;48;2;32;32;32m"),
                "white on the dark background: \(backend.output.debugDescription)")
        }
    }
}
