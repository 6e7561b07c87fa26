import Foundation
import TestSupport
import Testing

@testable import Scrollback

/// Replaces one slot and relies on the defaults for the rest.
private func shoutingAuthorFactory() -> ViewFactory {
    var factory = ViewFactory()
    factory.makeAuthorView = { message, _ in .text((message.user?.displayName ?? "?").uppercased(), .author) }
    return factory
}

/// The quoted-message slot replaced with a fallback: contact cards get their own preview,
/// anything else the default content.
private func contactQuoteFactory() -> ViewFactory {
    var factory = ViewFactory()
    factory.makeQuotedMessageContentView = { options, context in
        if let contact = options.quotedMessage?.attachments.first(where: { $0.type == "contact" }) {
            return .text("Contact: \(contact.string("name") ?? "")", .body)
        }
        return ViewFactory().makeQuotedMessageContentView(options, context)
    }
    return factory
}

@Suite struct ViewFactoryTests {
    func context(_ factory: ViewFactory, me: String? = nil) -> RenderContext {
        var options = RenderOptions()
        options.currentUserID = me
        return RenderContext(options: options, factory: factory, resolver: DefaultMessageTypeResolver())
    }

    let ada = ChatUser(id: "ada", name: "Ada Lovelace")

    func messageFrame(_ view: ViewNode) -> MessageFrame? {
        if case .message(let frame) = view { return frame }
        return nil
    }

    @Test func anOverriddenSlotIsUsedByTheDefaults() throws {
        let message = ChatMessage(id: "1", text: "hello", user: ada, createdAt: Date(timeIntervalSince1970: 0))
        let context = context(shoutingAuthorFactory())
        let view = context.factory.makeMessageView(MessageItem(message: message), context)
        let frame = try #require(messageFrame(view))
        #expect(frame.header == [.text("ADA LOVELACE", .author)])
        #expect(frame.role == .bubble)
    }

    @Test func aFallbackToTheDefaultFactoryStillUsesTheAppsOverrides() throws {
        // The default message view reaches the author slot through context.factory.
        let message = ChatMessage(id: "1", text: "hello", user: ada)
        let context = context(shoutingAuthorFactory())
        let frame = try #require(messageFrame(ViewFactory().makeMessageView(MessageItem(message: message), context)))
        #expect(frame.header == [.text("ADA LOVELACE", .author)])
    }

    @Test func quotedContentOverrideWithFallbackToTheDefault() {
        var card = ChatMessage(id: "q1", text: "", user: ada)
        card.attachments = [
            AnyChatMessageAttachment(
                id: AttachmentID(messageID: "q1", index: 0),
                raw: ["type": "contact", "name": "Grace Hopper", "phoneNumber": "+1 555 0100"])
        ]
        let plain = ChatMessage(id: "q2", text: "just words", user: ada)
        let context = context(contactQuoteFactory())
        func content(quoting quoted: ChatMessage) -> ViewNode {
            let reply = ChatMessage(id: "r", text: "reply")
            return context.factory.makeQuotedMessageContentView(
                ViewFactory.QuotedMessageOptions(
                    quotedMessage: quoted, quotedMessageID: quoted.id, replyingMessage: reply),
                context)
        }
        #expect(content(quoting: card) == .text("Contact: Grace Hopper", .body))
        #expect(content(quoting: plain) == .text("just words", .body))
    }

    @Test func deletedMessagesShowOnlyThePlaceholder() throws {
        var message = ChatMessage(id: "d", text: "secret words", user: ada, createdAt: Date(timeIntervalSince1970: 0))
        message.deletedAt = Date(timeIntervalSince1970: 60)
        message.attachments = [
            AnyChatMessageAttachment(
                id: AttachmentID(messageID: "d", index: 0), raw: ["type": "image", "image_url": "https://x.test/a.png"])
        ]
        let context = context(ViewFactory())
        let frame = try #require(messageFrame(context.factory.makeMessageView(MessageItem(message: message), context)))
        #expect(frame.role == .deleted)
        let description = "\(frame.body)"
        #expect(description.contains("Message deleted"))
        #expect(!description.contains("secret"))
        #expect(!description.contains("x.test"))
    }

