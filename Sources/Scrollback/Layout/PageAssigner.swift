import Foundation

/// Splits a document into pages during the index pass (`--split N`): a page holds `N`
/// messages of the channel flow (top-level messages); a thread reply goes to its thread's page,
/// which is its parent's, or, when the parent is not in the document, the page where the
/// thread's first reply is met (the renderer shows such a thread there, whole).
///
/// Memory: sixteen bytes a message kept, and thirty-two a reply until ``resolve()``.
struct PageAssigner {
    /// A message's id hash and page.
    struct Entry: Comparable, Sendable {
        var key: UInt64
        var page: Int32

        static func < (lhs: Entry, rhs: Entry) -> Bool { (lhs.key, lhs.page) < (rhs.key, rhs.page) }
    }

    /// A reply met during the pass, placed once every top-level message is known.
    private struct PendingReply {
        var key: UInt64
        var parent: UInt64
        /// `created_at` in seconds, or NaN.
        var time: Double
        /// The page being filled when the reply was read.
        var pageWhenRead: Int32
    }

    let messagesPerPage: Int
    private var topLevelCount = 0
    private var topLevel: [Entry] = []
    /// Top-level messages' dates, by page, as they come.
    private var summaries: [TranscriptIndex.ChannelSummary] = []
    private var replies: [PendingReply] = []

    init(messagesPerPage: Int) {
        self.messagesPerPage = messagesPerPage
    }

    /// The page being filled: that of the last top-level message, 1 before any.
    private var currentPage: Int32 { Int32(clamping: max(1, (topLevelCount + messagesPerPage - 1) / messagesPerPage)) }

    /// Adds a message; returns the page of a message of the channel flow, `nil` for a reply
    /// (placed later, on its thread's page).
    @discardableResult
    mutating func add(_ message: ChatMessage) -> Int? {
        let key = MessageIDSet.key(message.id)
        guard let parent = message.parentID else {
            topLevelCount += 1
            let page = currentPage
            topLevel.append(Entry(key: key, page: page))
            growSummaries(to: page)
            summaries[Int(page) - 1].add(message.createdAt)
            return Int(page)
        }
        replies.append(
            PendingReply(
                key: key, parent: MessageIDSet.key(parent),
                time: message.createdAt?.timeIntervalSince1970 ?? .nan, pageWhenRead: currentPage))
        return nil
    }

    /// Notes that `page` (the page being filled when `nil`) shows something of channel number
    /// `channel`: its heading or a message. Channels come in order, so a page's are a range.
    mutating func cover(channel: Int, page: Int?) {
        let page = page.map { Int32(clamping: $0) } ?? currentPage
        growSummaries(to: page)
        let range = summaries[Int(page) - 1].channelRange
        summaries[Int(page) - 1].channelRange = min(range?.lowerBound ?? channel, channel)...max(range?.upperBound ?? channel, channel)
    }

    private mutating func growSummaries(to page: Int32) {
        while summaries.count < Int(page) { summaries.append(TranscriptIndex.ChannelSummary()) }
    }

    /// Every message's page, sorted by id hash, and each page's summary (at least one page).
    consuming func resolve() -> (entries: [Entry], pages: [TranscriptIndex.ChannelSummary]) {
        topLevel.sort()
        if summaries.isEmpty { summaries.append(TranscriptIndex.ChannelSummary()) }
        // A missing parent's thread shows where its first reply is read: the lowest page, as pages only grow.
        var orphanPages: [UInt64: Int32] = [:]
        for reply in replies where Self.page(of: reply.parent, in: topLevel) == nil {
            orphanPages[reply.parent] = min(orphanPages[reply.parent] ?? reply.pageWhenRead, reply.pageWhenRead)
        }
        var entries = topLevel
        entries.reserveCapacity(topLevel.count + replies.count)
        for reply in replies {
            let page = Self.page(of: reply.parent, in: topLevel).map { Int32($0) } ?? orphanPages[reply.parent] ?? reply.pageWhenRead
            entries.append(Entry(key: reply.key, page: page))
            summaries[Int(page) - 1].add(reply.time.isNaN ? nil : Date(timeIntervalSince1970: reply.time))
        }
        replies = []
        entries.sort()
        return (entries, summaries)
    }

    /// The first page listed for `key` in sorted `entries`.
    static func page(of key: UInt64, in entries: [Entry]) -> Int? {
        let low = entries.firstIndex(notBelow: key, by: \.key)
        guard low < entries.count, entries[low].key == key else { return nil }
        return Int(entries[low].page)
    }
}
