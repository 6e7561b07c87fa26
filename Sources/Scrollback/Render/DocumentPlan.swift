import Foundation

/// How a rendering is cut into documents, and what each one writes first and last: all that
/// differs between one document, one per channel (`--output-dir`) and pages (`--split`), so
/// that the rendering loop itself is the same for the three.
protocol DocumentPlan {
    /// What the caller's `open` and `close` are told a document is: nothing, a channel, a page.
    associatedtype Part

    /// Whether channel headings may name their channel: not where each channel is a document
    /// of its own, titled by the channel.
    static var namesChannels: Bool { get }

    /// Whether a document's summary counts the messages the reader skipped before it opened.
    static var countsEarlierSkips: Bool { get }

    /// The document open before the first event, if one is.
    var firstPart: Part? { get }

    /// The document that `event` opens, if it opens one. `current` is the open one,
    /// `admitted` whether the filter shows `event`, `nextChannel` the place in
    /// ``TranscriptIndex/channels`` of the channel read next (`event`, if it is one).
    func part(openedBy event: TranscriptEvent, admitted: Bool, current: Part?, nextChannel: Int) -> Part?

    /// How many messages `part` shows, when the index knows (`nextChannel`: the place of the
    /// channel read next), so that a short document is written on the drawing thread.
    func messageCount(of part: Part, nextChannel: Int) -> Int?

    /// Writes what opens `part`'s document; `event` opened it (`nil` for the first part).
    func begin<Backend: TranscriptBackend>(
        _ part: Part, openedBy event: TranscriptEvent?, session: inout TranscriptRenderer.Session, to backend: inout Backend)

    /// Writes what closes `part`'s document and returns its summary; `skippedMessageCount` is
    /// what the reader skipped while it was open (or before, with ``countsEarlierSkips``).
    func end<Backend: TranscriptBackend>(
        _ part: Part, skippedMessageCount: Int, session: inout TranscriptRenderer.Session, to backend: inout Backend
    ) -> DocumentSummary
}

extension DocumentPlan {
    /// The session's own summary: what it drew, and what the reader skipped (while the
    /// document was open, or before too with ``countsEarlierSkips``).
    func end<Backend: TranscriptBackend>(
        _ part: Part, skippedMessageCount: Int, session: inout TranscriptRenderer.Session, to backend: inout Backend
    ) -> DocumentSummary {
        session.skippedMessageCount = skippedMessageCount
        return session.finish(to: &backend)
    }
}

/// What a rendering works out once, from the index and the first event, before its first
/// document opens.
struct DocumentSetup {
    /// Where the titles' words come from: the theme's labels and the reader's own user id.
    let options: RenderOptions
    /// What the index pass found, if there was one.
    let index: TranscriptIndex?
    /// The whole document's title.
    let info: DocumentInfo
    /// Whether channel headings name their channel (a document of several channels).
    let showsChannelNames: Bool

    /// Only the first event is known when the first document begins; `namesChannels` is the
    /// plan's ``DocumentPlan/namesChannels``.
    init(
        options: RenderOptions, index: TranscriptIndex?, first event: TranscriptEvent?, shape: InputShape?, namesChannels: Bool
    ) {
        self.options = options
        self.index = index
        // A list of one channel (and no message before it) is a channel's document: the
        // channel is its title, as a channel export's is.
        let loneChannel = index.flatMap { $0.channels.count == 2 && $0.channels[0].messageCount == 0 ? $0.channels[1].channel : nil }
        // A list of channels, or NDJSON, has a heading per channel instead of a title.
        let hasChannelHeadings = shape == .channels || shape == .ndjson || shape == .entities || shape == .threads || shape == .drafts
        if let loneChannel {
            info = DocumentInfo(title: Self.title(of: loneChannel, options: options))
        } else if case .channel(let channel) = event, !hasChannelHeadings {
            info = DocumentInfo(title: Self.title(of: channel, options: options))
        } else {
            info = DocumentInfo(title: Self.title(of: nil, options: options))
        }
        // A lone channel already names the document.
        showsChannelNames = namesChannels && hasChannelHeadings && loneChannel == nil
    }

