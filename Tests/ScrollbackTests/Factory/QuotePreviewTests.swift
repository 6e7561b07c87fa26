import Foundation
import Testing

@testable import Scrollback

/// Issue 14: a quote's preview reads as the message reads, not as its Markdown source.
@Suite struct QuotePreviewTests {
    @Test func previewTextDropsTheMarkdown() {
        #expect(DefaultViewFactory.previewText("Put it in the **blue box**, _now_") == "Put it in the blue box, now")
        #expect(DefaultViewFactory.previewText("See [the docs](https://example.com) and `make`") == "See the docs and make")
        #expect(DefaultViewFactory.previewText("# Plan\n- one\n- two\n\n> quoted *x*") == "Plan\none\ntwo\nquoted x")
        #expect(DefaultViewFactory.previewText("```\nlet a = 1\n```") == "let a = 1")
        #expect(DefaultViewFactory.previewText("plain words only") == "plain words only")
        // Lines stay lines, so the preview keeps its three-line limit.
        let long = (1...6).map { "**line \($0)**" }.joined(separator: "\n")
        #expect(DefaultViewFactory.shortened(DefaultViewFactory.previewText(long), lines: 3, characters: 200) == "line 1 line 2 line 3…")
    }

    static let reply = """
        {"channel": {"id": "c", "name": "general"}, "messages": [
          {"id": "2", "text": "Done", "user": {"id": "bo", "name": "Bo"}, "created_at": "2026-03-09T09:32:00Z",
           "quoted_message_id": "1",
           "quoted_message": {"id": "1", "text": "Put it in the **blue box** by [the door](https://example.com/door)",
                              "user": {"id": "ann", "name": "Ann"}, "created_at": "2026-03-08T09:31:00Z"}}
        ]}
        """

    @Test(arguments: [OutputFormat.ansi, .markdown, .html])
    func aQuotePreviewShowsNoMarkdown(format: OutputFormat) throws {
        var options = RenderOptions()
        options.width = 100
        var reader = TranscriptReader(bytes: Array(Self.reply.utf8))
        var backend = format.makeBackend(output: "", options: options)
        try TranscriptRenderer(options: options).render(&reader, to: &backend)
        let output = backend.output
        #expect(output.contains("Put it in the blue box by the door"), "\(format): \(output)")
        #expect(!output.contains("**blue"), "\(format)")
        #expect(!output.contains("](https"), "\(format)")
    }
}
