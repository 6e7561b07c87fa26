import Foundation

/// The default views of every attachment kind. Each is plain view vocabulary, so it reads the
/// same in HTML, ANSI and Markdown; every URL still passes the backends' allow-list.
extension ViewFactory {
    public func makeAttachmentView(for attachment: AnyChatMessageAttachment, in message: ChatMessage, context: RenderContext) -> View {
        let factory = context.factory
        switch context.resolver.attachmentKind(of: attachment, in: message) {
        case .image: return factory.makeImageAttachmentView(for: attachment, in: message, context: context)
        case .video: return factory.makeVideoAttachmentView(for: attachment, in: message, context: context)
        case .file, .audio: return factory.makeFileAttachmentView(for: attachment, in: message, context: context)
        case .voiceRecording: return factory.makeVoiceRecordingAttachmentView(for: attachment, in: message, context: context)
        case .giphy: return factory.makeGiphyAttachmentView(for: attachment, in: message, context: context)
        case .linkPreview: return factory.makeLinkPreviewAttachmentView(for: attachment, in: message, context: context)
        case .contact: return factory.makeContactAttachmentView(for: attachment, in: message, context: context)
        default: return factory.makeCustomAttachmentView(for: attachment, in: message, context: context)
        }
    }

    public func makeGalleryView(for attachments: [AnyChatMessageAttachment], in message: ChatMessage, context: RenderContext) -> View {
        let views = attachments.map { context.factory.makeAttachmentView(for: $0, in: message, context: context) }
        return views.count == 1 ? views[0] : .stack(.vertical, views, .gallery)
    }

    public func makeImageAttachmentView(for attachment: AnyChatMessageAttachment, in message: ChatMessage, context: RenderContext) -> View {
        guard let source = attachment.imageURL ?? attachment.thumbURL else {
            return context.factory.makeGenericAttachmentView(for: attachment, in: message, context: context)
        }
        let title = attachment.title
        let image = View.image(ImageContent(
            source: source, thumbnail: attachment.thumbURL.flatMap { $0 == source ? nil : $0 },
            alt: title ?? context.theme.string("photo"), width: attachment.pixelWidth, height: attachment.pixelHeight))
        // The title is the image's alt text already; the caption adds what the picture cannot say.
        let caption = [attachment.dimensions, attachment.fileSize.map(AttachmentFormatting.fileSize)].compactMap { $0 }
        guard !caption.isEmpty else { return image }
        return .stack(.vertical, [image, .text(caption.joined(separator: " · "), .muted)], .media)
    }

    public func makeVideoAttachmentView(for attachment: AnyChatMessageAttachment, in message: ChatMessage, context: RenderContext) -> View {
        let title = attachment.title ?? context.theme.string("video")
        var details: [View] = [.icon(name: "video", label: context.theme.string("video"))]
        if let asset = attachment.assetURL {
            details.append(.link(destination: asset, label: .text(title)))
        } else {
            details.append(.text(title))
        }
        if let duration = attachment.duration { details.append(.badge(AttachmentFormatting.duration(duration))) }
        if let size = attachment.fileSize { details.append(.text(AttachmentFormatting.fileSize(size), .muted)) }
        var parts: [View] = []
        if let poster = attachment.thumbURL {
            let image = View.image(ImageContent(source: poster, alt: "\(context.theme.string("video")): \(title)",
                                                width: attachment.pixelWidth, height: attachment.pixelHeight))
            parts.append(attachment.assetURL.map { View.link(destination: $0, label: image) } ?? image)
        }
        parts.append(.stack(.horizontal, details))
        return .stack(.vertical, parts, .media)
    }

    public func makeFileAttachmentView(for attachment: AnyChatMessageAttachment, in message: ChatMessage, context: RenderContext) -> View {
        let kind = attachment.type == .audio ? FileKind.audio : FileKind(mimeType: attachment.mimeType, fileName: attachment.title ?? attachment.assetURL)
        let title = attachment.title ?? context.theme.string(attachment.type == .audio ? "audio" : "file")
        let name: View = attachment.assetURL.map { .link(destination: $0, label: .text(title, .title)) } ?? .text(title, .title)
        var row: [View] = [.icon(name: kind.iconName, label: context.theme.string("file.\(kind.rawValue)")), name]
        if let size = attachment.fileSize { row.append(.text(AttachmentFormatting.fileSize(size), .muted)) }
        return .card(.attachment, [.stack(.horizontal, row)])
    }

