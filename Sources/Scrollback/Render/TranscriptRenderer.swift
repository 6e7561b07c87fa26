import Foundation

/// Renders a transcript from a reader into a backend, one message at a time:
/// reader → layout → view factory → backend.
public struct TranscriptRenderer: Sendable {
    /// The time zone, locale, width, colour depth, theme and the reader's own user id.
    public var options: RenderOptions
    /// What turns each part of the transcript into views; `ViewFactory()`, the defaults, unless
    /// the app brings its own.
    public var factory: ViewFactory
    /// What decides the kind of each attachment and message; ``DefaultMessageTypeResolver``
    /// unless the app brings its own.
    public var resolver: any MessageTypeResolving
    /// How the app's own attachment kinds are drawn.
    public var attachmentViews: AttachmentViewRegistry
    /// Which messages to show.
    public var filter: MessageFilter
    /// Hears how far the two passes of ``render(path:strict:onWarning:to:)``,
    /// ``renderEachChannel(path:strict:onWarning:names:makeBackend:completed:)`` and
    /// ``renderPages(path:strict:onWarning:names:messagesPerPage:makeBackend:completed:)`` have
    /// got, every ``RenderProgress/interval`` messages and at the end of each pass, on the
    /// rendering thread. It changes nothing in the output; `nil` (the default) costs a mask test
    /// per message, nothing measurable.
    public var progress: (@Sendable (RenderProgress) -> Void)? = nil
    /// Which steps run on threads of their own beside the calling thread: none unless asked
    /// for, so that a rendering uses only the caller's thread and leaves its scheduling alone.
    /// The output is the same bytes whichever is chosen.
    public var threading = Threading.none
    /// Whether the render pass steps over the thread replies already drawn with nothing to
    /// report (``CleanReplies``) rather than decode them again. The output is the same bytes,
    /// and the warnings the same, either way: tests turn it off to check that.
    var skimsCleanReplies = true

    /// The fewest messages a document of several (`--output-dir`, `--split`) needs for its
    /// output to be written on a thread of its own.
    static let shortestThreadedDocument = 256

    /// Where the steps of a rendering run.
    public enum Threading: Sendable {
        /// Each pass reads on a thread of its own, ahead of the drawing; a built-in backend
        /// (``HTMLBackend``, ``ANSIBackend``, ``MarkdownBackend`` or an ``OutputFormat``'s)
        /// writing to an ``OutputSink`` turns views into bytes on another, behind it: a
        /// rendering uses about two cores. Any other backend (an app's own) gets every call on
        /// the calling thread. The calling thread's scheduling is left as it is.
        case readingAndWriting
        /// Reading runs ahead on its own thread; views become bytes on the calling thread, so
        /// nothing is written once that thread stops (a terminal's reset on an interrupt must
        /// come last).
        case readingOnly
        /// Everything on the calling thread, its scheduling untouched: the default, and the
        /// choice for a process that is one of many sharing the cores.
        case none

        var readsAhead: Bool { self != .none }
        var writesBehind: Bool { self == .readingAndWriting }
    }

    /// The app's components come in here, as values: no global state to set up.
    public init(
        options: RenderOptions = .default, factory: ViewFactory = ViewFactory(),
        resolver: any MessageTypeResolving = DefaultMessageTypeResolver(),
        attachmentViews: AttachmentViewRegistry = AttachmentViewRegistry(), filter: MessageFilter = MessageFilter()
    ) {
        self.options = options
        self.factory = factory
        self.resolver = resolver
        self.attachmentViews = attachmentViews
        self.filter = filter
    }

    /// Reads every event and writes the document, in one pass: thread replies stay where the
    /// input has them, marked as replies, and every quoted message is assumed present. Rendering
    /// itself never fails; reading may. Use ``render(path:strict:onWarning:to:)``, or pass a
    /// ``TranscriptIndex``, to show threads under their first message.
    @discardableResult
    public func render<Backend: TranscriptBackend>(_ reader: inout TranscriptReader, to backend: inout Backend) throws(ReadError)
        -> DocumentSummary
    {
        try render(&reader, index: nil, to: &backend)
    }

