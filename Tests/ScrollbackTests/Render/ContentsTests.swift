import Foundation
import TestSupport
import Testing

@testable import Scrollback

/// Issue 14, item 11: a document of several channels opens with a contents list (names, counts,
/// days, links to each channel's heading), channels are headings above their days, and an empty
/// channel says so; item 12's split pages repeat the channel and carry their own titles.
@Suite struct ContentsTests {
    /// Three channels over three days (one unnamed, one empty), a thread, and a message whose
    /// day differs in Auckland.
    static let channels = """
        {"channels": [
          {"channel": {"id": "a", "name": "General", "raw_extra": "dropped"}, "messages": [
            {"id": "1", "text": "Hello", "user": {"id": "u1", "name": "Maya"}, "created_at": "2026-03-09T09:31:00Z"},
            {"id": "2", "text": "Reply", "parent_id": "1", "user": {"id": "u2", "name": "Teo"}, "created_at": "2026-03-09T09:32:00Z"},
            {"id": "3", "text": "Later", "user": {"id": "u2", "name": "Teo"}, "created_at": "2026-03-10T13:00:00Z"}]},
          {"channel": {"id": "!members-x", "cid": "messaging:!members-x", "type": "messaging"},
           "members": [{"user_id": "u1", "user": {"id": "u1", "name": "Maya"}}, {"user_id": "u3", "user": {"id": "u3", "name": "Ines"}}],
           "messages": [
            {"id": "4", "text": "Psst", "user": {"id": "u3", "name": "Ines"}, "created_at": "2026-03-11T08:00:00Z"}]},
          {"channel": {"id": "c", "name": "Quiet"}, "messages": []}
        ]}
        """

    static func index(_ json: String = channels, messagesPerPage: Int? = nil) throws -> TranscriptIndex {
        var reader = TranscriptReader(indexing: ByteSource(bytes: Array(json.utf8)))
        return try TranscriptIndex(reading: &reader, messagesPerPage: messagesPerPage)
    }

    static func render(_ format: OutputFormat, _ json: String = channels, options: RenderOptions = RenderOptions()) throws -> String {
        let input = RereadableInputFile(json)
        var backend = format.makeBackend(output: "", options: options)
        try TranscriptRenderer(options: options).render(path: input.path, to: &backend)
        return backend.output
    }

    // MARK: The index pass

    @Test func theIndexPassCountsAndDatesEachChannelAndKeepsItsName() throws {
        let index = try Self.index()
        #expect(index.channels.count == 4)
        #expect(index.channels[0].messageCount == 0 && index.channels[0].channel == nil)
        let general = index.channels[1]
        #expect(general.messageCount == 3)
        #expect(general.firstDate == Date(timeIntervalSince1970: 1_773_048_660))
        #expect(general.lastDate == Date(timeIntervalSince1970: 1_773_147_600))
        #expect(general.channel?.name == "General")
        // Only what names the channel is kept: not every key of it.
        #expect(general.channel?.raw.isEmpty == true)
        // The light pass reads the export's members too, so an unnamed channel gets its name.
        let direct = try #require(index.channels[2].channel)
        #expect(direct.members.map(\.id) == ["u1", "u3"])
        #expect(direct.title(currentUserID: "u1", theme: .default) == "Ines")
        #expect(index.channels[3].messageCount == 0 && index.channels[3].firstDate == nil)
    }

    @Test func aSplitIndexKnowsWhereEachChannelStartsAndWhatEachPageShows() throws {
        // Two messages a page: General's two top-level messages fill page 1, the DM starts page 2.
        let index = try Self.index(messagesPerPage: 2)
        #expect(index.pages.count == 2)
        #expect(index.channels[1].firstPage == 1)
        #expect(index.channels[2].firstPage == 2)
        #expect(index.channels[3].firstPage == nil)
        #expect(index.pages[0].channelRange == 1...1)
        // The empty channel's heading stands on the page being filled when it is met.
        #expect(index.pages[1].channelRange == 2...3)
    }

    // MARK: The factory

    func context(_ factory: ViewFactory = ViewFactory(), zone: String = "UTC") -> RenderContext {
        var options = RenderOptions()
        options.timeZone = TimeZone(identifier: zone)!
        return RenderContext(options: options, factory: factory, resolver: DefaultMessageTypeResolver())
    }

