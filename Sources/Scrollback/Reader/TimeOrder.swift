import Foundation

/// Notices a channel's messages going back in time. A transcript is drawn in the order of its
/// file (it streams: sorting would mean holding or seeking every message), so a file written
/// newest first, or shuffled, is reported once per channel instead of drawn out of order
/// without a word.
struct TimeOrder {
    /// The latest `created_at` among the channel's messages so far.
    private var latest: Date?
    private var reported = false

    /// Begins another channel's messages (or another list of them).
    mutating func restart() {
        self = TimeOrder()
    }

    /// Why `message` is reported: the first message of the channel sent before one above it.
    /// Replies count only when they also show in the channel; they are drawn under their parent.
    mutating func problem(with message: ChatMessage) -> String? {
        guard message.parentID == nil || message.showInChannel, let sent = message.createdAt else { return nil }
        guard let latest, sent < latest else {
            latest = sent
            return nil
        }
        guard !reported else { return nil }
        reported = true
        // With milliseconds: messages sent within one second still show which came first.
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        return "sent \(style.format(sent)), before a message above it (\(style.format(latest))): "
            + "messages are shown in the order of the file, not sorted by time; later ones in this channel are not reported"
    }
}
