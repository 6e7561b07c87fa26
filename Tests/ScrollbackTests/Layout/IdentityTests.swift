import Foundation
import Testing

@testable import Scrollback

/// Messages are told apart by their ids' bytes, never by a hash: ids are chosen by whoever
/// sends a message, so a crafted pair with equal hashes must not put one message's replies,
/// quotes, reactions or page under another. The tests make every hash collide
/// (``IdentifierTable/init(hashMask:)``) and expect nothing to change.
@Suite struct IdentityTests {
    @Test(arguments: [-1, 0]) func theTableNumbersIdsByTheirBytes(hashMask: Int) {
        var table = IdentifierTable(hashMask: hashMask)
        let ids = ["a", "ab", "", "b", "é", "e\u{301}", "m-1", "m-10"] + (0..<300).map { "id-\($0)" }
        let numbers = ids.map { table.intern($0) }
        #expect(numbers == (0..<Int32(ids.count)).map { $0 }, "each distinct id gets the next number")
        #expect(ids.map { table.intern($0) } == numbers, "and keeps it")
        #expect(ids.map { table.number(of: $0) } == numbers)
        #expect(table.count == ids.count)
        // Canonically equal strings are different ids: Stream compares ids as bytes.
        #expect(table.number(of: "é") != table.number(of: "e\u{301}"))
        #expect(table.number(of: "id-300") == nil && table.number(of: "a ") == nil && table.number(of: "m-") == nil)
    }

    @Test func tablesAreEqualWhenTheyNumberTheSameIds() {
        var seeded = IdentifierTable()
        var colliding = IdentifierTable(hashMask: 0)
        for id in ["x", "y", "z"] {
            _ = seeded.intern(id)
            _ = colliding.intern(id)
        }
        #expect(seeded == colliding)
        _ = colliding.intern("w")
        #expect(seeded != colliding)
    }

    /// An id written many times, as a reply and at the top, among others: each lookup finds
    /// whether any of its messages is at the top.
    @Test(arguments: [-1, 0]) func rolesAddUpForIdsWrittenManyTimes(hashMask: Int) {
        var messages = DocumentMessages(hashMask: hashMask)
        for number in 0..<300 {
            messages.note("same", .reply)
            messages.note("reply-\(number % 10)", .reply)
            messages.note("both-\(number % 10)", number % 3 == 0 ? .topLevel : .reply)
            messages.note("top-\(number % 10)", .topLevel)
        }
        messages.note("quoted", .quoted)
        #expect(messages.contains("same") && !messages.roles(of: "same").contains(.topLevel))
        for number in 0..<10 {
            #expect(messages.contains("reply-\(number)") && !messages.roles(of: "reply-\(number)").contains(.topLevel))
            #expect(messages.roles(of: "both-\(number)").contains(.topLevel) && messages.roles(of: "top-\(number)").contains(.topLevel))
            #expect(!messages.contains("missing-\(number)"))
        }
        #expect(!messages.contains("quoted") && messages.hasQuotes, "a quoted id is known, not shown")
        #expect(messages.shownCount == 31)
    }

    /// A channel whose threads, quotes and orphaned replies would all go wrong if two ids were
    /// taken for one.
    static let channel = """
        {"channel":{"id":"c","name":"Audit"},"messages":[
        \(ThreadTests.message("a", "ana", "Thread A", at: 0)),
        \(ThreadTests.message("b", "ben", "Thread B", at: 1)),
        \(ThreadTests.message("a1", "cat", "reply to A", at: 2, parent: "a")),
        \(ThreadTests.message("b1", "dan", "reply to B", at: 3, parent: "b")),
        \(ThreadTests.message("b2", "ana", "second reply to B", at: 4, parent: "b", showInChannel: true)),
        \(ThreadTests.message("o1", "ben", "reply to a missing parent", at: 5, parent: "gone")),
        \(ThreadTests.message("o2", "cat", "another reply to another missing parent", at: 6, parent: "lost")),
        \(ThreadTests.message("q1", "dan", "quotes A", at: 7, quoting: "a")),
        \(ThreadTests.message("q2", "ana", "quotes a message not here", at: 8, quoting: "absent")),
        \(ThreadTests.message("c", "ben", "last", at: 9))
        ]}
        """

    static func index(_ json: String, hashMask: Int, messagesPerPage: Int? = nil) throws -> TranscriptIndex {
        var reader = TranscriptReader(bytes: Array(json.utf8))
        return try TranscriptIndex(
            reading: &reader, filter: MessageFilter(), directory: NSTemporaryDirectory(), messagesPerPage: messagesPerPage,
            idHashMask: hashMask)
    }