    /// Reads every event and writes the document, with what an earlier reading of the same
    /// input found (``TranscriptIndex``): replies show under their thread's first message,
    /// quotes link only to messages in the document, channel headers give their dates.
    ///
    /// The index must come from the same input, read with the same ``filter``.
    @discardableResult
    public func render<Backend: TranscriptBackend>(
        _ reader: inout TranscriptReader, index: TranscriptIndex?,
        to backend: inout Backend
    ) throws(ReadError) -> DocumentSummary {
        reader.cleanReplies = skimsCleanReplies ? index?.cleanReplies : nil
        return try renderDocument(&reader, index: index, to: &backend)
    }

    /// The one document of ``render(_:index:to:)``, from either kind of event source.
    private func renderDocument<Backend: TranscriptBackend>(
        _ reader: inout some TranscriptEventSource, index: TranscriptIndex?,
        to backend: inout Backend
    ) throws(ReadError) -> DocumentSummary {
        // The one document takes the caller's backend and gives it back when it closes.
        var lent: Backend? = backend
        var summary: DocumentSummary?
        do {
            try run(
                &reader, index: index, plan: WholeDocument.init, open: { _ in lent.take()! },
                close: { finished, _, documentSummary in
                    backend = finished
                    summary = documentSummary
                })
        } catch let error as ReadError {
            throw error
        } catch {
            preconditionFailure("only reading throws here: \(error)")
        }
        return summary!
    }

    /// Renders the file at `path`, or standard input for `"-"`, in two passes: the first builds
    /// a ``TranscriptIndex`` (threads, the messages present, each channel's dates), the second
    /// writes the document. Standard input, and anything else that cannot be read twice (a
    /// pipe), is first copied to a scratch file, which is gone when this returns.
    ///
    /// `onWarning` hears each problem once, in input order, from the second pass (the first one
    /// reads only what the index needs, and stays silent), after any message id or author of the
    /// ``filter``, or ``RenderOptions/currentUserID``, that no message of the input has; with
    /// `strict`, the first problem stops the rendering instead.
    @discardableResult
    public func render<Backend: TranscriptBackend>(
        path: String, strict: Bool = false,
        onWarning: @escaping (ReadWarning) -> Void = { _ in },
        to backend: inout Backend
    ) throws(ReadError) -> DocumentSummary {
        try render(
            path: path, strict: strict, onWarning: onWarning, temporaryDirectory: TemporaryFile.defaultDirectory,
            standardInput: STDIN_FILENO, to: &backend)
    }

    /// `temporaryDirectory` and `standardInput` are there for tests.
    func render<Backend: TranscriptBackend>(
        path: String, strict: Bool, onWarning: @escaping (ReadWarning) -> Void,
        temporaryDirectory: String, standardInput: Int32,
        to backend: inout Backend
    ) throws(ReadError) -> DocumentSummary {
        let input = try RereadableInput(path: path, temporaryDirectory: temporaryDirectory, standardInput: standardInput)
        input.asOf = options.asOf
        input.history = options.history
        var (index, second) = try passes(over: input, strict: strict, onWarning: onWarning, directory: temporaryDirectory)
        return try renderDocument(&second, index: index, to: &backend)
    }

    /// The two passes over `input`: the index pass, run to its end, and the render pass's
    /// events, ready to be drawn. Each pass reads on a thread of its own, ahead of the thread
    /// that uses what it read (unless ``threading`` is ``Threading/none``).
    private func passes(
        over input: RereadableInput, strict: Bool, onWarning: @escaping (ReadWarning) -> Void,
        directory: String = TemporaryFile.defaultDirectory, messagesPerPage: Int? = nil, perChannel: Bool = false
    ) throws(ReadError) -> (TranscriptIndex, PrefetchedEvents) {
        var first = input.indexingEvents(threaded: threading.readsAhead, strict: strict, progress: progress)
        let index = try TranscriptIndex(
            reading: &first, filter: filter, directory: directory, messagesPerPage: messagesPerPage, perChannel: perChannel,
            currentUserID: options.currentUserID)
        let second = input.renderingEvents(
            threaded: threading.readsAhead, strict: strict, onWarning: onWarning, after: first,
            cleanReplies: skimsCleanReplies && !index.replies.isEmpty ? index.cleanReplies : nil,
            progress: progress)
        // Said before the drawing starts, through the reader's channel and `strict` rule.
        try second.warnings.report(index.filterWarnings)
        return (index, second)
    }

