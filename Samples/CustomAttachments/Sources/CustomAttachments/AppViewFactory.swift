import Scrollback

// Step 5b: the app's factory. It replaces one slot; every other slot is Scrollback's.
extension ViewFactory {
    /// The app's view factory: a reply to a workout shows the workout in one line; any other
    /// quote, the default.
    public static let app: ViewFactory = {
        var factory = ViewFactory()
        factory.makeQuotedMessageContentView = { options, context in
            // Step 3: the typed payloads of a message, by the kinds the app's resolver gives
            // them (so a quoted legacy `run` reads as a workout too).
            if let workout = options.quotedMessage?.attachments(payloadType: WorkoutAttachmentPayload.self, resolver: context.resolver)
                .first
            {
                return workout.payload.summary(locale: context.options.locale)
            }
            return ViewFactory().makeQuotedMessageContentView(options, context)
        }
        return factory
    }()
}
