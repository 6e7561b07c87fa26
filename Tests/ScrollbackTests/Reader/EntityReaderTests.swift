import Foundation
import TestSupport
import Testing

@testable import Scrollback

/// Stream's import/export entity files (``InputShape/entities``), as one array or one entity a line.
@Suite struct EntityReaderTests {
    private struct Read {
        var events: [TranscriptEvent] = []
        var warnings: [ReadWarning] = []
        var shape: InputShape?
        var error: ReadError?

        var messages: [ChatMessage] {
            events.compactMap { if case .message(let message) = $0 { message } else { nil } }
        }
        /// `channel:<cid>` and `message:<id>`, in order.
        var outline: [String] {
            events.map { event in
                switch event {
                case .channel(let channel): "channel:\(channel.cid ?? "?")"
                case .message(let message): "message:\(message.id)"
                }
            }
        }
        func message(_ id: String) -> ChatMessage? { messages.first { $0.id == id } }
    }

    /// Reads everything, keeping what came before an error.
    private func read(_ lines: [String], array: Bool = false, strict: Bool = false, chunkSize: Int = 64) -> Read {
        let text = array ? "[\n" + lines.joined(separator: ",\n") + "\n]" : lines.joined(separator: "\n") + "\n"
        let log = WarningLog()
        var reader = TranscriptReader(source: ByteSource(bytes: Array(text.utf8), chunkSize: chunkSize), strict: strict) {
            log.warnings.append($0)
        }
        var result = Read()
        do {
            while let event = try reader.next() { result.events.append(event) }
        } catch {
            result.error = error
        }
        result.shape = reader.shape
        result.warnings = log.warnings
        return result
    }

    private static let sample = [
        #"{"type": "channel", "item": {"id": "deck", "type": "team", "name": "Deck", "created_by": "u1"}}"#,
        #"{"type": "channel", "item": {"id": "dm", "type": "messaging", "created_by": "u2"}}"#,
        #"{"type": "member", "item": {"channel_type": "team", "channel_id": "deck", "user_id": "u1"}}"#,
        #"{"type": "member", "item": {"channel_type": "team", "channel_id": "deck", "user_id": "u2"}}"#,
        #"{"type": "member", "item": {"channel_type": "messaging", "channel_id": "dm", "user_id": "u1"}}"#,
        #"{"type": "member", "item": {"channel_type": "messaging", "channel_id": "dm", "user_id": "u2"}}"#,
        #"{"type": "message", "item": {"id": "a1", "channel_type": "team", "channel_id": "deck", "user": "u1", "text": "one", "type": "regular", "created_at": "2026-03-02T07:00:00Z"}}"#,
        #"{"type": "message", "item": {"id": "b1", "channel_type": "messaging", "channel_id": "dm", "user_id": "u2", "text": "two", "created_at": "2026-03-02T07:01:00Z"}}"#,
        #"{"type": "message", "item": {"id": "a2", "channel_type": "team", "channel_id": "deck", "user": "u2", "parent_id": "a1", "text": "three", "type": "reply", "created_at": "2026-03-02T07:02:00Z"}}"#,
        #"{"type": "message", "item": {"id": "b2", "channel_type": "messaging", "channel_id": "dm", "user": "u1", "quoted_message_id": "b1", "text": "four", "created_at": "2026-03-02T07:03:00Z", "attachments": [{"type": "file", "title": "rota.pdf", "asset_url": "https://files.example.org/rota.pdf"}]}}"#,
        #"{"type": "reaction", "item": {"message_id": "a1", "type": "like", "user_id": "u2", "created_at": "2026-03-02T07:05:00Z"}}"#,
        #"{"type": "reaction", "item": {"message_id": "a1", "type": "love", "user_id": "u1", "created_at": "2026-03-02T07:06:00Z"}}"#,
        #"{"type": "reaction", "item": {"message_id": "a1", "type": "like", "user_id": "u1", "created_at": "2026-03-02T07:04:00Z", "score": 3}}"#,
        #"{"type": "user", "item": {"id": "u1", "name": "Inès", "image": "https://avatars.example.org/u1.jpg", "role": "admin", "favourite": "tea"}}"#,
        #"{"type": "user", "item": {"id": "u2", "name": "Tomás"}}"#,
    ]

