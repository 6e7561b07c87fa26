import Foundation
import Scrollback
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Paths to remove if a signal (SIGINT, SIGQUIT, SIGTERM, SIGHUP) ends the process while they exist:
/// the temporary files of the outputs being written, and directories made for them. It also
/// puts the terminal right (``resetsTerminal(_:)``, ``erasesProgressLine(_:)``) and waits for a pager (``pager(pid:input:)``).
///
/// The handler runs in signal context, so it does only what is async-signal-safe: it reads a
/// table of C strings prepared beforehand, calls `unlink` and `rmdir`, restores the default
/// action and raises the signal again, so that the process ends as the signal meant (a shell
/// sees 128 + the signal's number).
///
/// Other threads go on while the handler runs (media downloads create files on threads of
/// their own), so every change to the table, and every creation of a path it lists, happens in
/// ``atomically(_:)``: the handler first closes the gate (no section starts after that) and
/// waits for the sections already running, and only then reads the table. So a file is either
/// made and listed before the handler reads, or never made. The first section installs the
/// handlers, each unless the signal is ignored: a signal the caller ignores (`nohup`) stays
/// ignored. The Swift runtime's crash reporter, which takes SIGQUIT, gives way: Ctrl-\\ is a
/// request to quit, which must leave the terminal right, not show a backtrace.
enum InterruptCleanup {
    /// The signals that end a render and leave its temporary files behind without this (and
    /// a colour or a link open on the terminal): Ctrl-C, Ctrl-\\, `kill`, a closed terminal.
    static let signals: [Int32] = [SIGINT, SIGQUIT, SIGTERM, SIGHUP]

    /// The paths the handler removes, as a section of ``atomically(_:)`` sees them: one, made
    /// here, that cannot be copied out of the section.
    struct Paths: ~Copyable {
        /// Slots in the table (``cleanupEntries``), of which the handler reads the first
        /// ``cleanupCount``.
        fileprivate var capacity = 0
        fileprivate var freeSlots: [Int] = []
        fileprivate var handlersInstalled = false

        fileprivate init() {}

        /// Removes `path` (a file; with `isDirectory`, an empty directory) if a signal ends the
        /// process; returns the token that ``forget(_:)`` takes. Register a path in the section
        /// that creates it.
        mutating func register(_ path: String, isDirectory: Bool = false) -> Int {
            let slot = freeSlots.popLast() ?? appendSlot()
            entries![slot] = CleanupEntry(path: strdup(path), isDirectory: isDirectory)
            return slot
        }

        /// Removes a registered path now (`unlink`, or `rmdir` for a directory) and forgets it.
        mutating func remove(_ token: Int) {
            let entry = entries![token]
            if let path = entry.path { _ = entry.isDirectory ? rmdir(path) : unlink(path) }
            forget(token)
        }

        /// Forgets a path: it was renamed into place, or removed.
        mutating func forget(_ token: Int) {
            free(entries![token].path)
            entries![token] = CleanupEntry(path: nil, isDirectory: false)
            freeSlots.append(token)
        }
    }

