import Foundation
import Testing

@testable import Scrollback

/// Samples/transcripts/hostile.json carries scripts in every field, escape sequences, bidi
/// overrides, dangerous links, broken messages and a trailing comma. Every output must
/// neutralise all of it, and the good messages must still render.
@Suite struct HostileInputTests {
    @Test func theRestStillRendersAndProblemsAreReported() throws {
        let (output, warnings) = try SampleTranscripts.render("hostile.json", as: .markdown)
        #expect(output.contains("still rendered after the broken ones"))
        let skipped = warnings.filter(\.skippedMessage)
        #expect(skipped.map(\.messageIndex) == [8], "\(warnings)")
        // The message without an id is shown, and still reported.
        #expect(output.contains("no id here"))
        #expect(warnings.contains { $0.messageIndex == 7 && !$0.skippedMessage && $0.reason.hasPrefix(#"no "id""#) })
        #expect(warnings.contains { $0.keyPath.hasSuffix("attachments[3]") })
    }

    @Test func htmlCarriesNoActiveContent() throws {
        let (html, _) = try SampleTranscripts.render("hostile.json", as: .html)
        let lower = html.lowercased()
        #expect(!lower.contains("<script"))
        #expect(!lower.contains("<svg"))
        #expect(!lower.contains("<iframe"))
        #expect(!lower.contains("<img src=x"))
        #expect(lower.contains("default-src 'none'"))
        // Every URL attribute passes the allow-list (text may mention javascript: harmlessly).
        for match in lower.matches(of: try Regex(#"\s(?:href|src)="([^"]*)""#)) {
            let url = String(match.output[1].substring ?? "")
            #expect(["http:", "https:", "mailto:", "tel:", "#"].contains { url.hasPrefix($0) }, "\(url)")
        }
        // No event-handler attribute: with quoted values removed, no tag may carry `on...=`.
        let tags = lower.replacing(try Regex(#""[^"]*""#), with: "\"\"")
        #expect(tags.firstMatch(of: try Regex(#"<[a-z][^>]*\son[a-z]+\s*="#)) == nil)
        #expect(html.contains("&lt;script&gt;alert("), "the text is shown, escaped")
        #expect(html.contains("href=\"https://example.org/ok\""))
        #expect(!html.contains("\u{1B}"))
    }

    /// With `--search`, the hostile sample's page holds one script, the library's constant, and
    /// every field it wrote for the filters is escaped: still no markup from the messages.
    @Test func htmlWithSearchCarriesOnlyTheSearchScript() throws {
        var options = RenderOptions()
        options.html.search = true
        let (html, _) = try SampleTranscripts.render("hostile.json", as: .html, options: options)
        let script = "<script>" + HTMLOptions.SearchScript.source + "</script>"
        #expect(html.components(separatedBy: script).count == 2)
        let rest = html.replacingOccurrences(of: script, with: "").lowercased()
        #expect(!rest.contains("<script"))
        #expect(!rest.contains("<svg"))
        #expect(!rest.contains("<iframe"))
        let tags = rest.replacing(try Regex(#""[^"]*""#), with: "\"\"")
        #expect(tags.firstMatch(of: try Regex(#"<[a-z][^>]*\son[a-z]+\s*="#)) == nil)
        for match in html.matches(of: try Regex(#" data-(?:from|day|has)="([^"]*)""#)) {
            let value = String(match.output[1].substring ?? "")
            #expect(!value.contains("<") && !value.contains(">"), "\(value)")
        }
        #expect(html.contains("&lt;script&gt;alert("), "the text is shown, escaped")
    }

    @Test func terminalOutputHasNoControlFromInput() throws {
        var options = RenderOptions()
        options.ansi.colorDepth = .trueColor
        let (ansi, _) = try SampleTranscripts.render("hostile.json", as: .ansi, options: options)
        // Only our own SGR sequences may remain.
        let withoutSGR = ansi.replacing(try Regex(#"\x1B\[[0-9;]*m"#), with: "")
        for scalar in withoutSGR.unicodeScalars {
            let value = scalar.value
            let isControl = (value < 0x20 && scalar != "\n") || value == 0x7F || (0x80...0x9F).contains(value)
            let isBidi = (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) || value == 0x200E || value == 0x200F
            #expect(!isControl && !isBidi, "U+\(String(value, radix: 16)) reached the terminal")
        }
        #expect(ansi.contains("␛"), "escapes are shown, not dropped silently")

        let (plain, _) = try SampleTranscripts.render("hostile.json", as: .ansi)
        #expect(!plain.contains("\u{1B}"), "no colour means no escape sequence at all")
    }

    /// Message x-9: an author, a quoted author, a pinner and a reaction with line breaks in
    /// their names, and a file name reversed by U+202E.
    @Test(arguments: SampleTranscripts.Format.allCases)
    func namesStayOnOneLineAndBidiControlsAreShown(format: SampleTranscripts.Format) throws {
        let (output, _) = try SampleTranscripts.render("hostile.json", as: format)
        let forged = "Mallory: I approve the refund"
        // The author (three times in HTML: the article's label and the author's tooltip), the
        // quoted author, the pinner, the reaction.
        #expect(output.ranges(of: forged).count == (format == .html ? 6 : 4))
        #expect(output.ranges(of: "Eve↵" + forged).count == (format == .html ? 5 : 3))
        #expect(output.contains("ok↵" + forged))
        for line in output.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
            #expect(!line.drop { " │▎>*".contains($0) }.hasPrefix("Mallory"), "\(format): \(line)")
        }
        #expect(output.contains("invoice⟨U+202E⟩fdp.exe"))
        #expect(output.contains("⟨U+200F⟩"), "marks too")
        // Nowhere, URLs included (percent-encoded there), is a bidi control left to act.
        #expect(!output.unicodeScalars.contains { TextControls.isBidiControl($0.value) }, "\(format)")
    }

    /// One rule for controls: ESC and BEL (and the other C0 controls, DEL and C1) show as
    /// `␛`, `␇`, `⟨U+009B⟩` in every output, in a name and in message text alike; HTML used to
    /// drop them silently.
    @Test(arguments: SampleTranscripts.Format.allCases)
    func controlsShowTheSameInEveryOutput(format: SampleTranscripts.Format) throws {
        let document: [String: Any] = [
            "messages": [
                [
                    "id": "m1", "text": "bell\u{07} reset\u{1B}c csi\u{9B}31m",
                    "user": ["id": "eve", "name": "Eve\u{1B}Ptitle\u{07}"], "created_at": "2026-01-05T10:00:00Z",
                ]
            ]
        ]
        let output = try OneLineTextTests.render(Array(try JSONSerialization.data(withJSONObject: document)), as: format)
        #expect(output.contains("Eve␛Ptitle␇"), "the name")
        #expect(output.contains("bell␇ reset␛c csi⟨U+009B⟩31m"), "the text")
        #expect(!output.unicodeScalars.contains { $0.value == 0x07 || $0.value == 0x1B || $0.value == 0x9B })
    }

    /// Every URL written, in links, images, files and avatars, carries a bidi control or an
    /// invisible character percent-encoded (`%E2%80%AE`), never raw: its text shows `⟨U+202E⟩`.
    @Test(arguments: SampleTranscripts.Format.allCases)
    func urlsCarryHiddenCharactersPercentEncoded(format: SampleTranscripts.Format) throws {
        let reversed = "https://example.org/invoice\u{202E}fdp.exe"
        let document: [String: Any] = [
            "messages": [
                [
                    "id": "m1", "created_at": "2026-01-05T10:00:00Z",
                    "text": "[the invoice](\(reversed)) and https://exa\u{200B}mple.org/x",
                    "user": ["id": "eve", "name": "Eve", "image": "https://example.org/\u{2066}face.png"],
                    "attachments": [
                        ["type": "image", "image_url": "https://example.org/\u{202E}gnp.exe"],
                        ["type": "file", "title": "invoice.pdf", "asset_url": reversed],
                        ["type": "linkPreview", "title": "Page", "title_link": reversed],
                    ],
                ]
            ]
        ]
        var options = RenderOptions(timeZone: TimeZone(identifier: "UTC")!, locale: Locale(identifier: "en_US_POSIX"))
        options.ansi.urls = .full
        var backend = format.makeBackend(output: "", options: options)
        var reader = TranscriptReader(bytes: Array(try JSONSerialization.data(withJSONObject: document)))
        _ = try TranscriptRenderer(options: options).render(&reader, to: &backend)
        let output = backend.output
        // (A zero-width space stays in the text of the bare URL: text shows it as it is.)
        let hidden = output.unicodeScalars.filter { TextControls.isBidiControl($0.value) }
        #expect(hidden.isEmpty, "\(format): \(hidden.map { String($0.value, radix: 16) })")
        #expect(output.contains("https://example.org/invoice%E2%80%AEfdp.exe"), "\(format)")
        #expect(output.contains("https://exa%E2%80%8Bmple.org/x"), "\(format): a bare URL")
        #expect(output.contains("https://example.org/%E2%80%AEgnp.exe"), "\(format): an image")
    }

    /// One rule for a link the policy refuses, a fragment of the document (`#m-1`) included:
    /// in every output it is its text alone, drawn as the text around it, so the message reads
    /// exactly as one without the links. (The terminal underlined it in link colour; Markdown
    /// kept `[x](#frag)` as a link.)
    @Test(arguments: SampleTranscripts.Format.allCases)
    func refusedLinksAreTheirTextInEveryOutput(format: SampleTranscripts.Format) throws {
        func render(_ text: String) throws -> String {
            let document: [String: Any] = [
                "messages": [["id": "m1", "text": text, "user": ["id": "eve", "name": "Eve"], "created_at": "2026-01-05T10:00:00Z"]]
            ]
            var options = RenderOptions(timeZone: TimeZone(identifier: "UTC")!, locale: Locale(identifier: "en_US_POSIX"))
            options.ansi.colorDepth = .trueColor
            options.ansi.hyperlinks = true
            var backend = format.makeBackend(output: "", options: options)
            var reader = TranscriptReader(bytes: Array(try JSONSerialization.data(withJSONObject: document)))
            _ = try TranscriptRenderer(options: options).render(&reader, to: &backend)
            return backend.output
        }
        let links = try render("[evil](javascript:alert(1)), **[frag](#m-1)** and [top](#channel-1) or [up](#) here")
        #expect(links == (try render("evil, **frag** and top or up here")), "\(format)")
        // An allowed link stays one.
        #expect(try render("[ok](https://example.org/)") != (try render("ok")), "\(format)")
    }

    @Test func markdownKeepsItsStructureAndDropsDangerousLinks() throws {
        let (markdown, _) = try SampleTranscripts.render("hostile.json", as: .markdown)
        let lower = markdown.lowercased()
        #expect(!lower.contains("](javascript:"))
        #expect(!lower.contains("<javascript:"))
        #expect(!lower.contains("](vbscript:"))
        #expect(!lower.contains("](data:"))
        // Raw HTML is escaped text (or inside a code span, where it is literal text).
        let outsideCode = markdown.replacing(try Regex("`[^`]*`"), with: "")
        #expect(!outsideCode.contains("<script>"))
        #expect(!markdown.contains("\u{1B}"), "no raw escape character, even in code spans")
        // The sender's "# Not our heading" must not become a heading of the document.
        let document = CommonMark.parse(markdown)
        let headings = document.blocks.compactMap { block -> String? in
            if case .heading(_, let inlines) = block { return inlines.plainText }
            return nil
        }
        #expect(!headings.contains("Not our heading"), "\(headings)")
        #expect(markdown.contains("still rendered after the broken ones"))
    }
}
