import Foundation
import Scrollback
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What an app sees of Scrollback's threads, from outside the package: its own backend is called
/// on the thread that asked for the rendering, whatever `threading` says, and that thread's
/// scheduling policy is never changed.
@Suite struct ClientThreadingTests {
    /// Where a call ran: its thread and that thread's scheduling policy.
    struct Call {
        let thread = pthread_self()
        let policy = ClientThreadingTests.policy()
    }

    /// An app's backend that notes where each call it gets runs.
    struct CallRecorder: TranscriptBackend {
        final class Log { var calls: [Call] = [] }
        let log = Log()

        mutating func begin(_ document: DocumentInfo, header: ViewNode) { log.calls.append(Call()) }
        mutating func write(_ view: ViewNode) { log.calls.append(Call()) }
        mutating func end(_ summary: DocumentSummary, footer: ViewNode) { log.calls.append(Call()) }
    }

    static func policy() -> Int32 {
        var policy: Int32 = -1
        var parameters = sched_param()
        pthread_getschedparam(pthread_self(), &policy, &parameters)
        return policy
    }

    @Test(arguments: [TranscriptRenderer.Threading.none, .readingOnly, .readingAndWriting])
    func everyCallIsOnTheCallersThread(threading: TranscriptRenderer.Threading) throws {
        // Long enough that a writing thread would start for a built-in backend (600 messages).
        let lines = (0..<600).map { number in
            #"{"id":"m\#(number)","text":"line \#(number)","user":{"id":"u\#(number % 3)"},"created_at":"2026-04-01T09:00:00Z"}"#
        }
        let path = NSTemporaryDirectory() + "client-threading-\(UUID().uuidString).ndjson"
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }

        let before = Self.policy()
        var renderer = TranscriptRenderer()
        renderer.threading = threading
        var backend = CallRecorder()
        try renderer.render(path: path, to: &backend)
        let caller = pthread_self()
        #expect(backend.log.calls.count > 600)
        #expect(backend.log.calls.allSatisfy { pthread_equal($0.thread, caller) != 0 }, "every call on the caller's thread")
        #expect(backend.log.calls.allSatisfy { $0.policy == before }, "the caller's scheduling policy while it renders")
        #expect(Self.policy() == before, "and after")
    }
}
