import Foundation
import TestSupport
import Testing

@testable import Scrollback

// The names Stream's iOS guide tells an app to declare. They compile beside Scrollback's own
// API because Scrollback exports neither (its contact card is internal).
extension AttachmentType {
    fileprivate static let contact = Self(rawValue: "contact")
}

/// The guide's contact payload, drawn the app's way.
private struct ContactAttachmentPayload: AttachmentViewProviding {
    static let type: AttachmentType = .contact
    var name: String
    var phoneNumber: String

    func makeView(for attachment: ChatMessageAttachment<Self>, context: RenderContext) -> ViewNode {
        .card(.attachment, [.text("APP CONTACT \(name)", .title), .text(phoneNumber, .muted)])
    }

    func makeQuotedPreview(for attachment: ChatMessageAttachment<Self>, context: RenderContext) -> ViewNode? {
        .text("APP QUOTE \(name)")
    }
}

/// Answers every `has…` question with `false`, or reads a legacy `vcard` as a contact.
private struct Resolver: MessageTypeResolving {
    var shows = true
    func hasAttachment(message: ChatMessage) -> Bool { shows }
    func hasImageAttachment(message: ChatMessage) -> Bool { shows }
    func hasCustomAttachment(message: ChatMessage) -> Bool { shows }
    func attachmentKind(of attachment: AnyChatMessageAttachment, in message: ChatMessage) -> AttachmentType {
        attachment.type.rawValue == "vcard" ? .contact : attachment.type
    }
}

/// Each step of the extension path takes effect, or is reported: the problems a developer
/// following the guides met, one test each.
@Suite struct ExtensionPathTests {
    static func message(id: String = "m1", _ attachments: [JSONObject], quoting quoted: ChatMessage? = nil) -> ChatMessage {
        var message = ChatMessage(
            id: id, text: "", user: ChatUser(id: "ada", name: "Ada"), createdAt: Date(timeIntervalSince1970: 1_775_000_000))
        message.attachments = attachments.enumerated().map {
            AnyChatMessageAttachment(id: AttachmentID(messageID: id, index: $0.offset), raw: $0.element)
        }
        if let quoted {
            message.quotedMessage = quoted
            message.quotedMessageID = quoted.id
        }
        return message
    }

    static func markdown(
        _ messages: [ChatMessage], resolver: any MessageTypeResolving = DefaultMessageTypeResolver(),
        registry: AttachmentViewRegistry = AttachmentViewRegistry(),
        warnings: inout [ReadWarning]
    ) -> String {
        var backend = MarkdownBackend(output: "", options: RenderOptions())
        var collected: [ReadWarning] = []
        TranscriptRenderer(resolver: resolver, attachmentViews: registry).render(
            messages: messages, onWarning: { collected.append($0) }, to: &backend)
        warnings = collected
        return backend.output
    }

    static func markdown(
        _ messages: [ChatMessage], resolver: any MessageTypeResolving = DefaultMessageTypeResolver(),
        registry: AttachmentViewRegistry = AttachmentViewRegistry()
    ) -> String {
        var ignored: [ReadWarning] = []
        return markdown(messages, resolver: resolver, registry: registry, warnings: &ignored)
    }

    static let image: JSONObject = ["type": "image", "image_url": "https://cdn.example.org/cat.jpg", "title": "cat.jpg"]
    static let checklist: JSONObject = ["type": "checklist", "title": "Bring boots"]
    static let contact: JSONObject = ["type": "contact", "name": "Ada", "phoneNumber": "+44 20 7946 0958"]
    static let vcard: JSONObject = ["type": "vcard", "name": "Grace", "phoneNumber": "+1 555 0100"]

    // 1. Every `has…` requirement decides something.
    @Test func theResolversAnswersDecideWhatShows() {
        let message = Self.message([Self.image, Self.checklist])
        let shown = Self.markdown([message], resolver: Resolver(shows: true))
        #expect(shown.contains("cat.jpg") && shown.contains("checklist"))
        let hidden = Self.markdown([message], resolver: Resolver(shows: false))
        #expect(!hidden.contains("cat.jpg") && !hidden.contains("checklist"))
        struct NoImages: MessageTypeResolving {
            func hasImageAttachment(message: ChatMessage) -> Bool { false }
        }
        let noImages = Self.markdown([message], resolver: NoImages())
        #expect(!noImages.contains("cat.jpg") && noImages.contains("checklist"))
        struct NoCustom: MessageTypeResolving {
            func hasCustomAttachment(message: ChatMessage) -> Bool { false }
        }
        let noCustom = Self.markdown([message], resolver: NoCustom())
        #expect(noCustom.contains("cat.jpg") && !noCustom.contains("checklist"))
    }

    // 2. A view registered for a built-in kind is asked first.
    @Test func aViewRegisteredForABuiltInKindIsUsed() {
        let message = Self.message([Self.contact, Self.image])
        #expect(!Self.markdown([message]).contains("APP CONTACT"))
        let registry = AttachmentViewRegistry().registering(ContactAttachmentPayload.self)
        #expect(Self.markdown([message], registry: registry).contains("APP CONTACT Ada"))
        var images = AttachmentViewRegistry()
        images.register(.image, renderer: .init(makeView: { _, _ in .text("APP IMAGE") }))
        #expect(Self.markdown([message], registry: images).contains("APP IMAGE"))
    }

