import Scrollback

// Step 5b: the app's factory. It overrides one slot; every other slot is Scrollback's.
/// The app's view factory.
public struct AppViewFactory: ViewFactory {
    public init() {}

    /// A reply to a workout shows the workout in one line; any other quote, the default.
    public func makeQuotedMessageContentView(options: QuotedMessageOptions, context: RenderContext) -> ViewNode {
        // Step 3: the typed payloads of a message, by the kinds the app's resolver gives them
        // (so a quoted legacy `run` reads as a workout too).
        if let workout = options.quotedMessage?.attachments(payloadType: WorkoutAttachmentPayload.self, resolver: context.resolver).first {
            return workout.payload.summary(locale: context.options.locale)
        }
        return DefaultViewFactory().makeQuotedMessageContentView(options: options, context: context)
    }
}
