import Foundation
import TestSupport
import Testing

@testable import Scrollback

/// What a reading of `text` gave, in both modes: the full reading's events, messages,
/// warnings and shape; the index pass must see the same channels and messages.
private struct Reading {
    var events: [String] = []
    var messages: [ChatMessage] = []
    var channels: [ChatChannel] = []
    var warnings: [ReadWarning] = []
    var shape: InputShape?
}

private func read(_ text: String, chunkSize: Int = ByteSource.defaultChunkSize) throws(ReadError) -> Reading {
    let log = WarningLog()
    var reader = TranscriptReader(source: ByteSource(bytes: Array(text.utf8), chunkSize: chunkSize)) { log.warnings.append($0) }
    var result = Reading()
    while let event = try reader.next() {
        switch event {
        case .channel(let channel):
            result.events.append("channel:\(channel.cid ?? channel.id ?? "?")")
            result.channels.append(channel)
        case .message(let message):
            result.events.append("message:\(message.id)\(message.isDraft ? " (draft)" : "")")
            result.messages.append(message)
        }
    }
    result.warnings = log.warnings
    result.shape = reader.shape
    // The index pass reads the same events, drafts included.
    var indexing = TranscriptReader(indexing: ByteSource(bytes: Array(text.utf8), chunkSize: chunkSize))
    var indexed: [String] = []
    while let item = try indexing.nextItem() {
        switch item {
        case .channel(let channel): indexed.append("channel:\(channel.cid ?? channel.id ?? "?")")
        case .message(let message, _, _): indexed.append("message:\(message.id)\(message.isDraft ? " (draft)" : "")")
        }
    }
    #expect(indexed == result.events)
    #expect(indexing.shape == result.shape)
    return result
}

/// A query-threads thread: its keys in Stream's alphabetical order (the replies before the parent).
private let thread = """
    {"active_participant_count": 2,
     "channel": {"id": "yard", "cid": "team:yard", "type": "team", "name": "Yard"},
     "channel_cid": "team:yard", "created_at": "2026-01-02T10:00:00Z",
     "latest_replies": [
       {"id": "r1", "text": "first", "user": {"id": "b"}, "created_at": "2026-01-02T10:05:00Z", "parent_id": "p"},
       {"id": "r2", "text": "second", "user": {"id": "a"}, "created_at": "2026-01-02T10:06:00Z", "parent_id": "p"}],
     "parent_message": {"id": "p", "text": "parent", "user": {"id": "a"}, "created_at": "2026-01-02T10:00:00Z", "reply_count": 4},
     "parent_message_id": "p", "participant_count": 2,
     "read": [{"user": {"id": "a"}, "last_read": "2026-01-02T10:06:00Z", "unread_messages": 0}],
     "reply_count": 4, "thread_participants": [{"user_id": "a", "user": {"id": "a"}}], "title": "t",
     "updated_at": "2026-01-02T10:06:00Z"}
    """

@Suite struct ThreadAndDraftShapeTests {
    @Test(arguments: [1, 7, ByteSource.defaultChunkSize])
    func readsAThreadWithItsChannelFirst(chunkSize: Int) throws {
        let result = try read(thread, chunkSize: chunkSize)
        #expect(result.shape == .thread)
        #expect(result.events == ["channel:team:yard", "message:r1", "message:r2", "message:p"])
        #expect(result.channels.first?.name == "Yard")
        #expect(result.messages.last?.replyCount == 4)
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }

    @Test func aThreadWhoseChannelComesLastHoldsItsMessagesForIt() throws {
        let result = try read(
            """
            {"read": [], "parent_message": {"id": "p", "text": "parent"},
             "latest_replies": [{"id": "r1", "text": "reply", "parent_id": "p"}],
             "channel": {"id": "yard", "cid": "team:yard", "type": "team"}}
            """)
        #expect(result.shape == .thread)
        #expect(result.events == ["channel:team:yard", "message:p", "message:r1"])
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }

    @Test func aThreadWithoutAChannelObjectIsNamedByItsChannelCID() throws {
        let result = try read(
            """
            {"parent_message": {"id": "p", "text": "parent"}, "channel_cid": "messaging:garden",
             "latest_replies": []}
            """)
        #expect(result.shape == .thread)
        #expect(result.events == ["channel:messaging:garden", "message:p"])
        #expect(result.channels.first?.type == "messaging")
        #expect(result.channels.first?.id == "garden")
    }

    @Test func aBoxedThreadAndALoneThreadUpdatedEventAreThreads() throws {
        for text in [
            #"{"thread": \#(thread), "duration": "1ms"}"#,
            #"{"type": "thread.updated", "cid": "team:yard", "created_at": "2026-01-02T10:07:00Z", "thread": \#(thread)}"#,
        ] {
            let result = try read(text)
            #expect(result.shape == .thread)
            #expect(result.events == ["channel:team:yard", "message:r1", "message:r2", "message:p"])
            #expect(result.warnings.isEmpty, "\(result.warnings)")
        }
    }

