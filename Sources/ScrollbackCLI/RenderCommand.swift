import Foundation
import Scrollback

/// `scrollback render`: one transcript to HTML, ANSI or Markdown.
struct RenderCommand {
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
        positionals: [PositionalSpec(name: "input", help: "A JSON or NDJSON file, or - for standard input.", defaultDescription: "-")],
        options: [
            .option(
                "format", short: "f", value: "<format>", help: "\(OutputFormat.choices).",
                default: "from the --output extension, else html"),
            .option("output", short: "o", value: "<file>", help: "Write to this file instead of standard output."),
            .option(
                "width", short: "w", value: "<columns>", help: "Line width of ANSI output.",
                default: "the terminal's, else $COLUMNS, else 80"),
            .option(
                "color", value: "<when>", help: "auto, always or never: colour in ANSI output (NO_COLOR is honoured).",
                default: "auto"),
            .option(
                "timezone", value: "<zone>", help: "Time zone of the times shown, e.g. Europe/Paris.",
                default: "the machine's"),
            .option("locale", value: "<locale>", help: "Locale of dates, times and labels, e.g. en_GB, de_DE.", default: "the machine's"),
            .option("me", value: "<user-id>", help: "Show this user's messages as your own."),
            .option("since", value: "<date|id>", help: "Start at this date (2026-03-09 or RFC 3339) or message id."),
            .option("until", value: "<date|id>", help: "End at this date (inclusive) or message id."),
            .option("user", value: "<user-id>", help: "Only this author's messages (repeatable).", repeatable: true),
            .option("output-dir", value: "<directory>", help: "Write one file per channel into this directory, with an index."),
            .option(
                "split", value: "<count>",
                help: "With --output chat.html: at most this many messages per file (chat-001.html, ...), and chat.html as their index."),
            .option("cards", value: "<file>", help: "A card file (JSON) that shows your own attachment types as cards."),
            .option(
                "theme", value: "<name|file>", help: "A built-in theme (see 'scrollback themes') or a theme file.",
                default: "$SCROLLBACK_THEME, else default"),
            .option(
                "appearance", value: "<auto|light|dark>",
                help: "The theme's colours for ANSI output (HTML has both): auto asks the terminal, else reads COLORFGBG, else dark.",
                default: "$SCROLLBACK_APPEARANCE, else auto"),
            .option(
                "hyperlinks", value: "<when>", help: "auto, always or never: clickable links (OSC 8) in ANSI output.",
                default: "auto"),
            .flag("ascii", help: "ANSI output in ASCII only (borders of - | +), for a terminal that cannot show UTF-8."),
            .option(
                "urls", value: "<short|full>",
                help:
                    "ANSI output without hyperlinks: short shows a link's host and lists its URL after the message; full shows whole URLs in place.",
                default: "short"),
            .option(
                "style", value: "<bubbles|compact>", help: "ANSI output: bubbles, or compact (one line per message).", default: "bubbles"),
            .option(
                "timestamps", value: "<last|all>", help: "last: the time on the last message of each group; all: on every message.",
                default: "last"),
            .flag("no-remote-media", help: "HTML: show images and avatars as links, so that opening the page fetches nothing."),
            .flag(
                "search",
                help:
                    "HTML: a search bar that filters messages as you type (from:, on:, before:, after:, has:, in:thread), run by one script the page's policy allows by its hash."
            ),
        ] + mediaOptions + [
            .flag("strict", help: "Stop at the first unusable message instead of skipping it."),
            .flag(
                "single-thread",
                help: "Render on one thread; by default reading and writing run beside the drawing, on about two cores. Same output."),
        ] + ProgressLine.options + [
            .flag("help", short: "h", help: "Show help information.")
        ],
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

    /// The options only one format reads, with that format.
    static let formatOptions: [(name: String, format: OutputFormat)] = [
        ("width", .ansi), ("color", .ansi), ("appearance", .ansi), ("hyperlinks", .ansi), ("ascii", .ansi), ("urls", .ansi),
        ("style", .ansi), ("no-remote-media", .html), ("search", .html), ("media-dir", .html),
    ]

    let tool: ScrollbackTool
    let arguments: ParsedArguments

