import Foundation
import Scrollback
import Testing

@testable import ScrollbackCLI

/// `scrollback view`: the paging decision, the pager's environment, and output equal to `render --format ansi`.
@Suite struct ViewCommandTests {
    static let launchRoom = samples.appendingPathComponent("launch-room.json").path

    @Test func pagesOnlyATerminal() {
        #expect(Pager.command(isTerminal: true, environment: [:])?.words == ["less"])
        #expect(Pager.command(isTerminal: false, environment: [:]) == nil, "a pipe")
    }

    @Test func plainPagerWordsAreSplitOnBlanksAndCatOrEmptyMeansNone() {
        func command(_ pager: String) -> Pager.Command? {
            Pager.command(isTerminal: true, environment: ["PAGER": pager])
        }
        #expect(command("most")?.words == ["most"])
        #expect(command(" less  -S\t-R ")?.words == ["less", "-S", "-R"])
        #expect(command("") == nil)
        #expect(command("  ") == nil)
        #expect(command("cat") == nil)
        #expect(command("cat -v") == nil)
        #expect(command("'cat'") == nil, "cat through the shell is cat")
    }

    @Test func scrollbackPagerWinsOverPager() {
        #expect(Pager.command(isTerminal: true, environment: ["PAGER": "more", "SCROLLBACK_PAGER": "most"])?.words == ["most"])
        #expect(Pager.command(isTerminal: true, environment: ["PAGER": "more", "SCROLLBACK_PAGER": ""]) == nil)
    }

    @Test func lessAlwaysGetsRawColoursAndNavigationOnlyWhenAsked() {
        let search = "+/^\u{200E}\ng"
        #expect(Pager.Command("less").arguments(navigation: false) == ["less", "-R"])
        #expect(Pager.Command("/usr/bin/less -S").arguments(navigation: false) == ["/usr/bin/less", "-R", "-S"])
        #expect(Pager.Command("less").arguments(navigation: true) == ["less", "-R", search])
        #expect(Pager.Command("most").arguments(navigation: true) == ["most"], "only less takes less's options")
        #expect(!Pager.Command("lesspipe").isLess)
        #expect(Pager.Command("/usr/bin/less -S").isLess)
    }

    /// A command with quotes or other shell syntax runs through sh, as git runs it, and the
    /// arguments for less follow the user's as `"$@"`.
    @Test func pagerWithShellSyntaxRunsThroughSh() {
        let quoted = Pager.Command(#"less -R --prompt="a b""#)
        #expect(quoted.words == nil)
        #expect(quoted.program == "less")
        #expect(quoted.isLess)
        #expect(
            quoted.arguments(navigation: true) == [
                "/bin/sh", "-c", #"trap : INT QUIT; less -R --prompt="a b" "$@""#, "sh", "-R", "+/^\u{200E}\ng",
            ])
        #expect(Pager.Command("'/usr/bin/less' -S --prompt='x y'").isLess, "a quoted path")
        #expect(
            Pager.Command(#"most --x="1 2""#).arguments(navigation: true) == [
                "/bin/sh", "-c", #"trap : INT QUIT; most --x="1 2" "$@""#, "sh",
            ])
        #expect(!Pager.Command("less -S | cat").isLess, "\"$@\" would reach cat")
        #expect(
            Pager.Command("less -S | cat").arguments(navigation: false) == ["/bin/sh", "-c", #"trap : INT QUIT; less -S | cat "$@""#, "sh"])
        #expect(!Pager.Command("less; echo").isLess)
        #expect(!Pager.Command("less -S # mine").isLess, "\"$@\" would be a comment")
        #expect(Pager.Command(#"less -P"a;b" 2>/dev/null"#).isLess, "a quoted ; and a redirection")
        #expect(Pager.Command("LESS=-S less").program == nil, "an assignment first: the program is the shell's business")
        #expect(Pager.Command("$HOME/bin/less").program == nil)
        #expect(Pager.Command(#""less"#).program == nil, "an open quote")
    }

