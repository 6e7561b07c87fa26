import Foundation

extension ViewFactory {
    public func makeChannelHeaderView(for channel: ChatChannel, context: RenderContext) -> View {
        .heading(level: 2, channel.displayName ?? "Channel")
    }

    public func makeDaySeparatorView(for date: Date, context: RenderContext) -> View {
        .divider(label: context.formatter.day(date))
    }

    public func makeMessageView(for item: MessageItem, context: RenderContext) -> View {
        let message = item.message
        if context.resolver.isDeleted(message: message) {
            return context.factory.makeDeletedMessageView(for: item, context: context)
        }
        if context.resolver.isSystem(message: message) {
            return context.factory.makeSystemMessageView(for: item, context: context)
        }
        let own = context.isCurrentUser(message.user)
        var header: [View] = []
        if item.isFirstInGroup { header.append(context.factory.makeAuthorView(for: message, context: context)) }
        var body = [context.factory.makeMessageContentView(for: item, context: context)]
        let reactions = context.factory.makeReactionsView(for: message, context: context)
        if reactions != .empty { body.append(reactions) }
        let footer = context.factory.makeMessageFooterView(for: item, context: context)
        return .message(MessageFrame(
            id: message.id,
            role: message.kind == .ephemeral ? .ephemeral : own ? .ownBubble : .bubble,
            header: header, body: body, footer: footer == .empty ? [] : [footer],
            authorName: authorName(of: message, context: context), date: message.createdAt))
    }

    public func makeAuthorView(for message: ChatMessage, context: RenderContext) -> View {
        .text(authorName(of: message, context: context), .author)
    }

    public func makeMessageFooterView(for item: MessageItem, context: RenderContext) -> View {
        let message = item.message
        var parts: [View] = []
        if message.kind == .ephemeral { parts.append(.text(context.theme.string("onlyVisibleToYou"), .muted)) }
        if item.isLastInGroup, let date = message.createdAt {
            parts.append(.time(date, label: context.formatter.time(date)))
        }
        if message.isEdited { parts.append(.text(context.theme.string("edited"), .timestamp)) }
        if parts.isEmpty { return .empty }
        return .stack(.horizontal, parts, .footer)
    }

    public func makeMessageContentView(for item: MessageItem, context: RenderContext) -> View {
        let message = item.message
        var parts: [View] = []
        if context.resolver.hasQuote(message: message) {
            let options = QuotedMessageOptions(
                quotedMessage: message.quotedMessage, quotedMessageID: message.quotedMessageID,
                replyingMessage: message, availableWidth: max(context.options.width - 8, 20))
            parts.append(context.factory.makeQuotedMessageView(options: options, context: context))
        }
        if context.resolver.hasText(message: message) {
            parts.append(context.factory.makeTextView(for: message, context: context))
        }
        for attachment in message.attachments {
            parts.append(attachment.isCustom
                ? context.factory.makeCustomAttachmentView(for: attachment, in: message, context: context)
                : context.factory.makeAttachmentView(for: attachment, in: message, context: context))
        }
        return parts.count == 1 ? parts[0] : .stack(.vertical, parts)
    }

    public func makeTextView(for message: ChatMessage, context: RenderContext) -> View {
        .markdown(ChatMarkdown.parse(message.text, mentionedUsers: message.mentionedUsers))
    }

    public func makeAttachmentView(for attachment: Attachment, in message: ChatMessage, context: RenderContext) -> View {
        context.factory.makeGenericAttachmentView(for: attachment, in: message, context: context)
    }

    public func makeCustomAttachmentView(for attachment: Attachment, in message: ChatMessage, context: RenderContext) -> View {
        context.factory.makeGenericAttachmentView(for: attachment, in: message, context: context)
    }

    public func makeGenericAttachmentView(for attachment: Attachment, in message: ChatMessage, context: RenderContext) -> View {
        let fields = attachment.raw.members.filter { $0.key != "type" }.map { View.Field($0.key, fieldValue($0.value)) }
        return .card(.attachment, [
            .stack(.horizontal, [.icon(name: attachment.type.rawValue, label: context.theme.string("attachment")),
                                 .text(attachment.type.rawValue, .title)]),
            fields.isEmpty ? .empty : .fields(fields),
        ].filter { $0 != .empty })
    }

    public func makeQuotedMessageView(options: QuotedMessageOptions, context: RenderContext) -> View {
        var lines: [View] = []
        if let quoted = options.quotedMessage {
            lines.append(.text(authorName(of: quoted, context: context), .author))
        }
        lines.append(context.factory.makeQuotedMessageContentView(options: options, context: context))
        let id = options.quotedMessage?.id ?? options.quotedMessageID
        return .quote(anchor: id.map { Anchor.forMessage(id: $0) }, lines)
    }

