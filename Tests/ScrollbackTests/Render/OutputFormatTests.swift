import Foundation
import ScrollbackTesting
import Testing

@testable import Scrollback

/// One value per format: its names, its file extension, and a backend that writes what the
/// format's own backend writes.
@Suite struct OutputFormatTests {
    @Test func theFormatsInTheirOrder() {
        #expect(OutputFormat.allCases == [.html, .ansi, .markdown])
        #expect(OutputFormat.allCases.map(\.name) == ["html", "ansi", "markdown"])
        #expect(OutputFormat.allCases.map(\.fileExtension) == ["html", "txt", "md"])
        #expect(OutputFormat.allCases.map(\.aliases) == [["htm"], ["txt"], ["md"]])
        #expect(OutputFormat.choices == "html, ansi or markdown")
    }

    /// A format is told by its name: the one value each format's folder declares.
    @Test func aFormatIsItsName() {
        #expect(Set(OutputFormat.allCases).count == OutputFormat.allCases.count)
        #expect(OutputFormat.allCases.map(\.description) == OutputFormat.allCases.map(\.name))
        #expect(OutputFormat.ansi != .markdown)
        #expect(OutputFormat.allCases.firstIndex(of: .markdown) == 2)
    }

    /// Each format's own options are set and read apart from the others', and a format not
    /// given any reads its defaults.
    @Test func eachFormatHasItsOwnOptions() {
        var options = RenderOptions()
        #expect(options.ansi.width == ANSIOptions().width && options.ansi.colorDepth == .none && !options.ansi.hyperlinks)
        #expect(options.html.remoteMedia && options.html.mediaLocations == nil && !options.html.search)
        options.ansi.width = 120
        options.html.search = true
        #expect(options.ansi.width == 120 && options.ansi.style == .bubbles)
        #expect(options.html.search && options.html.remoteMedia)
        var copy = options
        copy.ansi = ANSIOptions(colorDepth: .trueColor)
        #expect(copy.ansi.width == 80 && copy.ansi.colorDepth == .trueColor)
        #expect(options.ansi.width == 120, "a value: the copy's options are its own")
        #expect(copy.html.search)
    }

    /// Raw output is keyed by format: what a format has is written there, the fallback elsewhere.
    @Test func rawOutputIsKeyedByFormat() {
        var raw = ViewNode.RawOutput([.html: "<kbd>K</kbd>", .markdown: "**K**"], fallback: .text("K"))
        #expect(raw[.html] == "<kbd>K</kbd>" && raw[.markdown] == "**K**" && raw[.ansi] == nil)
        raw[.ansi] = "K!"
        raw[.html] = nil
        #expect(raw == ViewNode.RawOutput([.ansi: "K!", .markdown: "**K**"], fallback: .text("K")))
        let written = OutputFormat.allCases.map { format in
            var backend = format.makeBackend(output: "", options: RenderOptions())
            backend.write(.raw(raw))
            return backend.output
        }
        #expect(written[0].contains("K") && !written[0].contains("K!") && !written[0].contains("kbd"), "HTML has none: the fallback")
        #expect(written[1].hasPrefix("K!\n"))
        #expect(written[2].hasPrefix("**K**\n"))
    }

    @Test(arguments: [
        ("html", OutputFormat.html), ("htm", .html),
        ("ansi", .ansi), ("txt", .ansi),
        ("markdown", .markdown), ("md", .markdown),
    ])
    func lookUpByNameOrAlias(name: String, format: OutputFormat) throws {
        #expect(try OutputFormat.named(name) == format)
    }

    @Test(arguments: ["HTML", "Htm", "ANSI", "TxT", "MarkDown", "MD"])
    func namesAreReadInAnyCase(name: String) throws {
        #expect(try OutputFormat.named(name) == OutputFormat.named(name.lowercased()))
    }

