/// Batches passed from one thread to another in order, with at most `capacity` waiting: the
/// producer waits when the consumer falls behind, and stops when the consumer is gone. The
/// consumer may hand spent batches back, for the producer to free (a message is cheaper to
/// free on the thread that made it).
///
/// Only `Sendable` elements cross: the compiler checks what the two threads share.
final class BatchQueue<Element: Sendable>: Sendable {
    private struct State: Sendable {
        var batches: [[Element]] = []
        var spent: [[Element]] = []
        var cancelled = false
    }

    private let state = Monitor(State())
    private let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    /// Adds a batch, waiting for room; `false` once the consumer has gone. Frees the batches
    /// the consumer handed back, on the caller's thread.
    func push(_ batch: [Element]) -> Bool {
        let capacity = capacity
        let (accepted, spent) = state.wait(
            until: { $0.batches.count < capacity || $0.cancelled },
            then: { state in
                guard !state.cancelled else { return (false, [[Element]]()) }
                state.batches.append(batch)
                defer { state.spent = [] }
                return (true, state.spent)
            })
        withExtendedLifetime(spent) {}
        return accepted
    }

    /// The oldest batch, waiting for one; `used`, when not empty, is handed back to be freed.
    func pop(returning used: [Element] = []) -> [Element] {
        // One locked section: each one wakes the producer, which would find no more room
        // after a first section that only handed the spent batch back.
        state.wait(
            until: { !$0.batches.isEmpty },
            then: { state in
                if !used.isEmpty { state.spent.append(used) }
                return state.batches.removeFirst()
            })
    }

    /// Tells the producer to stop: a push waiting for room returns `false`, and so does every
    /// later one.
    func cancel() {
        state.withLock { state in
            state.cancelled = true
            state.batches = []
        }
    }
}
