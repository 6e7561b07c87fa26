import Foundation

extension BuiltInKind {
    /// A document or any other file (`file`), or a sound file (`audio`): drawn after the text; a quote gives its title.
    static let file = BuiltInKind(
        types: [.file, .audio], view: fileView,
        summary: { kind, first, count, theme in
            guard count == 1 else { return theme.string(.files, String(count)) }
            return first.title ?? theme.string(kind == .audio ? .audio : .file)
        })

    /// The icon of the file's ``FileKind``, its title linked to the file, the duration
    /// of an audio or video file and the size.
    private static func fileView(for attachment: AnyChatMessageAttachment, in message: ChatMessage, context: RenderContext)
        -> ViewNode
    {
        let isAudio = attachment.type == .audio
        let kind = isAudio ? FileKind.audio : FileKind(mimeType: attachment.mimeType, fileName: attachment.title ?? attachment.assetURL)
        let title = attachment.title ?? context.theme.string(isAudio ? .audio : .file)
        let name: ViewNode =
            attachment.assetURL.map { .link(destination: $0, label: .text(title, .strong), download: true) } ?? .text(title, .strong)
        var row: [ViewNode] = [.icon(name: .file(kind), label: context.theme.string(.file(kind))), name]
        if kind == .audio || kind == .video, let duration = attachment.duration {
            row.append(.badge(AttachmentFormatting.duration(duration)))
        }
        if let size = attachment.fileSize { row.append(.text(AttachmentFormatting.fileSize(size, marks: context.numberMarks), .muted)) }
        return .stack(.horizontal, row, .attachment)
    }
}
