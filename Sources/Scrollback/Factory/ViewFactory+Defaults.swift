import Foundation

extension DefaultViews {
    /// The default: a level-2 heading with the channel's name (left out when
    /// ``ViewFactory/ChannelHeaderOptions/showsName`` is `false`), then a row with the channel's image, its
    /// member count and the days of its messages, in the role ``Role/channelHeader`` (which
    /// HTML draws as a divider above it), as the target of ``ViewFactory/ChannelHeaderOptions/anchor``. On
    /// the next page of a split document, the heading alone: "general (continued)".
    func makeChannelHeaderView(options: ViewFactory.ChannelHeaderOptions, context: RenderContext) -> ViewNode {
        let channel = options.channel
        let name = channel.title(currentUserID: context.options.currentUserID, theme: context.theme) ?? context.theme.string(.channel)
        if options.isContinued {
            guard options.showsName else { return .empty }
            return .stack(.vertical, [.heading(level: 2, context.theme.string(.channelContinued, name))], .channelHeader)
        }
        var info: [ViewNode] = []
        if let image = channel.imageURL, !image.isEmpty {
            info.append(.image(ViewNode.ImageContent(source: image, alt: name, width: 32, height: 32)))
        }
        var facts: [String] = []
        if let members = channel.memberCount, members > 0 {
            facts.append(members == 1 ? context.theme.string(.member) : context.theme.string(.members, String(members)))
        }
        if let first = options.firstDate {
            let firstDay = context.formatter.day(first)
            let lastDay = context.formatter.day(options.lastDate ?? first)
            facts.append(firstDay == lastDay ? firstDay : firstDay + " – " + lastDay)
        }
        if !facts.isEmpty { info.append(.text(facts.joined(separator: " · "), .muted)) }
        let infoRow: ViewNode = info.isEmpty ? .empty : .stack(.horizontal, info, .channelInfo)
        guard options.showsName else { return infoRow }
        let header = ViewNode.stack(
            .vertical, infoRow == .empty ? [.heading(level: 2, name)] : [.heading(level: 2, name), infoRow], .channelHeader)
        guard let anchor = options.anchor else { return header }
        return .anchor(id: anchor, header)
    }

    /// The default: a ``ViewNode/disclosure(summary:content:)`` whose summary counts the replies (and
    /// says the thread's first message is not in the document when `parent` is `nil`), holding
    /// the replies. A thread that shows only a draft counts the replies the server counted, as not
    /// in the export.
    func makeThreadView(for parent: ChatMessage?, replies: [ViewNode], replyCount: Int, context: RenderContext) -> ViewNode {
        func count(_ replies: Int64) -> String {
            replies == 1 ? context.theme.string(.threadReply) : context.theme.string(.threadReplies, String(replies))
        }
        var summary: [ViewNode] = [.icon(name: .thread, label: "")]
        if replyCount == 0 {
            // Only a draft shows: what the thread holds, the server counted.
            let counted = parent?.replyCount ?? 0
            if parent == nil { summary.append(.text(context.theme.string(.orphanThread), .strong)) }
            if counted > 0 {
                summary.append(
                    .text(count(counted) + " (" + context.theme.string(.repliesNotInExport) + ")", parent == nil ? .muted : .strong))
            }
            if summary.count == 1 { summary.append(.text(context.theme.string(.draft), .strong)) }
            return .disclosure(summary: summary, content: replies)
        }
        if parent == nil {
            summary += [.text(context.theme.string(.orphanThread), .strong), .text("· " + count(Int64(replyCount)), .muted)]
        } else {
            summary.append(.text(count(Int64(replyCount)), .strong))
        }
        // The server counted more replies than the export holds: say so, not a silent gap.
        if let counted = parent?.replyCount, counted > Int64(replyCount) {
            let missing = context.theme.string(.moreRepliesNotInExport, String(counted - Int64(replyCount)))
            summary.append(.text("· " + missing, .muted))
        }
        return .disclosure(summary: summary, content: replies)
    }

    /// The default: a ``ViewNode/divider(label:)`` labelled with the day, in the reader's time zone
    /// and locale.
    func makeDaySeparatorView(for date: Date, context: RenderContext) -> ViewNode {
        .divider(label: context.formatter.day(date))
    }

