import Foundation
import TestSupport
import Testing

@testable import Scrollback

/// Issue 14: a quote's preview reads as the message reads, not as its Markdown source.
@Suite struct QuotePreviewTests {
    @Test func previewTextDropsTheMarkdown() {
        #expect(DefaultViews.previewText("Put it in the **blue box**, _now_") == "Put it in the blue box, now")
        #expect(DefaultViews.previewText("See [the docs](https://example.com) and `make`") == "See the docs and make")
        #expect(DefaultViews.previewText("# Plan\n- one\n- two\n\n> quoted *x*") == "Plan\none\ntwo\nquoted x")
        #expect(DefaultViews.previewText("```\nlet a = 1\n```") == "let a = 1")
        #expect(DefaultViews.previewText("plain words only") == "plain words only")
        // Lines stay lines, so the preview keeps its three-line limit.
        let long = (1...6).map { "**line \($0)**" }.joined(separator: "\n")
        #expect(DefaultViews.shortened(DefaultViews.previewText(long), lines: 3, characters: 200) == "line 1 line 2 line 3…")
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
        options.ansi.width = 100
        var reader = TranscriptReader(bytes: Array(Self.reply.utf8))
        var backend = format.makeBackend(output: "", options: options)
        try TranscriptRenderer(options: options).render(&reader, to: &backend)
        let output = backend.output
        #expect(output.contains("Put it in the blue box by the door"), "\(format): \(output)")
        #expect(!output.contains("**blue"), "\(format)")
        #expect(!output.contains("](https"), "\(format)")
    }

    // MARK: - Previews kept from the drawing of the quoted message

    static func quotedSet(_ ids: [String]) -> DocumentMessages {
        var messages = DocumentMessages()
        for id in ids { messages.note(id, .quoted) }
        return messages
    }

    @Test func aQuotedMessagesParseServesQuotesWithTheSameTextOnly() {
        let previews = QuotePreviews(messages: Self.quotedSet(["1", "2", "3"]))
        var original = ChatMessage(id: "1", text: "Put it in the **blue box**")
        #expect(previews.wantsPreview(of: original))
        previews.remember(&original)
        // The drawing takes the parse from the message rather than making its own.
        #expect(original.parsedText == ChatMarkdown.parse(original.text, mentionedUsers: []))
        #expect(previews.preview(of: ChatMessage(id: "1", text: "Put it in the **blue box**")) == "Put it in the blue box")
        // A copy edited since (or before) the original is parsed by the quote, as before.
        #expect(previews.preview(of: ChatMessage(id: "1", text: "Put it in the **red box**")) == nil)
        // Messages quoted nowhere, or whose text reads as written, keep nothing.
        #expect(!previews.wantsPreview(of: ChatMessage(id: "9", text: "Put it in the **blue box**")))
        #expect(!previews.wantsPreview(of: ChatMessage(id: "2", text: "plain words only")))
        // A preview parses 2,000 characters: a longer text's own parse is not the same.
        #expect(!previews.wantsPreview(of: ChatMessage(id: "3", text: "**" + String(repeating: "a", count: 2_000) + "**")))
    }

    @Test func mentionsCountOnlyInATextWithAnAt() {
        let ann = ChatUser(id: "ann", name: "Ann")
        let previews = QuotePreviews(messages: Self.quotedSet(["1", "2"]))
        var mentioning = ChatMessage(id: "1", text: "Ask @Ann about the **box**")
        mentioning.mentionedUsers = [ann]
        var plain = ChatMessage(id: "2", text: "The **box** is ready")
        plain.mentionedUsers = [ann]
        previews.remember(&mentioning)
        previews.remember(&plain)
        var sameMentions = ChatMessage(id: "1", text: "Ask @Ann about the **box**")
        sameMentions.mentionedUsers = [ChatUser(id: "ann", name: "Ann")]
        #expect(previews.preview(of: sameMentions) == DefaultViews.previewText(sameMentions.text, mentionedUsers: [ann]))
        #expect(previews.preview(of: ChatMessage(id: "1", text: "Ask @Ann about the **box**")) == nil)
        // Without an `@`, mentioned users change nothing a parse makes.
        #expect(previews.preview(of: ChatMessage(id: "2", text: "The **box** is ready")) == "The box is ready")
    }

    @Test func keptParsesStopAtTheByteLimit() {
        let count = QuotePreviews.byteLimit / (3 * 2_000) + 10
        let ids = (0..<count).map { "m\($0)" }
        let previews = QuotePreviews(messages: Self.quotedSet(ids))
        func message(_ id: String) -> ChatMessage { ChatMessage(id: id, text: "**" + String(repeating: "x", count: 1_996) + "**") }
        for id in ids {
            var kept = message(id)
            previews.remember(&kept)
        }
        #expect(previews.preview(of: message(ids[0])) == String(repeating: "x", count: 1_996))
        #expect(previews.preview(of: message(ids[count - 1])) == nil)
    }

    /// Rendered in two passes, as the command line does: the index finds the quoted messages,
    /// and the drawing keeps their parses.
    @Test(arguments: [OutputFormat.ansi, .markdown, .html], [TranscriptRenderer.Threading.readingAndWriting, .none])
    func quotesShowTheirOwnCopyOfTheText(format: OutputFormat, threading: TranscriptRenderer.Threading) throws {
        let text = """
            {"channel": {"id": "c", "name": "general"}, "messages": [
              {"id": "1", "text": "Put it in the **blue box**", "user": {"id": "ann", "name": "Ann"}, "created_at": "2026-03-08T09:31:00Z"},
              {"id": "2", "text": "Done", "user": {"id": "bo", "name": "Bo"}, "created_at": "2026-03-09T09:32:00Z",
               "quoted_message_id": "1", "quoted_message": {"id": "1", "text": "Put it in the **blue box**",
                 "user": {"id": "ann", "name": "Ann"}, "created_at": "2026-03-08T09:31:00Z"}},
              {"id": "3", "text": "Moved it", "user": {"id": "cy", "name": "Cy"}, "created_at": "2026-03-09T09:33:00Z",
               "quoted_message_id": "1", "quoted_message": {"id": "1", "text": "Put it in the **red box**",
                 "user": {"id": "ann", "name": "Ann"}, "created_at": "2026-03-08T09:31:00Z"}}
            ]}
            """
        let path = Scratch.path("quotes", extension: "json")
        #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var options = RenderOptions()
        options.ansi.width = 100
        var renderer = TranscriptRenderer(options: options)
        renderer.threading = threading
        var backend = format.makeBackend(output: "", options: options)
        try renderer.render(path: path, to: &backend)
        let output = backend.output
        #expect(output.contains("Put it in the blue box"), "\(format): \(output)")
        #expect(output.contains("Put it in the red box"), "\(format): \(output)")
        #expect(!output.contains("**red"), "\(format)")
    }
}
