/// Decides what kind of content a message has, and so which factory slots draw it.
/// Apps pass their own to recognise their own attachment kinds.
public protocol MessageTypeResolving: Sendable {
    func isDeleted(message: ChatMessage) -> Bool
    func isSystem(message: ChatMessage) -> Bool
    func hasText(message: ChatMessage) -> Bool
    func hasAttachment(message: ChatMessage) -> Bool
    /// Which slot draws an attachment: its own type by default. An app can send a kind to
    /// another slot, e.g. its `photo` type to the image slot, or some images to its own.
    func attachmentKind(of attachment: AnyChatMessageAttachment, in message: ChatMessage) -> AttachmentType
    /// Whether the message carries an attachment that is not one of the built-in kinds.
    func hasCustomAttachment(message: ChatMessage) -> Bool
    func hasQuote(message: ChatMessage) -> Bool
    func hasImageAttachment(message: ChatMessage) -> Bool
    func hasVideoAttachment(message: ChatMessage) -> Bool
    func hasFileAttachment(message: ChatMessage) -> Bool
    func hasVoiceRecording(message: ChatMessage) -> Bool
    func hasGiphy(message: ChatMessage) -> Bool
    func hasLinkPreview(message: ChatMessage) -> Bool
    func hasPoll(message: ChatMessage) -> Bool
    func hasSharedLocation(message: ChatMessage) -> Bool
}

extension MessageTypeResolving {
    public func isDeleted(message: ChatMessage) -> Bool { message.kind == .deleted }
    public func isSystem(message: ChatMessage) -> Bool { message.kind == .system || message.kind == .error }
    public func hasText(message: ChatMessage) -> Bool { !message.text.isEmpty }
    public func hasAttachment(message: ChatMessage) -> Bool { !message.attachments.isEmpty }
    public func attachmentKind(of attachment: AnyChatMessageAttachment, in message: ChatMessage) -> AttachmentType { attachment.type }
    public func hasCustomAttachment(message: ChatMessage) -> Bool {
        message.attachments.contains { !AttachmentType.builtIn.contains(attachmentKind(of: $0, in: message)) }
    }
    public func hasQuote(message: ChatMessage) -> Bool { message.quotedMessageID != nil || message.quotedMessage != nil }
    public func hasImageAttachment(message: ChatMessage) -> Bool { has(.image, in: message) }
    public func hasVideoAttachment(message: ChatMessage) -> Bool { has(.video, in: message) }
    public func hasFileAttachment(message: ChatMessage) -> Bool { has(.file, in: message) || has(.audio, in: message) }
    public func hasVoiceRecording(message: ChatMessage) -> Bool { has(.voiceRecording, in: message) }
    public func hasGiphy(message: ChatMessage) -> Bool { has(.giphy, in: message) }
    public func hasLinkPreview(message: ChatMessage) -> Bool { has(.linkPreview, in: message) }
    public func hasPoll(message: ChatMessage) -> Bool { message.poll != nil }

    private func has(_ kind: AttachmentType, in message: ChatMessage) -> Bool {
        message.attachments.contains { attachmentKind(of: $0, in: message) == kind }
    }
    public func hasSharedLocation(message: ChatMessage) -> Bool { message.sharedLocation != nil }
}

/// The resolver chat clients use by default.
public struct DefaultMessageTypeResolver: MessageTypeResolving {
    public init() {}
}