    /// The default: asks the resolver whether the message is deleted or a system message and hands
    /// those to ``ViewFactory/makeDeletedMessageView`` and ``ViewFactory/makeSystemMessageView``;
    /// otherwise builds a ``MessageFrame`` from the author, content, reactions (none for a draft)
    /// and footer slots, as the reader's own bubble when ``RenderContext/isCurrentUser(_:)`` says
    /// so or the message is a draft without an author.
    func makeMessageView(for item: MessageItem, context: RenderContext) -> ViewNode {
        let message = item.message
        if context.resolver.isDeleted(message: message) {
            return Self.markingRepeat(context.factory.makeDeletedMessageView(item, context), item)
        }
        if context.resolver.isSystem(message: message) {
            return Self.markingRepeat(context.factory.makeSystemMessageView(item, context), item)
        }
        // A draft without an author is the exporting user's own: drafts are per user.
        let own = context.isCurrentUser(message.user) || (message.isDraft && message.user == nil)
        var header: [ViewNode] = []
        if item.isFirstInGroup { header.append(context.factory.makeAuthorView(message, context)) }
        let content = context.factory.makeMessageContentView(item, context)
        // An unsent draft was never seen by anyone: no reactions, whatever the input says.
        let reactions = message.isDraft ? .empty : context.factory.makeReactionsView(message, context)
        // Made at its size: an array grown by a second element is copied.
        let body = reactions == .empty ? [content] : [content, reactions]
        let footer = context.factory.makeMessageFooterView(item, context)
        return .message(
            MessageFrame(
                id: message.id,
                role: message.kind == .ephemeral ? .ephemeral : own ? .ownBubble : .bubble,
                header: header, body: body, footer: footer == .empty ? [] : [footer],
                authorName: authorName(of: message, context: context), date: message.createdAt,
                isRepeat: item.placement.isRepeat, authorTitle: context.showsTitles ? authorTitle(of: message, context: context) : nil,
                isPinned: message.pinned, authorColorIndex: authorColorIndex(of: message, context: context)))
    }

    /// A second appearance of a message gives up its anchor to the first.
    private static func markingRepeat(_ view: ViewNode, _ item: MessageItem) -> ViewNode {
        guard item.placement.isRepeat, case .message(var frame) = view else { return view }
        frame.isRepeat = true
        return .message(frame)
    }

    /// The default: the author's avatar and display name ("You" for the reader, a placeholder when
    /// the message has no author). The reader's own messages have no avatar, as in Stream's
    /// clients: the right-hand side already says whose they are.
    func makeAuthorView(for message: ChatMessage, context: RenderContext) -> ViewNode {
        let name = ViewNode.text(authorName(of: message, context: context), .author)
        guard let user = message.user, !context.isCurrentUser(user) else { return name }
        return .stack(.horizontal, [.avatar(context.avatar(for: user)), name])
    }

    /// The default: "Draft" for an unsent draft, the time (last message of a group only, unless
    /// ``RenderOptions/timestamps`` asks for every one, or a draft's), "Edited", who pinned the message, and
    /// the reply count of a thread that is not shown underneath; ``ViewNode/empty`` when there is
    /// nothing to say.
    func makeMessageFooterView(for item: MessageItem, context: RenderContext) -> ViewNode {
        let message = item.message
        var parts: [ViewNode] = []
        if message.kind == .ephemeral { parts.append(.text(onlyVisibleNote(for: message, context: context), .muted)) }
        // An unsent draft says so first; its time (when it was saved) is always shown.
        if message.isDraft { parts.append(.badge(context.theme.string(.draft), .badge)) }
        if item.isLastInGroup || context.options.timestamps == .all || message.isDraft, let date = message.createdAt {
            parts.append(.time(date, label: context.formatter.time(date)))
        }
        if let edited = message.textUpdatedAt {
            // An archive needs the edit's time: the time alone on the message's day, else the
            // date too (as a deletion time is labelled). After the theme's own "Edited".
            let sameDay = message.createdAt.map { context.formatter.dayNumber(of: $0) == context.formatter.dayNumber(of: edited) }
            let when = sameDay == true ? context.formatter.time(edited) : context.formatter.dateTime(edited)
            parts.append(.time(edited, label: context.theme.string(.edited) + " " + when))
        }
        if message.pinned {
            let pinner = message.pinnedBy.map {
                context.isCurrentUser($0)
                    ? context.theme.string(.pinnedByYou) : context.theme.string(.pinnedBy, personName($0, context: context))
            }
            parts.append(
                .stack(
                    .horizontal,
                    [
                        .icon(name: .pinned, label: context.theme.string(.pinned)),
                        .text(pinner ?? context.theme.string(.pinned), .muted),
                    ]))
        }
        // A thread shown underneath says its own count; otherwise `reply_count` tells that one
        // exists, and that the export does not hold it (a reader would look for it).
        if (item.threadReplyCount ?? 0) == 0, let replies = message.replyCount, replies > 0, message.parentID == nil {
            let count = replies == 1 ? context.theme.string(.threadReply) : context.theme.string(.threadReplies, String(replies))
            let label = count + " (" + context.theme.string(.repliesNotInExport) + ")"
            parts.append(.stack(.horizontal, [.icon(name: .thread, label: label), .text(label, .muted)]))
        }
        if parts.isEmpty { return .empty }
        return .stack(.horizontal, parts, .footer)
    }

