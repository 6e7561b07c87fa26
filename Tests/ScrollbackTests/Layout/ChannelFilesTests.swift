import Foundation
import TestSupport
import Testing

@testable import Scrollback

/// `--output-dir` (issue 57 item 10): each channel's file is named from the index pass, links to
/// the index and the channels before and after it at both ends, and a quote of a message in
/// another channel links to that channel's file.
@Suite struct ChannelFilesTests {
    /// Three channels: General (a thread under g2), "Inês & co" quoting General's g1 and the
    /// reply g3, and 開発チーム quoting i1 (an id with `#` and a space) and, in its own channel, k1.
    static let input = """
        {"channels": [
          {"channel": {"id": "general", "name": "General"}, "messages": [
            {"id": "g1", "text": "release on Friday", "user": {"id": "ada"}, "created_at": "2026-05-01T09:00:00Z"},
            {"id": "g2", "text": "who writes the notes?", "user": {"id": "bo"}, "created_at": "2026-05-01T09:05:00Z"},
            {"id": "g3", "text": "I will", "parent_id": "g2", "user": {"id": "ada"}, "created_at": "2026-05-01T09:07:00Z"},
            {"id": "g4", "text": "see the review", "user": {"id": "bo"}, "created_at": "2026-05-01T09:30:00Z",
             "quoted_message": {"id": "a#b 1", "text": "review at 3", "user": {"id": "cy"}}}
          ]},
          {"channel": {"id": "ines", "name": "Inês & co"}, "messages": [
            {"id": "a#b 1", "text": "review at 3", "user": {"id": "cy"}, "created_at": "2026-05-02T10:00:00Z"},
            {"id": "i2", "text": "back to the date", "user": {"id": "cy"}, "created_at": "2026-05-02T10:20:00Z",
             "quoted_message": {"id": "g1", "text": "release on Friday", "user": {"id": "ada"}}},
            {"id": "i3", "text": "and the notes", "user": {"id": "bo"}, "created_at": "2026-05-02T10:30:00Z",
             "quoted_message": {"id": "g3", "text": "I will", "user": {"id": "ada"}}}
          ]},
          {"channel": {"id": "dev", "name": "開発チーム"}, "messages": [
            {"id": "k1", "text": "build is green", "user": {"id": "ken"}, "created_at": "2026-05-03T11:00:00Z"},
            {"id": "k2", "text": "about the review", "user": {"id": "ken"}, "created_at": "2026-05-03T11:10:00Z",
             "quoted_message": {"id": "a#b 1", "text": "review at 3", "user": {"id": "cy"}}},
            {"id": "k3", "text": "same channel", "user": {"id": "ken"}, "created_at": "2026-05-03T11:20:00Z",
             "quoted_message": {"id": "k1", "text": "build is green", "user": {"id": "ken"}}}
          ]}
        ]}
        """

    /// The files of a rendering: each one's name (as `makeBackend` was told it), text and title.
    struct Files {
        var names: [String] = []
        var texts: [String] = []
        var channels: [String?] = []
    }

    static func render(
        _ text: String = input, fileExtension: String = "html", inputExtension: String = "json", filter: MessageFilter = MessageFilter()
    ) throws -> Files {
        var options = RenderOptions()
        options.timeZone = TimeZone(identifier: "UTC")!
        let renderer = TranscriptRenderer(options: options, filter: filter)
        var files = Files()
        var sink = OutputSink.memory()
        try renderer.renderEachChannel(
            path: Scratch.file("channels", extension: inputExtension, holding: Array(text.utf8)),
            names: ChannelFileNames(fileExtension: fileExtension),
            makeBackend: { channel, name in
                files.names.append(name)
                files.channels.append(channel?.name)
                sink = OutputSink.memory()
                let backend: any TranscriptBackend =
                    fileExtension == "md" ? MarkdownBackend(output: sink, options: options) : HTMLBackend(output: sink, options: options)
                return ChannelBackend(backend)
            },
            completed: { _, _, _ in
                sink.flush()
                files.texts.append(sink.capturedText)
            })
        return files
    }

    /// The navigation lines of an HTML file, in order.
    static func navigation(_ html: String) -> [String] {
        html.components(separatedBy: "<div class=\"sb-row sb-page-nav\">").dropFirst().map { String($0.prefix { $0 != "\n" }) }
    }

    static func link(_ href: String, _ label: String) -> String {
        "<a href=\"\(href)\" rel=\"noopener noreferrer nofollow\">\(label)</a>"
    }

