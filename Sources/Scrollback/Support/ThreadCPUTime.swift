import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The CPU time the calling thread has used, for threads that weigh their own work against
/// another's (``BackendThread``). Only where the work runs depends on it, never the output.
enum ThreadCPUTime {
    /// Nanoseconds of CPU time the calling thread has used since it started; 0 where the
    /// system cannot say.
    static func now() -> Int {
        var time = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return 0 }
        return time.tv_sec * 1_000_000_000 + time.tv_nsec
    }
}

extension ThreadCPUTime {
    /// A thread's CPU time cut into laps, each from the end of the last (the first from the
    /// thread's start), with one clock reading a lap (each costs about a microsecond). A thread
    /// that waits between laps takes no CPU time meanwhile, so a lap is the work done since.
    struct Laps {
        private var last = 0

        /// The CPU time since the last lap, and a new lap begun.
        mutating func lap() -> Int {
            let now = ThreadCPUTime.now()
            defer { last = now }
            return now - last
        }
    }

    /// CPU time one step of a rendering has taken so far, added up on the thread that uses
    /// the total (as a reading thread's time arrives with each batch it hands over).
    final class Total {
        /// Nanoseconds so far.
        var nanoseconds = 0
    }
}