    /// The default: a link to the thread for a reply also sent to the channel, the quote, the
    /// gallery, the text, the other built-in attachments, the app's own attachments, then the poll
    /// and the shared location, each only when the resolver says the message has it.
    func makeMessageContentView(for item: MessageItem, context: RenderContext) -> ViewNode {
        let message = item.message
        let resolver = context.resolver
        var parts: [ViewNode] = []
        if case .threadReplyInChannel(let parentShown, _) = item.placement, let parentID = message.parentID {
            // "↳ Replied to a thread", a link to the thread's first message when it is in the document.
            parts.append(
                .quote(
                    anchor: parentShown ? context.linkTarget(forMessageID: parentID) : nil,
                    [.text(context.theme.string(.repliedToThread), .muted)]))
        }
        if resolver.hasQuote(message: message) {
            let options = ViewFactory.QuotedMessageOptions(
                quotedMessage: message.quotedMessage, quotedMessageID: message.quotedMessageID,
                replyingMessage: message)
            parts.append(context.factory.makeQuotedMessageView(options, context))
        }
        // Attachments stack in the order chat clients use; the resolver decides which show.
        let attachments = AttachmentGroups(message, context: context)
        if !attachments.gallery.isEmpty {
            parts.append(context.factory.makeGalleryView(attachments.gallery, message, context))
        }
        if resolver.hasText(message: message) {
            parts.append(context.factory.makeTextView(message, context))
        }
        // An event log's earlier versions (`--history`), oldest first, each quoted under its time.
        for version in message.earlierVersions {
            var heading: [ViewNode] = [.text(context.theme.string(.earlierVersion), .muted)]
            if let date = version.date {
                let sameDay = message.createdAt.map { context.formatter.dayNumber(of: $0) == context.formatter.dayNumber(of: date) }
                heading.append(.time(date, label: sameDay == true ? context.formatter.time(date) : context.formatter.dateTime(date)))
            }
            let text: ViewNode =
                version.text.isEmpty ? .empty : .markdown(ChatMarkdown.parse(version.text, mentionedUsers: message.mentionedUsers))
            parts.append(.quote(anchor: nil, [.stack(.horizontal, heading), text]))
        }
        for attachment in attachments.builtIn {
            parts.append(context.factory.makeAttachmentView(attachment, message, context))
        }
        parts += customAttachmentViews(attachments.custom, in: message, context: context)
        if resolver.hasPoll(message: message), let poll = message.poll {
            parts.append(context.factory.makePollView(poll, message, context))
        }
        if resolver.hasSharedLocation(message: message), let location = message.sharedLocation {
            parts.append(context.factory.makeSharedLocationView(location, message, context))
        }
        return parts.count == 1 ? parts[0] : .stack(.vertical, parts)
    }

    /// The default: the text parsed by ``ChatMarkdown``, or, for one to three emoji and nothing
    /// else, the emoji as large text (``Role/jumbo``).
    func makeTextView(for message: ChatMessage, context: RenderContext) -> ViewNode {
        // A message of one to three emoji and nothing else is shown large, as clients do.
        if Self.isJumboEmoji(message.text) { return .text(message.text.trimmingWhitespaceAndNewlines, .jumbo) }
        return .markdown(message.parsedText ?? ChatMarkdown.parse(message.text, mentionedUsers: message.mentionedUsers))
    }

    /// The default: a card with the attachment's type and a row for each of its fields.
    func makeGenericAttachmentView(for attachment: AnyChatMessageAttachment, in message: ChatMessage, context: RenderContext)
        -> ViewNode
    {
        let fields = attachment.raw.members.filter { $0.key != "type" }.map {
            ViewNode.Field($0.key, fieldValue($0.value, context: context))
        }
        // An attachment with no type says so in words; any other shows its type as sent.
        let name = attachment.string("type") == nil ? context.theme.string(.attachment) : attachment.type.rawValue
        return .card(
            .attachment,
            [
                .stack(.horizontal, [.icon(name: .unknown, label: context.theme.string(.attachment)), .text(name, .strong)]),
                fields.isEmpty ? .empty : .fields(fields),
            ].filter { $0 != .empty })
    }

