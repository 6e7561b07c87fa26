import Foundation

/// The default views of every attachment kind. Each is plain view vocabulary, so it reads the
/// same in HTML, ANSI and Markdown; every URL still passes the backends' allow-list.
extension DefaultViews {
    /// The default: the view registered in ``RenderContext/attachmentViews`` for the kind the
    /// resolver gives, else the slot of that kind (``ViewFactory/makeCustomAttachmentView``
    /// for a kind without one). A registered view that throws is reported through
    /// ``RenderContext/report(_:keyPath:in:)`` and the slot's view is shown instead.
    func makeAttachmentView(for attachment: AnyChatMessageAttachment, in message: ChatMessage, context: RenderContext) -> ViewNode {
        let kind = context.resolver.attachmentKind(of: attachment, in: message)
        // One path for every kind: the app's registered view first, built-in kinds included.
        if let renderer = context.attachmentViews.renderer(for: kind) {
            do {
                return try renderer.makeView(attachment, context)
            } catch {
                context.report(
                    "the view registered for '\(kind.rawValue)' could not read it (\(Self.describe(error))): "
                        + "its default view is shown", keyPath: "attachments[\(attachment.id.index)]", in: message)
            }
        }
        switch kind {
        case .image: return context.factory.makeImageAttachmentView(attachment, message, context)
        case .video: return context.factory.makeVideoAttachmentView(attachment, message, context)
        case .file, .audio: return context.factory.makeFileAttachmentView(attachment, message, context)
        case .voiceRecording: return context.factory.makeVoiceRecordingAttachmentView(attachment, message, context)
        case .giphy: return context.factory.makeGiphyAttachmentView(attachment, message, context)
        case .linkPreview: return context.factory.makeLinkPreviewAttachmentView(attachment, message, context)
        case .contactCard: return context.factory.makeContactAttachmentView(attachment, message, context)
        default: return context.factory.makeCustomAttachmentView(attachment, message, context)
        }
    }

    /// The default: each attachment's ``ViewFactory/makeAttachmentView``, stacked with the
    /// role ``Role/gallery`` when there is more than one.
    func makeGalleryView(for attachments: [AnyChatMessageAttachment], in message: ChatMessage, context: RenderContext) -> ViewNode {
        let views = attachments.map { context.factory.makeAttachmentView($0, message, context) }
        return views.count == 1 ? views[0] : .stack(.vertical, views, .gallery)
    }

    /// The default: the image with its title as alt text, and its file size when known; the
    /// generic card when the attachment has no image URL.
    func makeImageAttachmentView(for attachment: AnyChatMessageAttachment, in message: ChatMessage, context: RenderContext)
        -> ViewNode
    {
        guard let source = attachment.imageURL ?? attachment.thumbURL else {
            return context.factory.makeGenericAttachmentView(attachment, message, context)
        }
        // The title is the image's alt text, which the text outputs print as its label; the size
        // follows on the same line there, and under the picture in HTML (`.sb-row.sb-media`).
        let image = ViewNode.image(
            ImageContent(
                source: source, thumbnail: attachment.thumbURL.flatMap { $0 == source ? nil : $0 },
                alt: attachment.title ?? context.theme.string(.photo), width: attachment.pixelWidth, height: attachment.pixelHeight))
        guard let size = attachment.fileSize else { return image }
        return .stack(.horizontal, [image, .text(AttachmentFormatting.fileSize(size), .muted)], .media)
    }

    /// The default: the poster frame linked to the video, with its duration and size; without an
    /// allowed poster, an icon and the title linked to the video.
    func makeVideoAttachmentView(for attachment: AnyChatMessageAttachment, in message: ChatMessage, context: RenderContext)
        -> ViewNode
    {
        let label = context.theme.string(.video)
        let title = attachment.title ?? label
        var details: [ViewNode] = []
        if let duration = attachment.duration { details.append(.badge(AttachmentFormatting.duration(duration))) }
        if let size = attachment.fileSize { details.append(.text(AttachmentFormatting.fileSize(size), .muted)) }
        if let poster = attachment.thumbURL, URLPolicy.isAllowed(poster) {
            // The poster stands for the video: HTML shows it linked to the asset, the text outputs
            // print its label with the asset's URL (the poster's own URL would be noise there).
            let asset = attachment.assetURL
            let image = ViewNode.image(
                ImageContent(
                    source: asset ?? poster, thumbnail: asset == nil ? nil : poster,
                    alt: title == label ? label : "\(label): \(title)",
                    width: attachment.pixelWidth, height: attachment.pixelHeight, playable: true))
            return .stack(.horizontal, [image] + details, .media)
        }
        let name: ViewNode =
            attachment.assetURL.map { .link(destination: $0, label: .text(title, .strong), download: true) } ?? .text(title, .strong)
        return .stack(.horizontal, [.icon(name: .video, label: label), name] + details, .attachment)
    }

