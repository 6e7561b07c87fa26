import Foundation
import Scrollback
import Testing

@testable import ContactGuide

/// Each step of the guide changes the rendered transcript: the fixture is rendered with every
/// step (`ContactGuide.renderer()`, as the app wires it), and again with one step replaced by
/// Scrollback's default, and the two documents differ where, and only where, that step acts.
@Suite struct ContactGuideTests {
    static let fixture = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent() // ContactGuideTests
        .deletingLastPathComponent() // Tests
        .deletingLastPathComponent() // ContactGuide
        .appendingPathComponent("Fixtures/front-desk.json").path

    // MARK: - Step 1: the payload (ContactAttachmentPayload.swift)

    /// The payload is what every later step reads: the fixture's contacts decode to it (the
    /// legacy `vcard` only through the app's resolver, the file never), and the values the
    /// transcript shows are the payload's.
    @Test func step1_thePayloadIsWhatTheTranscriptShows() throws {
        let messages = try Self.fixtureMessages()
        func names(_ id: String, _ resolver: any MessageTypeResolving = DefaultMessageTypeResolver()) throws -> [String] {
            try #require(messages[id]).attachments(payloadType: ContactAttachmentPayload.self, resolver: resolver).map(\.payload.name)
        }
        #expect(try names("fd-002") == ["Omar Haddad"])
        #expect(try names("fd-003") == ["Li Wei", "Sofia Rossi"])
        #expect(try names("fd-004").isEmpty)
        #expect(try names("fd-004", CustomMessageTypeResolver()) == ["Ines Duarte"])
        #expect(try names("fd-006", CustomMessageTypeResolver()).isEmpty)

        let output = try Self.render(.markdown)
        for id in ["fd-002", "fd-003", "fd-004"] {
            for contact in try #require(messages[id]).attachments(
                payloadType: ContactAttachmentPayload.self, resolver: CustomMessageTypeResolver())
            {
                #expect(output.contains("📇 **\(contact.payload.name)**"))
                #expect(output.contains("[\(contact.payload.phoneNumber)](tel:\(contact.payload.dialable))"))
            }
        }
    }

    /// The payload's fields decide which contacts the app draws: one without a `phoneNumber`
    /// does not decode, so it keeps Scrollback's card, and the problem is reported.
    @Test(arguments: OutputFormat.allCases)
    func step1_aContactThePayloadCannotReadKeepsTheDefaultCardAndIsReported(format: OutputFormat) throws {
        let messages = try Self.messages(
            fromJSON: """
                [{"id": "x-1", "text": "", "user": {"id": "kofi", "name": "Kofi Mensah"}, "created_at": "2026-05-11T09:00:00Z",
                  "attachments": [{"type": "contact", "name": "Dana Ortiz"}]}]
                """)
        var warnings: [ReadWarning] = []
        let output = Self.render(messages, as: format, warnings: &warnings)
        #expect(Self.defaultCard("Dana Ortiz", in: output, format))
        #expect(!Self.appCard("Dana Ortiz", in: output, format))
        #expect(warnings.count == 1)
        #expect(warnings.first?.messageID == "x-1" && warnings.first?.keyPath == "attachments[0]")
        #expect(warnings.first?.reason.contains("phoneNumber") == true, "\(warnings)")
    }

    // MARK: - Step 2: the resolver (CustomMessageTypeResolver.swift)

    /// With the app's resolver, the legacy `vcard` is a contact: drawn as the app's card and
    /// quoted as a contact. With Scrollback's default resolver it is an unknown kind: a generic
    /// card listing its fields, quoted by its type. Contacts sent as `contact` show either way.
    @Test(arguments: OutputFormat.allCases)
    func step2_theResolverMakesLegacyVCardsContacts(format: OutputFormat) throws {
        let on = try Self.render(format)
        let off = try Self.render(format, resolver: DefaultMessageTypeResolver())

        #expect(Self.appCard("Ines Duarte", in: on, format))
        #expect(on.contains("📇 Ines Duarte · +44 20 7946 0955"))
        #expect(!on.contains("vcard") && !on.contains("phoneNumber"))

        #expect(!Self.appCard("Ines Duarte", in: off, format))
        #expect(!off.contains("📇 Ines Duarte ·"))
        #expect(off.contains("vcard") && off.contains("phoneNumber"), "the generic card names the type and lists the fields")
        #expect(Self.quoteLine("vcard", in: off, format), "the quote summarises the attachment by its type")

        // What the resolver does not touch stays as it was.
        for name in ["Omar Haddad", "Li Wei", "Sofia Rossi"] {
            #expect(Self.appCard(name, in: on, format) && Self.appCard(name, in: off, format))
        }
        #expect(on.contains("📇 Omar Haddad · +44 20 7946 0321") && off.contains("📇 Omar Haddad · +44 20 7946 0321"))
    }

    /// Why the app's `hasCustomAttachment` keeps Scrollback's answer for other messages: the
    /// guide's answer alone (true only when a contact decodes) hides every other custom kind,
    /// and a contact whose fields do not fit the payload. Scrollback says so, once per kind.
    @Test(arguments: OutputFormat.allCases)
    func step2_answeringOnlyForContactsWouldHideOtherKinds(format: OutputFormat) throws {
        struct ContactsOnly: MessageTypeResolving {
            func hasCustomAttachment(message: ChatMessage) -> Bool {
                !message.attachments(payloadType: ContactAttachmentPayload.self, resolver: self).isEmpty
            }
        }
        let messages = try Self.messages(
            fromJSON: """
                [{"id": "x-2", "text": "Saturday!", "user": {"id": "rina", "name": "Rina Sato"}, "created_at": "2026-05-11T09:00:00Z",
                  "attachments": [{"type": "party_invite", "place": "Rooftop terrace"}]},
                 {"id": "x-3", "text": "And her:", "user": {"id": "rina", "name": "Rina Sato"}, "created_at": "2026-05-11T09:01:00Z",
                  "attachments": [{"type": "contact", "name": "Dana Ortiz"}]}]
                """)
        var appWarnings: [ReadWarning] = []
        let app = Self.render(messages, as: format, warnings: &appWarnings)
        #expect(app.contains("Rooftop terrace") && Self.defaultCard("Dana Ortiz", in: app, format))
        #expect(appWarnings.map(\.messageID) == ["x-3"], "the contact that does not decode is reported")

        var literalWarnings: [ReadWarning] = []
        let literal = Self.render(messages, as: format, resolver: ContactsOnly(), warnings: &literalWarnings)
        #expect(!literal.contains("Rooftop terrace") && !literal.contains("Dana Ortiz"))
        #expect(literalWarnings.map(\.messageID) == ["x-2", "x-3"], "\(literalWarnings)")
        #expect(literalWarnings.first?.reason.contains("hasCustomAttachment answered false, so 'party_invite'") == true)
    }

    // MARK: - Step 3: the view (ContactAttachmentView.swift, registered in ContactGuide.attachmentViews)

    /// Registered, every contact (the legacy one too) is the app's card; not registered, each
    /// is Scrollback's own contact card. Quotes and the file are the same either way.
    @Test(arguments: OutputFormat.allCases)
    func step3_theRegisteredViewDrawsEveryContact(format: OutputFormat) throws {
        let on = try Self.render(format)
        let off = try Self.render(format, attachmentViews: AttachmentViewRegistry())
        for name in ["Omar Haddad", "Li Wei", "Sofia Rossi", "Ines Duarte"] {
            #expect(Self.appCard(name, in: on, format) && !Self.defaultCard(name, in: on, format), "\(name)")
            #expect(Self.defaultCard(name, in: off, format) && !Self.appCard(name, in: off, format), "\(name)")
        }
        #expect(!Self.phoneRow(in: on, format) && Self.phoneRow(in: off, format))
        for unchanged in ["📇 Omar Haddad · +44 20 7946 0321", "📇 Ines Duarte · +44 20 7946 0955", "boiler-manual.pdf", "482 KB"] {
            #expect(on.contains(unchanged) && off.contains(unchanged), "\(unchanged)")
        }
    }

    /// Why the view is registered rather than put in the factory slot the guide overrides:
    /// `makeCustomAttachmentView` is never asked for `contact`, a kind Scrollback knows.
    @Test func step3_theGuidesFactorySlotIsNotAskedForContacts() throws {
        var guideSlot = ViewFactory()
        guideSlot.makeCustomAttachmentView = { _, _, _ in .text("FROM THE CUSTOM SLOT") }
        let output = try Self.render(.markdown, factory: guideSlot, attachmentViews: AttachmentViewRegistry())
        #expect(!output.contains("FROM THE CUSTOM SLOT"))
        #expect(Self.defaultCard("Omar Haddad", in: output, .markdown))
    }

    // MARK: - Step 4: the quoted message (CustomViewFactory.swift)

    /// The app's factory quotes a contact in one line (the legacy one too); without it the
    /// default says "Contact: NAME". Quotes of plain text and of the file are the default's
    /// either way.
    @Test(arguments: OutputFormat.allCases)
    func step4_theFactoryQuotesContactsAndLeavesTheRestToTheDefault(format: OutputFormat) throws {
        let on = try Self.render(format)
        let off = try Self.render(format, factory: ViewFactory())

        #expect(on.contains("📇 Omar Haddad · +44 20 7946 0321") && on.contains("📇 Ines Duarte · +44 20 7946 0955"))
        #expect(!on.contains("Contact: "))
        #expect(!off.contains("📇 Omar Haddad ·") && !off.contains("📇 Ines Duarte ·"))
        #expect(Self.quoteLine("Contact: Omar Haddad", in: off, format) && Self.quoteLine("Contact: Ines Duarte", in: off, format))

        // Everything else is drawn as before: the contact cards, and the default quotes.
        for name in ["Omar Haddad", "Ines Duarte"] {
            #expect(Self.appCard(name, in: on, format) && Self.appCard(name, in: off, format))
        }
        for quoted in [
            "The boiler in the back office is knocking again. Who do we call?",
            "And the manual, in case he asks for the model number.",
        ] {
            #expect(Self.quoteLine(quoted, in: on, format) && Self.quoteLine(quoted, in: off, format), "\(quoted)")
        }
    }

    /// The fallback, view by view: for the quote of plain text (fd-007), of the file (fd-009)
    /// and of a deleted contact, the app's factory returns exactly the default's view.
    @Test func step4_everyOtherQuoteIsTheDefaultsView() throws {
        var messages = try Self.fixtureMessages()
        var deleted = try #require(messages["fd-002"])
        deleted.deletedAt = Date(timeIntervalSince1970: 1_778_500_000)
        var replyToDeleted = try #require(messages["fd-005"])
        replyToDeleted.quotedMessage = deleted
        messages["deleted-reply"] = replyToDeleted

        let renderer = ContactGuide.renderer()
        let context = RenderContext(
            options: renderer.options, factory: renderer.factory, resolver: renderer.resolver,
            attachmentViews: renderer.attachmentViews)
        for id in ["fd-007", "fd-009", "deleted-reply"] {
            let reply = try #require(messages[id])
            let options = ViewFactory.QuotedMessageOptions(
                quotedMessage: reply.quotedMessage, quotedMessageID: reply.quotedMessageID,
                replyingMessage: reply)
            let app = ViewFactory.custom.makeQuotedMessageContentView(options, context)
            #expect(app == ViewFactory().makeQuotedMessageContentView(options, context), "\(id)")
            #expect(!"\(app)".contains("📇"), "\(id)")
        }
    }

    // MARK: - The whole port

    @Test(arguments: OutputFormat.allCases)
    func theWholePortRendersWithoutWarnings(format: OutputFormat) throws {
        var warnings: [ReadWarning] = []
        let output = try ContactGuide.render(path: Self.fixture, as: format) { warnings.append($0) }
        #expect(warnings.isEmpty, "\(warnings)")
        for name in ["Omar Haddad", "Li Wei", "Sofia Rossi", "Ines Duarte"] {
            #expect(Self.appCard(name, in: Self.readable(output, format), format), "\(name)")
        }
        #expect(output.contains("tel:+442079460321"))
        #expect(output.contains("https://files.example.org/front-desk/boiler-manual.pdf"))
        #expect(output.contains("Page 12 has the reset steps."))
    }

    // MARK: - Helpers

    /// The fixture rendered in `format` by the app's renderer, with every step on except those
    /// replaced here (`nil` keeps the app's piece); terminal styling removed. Each rendering must
    /// be free of warnings.
    static func render(
        _ format: OutputFormat, factory: ViewFactory? = nil, resolver: (any MessageTypeResolving)? = nil,
        attachmentViews: AttachmentViewRegistry? = nil
    ) throws -> String {
        var renderer = ContactGuide.renderer()
        if let factory { renderer.factory = factory }
        if let resolver { renderer.resolver = resolver }
        if let attachmentViews { renderer.attachmentViews = attachmentViews }
        var warnings: [ReadWarning] = []
        let output = try ContactGuide.render(path: fixture, as: format, with: renderer) { warnings.append($0) }
        #expect(warnings.isEmpty, "\(warnings)")
        return readable(output, format)
    }

    /// Messages rendered from memory, as the fixture is.
    static func render(
        _ messages: [ChatMessage], as format: OutputFormat, resolver: (any MessageTypeResolving)? = nil,
        warnings: inout [ReadWarning]
    ) -> String {
        var renderer = ContactGuide.renderer()
        if let resolver { renderer.resolver = resolver }
        let sink = OutputSink.memory()
        var collected: [ReadWarning] = []
        var backend = format.makeBackend(output: sink, options: renderer.options)
        renderer.render(messages: messages, onWarning: { collected.append($0) }, to: &backend)
        warnings += collected
        return readable(sink.capturedText, format)
    }

    /// The text as a person reads it: without the terminal's colour sequences.
    static func readable(_ output: String, _ format: OutputFormat) -> String {
        format == .ansi ? output.replacing(/\u{1B}\[[0-9;]*m/, with: "") : output
    }

    static func messages(fromJSON json: String) throws -> [ChatMessage] {
        var reader = TranscriptReader(bytes: Array(json.utf8))
        var messages: [ChatMessage] = []
        while let event = try reader.next() {
            if case .message(let message) = event { messages.append(message) }
        }
        return messages
    }

    static func fixtureMessages() throws -> [String: ChatMessage] {
        var reader = try TranscriptReader(path: fixture)
        var messages: [String: ChatMessage] = [:]
        while let event = try reader.next() {
            if case .message(let message) = event { messages[message.id] = message }
        }
        return messages
    }

    /// The app's contact card (step 3) for `name`: 📇 and the name as a title.
    static func appCard(_ name: String, in output: String, _ format: OutputFormat) -> Bool {
        switch format {
        case .html: output.contains("📇<span class=\"sb-title\">\(name)</span>")
        case .markdown: output.contains("📇 **\(name)**")
        case .ansi: output.contains("│ 📇 \(name) ") // inside the card's box; a quote line starts with ▎
        default: false
        }
    }

    /// Scrollback's own contact card for `name`: the theme's contact glyph and the name.
    static func defaultCard(_ name: String, in output: String, _ format: OutputFormat) -> Bool {
        switch format {
        case .html: output.contains("aria-label=\"Contact\">👤</span><span class=\"sb-strong\">\(name)</span>")
        case .markdown: output.contains("👤 **\(name)**")
        case .ansi: output.contains("│ 👤 \(name) ")
        default: false
        }
    }

    /// The labelled "Phone" row of Scrollback's contact card (the app's card has none).
    static func phoneRow(in output: String, _ format: OutputFormat) -> Bool {
        switch format {
        case .html: output.contains("<dt>Phone</dt>")
        case .markdown: output.contains("**Phone**:")
        case .ansi: output.contains("Phone: +")
        default: false
        }
    }

    /// Whether a reply's quote reads `text` (after the quoted author's name).
    static func quoteLine(_ text: String, in output: String, _ format: OutputFormat) -> Bool {
        switch format {
        case .html:
            output.contains("</span>\(text)</a></blockquote>")
                || output.contains("<span class=\"sb-muted\">\(text)</span></a></blockquote>")
        case .markdown: output.contains("> \(text)\n") || output.contains("> *\(text)*\n")
        case .ansi: output.contains("▎ \(text) ")
        default: false
        }
    }
}
