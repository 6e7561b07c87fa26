import Foundation

/// Builds the view of every part of a transcript: one slot per part, like the iOS SDK's
/// `ViewFactory`. Each slot is a closure property, so replacing one is checked by the compiler:
/// a misspelt slot, or a closure that takes or returns the wrong things, does not compile (a
/// method that nearly matched a protocol requirement would compile and never be called).
///
/// `ViewFactory()` draws everything the default way. An app replaces the slots it cares about
/// and falls back to the default for the rest:
///
/// ```swift
/// var factory = ViewFactory()
/// factory.makeCustomAttachmentView = { attachment, message, context in
///     guard attachment.type == .workout else {
///         return ViewFactory().makeCustomAttachmentView(attachment, message, context)
///     }
///     return .card(.attachment, [.text("🏃 \(attachment.string("distance") ?? "")")])
/// }
/// let renderer = TranscriptRenderer(factory: factory)
/// ```
///
/// The defaults reach other slots through `context.factory`, so a replaced slot applies
/// wherever that part is drawn (a quote inside a thread, say).
public struct ViewFactory: Sendable {
    // MARK: The document

    /// The document's title, at the top of every output (the page's only `h1` in HTML).
    public var makeDocumentHeaderView: @Sendable (_ document: DocumentInfo, _ context: RenderContext) -> ViewNode
    /// The closing summary: how many messages, their dates, the time zone and the generator.
    public var makeDocumentFooterView: @Sendable (_ summary: DocumentSummary, _ context: RenderContext) -> ViewNode
    /// What a document with no message to show says instead.
    public var makeEmptyTranscriptView: @Sendable (_ context: RenderContext) -> ViewNode
    /// The line saying where the transcript stops when the input breaks off.
    public var makeReadErrorView: @Sendable (_ error: ReadError, _ context: RenderContext) -> ViewNode
    /// "← Previous page · Index · Next page →" at the top and bottom of each page of a split
    /// document (`--split`), "← Previous channel · Index · Next channel →" on each channel's
    /// file (`--output-dir`).
    public var makeDocumentNavigationView: @Sendable (_ navigation: ViewFactory.DocumentNavigation, _ context: RenderContext) -> ViewNode
    /// One entry of an index document (`--output-dir`, `--split`): a link to its file, with
    /// its message count and dates.
    public var makeIndexEntryView: @Sendable (_ entry: ViewFactory.IndexEntry, _ context: RenderContext) -> ViewNode
    /// The contents list at the top of a document of several channels: a heading and the
    /// entries (``ViewFactory/makeContentsEntryView``), each linking to its channel's heading.
    public var makeContentsView: @Sendable (_ entries: [ViewFactory.ContentsEntry], _ context: RenderContext) -> ViewNode
    /// One channel of the contents list: its name linked to its heading, its message count and
    /// the days of its messages.
    public var makeContentsEntryView: @Sendable (_ entry: ViewFactory.ContentsEntry, _ context: RenderContext) -> ViewNode
    /// What a channel of a multi-channel document that has no message to show says under its
    /// heading.
    public var makeEmptyChannelView: @Sendable (_ channel: ChatChannel, _ context: RenderContext) -> ViewNode
    /// The search bar at the top of an HTML page rendered with ``HTMLOptions/search`` (not
    /// asked otherwise, nor for an index document). The page's script finds its parts by the ids
    /// in ``ViewFactory/SearchBarIDs``: an override keeps them, or the bar does nothing.
    public var makeSearchBarView: @Sendable (_ document: DocumentInfo, _ context: RenderContext) -> ViewNode

    // MARK: Channels and messages

