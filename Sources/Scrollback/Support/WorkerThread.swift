import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The threads a rendering starts beside the caller's (reading ahead, writing behind). They
/// never take the process's asynchronous signals: a signal such as SIGINT stays with the
/// caller's threads, so a program that blocks it while changing what its handler reads (the
/// command line's list of temporary files) is never interrupted half way by a delivery to a
/// thread it does not know about.
enum WorkerThread {
    /// Signals a thread raises by what it does itself: blocking them would hide a crash or, for
    /// SIGPIPE, change what writing to a closed pipe does.
    private static let synchronousSignals = [SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGABRT, SIGSYS, SIGPIPE]

    /// Starts `body` on a new thread with a stack deep enough for the parser's and the
    /// backends' recursion (the same depth limits as on the main thread). `body` is sent to the
    /// thread: the compiler checks that the caller keeps nothing it reaches.
    static func start(_ body: sending @escaping () -> Void) {
        var blocked = sigset_t()
        var previous = sigset_t()
        sigfillset(&blocked)
        for signal in synchronousSignals { sigdelset(&blocked, signal) }
        // A new thread inherits its creator's mask: block here, start it, restore.
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let handoff = Handoff(body)
        let thread = Thread { handoff.take()?() }
        thread.stackSize = 16 << 20
        thread.start()
    }
}