    /// A deleted message is dated when it was sent, with its deletion beside it: the time alone
    /// on the same day, the date and time on another.
    @Test(arguments: [SampleTranscripts.Format.html, .ansi, .markdown])
    func deletedMessagesShowWhenSentAndWhenDeleted(format: SampleTranscripts.Format) throws {
        let sent = try #require(RFC3339.parse("2026-04-01T10:20:00Z"))
        var sameDay = ChatMessage(id: "d1", text: "gone", user: ada, createdAt: sent)
        sameDay.deletedAt = RFC3339.parse("2026-04-01T10:41:00Z")
        var nextDay = ChatMessage(id: "d2", text: "gone too", user: ChatUser(id: "ben", name: "Ben"), createdAt: sent)
        nextDay.deletedAt = RFC3339.parse("2026-04-02T08:05:00Z")
        var undated = ChatMessage(id: "d3", type: .deleted, user: ChatUser(id: "cat", name: "Cat"), createdAt: sent)
        undated.text = "never shown"
        let output = SampleTranscripts.renderInMemory([sameDay, nextDay, undated], as: format)
        let sentTime = try #require(output.range(of: "10:20"))
        let deleted = try #require(
            output.range(
                of: format == .html
                    ? "<span class=\"sb-muted\">·</span><time datetime=\"2026-04-01T10:41:00Z\" title=\"Wednesday, Apr 1, 2026, 10:41:00 UTC\">deleted at 10:41"
                    : "· deleted at 10:41"))
        #expect(sentTime.upperBound < deleted.lowerBound, "sent first, then deleted: \(output)")
        #expect(output.contains("deleted at 2026-04-02 08:05"))
        // The one without a deletion time says only when it was sent; none shows its text.
        #expect(output.components(separatedBy: "deleted at").count == 3)
        #expect(!output.contains("gone") && !output.contains("never shown"))
        if format == .html {
            #expect(output.contains("<time datetime=\"2026-04-01T10:20:00Z\" title=\"Wednesday, Apr 1, 2026, 10:20:00 UTC\">10:20</time>"))
        }
    }

    /// The compact terminal style leads with the sent time and keeps the deletion time.
    @Test func compactLinesKeepTheDeletionTime() throws {
        var message = ChatMessage(id: "d1", text: "gone", user: ada, createdAt: RFC3339.parse("2026-04-01T10:20:00Z"))
        message.deletedAt = RFC3339.parse("2026-04-01T10:41:00Z")
        var options = RenderOptions()
        options.ansi.style = .compact
        let output = SampleTranscripts.renderInMemory([message], as: .ansi, options: options)
        #expect(output.contains("10:20 Ada Lovelace: Message deleted · deleted at 10:41"), "\(output)")
    }

    @Test func ownMessagesAndEditedMark() throws {
        var message = ChatMessage(id: "e", text: "fixed typo", user: ada, createdAt: Date(timeIntervalSince1970: 0))
        message.textUpdatedAt = Date(timeIntervalSince1970: 30)
        let context = context(ViewFactory(), me: "ada")
        let frame = try #require(messageFrame(context.factory.makeMessageView(MessageItem(message: message), context)))
        #expect(frame.role == .ownBubble)
        // No avatar for the reader, as in Stream's clients; the name stays for the text outputs.
        #expect(frame.header == [.text("You", .author)])
        #expect(frame.authorTitle == "You (ada)")
        #expect("\(frame.footer)".contains("Edited 00:00"))
    }

    /// The edit's time is a fact an archive keeps: the time on the message's day, the date and
    /// time on another, in every format.
    @Test func theEditedMarkSaysWhen() throws {
        var message = ChatMessage(id: "e", text: "fixed typo", user: ada, createdAt: RFC3339.parse("2026-04-01T10:20:00Z"))
        message.textUpdatedAt = RFC3339.parse("2026-04-01T14:05:00Z")
        let context = context(ViewFactory())
        let sameDay = try #require(messageFrame(context.factory.makeMessageView(MessageItem(message: message), context)))
        let edit = try #require(message.textUpdatedAt)
        #expect(sameDay.footer.contains { "\($0)".contains("Edited 14:05") }, "\(sameDay.footer)")
        #expect("\(sameDay.footer)".contains("time("))
        for format in [SampleTranscripts.Format.ansi, .markdown, .html] {
            let output = SampleTranscripts.renderInMemory([message], as: format)
            #expect(output.contains("Edited 14:05"), "\(format): \(output)")
        }
        let html = SampleTranscripts.renderInMemory([message], as: .html)
        #expect(html.contains("<time datetime=\"2026-04-01T14:05:00Z\""), "\(html)")
        message.textUpdatedAt = RFC3339.parse("2026-04-03T09:00:00Z")
        let later = try #require(messageFrame(context.factory.makeMessageView(MessageItem(message: message), context)))
        let laterEdit = try #require(message.textUpdatedAt)
        #expect(laterEdit != edit)
        #expect("\(later.footer)".contains("Edited " + context.formatter.dateTime(laterEdit)), "\(later.footer)")
        #expect(context.formatter.dateTime(laterEdit) != context.formatter.time(laterEdit))
    }

    @Test func systemMessagesHaveNoBubbleOrAuthor() throws {
        let message = ChatMessage(id: "s", type: .system, text: "Ada joined", user: ada)
        let context = context(ViewFactory())
        let frame = try #require(messageFrame(context.factory.makeMessageView(MessageItem(message: message), context)))
        #expect(frame.role == .system)
        #expect(frame.header.isEmpty)
    }

    @Test func unknownAttachmentsListEveryFieldNestedValuesIncluded() {
        let attachment = AnyChatMessageAttachment(
            id: AttachmentID(messageID: "m", index: 0),
            raw: [
                "type": "survey", "question": "Venue?", "choices": ["Roof", ["label": "Online", "link": "https://meet.test/x"]],
                "closes": nil, "votes": 3,
            ])
        let message = ChatMessage(id: "m")
        let context = context(ViewFactory())
        let view = context.factory.makeCustomAttachmentView(attachment, message, context)
        let description = "\(view)"
        for expected in [
            "survey", "question", "Venue?", "choices", "Roof", "label", "Online", "https://meet.test/x", "closes", "votes", "3",
        ] {
            #expect(description.contains(expected), "\(expected)")
        }
    }
}

