import Foundation
import Testing

@testable import Scrollback

/// `RenderOptions.html.search`: the page gains one constant script, allowed by its hash, a search bar
/// from the factory and the facts its filters read; without it the page is what it was.
@Suite("HTML search")
struct HTMLSearchTests {
    static func render(_ name: String, search: Bool, remoteMedia: Bool = true, timeZone: String = "UTC") throws -> String {
        try HTMLSecurityTests.render(name, remoteMedia: remoteMedia, search: search, timeZone: timeZone)
    }

    /// A page with search, less everything search adds: the directive, the rules, the bar, the
    /// `data-` facts and the script.
    static func withoutSearch(_ html: String) throws -> String {
        var page = html.replacingOccurrences(of: "; " + HTMLOptions.SearchScript.policyDirective, with: "")
        page = page.replacingOccurrences(of: Stylesheet(theme: .default).searchCSS, with: "")
        page = page.replacingOccurrences(of: "<script>" + HTMLOptions.SearchScript.source + "</script>\n", with: "")
        page = page.replacing(try Regex(#"<div id="sb-search" [^\n]*</div>\n"#), with: "")
        return page.replacing(try Regex(#" data-(?:from|day|has)="[^"]*""#), with: "")
    }

    /// Search adds only its own parts: with them taken out, every sample is byte for byte the page
    /// rendered without the option (whose snapshots, in SampleSnapshotTests, are unchanged).
    @Test(arguments: HTMLSecurityTests.samples)
    func searchAddsOnlyItsOwnParts(name: String) throws {
        let plain = try Self.render(name, search: false)
        let searched = try Self.render(name, search: true)
        #expect(!plain.contains("<script") && !plain.contains("sb-search") && !plain.contains("data-day"))
        #expect(searched != plain)
        #expect(try Self.withoutSearch(searched) == plain)
    }

    @Test func sha256MatchesKnownVectors() {
        func hex(_ text: String) -> String { SHA256.hash(Array(text.utf8)).map { String(format: "%02x", $0) }.joined() }
        // FIPS 180-4 examples: one block, none, two blocks, and a million bytes.
        #expect(hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            SHA256.hash([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)).map { String(format: "%02x", $0) }.joined()
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// The policy names the script by the SHA-256 of its UTF-8 bytes, and allows nothing else:
    /// no `'unsafe-inline'` or `'unsafe-eval'` for scripts, one `script-src` only.
    @Test func thePolicyAllowsTheScriptByItsHash() throws {
        let digest = Data(SHA256.hash(Array(HTMLOptions.SearchScript.source.utf8))).base64EncodedString()
        #expect(HTMLOptions.SearchScript.hash == digest)
        #expect(Data(base64Encoded: HTMLOptions.SearchScript.hash)?.count == 32)
        for remoteMedia in [true, false] {
            let html = try Self.render("threads.json", search: true, remoteMedia: remoteMedia)
            let policy = HTMLBackend<String>.contentSecurityPolicy(remoteMedia: remoteMedia) + "; script-src 'sha256-\(digest)'"
            #expect(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"\(policy)\">\n"))
            #expect(html.components(separatedBy: "script-src").count == 2)
            #expect(!html.contains("unsafe-eval"))
            #expect(!policy.contains("script-src 'unsafe-inline'"))
            // The bytes between the tags are the ones hashed.
            let start = try #require(html.range(of: "<script>"))
            let end = try #require(html.range(of: "</script>"))
            #expect(Data(SHA256.hash(Array(html[start.upperBound..<end.lowerBound].utf8))).base64EncodedString() == digest)
        }
    }

    /// The script is a constant: ASCII, nothing that ends it early, no API that turns text into
    /// markup or code, and the ids of the factory's bar.
    @Test func theScriptIsAConstantThatInjectsNothing() {
        let source = HTMLOptions.SearchScript.source
        #expect(source.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(!source.lowercased().contains("</script") && !source.contains("<!--"))
        for forbidden in ["innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "Function(", "setInterval", "srcdoc"] {
            #expect(!source.contains(forbidden), "\(forbidden)")
        }
        // setTimeout only ever gets a function.
        #expect(source.components(separatedBy: "setTimeout(").dropFirst().allSatisfy { $0.hasPrefix("() =>") })
        for id in [
            ViewFactory.SearchBarIDs.bar, ViewFactory.SearchBarIDs.input, ViewFactory.SearchBarIDs.count, ViewFactory.SearchBarIDs.previous,
            ViewFactory.SearchBarIDs.next, ViewFactory.SearchBarIDs.status,
        ] {
            #expect(source.contains("'\(id)'"), "\(id)")
        }
    }

    /// Whatever the messages hold, the page has exactly the one script, the library's constant.
    @Test(arguments: HTMLSecurityTests.samples)
    func theOnlyScriptIsTheConstant(name: String) throws {
        let html = try Self.render(name, search: true)
        #expect(html.lowercased().components(separatedBy: "<script").count == 2)
        #expect(html.contains("<script>" + HTMLOptions.SearchScript.source + "</script>\n</body>\n</html>\n"))
    }

    /// The day of `on:`, `before:` and `after:` is the page's time zone's: 23:30 UTC on March 9
    /// is March 10 in Paris.
    @Test func daysAreInThePagesTimeZone() throws {
        let message = ChatMessage(
            id: "late", text: "late", user: ChatUser(id: "maya", name: "Maya Lee"),
            createdAt: RFC3339.parse("2026-03-09T23:30:00Z"))
        var options = RenderOptions(timeZone: TimeZone(identifier: "Europe/Paris")!)
        options.html.search = true
        let paris = SampleTranscripts.renderInMemory([message], as: .html, options: options)
        #expect(paris.contains(#" data-from="Maya Lee (maya)" data-day="2026-03-10">"#))
        options.timeZone = TimeZone(identifier: "UTC")!
        #expect(SampleTranscripts.renderInMemory([message], as: .html, options: options).contains(#"data-day="2026-03-09""#))
    }

    /// `has:` reads what the factory drew: the attachments sample has every kind but polls.
    @Test func facetsComeFromTheViews() throws {
        let html = try Self.render("attachments.json", search: true)
        let facets = Set(
            html.matches(of: try Regex(#" data-has="([^"]*)""#)).flatMap { ($0.output[1].substring ?? "").split(separator: " ") })
        #expect(facets.isSuperset(of: ["image", "file", "link", "voice"]), "\(facets)")
        let frame = MessageFrame(
            id: "p", role: .bubble,
            body: [
                .card(.attachment, [.icon(name: .poll, label: "Poll")]),
                .quote(anchor: nil, [.image(ViewNode.ImageContent(source: "https://x.example/a.png", alt: "quoted"))]),
                .markdown(
                    MarkdownDocument(blocks: [.paragraph([.link(destination: "javascript:alert(1)", title: "", children: [.text("x")])])])),
            ])
        // The quoted message's picture is not this message's, and a refused link is no link.
        #expect(HTMLOptions.SearchScript.facets(of: frame) == ["poll"])
    }

    /// Text quoted with `>` is the message's own and is searched; only the preview of the message
    /// a reply quotes (another message's text) is left out. The two are told apart by the class
    /// the script's selector names (issue 57).
    @Test func onlyAReplysQuotePreviewIsLeftOut() throws {
        let html = try Self.render("launch-room.json", search: true)
        #expect(html.contains("<blockquote><p>Ship chat transcripts your auditors will <em>actually</em> read.</p></blockquote>"))
        #expect(html.contains(##"<blockquote class="sb-quote"><a href="#m-launch-006">"##))
        let source = HTMLOptions.SearchScript.source
        #expect(source.contains("const SKIP = 'blockquote.sb-quote, .sb-icon, .sb-avatar, time, .sb-reactors-list';"))
        #expect(!source.contains("'blockquote,"))
    }

    /// An index (of a `--split` set or an `--output-dir`) lists pages: it gets neither the bar nor
    /// the script, its rules or its policy directive, though the pages it lists have them.
    @Test func anIndexHasNoSearchScript() {
        var options = RenderOptions()
        options.html.search = true
        var summary = DocumentSummary(messageCount: 3, firstDate: nil, lastDate: nil, timeZoneIdentifier: "UTC", generator: "x")
        summary.channels = ["General"]
        let entry = ViewFactory.IndexEntry(fileName: "chat-001.html", title: "Page 1", summary: summary, channels: summary.channels)
        var backend = HTMLBackend(output: "", options: options)
        TranscriptRenderer(options: options).renderIndex(of: [entry], title: "General", to: &backend)
        let index = backend.output
        #expect(index.contains(#"<a href="chat-001.html""#))
        #expect(!index.contains("<script") && !index.contains("script-src") && !index.contains("sb-search"))
        #expect(index.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"\(HTMLBackend<String>.contentSecurityPolicy)\">"))
        // A page of the set, rendered with the same options, has them all.
        let message = ChatMessage(
            id: "a", text: "hello", user: ChatUser(id: "maya", name: "Maya Lee"), createdAt: RFC3339.parse("2026-03-09T10:00:00Z"))
        let page = SampleTranscripts.renderInMemory([message], as: .html, options: options)
        #expect(page.contains("<script>" + HTMLOptions.SearchScript.source + "</script>") && page.contains("id=\"sb-search\""))
    }

    /// The script works in slices and never writes the same text twice; the things its fixes rely
    /// on are there: a date checked against the calendar, a query with an unreadable filter kept
    /// from changing the page, the current match unmarked when a search starts, and a quote's link
    /// that shows a hidden message.
    @Test func theScriptWorksInSlices() {
        let source = HTMLOptions.SearchScript.source
        for needed in [
            "const isDate = value =>", "terms.incomplete = true", "requestAnimationFrame(() => step(work))",
            "setTimeout(() => step(work), 0)", "unmark();", "const reveal = target =>", "details.sb-thread > .sb-thread-content",
        ] {
            #expect(source.contains(needed), "\(needed)")
        }
    }

    /// On a long page the browser's work per frame is kept small (issue 57 item 2; timed by
    /// `Scripts/browser-test` on 10,000 messages): the channel is laid out in groups made by
    /// `createElement` (never from markup), each laid out only near the screen and laid out as
    /// `main` lays out its children; the highlight holds the matches of the groups on screen only;
    /// outlined elements are kept rather than looked for.
    @Test func theScriptKeepsTheBrowsersWorkSmall() throws {
        let source = HTMLOptions.SearchScript.source
        for needed in [
            "const box = document.createElement('div');", "box.className = 'sb-group';", "element.before(box);",
            "'contentvisibilityautostatechange'", "paint(group, !event.skipped)", "new StaticRange(",
            "for (const element of outlined)",
        ] {
            #expect(source.contains(needed), "\(needed)")
        }
        #expect(!source.contains("main.querySelectorAll('.' + CURRENT"))
        let css = Stylesheet(theme: .default).searchCSS
        #expect(css.contains(".sb-group{display:flex;flex-direction:column;gap:inherit;margin:-4px;padding:4px;content-visibility:auto;"))
        #expect(css.contains(".sb-group article.sb-message{content-visibility:visible}"))
        // The page's own stylesheet lays `main` out as the groups repeat it.
        #expect(Stylesheet(theme: .default).css.contains("main{display:flex;flex-direction:column;gap:"))
        let page = try Self.render("threads.json", search: true)
        #expect(!page.contains("class=\"sb-group\""), "groups are made by the script, not written")
    }

    /// The bar follows what the title describes: after a channel's info line (members, dates),
    /// and at the top of a page of several channels, before their contents.
    @Test func theBarComesAfterTheChannelsInfoLine() throws {
        let single = try Self.render("launch-room.json", search: true)
        let info = try #require(single.range(of: "<div class=\"sb-row sb-channel-info\">"))
        let bar = try #require(single.range(of: "<div id=\"sb-search\""))
        #expect(info.lowerBound < bar.lowerBound)
        #expect(single.contains("<main>\n<div class=\"sb-row sb-channel-info\">"))
        let several = try Self.render("workspace.json", search: true)
        #expect(several.contains("<main>\n<div id=\"sb-search\""))
        #expect(try Self.withoutSearch(single) == (try Self.render("launch-room.json", search: false)))
    }

    /// The renderer, not the markup, puts the bar in its place: an app's bar in an element of
    /// its own also follows the info line.
    @Test func anAppsBarOfAnyMarkupFollowsTheInfoLine() throws {
        var factory = ViewFactory()
        factory.makeSearchBarView = { _, _ in
            .raw(ViewNode.RawOutput([.html: "<form class=\"app-bar\"><div id=\"sb-search\"><input id=\"sb-search-input\"></div></form>"]))
        }
        var options = RenderOptions()
        options.html.search = true
        let html = try SampleTranscripts.render("threads.json", as: .html, options: options, factory: factory).output
        #expect(html.contains("<main>\n<div class=\"sb-row sb-channel-info\">"))
        #expect(html.contains("</div>\n<form class=\"app-bar\">"))
    }

    /// The bar is the factory's: an app's override is what the page shows.
    @Test func theBarComesFromTheFactory() throws {
        var factory = ViewFactory()
        factory.makeSearchBarView = { _, _ in
            .raw(
                ViewNode.RawOutput([.html: "<div id=\"sb-search\" class=\"app-bar\"><input id=\"sb-search-input\" type=\"search\"></div>"]))
        }
        var options = RenderOptions()
        options.html.search = true
        let html = try SampleTranscripts.render("threads.json", as: .html, options: options, factory: factory).output
        #expect(html.contains("<main>\n<div class=\"sb-row sb-channel-info\">"))
        #expect(html.contains("</div>\n<div id=\"sb-search\" class=\"app-bar\">"))
        #expect(!html.contains("Search messages"))
        // Other formats draw nothing of it.
        let markdown = try SampleTranscripts.render("threads.json", as: .markdown, options: options).output
        #expect(markdown == (try SampleTranscripts.render("threads.json", as: .markdown).output))
    }
}
