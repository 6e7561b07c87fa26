import Foundation

/// The typed fields of one kind of attachment, decoded from the attachment's flat keys, as in
/// the iOS SDK:
///
/// ```swift
/// extension AttachmentType { static let workout = Self(rawValue: "workout") }
///
/// struct WorkoutAttachmentPayload: AttachmentPayload {
///     static let type: AttachmentType = .workout
///     var distance: Double
///     var duration: Int
/// }
///
/// let workouts = message.attachments(payloadType: WorkoutAttachmentPayload.self)
/// ```
public protocol AttachmentPayload: Codable, Sendable {
    static var type: AttachmentType { get }
}

/// An attachment with its payload decoded, its id and every raw field still at hand.
public struct ChatMessageAttachment<Payload: AttachmentPayload>: Sendable {
    public var id: AttachmentID
    public var type: AttachmentType
    public var payload: Payload
    /// Every field as the sender wrote it, including those the payload does not declare.
    public var raw: JSONObject

    public init(id: AttachmentID, type: AttachmentType, payload: Payload, raw: JSONObject) {
        self.id = id
        self.type = type
        self.payload = payload
        self.raw = raw
    }
}

extension AnyChatMessageAttachment {
    /// The fields decoded as `payloadType`, whatever the attachment's `type` says (the resolver
    /// decides which kind an attachment is; see ``ChatMessage/attachments(payloadType:resolver:)``).
    /// Throws the decoding error when the fields do not fit the payload.
    public func decoded<Payload: AttachmentPayload>(as payloadType: Payload.Type) throws -> ChatMessageAttachment<Payload> {
        let payload = try JSONValueDecoding.decode(Payload.self, from: raw)
        return ChatMessageAttachment(id: id, type: Payload.type, payload: payload, raw: raw)
    }
}

extension ChatMessage {
    /// The message's attachments that `resolver` says are of `payloadType`'s kind, decoded:
    /// a resolver that maps a legacy type to the payload's kind gets those attachments too.
    /// Attachments whose fields do not fit the payload are left out here; rendering them
    /// reports the decoding error and draws the kind's default view.
    public func attachments<Payload: AttachmentPayload>(
        payloadType: Payload.Type, resolver: any MessageTypeResolving = DefaultMessageTypeResolver()
    ) -> [ChatMessageAttachment<Payload>] {
        attachments.compactMap { attachment in
            guard resolver.attachmentKind(of: attachment, in: self) == Payload.type else { return nil }
            return try? attachment.decoded(as: payloadType)
        }
    }
}

/// A payload that draws itself, like the iOS SDK's `AttachmentPreviewProvider`. Register it
/// with ``AttachmentViewRegistry/register(_:)`` and it appears in all three outputs.
public protocol AttachmentViewProviding: AttachmentPayload {
    /// How several attachments of this kind in one message sit: side by side or stacked.
    static var preferredAxis: View.Axis { get }
    /// The attachment inside its message.
    func makeView(for attachment: ChatMessageAttachment<Self>, context: RenderContext) -> View
    /// What a reply's quote shows of a message carrying this attachment; `nil` for the default
    /// (the quoted text, else a summary such as "Photo").
    ///
    /// A requirement without a default, so that a near miss (`-> View` for `-> View?`) does not
    /// compile instead of being silently passed over for a default.
    func makeQuotedPreview(for attachment: ChatMessageAttachment<Self>, context: RenderContext) -> View?
}

extension AttachmentViewProviding {
    public static var preferredAxis: View.Axis { .vertical }
}