    /// The default: the quoted author and ``ViewFactory/makeQuotedMessageContentView`` in a
    /// ``ViewNode/quote(anchor:_:)`` that links to the original when the document holds it. A deleted
    /// original only says that it was deleted.
    func makeQuotedMessageView(options: ViewFactory.QuotedMessageOptions, context: RenderContext) -> ViewNode {
        var lines: [ViewNode] = []
        if let quoted = options.quotedMessage {
            lines.append(.text(authorName(of: quoted, context: context), .author))
        }
        // A deleted original shows nothing of itself, whatever a content override would draw.
        if let quoted = options.quotedMessage, context.resolver.isDeleted(message: quoted) {
            lines.append(.text(context.theme.string(.messageDeleted), .deleted))
        } else {
            lines.append(context.factory.makeQuotedMessageContentView(options, context))
        }
        // Linked only when the original is in the document: a link to nowhere helps nobody.
        let id = (options.quotedMessage?.id ?? options.quotedMessageID).flatMap { context.contains(messageID: $0) ? $0 : nil }
        return .quote(anchor: id.map { context.linkTarget(forMessageID: $0) }, lines)
    }

    /// The default: a preview from the view registered for the first attachment kind that has one,
    /// else the first lines of the text, else a summary of the attachments ("Photo", "3 files").
    /// When only the quoted id is known, a line saying whether the original is elsewhere in the
    /// document or missing.
    func makeQuotedMessageContentView(options: ViewFactory.QuotedMessageOptions, context: RenderContext) -> ViewNode {
        guard let quoted = options.quotedMessage else {
            // Only the id came with the reply: the quote can still lead to the original when the
            // document has it (the quote links there), else it says plainly that it is missing.
            let present = options.quotedMessageID.map { context.documentMessages?.contains($0) ?? false } ?? false
            return .text(context.theme.string(present ? .quotedMessageElsewhere : .quotedMessageMissing), .muted)
        }
        // A registered attachment kind may supply its own preview.
        for attachment in quoted.attachments {
            let kind = context.resolver.attachmentKind(of: attachment, in: quoted)
            guard let renderer = context.attachmentViews.renderer(for: kind) else { continue }
            do {
                if let preview = try renderer.makeQuotedPreview(attachment, context) { return preview }
            } catch {
                context.report(
                    "the quote preview registered for '\(kind.rawValue)' could not read it (\(Self.describe(error))): "
                        + "the default quote is shown", keyPath: "quoted_message.attachments[\(attachment.id.index)]",
                    in: options.replyingMessage)
            }
        }
        if !quoted.text.isEmpty {
            return .text(
                Self.shortened(context.previewText(ofQuoted: quoted), lines: 3, characters: 200), .body)
        }
        if let summary = AttachmentSummary.text(for: quoted, resolver: context.resolver, theme: context.theme) {
            return .text(summary, .muted)
        }
        return .empty
    }

    /// The default: a pill per reaction type with its emoji and count (``Role/reaction``), the
    /// reader's own reactions marked (``Role/ownReaction``), each titled with who gave it as far
    /// as `latest_reactions` tells ("Ann, Bo and 3 others"); ``ViewNode/empty`` for a message without
    /// reactions.
    func makeReactionsView(for message: ChatMessage, context: RenderContext) -> ViewNode {
        guard !message.reactionGroups.isEmpty else { return .empty }
        // The reader's own reactions (`--me`) are marked, as clients highlight them.
        var own: Set<String> = []
        if let me = context.options.currentUserID {
            for reaction in message.latestReactions + message.ownReactions where (reaction.userID ?? reaction.user?.id) == me {
                own.insert(reaction.type)
            }
        }
        // Many types and reactions are gathered by type in one pass: a walk of them all per type
        // would cost the square of their number. A few are walked per type, with no table.
        let latest = message.latestReactions
        var reactionsByType: [String: [Reaction]]?
        if message.reactionGroups.count * latest.count > 64 {
            reactionsByType = Dictionary(grouping: latest, by: \.type)
        }
        return .stack(
            .horizontal,
            message.reactionGroups.map { group in
                let label = "\(context.theme.reactionGlyph(group.type)) \(group.count)"
                let pill: ViewNode =
                    own.contains(group.type)
                    ? .badge(label + " " + context.theme.string(.ownReactionMark), .ownReaction)
                    : .badge(label, .reaction)
                guard context.showsTitles, let who = reactors(of: group, among: reactionsByType?[group.type] ?? latest, context: context)
                else { return pill }
                return .titled(pill, title: who)
            }, .footer)
    }

    /// The default: the text (or a generic label) and the time in a ``MessageFrame`` with the role
    /// ``Role/system`` or ``Role/error``; an error also names its author, whose send it was.
    func makeSystemMessageView(for item: MessageItem, context: RenderContext) -> ViewNode {
        let message = item.message
        let isError = message.kind == .error && message.user != nil
        var body: [ViewNode] = [
            .text(
                message.text.isEmpty ? context.theme.string(.systemMessage) : message.text.trimmingWhitespaceAndNewlines,
                message.kind == .error ? .error : .system)
        ]
        if let date = message.createdAt { body.append(.time(date, label: context.formatter.time(date))) }
        return .message(
            MessageFrame(
                id: message.id, role: message.kind == .error ? .error : .system,
                header: isError ? [context.factory.makeAuthorView(message, context)] : [],
                body: [.stack(.horizontal, body)], authorName: isError ? authorName(of: message, context: context) : nil,
                date: message.createdAt, authorTitle: isError ? authorTitle(of: message, context: context) : nil))
    }

