import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The calling thread marked as batch work (Linux's `SCHED_BATCH` policy) until ``end()``,
/// which puts its policy back. A batch thread that wakes up waits for the running threads to
/// finish their time slice instead of interrupting them. With a writing thread, the drawing
/// thread wakes for each batch it gets from the reading thread and for room in the writing
/// thread's queue; on two cores each wake-up interrupted one of the other two in the middle
/// of its work. Only the timing changes, never the output. Elsewhere than Linux, or where the
/// policy cannot be set, nothing changes.
struct BatchScheduling {
    #if os(Linux)
        /// `SCHED_BATCH` from the kernel's `sched.h`, which Glibc's module leaves out (it needs
        /// `_GNU_SOURCE`).
        private static var batchPolicy: Int32 { 3 }
        /// The thread marked, and its policy and parameters before; `nil` once put back, or
        /// when nothing was changed.
        private var marked: (thread: pthread_t, policy: Int32, parameters: sched_param)?
    #endif

    /// Marks the calling thread, when it runs under the normal policy.
    init() {
        #if os(Linux)
            let thread = pthread_self()
            var policy: Int32 = 0
            var parameters = sched_param()
            guard pthread_getschedparam(thread, &policy, &parameters) == 0, policy == SCHED_OTHER else { return }
            var batch = sched_param()
            guard pthread_setschedparam(thread, Self.batchPolicy, &batch) == 0 else { return }
            marked = (thread, policy, parameters)
        #endif
    }

    /// Puts the policy back, on the thread that was marked (elsewhere it does nothing: a
    /// thread's policy is only ever changed by the thread itself).
    mutating func end() {
        #if os(Linux)
            guard var marked, pthread_equal(marked.thread, pthread_self()) != 0 else { return }
            pthread_setschedparam(marked.thread, marked.policy, &marked.parameters)
            self.marked = nil
        #endif
    }
}