    /// Runs `body` as one step for the interrupt handler: a signal ends the process before it
    /// starts or after it is over, never in between. Create a path and register it here, or
    /// rename files into place and forget them, so that none is left behind half way.
    ///
    /// The cleanup signals are blocked on this thread meanwhile, and the handler, running on
    /// another, waits for the section to end. A section that would start after the handler has
    /// begun never returns: the process is ending. Sections do not nest.
    static func atomically<T, E: Error>(_ body: (inout Paths) throws(E) -> T) throws(E) -> T {
        var blocked = sigset_t()
        var previous = sigset_t()
        sigemptyset(&blocked)
        for signal in signals { sigaddset(&blocked, signal) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        // Counted before the gate is looked at, and the handler closes the gate before it
        // counts: one of the two sees the other.
        sectionsRunning.add(1, ordering: .sequentiallyConsistent)
        if handlerHasBegun.load(ordering: .sequentiallyConsistent) {
            sectionsRunning.subtract(1, ordering: .sequentiallyConsistent)
            while true { pause() }
        }
        defer { sectionsRunning.subtract(1, ordering: .sequentiallyConsistent) }
        return try registry.withLock { (paths) throws(E) -> T in
            // Before anything is made that the handler must remove.
            paths.installHandlersOnce()
            return try body(&paths)
        }
    }

    /// The bytes written to standard output on an interrupt while ANSI text goes to a
    /// terminal: CAN (ends an escape sequence cut in the middle), SGR reset, and the end of an
    /// OSC 8 hyperlink, so that the shell's prompt comes back in the terminal's own colours
    /// and is not a link. Constant bytes, which the handler writes as they are.
    static var terminalReset: StaticString { "\u{18}\u{1B}[0m\u{1B}]8;;\u{1B}\\" }

    /// Whether a signal that ends the process first writes ``terminalReset`` to standard
    /// output: set while ANSI text is being written to a terminal.
    static func resetsTerminal(_ resets: Bool) {
        atomically { _ in handlerResetsTerminal.store(resets, ordering: .relaxed) }
    }

    /// The bytes written to standard error on an interrupt while a ``ProgressLine`` shows:
    /// back to the line's start and erase it, so that the shell's prompt starts on a clean line.
    static var progressLineErase: StaticString { "\r\u{1B}[K" }

    /// Whether a signal that ends the process first erases the progress line on standard
    /// error (``progressLineErase``): set while the line shows.
    static func erasesProgressLine(_ erases: Bool) {
        atomically { _ in handlerErasesProgressLine.store(erases, ordering: .relaxed) }
    }

    /// Installs the handlers now, before anything is registered: for a step that must end
    /// through them if a signal comes (``Terminal/backgroundColorReply(environment:deadline:)``
    /// raises the signal of a key it reads).
    static func installHandlers() {
        atomically { _ in }
    }

    /// Whether `action` is SIG_IGN.
    static func isIgnored(_ action: sigaction) -> Bool {
        guard let handler = action.__sigaction_handler.sa_handler else { return false } // SIG_DFL is 0
        return unsafeBitCast(handler, to: Int.self) == 1
    }

    /// The pager a signal that ends the process waits for (after closing its input, so that
    /// it sees the end of the text), as git does: else the pager would stay behind with the
    /// terminal. `pid` 0 for none.
    static func pager(pid: pid_t, input: Int32) {
        atomically { _ in
            pagerID.store(pid, ordering: .relaxed)
            pagerInput.store(input, ordering: .relaxed)
        }
    }
}

extension InterruptCleanup.Paths {
    /// The table's entries, where ``cleanupEntries`` says: only sections write or move them.
    fileprivate var entries: UnsafeMutablePointer<CleanupEntry>? {
        UnsafeMutablePointer(bitPattern: cleanupEntries.load(ordering: .relaxed))
    }
}

// What the handler reads lives in atomics: it takes no lock, and Swift's exclusivity
// bookkeeping does not come into it. They change only in sections of
// ``InterruptCleanup/atomically(_:)``, and the handler reads once those are over: the sections'
// count orders them, so relaxed loads and stores suffice (the table's own two excepted).

/// Whether the handler writes ``InterruptCleanup/terminalReset`` to standard output.
private let handlerResetsTerminal = Atomic<Bool>(false)

/// Whether the handler writes ``InterruptCleanup/progressLineErase`` to standard error.
private let handlerErasesProgressLine = Atomic<Bool>(false)

/// The pager the handler waits for (0 for none), and the write end of its input (-1 for none).
private let pagerID = Atomic<pid_t>(0)
private let pagerInput = Atomic<Int32>(-1)

/// One path the handler removes; `path` is `nil` in a free slot.
private struct CleanupEntry {
    var path: UnsafeMutablePointer<CChar>?
    var isDirectory: Bool
}

/// The address of the table's entries, 0 before the first: an address, as an unsafe pointer
/// may not be shared between threads as it is.
private let cleanupEntries = Atomic<Int>(0)

/// How many entries the handler reads. It loads this, then ``cleanupEntries``: a section that
/// grows the table stores the new entries before the new count, so that a handler that gave up
/// waiting for it still finds as many entries as it reads.
private let cleanupCount = Atomic<Int>(0)

/// Set by the handler as it begins: no section of ``InterruptCleanup/atomically(_:)`` starts after.
private let handlerHasBegun = Atomic<Bool>(false)

/// How many sections of ``InterruptCleanup/atomically(_:)`` are running, on any thread.
private let sectionsRunning = Atomic<Int>(0)

/// The paths, one section at a time (tests run commands on several threads at once).
private let registry = Locked(InterruptCleanup.Paths())

extension InterruptCleanup.Paths {
    /// A new slot at the end, growing the table when it is full.
    fileprivate mutating func appendSlot() -> Int {
        let count = cleanupCount.load(ordering: .relaxed)
        if count == capacity {
            capacity = max(16, capacity * 2)
            let old = entries
            let grown = UnsafeMutablePointer<CleanupEntry>.allocate(capacity: capacity)
            grown.initialize(repeating: CleanupEntry(path: nil, isDirectory: false), count: capacity)
            if let old { grown.update(from: old, count: count) }
            // A handler that gave up waiting sees the old table or the new one whole: the
            // address is one store.
            cleanupEntries.store(Int(bitPattern: grown), ordering: .releasing)
            old?.deallocate()
        }
        cleanupCount.store(count + 1, ordering: .releasing)
        return count
    }

