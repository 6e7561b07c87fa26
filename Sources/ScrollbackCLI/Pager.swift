import Foundation
import Scrollback

#if canImport(Glibc)
    import Glibc
#endif

/// Paging as git does it: `$SCROLLBACK_PAGER`, else `$PAGER`, else `less`, with `LESS=FRX`
/// unless the user set LESS. The pager starts before rendering and reads the transcript as it
/// is written, so the first screen shows at once whatever the input's size; less itself
/// decides (F) whether the text fits one screen.
enum Pager {
    /// The search that `--navigate` gives less: the ANSI output's day separators
    /// (`──── Tuesday, April 14, 2026 ────`), the rules under the document's title and above its
    /// summary and the channel rules (`━━ general ━━━━`), so that `n` and `N` jump between days
    /// and channels. Each starts with an invisible mark that no message text can put in the
    /// output (``ANSILayout/navigationMark``): a name drawn like a divider is no stop.
    static let navigationPattern = ANSILayout.navigationPattern

    /// A pager command as the user wrote it in SCROLLBACK_PAGER or PAGER.
    ///
    /// Run as git runs it: a command of plain words (`less -S`) is split on blanks and started
    /// directly; one with anything a shell reads otherwise (quotes, `$`, `|`, `;`…, as in
    /// `less --prompt="a b"`) runs through `/bin/sh -c`, with Scrollback's own arguments for
    /// less passed on as `"$@"`, so that the user's quoting holds and they still follow.
    struct Command: Equatable {
        /// The variable's text, without blanks around it.
        var text: String
        /// The words to start directly, or `nil` when the text needs a shell.
        var words: [String]?
        /// The program the command starts, as far as can be told: the first word, unquoted
        /// (`/usr/bin/less`); `nil` when it comes from the shell (`$HOME/bin/pager`, `FOO=1 less`).
        var program: String?

        /// The characters that make the text more than blank-separated words (git's list).
        static let shellCharacters = Set("|&;<>()$`\\\"'*?[#~=%\n")

        init(_ text: String) {
            self.text = text.trimmingCharacters(in: .whitespaces)
            if self.text.contains(where: { Self.shellCharacters.contains($0) }) {
                words = nil
                program = Self.firstWord(self.text)
            } else {
                words = self.text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
                program = words?.first
            }
        }

        /// Whether the command runs less (any path: `/usr/bin/less` too).
        var isLess: Bool { program.map { ($0 as NSString).lastPathComponent == "less" } ?? false }

        /// The first word of a shell command with its quotes removed, when the command is one
        /// simple command (`"$@"` then reaches it: not so after a `|` or a `;`) and its first
        /// word a name the shell takes as it is: not an assignment (`FOO=1 less`), nor one
        /// with an expansion (`$HOME/bin/less`).
        static func firstWord(_ text: String) -> String? {
            var word = ""
            var quote: Character?
            var escaped = false
            var wordEnded = false
            for character in text {
                if escaped {
                    if !wordEnded { word.append(character) }
                    escaped = false
                } else if let open = quote {
                    if character == open {
                        quote = nil
                    } else if open == "\"" && character == "`" {
                        return nil
                    } else if open == "\"" && character == "$" && !wordEnded {
                        return nil
                    } else if open == "\"" && character == "\\" {
                        escaped = true
                    } else if !wordEnded {
                        word.append(character)
                    }
                } else if character == "'" || character == "\"" {
                    quote = character
                } else if character == "\\" {
                    escaped = true
                } else if "|&;()`#\n".contains(character) {
                    return nil
                } else if character == " " || character == "\t" {
                    wordEnded = wordEnded || !word.isEmpty
                } else if !wordEnded && "$=*?[~<>".contains(character) {
                    return nil
                } else if !wordEnded {
                    word.append(character)
                }
            }
            return word.isEmpty || quote != nil ? nil : word
        }