    /// The default: the author (first message of a group only), "Message deleted", the time it
    /// was sent and "deleted at …" (with the date when that is another day) in a ``MessageFrame``
    /// with the role ``Role/deleted``. Nothing of the content shows.
    func makeDeletedMessageView(for item: MessageItem, context: RenderContext) -> ViewNode {
        let message = item.message
        var header: [ViewNode] = []
        if item.isFirstInGroup { header.append(context.factory.makeAuthorView(message, context)) }
        var body: [ViewNode] = [.text(context.theme.string(.messageDeleted), .deleted)]
        // The sent time places the message in the flow; the deletion time is a separate fact,
        // labelled so that it is never read as the time it was sent.
        if let date = message.createdAt { body.append(.time(date, label: context.formatter.time(date))) }
        if let deleted = message.deletedAt {
            let sameDay = message.createdAt.map { context.formatter.dayNumber(of: $0) == context.formatter.dayNumber(of: deleted) }
            let when = sameDay == true ? context.formatter.time(deleted) : context.formatter.dateTime(deleted)
            if message.createdAt != nil { body.append(.text("·", .muted)) }
            body.append(.time(deleted, label: context.theme.string(.deletedAt, when)))
        }
        return .message(
            MessageFrame(
                id: message.id, role: .deleted, header: header, body: [.stack(.horizontal, body)],
                authorName: authorName(of: message, context: context), date: message.createdAt,
                authorTitle: authorTitle(of: message, context: context), authorColorIndex: authorColorIndex(of: message, context: context)))
    }

    // MARK: - Helpers shared by the defaults

    /// The most names a reaction's tooltip lists before "and N others".
    static var maximumReactorsListed: Int { 10 }

    /// Who gave reactions of `group`'s type, from those of its type `among` the message's
    /// `latest_reactions` (Stream sends the latest few, so `reaction_groups` may count more):
    /// "Ann", "Ann and Bo", "Ann, Bo and 3 others"; "You" for the reader; the user id beside a
    /// name two people share, in the document or in the list. `nil` when the input names nobody.
    func reactors(of group: ReactionGroup, among reactions: [Reaction], context: RenderContext) -> String? {
        // Each person once, as an id and the name shown: a user copied and changed would copy
        // its fields. A few are compared with those kept, more go through a set.
        var people: [Reactor] = []
        // The first person, alone until a second comes: most pills name one, and need no list.
        var lone: Reactor?
        var seen: Set<Reactor.Identity> = []
        let few = reactions.count <= 16
        // By index: a reaction is read in place, where a loop variable would copy all of it.
        for index in reactions.indices where reactions[index].type == group.type {
            let given = reactions[index].user
            let person: Reactor
            if let given, !given.id.isEmpty, !(given.name?.isEmpty ?? true) {
                // The usual reaction, with its user in full: the name the user shows.
                person = Reactor(id: given.id, name: given.displayName)
            } else {
                let id = given.flatMap { $0.id.isEmpty ? nil : $0.id } ?? reactions[index].userID ?? ""
                var name = given?.name
                if name?.isEmpty ?? true { name = context.knownNames[id] }
                person = Reactor(id: id, name: ChatUser.displayName(name: name, id: id))
            }
            // A reaction naming nobody counts only.
            guard !person.name.isEmpty else { continue }
            if people.isEmpty {
                guard let first = lone else {
                    lone = person
                    continue
                }
                guard first.identity != person.identity else { continue }
                people.reserveCapacity(min(reactions.count, 16))
                people.append(first)
                if !few { seen.insert(first.identity) }
            }
            if few {
                let identity = person.identity
                guard !people.contains(where: { $0.identity == identity }) else { continue }
            } else {
                guard seen.insert(person.identity).inserted else { continue }
            }
            people.append(person)
        }
        let theme = context.theme
        if people.isEmpty {
            // One person: no one to put first, no two names to tell apart.
            guard let lone else { return nil }
            let name = personName(id: lone.id, displayName: lone.name, context: context)
            let others = max(Int(clamping: group.count), 1) - 1
            switch others {
            case ...0: return name
            case 1: return theme.string(.namesAndOneOther, name)
            default: return theme.string(.namesAndOthers, arguments: [name, String(others)])
            }
        }
        // The reader first, as Stream's clients list them.
        if let me = people.firstIndex(where: { context.isCurrentUser(id: $0.id) }) { people.insert(people.remove(at: me), at: 0) }
        let listed = people.prefix(Self.maximumReactorsListed)
        // Two different people of the list going by one name are told apart (at most ten: no
        // table needed).
        let keys = listed.count > 1 ? listed.map { context.nameKey(of: $0.name) } : []
        var names: [String] = []
        names.reserveCapacity(listed.count)
        for index in listed.indices {
            let collides = keys.indices.contains { other in
                other != index && keys[other] == keys[index] && listed[other].id != listed[index].id
            }
            names.append(personName(id: listed[index].id, displayName: listed[index].name, context: context, collides: collides))
        }
        let others = max(Int(clamping: group.count), people.count) - names.count
        switch others {
        case ...0: return theme.string(.namesAnd, arguments: [Self.commaList(names.dropLast()), names[names.count - 1]])
        case 1: return theme.string(.namesAndOneOther, Self.commaList(names[...]))
        default: return theme.string(.namesAndOthers, arguments: [Self.commaList(names[...]), String(others)])
        }
    }

