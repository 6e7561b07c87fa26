import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Paths to remove if a signal (SIGINT, SIGTERM, SIGHUP) ends the process while they exist:
/// the temporary files of the outputs being written, and directories made for them. It also
/// puts the terminal right (``resetsTerminal(_:)``, ``erasesProgressLine(_:)``) and waits for a pager (``pager(pid:input:)``).
///
/// The handler runs in signal context, so it does only what is async-signal-safe: it reads a
/// table of C strings prepared beforehand, calls `unlink` and `rmdir`, restores the default
/// action and raises the signal again, so that the process ends as the signal meant (a shell
/// sees 128 + the signal's number). The table is changed with these signals blocked on the
/// changing thread, so the handler never sees it half changed: the renderer's own threads
/// (reading ahead, writing behind) never take these signals, so the handler runs on a thread
/// that blocks them while it changes the table. A handler is installed only where the default action was in place: a signal
/// the caller ignores (`nohup`) stays ignored.
enum InterruptCleanup {
    /// The signals that end a render and leave its temporary files behind without this.
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Removes `path` (a file; with `isDirectory`, an empty directory) if a signal ends the
    /// process; returns the token that ``unregister(_:)`` takes.
    static func register(_ path: String, isDirectory: Bool = false) -> Int {
        let copy = strdup(path)
        return Registry.shared.change { state in
            state.installHandlersOnce()
            let slot = state.freeSlots.popLast() ?? state.appendSlot()
            cleanupTable.pointee.entries![slot] = CleanupEntry(path: copy, isDirectory: isDirectory)
            return slot
        }
    }

    /// Forgets a path: it was renamed into place, or removed.
    static func unregister(_ token: Int) {
        let path: UnsafeMutablePointer<CChar>? = Registry.shared.change { state in
            let entry = cleanupTable.pointee.entries![token]
            cleanupTable.pointee.entries![token] = CleanupEntry(path: nil, isDirectory: false)
            state.freeSlots.append(token)
            return entry.path
        }
        free(path)
    }

    /// Runs `body` with the cleanup signals blocked on this thread, so that a rename and the
    /// forgetting of its temporary name happen together, or a set of renames all at once.
    static func withSignalsBlocked<T>(_ body: () throws -> T) rethrows -> T {
        var blocked = sigset_t()
        var previous = sigset_t()
        sigemptyset(&blocked)
        for signal in signals { sigaddset(&blocked, signal) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }

    /// The bytes written to standard output on an interrupt while ANSI text goes to a
    /// terminal: CAN (ends an escape sequence cut in the middle), SGR reset, and the end of an
    /// OSC 8 hyperlink, so that the shell's prompt comes back in the terminal's own colours
    /// and is not a link.
    static let terminalReset = "\u{18}\u{1B}[0m\u{1B}]8;;\u{1B}\\"

    /// Whether a signal that ends the process first writes ``terminalReset`` to standard
    /// output: set while ANSI text is being written to a terminal.
    static func resetsTerminal(_ resets: Bool) {
        Registry.shared.change { state in
            state.installHandlersOnce()
            terminalState.pointee.resets = resets
        }
    }

    /// The bytes written to standard error on an interrupt while a ``ProgressLine`` shows:
    /// back to the line's start and erase it, so that the shell's prompt starts on a clean line.
    static let progressLineErase = "\r\u{1B}[K"

    /// Whether a signal that ends the process first erases the progress line on standard
    /// error (``progressLineErase``): set while the line shows.
    static func erasesProgressLine(_ erases: Bool) {
        Registry.shared.change { state in
            state.installHandlersOnce()
            terminalState.pointee.erasesProgressLine = erases
        }
    }

    /// The pager a signal that ends the process waits for (after closing its input, so that
    /// it sees the end of the text), as git does: else the pager would stay behind with the
    /// terminal. `pid` 0 for none.
    static func pager(pid: pid_t, input: Int32) {
        Registry.shared.change { state in
            state.installHandlersOnce()
            terminalState.pointee.pagerPID = pid
            terminalState.pointee.pagerInput = input
        }
    }
}

/// What the handler does for the terminal, besides removing files.
private struct TerminalState {
    var resets = false
    var reset: UnsafeMutablePointer<CChar>
    var resetLength: Int
    var pagerPID: pid_t = 0
    var pagerInput: Int32 = -1
    var erasesProgressLine = false
    var erase: UnsafeMutablePointer<CChar>
    var eraseLength: Int
}

/// Prepared before any handler is installed, behind a pointer that never changes.
nonisolated(unsafe) private let terminalState: UnsafeMutablePointer<TerminalState> = {
    let state = UnsafeMutablePointer<TerminalState>.allocate(capacity: 1)
    let bytes = strdup(InterruptCleanup.terminalReset)!
    let erase = strdup(InterruptCleanup.progressLineErase)!
    state.initialize(to: TerminalState(reset: bytes, resetLength: strlen(bytes), erase: erase, eraseLength: strlen(erase)))
    return state
}()

/// One path the handler removes; `path` is `nil` in a free slot.
private struct CleanupEntry {
    var path: UnsafeMutablePointer<CChar>?
    var isDirectory: Bool
}

/// What the handler reads: entries `0..<count` of `entries`.
private struct CleanupTable {
    var entries: UnsafeMutablePointer<CleanupEntry>?
    var count = 0
    var capacity = 0
}

/// Behind a pointer that never changes, so that the handler reads it without Swift's
/// exclusivity bookkeeping; created before any handler is installed.
nonisolated(unsafe) private let cleanupTable: UnsafeMutablePointer<CleanupTable> = {
    let table = UnsafeMutablePointer<CleanupTable>.allocate(capacity: 1)
    table.initialize(to: CleanupTable())
    return table
}()

/// Serialises changes to the table (tests run commands on several threads at once).
private final class Registry: @unchecked Sendable {
    static let shared = Registry()

