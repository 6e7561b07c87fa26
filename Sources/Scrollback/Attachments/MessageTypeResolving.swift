/// Decides what a message shows, and which factory slots draw it, as the iOS SDK's resolver
/// does. Apps pass their own to recognise their own kinds; every requirement decides something,
/// and each has the default chat clients use (``DefaultMessageTypeResolver``).
///
/// An app's answer replaces the default one, so an override that only adds a case calls the
/// default for the rest: `DefaultMessageTypeResolver().hasCustomAttachment(message: message)`.
public protocol MessageTypeResolving: Sendable {
    /// Whether the message is shown as "Message deleted" (its content never is).
    func isDeleted(message: ChatMessage) -> Bool
    /// Whether the message is shown as a centred system line.
    func isSystem(message: ChatMessage) -> Bool
    /// Whether the message's text is shown.
    func hasText(message: ChatMessage) -> Bool
    /// Whether any attachment is shown: `false` hides them all.
    func hasAttachment(message: ChatMessage) -> Bool
    /// Which kind an attachment is, and so which slot (or registered view) draws it: its own
    /// type by default. An app can send a kind to another slot, e.g. its `photo` type to the
    /// image slot, or a legacy `vcard` to its `contact` kind; decoding, quote summaries and
    /// ``ChatMessage/attachments(payloadType:resolver:)`` follow the same answer.
    func attachmentKind(of attachment: AnyChatMessageAttachment, in message: ChatMessage) -> AttachmentType
    /// Whether contact cards, the app's own kinds and unknown kinds are shown.
    func hasCustomAttachment(message: ChatMessage) -> Bool
    /// Whether the quoted message is shown above the reply.
    func hasQuote(message: ChatMessage) -> Bool
    /// Whether images are shown.
    func hasImageAttachment(message: ChatMessage) -> Bool
    /// Whether videos are shown.
    func hasVideoAttachment(message: ChatMessage) -> Bool
    /// Whether files and audio files are shown.
    func hasFileAttachment(message: ChatMessage) -> Bool
    /// Whether voice recordings are shown.
    func hasVoiceRecording(message: ChatMessage) -> Bool
    /// Whether giphy attachments are shown.
    func hasGiphy(message: ChatMessage) -> Bool
    /// Whether link previews are shown.
    func hasLinkPreview(message: ChatMessage) -> Bool
    /// Whether the message's poll is shown.
    func hasPoll(message: ChatMessage) -> Bool
    /// Whether the message's shared location is shown.
    func hasSharedLocation(message: ChatMessage) -> Bool
}

