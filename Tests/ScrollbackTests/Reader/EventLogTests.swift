import Foundation
import TestSupport
import Testing

@testable import Scrollback

/// Logs of Stream's webhook and websocket events (``InputShape/events``), replayed.
@Suite struct EventLogTests {
    private struct Read {
        var events: [TranscriptEvent] = []
        var warnings: [ReadWarning] = []
        var shape: InputShape?
        var error: ReadError?
        var summary: EventLogSummary?

        var messages: [ChatMessage] {
            events.compactMap { if case .message(let message) = $0 { message } else { nil } }
        }
        var channels: [ChatChannel] {
            events.compactMap { if case .channel(let channel) = $0 { channel } else { nil } }
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
        var reasons: [String] { warnings.map(\.reason) }
    }

    private func read(_ lines: [String], array: Bool = false, asOf: String? = nil, history: Bool = false, chunkSize: Int = 64) -> Read {
        let text = array ? "[\n" + lines.joined(separator: ",\n") + "\n]" : lines.joined(separator: "\n") + "\n"
        let log = WarningLog()
        var reader = TranscriptReader(source: ByteSource(bytes: Array(text.utf8), chunkSize: chunkSize)) { log.warnings.append($0) }
        reader.asOf = asOf.flatMap(RFC3339.parse)
        reader.history = history
        var result = Read()
        do {
            while let event = try reader.next() { result.events.append(event) }
        } catch {
            result.error = error
        }
        result.shape = reader.shape
        result.warnings = log.warnings
        result.summary = reader.eventLogSummary
        return result
    }

    /// An event of `type` in channel messaging:general at minute `minute` past 09:00.
    private static func event(_ type: String, _ minute: Int, _ members: String = "") -> String {
        let time = String(format: "2026-03-02T09:%02d:00Z", minute)
        return
            #"{"type": "\#(type)", "cid": "messaging:general", "channel_type": "messaging", "channel_id": "general", "created_at": "\#(time)"\#(members.isEmpty ? "" : ", " + members)}"#
    }

    /// A message member: `id`, `text`, by `user`, created at minute `minute`.
    private static func message(_ id: String, _ text: String, _ minute: Int, user: String = "ana", extra: String = "") -> String {
        let time = String(format: "2026-03-02T09:%02d:00Z", minute)
        return
            #""message": {"id": "\#(id)", "text": "\#(text)", "type": "regular", "user": {"id": "\#(user)", "name": "\#(user.capitalized)"}, "created_at": "\#(time)", "updated_at": "\#(time)"\#(extra.isEmpty ? "" : ", " + extra)}"#
    }

    private static func reaction(_ type: String, message: String, user: String, score: Int = 1) -> String {
        #""reaction": {"type": "\#(type)", "message_id": "\#(message)", "user_id": "\#(user)", "user": {"id": "\#(user)", "name": "\#(user.capitalized)"}, "score": \#(score)}"#
    }

    // MARK: - Shape

    @Test(arguments: [false, true]) func readsALogAsOneLineEachOrOneArray(array: Bool) {
        let result = read(
            [
                Self.event("message.new", 1, Self.message("m1", "hello", 1)),
                Self.event("message.new", 2, Self.message("m2", "world", 2, user: "ben")),
            ], array: array)
        #expect(result.error == nil)
        #expect(result.shape == .events)
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        #expect(result.outline == ["channel:messaging:general", "message:m1", "message:m2"])
        #expect(result.message("m2")?.user?.name == "Ben")
        #expect(result.summary?.events == 2)
    }