    /// The default: the icon of the file's ``FileKind``, its title linked to the file, the duration
    /// of an audio or video file and the size.
    func makeFileAttachmentView(for attachment: AnyChatMessageAttachment, in message: ChatMessage, context: RenderContext)
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
        if let size = attachment.fileSize { row.append(.text(AttachmentFormatting.fileSize(size), .muted)) }
        return .stack(.horizontal, row, .attachment)
    }

    /// The default: a "Voice message" label linked to the recording, its waveform as a sparkline
    /// and its duration.
    func makeVoiceRecordingAttachmentView(for attachment: AnyChatMessageAttachment, in message: ChatMessage, context: RenderContext)
        -> ViewNode
    {
        let label = context.theme.string(.voiceMessage)
        let title: ViewNode = .text(label, .strong)
        var row: [ViewNode] = [
            .icon(name: .voiceRecording, label: label),
            attachment.assetURL.map { .link(destination: $0, label: title, download: true) } ?? title,
        ]
        // Clients draw the waveform before the duration, as a player would.
        let samples = Self.numbers(in: attachment.raw["waveform_data"])
        if !samples.isEmpty { row.append(.text(AttachmentFormatting.waveform(samples), .waveform)) }
        if let duration = attachment.duration { row.append(.badge(AttachmentFormatting.duration(duration))) }
        return .stack(.horizontal, row, .attachment)
    }

    /// The default: the GIF (Giphy's fixed-height rendition when the attachment has one) with a
    /// "GIF" badge, or the badge and title alone when no allowed URL is left. The preview's
    /// Send, Shuffle and Cancel buttons are left out.
    func makeGiphyAttachmentView(for attachment: AnyChatMessageAttachment, in message: ChatMessage, context: RenderContext)
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
            ImageContent(
                source: source, alt: title,
                width: fromRendition ? rendition?["width"]?.stringValue.flatMap { Int($0) } : nil,
                height: fromRendition ? rendition?["height"]?.stringValue.flatMap { Int($0) } : nil))
        return .stack(.horizontal, [image, .badge("GIF")], .media)
    }

    /// The default: a card with the site, the title linked to the page, the description and the
    /// preview image.
    func makeLinkPreviewAttachmentView(for attachment: AnyChatMessageAttachment, in message: ChatMessage, context: RenderContext)
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
                    ImageContent(
                        source: picture, thumbnail: pictures.count > 1 && pictures[1] != picture ? pictures[1] : nil,
                        alt: context.theme.string(.linkPreview))))
        }
        if attachment.string("title") == nil, let target { parts.append(.link(destination: target, label: .text(target))) }
        return .card(.linkPreview, parts)
    }

    /// The default: a card with the contact's name and organization, a `tel:` link for the phone
    /// number and a `mailto:` link for an address that looks like one; the generic card when the
    /// attachment holds no contact field.
    func makeContactAttachmentView(for attachment: AnyChatMessageAttachment, in message: ChatMessage, context: RenderContext)
        -> ViewNode
    {
        let contact = ContactCard(attachment)
        guard !contact.isEmpty else { return context.factory.makeGenericAttachmentView(attachment, message, context) }
        var parts: [ViewNode] = [
            .stack(
                .horizontal,
                [
                    .icon(name: .contact, label: context.theme.string(.contact)),
                    .text(contact.name ?? contact.phoneNumber ?? contact.email ?? "", .strong),
                ])
        ]
        if let organization = contact.organization { parts.append(.text(organization, .muted)) }
        var details: [ViewNode.Field] = []
        if let phone = contact.phoneNumber {
            let dialable = Self.dialable(phone)
            let value: ViewNode = dialable.isEmpty ? .text(phone) : .link(destination: "tel:" + dialable, label: .text(phone))
            details.append(ViewNode.Field(context.theme.string(.phone), value))
        }
        if let email = contact.email {
            // Only an address that looks like one becomes a `mailto:` link; anything else stays text.
            let looksLikeAddress = Self.hasAtSign(email) && !email.unicodeScalars.contains(where: Self.isNeverInAnAddress)
            let value: ViewNode = looksLikeAddress ? .link(destination: "mailto:" + email, label: .text(email)) : .text(email)
            details.append(ViewNode.Field(context.theme.string(.email), value))
        }
        if !details.isEmpty { parts.append(.fields(details)) }
        return .card(.attachment, parts)
    }

    /// The default: a card with the poll's name, whether it is open or closed, and each option with
    /// its votes and share of the total.
    func makePollView(for poll: Poll, in message: ChatMessage, context: RenderContext) -> ViewNode {
        let total = poll.options.reduce(0) { $0 + $1.votes }
        var parts: [ViewNode] = [
            .stack(
                .horizontal,
                [
                    .icon(name: .poll, label: context.theme.string(.poll)),
                    .text(poll.name.isEmpty ? context.theme.string(.poll) : poll.name, .strong),
                    .badge(context.theme.string(poll.isClosed ? .pollClosed : .pollOpen)),
                ])
        ]
        if !poll.options.isEmpty {
            parts.append(
                .fields(
                    poll.options.map { option in
                        ViewNode.Field(option.text, .text(Self.votes(option.votes, of: total, context: context), .muted))
                    }))
        }
        return .card(.attachment, parts)
    }

    /// The default: a card with "Location" (or until when a live location is shared) and the
    /// coordinates linked to a map.
    func makeSharedLocationView(for location: SharedLocation, in message: ChatMessage, context: RenderContext) -> ViewNode {
        var title = context.theme.string(.location)
        if let end = location.endAt {
            title = context.theme.string(.liveLocationUntil, context.formatter.time(end))
        }
        return .card(
            .attachment,
            [
                .stack(.horizontal, [.icon(name: .location, label: title), .text(title, .strong)]),
                .link(destination: location.mapURL, label: .text(location.coordinates)),
            ])
    }

    /// The default: ``ViewFactory/makeGenericAttachmentView``. Kinds registered in
    /// ``RenderContext/attachmentViews`` never reach this slot.
    func makeCustomAttachmentView(for attachment: AnyChatMessageAttachment, in message: ChatMessage, context: RenderContext)
        -> ViewNode
    {
        // Registered kinds were drawn before this slot was asked (makeAttachmentView).
        context.factory.makeGenericAttachmentView(attachment, message, context)
    }

    /// A decoding error in words: which field, and what was wrong with it.
    static func describe(_ error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "\(error)" }
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.isEmpty
                ? "" : " at '" + codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".") + "'"
        }
        switch decoding {
        case .keyNotFound(let key, let context): return "no '\(key.stringValue)'\(path(context.codingPath))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return context.debugDescription + path(context.codingPath)
        @unknown default: return "\(decoding)"
        }
    }

    /// Contact cards and custom attachments, grouped by type where the registered renderer
    /// prefers side by side.
    func customAttachmentViews(_ attachments: [AnyChatMessageAttachment], in message: ChatMessage, context: RenderContext) -> [ViewNode] {
        var views: [ViewNode] = []
        var index = 0
        while index < attachments.count {
            let type = context.resolver.attachmentKind(of: attachments[index], in: message)
            var end = index + 1
            while end < attachments.count, context.resolver.attachmentKind(of: attachments[end], in: message) == type { end += 1 }
            let group = attachments[index..<end].map { context.factory.makeAttachmentView($0, message, context) }
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
        let noun = context.theme.string(count == 1 ? .vote : .votes)
        guard total > 0 else { return "\(count) \(noun)" }
        return "\(count) \(noun) · \(Int((Double(count) * 100 / Double(total)).rounded()))%"
    }

    /// The host of a URL, for "which site" lines: `https://www.example.org/a` → `www.example.org`.
    static func host(of url: String) -> String? {
        URLComponents(string: url)?.host.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// A phone number as a `tel:` URL wants it: digits, `+`, `*`, `#` (spaces and dashes dropped).
    static func dialable(_ phone: String) -> String {
        // Byte by byte: the characters kept are ASCII, and no byte of another character is one.
        // A phone number is read for every contact card; gathering its scalars into a new string
        // cost a quarter of the card.
        phone.withUTF8Bytes { bytes in
            String(unsafeUninitializedCapacity: bytes.count) { digits in
                var count = 0
                for byte in bytes {
                    switch byte {
                    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "*"), UInt8(ascii: "#"):
                        digits[count] = byte
                        count += 1
                    default: continue
                    }
                }
                return count
            }
        }
    }

    /// The numbers among the elements of an array value (a waveform's samples), in order; none
    /// for any other value.
    private static func numbers(in value: JSONValue?) -> [Double] {
        guard let elements = value?.arrayValue else { return [] }
        var numbers: [Double] = []
        numbers.reserveCapacity(elements.count)
        for element in elements {
            if let number = element.doubleValue { numbers.append(number) }
        }
        return numbers
    }

    /// Whether `email` holds an `@` character (one with no combining mark after it). Looked for
    /// among the bytes when all are ASCII, where each is a character: the search by characters
    /// cost a third of a contact card.
    private static func hasAtSign(_ email: String) -> Bool {
        email.isASCIIOnly ? email.containsUTF8(UInt8(ascii: "@")) : email.contains("@")
    }

    /// Whitespace or a character an e-mail address shown as a link must not hold.
    private static func isNeverInAnAddress(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "<", ">", "\"", "'", "(", ")", "[", "]", "\\", ",", ";", ":": return true
        case " ", "\t", "\n", "\u{0B}", "\u{0C}", "\r": return true
        default: return !scalar.isASCII && scalar.properties.isWhitespace
        }
    }
}

