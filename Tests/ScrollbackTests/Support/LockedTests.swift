import Foundation
import Testing

@testable import Scrollback

/// Every lock of the package and the command line is a ``Locked`` value: one thread at a time, and under
/// ThreadSanitizer (`swift test --sanitize=thread`) no race reported when the lock is contended.
@Suite struct LockedTests {
    @Test func contendedFromFourThreads() {
        let counts = Locked<(total: Int, byThread: [Int])>((0, [0, 0, 0, 0]))
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for _ in 0..<10_000 {
                counts.withLock { counts in
                    counts.total += 1
                    counts.byThread[thread] += 1
                }
            }
        }
        let (total, byThread) = counts.withLock { ($0.total, $0.byThread) }
        #expect(total == 40_000)
        #expect(byThread == [10_000, 10_000, 10_000, 10_000])
    }
}