    @Test(arguments: ["pdf", "", "html ", ".md", "text", "htmlx"])
    func anUnknownNameListsTheFormats(name: String) {
        #expect(throws: OutputFormat.UnknownNameError(name: name)) { try OutputFormat.named(name) }
        let error = OutputFormat.UnknownNameError(name: name)
        #expect(error.description == "Unknown format '\(name)'. Use html, ansi or markdown.")
        for format in OutputFormat.allCases {
            #expect(error.description.contains(format.name))
        }
    }

    @Test(arguments: [
        ("chat.html", OutputFormat.html), ("out/chat.HTM", .html), ("/tmp/a.b/page-001.html", .html),
        ("log.txt", .ansi), ("log.ansi", .ansi), ("LOG.TXT", .ansi),
        ("notes.md", .markdown), ("notes.Markdown", .markdown), ("dir.html/notes.md", .markdown),
    ])
    func lookUpByPathExtension(path: String, format: OutputFormat) {
        #expect(OutputFormat(path: path) == format)
    }

    @Test(arguments: ["chat", "-", "chat.pdf", "archive.tar.gz", "chat.html.bak", "md", "chat.", "html.d/chat"])
    func aPathWithoutAFormatsExtensionHasNone(path: String) {
        #expect(OutputFormat(path: path) == nil)
    }

    /// Every name and extension leads to one format only, and a format's files are read back as it.
    @Test func namesAreUniqueAndFilesAreReadBack() throws {
        let names = OutputFormat.allCases.flatMap { [$0.name] + $0.aliases }
        #expect(Set(names).count == names.count)
        for format in OutputFormat.allCases {
            #expect(OutputFormat(path: "chat." + format.fileExtension) == format)
            #expect(try OutputFormat.named(format.fileExtension) == format)
        }
    }

    /// The links between a transcript's files are allowed for every format's extension, and only
    /// those: URLPolicy lists the extensions itself (Support comes before Render), this keeps it in step.
    @Test func siblingFilesOfEveryFormatAreLinks() {
        for format in OutputFormat.allCases {
            #expect(URLPolicy.sanitize("chat-002.\(format.fileExtension)#m-42") != nil, "\(format)")
        }
        for other in ["htm", "markdown", "ansi", "pdf"] {
            #expect(URLPolicy.sanitize("chat-002.\(other)#m-42") == nil, "\(other)")
        }
    }

    // MARK: - The backend

    static let samples = [
        "launch-room.json", "support-ticket.ndjson", "attachments.json", "threads.json", "hostile.json", "workspace.json",
        "migration.ndjson", "events.ndjson",
    ]

    /// The sample rendered by the format's own backend, named: the reference for the format's value.
    static func direct(_ format: OutputFormat, path: String, options: RenderOptions) throws -> String {
        let renderer = TranscriptRenderer(options: options)
        switch format {
        case .html:
            var backend = HTMLBackend(output: "", options: options)
            try renderer.render(path: path, to: &backend)
            return backend.output
        case .ansi:
            var backend = ANSIBackend(output: "", options: options)
            try renderer.render(path: path, to: &backend)
            return backend.output
        case .markdown:
            var backend = MarkdownBackend(output: "", options: options)
            try renderer.render(path: path, to: &backend)
            return backend.output
        default:
            Issue.record("a format this test does not know: \(format)")
            return ""
        }
    }

    @Test(arguments: OutputFormat.allCases, samples)
    func theBackendWritesWhatTheFormatsOwnBackendWrites(format: OutputFormat, sample: String) throws {
        var options = RenderOptions.default
        options.ansi.colorDepth = .trueColor
        options.ansi.hyperlinks = true
        let path = SampleTranscripts.path(sample)
        let expected = try Self.direct(format, path: path, options: options)
        #expect(!expected.isEmpty)

        var backend = format.makeBackend(output: "", options: options)
        try TranscriptRenderer(options: options).render(path: path, to: &backend)
        #expect(backend.output == expected)

        let sink = OutputSink.memory()
        var streaming = format.makeBackend(output: sink, options: options)
        try TranscriptRenderer(options: options).render(path: path, to: &streaming)
        #expect(sink.capturedText == expected)
    }
}

