import Foundation
import Scrollback

#if canImport(Glibc)
    import Glibc
#endif

/// `scrollback view`: a transcript for reading in this terminal, paged like git when it is
/// taller than the screen. `render --format ansi` stays the pure, pipe-friendly form.
struct ViewCommand {
    static let spec = CommandSpec(
        name: "view",
        abstract: "Show a transcript in the terminal, through a pager when it is taller than the screen.",
        discussion: """
            The transcript is laid out for this terminal: its width (else $COLUMNS, else 80) and \
            its colours (COLORTERM, TERM, NO_COLOR, --color). When standard output is a terminal \
            and the transcript is taller than the screen, it is shown through $PAGER, else \
            'less -R' (with LESS=FRX unless LESS is set), as git does; an empty PAGER or 'cat' \
            prints it directly.
            """,
        positionals: [PositionalSpec(name: "input", help: "A JSON or NDJSON file, or - for standard input.", defaultDescription: "-")],
        options: [
            .option(
                "theme", value: "<name|file>", help: "A built-in theme (see 'scrollback themes') or a theme file.",
                default: "default"),
            .option(
                "appearance", value: "<light|dark>", help: "The theme's colours: for a light or a dark terminal.",
                default: "dark"),
            .option("me", value: "<user-id>", help: "Show this user's messages as your own, on the right."),
            .option(
                "width", short: "w", value: "<columns>", help: "Line width.",
                default: "the terminal's, else $COLUMNS, else 80"),
            .option("color", value: "<when>", help: "auto, always or never (NO_COLOR is honoured).", default: "auto"),
            .option("hyperlinks", value: "<when>", help: "auto, always or never: clickable links (OSC 8).", default: "auto"),
            .option(
                "urls", value: "<short|full>",
                help: "Without hyperlinks: short shows a link's host and lists its URL after the message; full shows whole URLs in place.",
                default: "short"),
            .option("style", value: "<bubbles|compact>", help: "bubbles, or compact: one line per message.", default: "bubbles"),
            .option(
                "timezone", value: "<zone>", help: "Time zone of the times shown, e.g. Europe/Paris.",
                default: "the machine's"),
            .option("locale", value: "<locale>", help: "Locale of dates and times, e.g. en_GB.", default: "the machine's"),
            .option("since", value: "<date|id>", help: "Start at this date (2026-03-09 or RFC 3339) or message id."),
            .option("until", value: "<date|id>", help: "End at this date (inclusive) or message id."),
            .option("user", value: "<user-id>", help: "Only this author's messages (repeatable).", repeatable: true),
            .flag("no-pager", help: "Never page: write straight to standard output."),
            .flag("strict", help: "Stop at the first unusable message instead of skipping it."),
            .flag("help", short: "h", help: "Show help information."),
        ]
    )

    let tool: ScrollbackTool
    let arguments: ParsedArguments

    func run() -> Int32 {
        var options: RenderOptions
        switch InputOptions.renderOptions(arguments, tool: tool, writesToTerminal: tool.standardOutputIsTerminal) {
        case .success(let value): options = value
        case .failure(let error): return tool.usageError(error.message, spec: Self.spec)
        }
        switch ViewerOptions.hyperlinks(
            arguments.value("hyperlinks"), isTerminal: tool.standardOutputIsTerminal,
            environment: tool.environment)
        {
        case .success(let value): options.hyperlinks = value
        case .failure(let error): return tool.usageError(error.message, spec: Self.spec)
        }
        if let name = arguments.value("theme") {
            switch ViewerOptions.theme(named: name, tool: tool, spec: Self.spec) {
            case .success(let theme): options.theme = theme
            case .failure(let status): return status.code
            }
        }
        let filter: MessageFilter
        switch InputOptions.filter(arguments, timeZone: options.timeZone) {
        case .success(let value): filter = value
        case .failure(let error): return tool.usageError(error.message, spec: Self.spec)
        }
        let input = arguments.positionals.first ?? "-"
        if input != "-", access(input, R_OK) != 0 {
            return tool.failure("cannot read \(input): \(String(cString: strerror(errno)))", status: ScrollbackTool.ExitCode.failure)
        }

        // Paging needs the height first, so a terminal gets the transcript rendered into memory.
        let mayPage = !arguments.has("no-pager") && tool.standardOutputIsTerminal
        let sink = mayPage ? OutputSink.memory() : tool.standardOutput
        let renderer = TranscriptRenderer(options: options, filter: filter)
        let report: (ReadWarning) -> Void = { warning in tool.warning("\(input): \(warning)") }
        do {
            var backend = OutputFormat.ansi.makeBackend(output: sink, options: options)
            try renderer.render(path: input, strict: arguments.has("strict"), onWarning: report, to: &backend)
        } catch {
            if mayPage { tool.standardOutput.write(sink.capturedText) }
            if case .io = error { return tool.failure("\(error)", status: RenderCommand.status(for: error)) }
            return tool.failure("\(input): \(error)", status: RenderCommand.status(for: error))
        }
        if mayPage {
            let text = sink.capturedText
            let lineCount = text.utf8.reduce(0) { $1 == 0x0A ? $0 + 1 : $0 }
            if let command = Pager.command(
                isTerminal: true, rows: tool.terminalHeight, lineCount: lineCount,
                environment: tool.environment),
                Pager.show(text, command: command, environment: tool.environment)
            {
                return ScrollbackTool.ExitCode.success
            }
            tool.standardOutput.write(text)
        }
        tool.standardOutput.flush()
        if let code = tool.standardOutput.failure, code != EPIPE {
            return tool.failure(
                "cannot write standard output: \(String(cString: strerror(code)))",
                status: ScrollbackTool.ExitCode.failure)
        }
        return ScrollbackTool.ExitCode.success
    }
}

