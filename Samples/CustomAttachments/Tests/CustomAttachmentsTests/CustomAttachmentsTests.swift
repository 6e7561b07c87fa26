import Foundation
import Scrollback
import Testing

@testable import CustomAttachments

/// The sample transcript rendered as the demo renders it, checked in all three formats.
@Suite struct CustomAttachmentsTests {
    static let transcriptPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent() // CustomAttachmentsTests
        .deletingLastPathComponent() // Tests
        .deletingLastPathComponent() // CustomAttachments
        .deletingLastPathComponent() // Samples
        .appendingPathComponent("transcripts/custom-attachments.json").path

    let transcript: AppTranscript

    init() throws {
        transcript = try AppTranscript(path: Self.transcriptPath)
    }

    /// The output as a person reads it: terminal styling removed, and the no-break space that
    /// currency formatting puts after `€` read as a space.
    func text(_ format: OutputFormat) -> String {
        let output = transcript.rendered(as: format).replacing("\u{00A0}", with: " ")
        return format == .ansi ? output.replacing(/\u{1B}\[[0-9;]*m/, with: "") : output
    }

    func message(_ id: String) throws -> ChatMessage {
        try #require(transcript.messages.first { $0.id == id })
    }

    @Test(arguments: OutputFormat.allCases)
    func workoutPaymentAndLocationViewsAppear(format: OutputFormat) {
        let output = text(format)
        for expected in [
            "🏃", "Riverside loop", "8.4 km", "46 min", "5:29 /km",
            "€ 4.50", "Paid", "Flat white at the boathouse", "€ 12.00", "Requested", "€ 30.00", "Declined",
            "Café am Neuen See", "52.51060, 13.34490", "Brandenburg Gate", "52.51630, 13.37770",
        ] {
            #expect(output.contains(expected), "missing from \(format)")
        }
        #expect(output.contains("https://routes.example.org/priya/riverside-loop"))
        #expect(output.contains("https://www.openstreetmap.org/?mlat=52.51060"))
    }

    @Test(arguments: OutputFormat.allCases)
    func legacyRunIsDrawnAsAWorkout(format: OutputFormat) {
        let output = text(format)
        #expect(output.contains("Evening jog"))
        #expect(output.contains("6:12 /km"), "the workout view's pace, not a generic card's fields")
        #expect(!output.contains("distance_km"))
    }

    @Test(arguments: OutputFormat.allCases)
    func unregisteredTypeIsAGenericCard(format: OutputFormat) {
        let output = text(format)
        #expect(output.contains(format == .markdown ? "party\\_invite" : "party_invite"))
        #expect(output.contains("Luis turns 30"))
        #expect(output.contains("Rooftop, Lindenstraße 12"))
    }

    @Test(arguments: OutputFormat.allCases)
    func quotesShowTheWorkoutSummaryOrTheDefault(format: OutputFormat) {
        let output = text(format)
        #expect(output.contains("🏃 Hill repeats · 6.2 km in 52 min"))
        #expect(
            output.contains("I'm trying the hills tomorrow, wish me luck.")
                || output.contains("I&#39;m trying the hills tomorrow, wish me luck."))
    }

    @Test func quotedWorkoutUsesTheCustomPreviewAndPlainTextTheDefault() throws {
        let context = RenderContext(
            options: AppTranscript.options, factory: ViewFactory.app, resolver: AppResolver(),
            attachmentViews: AppTranscript.attachmentViews)
        func quote(_ replyID: String) throws -> ViewFactory.QuotedMessageOptions {
            let reply = try message(replyID)
            return ViewFactory.QuotedMessageOptions(
                quotedMessage: reply.quotedMessage, quotedMessageID: reply.quotedMessageID,
                replyingMessage: reply)
        }
        let workoutQuote = try quote("run-006")
        #expect(
            ViewFactory.app.makeQuotedMessageContentView(workoutQuote, context)
                == .text("🏃 Hill repeats · 6.2 km in 52 min", .body))

