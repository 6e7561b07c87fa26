import Foundation
import ScrollbackTesting
import Testing

@testable import Scrollback

extension AttachmentType {
    fileprivate static let workout = Self(rawValue: "workout")
}

/// An app-defined payload that draws itself, as an app would write it.
private struct WorkoutPayload: AttachmentViewProviding, Equatable {
    static let type: AttachmentType = .workout
    static let preferredAxis: ViewNode.Axis = .horizontal

    var activity: String
    var distanceKilometres: Double

    enum CodingKeys: String, CodingKey {
        case activity
        case distanceKilometres = "distance_km"
    }

    func makeView(for attachment: ChatMessageAttachment<WorkoutPayload>, context: RenderContext) -> ViewNode {
        .card(.attachment, [.text("🏃 \(activity)", .title), .text("\(distanceKilometres) km", .muted)])
    }

    func makeQuotedPreview(for attachment: ChatMessageAttachment<WorkoutPayload>, context: RenderContext) -> ViewNode? {
        .text("🏃 \(activity) workout")
    }
}

/// Sends the legacy `run` type to the workout slot.
private struct LegacyResolver: MessageTypeResolving {
    func attachmentKind(of attachment: Scrollback.AnyChatMessageAttachment, in message: ChatMessage) -> AttachmentType {
        attachment.type.rawValue == "run" ? .workout : attachment.type
    }
}

@Suite struct AttachmentPayloadTests {
    func message(_ attachments: [JSONObject], text: String = "") -> ChatMessage {
        var message = ChatMessage(
            id: "m1", text: text, user: ChatUser(id: "ada", name: "Ada"),
            createdAt: Date(timeIntervalSince1970: 1_775_000_000))
        message.attachments = attachments.enumerated().map {
            Scrollback.AnyChatMessageAttachment(id: AttachmentID(messageID: "m1", index: $0.offset), raw: $0.element)
        }
        return message
    }

    @Test func typedPayloadsDecodeFromFlatKeysAndKeepRawFields() {
        let message = message([
            ["type": "workout", "activity": "Run", "distance_km": 10.5, "heart_rate": 151],
            ["type": "image", "image_url": "https://x.test/a.png"],
            ["type": "workout", "activity": "Swim"], // no distance: does not fit the payload
        ])
        let workouts = message.attachments(payloadType: WorkoutPayload.self, resolver: DefaultMessageTypeResolver())
        #expect(workouts.map(\.payload) == [WorkoutPayload(activity: "Run", distanceKilometres: 10.5)])
        #expect(workouts.first?.id == AttachmentID(messageID: "m1", index: 0))
        #expect(workouts.first?.raw["heart_rate"] == .integer(151))
    }

    @Test func contactCardAcceptsBothPhoneSpellings() {
        let contacts = message([
            ["type": "contact", "name": "Ada", "phoneNumber": "+44 20 7946 0958"],
            ["type": "contact", "name": "Grace", "phone_number": "+1 555 0100", "email": "grace@example.org", "organization": "Navy"],
            ["type": "contact", "name": 42, "phoneNumber": "+1 555 0199"],
        ]).attachments.map(ContactCard.init)
        #expect(contacts.map(\.name) == ["Ada", "Grace", nil])
        #expect(contacts.map(\.phoneNumber) == ["+44 20 7946 0958", "+1 555 0100", "+1 555 0199"])
        #expect(contacts[1].email == "grace@example.org" && contacts[1].organization == "Navy")
    }

    @Test func aRegisteredPayloadDrawsItselfInEveryOutput() {
        let message = message([["type": "workout", "activity": "Run <fast>", "distance_km": 10.5]])
        let registry = AttachmentViewRegistry().registering(WorkoutPayload.self)
        assertSnapshot(of: message, as: .rendered(.html, attachmentViews: registry))
        assertSnapshot(of: message, as: .rendered(.ansi, attachmentViews: registry))
        assertSnapshot(of: message, as: .rendered(.markdown, attachmentViews: registry))
    }

    @Test func withoutARendererACustomTypeIsAGenericCard() {
        let message = message([["type": "workout", "activity": "Run", "distance_km": 10.5]])
        let context = RenderContext(options: .default, factory: ViewFactory(), resolver: DefaultMessageTypeResolver())
        let view = context.factory.makeAttachmentView(message.attachments[0], message, context)
        #expect("\(view)".contains("distance_km"))
        #expect(DefaultMessageTypeResolver().hasCustomAttachment(message: message))
    }

    @Test func severalSideBySideAttachmentsFormAGallery() {
        let message = message([
            ["type": "workout", "activity": "Run", "distance_km": 5.0],
            ["type": "workout", "activity": "Ride", "distance_km": 40.0],
        ])
        let context = RenderContext(
            options: .default, factory: ViewFactory(), resolver: DefaultMessageTypeResolver(),
            attachmentViews: AttachmentViewRegistry().registering(WorkoutPayload.self))
        let content = context.factory.makeMessageContentView(MessageItem(message: message), context)
        guard case .stack(.vertical, let views, .gallery) = content else {
            Issue.record("expected a gallery, got \(content)")
            return
        }
        #expect(views.count == 2)
    }

    @Test func theResolverSendsAnAttachmentToAnotherSlot() {
        let message = message([["type": "run", "activity": "Run", "distance_km": 3.0]])
        let context = RenderContext(
            options: .default, factory: ViewFactory(), resolver: LegacyResolver(),
            attachmentViews: AttachmentViewRegistry().registering(WorkoutPayload.self))
        #expect(LegacyResolver().hasCustomAttachment(message: message))
        // The registered workout view draws the legacy attachment, found by its resolved kind.
        let view = context.factory.makeAttachmentView(message.attachments[0], message, context)
        #expect(view == .card(.attachment, [.text("🏃 Run", .title), .text("3.0 km", .muted)]))
    }

    @Test func aRegisteredPayloadSuppliesTheQuotedPreviewAndOthersFallBack() {
        let context = RenderContext(
            options: .default, factory: ViewFactory(), resolver: DefaultMessageTypeResolver(),
            attachmentViews: AttachmentViewRegistry().registering(WorkoutPayload.self))
        let reply = ChatMessage(id: "r", text: "nice!")
        func preview(of quoted: ChatMessage) -> ViewNode {
            context.factory.makeQuotedMessageContentView(
                ViewFactory.QuotedMessageOptions(
                    quotedMessage: quoted, quotedMessageID: quoted.id, replyingMessage: reply),
                context)
        }
        #expect(preview(of: message([["type": "workout", "activity": "Run", "distance_km": 5.0]])) == .text("🏃 Run workout"))
        #expect(preview(of: message([], text: "plain words")) == .text("plain words", .body))
    }

    @Test func jsonValuesSerializeBackToEquivalentJSON() throws {
        let value: JSONValue = [
            "text": "quote \" backslash \\ newline \n control \u{01} emoji 🦊", "n": 12, "d": 1.5,
            "list": [true, nil, ["nested": "x"]],
        ]
        let data = Data(value.serialized().utf8)
        let reparsed = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(reparsed["text"] as? String == "quote \" backslash \\ newline \n control \u{01} emoji 🦊")
        #expect(reparsed["n"] as? Int == 12)
    }
}