    /// Keys in any order (a log written with sorted keys has `type` last), and a bare message
    /// whose own `type` is a message type is no event.
    @Test func findsTheEventTypeAfterTheMessage() {
        let sorted =
            #"{"channel_id": "general", "channel_type": "messaging", "cid": "messaging:general", "created_at": "2026-03-02T09:01:00Z", "#
            + Self.message("m1", "late type", 1) + #", "type": "message.new"}"#
        let result = read([sorted])
        #expect(result.shape == .events)
        #expect(result.message("m1")?.text == "late type")
        let plain = read([#"{"id": "x", "type": "regular", "text": "a message"}"#])
        #expect(plain.shape == .ndjson)
        #expect(plain.messages.map(\.id) == ["x"])
        #expect(EventLog.isEventType("message.new"))
        #expect(EventLog.isEventType("user.presence.changed"))
        #expect(!EventLog.isEventType("regular"))
        #expect(!EventLog.isEventType("message."))
        #expect(!EventLog.isEventType("Message.New"))
    }

    /// The look for an event's type stops at a wrapper's member or after a megabyte, so that a
    /// large first value is never held whole to find out what it is.
    @Test func theLookForAnEventStopsEarly() {
        let big = String(repeating: "x", count: 1_100_000)
        let padded = read([#"{"padding": "\#(big)", "type": "message.new", "message": {"id": "m1", "text": "hi"}}"#])
        #expect(padded.shape == .boxedMessage)
        #expect(padded.messages.map(\.id) == ["m1"])
        let export = read([#"{"messages": [{"id": "m1", "text": "hi"}], "type": "message.new"}"#])
        #expect(export.shape == .messageList)
    }

    // MARK: - Messages

    @Test func anEditShowsTheLastTextWithTheEditsTime() throws {
        let result = read([
            Self.event("message.new", 1, Self.message("m1", "frist", 1)),
            Self.event("message.updated", 4, Self.message("m1", "first", 1)),
        ])
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        let message = try #require(result.message("m1"))
        #expect(message.text == "first")
        // Its message said nothing of the edit: the event's time is the edit's.
        #expect(message.textUpdatedAt == RFC3339.parse("2026-03-02T09:04:00Z"))
        #expect(result.messages.count == 1)
    }

    @Test func anUpdateThatKeepsTheTextIsNoEdit() throws {
        let result = read([
            Self.event("message.new", 1, Self.message("m1", "same", 1)),
            Self.event("message.updated", 4, Self.message("m1", "same", 1, extra: #""pinned": true"#)),
        ])
        let message = try #require(result.message("m1"))
        #expect(message.pinned)
        #expect(message.textUpdatedAt == nil)
    }

    @Test func aSoftDeletionShowsTheMessageDeleted() throws {
        let result = read([
            Self.event("message.new", 1, Self.message("m1", "oops", 1)),
            Self.event("message.new", 2, Self.message("m2", "kept", 2)),
            Self.event("message.deleted", 3, #""hard_delete": false, "message_id": "m1""#),
        ])
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        let message = try #require(result.message("m1"))
        #expect(message.isDeleted)
        #expect(message.deletedAt == RFC3339.parse("2026-03-02T09:03:00Z"))
        #expect(result.message("m2")?.isDeleted == false)
    }

    @Test func aHardDeletionRemovesTheMessageAndIsCounted() {
        let result = read([
            Self.event("message.new", 1, Self.message("m1", "gone", 1)),
            Self.event("message.new", 2, Self.message("m2", "kept", 2)),
            Self.event(
                "message.deleted", 3, Self.message("m1", "", 1, extra: #""deleted_at": "2026-03-02T09:03:00Z""#) + #", "hard_delete": true"#
            ),
            Self.event("reaction.new", 4, Self.reaction("like", message: "m1", user: "ben")),
        ])
        #expect(result.outline == ["channel:messaging:general", "message:m2"])
        #expect(result.summary?.hardDeleted == 1)
        #expect(result.reasons == [#"a reaction.new event for message "m1", which was hard-deleted: left out"#])
        #expect(result.warnings.first?.position?.line == 4)
    }

    @Test func messagesComeInTimeOrderWhateverTheLogsOrder() {
        let result = read([
            Self.event("message.new", 5, Self.message("late", "b", 5)),
            Self.event("message.new", 1, Self.message("early", "a", 1)),
        ])
        #expect(result.outline == ["channel:messaging:general", "message:early", "message:late"])
    }

    // MARK: - Reactions

    @Test func reactionsAreAggregatedFromTheirEvents() throws {
        let result = read([
            Self.event("message.new", 1, Self.message("m1", "hi", 1)),
            Self.event("reaction.new", 2, Self.reaction("like", message: "m1", user: "ben")),
            Self.event("reaction.new", 3, Self.reaction("like", message: "m1", user: "cleo")),
            Self.event("reaction.new", 4, Self.reaction("love", message: "m1", user: "dan")),
            Self.event("reaction.deleted", 5, Self.reaction("like", message: "m1", user: "cleo")),
            Self.event("reaction.updated", 6, Self.reaction("love", message: "m1", user: "dan", score: 3)),
        ])
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        let message = try #require(result.message("m1"))
        #expect(
            message.reactionGroups == [
                // Dan's updated reaction counts with its new score.
                ReactionGroup(type: "like", count: 1, sumScores: 1), ReactionGroup(type: "love", count: 1, sumScores: 3),
            ])
        // The latest first, each with its user.
        #expect(message.latestReactions.map(\.type) == ["love", "like"])
        #expect(message.latestReactions.map { $0.user?.name } == ["Dan", "Ben"])
    }

    @Test func aReactionChangedToAnotherTypeReplacesTheOld() throws {
        let result = read([
            Self.event("message.new", 1, Self.message("m1", "hi", 1)),
            Self.event("reaction.new", 2, Self.reaction("like", message: "m1", user: "ben")),
            Self.event("reaction.updated", 3, Self.reaction("haha", message: "m1", user: "ben")),
        ])
        let message = try #require(result.message("m1"))
        #expect(message.reactionGroups == [ReactionGroup(type: "haha", count: 1, sumScores: 1)])
    }

    /// The version's own counts stay (reactions from before the log); an edit that carries
    /// them takes the earlier events in, and later events still count.
    @Test func reactionsAddToTheVersionShown() throws {
        let counted = #""reaction_groups": {"like": {"count": 5, "sum_scores": 5}}"#
        let result = read([
            Self.event("message.new", 1, Self.message("m1", "hi", 1, extra: counted)),
            Self.event("reaction.new", 2, Self.reaction("like", message: "m1", user: "ben")),
            Self.event(
                "message.updated", 3, Self.message("m1", "hi!", 1, extra: #""reaction_groups": {"like": {"count": 6, "sum_scores": 6}}"#)),
            Self.event("reaction.new", 4, Self.reaction("wow", message: "m1", user: "cleo")),
            Self.event("reaction.deleted", 5, Self.reaction("like", message: "m1", user: "ben")),
        ])
        let message = try #require(result.message("m1"))
        #expect(
            message.reactionGroups == [
                ReactionGroup(type: "like", count: 5, sumScores: 5), ReactionGroup(type: "wow", count: 1, sumScores: 1),
            ])
    }

    // MARK: - Channels and members

    @Test func channelNamesAndMembersAreThoseOfTheEnd() throws {
        let member = { (type: String, minute: Int, user: String) in
            Self.event(
                type, minute,
                #""member": {"user_id": "\#(user)", "user": {"id": "\#(user)", "name": "\#(user.capitalized)"}, "role": "member"}"#)
        }
        let result = read([
            Self.event("channel.created", 0, #""channel": {"id": "general", "type": "messaging", "name": "General"}"#),
            member("member.added", 0, "ana"),
            member("member.added", 0, "ben"),
            member("member.added", 0, "cleo"),
            Self.event("message.new", 1, Self.message("m1", "hi", 1)),
            member("member.removed", 2, "ben"),
            Self.event("channel.updated", 3, #""channel": {"id": "general", "type": "messaging", "name": "General chat"}"#),
        ])
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        let channel = try #require(result.channels.first)
        #expect(channel.name == "General chat")
        #expect(channel.members.map(\.name) == ["Ana", "Cleo"])
        #expect(channel.memberCount == 2)
    }

    @Test func aTruncationHidesEarlierMessagesAndADeletedChannelIsGone() {
        let result = read([
            Self.event("message.new", 1, Self.message("m1", "old", 1)),
            Self.event(
                "channel.truncated", 2, #""channel": {"id": "general", "type": "messaging", "truncated_at": "2026-03-02T09:02:00Z"}"#),
            Self.event("message.new", 3, Self.message("m2", "new", 3)),
            #"{"type": "message.new", "cid": "team:gone", "created_at": "2026-03-02T09:04:00Z", "message": {"id": "g1", "text": "x", "user": {"id": "ana"}}}"#,
            #"{"type": "channel.deleted", "cid": "team:gone", "created_at": "2026-03-02T09:05:00Z", "channel": {"id": "gone", "type": "team"}}"#,
        ])
        #expect(result.outline == ["channel:messaging:general", "message:m2"])
    }

    // MARK: - Neutral, unknown, out of order

    @Test func eventsWithoutTranscriptChangeAreSkippedSilentlyAndCounted() {
        let result = read([
            Self.event("health.check", 0, #""connection_id": "c1""#),
            Self.event("typing.start", 1, #""user": {"id": "ana"}"#),
            Self.event("message.new", 1, Self.message("m1", "hi", 1)),
            Self.event("typing.stop", 1, #""user": {"id": "ana"}"#),
            Self.event("message.read", 2, #""user": {"id": "ben"}"#),
            Self.event("user.presence.changed", 3, #""user": {"id": "ben", "online": false}"#),
            Self.event("notification.mark_read", 3, #""unread_count": 0"#),
            Self.event("user.watching.start", 4),
            Self.event("connection.recovered", 5),
        ])
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        #expect(result.messages.map(\.id) == ["m1"])
        #expect(result.summary == EventLogSummary(events: 9, transcriptNeutral: 8, hardDeleted: 0, leftOut: 0, afterAsOf: 0))
    }

    /// A thread's copies change no message the log showed; a reply only the thread holds is
    /// shown as it has it, with a word; a thread with nothing new counts as no change.
    @Test func aThreadUpdateShowsOnlyTheRepliesTheLogDidNotShow() throws {
        func copy(_ id: String, _ text: String, _ minute: Int, parent: String? = nil) -> String {
            let body = Self.message(id, text, minute, extra: parent.map { #""parent_id": "\#($0)""# } ?? "")
            return String(body.dropFirst(#""message": "#.count))
        }
        let thread =
            #""thread": {"channel_cid": "messaging:general", "parent_message": \#(copy("p", "old parent text", 1)), "latest_replies": [\#(copy("r1", "old reply", 2, parent: "p")), \#(copy("r2", "only in the thread", 3, parent: "p"))]}"#
        let result = read([
            Self.event("message.new", 1, Self.message("p", "parent", 1)),
            Self.event("message.new", 2, Self.message("r1", "reply", 2, extra: #""parent_id": "p""#)),
            Self.event("message.updated", 4, Self.message("p", "parent, edited", 1)),
            Self.event("thread.updated", 5, thread),
            Self.event("thread.updated", 6, thread),
        ])
        #expect(result.messages.map(\.id) == ["p", "r1", "r2"])
        #expect(result.message("p")?.text == "parent, edited")
        #expect(result.message("r1")?.text == "reply")
        #expect(result.message("r2")?.text == "only in the thread")
        #expect(result.message("r2")?.parentID == "p")
        #expect(result.reasons == [#"a thread.updated event holds message "r2", which the log did not show before: shown as it has it"#])
        #expect(result.summary == EventLogSummary(events: 5, transcriptNeutral: 1, hardDeleted: 0, leftOut: 0, afterAsOf: 0))
    }

    /// A `thread.updated` alone is the thread it carries; first in a log, it is the log's first event.
    @Test func aLogMayStartWithAThreadUpdate() {
        let thread =
            #""thread": {"parent_message": {"id": "p", "text": "parent", "created_at": "2026-03-02T08:59:00Z"}, "latest_replies": []}"#
        let result = read([
            Self.event("thread.updated", 0, thread),
            Self.event("message.new", 1, Self.message("m1", "hello", 1)),
            Self.event("message.updated", 2, Self.message("m1", "hello, edited", 1)),
        ])
        #expect(result.shape == .events)
        #expect(result.messages.map(\.id) == ["p", "m1"])
        #expect(result.message("m1")?.text == "hello, edited")
        #expect(read([Self.event("thread.updated", 0, thread)]).shape == .thread)
    }

    @Test func anEventOlderThanTheStateItWouldReplaceIsReportedAndLeftOut() throws {
        let result = read([
            Self.event("message.new", 1, Self.message("m1", "one", 1)),
            Self.event("message.updated", 5, Self.message("m1", "three", 1)),
            Self.event("message.updated", 3, Self.message("m1", "two", 1)),
            Self.event("reaction.new", 6, Self.reaction("like", message: "m1", user: "ben")),
            Self.event("reaction.deleted", 4, Self.reaction("like", message: "m1", user: "ben")),
        ])
        #expect(result.message("m1")?.text == "three")
        #expect(result.message("m1")?.reactionGroups == [ReactionGroup(type: "like", count: 1, sumScores: 1)])
        #expect(
            result.reasons == [
                #"a message.updated event older than the version of message "m1" read at line 2: left out"#,
                #"a reaction.deleted event older than the last event for the same reaction (user "ben", type "like"): left out"#,
            ])
        #expect(result.warnings.map { $0.position?.line } == [3, 5])
        #expect(result.summary?.leftOut == 2)
    }

    @Test func eventsForUnknownMessagesAreReportedNotFatal() throws {
        let result = read([
            Self.event("message.updated", 1, Self.message("m0", "edited before the log began", 0)),
            Self.event("reaction.new", 2, Self.reaction("like", message: "nowhere", user: "ben")),
            Self.event("message.deleted", 3, #""message_id": "nowhere", "hard_delete": false"#),
            Self.event("poll.vote_casted", 4),
            #"{"cid": "messaging:general", "created_at": "2026-03-02T09:05:00Z"}"#,
            "42",
            Self.event("message.new", 6, Self.message("m1", "still read", 6)),
        ])
        #expect(result.error == nil)
        #expect(result.messages.map(\.text) == ["edited before the log began", "still read"])
        #expect(
            result.reasons == [
                #"a message.updated event for message "m0", which the log did not show before: shown as it has it"#,
                #"a reaction.new event for message "nowhere", which the log did not show: left out"#,
                #"a message.deleted event for message "nowhere", which the log did not show: left out"#,
                #"an event of unknown type "poll.vote_casted" is left out"#,
                #"an event needs a "type" string: left out"#,
                "expected an event object, found a number: left out",
            ])
        #expect(result.warnings.map { $0.keyPath } == ["line 1", "line 2", "line 3", "line 4", "line 5", "line 6"])
    }

    @Test func aWebhookDeliveredTwiceCountsOnce() {
        let line = Self.event("message.new", 1, Self.message("m1", "hi", 1))
        let result = read([line, line])
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        #expect(result.messages.count == 1)
    }

    // MARK: - As of

    @Test func asOfReplaysUpToTheMoment() throws {
        let lines = [
            Self.event("message.new", 1, Self.message("m1", "draft", 1)),
            Self.event("reaction.new", 2, Self.reaction("like", message: "m1", user: "ben")),
            Self.event("message.updated", 5, Self.message("m1", "final", 1)),
            Self.event("message.new", 6, Self.message("m2", "later", 6)),
            Self.event("message.deleted", 7, #""message_id": "m1", "hard_delete": true"#),
        ]
        let then = read(lines, asOf: "2026-03-02T09:03:00Z")
        #expect(then.messages.map(\.text) == ["draft"])
        #expect(then.message("m1")?.reactionGroups == [ReactionGroup(type: "like", count: 1, sumScores: 1)])
        #expect(then.summary?.afterAsOf == 3)
        let end = read(lines)
        #expect(end.messages.map(\.text) == ["later"])
        #expect(end.summary?.hardDeleted == 1)
    }

    // MARK: - History

    @Test func historyKeepsEveryEarlierTextWithItsTime() throws {
        let lines = [
            Self.event("message.new", 1, Self.message("m1", "one", 1)),
            Self.event("message.updated", 2, Self.message("m1", "two", 1)),
            Self.event("message.updated", 3, Self.message("m1", "two", 1, extra: #""pinned": true"#)),
            Self.event("message.updated", 4, Self.message("m1", "three", 1)),
            Self.event("message.new", 5, Self.message("m2", "never edited", 5)),
        ]
        let result = read(lines, history: true)
        let message = try #require(result.message("m1"))
        #expect(message.text == "three")
        // An update that kept the text is no version of its own.
        #expect(
            message.earlierVersions == [
                ChatMessage.EarlierVersion(text: "one", date: RFC3339.parse("2026-03-02T09:01:00Z")),
                ChatMessage.EarlierVersion(text: "two", date: RFC3339.parse("2026-03-02T09:02:00Z")),
            ])
        #expect(result.message("m2")?.earlierVersions == [])
        // Without --history, only the last version.
        #expect(read(lines).message("m1")?.earlierVersions == [])
    }

    // MARK: - Hostile input

    /// Fields an attacker controls reach the warnings escaped, and the text only as a message's
    /// text (which every output escapes as it does any other).
    @Test func hostileFieldsAreEscapedInReports() {
        let escape = "\u{1B}]8;;https://evil.example\u{7}"
        let result = read([
            Self.event("message.new", 1, Self.message("m1", "hi", 1)),
            #"{"type": "message.updated", "created_at": "2026-03-02T08:00:00Z", "message": {"id": "m1\u001b[2J", "text": "x"}}"#,
            #"{"type": "custom.\#(String(repeating: "a", count: 200))", "created_at": "2026-03-02T09:00:00Z"}"#,
            #"{"type": "\u001b]0;pwned\u0007.x", "created_at": "2026-03-02T09:00:00Z"}"#,
            #"{"type": "reaction.new", "created_at": "2026-03-02T09:09:00Z", "reaction": {"type": "\#(escape)", "message_id": "m1", "user_id": "\u001b[31m"}}"#,
        ])
        for warning in result.warnings {
            #expect(!warning.description.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(warning)")
        }
        #expect(result.messages.map(\.id).contains("m1"))
        #expect(result.warnings.contains { $0.reason.hasPrefix("an event of unknown type \"custom.aaaa") && $0.reason.count < 120 })
    }

    // MARK: - Memory

    @Test func theLogHoldsStatesNotMessages() throws {
        let log = try EventLog(isArray: false, asOf: nil)
        var lines: [String] = []
        for index in 0..<200 {
            lines.append(
                Self.event("message.new", index % 60, Self.message("m\(index)", String(repeating: "long text ", count: 50), index % 60)))
        }
        var parser = JSONStreamParser(bytes: Array(lines.joined(separator: "\n").utf8))
        try log.collect(from: &parser)
        log.finish()
        #expect(log.states.count == 200)
        #expect(log.order.count == 200)
        // Per message, its state; its bytes are in the scratch file.
        #expect(MemoryLayout<EventLog.MessageState>.stride <= 80)
        #expect(MemoryLayout<EventLog.ReactionRecord>.stride <= 32)
        #expect(try log.message(log.order[0])?["text"]?.stringValue?.hasPrefix("long text") == true)
    }
}