    public func makeVoiceRecordingAttachmentView(for attachment: AnyChatMessageAttachment, in message: ChatMessage, context: RenderContext) -> View {
        let label = context.theme.string("voiceMessage")
        var row: [View] = [.icon(name: "voiceRecording", label: label)]
        let title: View = .text(label, .title)
        row.append(attachment.assetURL.map { .link(destination: $0, label: title) } ?? title)
        if let duration = attachment.duration { row.append(.badge(AttachmentFormatting.duration(duration))) }
        let samples = attachment.raw["waveform_data"]?.arrayValue?.compactMap(\.doubleValue) ?? []
        if !samples.isEmpty { row.append(.text(AttachmentFormatting.waveform(samples), .waveform)) }
        return .card(.attachment, [.stack(.horizontal, row)])
    }

    public func makeGiphyAttachmentView(for attachment: AnyChatMessageAttachment, in message: ChatMessage, context: RenderContext) -> View {
        // An ephemeral preview's `actions` (Send, Shuffle, Cancel) were buttons in the app, not
        // content: a transcript leaves them out.
        let title = attachment.title ?? "GIF"
        let rendition = attachment.raw["giphy"]?["fixed_height"]
        let source = rendition?["url"]?.stringValue ?? attachment.thumbURL ?? attachment.imageURL
        var parts: [View] = []
        if let source {
            let image = View.image(ImageContent(source: source, alt: "GIF: \(title)",
                                                width: rendition?["width"]?.stringValue.flatMap { Int($0) },
                                                height: rendition?["height"]?.stringValue.flatMap { Int($0) }))
            parts.append(attachment.string("title_link").map { View.link(destination: $0, label: image) } ?? image)
        }
        parts.append(.stack(.horizontal, [.badge("GIF"), .text(title, .muted)]))
        return .stack(.vertical, parts, .media)
    }

    public func makeLinkPreviewAttachmentView(for attachment: AnyChatMessageAttachment, in message: ChatMessage, context: RenderContext) -> View {
        let target = attachment.string("title_link", "og_scrape_url")
        var parts: [View] = []
        if let site = attachment.string("author_name") ?? target.flatMap(Self.host(of:)) {
            parts.append(.stack(.horizontal, [.icon(name: "linkPreview", label: context.theme.string("link")), .text(site, .muted)]))
        }
        if let title = attachment.string("title") {
            parts.append(target.map { .link(destination: $0, label: .text(title, .title)) } ?? .text(title, .title))
        }
        if let text = attachment.string("text") { parts.append(.text(text)) }
        if let image = attachment.string("image_url", "thumb_url") {
            parts.append(.image(ImageContent(source: image, alt: attachment.string("title") ?? context.theme.string("linkPreview"))))
        }
        if parts.isEmpty, let target { parts.append(.link(destination: target, label: .text(target))) }
        return .card(.linkPreview, parts)
    }

    public func makeContactAttachmentView(for attachment: AnyChatMessageAttachment, in message: ChatMessage, context: RenderContext) -> View {
        guard let contact = attachment.decoded(as: ContactAttachmentPayload.self)?.payload,
              contact.name != nil || contact.phoneNumber != nil || contact.email != nil
        else { return context.factory.makeGenericAttachmentView(for: attachment, in: message, context: context) }
        var parts: [View] = [.stack(.horizontal, [.icon(name: "contact", label: context.theme.string("contact")),
                                                  .text(contact.name ?? contact.phoneNumber ?? contact.email ?? "", .title)])]
        if let organization = contact.organization { parts.append(.text(organization, .muted)) }
        var details: [View.Field] = []
        if let phone = contact.phoneNumber {
            details.append(View.Field(context.theme.string("phone"), .link(destination: "tel:" + Self.dialable(phone), label: .text(phone))))
        }
        if let email = contact.email {
            details.append(View.Field(context.theme.string("email"), .link(destination: "mailto:" + email, label: .text(email))))
        }
        if !details.isEmpty { parts.append(.fields(details)) }
        return .card(.attachment, parts)
    }

    public func makePollView(for poll: Poll, in message: ChatMessage, context: RenderContext) -> View {
        let total = poll.options.reduce(0) { $0 + $1.votes }
        var parts: [View] = [.stack(.horizontal, [
            .icon(name: "poll", label: context.theme.string("poll")),
            .text(poll.name.isEmpty ? context.theme.string("poll") : poll.name, .title),
            .badge(context.theme.string(poll.isClosed ? "pollClosed" : "pollOpen")),
        ])]
        if !poll.options.isEmpty {
            parts.append(.fields(poll.options.map { option in
                View.Field(option.text, .text(Self.votes(option.votes, of: total, context: context), .muted))
            }))
        }
        return .card(.attachment, parts)
    }

