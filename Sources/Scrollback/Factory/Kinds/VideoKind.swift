import Foundation

extension BuiltInKind {
    /// A video (`video`): drawn in the gallery above the text; a quote says "Video", or "2 videos".
    static let video = BuiltInKind(
        types: [.video], view: videoView,
        summary: { _, _, count, theme in count == 1 ? theme.string(.video) : theme.string(.videos, String(count)) })

    /// The poster frame linked to the video, with its duration and size; without an
    /// allowed poster, an icon and the title linked to the video.
    private static func videoView(for attachment: AnyChatMessageAttachment, in message: ChatMessage, context: RenderContext)
        -> ViewNode
    {
        let label = context.theme.string(.video)
        let title = attachment.title ?? label
        var details: [ViewNode] = []
        if let duration = attachment.duration { details.append(.badge(AttachmentFormatting.duration(duration))) }
        if let size = attachment.fileSize { details.append(.text(AttachmentFormatting.fileSize(size, marks: context.numberMarks), .muted)) }
        if let poster = attachment.thumbURL, URLPolicy.isAllowed(poster) {
            // The poster stands for the video: HTML shows it linked to the asset, the text outputs
            // print its label with the asset's URL (the poster's own URL would be noise there).
            let asset = attachment.assetURL
            let image = ViewNode.image(
                ViewNode.ImageContent(
                    source: asset ?? poster, thumbnail: asset == nil ? nil : poster,
                    alt: title == label ? label : label + context.theme.string(.labelSeparator) + title,
                    width: attachment.pixelWidth, height: attachment.pixelHeight, playable: true))
            return .stack(.horizontal, [image] + details, .media)
        }
        let name: ViewNode =
            attachment.assetURL.map { .link(destination: $0, label: .text(title, .strong), download: true) } ?? .text(title, .strong)
        return .stack(.horizontal, [.icon(name: .video, label: label), name] + details, .attachment)
    }
}