    /// "Ann, Bo, Cy": a loop, as the generic `joined(separator:)` of a slice costs many times more
    /// for the few names of a tooltip.
    private static func commaList(_ names: ArraySlice<String>) -> String {
        var list = ""
        for (index, name) in names.enumerated() {
            if index > 0 { list += ", " }
            list += name
        }
        return list
    }

    /// How a person other than a message's author is named (who pinned it, quoted it, reacted):
    /// "You" for the reader, else the display name, with the user id when another author of the
    /// document shares it or `collides` says a list beside it does.
    func personName(_ user: ChatUser, context: RenderContext, collides: Bool = false) -> String {
        personName(id: user.id, displayName: user.displayName, context: context, collides: collides)
    }

    /// ``personName(_:context:collides:)`` of the user of `id` shown as `displayName`.
    func personName(id: String, displayName: String, context: RenderContext, collides: Bool = false) -> String {
        if context.isCurrentUser(id: id) { return context.theme.string(.you) }
        guard !id.isEmpty, collides || context.sharesDisplayName(id: id, displayName: displayName) else { return displayName }
        return context.theme.string(.nameWithID, arguments: [displayName, id])
    }

    /// Who saw an ephemeral message: its author (Stream shows it to the sender only), "you" only
    /// when the reader is that author, since a third party reading the export is not.
    func onlyVisibleNote(for message: ChatMessage, context: RenderContext) -> String {
        guard let user = message.user else { return context.theme.string(.onlyVisibleTo, context.theme.string(.unknownUser)) }
        return context.isCurrentUser(user)
            ? context.theme.string(.onlyVisibleToYou) : context.theme.string(.onlyVisibleTo, user.displayName)
    }

    /// The colour of the author's avatar, as ``makeAuthorView(for:context:)`` gives it; `nil`
    /// for the reader's own messages and a message without an author, which have none.
    func authorColorIndex(of message: ChatMessage, context: RenderContext) -> Int? {
        guard let user = message.user, !context.isCurrentUser(user) else { return nil }
        return context.authorColorIndex(for: user)
    }

    func authorName(of message: ChatMessage, context: RenderContext) -> String {
        guard let user = message.user else { return context.theme.string(message.isDraft ? .you : .unknownUser) }
        if context.isCurrentUser(user) { return context.theme.string(.you) }
        // Two people with one name differ by their id, not only by the avatar's colour.
        return context.sharesDisplayName(user) ? authorTitle(of: message, context: context) ?? user.displayName : user.displayName
    }

    /// The author's name and user id (`Alex (alex-2)`, `You (maya)`), for the tooltip; `nil`
    /// for a message without an author or one known only by name. A draft without an author
    /// is the reader's own: `You`, with the reader's id when it is known.
    func authorTitle(of message: ChatMessage, context: RenderContext) -> String? {
        guard let user = message.user, !user.id.isEmpty else {
            guard message.isDraft && message.user == nil else { return nil }
            let you = context.theme.string(.you)
            return context.options.currentUserID.map { context.nameWithID(you, id: $0) } ?? you
        }
        return context.nameWithID(of: user)
    }