@Suite struct MessageMarksTests {
    @Test(arguments: [
        ("👍", true), ("🎉🎉🎉", true), ("👨‍👩‍👧‍👦🇯🇵🎉", true), ("❤️ 1️⃣", true), ("👍🏽", true),
        ("🎉🎉🎉🎉", false), ("ok 👍", false), ("1", false), ("#", false), ("", false), ("™", false),
        // Past leading spaces, an ASCII start decides at once unless it may begin a keycap.
        (" \n\t👍", true), ("\t1️⃣", true), ("*️⃣#️⃣", true), ("!👍", false), ("a\u{301}", false), ("  ", false),
    ])
    func jumboEmoji(text: String, expected: Bool) {
        #expect(DefaultViews.isJumboEmoji(text) == expected)
    }

    /// What `isJumboEmoji` answers without its shortcuts: up to three characters that are not
    /// white space, each emoji-like.
    static func jumboEmojiByWalking(_ text: String) -> Bool {
        var count = 0
        for character in text where !character.isWhitespace {
            count += 1
            guard count <= 3, character.isEmojiLike else { return false }
        }
        return count > 0
    }

    /// The start read off the first bytes (a letter of a script, no emoji) answers as the walk
    /// does for every code point it takes, alone, before an emoji, and after a space (where a
    /// mark joins the space and the walk goes on).
    @Test func scriptLetterShortcutAnswersAsTheWalk() {
        var shortcuts = 0
        for value in UInt32(0x80)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let letter = String(Character(scalar))
            if DefaultViews.startsWithLetterOfAScript(letter + "👍") {
                shortcuts += 1
                #expect(!scalar.properties.isWhitespace && !scalar.properties.isEmoji, "U+\(String(value, radix: 16))")
            }
            for text in [letter, letter + "👍", letter + " 🎉", " " + letter + "👍", "\n" + letter] {
                #expect(DefaultViews.isJumboEmoji(text) == Self.jumboEmojiByWalking(text), "U+\(String(value, radix: 16))")
            }
        }
        // U+0080 to U+1FFF and U+4000 to U+DFFF, but for the five named.
        #expect(shortcuts > 30_000)
    }

    /// A thread shown with fewer replies than the server counted says how many are missing;
    /// a whole thread says nothing more.
    @Test func aThreadSaysHowManyRepliesAreNotInTheExport() {
        var parent = ChatMessage(id: "p", text: "rota", user: ChatUser(id: "ada", name: "Ada"), createdAt: Date(timeIntervalSince1970: 0))
        parent.replyCount = 5
        let context = RenderContext(options: RenderOptions(), factory: ViewFactory(), resolver: DefaultMessageTypeResolver())
        let replies: [ViewNode] = [.text("one"), .text("two")]
        let partial = "\(context.factory.makeThreadView(parent, replies, 2, context))"
        #expect(partial.contains("2 Thread Replies") && partial.contains("3 more not in this export"), "\(partial)")
        parent.replyCount = 2
        let whole = "\(context.factory.makeThreadView(parent, replies, 2, context))"
        #expect(!whole.contains("not in this export"), "\(whole)")
        let orphan = "\(context.factory.makeThreadView(nil, replies, 2, context))"
        #expect(!orphan.contains("not in this export"), "\(orphan)")
    }

    @Test func pinsAndThreadCountsInTheFooter() {
        var message = ChatMessage(id: "p", text: "note", user: ChatUser(id: "ada", name: "Ada"), createdAt: Date(timeIntervalSince1970: 0))
        message.pinned = true
        message.pinnedBy = ChatUser(id: "bob", name: "Bob")
        message.replyCount = 3
        var options = RenderOptions()
        let context = RenderContext(options: options, factory: ViewFactory(), resolver: DefaultMessageTypeResolver())
        let footer = "\(context.factory.makeMessageFooterView(MessageItem(message: message), context))"
        #expect(footer.contains("Pinned by Bob"))
        // No thread underneath: the replies are not in the export, which the count says.
        #expect(footer.contains("3 Thread Replies (not in this export)"), "\(footer)")
        options.currentUserID = "bob"
        let mine = RenderContext(options: options, factory: ViewFactory(), resolver: DefaultMessageTypeResolver())
        #expect("\(mine.factory.makeMessageFooterView(MessageItem(message: message), mine))".contains("Pinned by you"))
    }
}

