import Foundation
import Scrollback
import TestSupport
import Testing

@testable import ScrollbackCLI

/// Runs the CLI in-process and keeps what it printed.
struct ToolRun {
    var status: Int32
    var output: String
    var errors: String
    /// What was written to standard output, as bytes (``output`` reads them as UTF-8).
    var bytes: [UInt8] = []

    init(_ arguments: [String], environment: [String: String] = ["TZ": "UTC"], terminal: Bool = false) {
        let sink = OutputSink.memory()
        let errors = ErrorLog()
        let tool = ScrollbackTool(
            environment: environment, standardOutput: sink, standardError: { errors.append($0) },
            standardOutputIsTerminal: terminal, terminalWidth: terminal ? 72 : nil)
        status = tool.run(arguments)
        output = sink.capturedText
        bytes = sink.capturedBytes
        self.errors = errors.text
    }

    final class ErrorLog: @unchecked Sendable {
        var text = ""
        func append(_ string: String) { text += string }
    }
}

/// A temporary file holding `contents`, removed when the test process ends.
func temporaryFile(_ contents: String, extension pathExtension: String = "json") -> String {
    Scratch.file("input", extension: pathExtension, holding: Array(contents.utf8))
}

let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Samples/transcripts")

@Suite struct CommandTests {
    @Test func versionAndHelp() {
        let version = ToolRun(["--version"])
        #expect(version.status == 0)
        #expect(version.output == ScrollbackVersion.current + "\n")

        let help = ToolRun(["--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("SUBCOMMANDS:"))

        let renderHelp = ToolRun(["render", "--help"])
        #expect(renderHelp.status == 0)
        for section in ["OVERVIEW:", "USAGE: scrollback render", "ARGUMENTS:", "OPTIONS:", "--format <format>", "(default: auto)"] {
            #expect(renderHelp.output.contains(section), "\(section)")
        }
        #expect(ToolRun(["help", "validate"]).output.contains("USAGE: scrollback validate"))
    }

    /// The top-level help fits the width as a subcommand's does: `--help`, `help` and no
    /// arguments at all (on standard error), at $COLUMNS and at a terminal's width.
    @Test(arguments: [60, 80])
    func overviewWrapsToTheWidth(width: Int) {
        let environment = ["COLUMNS": String(width)]
        let runs = [ToolRun(["--help"], environment: environment), ToolRun(["help"], environment: environment)]
        let bare = ToolRun([], environment: environment)
        let sink = OutputSink.memory()
        let terminal = ScrollbackTool(
            environment: [:], standardOutput: sink, standardError: { _ in }, standardOutputIsTerminal: true, terminalWidth: width)
        _ = terminal.run(["--help"])
        for text in runs.map(\.output) + [bare.errors, sink.capturedText] {
            #expect(text.contains("SUBCOMMANDS:") && text.contains("See 'scrollback help <subcommand>'"))
            for line in text.split(separator: "\n") { #expect(line.count <= width, "\(line)") }
        }
        // Every subcommand is still listed, each abstract starting beside its name.
        for command in ScrollbackTool.commands {
            #expect(runs[0].output.contains("\n  " + command.spec.name.padding(toLength: 24, withPad: " ", startingAt: 0)))
        }
    }

    @Test(arguments: [
        (["render", "--fromat", "html"], "Unknown option '--fromat'. Did you mean '--format'?"),
        (["render", "--format", "pdf"], "Unknown format 'pdf'"),
        (["render", "--format", "ansi", "--width", "ten"], "The width must be a whole number"),
        (["render", "--timezone", "Mars/Olympus"], "Unknown time zone 'Mars/Olympus'"),
        (["render", "--format", "ansi", "--color", "sometimes"], "Unknown colour choice"),
        (["render", "a.json", "b.json"], "Unexpected argument 'b.json'"),
        (["render", "--output"], "Missing value for '--output <file>'"),
        (["rendr"], "Unknown subcommand 'rendr'. Did you mean 'render'?"),
        ([], "USAGE: scrollback <subcommand>"),
    ])
    func badUsageExits64WithErrorAndUsage(arguments: [String], message: String) {
        let run = ToolRun(arguments)
        #expect(run.status == 64)
        #expect(run.errors.contains(message), "\(run.errors)")
        if !arguments.isEmpty {
            #expect(run.errors.hasPrefix("Error: "))
            #expect(run.errors.contains("Usage: scrollback"))
        }
        #expect(run.output.isEmpty)
    }

    @Test func brokenJSONExits65NamingLineAndColumn() {
        let path = temporaryFile("{\"messages\": [\n  {\"id\": \"a\", \"text\": \"hi\"},\n  {\"id\": \"b\" \"text\": \"x\"}\n]}")
        let run = ToolRun(["render", path, "--format", "markdown"])
        #expect(run.status == 65)
        #expect(run.errors.contains("line 3, column 14"), "\(run.errors)")
    }

    @Test func aTruncatedFileStillRendersWhatCameBeforeTheBreak() throws {
        let path = temporaryFile("{\"messages\": [{\"id\": \"a\", \"text\": \"before the break\"}, {\"id\": \"b\", \"te")
        let output = Scratch.path("output", extension: "html")
        let run = ToolRun(["render", path, "-o", output])
        #expect(run.status == 65)
        #expect(run.errors.contains("line 1, column"), "\(run.errors)")
        let html = try String(contentsOfFile: output, encoding: .utf8)
        #expect(html.contains("before the break"))
        #expect(html.contains("The transcript stops here"))
        #expect(html.hasSuffix("</html>\n"), "the document is still complete")
    }

    @Test func warningsNamingInputKeysStayOnOneLine() {
        let path = temporaryFile(#"[{"id": "a", "text": "x", "reaction_groups": {"\u001b]0;pwned\u0007\nMallory: ok": 5}}]"#)
        let run = ToolRun(["validate", path])
        #expect(run.status == 65)
        #expect(run.errors.contains("reaction_groups.␛]0;pwned␇↵Mallory: ok"), "\(run.errors)")
        #expect(run.errors.split(separator: "\n").count == 1, "\(run.errors)")
        #expect(!run.errors.contains("\u{1B}"))
    }

    @Test func missingFileExits1() {
        let run = ToolRun(["render", "/nonexistent/export.json"])
        #expect(run.status == 1)
        #expect(run.errors.hasPrefix("Error: cannot read /nonexistent/export.json"), "\(run.errors)")
    }

    @Test func problemMessagesAreReportedAndRenderedUnlessStrict() {
        let path = temporaryFile("[{\"id\": \"a\", \"text\": \"first\"}, {\"text\": \"no id\"}, {\"id\": \"c\", \"text\": \"third\"}]")
        let lenient = ToolRun(["render", path, "--format", "markdown"])
        #expect(lenient.status == 0)
        #expect(lenient.output.contains("first") && lenient.output.contains("third"))
        // A message without an id loses its anchor, not its text.
        #expect(lenient.output.contains("no id"))
        #expect(lenient.errors.contains("warning:") && lenient.errors.contains("[1]") && lenient.errors.contains("message 1"))

        let strict = ToolRun(["render", path, "--format", "markdown", "--strict"])
        #expect(strict.status == 65)
        #expect(strict.errors.contains("Error:") && strict.errors.contains("no \"id\""), "\(strict.errors)")
    }

    @Test func writesEachFormatToAFile() throws {
        let input = samples.appendingPathComponent("launch-room.json").path
        for (format, marker) in [("html", "<!DOCTYPE html>"), ("markdown", "# Launch room 🚀"), ("ansi", "Launch room 🚀")] {
            let output = Scratch.path("output", extension: "out")
            let run = ToolRun(["render", input, "--format", format, "--output", output, "--timezone", "UTC"])
            #expect(run.status == 0, "\(format): \(run.errors)")
            #expect(run.output.isEmpty)
            let written = try String(contentsOfFile: output, encoding: .utf8)
            #expect(written.contains(marker), "\(format)")
        }
    }

    @Test func formatFollowsTheOutputExtension() throws {
        let input = samples.appendingPathComponent("launch-room.json").path
        let output = Scratch.path("output", extension: "md")
        #expect(ToolRun(["render", input, "-o", output]).status == 0)
        #expect(try String(contentsOfFile: output, encoding: .utf8).hasPrefix("# Launch room"))
    }

    @Test func colourIsOffWhenNotATerminalOrWhenNoColorIsSet() {
        let input = samples.appendingPathComponent("launch-room.json").path
        let piped = ToolRun(["render", input, "--format", "ansi"])
        #expect(piped.status == 0)
        #expect(!piped.output.contains("\u{1B}"))

        let noColor = ToolRun(
            ["render", input, "--format", "ansi"], environment: ["NO_COLOR": "1", "TERM": "xterm-256color"], terminal: true)
        #expect(!noColor.output.contains("\u{1B}"))

        let never = ToolRun(["render", input, "--format", "ansi", "--color", "never"], environment: ["TERM": "xterm"], terminal: true)
        #expect(!never.output.contains("\u{1B}"))

        let always = ToolRun(["render", input, "--format", "ansi", "--color=always"], environment: ["COLORTERM": "truecolor"])
        #expect(always.output.contains("\u{1B}[38;2;"))
    }

    @Test func timesFollowTheTimeZone() {
        let input = samples.appendingPathComponent("launch-room.json").path
        let utc = ToolRun(["render", input, "-f", "markdown", "--timezone", "UTC"])
        let tokyo = ToolRun(["render", input, "-f", "markdown", "--timezone", "Asia/Tokyo"])
        #expect(utc.output.contains("08:01"))
        #expect(tokyo.output.contains("17:01"))
    }

    @Test func validateReportsShapeCountsAndProblems() {
        let good = ToolRun(["validate", samples.appendingPathComponent("support-ticket.ndjson").path])
        #expect(good.status == 0, "\(good.errors)")
        #expect(good.output.contains("ndjson input, 1 channel, 7 messages"), "\(good.output)")

        let path = temporaryFile(
            "{\"channel\": {\"name\": \"x\"}, \"messages\": [{\"id\": \"a\", \"text\": \"a\", \"created_at\": \"soon\"}, 42,]}")
        let bad = ToolRun(["validate", path])
        #expect(bad.status == 65)
        #expect(bad.output.contains("1 message, 1 skipped, 1 field warning"), "\(bad.output)")
        #expect(bad.errors.contains("messages[0].created_at"))
        #expect(bad.errors.contains("messages[1]"))
    }

    @Test(arguments: [
        ("query-thread.json", "thread input, 1 channel, 4 messages"), ("thread-list.json", "threads input, 2 channels, 7 messages"),
        ("draft.json", "draft input, 1 channel, 2 messages"), ("drafts.json", "drafts input, 2 channels, 4 messages"),
    ])
    func validateAcceptsThreadsAndDrafts(name: String, summary: String) {
        let run = ToolRun(["validate", samples.appendingPathComponent(name).path])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output == samples.appendingPathComponent(name).path + ": " + summary + "\n", "\(run.output)")
        #expect(run.errors.isEmpty)
    }
}

@Suite struct FilterOptionTests {
    let input = samples.appendingPathComponent("launch-room.json").path

    @Test func sinceAndUntilTakeDaysInTheChosenZone() {
        let secondDay = ToolRun(["render", input, "-f", "markdown", "--timezone", "UTC", "--since", "2026-03-10"])
        #expect(secondDay.status == 0)
        #expect(!secondDay.output.contains("Morning all"))
        #expect(secondDay.output.contains("Screenshots for the site"))
        #expect(secondDay.output.contains("5 messages"), "\(secondDay.output.suffix(120))")

        let firstDay = ToolRun(["render", input, "-f", "markdown", "--timezone", "UTC", "--until", "2026-03-09"])
        #expect(firstDay.output.contains("Morning all"))
        #expect(!firstDay.output.contains("Screenshots for the site"))
    }

    @Test func boundsMayBeMessageIDsAndUsersRepeat() {
        let window = ToolRun(["render", input, "-f", "markdown", "--since", "launch-004", "--until", "launch-006"])
        #expect(window.output.contains("3 messages"), "\(window.output.suffix(120))")
        #expect(window.output.contains("The hero text") && window.output.contains("سأبدأ"))

        let people = ToolRun(["render", input, "-f", "markdown", "--user", "teo", "--user=haruto"])
        #expect(!people.output.contains("**Maya Okafor**"))
        #expect(people.output.contains("**Teo Lindqvist**") && people.output.contains("**佐藤 陽翔**"))
    }

    @Test func quotesOfFilteredOutMessagesStillShowTheirEmbeddedCopy() {
        // launch-007 quotes launch-006 (Layla), who is filtered out here.
        let run = ToolRun(["render", input, "-f", "markdown", "--user", "maya"])
        #expect(run.output.contains("> **ليلى حداد**"), "\(run.output)")
    }

    @Test func sinceAfterUntilIsAUsageError() {
        let run = ToolRun(["render", input, "--since", "2026-03-10", "--until", "2026-03-09"])
        #expect(run.status == 64)
        #expect(run.errors.contains("--since is after --until"))
    }

    /// Month 13 or February 30 would roll over into another day without a word.
    @Test(arguments: ["2026-13-01", "2026-02-30", "2026-00-10", "2026-03-32"])
    func aDayTheCalendarHasNotIsAUsageError(day: String) {
        for option in ["--since", "--until"] {
            let run = ToolRun(["render", input, "-f", "markdown", option, day])
            #expect(run.status == 64)
            #expect(run.errors.hasPrefix("Error: \(option) \(day): there is no such day (a day is written 2026-03-09).\n"), "\(run.errors)")
        }
    }

    /// A name the input does not have is said, once, before the transcript: a mistyped id
    /// would otherwise give an empty transcript, or an unchanged one, without a word.
    @Test func namesThatMatchNoMessageAreReported() {
        let run = ToolRun([
            "render", input, "-f", "markdown", "--since", "launch-404", "--until", "launch-999", "--user", "maya", "--user", "nobody",
            "--me", "mya",
        ])
        #expect(run.status == 0)
        #expect(
            run.errors == """
                warning: \(input): since: no message has the id "launch-404", so no message is shown
                warning: \(input): until: no message has the id "launch-999", so the transcript goes on to the last message
                warning: \(input): user: no message is by "nobody" (user ids are compared exactly)
                warning: \(input): me: no message is by "mya", so none shows as yours (their reactions still do)

                """)
        #expect(run.output.contains("*No messages*"))
        // Names the input has: nothing to say, though a window may leave them out.
        let found = ToolRun([
            "render", input, "-f", "markdown", "--since", "launch-004", "--user", "maya", "--me", "teo", "--until", "2026-03-09",
        ])
        #expect(found.status == 0 && found.errors.isEmpty, "\(found.errors)")
        // --strict refuses, as for every problem of the input.
        let strict = ToolRun(["render", input, "-f", "markdown", "--user", "nobody", "--strict"])
        #expect(strict.status == 65)
        #expect(strict.errors.hasPrefix("Error: \(input): user: no message is by \"nobody\""), "\(strict.errors)")
        #expect(strict.output.isEmpty)
    }
}

@Suite struct OutputDirectoryTests {
    @Test func oneFilePerChannelAndAnIndexLinkingThem() throws {
        let input = temporaryFile(
            """
            {"channels": [
              {"channel": {"id": "general", "name": "General"}, "messages": [{"id": "g1", "text": "in general", "created_at": "2026-05-01T09:00:00Z"}]},
              {"channel": {"id": "random", "name": "Random <b>"}, "messages": [{"id": "r1", "text": "in random", "created_at": "2026-05-02T09:00:00Z"}]}
            ]}
            """)
        let directory = Scratch.path("dir")
        let run = ToolRun(["render", input, "--output-dir", directory, "--timezone", "UTC"])
        #expect(run.status == 0, "\(run.errors)")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(names == ["001-general.html", "002-random-b.html", "index.html"])
        let general = try String(contentsOfFile: directory + "/001-general.html", encoding: .utf8)
        #expect(general.contains("in general") && !general.contains("in random"))
        let index = try String(contentsOfFile: directory + "/index.html", encoding: .utf8)
        #expect(index.contains("href=\"001-general.html\"") && index.contains("href=\"002-random-b.html\""))
        #expect(index.contains("Random &lt;b&gt;"))
        #expect(ToolRun(["render", input, "--output-dir", directory, "-o", "x.html"]).status == 64)
    }
}

@Suite struct ThemeCommandTests {
    @Test func themesListsTheBuiltInThemes() {
        let run = ToolRun(["themes"])
        #expect(run.status == 0)
        for name in ["default", "midnight", "high-contrast", "terminal-16", "plain"] {
            #expect(run.output.contains("  \(name) "))
        }
        #expect(ToolRun(["--help"]).output.contains("theme "))
    }

    @Test func showPrintsAResolvedFileThatChecksClean() throws {
        let show = ToolRun(["theme", "show", "midnight"])
        #expect(show.status == 0)
        #expect(!show.output.contains("extends"))
        #expect(try Theme(json: show.output, file: "midnight") == Theme.builtIn(named: "midnight"))
        let path = temporaryFile(show.output)
        let check = ToolRun(["theme", "check", path])
        #expect(check.status == 0, "\(check.errors)")
        #expect(check.output.contains("valid"))
        #expect(ToolRun(["theme", "show", "nope"]).status == 65)
    }

    @Test func checkExitsSixtyFiveWithTheKeyPathAndOneWhenUnreadable() {
        let path = temporaryFile("{\n  \"version\": 1,\n  \"extends\": \"default\",\n  \"fonts\": {\"body\": {\"size\": 300}}\n}\n")
        let bad = ToolRun(["theme", "check", path])
        #expect(bad.status == 65)
        #expect(bad.errors == "Error: \(path): line 4, column 30: fonts.body.size: 300 is out of range; use 6 to 128\n")
        #expect(ToolRun(["theme", "check", "/nonexistent/theme.json"]).status == 1)
        #expect(ToolRun(["theme", "frobnicate", path]).status == 64)
        #expect(ToolRun(["theme", "check"]).status == 64)
    }

    @Test func checkTakesAppLabelsAndRefusesUnknownOnes() {
        let app = temporaryFile(#"{"version": 1, "extends": "default", "strings": {"app.workout.title": "Training"}}"#)
        let good = ToolRun(["theme", "check", app])
        #expect(good.status == 0, "\(good.errors)")
        #expect(ToolRun(["theme", "show", app]).output.contains(#""app.workout.title": "Training""#))
        let typo = temporaryFile("{\"version\": 1, \"extends\": \"default\",\n  \"strings\": {\"edtied\": \"Bearbeitet\"}}")
        let bad = ToolRun(["theme", "check", typo])
        #expect(bad.status == 65)
        #expect(bad.errors == "Error: \(typo): line 2, column 15: strings.edtied: unknown key 'edtied'; did you mean 'edited'?\n")
        #expect(ToolRun(["render", samples.appendingPathComponent("launch-room.json").path, "--theme", typo]).status == 65)
    }

    /// With the app's labels declared, a misspelt one is refused with the nearest name.
    @Test func checkRefusesAnAppLabelTheAppDidNotDeclare() {
        let typo = temporaryFile("{\"version\": 1, \"extends\": \"default\",\n  \"strings\": {\"app.workot.title\": \"Training\"}}")
        #expect(ToolRun(["theme", "check", typo]).status == 0, "undeclared: any app. name")
        let bad = ToolRun(["theme", "check", typo, "--app-label", "workout.title", "--app-label", "app.payment.title"])
        #expect(bad.status == 65)
        #expect(
            bad.errors
                == "Error: \(typo): line 2, column 15: strings[\"app.workot.title\"]: unknown key 'app.workot.title'; did you mean 'app.workout.title'?\n",
            "\(bad.errors)")
        let good = temporaryFile(#"{"version": 1, "extends": "default", "strings": {"app.workout.title": "Training"}}"#)
        #expect(ToolRun(["theme", "check", good, "--app-label", "workout.title"]).status == 0)
    }

    @Test func renderTakesThemeAndAppearance() {
        let input = samples.appendingPathComponent("launch-room.json").path
        let midnight = ToolRun(["render", input, "--theme", "midnight"])
        #expect(midnight.status == 0)
        #expect(midnight.output.contains("--sb-background:#0b0e14;"))
        let file = temporaryFile(##"{"version": 1, "extends": "default", "colors": {"link": "#ff0000"}}"##)
        let custom = ToolRun(
            ["render", input, "--theme", file, "--format", "ansi", "--color", "always", "--appearance", "light"],
            environment: ["TZ": "UTC", "COLORTERM": "truecolor"])
        #expect(custom.status == 0)
        #expect(custom.output.contains("38;2;255;0;0"))
        #expect(ToolRun(["render", input, "--theme", "midnite"]).status == 64)
        #expect(ToolRun(["render", input, "--theme", "midnigt"]).errors.contains("did you mean 'midnight'?"))
        let sepia = ToolRun(["render", input, "--format", "ansi", "--appearance", "sepia"])
        #expect(sepia.status == 64 && sepia.errors.hasPrefix("Error: Unknown appearance 'sepia'"), "\(sepia.errors)")
        // The variable is read only where an appearance is chosen: ANSI output, not HTML or Markdown.
        let fromEnvironment = ["TZ": "UTC", "SCROLLBACK_APPEARANCE": "sepia"]
        #expect(ToolRun(["render", input, "--format", "ansi"], environment: fromEnvironment).status == 64)
        #expect(ToolRun(["render", input, "--format", "html"], environment: fromEnvironment).status == 0)
        #expect(ToolRun(["render", input, "--format", "markdown"], environment: fromEnvironment).status == 0)
        let broken = temporaryFile(#"{"version": 1, "extends": "default", "colors": {"text": "red"}}"#)
        #expect(ToolRun(["render", input, "--theme", broken]).status == 65)
    }
}

@Suite struct RenderHyperlinkOptionTests {
    @Test func renderTakesHyperlinksToo() {
        let input = samples.appendingPathComponent("launch-room.json").path
        let on = ToolRun(["render", input, "-f", "ansi", "--hyperlinks", "always"])
        #expect(on.output.contains("\u{1B}]8;;https://docs.example.org/launch/checklist\u{1B}\\"))
        let off = ToolRun(["render", input, "-f", "ansi"])
        #expect(!off.output.contains("\u{1B}]8;"), "auto is off when not writing to a terminal")
        #expect(ToolRun(["render", input, "--hyperlinks", "maybe"]).status == 64)
    }
}
