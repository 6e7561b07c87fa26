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
    /// Whether standard input is a terminal: `view` then has no transcript to read there.
    package var standardInputIsTerminal = false
    /// Whether standard error is a terminal, where `render` and `validate` draw their progress
    /// line (``ProgressLine``).
    package var standardErrorIsTerminal = false
    /// Columns of the terminal on standard error, when there is one: the progress line fits it.
    package var standardErrorWidth: Int?
    /// Seconds between two drawings of the progress line (and before the first); tests set 0
    /// so that a small input shows it.
    package var progressInterval = 0.1
    /// The progress line of the running command, when it shows one (``execute(_:_:)``).
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

    /// Writes `text` to the file `descriptor` as it is. A write that fails (standard error on
    /// a full disk) is dropped: a message has nowhere else to go, and the work it was about
    /// must not stop for it. (Foundation's `FileHandle.write(_:)` stops the process instead.)
    static func write(_ text: String, toDescriptor descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            guard var base = bytes.baseAddress else { return }
            var remaining = bytes.count
            while remaining > 0 {
                let written = Glibc.write(descriptor, base, remaining)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                remaining -= written
                base += written
            }
        }
    }

    /// The tool wired to this process's streams and environment.
    package static func system() -> ScrollbackTool {
        var tool = ScrollbackTool(
            environment: ProcessInfo.processInfo.environment, standardOutput: .standardOutput(),
            standardError: { write($0, toDescriptor: 2) },
            standardOutputIsTerminal: isatty(1) == 1, terminalWidth: Terminal.columns(of: 1))
        tool.terminalHeight = Terminal.rows(of: 1)
        tool.standardInputIsTerminal = isatty(0) == 1
        tool.standardErrorIsTerminal = isatty(2) == 1
        tool.standardErrorWidth = Terminal.columns(of: 2)
        tool.isSystem = true
        let environment = tool.environment
        let say = tool.sayWarning
        tool.queryTerminalBackground = {
            switch Terminal.backgroundColorReply(environment: environment) {
            case .reply(let text): return text
            case .noColour, .notAsked: return nil
            case .unanswered:
                // Every run would wait as long again: say how to skip the question.
                say(
                    "the terminal did not answer in \(Terminal.answerDeadline / 1000) s when asked for its background colour; "
                        + "--appearance or SCROLLBACK_APPEARANCE (light or dark) skips the question")
                return nil
            }
        }
        return tool
    }

    package enum ExitCode {
        package static let success: Int32 = 0
        package static let failure: Int32 = 1
        package static let usage: Int32 = 64
        package static let dataError: Int32 = 65
    }

    /// The subcommands, in the order the overview (and the manual page) lists them.
    static let commands: [any Command.Type] = [
        RenderCommand.self, ViewCommand.self, ValidateCommand.self, ThemeListCommand.self, ThemeCommand.self,
        CompletionsCommand.self, ManCommand.self,
    ]

    /// `--version`, which only the tool takes, before any subcommand.
    static let version = Flag("version", help: "Show the version.")

    /// The options taken instead of a subcommand.
    static let globalOptions = [version.spec, CommandSpec.help.spec]

    /// What the tool does, in a sentence: the overview's first line and the manual page's name line.
    static let summary = "Render Stream Chat message JSON as HTML, ANSI or Markdown transcripts."

    /// `scrollback --help`: the options and the subcommands, each with its abstract, wrapped at
    /// word boundaries to `width` columns (40 at least) as a subcommand's help is.
    static func overview(width: Int) -> String {
        let width = max(40, width)
        var lines = CommandSpec.wrap("OVERVIEW: \(summary)", width: width, indent: 2)
        lines += ["", "USAGE: scrollback <subcommand>", "", "OPTIONS:"]
        for option in globalOptions {
            lines += CommandSpec.row((option.short.map { "-\($0), " } ?? "") + option.flagName, option.help, nil, width: width)
        }
        lines += ["", "SUBCOMMANDS:"]
        for command in commands { lines += CommandSpec.row(command.spec.name, command.spec.abstract, nil, width: width) }
        lines +=
            [""] + CommandSpec.wrap("See 'scrollback help <subcommand>' for detailed help.", width: width - 2, indent: 0).map { "  " + $0 }
        return lines.joined(separator: "\n") + "\n"
    }

    package func run(_ arguments: [String]) -> Int32 {
        let status = dispatch(arguments)
        standardOutput.flush()
        // What a command wrote to standard output that did not all get there (a full disk) is
        // said, unless the command said so itself (render and view do, with status 1). A reader
        // who stopped reading (a closed pipe: `| head`) is not a failure.
        guard let code = standardOutput.failure, code != EPIPE,
            status == ExitCode.success || status == ExitCode.dataError
        else { return status }
        let failed = failure("cannot write standard output: \(String(cString: strerror(code)))", status: ExitCode.failure)
        return status == ExitCode.success ? failed : status
    }

    private func dispatch(_ arguments: [String]) -> Int32 {
        guard let first = arguments.first else {
            standardError(Self.overview(width: standardErrorHelpWidth))
            return ExitCode.usage
        }
        switch first {
        case "-h", "--help":
            standardOutput.write(Self.overview(width: helpWidth))
            return ExitCode.success
        case Self.version.spec.flagName:
            standardOutput.write(ScrollbackVersion.current + "\n")
            return ExitCode.success
        case "help":
            guard arguments.count > 1 else {
                standardOutput.write(Self.overview(width: helpWidth))
                return ExitCode.success
            }
            guard let command = Self.commands.first(where: { $0.spec.name == arguments[1] }) else {
                return usageError("Unknown subcommand '\(arguments[1])'.", spec: nil)
            }
            standardOutput.write(command.spec.help(width: helpWidth))
            return ExitCode.success
        default:
            break
        }
        guard let command = Self.commands.first(where: { $0.spec.name == first }) else {
            let near = Self.commands.map { $0.spec.name }.first { editDistance($0, first) <= 2 }
            return usageError("Unknown subcommand '\(first)'." + (near.map { " Did you mean '\($0)'?" } ?? ""), spec: nil)
        }
        return execute(command, Array(arguments.dropFirst()))
    }

    /// Parses `arguments` for `command` and runs it, with its progress line when it asks for
    /// one and ``ProgressLine/Request/isWanted(by:)``: whatever the command writes to standard
    /// error then goes above the line, and the line is erased when the command returns,
    /// however it ends.
    private func execute<C: Command>(_ command: C.Type, _ arguments: [String]) -> Int32 {
        let parsed: ParsedArguments<C.Options>
        do {
            parsed = try C.spec.parse(arguments)
        } catch {
            return usageError(error.message, spec: C.spec)
        }
        if parsed.wantsHelp {
            standardOutput.write(C.spec.help(width: helpWidth))
            return ExitCode.success
        }
        guard let request = C.progressLine(parsed), request.isWanted(by: self) else {
            return C(tool: self, arguments: parsed).run()
        }
        let width = standardErrorWidth ?? environment["COLUMNS"].flatMap(Int.init)
        let line = ProgressLine(write: standardError, width: width, interval: progressInterval, tellsInterruptHandler: isSystem)
        var tool = self
        tool.progressLine = line
        tool.standardError = { line.interject($0) }
        defer { line.clear() }
        return C(tool: tool, arguments: parsed).run()
    }

    /// The width help is wrapped to: the terminal's, else $COLUMNS, else 80.
    var helpWidth: Int {
        (standardOutputIsTerminal ? terminalWidth : nil) ?? environment["COLUMNS"].flatMap(Int.init) ?? 80
    }

    /// The width of help written to standard error (`scrollback` alone): that terminal's, else
    /// $COLUMNS, else 80.
    var standardErrorHelpWidth: Int {
        (standardErrorIsTerminal ? standardErrorWidth : nil) ?? environment["COLUMNS"].flatMap(Int.init) ?? 80
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

    /// A failure met before the command's work, said as its kind is: with the usage, or alone.
    func report(_ failure: CommandFailure, spec: CommandSpec) -> Int32 {
        switch failure {
        case .usage(let error): usageError(error.message, spec: spec)
        case .failed(let message, let status): self.failure(message, status: status)
        }
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

/// A subcommand: its declaration, the options it reads, and its work.
protocol Command: SendableMetatype {
    /// The options the command takes, declared once: its ``spec`` lists them, and it reads
    /// their values through their key paths.
    associatedtype Options: OptionGroup

    static var spec: CommandSpec { get }

    /// What the command says of a progress line, when it may show one; `nil` for none.
    static func progressLine(_ arguments: ParsedArguments<Options>) -> ProgressLine.Request?

    init(tool: ScrollbackTool, arguments: ParsedArguments<Options>)

    /// Does the work and gives the exit status.
    func run() -> Int32
}

extension Command {
    static func progressLine(_ arguments: ParsedArguments<Options>) -> ProgressLine.Request? { nil }
}
