import Foundation
import Scrollback
import TestSupport
import Testing

/// The README's five-line example and the Swift examples of the documentation
/// (Sources/Scrollback/Scrollback.docc: RenderingFromSwift.md, Themes.md), kept compiling and working.
// --- as in Themes.md ---
extension Theme.Label { fileprivate static let readmeWorkoutTitle = Self.app("workout.title", default: "Workout") }
// ---

@Suite struct ReadmeExampleTests {
    @Test func fiveLines() throws {
        let sink = OutputSink.memory()
        // --- as in the README, with the sample's path and an in-memory sink ---
        let options = RenderOptions(timeZone: TimeZone(identifier: "Europe/Paris")!, locale: Locale(identifier: "en_GB"))
        var backend = HTMLBackend(output: sink, options: options)
        try TranscriptRenderer(options: options).render(path: SampleTranscripts.path("launch-room.json"), to: &backend)
        // ---
        let html = sink.capturedText
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<h1 class=\"sb-title\">Launch room 🚀</h1>"))
        #expect(html.contains(">09:01<"), "times in the chosen zone (08:01 UTC)")
        #expect(html.hasSuffix("</html>\n"))
    }

    /// Each format's own options, set in the render options by format, reach that format's
    /// backend only.
    @Test func formatOptions() throws {
        let sink = OutputSink.memory()
        // --- as in RenderingFromSwift.md, with an in-memory sink ---
        var options = RenderOptions(timeZone: TimeZone(identifier: "Europe/Paris")!, locale: Locale(identifier: "en_GB"))
        options.ansi = ANSIOptions(width: 100, colorDepth: .trueColor, hyperlinks: true)
        options.html.search = true
        var terminal = ANSIBackend(output: sink, options: options) // 100 columns, in colour
        // ---
        try TranscriptRenderer(options: options).render(path: SampleTranscripts.path("launch-room.json"), to: &terminal)
        let text = sink.capturedText
        let shown = text.replacing(#/\x1B\[[0-9;]*m/#, with: "").replacing(#/\x1B\]8;;[^\x1B]*\x1B\\/#, with: "")
        #expect(shown.split(separator: "\n").map { DisplayWidth.of($0) }.max() == 100)
        #expect(text.contains("\u{1B}[38;2;"), "24-bit colour")
        #expect(text.contains("\u{1B}]8;;https://"), "hyperlinks")
        #expect(!sink.capturedText.contains("sb-search"), "the page's search is the page's alone")
        var page = HTMLBackend(output: "", options: options)
        try TranscriptRenderer(options: options).render(path: SampleTranscripts.path("launch-room.json"), to: &page)
        #expect(page.output.contains("id=\"sb-search\""))
        #expect(!page.output.contains("\u{1B}"))
    }

    /// The README writes to standard output through a sink a script never lets go of: the
    /// whole document is out when `render` returns, not when the sink goes.
    @Test(arguments: OutputFormat.allCases, [TranscriptRenderer.Threading.readingAndWriting, .readingOnly, .none])
    func theDocumentIsOutWhenRenderReturns(format: OutputFormat, threading: TranscriptRenderer.Threading) throws {
        let input = SampleTranscripts.path("launch-room.json")
        let path = Scratch.path("flushed", extension: format.fileExtension)
        let sink = try OutputSink.file(atPath: path)
        defer { sink.close() }
        var renderer = TranscriptRenderer()
        renderer.threading = threading
        var backend = format.makeBackend(output: sink, options: RenderOptions())
        try renderer.render(path: input, to: &backend)
        let memory = OutputSink.memory()
        var reference = format.makeBackend(output: memory, options: RenderOptions())
        try TranscriptRenderer().render(path: input, to: &reference)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == memory.capturedText)
    }

    @Test func factoryOverrideWithFallback() {
        // --- as in RenderingFromSwift.md ---
        var factory = ViewFactory()
        factory.makeQuotedMessageContentView = { options, context in
            // The kinds the renderer's resolver gives, so a legacy type mapped to a file counts too.
            let files =
                options.quotedMessage?.attachments.filter {
                    context.resolver.attachmentKind(of: $0, in: options.quotedMessage!) == .file
                } ?? []
            if let file = files.first { return .text("📎 \(file.title ?? "File")") }
            return ViewFactory().makeQuotedMessageContentView(options, context)
        }
        let renderer = TranscriptRenderer(options: RenderOptions(), factory: factory)
        // ---
        var original = ChatMessage(id: "o", text: "")
        original.attachments = [
            AnyChatMessageAttachment(id: AttachmentID(messageID: "o", index: 0), raw: ["type": "file", "title": "plan.pdf"])
        ]
        var fileReply = ChatMessage(id: "r", text: "see above")
        fileReply.quotedMessage = original
        fileReply.quotedMessageID = "o"
        var textReply = ChatMessage(id: "t", text: "and this")
        textReply.quotedMessage = ChatMessage(id: "p", text: "plain words")
        var backend = MarkdownBackend(output: "", options: RenderOptions())
        renderer.render(messages: [original, fileReply, textReply], to: &backend)
        #expect(backend.output.contains("📎 plan.pdf"))
        #expect(backend.output.contains("plain words"))
    }

    @Test func formatByName() throws {
        let options = RenderOptions()
        // --- as in RenderingFromSwift.md, with an in-memory sink ---
        var backend = try OutputFormat.named("md").makeBackend(output: OutputSink.memory(), options: options)
        // ---
        try TranscriptRenderer(options: options).render(path: SampleTranscripts.path("launch-room.json"), to: &backend)
        backend.output.flush()
        #expect(backend.output.capturedText.hasPrefix("# Launch room 🚀"))
        #expect(OutputFormat(path: "chat.md") == .markdown)
        #expect(OutputFormat.allCases.map(\.fileExtension) == ["html", "txt", "md"])
    }

    @Test func appLabels() throws {
        #expect(Theme.default.string(.readmeWorkoutTitle) == "Workout")
        let translated = try Theme(json: #"{"version": 1, "extends": "default", "strings": {"app.workout.title": "Training"}}"#)
        #expect(translated.string(.readmeWorkoutTitle) == "Training")
    }
}
