import Foundation

/// State that threads share, reached only under its lock, with a way to wait until it is in a
/// given condition: the one place the reading and writing threads meet (``BatchQueue``,
/// ``ParallelIndexReading``). Only `Sendable` state is allowed in, so nothing that goes in or
/// comes out is reachable from two threads unlocked.
///
/// Unchecked, because the compiler cannot see a lock: `state` is read and written only between
/// `condition.lock()` and `condition.unlock()`, in ``withLock(_:)`` and ``wait(until:then:)``
/// (no other member touches it, and neither lets the `inout` escape). `MonitorTests` hand
/// values through one from several threads, and CI runs them under ThreadSanitizer.
final class Monitor<State: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var state: State

    init(_ state: State) { self.state = state }

    /// Runs `body` on the state under the lock, then wakes every thread waiting for a change.
    @discardableResult
    func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        condition.lock()
        defer {
            condition.unlock()
            // Woken once the lock is free: a thread woken while it was held finds it taken and
            // sleeps again, two more switches of threads.
            condition.broadcast()
        }
        return try body(&state)
    }

    /// Waits until `ready` holds, then runs `body` on the state, all under the lock, and wakes
    /// the other waiting threads.
    func wait<Result>(until ready: (State) -> Bool, then body: (inout State) throws -> Result) rethrows -> Result {
        condition.lock()
        defer {
            condition.unlock()
            condition.broadcast()
        }
        while !ready(state) { condition.wait() }
        return try body(&state)
    }
}