    /// Renders each channel of the input at `path` as a document of its own (`--output-dir`):
    /// `makeBackend` is asked for a backend when a channel starts (`nil` for messages before any
    /// channel), with the name `names` gives its file, and `completed` gets it back with its
    /// summary when the channel ends. Each channel's document starts and ends with links to the
    /// previous channel's file, the index (``ChannelFileNames/indexFileName``) and the next
    /// one's; a quote of a message in another channel links to that channel's file. Two passes,
    /// as ``render(path:strict:onWarning:to:)``.
    public func renderEachChannel<Backend: TranscriptBackend>(
        path: String, strict: Bool = false, onWarning: @escaping (ReadWarning) -> Void = { _ in },
        names: ChannelFileNames,
        makeBackend: (_ channel: ChatChannel?, _ fileName: String) throws -> Backend,
        completed: (_ backend: inout Backend, _ channel: ChatChannel?, _ summary: DocumentSummary) throws -> Void
    ) throws {
        let input = try RereadableInput(path: path, temporaryDirectory: TemporaryFile.defaultDirectory, standardInput: STDIN_FILENO)
        input.asOf = options.asOf
        input.history = options.history
        var (index, reader) = try passes(over: input, strict: strict, onWarning: onWarning, perChannel: true)
        let fileNames = names.fileNames(of: index, options: options)
        try run(
            &reader, index: index, plan: { ChannelDocuments($0, names: names, fileNames: fileNames) },
            open: { document in try makeBackend(document.channel, ChannelDocuments.fileName(of: document, in: fileNames, names: names)) },
            close: { backend, document, summary in try completed(&backend, document.channel, summary) })
    }

    /// Renders the input at `path` as pages of at most `messagesPerPage` messages (`--split`):
    /// a page counts the messages of the channel flow, and each one's thread goes with it.
    /// `makeBackend` is asked for each page's backend in turn (numbered from 1), `completed`
    /// gets it back, with the page's summary, when the page is closed. Each page starts and ends
    /// with links to the previous page, the index (`names.indexFileName`) and the next page;
    /// quotes of a message on another page link to that page. Two passes, as
    /// ``render(path:strict:onWarning:to:)``; at least one page is written.
    ///
    /// Returns what the caller needs for the index: the title and each page's summary.
    @discardableResult
    public func renderPages<Backend: TranscriptBackend>(
        path: String, strict: Bool = false, onWarning: @escaping (ReadWarning) -> Void = { _ in },
        names: PageNames, messagesPerPage: Int,
        makeBackend: (_ page: Int) throws -> Backend,
        completed: (_ backend: inout Backend, _ page: Int, _ summary: DocumentSummary) throws -> Void
    ) throws -> (info: DocumentInfo, pages: [DocumentSummary]) {
        let input = try RereadableInput(path: path, temporaryDirectory: TemporaryFile.defaultDirectory, standardInput: STDIN_FILENO)
        input.asOf = options.asOf
        input.history = options.history
        var (index, reader) = try passes(over: input, strict: strict, onWarning: onWarning, messagesPerPage: messagesPerPage)
        let pages = try run(
            &reader, index: index, plan: { PageDocuments($0, index: index, names: names) }, open: makeBackend, close: completed)
        return (pages.setup.info, pages.summaries)
    }

