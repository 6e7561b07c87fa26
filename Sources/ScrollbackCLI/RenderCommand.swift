import Foundation
import Scrollback

/// `scrollback render`: one transcript to HTML, ANSI or Markdown.
struct RenderCommand: Command {
    static let spec = CommandSpec(
        name: "render",
        abstract: "Render a transcript as HTML, ANSI terminal text or Markdown.",
        discussion: """
            The input may be a channel export, a list of channels, a list of messages, one message, \
            NDJSON of any of those, or Stream's import/export entity file (as an array or NDJSON); \
            the shape is detected. Unusable messages are skipped with a \
            warning on standard error (--strict stops instead); past 20 warnings the rest \
            are counted, and 'scrollback validate' lists them all.

            Files (--output, --output-dir, --split) are replaced only by a render that succeeds: \
            each is written to a hidden temporary file beside it and renamed into place when the \
            whole set is done. A render that fails (bad input, a write error, an interrupt) leaves \
            existing files as they were and removes its temporary files, and an input with no \
            message to show replaces no file either. An input cut short still gives what could be \
            read, ending with a line saying where it stops, on standard output or in files that do \
            not exist yet.

            A card file (--cards) shows your own attachment types as cards: JSON with "version": 1 \
            and "cards" keyed by attachment type, each with an "icon", a "title" and optionally \
            "subtitle", "fields", "link", "quote" and "axis"; texts take {field} placeholders, as in \
            "title": "{activity}, {distance_km} km". A card file that cannot be read exits 1; one \
            with a mistake exits 65, naming the key path (cards.workout.link.url) and the problem.
            """,
        positionals: [.input],
        options: Options(), formats: OutputFormat.allCases,
        examples: [
            ("A web page of a channel export:", "scrollback render chat.json -o chat.html"),
            (
                "The transcript in colour, for a terminal or a pipe to less -R:",
                "scrollback render chat.json -f ansi --color always | less -R"
            ),
            (
                "Markdown of one week, one author:",
                "scrollback render chat.json -f markdown --since 2026-03-09 --until 2026-03-15 --user maya"
            ),
            ("One page per channel, with an index:", "scrollback render export.json --output-dir site"),
            (
                "An offline archive, the media saved beside the page:",
                "scrollback render chat.json -o site/chat.html --media-dir site/media"
            ),
        ]
    )

    /// What every way of rendering shares: the renderer and how reading problems are reported.
    struct Job {
        var renderer: TranscriptRenderer
        let input: String
        let strict: Bool
        /// Where reading problems are said (the first twenty, then a count).
        let warnings: InputWarnings
        /// Where the input is read from when not from `input` itself: a copy of standard input
        /// that `--media-dir` reads once more.
        var source: String? = nil

        /// The path the renderer reads.
        var readPath: String { source ?? input }

        /// Hears each reading problem.
        var report: (ReadWarning) -> Void { warnings.add }
    }

    /// The command's options, in the order help lists them: the output, those shared with
    /// `view`, then the HTML page's, the media's and the way the work is run.
    struct Options: OptionGroup {
        let format = Option<OutputFormat>(
            "format", short: "f", value: "<format>", help: "\(OutputFormat.choices).", default: "from the --output extension, else html",
            choices: OutputFormat.allCases.map(\.name)
        ) { name throws(UsageError) in
            do throws(OutputFormat.UnknownNameError) {
                return try OutputFormat.named(name)
            } catch {
                throw UsageError(message: error.description)
            }
        }
        let output = Option<String>(
            "output", short: "o", value: "<file>", help: "Write to this file instead of standard output.", completes: .file)
        let outputDirectory = Option<String>(
            "output-dir", value: "<directory>",
            help: "Write one file per channel into this directory, with an index and links between them.",
            completes: .directory)
        let split = Option<Int>(
            "split", value: "<count>",
            help: "With --output chat.html: at most this many messages per file (chat-001.html, ...), and chat.html as their index."
        ) { text throws(UsageError) in
            guard let count = Int(text), count >= 1 else {
                throw UsageError(message: "--split takes a whole number of messages, 1 or more, not '\(text)'.")
            }
            return count
        }
        let cards = Option<String>(
            "cards", value: "<file>", help: "A card file (JSON) that shows your own attachment types as cards.", completes: .file)
        let transcript = TranscriptOptions()
        let noRemoteMedia = Flag(
            "no-remote-media", help: "Show images and avatars as links, so that opening the page fetches nothing.", format: .html)
        let search = Flag(
            "search",
            help:
                "A search bar that filters messages as you type (from:, on:, before:, after:, has:, in:thread), run by one script the page's policy allows by its hash.",
            format: .html)
        let media = MediaOptions()
        let singleThread = Flag(
            "single-thread",
            help: "Render on one thread; by default reading and writing run beside the drawing, on about two cores. Same output.")
        let progressLine = ProgressLine.Options()

