import Foundation
import Scrollback
import Testing

@testable import ScrollbackCLI

/// `command` (`render` or `view`) on `input` with `options`, asking either for terminal output
/// written out whole: the two commands then print the same.
private func terminalArguments(_ command: String, _ input: String, _ options: [String]) -> [String] {
    [command, input] + options + (command == "render" ? ["--format", "ansi"] : ["--no-pager"])
}

/// `--urls` and `--style` on `render` and `view` (issue 13).
@Suite struct TerminalLayoutOptionTests {
    let attachments = samples.appendingPathComponent("attachments.json").path

    @Test(arguments: ["render", "view"])
    func urlsShortListsReferencesAndFullKeepsThemInPlace(command: String) {
        let arguments = terminalArguments(command, attachments, ["--width", "80", "--color", "never", "--hyperlinks", "never"])
        let short = ToolRun(arguments)
        #expect(short.status == 0)
        #expect(short.output.contains("│ 📷 South entrance.jpg <media.example.org>[1] 2.5 MB"))
        #expect(short.output.contains("\n  [1] https://media.example.org/fieldtrip/south-entrance.jpg\n"))
        let full = ToolRun(arguments + ["--urls", "full"])
        #expect(full.output.contains("<https://media.example.org/fieldtrip/south-entrance.jpg>"))
        #expect(!full.output.contains("[1] https://"))
        let compact = ToolRun(arguments + ["--style", "compact"])
        #expect(compact.output.contains("\n09:00 Priya Nair: [Photo: South entrance.jpg] 2.5 MB Scouting photo"))
    }

    @Test func unknownChoicesAreUsageErrors() {
        let urls = ToolRun(["render", attachments, "--format", "ansi", "--urls", "tiny"])
        #expect(urls.status == 64 && urls.errors.contains("Unknown URL choice 'tiny'. Use short or full."))
        let style = ToolRun(["view", attachments, "--no-pager", "--style", "dense"])
        #expect(style.status == 64 && style.errors.contains("Unknown style 'dense'. Use bubbles or compact."))
    }
}

/// `--timestamps` on `render` and `view` (issue 14).
@Suite struct TimestampOptionTests {
    let conversation = samples.appendingPathComponent("conversation.json").path

    @Test(arguments: ["render", "view"])
    func allPutsATimeOnEveryMessage(command: String) {
        let arguments = terminalArguments(
            command, conversation, ["--width", "80", "--color", "never", "--timezone", "UTC", "--style", "bubbles"])
        let last = ToolRun(arguments)
        let all = ToolRun(arguments + ["--timestamps", "all"])
        #expect(last.status == 0 && all.status == 0)
        // 09:00:05 and 09:00:30 are one group: by default only the second shows 09:00.
        let times = { (output: String) in output.components(separatedBy: " 09:00 ").count + output.components(separatedBy: " 09:00\n").count
        }
        #expect(times(all.output) > times(last.output), "\(all.output)")
        #expect(ToolRun(arguments + ["--timestamps", "last"]).output == last.output)
    }

    @Test func anUnknownChoiceIsAUsageError() {
        let run = ToolRun(["render", conversation, "--timestamps", "some"])
        #expect(run.status == 64 && run.errors.contains("Unknown timestamps choice 'some'. Use last or all."))
    }
}

/// A choice that another leaves without effect is refused on `render` and `view`, not ignored.
@Suite struct ChoicesWithoutEffectTests {
    let conversation = samples.appendingPathComponent("conversation.json").path

    @Test(arguments: ["render", "view"])
    func compactLinesAlwaysStartWithTheirTime(command: String) {
        let arguments = terminalArguments(command, conversation, ["--width", "80", "--color", "never", "--style", "compact"])
        #expect(ToolRun(arguments).status == 0)
        for choice in ["all", "last"] {
            let run = ToolRun(arguments + ["--timestamps", choice])
            #expect(run.status == 64)
            #expect(
                run.errors.hasPrefix("Error: --timestamps changes nothing with --style compact: every line starts with its time.\n"),
                "\(run.errors)")
        }
    }

    @Test(arguments: ["render", "view"])
    func anAppearanceNeedsColour(command: String) {
        let arguments = terminalArguments(command, conversation, ["--width", "80", "--appearance", "light"])
        #expect(ToolRun(arguments + ["--color", "always"]).status == 0)
        let run = ToolRun(arguments + ["--color", "never"])
        #expect(run.status == 64)
        #expect(
            run.errors.hasPrefix("Error: --appearance chooses colours, and --color never draws none: give one of them.\n"), "\(run.errors)")
    }
}