    /// The one rendering loop: events from `reader` go through the layout to the factory and
    /// into the backend of the document they belong to; the plan `makePlan` makes from what
    /// the first event shows decides where documents begin and what each writes first and
    /// last, `open` makes a document's backend and `close` takes it back with the document's
    /// summary. What was read before a read error still renders, and the document says where
    /// it stops. Returns the plan, which holds what the caller may need (the pages' summaries).
    @discardableResult
    private func run<Plan: DocumentPlan, Backend: TranscriptBackend>(
        _ reader: inout some TranscriptEventSource, index: TranscriptIndex?, plan makePlan: (DocumentSetup) -> Plan,
        open: (Plan.Part) throws -> Backend, close: (inout Backend, Plan.Part, DocumentSummary) throws -> Void
    ) throws -> Plan {
        var events = MembersFromIndex(index: index)
        var event = try events.next(from: &reader)
        let setup = DocumentSetup(
            options: options, index: index, first: event, shape: reader.shape, namesChannels: Plan.namesChannels)
        var session = Session(renderer: self, index: index, showsChannelNames: setup.showsChannelNames)
        let plan = makePlan(setup)
        var document: OpenDocument<Plan.Part, Backend>?
        if let part = plan.firstPart {
            document = try begin(
                part, of: plan, session: &session, soFar: (reader.skippedMessageCount, reader.hardDeletedMessageCount), open: open)
        }
        do {
            while let next = event {
                let admitted = session.admits(next)
                let nextChannel = session.channelNumber + 1
                if let part = plan.part(openedBy: next, admitted: admitted, current: document?.part, nextChannel: nextChannel) {
                    try end(&document, of: plan, session: &session, reader: &reader, reporting: true, close: close)
                    document = try begin(
                        part, openedBy: next, of: plan, session: &session,
                        soFar: (reader.skippedMessageCount, reader.hardDeletedMessageCount), open: open)
                }
                session.add(next, admitted: admitted, to: &document!.backend)
                try reader.warnings.report(session.context.problems.drain())
                event = try events.next(from: &reader)
            }
        } catch let error as ReadError {
            if document != nil {
                session.writeStop(because: error, to: &document!.backend)
                try end(&document, of: plan, session: &session, reader: &reader, reporting: false, close: close)
            }
            throw error
        }
        try end(&document, of: plan, session: &session, reader: &reader, reporting: true, close: close)
        return plan
    }

    /// Opens `part`'s document: its backend, writing on a thread of its own when the document
    /// is long enough, and what the plan writes first. `event` opened it (`nil` for the first
    /// part); `soFar` is the reader's counts of skipped and hard-deleted messages, which the
    /// document's summary counts from.
    private func begin<Plan: DocumentPlan, Backend: TranscriptBackend>(
        _ part: Plan.Part, openedBy event: TranscriptEvent? = nil, of plan: Plan, session: inout Session,
        soFar: (skipped: Int, hardDeleted: Int), open: (Plan.Part) throws -> Backend
    ) throws -> OpenDocument<Plan.Part, Backend> {
        // A short document is written on this thread: a writer thread (and its allocator
        // arena) costs more than it saves there, and an `--output-dir` of thousands of small
        // channels, or `--split 1`, started one per file.
        let messages = plan.messageCount(of: part, nextChannel: session.channelNumber + 1)
        let threaded = threading.writesBehind && (messages ?? .max) >= TranscriptRenderer.shortestThreadedDocument
        var backend = BackendThread(try open(part), threaded: threaded)
        session.context.showsTitles = backend.showsTitles
        plan.begin(part, openedBy: event, session: &session, to: &backend)
        let earlier = Plan.countsEarlierSkips ? (0, 0) : soFar
        return OpenDocument(backend: backend, part: part, skippedBefore: earlier.0, hardDeletedBefore: earlier.1)
    }

    /// Closes the open document, if there is one: what the plan writes last, the problems met
    /// while drawing it (unless not `reporting`: the reading failed), then its backend goes
    /// back through `close` with its summary.
    private func end<Plan: DocumentPlan, Backend: TranscriptBackend>(
        _ document: inout OpenDocument<Plan.Part, Backend>?, of plan: Plan, session: inout Session,
        reader: inout some TranscriptEventSource, reporting: Bool, close: (inout Backend, Plan.Part, DocumentSummary) throws -> Void
    ) throws {
        guard var closing = document.take() else { return }
        session.hardDeletedMessageCount = reader.hardDeletedMessageCount - closing.hardDeletedBefore
        let summary = plan.end(
            closing.part, skippedMessageCount: reader.skippedMessageCount - closing.skippedBefore, session: &session,
            to: &closing.backend)
        if reporting { try reader.warnings.report(session.context.problems.drain()) }
        var finished = closing.backend.finish()
        try close(&finished, closing.part, summary)
    }

