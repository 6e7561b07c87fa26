import Foundation
import Testing

@testable import Scrollback

/// Issue 14, items 7, 8 and 10: who wrote, who saw and who is in a channel, told plainly to a
/// reader who is not one of the people in it.
@Suite struct PeopleTests {
    func render(_ json: String, _ format: OutputFormat, me: String? = nil) throws -> String {
        var options = RenderOptions()
        options.width = 80
        options.currentUserID = me
        var reader = TranscriptReader(bytes: Array(json.utf8))
        var backend = format.makeBackend(output: "", options: options)
        _ = try TranscriptRenderer(options: options).render(&reader, to: &backend)
        return backend.output
    }

    // MARK: Item 8: errors and ephemeral messages

    static let ephemeralAndError = """
        {"channel": {"id": "c", "name": "general"}, "messages": [
          {"id": "1", "type": "ephemeral", "text": "Giphy preview", "user": {"id": "ann", "name": "Ann"},
           "created_at": "2026-03-09T09:31:00Z"},
          {"id": "2", "type": "error", "text": "Message failed to send", "user": {"id": "bo", "name": "Bo Berg"},
           "created_at": "2026-03-09T09:32:00Z"}
        ]}
        """

    @Test(arguments: [OutputFormat.ansi, .markdown, .html])
    func anEphemeralMessageNamesWhoSawIt(format: OutputFormat) throws {
        let output = try render(Self.ephemeralAndError, format)
        #expect(output.contains("Only visible to Ann"), "\(format)")
        #expect(!output.contains("Only visible to you"), "\(format)")
    }

    @Test(arguments: [OutputFormat.ansi, .markdown, .html])
    func anEphemeralMessageOfTheReaderSaysYou(format: OutputFormat) throws {
        let output = try render(Self.ephemeralAndError, format, me: "ann")
        #expect(output.contains("Only visible to you"), "\(format)")
        #expect(!output.contains("Only visible to Ann"), "\(format)")
        // Someone else's reading of the same file: the reader is not the one who saw it.
        #expect(try render(Self.ephemeralAndError, format, me: "bo").contains("Only visible to Ann"), "\(format)")
    }

    @Test(arguments: [OutputFormat.ansi, .markdown, .html])
    func anErrorNamesItsAuthor(format: OutputFormat) throws {
        let output = try render(Self.ephemeralAndError, format)
        let author = try #require(output.range(of: "Bo Berg"), "\(format)")
        let error = try #require(output.range(of: "Message failed to send"), "\(format)")
        #expect(author.upperBound <= error.lowerBound, "\(format)")
        if format == .html {
            #expect(output.contains(#"<article class="sb-message sb-error" id="m-2" aria-label="Bo Berg, "#))
        }
        if format == .ansi {
            #expect(output.contains("Bo Berg · Message failed to send"))
        }
    }

    @Test func theNoteOfAnEphemeralMessageWithoutAuthorNamesNobodyAsTheReader() {
        let context = RenderContext(options: RenderOptions(), factory: DefaultViewFactory(), resolver: DefaultMessageTypeResolver())
        let message = ChatMessage(id: "1", type: .ephemeral, text: "x")
        #expect(DefaultViewFactory().onlyVisibleNote(for: message, context: context) == "Only visible to Unknown user")
    }
}
