import Foundation
import Scrollback

#if canImport(Glibc)
    import Glibc
#endif

/// `scrollback view`: a transcript for reading in this terminal, paged like git when it is
/// taller than the screen. `render --format ansi` stays the pure, pipe-friendly form.
struct ViewCommand: Command {
    static let spec = CommandSpec(
        name: "view",
        abstract: "Show a transcript in the terminal, through a pager when it is taller than the screen.",
        discussion: """
            The transcript is laid out for this terminal: its width (else $COLUMNS, else 80) and \
            its colours (COLORTERM, TERM, NO_COLOR, --color). On a terminal it is shown through \
            $SCROLLBACK_PAGER, else $PAGER, else less, as git does (through /bin/sh -c when the \
            command has quotes or other shell syntax): the pager starts at once and \
            reads the transcript as it is rendered, and less quits by itself when the transcript \
            fits one screen (LESS=FRX unless LESS is set; -R is always added for less, and \
            LESSCHARSET=utf-8 unless LESSCHARSET or LESSCHARDEF is set). An empty pager variable or 'cat' \
            prints directly; a pager that cannot be started is said on standard error, then the \
            transcript is printed. Warnings about the input are shown when the pager exits. \
            Ctrl-C goes to the pager; quit it with q.

            The appearance (light or dark colours) is --appearance, else $SCROLLBACK_APPEARANCE, \
            else auto: the terminal is asked for its background colour (OSC 11; the pager starts \
            once the terminal has answered, 5 s at most, so that no late answer reaches it as keys), \
            else COLORFGBG is read, else dark. The theme is --theme, else $SCROLLBACK_THEME.

            The transcript is a file, or comes through a pipe ('-' or none); standard input on \
            the terminal is refused, as less refuses it.

            KEYS IN LESS: space or f next screen, b previous screen, g top, G end, /text search, \
            n and N next and previous match, q quit. With --navigate, n and N jump from day to \
            day and from channel to channel (it searches for the lines starting with '──' or '━━'; less \
            then no longer quits by itself on a transcript that fits one screen).
            """,
        positionals: [.input],
        options: Options(), formats: [.ansi],
        examples: [
            ("Read a transcript, your own messages on the right:", "scrollback view chat.json --me maya"),
            ("Jump from day to day with n and N:", "scrollback view chat.json --navigate"),
            ("Light colours and no pager:", "scrollback view chat.json --appearance light --no-pager"),
            ("Another pager, for scrollback only:", "SCROLLBACK_PAGER='less -S' scrollback view chat.json"),
        ]
    )

    /// The options shared with `render`, then the pager's.
    struct Options: OptionGroup {
        let transcript = TranscriptOptions()
        let noPager = Flag("no-pager", help: "Never page: write straight to standard output.")
        let navigate = Flag("navigate", help: "In less, make n and N jump between days and channels.")

        var declarations: [any OptionDeclaration] {
            [transcript, noPager, navigate]
        }
    }

    let tool: ScrollbackTool
    let arguments: ParsedArguments<Options>

    func run() -> Int32 {
        // Standard input on the terminal would wait for keys that nothing can end but Ctrl-Z
        // (less says "Missing filename"); and with the pager reading the same keys, `view -`
        // cannot read them either: the input comes from a file or a pipe.
        if arguments.positionals.first ?? "-" == "-", tool.standardInputIsTerminal {
            return tool.usageError(
                "view needs a file, or a transcript piped in: standard input is the terminal.", spec: Self.spec)
        }
        let transcript = arguments.group(\.transcript)
        var options: RenderOptions
        switch TranscriptOptions.renderOptions(transcript, tool: tool, writesToTerminal: tool.standardOutputIsTerminal, drawsANSI: true) {
        case .success(let value): options = value
        case .failure(let failure): return tool.report(failure, spec: Self.spec)
        }
        // The dividers --navigate jumps between carry a mark no message can forge.
        options.ansi.marksDividers = arguments[\.navigate]
        let filter: MessageFilter
        switch TranscriptOptions.filter(transcript, timeZone: options.timeZone) {
        case .success(let value): filter = value
        case .failure(let error): return tool.usageError(error.message, spec: Self.spec)
        }
        let input = arguments.positionals.first ?? "-"
        if input != "-", access(input, R_OK) != 0 {
            return tool.failure("cannot read \(input): \(String(cString: strerror(errno)))", status: ScrollbackTool.ExitCode.failure)
        }

        // The pager starts first and reads as the transcript is rendered: the first screen
        // shows at once, and nothing is gathered in memory.
        var pager: Pager.Process?
        if !arguments[\.noPager], let command = Pager.command(isTerminal: tool.standardOutputIsTerminal, environment: tool.environment) {
            switch Pager.start(
                command, navigation: arguments[\.navigate], environment: tool.environment, charset: options.ansi.charset)
            {
            case .success(let process): pager = process
            case .failure(let error):
                tool.warning("cannot run pager '\(command.text)': \(error.reason); printing directly")
            }
        }
        // Warnings said while the pager has the screen would scroll away unseen: they wait.
        let warnings = WarningQueue(tool: tool, holds: pager != nil)
        let sink = pager.map { OutputSink(descriptor: $0.input) } ?? tool.standardOutput
        sink.charset = options.ansi.charset
        var renderer = TranscriptRenderer(options: options, filter: filter)
        renderer.threading = .readingAndWriting
        // The first twenty, then a count: the rest are for `validate`.
        let inputWarnings = InputWarnings(input: input, say: warnings.add)
        // Printed straight to the terminal, an interrupt must not leave it coloured or in a link.
        let resetsTerminal = pager == nil && tool.standardOutputIsTerminal && (options.ansi.colorDepth != .none || options.ansi.hyperlinks)
        if resetsTerminal {
            InterruptCleanup.resetsTerminal(true)
            // The reset must be the last thing the terminal gets: no writing thread may go on
            // after the handler. Reading ahead writes nothing, so it stays.
            renderer.threading = .readingOnly
        }
        defer { if resetsTerminal { InterruptCleanup.resetsTerminal(false) } }
        var failure: ReadError?
        do {
            var backend = PagedBackend(base: OutputFormat.ansi.makeBackend(output: sink, options: options), sink: sink)
            if let pager {
                // The reader quit before the end: stop rendering, and end as if done.
                backend.onReaderGone = {
                    Pager.wait(pager)
                    inputWarnings.finish()
                    warnings.release()
                    exit(ScrollbackTool.ExitCode.success)
                }
            }
            try renderer.render(path: input, strict: transcript[\.strict], onWarning: inputWarnings.add, to: &backend)
        } catch {
            failure = error
        }
        sink.flush()
        if let pager { Pager.wait(pager) }
        inputWarnings.finish()
        warnings.release()
        if let error = failure {
            if case .io = error { return tool.failure("\(error)", status: RenderCommand.status(for: error)) }
            return tool.failure("\(input): \(error)", status: RenderCommand.status(for: error))
        }
        // Standard output that could not all be written is said by the tool's run, as for every
        // command (a pager's pipe is not standard output; a reader who quit is no error).
        return ScrollbackTool.ExitCode.success
    }
}