    /// An index document (`--output-dir`, `--split`): `title`, an entry per file, and a summary
    /// of them all, every part from the factory.
    public func renderIndex<Backend: TranscriptBackend>(of entries: [ViewFactory.IndexEntry], title: String, to backend: inout Backend) {
        var session = Session(renderer: self, index: nil)
        session.context.showsTitles = backend.showsTitles
        session.begin(DocumentInfo(title: title), searches: false, to: &backend)
        for entry in entries { backend.write(factory.makeIndexEntryView(entry, session.context)) }
        let total = entries.reduce(0) { $0 + $1.summary.messageCount }
        var summary = session.summary
        summary.messageCount = total
        summary.firstDate = entries.compactMap(\.summary.firstDate).min()
        summary.lastDate = entries.compactMap(\.summary.lastDate).max()
        summary.hardDeletedMessageCount = entries.reduce(0) { $0 + $1.summary.hardDeletedMessageCount }
        session.end(summary, to: &backend)
    }

    /// Renders messages already in memory (for tests and apps that hold their own list) exactly
    /// as `scrollback render` renders a file of the same messages (with `channel`, a channel
    /// export): the same index first, so replies show under their thread's first message and a
    /// quote of a message not in the list says so, then the same rendering. `onWarning` hears
    /// the names of the ``filter`` that no message has, as the file's rendering reports them,
    /// then the problems met while drawing (a payload that fails to decode, say).
    @discardableResult
    public func render<Backend: TranscriptBackend>(
        messages: some Sequence<ChatMessage>, channel: ChatChannel? = nil,
        onWarning: @escaping (ReadWarning) -> Void = { _ in },
        to backend: inout Backend
    ) -> DocumentSummary {
        let events = (channel.map { [TranscriptEvent.channel($0)] } ?? []) + messages.map { TranscriptEvent.message($0) }
        return render(events: events, shape: channel == nil ? .messageArray : .channel, onWarning: onWarning, to: &backend)
    }

    /// Renders events already in memory as the reader's events of an input of `shape` render:
    /// what ``render(messages:channel:onWarning:to:)`` and the snapshot library's fixtures use.
    /// `skippedMessageCount`: how many messages the input the events came from skipped, for
    /// the footer (a fixture's reader warnings), as the file's rendering says it;
    /// `hardDeletedMessageCount`, how many messages its event log deleted for good.
    @discardableResult
    package func render<Backend: TranscriptBackend>(
        events: [TranscriptEvent], shape: InputShape?, skippedMessageCount: Int = 0, hardDeletedMessageCount: Int = 0,
        onWarning: @escaping (ReadWarning) -> Void = { _ in }, to backend: inout Backend
    ) -> DocumentSummary {
        var first = InMemoryEvents(events, shape: shape, onWarning: { _ in })
        var second = InMemoryEvents(events, shape: shape, skippedMessageCount: skippedMessageCount, onWarning: onWarning)
        second.hardDeletedMessageCount = hardDeletedMessageCount
        do {
            let index = try TranscriptIndex(
                reading: &first, filter: filter, directory: TemporaryFile.defaultDirectory, currentUserID: options.currentUserID)
            try second.warnings.report(index.filterWarnings)
            return try renderDocument(&second, index: index, to: &backend)
        } catch {
            preconditionFailure("events in memory are never unreadable: \(error)")
        }
    }