    /// The top of a channel's part of the transcript: its name (unless the document's title
    /// already gives it), image, member count and the dates of the messages shown.
    public var makeChannelHeaderView: @Sendable (_ options: ViewFactory.ChannelHeaderOptions, _ context: RenderContext) -> ViewNode
    /// The separator shown before the first message of each day.
    public var makeDaySeparatorView: @Sendable (_ date: Date, _ context: RenderContext) -> ViewNode
    /// The whole message: picks the system, deleted or regular layout.
    public var makeMessageView: @Sendable (_ item: MessageItem, _ context: RenderContext) -> ViewNode
    /// The author line of the first message of a group.
    public var makeAuthorView: @Sendable (_ message: ChatMessage, _ context: RenderContext) -> ViewNode
    /// The time, "Edited", and other marks under the last message of a group.
    public var makeMessageFooterView: @Sendable (_ item: MessageItem, _ context: RenderContext) -> ViewNode
    /// The body of a regular message: quote, attachments, text, in the order clients use.
    public var makeMessageContentView: @Sendable (_ item: MessageItem, _ context: RenderContext) -> ViewNode
    /// The message's Markdown text.
    public var makeTextView: @Sendable (_ message: ChatMessage, _ context: RenderContext) -> ViewNode
    /// One attachment, by the kind the resolver gives it: the view registered for that kind in
    /// ``AttachmentViewRegistry`` (asked first, for built-in kinds too: that is how an app
    /// replaces the image, file or contact view), else Scrollback's own view of a kind it
    /// knows (image, video, file and audio, voice recording, GIF, link preview, contact), else
    /// ``makeCustomAttachmentView``.
    public var makeAttachmentView:
        @Sendable (_ attachment: AnyChatMessageAttachment, _ message: ChatMessage, _ context: RenderContext) -> ViewNode
    /// The message's images and videos, side by side.
    public var makeGalleryView:
        @Sendable (_ attachments: [AnyChatMessageAttachment], _ message: ChatMessage, _ context: RenderContext) -> ViewNode
    /// The message's poll (`message.poll`).
    public var makePollView: @Sendable (_ poll: Poll, _ message: ChatMessage, _ context: RenderContext) -> ViewNode
    /// The message's shared location (`message.shared_location`).
    public var makeSharedLocationView: @Sendable (_ location: SharedLocation, _ message: ChatMessage, _ context: RenderContext) -> ViewNode
    /// One attachment of a kind Scrollback does not draw itself (an app's own, or unknown) and
    /// no registered view draws (``AttachmentViewRegistry`` is asked first): a generic card.
    public var makeCustomAttachmentView:
        @Sendable (_ attachment: AnyChatMessageAttachment, _ message: ChatMessage, _ context: RenderContext) -> ViewNode
    /// The last resort for any attachment: its type and every field, so nothing is invisible.
    public var makeGenericAttachmentView:
        @Sendable (_ attachment: AnyChatMessageAttachment, _ message: ChatMessage, _ context: RenderContext) -> ViewNode
    /// The quoted message above a reply: the frame (author, link to the original).
    public var makeQuotedMessageView: @Sendable (_ options: ViewFactory.QuotedMessageOptions, _ context: RenderContext) -> ViewNode
    /// What the quote shows of the quoted message: text, else an attachment summary. Not asked
    /// when the original is deleted (``MessageTypeResolving/isDeleted(message:)``): the quote then
    /// says so itself.
    public var makeQuotedMessageContentView: @Sendable (_ options: ViewFactory.QuotedMessageOptions, _ context: RenderContext) -> ViewNode
    /// A thread's replies, already laid out, under their first message; `parent` is `nil` when
    /// that message is not in the document (the block then stands where its first reply was).
    /// `replyCount` is the number of replies shown, not counting an unsent draft among them.
    public var makeThreadView:
        @Sendable (_ parent: ChatMessage?, _ replies: [ViewNode], _ replyCount: Int, _ context: RenderContext) -> ViewNode
    /// Reaction counts under a message.
    public var makeReactionsView: @Sendable (_ message: ChatMessage, _ context: RenderContext) -> ViewNode
    /// A system or error message: a centred line with no bubble.
    public var makeSystemMessageView: @Sendable (_ item: MessageItem, _ context: RenderContext) -> ViewNode
    /// The placeholder of a deleted message.
    public var makeDeletedMessageView: @Sendable (_ item: MessageItem, _ context: RenderContext) -> ViewNode

