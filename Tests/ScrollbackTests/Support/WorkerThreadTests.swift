import Foundation
import Testing

@testable import Scrollback

#if canImport(Glibc)
    import Glibc
#endif

/// The rendering's own threads leave the process's signals to the caller's threads, which is
/// what lets the command line change its list of temporary files with SIGINT blocked.
@Suite struct WorkerThreadTests {
    final class Mask: @unchecked Sendable {
        var blocked: [Int32: Bool] = [:]
    }

    static let signals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGSEGV, SIGPIPE, SIGABRT]

    static func currentMask() -> [Int32: Bool] {
        var current = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &current)
        return Dictionary(uniqueKeysWithValues: signals.map { ($0, sigismember(&current, $0) == 1) })
    }

    @Test func workerThreadsBlockAsynchronousSignalsOnly() {
        let before = Self.currentMask()
        let mask = Mask()
        let done = DispatchSemaphore(value: 0)
        WorkerThread.start {
            mask.blocked = WorkerThreadTests.currentMask()
            done.signal()
        }
        done.wait()
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1] { #expect(mask.blocked[signal] == true, "signal \(signal)") }
        // What a thread raises itself stays as the caller has it.
        for signal in [SIGSEGV, SIGPIPE, SIGABRT] { #expect(mask.blocked[signal] == before[signal], "signal \(signal)") }
        // The caller's own mask is as it was.
        #expect(Self.currentMask() == before)
    }
}