    /// The state of drawing one rendering: the layout, the filter's window, the current
    /// channel and the summary's counts. The plans (``DocumentPlan``) open and close its
    /// documents.
    struct Session {
        var context: RenderContext
        let index: TranscriptIndex?
        var layout: TranscriptLayout
        var window: MessageFilter.Window
        var messageCount = 0
        /// Messages of the document the reader skipped (unusable), for its summary.
        var skippedMessageCount = 0
        /// Messages an event log deleted for good, said by a whole document's summary.
        var hardDeletedMessageCount = 0
        var firstDate: Date?
        var lastDate: Date?
        /// Channels met so far: the current one's place in ``TranscriptIndex/channels``.
        var channelNumber = 0
        /// The channel whose messages are being written, if any.
        var currentChannel: ChatChannel?
        /// Whether channel headings name their channel and get the ids the contents list links
        /// to (a document of several channels).
        let showsChannelNames: Bool
        /// Whether the channel header being written names its channel.
        var headerShowsName = true
        /// Whether the last channel named shows no message yet: it gets the empty-state line
        /// (the theme's "No messages") when the next channel or the end comes first.
        var channelIsEmpty = false
        /// Whether the document said it shows nothing (its last channel, or the document itself
        /// before its closing links), so that it need not again.
        var saidEmpty = false
        /// The search bar ``begin(_:searches:to:)`` made, until its place comes.
        private var pendingSearchBar: ViewNode?
        /// Where replies go.
        var placement: ThreadPlacement
        /// Each thread's replies, placed after the layout.
        var threads: ThreadBlocks

        /// A session drawing with `renderer`'s components, and with what `index` found.
        init(renderer: TranscriptRenderer, index: TranscriptIndex?, showsChannelNames: Bool = false) {
            self.showsChannelNames = showsChannelNames
            context = RenderContext(
                options: renderer.options, factory: renderer.factory, resolver: renderer.resolver,
                attachmentViews: renderer.attachmentViews)
            context.documentMessages = index?.messages
            context.collidingNames = index?.collidingNames ?? []
            context.knownNames = index?.namesByID ?? [:]
            context.speakers = SpeakerOrder()
            if let messages = index?.messages, messages.hasQuotes { context.quotePreviews = QuotePreviews(messages: messages) }
            self.index = index
            placement = ThreadPlacement(index: index)
            threads = ThreadBlocks(index: index, labels: context.formatter)
            layout = TranscriptLayout(labels: context.formatter)
            window = MessageFilter.Window(renderer.filter)
        }

        /// Draws `event`: a channel's heading, or a message when `admitted` (``admits(_:)``).
        mutating func add<Backend: TranscriptBackend>(_ event: TranscriptEvent, admitted: Bool, to backend: inout Backend) {
            switch event {
            case .channel(let channel): add(channel: channel, to: &backend)
            case .message(let message): if admitted { add(admitted: message, to: &backend) }
            }
        }

        /// Starts a channel: the empty-state line of the one before if it showed nothing, then
        /// the new one's heading.
        private mutating func add<Backend: TranscriptBackend>(channel: ChatChannel, to backend: inout Backend) {
            window.reset()
            closeEmptyChannel(to: &backend)
            saidEmpty = false
            channelNumber += 1
            currentChannel = channel
            let items = layout.add(channel: channel)
            headerShowsName = showsChannelNames
            write(items, to: &backend)
            channelIsEmpty = showsChannelNames
        }

        /// The empty-state line under a named channel that showed no message.
        mutating func closeEmptyChannel<Backend: TranscriptBackend>(to backend: inout Backend) {
            guard channelIsEmpty, let channel = currentChannel else { return }
            channelIsEmpty = false
            saidEmpty = true
            emit(context.factory.makeEmptyChannelView(channel, context), to: &backend)
        }

        /// The contents list of a document of several channels, before the first: each
        /// channel's name, count and days, as the index pass found them.
        mutating func writeContents<Backend: TranscriptBackend>(of index: TranscriptIndex, to backend: inout Backend) {
            guard index.channels.count > 2 else { return }
            var entries: [ViewFactory.ContentsEntry] = []
            for number in 1..<index.channels.count {
                let summary = index.channels[number]
                guard let channel = summary.channel else { continue }
                entries.append(
                    ViewFactory.ContentsEntry(
                        channel: channel, anchor: Anchor.forChannel(number: number), messageCount: summary.messageCount,
                        firstDate: summary.firstDate, lastDate: summary.lastDate))
            }
            emit(context.factory.makeContentsView(entries, context), to: &backend)
        }

        /// The current channel's heading again, at the top of a page where it goes on.
        mutating func continueChannel<Backend: TranscriptBackend>(to backend: inout Backend) {
            guard headerShowsName, let channel = currentChannel else { return }
            let header = context.factory.makeChannelHeaderView(
                ViewFactory.ChannelHeaderOptions(channel: channel, showsName: true, isContinued: true), context)
            if header != .empty { emit(header, to: &backend) }
        }