    public func makeSharedLocationView(for location: SharedLocation, in message: ChatMessage, context: RenderContext) -> View {
        var title = context.theme.string("location")
        if let end = location.endAt {
            title = context.theme.string("liveLocationUntil", context.formatter.time(end))
        }
        return .card(.attachment, [
            .stack(.horizontal, [.icon(name: "location", label: title), .text(title, .title)]),
            .link(destination: location.mapURL, label: .text(location.coordinates)),
        ])
    }

    public func makeCustomAttachmentView(for attachment: AnyChatMessageAttachment, in message: ChatMessage, context: RenderContext) -> View {
        let kind = context.resolver.attachmentKind(of: attachment, in: message)
        if let view = context.attachmentViews.renderer(for: kind)?.makeView(attachment, context) { return view }
        return context.factory.makeGenericAttachmentView(for: attachment, in: message, context: context)
    }

    /// Contact cards and custom attachments, grouped by type where the registered renderer
    /// prefers side by side.
    func customAttachmentViews(_ attachments: [AnyChatMessageAttachment], in message: ChatMessage, context: RenderContext) -> [View] {
        var views: [View] = []
        var index = 0
        while index < attachments.count {
            let type = context.resolver.attachmentKind(of: attachments[index], in: message)
            var end = index + 1
            while end < attachments.count, context.resolver.attachmentKind(of: attachments[end], in: message) == type { end += 1 }
            let group = attachments[index..<end].map { context.factory.makeAttachmentView(for: $0, in: message, context: context) }
            if group.count > 1, context.attachmentViews.renderer(for: type)?.preferredAxis == .horizontal {
                views.append(.stack(.vertical, group, .gallery))
            } else {
                views += group
            }
            index = end
        }
        return views
    }

    static func votes(_ count: Int64, of total: Int64, context: RenderContext) -> String {
        let noun = context.theme.string(count == 1 ? "vote" : "votes")
        guard total > 0 else { return "\(count) \(noun)" }
        return "\(count) \(noun) · \(Int((Double(count) * 100 / Double(total)).rounded()))%"
    }

    /// The host of a URL, for "which site" lines: `https://www.example.org/a` → `www.example.org`.
    static func host(of url: String) -> String? {
        URLComponents(string: url)?.host.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// A phone number as a `tel:` URL wants it: digits, `+`, `*`, `#` (spaces and dashes dropped).
    static func dialable(_ phone: String) -> String {
        String(phone.filter { $0.isASCII && ($0.isNumber || "+*#".contains($0)) })
    }
}

/// A message's attachments sorted into the places they are drawn.
struct AttachmentGroups {
    var gallery: [AnyChatMessageAttachment] = []
    var builtIn: [AnyChatMessageAttachment] = []
    var custom: [AnyChatMessageAttachment] = []

    /// Order after the text: giphy, voice recordings, link previews, files, then contact
    /// cards with the custom kinds.
    private static let builtInOrder: [AttachmentType: Int] = [.giphy: 0, .voiceRecording: 1, .linkPreview: 2, .file: 3, .audio: 3]

    init(_ message: ChatMessage, resolver: any MessageTypeResolving) {
        var ordered: [(order: Int, index: Int, attachment: AnyChatMessageAttachment)] = []
        for (index, attachment) in message.attachments.enumerated() {
            let kind = resolver.attachmentKind(of: attachment, in: message)
            switch kind {
            case .image, .video: gallery.append(attachment)
            case _ where Self.builtInOrder[kind] != nil: ordered.append((Self.builtInOrder[kind]!, index, attachment))
            default: custom.append(attachment)
            }
        }
        // Stable: attachments of one kind keep the sender's order.
        builtIn = ordered.sorted { ($0.order, $0.index) < ($1.order, $1.index) }.map(\.attachment)
    }
}

extension AnyChatMessageAttachment {
    var pixelWidth: Int? { raw["original_width"]?.integerValue.map { Int(clamping: $0) }.flatMap { $0 > 0 ? $0 : nil } }
    var pixelHeight: Int? { raw["original_height"]?.integerValue.map { Int(clamping: $0) }.flatMap { $0 > 0 ? $0 : nil } }
    /// `1600×1000` when both are known.
    var dimensions: String? {
        guard let width = pixelWidth, let height = pixelHeight else { return nil }
        return "\(width)×\(height)"
    }
}