    fileprivate mutating func installHandlersOnce() {
        guard !handlersInstalled else { return }
        handlersInstalled = true
        // Globals start lazily: the handler must find these made, not make them.
        _ = handlerResetsTerminal.load(ordering: .relaxed)
        _ = handlerErasesProgressLine.load(ordering: .relaxed)
        _ = pagerID.load(ordering: .relaxed)
        _ = pagerInput.load(ordering: .relaxed)
        _ = cleanupEntries.load(ordering: .relaxed)
        _ = cleanupCount.load(ordering: .relaxed)
        _ = handlerHasBegun.load(ordering: .relaxed)
        _ = sectionsRunning.load(ordering: .relaxed)
        for signal in InterruptCleanup.signals {
            var current = sigaction()
            guard sigaction(signal, nil, &current) == 0, !InterruptCleanup.isIgnored(current) else { continue }
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

/// The handler: async-signal-safe calls only, on a table prepared beforehand.
private func removeAndReraise(_ signal: Int32) {
    // Close the gate, then let the sections running on other threads finish: a file being
    // created is then listed. Not for ever, though: a section could be waiting for a lock this
    // thread held when the signal came (one of malloc's, say), so after a second, go on.
    handlerHasBegun.store(true, ordering: .sequentiallyConsistent)
    var nap = timespec(tv_sec: 0, tv_nsec: 100_000)
    var waits = 0
    while sectionsRunning.load(ordering: .sequentiallyConsistent) > 0, waits < 10_000 {
        nanosleep(&nap, nil)
        waits += 1
    }
    let pager = pagerID.load(ordering: .relaxed)
    if pager > 0 {
        let input = pagerInput.load(ordering: .relaxed)
        if input >= 0 { close(input) }
        var status: Int32 = 0
        while waitpid(pager, &status, 0) < 0 && errno == EINTR {}
    }
    if handlerResetsTerminal.load(ordering: .relaxed) {
        let reset = InterruptCleanup.terminalReset
        _ = write(1, reset.utf8Start, reset.utf8CodeUnitCount)
    }
    if handlerErasesProgressLine.load(ordering: .relaxed) {
        let erase = InterruptCleanup.progressLineErase
        _ = write(2, erase.utf8Start, erase.utf8CodeUnitCount)
    }
    let count = cleanupCount.load(ordering: .acquiring)
    if let entries = UnsafeMutablePointer<CleanupEntry>(bitPattern: cleanupEntries.load(ordering: .acquiring)) {
        var index = 0
        while index < count {
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