        var declarations: [any OptionDeclaration] {
            [format, output, outputDirectory, split, cards, transcript, noRemoteMedia, search, media, singleThread, progressLine]
        }
    }

    /// A file or a folder gets the document: standard output gets none, and the progress line
    /// may show on a terminal.
    static func progressLine(_ arguments: ParsedArguments<Options>) -> ProgressLine.Request? {
        let toStandardOutput = (arguments[\.output] ?? "-") == "-" && arguments[\.outputDirectory] == nil
        return ProgressLine.Request(arguments.group(\.progressLine), documentOnStandardOutput: toStandardOutput)
    }

    let tool: ScrollbackTool
    let arguments: ParsedArguments<Options>

    func run() -> Int32 {
        let outputPath = arguments[\.output]
        let format = arguments[\.format] ?? outputPath.flatMap(OutputFormat.init(path:)) ?? .html
        // An option that another format reads would change nothing here: refused, not ignored.
        if let option = arguments.option(ofAnotherFormatThan: format), let owner = option.format {
            return tool.usageError(
                "\(option.flagName) is for \(owner.name.uppercased()) output (--format \(owner.name)), not \(format.name).", spec: Self.spec
            )
        }
        let transcript = arguments.group(\.transcript)
        var options: RenderOptions
        switch TranscriptOptions.renderOptions(
            transcript, tool: tool, writesToTerminal: outputPath == nil && tool.standardOutputIsTerminal, drawsANSI: format == .ansi)
        {
        case .success(let value): options = value
        case .failure(let failure): return tool.report(failure, spec: Self.spec)
        }
        options.html.remoteMedia = !arguments[\.noRemoteMedia]
        options.html.search = arguments[\.search]
        // No file with the keyboard as standard input is a forgotten argument, not a wish to
        // type JSON: say so rather than wait. An explicit `-` still reads the terminal.
        if arguments.positionals.isEmpty, tool.standardInputIsTerminal {
            return tool.usageError("render needs a file, '-' or a transcript piped in: standard input is the terminal.", spec: Self.spec)
        }
        let input = arguments.positionals.first ?? "-"
        var attachmentViews = AttachmentViewRegistry()
        if let cardsPath = arguments[\.cards] {
            if cardsPath == "-" && input == "-" {
                return tool.usageError("The card file and the input cannot both be standard input.", spec: Self.spec)
            }
            do {
                attachmentViews.register(cardFile: try CardFile.load(path: cardsPath))
            } catch {
                return tool.failure(error.description, status: Self.status(for: error))
            }
        }

        // Said before any output is prepared, in the words every command uses.
        if input != "-", access(input, R_OK) != 0 {
            return tool.failure("cannot read \(input): \(String(cString: strerror(errno)))", status: ScrollbackTool.ExitCode.failure)
        }
        let filter: MessageFilter
        switch TranscriptOptions.filter(transcript, timeZone: options.timeZone) {
        case .success(let value): filter = value
        case .failure(let error): return tool.usageError(error.message, spec: Self.spec)
        }
        // `--media-dir` downloads before the page is rendered; without it nothing is fetched.
        var scratch: ScratchInput?
        let mediaRenderer = TranscriptRenderer(options: options, attachmentViews: attachmentViews, filter: filter)
        if let status = prepareMedia(&options, input: input, renderer: mediaRenderer, scratch: &scratch) { return status }
        defer { withExtendedLifetime(scratch) {} }
        // Two passes (threads need the whole input first); each warning is reported once.
        var renderer = TranscriptRenderer(options: options, attachmentViews: attachmentViews, filter: filter)
        if let line = tool.progressLine { renderer.progress = RenderProgressDisplay(line: line).report }
        renderer.threading = arguments[\.singleThread] ? .none : .readingAndWriting
        var job = Job(
            renderer: renderer,
            input: input, strict: transcript[\.strict],
            warnings: InputWarnings(input: input, say: tool.warning), source: scratch?.path)
        // Said once the reading is over, however the command ends (``conclude`` says it before its errors).
        defer { job.warnings.finish() }
        if let directory = arguments[\.outputDirectory] {
            guard outputPath == nil else {
                return tool.usageError("--output and --output-dir cannot be used together.", spec: Self.spec)
            }
            guard arguments[\.split] == nil else {
                return tool.usageError("--split and --output-dir cannot be used together.", spec: Self.spec)
            }
            return renderDirectory(directory, format: format, job: job)
        }
        if let count = arguments[\.split] {
            guard let outputPath, outputPath != "-" else {
                return tool.usageError("--split writes several files: name them with --output, e.g. --output chat.html.", spec: Self.spec)
            }
            return renderPages(count, output: outputPath, format: format, job: job)
        }
        let files = OutputFiles()
        let sink: OutputSink
        if let outputPath, outputPath != "-" {
            do {
                sink = try files.open(outputPath)
            } catch {
                return tool.failure("\(error)", status: ScrollbackTool.ExitCode.failure)
            }
        } else {
            sink = tool.standardOutput
            // Terminal text for an 8-bit locale is written in its bytes.
            if format == .ansi { sink.charset = options.ansi.charset }
        }
        // An interrupt must not leave the terminal coloured or inside a link.
        let resetsTerminal =
            format == .ansi && files.isEmpty && tool.standardOutputIsTerminal
            && (options.ansi.colorDepth != .none || options.ansi.hyperlinks)
        if resetsTerminal {
            InterruptCleanup.resetsTerminal(true)
            // The reset must be the last thing the terminal gets: no writing thread may go on
            // after the handler. Reading ahead writes nothing, so it stays.
            if job.renderer.threading == .readingAndWriting { job.renderer.threading = .readingOnly }
        }
        let rendering = renderDocument(format.makeBackend(output: sink, options: options), job: job)
        if resetsTerminal { InterruptCleanup.resetsTerminal(false) }
        if files.isEmpty {
            sink.flush()
            if rendering.readError == nil, let code = sink.failure {
                return tool.failure(
                    "cannot write standard output: \(String(cString: strerror(code)))",
                    status: ScrollbackTool.ExitCode.failure)
            }
        }
        return conclude(rendering, files: files, job: job, keptAsTheyWere: "\(outputPath ?? "-") left as it was")
    }