    /// The default view of every part.
    public init() {
        makeDocumentHeaderView = { DefaultViews().makeDocumentHeaderView(for: $0, context: $1) }
        makeDocumentFooterView = { DefaultViews().makeDocumentFooterView(for: $0, context: $1) }
        makeEmptyTranscriptView = { DefaultViews().makeEmptyTranscriptView(context: $0) }
        makeReadErrorView = { DefaultViews().makeReadErrorView(for: $0, context: $1) }
        makeDocumentNavigationView = { DefaultViews().makeDocumentNavigationView(for: $0, context: $1) }
        makeIndexEntryView = { DefaultViews().makeIndexEntryView(for: $0, context: $1) }
        makeContentsView = { DefaultViews().makeContentsView(for: $0, context: $1) }
        makeContentsEntryView = { DefaultViews().makeContentsEntryView(for: $0, context: $1) }
        makeEmptyChannelView = { DefaultViews().makeEmptyChannelView(for: $0, context: $1) }
        makeSearchBarView = { DefaultViews().makeSearchBarView(for: $0, context: $1) }
        makeChannelHeaderView = { DefaultViews().makeChannelHeaderView(options: $0, context: $1) }
        makeDaySeparatorView = { DefaultViews().makeDaySeparatorView(for: $0, context: $1) }
        makeMessageView = { DefaultViews().makeMessageView(for: $0, context: $1) }
        makeAuthorView = { DefaultViews().makeAuthorView(for: $0, context: $1) }
        makeMessageFooterView = { DefaultViews().makeMessageFooterView(for: $0, context: $1) }
        makeMessageContentView = { DefaultViews().makeMessageContentView(for: $0, context: $1) }
        makeTextView = { DefaultViews().makeTextView(for: $0, context: $1) }
        makeAttachmentView = { DefaultViews().makeAttachmentView(for: $0, in: $1, context: $2) }
        makeGalleryView = { DefaultViews().makeGalleryView(for: $0, in: $1, context: $2) }
        makePollView = { DefaultViews().makePollView(for: $0, in: $1, context: $2) }
        makeSharedLocationView = { DefaultViews().makeSharedLocationView(for: $0, in: $1, context: $2) }
        makeCustomAttachmentView = { DefaultViews().makeCustomAttachmentView(for: $0, in: $1, context: $2) }
        makeGenericAttachmentView = { DefaultViews().makeGenericAttachmentView(for: $0, in: $1, context: $2) }
        makeQuotedMessageView = { DefaultViews().makeQuotedMessageView(options: $0, context: $1) }
        makeQuotedMessageContentView = { DefaultViews().makeQuotedMessageContentView(options: $0, context: $1) }
        makeThreadView = { DefaultViews().makeThreadView(for: $0, replies: $1, replyCount: $2, context: $3) }
        makeReactionsView = { DefaultViews().makeReactionsView(for: $0, context: $1) }
        makeSystemMessageView = { DefaultViews().makeSystemMessageView(for: $0, context: $1) }
        makeDeletedMessageView = { DefaultViews().makeDeletedMessageView(for: $0, context: $1) }
    }
}

extension ViewFactory {
    /// What the quoted-message slots get: the quoted message (when the input has it) and the reply.
    public struct QuotedMessageOptions: Sendable, Hashable {
        /// The quoted message; `nil` when only its id is known.
        public var quotedMessage: ChatMessage?
        /// The quoted message's id, known even when the input does not embed the message.
        public var quotedMessageID: String?
        /// The reply that quotes it.
        public var replyingMessage: ChatMessage

        /// Options for a quote of `quotedMessage` (or of the message with `quotedMessageID`) in
        /// `replyingMessage`.
        public init(quotedMessage: ChatMessage?, quotedMessageID: String?, replyingMessage: ChatMessage) {
            self.quotedMessage = quotedMessage
            self.quotedMessageID = quotedMessageID
            self.replyingMessage = replyingMessage
        }
    }
}