    /// The arguments through sh reach the pager as they were meant: each one whole, quotes
    /// kept out, the user's first.
    @Test func shellRunPagerGetsItsArgumentsWhole() throws {
        let output = temporaryFile("", extension: "txt")
        let command = Pager.Command(#"printf '[%s]\n' --prompt="a b" >"# + output)
        let arguments = command.arguments(navigation: false) + ["-R", "+/x y"]
        #expect(Pager.show("", command: arguments, environment: ["PATH": "/usr/bin:/bin"]) == nil)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "[--prompt=a b]\n[-R]\n[+/x y]\n")
    }

    @Test func aMissingProgramIsFoundBeforeTheShellRunsIt() {
        let missing = Pager.Command(#"scrollback-no-such-pager --prompt="a b""#)
        #expect(missing.missingProgram(path: "/usr/bin:/bin")?.reason == String(cString: strerror(ENOENT)))
        #expect(Pager.Command(#"less --prompt="a b""#).missingProgram(path: "/usr/bin:/bin") == nil)
        #expect(Pager.Command(#"/no/such/less --prompt="a b""#).missingProgram(path: nil) != nil)
        #expect(Pager.Command("$PAGER_OF_MINE -x").missingProgram(path: "/usr/bin") == nil, "the shell says")
        let run = ToolRun(
            ["view", Self.launchRoom], environment: ["TZ": "UTC", "SCROLLBACK_PAGER": #"/no/such/pager --prompt="a b""#], terminal: true)
        #expect(run.status == 0)
        #expect(run.errors.hasPrefix(#"warning: cannot run pager '/no/such/pager --prompt="a b"': "#))
        #expect(run.output.contains("Launch room"), "the transcript is printed")
    }

    /// `view` with standard input on the terminal would wait for keys nothing ends: it says
    /// what it needs instead, with or without an explicit `-`. A pipe is read.
    @Test func viewNeedsAFileWhenStandardInputIsTheTerminal() throws {
        for arguments in [["view"], ["view", "-"], ["view", "--no-pager", "-"]] {
            let errors = ToolRun.ErrorLog()
            var tool = ScrollbackTool(
                environment: ["TZ": "UTC"], standardOutput: .memory(), standardError: { errors.append($0) },
                standardOutputIsTerminal: true, terminalWidth: 80)
            tool.standardInputIsTerminal = true
            #expect(tool.run(arguments) == 64, "\(arguments)")
            #expect(errors.text.hasPrefix("Error: view needs a file"), "\(arguments): \(errors.text)")
        }
        let errors = ToolRun.ErrorLog()
        var tool = ScrollbackTool(
            environment: ["TZ": "UTC"], standardOutput: .memory(), standardError: { errors.append($0) }, standardOutputIsTerminal: false,
            terminalWidth: nil)
        tool.standardInputIsTerminal = true
        #expect(tool.run(["view", Self.launchRoom]) == 0, "a file is read whatever standard input is: \(errors.text)")
    }

    /// `render` and `validate` with no file and the keyboard as standard input say what they
    /// need instead of waiting; an explicit `-` is taken at its word (Ctrl-D ends it).
    @Test func renderAndValidateNeedAFileWhenStandardInputIsTheTerminal() {
        for command in ["render", "validate"] {
            let errors = ToolRun.ErrorLog()
            var tool = ScrollbackTool(
                environment: ["TZ": "UTC"], standardOutput: .memory(), standardError: { errors.append($0) },
                standardOutputIsTerminal: false, terminalWidth: nil)
            tool.standardInputIsTerminal = true
            #expect(tool.run([command]) == 64, "\(command)")
            #expect(errors.text.hasPrefix("Error: \(command) needs a file"), "\(command): \(errors.text)")
            #expect(tool.run([command, Self.launchRoom]) == 0, "\(command) with a file")
        }
    }

    /// `--navigate` stops only at the dividers Scrollback drew (the title's and the summary's
    /// rules, days, channels), never at a name, a title or a text drawn like one, at any width,
    /// coloured or not: less searches the text as it is, without its colour codes.
    @Test func navigationStopsOnlyAtScrollbacksOwnDividers() throws {
        let fakeDay = "──── Friday, June 5, 2026 ────"
        let fakeChannel = "━━ general ━━━━━━━━━━━━━━━━"
        let messages: [[String: Any]] = [
            ["id": "a", "text": "hi", "created_at": "2026-06-01T09:00:00Z", "user": ["id": "m", "name": fakeDay]],
            ["id": "b", "text": fakeDay, "created_at": "2026-06-01T09:01:00Z", "user": ["id": "n", "name": fakeChannel]],
            ["id": "c", "text": "bye", "created_at": "2026-06-02T09:00:00Z", "user": ["id": "m", "name": fakeDay]],
        ]
        let document: [String: Any] = ["channel": ["id": "c", "name": fakeChannel], "messages": messages]
        let input = temporaryFile(String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self))
        let stop = try Regex(Pager.navigationPattern)
        for width in ["40", "80", "120"] {
            for color in ["never", "always"] {
                let run = ToolRun(["view", input, "--no-pager", "--navigate", "--width", width, "--color", color])
                #expect(run.status == 0, "\(run.errors)")
                // What less searches: the text without colour codes (-R).
                let lines = run.output.replacing(try Regex(#"\x1B\[[0-9;]*m"#), with: "").split(separator: "\n")
                #expect(lines.contains { $0.hasPrefix(fakeDay) }, "a name drawn like a day starts its line (\(width), \(color))")
                let stops = lines.filter { $0.prefixMatch(of: stop) != nil }
                #expect(stops.count == 4, "the title's rule, two days, the summary's rule (\(width), \(color)): \(stops)")
                #expect(!stops.contains { $0.contains("Friday") || $0.contains("general") }, "\(width), \(color): \(stops)")
            }
        }
    }

    @Test func pagerEnvironmentSetsLessOptionsOnlyWhenUnset() {
        let utf8 = ["LANG": "en_US.UTF-8"]
        #expect(
            Pager.environment(utf8.merging(["HOME": "/h"]) { $1 }, charset: .ascii) == [
                "HOME": "/h", "LANG": "en_US.UTF-8", "LESS": "FRX", "LV": "-c",
            ])
        #expect(Pager.environment(["LESS": "-S"], charset: .utf8)["LESS"] == "-S")
        #expect(Pager.environment(["LESS": ""], charset: .utf8)["LESS"] == "", "an empty LESS is the user's choice too")
    }

    @Test func lessGetsUTF8WheneverTheTextIsUTF8() {
        #expect(Pager.environment([:], charset: .utf8)["LESSCHARSET"] == "utf-8", "no locale at all")
        #expect(Pager.environment(["LANG": "C"], charset: .utf8)["LESSCHARSET"] == "utf-8")
        // A locale that says UTF-8 may not be installed: less's setlocale() then falls back to ASCII.
        #expect(Pager.environment(["LANG": "en_US.UTF-8"], charset: .utf8)["LESSCHARSET"] == "utf-8")
        #expect(Pager.environment(["LC_CTYPE": "C.utf8"], charset: .utf8)["LESSCHARSET"] == "utf-8")
        #expect(Pager.environment(["LESSCHARSET": "latin1"], charset: .utf8)["LESSCHARSET"] == "latin1", "the user's choice")
        #expect(Pager.environment(["LESSCHARDEF": "8bcccbcc18b95.."], charset: .utf8)["LESSCHARSET"] == nil, "the user's choice")
        #expect(Pager.environment(["LANG": "ru_RU.KOI8-R"], charset: .ascii)["LESSCHARSET"] == nil, "ASCII text: less keeps the locale's")
        #expect(Pager.environment(["LANG": "ru_RU.KOI8-R"], charset: .koi8r)["LESSCHARSET"] == "koi8-r", "the set's bytes")
        #expect(Pager.environment(["LANG": "de_DE.ISO-8859-1"], charset: .latin1)["LESSCHARSET"] == "iso8859")
        #expect(Pager.environment(["LANG": "ru_RU.CP1251", "LESSCHARSET": "ascii"], charset: .cp1251)["LESSCHARSET"] == "ascii")
    }

    @Test func pagerThatCannotStartReportsWhy() {
        let missing = Pager.show("text\n", command: ["scrollback-no-such-pager-\(UUID().uuidString)"], environment: [:])
        #expect(missing?.reason == String(cString: strerror(ENOENT)))
        #expect(Pager.show("text\n", command: ["true"], environment: [:]) == nil)
    }

    @Test func unusablePagerIsSaidAndTheTextPrinted() {
        let run = ToolRun(
            ["view", Self.launchRoom], environment: ["TZ": "UTC", "SCROLLBACK_PAGER": "/no/such/pager --flag"], terminal: true)
        #expect(run.status == 0)
        #expect(run.errors.hasPrefix("warning: cannot run pager '/no/such/pager --flag': "))
        #expect(run.errors.hasSuffix("; printing directly\n"))
        #expect(run.output.contains("Launch room"))
    }

    @Test func appearanceFlagThenVariableThenTerminalThenCOLORFGBGThenDark() throws {
        func dark(_ choice: Appearance.Choice? = nil, env environment: [String: String] = [:], terminal: Bool = true, reply: String? = nil)
            throws
            -> Bool
        {
            try Appearance.isDark(choice: choice, environment: environment, isTerminal: terminal, queryBackground: { reply }).get()
        }
        let lightReply = "\u{1B}]11;rgb:ffff/ffff/eeee\u{07}\u{1B}[?1;2c"
        #expect(try dark(), "nothing known: dark")
        #expect(try !dark(reply: lightReply))
        #expect(try dark(reply: "\u{1B}]11;rgb:1e1e/1e1e/2e2e\u{1B}\\"))
        #expect(try dark(terminal: false, reply: lightReply), "a pipe asks no terminal")
        #expect(try !dark(env: ["COLORFGBG": "0;15"]))
        #expect(try dark(env: ["COLORFGBG": "15;0"]))
        #expect(try !dark(env: ["COLORFGBG": "default;default;7"]))
        #expect(try dark(env: ["COLORFGBG": "0;8"]))
        #expect(try dark(env: ["COLORFGBG": "0;15"], reply: "\u{1B}]11;rgb:00/00/00\u{07}"), "the terminal's answer wins")
        #expect(try !dark(env: ["SCROLLBACK_APPEARANCE": "light"], reply: "\u{1B}]11;rgb:0/0/0\u{07}"))
        #expect(try dark(.dark, env: ["SCROLLBACK_APPEARANCE": "light"]), "the flag wins")
        #expect(try !dark(.auto, env: ["SCROLLBACK_APPEARANCE": "dark"], reply: lightReply), "--appearance auto over the variable")
        #expect(throws: UsageError.self) { try dark(nil, env: ["SCROLLBACK_APPEARANCE": "sepia"]) }
        #expect(Appearance.isDark(backgroundReply: "\u{1B}[?1;2c") == nil, "no OSC 11 answer")
        #expect(Appearance.isDark(backgroundReply: "\u{1B}]11;rgb:zz/00/00\u{07}") == nil)
    }

    /// The question ends with the answer to DA1, which comes last; a terminal that cannot
    /// answer is not asked.
    @Test func theQuestionWaitsForTheDeviceAttributesAnswer() {
        func answered(_ text: String) -> Bool { Terminal.containsDeviceAttributes(Array(text.utf8)) }
        #expect(answered("\u{1B}]11;rgb:0000/0000/0000\u{07}\u{1B}[?62;22c"))
        #expect(answered("\u{1B}[?6c"))
        #expect(!answered("\u{1B}]11;rgb:0000/0000/0000\u{07}\u{1B}[?62;2"), "still coming")
        #expect(!answered("\u{1B}]11;rgb:0000/0000/0000\u{1B}\\"), "OSC 11 alone")
        #expect(!answered("\u{1B}[?62;xc"))
        #expect(Terminal.mayAsk(["TERM": "xterm-256color"]))
        #expect(!Terminal.mayAsk(["TERM": "dumb"]))
        #expect(!Terminal.mayAsk(["TERM": ""]))
        #expect(!Terminal.mayAsk([:]))
        #expect(!Terminal.mayAsk(["TERM": "screen.xterm-256color"]), "GNU Screen passes OSC 11 on, after its own DA1 answer")
        #expect(!Terminal.mayAsk(["TERM": "xterm-256color", "STY": "1234.pts-0.host"]))
        #expect(Terminal.mayAsk(["TERM": "screen", "TMUX": "/tmp/tmux-0/default,1,0"]), "tmux answers both itself")
        #expect(Terminal.mayAsk(["TERM": "screen-256color", "TMUX": "/tmp/tmux-0/default,1,0"]))
    }

    @Test func viewAsksTheTerminalOnlyWhenColoursAreShown() {
        final class Asked: @unchecked Sendable { var count = 0 }
        func view(_ arguments: [String], environment: [String: String]) -> (output: String, asked: Int) {
            let asked = Asked()
            let sink = OutputSink.memory()
            var tool = ScrollbackTool(
                environment: environment, standardOutput: sink, standardError: { _ in }, standardOutputIsTerminal: true,
                terminalWidth: 60)
            tool.queryTerminalBackground = {
                asked.count += 1
                return "\u{1B}]11;rgb:fafa/fafa/fafa\u{07}\u{1B}[?62c"
            }
            #expect(tool.run(["view", Self.launchRoom] + arguments) == 0)
            return (sink.capturedText, asked.count)
        }
        let environment = ["TZ": "UTC", "TERM": "xterm-256color", "PAGER": "cat"]
        let auto = view([], environment: environment)
        #expect(auto.asked == 1)
        #expect(auto.output == view(["--appearance", "light"], environment: environment).output, "a light terminal: light colours")
        #expect(auto.output != view(["--appearance", "dark"], environment: environment).output)
        #expect(view([], environment: environment.merging(["NO_COLOR": "1"]) { $1 }).asked == 0, "no colour, no question")
        #expect(view(["--appearance", "dark"], environment: environment).asked == 0)
    }

    @Test func themeAndAppearanceFromTheEnvironment() {
        let common = ["view", Self.launchRoom, "--no-pager", "--color", "always", "--width", "60"]
        let byFlag = ToolRun(common + ["--theme", "default", "--appearance", "light"])
        let byVariable = ToolRun(common, environment: ["TZ": "UTC", "SCROLLBACK_THEME": "default", "SCROLLBACK_APPEARANCE": "light"])
        let dark = ToolRun(common + ["--appearance", "dark"])
        #expect(byVariable.status == 0)
        #expect(byVariable.output == byFlag.output)
        #expect(byVariable.output != dark.output)
        #expect(ToolRun(common, environment: ["SCROLLBACK_THEME": "no-such-theme"]).status == 64)
    }

    @Test func helpIsWrappedToTheWidthWithExamplesAndKeys() {
        let run = ToolRun(["help", "view"], environment: ["COLUMNS": "50"])
        #expect(run.status == 0)
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { $0.count <= 50 }, "\(lines.filter { $0.count > 50 })")
        #expect(run.output.contains("EXAMPLES:\n  Read a transcript"))
        #expect(run.output.contains("KEYS IN LESS:"))
        #expect(run.output.contains("--navigate"))
        // No word is cut: every word of the discussion is still whole.
        #expect(run.output.replacingOccurrences(of: "\n", with: " ").contains("decides") || run.output.contains("quits by itself"))
        #expect(ToolRun(["render", "--help"]).output.split(separator: "\n").allSatisfy { $0.count <= 80 })
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

    @Test func hyperlinksAutoOnlyForKnownTerminals() {
        func auto(_ environment: [String: String], terminal: Bool = true) -> Bool {
            ViewerOptions.hyperlinks(nil, isTerminal: terminal, environment: environment)
        }
        #expect(auto(["TERM": "xterm-256color", "VTE_VERSION": "7200"]))
        #expect(auto(["TERM": "xterm-256color", "TERM_PROGRAM": "iTerm.app"]))
        #expect(auto(["TERM": "xterm-kitty"]))
        #expect(!auto(["TERM": "xterm-256color"]), "plain xterm: unknown, so off")
        #expect(!auto(["TERM": "linux", "VTE_VERSION": "7200"]))
        #expect(!auto(["TERM": "dumb", "WT_SESSION": "1"]))
        #expect(!auto(["TERM": "xterm-kitty"], terminal: false), "never into a pipe")
        #expect(ViewerOptions.hyperlinks(.always, isTerminal: false, environment: [:]))
        #expect(!ViewerOptions.hyperlinks(.never, isTerminal: true, environment: ["TERM": "xterm-kitty"]))
    }

    /// Inside tmux or screen, the outer terminal's variables are inherited but the multiplexer
    /// may drop the links: off unless asked for, so that the URLs are listed instead.
    @Test func hyperlinksAutoOffInsideAMultiplexer() {
        let outer = ["VTE_VERSION": "7200", "KITTY_WINDOW_ID": "1", "WT_SESSION": "x", "TERM_PROGRAM": "iTerm.app"]
        func auto(_ extra: [String: String]) -> Bool {
            ViewerOptions.hyperlinks(nil, isTerminal: true, environment: outer.merging(extra) { $1 })
        }
        #expect(auto(["TERM": "xterm-256color"]), "the outer terminal alone shows them")
        #expect(!auto(["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0"]))
        #expect(!auto(["TERM": "xterm-256color", "TMUX": "/tmp/tmux-0/default,1,0"]), "TERM overridden inside tmux")
        #expect(!auto(["TERM": "screen-256color"]))
        #expect(!auto(["TERM": "xterm-256color", "STY": "1234.pts-0.host"]))
        #expect(!auto(["TERM": "tmux"]))
        let inTmux = outer.merging(["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0"]) { $1 }
        #expect(ViewerOptions.hyperlinks(.always, isTerminal: true, environment: inTmux))
    }

    @Test func asciiOnlyForALocaleOfAnotherCharacterSet() {
        #expect(Terminal.localeCannotShowUTF8(["LANG": "en_US.ISO-8859-1"]))
        #expect(Terminal.localeCannotShowUTF8(["LC_ALL": "ru_RU.KOI8-R", "LANG": "en_US.UTF-8"]))
        #expect(!Terminal.localeCannotShowUTF8([:]), "unset says nothing of the terminal")
        #expect(!Terminal.localeCannotShowUTF8(["LANG": "C"]))
        #expect(!Terminal.localeCannotShowUTF8(["LANG": "POSIX"]))
        #expect(!Terminal.localeCannotShowUTF8(["LANG": "en_US.utf8"]))
        let latin1 = ["TZ": "UTC", "LANG": "en_US.ISO-8859-1", "PAGER": "cat"]
        let onTerminal = ToolRun(["view", Self.launchRoom], environment: latin1, terminal: true)
        #expect(onTerminal.status == 0)
        #expect(onTerminal.bytes.allSatisfy { $0 < 0x80 || $0 >= 0xA0 }, "ASCII and Latin-1, no C1 control")
        #expect(onTerminal.output.contains("+----"))
        let other = ToolRun(["view", Self.launchRoom], environment: latin1.merging(["LANG": "el_GR.ISO-8859-7"]) { $1 }, terminal: true)
        #expect(other.bytes.allSatisfy { $0 < 0x80 }, "a set Scrollback does not write: ASCII")
        let piped = ToolRun(["view", Self.launchRoom], environment: latin1)
        #expect(piped.output.contains("╭"), "a pipe or file keeps UTF-8")
        let asked = ToolRun(["render", Self.launchRoom, "-f", "ansi", "--ascii"])
        #expect(asked.output.utf8.allSatisfy { $0 < 0x80 })
    }

    /// A KOI8-R or Latin-1 terminal gets the letters its set has, in its bytes, and ASCII for
    /// the rest: Cyrillic in KOI8-R (and Windows-1251), ü and ß in Latin-1.
    @Test func eightBitLocalesGetTheirLetters() throws {
        let messages: [[String: Any]] = [
            ["id": "a", "text": "Привет, мир", "created_at": "2026-06-01T09:00:00Z", "user": ["id": "i", "name": "Иван"]],
            ["id": "b", "text": "Grüße aus Köln, Straße", "created_at": "2026-06-01T09:01:00Z", "user": ["id": "j", "name": "Jürgen"]],
        ]
        let document: [String: Any] = ["channel": ["id": "c", "name": "Café"], "messages": messages]
        let input = temporaryFile(String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self))
        for (locale, charset, kept, replaced) in [
            ("ru_RU.KOI8-R", ANSIOptions.Charset.koi8r, ["Привет, мир", "Иван", "Caf"], ["Gru?e aus Koln, Stra?e", "Jurgen"]),
            ("de_DE.ISO-8859-1", .latin1, ["Grüße aus Köln, Straße", "Jürgen", "Café"], ["??????, ???", "????"]),
            ("de_DE.ISO-8859-15@euro", .latin9, ["Grüße aus Köln, Straße"], ["??????, ???"]),
            ("ru_RU.CP1251", .cp1251, ["Привет, мир", "Иван"], ["Gru?e aus Koln, Stra?e"]),
        ] {
            let run = ToolRun(
                ["view", input, "--no-pager", "--color", "never"], environment: ["TZ": "UTC", "LANG": locale], terminal: true)
            #expect(run.status == 0, "\(run.errors)")
            #expect(!run.bytes.contains { (0x80..<0xA0).contains($0) }, "\(locale): no C1 control")
            let text = String(String.UnicodeScalarView(try run.bytes.map { try #require(charset.decode($0)) }))
            for word in kept + replaced { #expect(text.contains(word), "\(locale): \(word) in \(text)") }
            #expect(text.contains("+---"), "\(locale): ASCII borders")
        }
        // Written to a file or a pipe, the text stays UTF-8.
        let piped = ToolRun(["view", input, "--color", "never"], environment: ["TZ": "UTC", "LANG": "ru_RU.KOI8-R"])
        #expect(piped.output.contains("Привет") && piped.output.contains("Grüße"))
    }

    static func withoutEscapes(_ line: String) -> String {
        line.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }
}