/// A message's attachments sorted into the places they are drawn.
struct AttachmentGroups {
    var gallery: [AnyChatMessageAttachment] = []
    var builtIn: [AnyChatMessageAttachment] = []
    var custom: [AnyChatMessageAttachment] = []

    /// The attachments the resolver shows, grouped: `hasAttachment` false shows none, and each
    /// kind shows only when its `has…` answer is true (asked once per message, and only when
    /// the message has an attachment of that kind). Built-in kinds other than pictures follow
    /// the text in ``AttachmentGroup/orderAfterText`` order, each kind in the sender's order.
    ///
    /// An attachment with content that an answer hides is reported through `context`, once per
    /// kind in a rendering: a resolver copied from a guide that answers for its own kind only
    /// would otherwise make every other kind vanish without a word.
    init(_ message: ChatMessage, context: borrowing RenderContext) {
        guard !message.attachments.isEmpty else { return }
        let resolver = context.resolver
        guard resolver.hasAttachment(message: message) else {
            for attachment in message.attachments { Self.reportHidden(attachment, by: "hasAttachment", in: message, context: context) }
            return
        }
        var answers = Answers()
        var ordered: [(order: Int, attachment: AnyChatMessageAttachment)] = []
        for attachment in message.attachments {
            let group = AttachmentGroup(resolver.attachmentKind(of: attachment, in: message))
            guard answers.shows(group, in: message, resolver: resolver) else {
                Self.reportHidden(attachment, by: group.answerName, in: message, context: context)
                continue
            }
            switch group {
            case .image, .video: gallery.append(attachment)
            case .custom: custom.append(attachment)
            default: ordered.append((group.orderAfterText, attachment))
            }
        }
        // A pass per place in the order, not a sort: stable, and linear in the attachments.
        builtIn.reserveCapacity(ordered.count)
        for order in 0..<AttachmentGroup.placesAfterText {
            for entry in ordered where entry.order == order { builtIn.append(entry.attachment) }
        }
    }