@Suite struct ReactionsTests {
    @Test func groupedSortedCountedAndTheReadersOwnMarked() {
        var message = ChatMessage(id: "r", text: "hi")
        message.reactionGroups = [
            ReactionGroup(type: "haha", count: 1, sumScores: 1), ReactionGroup(type: "like", count: 2, sumScores: 2),
            ReactionGroup(type: "party", count: 1, sumScores: 1),
        ]
        message.latestReactions = [Reaction(type: "like", score: 1, userID: "ada", user: nil, createdAt: nil, raw: [:])]
        var options = RenderOptions()
        options.currentUserID = "ada"
        let context = RenderContext(options: options, factory: ViewFactory(), resolver: DefaultMessageTypeResolver())
        // Who gave a reaction as far as `latest_reactions` tells; a pill it names nobody for has no tooltip.
        #expect(
            context.factory.makeReactionsView(message, context)
                == .stack(
                    .horizontal,
                    [
                        .badge("😂 1", .reaction), .titled(.badge("👍 2 ✓", .ownReaction), title: "You and 1 other"),
                        .badge("party 1", .reaction),
                    ], .footer))
    }

    /// Many types, each given by its own person, and reactions of one type spread among the
    /// others: each pill names only who gave its type, in the order they did.
    @Test func eachPillNamesWhoGaveItsType() {
        var message = ChatMessage(id: "r", text: "hi")
        let types = (0..<300).map { "t\($0)" }
        message.reactionGroups = types.map { ReactionGroup(type: $0, count: 1, sumScores: 1) }
        message.latestReactions = types.enumerated().map { index, type in
            Reaction(
                type: type, score: 1, userID: "u\(index)", user: ChatUser(id: "u\(index)", name: "P\(index)"), createdAt: nil, raw: [:])
        }
        message.reactionGroups[5].count = 3
        message.latestReactions.insert(
            Reaction(type: "t5", score: 1, userID: "z", user: ChatUser(id: "z", name: "Zed"), createdAt: nil, raw: [:]), at: 250)
        let context = RenderContext(options: RenderOptions(), factory: ViewFactory(), resolver: DefaultMessageTypeResolver())
        guard case .stack(_, let pills, _) = context.factory.makeReactionsView(message, context) else {
            Issue.record("expected a row of pills")
            return
        }
        let titles = pills.map { pill -> String? in
            guard case .titled(_, let title) = pill else { return nil }
            return title
        }
        #expect(titles.count == 300)
        #expect(titles[0] == "P0" && titles[299] == "P299")
        #expect(titles[5] == "P5, Zed and 1 other")
    }

    /// One person named (most pills): the rest counted, the reader as "You", and a name two
    /// authors share told apart by the id.
    @Test func aPillOfOnePersonNamesThemAndCountsTheRest() {
        func title(
            _ reactions: [(id: String, name: String?)], count: Int64, me: String? = nil, colliding: Set<String> = []
        ) -> String? {
            var message = ChatMessage(id: "r", text: "hi")
            message.reactionGroups = [ReactionGroup(type: "like", count: count, sumScores: count)]
            message.latestReactions = reactions.map { person in
                Reaction(
                    type: "like", score: 1, userID: person.id, user: person.name.map { ChatUser(id: person.id, name: $0) },
                    createdAt: nil, raw: [:])
            }
            var options = RenderOptions()
            options.currentUserID = me
            var context = RenderContext(options: options, factory: ViewFactory(), resolver: DefaultMessageTypeResolver())
            context.collidingNames = colliding
            context.knownNames = ["cy": "Cy"]
            guard case .stack(_, let pills, _) = context.factory.makeReactionsView(message, context),
                case .titled(_, let title)? = pills.first
            else { return nil }
            return title
        }
        #expect(title([("ann", "Ann")], count: 1) == "Ann")
        #expect(title([("ann", "Ann")], count: 2) == "Ann and 1 other")
        #expect(title([("ann", "Ann")], count: 7) == "Ann and 6 others")
        // The same person twice is one; a count below the people named counts them.
        #expect(title([("ann", "Ann"), ("ann", "Ann")], count: 2) == "Ann and 1 other")
        #expect(title([("ann", "Ann")], count: 0) == "Ann")
        #expect(title([("ann", "Ann")], count: 1, me: "ann") == "You")
        #expect(title([("ann", "Ann")], count: 3, me: "ann") == "You and 2 others")
        #expect(title([("ann", "Ann")], count: 1, colliding: [TranscriptIndex.nameKey("Ann")]) == "Ann (ann)")
        // Named by id only: the name the document gives the id, else the id.
        #expect(title([("cy", nil)], count: 1) == "Cy")
        #expect(title([("dee", nil)], count: 2) == "dee and 1 other")
        // Nobody named: no tooltip.
        #expect(title([("", nil)], count: 2) == nil)
        // A second person makes a list.
        #expect(title([("ann", "Ann"), ("bo", "Bo")], count: 2) == "Ann and Bo")
        #expect(title([("ann", "Ann"), ("bo", "Bo")], count: 2, me: "bo") == "You and Ann")
    }

    /// Someone the input names only by a name is one person per name, and never someone who
    /// has an id, whatever that id holds (here the name behind a NUL).
    @Test func aPersonKnownByNameOnlyIsNeverOneWithAnID() {
        var message = ChatMessage(id: "r", text: "hi")
        message.reactionGroups = [ReactionGroup(type: "t0", count: 3, sumScores: 3)]
        let byName = Reaction(type: "t0", score: 1, userID: nil, user: ChatUser(id: "", name: "Ann"), createdAt: nil, raw: [:])
        let byID = Reaction(type: "t0", score: 1, userID: "\u{0}Ann", user: nil, createdAt: nil, raw: [:])
        message.latestReactions = [byName, byID, byName]
        let context = RenderContext(options: RenderOptions(), factory: ViewFactory(), resolver: DefaultMessageTypeResolver())
        #expect(
            context.factory.makeReactionsView(message, context)
                == .stack(.horizontal, [.titled(.badge("t0 3", .reaction), title: "Ann, \u{0}Ann and 1 other")], .footer))
    }
}