    /// The title of a document of `channel`: its name, else its members' (the reader left
    /// out), else the theme's title for an untitled transcript.
    func title(of channel: ChatChannel?) -> String { Self.title(of: channel, options: options) }

    /// ``title(of:)``, before the setup exists.
    private static func title(of channel: ChatChannel?, options: RenderOptions) -> String {
        channel?.title(currentUserID: options.currentUserID, theme: options.theme) ?? options.theme.string(.untitled)
    }
}

/// The one document of ``TranscriptRenderer/render(path:strict:onWarning:to:)``: a title, the
/// contents list of its channels, and the session's own summary at the end.
struct WholeDocument: DocumentPlan {
    /// There is only the one.
    typealias Part = Void

    /// A document of several channels heads each with its name.
    static let namesChannels = true
    /// Every skipped message is the document's, those read before its first event too.
    static let countsEarlierSkips = true

    /// The title and what shows channel names.
    let setup: DocumentSetup

    /// Plans the one document of `setup`.
    init(_ setup: DocumentSetup) { self.setup = setup }

    /// The document is open from the start.
    var firstPart: Void? { () }

    /// The one document is never cut.
    func part(openedBy event: TranscriptEvent, admitted: Bool, current: Void?, nextChannel: Int) -> Void? { nil }

    /// Unknown, and not needed: the caller's backend decides where it writes.
    func messageCount(of part: Void, nextChannel: Int) -> Int? { nil }

    /// The document's title, then the list of its channels when their names show.
    func begin<Backend: TranscriptBackend>(
        _ part: Void, openedBy event: TranscriptEvent?, session: inout TranscriptRenderer.Session, to backend: inout Backend
    ) {
        session.begin(setup.info, to: &backend)
        if setup.showsChannelNames, let index = setup.index { session.writeContents(of: index, to: &backend) }
    }
}

/// A document per channel (`--output-dir`), each titled by its channel, with links to the
/// index and the channels before and after it at both ends; messages before any channel get an
/// untitled one.
struct ChannelDocuments: DocumentPlan {
    /// A channel's document.
    struct Part {
        /// The channel's place in ``TranscriptIndex/channels``: 0 for the messages before any.
        let place: Int
        /// The channel; `nil` for the messages before any.
        let channel: ChatChannel?
    }

    /// Each document's title names its channel already.
    static let namesChannels = false
    /// Each document counts what was skipped while it was open.
    static let countsEarlierSkips = false

    /// The titles, and the index that counts each channel's messages.
    let setup: DocumentSetup
    /// The index's name.
    let names: ChannelFileNames
    /// Each channel's file name by place (``ChannelFileNames/fileNames(of:options:)``).
    let fileNames: [String?]

    /// Plans the channel documents of `setup`, in the files `fileNames` names.
    init(_ setup: DocumentSetup, names: ChannelFileNames, fileNames: [String?]) {
        self.setup = setup
        self.names = names
        self.fileNames = fileNames
    }

    /// Nothing is open until a channel, or a message before any, comes.
    var firstPart: Part? { nil }

    /// A channel opens its own document; a message before any channel opens the untitled one.
    func part(openedBy event: TranscriptEvent, admitted: Bool, current: Part?, nextChannel: Int) -> Part? {
        switch event {
        case .channel(let channel): return Part(place: nextChannel, channel: channel)
        case .message: return current == nil ? Part(place: 0, channel: nil) : nil
        }
    }

    /// The index's count for the channel (or the messages before any).
    func messageCount(of part: Part, nextChannel: Int) -> Int? {
        guard let index = setup.index, part.place < index.channels.count else { return nil }
        return index.channels[part.place].messageCount
    }

    /// The channel's title and links, on new counts and a new layout.
    func begin<Backend: TranscriptBackend>(
        _ part: Part, openedBy event: TranscriptEvent?, session: inout TranscriptRenderer.Session, to backend: inout Backend
    ) {
        session.startDocument()
        session.context.pageLinks = PageLinks(current: part.place + 1, files: .channels(fileNames))
        session.begin(DocumentInfo(title: setup.title(of: part.channel)), to: &backend)
        session.writeNavigation(navigation(of: part), to: &backend)
    }

