/// What a quote (or any narrow place) says of a message that has no text: "Photo",
/// "3 photos", "Video", the file's title, "Voice message (0:42)", the poll's name, "4 files".
package enum AttachmentSummary {
    /// The summary of `message`'s attachments, by the kinds `resolver` gives them; `nil` when
    /// it has none (nor a poll or a location).
    package static func text(
        for message: ChatMessage, resolver: any MessageTypeResolving = DefaultMessageTypeResolver(),
        theme: Theme
    ) -> String? {
        if let poll = message.poll, !poll.name.isEmpty { return poll.name }
        let attachments = message.attachments
        guard let first = attachments.first else {
            return message.sharedLocation != nil ? theme.string(.location) : nil
        }
        let count = attachments.count
        let kind = resolver.attachmentKind(of: first, in: message)
        guard attachments.allSatisfy({ resolver.attachmentKind(of: $0, in: message) == kind }) else {
            return theme.string(.files, String(count))
        }
        if let builtIn = BuiltInKind.drawing(kind) { return builtIn.summary(kind, first, count, theme) }
        return count == 1 ? kind.rawValue : theme.string(.files, String(count))
    }
}
