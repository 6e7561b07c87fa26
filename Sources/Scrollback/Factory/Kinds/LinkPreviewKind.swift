import Foundation

extension BuiltInKind {
    /// The preview of a link in the text (any attachment with `og_scrape_url`): a quote gives the page's title.
    static let linkPreview = BuiltInKind(
        types: [.linkPreview], view: linkPreviewView,
        summary: { _, first, _, theme in first.string("title", "og_scrape_url") ?? theme.string(.link) })

    /// A card with the site, the title linked to the page, the description and the
    /// preview image.
    private static func linkPreviewView(for attachment: AnyChatMessageAttachment, in message: ChatMessage, context: RenderContext)
        -> ViewNode
    {
        // The first target a reader may follow: a refused `title_link` falls back to the URL typed.
        let target = [attachment.string("title_link"), attachment.string("og_scrape_url")].lazy.compactMap { $0 }
            .first(where: URLPolicy.isAllowed)
        var parts: [ViewNode] = []
        if let site = attachment.string("author_name") ?? target.flatMap(Self.host(of:)) {
            parts.append(.stack(.horizontal, [.icon(name: .linkPreview, label: context.theme.string(.link)), .text(site, .muted)]))
        }
        if let title = attachment.string("title") {
            parts.append(target.map { .link(destination: $0, label: .text(title, .strong)) } ?? .text(title, .strong))
        }
        if let text = attachment.string("text") { parts.append(.text(text)) }
        // The picture only decorates the card: left out when no browser could load it.
        let pictures = [attachment.string("image_url"), attachment.string("thumb_url")].compactMap { $0 }.filter(URLPolicy.isAllowed)
        if let picture = pictures.first {
            parts.append(
                .image(
                    ViewNode.ImageContent(
                        source: picture, thumbnail: pictures.count > 1 && pictures[1] != picture ? pictures[1] : nil,
                        alt: context.theme.string(.linkPreview))))
        }
        if attachment.string("title") == nil, let target { parts.append(.link(destination: target, label: .text(target))) }
        return .card(.linkPreview, parts)
    }

    /// The host of a URL, for "which site" lines: `https://www.example.org/a` → `www.example.org`.
    private static func host(of url: String) -> String? {
        URLComponents(string: url)?.host.flatMap { $0.isEmpty ? nil : $0 }
    }
}
