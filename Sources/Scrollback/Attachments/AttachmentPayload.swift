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
/// let workouts = message.attachments(payloadType: WorkoutAttachmentPayload.self, resolver: context.resolver)
/// ```
///
/// `type` may be any string-backed type, not only ``AttachmentType``: a payload an app already
/// has for Stream's iOS SDK, whose `type` is that SDK's own `AttachmentType`, serves both.
public protocol AttachmentPayload: Codable, Sendable {
    /// What ``type`` is: ``AttachmentType`` unless the payload says otherwise.
    associatedtype TypeName: RawRepresentable = AttachmentType where TypeName.RawValue == String
    /// The kind of attachment this payload decodes, matched against the kind the resolver gives
    /// each attachment.
    static var type: TypeName { get }
}

extension AttachmentPayload {
    /// ``type`` as Scrollback's ``AttachmentType``.
    static var kind: AttachmentType { AttachmentType(rawValue: type.rawValue) }
}

/// An attachment with its payload decoded, its id and every raw field still at hand.
public struct ChatMessageAttachment<Payload: AttachmentPayload>: Sendable {
    /// Where the attachment is: its message and position.
    public var id: AttachmentID
    /// The payload's kind (``AttachmentPayload/type``).
    public var type: AttachmentType
    /// The decoded fields.
    public var payload: Payload
    /// Every field as the sender wrote it, including those the payload does not declare.
    public var raw: JSONObject

    /// An attachment with an already decoded payload, as a test of an app's view needs it.
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
        return ChatMessageAttachment(id: id, type: Payload.kind, payload: payload, raw: raw)
    }
}

extension ChatMessage {
    /// The message's attachments that `resolver` says are of `payloadType`'s kind, decoded:
    /// a resolver that maps a legacy type to the payload's kind gets those attachments too.
    /// Attachments whose fields do not fit the payload are left out here; rendering them
    /// reports the decoding error and draws the kind's default view.
    ///
    /// The resolver has no default: pass the one the renderer draws with (`context.resolver`
    /// in a slot), or the answer would differ from what is drawn.
    public func attachments<Payload: AttachmentPayload>(
        payloadType: Payload.Type, resolver: any MessageTypeResolving
    ) -> [ChatMessageAttachment<Payload>] {
        attachments.compactMap { attachment in
            guard resolver.attachmentKind(of: attachment, in: self) == Payload.kind else { return nil }
            return try? attachment.decoded(as: payloadType)
        }
    }
}
