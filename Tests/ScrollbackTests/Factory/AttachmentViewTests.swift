import Foundation
import ScrollbackTesting
import Synchronization
import Testing

@testable import Scrollback

/// Every built-in attachment kind, pinned in the three outputs with messages from
/// Samples/transcripts/attachments.json, and the rules behind them: file kinds, sizes,
/// durations, waveforms, the order of a message's parts, and hostile values.
@Suite struct AttachmentViewTests {
    /// The sample's messages by id.
    static let sample: [String: ChatMessage] = {
        var reader = try! TranscriptReader(path: SampleTranscripts.path("attachments.json"))
        var messages: [String: ChatMessage] = [:]
        while let event = try! reader.next() {
            if case .message(let message) = event { messages[message.id] = message }
        }
        return messages
    }()

    static func message(_ id: String) -> ChatMessage {
        guard let message = sample[id] else { fatalError("attachments.json has no message \(id)") }
        return message
    }

    /// The message as HTML, ANSI and Markdown, each against its reference `<test>.<format>.<ext>`.
    func assertAllFormats(
        _ id: String, testName: String = #function, filePath: StaticString = #filePath,
        line: UInt = #line
    ) {
        let message = Self.message(id)
        assertSnapshot(of: message, as: .rendered(.html), named: "html", filePath: filePath, testName: testName, line: line)
        assertSnapshot(of: message, as: .rendered(.ansi), named: "ansi", filePath: filePath, testName: testName, line: line)
        assertSnapshot(of: message, as: .rendered(.markdown), named: "markdown", filePath: filePath, testName: testName, line: line)
    }

    /// The message in one format, whole, for the behaviour checks below (terminal lines wide
    /// enough not to wrap).
    func render(_ id: String, as format: SampleTranscripts.Format, colorDepth: ANSIOptions.ColorDepth = .none) -> String {
        var options = RenderOptions.default
        options.ansi.colorDepth = colorDepth
        options.ansi.width = 200
        var backend = format.makeBackend(output: "", options: options)
        TranscriptRenderer(options: options).render(messages: [Self.message(id)], to: &backend)
        return backend.output
    }

    // MARK: - Each kind in the three outputs

    @Test func image() { assertAllFormats("att-001") }
    @Test func gallery() { assertAllFormats("att-002") }
    @Test func imageWithoutDimensions() { assertAllFormats("att-003") }
    @Test func video() { assertAllFormats("att-004") }
    @Test func videoWithoutPoster() { assertAllFormats("att-005") }
    @Test func files() { assertAllFormats("att-006") }
    @Test func audio() { assertAllFormats("att-007") }
    @Test func voiceRecording() { assertAllFormats("att-008") }
    @Test func giphy() { assertAllFormats("att-009") }
    @Test func giphyEphemeralPreview() { assertAllFormats("att-010") }
    @Test func linkPreview() { assertAllFormats("att-011") }
    @Test func linkPreviewWithTitleOnly() { assertAllFormats("att-012") }
    @Test func contact() { assertAllFormats("att-013") }
    @Test func pollOpen() { assertAllFormats("att-014") }
    @Test func pollClosed() { assertAllFormats("att-015") }
    @Test func liveLocation() { assertAllFormats("att-016") }
    @Test func attachmentWithoutType() { assertAllFormats("att-017") }
    @Test func unknownType() { assertAllFormats("att-018") }
    @Test func everyKindInOrder() { assertAllFormats("att-019") }
    @Test func hostileValues() { assertAllFormats("att-020") }

    // MARK: - What each kind must show

