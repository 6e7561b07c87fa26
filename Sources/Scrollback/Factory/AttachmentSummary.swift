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
        switch kind {
        case .image: return count == 1 ? theme.string(.photo) : theme.string(.photos, String(count))
        case .video: return count == 1 ? theme.string(.video) : theme.string(.videos, String(count))
        case .file: return count == 1 ? first.title ?? theme.string(.file) : theme.string(.files, String(count))
        case .audio: return count == 1 ? first.title ?? theme.string(.audio) : theme.string(.files, String(count))
        case .voiceRecording:
            guard let duration = first.duration else { return theme.string(.voiceMessage) }
            return theme.string(.voiceMessageDuration, AttachmentFormatting.duration(duration))
        case .giphy: return "GIF"
        case .linkPreview: return first.string("title", "og_scrape_url") ?? theme.string(.link)
        case .contactCard: return first.string("name").map { "\(theme.string(.contact)): \($0)" } ?? theme.string(.contact)
        default: return count == 1 ? kind.rawValue : theme.string(.files, String(count))
        }
    }
}
