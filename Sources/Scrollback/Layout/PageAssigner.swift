import Foundation

/// Splits a document into pages during the index pass (`--split N`): a page holds `N`
/// messages of the channel flow (top-level messages); a thread reply goes to its thread's page,
/// which is its parent's, or, when the parent is not in the document, the page where the
/// thread's first reply is met (the renderer shows such a thread there, whole).
///
/// Cut at channels instead (`--output-dir`), a "page" is a channel's document, numbered by the
/// channel's place in ``TranscriptIndex/channels`` plus one (1 for messages before any channel),
/// and a reply goes to its thread's document the same way.
///
/// The pages go to ``DocumentMessages``, by id number: a top-level message's as it is read,
/// the replies' once every top-level message is known. Memory: twenty-four bytes a reply until
/// ``resolve(into:)``.
struct PageAssigner {
    /// Where a new page starts.
    enum Cut {
        /// After every so many messages of the channel flow (`--split`).
        case messages(perPage: Int)
        /// At every channel (`--output-dir`); no page summaries are kept.
        case channels
    }

    /// A reply met during the pass, placed once every top-level message is known.
    private struct PendingReply {
        var number: Int32
        var parent: Int32
        /// `created_at` in seconds, or NaN.
        var time: Double
        /// The page being filled when the reply was read.
        var pageWhenRead: Int32
    }

    let cut: Cut
    private var topLevelCount = 0
    /// With ``Cut/channels``: the place of the channel being read, 0 before any.
    private var channelPlace = 0
    /// Top-level messages' dates, by page, as they come.
    private var summaries: [TranscriptIndex.ChannelSummary] = []
    private var replies: [PendingReply] = []

    init(_ cut: Cut) {
        self.cut = cut
    }

    /// Whether pages are channels' documents (``Cut/channels``).
    var cutsAtChannels: Bool {
        if case .channels = cut { return true }
        return false
    }

    /// The page being filled: that of the last top-level message, 1 before any; with
    /// ``Cut/channels``, the channel's.
    private var currentPage: Int32 {
        switch cut {
        case .messages(let perPage): Int32(clamping: max(1, (topLevelCount + perPage - 1) / perPage))
        case .channels: Int32(clamping: channelPlace + 1)
        }
    }

    /// Notes that a channel starts: with ``Cut/channels``, the next page.
    mutating func startChannel() { channelPlace += 1 }

    /// Adds a message, numbered `number` in `messages` (its parent `parent`, for a reply);
    /// returns the page of a message of the channel flow, `nil` for a reply (placed later, on
    /// its thread's page).
    @discardableResult
    mutating func add(_ message: ChatMessage, number: Int32, parent: Int32?, to messages: inout DocumentMessages) -> Int? {
        guard let parent else {
            topLevelCount += 1
            let page = currentPage
            messages.setPage(page, ofNumber: number)
            if !cutsAtChannels {
                growSummaries(to: page)
                summaries[Int(page) - 1].add(message.createdAt)
            }
            return Int(page)
        }
        replies.append(
            PendingReply(
                number: number, parent: parent, time: message.createdAt?.timeIntervalSince1970 ?? .nan,
                pageWhenRead: currentPage))
        return nil
    }

    /// Notes that `page` (the page being filled when `nil`) shows something of channel number
    /// `channel`: its heading or a message. Channels come in order, so a page's are a range.
    mutating func cover(channel: Int, page: Int?) {
        guard !cutsAtChannels else { return }
        let page = page.map { Int32(clamping: $0) } ?? currentPage
        growSummaries(to: page)
        let range = summaries[Int(page) - 1].channelRange
        summaries[Int(page) - 1].channelRange = min(range?.lowerBound ?? channel, channel)...max(range?.upperBound ?? channel, channel)
    }

    private mutating func growSummaries(to page: Int32) {
        while summaries.count < Int(page) { summaries.append(TranscriptIndex.ChannelSummary()) }
    }

    /// Gives every reply its page in `messages`, and returns each page's summary (at least one
    /// page; none with ``Cut/channels``, whose channels sum themselves up).
    consuming func resolve(into messages: inout DocumentMessages) -> [TranscriptIndex.ChannelSummary] {
        if summaries.isEmpty && !cutsAtChannels { summaries.append(TranscriptIndex.ChannelSummary()) }
        // Only top-level messages have pages until the replies are placed below.
        var pages: [Int32] = []
        pages.reserveCapacity(replies.count)
        // A missing parent's thread shows where its first reply is read: the lowest page, as pages only grow.
        var orphanPages: [Int32: Int32] = [:]
        for reply in replies where messages.page(ofNumber: reply.parent) == nil {
            orphanPages[reply.parent] = min(orphanPages[reply.parent] ?? reply.pageWhenRead, reply.pageWhenRead)
        }
        for reply in replies {
            let page = messages.page(ofNumber: reply.parent) ?? orphanPages[reply.parent] ?? reply.pageWhenRead
            pages.append(page)
            if !cutsAtChannels { summaries[Int(page) - 1].add(reply.time.isNaN ? nil : Date(timeIntervalSince1970: reply.time)) }
        }
        for (reply, page) in zip(replies, pages) { messages.setPage(page, ofNumber: reply.number) }
        replies = []
        return summaries
    }
}
