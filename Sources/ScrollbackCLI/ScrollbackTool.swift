import Foundation
import Scrollback

#if canImport(Glibc)
    import Glibc
#endif

/// The `scrollback` command: parses arguments, reads the environment (the only place that
/// does), runs a subcommand and returns the exit status.
///
/// Exit status: 0 success, 64 bad usage, 65 bad input data, 1 anything else.
package struct ScrollbackTool {
    package var environment: [String: String]
    package var standardOutput: OutputSink
    /// Writes to standard error; from any thread, as the progress line is drawn from the
    /// reading thread.
    package var standardError: @Sendable (String) -> Void
    package var standardOutputIsTerminal: Bool
    /// Whether standard error is a terminal, where `render` and `validate` draw their progress
    /// line (``ProgressLine``).
    package var standardErrorIsTerminal = false
    /// Columns of the terminal on standard error, when there is one: the progress line fits it.
    package var standardErrorWidth: Int?
    /// Seconds between two drawings of the progress line (and before the first); tests set 0
    /// so that a small input shows it.
    package var progressInterval = 0.1
    /// The progress line of the running command, when it shows one (``withProgressLine(_:documentOnStandardOutput:_:)``).
    var progressLine: ProgressLine?
    /// Columns of the terminal on standard output, when there is one.
    package var terminalWidth: Int?
    /// Rows of the terminal on standard output, when there is one (for paging).
    package var terminalHeight: Int?
    /// Whether this is the process's own tool (``system()``), whose signals erase the progress line.
    var isSystem = false
    /// Asks the terminal for its background colour (OSC 11) and gives the reply, for
    /// `--appearance auto`; none by default, so that tests never touch a terminal.
    package var queryTerminalBackground: () -> String? = { nil }

    package init(
        environment: [String: String], standardOutput: OutputSink, standardError: @escaping @Sendable (String) -> Void,
        standardOutputIsTerminal: Bool, terminalWidth: Int?
    ) {
        self.environment = environment
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.standardOutputIsTerminal = standardOutputIsTerminal
        self.terminalWidth = terminalWidth
    }

    /// The tool wired to this process's streams and environment.
    package static func system() -> ScrollbackTool {
        var tool = ScrollbackTool(
            environment: ProcessInfo.processInfo.environment, standardOutput: .standardOutput(),
            standardError: { FileHandle.standardError.write(Data($0.utf8)) },
            standardOutputIsTerminal: isatty(1) == 1, terminalWidth: Terminal.columns(of: 1))
        tool.terminalHeight = Terminal.rows(of: 1)
        tool.standardErrorIsTerminal = isatty(2) == 1
        tool.standardErrorWidth = Terminal.columns(of: 2)
        tool.isSystem = true
        tool.queryTerminalBackground = { Terminal.backgroundColorReply() }
        return tool
    }

    package enum ExitCode {
        package static let success: Int32 = 0
        package static let failure: Int32 = 1
        package static let usage: Int32 = 64
        package static let dataError: Int32 = 65
    }

    static let commands: [CommandSpec] = [
        RenderCommand.spec, ViewCommand.spec, ValidateCommand.spec, ThemeCommand.listSpec, ThemeCommand.spec,
    ]

    static let overview = """
        OVERVIEW: Render Stream Chat message JSON as HTML, ANSI or Markdown transcripts.

        USAGE: scrollback <subcommand>

        OPTIONS:
          --version               Show the version.
          -h, --help              Show help information.

        SUBCOMMANDS:
          render                  \(RenderCommand.spec.abstract)
          view                    \(ViewCommand.spec.abstract)
          validate                \(ValidateCommand.spec.abstract)
          themes                  \(ThemeCommand.listSpec.abstract)
          theme                   \(ThemeCommand.spec.abstract)

          See 'scrollback help <subcommand>' for detailed help.

        """

    package func run(_ arguments: [String]) -> Int32 {
        defer { standardOutput.flush() }
        guard let first = arguments.first else {
            standardError(Self.overview)
            return ExitCode.usage
        }
        switch first {
        case "-h", "--help":
            standardOutput.write(Self.overview)
            return ExitCode.success
        case "--version":
            standardOutput.write(ScrollbackVersion.current + "\n")
            return ExitCode.success
        case "help":
            guard arguments.count > 1 else {
                standardOutput.write(Self.overview)
                return ExitCode.success
            }
            guard let command = Self.commands.first(where: { $0.name == arguments[1] }) else {
                return usageError("Unknown subcommand '\(arguments[1])'.", spec: nil)
            }
            standardOutput.write(command.help(width: helpWidth))
            return ExitCode.success
        default:
            break
        }
        guard let spec = Self.commands.first(where: { $0.name == first }) else {
            let near = Self.commands.map(\.name).first { editDistance($0, first) <= 2 }
            return usageError("Unknown subcommand '\(first)'." + (near.map { " Did you mean '\($0)'?" } ?? ""), spec: nil)
        }
        let parsed: ParsedArguments
        do {
            parsed = try spec.parse(Array(arguments.dropFirst()))
        } catch {
            return usageError(error.message, spec: spec)
        }
        if parsed.has("help") {
            standardOutput.write(spec.help(width: helpWidth))
            return ExitCode.success
        }
        switch spec.name {
        case RenderCommand.spec.name:
            let output = parsed.value("output")
            let toStandardOutput = (output == nil || output == "-") && parsed.value("output-dir") == nil
            return withProgressLine(parsed, documentOnStandardOutput: toStandardOutput) { RenderCommand(tool: $0, arguments: parsed).run() }
        case ViewCommand.spec.name: return ViewCommand(tool: self, arguments: parsed).run()
        case ThemeCommand.listSpec.name: return ThemeCommand(tool: self, arguments: parsed).list()
        case ThemeCommand.spec.name: return ThemeCommand(tool: self, arguments: parsed).run()
        default: return withProgressLine(parsed, documentOnStandardOutput: false) { ValidateCommand(tool: $0, arguments: parsed).run() }
        }
    }

    /// Runs a command with its progress line when ``ProgressLine/isWanted(_:tool:documentOnStandardOutput:)``:
    /// whatever the command writes to standard error goes above the line, and the line is
    /// erased when the command returns, however it ends.
    private func withProgressLine(
        _ arguments: ParsedArguments, documentOnStandardOutput: Bool, _ command: (ScrollbackTool) -> Int32
    ) -> Int32 {
        guard ProgressLine.isWanted(arguments, tool: self, documentOnStandardOutput: documentOnStandardOutput) else {
            return command(self)
        }
        let width = standardErrorWidth ?? environment["COLUMNS"].flatMap(Int.init)
        let line = ProgressLine(write: standardError, width: width, interval: progressInterval, tellsInterruptHandler: isSystem)
        var tool = self
        tool.progressLine = line
        tool.standardError = { line.interject($0) }
        defer { line.clear() }
        return command(tool)
    }

    /// The width help is wrapped to: the terminal's, else $COLUMNS, else 80.
    var helpWidth: Int {
        (standardOutputIsTerminal ? terminalWidth : nil) ?? environment["COLUMNS"].flatMap(Int.init) ?? 80
    }

    /// `Error: ...`, the usage and where to find help, on standard error; exit 64.
    func usageError(_ message: String, spec: CommandSpec?) -> Int32 {
        var text = "Error: \(message)\n"
        if let spec {
            text += "Usage: \(spec.usage)\n  See 'scrollback \(spec.name) --help' for more information.\n"
        } else {
            text += "Usage: scrollback <subcommand>\n  See 'scrollback --help' for more information.\n"
        }
        standardError(text)
        return ExitCode.usage
    }

    /// `Error: ...` on standard error with the given status.
    func failure(_ message: String, status: Int32) -> Int32 {
        standardError("Error: \(message)\n")
        return status
    }

    /// `warning: ...` on standard error, on one line: a warning's key path can hold a key from
    /// the input (a reaction type), which must neither act on the terminal nor start a line.
    func warning(_ message: String) {
        sayWarning(message)
    }

    /// ``warning(_:)`` as a function of its own, which any thread may call.
    var sayWarning: @Sendable (String) -> Void {
        { [standardError] message in standardError("warning: \(TerminalSanitizer.sanitize(message, keepingNewlines: false))\n") }
    }
}
