import Foundation
import Testing

@testable import ScrollbackCLI

/// Issue 14, items 11 and 12, from the command line, on the multi-channel sample
/// (`Samples/transcripts/workspace.json`: Garden club, an unnamed DM, an empty Tool library and
/// an unnamed group).
@Suite struct MultiChannelCommandTests {
    static let workspace = samples.appendingPathComponent("workspace.json").path

    static func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    static func titles(_ html: String) -> [String] {
        html.matches(of: /<title>([^<]*)<\/title>/).map { String($0.output.1) }
    }

    @Test func aWholeDocumentListsItsChannelsFirst() throws {
        let run = ToolRun(["render", Self.workspace, "--format", "html"])
        #expect(run.status == 0, "\(run.errors)")
        let html = run.output
        let contents = try #require(html.range(of: "<nav"))
        let firstChannel = try #require(html.range(of: #"<div id="channel-1""#))
        #expect(contents.upperBound < firstChannel.lowerBound)
        for name in ["Garden club", "Noor Haddad and Inês Moura", "Tool library", "Piet de Vries, Kofi Mensah and Inês Moura"] {
            #expect(html.contains(#"<span class="sb-title">\#(name)</span></a>"#), "\(name)")
        }
        // --me leaves the reader out of the names, in the contents as in the headings.
        let mine = ToolRun(["render", Self.workspace, "--format", "markdown", "--me", "noor"])
        #expect(mine.output.contains("  - [**Inês Moura**](#channel-2) *· 3 messages · Friday, Apr 3, 2026*\n"))
        #expect(mine.output.contains("<a id=\"channel-2\"></a>\n\n## Inês Moura\n"))
    }