    // 3. A legacy type mapped to a built-in kind is decoded, read and summarised as that kind.
    @Test func aLegacyTypeMappedToABuiltInKindIsThatKindEverywhere() throws {
        let legacy = Self.message(id: "old", [Self.vcard])
        let resolver = Resolver()
        // The built-in contact card draws it (not the generic card listing its fields).
        let drawn = Self.markdown([legacy], resolver: resolver)
        #expect(drawn.contains("Grace") && drawn.contains("tel:+15550100"), "\(drawn)")
        #expect(!drawn.contains("vcard"))
        // Typed reading and the quote summary follow the resolver too.
        #expect(legacy.attachments(payloadType: ContactAttachmentPayload.self, resolver: resolver).map(\.payload.name) == ["Grace"])
        #expect(legacy.attachments(payloadType: ContactAttachmentPayload.self, resolver: DefaultMessageTypeResolver()).isEmpty)
        #expect(AttachmentSummary.text(for: legacy, resolver: resolver, theme: .default) == "Contact: Grace")
        let reply = Self.message(id: "new", [], quoting: legacy)
        let quoted = Self.markdown([reply], resolver: resolver)
        #expect(quoted.contains("Contact: Grace") && !quoted.contains("vcard"), "\(quoted)")
    }

    // 4. A quoted preview with a near-miss signature does not compile.
    @Test func aNearMissQuotedPreviewDoesNotCompile() throws {
        guard let modules = TypeChecking.builtModules else { return }
        let outcome = try TypeChecking.typeCheck(
            """
            import Scrollback
            struct Card: AttachmentViewProviding {
                static let type = AttachmentType(rawValue: "card")
                var name: String
                func makeView(for attachment: ChatMessageAttachment<Card>, context: RenderContext) -> ViewNode { .text(name) }
                func makeQuotedPreview(for attachment: ChatMessageAttachment<Card>, context: RenderContext) -> ViewNode { .text(name) }
            }
            """, modules: modules)
        #expect(!outcome.compiled)
        #expect(outcome.diagnostics.contains("does not conform to protocol 'AttachmentViewProviding'"), "\(outcome.diagnostics)")
    }

    // 4b. A factory slot replaced with a near miss does not compile: a missing parameter (the
    // SDK's signature without `context`), a misspelt slot, a wrong return type, or the old
    // shape, a type conforming to the factory with a method nobody would call.
    @Test(arguments: [
        // Swift 6.3 refuses a closure of the wrong arity without saying why, at the right line.
        ("factory.makeQuotedMessageContentView = { (options: ViewFactory.QuotedMessageOptions) -> ViewNode in .empty }", ":4:"),
        ("factory.makeQuotedMesageContentView = { _, _ in .empty }", "has no member 'makeQuotedMesageContentView'"),
        ("factory.makeQuotedMessageContentView = { _, _ -> ViewNode? in nil }", "ViewNode?"),
        (
            "struct Old: ViewFactory { func makeQuotedMessageContentView(options: ViewFactory.QuotedMessageOptions) -> ViewNode { .empty } }",
            "non-protocol type 'ViewFactory'"
        ),
    ])
    func aNearMissSlotDoesNotCompile(line: String, diagnostic: String) throws {
        guard let modules = TypeChecking.builtModules else { return }
        let source = "import Scrollback\nfunc make() -> ViewFactory {\n    var factory = ViewFactory()\n    LINE\n    return factory\n}\n"
        let good = try TypeChecking.typeCheck(
            source.replacingOccurrences(of: "LINE", with: "factory.makeQuotedMessageContentView = { _, _ in .empty }"), modules: modules)
        #expect(good.compiled, "\(good.diagnostics)")
        let nearMiss = try TypeChecking.typeCheck(source.replacingOccurrences(of: "LINE", with: line), modules: modules)
        #expect(!nearMiss.compiled)
        #expect(nearMiss.diagnostics.contains(diagnostic), "\(nearMiss.diagnostics)")
    }

    // 5. The guide's own names compile beside Scrollback's (see the top of this file).
    @Test func theGuidesNamesDoNotClash() {
        #expect(AttachmentType.contact.rawValue == "contact")
        let reply = Self.message(id: "r", [], quoting: Self.message(id: "c", [Self.contact]))
        let registry = AttachmentViewRegistry().registering(ContactAttachmentPayload.self)
        #expect(Self.markdown([reply], registry: registry).contains("APP QUOTE Ada"))
    }

    // 6. A payload that fails to decode is reported, and the kind's default view drawn.
    @Test func aPayloadThatFailsToDecodeIsReported() {
        let broken = Self.message(id: "b", [["type": "contact", "name": "Ada"]]) // no phoneNumber
        var warnings: [ReadWarning] = []
        let output = Self.markdown(
            [broken], registry: AttachmentViewRegistry().registering(ContactAttachmentPayload.self), warnings: &warnings)
        #expect(output.contains("Ada") && !output.contains("APP CONTACT"))
        #expect(warnings.count == 1)
        #expect(warnings.first?.messageID == "b" && warnings.first?.keyPath == "attachments[0]")
        #expect(warnings.first?.reason.contains("no 'phoneNumber'") == true, "\(warnings)")
    }