    /// What a rendering gave: the files written (index last), how many messages they show, and
    /// the read error that cut the input short, if one did.
    struct Rendering {
        var paths: [String] = []
        var messageCount = 0
        var readError: ReadError?
    }

    /// One document: a read error is returned with the rest, not thrown.
    private func renderDocument<Backend: TranscriptBackend>(_ backend: Backend, job: Job) -> Rendering {
        var recording = RecordingBackend(backend)
        do throws(ReadError) {
            try job.renderer.render(path: job.readPath, strict: job.strict, onWarning: job.report, to: &recording)
            return Rendering(messageCount: recording.messageCount)
        } catch {
            return Rendering(messageCount: recording.messageCount, readError: error)
        }
    }

    /// Puts the files in place or not, reports, and gives the exit status. An input with a
    /// problem never replaces a file that exists:
    ///
    /// - the rendering succeeded: every file goes in place at once (0);
    /// - a read error cut the input short: what could be read is written as standard output
    ///   would show it (ending with the line that says where the transcript stops), but only
    ///   where it replaces nothing: no destination exists yet and some message is shown (65,
    ///   or 1 for an input that could not be read);
    /// - no message to show, and no filter to blame (garbage that still parsed, a user, an
    ///   empty list, every message skipped): written where it replaces nothing, as standard
    ///   output shows it (0, the reader having warned); refused where a file exists (65).
    ///
    /// A write error touches nothing and gives 1.
    private func conclude(_ rendering: Rendering, files: OutputFiles, job: Job, keptAsTheyWere: String) -> Int32 {
        job.warnings.finish()
        let replaces = files.replacesExistingFiles
        if let error = rendering.readError {
            // An input that cannot be opened names itself in the error already.
            let message: String
            if case .io = error { message = "\(error)" } else { message = "\(job.input): \(error)" }
            guard !files.isEmpty, rendering.messageCount > 0, !replaces else {
                files.discard()
                let status = tool.failure(message, status: Self.status(for: error))
                if replaces { tool.warning("\(keptAsTheyWere): a render that fails replaces no file") }
                return status
            }
            let status = tool.failure(message, status: Self.status(for: error))
            return commit(files, paths: rendering.paths) ?? status
        }
        if rendering.messageCount == 0, job.renderer.filter.isEmpty, replaces {
            files.discard()
            let status = tool.failure("\(job.input): no message to show", status: ScrollbackTool.ExitCode.dataError)
            tool.warning("\(keptAsTheyWere): a render that shows no message replaces no file")
            return status
        }
        return commit(files, paths: rendering.paths) ?? ScrollbackTool.ExitCode.success
    }

    /// Renames the files into place and lists `paths` on standard output; the exit status of
    /// a failure, or `nil`.
    private func commit(_ files: OutputFiles, paths: [String]) -> Int32? {
        do {
            try files.commit()
        } catch {
            files.discard()
            return tool.failure("\(error)", status: ScrollbackTool.ExitCode.failure)
        }
        tool.progressLine?.clear() // standard output may be the same terminal
        if !paths.isEmpty { tool.standardOutput.write(paths.map { $0 + "\n" }.joined()) }
        return nil
    }

