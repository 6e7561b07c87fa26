import Foundation
import Scrollback

/// A transcript read into memory once, to render in several formats. The sample is small;
/// an app rendering large exports would stream each format from its own `TranscriptReader`.
public struct AppTranscript: Sendable {
    public var channel: ChatChannel?
    public var messages: [ChatMessage]

    public init(channel: ChatChannel?, messages: [ChatMessage]) {
        self.channel = channel
        self.messages = messages
    }

    /// Reads a transcript file in any shape Scrollback reads.
    public init(path: String) throws(ReadError) {
        var reader = try TranscriptReader(path: path)
        var channel: ChatChannel?
        var messages: [ChatMessage] = []
        while let event = try reader.next() {
            switch event {
            case .channel(let found): channel = channel ?? found
            case .message(let message): messages.append(message)
            }
        }
        self.init(channel: channel, messages: messages)
    }

    /// The app's options: UTC and a fixed locale, so the files are the same on every machine.
    public static let options: RenderOptions = {
        var options = RenderOptions(timeZone: TimeZone(identifier: "UTC")!, locale: Locale(identifier: "en_US_POSIX"))
        // The terminal's own options: 80 columns in its 16 colours.
        options.ansi = ANSIOptions(width: 80, colorDepth: .ansi16)
        return options
    }()

    /// The app's payloads that draw themselves.
    public static let attachmentViews = AttachmentViewRegistry()
        .registering(WorkoutAttachmentPayload.self)
        .registering(PaymentAttachmentPayload.self)
        .registering(LocationAttachmentPayload.self)

    // Step 5c: everything handed to Scrollback as values; nothing global to set up.
    /// The renderer with the app's factory, resolver and attachment views.
    public static func renderer(options: RenderOptions = options) -> TranscriptRenderer {
        TranscriptRenderer(
            options: options, factory: ViewFactory.app, resolver: AppResolver(),
            attachmentViews: attachmentViews)
    }

    /// Writes the transcript in `format` to `output`.
    public func render(as format: OutputFormat, options: RenderOptions = options, to output: some TextOutputStream) {
        var backend = format.makeBackend(output: output, options: options)
        Self.renderer(options: options).render(messages: messages, channel: channel, to: &backend)
    }

    /// The transcript in `format`, as one string (for tests).
    public func rendered(as format: OutputFormat, options: RenderOptions = options) -> String {
        let sink = OutputSink.memory()
        render(as: format, options: options, to: sink)
        return sink.capturedText
    }
}
