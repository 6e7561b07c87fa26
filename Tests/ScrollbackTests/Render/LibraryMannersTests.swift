import Foundation
import Testing

@testable import Scrollback

#if canImport(Glibc)
    import Glibc
#endif

/// A library renders on its caller's thread unless asked otherwise: an app's own backend sees
/// every call there, and the caller's scheduling is what it was.
@Suite struct LibraryMannersTests {
    /// The thread and scheduling policy of each call a backend gets.
    struct CallRecorder: TranscriptBackend {
        final class Seen {
            var threads: [pthread_t] = []
            var policies: [Int32] = []
        }
        let seen = Seen()

        private func note() {
            var policy: Int32 = -1
            var parameters = sched_param()
            pthread_getschedparam(pthread_self(), &policy, &parameters)
            seen.threads.append(pthread_self())
            seen.policies.append(policy)
        }

        mutating func begin(_ document: DocumentInfo, header: ViewNode) { note() }
        mutating func write(_ view: ViewNode) { note() }
        mutating func end(_ summary: DocumentSummary, footer: ViewNode) { note() }
    }

    static func policy() -> Int32 {
        var policy: Int32 = -1
        var parameters = sched_param()
        pthread_getschedparam(pthread_self(), &policy, &parameters)
        return policy
    }

    /// A transcript of 600 messages, long enough that a writing thread would have started.
    static func longTranscript() throws -> String {
        var lines: [String] = []
        for number in 0..<600 {
            let parent = number % 10 == 9 ? #","parent_id":"m\#(number - 1)""# : ""
            lines.append(
                #"{"id":"m\#(number)","text":"line \#(number)","user":{"id":"u\#(number % 3)"},"created_at":"2026-04-01T09:00:00Z"\#(parent)}"#
            )
        }
        let path = NSTemporaryDirectory() + "manners-\(UUID().uuidString).ndjson"
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func byDefaultEveryCallIsOnTheCallersThreadAndItsSchedulingIsUntouched() throws {
        let path = try Self.longTranscript()
        defer { try? FileManager.default.removeItem(atPath: path) }

        let before = Self.policy()
        let renderer = TranscriptRenderer()
        #expect(renderer.threading == .none)
        var backend = CallRecorder()
        try renderer.render(path: path, to: &backend)
        let caller = pthread_self()
        #expect(backend.seen.threads.count > 600)
        #expect(backend.seen.threads.allSatisfy { pthread_equal($0, caller) != 0 }, "every call on the caller's thread")
        #expect(backend.seen.policies.allSatisfy { $0 == before }, "the caller's scheduling policy while it renders")
        #expect(Self.policy() == before, "and after")
    }

    /// Threads read ahead when asked, but an app's own backend still gets every call on the
    /// caller's thread: only the built-in formats write behind.
    @Test func anAppsBackendStaysOnTheCallersThreadWhenThreadsAreOn() throws {
        let path = try Self.longTranscript()
        defer { try? FileManager.default.removeItem(atPath: path) }

        var renderer = TranscriptRenderer()
        renderer.threading = .readingAndWriting
        var backend = CallRecorder()
        try renderer.render(path: path, to: &backend)
        let caller = pthread_self()
        #expect(backend.seen.threads.count > 600)
        #expect(backend.seen.threads.allSatisfy { pthread_equal($0, caller) != 0 }, "every call on the caller's thread")
    }

    /// The built-in backends writing to an ``OutputSink`` are the ones that write behind, and
    /// they write the same bytes on their thread as on the caller's.
    @Test(arguments: OutputFormat.allCases)
    func aBuiltInBackendWritesTheSameBytesBehind(format: OutputFormat) throws {
        let path = try Self.longTranscript()
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect((HTMLBackend(output: OutputSink.memory(), options: .default) as Any) is any WritesBehind)
        #expect(!((HTMLBackend(output: "", options: .default) as Any) is any WritesBehind), "a String is the caller's")
        #expect(!((CallRecorder() as Any) is any WritesBehind))

        var documents: [String] = []
        for threading in [TranscriptRenderer.Threading.none, .readingAndWriting] {
            var renderer = TranscriptRenderer(options: RenderOptions(timeZone: TimeZone(identifier: "UTC")!))
            renderer.threading = threading
            var backend = format.makeBackend(output: OutputSink.memory(), options: renderer.options)
            try renderer.render(path: path, to: &backend)
            documents.append(backend.output.capturedText)
        }
        #expect(documents[0].count > 10_000)
        #expect(documents[0] == documents[1])
    }
}
