import Foundation

/// Message texts parsed ahead of the drawing, on the reading thread: ``ChatMarkdown/parse(_:mentionedUsers:)``
/// is a function of the message alone, so the reading thread can run it beside the drawing.
///
/// Entries go by message id and are checked against the text and mentions they were made
/// from, so a message changed since (or another with the same id) is parsed again. The oldest
/// entries give way past ``capacity``: a message never drawn (filtered out, or a reply drawn
/// under its thread from the index) costs nothing for long.
final class ParsedTexts: @unchecked Sendable {
    private struct Entry {
        let text: String
        let mentionedUsers: [ChatUser]
        let document: MarkdownDocument
    }

    /// Far more than the reading runs ahead of the drawing.
    private let capacity = 4096
    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var order: [String] = []
    private var oldest = 0

    /// Parses each message's text and keeps the result for ``take(for:mentionedUsers:text:)``.
    func prepare(_ messages: [(id: String, text: String, mentionedUsers: [ChatUser])]) {
        let parsed = messages.filter { !$0.id.isEmpty && !$0.text.isEmpty }.map { message in
            (
                message.id,
                Entry(
                    text: message.text, mentionedUsers: message.mentionedUsers,
                    document: ChatMarkdown.parse(message.text, mentionedUsers: message.mentionedUsers))
            )
        }
        guard !parsed.isEmpty else { return }
        lock.lock()
        defer { lock.unlock() }
        for (id, entry) in parsed {
            if entries.updateValue(entry, forKey: id) == nil { order.append(id) }
        }
        while order.count - oldest > capacity {
            entries[order[oldest]] = nil
            oldest += 1
        }
        if oldest > capacity {
            order.removeFirst(oldest)
            oldest = 0
        }
    }

    /// The parsed text of message `id`, once, when it was made from this `text` and these mentions.
    func take(for id: String, text: String, mentionedUsers: [ChatUser]) -> MarkdownDocument? {
        guard !id.isEmpty else { return nil }
        lock.lock()
        let entry = entries.removeValue(forKey: id)
        lock.unlock()
        guard let entry, entry.text == text, entry.mentionedUsers == mentionedUsers else { return nil }
        return entry.document
    }
}
