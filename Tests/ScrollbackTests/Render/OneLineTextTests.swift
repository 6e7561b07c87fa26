import Foundation
import Testing

@testable import Scrollback

/// The view vocabulary's line rule (``Role/allowsLineBreaks``): a name, a title, a label or a
/// link's label is one line in every output, whatever line break it holds, so that no field can
/// start a line that reads as another author's. Message text keeps its lines.
@Suite struct OneLineTextTests {
    /// What a hostile name tries to print: its own line, signed by someone else.
    static let forgedLine = "Mallory: I approve the refund"

    /// Every way a line can end: LF, CR LF, CR, U+2028, U+2029, VT, FF, NEL.
    static let lineBreaks = ["\n", "\r\n", "\r", "\u{2028}", "\u{2029}", "\u{0B}", "\u{0C}", "\u{85}"]

    /// A transcript with `Eve<break>Mallory: ...` in every field shown on one line.
    static func transcript(lineBreak: String) throws -> [UInt8] {
        let forged = "Eve" + lineBreak + forgedLine
        let user: [String: Any] = ["id": "eve", "name": forged]
        let messages: [[String: Any]] = [
            [
                "id": "m1", "text": "Hello", "user": user, "created_at": "2026-01-05T10:00:00Z",
                "reaction_counts": [forged: 1],
                "pinned": true, "pinned_by": ["id": "p", "name": forged],
                "quoted_message": ["id": "q", "text": "Earlier", "user": ["id": "q", "name": forged]],
                "attachments": [
                    ["type": "image", "image_url": "https://example.org/a.png", "title": forged],
                    ["type": "video", "asset_url": "https://example.org/a.mp4", "title": forged],
                    ["type": "file", "asset_url": "https://example.org/invoice.pdf", "title": forged],
                    ["type": "file", "title": forged],
                    ["type": "audio", "asset_url": "https://example.org/a.mp3", "title": forged],
                    ["type": "giphy", "title": forged],
                    ["type": "giphy", "thumb_url": "https://example.org/a.gif", "title": forged],
                    [
                        "type": "linkPreview", "title": forged, "author_name": forged,
                        "title_link": "https://example.org/page", "image_url": "https://example.org/p.png",
                    ],
                    ["type": "contact", "name": forged, "organization": forged, "phone_number": "+1 555 " + forged],
                    ["type": forged, (forged): "value"],
                    ["type": "workout", "activity": forged, "km": 5, "route": "https://example.org/route"],
                ],
                "poll": ["name": forged, "options": [["id": "o1", "text": forged]]],
            ],
            ["id": "m2", "type": "system", "text": forged, "created_at": "2026-01-05T10:01:00Z"],
            [
                "id": "m3", "type": "deleted", "text": "gone", "user": user, "created_at": "2026-01-05T10:02:00Z",
                "deleted_at": "2026-01-05T10:03:00Z",
            ],
        ]
        let document: [String: Any] = ["channel": ["id": "c", "name": forged], "messages": messages]
        return Array(try JSONSerialization.data(withJSONObject: document))
    }

    /// A card whose title, subtitle and link label come from the attachment. (A field's value,
    /// like a link preview's description, is text that may run over lines.)
    static let cards = try! CardFile(
        json: """
            {"version": 1, "cards": {"workout": {"icon": "🏃", "title": "{activity}", "subtitle": "{activity}",
             "fields": [{"key": "km", "label": "Distance"}], "link": {"label": "{activity}", "url": "{route}"}}}}
            """)

    static func render(_ bytes: [UInt8], as format: SampleTranscripts.Format) throws -> String {
        var options = RenderOptions(timeZone: TimeZone(identifier: "UTC")!, locale: Locale(identifier: "en_US_POSIX"))
        options.ansi.width = 200
        options.ansi.colorDepth = .none
        let renderer = TranscriptRenderer(
            options: options,
            attachmentViews: AttachmentViewRegistry().registering(cardFile: cards))
        var reader = TranscriptReader(bytes: bytes)
        var backend = format.makeBackend(output: "", options: options)
        _ = try renderer.render(&reader, to: &backend)
        return backend.output
    }

