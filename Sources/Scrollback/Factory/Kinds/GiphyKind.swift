import Foundation

extension BuiltInKind {
    /// A GIF sent with the `/giphy` command (`giphy`): a quote says "GIF".
    static let giphy = BuiltInKind(
        types: [.giphy], view: giphyView,
        summary: { _, _, _, _ in "GIF" })

    /// The GIF (Giphy's fixed-height rendition when the attachment has one) with a
    /// "GIF" badge, or the badge and title alone when no allowed URL is left. The preview's
    /// Send, Shuffle and Cancel buttons are left out.
    private static func giphyView(for attachment: AnyChatMessageAttachment, in message: ChatMessage, context: RenderContext)
        -> ViewNode
    {
        // An ephemeral preview's `actions` (Send, Shuffle, Cancel) were buttons in the app, not
        // content: a transcript leaves them out.
        let title = attachment.title ?? "GIF"
        let rendition = attachment.raw["giphy"]?["fixed_height"]
        let candidates = [rendition?["url"]?.stringValue, attachment.thumbURL, attachment.imageURL]
        guard let source = candidates.lazy.compactMap({ $0 }).first(where: URLPolicy.isAllowed) else {
            // Nothing a reader could open: say what it was.
            return .stack(.horizontal, [.badge("GIF"), .text(title, .muted)], .attachment)
        }
        let fromRendition = source == rendition?["url"]?.stringValue
        let image = ViewNode.image(
            ViewNode.ImageContent(
                source: source, alt: title,
                width: fromRendition ? rendition?["width"]?.stringValue.flatMap { Int($0) } : nil,
                height: fromRendition ? rendition?["height"]?.stringValue.flatMap { Int($0) } : nil))
        return .stack(.horizontal, [image, .badge("GIF")], .media)
    }
}
