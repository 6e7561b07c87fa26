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
