import Synchronization

/// A value behind a `Mutex`, shared between threads: how every lock of the package and of the
/// command line holds its value (caches the reading and drawing threads share, the progress
/// line, the media downloads' transfers, the interrupt handler's paths). ``Monitor`` is the
/// lock to wait on.
///
/// It adds one thing to the `Mutex`: an atomic that each critical section loads (acquiring)
/// as it begins and stores (releasing) as it ends. On Linux a contended `Mutex` is handed from
/// one thread to the next by the kernel (a priority-inheritance futex), which ThreadSanitizer
/// does not see: it would report every such handoff as a race on the value. The atomic shows it
/// the order the lock gives anyway, for the cost of two uncontended atomic operations.
package struct Locked<Value: ~Copyable>: ~Copyable, Sendable {
    private let mutex: Mutex<Value>
    private let handoff = Atomic<Int>(0)

    package init(_ value: consuming sending Value) {
        mutex = Mutex(value)
    }

    /// Runs `body` with the value, no other thread's `withLock` running meanwhile.
    package borrowing func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        try mutex.withLock { (value) throws(E) -> sending Result in
            _ = handoff.load(ordering: .acquiring)
            defer { handoff.wrappingAdd(1, ordering: .releasing) }
            return try body(&value)
        }
    }
}