        let plainQuote = try quote("run-008")
        let expected = ViewFactory().makeQuotedMessageContentView(plainQuote, context)
        #expect(ViewFactory.app.makeQuotedMessageContentView(plainQuote, context) == expected)
        #expect(expected == .text("Nice pace! I'm trying the hills tomorrow, wish me luck.", .body))
    }

    @Test func hostileFieldsAreEscaped() {
        let html = text(.html)
        #expect(!html.lowercased().contains("<script"))
        #expect(html.contains("&lt;script&gt;alert(&#39;pwned&#39;)&lt;/script&gt;Claim your prize"))
        #expect(!html.contains("javascript:"))

        let markdown = text(.markdown)
        #expect(markdown.contains("\\<script\\>alert('pwned')\\</script\\>Claim your prize"))
        #expect(!markdown.contains("javascript:"))

        let ansi = text(.ansi)
        #expect(!ansi.contains("javascript:"))
        #expect(ansi.contains("Claim your prize"))
    }

    @Test func hostileRouteIsLeftOut() throws {
        let spam = try #require(message("run-012").attachments(payloadType: WorkoutAttachmentPayload.self, resolver: AppResolver()).first)
        let view = spam.payload.makeView(
            for: spam,
            context: RenderContext(
                options: AppTranscript.options, factory: ViewFactory.app,
                resolver: AppResolver()))
        guard case .card(_, let parts) = view else {
            Issue.record("not a card: \(view)")
            return
        }
        #expect(!parts.contains { if case .link = $0 { true } else { false } })
    }

    @Test func absurdNumbersStillDraw() {
        let context = RenderContext(options: AppTranscript.options, factory: ViewFactory.app, resolver: AppResolver())
        let raw: JSONObject = ["type": "workout", "activity": "Overflow", "distance_km": 1e-300, "duration_min": 1e300]
        let workout = try? AnyChatMessageAttachment(id: AttachmentID(messageID: "absurd", index: 0), raw: raw).decoded(
            as: WorkoutAttachmentPayload.self)
        let view = workout.map { $0.payload.makeView(for: $0, context: context) }
        #expect(view.map { "\($0)" }?.contains("Overflow") == true)
        #expect(workout?.payload.paceText == nil)
    }

    @Test func resolverReadsLegacyRunsAsWorkouts() throws {
        let legacy = try message("run-004")
        let invite = try message("run-009")
        #expect(AppResolver().attachmentKind(of: legacy.attachments[0], in: legacy) == .workout)
        #expect(AppResolver().attachmentKind(of: invite.attachments[0], in: invite) == "party_invite")
        #expect(AppResolver().hasCustomAttachment(message: legacy))
    }

    @Test func paymentsDecodeExactlyAndToleratePartsTheyDoNotKnow() throws {
        let coffee = try #require(
            message("run-003").attachments(payloadType: PaymentAttachmentPayload.self, resolver: AppResolver()).first?.payload)
        #expect(
            coffee
                == PaymentAttachmentPayload(
                    amount: Decimal(string: "4.5")!, currency: "EUR", status: .paid,
                    note: "Flat white at the boathouse"))

        // A status this version does not know, and a currency that is not a code.
        let future = AnyChatMessageAttachment(
            id: AttachmentID(messageID: "later", index: 0),
            raw: ["type": "payment", "amount": 7, "currency": "usd!", "status": "refunded"])
        let payment = try future.decoded(as: PaymentAttachmentPayload.self).payload
        #expect(payment.status == .unknown)
        #expect(payment.amountText(locale: AppTranscript.options.locale) == "7.00 usd!")
    }

    @Test func locationsOffTheMapHaveNoLink() {
        #expect(
            LocationAttachmentPayload(name: "Null Island", latitude: 0, longitude: 0).mapURL
                == "https://www.openstreetmap.org/?mlat=0.00000&mlon=0.00000#map=17/0.00000/0.00000")
        #expect(LocationAttachmentPayload(name: "Nowhere", latitude: 91, longitude: 0).mapURL == nil)
        #expect(LocationAttachmentPayload.preferredAxis == .horizontal)
    }

    @Test func weeklyDistanceCountsWorkouts() throws {
        let weeks = WorkoutWeek.totals(of: transcript.messages, timeZone: AppTranscript.options.timeZone)
        #expect(weeks.count == 1)
        let week = try #require(weeks.first)
        #expect(week.start == Date(timeIntervalSince1970: 1_774_828_800), "Monday 2026-03-30, 00:00 UTC")
        // Three workouts and a legacy run, which the app's resolver counts as a workout.
        #expect(week.workoutCount == 4)
        #expect(abs(week.kilometers - 61.8) < 1e-9)
    }
}
