import Foundation

extension BuiltInKind {
    /// A picture (`image`): drawn in the gallery above the text; a quote says "Photo", or "3 photos".
    static let image = BuiltInKind(
        types: [.image], view: imageView,
        summary: { _, _, count, theme in count == 1 ? theme.string(.photo) : theme.string(.photos, String(count)) })

    /// The image with its title as alt text, and its file size when known; the
    /// generic card when the attachment has no image URL.
    private static func imageView(for attachment: AnyChatMessageAttachment, in message: ChatMessage, context: RenderContext)
        -> ViewNode
    {
        guard let source = attachment.imageURL ?? attachment.thumbURL else {
            return context.factory.makeGenericAttachmentView(attachment, message, context)
        }
        // The title is the image's alt text, which the text outputs print as its label; the size
        // follows on the same line there, and under the picture in HTML (`.sb-row.sb-media`).
        let image = ViewNode.image(
            ViewNode.ImageContent(
                source: source, thumbnail: attachment.thumbURL.flatMap { $0 == source ? nil : $0 },
                alt: attachment.title ?? context.theme.string(.photo), width: attachment.pixelWidth, height: attachment.pixelHeight))
        guard let size = attachment.fileSize else { return image }
        return .stack(.horizontal, [image, .text(AttachmentFormatting.fileSize(size, marks: context.numberMarks), .muted)], .media)
    }
}