    @Test func splitPagesNameTheirChannelsInTitlesHeadingsAndTheIndex() throws {
        let directory = SplitOptionTests.directory()
        let run = ToolRun(["render", Self.workspace, "--split", "4", "-o", directory + "/chat.html"])
        #expect(run.status == 0, "\(run.errors)")
        let pages = try (1...4).map { try Self.read(directory + "/chat-00\($0).html") }
        #expect(
            pages.flatMap(Self.titles) == [
                "Garden club — page 1 of 4", "Garden club — page 2 of 4", "Noor Haddad and Inês Moura — page 3 of 4",
                "Piet de Vries, Kofi Mensah and Inês Moura — page 4 of 4",
            ])
        #expect(pages[1].contains("<h2>Garden club (continued)</h2>"))
        #expect(pages[2].contains("<h2>Noor Haddad and Inês Moura (continued)</h2>"))
        #expect(pages[2].contains("No messages in this channel"))
        #expect(pages[3].contains("<h2>Piet de Vries, Kofi Mensah and Inês Moura (continued)</h2>"))
        #expect(!pages[0].contains("(continued)"))
        let index = try Self.read(directory + "/chat.html")
        #expect(Self.titles(index) == ["Chat transcript"])
        #expect(
            index.contains(
                #"<span class="sb-strong">Garden club</span><span class="sb-muted">·</span><span class="sb-strong">Noor Haddad and Inês Moura</span>"#
            ))
        #expect(
            index.contains(
                "Page 4</span></a><div class=\"sb-row sb-plain\"><span class=\"sb-strong\">Piet de Vries, Kofi Mensah and Inês Moura</span>"
            ))
        #expect(index.contains("6 messages · 2026-04-02 08:10 – 2026-04-02 09:06"))
    }

    @Test func splitMarkdownPagesRepeatTheChannelToo() throws {
        let directory = SplitOptionTests.directory()
        #expect(ToolRun(["render", Self.workspace, "--split", "4", "-o", directory + "/chat.md"]).status == 0)
        let second = try Self.read(directory + "/chat-002.md")
        #expect(second.hasPrefix("# Garden club — page 2 of 4\n"))
        #expect(second.contains("\n## Garden club (continued)\n\n### Saturday, Apr 4, 2026\n"))
        let index = try Self.read(directory + "/chat.md")
        #expect(index.contains("> **Noor Haddad and Inês Moura** *·* **Tool library** *·* **Piet de Vries, Kofi Mensah and Inês Moura**\n"))
    }

    /// File names keep the letters of every script, in NFC: a Japanese or Arabic channel is
    /// not `001.html`, and a name typed with a combining accent is the same file as one without.
    @Test func outputDirectoryNamesKeepEveryScript() throws {
        let directory = SplitOptionTests.directory()
        let input = directory + "/scripts.json"
        let names = ["開発チーム", "فريق الدعم", "Cafe\u{301} & Crème", "हिन्दी टीम", "🚀 ✨", "Ünïcode/..\\Name"]
        let channels: [[String: Any]] = names.enumerated().map { index, name in
            ["channel": ["id": "c\(index)", "name": name], "messages": [] as [Any]]
        }
        try JSONSerialization.data(withJSONObject: ["channels": channels]).write(to: URL(fileURLWithPath: input))
        let run = ToolRun(["render", input, "--output-dir", directory + "/out"])
        #expect(run.status == 0, "\(run.errors)")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory + "/out").sorted()
        #expect(
            files == [
                "001-開発チーム.html", "002-فريق-الدعم.html", "003-café-crème.html", "004-हिन्दी-टीम.html", "005.html",
                "006-ünïcode-name.html", "index.html",
            ])
        #expect(files.allSatisfy { $0 == $0.precomposedStringWithCanonicalMapping })
        let index = try Self.read(directory + "/out/index.html")
        #expect(index.contains(#"href="001-%E9%96%8B%E7%99%BA%E3%83%81%E3%83%BC%E3%83%A0.html""#), "linked, percent-encoded")
        #expect(index.components(separatedBy: "<a ").count - 1 == names.count, "every channel linked")
    }

    @Test func anOutputDirectoryHasAFilePerChannelAndAnIndexOfThem() throws {
        let directory = SplitOptionTests.directory() + "/out"
        let run = ToolRun(["render", Self.workspace, "--output-dir", directory])
        #expect(run.status == 0, "\(run.errors)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == [
                "001-garden-club.html", "002-noor-haddad-and-inês-moura.html", "003-tool-library.html",
                "004-piet-de-vries-kofi-mensah-and-inês-moura.html", "index.html",
            ])
        let index = try Self.read(directory + "/index.html")
        #expect(
            index.contains(
                #"href="002-noor-haddad-and-in%C3%AAs-moura.html" rel="noopener noreferrer nofollow"><span class="sb-title">Noor Haddad and Inês Moura</span></a>"#
            ))
        #expect(index.contains(#"<span class="sb-title">Tool library</span></a><span class="sb-muted">0 messages</span>"#))
        // Each channel's own file: its name is the one h1, days are h2, and no contents list.
        let garden = try Self.read(directory + "/001-garden-club.html")
        #expect(Self.titles(garden) == ["Garden club"] && garden.contains(#"<h1 class="sb-title">Garden club</h1>"#))
        #expect(garden.contains(#"<h2 class="sb-day sb-separator">Thursday, Apr 2, 2026</h2>"#) && !garden.contains("<nav"))
        let empty = try Self.read(directory + "/003-tool-library.html")
        #expect(empty.contains("No messages"))
    }

    /// Issue 57 item 10: each channel's file links back to the index and to the channels before
    /// and after it, and a quote of another channel's message links to that channel's file.
    @Test func outputDirectoryFilesLinkEachOtherAndTheirQuotes() throws {
        let directory = SplitOptionTests.directory()
        let input = directory + "/quotes.json"
        try Data(
            """
            {"channels": [
              {"channel": {"id": "a", "name": "Alpha"}, "messages": [
                {"id": "a1", "text": "first", "user": {"id": "ada"}, "created_at": "2026-05-01T09:00:00Z"}]},
              {"channel": {"id": "b", "name": "Beta"}, "messages": [
                {"id": "b1", "text": "quoting", "user": {"id": "bo"}, "created_at": "2026-05-01T10:00:00Z",
                 "quoted_message": {"id": "a1", "text": "first", "user": {"id": "ada"}}}]}
            ]}
            """.utf8
        ).write(to: URL(fileURLWithPath: input))
        let run = ToolRun(["render", input, "--output-dir", directory + "/out"])
        #expect(run.status == 0, "\(run.errors)")
        let alpha = try Self.read(directory + "/out/001-alpha.html")
        let beta = try Self.read(directory + "/out/002-beta.html")
        #expect(alpha.components(separatedBy: #"<a href="002-beta.html" rel="noopener noreferrer nofollow">Next channel →</a>"#).count == 3)
        #expect(
            beta.components(separatedBy: #"<a href="001-alpha.html" rel="noopener noreferrer nofollow">← Previous channel</a>"#).count == 3)
        #expect(beta.components(separatedBy: #"<a href="index.html" rel="noopener noreferrer nofollow">Index</a>"#).count == 3)
        #expect(beta.contains(#"<blockquote class="sb-quote"><a href="001-alpha.html#m-a1">"#))
    }
}