    @Test(arguments: [false, true]) func readsEntitiesWithUsersLastAndGroupsChannels(array: Bool) {
        let result = read(Self.sample, array: array)
        #expect(result.error == nil)
        #expect(result.shape == .entities)
        #expect(result.warnings.isEmpty)
        // Interleaved in the file, grouped here: each channel before its own messages.
        #expect(result.outline == ["channel:team:deck", "message:a1", "message:a2", "channel:messaging:dm", "message:b1", "message:b2"])
        // Authors named by the users that came last, by "user" or by "user_id"; only the user's shown fields kept.
        #expect(result.message("a1")?.user?.name == "Inès")
        #expect(result.message("a1")?.user?.imageURL == "https://avatars.example.org/u1.jpg")
        #expect(result.message("a1")?.user?.role == "admin")
        #expect(result.message("a1")?.user?.raw["favourite"] == nil)
        #expect(result.message("b1")?.user?.name == "Tomás")
        // Channels: name, member counts from member entities, members that name an unnamed channel.
        let channels = result.events.compactMap { if case .channel(let channel) = $0 { channel } else { nil } }
        #expect(channels.map(\.name) == ["Deck", nil])
        #expect(channels.map(\.memberCount) == [2, 2])
        #expect(channels[1].members.map(\.name) == ["Inès", "Tomás"])
    }

    @Test func arrayAndLinesReadTheSame() {
        #expect(read(Self.sample, array: true).events == read(Self.sample).events)
    }

