import Foundation

/// The replies of one thread, laid out as the channel is (groups, and a day separator where
/// the thread runs into another day): the block that shows under its first message, or where
/// the first reply to a message the input lacks is met.
package struct ThreadBlock: Sendable, Hashable {
    /// The message the replies answer; `nil` when the input lacks it.
    package var parent: ChatMessage?
    /// The replies and their day separators (``LayoutItem/message(_:)`` and ``LayoutItem/day(_:)``).
    package var items: [LayoutItem]
    /// The replies shown, drafts left out (a draft was never sent).
    package var replyCount: Int
    /// Why the replies could not be read back, if they could not.
    package var readError: ReadError?
}

/// The layout's items with each thread's block in place: after a message that has replies
/// (``MessageItem/threadReplyCount``), and instead of the first reply to a missing message
/// (``MessageItem/opensOrphanThread``). The replies are read back from the index pass's spool
/// here, so that what follows only draws. After a block that ended on another day, the flow's
/// next message states its own day again (the layout, which sees only the channel flow, saw no
/// change of day).
package struct ThreadBlocks {
    private let index: TranscriptIndex?
    private let labels: DateLabels
    /// The day of the last separator a block showed, until the flow states a day itself.
    private var leftDay: Int64?

    package init(index: TranscriptIndex?, labels: DateLabels) {
        self.index = index
        self.labels = labels
    }

    /// `items` as the layout gave them, with the thread blocks they open.
    package mutating func placing(_ items: [LayoutItem]) -> [LayoutItem] {
        // Most messages open no block and follow none: their items go on as they are.
        guard leftDay != nil || items.contains(where: Self.opensBlock) else { return items }
        var placed: [LayoutItem] = []
        placed.reserveCapacity(items.count)
        for item in items {
            switch item {
            case .channel, .day:
                leftDay = nil
                placed.append(item)
            case .message(let item) where item.opensOrphanThread:
                restateDay(before: item.message, in: &placed)
                add(block(parent: nil, id: item.message.parentID ?? "", after: item.message.createdAt), to: &placed)
            case .message(let message):
                restateDay(before: message.message, in: &placed)
                placed.append(item)
                if message.placement == .channel, let count = message.threadReplyCount, count > 0 {
                    add(block(parent: message.message, id: message.message.id, after: message.message.createdAt), to: &placed)
                }
            case .thread:
                placed.append(item)
            }
        }
        return placed
    }

    /// Whether `item` is a message that a thread block follows or replaces.
    private static func opensBlock(_ item: LayoutItem) -> Bool {
        guard case .message(let message) = item else { return false }
        return message.opensOrphanThread || (message.placement == .channel && (message.threadReplyCount ?? 0) > 0)
    }

    /// A day separator for `message` when the block before it ended on another day.
    private mutating func restateDay(before message: ChatMessage, in placed: inout [LayoutItem]) {
        guard let shown = leftDay, let date = message.createdAt else { return }
        leftDay = nil
        if labels.dayNumber(of: date) != shown { placed.append(.day(date)) }
    }

    /// Adds `block`, remembering the day it ends on; without an index there is none.
    private mutating func add(_ block: ThreadBlock?, to placed: inout [LayoutItem]) {
        guard let block else {
            leftDay = nil
            return
        }
        leftDay = nil
        for case .day(let date) in block.items { leftDay = labels.dayNumber(of: date) }
        placed.append(.thread(block))
    }

    /// The replies to `id`, read back and laid out after `date`, their parent's.
    private func block(parent: ChatMessage?, id: String, after date: Date?) -> ThreadBlock? {
        guard let index else { return nil }
        let replies: [ChatMessage]
        var readError: ReadError?
        do {
            replies = try index.replies(to: id)
        } catch {
            replies = []
            readError = error
        }
        var layout = TranscriptLayout(labels: labels, startingDay: date)
        var items: [LayoutItem] = []
        for reply in replies { items += layout.add(MessageItem(message: reply, placement: .thread)) }
        items += layout.flush()
        // An unsent draft shows in its thread but is none of the thread's replies.
        return ThreadBlock(parent: parent, items: items, replyCount: replies.count { !$0.isDraft }, readError: readError)
    }
}