    /// The links again, after the channel's last message, and the session's summary.
    func end<Backend: TranscriptBackend>(
        _ part: Part, skippedMessageCount: Int, session: inout TranscriptRenderer.Session, to backend: inout Backend
    ) -> DocumentSummary {
        session.skippedMessageCount = skippedMessageCount
        session.flushLayout(to: &backend)
        session.closeEmptyChannel(to: &backend)
        let summary = session.summary
        session.closeEmptyDocument(summary, to: &backend)
        session.writeNavigation(navigation(of: part), to: &backend)
        session.end(summary, to: &backend)
        return summary
    }

    /// The file name of `part`'s document among `fileNames`. The index pass met the same events
    /// as the drawing, so every document has one; a made-up name stands in should it not.
    static func fileName(of part: Part, in fileNames: [String?], names: ChannelFileNames) -> String {
        (part.place < fileNames.count ? fileNames[part.place] : nil) ?? names.fileName(number: part.place + 1, title: "messages")
    }

    /// The files of the channels read before and after `part`'s, and the index.
    private func navigation(of part: Part) -> ViewFactory.DocumentNavigation {
        let previous = part.place > 0 ? fileNames[part.place - 1] : nil
        let next = part.place + 1 < fileNames.count ? fileNames[part.place + 1] : nil
        return ViewFactory.DocumentNavigation(
            kind: .channels, previousFileName: previous, indexFileName: names.indexFileName, nextFileName: next)
    }
}

/// Pages of a split document (`--split`), numbered from 1 as the index numbered them: each
/// with its own title and links to its neighbours at both ends, and the index's count of it
/// as its summary (its thread replies may be read while another page is written).
struct PageDocuments: DocumentPlan {
    /// The page's number, from 1.
    typealias Part = Int

    /// A page of several channels heads each with its name.
    static let namesChannels = true
    /// Unused: a page's summary is the index's count of it.
    static let countsEarlierSkips = false

    /// The document's title and what shows channel names.
    let setup: DocumentSetup
    /// The index pass that numbered the pages.
    let index: TranscriptIndex
    /// What the page files are called, for the links between them.
    let names: PageNames
    /// Each page's summary, from the index.
    let summaries: [DocumentSummary]

    /// Plans the pages `index` numbered, and works out their summaries.
    init(_ setup: DocumentSetup, index: TranscriptIndex, names: PageNames) {
        self.setup = setup
        self.index = index
        self.names = names
        summaries = index.pages.map { page in
            var summary = TranscriptRenderer.Session.emptySummary(options: setup.options)
            (summary.messageCount, summary.firstDate, summary.lastDate) = (page.messageCount, page.firstDate, page.lastDate)
            if setup.showsChannelNames { summary.channels = Self.channelTitles(on: page, in: index, options: setup.options) }
            return summary
        }
    }

    /// Page 1 is open from the start, so that at least one page is written.
    var firstPart: Int? { 1 }

    /// A page opens at the first message (admitted by the filter) that the index put on it,
    /// or at the channel whose first message the index put on a later page, so that its
    /// heading starts the page.
    func part(openedBy event: TranscriptEvent, admitted: Bool, current: Int?, nextChannel: Int) -> Int? {
        guard let current else { return nil }
        let next: Int?
        switch event {
        case .channel:
            next = nextChannel < index.channels.count ? index.channels[nextChannel].firstPage : nil
        case .message(let message):
            next = admitted && message.parentID == nil ? index.page(of: message.id) : nil
        }
        guard let next, next > current else { return nil }
        return next
    }

    /// The index's count of the page.
    func messageCount(of page: Int, nextChannel: Int) -> Int? {
        page <= index.pages.count ? index.pages[page - 1].messageCount : nil
    }

    /// The page's title and links; a page that a channel does not open carries the open
    /// channel's heading on.
    func begin<Backend: TranscriptBackend>(
        _ page: Int, openedBy event: TranscriptEvent?, session: inout TranscriptRenderer.Session, to backend: inout Backend
    ) {
        if page > 1 { session.startPage() }
        session.context.pageLinks = PageLinks(current: page, files: .pages(names))
        session.begin(info(ofPage: page), to: &backend)
        session.writeNavigation(navigation(ofPage: page), to: &backend)
        if page > 1 && !(event?.isChannel ?? false) { session.continueChannel(to: &backend) }
    }

