import Foundation
import TestSupport
import Testing

@testable import Scrollback

/// Input that is readable JSON but not quite what a transcript should be: every problem is
/// shown or reported, never silently dropped or repaired.
@Suite struct MalformedInputTests {
    private static func read(_ bytes: [UInt8], strict: Bool = false) throws(ReadError) -> (messages: [ChatMessage], warnings: [ReadWarning])
    {
        var warnings: [ReadWarning] = []
        var reader = TranscriptReader(bytes: bytes, strict: strict) { warnings.append($0) }
        var messages: [ChatMessage] = []
        while let event = try reader.next() {
            if case .message(let message) = event { messages.append(message) }
        }
        return (messages, warnings)
    }

    private static func read(_ text: String, strict: Bool = false) throws(ReadError) -> (messages: [ChatMessage], warnings: [ReadWarning]) {
        try read(Array(text.utf8), strict: strict)
    }

    // MARK: Positions

    /// A regular file's lines are counted only when a position is asked for, by reading its
    /// bytes again; memory's as the window moves on. Every warning and the error at the end
    /// name the same line and column either way, on a pretty-printed input many windows long,
    /// read in one pass and by the two-pass rendering.
    @Test func aFileAndMemoryNameTheSamePlaces() throws {
        let messages = (0..<10_000).map { index in
            var fields = [#""id": "m\#(index)""#, #""text": "line \#(index)""#]
            if index % 997 == 7 { fields.append(#""reply_count": "many""#) }
            if index % 1_499 == 11 { fields[1] = #""text": "half \ud800 a pair""# }
            // Out of time order, and elements that are no message (one read again as a whole value).
            if index % 2_003 == 5 { fields.append(#""created_at": "20\#(30 - index / 2_003)-01-01T00:00:00Z""#) }
            if index % 3_001 == 13 { return "  42" }
            if index % 3_001 == 14 { fields = [#""id": "lonely""#] }
            return "  {\n    " + fields.joined(separator: ",\n    ") + "\n  }"
        }
        let text = "[\n" + messages.joined(separator: ",\n") + ",\n  {\"id\": oops}\n]\n"
        let path = Scratch.file("positions", extension: "json", holding: Array(text.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }

        func readAll(_ reader: inout TranscriptReader) -> ReadError? {
            do throws(ReadError) {
                _ = try reader.readAll()
                return nil
            } catch {
                return error
            }
        }
        var fromMemory: [ReadWarning] = []
        var memoryReader = TranscriptReader(bytes: Array(text.utf8)) { fromMemory.append($0) }
        let memoryError = readAll(&memoryReader)
        var fromFile: [ReadWarning] = []
        var fileReader = try TranscriptReader(path: path) { fromFile.append($0) }
        let fileError = readAll(&fileReader)

        // Fields, repairs, the one report of time order, and the two kinds of elements skipped.
        #expect(fromMemory.count == 11 + 7 + 1 + 4 + 4)
        #expect(fromMemory.filter(\.skippedMessage).count == 8)
        #expect(fromFile == fromMemory)
        #expect(fileError == memoryError)
        let errorLine = text.components(separatedBy: "oops")[0].filter { $0 == "\n" }.count + 1
        guard case .syntax(let position, _)? = memoryError else {
            Issue.record("expected a syntax error, got \(String(describing: memoryError))")
            return
        }
        #expect(position.line == errorLine)

        let rendered = WarningLog()
        var backend = MarkdownBackend(output: "", options: RenderOptions())
        #expect(throws: memoryError!) {
            try TranscriptRenderer().render(path: path, onWarning: { rendered.warnings.append($0) }, to: &backend)
        }
        #expect(rendered.warnings == fromMemory)
    }

    // MARK: Text that is not UTF-8

    @Test func invalidUTF8IsReplacedAndReportedWhereItIs() throws {
        var bytes = Array("[{\"id\": \"a\", \"text\": \"fine\"},\n {\"id\": \"b\", \"text\": \"caf".utf8)
        bytes += [0xC3] // a lead byte cut short
        bytes += Array("\", \"user\": {\"id\": \"u\", \"name\": \"bad ".utf8) + [0xFF] + Array("\"}}]".utf8)
        let (messages, warnings) = try Self.read(bytes)
        #expect(messages.map(\.text) == ["fine", "caf\u{FFFD}"])
        #expect(messages.last?.user?.name == "bad \u{FFFD}")
        // Once per message, at the first bad byte: line 2, after ` {"id": "b", "text": "caf`.
        #expect(warnings.count == 1)
        #expect(warnings.first?.position == SourcePosition(line: 2, column: 26))
        #expect(warnings.first?.messageIndex == 1 && warnings.first?.skippedMessage == false)
        #expect(warnings.first?.reason.contains("not UTF-8") == true)
        #expect(throws: ReadError.self) { try Self.read(bytes, strict: true) }
    }

    /// A member the decoder does not read is skipped unbuilt, yet its bad bytes are still found
    /// (the message is read again as a whole), in `raw` as in the warning.
    @Test func invalidUTF8InAMemberNoOneReadsIsReportedToo() throws {
        let bytes =
            Array("[{\"id\": \"a\", \"text\": \"fine\", \"extra\": {\"note\": \"x".utf8) + [0xFF]
            + Array("\"}, \"user\": {\"id\": \"u\", \"bio\": \"\\ud800\"}}]".utf8)
        let (messages, warnings) = try Self.read(bytes)
        #expect(messages.map(\.text) == ["fine"])
        #expect(messages.first?.raw["extra"]?["note"] == "x\u{FFFD}")
        #expect(messages.first?.user?.raw["bio"] == "\u{FFFD}")
        #expect(warnings.count == 1)
        #expect(warnings.first?.position == SourcePosition(line: 1, column: 50))
        #expect(warnings.first?.reason.contains("not UTF-8") == true)
    }

    /// Strings read member by member are not checked one by one (the message's bytes are
    /// checked as a whole after): bad bytes in a value long enough to be kept in the parser's
    /// table of repeated values are still found in every message that has them, and a message
    /// between them with the same value in good bytes is not reported.
    @Test func repeatedBadValuesAreFoundInEveryMessage() throws {
        let name = Array("a name of some twenty bytes ".utf8)
        func message(_ id: String, bad: Bool) -> [UInt8] {
            Array("{\"id\": \"\(id)\", \"text\": \"t\", \"user\": {\"id\": \"u\", \"name\": \"".utf8) + name
                + (bad ? [0xFF] : Array("x".utf8)) + Array("\"}}".utf8)
        }
        let bytes =
            Array("[".utf8) + message("a", bad: true) + Array(",".utf8) + message("b", bad: false)
            + Array(",".utf8) + message("c", bad: true) + Array("]".utf8)
        let (messages, warnings) = try Self.read(bytes)
        let names = messages.map { $0.user?.name ?? "" }
        #expect(names == ["a name of some twenty bytes \u{FFFD}", "a name of some twenty bytes x", "a name of some twenty bytes \u{FFFD}"])
        #expect(warnings.map(\.messageIndex) == [0, 2])
        #expect(warnings.allSatisfy { $0.reason.contains("not UTF-8") })
    }

    @Test(arguments: [[0x80], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF8], [0xE2, 0x82]] as [[UInt8]])
    func everyKindOfMalformedSequenceIsFound(sequence: [UInt8]) throws {
        let bytes = Array("{\"id\": \"a\", \"text\": \"ok ".utf8) + sequence + Array(" end\"}".utf8)
        let (messages, warnings) = try Self.read(bytes)
        #expect(messages.first?.text.contains("\u{FFFD}") == true)
        #expect(warnings.first?.position == SourcePosition(line: 1, column: 25))
    }

    @Test func loneSurrogateEscapesAreReportedToo() throws {
        let (messages, warnings) = try Self.read(#"{"id": "a", "text": "x\ud800y"}"#)
        #expect(messages.first?.text == "x\u{FFFD}y")
        #expect(warnings.count == 1)
        #expect(warnings.first?.position == SourcePosition(line: 1, column: 23))
        let paired = try Self.read(#"{"id": "a", "text": "\ud83d\ude00 and é"}"#)
        #expect(paired.messages.first?.text == "😀 and é")
        #expect(paired.warnings.isEmpty)
    }

    @Test func validUTF8IsNeverReported() throws {
        let (messages, warnings) = try Self.read("{\"id\": \"a\", \"text\": \"Grüße, 你好, مرحبا, 👩🏽‍💻, \u{10FFFF}\"}")
        #expect(messages.count == 1)
        #expect(warnings.isEmpty)
    }

    // MARK: Messages without an id, users without an id

    @Test func aMessageWithoutAnIDIsShownWithoutAnAnchor() throws {
        let input = #"[{"text": "orphan text", "user": {"name": "Nameless"}, "created_at": "2026-03-09T10:00:00Z"}]"#
        let (messages, warnings) = try Self.read(input)
        #expect(messages.count == 1 && messages.first?.id == "")
        #expect(messages.first?.user?.displayName == "Nameless")
        #expect(warnings.map(\.keyPath) == ["[0]", "[0].user"])
        #expect(warnings.allSatisfy { !$0.skippedMessage })

        var html = HTMLBackend(output: "", options: RenderOptions())
        TranscriptRenderer().render(messages: messages, to: &html)
        #expect(html.output.contains("orphan text"))
        #expect(html.output.contains("Nameless"))
        #expect(!html.output.contains("id=\"m-\""))
        #expect(!html.output.contains("Unknown user"))
    }

    @Test func usersKnownOnlyByNameAreToldApart() throws {
        let input = """
            [{"text": "one", "user": {"name": "Ann"}, "created_at": "2026-03-09T10:00:00Z"},
             {"text": "two", "user": {"name": "Bob"}, "created_at": "2026-03-09T10:00:10Z"}]
            """
        let (messages, _) = try Self.read(input)
        #expect(!TranscriptLayout.groups(messages[0], with: messages[1]))
        #expect(
            ViewNode.AvatarContent(user: messages[0].user!).colorIndex != ViewNode.AvatarContent(user: messages[1].user!).colorIndex
                || messages[0].user!.displayName == messages[1].user!.displayName)
        var markdown = MarkdownBackend(output: "", options: RenderOptions())
        TranscriptRenderer().render(messages: messages, to: &markdown)
        #expect(markdown.output.contains("Ann") && markdown.output.contains("Bob"))
    }

    // MARK: Inputs with no messages

    @Test(arguments: [
        (#"{"id": "u1", "name": "Maya", "role": "admin"}"#, "a user"),
        (#"{"channel": {"id": "c"}, "members": [{"user_id": "u1"}]}"#, "a channel's member list"),
        (#"{"channel": {"id": "c", "name": "Quiet"}}"#, "a channel without messages"),
        ("[]", "an empty list"),
        (#"{"messages": []}"#, "an empty list"),
        (#"[{"id": "x"}, {"id": "y"}]"#, "a list with no usable message"),
        (#"{"id": "m1"}"#, "an object with keys \"id\""),
        // Stream's other payloads have a `created_at` too, which makes no message of them.
        (#"{"id": "ola", "name": "Ola", "role": "user", "created_at": "2025-06-01T08:00:00Z", "online": true}"#, "a user"),
        (
            #"{"id": "allotment", "type": "messaging", "cid": "messaging:allotment", "created_at": "2025-06-01T08:00:00Z", "member_count": 3, "config": {"reactions": true}}"#,
            "a channel without messages"
        ),
        (
            #"{"user_id": "ola", "user": {"id": "ola", "name": "Ola"}, "channel_role": "channel_member", "created_at": "2025-06-01T08:00:00Z"}"#,
            "a member"
        ),
        (#"{"message_id": "m9", "user_id": "ola", "type": "sunflower", "score": 2, "created_at": "2025-06-01T08:00:00Z"}"#, "a reaction"),
        (
            #"{"message_id": "m9", "channel_cid": "messaging:allotment", "remind_at": "2025-06-03T07:00:00Z", "created_at": "2025-06-01T08:00:00Z", "user_id": "ola"}"#,
            "a reminder"
        ),
        (#"{"user": {"id": "ola", "name": "Ola", "created_at": "2025-06-01T08:00:00Z"}, "duration": "2ms"}"#, "a user"),
        (#"{"reaction": {"message_id": "m9", "type": "sunflower", "created_at": "2025-06-01T08:00:00Z"}}"#, "a reaction"),
        (#"{"type": "typing.start", "user": {"id": "ola"}, "created_at": "2025-06-01T08:00:00Z"}"#, "a \"typing.start\" event"),
        (#"[{"id": "ola", "name": "Ola", "created_at": "2025-06-01T08:00:00Z"}, {"id": "ben", "image": "b.png"}]"#, "a list of users"),
        (#"{"users": [{"id": "ola", "name": "Ola", "created_at": "2025-06-01T08:00:00Z"}]}"#, "a list of users"),
        ("{\"id\": \"ola\", \"name\": \"Ola\"}\n{\"id\": \"ben\", \"name\": \"Ben\"}\n", "a list of users"),
    ])
    func anInputWithoutMessagesSaysWhatItLooksLike(input: String, looksLike: String) throws {
        let (messages, warnings) = try Self.read(input)
        #expect(messages.isEmpty)
        let last = try #require(warnings.last)
        #expect(last.description == "no messages found (it looks like \(looksLike))")
        #expect(throws: ReadError.self) { try Self.read(input, strict: true) }
    }

    @Test func anObjectWithOnlyAnIDIsNotAMessage() throws {
        let (messages, warnings) = try Self.read(#"[{"id": "a", "text": "kept"}, {"id": "b"}]"#)
        #expect(messages.map(\.id) == ["a"])
        #expect(warnings.count == 1 && warnings[0].skippedMessage && warnings[0].reason.hasPrefix("not a message"))
    }

    @Test func eachSkippedObjectSaysWhatItLooksLike() throws {
        let (messages, warnings) = try Self.read(
            #"[{"id": "a", "text": "kept"}, {"message_id": "a", "user_id": "ola", "type": "sunflower", "created_at": "2025-06-01T08:00:00Z"}]"#
        )
        #expect(messages.map(\.id) == ["a"])
        #expect(warnings.map(\.description) == [#"[1] (message 1, line 1, column 31): skipped: not a message: it looks like a reaction"#])
    }

    /// What makes a message: a member only a message has, a message's `type`, or a `user`
    /// object beside an `id`. A payload that holds one in `message` still shows it.
    @Test(arguments: [
        #"{"id": "a", "user": {"id": "ola"}, "created_at": "2025-06-01T08:00:00Z"}"#,
        #"{"id": "a", "type": "deleted", "created_at": "2025-06-01T08:00:00Z"}"#,
        #"{"id": "a", "type": "system", "created_at": "2025-06-01T08:00:00Z"}"#,
        #"{"id": "a", "attachments": []}"#,
        #"{"id": "a", "parent_id": "p"}"#,
        #"{"id": "a", "quoted_message_id": "q"}"#,
        #"{"id": "a", "html": "<p>hi</p>"}"#,
        #"{"text": "no id", "created_at": "2025-06-01T08:00:00Z"}"#,
        #"{"type": "reaction.new", "cid": "messaging:allotment", "message": {"id": "a", "text": "ripe", "user": {"id": "ben"}}, "reaction": {"message_id": "a", "type": "sunflower", "user_id": "ola"}, "user": {"id": "ola"}, "created_at": "2025-06-01T08:00:00Z"}"#,
        #"{"reaction": {"message_id": "a", "type": "sunflower", "user_id": "ola"}, "message": {"id": "a", "text": "ripe"}, "duration": "3ms"}"#,
        #"{"message_id": "a", "channel_cid": "messaging:allotment", "remind_at": "2025-06-03T07:00:00Z", "user_id": "ola", "message": {"id": "a", "text": "ripe"}}"#,
    ])
    func whatMakesAMessage(input: String) throws {
        let (messages, warnings) = try Self.read(input)
        #expect(messages.count == 1)
        #expect(!warnings.contains { $0.skippedMessage || $0.reason.hasPrefix("no messages found") }, "\(warnings)")
    }

    /// The index pass reads few members, the render pass all of them: a page of one message each
    /// shows that they count the same messages (a message only one of them counted would make a
    /// page of its own, or none).
    @Test(arguments: [
        // Keys of a message's key lengths that are not content keys (`args`, `updated_at`).
        (#"[{"id": "a", "text": "kept"}, {"id": "b", "args": "x", "updated_at": "2026-01-01T00:00:00Z"}]"#, 1),
        (
            #"[{"id": "a", "text": "kept"}, {"id": "u", "name": "U", "created_at": "2026-01-01T00:00:00Z"}, {"id": "b", "user": {"id": "u"}}, {"id": "c", "type": "deleted"}, {"id": "d", "type": "like", "created_at": "2026-01-01T00:00:00Z"}, {"user": {"id": "u"}, "user_id": "u"}]"#,
            3
        ),
        (
            #"{"id": "u", "name": "U", "created_at": "2026-01-01T00:00:00Z"}"# + "\n" + #"{"id": "a", "text": "x"}"# + "\n"
                + #"{"user_id": "u", "user": {"id": "u"}, "created_at": "2026-01-01T00:00:00Z"}"# + "\n"
                + #"{"id": "b", "type": "regular"}"#,
            2
        ),
        (#"{"user": {"id": "u", "name": "U"}}"# + "\n" + #"{"id": "a", "text": "x"}"#, 1),
        (
            #"{"type": "message", "item": {"id": "a", "text": "x"}}"# + "\n"
                + #"{"type": "message", "item": {"id": "b", "created_at": "2026-01-01T00:00:00Z"}}"# + "\n"
                + #"{"type": "message", "item": {"id": "c", "user_id": "u"}}"# + "\n"
                + #"{"type": "message", "item": {"id": "d", "type": "system"}}"#,
            3
        ),
    ])
    func bothPassesAgreeOnWhatIsAMessage(input: String, messages: Int) throws {
        let path = Scratch.path("input", extension: "json")
        try Data(input.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (_, pages) = try TranscriptRenderer().renderPages(
            path: path, names: PageNames(indexFileName: "chat.md", fileExtension: "md"), messagesPerPage: 1,
            makeBackend: { _ in MarkdownBackend(output: "", options: RenderOptions()) }, completed: { _, _, _ in })
        #expect(pages.map(\.messageCount) == Array(repeating: 1, count: messages))
    }

    // MARK: Markdown past the budget

    @Test func textPastTheMarkdownBudgetIsReportedWithItsMessage() throws {
        let text = String(repeating: "![[]()", count: 2_000)
        let input = "{\"messages\": [{\"id\": \"big\", \"text\": \"\(text)\", \"quoted_message\": {\"id\": \"q\", \"text\": \"\(text)\"}}]}"
        let (messages, warnings) = try Self.read(input)
        #expect(messages.count == 1)
        // Once, for the message's own text; a quote shows only a shortened preview.
        #expect(warnings.map(\.keyPath) == ["messages[0].text"])
        #expect(warnings.first?.messageID == "big")
        #expect(warnings.first?.reason.hasPrefix("shown as plain text: 4000 brackets") == true)
        #expect(throws: ReadError.self) { try Self.read(input, strict: true) }
    }

    @Test func everyFormatShowsTheTextOfAMessagePastTheBudget() throws {
        let text = String(repeating: "![[]()", count: 2_000) + " the end"
        var message = ChatMessage(id: "big")
        message.text = text
        for format in SampleTranscripts.Format.allCases {
            let output = SampleTranscripts.renderInMemory([message], as: format)
            #expect(output.contains("the end"), "\(format)")
        }
    }
}