extension MessageTypeResolving {
    /// The default: ``ChatMessage/kind`` is ``MessageKind/deleted``.
    public func isDeleted(message: ChatMessage) -> Bool { message.kind == .deleted }
    /// The default: ``ChatMessage/kind`` is ``MessageKind/system`` or ``MessageKind/error``.
    public func isSystem(message: ChatMessage) -> Bool { message.kind == .system || message.kind == .error }
    /// The default: the text is not empty.
    public func hasText(message: ChatMessage) -> Bool { !message.text.isEmpty }
    /// The default: the message has at least one attachment.
    public func hasAttachment(message: ChatMessage) -> Bool { !message.attachments.isEmpty }
    /// The default: the attachment's own ``AnyChatMessageAttachment/type``.
    public func attachmentKind(of attachment: AnyChatMessageAttachment, in message: ChatMessage) -> AttachmentType { attachment.type }
    /// The default: an attachment's kind is a contact card, one of the app's own kinds or unknown.
    public func hasCustomAttachment(message: ChatMessage) -> Bool { has(.custom, in: message) }
    /// The default: the message has a ``ChatMessage/quotedMessageID`` or an embedded
    /// ``ChatMessage/quotedMessage``.
    public func hasQuote(message: ChatMessage) -> Bool { message.quotedMessageID != nil || message.quotedMessage != nil }
    /// The default: an attachment's kind is ``AttachmentType/image``.
    public func hasImageAttachment(message: ChatMessage) -> Bool { has(.image, in: message) }
    /// The default: an attachment's kind is ``AttachmentType/video``.
    public func hasVideoAttachment(message: ChatMessage) -> Bool { has(.video, in: message) }
    /// The default: an attachment's kind is ``AttachmentType/file`` or ``AttachmentType/audio``.
    public func hasFileAttachment(message: ChatMessage) -> Bool { has(.file, in: message) }
    /// The default: an attachment's kind is ``AttachmentType/voiceRecording``.
    public func hasVoiceRecording(message: ChatMessage) -> Bool { has(.voiceRecording, in: message) }
    /// The default: an attachment's kind is ``AttachmentType/giphy``.
    public func hasGiphy(message: ChatMessage) -> Bool { has(.giphy, in: message) }
    /// The default: an attachment's kind is ``AttachmentType/linkPreview``.
    public func hasLinkPreview(message: ChatMessage) -> Bool { has(.linkPreview, in: message) }
    /// The default: the message carries a readable ``ChatMessage/poll``.
    public func hasPoll(message: ChatMessage) -> Bool { message.poll != nil }
    /// The default: the message carries a readable ``ChatMessage/sharedLocation``.
    public func hasSharedLocation(message: ChatMessage) -> Bool { message.sharedLocation != nil }

    private func has(_ group: AttachmentGroup, in message: ChatMessage) -> Bool {
        message.attachments.contains { AttachmentGroup(attachmentKind(of: $0, in: message)) == group }
    }
}

/// The resolver chat clients use by default.
public struct DefaultMessageTypeResolver: MessageTypeResolving {
    /// The default resolver.
    public init() {}
}

/// Which of the resolver's `has…` answers shows an attachment of a kind.
enum AttachmentGroup: UInt8 {
    case image, video, file, voiceRecording, giphy, linkPreview
    /// Contact cards, the app's own kinds and unknown ones.
    case custom

    init(_ kind: AttachmentType) {
        switch kind {
        case .image: self = .image
        case .video: self = .video
        case .file, .audio: self = .file
        case .voiceRecording: self = .voiceRecording
        case .giphy: self = .giphy
        case .linkPreview: self = .linkPreview
        default: self = .custom
        }
    }

    /// The name of the resolver's `has…` answer for this group, for a warning that it hid one.
    var answerName: String {
        switch self {
        case .image: "hasImageAttachment"
        case .video: "hasVideoAttachment"
        case .file: "hasFileAttachment"
        case .voiceRecording: "hasVoiceRecording"
        case .giphy: "hasGiphy"
        case .linkPreview: "hasLinkPreview"
        case .custom: "hasCustomAttachment"
        }
    }

    /// The resolver's `has…` answer for this group.
    func isShown(in message: ChatMessage, resolver: any MessageTypeResolving) -> Bool {
        switch self {
        case .image: resolver.hasImageAttachment(message: message)
        case .video: resolver.hasVideoAttachment(message: message)
        case .file: resolver.hasFileAttachment(message: message)
        case .voiceRecording: resolver.hasVoiceRecording(message: message)
        case .giphy: resolver.hasGiphy(message: message)
        case .linkPreview: resolver.hasLinkPreview(message: message)
        case .custom: resolver.hasCustomAttachment(message: message)
        }
    }

    /// Where a built-in kind drawn below the text goes, as chat clients stack them: giphy,
    /// voice recordings, link previews, then files. Pictures go in the gallery above the text,
    /// custom kinds after all of these.
    var orderAfterText: Int {
        switch self {
        case .giphy: 0
        case .voiceRecording: 1
        case .linkPreview: 2
        case .file: 3
        case .image, .video, .custom: Self.placesAfterText
        }
    }

    /// How many places ``orderAfterText`` has.
    static let placesAfterText = 4
}
