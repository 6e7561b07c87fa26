import Foundation
import Testing

@testable import Scrollback

/// Issue 14: an unknown attachment's card shows its values as a reader reads them, and its
/// keys can break anywhere in a narrow window.
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

    @Test func keysBreakAnywhere() {
        let css = Stylesheet(theme: .default).css
        #expect(css.contains(".sb-fields dt{min-width:0;overflow-wrap:anywhere;"))
    }
}
