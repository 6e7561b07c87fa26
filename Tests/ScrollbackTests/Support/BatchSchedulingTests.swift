import Foundation
import Testing

@testable import Scrollback

#if canImport(Glibc)
    import Glibc
#endif

/// While a writing thread turns views into bytes, the drawing thread runs as batch work, so
/// that its many wake-ups do not interrupt the other two threads; its policy is back when the
/// writing thread ends, however the rendering ends.
@Suite struct BatchSchedulingTests {
    /// `SCHED_OTHER` and `SCHED_BATCH`, as the kernel numbers them.
    static let normal: Int32 = 0
    static let batch: Int32 = 3

    static func currentPolicy() -> Int32 {
        var policy: Int32 = -1
        var parameters = sched_param()
        pthread_getschedparam(pthread_self(), &policy, &parameters)
        return policy
    }

    /// Records the policy of the thread each view is written on.
    struct PolicyRecorder: TranscriptBackend {
        final class Seen: @unchecked Sendable { var policies: [Int32] = [] }
        let seen = Seen()
        mutating func begin(_ document: DocumentInfo, header: View) {}
        mutating func write(_ view: View) { seen.policies.append(BatchSchedulingTests.currentPolicy()) }
        mutating func end(_ summary: DocumentSummary, footer: View) {}
    }

    @Test func marksTheCallingThreadUntilItEnds() {
        #if os(Linux)
            #expect(Self.currentPolicy() == Self.normal)
            var scheduling = BatchScheduling()
            #expect(Self.currentPolicy() == Self.batch)
            // Another thread's end leaves the mark alone: only the marked thread puts it back.
            let other = DispatchSemaphore(value: 0)
            let copy = scheduling
            WorkerThread.start {
                var elsewhere = copy
                elsewhere.end()
                other.signal()
            }
            other.wait()
            #expect(Self.currentPolicy() == Self.batch)
            scheduling.end()
            #expect(Self.currentPolicy() == Self.normal)
            scheduling.end()
            #expect(Self.currentPolicy() == Self.normal)
        #endif
    }

    @Test func theDrawingThreadIsBatchWhileTheWritingThreadRuns() {
        #if os(Linux)
            let recorder = PolicyRecorder()
            var backend = BackendThread(recorder, threaded: true)
            #expect(Self.currentPolicy() == Self.batch)
            for _ in 0..<200 { backend.write(.text("hello")) }
            _ = backend.finish()
            #expect(Self.currentPolicy() == Self.normal)
            // The writing thread, started before the mark, runs under the normal policy.
            #expect(recorder.seen.policies.count == 200)
            #expect(recorder.seen.policies.allSatisfy { $0 == Self.normal })
        #endif
    }

    @Test func aRenderingThatStopsEarlyPutsThePolicyBack() {
        #if os(Linux)
            do {
                var backend = BackendThread(PolicyRecorder(), threaded: true)
                backend.write(.text("hello"))
                #expect(Self.currentPolicy() == Self.batch)
            }
            #expect(Self.currentPolicy() == Self.normal)
        #endif
    }

    @Test func withoutAWritingThreadNothingChanges() {
        var backend = BackendThread(PolicyRecorder(), threaded: false)
        backend.write(.text("hello"))
        #expect(Self.currentPolicy() == Self.normal)
        _ = backend.finish()
    }
}
