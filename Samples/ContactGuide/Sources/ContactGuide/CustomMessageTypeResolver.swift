import Scrollback

// Step 2 of the guide, "update the message resolving logic": the resolver tells the message
// list which messages carry contacts. Everything it does not override keeps Scrollback's
// default (`DefaultMessageTypeResolver`).
//
// One difference from the iOS SDK matters here. Scrollback already knows the `contact` type
// and its default resolver already answers `hasCustomAttachment` with `true` for any message
// with a contact (or any attachment kind it does not know): a transcript hides nothing a
// sender attached. So the answer below changes nothing for messages sent as `contact`; what
// changes the output is `attachmentKind`, which makes older `vcard` attachments contacts.

/// Reads older app versions' `vcard` attachments as contacts, and shows contacts.
public struct CustomMessageTypeResolver: MessageTypeResolving {
    public init() {}

    /// A legacy `vcard` is a contact with the same fields: it is drawn, decoded, read with
    /// `attachments(payloadType:resolver:)` and summarised in quotes as one.
    public func attachmentKind(of attachment: AnyChatMessageAttachment, in message: ChatMessage) -> AttachmentType {
        attachment.type == .legacyVCard ? .contact : attachment.type
    }

    /// The guide's answer: `true` when the message has contacts (read through this resolver,
    /// so legacy `vcard`s count). Scrollback's default answer is kept for every other message:
    /// answering only for contacts, as the guide does, would hide the app's other kinds and
    /// any unknown attachment in messages without a contact.
    public func hasCustomAttachment(message: ChatMessage) -> Bool {
        !message.attachments(payloadType: ContactAttachmentPayload.self, resolver: self).isEmpty
            || DefaultMessageTypeResolver().hasCustomAttachment(message: message)
    }
}