    func run() -> Int32 {
        let outputPath = arguments.value("output")
        let format: OutputFormat
        if let name = arguments.value("format") {
            do {
                format = try OutputFormat.named(name)
            } catch {
                return tool.usageError(error.description, spec: Self.spec)
            }
        } else {
            format = outputPath.flatMap(OutputFormat.init(path:)) ?? .html
        }
        // An option that another format reads would change nothing here: refused, not ignored.
        for (name, owner) in Self.formatOptions where owner != format && (arguments.has(name) || arguments.value(name) != nil) {
            return tool.usageError(
                "--\(name) is for \(owner.rawValue.uppercased()) output (--format \(owner.rawValue)), not \(format.rawValue).",
                spec: Self.spec)
        }
        var options: RenderOptions
        switch InputOptions.renderOptions(
            arguments, tool: tool, writesToTerminal: outputPath == nil && tool.standardOutputIsTerminal, drawsANSI: format == .ansi)
        {
        case .success(let value): options = value
        case .failure(let error): return tool.usageError(error.message, spec: Self.spec)
        }
        if let name = arguments.value("theme") ?? tool.environment["SCROLLBACK_THEME"].flatMap({ $0.isEmpty ? nil : $0 }) {
            do {
                options.theme = try Theme.named(name)
            } catch {
                if case .unknownTheme = error.problem, error.keyPath.isEmpty {
                    return tool.usageError(
                        "\(error.description.dropFirst(error.file.count + 2)). See 'scrollback themes'.", spec: Self.spec)
                }
                return tool.failure(error.description, status: ThemeCommand.status(for: error))
            }
        }
        // The labels in the locale's language, where Scrollback has them and the theme does not.
        options.theme = options.theme.localized(for: options.locale)
        options.remoteMedia = !arguments.has("no-remote-media")
        options.search = arguments.has("search")
        switch ViewerOptions.hyperlinks(
            arguments.value("hyperlinks"), isTerminal: outputPath == nil && tool.standardOutputIsTerminal,
            environment: tool.environment)
        {
        case .success(let value): options.hyperlinks = value
        case .failure(let error): return tool.usageError(error.message, spec: Self.spec)
        }
        let input = arguments.positionals.first ?? "-"
        var attachmentViews = AttachmentViewRegistry()
        if let cardsPath = arguments.value("cards") {
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
        switch InputOptions.filter(arguments, timeZone: options.timeZone) {
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
        renderer.threading = arguments.has("single-thread") ? .none : .readingAndWriting
        var job = Job(
            renderer: renderer,
            input: input, strict: arguments.has("strict"),
            warnings: InputWarnings(input: input, say: tool.warning), source: scratch?.path)
        // Said once the reading is over, however the command ends (``conclude`` says it before its errors).
        defer { job.warnings.finish() }
        if let directory = arguments.value("output-dir") {
            guard outputPath == nil else {
                return tool.usageError("--output and --output-dir cannot be used together.", spec: Self.spec)
            }
            guard arguments.value("split") == nil else {
                return tool.usageError("--split and --output-dir cannot be used together.", spec: Self.spec)
            }
            return renderDirectory(directory, format: format, job: job)
        }
        if let split = arguments.value("split") {
            guard let count = Int(split), count >= 1 else {
                return tool.usageError("--split takes a whole number of messages, 1 or more, not '\(split)'.", spec: Self.spec)
            }
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
        }
        // An interrupt must not leave the terminal coloured or inside a link.
        let resetsTerminal =
            format == .ansi && files.isEmpty && tool.standardOutputIsTerminal && (options.colorDepth != .none || options.hyperlinks)
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
            var entries: [IndexEntry] = []
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
                            IndexEntry(
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

    mutating func end(_ summary: DocumentSummary, footer: ViewNode) {
        messageCount += summary.messageCount
        base.end(summary, footer: footer)
    }
}

/// Options shared by the commands that render.
enum InputOptions {
    /// `--since`, `--until` and `--user`. A bound that reads as a date (`2026-03-09`, or RFC 3339)
    /// is a date in the chosen zone (a bare day covers the whole day; one the calendar does not
    /// have is a usage error); anything else is a message id.
    static func filter(_ arguments: ParsedArguments, timeZone: TimeZone) -> Result<MessageFilter, UsageError> {
        func bound(_ name: String, endOfDay: Bool) throws(UsageError) -> MessageFilter.Bound? {
            guard let text = arguments.value(name), !text.isEmpty else { return nil }
            if let date = RFC3339.parse(text) { return .date(date) }
            switch day(text, timeZone: timeZone) {
            case .start(let day):
                return .date(endOfDay ? Calendar.gregorian(in: timeZone).date(byAdding: .second, value: 86_399, to: day) ?? day : day)
            case .noSuchDay:
                // The calendar would roll 2026-13-45 over into 2027 without a word.
                throw UsageError(message: "--\(name) \(text): there is no such day (a day is written 2026-03-09).")
            case .notADay:
                return .messageID(text)
            }
        }
        let since: MessageFilter.Bound?
        let until: MessageFilter.Bound?
        do {
            since = try bound("since", endOfDay: false)
            until = try bound("until", endOfDay: true)
        } catch {
            return .failure(error)
        }
        if case .date(let start)? = since, case .date(let end)? = until, start > end {
            return .failure(UsageError(message: "--since is after --until."))
        }
        return .success(MessageFilter(since: since, until: until, userIDs: Set(arguments.values["user"] ?? [])))
    }

    /// What a `yyyy-MM-dd` text names in `timeZone`.
    private enum Day {
        /// The day's midnight.
        case start(Date)
        /// Written as a day, but the calendar has none such (month 13, February 30).
        case noSuchDay
        /// Not written as a day: a message id, say.
        case notADay
    }

    private static func day(_ text: String, timeZone: TimeZone) -> Day {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.map(\.utf8.count) == [4, 2, 2], parts.allSatisfy({ $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }) else {
            return .notADay
        }
        let numbers = parts.compactMap { Int($0) }
        let written = DateComponents(year: numbers[0], month: numbers[1], day: numbers[2])
        let calendar = Calendar.gregorian(in: timeZone)
        guard let start = calendar.date(from: written), calendar.dateComponents([.year, .month, .day], from: start) == written else {
            return .noSuchDay
        }
        return .start(start)
    }

    /// The locale `identifier` names, when its language (and its region, if it has one) is a
    /// known ISO code: Foundation takes any string, and dates and labels would fall back to
    /// English without a word.
    static func knownLocale(_ identifier: String) -> Locale? {
        let locale = Locale(identifier: identifier)
        guard let language = locale.language.languageCode, Locale.LanguageCode.isoLanguageCodes.contains(language) else { return nil }
        if let region = locale.region, !Locale.Region.isoRegions.contains(region) { return nil }
        return locale
    }

    /// The options from the command line and the environment; `drawsANSI`: whether the output
    /// is ANSI, the only one whose appearance is chosen (`--appearance auto` may then ask the
    /// terminal).
    static func renderOptions(
        _ arguments: ParsedArguments, tool: ScrollbackTool, writesToTerminal: Bool, drawsANSI: Bool = true
    ) -> Result<
        RenderOptions, UsageError
    > {
        var options = RenderOptions()
        if let zone = arguments.value("timezone") {
            guard let timeZone = TimeZone(identifier: zone) ?? TimeZone(abbreviation: zone) else {
                return .failure(UsageError(message: "Unknown time zone '\(zone)'. Use an IANA name such as Europe/Paris or UTC."))
            }
            options.timeZone = timeZone
        } else {
            options.timeZone = TimeZone.current
        }
        if let identifier = arguments.value("locale") {
            guard let locale = knownLocale(identifier) else {
                return .failure(
                    UsageError(
                        message:
                            "Unknown locale '\(identifier)'. Use a language code, with a region if you like, such as fr, en_GB or pt-BR."))
            }
            options.locale = locale
        } else if let name = tool.environment["LC_ALL"] ?? tool.environment["LC_TIME"] ?? tool.environment["LANG"],
            !name.isEmpty, name != "C", name != "POSIX"
        {
            options.locale = Locale(identifier: String(name.prefix { $0 != "." && $0 != "@" }))
        }
        if let width = arguments.value("width") {
            guard let columns = Int(width), (20...1000).contains(columns) else {
                return .failure(UsageError(message: "The width must be a whole number from 20 to 1000, not '\(width)'."))
            }
            options.width = columns
        } else if let columns = (writesToTerminal ? tool.terminalWidth : nil) ?? tool.environment["COLUMNS"].flatMap(Int.init),
            (20...1000).contains(columns)
        {
            options.width = columns
        }
        let color = arguments.value("color") ?? "auto"
        guard ["auto", "always", "never"].contains(color) else {
            return .failure(UsageError(message: "Unknown colour choice '\(color)'. Use auto, always or never."))
        }
        // A choice that leaves another without effect is refused, as a format's option is with another format.
        if color == "never", arguments.value("appearance") != nil {
            return .failure(UsageError(message: "--appearance chooses colours, and --color never draws none: give one of them."))
        }
        options.colorDepth = Terminal.colorDepth(choice: color, isTerminal: writesToTerminal, environment: tool.environment)
        options.asciiOnly = arguments.has("ascii") || (writesToTerminal && Terminal.localeCannotShowUTF8(tool.environment))
        // Only ANSI output has one appearance: HTML carries both, Markdown none, so there
        // SCROLLBACK_APPEARANCE is not read (and `--appearance` was refused with the format).
        if drawsANSI {
            switch Appearance.isDark(
                choice: arguments.value("appearance"), environment: tool.environment,
                // Without colour the appearance changes nothing: the terminal is not asked.
                isTerminal: writesToTerminal && options.colorDepth != .none, queryBackground: tool.queryTerminalBackground)
            {
            case .success(let dark): options.darkAppearance = dark
            case .failure(let error): return .failure(error)
            }
        }
        options.currentUserID = arguments.value("me")
        let urls = arguments.value("urls") ?? "short"
        guard let display = URLDisplay(rawValue: urls) else {
            return .failure(UsageError(message: "Unknown URL choice '\(urls)'. Use short or full."))
        }
        options.urls = display
        let style = arguments.value("style") ?? "bubbles"
        guard let terminalStyle = TerminalStyle(rawValue: style) else {
            return .failure(UsageError(message: "Unknown style '\(style)'. Use bubbles or compact."))
        }
        options.style = terminalStyle
        if terminalStyle == .compact, arguments.value("timestamps") != nil {
            return .failure(UsageError(message: "--timestamps changes nothing with --style compact: every line starts with its time."))
        }
        let timestamps = arguments.value("timestamps") ?? "last"
        guard let display = TimestampDisplay(rawValue: timestamps) else {
            return .failure(UsageError(message: "Unknown timestamps choice '\(timestamps)'. Use last or all."))
        }
        options.timestamps = display
        return .success(options)
    }
}

extension Calendar {
    static func gregorian(in timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }
}
