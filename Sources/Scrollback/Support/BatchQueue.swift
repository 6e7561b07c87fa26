import Foundation

/// Batches passed from one thread to another in order, with at most `capacity` waiting: the
/// producer waits when the consumer falls behind, and stops when the consumer is gone. The
/// consumer may hand spent batches back, for the producer to free.
final class BatchQueue<Element>: @unchecked Sendable {
    private let condition = NSCondition()
    private var batches: [[Element]] = []
    private var spent: [[Element]] = []
    private var cancelled = false
    private let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    /// Adds a batch, waiting for room; `false` once the consumer has gone. Frees the batches
    /// the consumer handed back, on the caller's thread.
    func push(_ batch: [Element]) -> Bool {
        condition.lock()
        while batches.count >= capacity && !cancelled { condition.wait() }
        let accepted = !cancelled
        if accepted { batches.append(batch) }
        let spent = self.spent
        self.spent = []
        condition.unlock()
        // Woken once the lock is free: a consumer woken while it was held found it taken, slept
        // again and waited for a second wake-up, two more switches of threads a batch.
        if accepted { condition.broadcast() }
        withExtendedLifetime(spent) {}
        return accepted
    }

    /// The oldest batch, waiting for one; `used`, when not empty, is handed back to be freed.
    func pop(returning used: [Element] = []) -> [Element] {
        condition.lock()
        if !used.isEmpty { spent.append(used) }
        while batches.isEmpty { condition.wait() }
        let batch = batches.removeFirst()
        condition.unlock()
        condition.broadcast() // as in `push(_:)`
        return batch
    }

    /// Tells the producer to stop.
    func cancel() {
        condition.lock()
        cancelled = true
        batches = []
        condition.broadcast()
        condition.unlock()
    }
}
