import Foundation

/// Renders a transcript from a reader into a backend, one message at a time:
/// reader → layout → view factory → backend.
public struct TranscriptRenderer: Sendable {
    public var options: RenderOptions
    public var factory: any ViewFactory
    public var resolver: any MessageTypeResolving
    /// How the app's own attachment kinds are drawn.
    public var attachmentViews: AttachmentViewRegistry
    /// Which messages to show.
    public var filter: MessageFilter

    /// The app's components come in here, as values: no global state to set up.
    public init(options: RenderOptions = .default, factory: any ViewFactory = DefaultViewFactory(),
                resolver: any MessageTypeResolving = DefaultMessageTypeResolver(),
                attachmentViews: AttachmentViewRegistry = AttachmentViewRegistry(), filter: MessageFilter = MessageFilter()) {
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
    public func render<Backend: TranscriptBackend>(_ reader: inout TranscriptReader, to backend: inout Backend) throws(ReadError) -> DocumentSummary {
        try render(&reader, index: nil, to: &backend)
    }

    /// Reads every event and writes the document, with what an earlier reading of the same
    /// input found (``TranscriptIndex``): replies show under their thread's first message,
    /// quotes link only to messages in the document, channel headers give their dates.
    ///
    /// The index must come from the same input, read with the same ``filter``.
    @discardableResult
    public func render<Backend: TranscriptBackend>(_ reader: inout TranscriptReader, index: TranscriptIndex?,
                                                   to backend: inout Backend) throws(ReadError) -> DocumentSummary {
        var session = Session(renderer: self, index: index)
        let first = try reader.next()
        session.begin(documentInfo(first: first, shape: reader.shape), to: &backend)
        var event = first
        do throws(ReadError) {
            while let current = event {
                switch current {
                case .channel(let channel):
                    // A lone channel already named the document.
                    session.add(channel: channel, showsName: reader.shape == .channels || reader.shape == .ndjson, to: &backend)
                case .message(let message):
                    session.add(message: message, to: &backend)
                }
                try reader.report(rendering: session.context.problems.drain())
                event = try reader.next()
            }
        } catch {
            // What was read still renders, and the document says where it stops.
            session.stop(because: error, to: &backend)
            throw error
        }
        let summary = session.finish(to: &backend)
        try reader.report(rendering: session.context.problems.drain())
        return summary
    }

    /// Renders the file at `path`, or standard input for `"-"`, in two passes: the first builds
    /// a ``TranscriptIndex`` (threads, the messages present, each channel's dates), the second
    /// writes the document. Standard input, and anything else that cannot be read twice (a
    /// pipe), is first copied to a scratch file, which is gone when this returns.
    ///
    /// `onWarning` hears each problem once, in input order, from the second pass (the first one
    /// reads only what the index needs, and stays silent); with `strict`, the first problem
    /// stops the rendering instead.
    @discardableResult
    public func render<Backend: TranscriptBackend>(path: String, strict: Bool = false,
                                                   onWarning: @escaping (ReadWarning) -> Void = { _ in },
                                                   to backend: inout Backend) throws(ReadError) -> DocumentSummary {
        try render(path: path, strict: strict, onWarning: onWarning, temporaryDirectory: TemporaryFile.defaultDirectory,
                   standardInput: STDIN_FILENO, to: &backend)
    }

    /// `temporaryDirectory` and `standardInput` are there for tests.
    func render<Backend: TranscriptBackend>(path: String, strict: Bool, onWarning: @escaping (ReadWarning) -> Void,
                                            temporaryDirectory: String, standardInput: Int32,
                                            to backend: inout Backend) throws(ReadError) -> DocumentSummary {
        let input = try RereadableInput(path: path, temporaryDirectory: temporaryDirectory, standardInput: standardInput)
        var first = input.indexingReader(strict: strict)
        let index = try TranscriptIndex(reading: &first, filter: filter, directory: temporaryDirectory)
        var second = input.reader(strict: strict, onWarning: onWarning)
        return try render(&second, index: index, to: &backend)
    }

    /// Renders each channel of the input at `path` as a document of its own (`--output-dir`):
    /// `makeBackend` is asked for a backend when a channel starts (`nil` for messages before any
    /// channel), `completed` gets it back with its summary when the channel ends. Two passes,
    /// as ``render(path:strict:onWarning:to:)``.
    public func renderEachChannel<Backend: TranscriptBackend>(
        path: String, strict: Bool = false, onWarning: @escaping (ReadWarning) -> Void = { _ in },
        makeBackend: (_ channel: ChatChannel?) throws -> Backend,
        completed: (_ backend: inout Backend, _ channel: ChatChannel?, _ summary: DocumentSummary) throws -> Void
    ) throws {
        let input = try RereadableInput(path: path, temporaryDirectory: TemporaryFile.defaultDirectory, standardInput: STDIN_FILENO)
        var first = input.indexingReader(strict: strict)
        let index = try TranscriptIndex(reading: &first, filter: filter, directory: TemporaryFile.defaultDirectory)
        var reader = input.reader(strict: strict, onWarning: onWarning)
        var open: (backend: Backend, session: Session, channel: ChatChannel?)?
        var channelsSeen = 0
        func close() throws {
            guard var current = open else { return }
            open = nil
            let summary = current.session.finish(to: &current.backend)
            try reader.report(rendering: current.session.context.problems.drain())
            try completed(&current.backend, current.channel, summary)
        }
        do {
            while let event = try reader.next() {
                switch event {
                case .channel(let channel):
                    try close()
                    var backend = try makeBackend(channel)
                    var session = Session(renderer: self, index: index)
                    session.begin(DocumentInfo(title: channel.displayName ?? untitledTitle), to: &backend)
                    session.channelNumber = channelsSeen
                    channelsSeen += 1
                    session.add(channel: channel, showsName: false, to: &backend)
                    open = (backend, session, channel)
                case .message(let message):
                    if open == nil {
                        var backend = try makeBackend(nil)
                        var session = Session(renderer: self, index: index)
                        session.begin(DocumentInfo(title: untitledTitle), to: &backend)
                        open = (backend, session, nil)
                    }
                    // Moved out and back, so that the session and backend are mutated in place.
                    var current = open!
                    open = nil
                    current.session.add(message: message, to: &current.backend)
                    try reader.report(rendering: current.session.context.problems.drain())
                    open = current
                }
            }
        } catch let error as ReadError {
            if var current = open {
                open = nil
                current.session.stop(because: error, to: &current.backend)
                try completed(&current.backend, current.channel, current.session.summary)
            }
            throw error
        }
        try close()
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
        var first = input.indexingReader(strict: strict)
        let index = try TranscriptIndex(reading: &first, filter: filter, directory: TemporaryFile.defaultDirectory,
                                        messagesPerPage: messagesPerPage)
        var reader = input.reader(strict: strict, onWarning: onWarning)
        var session = Session(renderer: self, index: index)
        session.context.pageLinks = PageLinks(current: 1, messagePages: index.messagePages, names: names)
        var event = try reader.next()
        let showsChannelNames = reader.shape == .channels || reader.shape == .ndjson
        let info = documentInfo(first: event, shape: reader.shape)
        // The index's count of each page: its thread replies may be read while another page is written.
        let summaries = index.pages.map { page in
            var summary = session.summary
            (summary.messageCount, summary.firstDate, summary.lastDate) = (page.messageCount, page.firstDate, page.lastDate)
            return summary
        }
        var page = 1
        var backend = try makeBackend(page)
        session.begin(info, to: &backend)
        session.writePageNavigation(page: page, pageCount: summaries.count, names: names, to: &backend)
        func closePage() throws {
            session.flushLayout(to: &backend)
            try reader.report(rendering: session.context.problems.drain())
            session.writePageNavigation(page: page, pageCount: summaries.count, names: names, to: &backend)
            session.end(summaries[page - 1], to: &backend)
            try completed(&backend, page, summaries[page - 1])
        }
        do {
            while let current = event {
                switch current {
                case .channel(let channel):
                    session.add(channel: channel, showsName: showsChannelNames, to: &backend)
                case .message(let message):
                    guard session.admits(message) else { break }
                    // The index numbered the pages by the same count: a message it put on a new page opens it.
                    if message.parentID == nil, let next = index.page(of: message.id), next > page {
                        try closePage()
                        page = next
                        session.startPage(page)
                        backend = try makeBackend(page)
                        session.begin(info, to: &backend)
                        session.writePageNavigation(page: page, pageCount: summaries.count, names: names, to: &backend)
                    }
                    session.add(admitted: message, to: &backend)
                }
                try reader.report(rendering: session.context.problems.drain())
                event = try reader.next()
            }
        } catch let error as ReadError {
            // The index stopped at the same place: no page links beyond this one.
            session.writeStop(because: error, to: &backend)
            try closePage()
            throw error
        }
        try closePage()
        return (info, summaries)
    }

    /// An index document (`--output-dir`, `--split`): `title`, an entry per file, and a summary
    /// of them all, every part from the factory.
    public func renderIndex<Backend: TranscriptBackend>(of entries: [IndexEntry], title: String, to backend: inout Backend) {
        let session = Session(renderer: self, index: nil)
        session.begin(DocumentInfo(title: title), to: &backend)
        for entry in entries { backend.write(factory.makeIndexEntryView(for: entry, context: session.context)) }
        let total = entries.reduce(0) { $0 + $1.summary.messageCount }
        var summary = session.summary
        summary.messageCount = total
        summary.firstDate = entries.compactMap(\.summary.firstDate).min()
        summary.lastDate = entries.compactMap(\.summary.lastDate).max()
        session.end(summary, to: &backend)
    }

    /// What the document is called: a lone channel names it (a list of channels, or NDJSON,
    /// has a heading per channel instead); else the theme's title for an untitled transcript.
    /// Only the first event is known when the document begins.
    private func documentInfo(first: TranscriptEvent?, shape: InputShape?) -> DocumentInfo {
        if case .channel(let channel) = first, shape != .channels, shape != .ndjson {
            return DocumentInfo(title: channel.displayName ?? untitledTitle)
        }
        return DocumentInfo(title: untitledTitle)
    }

    /// Renders messages already in memory (for tests and apps that hold their own list), as a
    /// file of the same messages renders: the messages present are known first, so a quote of
    /// a message not in the list says so instead of linking to nothing. Thread replies stay in
    /// place, marked as replies. `onWarning` hears the problems met while drawing (a payload
    /// that fails to decode, say).
    @discardableResult
    public func render<Backend: TranscriptBackend>(messages: some Sequence<ChatMessage>, channel: ChatChannel? = nil,
                                                   onWarning: (ReadWarning) -> Void = { _ in },
                                                   to backend: inout Backend) -> DocumentSummary {
        let messages = Array(messages)
        var session = Session(renderer: self, index: nil)
        var present = MessageIDSet()
        for message in messages where !message.id.isEmpty { present.insert(message.id, isTopLevel: message.parentID == nil) }
        present.seal()
        session.context.documentMessages = present
        session.begin(DocumentInfo(title: channel?.displayName ?? untitledTitle), to: &backend)
        for message in messages {
            session.add(message: message, to: &backend)
            session.context.problems.drain().forEach(onWarning)
        }
        let summary = session.finish(to: &backend)
        session.context.problems.drain().forEach(onWarning)
        return summary
    }

    /// The title of a document that no single channel names, from the theme's labels.
    private var untitledTitle: String { options.theme.string("untitled") }

    /// The state of one rendering: the layout window and the summary's counts.
    private struct Session {
        var context: RenderContext
        let index: TranscriptIndex?
        var layout: TranscriptLayout
        var window: MessageFilter.Window
        var messageCount = 0
        var firstDate: Date?
        var lastDate: Date?
        /// Channels met so far: the current one's place in ``TranscriptIndex/channels``.
        var channelNumber = 0
        /// Whether the channel header being written names its channel.
        var headerShowsName = true
        /// Missing parents whose thread has been shown, as id hashes: one block each.
        var orphanThreadsShown: Set<UInt64> = []

        init(renderer: TranscriptRenderer, index: TranscriptIndex?) {
            context = RenderContext(options: renderer.options, factory: renderer.factory, resolver: renderer.resolver,
                                    attachmentViews: renderer.attachmentViews)
            context.documentMessages = index?.messageIDs
            self.index = index
            layout = TranscriptLayout(labels: context.formatter)
            window = MessageFilter.Window(renderer.filter)
        }

        mutating func add<Backend: TranscriptBackend>(channel: ChatChannel, showsName: Bool, to backend: inout Backend) {
            window.reset()
            channelNumber += 1
            let items = layout.add(channel: channel)
            headerShowsName = showsName
            write(items, to: &backend)
        }

        mutating func add<Backend: TranscriptBackend>(message: ChatMessage, to backend: inout Backend) {
            guard window.admits(message) else { return }
            add(admitted: message, to: &backend)
        }

        /// Whether the filter shows the message; asks the filter's window, so once a message.
        mutating func admits(_ message: ChatMessage) -> Bool { window.admits(message) }

        /// Starts page `number` of a split document (`--split`) once the previous one is closed
        /// (``flushLayout(to:)``): new counts, and a new layout, so that the first message shows its day.
        mutating func startPage(_ number: Int) {
            layout = TranscriptLayout(labels: context.formatter)
            context.pageLinks?.current = number
            messageCount = 0
            firstDate = nil
            lastDate = nil
        }

        /// Adds a message ``admits(_:)`` let through.
        mutating func add<Backend: TranscriptBackend>(admitted message: ChatMessage, to backend: inout Backend) {
            messageCount += 1
            if let date = message.createdAt {
                firstDate = min(firstDate ?? date, date)
                lastDate = max(lastDate ?? date, date)
            }
            var item = MessageItem(message: message)
            guard let parentID = message.parentID else {
                item.threadReplyCount = index?.replyCount(to: message.id)
                // The thread block under it ends its group.
                return write(layout.add(item, endsGroup: (item.threadReplyCount ?? 0) > 0), to: &backend)
            }
            guard let index else {
                // One pass: the reply stays where it was read, marked as a reply.
                item.placement = .threadReplyInChannel(parentShown: context.contains(messageID: parentID), isRepeat: false)
                return write(layout.add(item), to: &backend)
            }
            if index.containsTopLevel(messageID: parentID) {
                // Its thread shows under the parent; here too only when it was also sent to the channel.
                guard message.showInChannel else { return }
                item.placement = .threadReplyInChannel(parentShown: true, isRepeat: true)
            } else if orphanThreadsShown.insert(MessageIDSet.key(parentID)).inserted {
                // The parent is missing: its whole thread shows where its first reply is met.
                item.placement = .thread
                item.opensOrphanThread = true
            } else if message.showInChannel {
                item.placement = .threadReplyInChannel(parentShown: index.contains(messageID: parentID), isRepeat: true)
            } else {
                return
            }
            write(layout.add(item, startsGroup: true, endsGroup: true), to: &backend)
        }

        /// Closes the document after a read error, with a line saying the transcript is cut short.
        mutating func stop<Backend: TranscriptBackend>(because error: ReadError, to backend: inout Backend) {
            writeStop(because: error, to: &backend)
            _ = finish(to: &backend)
        }

        /// The line saying the transcript is cut short, after what the layout still holds.
        mutating func writeStop<Backend: TranscriptBackend>(because error: ReadError, to backend: inout Backend) {
            flushLayout(to: &backend)
            backend.write(context.factory.makeReadErrorView(for: error, context: context))
        }

        /// Writes the message the layout holds back.
        mutating func flushLayout<Backend: TranscriptBackend>(to backend: inout Backend) {
            write(layout.flush(), to: &backend)
        }

        mutating func finish<Backend: TranscriptBackend>(to backend: inout Backend) -> DocumentSummary {
            write(layout.flush(), to: &backend)
            end(summary, to: &backend)
            return summary
        }

        /// Opens a document with the factory's header.
        func begin<Backend: TranscriptBackend>(_ info: DocumentInfo, to backend: inout Backend) {
            backend.begin(info, header: context.factory.makeDocumentHeaderView(for: info, context: context))
        }

        /// Closes a document with the factory's footer, saying so when it showed no message.
        func end<Backend: TranscriptBackend>(_ summary: DocumentSummary, to backend: inout Backend) {
            if summary.messageCount == 0 { backend.write(context.factory.makeEmptyTranscriptView(context: context)) }
            backend.end(summary, footer: context.factory.makeDocumentFooterView(for: summary, context: context))
        }

        /// The links to the neighbouring pages of a split document.
        func writePageNavigation<Backend: TranscriptBackend>(page: Int, pageCount: Int, names: PageNames, to backend: inout Backend) {
            backend.write(context.factory.makePageNavigationView(page: page, pageCount: pageCount, names: names, context: context))
        }

        var summary: DocumentSummary {
            DocumentSummary(messageCount: messageCount, firstDate: firstDate, lastDate: lastDate,
                            timeZoneIdentifier: Self.name(of: context.options.timeZone),
                            generator: "Scrollback \(ScrollbackVersion.current)")
        }

        /// Foundation on Linux calls UTC "GMT"; readers of a transcript expect "UTC".
        static func name(of zone: TimeZone) -> String {
            zone.identifier == "GMT" ? "UTC" : zone.identifier
        }

        private func write<Backend: TranscriptBackend>(_ items: [LayoutItem], to backend: inout Backend) {
            for item in items {
                switch item {
                case .channel(let channel):
                    var options = ChannelHeaderOptions(channel: channel, showsName: headerShowsName)
                    if let index, channelNumber < index.channels.count {
                        let summary = index.channels[channelNumber]
                        options.messageCount = summary.messageCount
                        options.firstDate = summary.firstDate
                        options.lastDate = summary.lastDate
                    }
                    let header = context.factory.makeChannelHeaderView(options: options, context: context)
                    if header != .empty { backend.write(header) }
                case .day(let date):
                    backend.write(context.factory.makeDaySeparatorView(for: date, context: context))
                case .message(let item) where item.opensOrphanThread:
                    writeThread(parent: nil, id: item.message.parentID ?? "", after: item.message.createdAt, to: &backend)
                case .message(let item):
                    backend.write(context.factory.makeMessageView(for: item, context: context))
                    if item.placement == .channel, let count = item.threadReplyCount, count > 0 {
                        writeThread(parent: item.message, id: item.message.id, after: item.message.createdAt, to: &backend)
                    }
                }
            }
        }

        /// The replies to `id`, read back from the index's scratch file and laid out like the
        /// channel (groups, and a separator when the thread runs into another day).
        private func writeThread<Backend: TranscriptBackend>(parent: ChatMessage?, id: String, after date: Date?,
                                                            to backend: inout Backend) {
            guard let index else { return }
            var views: [View] = []
            let replies: [ChatMessage]
            do {
                replies = try index.replies(to: id)
            } catch {
                replies = []
                views.append(context.factory.makeReadErrorView(for: error, context: context))
            }
            var threadLayout = TranscriptLayout(labels: context.formatter, startingDay: date)
            func add(_ items: [LayoutItem]) {
                for item in items {
                    switch item {
                    case .channel: break
                    case .day(let date): views.append(context.factory.makeDaySeparatorView(for: date, context: context))
                    case .message(let item): views.append(context.factory.makeMessageView(for: item, context: context))
                    }
                }
            }
            for reply in replies { add(threadLayout.add(MessageItem(message: reply, placement: .thread))) }
            add(threadLayout.flush())
            backend.write(context.factory.makeThreadView(for: parent, replies: views, replyCount: replies.count, context: context))
        }
    }
}
