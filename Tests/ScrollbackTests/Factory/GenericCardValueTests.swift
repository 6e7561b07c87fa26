import Foundation
import Testing

@testable import Scrollback

/// Issue 14: an unknown attachment's card shows its values as a reader reads them, and its
/// keys wrap between words in a narrow window (issue 57: a word too long for it breaks anywhere).
@Suite struct GenericCardValueTests {
    static let input = """
        {"channel": {"id": "c", "name": "general"}, "messages": [
          {"id": "1", "text": "", "user": {"id": "ann", "name": "Ann"}, "created_at": "2026-03-09T09:31:00Z",
           "attachments": [{"type": "x-widget", "nothing": null, "empty_list": [], "empty_object": {},
                            "flag_on": true, "flag_off": false, "tags": [true, "blue"],
                            "averyveryverylongkeywithoutanyspacesatallthatneedstobreak": 1}]}
        ]}
        """

    @Test(arguments: [OutputFormat.ansi, .markdown, .html])
    func valuesReadAsWords(format: OutputFormat) throws {
        var options = RenderOptions()
        options.ansi.width = 100
        var reader = TranscriptReader(bytes: Array(Self.input.utf8))
        var backend = format.makeBackend(output: "", options: options)
        try TranscriptRenderer(options: options).render(&reader, to: &backend)
        var output = backend.output
        if format == .html {
            // The card's rows only: the page's markup has its own `true` (aria-hidden="true").
            let start = try #require(output.range(of: "<dl class=\"sb-fields\">"))
            let end = try #require(output.range(of: "</dl>", range: start.upperBound..<output.endIndex))
            output = String(output[start.lowerBound..<end.upperBound])
        }
        for raw in ["null", "[]", "{}", "true", "false"] {
            #expect(!output.contains(raw), "\(format) shows \(raw)")
        }
        #expect(output.contains("yes"), "\(format)")
        #expect(output.contains("no"), "\(format)")
        #expect(output.contains("yes, blue"), "\(format)")
        #expect(output.contains("—"), "\(format)")
    }

    /// A label keeps its words whole ("currency", not "curre/ncy" in a narrow card); only a
    /// word too long for a phone's card may break anywhere, so that it cannot widen the page.
    @Test func labelsKeepTheirWordsUnlessTooLong() {
        let css = Stylesheet(theme: .default).css
        #expect(css.contains(".sb-fields dt{min-width:min-content;overflow-wrap:break-word;"))
        #expect(css.contains(".sb-fields dt.sb-long-label{min-width:0;overflow-wrap:anywhere}"))
        #expect(!HTMLBackend<String>.hasLongWord("per_person"))
        #expect(!HTMLBackend<String>.hasLongWord("Phone number of the person to call"))
        #expect(HTMLBackend<String>.hasLongWord("averyveryverylongfieldlabel"))
        var message = ChatMessage(id: "m", text: "plan", user: ChatUser(id: "u"), createdAt: Date(timeIntervalSince1970: 0))
        message.attachments = [
            AnyChatMessageAttachment(
                id: AttachmentID(messageID: "m", index: 0),
                raw: ["type": "itinerary", "currency": "EUR", "averyveryverylongfieldlabel": "x"])
        ]
        let html = SampleTranscripts.renderInMemory([message], as: .html)
        #expect(html.contains("<dt>currency</dt>"), "\(html)")
        #expect(html.contains("<dt class=\"sb-long-label\">averyveryverylongfieldlabel</dt>"), "\(html)")
    }
}
