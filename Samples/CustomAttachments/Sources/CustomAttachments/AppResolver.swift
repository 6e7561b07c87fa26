import Scrollback

// Step 5a: the app's resolver. Everything it does not override keeps Scrollback's default.
/// Reads what older versions of the app sent the way the current version means it.
public struct AppResolver: MessageTypeResolving {
    public init() {}

    /// A legacy `run` attachment is a workout with the same fields.
    public func attachmentKind(of attachment: AnyChatMessageAttachment, in message: ChatMessage) -> AttachmentType {
        attachment.type == .legacyRun ? .workout : attachment.type
    }
}