    @Test func aContentsEntryLinksToItsChannelWithItsCountAndDaysInTheRenderZone() {
        let entry = ViewFactory.ContentsEntry(
            channel: ChatChannel(id: "a", name: "General"), anchor: "channel-1", messageCount: 3,
            firstDate: Date(timeIntervalSince1970: 1_773_048_660), lastDate: Date(timeIntervalSince1970: 1_773_147_600))
        let utc = context()
        #expect(
            utc.factory.makeContentsEntryView(entry, utc)
                == .stack(
                    .horizontal,
                    [
                        .link(destination: "#channel-1", label: .text("General", .title)),
                        .text("· 3 messages · Monday, Mar 9, 2026 – Tuesday, Mar 10, 2026", .muted),
                    ]))
        // 13:00 UTC on the 10th is already the 11th in Auckland.
        let auckland = context(zone: "Pacific/Auckland")
        guard case .stack(_, let parts, _) = auckland.factory.makeContentsEntryView(entry, auckland) else {
            Issue.record("not a stack")
            return
        }
        #expect(parts.last == .text("· 3 messages · Monday, Mar 9, 2026 – Wednesday, Mar 11, 2026", .muted))
    }

    @Test func theContentsAreAHeadingOverAListOfTheEntriesFromTheEntrySlot() {
        var bareEntries = ViewFactory()
        bareEntries.makeContentsEntryView = { entry, _ in .text(entry.anchor) }
        let context = context(bareEntries)
        let entries = [1, 2].map { ViewFactory.ContentsEntry(channel: ChatChannel(id: "\($0)"), anchor: "channel-\($0)", messageCount: 0) }
        #expect(
            context.factory.makeContentsView(entries, context)
                == .stack(
                    .vertical,
                    [.heading(level: 2, "Channels"), .stack(.vertical, [.text("channel-1"), .text("channel-2")], .contentsList)],
                    .contents))
    }

    @Test func aChannelHeaderIsAnAnchoredDividerAndItsContinuationTheHeadingAgain() {
        let context = context()
        let channel = ChatChannel(id: "a", name: "General", memberCount: 2)
        let header = context.factory.makeChannelHeaderView(
            ViewFactory.ChannelHeaderOptions(channel: channel, anchor: "channel-4"), context)
        #expect(
            header
                == .anchor(
                    id: "channel-4",
                    .stack(
                        .vertical, [.heading(level: 2, "General"), .stack(.horizontal, [.text("2 members", .muted)], .channelInfo)],
                        .channelHeader)))
        let continued = context.factory.makeChannelHeaderView(
            ViewFactory.ChannelHeaderOptions(channel: channel, isContinued: true), context)
        #expect(continued == .stack(.vertical, [.heading(level: 2, "General (continued)")], .channelHeader))
        // A lone channel's name is the document's title: nothing to continue.
        let lone = context.factory.makeChannelHeaderView(
            ViewFactory.ChannelHeaderOptions(channel: channel, showsName: false, isContinued: true), context)
        #expect(lone == .empty)
    }

    @Test func anEmptyChannelSaysSoInTheThemesWords() {
        #expect(
            context().factory.makeEmptyChannelView(ChatChannel(id: "c"), context())
                == .stack(.vertical, [.text("No messages in this channel", .muted)], .emptyChannel))
        let german = Theme.default.localized(for: Locale(identifier: "de_DE"))
        #expect(german.string(.channelEmpty) == "Keine Nachrichten in diesem Kanal")
        #expect(german.string(.channelContinued, "Allgemein") == "Allgemein (Fortsetzung)")
    }

    @Test func aPageHeaderShowsThePagesTitle() {
        let info = DocumentInfo(title: "Chat transcript", pageTitle: "General — page 2 of 3")
        #expect(context().factory.makeDocumentHeaderView(info, context()) == .heading(level: 1, "General — page 2 of 3"))
    }

    // MARK: The outputs

    @Test func htmlHasOneTitleChannelsUnderItAndDaysUnderThem() throws {
        let html = try Self.render(.html)
        #expect(html.ranges(of: "<h1").count == 1)
        #expect(html.contains(#"<nav class="sb-stack sb-contents" aria-label="Channels"><h2>Channels</h2><ol class="sb-contents-list">"#))
        #expect(html.ranges(of: "<li>").count == 3)
        for number in 1...3 {
            #expect(html.contains(##"<a href="#channel-\##(number)">"##), "link \(number)")
            #expect(html.contains(#"<div id="channel-\#(number)" class="sb-stack sb-channel-header"><h2>"#), "target \(number)")
        }
        #expect(
            html.contains(
                #"<span class="sb-title">Maya and Ines</span></a><span class="sb-muted">· 1 message · Wednesday, Mar 11, 2026</span>"#))
        #expect(html.contains(#"<span class="sb-muted">· 0 messages</span>"#))
        #expect(html.contains(#"<h3 class="sb-day sb-separator">Monday, Mar 9, 2026</h3>"#))
        #expect(!html.contains("<h2 class=\"sb-day"))
        // The day inside the thread block is a heading of the same level.
        #expect(html.contains(#"<div class="sb-stack sb-empty-channel"><span class="sb-muted">No messages in this channel</span></div>"#))
        // The headings never skip a level.
        let levels = html.matches(of: /<h([1-6])/).map { Int($0.output.1)! }
        for (previous, next) in zip(levels, levels.dropFirst()) { #expect(next <= previous + 1, "\(levels)") }
    }

    @Test func aSingleChannelKeepsItsNameAsTheTitleAndItsDaysAsSecondLevel() throws {
        let one =
            #"{"channels": [{"channel": {"id": "a", "name": "General"}, "messages": [{"id": "1", "text": "Hi", "user": {"id": "u1"}, "created_at": "2026-03-09T09:31:00Z"}]}]}"#
        let html = try Self.render(.html, one)
        #expect(html.contains(#"<h1 class="sb-title">General</h1>"#))
        #expect(html.contains(#"<h2 class="sb-day sb-separator">Monday, Mar 9, 2026</h2>"#))
        #expect(!html.contains("<nav") && !html.contains("id=\"channel-"))
        let markdown = try Self.render(.markdown, one)
        #expect(markdown.hasPrefix("# General\n") && markdown.contains("\n## Monday, Mar 9, 2026\n"))
    }

    @Test func markdownListsTheChannelsWithLinksToAnchorsBeforeTheirHeadings() throws {
        let markdown = try Self.render(.markdown)
        #expect(
            markdown.contains("## Channels\n\n  - [**General**](#channel-1) *· 3 messages · Monday, Mar 9, 2026 – Tuesday, Mar 10, 2026*\n")
        )
        #expect(markdown.contains("  - [**Quiet**](#channel-3) *· 0 messages*\n"))
        #expect(markdown.contains("-----\n\n<a id=\"channel-2\"></a>\n\n## Maya and Ines\n"))
        #expect(markdown.contains("\n### Monday, Mar 9, 2026\n"))
        #expect(markdown.contains("## Quiet\n\n*No messages in this channel*\n"))
    }

    @Test func terminalsGetAPlainListWithoutTargets() throws {
        var options = RenderOptions()
        options.ansi.width = 70
        let ansi = try Self.render(.ansi, options: options)
        let lines = ansi.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex(of: "Channels"))
        #expect(
            Array(lines[start + 1...start + 4]) == [
                "• General · 3 messages · Monday, Mar 9, 2026 – Tuesday, Mar 10, 2026",
                "• Maya and Ines · 1 message · Wednesday, Mar 11, 2026",
                "• Quiet · 0 messages", "",
            ])
        #expect(!ansi.contains("#channel") && !ansi.contains("\u{1B}"))
        #expect(lines.contains("No messages in this channel"))
    }

    @Test func anchorsWithIDsADocumentCannotGiveAreDrawnWithoutThem() {
        var html = HTMLBackend(output: "", options: RenderOptions())
        html.write(.anchor(id: "x\" onclick=\"a", .heading(level: 2, "Name")))
        html.write(.anchor(id: "ok-1", .heading(level: 2, "Name")))
        html.write(.link(destination: "#a\"b", label: .text("bad")))
        #expect(html.output == "<h2>Name</h2>\n<h2 id=\"ok-1\">Name</h2>\nbad\n")
        var markdown = MarkdownBackend(output: "", options: RenderOptions())
        markdown.write(.anchor(id: "1starts-with-a-digit", .heading(level: 2, "Name")))
        #expect(markdown.output == "## Name\n\n")
    }

    @Test(arguments: [OutputFormat.html, .markdown, .ansi])
    func hostileChannelNamesAreEscapedInTheContents(format: OutputFormat) throws {
        let json = #"""
            {"channels": [
              {"channel": {"id": "a", "name": "<script>alert(1)</script>](javascript:x) \u001b[31mred"}, "messages": []},
              {"channel": {"id": "b", "name": "*two*\n# heading"}, "messages": []}
            ]}
            """#
        let output = try Self.render(format, json)
        // No markup, escape sequence or line of the name's own survives, in the list or the heading.
        #expect(!output.contains("\u{1B}") && !output.contains("\n# heading") && output.contains("↵"))
        switch format {
        case .html:
            #expect(!output.contains("<script>"))
            #expect(
                output.contains(##"<a href="#channel-1"><span class="sb-title">&lt;script&gt;alert(1)&lt;/script&gt;](javascript:x) "##))
        case .markdown:
            #expect(!output.contains("<script>"))
            #expect(output.contains(#"  - [**\<script\>alert(1)\</script\>\](javascript:x) ␛\[31mred**](#channel-1) *· 0 messages*"#))
        default:
            #expect(output.contains("• <script>alert(1)</script>](javascript:x) ␛[31mred · 0 messages"))
        }
    }

    // MARK: Split pages

    static func renderPages(_ format: OutputFormat, messagesPerPage: Int) throws -> (
        pages: [String], titles: [String], channels: [[String]]
    ) {
        let input = RereadableInputFile(channels)
        var pages: [String] = []
        var summaries: [DocumentSummary] = []
        try TranscriptRenderer().renderPages(
            path: input.path, names: PageNames(indexFileName: "chat.html", fileExtension: format.fileExtension),
            messagesPerPage: messagesPerPage, makeBackend: { _ in format.makeBackend(output: "", options: RenderOptions()) },
            completed: { backend, _, summary in
                pages.append(backend.output)
                summaries.append(summary)
            })
        let titles = pages.map { page in page.firstMatch(of: /<title>([^<]*)<\/title>/).map { String($0.output.1) } ?? "" }
        return (pages, titles, summaries.map(\.channels))
    }

    @Test func continuationPagesRepeatTheChannelAndEachPageHasItsTitle() throws {
        // One message a page: General runs over pages 1 and 2, the DM and the empty channel are on 3.
        let (pages, titles, channels) = try Self.renderPages(.html, messagesPerPage: 1)
        #expect(titles == ["General — page 1 of 3", "General — page 2 of 3", "Maya and Ines — page 3 of 3"])
        #expect(pages[0].contains(#"<h1 class="sb-title">General — page 1 of 3</h1>"#))
        #expect(pages[1].contains(#"<div class="sb-stack sb-channel-header"><h2>General (continued)</h2></div>"#))
        // A page that opens with a channel's own heading has no "continued" one.
        #expect(!pages[2].contains("(continued)"))
        #expect(pages[2].contains(#"<h2>Maya and Ines</h2>"#) && pages[2].contains("No messages in this channel"))
        // The DM's heading starts page 3 instead of ending page 2.
        #expect(!pages[1].contains("Maya and Ines"))
        #expect(channels == [["General"], ["General"], ["Maya and Ines", "Quiet"]])
        for page in pages { #expect(page.ranges(of: "<h1").count == 1 && !page.contains("<nav")) }
    }

    @Test func theIndexOfPagesNamesTheirChannels() {
        var summary = DocumentSummary(messageCount: 1, firstDate: nil, lastDate: nil, timeZoneIdentifier: "UTC", generator: "x")
        summary.channels = ["Ann, Bo and Cy", "Quiet"]
        let entry = ViewFactory.IndexEntry(fileName: "chat-003.html", title: "Page 3", summary: summary, channels: summary.channels)
        let view = context().factory.makeIndexEntryView(entry, context())
        #expect(
            view
                == .card(
                    .plain,
                    [
                        .link(destination: "chat-003.html", label: .text("Page 3", .title)),
                        .stack(.horizontal, [.text("Ann, Bo and Cy", .strong), .text("·", .muted), .text("Quiet", .strong)]),
                        .text("1 message", .muted),
                    ]))
    }
}

/// A file holding `contents`, removed when the value goes.
final class RereadableInputFile {
    let path: String

    init(_ contents: String) {
        path = Scratch.file("contents", extension: "json", holding: Array(contents.utf8))
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