        /// Whether the filter shows `event`: every channel, and the messages the filter's window
        /// lets through (asked once a message).
        mutating func admits(_ event: TranscriptEvent) -> Bool {
            guard case .message(let message) = event else { return true }
            return window.admits(message)
        }

        /// Starts the document of another channel (`--output-dir`): new counts, a new layout, and
        /// orphaned threads shown again where they appear.
        mutating func startDocument() {
            layout = TranscriptLayout(labels: context.formatter)
            messageCount = 0
            skippedMessageCount = 0
            firstDate = nil
            lastDate = nil
            channelIsEmpty = false
            saidEmpty = false
            placement.startDocument()
        }

        /// Starts another page of a split document (`--split`) once the previous one is closed
        /// (``flushLayout(to:)``): new counts, and a new layout, so that the first message shows its day.
        mutating func startPage() {
            layout = TranscriptLayout(labels: context.formatter)
            messageCount = 0
            firstDate = nil
            lastDate = nil
        }

        /// Adds a message ``admits(_:)`` let through.
        private mutating func add<Backend: TranscriptBackend>(admitted message: ChatMessage, to backend: inout Backend) {
            messageCount += 1
            channelIsEmpty = false
            if let date = message.createdAt {
                firstDate = min(firstDate ?? date, date)
                lastDate = max(lastDate ?? date, date)
            }
            guard let placed = placement.place(message) else { return }
            write(layout.add(placed.item, startsGroup: placed.startsGroup, endsGroup: placed.endsGroup), to: &backend)
        }

        /// The line saying the transcript is cut short, after what the layout still holds.
        mutating func writeStop<Backend: TranscriptBackend>(because error: ReadError, to backend: inout Backend) {
            flushLayout(to: &backend)
            emit(context.factory.makeReadErrorView(error, context), to: &backend)
        }

        /// Writes the message the layout holds back.
        mutating func flushLayout<Backend: TranscriptBackend>(to backend: inout Backend) {
            write(layout.flush(), to: &backend)
        }

        /// Closes the document with what the layout still holds and the session's summary.
        mutating func finish<Backend: TranscriptBackend>(to backend: inout Backend) -> DocumentSummary {
            write(layout.flush(), to: &backend)
            closeEmptyChannel(to: &backend)
            end(summary, to: &backend)
            return summary
        }

        /// Opens a document with the factory's header, then the search bar when the backend
        /// shows one (``TranscriptBackend/showsSearchBar``) and the document has messages to
        /// search (`searches`; not an index). The bar waits for its place: after the info line
        /// of the channel that titles the document, so that the title and what it describes
        /// stay together, else before the document's first view.
        mutating func begin<Backend: TranscriptBackend>(_ info: DocumentInfo, searches: Bool = true, to backend: inout Backend) {
            // The page is in the reader's language (`<html lang>`), as its labels and times are.
            var info = info
            info.language = DocumentInfo.languageTag(for: context.options.locale)
            info.isSearchable = info.isSearchable && searches
            backend.begin(info, header: context.factory.makeDocumentHeaderView(info, context))
            if info.isSearchable && backend.showsSearchBar {
                let bar = context.factory.makeSearchBarView(info, context)
                if bar != .empty { pendingSearchBar = bar }
            }
        }

        /// Writes `view`, after the search bar if it still waits for its place.
        private mutating func emit<Backend: TranscriptBackend>(_ view: ViewNode, to backend: inout Backend) {
            if let bar = pendingSearchBar.take() { backend.write(bar) }
            backend.write(view)
        }

        /// The line saying the document shows no message ("No messages"), when it showed none
        /// and its last channel did not say so: written before the closing links of a page or a
        /// channel's file, so that they stay last.
        mutating func closeEmptyDocument<Backend: TranscriptBackend>(_ summary: DocumentSummary, to backend: inout Backend) {
            guard summary.messageCount == 0 && !saidEmpty else { return }
            saidEmpty = true
            emit(context.factory.makeEmptyTranscriptView(context), to: &backend)
        }

