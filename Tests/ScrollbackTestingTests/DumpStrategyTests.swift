import Foundation
import Scrollback
import ScrollbackTesting
import TestSupport
import Testing

/// The structural strategy: what the factory decided, as a tree of text.
@Suite struct DumpStrategyTests {
    static let fixture = #"""
        {"channel": {"id": "c", "name": "Support"},
         "messages": [
           {"id": "a", "text": "Is **this** <b>ok</b>?", "user": {"id": "u", "name": "Ann"},
            "created_at": "2026-03-09T10:00:00Z",
            "attachments": [{"type": "image", "image_url": "https://cdn.example.org/cat.jpg", "title": "cat.jpg",
                             "original_width": 640, "original_height": 480}]},
           {"id": "b", "text": "Yes", "parent_id": "a", "user": {"id": "v", "name": "Vic"},
            "created_at": "2026-03-09T10:01:05Z"},
           {"id": "c", "text": "About that\u001b[31m", "quoted_message_id": "gone", "user": {"id": "u", "name": "Ann"},
            "created_at": "2026-03-09T10:02:00Z"}
         ]}
        """#

    @Test func theDumpShowsTheTreeTheFactoryMade() throws {
        let dump = try Snapshotting<ChatFixture, String>.dump().snapshot(try ChatFixture(json: Self.fixture))
        let lines = dump.split(separator: "\n").map(String.init)
        // The page is in the locale's language: the fixtures render in en_US_POSIX.
        #expect(lines.first == #"document "Support" language en-US"#)
        // The message with its Markdown, its raw HTML shown as text, and its image.
        #expect(lines.contains(#"message "a" bubble author "Ann" 2026-03-09T10:00:00Z"#), "\(dump)")
        #expect(dump.contains("strong\n") && dump.contains(#"text "this""#))
        #expect(dump.contains(#"html "<b>""#))
        #expect(dump.contains(#"image "https://cdn.example.org/cat.jpg" alt "cat.jpg" 640×480"#), "\(dump)")
        // The reply sits under its thread's first message, in a disclosure, before "c".
        let disclosure = try #require(lines.firstIndex { $0.hasSuffix("disclosure") })
        let reply = try #require(lines.firstIndex { $0.contains(#"message "b""#) })
        let later = try #require(lines.firstIndex { $0.contains(#"message "c""#) })
        #expect(disclosure < reply && reply < later)
        // A quote of a message not in the document says so; control characters are escaped.
        #expect(dump.contains("quote (not in the document)"), "\(dump)")
        #expect(dump.contains(#"About that\u{1b}[31m"#) && !dump.contains("\u{1B}"))
        #expect(lines.contains { $0.hasPrefix("end 3 messages from 2026-03-09T10:00:00Z to 2026-03-09T10:02:00Z zone UTC") })
    }

    @Test func aViewDumpsItsRolesAndLinks() throws {
        let view = ViewNode.card(
            .attachment,
            [.text("Ada", .title), .link(destination: "tel:+44", label: .text("+44")), .badge("PDF"), .text("plain")])
        #expect(
            try Snapshotting<ViewNode, String>.dump.snapshot(view) == """
                card attachment
                  text [title] "Ada"
                  link "tel:+44"
                    text "+44"
                  badge "PDF"
                  text "plain"

                """)
    }

    @Test func aVideoPosterDumpsAsPlayable() throws {
        let poster = ViewNode.image(
            ViewNode.ImageContent(source: "https://v.example/a.mp4", thumbnail: "https://v.example/p.jpg", alt: "Video", playable: true))
        #expect(
            try Snapshotting<ViewNode, String>.dump.snapshot(poster)
                == "image \"https://v.example/a.mp4\" alt \"Video\" thumbnail \"https://v.example/p.jpg\" playable\n")
    }

    @Test func oneMessageAListAndAFixtureDumpAlike() throws {
        let fixture = try ChatFixture(json: Self.fixture)
        let first = fixture.messages[0]
        #expect(
            try Snapshotting<ChatMessage, String>.dump().snapshot(first)
                == Snapshotting<[ChatMessage], String>.dump().snapshot([first]))
        #expect(
            try Snapshotting<[ChatMessage], String>.dump().snapshot(fixture.messages)
                == Snapshotting<ChatFixture, String>.dump().snapshot(ChatFixture(messages: fixture.messages)))
    }
}

/// Settings for a whole suite, overridden by a test's own trait.
@Suite(.snapshots(record: .never, options: RenderOptions(timeZone: TimeZone(identifier: "Asia/Tokyo")!)))
struct SnapshotTraitTests {
    static let message = #"{"id": "a", "text": "hi", "user": {"id": "u", "name": "Ann"}, "created_at": "2026-03-09T10:00:00Z"}"#

    @Test func aSuiteTraitSetsTheOptionsAndRecordMode() throws {
        #expect(SnapshotDefaults.current.record == .never)
        let markdown = try Snapshotting<ChatFixture, String>.rendered(.markdown).snapshot(try ChatFixture(json: Self.message))
        #expect(markdown.contains("19:00"), "\(markdown)")
        // An assertion in the suite compares only: a missing reference is a failure, not a recording.
        let directory = Scratch.path("trait")
        let message = try verifySnapshot(
            of: ViewNode.text("x"), as: .rendered(.markdown), filePath: directory + "/T.swift", testName: "t()")
        #expect(message?.contains("record mode is \"never\"") == true)
        #expect(!FileManager.default.fileExists(atPath: directory))
    }

    @Test(.snapshots(options: RenderOptions(timeZone: TimeZone(identifier: "America/New_York")!)))
    func aTestTraitOverridesItsSuite() throws {
        #expect(SnapshotDefaults.current.record == .never)
        let markdown = try Snapshotting<ChatFixture, String>.rendered(.markdown).snapshot(try ChatFixture(json: Self.message))
        #expect(markdown.contains("06:00"), "\(markdown)")
    }

    @Test func explicitOptionsWin() throws {
        let markdown = try Snapshotting<ChatFixture, String>.rendered(.markdown, options: .default)
            .snapshot(try ChatFixture(json: Self.message))
        #expect(markdown.contains("10:00"), "\(markdown)")
    }

    @Test func withoutATraitTheDefaultsAreTheLibrarys() {
        SnapshotDefaults.$current.withValue(SnapshotDefaults()) {
            #expect(SnapshotDefaults.current.record == nil)
            #expect(SnapshotDefaults.current.options.timeZone.secondsFromGMT() == 0)
        }
    }
}

/// An app's resolver that shows no image attachments.
struct NoImagesResolver: MessageTypeResolving {
    func hasImageAttachment(message: ChatMessage) -> Bool { false }
}

/// A suite hands its app components to every strategy once.
@Suite(.snapshots(resolver: NoImagesResolver()))
struct SuiteComponentsTests {
    static let message = #"""
        {"id": "a", "text": "look", "attachments": [{"type": "image", "image_url": "https://cdn.example.org/cat.jpg", "title": "cat.jpg"}]}
        """#

    @Test func theSuitesResolverIsUsedUnlessOneIsGiven() throws {
        let fixture = try ChatFixture(json: Self.message)
        #expect(try !Snapshotting<ChatFixture, String>.rendered(.markdown).snapshot(fixture).contains("cat.jpg"))
        let own = try Snapshotting<ChatFixture, String>.rendered(.markdown, resolver: DefaultMessageTypeResolver()).snapshot(fixture)
        #expect(own.contains("cat.jpg"))
    }
}