    @Test func imageUsesThumbnailSizeAndLazyLoading() {
        let html = render("att-001", as: .html)
        // The thumbnail over the card that says what it is; the card's text is the one label.
        #expect(
            html.contains(
                #"<a class="sb-image sb-image-frame sb-print-target" href="https://media.example.org/fieldtrip/south-entrance.jpg""#))
        #expect(
            html.contains(
                #"<span class="sb-image-label">South entrance.jpg</span> <span class="sb-image-details">4032 × 3024</span></span>"#
                    + #"<span class="sb-image-picture"><img src="https://media.example.org/fieldtrip/south-entrance-thumb.jpg" alt="" loading="lazy""#
            ))
        #expect(html.contains("2.5 MB"))
        // The text outputs: one labelled line with title, host and size; the terminal lists the URL
        // under the message.
        let ansi = render("att-001", as: .ansi)
        #expect(ansi.contains("📷 South entrance.jpg <media.example.org>[1] 2.5 MB"))
        #expect(ansi.contains("\n  [1] https://media.example.org/fieldtrip/south-entrance.jpg\n"))
        let markdown = render("att-001", as: .markdown)
        #expect(markdown.contains("[🖼 South entrance.jpg](https://media.example.org/fieldtrip/south-entrance.jpg) *2.5 MB*"))
    }

    @Test func severalImagesFormAGallery() throws {
        let html = render("att-002", as: .html)
        let gallery = try #require(html.range(of: #"<div class="sb-stack sb-gallery">"#))
        #expect(html[gallery.upperBound...].matches(of: try Regex("<img ")).count == 3)
        #expect(html[gallery.upperBound...].matches(of: try Regex(#"<span class="sb-image-placeholder">"#)).count == 3)
        let withoutSize = render("att-003", as: .html)
        #expect(withoutSize.contains(#"<span class="sb-image-label">Route sketch</span></span>"#), "no size on the card when none is known")
    }

