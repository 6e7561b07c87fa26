import Foundation
import TestSupport
import Testing

@testable import Scrollback

@Suite("HTML backend")
struct HTMLBackendTests {
    // MARK: Helpers

    static let paris = TimeZone(identifier: "Europe/Paris")!

    static func date(_ text: String) -> Date { RFC3339.parse(text)! }

    /// A whole document around `views`.
    static func document(_ views: [ViewNode], title: String = "general", theme: Theme = .default) -> String {
        let options = RenderOptions(timeZone: paris, theme: theme)
        var backend = HTMLBackend(output: "", options: options)
        backend.begin(DocumentInfo(title: title), options: options)
        for view in views { backend.write(view) }
        backend.end(
            DocumentSummary(
                messageCount: views.count, firstDate: date("2025-11-28T08:12:00Z"),
                lastDate: date("2025-11-29T17:40:00Z"), timeZoneIdentifier: "Europe/Paris",
                generator: "Scrollback \(ScrollbackVersion.current)"), options: options)
        return backend.output
    }

    /// Only what `write` produces for one view.
    static func fragment(_ view: ViewNode) -> String {
        var backend = HTMLBackend(output: "", options: RenderOptions(timeZone: paris))
        backend.write(view)
        return backend.output.trimmingCharacters(in: .newlines)
    }

    /// The start tags of a document. Every `<` that came from data is escaped, so each `<` in
    /// the output opens real markup, and each tag ends at the first `>` (escaped in values).
    static func startTags(_ html: String) -> [(name: String, attributes: [(name: String, value: String)])] {
        var tags: [(String, [(String, String)])] = []
        let body = html.components(separatedBy: "<style>").last.flatMap { $0.components(separatedBy: "</style>").last } ?? html
        for piece in body.split(separator: "<", omittingEmptySubsequences: true).dropFirst(body.hasPrefix("<") ? 0 : 1) {
            guard let end = piece.firstIndex(of: ">") else { continue }
            let tag = piece[..<end]
            if tag.hasPrefix("/") || tag.hasPrefix("!") { continue }
            var rest = Substring(tag)
            let name = String(rest.prefix { !$0.isWhitespace }).lowercased()
            rest = rest.dropFirst(name.count)
            var attributes: [(String, String)] = []
            while true {
                rest = rest.drop { $0.isWhitespace }
                guard !rest.isEmpty else { break }
                let attributeName = String(rest.prefix { $0 != "=" && !$0.isWhitespace })
                rest = rest.dropFirst(attributeName.count)
                var value = ""
                if rest.first == "=" {
                    rest = rest.dropFirst()
                    if rest.first == "\"" {
                        rest = rest.dropFirst()
                        value = String(rest.prefix { $0 != "\"" })
                        rest = rest.dropFirst(value.count + 1)
                    } else {
                        // An unquoted value: the backend never writes one.
                        value = String(rest.prefix { !$0.isWhitespace })
                        rest = rest.dropFirst(value.count)
                        attributes.append(("!unquoted:" + attributeName, value))
                        continue
                    }
                }
                attributes.append((attributeName.lowercased(), value))
            }
            tags.append((name, attributes))
        }
        return tags
    }

