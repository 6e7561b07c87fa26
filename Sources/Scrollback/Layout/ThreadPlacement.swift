/// Where each message read in the channel flow appears, threads considered: a top-level message
/// in place (its thread block follows it), a thread reply under its first message (and in the
/// channel too when it was also sent there), the replies to a message the input lacks as one
/// block where the first of them is met. Without an index pass, replies stay where they are.
struct ThreadPlacement {
    let index: TranscriptIndex?
    /// Missing parents whose thread has been shown, by id number (``DocumentMessages``): one
    /// block each.
    private var orphanThreadsShown: Set<Int32> = []
    /// Parents whose thread has been shown, by id number: when the input repeats an id, the
    /// thread shows under its first message only, not once more (anchors and all) under each.
    private var threadsShown: Set<Int32> = []

    init(index: TranscriptIndex?) {
        self.index = index
    }

    /// A new document shows orphaned threads again where they appear.
    mutating func startDocument() {
        orphanThreadsShown = []
        threadsShown = []
    }

    /// How `message` enters the layout, or `nil` when it shows only in its thread block.
    mutating func place(_ message: ChatMessage) -> (item: MessageItem, startsGroup: Bool, endsGroup: Bool)? {
        var item = MessageItem(message: message)
        guard let parentID = message.parentID else {
            if let count = index?.replyCount(to: message.id) {
                item.threadReplyCount = count > 0 && Self.firstTime(message.id, in: &threadsShown, index: index) ? count : 0
            }
            // The thread block under it ends its group.
            return (item, false, (item.threadReplyCount ?? 0) > 0)
        }
        guard let index else {
            // One pass: the reply stays where it was read, marked as a reply. Without an index
            // every message is taken to be present, as every quoted one is.
            item.placement = .threadReplyInChannel(parentShown: true, isRepeat: false)
            return (item, false, false)
        }
        if index.containsTopLevel(messageID: parentID) {
            // Its thread shows under the parent; here too only when it was also sent to the channel.
            guard message.showInChannel else { return nil }
            item.placement = .threadReplyInChannel(parentShown: true, isRepeat: true)
        } else if Self.firstTime(parentID, in: &orphanThreadsShown, index: index) {
            // The parent is missing: its whole thread shows where its first reply is met.
            item.placement = .thread
            item.opensOrphanThread = true
        } else if message.showInChannel {
            item.placement = .threadReplyInChannel(parentShown: index.contains(messageID: parentID), isRepeat: true)
        } else {
            return nil
        }
        return (item, true, true)
    }

    /// Whether `id` is not yet in `shown`, which now holds it. Every id asked about here is a
    /// parent of a reply the index pass read, and so has a number.
    private static func firstTime(_ id: String, in shown: inout Set<Int32>, index: TranscriptIndex?) -> Bool {
        guard let number = index?.messages.ids.number(of: id) else { return true }
        return shown.insert(number).inserted
    }
}