    /// `--output-dir`: a file per channel and an index, named after the format.
    private func renderDirectory(_ directory: String, format: OutputFormat, job: Job) -> Int32 {
        let options = job.renderer.options
        let output = OutputDirectory(directory: directory, fileExtension: format.fileExtension, options: options)
        let files = OutputFiles()
        let rendering: Rendering
        do {
            try files.makeDirectory(directory)
            rendering = try output.render(job, into: files) { format.makeBackend(output: $0, options: options) }
        } catch {
            files.discard()
            return tool.failure("\(error)", status: ScrollbackTool.ExitCode.failure)
        }
        return conclude(rendering, files: files, job: job, keptAsTheyWere: "the files in \(directory) left as they were")
    }

    /// `--split`: `chat.html` becomes the index of `chat-001.html`, `chat-002.html`, ... beside it.
    private func renderPages(_ messagesPerPage: Int, output: String, format: OutputFormat, job: Job) -> Int32 {
        let options = job.renderer.options
        let directory = (output as NSString).deletingLastPathComponent
        let names = PageNames(indexFileName: (output as NSString).lastPathComponent, fileExtension: format.fileExtension)
        func path(_ name: String) -> String { directory.isEmpty ? name : (directory as NSString).appendingPathComponent(name) }
        let files = OutputFiles()
        func write() throws -> Rendering {
            var sink: OutputSink?
            var rendering = Rendering()
            var title: String?
            var entries: [ViewFactory.IndexEntry] = []
            do {
                try job.renderer.renderPages(
                    path: job.readPath, strict: job.strict, onWarning: job.report, names: names,
                    messagesPerPage: messagesPerPage,
                    makeBackend: { page in
                        let opened = try files.open(path(names.fileName(ofPage: page)))
                        sink = opened
                        return RecordingBackend(format.makeBackend(output: opened, options: options))
                    },
                    completed: { backend, page, summary in
                        if let opened = sink { try files.close(opened) }
                        sink = nil
                        title = title ?? backend.info?.title
                        rendering.paths.append(path(names.fileName(ofPage: page)))
                        rendering.messageCount += summary.messageCount
                        entries.append(
                            ViewFactory.IndexEntry(
                                fileName: names.fileName(ofPage: page),
                                title: options.theme.string(.page, String(page)), summary: summary, channels: summary.channels))
                    })
            } catch let error as ReadError {
                // The pages so far end with the line that says where the transcript stops.
                rendering.readError = error
            }
            let indexSink = try files.open(output)
            var index = format.makeBackend(output: indexSink, options: options)
            job.renderer.renderIndex(of: entries, title: title ?? options.theme.string(.untitled), to: &index)
            try files.close(indexSink)
            rendering.paths.append(output)
            return rendering
        }
        let rendering: Rendering
        do {
            rendering = try write()
        } catch {
            files.discard()
            return tool.failure("\(error)", status: ScrollbackTool.ExitCode.failure)
        }
        return conclude(rendering, files: files, job: job, keptAsTheyWere: "\(output) and its pages left as they were")
    }

    /// A card file that cannot be read is 1; one read and found wrong is bad data (65).
    static func status(for error: ConfigurationError) -> Int32 {
        error.isUnreadable ? ScrollbackTool.ExitCode.failure : ScrollbackTool.ExitCode.dataError
    }

    /// Broken or unusable data is the input's fault (65); a file that cannot be read is not (1).
    static func status(for error: ReadError) -> Int32 {
        if case .io = error { return ScrollbackTool.ExitCode.failure }
        return ScrollbackTool.ExitCode.dataError
    }
}

/// A backend that passes everything on and keeps what the renderer told it: the document's
/// title and how many messages it shows (known at its end, also after a read error).
///
/// It writes behind when its base does, keeping its records on the writing thread: the
/// renderer gives the backend back at the end of each document, before they are read.
struct RecordingBackend<Base: TranscriptBackend>: TranscriptBackend {
    var base: Base
    private(set) var info: DocumentInfo?
    private(set) var messageCount = 0

    init(_ base: Base) { self.base = base }

    mutating func begin(_ document: DocumentInfo, header: ViewNode) {
        info = document
        base.begin(document, header: header)
    }

    mutating func write(_ view: ViewNode) { base.write(view) }

    var showsTitles: Bool { base.showsTitles }

    var showsSearchBar: Bool { base.showsSearchBar }

    mutating func end(_ summary: DocumentSummary, footer: ViewNode) {
        messageCount += summary.messageCount
        base.end(summary, footer: footer)
    }
}

extension RecordingBackend: WritesBehind where Base: WritesBehind {}