    @Test func videoShowsPosterDurationAndAsset() {
        let html = render("att-004", as: .html)
        #expect(html.contains(#"href="https://media.example.org/fieldtrip/lake-flyover.mp4""#))
        #expect(
            html.contains(#"<span class="sb-icon" aria-hidden="true">🎬</span> <span class="sb-image-label">Video: Lake flyover.mp4</span>"#)
        )
        #expect(
            html.contains(
                #"<img src="https://media.example.org/fieldtrip/lake-flyover-poster.jpg" alt="" loading="lazy" decoding="async"><span class="sb-play"></span>"#
            ), "the poster carries a play mark")
        #expect(html.contains(#"<span class="sb-badge">0:43</span>"#), "42.6 seconds round to 0:43")
        let ansi = render("att-004", as: .ansi)
        #expect(ansi.contains("📷 Video: Lake flyover.mp4 <media.example.org>[1] [0:43] 18.7 MB"))
        #expect(ansi.contains("[1] https://media.example.org/fieldtrip/lake-flyover.mp4\n"))
        #expect(!ansi.contains("poster.jpg"), "the poster's own URL is noise in a terminal")
        #expect(
            render("att-005", as: .ansi).contains("🎬 Boat dock walkthrough.mov <media.example.org>[1] [1:35] 52 MB")
        )
    }

    @Test func filesShowIconTitleSizeAndLink() {
        let ansi = render("att-006", as: .ansi)
        for line in [
            "📕 Risk assessment.pdf", "📄 Packing list.docx", "📈 Budget 2026.xlsx", "📊 Safety briefing.pptx",
            "📦 Trail maps.zip", "💻 gps-waypoints.json", "📄 logger-readings.qzx",
        ] {
            #expect(ansi.contains(line), "\(line)")
        }
        #expect(ansi.contains("Risk assessment.pdf <files.example.org>[1] 1.2 MB"), "a float size rounds")
        #expect(ansi.contains("Trail maps.zip <files.example.org>[5] 1 MB"), "999 950 bytes round up to the next unit")
        #expect(ansi.contains("[5] https://files.example.org/fieldtrip/trail-maps.zip\n"))
        let html = render("att-006", as: .html)
        #expect(html.contains(#"<span class="sb-icon" role="img" aria-label="PDF document">📕</span>"#))
        #expect(html.contains(#"<a class="sb-print-target" href="https://files.example.org/fieldtrip/risk-assessment.pdf""#))
        #expect(render("att-007", as: .ansi).contains("🎧 Interview with the ranger.mp3"))
    }

    @Test func voiceRecordingShowsDurationAndSparkline() {
        let ansi = render("att-008", as: .ansi)
        #expect(ansi.contains("[0:07]"))
        #expect(ansi.contains("▂▅▇▇▅▂▅▇▇▅▂▂▂▃▃▂▂▂▂▁▁▁▁▁"), "60 samples become 24 bars")
        #expect(render("att-008", as: .html).contains(#"<span class="sb-waveform">▂▅▇▇▅▂"#))
        #expect(render("att-008", as: .markdown).contains("▂▅▇▇▅▂▅▇▇▅▂▂▂▃▃▂▂▂▂▁▁▁▁▁ `0:07`"))
    }

    @Test func giphyUsesItsRenditionWithStringSizes() {
        let html = render("att-009", as: .html)
        #expect(html.contains(#"<span class="sb-image-label">hiking</span> <span class="sb-image-details">267 × 200</span>"#))
        #expect(html.contains(#"<img src="https://media.giphy.com/media/3o7TKsQ8UQ4l4LhGz6/200.gif" alt="""#))
        #expect(html.contains(#"<span class="sb-badge">GIF</span>"#))
        let ansi = render("att-009", as: .ansi)
        #expect(ansi.contains("📷 hiking <media.giphy.com>[1] [GIF]"))
        #expect(ansi.contains("[1] https://media.giphy.com/media/3o7TKsQ8UQ4l4LhGz6/200.gif\n"))
    }

    @Test(arguments: SampleTranscripts.Format.allCases)
    func giphyActionsAreNeverRendered(format: SampleTranscripts.Format) {
        let output = render("att-010", as: format)
        #expect(output.contains("celebrate"))
        for word in ["Shuffle", "Cancel", "image_action", "<button", "Send"] {
            #expect(!output.contains(word), "\(word) in \(format)")
        }
    }

    @Test func linkPreviewShowsSiteTitleTextAndImage() {
        let html = render("att-011", as: .html)
        #expect(html.contains(#"<div class="sb-card sb-link-preview">"#))
        #expect(html.contains("Lakeside Lodge</span>"), "the author name is the site line")
        #expect(
            html.contains(#"<a class="sb-print-target" href="https://lakeside-lodge.example.com/book?ref=preview" rel="#), "title_link wins"
        )
        #expect(html.contains("Cabins for groups of 8 to 40"))
        #expect(html.contains(#"<img src="https://lakeside-lodge.example.com/og/cabins-thumb.jpg""#))
        let bare = render("att-012", as: .ansi)
        #expect(bare.contains("🔗 weather.example.net"), "with no author, the host names the site")
        #expect(bare.contains("Lake District 10-day forecast <weather.example.net>[1]"))
        #expect(bare.contains("[1] https://weather.example.net/lake-district\n"))
    }

    @Test func contactLinksPhoneAndEmail() {
        let html = render("att-013", as: .html)
        #expect(html.contains(#"<a href="tel:+441768772645""#))
        #expect(html.contains(#"<a href="mailto:rowan@fells-guides.example.org""#))
        #expect(html.contains("Fells Guiding Co."))
        #expect(html.contains(#"aria-label="Contact">👤"#))
    }

    @Test func pollShowsVotesAndState() {
        let ansi = render("att-014", as: .ansi)
        #expect(ansi.contains("Which day for the lake walk? [Open]"))
        #expect(ansi.contains("Saturday: 3 votes · 50%"))
        #expect(ansi.contains("Sunday: 1 vote · 17%"))
        #expect(render("att-015", as: .ansi).contains("Packed lunch or café? [Closed]"))
    }

    @Test func liveLocationShowsEndCoordinatesAndMap() {
        let markdown = render("att-016", as: .markdown)
        #expect(markdown.contains("**Live location until 09:45**"))
        #expect(
            markdown.contains("[54.60063, -3.13917](https://www.openstreetmap.org/?mlat=54.60063&mlon=-3.13917#map=16/54.60063/-3.13917)"))
    }

    @Test func genericCardShowsTypeAndEveryNestedField() {
        let ansi = render("att-018", as: .ansi)
        for line in [
            "🧩 itinerary", "title: Saturday plan", "confirmed: yes", "notes: —", "place: Keswick car park",
            "lat: 54.5686", "tags: walk, lake, boat", "per_person: 42.5", "included: boat, lunch", "changes: —",
        ] {
            #expect(ansi.contains(line), "\(line)")
        }
        #expect(render("att-017", as: .ansi).contains("🧩 Attachment"), "no type: named in words")
    }

    // MARK: - Order

    @Test(arguments: SampleTranscripts.Format.allCases)
    func partsFollowTheClientsOrder(format: SampleTranscripts.Format) throws {
        // Sent as file, contact, checklist, voice, link preview, giphy, video, image.
        let output = render("att-019", as: format)
        let markers = [
            "Quick vote please", "Meeting point.mp4", "Car park.jpg", "Everything for Saturday", "lets go",
            "Voice message", "How to find us", "Final timetable.pdf", "Lakeside Lodge reception", "checklist",
            "Bring a stove?", "Shared location",
        ]
        var previous = output.startIndex
        for marker in markers {
            let found = try #require(output.range(of: marker, range: previous..<output.endIndex), "\(marker) out of order in \(format)")
            previous = found.upperBound
        }
    }

    @Test func groupsSortByKindAndKeepTheSendersOrderWithin() {
        let groups = AttachmentGroups(
            Self.message("att-019"),
            context: RenderContext(options: RenderOptions(), factory: ViewFactory(), resolver: DefaultMessageTypeResolver()))
        #expect(groups.gallery.map(\.type) == [.video, .image])
        #expect(groups.builtIn.map(\.type) == [.giphy, .voiceRecording, .linkPreview, .file])
        #expect(groups.custom.map(\.type) == [.contactCard, "checklist"])
    }

    @Test func eachKindIsAskedAboutOnceAndAHiddenKindLeavesTheOrder() {
        var message = Self.message("att-019")
        // A second picture and a second file: their kinds are asked about once all the same.
        message.attachments += message.attachments.filter { $0.type == .image || $0.type == .file }
        let resolver = CountingResolver()
        let groups = AttachmentGroups(
            message, context: RenderContext(options: RenderOptions(), factory: ViewFactory(), resolver: resolver))
        #expect(groups.gallery.map(\.type) == [.video, .image, .image])
        #expect(groups.builtIn.map(\.type) == [.voiceRecording, .linkPreview, .file, .file], "giphy hidden")
        #expect(groups.custom.map(\.type) == [.contactCard, "checklist"])
        #expect(
            resolver.asked.withLock { $0 } == [
                "image": 1, "video": 1, "file": 1, "voiceRecording": 1, "giphy": 1, "linkPreview": 1, "custom": 1,
            ])
    }

    // MARK: - Hostile values

    @Test func hostileValuesAreInertInHTML() throws {
        let html = render("att-020", as: .html)
        let lower = html.lowercased()
        #expect(!lower.contains("<script"))
        #expect(!lower.contains("<img src=x"))
        #expect(!lower.contains("<b>"))
        for match in lower.matches(of: try Regex(#"\s(?:href|src)="([^"]*)""#)) {
            let url = String(match.output[1].substring ?? "")
            #expect(["http:", "https:", "mailto:", "tel:"].contains { url.hasPrefix($0) }, "\(url)")
        }
        #expect(!lower.contains("mailto:x@example.org"), "a malformed address is not linked")
        #expect(
            html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;") || html.contains("&lt;script&gt;alert('x')&lt;/script&gt;"))
        #expect(!html.contains("\u{1B}") && !html.contains("\u{07}"))
    }

    @Test func hostileValuesAreInertInTheTerminal() throws {
        let ansi = render("att-020", as: .ansi, colorDepth: .trueColor)
        let withoutSGR = ansi.replacing(try Regex(#"\x1B\[[0-9;]*m"#), with: "")
        #expect(!withoutSGR.contains("\u{1B}") && !withoutSGR.contains("\u{07}"), "only our own colour codes")
        #expect(ansi.contains("␛[31mred"), "escapes are shown as symbols")
        let plain = render("att-020", as: .ansi)
        #expect(!plain.contains("javascript:alert(1)>") && !plain.contains("<javascript:") && !plain.contains("<data:"))
        #expect(!plain.contains("<vbscript:"))
    }

    @Test func hostileValuesAreInertInMarkdown() {
        let markdown = render("att-020", as: .markdown).lowercased()
        #expect(!markdown.contains("](javascript:") && !markdown.contains("](data:") && !markdown.contains("](vbscript:"))
        #expect(!markdown.contains("<script>"), "angle brackets are escaped")
        #expect(!markdown.contains("\u{1B}"))
        #expect(!markdown.contains("](mailto:x@example.org"))
    }

    // MARK: - File kinds

    static let fileKinds: [(mimeType: String?, fileName: String?, kind: FileKind)] = [
        ("application/pdf", "a.bin", .pdf),
        ("APPLICATION/PDF; charset=binary", nil, .pdf),
        (" application/pdf ;q=1", nil, .pdf),
        // A `;` with a combining mark is another character, no parameters' start.
        ("application/pdf;\u{301}", "a.zip", .archive),
        ("application/pdf;\u{301};x", nil, .other),
        ("application/pdf; é", nil, .pdf),
        ("application/vnd.openxmlformats-officedocument.wordprocessingml.document", nil, .document),
        ("application/msword", nil, .document),
        ("application/vnd.oasis.opendocument.text", nil, .document),
        ("text/plain", nil, .document),
        ("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", nil, .spreadsheet),
        ("application/vnd.ms-excel", nil, .spreadsheet),
        ("text/csv", nil, .spreadsheet),
        ("application/vnd.openxmlformats-officedocument.presentationml.presentation", nil, .presentation),
        ("application/vnd.ms-powerpoint", nil, .presentation),
        // Types past ASCII are searched by characters.
        ("application/x-spreadsheet; é", nil, .spreadsheet),
        ("application/x-präsentation-powerpoint", nil, .presentation),
        ("application/zip", nil, .archive),
        ("application/x-7z-compressed", nil, .archive),
        ("application/gzip", nil, .archive),
        ("audio/mpeg", nil, .audio),
        ("video/mp4", nil, .video),
        ("application/json", nil, .code),
        ("text/html", nil, .code),
        ("image/png", nil, .image),
        // An unhelpful MIME type falls back to the extension.
        ("application/octet-stream", "Budget.XLSX", .spreadsheet),
        (nil, "report.pdf", .pdf),
        (nil, "notes.md", .document),
        (nil, "deck.pptx", .presentation),
        (nil, "song.m4a", .audio),
        (nil, "clip.webm", .video),
        (nil, "backup.tar.gz", .archive),
        (nil, "main.swift", .code),
        (nil, "readings.qzx", .other),
        (nil, "README", .other),
        (nil, "trailing.", .other),
        (nil, nil, .other),
        ("", "", .other),
    ]

    @Test(arguments: fileKinds.indices)
    func fileKindFollowsMimeTypeThenExtension(index: Int) {
        let (mimeType, fileName, kind) = Self.fileKinds[index]
        #expect(FileKind(mimeType: mimeType, fileName: fileName) == kind, "\(mimeType ?? "nil") \(fileName ?? "nil")")
    }

    @Test func everyFileKindHasAnIconAndALabel() {
        for kind in FileKind.allCases {
            #expect(Theme.default.icons[.file(kind)] != nil, "\(kind)")
            #expect(Theme.default.strings[.file(kind)] != nil, "\(kind)")
        }
    }

    // MARK: - Formatting

    @Test func fileSizes() {
        let cases: [(Int64, String)] = [
            (0, "0 B"), (1, "1 B"), (999, "999 B"), (1000, "1 KB"), (1060, "1.1 KB"), (48_213, "48.2 KB"),
            (99_940, "99.9 KB"), (99_960, "100 KB"), (150_000, "150 KB"), (150_500, "151 KB"), (999_949, "1 MB"),
            (999_950, "1 MB"), (1_200_000, "1.2 MB"), (1_234_568, "1.2 MB"),
            (52_000_000, "52 MB"), (3_400_000_000, "3.4 GB"), (-5, "0 B"),
        ]
        for (bytes, text) in cases {
            #expect(AttachmentFormatting.fileSize(bytes) == text, "\(bytes)")
        }
        #expect(AttachmentFormatting.fileSize(.max).hasSuffix(" TB"), "the largest unit holds anything")
    }

    /// Sizes and poll shares take the locale's decimal mark and percent spacing; digits and
    /// units stay the same everywhere, and marks a terminal would show as controls stay out.
    @Test func numbersFollowTheLocalesMarks() {
        #expect(AttachmentFormatting.fileSize(2_500_000, locale: Locale(identifier: "de_DE")) == "2,5 MB")
        #expect(AttachmentFormatting.fileSize(2_500_000, locale: Locale(identifier: "fr_FR")) == "2,5 MB")
        #expect(AttachmentFormatting.fileSize(2_500_000, locale: Locale(identifier: "en_GB")) == "2.5 MB")
        #expect(AttachmentFormatting.fileSize(2_500_000, locale: Locale(identifier: "ar_EG")) == "2.5 MB", "Latin digits, no ٫")
        #expect(AttachmentFormatting.fileSize(2_000_000, locale: Locale(identifier: "de_DE")) == "2 MB")
        func percent(_ identifier: String) -> String {
            AttachmentFormatting.percent(50, marks: AttachmentFormatting.NumberMarks(Locale(identifier: identifier)))
        }
        #expect(percent("fr_FR") == "50\u{A0}%")
        #expect(percent("de_DE") == "50\u{A0}%")
        #expect(percent("en_US") == "50%")
        #expect(percent("ja_JP") == "50%")
        #expect(percent("ar_EG").unicodeScalars.allSatisfy { $0.isASCII || $0 == "\u{A0}" })
    }

    @Test func floatFileSizesRound() {
        let attachment = AnyChatMessageAttachment(
            id: AttachmentID(messageID: "m", index: 0), raw: JSONObject([("type", "file"), ("file_size", .double(1_234_567.8))]))
        #expect(attachment.fileSize == 1_234_568)
        #expect(AttachmentFormatting.fileSize(attachment.fileSize!) == "1.2 MB")
    }

    @Test func durations() {
        let cases: [(Double, String)] = [
            (0, "0:00"), (0.4, "0:00"), (7.4, "0:07"), (42.6, "0:43"), (59.5, "1:00"), (95, "1:35"), (600, "10:00"),
            (3599, "59:59"), (3600, "1:00:00"), (3723, "1:02:03"),
            (.nan, "0:00"), (-1, "0:00"), (-.infinity, "0:00"), (.infinity, "0:00"),
        ]
        for (seconds, text) in cases {
            #expect(AttachmentFormatting.duration(seconds) == text, "\(seconds)")
        }
        #expect(AttachmentFormatting.duration(1e300).hasSuffix(":59"), "an absurd duration neither traps nor wraps")
    }

    @Test func waveforms() {
        #expect(AttachmentFormatting.waveform([]) == "")
        #expect(AttachmentFormatting.waveform([0.5], bars: 0) == "")
        #expect(AttachmentFormatting.waveform([0, 0.2, 0.5, 1]) == "▁▂▅█", "one bar a sample when there are few")
        #expect(AttachmentFormatting.waveform([-3, 7, .nan, .infinity, 0.99]) == "▁█▁▁█", "out of range clamps, non-numbers are silence")
        #expect(AttachmentFormatting.waveform(Array(repeating: 0.5, count: 60)).count == 24)
        #expect(AttachmentFormatting.waveform([0, 1, 0, 1], bars: 2) == "▅▅", "samples average into bars")
        #expect(AttachmentFormatting.waveform(Array(repeating: 1, count: 1000), bars: 10) == String(repeating: "█", count: 10))
    }
}

/// Counts the `has…` questions it is asked about a message's attachments; hides giphy.
private final class CountingResolver: MessageTypeResolving {
    let asked = Mutex<[String: Int]>([:])

    private func note(_ group: String, _ answer: Bool = true) -> Bool {
        asked.withLock { $0[group, default: 0] += 1 }
        return answer
    }

    func hasImageAttachment(message: ChatMessage) -> Bool { note("image") }
    func hasVideoAttachment(message: ChatMessage) -> Bool { note("video") }
    func hasFileAttachment(message: ChatMessage) -> Bool { note("file") }
    func hasVoiceRecording(message: ChatMessage) -> Bool { note("voiceRecording") }
    func hasGiphy(message: ChatMessage) -> Bool { note("giphy", false) }
    func hasLinkPreview(message: ChatMessage) -> Bool { note("linkPreview") }
    func hasCustomAttachment(message: ChatMessage) -> Bool { note("custom") }
}
