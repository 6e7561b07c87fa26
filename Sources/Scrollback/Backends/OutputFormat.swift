import Foundation

/// A format Scrollback writes. One value names it, gives its file extension and the names it
/// answers to, and makes its backend, so that a caller renders in any format without a
/// `switch` of its own.
///
/// A format is one folder under `Backends/` and one registration: the folder holds its backend,
/// its own options when it has any (a ``RenderOptions`` property, as ``RenderOptions/ansi``),
/// and its value (`extension OutputFormat { public static let ansi = OutputFormat(...) }`),
/// and ``allCases`` lists it. ``ViewNode/RawOutput`` and the command line's `--format` take it from
/// there.
///
/// ```swift
/// let format = try OutputFormat.named("md")  // .markdown; OutputFormat(path: "chat.md") too
/// var backend = format.makeBackend(output: OutputSink.standardOutput(), options: options)
/// try TranscriptRenderer(options: options).render(path: "export.json", to: &backend)
/// ```
public struct OutputFormat: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The format's name, as `scrollback render --format` takes it: `html`, `ansi`, `markdown`.
    public let name: String
    /// The extension of the files written in this format, without its dot: `html`, `txt`, `md`.
    public let fileExtension: String
    /// The other names the format answers to, in lower case: `htm`; `txt`; `md`. A file whose
    /// extension is the format's name or one of these is read as being in the format.
    public let aliases: [String]
    /// Makes the format's backend.
    private let backend: any BackendMaker

    /// A format called `name`, whose backend `backend` makes: declared in the format's folder.
    init(name: String, fileExtension: String, aliases: [String], backend: some BackendMaker) {
        self.name = name
        self.fileExtension = fileExtension
        self.aliases = aliases
        self.backend = backend
    }

    /// Every format Scrollback writes, in the order lists show them: the one place a format is
    /// registered.
    public static let allCases: [OutputFormat] = [.html, .ansi, .markdown]

    /// The format's ``name``.
    public var description: String { name }

    /// Whether two values are the same format: formats are told apart by name.
    public static func == (lhs: OutputFormat, rhs: OutputFormat) -> Bool { lhs.name == rhs.name }

    /// Hashes the format's name.
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// The format called `name`: its ``name`` or one of its ``aliases``, in any case (`html`,
    /// `HTM`, `md`).
    ///
    /// - Throws: ``UnknownNameError`` for any other name; its description lists the formats.
    public static func named(_ name: String) throws(UnknownNameError) -> OutputFormat {
        guard let format = lookUp(name) else { throw UnknownNameError(name: name) }
        return format
    }

    /// The format that the extension of the file at `path` names, as ``named(_:)`` reads it
    /// (`chat.html`, `notes.MD`, `log.txt`), or `nil` for a path without an extension or with
    /// one no format answers to.
    public init?(path: String) {
        guard let format = Self.lookUp(URL(fileURLWithPath: path).pathExtension) else { return nil }
        self = format
    }

    private static func lookUp(_ name: String) -> OutputFormat? {
        let name = name.lowercased()
        return allCases.first { $0.name == name || $0.aliases.contains(name) }
    }

    /// The formats' names as a sentence lists them, for help texts and messages: `html, ansi or
    /// markdown`.
    public static var choices: String {
        let names = allCases.map(\.name)
        return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }

    /// A backend writing this format to `output`: ``HTMLBackend``, ``ANSIBackend`` or
    /// ``MarkdownBackend``, behind one type that every renderer method takes. Pass an
    /// ``OutputSink`` to write as it goes (a file, standard output), or `""` to gather the
    /// document in a `String` and read it from ``Backend/output`` (tests, snapshots).
    public func makeBackend<Output: TextOutputStream>(output: Output, options: RenderOptions) -> Backend<Output> {
        Backend(backend.makeBackend(output: output, options: options))
    }

    /// The backend of an ``OutputFormat`` (``OutputFormat/makeBackend(output:options:)``): it
    /// writes exactly what the format's own backend writes.
    public struct Backend<Output: TextOutputStream>: TranscriptBackend {
        private var base: any OutputWritingBackend<Output>

        fileprivate init(_ base: any OutputWritingBackend<Output>) { self.base = base }

        /// What the backend was given to write to, with everything written so far: the whole
        /// document, once ended, when it was a `String`.
        public var output: Output { base.output }

        /// Opens the document, as the format's backend does.
        public mutating func begin(_ document: DocumentInfo, header: ViewNode) { base.begin(document, header: header) }

        /// Writes one top-level item of the transcript.
        public mutating func write(_ view: ViewNode) { base.write(view) }

        /// Writes `footer` and closes the document, as the format's backend does.
        public mutating func end(_ summary: DocumentSummary, footer: ViewNode) { base.end(summary, footer: footer) }

        /// Whether the format shows titles, as its backend says.
        public var showsTitles: Bool { base.showsTitles }

        /// Whether the document opens with a search bar, as the format's backend says.
        public var showsSearchBar: Bool { base.showsSearchBar }
    }

    /// A name no format answers to.
    public struct UnknownNameError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The name, as it was given.
        public var name: String

        /// `Unknown format 'pdf'. Use html, ansi or markdown.`
        public var description: String { "Unknown format '\(name)'. Use \(OutputFormat.choices)." }
    }
}

/// A format's own backend, which gives back what it writes to: what ``OutputFormat/Backend`` holds.
protocol OutputWritingBackend<Output>: TranscriptBackend {
    associatedtype Output: TextOutputStream
    var output: Output { get }
}

/// Makes a format's backend, for any output: what a format's value holds.
protocol BackendMaker: Sendable {
    func makeBackend<Output: TextOutputStream>(output: Output, options: RenderOptions) -> any OutputWritingBackend<Output>
}

extension ViewNode.RawOutput {
    /// Output for the formats given, written by their backends as it is, and `fallback` for
    /// the others: `ViewNode.RawOutput([.html: "<kbd>⌘K</kbd>", .markdown: "<kbd>⌘K</kbd>"], fallback: .text("⌘K"))`.
    public init(_ outputs: [OutputFormat: String], fallback: ViewNode = .empty) {
        self.init(texts: Dictionary(uniqueKeysWithValues: outputs.map { ($0.key.name, $0.value) }), fallback: fallback)
    }

    /// The text written as it is in `format`; `nil` where that format draws ``fallback``.
    public subscript(format: OutputFormat) -> String? {
        get { texts[format.name] }
        set { texts[format.name] = newValue }
    }
}