    @Test func aThreadWithoutMessagesSaysSo() throws {
        let result = try read(#"{"type": "thread.updated", "thread": {"channel_cid": "team:yard", "parent_message_id": "p"}}"#)
        #expect(result.shape == .thread)
        #expect(result.events == ["channel:team:yard"])
        #expect(result.warnings.map(\.reason) == ["no messages found (it looks like a thread without its messages)"])
    }

    @Test func aMessageWithCustomFieldsNamedLikeBoxesStaysAMessage() throws {
        let result = try read(#"{"id": "m", "text": "hi", "thread": {"x": 1}, "draft": {"y": 2}, "threads": [], "drafts": []}"#)
        #expect(result.shape == .ndjson)
        #expect(result.events == ["message:m"])
        #expect(result.messages.first?.customData["thread"] != nil)
    }

    @Test func readsAListOfThreadsThreadByThreadAndNamesEachChannelOnce() throws {
        let second = thread.replacingOccurrences(of: "\"p\"", with: "\"q\"").replacingOccurrences(of: "\"r1\"", with: "\"s1\"")
            .replacingOccurrences(of: "\"r2\"", with: "\"s2\"")
        let third = """
            {"channel_cid": "messaging:dm-1", "parent_message": {"id": "x", "text": "other", "created_at": "2025-12-01T00:00:00Z"},
             "latest_replies": [{"id": "x1", "text": "r", "parent_id": "x", "created_at": "2025-12-01T00:01:00Z"}]}
            """
        let result = try read(#"{"threads": [\#(thread), \#(second), \#(third), 7], "next": "abc", "duration": "3ms"}"#)
        #expect(result.shape == .threads)
        #expect(
            result.events == [
                "channel:team:yard", "message:r1", "message:r2", "message:p", "message:s1", "message:s2", "message:q",
                "channel:messaging:dm-1", "message:x", "message:x1",
            ])
        // Each thread is a list of its own: a thread older than the one above is not out of order.
        #expect(result.warnings.map(\.reason) == ["expected a thread object, found a number"])
        #expect(result.warnings.first?.keyPath == "threads[3]")
    }

    @Test func readsThreadsOneALine() throws {
        let other =
            #"{"channel_id": "dm", "channel_cid": "messaging:dm", "parent_message": {"id": "x", "text": "other"}, "latest_replies": []}"#
        let flat = thread.replacingOccurrences(of: "\n", with: " ")
        let result = try read(flat + "\n" + other + "\n" + #"{"id": "m", "text": "a message after them", "parent_message": 1}"#)
        #expect(result.shape == .ndjson)
        #expect(
            result.events == [
                "channel:team:yard", "message:r1", "message:r2", "message:p", "channel:messaging:dm", "message:x", "message:m",
            ])
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }

    @Test func anEmptyListOfThreadsSaysSo() throws {
        let result = try read(#"{"threads": [], "duration": "1ms"}"#)
        #expect(result.shape == .threads)
        #expect(result.warnings.map(\.reason) == ["no messages found (it looks like a list of threads without messages)"])
    }

    @Test func readsADraftWithItsChannelParentAndQuote() throws {
        let result = try read(
            """
            {"draft": {"channel_cid": "team:yard", "created_at": "2026-01-03T08:00:00Z",
              "message": {"id": "d1", "text": "not sent yet", "parent_id": "p", "quoted_message_id": "r1", "mentioned_users": []},
              "channel": {"id": "yard", "cid": "team:yard", "type": "team", "name": "Yard"},
              "parent_id": "p",
              "parent_message": {"id": "p", "text": "parent", "user": {"id": "a"}, "created_at": "2026-01-02T10:00:00Z"},
              "quoted_message": {"id": "r1", "text": "first", "user": {"id": "b"}, "created_at": "2026-01-02T10:05:00Z"}},
             "duration": "1ms"}
            """)
        #expect(result.shape == .draft)
        #expect(result.events == ["channel:team:yard", "message:p", "message:d1 (draft)"])
        let draft = try #require(result.messages.last)
        #expect(draft.isDraft)
        #expect(draft.parentID == "p")
        #expect(draft.quotedMessage?.text == "first")
        #expect(draft.createdAt == RFC3339.parse("2026-01-03T08:00:00Z"))
        #expect(result.messages.first?.isDraft == false)
        #expect(result.warnings.isEmpty, "\(result.warnings)")
    }

    @Test func readsAListOfDrafts() throws {
        let result = try read(
            """
            {"drafts": [
              {"channel_cid": "messaging:a", "created_at": "2026-01-03T08:00:00Z", "message": {"id": "d1", "text": "one"}},
              {"channel_cid": "messaging:a", "created_at": "2026-01-01T08:00:00Z", "message": {"id": "d2", "text": "two"}},
              {"channel_cid": "messaging:b", "created_at": "2026-01-02T08:00:00Z", "message": {"id": "d3", "text": "three"}},
              {"channel_cid": "messaging:b", "created_at": "2026-01-02T08:00:00Z"},
              "nonsense"],
             "next": "abc"}
            """)
        #expect(result.shape == .drafts)
        #expect(
            result.events == [
                "channel:messaging:a", "message:d1 (draft)", "message:d2 (draft)", "channel:messaging:b", "message:d3 (draft)",
            ])
        #expect(result.warnings.map(\.keyPath) == ["drafts[3].message", "drafts[4]"])
        #expect(result.warnings.first?.skippedMessage == true)
        #expect(result.warnings.last?.reason == "expected a draft object, found a string")
    }

    @Test func anEmptyListOfDraftsSaysSo() throws {
        let result = try read(#"{"drafts": []}"#)
        #expect(result.shape == .drafts)
        #expect(result.warnings.map(\.reason) == ["no messages found (it looks like an empty list of drafts)"])
    }
}
