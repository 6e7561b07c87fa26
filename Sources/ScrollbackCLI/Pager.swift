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

    /// The pager to run, as words, or `nil` to print directly: only for a terminal, and not
    /// when the pager variable is empty or `cat`. SCROLLBACK_PAGER wins over PAGER.
    static func command(isTerminal: Bool, environment: [String: String]) -> [String]? {
        guard isTerminal else { return nil }
        guard let pager = environment["SCROLLBACK_PAGER"] ?? environment["PAGER"] else { return ["less"] }
        let words = pager.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let first = words.first, first != "cat" else { return nil }
        return words
    }

    /// Whether the command runs less (any path: `/usr/bin/less` too).
    static func isLess(_ command: [String]) -> Bool {
        guard let first = command.first else { return false }
        return (first as NSString).lastPathComponent == "less"
    }

    /// The command as run: less always gets `-R` (whatever LESS holds, as bat and delta do:
    /// `LESS=-i` alone would show raw escapes) and, with `navigation`, the search that jumps
    /// between days and channels. The search is an initial command followed by `g`, so that
    /// the first screen still shows the top and `n` then goes to the next day. It costs less's
    /// F (quit if one screen), which is why it is asked for rather than always on.
    static func arguments(_ command: [String], navigation: Bool) -> [String] {
        guard isLess(command) else { return command }
        var result = [command[0], "-R"] + command.dropFirst()
        if navigation { result.append("+/" + navigationPattern + "\ng") }
        return result
    }

    /// The pager's environment: the caller's, with LESS=FRX (quit if one screen, raw colours,
    /// no screen clearing) and LV=-c unless set, and LESSCHARSET=utf-8 whenever the text is
    /// UTF-8 and the user has not chosen a character set. The locale's *name* is no guide:
    /// less asks `setlocale()`, which falls back to ASCII for a UTF-8 locale that is not
    /// installed (`en_US.UTF-8` on a machine with only `C.utf8`), and then shows every box
    /// character as `<E2><94><80>`.
    static func environment(_ environment: [String: String], writesUTF8: Bool) -> [String: String] {
        var result = environment
        if result["LESS"] == nil { result["LESS"] = "FRX" }
        if result["LV"] == nil { result["LV"] = "-c" }
        if writesUTF8, result["LESSCHARSET"] == nil, result["LESSCHARDEF"] == nil {
            result["LESSCHARSET"] = "utf-8"
        }
        return result
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

    /// Starts `command` with a pipe on its standard input. SIGINT and SIGQUIT are ignored in
    /// this process from here until ``wait(_:)``, as git does: a Ctrl-C meant for the pager
    /// must not end the writer and leave the pager running without it (an orphan under PID 1
    /// fighting the shell for keys). The pager itself starts with the default actions.
    ///
    /// Spawned directly rather than through Foundation's `Process`, which starts the child in
    /// a session of its own: a pager there has no controlling terminal to read keys from.
    static func start(_ command: [String], environment: [String: String], writesUTF8: Bool) -> Result<Process, StartError> {
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
        let variables = Self.environment(environment, writesUTF8: writesUTF8).map { strdup("\($0.key)=\($0.value)") } + [nil]
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
        switch start(command, environment: environment, writesUTF8: text.utf8.contains { $0 >= 0x80 }) {
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
