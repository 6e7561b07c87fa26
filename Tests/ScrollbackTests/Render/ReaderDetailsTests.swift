import Foundation
import Testing

@testable import Scrollback

/// Issue 14, "smaller things a reader notices", and what items 5, 7 and 9 left: who reacted,
/// pinned messages, the reader's own bubbles, a time on every message, the page's language,
/// translated yes and no, and user ids beside shared names wherever a person is named.
@Suite struct ReaderDetailsTests {
    static let transcript = """
        {"channel": {"id": "c", "name": "general"}, "messages": [
          {"id": "1", "text": "First", "user": {"id": "alex-1", "name": "Alex"}, "created_at": "2026-03-09T09:00:05Z"},
          {"id": "2", "text": "Second", "user": {"id": "alex-1", "name": "Alex"}, "created_at": "2026-03-09T09:00:20Z"},
          {"id": "3", "text": "Third", "user": {"id": "alex-1", "name": "Alex"}, "created_at": "2026-03-09T09:00:40Z",
           "reaction_groups": {"like": {"count": 14, "sum_scores": 14}, "love": {"count": 3, "sum_scores": 3},
                               "haha": {"count": 2, "sum_scores": 2}, "wow": {"count": 1, "sum_scores": 1}},
           "latest_reactions": [
             {"type": "like", "user_id": "u0", "user": {"id": "u0", "name": "Reader 0"}},
             {"type": "like", "user_id": "u1", "user": {"id": "u1", "name": "Reader 1"}},
             {"type": "like", "user_id": "u2", "user": {"id": "u2", "name": "Reader 2"}},
             {"type": "like", "user_id": "u3", "user": {"id": "u3", "name": "Reader 3"}},
             {"type": "like", "user_id": "u4", "user": {"id": "u4", "name": "Reader 4"}},
             {"type": "like", "user_id": "u5", "user": {"id": "u5", "name": "Reader 5"}},
             {"type": "like", "user_id": "u6", "user": {"id": "u6", "name": "Reader 6"}},
             {"type": "like", "user_id": "u7", "user": {"id": "u7", "name": "Reader 7"}},
             {"type": "like", "user_id": "u8", "user": {"id": "u8", "name": "Reader 8"}},
             {"type": "like", "user_id": "u9", "user": {"id": "u9", "name": "Reader 9"}},
             {"type": "like", "user_id": "u10", "user": {"id": "u10", "name": "Reader 10"}},
             {"type": "love", "user_id": "alex-2", "user": {"id": "alex-2", "name": "Alex"}},
             {"type": "love", "user_id": "maya"},
             {"type": "haha", "user_id": "kim", "user": {"id": "kim", "name": "Kim"}},
             {"type": "haha", "user_id": "kim-2", "user": {"id": "kim-2", "name": "kim"}}
           ]},
          {"id": "4", "text": "Quoting the other Alex", "user": {"id": "alex-2", "name": "Alex"}, "created_at": "2026-03-09T09:01:00Z",
           "quoted_message_id": "1", "quoted_message": {"id": "1", "text": "First", "user": {"id": "alex-1", "name": "Alex"}}},
          {"id": "5", "text": "Pinned", "user": {"id": "bo", "name": "Bo"}, "created_at": "2026-03-09T09:02:00Z",
           "pinned": true, "pinned_by": {"id": "alex-2", "name": "Alex"}},
          {"id": "6", "text": "Mine", "user": {"id": "maya", "name": "Maya Okafor"}, "created_at": "2026-03-09T09:03:00Z"},
          {"id": "7", "text": "A card", "user": {"id": "bo", "name": "Bo"}, "created_at": "2026-03-09T09:04:00Z",
           "attachments": [{"type": "survey", "confirmed": true, "archived": false, "flags": [true, false]}]}
        ]}
        """

    /// Renders `json` in two passes, as the command line does (the index finds shared names and
    /// the names behind bare user ids).
    func render(
        _ format: OutputFormat, me: String? = "maya", locale: String = "en_US_POSIX", theme: Theme = .default,
        style: ANSIOptions.Style = .bubbles, json: String = transcript
    ) throws -> String {
        var options = RenderOptions(locale: Locale(identifier: locale), theme: theme.localized(for: Locale(identifier: locale)))
        options.ansi.width = 80
        options.currentUserID = me
        options.ansi.style = style
        var first = TranscriptReader(bytes: Array(json.utf8))
        let index = try TranscriptIndex(reading: &first)
        var reader = TranscriptReader(bytes: Array(json.utf8))
        var backend = format.makeBackend(output: "", options: options)
        _ = try TranscriptRenderer(options: options).render(&reader, index: index, to: &backend)
        return backend.output
    }