        /// The arguments that start the command: less always gets `-R` (whatever LESS holds,
        /// as bat and delta do: `LESS=-i` alone would show raw escapes) and, with `navigation`,
        /// the search that jumps between days and channels. The search is an initial command
        /// followed by `g`, so that the first screen still shows the top and `n` then goes to
        /// the next day. It costs less's F (quit if one screen), which is why it is asked for
        /// rather than always on.
        ///
        /// Through the shell, the script first traps SIGINT and SIGQUIT with a command that
        /// does nothing: the shell then outlives a Ctrl-C or Ctrl-\ meant for the pager
        /// (dash dies of Ctrl-\ and would leave less an orphan), while the pager, as any
        /// program it starts, gets the default actions back.
        func arguments(navigation: Bool) -> [String] {
            var extra: [String] = []
            if isLess {
                extra.append("-R")
                if navigation { extra.append("+/" + navigationPattern + "\ng") }
            }
            if let words, let first = words.first { return [first] + extra + words.dropFirst() }
            return ["/bin/sh", "-c", "trap : INT QUIT; " + text + " \"$@\"", "sh"] + extra
        }

        /// Why the command cannot start, found before it is started: a program that the shell
        /// would not find makes it end at once, with the transcript shown nowhere. Only a
        /// program named plainly is looked for; the shell reports the others.
        func missingProgram(path: String?) -> StartError? {
            guard words == nil, let program else { return nil }
            let candidates =
                program.contains("/")
                ? [program]
                : (path ?? "/usr/bin:/bin").split(separator: ":", omittingEmptySubsequences: false).map {
                    ($0.isEmpty ? "." : String($0)) + "/" + program
                }
            if candidates.contains(where: { access($0, X_OK) == 0 }) { return nil }
            return StartError(reason: String(cString: strerror(ENOENT)))
        }
    }

    /// The pager to run, or `nil` to print directly: only for a terminal, and not when the
    /// pager variable is empty or its first word is `cat`. SCROLLBACK_PAGER wins over PAGER.
    static func command(isTerminal: Bool, environment: [String: String]) -> Command? {
        guard isTerminal else { return nil }
        let command = Command(environment["SCROLLBACK_PAGER"] ?? environment["PAGER"] ?? "less")
        guard !command.text.isEmpty, command.program != "cat" else { return nil }
        return command
    }

    /// The pager's environment: the caller's, with LESS=FRX (quit if one screen, raw colours,
    /// no screen clearing) and LV=-c unless set, and LESSCHARSET set to the text's character
    /// set (``lessCharset(_:)``) when the user has not chosen one. The locale's *name* is no
    /// guide: less asks `setlocale()`, which falls back to ASCII for a locale that is not
    /// installed (`en_US.UTF-8` on a machine with only `C.utf8`), and then shows every box
    /// character as `<E2><94><80>` (and a KOI8-R letter as `<F0>`).
    static func environment(_ environment: [String: String], charset: ANSIOptions.Charset) -> [String: String] {
        var result = environment
        if result["LESS"] == nil { result["LESS"] = "FRX" }
        if result["LV"] == nil { result["LV"] = "-c" }
        if let name = lessCharset(charset), result["LESSCHARSET"] == nil, result["LESSCHARDEF"] == nil {
            result["LESSCHARSET"] = name
        }
        return result
    }

    /// less's name for the character set text is written in; `nil` for ASCII, which every
    /// set shows. Scrollback writes no byte from 0x80 to 0x9F in an 8-bit set, so less's
    /// `iso8859` (those bytes control characters, the rest printable) fits Latin-1, Latin-9 and
    /// Windows-1251 alike.
    static func lessCharset(_ charset: ANSIOptions.Charset) -> String? {
        switch charset {
        case .utf8: "utf-8"
        case .ascii: nil
        case .koi8r: "koi8-r"
        case .latin1, .latin9, .cp1251: "iso8859"
        }
    }

    /// A pager that runs, reading what is written to ``input``.
    struct Process {
        var pid: pid_t
        /// The write end of the pipe to the pager's standard input.
        var input: Int32
    }

    /// Why a pager could not start: the system's reason.
    struct StartError: Error {
        var reason: String
    }

    /// Starts the user's pager command (``Command/arguments(navigation:)``), unless its
    /// program is known to be missing.
    static func start(_ command: Command, navigation: Bool, environment: [String: String], charset: ANSIOptions.Charset) -> Result<
        Process, StartError
    > {
        if let missing = command.missingProgram(path: environment["PATH"]) { return .failure(missing) }
        return start(command.arguments(navigation: navigation), environment: environment, charset: charset)
    }

