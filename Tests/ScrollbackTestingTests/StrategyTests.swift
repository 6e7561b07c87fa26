import Foundation
import Scrollback
import ScrollbackTesting
import TestSupport
import Testing

/// The snapshot library as an app team meets it: fixtures in one call, the same components
/// for one message as for a list, and failures that say what to do.
@Suite struct StrategyTests {
    static let fixture = #"""
        {"channel": {"id": "c", "name": "Support"},
         "messages": [
           {"id": "a", "text": "hello", "user": {"id": "u", "name": "Ann"}, "created_at": "2026-03-09T10:00:00Z",
            "attachments": [{"type": "image", "image_url": "https://cdn.example.org/cat.jpg", "title": "cat.jpg"}]},
           42
         ]}
        """#

    @Test func aFixtureLoadsInOneCall() throws {
        let fixture = try ChatFixture(json: Self.fixture)
        #expect(fixture.channel?.displayName == "Support")
        #expect(fixture.messages.map(\.id) == ["a"])
        #expect(fixture.warnings.count == 1 && fixture.warnings[0].skippedMessage)

        let path = Scratch.path("fixture", extension: "ndjson")
        try Data("{\"id\": \"x\", \"text\": \"one\"}\n{\"id\": \"y\", \"text\": \"two\"}\n".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let lines = try ChatFixture(contentsOf: path)
        #expect(lines.messages.map(\.text) == ["one", "two"])
        #expect(lines.channel == nil && lines.warnings.isEmpty)
        #expect(throws: ReadError.self) { try ChatFixture(json: "{ broken") }
    }

    @Test func oneMessageTakesTheSameComponentsAsAList() throws {
        struct NoImages: MessageTypeResolving {
            func hasImageAttachment(message: ChatMessage) -> Bool { false }
        }
        let message = try #require(try ChatFixture(json: Self.fixture).messages.first)
        let withImages = try Snapshotting<ChatMessage, String>.rendered(.markdown).snapshot(message)
        let withoutImages = try Snapshotting<ChatMessage, String>.rendered(.markdown, resolver: NoImages()).snapshot(message)
        #expect(withImages.contains("cat.jpg"))
        #expect(!withoutImages.contains("cat.jpg") && withoutImages.contains("hello"))
    }

    @Test func aFailureSaysWhereTheReferenceIsAndHowToRecord() throws {
        let directory = Scratch.path("snapshots")
        let testFile = directory + "/SomeTests.swift"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let view = ViewNode.text("first")
        let recorded = try verifySnapshot(
            of: view, as: .rendered(.markdown), named: "greeting", record: .missing, filePath: testFile,
            testName: "greets()")
        #expect(recorded?.contains("recorded one") == true)
        let failure = try #require(
            try verifySnapshot(
                of: ViewNode.text("second"), as: .rendered(.markdown), named: "greeting",
                record: .missing, filePath: testFile, testName: "greets()"))
        #expect(failure.contains(directory + "/__Snapshots__/SomeTests/greets.greeting.md"))
        #expect(failure.contains("SCROLLBACK_RECORD=failed"))
        #expect(failure.contains("-first") && failure.contains("+second"), "\(failure)")
        let never = try #require(
            try verifySnapshot(
                of: view, as: .rendered(.markdown), named: "other", record: .never,
                filePath: testFile, testName: "greets()"))
        #expect(never.contains("SCROLLBACK_RECORD"))
    }

    @Test func reRecordingAMismatchShowsTheDifferenceAFailureShows() throws {
        let directory = Scratch.path("rerecorded")
        let testFile = directory + "/SomeTests.swift"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let reference = directory + "/__Snapshots__/SomeTests/greets.lines.txt"
        func verify(_ text: String, _ mode: SnapshotRecordMode) throws -> String? {
            try verifySnapshot(of: text, as: .lines(), named: "lines", record: mode, filePath: testFile, testName: "greets()")
        }
        _ = try verify("one\ntwo\nthree\n", .missing)
        let failure = try #require(try verify("one\n2\nthree\n", .never))
        let difference = try #require(Diffing<String>.lines.diff("one\ntwo\nthree\n", "one\n2\nthree\n")).message
        #expect(failure.hasSuffix("\n" + difference))
        #expect(difference.contains("-two\n+2"))

        let failed = try #require(try verify("one\n2\nthree\n", .failed))
        #expect(failed.contains("recorded the new output at \(reference)"), "\(failed)")
        #expect(failed.hasSuffix("\n" + difference), "\(failed)")
        #expect(try String(contentsOfFile: reference, encoding: .utf8) == "one\n2\nthree\n")
        #expect(try verify("one\n2\nthree\n", .failed) == nil, "a matching snapshot is left alone")

        let all = try #require(try verify("one\ntwo\nthree\n", .all))
        #expect(all.contains("record mode \"all\""), "\(all)")
        #expect(all.hasSuffix("\n" + (Diffing<String>.lines.diff("one\n2\nthree\n", "one\ntwo\nthree\n")?.message ?? "")))
        let again = try #require(try verify("one\ntwo\nthree\n", .all))
        #expect(again.contains("it matches the one before"), "\(again)")
    }

    /// References name the generator without a version, so an upgrade of Scrollback leaves
    /// them alone; `scrollback render` and the library's default keep the version.
    @Test(arguments: OutputFormat.allCases)
    func snapshotsNameTheGeneratorWithoutItsVersion(format: OutputFormat) throws {
        let versioned = "Scrollback \(ScrollbackVersion.current)"
        let fixture = try ChatFixture(
            json: #"[{"id": "a", "text": "\#(versioned)", "user": {"id": "u"}, "created_at": "2026-03-09T10:00:00Z"}]"#)
        var backend = format.makeBackend(output: "", options: .default)
        TranscriptRenderer().render(messages: fixture.messages, to: &backend)
        let rendered = backend.output
        #expect(rendered.components(separatedBy: versioned).count == (format == .html ? 4 : 3), "meta, message, footer")

        let snapshot = try Snapshotting<ChatFixture, String>.rendered(format).snapshot(fixture)
        #expect(try Snapshotting<String, String>.document(format).snapshot(rendered) == snapshot)
        // The message keeps what it says; the footer names the generator alone.
        #expect(snapshot.components(separatedBy: versioned).count == 2, "\(snapshot)")
        let footer = try #require(snapshot.split(separator: "\n").last { $0.contains("1 message") })
        #expect(footer.contains("UTC · \(SnapshotDefaults.generator)") || footer.contains(">\(SnapshotDefaults.generator)<"), "\(footer)")
        if format == .html { #expect(snapshot.contains(#"<meta name="generator" content="Scrollback">"#)) }
        let dump = try Snapshotting<ChatFixture, String>.dump().snapshot(fixture)
        #expect(dump.contains(#"text [muted] "Scrollback"\#n"#) && dump.components(separatedBy: versioned).count == 2, "\(dump)")
    }

    // Reference names come from the test and the name given, never from the order of assertions.

    static let namesDirectory = Scratch.path("snapshot-names")

    @Test(arguments: 0..<8)
    func parameterisedCasesNamedByTheirArgumentKeepTheirOwnReferences(number: Int) throws {
        // The cases run in parallel, in any order; each compares with its own reference, twice.
        let testFile = Self.namesDirectory + "/NamesTests.swift"
        for _ in 0..<2 {
            let message = try verifySnapshot(
                of: ViewNode.text("case \(number)"), as: .rendered(.markdown), named: "\(number)", record: .missing,
                filePath: testFile, testName: "cases(number:)")
            #expect(message == nil || message!.contains("recorded one"), "\(message ?? "")")
        }
        let stored = try String(contentsOfFile: Self.namesDirectory + "/__Snapshots__/NamesTests/cases.\(number).md", encoding: .utf8)
        #expect(stored.contains("case \(number)"))
    }

    @Test(arguments: [1, 2])
    func aParameterisedCaseWithoutANameIsRefused(number: Int) throws {
        let message = try verifySnapshot(
            of: ViewNode.text("\(number)"), as: .rendered(.markdown), record: .missing,
            filePath: Self.namesDirectory + "/RefusedTests.swift", testName: "refused(number:)")
        #expect(message?.contains("parameterised test's snapshots need a name") == true)
    }

    @Test func aSecondUnnamedAssertionOfOneExtensionIsRefused() throws {
        let testFile = Self.namesDirectory + "/TwiceTests.swift"
        let first = try verifySnapshot(
            of: ViewNode.text("one"), as: .rendered(.markdown), record: .missing, filePath: testFile, testName: "twice()")
        #expect(first?.contains("recorded one: \(Self.namesDirectory)/__Snapshots__/TwiceTests/twice.md") == true)
        let html = try verifySnapshot(
            of: ViewNode.text("one"), as: .rendered(.html), record: .missing, filePath: testFile, testName: "twice()")
        #expect(html?.contains("twice.html") == true)
        let second = try verifySnapshot(
            of: ViewNode.text("two"), as: .rendered(.markdown), record: .missing, filePath: testFile, testName: "twice()")
        #expect(second?.contains("name each one with named:") == true)
    }
}