    /// The line breaks of every kind in `text`.
    static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar)
    }

    /// Asserts that the forged line never starts a line of `output`: every occurrence follows
    /// `Eve` on the same line, joined by `↵` (or a space, where a quote's excerpt joins lines).
    static func expectNoForgedLine(
        in output: String, _ context: String, minimum: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let occurrences = output.ranges(of: forgedLine)
        #expect(
            occurrences.count >= minimum, "\(context): only \(occurrences.count) forged fields shown",
            sourceLocation: sourceLocation)
        for range in occurrences {
            let before = output[..<range.lowerBound].unicodeScalars.suffix(4)
            #expect(
                String(String.UnicodeScalarView(before)) == "Eve↵",
                "\(context): …\(String(String.UnicodeScalarView(before)).debugDescription)\(forgedLine)",
                sourceLocation: sourceLocation)
        }
        // And so no line of the output, whatever decoration starts it, begins with the forgery.
        for line in output.split(omittingEmptySubsequences: true, whereSeparator: { $0.unicodeScalars.contains(where: isLineBreak) }) {
            let start = line.drop { " │▎╭╰>*_-#•0123456789.".contains($0) }
            #expect(
                !start.hasPrefix("Mallory"), "\(context): a line starts with the forgery: \(line)",
                sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: lineBreaks)
    func terminalKeepsEveryNameOnItsLine(lineBreak: String) throws {
        let ansi = try Self.render(Self.transcript(lineBreak: lineBreak), as: .ansi)
        Self.expectNoForgedLine(in: ansi, "ansi \(lineBreak.debugDescription)", minimum: 20)
        #expect(ansi.contains("Eve↵Mallory: I approve the refund\n────"), "the channel title")
    }

    @Test(arguments: lineBreaks)
    func markdownHasNoBreakInsideAName(lineBreak: String) throws {
        let markdown = try Self.render(Self.transcript(lineBreak: lineBreak), as: .markdown)
        Self.expectNoForgedLine(in: markdown, "markdown \(lineBreak.debugDescription)", minimum: 20)
        #expect(markdown.hasPrefix("# Eve↵Mallory: I approve the refund\n"))
        #expect(markdown.contains("**Eve↵Mallory: I approve the refund**"), "the author, bold on one line")
        // Read back as Markdown, no name holds a line break.
        func check(_ inlines: [MarkdownInline]) {
            for (index, inline) in inlines.enumerated() {
                switch inline {
                case .text(let text) where text.hasPrefix("Mallory"):
                    Issue.record("a text node starts with the forgery after \(index > 0 ? "\(inlines[index - 1])" : "nothing")")
                case .emphasis(let children), .strong(let children), .link(_, _, let children):
                    check(children)
                default:
                    break
                }
            }
        }
        func walk(_ blocks: [MarkdownBlock]) {
            for block in blocks {
                switch block {
                case .paragraph(let inlines), .heading(_, let inlines): check(inlines)
                case .blockQuote(let inner): walk(inner)
                case .list(_, _, let items): items.forEach(walk)
                default: break
                }
            }
        }
        walk(CommonMark.parse(markdown).blocks)
    }

    @Test(arguments: lineBreaks)
    func htmlWritesNoLineBreakInsideAName(lineBreak: String) throws {
        let html = try Self.render(Self.transcript(lineBreak: lineBreak), as: .html)
        Self.expectNoForgedLine(in: html, "html \(lineBreak.debugDescription)", minimum: 20)
        #expect(html.contains("<title>Eve↵Mallory: I approve the refund</title>"))
        #expect(html.contains(#"<span class="sb-image-label">Eve↵Mallory: I approve the refund</span>"#), "image labels too")
        #expect(html.contains(#"aria-label="Eve↵Mallory: I approve the refund, 2026-01-05 10:00""#))
    }

    // MARK: Blanks and long fields

    /// A channel, an author, a quoted author, a pinner and a file padded with blanks of every
    /// kind so as to push a forged line onto a line of its own, and a file name of 300 characters.
    static func paddedTranscript() throws -> [UInt8] {
        let padding = String(repeating: " ", count: 250) + "\t\t\u{A0}\u{3000}\u{3164}\u{2800}\u{200B}"
        let forged = "ops" + padding + "12:00 Admin: Please re-enter your password"
        let author: [String: Any] = ["id": "mallory", "name": "Mallory" + padding + "Admin"]
        let longFile = String(repeating: "invoice ", count: 40) + "final.pdf"
        let messages: [[String: Any]] = [
            [
                "id": "m1", "text": "Hello", "user": author, "created_at": "2026-01-05T10:00:00Z",
                "pinned": true, "pinned_by": author,
                "attachments": [
                    ["type": "file", "asset_url": "https://example.org/a.pdf", "title": forged],
                    ["type": "file", "asset_url": "https://example.org/b.pdf", "title": longFile],
                ],
            ],
            [
                "id": "m2", "text": "Reply", "user": ["id": "ann", "name": "Ann"], "created_at": "2026-01-05T10:01:00Z",
                "quoted_message": ["id": "m1", "text": "Hello", "user": author],
            ],
        ]
        let document: [String: Any] = ["channel": ["id": "c", "name": forged], "messages": messages]
        return Array(try JSONSerialization.data(withJSONObject: document))
    }

    /// Runs of blanks in one-line fields are one space in every output, so no padding can put
    /// `Admin` alone above a bubble or print `12:00 Admin: ...` as a line of its own; a field
    /// past 100 characters is cut with `…`, a file name keeping its extension.
    @Test(arguments: SampleTranscripts.Format.allCases)
    func blanksInFieldsCollapseAndLongFieldsAreCut(format: SampleTranscripts.Format) throws {
        let output = try Self.render(Self.paddedTranscript(), as: format)
        #expect(output.ranges(of: "ops 12:00 Admin: Please re-enter your password").count >= 2, "\(format): the channel and the file")
        #expect(output.ranges(of: "Mallory Admin").count >= 3, "\(format): the author, the pinner, the quoted author")
        #expect(!output.contains("  Admin") && !output.contains(" \t") && !output.contains("\u{A0}"), "\(format)")
        #expect(!output.unicodeScalars.contains { [0x3000, 0x3164, 0x2800, 0x200B].contains($0.value) }, "\(format)")
        for line in output.split(whereSeparator: \.isNewline) {
            let start = line.drop { " │▎╭╰>*_-#•".contains($0) }
            #expect(!start.hasPrefix("Admin") && !start.hasPrefix("12:00 Admin"), "\(format): \(line)")
        }
        // 95 characters, `…` and the extension (a terminal wraps it at its spaces).
        #expect(output.contains("invoice….pdf"), "\(format): the file name, cut at 100 characters")
        #expect(output.ranges(of: "invoice").count == 12 && !output.contains("final"), "\(format)")
    }

    /// The terminal's compact style (a line per message) collapses the same blanks.
    @Test func compactLinesCollapseBlanksToo() throws {
        var options = RenderOptions(timeZone: TimeZone(identifier: "UTC")!, locale: Locale(identifier: "en_US_POSIX"))
        options.ansi.style = .compact
        options.ansi.width = 200
        var reader = TranscriptReader(bytes: try Self.paddedTranscript())
        var backend = OutputFormat.ansi.makeBackend(output: "", options: options)
        _ = try TranscriptRenderer(options: options).render(&reader, to: &backend)
        #expect(backend.output.contains("10:00 Mallory Admin: Hello 📄 ops 12:00 Admin: Please re-enter your password <example.org>"))
        #expect(!backend.output.unicodeScalars.contains { [0x3000, 0x3164, 0x2800, 0x200B, 0xA0].contains($0.value) })
    }

    /// However a long name wraps in a narrow terminal, the lines it goes on to are indented:
    /// no part of it stands where an author's name does, above the bubble.
    @Test func aWrappedAuthorLineGoesOnIndented() throws {
        for width in [40, 80] {
            let name = String(repeating: "M", count: width) + " Admin"
            let frame = MessageFrame(
                id: "m1", role: .bubble, header: [.text(name, .author)], body: [.text("Please re-enter your password")])
            var options = RenderOptions(timeZone: TimeZone(identifier: "UTC")!, locale: Locale(identifier: "en_US_POSIX"))
            options.ansi.width = width
            var layout = ANSILayout(options: options)
            let lines = layout.lines(for: .message(frame)).map(\.plainText)
            #expect(lines.contains("  Admin"), "\(width): \(lines)")
            #expect(!lines.contains("Admin"), "\(width): \(lines)")
        }
    }

    /// The rule is about names: message text keeps its lines in every output.
    @Test func messageTextKeepsItsLines() throws {
        let document: [String: Any] = [
            "messages": [
                [
                    "id": "m1", "text": "first\nsecond", "user": ["id": "eve", "name": "Eve"],
                    "attachments": [
                        [
                            "type": "linkPreview", "title": "Page",
                            "text": "one\ntwo", "title_link": "https://example.org",
                        ]
                    ],
                ]
            ]
        ]
        let bytes = Array(try JSONSerialization.data(withJSONObject: document))
        let ansi = try Self.render(bytes, as: .ansi)
        #expect(ansi.contains("│ first") && ansi.contains("│ second"))
        #expect(ansi.contains("│ │ one") && ansi.contains("│ │ two"), "a link preview's description")
        #expect(!ansi.contains("↵"))
        let html = try Self.render(bytes, as: .html)
        #expect(html.contains("first<br>\nsecond"))
        #expect(html.contains("one\ntwo"))
        let markdown = try Self.render(bytes, as: .markdown)
        #expect(markdown.contains("first  \nsecond"))
        #expect(!markdown.contains("↵"))
    }

    @Test func onlyMessageTextRolesAllowLineBreaks() {
        #expect(Role.body.allowsLineBreaks)
        #expect(Role.jumbo.allowsLineBreaks)
        for role: Role in [.author, .title, .strong, .muted, .label, .timestamp, .mention, .badge, .system, .error, .code, .alert] {
            #expect(!role.allowsLineBreaks, "\(role)")
        }
    }

    /// A link's label is one line even when its text is body text.
    @Test func linkLabelsAreOneLineInEveryOutput() {
        let view = ViewNode.stack(
            .vertical,
            [
                .link(destination: "https://example.org", label: .text("Eve\nMallory: I approve the refund")),
                .text("body\nlines"),
            ])
        let options = RenderOptions(timeZone: TimeZone(identifier: "UTC")!, locale: Locale(identifier: "en_US_POSIX"))
        var layout = ANSILayout(options: options)
        let ansi = layout.lines(for: view).map(\.plainText)
        #expect(ansi == ["Eve↵Mallory: I approve the refund <example.org>[1]", "body", "lines", "[1] https://example.org"])
        var html = HTMLBackend(output: "", options: options)
        html.write(view)
        #expect(html.output.contains(">Eve↵Mallory: I approve the refund</a>body\nlines"))
        let markdown = MarkdownViewConverter(theme: options.theme).blocks(for: view)
        #expect(CommonMark.renderCommonMark(markdown) == "[Eve↵Mallory: I approve the refund](https://example.org)\n\nbody  \nlines\n")
    }
}