    /// Starts `command` with a pipe on its standard input. SIGINT and SIGQUIT are ignored in
    /// this process from here until ``wait(_:)``, as git does: a Ctrl-C meant for the pager
    /// must not end the writer and leave the pager running without it (an orphan under PID 1
    /// fighting the shell for keys). The pager itself starts with the default actions.
    ///
    /// Spawned directly rather than through Foundation's `Process`, which starts the child in
    /// a session of its own: a pager there has no controlling terminal to read keys from.
    static func start(_ command: [String], environment: [String: String], charset: ANSIOptions.Charset) -> Result<Process, StartError> {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { return .failure(StartError(reason: String(cString: strerror(errno)))) }
        let (readEnd, writeEnd) = (descriptors[0], descriptors[1])
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, readEnd, 0)
        posix_spawn_file_actions_addclose(&actions, readEnd)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGQUIT, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))

        let arguments = command.map { strdup($0) } + [nil]
        let variables = Self.environment(environment, charset: charset).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            arguments.forEach { free($0) }
            variables.forEach { free($0) }
        }
        var child: pid_t = 0
        let spawned = posix_spawnp(&child, command[0], &actions, &attributes, arguments, variables)
        close(readEnd)
        guard spawned == 0 else {
            close(writeEnd)
            return .failure(StartError(reason: String(cString: strerror(spawned))))
        }
        // A reader who quits early closes the pipe: that must end the writing, not the process.
        signal(SIGPIPE, SIG_IGN)
        ignoredInterrupts.ignore()
        InterruptCleanup.pager(pid: child, input: writeEnd)
        return .success(Process(pid: child, input: writeEnd))
    }

    /// Closes the pager's input (end of text) and waits for the reader to quit; restores
    /// SIGINT and SIGQUIT. The pager's exit status, or `nil` when it did not exit normally.
    @discardableResult
    static func wait(_ process: Process) -> Int32? {
        InterruptCleanup.pager(pid: 0, input: -1)
        close(process.input)
        var status: Int32 = 0
        while waitpid(process.pid, &status, 0) < 0 && errno == EINTR {}
        ignoredInterrupts.restore()
        // WIFEXITED / WEXITSTATUS, which Swift does not import.
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : nil
    }

    /// Runs `command` with `text` on its standard input and waits for it; the reason when the
    /// pager could not be started (the caller then prints the text itself).
    static func show(_ text: String, command: [String], environment: [String: String]) -> StartError? {
        switch start(command, environment: environment, charset: text.utf8.contains { $0 >= 0x80 } ? .utf8 : .ascii) {
        case .failure(let error): return error
        case .success(let process):
            let sink = OutputSink(descriptor: process.input)
            sink.write(text)
            sink.flush()
            wait(process)
            return nil
        }
    }

    /// The dispositions of SIGINT and SIGQUIT before paging, put back after it.
    private static let ignoredInterrupts = IgnoredSignals([SIGINT, SIGQUIT])
}

/// Signals ignored for a while, their earlier actions put back after (nesting counted).
private final class IgnoredSignals: Sendable {
    private let signals: [Int32]
    /// The actions to put back, and how many pagers want the signals ignored.
    private let state = Locked<(saved: [sigaction], depth: Int)>(([], 0))

    init(_ signals: [Int32]) { self.signals = signals }

    func ignore() {
        state.withLock { state in
            state.depth += 1
            guard state.depth == 1 else { return }
            state.saved = signals.map { signal in
                var ignore = sigaction()
                ignore.__sigaction_handler.sa_handler = SIG_IGN
                sigemptyset(&ignore.sa_mask)
                var previous = sigaction()
                sigaction(signal, &ignore, &previous)
                return previous
            }
        }
    }

    func restore() {
        state.withLock { state in
            state.depth -= 1
            guard state.depth == 0 else { return }
            for (signal, var previous) in zip(signals, state.saved) { sigaction(signal, &previous, nil) }
        }
    }
}

extension Locale {
    /// The character set the locale names, lowercased without dashes (`utf8`, `iso88591`),
    /// `""` for C or POSIX, `nil` when no variable is set.
    static func characterSet(_ environment: [String: String]) -> String? {
        guard let name = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }) else {
            return nil
        }
        if name == "C" || name == "POSIX" { return "" }
        guard let dot = name.firstIndex(of: ".") else { return "" }
        let set = name[name.index(after: dot)...].prefix { $0 != "@" }
        return set.lowercased().replacingOccurrences(of: "-", with: "").replacingOccurrences(of: "_", with: "")
    }
}