    /// A field value as views: strings (links when they are allowed URLs), numbers, nested rows;
    /// `true` and `false` in the theme's words (``Theme/Label/yes``, ``Theme/Label/no``).
    func fieldValue(_ value: JSONValue, context: RenderContext) -> ViewNode {
        switch value {
        // Readers are not programmers: no `null`, `true` or `[]` (a dash for nothing).
        case .null: return .text("—", .muted)
        case .bool(let bool): return .text(context.theme.string(bool ? .yes : .no))
        case .integer(let number): return .text(String(number))
        case .double(let number): return .text(String(number))
        case .string(let string):
            if URLPolicy.sanitize(string) != nil, string.contains("://") || string.hasPrefix("mailto:") || string.hasPrefix("tel:") {
                return .link(destination: string, label: .text(string))
            }
            return .text(string)
        case .array(let items):
            if items.isEmpty { return .text("—", .muted) }
            // A list of words or numbers reads best on one line; anything richer gets numbered rows.
            let scalars = items.compactMap { $0.plainScalarText(yes: context.theme.string(.yes), no: context.theme.string(.no)) }
            if scalars.count == items.count, !scalars.contains(where: { $0.contains(", ") || $0.contains("://") }) {
                return .text(scalars.joined(separator: ", "))
            }
            return .fields(items.enumerated().map { ViewNode.Field("\($0.offset + 1)", fieldValue($0.element, context: context)) })
        case .object(let object):
            if object.isEmpty { return .text("—", .muted) }
            return .fields(object.members.map { ViewNode.Field($0.key, fieldValue($0.value, context: context)) })
        }
    }