/// Option glue for the terminal: hyperlinks (`view` and `render`) and themes.
enum ViewerOptions {
    /// `--hyperlinks auto|always|never`. `auto` turns them on only for a terminal known to show
    /// OSC 8 links (others may print the sequence's text): VTE-based terminals (GNOME Terminal,
    /// Tilix…), Windows Terminal, iTerm2, WezTerm, kitty, foot, Ghostty, Alacritty, Konsole and
    /// recent xterm-compatible ones that say so through TERM_PROGRAM or TERM. Never for
    /// TERM=dumb or the Linux console, nor inside tmux or screen unless TERM_PROGRAM names one
    /// of those terminals and the multiplexer passes it through.
    static func hyperlinks(_ choice: String?, isTerminal: Bool, environment: [String: String]) -> Result<Bool, UsageError> {
        switch choice ?? "auto" {
        case "always": return .success(true)
        case "never": return .success(false)
        case "auto": return .success(isTerminal && terminalShowsHyperlinks(environment))
        case let other: return .failure(UsageError(message: "Unknown hyperlink choice '\(other)'. Use auto, always or never."))
        }
    }

    /// Whether the environment names a terminal known to support OSC 8 hyperlinks.
    static func terminalShowsHyperlinks(_ environment: [String: String]) -> Bool {
        let term = environment["TERM"]?.lowercased() ?? ""
        if term.isEmpty || term == "dumb" || term == "linux" || term.hasPrefix("vt") { return false }
        if let vte = environment["VTE_VERSION"].flatMap(Int.init), vte >= 5000 { return true }
        if environment["WT_SESSION"] != nil || environment["KITTY_WINDOW_ID"] != nil
            || environment["WEZTERM_EXECUTABLE"] != nil || environment["KONSOLE_VERSION"] != nil
        {
            return true
        }
        let program = environment["TERM_PROGRAM"]?.lowercased() ?? ""
        let knownPrograms = ["iterm.app", "wezterm", "vscode", "ghostty", "hyper", "kitty", "alacritty", "foot", "tabby", "rio"]
        if knownPrograms.contains(program) { return true }
        let knownTerms = ["xterm-kitty", "foot", "foot-extra", "wezterm", "xterm-ghostty", "alacritty"]
        return knownTerms.contains(term)
    }

    /// A theme status: either the theme or the exit status already reported.
    struct Status: Error { var code: Int32 }

    /// `--theme`: a built-in name or a theme file; an unknown name is a usage error (64).
    static func theme(named name: String, tool: ScrollbackTool, spec: CommandSpec) -> Result<Theme, Status> {
        do {
            return .success(try Theme.named(name))
        } catch {
            if case .unknownTheme = error.problem, error.keyPath.isEmpty {
                return .failure(
                    Status(
                        code: tool.usageError(
                            "\(error.description.dropFirst(error.file.count + 2)). See 'scrollback themes'.",
                            spec: spec)))
            }
            return .failure(Status(code: tool.failure(error.description, status: ThemeCommand.status(for: error))))
        }
    }
}