extension ViewFactory {
    /// What the channel header slot gets: the channel, whether to name it, and what the index
    /// pass found about its messages.
    public struct ChannelHeaderOptions: Sendable, Hashable {
        /// The channel whose messages follow.
        public var channel: ChatChannel
        /// `false` when the document's title already is the channel's name (a single-channel input).
        public var showsName: Bool
        /// The messages shown from this channel, thread replies included; `nil` when not known
        /// (rendering in one pass).
        public var messageCount: Int?
        /// When the first message shown from this channel was sent; `nil` when not known.
        public var firstDate: Date?
        /// When the last message shown from this channel was sent; `nil` when not known.
        public var lastDate: Date?
        /// The element id the contents list links to (`channel-3`, see ``ViewNode/anchor(id:_:)``);
        /// `nil` when nothing links to the header.
        public var anchor: String?
        /// `true` for the header repeated at the top of the next page of a split document, where
        /// the channel goes on ("general (continued)").
        public var isContinued: Bool

        /// Options for the header of `channel`; the index pass fills in the count and dates.
        public init(
            channel: ChatChannel, showsName: Bool = true, messageCount: Int? = nil, firstDate: Date? = nil, lastDate: Date? = nil,
            anchor: String? = nil, isContinued: Bool = false
        ) {
            self.anchor = anchor
            self.isContinued = isContinued
            self.channel = channel
            self.showsName = showsName
            self.messageCount = messageCount
            self.firstDate = firstDate
            self.lastDate = lastDate
        }
    }
}

extension ViewFactory {
    /// One channel of a multi-channel document's contents list, as the index pass found it.
    public struct ContentsEntry: Sendable, Hashable {
        /// The channel.
        public var channel: ChatChannel
        /// The element id of the channel's header (`channel-3`): the entry links to `#` and it.
        public var anchor: String
        /// The messages shown from the channel, thread replies included.
        public var messageCount: Int
        /// When the first message shown was sent; `nil` when none has a date.
        public var firstDate: Date?
        /// When the last message shown was sent; `nil` when none has a date.
        public var lastDate: Date?

        /// An entry for `channel`, whose header has the id `anchor`.
        public init(channel: ChatChannel, anchor: String, messageCount: Int, firstDate: Date? = nil, lastDate: Date? = nil) {
            self.channel = channel
            self.anchor = anchor
            self.messageCount = messageCount
            self.firstDate = firstDate
            self.lastDate = lastDate
        }
    }
}

extension ViewFactory {
    /// Where the links between the files of a rendering of several lead, from one of them:
    /// its neighbours and the index, as file names beside it (``makeDocumentNavigationView``
    /// makes them links).
    public struct DocumentNavigation: Sendable, Hashable {
        /// What the files are, which names the links.
        public enum Kind: Sendable, Hashable {
            /// Pages of a split document (`--split`).
            case pages
            /// Channels, a file each (`--output-dir`).
            case channels
        }

        /// Pages or channels.
        public var kind: Kind
        /// The file before this one; `nil` for the first.
        public var previousFileName: String?
        /// The index of all the files: `chat.html`, `index.html`.
        public var indexFileName: String
        /// The file after this one; `nil` for the last.
        public var nextFileName: String?

        /// Links of `kind` to the files named.
        public init(kind: Kind, previousFileName: String?, indexFileName: String, nextFileName: String?) {
            self.kind = kind
            self.previousFileName = previousFileName
            self.indexFileName = indexFileName
            self.nextFileName = nextFileName
        }
    }

    /// One file of an index document: a channel's file (`--output-dir`) or a page (`--split`).
    public struct IndexEntry: Sendable, Hashable {
        /// The file, relative to the index: `001-general.html`, `chat-002.html`.
        public var fileName: String
        /// The channel's name, or the page's ("Page 2").
        public var title: String
        /// Its messages' count and dates.
        public var summary: DocumentSummary
        /// The channels a page of a multi-channel document shows, by name; empty otherwise.
        public var channels: [String]

        /// An entry for `fileName`.
        public init(fileName: String, title: String, summary: DocumentSummary, channels: [String] = []) {
            self.channels = channels
            self.fileName = fileName
            self.title = title
            self.summary = summary
        }
    }
}

/// The default view of each slot of ``ViewFactory``, which its `init()` installs.
struct DefaultViews {}