    // MARK: Reactions

    /// Who reacted is no tooltip only: the pill is a `<summary>` a keyboard reaches and opens,
    /// named with the names for a screen reader, its `<details>` holding them for the eye.
    @Test func reactionPillsSayWhoReactedToEveryReader() throws {
        let html = try render(.html)
        // Ten names at most, then how many more `reaction_groups` counts.
        let readers = (0..<10).map { "Reader \($0)" }.joined(separator: ", ")
        #expect(
            html.contains(
                #"<details class="sb-reactors"><summary class="sb-badge sb-reaction" title="\#(readers) and 4 others" aria-label="👍 14: \#(readers) and 4 others">👍 14</summary><span class="sb-reactors-list">\#(readers) and 4 others</span></details>"#
            ), "\(html)")
        // The reader first, as "You", named from the index though the reaction gives only the id;
        // one more counted than named.
        #expect(
            html.contains(
                #"<summary class="sb-badge sb-own-reaction" title="You, Alex (alex-2) and 1 other" aria-label="❤️ 3 ✓: You, Alex (alex-2) and 1 other">❤️ 3 ✓</summary>"#
            ))
        // Two people of one name in the list are told apart by id, though neither wrote.
        #expect(html.contains(#"aria-label="😂 2: Kim (kim) and kim (kim-2)">😂 2</summary>"#))
        // Nobody named: a plain pill, with nothing to open.
        #expect(html.contains(#"<span class="sb-badge sb-reaction">😮 1</span>"#))
        #expect(!html.contains("<summary class=\"sb-badge sb-reaction\" title=\"\""))
    }

    /// The names and the theme's separator go into the pill's title, its name and its list
    /// escaped, each place alike, so that neither a reactor nor a theme can open an element or
    /// leave an attribute.
    @Test func reactionPillsEscapeNamesAndTheSeparator() throws {
        let json = #"""
            {"messages": [{"id": "m", "text": "Hi", "user": {"id": "a", "name": "A"}, "created_at": "2026-03-09T09:00:00Z",
              "reaction_groups": {"like": {"count": 2}},
              "latest_reactions": [
                {"type": "like", "user": {"id": "x", "name": "<b>\"X\"</b>"}},
                {"type": "like", "user": {"id": "y", "name": "Y & 'Z'"}}]}]}
            """#
        var theme = Theme.default
        theme.strings[.labelSeparator] = #"" <i>: "#
        let html = try render(.html, me: nil, theme: theme, json: json)
        let names = "&lt;b&gt;&quot;X&quot;&lt;/b&gt; and Y &amp; &#39;Z&#39;"
        #expect(
            html.contains(
                #"<summary class="sb-badge sb-reaction" title="\#(names)" aria-label="👍 2&quot; &lt;i&gt;: \#(names)">👍 2</summary><span class="sb-reactors-list">\#(names)</span></details>"#
            ), "\(html)")
        #expect(!html.contains("<b>") && !html.contains("<i>"))
    }

    /// Print writes the names after each pill (a closed `<details>` prints only its summary).
    @Test func reactionNamesArePrinted() {
        let css = Stylesheet(theme: .default).css
        let print = css[css.range(of: "@media print{")!.lowerBound...]
        #expect(print.contains(#".sb-reactors>summary[title]::after{content:": " attr(title)}"#))
        #expect(print.contains(".sb-reactors-list{display:none}"))
    }

    /// The printed names follow the language's separator (French puts a no-break space before
    /// the colon); a theme's separator can never end the style sheet.
    @Test func printedNamesFollowTheLabelSeparator() {
        var theme = Theme.default
        theme.strings[.labelSeparator] = "\u{A0}: "
        #expect(Stylesheet(theme: theme).css.contains(#".sb-reactors>summary[title]::after{content:"\a0 : " attr(title)}"#))
        theme.strings[.labelSeparator] = "\"</style><script>\\\n"
        let css = Stylesheet(theme: theme).css
        #expect(css.contains(#"content:"\22 \3c /style\3e \3c script\3e \5c \a " attr(title)"#), "\(css.suffix(300))")
        #expect(!css.contains("</style>") && !css.contains("<script"))
    }

    @Test func reactionPillsAreReadable() throws {
        let css = Stylesheet(theme: .default).css
        // The theme's footnote size (13 px), not the 11 px caption of a badge.
        #expect(
            css.contains(
                ".sb-reaction{color:var(--sb-text-low-emphasis);font-family:var(--sb-font-footnote-family);font-size:var(--sb-font-footnote-size)"
            ))
        #expect(
            css.contains(
                ".sb-own-reaction{color:var(--sb-accent-primary);font-family:var(--sb-font-footnote-family);font-size:var(--sb-font-footnote-size)"
            ))
        #expect((Theme.default.fonts["footnote"]?.size ?? 0) >= 13)
    }

    /// Text outputs have no hover: the pills show counts only, and no list of names crowds the
    /// footer of every message.
    @Test(arguments: [OutputFormat.ansi, .markdown])
    func textOutputsShowCountsWithoutNames(format: OutputFormat) throws {
        for style in [ANSIOptions.Style.bubbles, .compact] where format == .ansi || style == .bubbles {
            let output = try render(format, style: style)
            #expect(output.contains("👍 14"), "\(format) \(style)")
            #expect(!output.contains("Reader 0"), "\(format) \(style)")
            #expect(!output.contains("and 4 others"), "\(format) \(style)")
        }
    }

    // MARK: Pinned messages

    @Test func pinnedMessagesTakeTheThemesPinnedBackground() throws {
        let html = try render(.html)
        #expect(html.contains(#"<article class="sb-message sb-bubble sb-pinned" id="m-5""#))
        #expect(!html.contains(#"sb-pinned" id="m-4""#))
        #expect(html.contains(".sb-message.sb-pinned{background:var(--sb-pinned-message-background)}"))
        // A theme that sets no such colour keeps its bubble colour.
        var theme = Theme.default
        theme.colors["pinnedMessageBackground"] = nil
        theme.darkColors["pinnedMessageBackground"] = nil
        #expect(Stylesheet(theme: theme).css.contains(".sb-message.sb-pinned{background:var(--sb-background8)}"))
    }

    // MARK: The reader's own bubbles

    @Test func ownBubblesInHTMLHaveNoAvatarAndNoVisibleAuthor() throws {
        let html = try render(.html)
        let own = try #require(html.range(of: #"<article class="sb-message sb-own-bubble" id="m-6""#))
        let article = html[own.lowerBound...].prefix { $0 != "\n" }
        #expect(!article.contains("sb-avatar"), "\(article)")
        // The tooltip names the reader, with the id, above the moment.
        #expect(article.contains(#"title="You (maya)&#10;Monday, Mar 9, 2026, 09:03:00 UTC">"#), "\(article)")
        // A screen reader still hears "You": the stylesheet hides the author line from the eye only.
        #expect(article.contains(#"<span class="sb-author">You</span>"#))
        #expect(html.contains(".sb-own-bubble>header,.sb-hidden-time{position:absolute;width:1px;height:1px;"))
        // Everyone else keeps avatar and name.
        #expect(html.contains(#"<span class="sb-author">Bo</span>"#))
    }

    @Test func ownBubblesInTheTerminalDropYouButCompactLinesKeepIt() throws {
        let bubbles = try render(.ansi)
        #expect(!bubbles.contains("You"), "\(bubbles)")
        let mine = try #require(bubbles.split(separator: "\n").first { $0.contains("│ Mine") })
        #expect(mine.hasPrefix("   "), "right-aligned: \(mine)")
        // One line per message has no right-hand side: the name says whose it is.
        #expect(try render(.ansi, style: .compact).contains("09:03 You: Mine"))
    }

    /// Markdown has no right-hand side either: the reader's messages keep "You".
    @Test func ownMessagesInMarkdownKeepTheirAuthor() throws {
        let markdown = try render(.markdown)
        #expect(markdown.contains("**You**\n\nMine"), "\(markdown)")
    }

    // MARK: Every message's time (item 5)

    @Test func everyMessageCarriesATimeElement() throws {
        let html = try render(.html)
        let articles = html.components(separatedBy: "<article ").dropFirst()
        #expect(articles.count == 7)
        for article in articles {
            #expect(article.contains("<time "), "\(article.prefix(80))")
        }
        // The first two of the group show no time but carry it, visually hidden, with seconds in
        // the datetime.
        #expect(html.contains(#"<time class="sb-hidden-time" datetime="2026-03-09T09:00:05Z">09:00</time></article>"#))
        #expect(html.contains(#"<time class="sb-hidden-time" datetime="2026-03-09T09:00:20Z">09:00</time></article>"#))
        #expect(!html.contains(#"<time class="sb-hidden-time" datetime="2026-03-09T09:00:40Z""#))
        #expect(html.components(separatedBy: "<time class=\"sb-hidden-time\"").count - 1 == 2)
    }

    // MARK: Language (item 9)

    @Test(arguments: [
        ("de_DE", "de-DE"), ("fr_FR", "fr-FR"), ("es", "es"), ("en_US_POSIX", "en-US"), ("zh_Hant_TW", "zh-Hant-TW"), ("C", "en"),
    ])
    func thePageIsInTheLocalesLanguage(locale: String, tag: String) throws {
        #expect(DocumentInfo.languageTag(for: Locale(identifier: locale)) == tag)
        #expect(try render(.html, locale: locale).contains("<html lang=\"\(tag)\">"))
    }

    @Test(arguments: [OutputFormat.html, .ansi, .markdown])
    func yesAndNoAreLabelsInTheReadersLanguage(format: OutputFormat) throws {
        let english = try render(format)
        #expect(english.contains("yes") && english.contains("no"), "\(format)")
        let german = try render(format, locale: "de_DE")
        #expect(german.contains("ja") && german.contains("nein"), "\(format)")
        #expect(german.contains("ja, nein"), "\(format): a one-line list")
        #expect(try render(format, locale: "fr_FR").contains("oui, non"), "\(format)")
        #expect(try render(format, locale: "es_ES").contains("sí, no"), "\(format)")
    }

    /// French puts a no-break space before a colon; the theme's label separator carries it to
    /// every label and its value (a card's field, a compact line's author, an alternative text).
    @Test(arguments: [OutputFormat.html, .ansi, .markdown])
    func frenchSpacesTheColonBetweenALabelAndItsValue(format: OutputFormat) throws {
        let json = """
            {"channel": {"id": "c"}, "messages": [{"id": "m1", "text": "Voir la vidéo", "user": {"id": "bo", "name": "Bo"},
             "created_at": "2026-03-09T09:00:00Z", "attachments": [
              {"type": "video", "title": "Tour.mp4", "asset_url": "https://v.example/t.mp4", "thumb_url": "https://v.example/t.jpg"},
              {"type": "contact", "name": "Ada", "phone_number": "+44 1"}]}]}
            """
        let french = try render(format, locale: "fr_FR", json: json)
        #expect(french.contains("Vidéo\u{A0}: Tour.mp4"), "\(format)")
        let english = try render(format, json: json)
        #expect(english.contains("Video: Tour.mp4"), "\(format)")
        if format != .html {
            #expect(french.contains("Téléphone\u{A0}:") || french.contains("Téléphone**\u{A0}:"), "\(format)")
            #expect(!french.contains("Téléphone:") && !french.contains("Téléphone**:"), "\(format)")
            let compact = try render(format, locale: "fr_FR", style: .compact, json: json)
            #expect(format != .ansi || compact.contains("Bo\u{A0}: "), "the compact line's author")
        }
    }

    // MARK: Shared names (item 7)

    @Test(arguments: [OutputFormat.html, .ansi, .markdown])
    func quotesAndPinsShowTheUserIDBesideASharedName(format: OutputFormat) throws {
        let output = try render(format)
        #expect(output.contains("Pinned by Alex (alex-2)"), "\(format)")
        // The quote, between the reply's author and its text, names the quoted author with the id.
        let text = try #require(output.range(of: "Quoting the other Alex"), "\(format)")
        let author = try #require(output[..<text.lowerBound].range(of: "Alex (alex-2)", options: .backwards), "\(format)")
        #expect(output[author.upperBound..<text.lowerBound].contains("Alex (alex-1)"), "\(format)")
        // A name nobody shares stays bare (HTML's author tooltip always holds the id).
        #expect(!output.replacingOccurrences(of: #"<header title="Bo (bo)">"#, with: "").contains("Bo (bo)"), "\(format)")
    }

    // MARK: The plain theme

    @Test func thePlainThemeFollowsTheReadersColourScheme() throws {
        let plain = try #require(Theme.builtIn(named: "plain"))
        #expect(Stylesheet(theme: plain).css.hasPrefix(":root{color-scheme:light dark;"))
        // A theme that sets only its text colour needs the scheme that text reads in.
        var darkText = plain
        darkText.colors["text"] = ThemeColor(parsing: "#222222")
        #expect(Stylesheet(theme: darkText).css.hasPrefix(":root{color-scheme:light;"))
        var lightText = plain
        lightText.colors["text"] = ThemeColor(parsing: "#eeeeee")
        #expect(Stylesheet(theme: lightText).css.hasPrefix(":root{color-scheme:dark;"))
    }
}