    static let inesLink = "002-in%C3%AAs-co.html"
    static let devLink = "003-%E9%96%8B%E7%99%BA%E3%83%81%E3%83%BC%E3%83%A0.html"

    @Test func filesAreNamedFromTheIndexPassInOrder() throws {
        let files = try Self.render()
        #expect(files.names == ["001-general.html", "002-inês-co.html", "003-開発チーム.html"])
        #expect(files.channels == ["General", "Inês & co", "開発チーム"])
        #expect(ChannelFileNames(fileExtension: "md").indexFileName == "index.md")
    }

    @Test func namesKeepEveryScriptAndTheNumberKeepsThemApart() {
        let names = ChannelFileNames(fileExtension: "html")
        #expect(names.fileName(number: 3, title: "Support tickets!") == "003-support-tickets.html")
        #expect(names.fileName(number: 5, title: "開発チーム") == "005-開発チーム.html")
        #expect(names.fileName(number: 2, title: "Cafe\u{301} & Crème") == "002-café-crème.html")
        #expect(names.fileName(number: 1, title: "🚀 ✨") == "001.html")
        #expect(names.fileName(number: 1234, title: "a") == "1234-a.html")
        // The same title in two channels: two files.
        #expect(names.fileName(number: 1, title: "General") != names.fileName(number: 2, title: "General"))
    }

    @Test func everyFileLinksTheIndexAndItsNeighboursAtBothEnds() throws {
        let files = try Self.render()
        let index = Self.link("index.html", "Index")
        let expected = [
            [index, Self.link(Self.inesLink, "Next channel →")],
            [Self.link("001-general.html", "← Previous channel"), index, Self.link(Self.devLink, "Next channel →")],
            [Self.link(Self.inesLink, "← Previous channel"), index],
        ]
        for (text, links) in zip(files.texts, expected) {
            let lines = Self.navigation(text)
            #expect(lines.count == 2, "a line at the top and one at the bottom")
            for line in lines {
                #expect(line.hasPrefix(links.joined(separator: "<span class=\"sb-muted\"> · </span>") + "</div>"), "\(line)")
            }
            // The top one under the title, the bottom one before the summary.
            let title = try #require(text.range(of: "<h1"))
            let first = try #require(text.range(of: "<div class=\"sb-row sb-page-nav\">"))
            let summary = try #require(text.range(of: "class=\"sb-row sb-document-summary", options: .backwards))
            let last = try #require(text.range(of: "<div class=\"sb-row sb-page-nav\">", options: .backwards))
            #expect(title.lowerBound < first.lowerBound && last.upperBound < summary.lowerBound)
        }
    }

    @Test func quotesOfAnotherChannelLinkToItsFile() throws {
        let files = try Self.render()
        let (general, ines, dev) = (files.texts[0], files.texts[1], files.texts[2])
        // A quote of a later channel's message, its id percent-encoded.
        #expect(general.contains("<blockquote class=\"sb-quote\"><a href=\"\(Self.inesLink)#\(Anchor.fragment(forMessageID: "a#b 1"))\">"))
        // Of an earlier channel's message, and of a thread reply there (on its thread's file).
        #expect(ines.contains("<blockquote class=\"sb-quote\"><a href=\"001-general.html#m-g1\">"))
        #expect(ines.contains("<blockquote class=\"sb-quote\"><a href=\"001-general.html#m-g3\">"))
        #expect(dev.contains("<blockquote class=\"sb-quote\"><a href=\"\(Self.inesLink)#\(Anchor.fragment(forMessageID: "a#b 1"))\">"))
        // In the same file: the fragment alone.
        #expect(dev.contains("<blockquote class=\"sb-quote\"><a href=\"#m-k1\">"))
        #expect(!ines.contains("href=\"#m-g1\"") && !general.contains("href=\"#\(Anchor.fragment(forMessageID: "a#b 1"))\""))
    }