    @Test func attachesReactionCountsAndWhoReacted() throws {
        let message = try #require(read(Self.sample).message("a1"))
        #expect(
            message.reactionGroups == [
                ReactionGroup(type: "like", count: 2, sumScores: 4), ReactionGroup(type: "love", count: 1, sumScores: 1),
            ])
        // The latest first, each with its user.
        #expect(message.latestReactions.map(\.type) == ["love", "like", "like"])
        #expect(message.latestReactions.map { $0.user?.name } == ["Inès", "Tomás", "Inès"])
        #expect(read(Self.sample).message("b1")?.reactionGroups == [])
    }

    @Test func keepsTheLatestTenReactorsAndTheItemsOwnReactions() throws {
        var lines = [
            #"{"type": "message", "item": {"id": "m", "user": "u", "text": "x", "reaction_groups": {"wow": {"count": 40, "sum_scores": 40}}}}"#
        ]
        for minute in 0..<25 {
            lines.append(
                #"{"type": "reaction", "item": {"message_id": "m", "type": "wow", "user_id": "r\#(minute)", "created_at": "2026-03-02T07:\#(String(format: "%02d", minute)):00Z"}}"#
            )
        }
        let message = try #require(read(lines).message("m"))
        #expect(message.reactionGroups == [ReactionGroup(type: "wow", count: 40, sumScores: 40)]) // the item's own totals win
        #expect(message.latestReactions.count == EntityDirectory.latestReactionsKept)
        #expect(message.latestReactions.first?.userID == "r24")
        #expect(message.latestReactions.last?.userID == "r15")
    }

    @Test func threadsQuotesAndAttachmentsWorkAsInOtherShapes() throws {
        let result = read(Self.sample)
        let reply = try #require(result.message("a2"))
        #expect(reply.parentID == "a1")
        let quoting = try #require(result.message("b2"))
        #expect(quoting.quotedMessageID == "b1")
        // The quoted message is embedded, with its author resolved, for the quote's preview.
        #expect(quoting.quotedMessage?.text == "two")
        #expect(quoting.quotedMessage?.user?.name == "Tomás")
        #expect(quoting.attachments.count == 1)
        #expect(quoting.attachments.first?.raw["title"] == "rota.pdf")
    }

    @Test func messagesWithoutAChannelComeFirstWithoutAHeading() {
        let result = read([
            #"{"type": "channel", "item": {"id": "deck", "type": "team"}}"#,
            #"{"type": "message", "item": {"id": "a", "channel_type": "team", "channel_id": "deck", "user": "u", "text": "in"}}"#,
            #"{"type": "message", "item": {"id": "z", "user": "u", "text": "nowhere"}}"#,
            #"{"type": "message", "item": {"id": "c", "channel_type": "team", "channel_id": "other", "user": "u", "text": "met by message only"}}"#,
        ])
        #expect(result.outline == ["message:z", "channel:team:deck", "message:a", "channel:team:other", "message:c"])
        // An author with no user entity is kept by id.
        #expect(result.message("a")?.user?.id == "u")
        #expect(result.message("a")?.user?.name == nil)
    }

    @Test(arguments: [false, true]) func readsAnItemWrittenBeforeItsType(array: Bool) throws {
        let result = read(
            [
                #"{"type": "user", "item": {"id": "u", "name": "U"}}"#,
                #"{"item": {"id": "m", "user": "u", "text": "item first", "channel_type": "t", "channel_id": "c"}, "type": "message"}"#,
                #"{"type": "message", "item": {"id": "r", "user": "u", "text": "reply", "parent_id": "m", "channel_type": "t", "channel_id": "c"}}"#,
            ], array: array)
        #expect(result.error == nil)
        #expect(result.outline == ["channel:t:c", "message:m", "message:r"])
        #expect(result.message("m")?.text == "item first")
        #expect(result.message("m")?.user?.name == "U")
    }

    @Test func anUnknownEntityTypeIsAWarningWithItsLine() {
        let lines = [
            #"{"type": "user", "item": {"id": "u", "name": "U"}}"#,
            #"{"type": "device", "item": {"id": "d1"}}"#,
            #"{"type": "message", "item": {"id": "m", "user": "u", "text": "still here"}}"#,
        ]
        let result = read(lines)
        #expect(result.error == nil)
        #expect(result.messages.map(\.id) == ["m"])
        #expect(result.warnings.count == 1)
        #expect(result.warnings.first?.position?.line == 2)
        #expect(result.warnings.first?.description.contains("unknown type \"device\"") == true)
        let inArray = read(lines, array: true)
        #expect(inArray.warnings.first?.keyPath == "[1]")
        // --strict turns it into an error, as every warning.
        #expect(read(lines, strict: true).error != nil)
    }

    @Test func anEntityWithoutItsItemIsAnErrorWithItsLine() {
        let result = read([
            #"{"type": "user", "item": {"id": "u", "name": "U"}}"#,
            #"{"type": "message", "item": {"id": "m", "user": "u", "text": "before"}}"#,
            #"{"type": "message"}"#,
            #"{"type": "message", "item": {"id": "n", "user": "u", "text": "after"}}"#,
        ])
        guard case .unrecognizedShape(let position, let reason)? = result.error else {
            Issue.record("expected an error, got \(String(describing: result.error))")
            return
        }
        #expect(position.line == 3)
        #expect(reason.contains("\"message\" entity at line 3"))
        #expect(reason.contains("no \"item\""))
        // What came before it still renders.
        #expect(result.messages.map(\.id) == ["m"])
        #expect(result.message("m")?.user?.name == "U")
    }

    @Test func aFirstObjectThatOnlyLooksLikeAnEntityStaysAMessage() {
        // A message has an "id": its own "item" and "type" are fields, not an entity's.
        let result = read([#"{"id": "m1", "type": "regular", "text": "hi", "item": {"sku": 4}}"#, #"{"id": "m2", "text": "there"}"#])
        #expect(result.shape == .ndjson)
        #expect(result.outline == ["message:m1", "message:m2"])
        let array = read([#"{"id": "m1", "type": "regular", "text": "hi", "item": {"sku": 4}}"#], array: true)
        #expect(array.shape == .messageArray)
        #expect(array.outline == ["message:m1"])
    }

    @Test func theIndexPassKeepsADirectoryNotMessagesAndHandsItOn() throws {
        let text = Self.sample.joined(separator: "\n")
        let path = Scratch.file("entities", extension: "ndjson", holding: Array(text.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let input = try RereadableInput(path: path, temporaryDirectory: NSTemporaryDirectory(), standardInput: 0)
        var first = input.indexingReader(strict: false)
        let index = try TranscriptIndex(reading: &first, filter: MessageFilter(), directory: NSTemporaryDirectory())
        #expect(first.shape == .entities)
        #expect(index.storedIDCount == 4)
        // The thread reply is spooled as it will be shown: its author resolved.
        #expect(try index.replies(to: "a1").map { $0.user?.name } == ["Tomás"])
        #expect(index.channels.compactMap(\.channel?.cid) == ["team:deck", "messaging:dm"])

        // What the directory holds: places, users, reactions; no message values.
        var probe = input.reader(strict: false, onWarning: { _ in })
        let events = try probe.readAll()
        #expect(events.count == 6)
        var again = input.reader(strict: false, onWarning: { _ in })
        #expect(try again.readAll() == events)
    }

    /// Adds each line to `directory` as the reading would, one entity a line, and finishes it.
    static func collect(_ lines: [String], into directory: EntityDirectory) throws {
        for (number, line) in lines.enumerated() {
            var parser = JSONStreamParser(bytes: Array(line.utf8), chunkSize: 4096)
            let value = try parser.parseValue()
            try Array(line.utf8).withUnsafeBufferPointer { bytes in
                try directory.add(value, bytes: bytes, position: SourcePosition(line: number + 1, column: 1))
            }
        }
        directory.finish()
    }

    @Test func pastItsBudgetTheDirectoryKeepsTheLatestReactionsAndCountsTheRest() throws {
        let directory = try EntityDirectory(isArray: false)
        directory.reactionBudget = 16
        var lines = [#"{"type": "message", "item": {"id": "m", "user": "u", "text": "popular"}}"#]
        for number in 0..<50 {
            let type = number % 3 == 0 ? "love" : "like"
            let time = String(format: "2026-03-02T07:%02d:%02dZ", number / 60, number % 60)
            lines.append(
                #"{"type": "reaction", "item": {"message_id": "m", "type": "\#(type)", "user_id": "r\#(number)", "created_at": "\#(time)", "score": 2}}"#
            )
            lines.append(#"{"type": "reaction", "item": {"message_id": "n\#(number)", "type": "wow", "user_id": "r\#(number)"}}"#)
        }
        try Self.collect(lines, into: directory)
        // At most ten records for "m", one for each other message; the rest are counts.
        #expect(directory.reactions.count == 10 + 50)
        #expect(directory.reactionTotals.count == 2)
        let resolved = directory.resolve(["id": "m", "text": "popular"], complete: true)
        #expect(
            resolved["reaction_groups"]
                == ["like": ["count": 33, "sum_scores": 66], "love": ["count": 17, "sum_scores": 34]])
        let latest = try #require(resolved["latest_reactions"]?.arrayValue)
        #expect(latest.map { $0["user_id"] } == (40..<50).reversed().map { JSONValue.string("r\($0)") })
        #expect(directory.resolve(["id": "n7"], complete: true)["reaction_groups"] == ["wow": ["count": 1, "sum_scores": 1]])
    }

    @Test func theDirectoryHoldsPlacesNotMessages() throws {
        let directory = try EntityDirectory(isArray: false)
        try Self.collect(Self.sample, into: directory)
        #expect(directory.entries.count == 4)
        #expect(MemoryLayout<EntityDirectory.MessageEntry>.stride == 32)
        #expect(MemoryLayout<EntityDirectory.ReactionRecord>.stride == 24)
        #expect(directory.reactions.count == 3)
        #expect(directory.users.count == 2)
        #expect(directory.users["u1"]?.keys == ["id", "name", "image", "role"])
        #expect(directory.groups.count == 3)
        // The spooled entity reads back as written.
        let entry = try #require(directory.entry(ofMessage: "b2"))
        #expect(try directory.item(of: entry)?["text"] == "four")
    }
}