    struct State {
        var freeSlots: [Int] = []
        var handlersInstalled = false

        /// A new slot at the end, growing the table when it is full.
        mutating func appendSlot() -> Int {
            var table = cleanupTable.pointee
            if table.count == table.capacity {
                let capacity = max(16, table.capacity * 2)
                let grown = UnsafeMutablePointer<CleanupEntry>.allocate(capacity: capacity)
                grown.initialize(repeating: CleanupEntry(path: nil, isDirectory: false), count: capacity)
                if let old = table.entries { grown.update(from: old, count: table.count) }
                // The handler sees the old table or the new one whole: the pointer is one store.
                cleanupTable.pointee.entries = grown
                cleanupTable.pointee.capacity = capacity
                table.entries?.deallocate()
                table.capacity = capacity
            }
            cleanupTable.pointee.count = table.count + 1
            return table.count
        }

        mutating func installHandlersOnce() {
            guard !handlersInstalled else { return }
            handlersInstalled = true
            // Globals start lazily: the handler must find this one made, not make it.
            _ = terminalState
            for signal in InterruptCleanup.signals {
                var current = sigaction()
                guard sigaction(signal, nil, &current) == 0, Self.isDefault(current) else { continue }
                var action = sigaction()
                action.__sigaction_handler.sa_handler = removeAndReraise
                action.sa_flags = SA_RESTART
                sigemptyset(&action.sa_mask)
                for other in InterruptCleanup.signals { sigaddset(&action.sa_mask, other) }
                sigaction(signal, &action, nil)
            }
            // Past a file size limit (ulimit -f), a write fails with EFBIG and the command
            // reports it and cleans up, rather than being killed half-way.
            var current = sigaction()
            if sigaction(SIGXFSZ, nil, &current) == 0, Self.isDefault(current) { signal(SIGXFSZ, SIG_IGN) }
        }

        private static func isDefault(_ action: sigaction) -> Bool {
            guard let handler = action.__sigaction_handler.sa_handler else { return true } // SIG_DFL is 0
            return unsafeBitCast(handler, to: Int.self) == 0
        }
    }

    private let lock = NSLock()
    private var state = State()

    func change<T>(_ body: (inout State) -> T) -> T {
        InterruptCleanup.withSignalsBlocked {
            lock.lock()
            defer { lock.unlock() }
            return body(&state)
        }
    }
}

/// The handler: async-signal-safe calls only, on a table prepared beforehand.
private func removeAndReraise(_ signal: Int32) {
    let terminal = terminalState.pointee
    if terminal.pagerPID > 0 {
        if terminal.pagerInput >= 0 { close(terminal.pagerInput) }
        var status: Int32 = 0
        while waitpid(terminal.pagerPID, &status, 0) < 0 && errno == EINTR {}
    }
    if terminal.resets { _ = write(1, terminal.reset, terminal.resetLength) }
    if terminal.erasesProgressLine { _ = write(2, terminal.erase, terminal.eraseLength) }
    let table = cleanupTable.pointee
    if let entries = table.entries {
        var index = 0
        while index < table.count {
            if let path = entries[index].path, !entries[index].isDirectory { unlink(path) }
            index += 1
        }
        // Directories last, deepest (made last) first: each is empty once its files are gone.
        while index > 0 {
            index -= 1
            if let path = entries[index].path, entries[index].isDirectory { rmdir(path) }
        }
    }
    Glibc.signal(signal, SIG_DFL)
    raise(signal)
}
