import Scrollback

// Step 5b: the app's factory. It overrides two slots; every other slot is Scrollback's.
/// The app's view factory.
public struct AppViewFactory: ViewFactory {
    public init() {}

    /// A reply to a workout shows the workout in one line; any other quote, the default.
    public func makeQuotedMessageContentView(options: QuotedMessageOptions, context: RenderContext) -> View {
        // Step 3: the typed payloads of a message.
        if let workout = options.quotedMessage?.attachments(payloadType: WorkoutAttachmentPayload.self).first {
            return workout.payload.summary(locale: context.options.locale)
        }
        return DefaultViewFactory().makeQuotedMessageContentView(options: options, context: context)
    }

    /// Draws a custom attachment under the kind the resolver gives it, so that a legacy `run`
    /// gets the registered workout view: Scrollback looks a view up by the attachment's own
    /// `type`, and a payload decodes only from its own type.
    public func makeCustomAttachmentView(for attachment: AnyChatMessageAttachment, in message: ChatMessage, context: RenderContext) -> View {
        let kind = context.resolver.attachmentKind(of: attachment, in: message)
        if kind != attachment.type, let renderer = context.attachmentViews.renderer(for: kind) {
            var resolved = attachment
            resolved.type = kind
            if let view = renderer.makeView(resolved, context) { return view }
        }
        return DefaultViewFactory().makeCustomAttachmentView(for: attachment, in: message, context: context)
    }
}