@Suite struct AvatarTests {
    @Test func initialsAndAStableColourFromTheID() {
        let ada = ViewNode.AvatarContent(user: ChatUser(id: "ada", name: "Ada Lovelace"))
        #expect(ada.initials == "AL")
        #expect(ada == ViewNode.AvatarContent(user: ChatUser(id: "ada", name: "Ada Lovelace")))
        #expect((0..<ViewNode.AvatarContent.paletteSize).contains(ada.colorIndex))
        #expect(ViewNode.AvatarContent(user: ChatUser(id: "x", name: "山田 花子")).initials == "山花")
        #expect(ViewNode.AvatarContent(user: ChatUser(id: "jo", name: "jo-ann smith")).initials == "JA")
        let colours = Set((0..<64).map { ViewNode.AvatarContent(user: ChatUser(id: "user-\($0)")).colorIndex })
        #expect(colours.count == ViewNode.AvatarContent.paletteSize, "ids spread over the palette")
    }

    @Test func htmlDrawsThePictureOrInitialsAndNeverAnUnsafeURL() {
        var backend = HTMLBackend(output: "", options: RenderOptions())
        backend.write(.avatar(ViewNode.AvatarContent(imageURL: "javascript:alert(1)", initials: "<b>", colorIndex: 3)))
        backend.write(.avatar(ViewNode.AvatarContent(imageURL: "https://x.test/a.png", initials: "AB", colorIndex: 99)))
        #expect(
            backend.output.replacingOccurrences(of: "\n", with: "")
                == "<span class=\"sb-avatar sb-avatar-3\" aria-hidden=\"true\">&lt;b&gt;</span>"
                + "<span class=\"sb-avatar sb-avatar-3\" aria-hidden=\"true\">AB<img src=\"https://x.test/a.png\" alt=\"\" loading=\"lazy\" decoding=\"async\"></span>"
        )
        var ansi = ANSIBackend(output: "", options: RenderOptions())
        ansi.write(
            .stack(.horizontal, [.avatar(ViewNode.AvatarContent(imageURL: nil, initials: "AB", colorIndex: 0)), .text("Ada", .author)]))
        #expect(ansi.output == "Ada\n")
    }
}

