import Foundation
import Scrollback
import Testing

@testable import ScrollbackCLI

/// `scrollback view`: the paging decision, the pager's environment, and output equal to `render --format ansi`.
@Suite struct ViewCommandTests {
    static let launchRoom = samples.appendingPathComponent("launch-room.json").path

    @Test func pagesOnlyATerminalShorterThanTheText() {
        let environment: [String: String] = [:]
        #expect(Pager.command(isTerminal: true, rows: 40, lineCount: 41, environment: environment) == ["less", "-R"])
        #expect(Pager.command(isTerminal: true, rows: 40, lineCount: 40, environment: environment) == nil, "fits the screen")
        #expect(Pager.command(isTerminal: false, rows: 40, lineCount: 400, environment: environment) == nil, "a pipe")
        #expect(Pager.command(isTerminal: true, rows: nil, lineCount: 400, environment: environment) == nil, "unknown height")
    }

    @Test func pagerVariableIsSplitOnSpacesAndCatOrEmptyMeansNone() {
        func command(_ pager: String) -> [String]? {
            Pager.command(isTerminal: true, rows: 10, lineCount: 100, environment: ["PAGER": pager])
        }
        #expect(command("most") == ["most"])
        #expect(command("less  -S -R") == ["less", "-S", "-R"])
        #expect(command("") == nil)
        #expect(command("  ") == nil)
        #expect(command("cat") == nil)
        #expect(command("cat -v") == nil)
    }

    @Test func pagerEnvironmentSetsLessOptionsOnlyWhenUnset() {
        #expect(Pager.environment(["HOME": "/h"]) == ["HOME": "/h", "LESS": "FRX", "LV": "-c"])
        #expect(Pager.environment(["LESS": "-S"])["LESS"] == "-S")
        #expect(Pager.environment(["LESS": ""])["LESS"] == "", "an empty LESS is the user's choice too")
    }

    @Test func pagerThatCannotStartReportsFailure() {
        #expect(!Pager.show("text\n", command: ["scrollback-no-such-pager-\(UUID().uuidString)"], environment: [:]))
        #expect(Pager.show("text\n", command: ["true"], environment: [:]))
    }

    @Test(arguments: [40, 80, 120])
    func viewWithoutPagerEqualsRenderAnsi(width: Int) {
        let common = ["--width", String(width), "--color", "always", "--me", "maya"]
        let view = ToolRun(["view", Self.launchRoom, "--no-pager"] + common)
        let render = ToolRun(["render", Self.launchRoom, "--format", "ansi"] + common)
        #expect(view.status == 0, "\(view.errors)")
        #expect(view.errors.isEmpty)
        #expect(view.output.contains("\u{1B}["), "colour was asked for")
        #expect(view.output == render.output)
    }

    @Test func viewOnATerminalUsesItsWidthAndColours() {
        let run = ToolRun(
            ["view", Self.launchRoom], environment: ["TZ": "UTC", "TERM": "xterm-256color", "PAGER": "cat"],
            terminal: true)
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("\u{1B}["))
        let widest = run.output.split(separator: "\n").map { DisplayWidth.of(Self.withoutEscapes(String($0))) }.max() ?? 0
        #expect(widest == 72, "the test terminal is 72 columns wide")
    }

    @Test func pipedViewHasNoColourAndCOLUMNSWidth() {
        let run = ToolRun(["view", Self.launchRoom], environment: ["TZ": "UTC", "TERM": "xterm-256color", "COLUMNS": "50"])
        #expect(run.status == 0)
        #expect(!run.output.contains("\u{1B}"))
        #expect(run.output.split(separator: "\n").allSatisfy { DisplayWidth.of($0) <= 50 })
    }

    @Test func badChoicesAreUsageErrors() {
        #expect(ToolRun(["view", Self.launchRoom, "--hyperlinks", "sometimes"]).status == 64)
        #expect(ToolRun(["view", Self.launchRoom, "--theme", "no-such-theme"]).status == 64)
        #expect(ToolRun(["view", "/no/such/file.json"]).status == 1)
        #expect(ToolRun(["--help"]).output.contains("view "))
    }

    @Test func hyperlinksAutoOnlyForKnownTerminals() throws {
        func auto(_ environment: [String: String], terminal: Bool = true) throws -> Bool {
            try ViewerOptions.hyperlinks(nil, isTerminal: terminal, environment: environment).get()
        }
        #expect(try auto(["TERM": "xterm-256color", "VTE_VERSION": "7200"]))
        #expect(try auto(["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"]))
        #expect(try auto(["TERM": "xterm-kitty"]))
        #expect(try !auto(["TERM": "xterm-256color"]), "plain xterm: unknown, so off")
        #expect(try !auto(["TERM": "linux", "VTE_VERSION": "7200"]))
        #expect(try !auto(["TERM": "dumb", "WT_SESSION": "1"]))
        #expect(try !auto(["TERM": "xterm-kitty"], terminal: false), "never into a pipe")
        #expect(try ViewerOptions.hyperlinks("always", isTerminal: false, environment: [:]).get())
        #expect(try !ViewerOptions.hyperlinks("never", isTerminal: true, environment: ["TERM": "xterm-kitty"]).get())
    }

    static func withoutEscapes(_ line: String) -> String {
        line.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }
}
