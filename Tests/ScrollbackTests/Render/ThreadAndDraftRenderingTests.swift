import Foundation
import TestSupport
import Testing

@testable import Scrollback

/// Threads and drafts drawn in two passes, as the command line does: a thread's replies under
/// its parent, named by its channel; a draft marked as one, under the message it replies to.
@Suite struct ThreadAndDraftRenderingTests {
    /// Renders `json` from a file (two passes: the index spools the replies).
    private static func render(_ json: String, as format: OutputFormat, options: RenderOptions = .default) throws -> (
        output: String, warnings: [ReadWarning]
    ) {
        let path = Scratch.path("thread-or-draft", extension: "json")
        #expect(FileManager.default.createFile(atPath: path, contents: Data(json.utf8)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var warnings: [ReadWarning] = []
        var backend = format.makeBackend(output: "", options: options)
        try TranscriptRenderer(options: options).render(path: path, onWarning: { warnings.append($0) }, to: &backend)
        return (backend.output, warnings)
    }

    private static let thread = """
        {"channel": {"id": "yard", "cid": "team:yard", "type": "team", "name": "Yard"},
         "latest_replies": [
           {"id": "r1", "text": "first reply", "user": {"id": "b", "name": "Bo"}, "created_at": "2026-01-02T10:05:00Z", "parent_id": "p"}],
         "parent_message": {"id": "p", "text": "the parent", "user": {"id": "a", "name": "Al"},
           "created_at": "2026-01-02T10:00:00Z", "reply_count": 3}}
        """

    @Test(arguments: OutputFormat.allCases)
    func aThreadShowsItsRepliesUnderItsParentNamedByItsChannel(format: OutputFormat) throws {
        let (output, warnings) = try Self.render(Self.thread, as: format)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(!output.contains("No messages"))
        #expect(output.contains("Yard"))
        let parent = try #require(output.range(of: "the parent"))
        let reply = try #require(output.range(of: "first reply"))
        #expect(parent.upperBound <= reply.lowerBound)
        #expect(output.contains("1 Thread Reply"))
        #expect(output.contains("2 more not in this export"))
    }

    @Test func aDraftIsMarkedInEveryFormatAndIsTheReadersOwn() throws {
        let json = """
            {"draft": {"channel_cid": "team:yard", "created_at": "2026-01-03T08:00:00Z",
              "message": {"id": "d1", "text": "still typing", "parent_id": "p"},
              "parent_message": {"id": "p", "text": "the parent", "user": {"id": "a", "name": "Al"},
                "created_at": "2026-01-02T10:00:00Z", "reply_count": 2}}}
            """
        for format in OutputFormat.allCases {
            let (output, warnings) = try Self.render(json, as: format)
            #expect(warnings.isEmpty, "\(warnings)")
            #expect(output.contains("Draft"), "\(format)")
            #expect(output.contains("still typing"))
            #expect(!output.contains("Unknown user"))
            // The draft is no reply the server counted: the thread's two are elsewhere.
            #expect(output.contains("2 Thread Replies (not in this export)"), "\(format)")
            #expect(!output.contains("1 Thread Reply"))
        }
        let (markdown, _) = try Self.render(json, as: .markdown)
        #expect(markdown.contains("`Draft` 08:00"))
        #expect(markdown.contains("**You**"))
        let (html, _) = try Self.render(json, as: .html)
        #expect(html.contains(#"<span class="sb-badge">Draft</span><time datetime="2026-01-03T08:00:00Z""#))
        #expect(html.contains("sb-own-bubble"))
    }

    @Test func aDraftShowsNoReactionsEvenWhenTheInputGivesSome() throws {
        let json = """
            {"draft": {"created_at": "2026-01-03T08:00:00Z", "message": {"id": "d1", "text": "draft text",
              "reaction_groups": {"like": {"count": 3, "sum_scores": 3}}}}}
            """
        let (markdown, _) = try Self.render(json, as: .markdown)
        #expect(markdown.contains("draft text"))
        #expect(!markdown.contains("👍"))
        let sent = json.replacingOccurrences(of: #"{"draft": {"created_at": "2026-01-03T08:00:00Z", "message": "#, with: "[")
            .replacingOccurrences(of: "}}}}}", with: "}}}]")
        let (control, _) = try Self.render(sent, as: .markdown)
        #expect(control.contains("👍 3"), "the same message, sent, shows them: \(control)")
    }

    @Test(arguments: Theme.LabelPack.builtInLanguages)
    func everyLabelPackNamesADraft(language: String) throws {
        let pack = try #require(Theme.LabelPack.builtIn(language: language))
        let draft = try #require(pack.strings[.draft])
        #expect(!draft.isEmpty && draft != "Draft")
    }

    @Test func hostileFieldsOfThreadsAndDraftsAreNeutralised() throws {
        let json = """
            {"threads": [
              {"channel": {"id": "x", "cid": "team:x", "type": "team", "name": "Evil\\u001b]0;owned\\u0007<script>alert(1)</script>"},
               "parent_message": {"id": "p", "text": "parent \\u001b[2J<img src=x onerror=alert(1)>", "user": {"id": "a", "name": "A\\u001b[31m"}},
               "latest_replies": [{"id": "r", "text": "reply \\u009b31m\\u202e", "parent_id": "p", "user": {"id": "b"}}]},
              {"channel_cid": "team:\\u001b[5m<b>", "parent_message": {"id": "q", "text": "second"}}]}
            """
        var options = RenderOptions.default
        options.ansi.colorDepth = .trueColor
        let (ansi, _) = try Self.render(json, as: .ansi, options: options)
        let withoutSGR = ansi.replacing(try Regex(#"\x1B\[[0-9;]*m"#), with: "")
        for scalar in withoutSGR.unicodeScalars {
            let value = scalar.value
            let isControl = (value < 0x20 && scalar != "\n") || value == 0x7F || (0x80...0x9F).contains(value)
            let isBidi = (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
            #expect(!isControl && !isBidi, "U+\(String(value, radix: 16)) reached the terminal")
        }
        #expect(ansi.contains("parent"))
        let (html, _) = try Self.render(json, as: .html)
        #expect(!html.lowercased().contains("<script>alert"))
        #expect(!html.contains("<img src=x"))
        #expect(!html.contains("\u{1B}"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        let (markdown, _) = try Self.render(
            #"{"draft": {"channel_cid": "x", "message": {"id": "d", "text": "<script>alert(1)</script> \u001b[2J"}}}"#, as: .markdown)
        #expect(!markdown.contains("<script>"))
        #expect(!markdown.contains("\u{1B}"))
    }
}
