/// The quote previews (`DefaultViews.previewText(_:mentionedUsers:)`) of the messages
/// a document quotes, from the parse of their text the drawing of those messages makes anyway.
/// A quote of a message with Markdown in it otherwise parses the quoted text once more, which
/// costs as much as drawing the text.
///
/// A preview follows from a text and its mentioned users alone, so a kept parse serves a quote
/// whose embedded copy has the same text and mentions; an older or newer copy is parsed as
/// before. The preview is made from the kept parse when a quote first asks for it. Bounded:
/// once the texts kept reach ``byteLimit`` bytes (each counted three times, for its parse),
/// no more are kept, and the quotes of the messages left out parse their text.
final class QuotePreviews: Sendable {
    static var byteLimit: Int { 4 << 20 }

    private struct Entry {
        let text: String
        /// What a parse reads of the mentioned users: their ids and names, in order, and only
        /// for a text with an `@` (``ChatMarkdown/parse(_:mentionedUsers:)``).
        let mentions: [Mention]
        let document: MarkdownDocument
        /// Made from `document` when a quote first asks.
        var preview: String?
    }

    private struct Mention: Equatable {
        let id: String
        let name: String
    }

    private struct Kept {
        /// By the quoted message's id number in ``DocumentMessages``.
        var entries: [Int32: Entry] = [:]
        var bytes = 0
    }

    /// The document's ids, those it quotes among them.
    private let messages: DocumentMessages
    private let kept = Locked(Kept())

    init(messages: DocumentMessages) {
        self.messages = messages
    }

    /// Whether ``remember(_:)`` keeps anything of `message`: the document quotes it, and its
    /// text needs parsing for a preview.
    func wantsPreview(of message: ChatMessage) -> Bool {
        let text = message.text
        // A preview parses the text's first 2,000 characters: no more bytes than that, and the
        // message's own parse is of the same text.
        guard !text.isEmpty, text.utf8.count <= 2_000 else { return false }
        return messages.roles(of: message.id).contains(.quoted) && DefaultViews.mayHoldMarkup(text)
    }

    /// Keeps the parse of the text of a message ``wantsPreview(of:)`` takes, parsing it into
    /// `message` (``ChatMessage/parsedText``) unless the reading did, so that the drawing does
    /// not parse it again.
    func remember(_ message: inout ChatMessage) {
        let text = message.text
        let document: MarkdownDocument
        if let parsed = message.parsedText {
            document = parsed
        } else {
            document = ChatMarkdown.parse(text, mentionedUsers: message.mentionedUsers)
            message.parsedText = document
        }
        let entry = Entry(text: text, mentions: Self.mentions(of: message), document: document)
        guard let key = messages.ids.number(of: message.id) else { return }
        kept.withLock { kept in
            let bytes = 3 * text.utf8.count
            let replaced = kept.entries[key].map { 3 * $0.text.utf8.count } ?? 0
            guard kept.bytes - replaced + bytes <= Self.byteLimit else { return }
            kept.entries[key] = entry
            kept.bytes += bytes - replaced
        }
    }

    /// The preview for a quote of `message` (the quote's embedded copy), from the parse kept
    /// for the same text and mentioned users; `nil` when there is none.
    func preview(of message: ChatMessage) -> String? {
        guard !message.id.isEmpty, let key = messages.ids.number(of: message.id) else { return nil }
        return kept.withLock { kept -> String? in
            guard let entry = kept.entries[key], entry.text == message.text, entry.mentions == Self.mentions(of: message) else {
                return nil
            }
            if let preview = entry.preview { return preview }
            let preview = DefaultViews.previewText(of: entry.document)
            kept.entries[key]?.preview = preview
            return preview
        }
    }

    private static func mentions(of message: ChatMessage) -> [Mention] {
        guard message.text.containsUTF8(UInt8(ascii: "@")) else { return [] }
        return message.mentionedUsers.map { Mention(id: $0.id, name: $0.displayName) }
    }
}
