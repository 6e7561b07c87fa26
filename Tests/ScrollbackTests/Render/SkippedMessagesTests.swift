import Foundation
import TestSupport
import Testing

@testable import Scrollback

/// A document says in its footer how many messages of the input were skipped as unusable, in
/// all three formats; a clean input's footer says nothing of it.
@Suite struct SkippedMessagesTests {
    static let input = """
        ["not a message",
         {"id":"a","text":"hi","created_at":"2026-03-09T08:00:00Z","user":{"id":"u"}},
         42,
         {"id":"b","text":"there","created_at":"2026-03-09T08:01:00Z","user":{"id":"u"}}]
        """

    func render(_ json: String, format: OutputFormat) throws -> (text: String, summary: DocumentSummary) {
        let path = Scratch.file("skipped", extension: "json", holding: Array(json.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var options = RenderOptions()
        options.ansi.colorDepth = .none
        options.timeZone = TimeZone(identifier: "UTC")!
        let sink = OutputSink.memory()
        var backend = format.makeBackend(output: sink, options: options)
        var skippedWarnings = 0
        let summary = try TranscriptRenderer(options: options).render(
            path: path, onWarning: { if $0.skippedMessage { skippedWarnings += 1 } }, to: &backend)
        #expect(skippedWarnings == summary.skippedMessageCount)
        return (sink.capturedText, summary)
    }

    @Test(arguments: OutputFormat.allCases)
    func theFooterCountsSkippedMessages(format: OutputFormat) throws {
        let rendered = try render(Self.input, format: format)
        #expect(rendered.summary.skippedMessageCount == 2)
        #expect(rendered.summary.messageCount == 2)
        #expect(rendered.text.contains("2 messages skipped"))
    }

    @Test(arguments: OutputFormat.allCases)
    func aCleanInputsFooterSaysNothingOfIt(format: OutputFormat) throws {
        let rendered = try render(#"[{"id":"a","text":"hi","created_at":"2026-03-09T08:00:00Z","user":{"id":"u"}}]"#, format: format)
        #expect(rendered.summary.skippedMessageCount == 0)
        #expect(!rendered.text.contains("skipped"))
    }

    @Test func oneSkippedMessageIsSingular() {
        #expect(Theme.default.skippedMessageCount(1) == "1 message skipped")
        #expect(Theme.default.skippedMessageCount(3) == "3 messages skipped")
    }
}