    @Test func messagesBeforeAnyChannelHaveTheFirstFile() throws {
        let input = """
            {"type": "message", "item": {"id": "x1", "text": "before", "user": {"id": "ada"}, "created_at": "2026-05-01T08:00:00Z"}}
            {"type": "channel", "item": {"id": "general", "type": "team", "name": "General"}}
            {"type": "message", "item": {"id": "g1", "cid": "team:general", "text": "quoting", "user": {"id": "bo"}, "created_at": "2026-05-01T09:00:00Z", "quoted_message": {"id": "x1", "text": "before", "user": {"id": "ada"}}}}
            """
        let files = try Self.render(input, inputExtension: "ndjson")
        #expect(files.names == ["001-messages.html", "002-general.html"])
        #expect(Self.navigation(files.texts[0]).allSatisfy { $0.contains(Self.link("002-general.html", "Next channel →")) })
        #expect(Self.navigation(files.texts[1]).allSatisfy { $0.hasPrefix(Self.link("001-messages.html", "← Previous channel")) })
        #expect(files.texts[1].contains("<blockquote class=\"sb-quote\"><a href=\"001-messages.html#m-x1\">"))
        // The filter leaving those messages out still leaves their (empty) file, where the links lead.
        let filtered = try Self.render(input, inputExtension: "ndjson", filter: MessageFilter(userIDs: ["bo"]))
        #expect(filtered.names == ["001-messages.html", "002-general.html"])
        #expect(Self.navigation(filtered.texts[1]).allSatisfy { $0.hasPrefix(Self.link("001-messages.html", "← Previous channel")) })
        #expect(!filtered.texts[1].contains("<blockquote class=\"sb-quote\"><a"), "no link to a message the filter left out")
    }

    @Test func anEmptyChannelSaysSoBeforeItsClosingLinks() throws {
        let input = """
            {"channels": [
              {"channel": {"id": "a", "name": "Alpha"}, "messages": []},
              {"channel": {"id": "b", "name": "Beta"}, "messages": [
                {"id": "b1", "text": "hello", "user": {"id": "bo"}, "created_at": "2026-05-01T10:00:00Z"}]}
            ]}
            """
        let files = try Self.render(input, fileExtension: "md")
        let empty = files.texts[0]
        let said = try #require(empty.range(of: "*No messages*"))
        let links = try #require(empty.range(of: "[Next channel →](002-beta.md)", options: .backwards))
        #expect(said.upperBound < links.lowerBound, "\(empty)")
        #expect(empty.components(separatedBy: "No messages").count == 2, "said once")
    }

    @Test func markdownFilesLinkTheirNeighboursToo() throws {
        let files = try Self.render(fileExtension: "md")
        #expect(files.names == ["001-general.md", "002-inês-co.md", "003-開発チーム.md"])
        let line = "[← Previous channel](001-general.md)  *·*  [Index](index.md)  *·*  [Next channel →](\(Self.devLink.dropLast(4))md)"
        #expect(files.texts[1].components(separatedBy: line).count - 1 == 2, "\(files.texts[1])")
    }

    @Test func theNavigationSpeaksTheReadersLanguage() throws {
        var options = RenderOptions()
        options.theme = options.theme.localized(for: Locale(identifier: "de_DE"))
        let context = RenderContext(options: options, factory: ViewFactory(), resolver: DefaultMessageTypeResolver())
        let view = context.factory.makeDocumentNavigationView(
            ViewFactory.DocumentNavigation(
                kind: .channels, previousFileName: "001-a.html", indexFileName: "index.html", nextFileName: "003-c.html"), context)
        let text = String(describing: view)
        #expect(text.contains("← Vorheriger Kanal") && text.contains("Übersicht") && text.contains("Nächster Kanal →"), "\(text)")
    }

    @Test func theIndexKeepsEachMessagesChannelInFourBytes() throws {
        var reader = try TranscriptReader(path: Scratch.file("index", extension: "json", holding: Array(Self.input.utf8)))
        let index = try TranscriptIndex(reading: &reader, filter: MessageFilter(), directory: NSTemporaryDirectory(), perChannel: true)
        // The channel's place plus one: a thread reply is on its thread's.
        #expect(index.page(of: "g1") == 2 && index.page(of: "g3") == 2 && index.page(of: "a#b 1") == 3 && index.page(of: "k3") == 4)
        // Not a split document: no pages summed up, no channel's first page.
        #expect(index.pages.isEmpty && index.channels.allSatisfy { $0.firstPage == nil })
        #expect(!index.hasMessagesBeforeChannels)
    }
}

/// Any backend, as one type for `renderEachChannel`.
private struct ChannelBackend: TranscriptBackend {
    var base: any TranscriptBackend
    init(_ base: any TranscriptBackend) { self.base = base }
    mutating func begin(_ document: DocumentInfo, header: ViewNode) { base.begin(document, header: header) }
    mutating func write(_ node: ViewNode) { base.write(node) }
    mutating func end(_ summary: DocumentSummary, footer: ViewNode) { base.end(summary, footer: footer) }
}
