import Foundation
import Testing

@testable import Scrollback

/// The two places threads meet (``Monitor``, and ``BatchQueue`` over it) keep what they share
/// consistent and in order; CI runs these under ThreadSanitizer, which reports any access to the
/// state outside the lock.
@Suite struct MonitorTests {
    @Test func countsFromSeveralThreadsAddUp() {
        let counter = Monitor(0)
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<4 {
            WorkerThread.start {
                for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
                done.signal()
            }
        }
        for _ in 0..<4 { done.wait() }
        #expect(counter.withLock { $0 } == 40_000)
    }

    @Test func aWaiterWakesWhenAnotherThreadMakesItsConditionTrue() {
        let flag = Monitor(false)
        WorkerThread.start {
            usleep(10_000)
            flag.withLock { $0 = true }
        }
        let seen = flag.wait(until: { $0 }, then: { $0 })
        #expect(seen)
    }

    @Test func batchesArriveWholeAndInOrderThroughASmallQueue() {
        let queue = BatchQueue<Int>(capacity: 2)
        WorkerThread.start {
            for start in stride(from: 0, to: 10_000, by: 10) {
                guard queue.push(Array(start..<start + 10)) else { return }
            }
            _ = queue.push([])
        }
        var received: [Int] = []
        var spent: [Int] = []
        while true {
            let batch = queue.pop(returning: spent)
            if batch.isEmpty { break }
            received += batch
            spent = batch
        }
        #expect(received == Array(0..<10_000))
    }

    @Test func aProducerStopsOnceTheConsumerIsGone() {
        let queue = BatchQueue<Int>(capacity: 1)
        let results = Monitor<[Bool]>([])
        let done = DispatchSemaphore(value: 0)
        WorkerThread.start {
            // The second push waits for room until the queue is cancelled; the third returns at once.
            for value in 0..<3 {
                let accepted = queue.push([value])
                results.withLock { $0.append(accepted) }
            }
            done.signal()
        }
        results.wait(until: { !$0.isEmpty }, then: { _ in })
        queue.cancel()
        done.wait()
        #expect(results.withLock { $0 } == [true, false, false])
    }

    /// A value that is not `Sendable` goes to a thread and comes back, as a built-in backend
    /// does: the ``Transfer`` pattern, with the lock ordering the two threads' accesses.
    @Test func aTransferredValueComesBackWithWhatTheThreadDid() {
        final class Tally { var values: [Int] = [] }
        let tally = Tally()
        let result = Monitor<Transfer<Tally>?>(nil)
        let going = Transfer(tally)
        WorkerThread.start {
            let tally = going.value
            for value in 0..<1_000 { tally.values.append(value) }
            result.withLock { $0 = Transfer(tally) }
        }
        let back = result.wait(until: { $0 != nil }, then: { $0.take()! }).value
        #expect(back === tally)
        #expect(back.values == Array(0..<1_000))
    }
}
