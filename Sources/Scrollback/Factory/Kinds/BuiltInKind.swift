import Foundation

/// One attachment kind Scrollback draws itself, described in one file of this folder: its
/// types, its view and what a quote says of it. An app's own kinds come the same way through
/// ``AttachmentViewRegistry``, which is asked first, so registering a view for a built-in kind
/// replaces it.
///
/// Adding a kind is a file here, a line in ``all``, its labels and icon in the themes, and,
/// when it is not drawn with the custom kinds, its place among the resolver's groups
/// (`AttachmentGroup`).
struct BuiltInKind: Sendable {
    /// The types drawn as this kind, as the resolver gives them (``MessageTypeResolving/attachmentKind(of:in:)``).
    let types: [AttachmentType]
    /// The kind's view of one attachment.
    let view: @Sendable (_ attachment: AnyChatMessageAttachment, _ message: ChatMessage, _ context: RenderContext) -> ViewNode
    /// What a quote of a message says of `count` attachments of the kind, the first one given:
    /// "Photo", "3 photos", the file's title.
    let summary: @Sendable (_ kind: AttachmentType, _ first: AnyChatMessageAttachment, _ count: Int, _ theme: Theme) -> String

    /// Every built-in kind.
    static let all: [BuiltInKind] = [.image, .video, .file, .voiceRecording, .giphy, .linkPreview, .contact]

    /// The built-in kind drawing `type`, if any.
    static func drawing(_ type: AttachmentType) -> BuiltInKind? {
        byType[type]
    }

    private static let byType: [AttachmentType: BuiltInKind] = {
        var table: [AttachmentType: BuiltInKind] = [:]
        for kind in all {
            for type in kind.types { table[type] = kind }
        }
        return table
    }()
}