    /// The page's links again, and its summary from the index.
    func end<Backend: TranscriptBackend>(
        _ page: Int, skippedMessageCount: Int, session: inout TranscriptRenderer.Session, to backend: inout Backend
    ) -> DocumentSummary {
        session.flushLayout(to: &backend)
        // An empty channel at the end of a page says so there, not on the next page.
        session.closeEmptyChannel(to: &backend)
        var summary = summaries[page - 1]
        summary.hardDeletedMessageCount = session.hardDeletedMessageCount
        session.closeEmptyDocument(summary, to: &backend)
        session.writeNavigation(navigation(ofPage: page), to: &backend)
        session.end(summary, to: &backend)
        return summary
    }

    /// The pages before and after `page`, and the index.
    private func navigation(ofPage page: Int) -> ViewFactory.DocumentNavigation {
        ViewFactory.DocumentNavigation(
            kind: .pages, previousFileName: page > 1 ? names.fileName(ofPage: page - 1) : nil, indexFileName: names.indexFileName,
            nextFileName: page < summaries.count ? names.fileName(ofPage: page + 1) : nil)
    }

    /// The page's own title: the channel at its top (the document's title when the channels
    /// are not named), the page and the number of pages.
    private func info(ofPage page: Int) -> DocumentInfo {
        guard summaries.count > 1 else { return setup.info }
        var name = setup.info.title
        if setup.showsChannelNames, let first = index.pages[page - 1].channelRange?.lowerBound, first > 0,
            let channel = index.channels[first].channel
        {
            name = setup.title(of: channel)
        }
        var info = setup.info
        info.pageTitle = setup.options.theme.string(.pageTitle, arguments: [name, String(page), String(summaries.count)])
        return info
    }

    /// The names of the channels a page shows, in order (`page` is one of the index's pages).
    private static func channelTitles(
        on page: TranscriptIndex.ChannelSummary, in index: TranscriptIndex, options: RenderOptions
    ) -> [String] {
        guard let range = page.channelRange else { return [] }
        return range.compactMap { number in
            guard number > 0, number < index.channels.count, let channel = index.channels[number].channel else { return nil }
            return channel.title(currentUserID: options.currentUserID, theme: options.theme) ?? options.theme.string(.channel)
        }
    }
}

/// Reads events, giving an unnamed channel whose export lists its members after its messages
/// the members the index pass found, so that its name shows everywhere it shows.
struct MembersFromIndex {
    /// What the index pass found, if there was one.
    let index: TranscriptIndex?
    /// Channels read so far: the last one's place in ``TranscriptIndex/channels``.
    private var channelsRead = 0

    /// Fills in from `index`.
    init(index: TranscriptIndex?) { self.index = index }

    /// The next event of `reader`, its channel's members filled in when it lacks them.
    mutating func next(from reader: inout some TranscriptEventSource) throws(ReadError) -> TranscriptEvent? {
        let event = try reader.nextItem()?.event
        guard case .channel(var channel)? = event else { return event }
        channelsRead += 1
        guard channel.members.isEmpty, let index, channelsRead < index.channels.count,
            let members = index.channels[channelsRead].channel?.members, !members.isEmpty
        else { return event }
        channel.members = members
        return .channel(channel)
    }
}

/// A document being written: its backend, on a thread of its own or not, and what it is.
struct OpenDocument<Part, Backend: TranscriptBackend> {
    /// Where the document's views go.
    var backend: BackendThread<Backend>
    /// What the plan calls the document.
    let part: Part
    /// The reader's count of skipped messages when the document began (0 for a plan that
    /// ``DocumentPlan/countsEarlierSkips``).
    let skippedBefore: Int
    /// The reader's count of messages its event log deleted for good when the document began
    /// (0 for a plan that ``DocumentPlan/countsEarlierSkips``): the log counts each channel's
    /// as its replay passes the channel.
    let hardDeletedBefore: Int
}

extension TranscriptEvent {
    /// Whether the event is a channel rather than a message.
    fileprivate var isChannel: Bool {
        if case .channel = self { return true }
        return false
    }
}