    @Test func aDecodingProblemReachesTheCommandLinesChannelAndStrict() throws {
        let path = Scratch.path("input", extension: "json")
        try Data(#"[{"id": "b", "text": "card", "attachments": [{"type": "contact", "name": "Ada"}]}]"#.utf8).write(
            to: URL(fileURLWithPath: path))
        let renderer = TranscriptRenderer(attachmentViews: AttachmentViewRegistry().registering(ContactAttachmentPayload.self))
        var warnings: [ReadWarning] = []
        var backend = MarkdownBackend(output: "", options: RenderOptions())
        try renderer.render(path: path, onWarning: { warnings.append($0) }, to: &backend)
        #expect(warnings.map(\.keyPath) == ["attachments[0]"])
        var strictBackend = MarkdownBackend(output: "", options: RenderOptions())
        #expect(throws: ReadError.self) { try renderer.render(path: path, strict: true, to: &strictBackend) }
    }

    // 6b. A resolver copied from the guide, answering for contacts only, says what it hides:
    // once per kind, through the warnings (and `strict`), never silently.
    @Test func aResolverThatHidesAttachmentsSaysSoOncePerKind() throws {
        struct GuideResolver: MessageTypeResolving {
            func hasCustomAttachment(message: ChatMessage) -> Bool { message.attachments.contains { $0.type == .contact } }
        }
        let payment: JSONObject = ["type": "payment", "amount": "12.50", "currency": "EUR"]
        let messages = [
            Self.message(id: "m1", [payment, Self.checklist]), Self.message(id: "m2", [payment]),
            Self.message(id: "m3", [["type": "bare"]]), Self.message(id: "m4", [Self.contact]),
        ]
        var warnings: [ReadWarning] = []
        let drawn = Self.markdown(messages, resolver: GuideResolver(), warnings: &warnings)
        #expect(!drawn.contains("12.50") && drawn.contains("Ada"))
        // `bare` has nothing to show but its type: hiding it loses nothing.
        #expect(warnings.map(\.messageID) == ["m1", "m1"], "\(warnings)")
        #expect(warnings.map(\.keyPath) == ["attachments[0]", "attachments[1]"])
        #expect(warnings.first?.reason.contains("hasCustomAttachment answered false, so 'payment' attachments are not shown") == true)
        #expect(Self.markdown(messages, resolver: DefaultMessageTypeResolver(), warnings: &warnings).contains("12.50"))
        #expect(warnings.isEmpty)
        struct NoAttachments: MessageTypeResolving {
            func hasAttachment(message: ChatMessage) -> Bool { false }
        }
        _ = Self.markdown([Self.message([Self.image])], resolver: NoAttachments(), warnings: &warnings)
        #expect(warnings.map(\.reason).first?.contains("hasAttachment answered false, so 'image'") == true)
        var strict = MarkdownBackend(output: "", options: RenderOptions())
        let path = Scratch.path("hidden", extension: "json")
        try #"[{"id": "m1", "created_at": "2026-01-01T00:00:00Z", "attachments": [{"type": "payment", "amount": "1"}]}]"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: ReadError.self) {
            try TranscriptRenderer(resolver: GuideResolver()).render(path: path, strict: true, to: &strict)
        }
    }

    // 7. Messages rendered from memory link only to messages that are there.
    @Test func inMemoryMessagesLinkOnlyToMessagesPresent() {
        let original = Self.message(id: "original", [Self.contact])
        let reply = Self.message(id: "reply", [], quoting: original)
        var alone = HTMLBackend(output: "", options: RenderOptions())
        TranscriptRenderer().render(messages: [reply], to: &alone)
        #expect(!alone.output.contains("href=\"#m-original\""))
        var both = HTMLBackend(output: "", options: RenderOptions())
        TranscriptRenderer().render(messages: [original, reply], to: &both)
        #expect(both.output.contains("href=\"#m-original\""))
    }

    // 8. Date labels are safe to share between threads.
    @Test func dateLabelsAreSafeToShare() async {
        let labels = DateLabels(timeZone: TimeZone(identifier: "Europe/Paris")!, locale: Locale(identifier: "en_GB"))
        let start = 1_774_828_800.0 // Monday 2026-03-30 00:00 UTC, 02:00 in Paris (summer time)
        let results = await withTaskGroup(of: (Int, String).self) { group in
            for hour in 0..<200 {
                group.addTask { (hour, labels.time(Date(timeIntervalSince1970: start + Double(hour) * 3_600 + 60))) }
            }
            var results: [Int: String] = [:]
            for await (hour, text) in group { results[hour] = text }
            return results
        }
        for (hour, text) in results {
            let expected = String(format: "%02d:01", (hour + 2) % 24)
            #expect(text == expected, "hour \(hour)")
        }
    }
}
