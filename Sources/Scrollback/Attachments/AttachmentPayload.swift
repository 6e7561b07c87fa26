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
    /// The attachment decoded as `payloadType`, or `nil` when its type differs or its fields
    /// do not fit the payload.
    public func decoded<Payload: AttachmentPayload>(as payloadType: Payload.Type) -> ChatMessageAttachment<Payload>? {
        guard type == Payload.type else { return nil }
        return decodedFields(as: payloadType)
    }

    /// The fields decoded as `payloadType` whatever the attachment's type says: for a resolver
    /// that sends another type (a legacy name, say) to this payload's slot.
    func decodedFields<Payload: AttachmentPayload>(as payloadType: Payload.Type) -> ChatMessageAttachment<Payload>? {
        guard let payload = try? JSONValueDecoding.decode(Payload.self, from: raw) else { return nil }
        return ChatMessageAttachment(id: id, type: Payload.type, payload: payload, raw: raw)
    }
}

extension ChatMessage {
    /// The message's attachments of `payloadType`'s kind, decoded. Attachments whose fields do
    /// not fit the payload are left out (they still render, as generic cards).
    public func attachments<Payload: AttachmentPayload>(payloadType: Payload.Type) -> [ChatMessageAttachment<Payload>] {
        attachments.compactMap { $0.decoded(as: payloadType) }
    }
}

/// A payload that draws itself, like the iOS SDK's `AttachmentPreviewProvider`. Register it
/// with ``AttachmentViewRegistry/register(_:)`` and it appears in all three outputs.
public protocol AttachmentViewProviding: AttachmentPayload {
    /// How several attachments of this kind in one message sit: side by side or stacked.
    static var preferredAxis: View.Axis { get }
    /// The attachment inside its message.
    func makeView(for attachment: ChatMessageAttachment<Self>, context: RenderContext) -> View
    /// What a reply's quote shows of a message carrying this attachment; `nil` for the default.
    func makeQuotedPreview(for attachment: ChatMessageAttachment<Self>, context: RenderContext) -> View?
}

extension AttachmentViewProviding {
    public static var preferredAxis: View.Axis { .vertical }
    public func makeQuotedPreview(for attachment: ChatMessageAttachment<Self>, context: RenderContext) -> View? { nil }
}
