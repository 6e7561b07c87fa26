import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Scrollback

/// Issue 15, progress on long work: ``TranscriptRenderer/progress`` hears both passes, every
/// ``RenderProgress/interval`` messages and at each pass's end, with the reader's byte position
/// and the input's size; and it changes nothing in the output.
@Suite struct RenderProgressTests {
    /// A channel export of `count` messages.
    static func export(_ count: Int) -> String {
        let messages = (0..<count).map { number in
            #"{"id": "m\#(number)", "text": "Message \#(number)", "user": {"id": "u\#(number % 3)", "name": "User \#(number % 3)"}, "created_at": "2026-03-09T09:31:00Z"}"#
        }
        return #"{"channel": {"id": "c", "name": "general"}, "messages": ["# + messages.joined(separator: ",\n") + "]}"
    }

    static func file(_ text: String) -> String {
        let path = Scratch.path("progress", extension: "json")
        #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
        return path
    }

    /// Collects reports from the rendering thread.
    final class Reports: Sendable {
        let list = Mutex<[RenderProgress]>([])
        var all: [RenderProgress] { list.withLock { $0 } }
        func append(_ progress: RenderProgress) { list.withLock { $0.append(progress) } }
    }

    /// An entity file replays its messages from its directory: both passes still report, and end.
    @Test func entityFilesReportBothPassesToo() throws {
        let count = RenderProgress.interval + 3
        let messages = (0..<count).map { number in
            #"{"type": "message", "item": {"id": "m\#(number)", "channel_type": "messaging", "channel_id": "c", "user": "u1", "text": "Message \#(number)", "created_at": "2026-03-09T09:31:00Z"}}"#
        }
        let text = (messages + [#"{"type": "user", "item": {"id": "u1", "name": "Ann"}}"#]).joined(separator: "\n")
        let path = Self.file(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reports = Reports()
        var renderer = TranscriptRenderer(options: .default)
        renderer.progress = { reports.append($0) }
        var backend = OutputFormat.markdown.makeBackend(output: OutputSink.memory(), options: .default)
        #expect(try renderer.render(path: path, to: &backend).messageCount == count)
        for phase in [RenderProgress.Phase.indexing, .rendering] {
            let pass = reports.all.filter { $0.phase == phase }
            #expect(pass.map(\.messagesDone) == [128, count], "\(phase)")
            #expect(pass.map(\.isFinished) == [false, true], "\(phase)")
        }
    }

    @Test func bothPassesReportEveryIntervalAndAtTheirEnd() throws {
        let count = 3 * RenderProgress.interval + 5
        let text = Self.export(count)
        let path = Self.file(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reports = Reports()
        var renderer = TranscriptRenderer(options: .default)
        renderer.progress = { reports.append($0) }
        var backend = OutputFormat.markdown.makeBackend(output: OutputSink.memory(), options: .default)
        let summary = try renderer.render(path: path, to: &backend)
        #expect(summary.messageCount == count)

        let all = reports.all
        let indexing = all.filter { $0.phase == .indexing }
        let rendering = all.filter { $0.phase == .rendering }
        // Three interval reports and the last one in each pass; the index pass comes first.
        #expect(indexing.map(\.messagesDone) == [128, 256, 384, count])
        #expect(rendering.map(\.messagesDone) == [128, 256, 384, count])
        #expect(all.firstIndex { $0.phase == .rendering } == indexing.count)
        #expect(indexing.map(\.isFinished) == [false, false, false, true])
        #expect(rendering.map(\.isFinished) == [false, false, false, true])
        // The index pass does not know the total; it counts it for the render pass.
        #expect(indexing.allSatisfy { $0.messageTotal == nil })
        #expect(rendering.allSatisfy { $0.messageTotal == count })
        // Bytes: the file's size, read further at each report, all of it at the end.
        let size = Int64(text.utf8.count)
        #expect(all.allSatisfy { $0.byteTotal == size })
        for pass in [indexing, rendering] {
            let bytes = pass.map(\.bytesRead)
            #expect(bytes == bytes.sorted())
            #expect(bytes.first! > 0 && bytes.first! < size)
            #expect(bytes.last! >= size - 2)
        }
    }

    @Test func standardInputReportsTheSizeOfItsCopy() throws {
        let text = Self.export(RenderProgress.interval)
        let path = Self.file(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let input = open(path, O_RDONLY)
        defer { close(input) }
        let reports = Reports()
        var renderer = TranscriptRenderer(options: .default)
        renderer.progress = { reports.append($0) }
        var backend = OutputFormat.markdown.makeBackend(output: OutputSink.memory(), options: .default)
        _ = try renderer.render(
            path: "-", strict: false, onWarning: { _ in }, temporaryDirectory: NSTemporaryDirectory(), standardInput: input,
            to: &backend)
        #expect(reports.all.last?.byteTotal == Int64(text.utf8.count))
        #expect(reports.all.last?.messagesDone == RenderProgress.interval)
    }

    @Test func theHookChangesNothingInTheOutput() throws {
        let path = Self.file(Self.export(300))
        defer { try? FileManager.default.removeItem(atPath: path) }
        func render(reporting: Bool) throws -> String {
            var renderer = TranscriptRenderer(options: .default)
            if reporting { renderer.progress = { _ in } }
            let sink = OutputSink.memory()
            var backend = OutputFormat.html.makeBackend(output: sink, options: .default)
            try renderer.render(path: path, to: &backend)
            sink.flush()
            return sink.capturedText
        }
        let plain = try render(reporting: false)
        #expect(!plain.isEmpty)
        #expect(try render(reporting: true) == plain)
    }

    @Test func readerGivesItsBytePosition() throws {
        let text = Self.export(2)
        var reader = TranscriptReader(bytes: Array(text.utf8))
        #expect(reader.bytePosition == 0)
        _ = try reader.next()
        let afterChannel = reader.bytePosition
        #expect(afterChannel > 0)
        while try reader.next() != nil {}
        #expect(reader.bytePosition >= afterChannel)
        #expect(reader.bytePosition <= Int64(text.utf8.count))
    }
}