    public func makeQuotedMessageContentView(options: QuotedMessageOptions, context: RenderContext) -> View {
        guard let quoted = options.quotedMessage else {
            return .text("Quoted message not in this transcript", .muted)
        }
        if quoted.isDeleted { return .text(context.theme.string("messageDeleted"), .deleted) }
        if !quoted.text.isEmpty { return .text(Self.shortened(quoted.text, lines: 3, characters: 200), .body) }
        if !quoted.attachments.isEmpty {
            let count = quoted.attachments.count
            return .text(count == 1 ? context.theme.string("attachment") : "\(count) attachments", .muted)
        }
        return .empty
    }

    public func makeReactionsView(for message: ChatMessage, context: RenderContext) -> View {
        guard !message.reactionGroups.isEmpty else { return .empty }
        return .stack(.horizontal, message.reactionGroups.map { group in
            .badge("\(context.theme.reactionGlyph(group.type)) \(group.count)", .badge)
        }, .footer)
    }

    public func makeSystemMessageView(for item: MessageItem, context: RenderContext) -> View {
        let message = item.message
        var body: [View] = [.text(message.text.isEmpty ? "System message" : message.text, message.kind == .error ? .error : .system)]
        if let date = message.createdAt { body.append(.time(date, label: context.formatter.time(date))) }
        return .message(MessageFrame(id: message.id, role: message.kind == .error ? .error : .system,
                                     body: [.stack(.horizontal, body)], date: message.createdAt))
    }

    public func makeDeletedMessageView(for item: MessageItem, context: RenderContext) -> View {
        let message = item.message
        var header: [View] = []
        if item.isFirstInGroup { header.append(context.factory.makeAuthorView(for: message, context: context)) }
        var body: [View] = [.text(context.theme.string("messageDeleted"), .deleted)]
        if let date = message.deletedAt ?? message.createdAt { body.append(.time(date, label: context.formatter.time(date))) }
        return .message(MessageFrame(id: message.id, role: .deleted, header: header, body: [.stack(.horizontal, body)],
                                     authorName: authorName(of: message, context: context), date: message.createdAt))
    }

    // MARK: - Helpers shared by the defaults

    func authorName(of message: ChatMessage, context: RenderContext) -> String {
        guard let user = message.user else { return "Unknown user" }
        return context.isCurrentUser(user) ? context.theme.string("you") : user.displayName
    }

    /// A field value as views: strings (links when they are allowed URLs), numbers, nested rows.
    func fieldValue(_ value: JSONValue) -> View {
        switch value {
        case .null: return .text("null", .muted)
        case .bool(let bool): return .text(bool ? "true" : "false")
        case .integer(let number): return .text(String(number))
        case .double(let number): return .text(String(number))
        case .string(let string):
            if URLPolicy.sanitize(string) != nil, string.contains("://") || string.hasPrefix("mailto:") || string.hasPrefix("tel:") {
                return .link(destination: string, label: .text(string))
            }
            return .text(string)
        case .array(let items):
            if items.isEmpty { return .text("[]", .muted) }
            return .fields(items.enumerated().map { View.Field("\($0.offset + 1)", fieldValue($0.element)) })
        case .object(let object):
            if object.isEmpty { return .text("{}", .muted) }
            return .fields(object.members.map { View.Field($0.key, fieldValue($0.value)) })
        }
    }

    /// The first `lines` lines and `characters` characters of `text`, with an ellipsis when cut.
    static func shortened(_ text: String, lines: Int, characters: Int) -> String {
        if let result = shortenedASCII(text, lines: lines, characters: characters) { return result }
        let allLines = text.split(separator: "\n", omittingEmptySubsequences: true)
        let kept = allLines.prefix(lines).joined(separator: " ")
        guard kept.count > characters || allLines.count > lines else { return kept }
        return String(kept.prefix(characters)).trimmingCharacters(in: .whitespaces) + "…"
    }

    /// ``shortened(_:lines:characters:)`` on bytes, for text of ASCII without carriage returns,
    /// where every byte is a `Character` and only spaces and tabs are trimmed; `nil` otherwise.
    private static func shortenedASCII(_ text: String, lines: Int, characters: Int) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            guard !bytes.contains(where: { $0 >= 0x80 || $0 == UInt8(ascii: "\r") }) else { return nil }
            var kept: [UInt8] = []
            var keptLines = 0
            var hasMoreLines = false
            var lineStart = 0
            for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "\n") {
                defer { lineStart = index + 1 }
                guard index > lineStart else { continue }
                guard keptLines < lines else {
                    hasMoreLines = true
                    break
                }
                if keptLines > 0 { kept.append(UInt8(ascii: " ")) }
                kept.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[lineStart..<index]))
                keptLines += 1
            }
            guard kept.count > characters || hasMoreLines else { return String(decoding: kept, as: UTF8.self) }
            var cut = kept.prefix(characters)
            while let first = cut.first, first == 0x20 || first == 0x09 { cut.removeFirst() }
            while let last = cut.last, last == 0x20 || last == 0x09 { cut.removeLast() }
            return String(decoding: cut, as: UTF8.self) + "…"
        }
    }
}

extension Theme {
    /// The emoji for a reaction type; unknown types show by name.
    public func reactionGlyph(_ type: String) -> String {
        reactions[type] ?? type
    }
}
