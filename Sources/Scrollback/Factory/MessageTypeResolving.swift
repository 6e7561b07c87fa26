/// Decides what kind of content a message has, and so which factory slots draw it.
/// Apps pass their own to recognise their own attachment kinds.
public protocol MessageTypeResolving: Sendable {
    func isDeleted(message: ChatMessage) -> Bool
    func isSystem(message: ChatMessage) -> Bool
    func hasText(message: ChatMessage) -> Bool
    func hasAttachment(message: ChatMessage) -> Bool
    /// Whether the message carries an attachment that is not one of the built-in kinds.
    func hasCustomAttachment(message: ChatMessage) -> Bool
    func hasQuote(message: ChatMessage) -> Bool
}

extension MessageTypeResolving {
    public func isDeleted(message: ChatMessage) -> Bool { message.kind == .deleted }
    public func isSystem(message: ChatMessage) -> Bool { message.kind == .system || message.kind == .error }
    public func hasText(message: ChatMessage) -> Bool { !message.text.isEmpty }
    public func hasAttachment(message: ChatMessage) -> Bool { !message.attachments.isEmpty }
    public func hasCustomAttachment(message: ChatMessage) -> Bool { message.attachments.contains { $0.isCustom } }
    public func hasQuote(message: ChatMessage) -> Bool { message.quotedMessageID != nil || message.quotedMessage != nil }
}

/// The resolver chat clients use by default.
public struct DefaultMessageTypeResolver: MessageTypeResolving {
    public init() {}
}