@Suite struct QuoteByIDTests {
    /// A reply that carries only `quoted_message_id`: the text depends on whether the original is there.
    @Test func anIDOnlyQuoteSaysWhereTheOriginalIs() throws {
        let input = """
            {"channel": {"name": "x"}, "messages": [
              {"id": "a", "text": "original", "created_at": "2026-01-01T10:00:00Z"},
              {"id": "b", "text": "reply", "quoted_message_id": "a", "created_at": "2026-01-01T10:01:00Z"},
              {"id": "c", "text": "reply to nothing", "quoted_message_id": "zz", "created_at": "2026-01-01T10:02:00Z"}]}
            """
        let path = Scratch.path("quote", extension: "json")
        try input.write(toFile: path, atomically: true, encoding: .utf8)
        var backend = MarkdownBackend(output: "", options: RenderOptions())
        try TranscriptRenderer().render(path: path, to: &backend)
        #expect(backend.output.contains("Reply to a message shown elsewhere in this transcript"))
        #expect(backend.output.contains("The quoted message is not in this transcript"))
    }
}

@Suite struct ContactCardTests {
    /// The value shown for `field` of a contact card with `raw`'s fields.
    func value(_ raw: JSONObject, _ field: Theme.Label) -> ViewNode? {
        let attachment = AnyChatMessageAttachment(id: AttachmentID(messageID: "m", index: 0), raw: raw)
        let context = RenderContext(options: RenderOptions(), factory: ViewFactory(), resolver: DefaultMessageTypeResolver())
        guard
            case .card(_, let parts) = context.factory.makeAttachmentView(attachment, ChatMessage(id: "m"), context),
            case .fields(let fields)? = parts.last
        else { return nil }
        return fields.first { $0.label == context.theme.string(field) }?.value
    }

    /// A phone number dials its digits, `+`, `*` and `#`; an e-mail address is a link only when
    /// it has an `@` and no whitespace (of any script) or character an address cannot hold.
    @Test func phonesAndAddressesBecomeLinksOnlyWhenUsable() {
        #expect(
            value(["type": "contact", "phone_number": "+1 (555) 010-0*9#"], .phone)
                == .link(destination: "tel:+15550100*9#", label: .text("+1 (555) 010-0*9#")))
        #expect(value(["type": "contact", "phone_number": "call me"], .phone) == .text("call me"))
        #expect(value(["type": "contact", "phone_number": "١٢٣"], .phone) == .text("١٢٣"), "digits of other scripts are not dialled")
        #expect(
            value(["type": "contact", "email": "ann@example.org"], .email)
                == .link(destination: "mailto:ann@example.org", label: .text("ann@example.org")))
        #expect(
            value(["type": "contact", "email": "zoë@example.org"], .email)
                == .link(destination: "mailto:zoë@example.org", label: .text("zoë@example.org")))
        // An `@` with a combining mark over it is another character, and no address's `@`.
        for text in [
            "ann example.org", "ann @example.org", "ann\u{2003}@example.org", "a<b@example.org", "a;b@example.org", "x\"@y", "(a)@b",
            "ann@\u{301}example.org",
        ] {
            #expect(value(["type": "contact", "email": .string(text)], .email) == .text(text), "\(text)")
        }
    }
}
