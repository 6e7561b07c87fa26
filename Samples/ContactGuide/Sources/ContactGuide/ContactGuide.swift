import Foundation
import Scrollback

/// The guide's pieces put together, as an app would: Scrollback takes them as values, the way
/// the iOS SDK takes its `Utils(messageTypeResolver:)` and view factory.
public enum ContactGuide {
    /// UTC and a fixed locale, so the output is the same on every machine.
    public static let options: RenderOptions = {
        var options = RenderOptions(timeZone: TimeZone(identifier: "UTC")!, locale: Locale(identifier: "en_US_POSIX"))
        // The terminal's own options: 80 columns in its 16 colours.
        options.ansi = ANSIOptions(width: 80, colorDepth: .ansi16)
        return options
    }()

    /// Step 3: the payloads that draw themselves.
    public static let attachmentViews = AttachmentViewRegistry().registering(ContactAttachmentPayload.self)

    /// Every step on: the app's factory (step 4), resolver (step 2) and views (step 3).
    public static func renderer(options: RenderOptions = options) -> TranscriptRenderer {
        TranscriptRenderer(
            options: options, factory: ViewFactory.custom, resolver: CustomMessageTypeResolver(),
            attachmentViews: attachmentViews)
    }

    /// Renders the transcript file at `path` in `format` with `renderer`, reporting each problem
    /// to `onWarning`, and returns the document.
    public static func render(
        path: String, as format: OutputFormat, with renderer: TranscriptRenderer = renderer(),
        onWarning: @escaping (ReadWarning) -> Void = { _ in }
    ) throws(ReadError) -> String {
        let sink = OutputSink.memory()
        var backend = format.makeBackend(output: sink, options: renderer.options)
        try renderer.render(path: path, onWarning: onWarning, to: &backend)
        return sink.capturedText
    }
}