    /// Reports `attachment`, hidden by the resolver's `answer`, unless it has nothing to show
    /// (no member but its `type`) or its kind was reported before in this rendering.
    private static func reportHidden(
        _ attachment: AnyChatMessageAttachment, by answer: String, in message: ChatMessage, context: RenderContext
    ) {
        let hasContent = attachment.raw.members.contains { $0.key != "type" && $0.value != .null }
        let kind = context.resolver.attachmentKind(of: attachment, in: message)
        guard hasContent, context.problems.isFirstHidden(kind) else { return }
        context.report(
            "the resolver's \(answer) answered false, so '\(kind.rawValue)' attachments are not shown "
                + "(said once per kind; answer true for the kinds to show)",
            keyPath: "attachments[\(attachment.id.index)]", in: message)
    }

    /// The resolver's answer for each group, asked at most once: a bit per group (a table of
    /// answers cost more than the attachments' grouping itself).
    private struct Answers {
        private var asked: UInt8 = 0
        private var shown: UInt8 = 0

        mutating func shows(_ group: AttachmentGroup, in message: ChatMessage, resolver: any MessageTypeResolving) -> Bool {
            let bit: UInt8 = 1 << group.rawValue
            if asked & bit == 0 {
                asked |= bit
                if group.isShown(in: message, resolver: resolver) { shown |= bit }
            }
            return shown & bit != 0
        }
    }
}

extension AnyChatMessageAttachment {
    var pixelWidth: Int? { raw["original_width"]?.integerValue.map { Int(clamping: $0) }.flatMap { $0 > 0 ? $0 : nil } }
    var pixelHeight: Int? { raw["original_height"]?.integerValue.map { Int(clamping: $0) }.flatMap { $0 > 0 ? $0 : nil } }
}