        /// Closes a document with the factory's footer, saying so when it showed no message.
        mutating func end<Backend: TranscriptBackend>(_ summary: DocumentSummary, to backend: inout Backend) {
            if summary.messageCount == 0 && !saidEmpty {
                emit(context.factory.makeEmptyTranscriptView(context), to: &backend)
            }
            if let bar = pendingSearchBar.take() { backend.write(bar) }
            backend.end(summary, footer: context.factory.makeDocumentFooterView(summary, context))
        }

        /// The links to the neighbouring pages of a split document, or channels' files. They do
        /// not place a waiting search bar: it still follows the info line under them.
        func writeNavigation<Backend: TranscriptBackend>(_ navigation: ViewFactory.DocumentNavigation, to backend: inout Backend) {
            backend.write(context.factory.makeDocumentNavigationView(navigation, context))
        }

        /// What the current document showed so far.
        var summary: DocumentSummary {
            var summary = Self.emptySummary(options: context.options)
            (summary.messageCount, summary.firstDate, summary.lastDate) = (messageCount, firstDate, lastDate)
            summary.skippedMessageCount = skippedMessageCount
            summary.hardDeletedMessageCount = hardDeletedMessageCount
            return summary
        }

        /// The summary of a document that shows nothing: its time zone and generator.
        static func emptySummary(options: RenderOptions) -> DocumentSummary {
            DocumentSummary(
                messageCount: 0, firstDate: nil, lastDate: nil, timeZoneIdentifier: name(of: options.timeZone),
                generator: options.generator)
        }

        /// Foundation on Linux calls UTC "GMT"; readers of a transcript expect "UTC".
        static func name(of zone: TimeZone) -> String {
            zone.identifier == "GMT" ? "UTC" : zone.identifier
        }

        /// Draws what the layout gave, with the thread blocks it opens.
        private mutating func write<Backend: TranscriptBackend>(_ items: [LayoutItem], to backend: inout Backend) {
            for item in threads.placing(items) {
                switch item {
                case .channel(let channel):
                    var options = ViewFactory.ChannelHeaderOptions(channel: channel, showsName: headerShowsName)
                    if showsChannelNames && headerShowsName { options.anchor = Anchor.forChannel(number: channelNumber) }
                    if let index, channelNumber < index.channels.count {
                        let summary = index.channels[channelNumber]
                        options.messageCount = summary.messageCount
                        options.firstDate = summary.firstDate
                        options.lastDate = summary.lastDate
                    }
                    let header = context.factory.makeChannelHeaderView(options, context)
                    guard header != .empty else { continue }
                    if headerShowsName {
                        emit(header, to: &backend)
                    } else {
                        // The info line of the channel that titles the document: the bar follows it.
                        backend.write(header)
                        if let bar = pendingSearchBar.take() { backend.write(bar) }
                    }
                case .day(let date):
                    emit(context.factory.makeDaySeparatorView(date, context), to: &backend)
                case .message(let item):
                    emit(messageView(for: item), to: &backend)
                case .thread(let block):
                    emit(threadView(for: block), to: &backend)
                }
            }
        }

        /// The factory's view of a thread block: its replies and their days, after the line
        /// saying they could not be read back, if they could not.
        private func threadView(for block: ThreadBlock) -> ViewNode {
            var views = block.readError.map { [context.factory.makeReadErrorView($0, context)] } ?? []
            for item in block.items {
                switch item {
                case .day(let date): views.append(context.factory.makeDaySeparatorView(date, context))
                case .message(let item): views.append(messageView(for: item))
                case .channel, .thread: break
                }
            }
            return context.factory.makeThreadView(block.parent, views, block.replyCount, context)
        }

        /// The factory's view of a message, its quote preview kept first when the document quotes it.
        private func messageView(for item: MessageItem) -> ViewNode {
            guard let previews = context.quotePreviews, previews.wantsPreview(of: item.message) else {
                return context.factory.makeMessageView(item, context)
            }
            var item = item
            previews.remember(&item.message)
            return context.factory.makeMessageView(item, context)
        }
    }
}
