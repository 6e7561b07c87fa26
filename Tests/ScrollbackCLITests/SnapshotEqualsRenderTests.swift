import Foundation
import Scrollback
import ScrollbackTesting
import Testing

/// A transcript snapshot is what `scrollback render` prints for the same input and options:
/// for every sample, in every format, read as a fixture or built from its messages.
@Suite struct SnapshotEqualsRenderTests {
    static let sampleNames = try! FileManager.default.contentsOfDirectory(atPath: samples.path)
        .filter { $0.hasSuffix(".json") || $0.hasSuffix(".ndjson") }.sorted()

    static func render(_ path: String, _ format: OutputFormat) -> ToolRun {
        let terminal = format == .ansi ? ["--color", "never", "--width", "80"] : []
        return ToolRun(["render", path, "--format", format.name, "--timezone", "UTC"] + terminal)
    }

    @Test(arguments: sampleNames, OutputFormat.allCases)
    func aFixtureSnapshotIsTheRenderedDocument(sample: String, format: OutputFormat) throws {
        let path = samples.appendingPathComponent(sample).path
        let run = Self.render(path, format)
        #expect(run.status == 0, "\(run.errors)")
        let fixture = try ChatFixture(contentsOf: path)
        let snapshot = try Snapshotting<ChatFixture, String>.rendered(format).snapshot(fixture)
        #expect(try snapshot == Snapshotting<String, String>.document(format).snapshot(run.output))
        // Before the reference's layout, byte for byte.
        var backend = format.makeBackend(output: "", options: .default)
        TranscriptRenderer().render(
            events: fixture.events, shape: fixture.shape, skippedMessageCount: fixture.skippedMessageCount,
            hardDeletedMessageCount: fixture.hardDeletedMessageCount, to: &backend)
        #expect(backend.output == run.output)
    }

    /// Messages built in code (here, taken from a one-channel sample) render as the file does.
    @Test(arguments: OutputFormat.allCases)
    func messagesInMemoryRenderAsTheirFile(format: OutputFormat) throws {
        let json = """
            {"channel": {"id": "c1", "type": "messaging", "name": "Ops"}, "messages": [
             {"id": "a", "text": "Deploy?", "user": {"id": "u1", "name": "Ada"}, "created_at": "2024-05-01T09:00:00Z"},
             {"id": "b", "text": "Go", "parent_id": "a", "user": {"id": "u2", "name": "Bo"}, "created_at": "2024-05-01T09:01:00Z"},
             {"id": "c", "text": "Done", "quoted_message_id": "gone", "user": {"id": "u1", "name": "Ada"},
              "created_at": "2024-05-01T09:02:00Z"}]}
            """
        let run = Self.render(temporaryFile(json), format)
        #expect(run.status == 0, "\(run.errors)")
        let fixture = try ChatFixture(json: json)
        let built = ChatFixture(messages: fixture.messages, channel: fixture.channel)
        #expect(
            try Snapshotting<ChatFixture, String>.rendered(format).snapshot(built)
                == Snapshotting<String, String>.document(format).snapshot(run.output))
        var backend = format.makeBackend(output: "", options: .default)
        TranscriptRenderer().render(messages: fixture.messages, channel: fixture.channel, to: &backend)
        #expect(backend.output == run.output)
    }
}