    @Test func everyHashCollidingChangesNoLookup() throws {
        let seeded = try Self.index(Self.channel, hashMask: -1, messagesPerPage: 2)
        let colliding = try Self.index(Self.channel, hashMask: 0, messagesPerPage: 2)
        for index in [seeded, colliding] {
            #expect(try index.replies(to: "a").map(\.id) == ["a1"])
            #expect(try index.replies(to: "b").map(\.id) == ["b1", "b2"])
            #expect(try index.replies(to: "gone").map(\.id) == ["o1"])
            #expect(try index.replies(to: "c").isEmpty && index.replyCount(to: "q1") == 0)
            #expect(index.containsTopLevel(messageID: "a") && !index.containsTopLevel(messageID: "a1"))
            #expect(!index.contains(messageID: "gone") && !index.contains(messageID: "absent"))
        }
        for id in ["a", "b", "c", "a1", "b1", "b2", "o1", "o2", "q1", "q2", "gone", "absent"] {
            #expect(colliding.page(of: id) == seeded.page(of: id), "page of \(id)")
        }
        #expect(seeded.page(of: "b1") == seeded.page(of: "b"), "a reply is on its thread's page")
        #expect(colliding.messages == seeded.messages)
    }

    @Test(arguments: [OutputFormat.html, .ansi, .markdown]) func everyHashCollidingChangesNoOutput(format: OutputFormat) throws {
        func render(hashMask: Int) throws -> String {
            let index = try Self.index(Self.channel, hashMask: hashMask)
            var reader = TranscriptReader(bytes: Array(Self.channel.utf8))
            var backend = format.makeBackend(output: "", options: .default)
            try TranscriptRenderer(options: .default).render(&reader, index: index, to: &backend)
            return backend.output
        }
        let output = try render(hashMask: -1)
        #expect(try render(hashMask: 0) == output)
        #expect(output.contains("reply to A") && output.contains("second reply to B"))
    }

    /// Two ids whose 64-bit FNV-1a hashes agree in all but the lowest bit, found by a search
    /// for a collision (the keys the index once compared, the hash's 63 high bits): a reply
    /// to the second message went under the first, an approval under another question.
    @Test(arguments: [OutputFormat.html, .ansi, .markdown]) func aCraftedHashCollisionCannotRethreadAReply(format: OutputFormat) throws {
        let (first, second) = ("3fc8635c01ce1e44", "6f82544337a54e50")
        #expect(FNV1a.hash(first) >> 1 == FNV1a.hash(second) >> 1, "the ids collide")
        let json = """
            {"channel":{"id":"audit","name":"Audit"},"messages":[
            \(ThreadTests.message(first, "cfo", "Approve invoice 1001?", at: 0)),
            \(ThreadTests.message(second, "eve", "Lunch on Friday?", at: 1)),
            \(ThreadTests.message("r1", "eve", "Yes, approved", at: 2, parent: second))
            ]}
            """
        let output = try ThreadTests.render(json, as: format)
        let question = try #require(output.range(of: "Approve invoice 1001?"))
        let lunch = try #require(output.range(of: "Lunch on Friday?"))
        let reply = try #require(output.range(of: "Yes, approved"))
        #expect(question.upperBound < lunch.lowerBound && lunch.upperBound < reply.lowerBound, "\(output)")
    }

    @Test func entityReactionsAndQuotesFindExactlyTheirMessage() throws {
        let lines = [
            #"{"type": "message", "item": {"id": "m1", "user": "u", "text": "first"}}"#,
            #"{"type": "message", "item": {"id": "m2", "user": "u", "text": "second", "quoted_message_id": "m1"}}"#,
            #"{"type": "reaction", "item": {"message_id": "m1", "type": "like", "user_id": "r1"}}"#,
            #"{"type": "reaction", "item": {"message_id": "m3", "type": "wow", "user_id": "r2"}}"#,
        ]
        let directory = try EntityDirectory(isArray: false, idHashMask: 0)
        try EntityReaderTests.collect(lines, into: directory)
        #expect(directory.resolve(["id": "m1"], complete: true)["reaction_groups"] == ["like": ["count": 1, "sum_scores": 1]])
        #expect(directory.resolve(["id": "m2"], complete: true)["reaction_groups"] == nil)
        #expect(directory.resolve(["id": "m3"], complete: true)["reaction_groups"] == ["wow": ["count": 1, "sum_scores": 1]])
        let quoting = directory.resolve(["id": "m2", "quoted_message_id": "m1"], complete: true)
        #expect(quoting["quoted_message"]?.objectValue?["text"] == "first")
        #expect(directory.entry(ofMessage: "m3") == nil, "a reaction's id is no message")
    }
}
