import Foundation
import Testing

@testable import ScrollbackCLI

/// `render` and `validate` on Stream's import/export entity files.
@Suite struct EntityFileCommandTests {
    static let sample = samples.appendingPathComponent("migration.ndjson").path

    @Test func rendersTheSampleWithAuthorsReactionsAndChannels() {
        let run = ToolRun(["render", Self.sample, "--format", "markdown"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.errors.isEmpty)
        // The users come last in the file: the authors are still named.
        #expect(run.output.contains("**Inès Laborde**"))
        #expect(!run.output.contains("Unknown"))
        // Two channels: a contents list, each heading before its messages; the unnamed one named after its members.
        #expect(run.output.contains("[**Harbour crew**](#channel-1) *· 5 messages"))
        #expect(run.output.contains("[**Inès Laborde and Tomás Quiroga**](#channel-2) *· 2 messages"))
        #expect(run.output.contains("3 members"))
        // Reactions, the thread, the quote and the attachment.
        #expect(run.output.contains("`👍 2`"))
        #expect(run.output.contains("2 Thread Replies"))
        #expect(run.output.contains("> Can you send me the new rota before lunch?"))
        #expect(run.output.contains("timetable-march.pdf"))
    }

    @Test func validateNamesTheShape() {
        let run = ToolRun(["validate", Self.sample])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("entities input, 2 channels, 7 messages"), "\(run.output)")
    }

    @Test func anUnknownTypeWarnsAndStrictRefusesIt() {
        let path = temporaryFile(
            """
            [{"type": "user", "item": {"id": "u", "name": "Una"}},
             {"type": "device", "item": {"id": "d"}},
             {"type": "message", "item": {"id": "m", "user": "u", "text": "hello"}}]
            """)
        let run = ToolRun(["render", path, "--format", "markdown"])
        #expect(run.status == 0)
        #expect(run.output.contains("**Una**"))
        #expect(run.errors.contains("[1] (line 2, column 2): an entity of unknown type \"device\" is left out"), "\(run.errors)")
        let strict = ToolRun(["render", path, "--format", "markdown", "--strict"])
        #expect(strict.status == 65)
    }

    @Test func anEntityWithoutItemIsAnErrorWithItsLine() {
        let path = temporaryFile(
            """
            {"type": "user", "item": {"id": "u", "name": "Una"}}
            {"type": "message", "item": {"id": "m", "user": "u", "text": "kept"}}
            {"type": "reaction"}
            """, extension: "ndjson")
        let run = ToolRun(["render", path, "--format", "markdown"])
        #expect(run.status == 65)
        #expect(run.errors.contains("line 3"), "\(run.errors)")
        #expect(run.errors.contains("no \"item\""), "\(run.errors)")
    }

    /// The generated corpus (`Scripts/entity-corpus.py`) renders exactly as the same messages in
    /// channel shape: every author, reaction, quote, thread and member count resolved.
    @Test func aGeneratedEntityFileRendersAsItsChannelShape() throws {
        let script = samples.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Scripts/entity-corpus.py").path
        func generate(_ format: String) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", script, "--entities", "3000", "--format", format]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self)
        }
        let entities = temporaryFile(try generate("ndjson"), extension: "ndjson")
        let array = temporaryFile(try generate("array"))
        let channels = temporaryFile(try generate("channels"))
        let expected = ToolRun(["render", channels, "--format", "markdown"])
        #expect(expected.status == 0)
        #expect(expected.output.contains("messages · "))
        for path in [entities, array] {
            let run = ToolRun(["render", path, "--format", "markdown"])
            #expect(run.status == 0, "\(run.errors)")
            #expect(run.output == expected.output)
        }
    }

    @Test func theArrayFormRendersAsTheLines() throws {
        let lines = try String(contentsOfFile: Self.sample, encoding: .utf8).split(separator: "\n")
        let path = temporaryFile("[" + lines.joined(separator: ",\n") + "]")
        let array = ToolRun(["render", path, "--format", "html"])
        let ndjson = ToolRun(["render", Self.sample, "--format", "html"])
        #expect(array.status == 0, "\(array.errors)")
        #expect(array.output == ndjson.output)
    }
}
