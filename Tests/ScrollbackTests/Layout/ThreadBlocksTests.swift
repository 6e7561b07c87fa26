import Foundation
import Testing

@testable import Scrollback

/// The layout stage that puts each thread's replies in place: what the drawing then only turns
/// into views.
@Suite struct ThreadBlocksTests {
    /// A parent on the 1st whose one reply is on the 2nd, a message after it on the 1st, and a
    /// reply to a message the input lacks.
    static let json = """
        [{"id":"p","text":"Seeds?","user":{"id":"ana"},"created_at":"2026-04-01T10:00:00Z"},
         {"id":"r","text":"Tomorrow","user":{"id":"ben"},"created_at":"2026-04-02T09:00:00Z","parent_id":"p"},
         {"id":"n","text":"Later that day","user":{"id":"ana"},"created_at":"2026-04-01T11:00:00Z"},
         {"id":"o","text":"About the lost one","user":{"id":"ben"},"created_at":"2026-04-01T12:00:00Z","parent_id":"gone"}]
        """

    static func blocks() throws -> (ThreadBlocks, [String: ChatMessage], DateLabels) {
        var first = TranscriptReader(bytes: Array(json.utf8))
        let index = try TranscriptIndex(reading: &first, filter: MessageFilter())
        var reader = TranscriptReader(bytes: Array(json.utf8))
        let messages = try reader.readAll().compactMap { event -> ChatMessage? in
            if case .message(let message) = event { return message }
            return nil
        }
        let labels = DateLabels(timeZone: TimeZone(identifier: "UTC")!, locale: Locale(identifier: "en_US_POSIX"))
        return (ThreadBlocks(index: index, labels: labels), Dictionary(uniqueKeysWithValues: messages.map { ($0.id, $0) }), labels)
    }

    /// Each item as a word: `day:N`, a message's id, or `thread(parent:ids)`.
    static func describe(_ items: [LayoutItem], _ labels: DateLabels) -> [String] {
        items.map { item in
            switch item {
            case .channel: "channel"
            case .day(let date): "day:\(labels.dayNumber(of: date))"
            case .message(let item): item.message.id
            case .thread(let block):
                "thread(\(block.parent?.id ?? "-"):\(describe(block.items, labels).joined(separator: ",")))"
            }
        }
    }

    @Test func aThreadFollowsItsParentAndTheFlowRestatesItsDayAfter() throws {
        var (threads, messages, labels) = try Self.blocks()
        let day1 = labels.dayNumber(of: try #require(messages["p"]?.createdAt))
        var parent = MessageItem(message: try #require(messages["p"]))
        parent.threadReplyCount = 1
        #expect(Self.describe(threads.placing([.message(parent)]), labels) == ["p", "thread(p:day:\(day1 + 1),r)"])
        // The block ran into the 2nd: the next message of the 1st says its day again, once.
        let next = MessageItem(message: try #require(messages["n"]))
        #expect(Self.describe(threads.placing([.message(next)]), labels) == ["day:\(day1)", "n"])
        #expect(Self.describe(threads.placing([.message(next)]), labels) == ["n"])
    }

    @Test func theFirstReplyToAMissingMessageIsReplacedByItsThread() throws {
        var (threads, messages, labels) = try Self.blocks()
        var orphan = MessageItem(message: try #require(messages["o"]), placement: .thread)
        orphan.opensOrphanThread = true
        #expect(Self.describe(threads.placing([.message(orphan)]), labels) == ["thread(-:o)"])
    }

    @Test func withoutAnIndexNothingIsAdded() throws {
        let (_, messages, labels) = try Self.blocks()
        var threads = ThreadBlocks(index: nil, labels: labels)
        var parent = MessageItem(message: try #require(messages["p"]))
        parent.threadReplyCount = 1
        #expect(Self.describe(threads.placing([.message(parent)]), labels) == ["p"])
    }
}