    /// Asserts that nothing in `html` can run script or load what the messages did not name;
    /// `mediaFolder` allows an offline archive's copies there (`media/3f2a.png`).
    static func expectInert(_ html: String, mediaFolder: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!html.lowercased().contains("<script"), sourceLocation: sourceLocation)
        for tag in startTags(html) {
            #expect(
                !["script", "iframe", "object", "embed", "form", "base", "link", "svg", "math"].contains(tag.name),
                "unexpected <\(tag.name)>", sourceLocation: sourceLocation)
            for attribute in tag.attributes {
                #expect(
                    !attribute.name.hasPrefix("on"), "event handler \(attribute.name) on <\(tag.name)>",
                    sourceLocation: sourceLocation)
                #expect(!attribute.name.hasPrefix("!unquoted"), "unquoted attribute", sourceLocation: sourceLocation)
                #expect(attribute.name != "style", "style attribute", sourceLocation: sourceLocation)
                if ["href", "src", "srcset", "action", "formaction", "poster", "background"].contains(attribute.name) {
                    let value = attribute.value.replacingOccurrences(of: "&amp;", with: "&")
                    let allowed =
                        value.hasPrefix("#") || ["https:", "http:", "mailto:", "tel:"].contains { value.lowercased().hasPrefix($0) }
                        || mediaFolder.map { value.hasPrefix($0 + "/") && URLPolicy.isMediaPath(value) } == true
                    #expect(allowed, "URL \(attribute.value) in <\(tag.name)>", sourceLocation: sourceLocation)
                }
            }
        }
    }

    static let hostileStrings = [
        "<script>alert(1)</script>",
        "\"><script>alert(1)</script>",
        "\" onmouseover=\"alert(1)",
        "' onfocus='alert(1)' autofocus '",
        "<img src=x onerror=alert(1)>",
        "</style><script>alert(1)</script>",
        "<!-- --><svg onload=alert(1)>",
        "javascript:alert(1)",
        "JaVaScRiPt:alert(1)",
        "java&#x09;script:alert(1)",
        "&#106;avascript:alert(1)",
        "  \u{1}javascript:alert(1)",
        "data:text/html,<script>alert(1)</script>",
        "vbscript:msgbox(1)",
        "\u{0}\u{1B}[2J\u{85}",
        "https://ok.example/\" onerror=\"alert(1)",
    ]

    static let frame = MessageFrame(
        id: "msg 1/\"x\"", role: .bubble,
        header: [.text("Ada", .author)],
        body: [.markdown(MarkdownDocument(blocks: [.paragraph([.text("Hello "), .strong([.text("world")])])]))],
        footer: [.time(date("2025-11-28T08:12:00Z"), label: "09:12")],
        authorName: "Ada", date: date("2025-11-28T08:12:00Z"))

    // MARK: Document

    @Test func headHasPolicyAndNoScript() {
        let html = Self.document([])
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(html.contains("<meta charset=\"utf-8\">"))
        #expect(html.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
        #expect(
            html.contains(
                #"<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src https: http:; media-src 'none'; base-uri 'none'; form-action 'none'">"#
            ))
        #expect(html.contains("<meta name=\"referrer\" content=\"no-referrer\">"))
        #expect(html.contains("<title>general</title>"))
        #expect(html.contains("<header class=\"sb-channel\"><h1 class=\"sb-title\">general</h1></header>\n<main>"))
        #expect(html.hasSuffix("</footer>\n</body>\n</html>\n"))
        #expect(!html.contains("<script"))
        #expect(!html.contains("<link"))
        #expect(!html.contains("@import"))
        #expect(!html.contains("url("))
        // No web font: the one face is the reader's own colour emoji font (`local()`).
        #expect(!html.replacingOccurrences(of: Stylesheet.colorEmojiFace, with: "").contains("@font-face"))
        Self.expectInert(html)
    }

    @Test func titleAndLanguageAreEscaped() {
        var backend = HTMLBackend(output: "", options: .default)
        backend.begin(DocumentInfo(title: "</title><script>alert(1)</script> & \"co\"", language: "en\" onload=\"x"))
        let html = backend.output
        #expect(html.contains("<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;co&quot;</title>"))
        #expect(html.contains("<html lang=\"enonloadx\">"))
        #expect(!html.contains("<script"))
        #expect(HTMLBackend<String>.languageTag("") == "en")
    }

    @Test func emptyTitleFallsBack() {
        #expect(Self.document([], title: "  ").contains("<title>Chat transcript</title>"))
    }

    @Test func summaryFooter() {
        let html = Self.document([.message(Self.frame)])
        // The default footer view, in the page's footer: a row of muted parts.
        let footer: String =
            "</main>\n<footer class=\"sb-summary\"><div class=\"sb-row sb-document-summary\">"
            + "<span class=\"sb-muted\">1 message</span><span class=\"sb-muted\">·</span>"
            + "<time datetime=\"2025-11-28T08:12:00Z\" title=\"Friday, Nov 28, 2025, 09:12:00 UTC+01:00\">2025-11-28 09:12</time>"
            + "<span class=\"sb-muted\">–</span>"
            + "<time datetime=\"2025-11-29T17:40:00Z\" title=\"Saturday, Nov 29, 2025, 18:40:00 UTC+01:00\">2025-11-29 18:40</time>"
            + "<span class=\"sb-muted\">Europe/Paris</span><span class=\"sb-muted\">·</span>"
            + "<span class=\"sb-muted\">Scrollback 0.1.0</span></div></footer>\n</body>\n</html>\n"
        #expect(html.hasSuffix(footer))
    }

    @Test func summaryWithoutDates() {
        var backend = HTMLBackend(output: "", options: .default)
        backend.end(DocumentSummary(messageCount: 0, firstDate: nil, lastDate: nil, timeZoneIdentifier: "", generator: ""))
        let counts: String =
            "<span class=\"sb-muted\">0 messages</span><span class=\"sb-muted\">·</span>"
            + "<span class=\"sb-muted\">\(RenderOptions.default.timeZone.identifier)</span>"
        #expect(backend.output.contains(counts))
        #expect(backend.output.contains("Scrollback \(ScrollbackVersion.current)"))
    }

    @Test func onlyOneH1() {
        let html = Self.document([
            .heading(level: 1, "Channel again"), .heading(level: 3, "Thread"), .heading(level: 9, "Deep"),
            .markdown(MarkdownDocument(blocks: [.heading(level: 1, [.text("Big")]), .heading(level: 2, [.text("Medium")])])),
        ])
        #expect(html.components(separatedBy: "<h1").count == 2)
        #expect(html.contains("<h2>Channel again</h2>"))
        #expect(html.contains("<h3>Thread</h3>"))
        #expect(html.contains("<h6>Deep</h6>"))
        #expect(html.contains("<p class=\"sb-heading sb-heading-1\">Big</p>"))
        #expect(html.contains("<p class=\"sb-heading sb-heading-2\">Medium</p>"))
    }

    // MARK: Stylesheet

    /// Each document of a run gets the stylesheet made once, and a document in another theme its
    /// own: themes taking turns never get one another's.
    @Test func aKeptStylesheetIsTheThemesOwn() throws {
        var themes: [Theme] = []
        for name in Theme.builtInNames { themes.append(try #require(Theme.builtIn(named: name))) }
        var renamed = themes[0]
        renamed.colors["text"] = renamed.colors["background"]
        themes.append(renamed)
        for theme in themes + themes.reversed() + themes {
            #expect(Stylesheet.css(for: theme) == Stylesheet(theme: theme).css, "\(theme.name)")
        }
    }

    @Test func stylesheetComesFromTheTheme() {
        let css = Stylesheet(theme: .default).css
        #expect(css.contains("--sb-text:#000000;"))
        #expect(css.contains("--sb-background6:#e0f0ff;"))
        #expect(css.contains("--sb-background8:#f2f3f5;"))
        #expect(css.contains("--sb-text-low-emphasis:#5d6066;"))
        #expect(css.contains("--sb-font-body-size:15px;"))
        #expect(css.contains("--sb-radius:18px;"))
        #expect(css.contains("--sb-max-width:760px;"))
        #expect(css.contains("@media (prefers-color-scheme:dark){:root{"))
        #expect(css.contains("--sb-text:#ffffff;"))
        #expect(css.contains(".sb-mention{color:var(--sb-mention);background:var(--sb-mention-background);"))
        #expect(css.contains(".sb-own-bubble{align-self:flex-end;background:var(--sb-background6)}"))
        #expect(css.contains(".sb-message{") && css.contains("background:var(--sb-background8)"))
        #expect(css.contains("@media print"))
        #expect(css.contains("prefers-reduced-motion"))
        #expect(css.contains(".sb-message:target"))
        #expect(css.contains("a:focus-visible"))
        #expect(css.contains("overflow-wrap:anywhere"))
        #expect(css.contains("pre{max-width:100%;overflow-x:auto"))
        #expect(css.contains("max-width:var(--sb-max-width)"))
    }

    /// The `@media print{…}` block of a stylesheet.
    static func printBlock(_ css: String) throws -> Substring {
        let start = try #require(css.range(of: "@media print{"))
        var depth = 1
        var index = start.upperBound
        while depth > 0, index < css.endIndex {
            if css[index] == "{" { depth += 1 } else if css[index] == "}" { depth -= 1 }
            index = css.index(after: index)
        }
        return css[start.lowerBound..<index]
    }

    @Test func printTakesBackTheLightColours() throws {
        let theme = Theme.default
        let css = Stylesheet(theme: theme).css
        let print = try Self.printBlock(css)
        // After the dark block, so a dark-mode print gets the light values back.
        #expect(css.range(of: "@media (prefers-color-scheme:dark)")!.lowerBound < print.startIndex)
        #expect(print.hasPrefix("@media print{:root{color-scheme:light;"))
        #expect(!theme.darkColors.isEmpty)
        for name in theme.darkColors.keys {
            let id = HTMLEscaping.identifier(name, fallback: "color")
            let light = try #require(theme.colors[name]).rgbValue!.hex
            #expect(print.contains("--sb-\(id):\(light);"), "print keeps the dark \(name)")
        }
        #expect(print.contains("--sb-text:#000000;"))
        #expect(!print.contains("--sb-text:#ffffff;"))
        // A light theme keeps its own text colours; no blanket override.
        #expect(!print.contains("CanvasText!important"))
    }

    @Test func printOfADarkOnlyThemeIsDarkOnWhite() throws {
        var theme = Theme.default
        theme.darkColors = [:]
        theme.colors["background"] = ThemeColor(parsing: "#101418")
        theme.colors["text"] = ThemeColor(parsing: "#e8e8e8")
        let print = try Self.printBlock(Stylesheet(theme: theme).css)
        #expect(print.contains("color-scheme:light"))
        #expect(print.contains("*{color:CanvasText!important}"))
        #expect(print.contains("background:none!important"))
    }

    @Test func printDrawsInitialsDarkWithAFrame() throws {
        let print = try Self.printBlock(Stylesheet(theme: .default).css)
        // Backgrounds are dropped on paper, so the initials (white on the avatar colour on
        // screen) must take the text colour and a border to stay visible.
        #expect(print.contains(".sb-avatar{color:var(--sb-text);border:1px solid var(--sb-border)}"))
    }

    /// An image's, a video's or a link preview's picture prints its address under its card, as a
    /// file's link does; a label that is the address already, or a page of this set, does not.
    @Test func printWritesMediaTargetsUnderTheirCards() throws {
        let print = try Self.printBlock(Stylesheet(theme: .default).css)
        #expect(print.contains("a.sb-image.sb-print-target::after{display:block;padding:2px 4px;content:attr(href)}"))
        let video = Self.fragment(
            .image(
                ViewNode.ImageContent(
                    source: "https://cdn.example/v.mp4", thumbnail: "https://cdn.example/v.jpg", alt: "Clip", playable: true)))
        #expect(video.hasPrefix("<a class=\"sb-image sb-image-frame sb-print-target\" href=\"https://cdn.example/v.mp4\""))
        // A copy beside the page (`--media-dir`): its relative path says nothing on paper.
        #expect(HTMLMarkdownRenderer.labelShowsURL("Photo", url: "media/0a1b.jpg"))
    }

    /// A wide table prints whole: no scroll box, cells that wrap anywhere in columns that share
    /// the page, and a bubble as wide as the page around it.
    @Test func printWrapsWideTables() throws {
        let print = try Self.printBlock(Stylesheet(theme: .default).css)
        #expect(print.contains(".sb-table{overflow:visible}"))
        #expect(print.contains(".sb-table table{width:100%;table-layout:fixed;font-size:.9em}"))
        #expect(print.contains(".sb-table th,.sb-table td{overflow-wrap:anywhere}"))
        #expect(print.contains(".sb-message:has(.sb-table){max-width:100%}"))
    }

    /// Every font list but the jumbo emoji's (which names its own) starts with the emoji-only
    /// face and ends with the colour emoji fonts: `system-ui` on Linux draws smileys in outline.
    @Test func fontStacksDrawEmojiInColour() {
        let css = Stylesheet(theme: .default).css
        #expect(css.contains("}\n" + Stylesheet.colorEmojiFace))
        #expect(Stylesheet.colorEmojiFace.contains(#"local("Noto Color Emoji")"#))
        // The face must not take a digit, `#` or `*` (keycap bases) from the text font.
        #expect(!Stylesheet.colorEmojiFace.contains("U+0") && !Stylesheet.colorEmojiFace.contains("U+2-"))
        #expect(css.contains(#"--sb-font-body-family:"sb-color-emoji",system-ui,"#))
        #expect(css.contains(#"sans-serif,"Apple Color Emoji","Segoe UI Emoji","Noto Color Emoji","Twemoji Mozilla";--sb-font-body-size"#))
        #expect(css.contains(#"--sb-font-emoji-family:"Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji", sans-serif;"#))
        #expect(Stylesheet.withColorEmoji("Twemoji, serif") == "Twemoji, serif")
    }

    @Test func printWritesLinkTargetsAfterTheirLabels() throws {
        let print = try Self.printBlock(Stylesheet(theme: .default).css)
        #expect(print.contains("a.sb-print-target::after{content:\" (\" attr(href) \")\""))
        let named = Self.fragment(.markdown(CommonMark.parse("See [the docs](https://example.com/docs) now")))
        #expect(named.contains("<a class=\"sb-print-target\" href=\"https://example.com/docs\""))
        let auto = Self.fragment(.markdown(CommonMark.parse("See <https://example.com/docs> and www.example.com/")))
        #expect(auto.contains("<a href=\"https://example.com/docs\""))
        #expect(!auto.contains("sb-print-target"))
        let view = Self.fragment(.link(destination: "https://example.com/a%20b", label: .text("Report")))
        #expect(view.hasPrefix("<a class=\"sb-print-target\" href="))
        let bare = Self.fragment(.link(destination: "https://example.com/a", label: .text("HTTPS://Example.com/a/")))
        #expect(bare.hasPrefix("<a href="))
        #expect(HTMLMarkdownRenderer.labelShowsURL("example.com/a b", url: "https://example.com/a%20b"))
        #expect(HTMLMarkdownRenderer.labelShowsURL("ann@example.com", url: "mailto:ann@example.com"))
        #expect(HTMLMarkdownRenderer.labelShowsURL("+44 17687 72645", url: "tel:+441768772645"))
        #expect(HTMLMarkdownRenderer.labelShowsURL("Next page →", url: "chat-002.html"))
        #expect(!HTMLMarkdownRenderer.labelShowsURL("", url: "https://example.com"))
        #expect(!HTMLMarkdownRenderer.labelShowsURL("example.org", url: "https://example.com"))
        // ASCII labels and URLs are compared byte by byte: the same answers as character by character.
        let labels = [
            " \tWWW.Example.COM// \n", "example.com/docs", "+44 (0) 17687-72645.", "+44 17687 72646", "tel:12", "ann@example.com",
            "example.com/a", "https://", "www.", "", " ", "Report", "HTTPS://EXAMPLE.COM/A/",
        ]
        let urls = [
            "https://www.example.com/", "HTTP://example.com/docs///", "tel:+44017687.72645", "tel:+441768772645", "tel:12",
            "mailto:ANN@example.com", "https://example.com/a%2F", "https://", "https://www.", "https://example.com/a",
        ]
        for label in labels {
            for url in urls {
                let ascii = HTMLMarkdownRenderer.asciiLabelShowsURL(label, url: url)
                #expect(ascii == nil || ascii == HTMLMarkdownRenderer.unicodeLabelShowsURL(label, url: url), "\(label) for \(url)")
            }
        }
        #expect(HTMLMarkdownRenderer.asciiLabelShowsURL("+44 (0) 17687-72645.", url: "tel:+44017687.72645") == true)
        #expect(HTMLMarkdownRenderer.asciiLabelShowsURL("a", url: "https://a%2F") == nil)
        #expect(HTMLMarkdownRenderer.asciiLabelShowsURL("é", url: "https://a") == nil)
    }

    @Test func stylesheetHoldsNoColourOutsideItsProperties() throws {
        let css = Stylesheet(theme: .default).css
        let literal = try Regex("#[0-9a-fA-F]{3,8}\\b")
        for match in css.matches(of: literal) {
            let before = css[css.startIndex..<match.range.lowerBound].suffix(60)
            let declaration = before.split(separator: ";").last.map { $0.split(separator: "{").last ?? $0 } ?? ""
            #expect(declaration.hasPrefix("--sb-"), "colour literal outside a custom property: \(declaration)\(css[match.range])")
        }
        let namedColour = try Regex(
            "(?i)\\b(rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\\(|[:\\s](white|black|gr[ae]y|red|blue|silver)\\b(?!-)")
        #expect(css.firstMatch(of: namedColour) == nil, "colour literal in the stylesheet")
    }

    @Test func everyStyledRoleHasAClass() {
        let css = Stylesheet(theme: .default).css
        for role in Theme.default.styles.keys where role != .body {
            #expect(css.contains(".\(HTMLEscaping.className(for: role)){color:"), "no class for \(role)")
        }
        #expect(css.contains(".sb-system{color:var(--sb-text-low-emphasis);"))
        #expect(css.contains("font-style:italic"))
    }

    @Test func hostileThemeCannotLeaveTheStyleElement() {
        var theme = Theme.default
        theme.colors["x}</style><script>alert(1)</script>"] = .rgb(Theme.RGBColor(red: 1, green: 2, blue: 3))
        theme.fonts["body"] = Theme.Font(family: "Evil\"; } </style><script>alert(1)</script> {", size: .infinity)
        theme.styles[Role(rawValue: "a{}</style><script>")] = Theme.TextStyle(color: "nope", font: "nope")
        let html = Self.document([], theme: theme)
        #expect(!html.contains("<script"))
        #expect(html.components(separatedBy: "</style>").count == 2)
        #expect(html.contains("--sb-font-body-size:0;"))
        #expect(Stylesheet.fontFamily("Evil\"; }") == "Evil")
        #expect(Stylesheet.fontFamily("\"Segoe UI\", sans-serif") == "\"Segoe UI\", sans-serif")
        // Of ASCII, letters, digits and " ,-._ are kept (one quote is unbalanced, so dropped);
        // past ASCII, letters only.
        let ascii = String(decoding: (0x01...0x7F).map { UInt8($0) }, as: UTF8.self)
        #expect(Stylesheet.fontFamily(ascii) == ",-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz")
        #expect(Stylesheet.fontFamily("Noto Sans 日本語 — ©Ω") == "Noto Sans 日本語  Ω")
        // The rule said in scalars, against strings drawn from all kinds of them.
        func reference(_ family: String) -> String {
            var kept = family.unicodeScalars.filter { scalar in
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || " ,-._\"".unicodeScalars.contains(scalar)
            }
            if kept.count(where: { $0 == "\"" }) % 2 != 0 { kept.removeAll { $0 == "\"" } }
            let result = String(String.UnicodeScalarView(kept)).trimmingCharacters(in: .whitespaces)
            return result.isEmpty ? "sans-serif" : result
        }
        let pool = Array(" \t\"\",-._;:{}<>/\\aZ09é日Ωß\u{00A0}\u{2003}\u{0301}\u{0345}😀\u{FEFF}".unicodeScalars)
        var random = XorShift(seed: 0xF0_17)
        for _ in 0..<2_000 {
            let family = String(String.UnicodeScalarView((0..<random.next(13)).map { _ in pool[random.next(pool.count)] }))
            #expect(Stylesheet.fontFamily(family) == reference(family), "\(family.debugDescription)")
        }
        #expect(Stylesheet.pixels(13.5) == "13.5px")
        #expect(Stylesheet.pixels(-3) == "0")
    }

    // MARK: Views

    @Test func messageFrame() {
        let html = Self.fragment(.message(Self.frame))
        #expect(
            html.hasPrefix(
                "<article class=\"sb-message sb-bubble\" id=\"m_msg%201/&quot;x&quot;\" aria-label=\"Ada, 2025-11-28 09:12\""
                    + " title=\"Friday, Nov 28, 2025, 09:12:00 UTC+01:00\">"))
        #expect(html.contains("<header><span class=\"sb-author\">Ada</span></header>"))
        #expect(html.contains("<div class=\"sb-body\"><p>Hello <strong>world</strong></p></div>"))
        #expect(
            html.contains(
                "<footer><time datetime=\"2025-11-28T08:12:00Z\" title=\"Friday, Nov 28, 2025, 09:12:00 UTC+01:00\">09:12</time></footer>"))
        #expect(html.hasSuffix("</article>"))
    }

    @Test func ownAndSystemMessagesCarryTheirRole() {
        var own = Self.frame
        own.role = .ownBubble
        own.header = []
        own.footer = []
        own.authorName = "Ada \"<b>\""
        own.date = nil
        let html = Self.fragment(.message(own))
        #expect(
            html.hasPrefix(
                "<article class=\"sb-message sb-own-bubble\" id=\"m_msg%201/&quot;x&quot;\" aria-label=\"Ada &quot;&lt;b&gt;&quot;\"><div class=\"sb-body\">"
            ))
        #expect(!html.contains("<header>"))
        #expect(!html.contains("<footer>"))
        #expect(
            Self.fragment(.message(MessageFrame(id: "s", role: .system)))
                == "<article class=\"sb-message sb-system\" id=\"m-s\"><div class=\"sb-body\"></div></article>")
    }

    @Test func textRuns() {
        #expect(Self.fragment(.text("a < b")) == "a &lt; b")
        #expect(Self.fragment(.text("note", .muted)) == "<span class=\"sb-muted\">note</span>")
        #expect(Self.fragment(.text("x", Role(rawValue: "Odd Role\""))) == "<span class=\"sb-oddrole\">x</span>")
    }

    @Test func stacksAndCards() {
        #expect(Self.fragment(.stack(.vertical, [.text("a"), .text("b")])) == "<div class=\"sb-stack sb-plain\">ab</div>")
        #expect(
            Self.fragment(.stack(.horizontal, [.badge("GIF")], .attachment))
                == "<div class=\"sb-row sb-attachment\"><span class=\"sb-badge\">GIF</span></div>")
        #expect(
            Self.fragment(.card(.card, [.text("Ada", .title)]))
                == "<div class=\"sb-card sb-card\"><span class=\"sb-title\">Ada</span></div>")
    }

    @Test func linksPassThePolicy() {
        #expect(
            Self.fragment(.link(destination: "https://example.com/a?b=1&c=\"2\"&d=<b>", label: .text("site")))
                == "<a class=\"sb-print-target\" href=\"https://example.com/a?b=1&amp;c=&quot;2&quot;&amp;d=&lt;b&gt;\" "
                + "rel=\"noopener noreferrer nofollow\">site</a>"
        )
        // Trimmed: what surrounds a URL is not part of it.
        #expect(
            Self.fragment(.link(destination: "  mailto:ada@example.com ", label: .text("Ada"))).contains("href=\"mailto:ada@example.com\""))
        for hostile in [
            "javascript:alert(1)", "JaVaScRiPt:alert(1)", "java&#x09;script:alert(1)", "&#106;avascript:alert(1)",
            "  \u{1}javascript:alert(1)", "\njavascript:alert(1)", "java\tscript:alert(1)", "javascript&colon;alert(1)",
            "data:text/html,<script>alert(1)</script>", "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
            "vbscript:msgbox(1)", "file:///etc/passwd", "//evil.example/x", "relative/path", "",
        ] {
            #expect(Self.fragment(.link(destination: hostile, label: .text("click"))) == "click", "\(hostile)")
        }
    }

    @Test func nestedLinksAreFlattened() {
        let html = Self.fragment(
            .link(
                destination: "https://a.example",
                label: .stack(
                    .vertical,
                    [
                        .link(destination: "https://b.example", label: .text("inner")),
                        .markdown(
                            MarkdownDocument(blocks: [
                                .paragraph([.link(destination: "https://c.example", title: "", children: [.text("md")])])
                            ])),
                    ])))
        #expect(html.components(separatedBy: "<a ").count == 2)
        #expect(html.contains("inner") && html.contains("md"))
    }

    @Test func images() {
        let full = Self.fragment(
            .image(
                ViewNode.ImageContent(
                    source: "https://cdn.example/full.jpg", thumbnail: "https://cdn.example/thumb.jpg",
                    alt: "A cat", width: 640, height: 480)))
        // The card (the image's one label) first, the picture over it; the `<img>` has empty alt
        // text and no size, so that a picture that fails draws nothing over the card.
        #expect(
            full
                == "<a class=\"sb-image sb-image-frame sb-print-target\" href=\"https://cdn.example/full.jpg\" rel=\"noopener noreferrer nofollow\">"
                + "<span class=\"sb-image-placeholder\"><span class=\"sb-icon\" aria-hidden=\"true\">📷</span> <span class=\"sb-image-label\">A cat</span> "
                + "<span class=\"sb-image-details\">640 × 480</span></span>"
                + "<span class=\"sb-image-picture\"><img src=\"https://cdn.example/thumb.jpg\" alt=\"\" loading=\"lazy\" decoding=\"async\"></span></a>"
        )
        let noAlt = Self.fragment(.image(ViewNode.ImageContent(source: "https://cdn.example/x.png", alt: "  ")))
        #expect(noAlt.contains("<span class=\"sb-image-label\">Image</span>"))
        #expect(noAlt.contains("<img src=\"https://cdn.example/x.png\" alt=\"\" loading=\"lazy\" decoding=\"async\">"))
        let hostile = Self.fragment(
            .image(ViewNode.ImageContent(source: "javascript:alert(1)", thumbnail: "data:text/html,x", alt: "<b>pic</b>", width: -4)))
        #expect(hostile == "<span class=\"sb-image sb-image-missing\">&lt;b&gt;pic&lt;/b&gt;</span>")
        let thumbOnly = Self.fragment(.image(ViewNode.ImageContent(source: "vbscript:x", thumbnail: "https://cdn.example/t.png", alt: "t")))
        #expect(
            thumbOnly.hasPrefix("<a class=\"sb-image sb-image-frame sb-print-target\" href=\"https://cdn.example/t.png\""),
            "the thumbnail is what is left to open")
        #expect(thumbOnly.contains("<img src=\"https://cdn.example/t.png\" alt=\"\""))
    }

    /// An avatar's markup is made once and written again as it was; another picture, other
    /// initials or another colour make markup of their own.
    @Test func repeatedAvatarsWriteTheSameMarkup() {
        let avatar = ViewNode.AvatarContent(imageURL: "https://a.example/p.png?id=al&size=2", initials: "AL", colorIndex: 3)
        let others = [
            ViewNode.AvatarContent(imageURL: nil, initials: "AL", colorIndex: 3),
            ViewNode.AvatarContent(imageURL: avatar.imageURL, initials: "BO", colorIndex: 3),
            ViewNode.AvatarContent(imageURL: avatar.imageURL, initials: "AL", colorIndex: 4),
        ]
        var backend = HTMLBackend(output: "", options: RenderOptions(timeZone: Self.paris))
        for view in [avatar] + others + [avatar] { backend.write(.avatar(view)) }
        let written = backend.output.split(separator: "\n").map(String.init)
        #expect(written == ([avatar] + others + [avatar]).map { Self.fragment(.avatar($0)) })
        #expect(written[0].contains("p.png?id=al&amp;size=2"))
        #expect(Set(written).count == 4)
    }

    /// Missing media looks deliberate: initials stay under an avatar's picture, the channel's
    /// picture is a circle over its initials, and no `<img>` has a size of its own (a sized
    /// `<img>` that fails shows Chromium's broken-image icon over whatever is under it).
    @Test func picturesLieOverTheirFallbacks() throws {
        let avatar = ViewNode.AvatarContent(imageURL: "https://a.example/p.png", initials: "AL", colorIndex: 3)
        #expect(
            Self.fragment(.avatar(avatar))
                == "<span class=\"sb-avatar sb-avatar-3\" aria-hidden=\"true\">AL<img src=\"https://a.example/p.png\" alt=\"\" loading=\"lazy\" decoding=\"async\"></span>"
        )
        let refused = ViewNode.AvatarContent(imageURL: "javascript:x", initials: "AL", colorIndex: 3)
        #expect(Self.fragment(.avatar(refused)) == "<span class=\"sb-avatar sb-avatar-3\" aria-hidden=\"true\">AL</span>")

        let channelImage = ViewNode.image(
            ViewNode.ImageContent(source: "https://a.example/c.png", alt: "Field trip planning", width: 32, height: 32))
        let header = Self.fragment(.stack(.horizontal, [channelImage, .text("4 members", .muted)], .channelInfo))
        let circle = try #require(
            header.firstMatch(of: try Regex(#"<span class="sb-avatar sb-avatar-(\d+) sb-channel-image" aria-hidden="true">"#)))
        #expect(
            header[circle.range.upperBound...].hasPrefix(
                "FT<img src=\"https://a.example/c.png\" alt=\"\" loading=\"lazy\" decoding=\"async\"></span>"))
        // The same image anywhere else is a picture over its card.
        #expect(Self.fragment(channelImage).hasPrefix("<a class=\"sb-image sb-image-frame sb-print-target\""))

        // The attachments sample: every `<img>` has empty alt text and no size, and lies over a
        // card or initials.
        let page = try HTMLSecurityTests.render("attachments.json", remoteMedia: true)
        let images = Self.startTags(page).filter { $0.name == "img" }
        #expect(images.count > 10)
        for image in images {
            #expect(image.attributes.contains { $0 == ("alt", "") }, "\(image.attributes)")
            #expect(!image.attributes.contains { $0.name == "width" || $0.name == "height" }, "\(image.attributes)")
        }
        let framed = page.components(separatedBy: "<span class=\"sb-image-picture\"><img ").count - 1
        let avatars = try Regex(#"<span class="sb-avatar sb-avatar-\d+" aria-hidden="true">[A-Z]{1,2}<img "#)
        #expect(framed + page.matches(of: avatars).count == images.count)
        #expect(framed == page.components(separatedBy: "<span class=\"sb-image-placeholder\">").count - 1)
    }

    /// A video's poster says it is a video: the video icon on its card (in both modes) and a
    /// play mark drawn over the picture only.
    @Test func videoPostersHaveAPlayMark() {
        let poster = ViewNode.image(
            ViewNode.ImageContent(
                source: "https://v.example/a.mp4", thumbnail: "https://v.example/p.jpg", alt: "Video: a.mp4", playable: true))
        let html = Self.fragment(poster)
        #expect(html.contains("<span class=\"sb-icon\" aria-hidden=\"true\">🎬</span> <span class=\"sb-image-label\">Video: a.mp4</span>"))
        #expect(
            html.hasSuffix(
                "<span class=\"sb-image-picture\"><img src=\"https://v.example/p.jpg\" alt=\"\" loading=\"lazy\" decoding=\"async\"><span class=\"sb-play\"></span></span></a>"
            ))
        var offline = RenderOptions()
        offline.html.remoteMedia = false
        var backend = HTMLBackend(output: "", options: offline)
        backend.write(poster)
        #expect(backend.output.contains("🎬") && !backend.output.contains("sb-play") && !backend.output.contains("<img"))
        // The mark is CSS: it fetches nothing.
        let css = Stylesheet(theme: .default).css
        let rule = css.split(separator: "\n").first { $0.hasPrefix(".sb-play::after{") }
        #expect(rule?.contains("clip-path:polygon(") == true && rule?.contains("url(") == false)
    }

    /// Badges flow beside labels: no rule lifts a badge out of the flow and over a picture
    /// or its card.
    @Test func badgesNeverLieOverText() throws {
        let css = Stylesheet(theme: .default).css
        let badgeRules = css.split(separator: "\n").filter { line in
            line.split(separator: "{").first.map { $0.contains("sb-badge") } ?? false
        }
        #expect(!badgeRules.isEmpty)
        for rule in badgeRules {
            #expect(!rule.contains("position:absolute") && !rule.contains("position:fixed"), "\(rule)")
        }
    }

    @Test func iconsTimesBadgesFields() {
        #expect(
            Self.fragment(.icon(name: .image, label: "Photo \"1\""))
                == "<span class=\"sb-icon\" role=\"img\" aria-label=\"Photo &quot;1&quot;\">📷</span>")
        #expect(Self.fragment(.icon(name: .pinned, label: "")) == "<span class=\"sb-icon\" aria-hidden=\"true\">📌</span>")
        #expect(
            Self.fragment(.time(Self.date("2025-01-02T03:04:05.250Z"), label: "<03:04>"))
                == "<time datetime=\"2025-01-02T03:04:05.250Z\" title=\"Thursday, Jan 2, 2025, 04:04:05 UTC+01:00\">&lt;03:04&gt;</time>")
        #expect(Self.fragment(.badge("Edited", .muted)) == "<span class=\"sb-badge sb-muted\">Edited</span>")
        let fields = Self.fragment(.fields([.init("Name", .text("Ada")), .init("Nested", .fields([.init("<k>", .text("v"))]))]))
        #expect(
            fields
                == "<dl class=\"sb-fields\"><dt>Name</dt><dd>Ada</dd><dt>Nested</dt><dd><dl class=\"sb-fields\"><dt>&lt;k&gt;</dt><dd>v</dd></dl></dd></dl>"
        )
    }

    @Test func quotes() {
        let linked = Self.fragment(
            .quote(
                anchor: "m-abc\"",
                [
                    .text("Ada", .author),
                    .markdown(
                        MarkdownDocument(blocks: [
                            .paragraph([.link(destination: "https://x.example", title: "", children: [.text("see")])])
                        ])),
                ]))
        #expect(
            linked.hasPrefix(
                "<blockquote class=\"sb-quote\"><a href=\"#m-abc&quot;\"><span class=\"sb-author\">Ada</span><p>see</p></a></blockquote>"))
        #expect(Self.fragment(.quote(anchor: nil, [.text("gone")])) == "<blockquote class=\"sb-quote\">gone</blockquote>")
    }

    @Test func dividersHeadingsRawEmpty() {
        #expect(Self.fragment(.divider(label: "Nov 28 <2025>")) == "<h2 class=\"sb-day sb-separator\">Nov 28 &lt;2025&gt;</h2>")
        #expect(Self.fragment(.divider(label: nil)) == "<hr>")
        #expect(Self.fragment(.heading(level: 2, "Pinned")) == "<h2>Pinned</h2>")
        #expect(Self.fragment(.raw(ViewNode.RawOutput([.html: "<mark>trusted</mark>"], fallback: .text("no")))) == "<mark>trusted</mark>")
        #expect(Self.fragment(.raw(ViewNode.RawOutput([.ansi: "x"], fallback: .text("<fallback>")))) == "&lt;fallback&gt;")
        #expect(Self.fragment(.empty) == "")
    }

    @Test func imageLabels() {
        #expect(HTMLMarkdownRenderer.imageLabel("cat") == "cat")
        #expect(HTMLMarkdownRenderer.imageLabel(" 日本 \u{3000}") == "日本")
        #expect(HTMLMarkdownRenderer.imageLabel("\u{A0}\n\t") == "Image")
        #expect(HTMLMarkdownRenderer.imageLabel("") == "Image")
    }

    @Test func writesThroughAnOutputSink() throws {
        let path = Scratch.path("html-sink", extension: "html")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sink = try OutputSink.file(atPath: path)
        var backend = HTMLBackend(output: sink, options: .default)
        backend.begin(DocumentInfo(title: "sink"))
        backend.write(.message(Self.frame))
        backend.end(DocumentSummary(messageCount: 1, firstDate: nil, lastDate: nil, timeZoneIdentifier: "UTC", generator: ""))
        sink.close()
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written.hasPrefix("<!DOCTYPE html>"))
        #expect(written.contains("<article class=\"sb-message sb-bubble\""))
        #expect(written.hasSuffix("</html>\n"))
    }

    // MARK: Markdown

    static func markdown(_ blocks: [MarkdownBlock]) -> String { fragment(.markdown(MarkdownDocument(blocks: blocks))) }

    @Test func rawHTMLInMarkdownIsText() {
        let html = Self.markdown([
            .htmlBlock("<script>alert(1)</script>\n"),
            .paragraph([.text("a "), .html("<img src=x onerror=alert(1)>"), .text(" b")]),
        ])
        #expect(html == "<p class=\"sb-raw-html\">&lt;script&gt;alert(1)&lt;/script&gt;</p>\n<p>a &lt;img src=x onerror=alert(1)&gt; b</p>")
        Self.expectInert(html)
    }

    @Test func markdownBlocks() {
        let html = Self.markdown([
            .list(start: nil, tight: true, items: [[.paragraph([.text("one")])], [.paragraph([.text("two")])]]),
            .list(start: 3, tight: false, items: [[.paragraph([.text("three")])]]),
            .codeBlock(info: "swift extra", code: "let a = b < c\n\tx\n"),
            .blockQuote([.paragraph([.emphasis([.text("said")])])]),
            .thematicBreak,
        ])
        #expect(html.contains("<ul>\n<li>one</li>\n<li>two</li>\n</ul>"))
        #expect(html.contains("<ol start=\"3\">\n<li><p>three</p></li>\n</ol>"))
        #expect(html.contains("<pre><code class=\"language-swift\">let a = b &lt; c\n\tx\n</code></pre>"))
        #expect(html.contains("<blockquote><p><em>said</em></p></blockquote>"))
        #expect(html.hasSuffix("<hr>"))
    }

    @Test func markdownInlines() {
        let html = Self.markdown([
            .paragraph([
                .text("Hi "), .mention(userID: "u1", text: "@Ada"), .softBreak, .code("a<b"), .lineBreak,
                .link(destination: "https://example.com", title: "T\"", children: [.strong([.text("bold")])]),
                .link(destination: "javascript:alert(1)", title: "", children: [.text("evil")]),
                .image(source: "https://example.com/i.png", title: "", alt: []),
                .image(source: "JaVaScRiPt:alert(1)", title: "", alt: [.text("bad")]),
            ])
        ])
        #expect(html.contains("<span class=\"sb-mention\">@Ada</span><br>\n<code>a&lt;b</code><br>\n"))
        #expect(
            html.contains(
                "<a class=\"sb-print-target\" href=\"https://example.com\" title=\"T&quot;\" rel=\"noopener noreferrer nofollow\"><strong>bold</strong></a>"
            ))
        #expect(html.contains("evil") && !html.contains("javascript"))
        #expect(
            html.contains(
                "<span class=\"sb-image sb-image-frame\"><span class=\"sb-image-placeholder\"><span class=\"sb-icon\" aria-hidden=\"true\">📷</span> "
                    + "<span class=\"sb-image-label\">Image</span></span><span class=\"sb-image-picture\">"
                    + "<img src=\"https://example.com/i.png\" alt=\"\" loading=\"lazy\" decoding=\"async\"></span></span>"))
        #expect(html.contains("<span class=\"sb-image sb-image-missing\">bad</span>"))
    }

    @Test func deepMarkdownIsFlattened() {
        var block = MarkdownBlock.paragraph([.text("core")])
        for _ in 0..<200 { block = .blockQuote([block]) }
        let html = Self.markdown([block])
        #expect(html.components(separatedBy: "<blockquote>").count - 1 == HTMLMarkdownRenderer.maximumDepth)
        #expect(html.contains("<p>core</p>"))
    }

    // MARK: Hostile data everywhere

    @Test func hostileDataStaysInert() {
        var views: [ViewNode] = []
        for (index, hostile) in Self.hostileStrings.enumerated() {
            let inlines: [MarkdownInline] = [
                .text(hostile), .html(hostile), .code(hostile), .mention(userID: hostile, text: hostile),
                .link(destination: hostile, title: hostile, children: [.text(hostile)]),
                .image(source: hostile, title: hostile, alt: [.text(hostile)]),
            ]
            let body: [ViewNode] = [
                .text(hostile, Role(rawValue: hostile)),
                .markdown(
                    MarkdownDocument(blocks: [
                        .paragraph(inlines), .htmlBlock(hostile), .codeBlock(info: hostile, code: hostile),
                        .heading(level: 1, [.text(hostile)]),
                    ])),
                .stack(
                    .horizontal, [.badge(hostile, Role(rawValue: hostile)), .icon(name: Theme.Icon(rawValue: hostile), label: hostile)],
                    Role(rawValue: hostile)),
                .card(Role(rawValue: hostile), [.link(destination: hostile, label: .text(hostile))]),
                .image(ViewNode.ImageContent(source: hostile, thumbnail: hostile, alt: hostile)),
                .time(Date(timeIntervalSince1970: Double(index)), label: hostile),
                .fields([.init(hostile, .text(hostile))]),
                .quote(anchor: hostile, [.text(hostile)]),
            ]
            views.append(.divider(label: hostile))
            views.append(.heading(level: 1, hostile))
            views.append(
                .message(
                    MessageFrame(
                        id: hostile, role: Role(rawValue: hostile), header: [.text(hostile, .author)],
                        body: body, footer: [.badge(hostile)], authorName: hostile, date: nil)))
        }
        let html = Self.document(views, title: Self.hostileStrings.joined())
        Self.expectInert(html)
        #expect(html.components(separatedBy: "<h1").count == 2)
        #expect(!html.contains("\u{0}"))
        #expect(!html.contains("\u{1B}"))
        // The one http URL holds spaces, so the policy refuses it rather than guess.
        #expect(!html.contains("href=\"https://ok.example"))
    }

    // MARK: A page to look at

    /// Writes a small transcript to /tmp/sb-html-test.html for a look in a browser.
    @Test func sampleDocument() throws {
        let html = Self.document(Self.sampleViews, title: "#design-team")
        Self.expectInert(html)
        #expect(html.contains("id=\"m-m4\""))
        try html.write(toFile: "/tmp/sb-html-test.html", atomically: true, encoding: .utf8)
    }

    static let sampleViews: [ViewNode] = {
        func text(_ string: String) -> ViewNode {
            .markdown(MarkdownDocument(blocks: [.paragraph([.text(string)])]))
        }
        let day1 = date("2025-11-28T08:12:00Z")
        return [
            .divider(label: "Nov 28, 2025"),
            .message(MessageFrame(id: "m1", role: .system, body: [.text("Ada created the channel", .system)], date: day1)),
            .message(
                MessageFrame(
                    id: "m2", role: .bubble,
                    header: [.text("Grace Hopper", .author), .badge("admin")],
                    body: [
                        .markdown(
                            MarkdownDocument(blocks: [
                                .paragraph([
                                    .text("Morning "), .mention(userID: "ada", text: "@Ada"), .text("! Here is the "),
                                    .strong([.text("plan")]),
                                    .text(" for today, see "),
                                    .link(destination: "https://example.com/plan", title: "", children: [.text("the doc")]),
                                    .text(":"),
                                ]),
                                .list(
                                    start: nil, tight: true,
                                    items: [
                                        [.paragraph([.text("review the mockups")])],
                                        [.paragraph([.emphasis([.text("ship")]), .text(" the thing")])],
                                    ]),
                                .codeBlock(
                                    info: "swift",
                                    code:
                                        "let transcript = try Scrollback.render(messages, to: .html, theme: .default, timeZone: .current)\n"
                                ),
                            ]))
                    ],
                    footer: [.time(day1, label: "09:12")], authorName: "Grace Hopper", date: day1)),
            .message(
                MessageFrame(
                    id: "m3", role: .ownBubble,
                    body: [
                        .quote(
                            anchor: "m-m2", [.text("Grace Hopper", .author), .text("Morning @Ada! Here is the plan for today…", .muted)]),
                        text("Looks great 👍 averyveryverylongwordwithoutanyspacesthatmustwrapinsidethebubbleandnotscrollthepage"),
                    ],
                    footer: [.time(day1.addingTimeInterval(120), label: "09:14"), .badge("Edited", .muted)],
                    authorName: "Ada Lovelace", date: day1.addingTimeInterval(120))),
            .message(
                MessageFrame(
                    id: "m4", role: .bubble,
                    header: [.text("Grace Hopper", .author)],
                    body: [
                        .image(
                            ViewNode.ImageContent(
                                source: "https://images.example/full.jpg", thumbnail: "https://images.example/thumb.jpg",
                                alt: "Whiteboard sketch", width: 400, height: 300)),
                        .card(
                            .card,
                            [
                                .stack(.horizontal, [.icon(name: .contact, label: "Contact"), .text("Ada Lovelace", .title)]),
                                .fields([
                                    .init("Phone", .link(destination: "tel:+442079460958", label: .text("+44 20 7946 0958"))),
                                    .init("Email", .link(destination: "mailto:ada@example.com", label: .text("ada@example.com"))),
                                ]),
                            ]),
                    ],
                    footer: [.time(day1.addingTimeInterval(300), label: "09:17")], authorName: "Grace Hopper",
                    date: day1.addingTimeInterval(300))),
            .divider(label: "Nov 29, 2025"),
            .message(MessageFrame(id: "m5", role: .deleted, body: [.text("Message deleted", .deleted)])),
            .message(
                MessageFrame(
                    id: "m6", role: .ownBubble,
                    body: [
                        .markdown(
                            MarkdownDocument(blocks: [
                                .paragraph([.text("Raw HTML stays text: "), .html("<b onclick=\"x\">bold?</b>")]),
                                .blockQuote([.paragraph([.text("A quoted line in Markdown")])]),
                            ]))
                    ],
                    footer: [.time(date("2025-11-29T17:40:00Z"), label: "18:40")], authorName: "Ada Lovelace",
                    date: date("2025-11-29T17:40:00Z"))),
        ]
    }()
}