    /// One to three emoji (flags, ZWJ sequences, skin tones and keycaps count as one) and
    /// nothing else but spaces.
    static func isJumboEmoji(_ text: String) -> Bool {
        // Most texts start with a letter or punctuation: no ASCII character but `#`, `*` and
        // the digits (keycap bases) has the Emoji property, so those need no grapheme walk.
        if let first = text.utf8.first(where: { !$0.isASCIIWhitespace }), first < 0x80,
            first != UInt8(ascii: "#"), first != UInt8(ascii: "*"), !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first)
        {
            return false
        }
        if startsWithLetterOfAScript(text) { return false }
        var count = 0
        for character in text where !character.isWhitespace {
            count += 1
            guard count <= 3, character.isEmojiLike else { return false }
        }
        return count > 0
    }

    /// Whether the text's first character is neither white space nor an emoji by the code point
    /// it starts with, read off its first bytes: U+0080 to U+1FFF but U+0085, U+00A0, ©, ® and
    /// U+1680, and U+4000 to U+DFFF (Latin letters with marks, Greek, Cyrillic, Hebrew, Arabic,
    /// the scripts of India, Thai, Hangul syllables, CJK ideographs). Only a first character at
    /// the very start counts: one after white space may be a mark that joins that.
    static func startsWithLetterOfAScript(_ text: String) -> Bool {
        text.withUTF8Bytes { bytes in
            guard bytes.count >= 2 else { return false }
            let (lead, next) = (bytes[0], bytes[1])
            switch lead {
            case 0xC2: return next != 0x85 && next != 0xA0 && next != 0xA9 && next != 0xAE
            case 0xC3...0xE0, 0xE4...0xED: return true
            case 0xE1: return !(next == 0x9A && bytes.count >= 3 && bytes[2] == 0x80)
            default: return false
            }
        }
    }

    /// A message's text as a reader sees it, without its Markdown (`the **blue box**` reads
    /// "the blue box"): one line per paragraph, heading, list item or code line. Text with no
    /// Markdown punctuation is returned as it is; only the start is parsed, as a preview shows
    /// no more.
    static func previewText(_ text: String, mentionedUsers: [ChatUser] = []) -> String {
        // Plain text: the spaces around it (which the reader keeps, for code) mean nothing here.
        guard mayHoldMarkup(text) else { return text.trimmingWhitespaceAndNewlines }
        return previewText(of: ChatMarkdown.parse(String(text.prefix(2_000)), mentionedUsers: mentionedUsers))
    }

    /// Whether `text` has a byte that may begin Markdown syntax: else it reads as written.
    static func mayHoldMarkup(_ text: String) -> Bool {
        let table = MarkupBytes.mayStartMarkup
        return table.withUnsafeBufferPointer { table in text.withUTF8Bytes { bytes in bytes.contains { table[Int($0)] } } }
    }

    /// ``previewText(_:mentionedUsers:)`` of the text `document` was parsed from.
    static func previewText(of document: MarkdownDocument) -> String {
        var lines: [String] = []
        func walk(_ blocks: [MarkdownBlock]) {
            for block in blocks {
                switch block {
                case .paragraph(let inlines), .heading(_, let inlines):
                    lines.append(contentsOf: Self.inlineLines(inlines))
                case .blockQuote(let children): walk(children)
                case .list(_, _, let items): items.forEach(walk)
                case .codeBlock(_, let code): lines.append(contentsOf: code.split(whereSeparator: \.isNewline).map(String.init))
                case .htmlBlock(let html): lines.append(html)
                case .thematicBreak: break
                case .table(let table): lines.append(contentsOf: table.plainLines)
                }
            }
        }
        walk(document.blocks)
        return lines.joined(separator: "\n")
    }

    /// Inlines as plain lines: each break the sender typed starts a new one.
    private static func inlineLines(_ inlines: [MarkdownInline]) -> [String] {
        var lines = [""]
        for inline in inlines {
            switch inline {
            case .softBreak, .lineBreak: lines.append("")
            default: lines[lines.count - 1] += inline.plainText
            }
        }
        return lines
    }

    /// The first `lines` lines and `characters` characters of `text` on one line, with an
    /// ellipsis when cut. Every line break counts (CR, VT, FF, U+2028... as well as LF), so the
    /// result never holds one.
    static func shortened(_ text: String, lines: Int, characters: Int) -> String {
        if let result = shortenedASCII(text, lines: lines, characters: characters) { return result }
        let (kept, hasMoreLines) = firstLines(of: text, count: lines)
        guard kept.count > characters || hasMoreLines else { return kept }
        return kept.prefix(characters).trimmingSpaces() + "…"
    }

    /// The first `count` lines of `text` that are not empty, joined with spaces, and whether
    /// another follows: what splitting the characters at each line break gives, found on
    /// bytes, since a line break is never part of a longer character (CR LF is one break).
    private static func firstLines(of text: String, count: Int) -> (kept: String, hasMoreLines: Bool) {
        return text.withUTF8Bytes { bytes in
            var kept: [UInt8] = []
            var keptLines = 0
            var lineStart = 0
            var index = 0
            while index <= bytes.count {
                let breakLength = index == bytes.count ? 1 : TextControls.lineBreakLength(bytes, at: index)
                guard breakLength > 0 else {
                    index += 1
                    continue
                }
                if index > lineStart {
                    guard keptLines < count else { return (String(decoding: kept, as: UTF8.self), true) }
                    if keptLines > 0 { kept.append(UInt8(ascii: " ")) }
                    kept.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[lineStart..<index]))
                    keptLines += 1
                }
                index += breakLength
                lineStart = index
            }
            return (String(decoding: kept, as: UTF8.self), false)
        }
    }

    /// ``shortened(_:lines:characters:)`` on bytes, for text of ASCII whose only line break is
    /// LF, where every byte is a `Character` and only spaces and tabs are trimmed; `nil` otherwise.
    private static func shortenedASCII(_ text: String, lines: Int, characters: Int) -> String? {
        return text.withUTF8Bytes { bytes -> String? in
            guard !bytes.contains(where: { $0 >= 0x80 || (0x0B...0x0D).contains($0) }) else { return nil }
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

extension MessagePlacement {
    /// Whether this appearance repeats one elsewhere in the document.
    var isRepeat: Bool {
        if case .threadReplyInChannel(_, true) = self { return true }
        return false
    }
}

extension Theme {
    /// The emoji for a reaction type; unknown types show by name.
    public func reactionGlyph(_ type: String) -> String {
        reactions[type] ?? type
    }

    /// "1 message", "12 messages", in the theme's words.
    public func messageCount(_ count: Int) -> String {
        count == 1 ? string(.message) : string(.messages, String(count))
    }

    /// "1 message skipped", "3 messages skipped", in the theme's words.
    public func skippedMessageCount(_ count: Int) -> String {
        count == 1 ? string(.skippedMessage) : string(.skippedMessages, String(count))
    }
}

extension Character {
    /// Whether the character is drawn as an emoji: presentation by default, or asked for with
    /// VS16, or a keycap, flag or ZWJ sequence.
    var isEmojiLike: Bool {
        let scalars = unicodeScalars
        guard let first = scalars.first else { return false }
        if EmojiBlockProperties.isEmojiPresentation(first) { return true }
        if scalars.count > 1, EmojiBlockProperties.isEmoji(first),
            scalars.contains(where: { $0.value == 0xFE0F || $0.value == 0x20E3 || $0.value == 0x200D })
        {
            return true
        }
        return false
    }
}

extension JSONValue {
    /// A string, number or boolean (`yes` or `no`) as text; `nil` for null, arrays and objects.
    fileprivate func plainScalarText(yes: String, no: String) -> String? {
        switch self {
        case .bool(let bool): return bool ? yes : no
        case .integer(let number): return String(number)
        case .double(let number): return String(number)
        case .string(let string): return string
        case .null, .array, .object: return nil
        }
    }
}

/// The bytes that may begin Markdown syntax (digits for ordered lists), as a table: every quote
/// and preview asks about every byte of its text.
private enum MarkupBytes {
    static let mayStartMarkup: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for byte in "*_`[]<>#~\\!|&-+=0123456789".utf8 { table[Int(byte)] = true }
        return table
    }()
}

/// One person who reacted, as a reaction's tooltip names them: the user id (empty when the
/// input gives none) and the name shown.
private struct Reactor {
    let id: String
    let name: String

    /// Who the person is: the id, or the name for someone known by no id, who is never the
    /// same as someone with one.
    struct Identity: Hashable {
        let id: String
        let name: String
    }

    var identity: Identity { Identity(id: id, name: id.isEmpty ? name : "") }
}
