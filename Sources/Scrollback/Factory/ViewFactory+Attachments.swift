import Foundation

/// The default views of every attachment kind. Each is plain view vocabulary, so it reads the
/// same in HTML, ANSI and Markdown; every URL still passes the backends' allow-list.
extension DefaultViews {
    /// The default: the view registered in ``RenderContext/attachmentViews`` for the kind the
    /// resolver gives, else the built-in kind's (`BuiltInKind`), else
    /// ``ViewFactory/makeCustomAttachmentView``. A registered view that throws is reported through
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
        if let builtIn = BuiltInKind.drawing(kind) { return builtIn.view(attachment, message, context) }
        return context.factory.makeCustomAttachmentView(attachment, message, context)
    }

    /// The default: each attachment's ``ViewFactory/makeAttachmentView``, stacked with the
    /// role ``Role/gallery`` when there is more than one.
    func makeGalleryView(for attachments: [AnyChatMessageAttachment], in message: ChatMessage, context: RenderContext) -> ViewNode {
        let views = attachments.map { context.factory.makeAttachmentView($0, message, context) }
        return views.count == 1 ? views[0] : .stack(.vertical, views, .gallery)
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
        let share = Int((Double(count) * 100 / Double(total)).rounded())
        return "\(count) \(noun) · " + AttachmentFormatting.percent(share, marks: context.numberMarks)
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
            for attachment in message.attachments {
                let kind = resolver.attachmentKind(of: attachment, in: message)
                Self.reportHidden(attachment, of: kind, by: "hasAttachment", in: message, context: context)
            }
            return
        }
        var answers = Answers()
        var ordered: [(order: Int, attachment: AnyChatMessageAttachment)] = []
        for attachment in message.attachments {
            let kind = resolver.attachmentKind(of: attachment, in: message)
            let group = AttachmentGroup(kind)
            guard answers.shows(group, in: message, resolver: resolver) else {
                Self.reportHidden(attachment, of: kind, by: group.answerName, in: message, context: context)
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

    /// Reports `attachment`, of `kind`, hidden by the resolver's `answer`, unless it has nothing to show
    /// (no member but its `type`) or its kind was reported before in this rendering.
    private static func reportHidden(
        _ attachment: AnyChatMessageAttachment, of kind: AttachmentType, by answer: String, in message: ChatMessage,
        context: RenderContext
    ) {
        let hasContent = attachment.raw.members.contains { $0.key != "type" && $0.value != .null }
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