/// Warnings, said at once or held until the pager is done. Shared: the reader's quitting is
/// noticed on the renderer's writing thread, while warnings come from the calling thread.
private final class WarningQueue: Sendable {
    private let say: @Sendable (String) -> Void
    /// The warnings held; `nil` once they are said at once.
    private let held: Locked<[String]?>

    init(tool: ScrollbackTool, holds: Bool) {
        say = tool.sayWarning
        held = Locked(holds ? [] : nil)
    }

    func add(_ message: String) {
        held.withLock { held in
            if held != nil { held!.append(message) } else { say(message) }
        }
    }

    /// Says the held warnings; later ones are said at once.
    func release() {
        held.withLock { held in
            held?.forEach(say)
            held = nil
        }
    }
}

/// A backend that passes everything on and notices when the pager has quit (the pipe is
/// closed: EPIPE), so that a reader who quits early does not wait for the rest to be rendered.
/// It does not write behind (``WritesBehind``): it writes on the calling thread, where
/// `onReaderGone` then runs and ends the process while no other thread writes.
struct PagedBackend<Base: TranscriptBackend>: TranscriptBackend {
    var base: Base
    let sink: OutputSink
    var onReaderGone: (() -> Void)?

    init(base: Base, sink: OutputSink) {
        self.base = base
        self.sink = sink
    }

    mutating func begin(_ document: DocumentInfo, header: ViewNode) { base.begin(document, header: header) }

    mutating func write(_ view: ViewNode) {
        base.write(view)
        if sink.failure == EPIPE, let onReaderGone { onReaderGone() }
    }

    mutating func end(_ summary: DocumentSummary, footer: ViewNode) { base.end(summary, footer: footer) }

    var showsTitles: Bool { base.showsTitles }

    var showsSearchBar: Bool { base.showsSearchBar }
}

/// Option glue for the terminal: hyperlinks (`view` and `render`).
enum ViewerOptions {
    /// `--hyperlinks auto|always|never`. `auto` turns them on only for a terminal known to show
    /// OSC 8 links (others may print the sequence's text): VTE-based terminals (GNOME Terminal,
    /// Tilix…), Windows Terminal, iTerm2, WezTerm, kitty, foot, Ghostty, Alacritty, Konsole and
    /// recent xterm-compatible ones that say so through TERM_PROGRAM or TERM. Never for
    /// TERM=dumb or the Linux console, nor inside tmux or screen (TMUX or STY set, or TERM
    /// `screen…`/`tmux…`): the variables that name the outer terminal are inherited by every
    /// pane, but the multiplexer in between may drop the links (tmux 3.3 does; later versions
    /// pass them only when configured to), and a dropped link leaves its label with no URL anywhere. `always` still
    /// turns them on there.
    static func hyperlinks(_ choice: When?, isTerminal: Bool, environment: [String: String]) -> Bool {
        switch choice ?? .auto {
        case .always: true
        case .never: false
        case .auto: isTerminal && terminalShowsHyperlinks(environment)
        }
    }

    /// Whether the environment names a terminal known to support OSC 8 hyperlinks.
    static func terminalShowsHyperlinks(_ environment: [String: String]) -> Bool {
        let term = environment["TERM"]?.lowercased() ?? ""
        if term.isEmpty || term == "dumb" || term == "linux" || term.hasPrefix("vt") { return false }
        if environment["TMUX"] != nil || environment["STY"] != nil || term.hasPrefix("screen") || term.hasPrefix("tmux") {
            return false
        }
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
}