/// Titles (a reaction's "who reacted", an author's "name (id)") are made only for backends
/// that show them: HTML shows them on hover, the terminal and Markdown have no hover.
@Suite struct BackendTitlesTests {
    /// Keeps the views a rendering writes, saying whether it shows titles.
    private struct Recorder: TranscriptBackend {
        var showsTitles: Bool
        var views: [ViewNode] = []
        mutating func begin(_ document: DocumentInfo, header: ViewNode) {}
        mutating func write(_ view: ViewNode) { views.append(view) }
        mutating func end(_ summary: DocumentSummary, footer: ViewNode) {}
    }

    /// The search bar is the backend's to ask for: a page with search does, the other formats
    /// never, whatever their options.
    @Test func theSearchBarGoesToABackendThatShowsIt() throws {
        var bar = ViewFactory()
        bar.makeSearchBarView = { _, _ in .text("the bar") }
        struct Searching: TranscriptBackend {
            var views: [ViewNode] = []
            var showsSearchBar: Bool { true }
            mutating func begin(_ document: DocumentInfo, header: ViewNode) {}
            mutating func write(_ view: ViewNode) { views.append(view) }
            mutating func end(_ summary: DocumentSummary, footer: ViewNode) {}
        }
        let messages = [ChatMessage(id: "m", text: "hi")]
        var searching = Searching()
        TranscriptRenderer(factory: bar).render(messages: messages, to: &searching)
        #expect(searching.views.first == .text("the bar"))
        var options = RenderOptions()
        options.html.search = true
        for format in OutputFormat.allCases {
            var backend = format.makeBackend(output: "", options: options)
            TranscriptRenderer(options: options, factory: bar).render(messages: messages, to: &backend)
            #expect(backend.showsSearchBar == (format == .html), "\(format)")
            #expect(backend.output.contains("the bar") == (format == .html), "\(format)")
        }
    }

    @Test func theFactoryMakesTitlesOnlyForABackendThatShowsThem() {
        var message = ChatMessage(id: "m", text: "hi")
        message.user = ChatUser(id: "ada", name: "Ada")
        message.createdAt = Date(timeIntervalSince1970: 86_400)
        message.reactionGroups = [ReactionGroup(type: "like", count: 1, sumScores: 1)]
        message.latestReactions = [
            Reaction(type: "like", score: 1, userID: "bo", user: ChatUser(id: "bo", name: "Bo"), createdAt: nil, raw: [:])
        ]
        for shows in [true, false] {
            var recorder = Recorder(showsTitles: shows)
            TranscriptRenderer().render(messages: [message], to: &recorder)
            var titles: [String] = []
            var authorTitles: [String?] = []
            func collect(_ view: ViewNode) {
                switch view {
                case .titled(let inner, let title):
                    titles.append(title)
                    collect(inner)
                case .message(let frame):
                    authorTitles.append(frame.authorTitle)
                    (frame.header + frame.body + frame.footer).forEach(collect)
                case .stack(_, let children, _): children.forEach(collect)
                default: break
                }
            }
            recorder.views.forEach(collect)
            #expect(titles == (shows ? ["Bo"] : []))
            #expect(authorTitles == [shows ? "Ada (ada)" : nil])
        }
    }

    @Test func theBuiltInFormatsSayWhetherTheyShowTitles() {
        let options = RenderOptions()
        #expect(HTMLBackend(output: "", options: options).showsTitles)
        #expect(!ANSIBackend(output: "", options: options).showsTitles)
        #expect(!MarkdownBackend(output: "", options: options).showsTitles)
        // Through the format's own backend as well.
        #expect(OutputFormat.allCases.map { $0.makeBackend(output: "", options: options).showsTitles } == [true, false, false])
    }
}
