import Foundation

/// Builds the view of every part of a message, one requirement per slot, like the iOS SDK's
/// `ViewFactory`. Every slot has a default in an extension; an app overrides the slots it
/// cares about and falls back to the defaults through ``DefaultViewFactory``:
///
/// ```swift
/// struct AppFactory: ViewFactory {
///     func makeCustomAttachmentView(for attachment: AnyChatMessageAttachment, in message: ChatMessage,
///                                   context: RenderContext) -> ViewNode {
///         guard attachment.type == .workout else {
///             return DefaultViewFactory().makeCustomAttachmentView(for: attachment, in: message, context: context)
///         }
///         return .card(.attachment, [.text("🏃 \(attachment.string("distance") ?? "")")])
///     }
/// }
/// ```
///
/// Defaults reach other slots through `context.factory`, so an override applies wherever that
/// slot is used. Every slot must stay a protocol requirement: a method only in the extension
/// would be dispatched statically and an app's version silently ignored.
public protocol ViewFactory: Sendable {
    // MARK: The document

    /// The document's title, at the top of every output (the page's only `h1` in HTML).
    func makeDocumentHeaderView(for document: DocumentInfo, context: RenderContext) -> ViewNode
    /// The closing summary: how many messages, their dates, the time zone and the generator.
    func makeDocumentFooterView(for summary: DocumentSummary, context: RenderContext) -> ViewNode
    /// What a document with no message to show says instead.
    func makeEmptyTranscriptView(context: RenderContext) -> ViewNode
    /// The line saying where the transcript stops when the input breaks off.
    func makeReadErrorView(for error: ReadError, context: RenderContext) -> ViewNode
    /// "← Previous page · Index · Next page →" at the top and bottom of each page of a split
    /// document (`--split`); `page` counts from 1.
    func makePageNavigationView(page: Int, pageCount: Int, names: PageNames, context: RenderContext) -> ViewNode
    /// One entry of an index document (`--output-dir`, `--split`): a link to its file, with
    /// its message count and dates.
    func makeIndexEntryView(for entry: IndexEntry, context: RenderContext) -> ViewNode
    /// The contents list at the top of a document of several channels: a heading and the
    /// entries (``makeContentsEntryView(for:context:)``), each linking to its channel's heading.
    func makeContentsView(for entries: [ContentsEntry], context: RenderContext) -> ViewNode
    /// One channel of the contents list: its name linked to its heading, its message count and
    /// the days of its messages.
    func makeContentsEntryView(for entry: ContentsEntry, context: RenderContext) -> ViewNode
    /// What a channel of a multi-channel document that has no message to show says under its
    /// heading.
    func makeEmptyChannelView(for channel: ChatChannel, context: RenderContext) -> ViewNode
    /// The search bar at the top of an HTML page rendered with ``RenderOptions/search`` (not
    /// asked otherwise, nor for an index document). The page's script finds its parts by the ids
    /// in ``SearchBarIDs``: an override keeps them, or the bar does nothing.
    func makeSearchBarView(for document: DocumentInfo, context: RenderContext) -> ViewNode

    // MARK: Channels and messages

    /// The top of a channel's part of the transcript: its name (unless the document's title
    /// already gives it), image, member count and the dates of the messages shown.
    func makeChannelHeaderView(options: ChannelHeaderOptions, context: RenderContext) -> ViewNode
    /// The separator shown before the first message of each day.
    func makeDaySeparatorView(for date: Date, context: RenderContext) -> ViewNode
    /// The whole message: picks the system, deleted or regular layout.
    func makeMessageView(for item: MessageItem, context: RenderContext) -> ViewNode
    /// The author line of the first message of a group.
    func makeAuthorView(for message: ChatMessage, context: RenderContext) -> ViewNode
    /// The time, "Edited", and other marks under the last message of a group.
    func makeMessageFooterView(for item: MessageItem, context: RenderContext) -> ViewNode
    /// The body of a regular message: quote, attachments, text, in the order clients use.
    func makeMessageContentView(for item: MessageItem, context: RenderContext) -> ViewNode
    /// The message's Markdown text.
    func makeTextView(for message: ChatMessage, context: RenderContext) -> ViewNode
    /// One built-in attachment: dispatches to the slot of its kind.
    func makeAttachmentView(for attachment: AnyChatMessageAttachment, in message: ChatMessage, context: RenderContext) -> ViewNode
    /// The message's images and videos, side by side.
    func makeGalleryView(for attachments: [AnyChatMessageAttachment], in message: ChatMessage, context: RenderContext) -> ViewNode
    /// An image attachment (`image`): the picture, its title as alt text, its size.
    func makeImageAttachmentView(for attachment: AnyChatMessageAttachment, in message: ChatMessage, context: RenderContext) -> ViewNode
    /// A video attachment (`video`): its poster linked to the video, or a link, with its duration.
    func makeVideoAttachmentView(for attachment: AnyChatMessageAttachment, in message: ChatMessage, context: RenderContext) -> ViewNode
    /// A file or audio attachment: icon by kind, title, size, link.
    func makeFileAttachmentView(for attachment: AnyChatMessageAttachment, in message: ChatMessage, context: RenderContext) -> ViewNode
    /// A voice message (`voiceRecording`): a link to the recording, its waveform and duration.
    func makeVoiceRecordingAttachmentView(for attachment: AnyChatMessageAttachment, in message: ChatMessage, context: RenderContext)
        -> ViewNode
    /// A GIF sent with the `/giphy` command (`giphy`).
    func makeGiphyAttachmentView(for attachment: AnyChatMessageAttachment, in message: ChatMessage, context: RenderContext) -> ViewNode
    /// The preview of a link in the text (any attachment with `og_scrape_url`): site, title,
    /// description and image.
    func makeLinkPreviewAttachmentView(for attachment: AnyChatMessageAttachment, in message: ChatMessage, context: RenderContext)
        -> ViewNode
    /// A contact card (`contact`: `name`, `phoneNumber`, `email`, `organization`).
    func makeContactAttachmentView(for attachment: AnyChatMessageAttachment, in message: ChatMessage, context: RenderContext) -> ViewNode
    /// The message's poll (`message.poll`).
    func makePollView(for poll: Poll, in message: ChatMessage, context: RenderContext) -> ViewNode
    /// The message's shared location (`message.shared_location`).
    func makeSharedLocationView(for location: SharedLocation, in message: ChatMessage, context: RenderContext) -> ViewNode
    /// One attachment of a kind Scrollback has no slot for (an app's own, or unknown) and no
    /// registered view draws (``AttachmentViewRegistry`` is asked first): a generic card.
    func makeCustomAttachmentView(for attachment: AnyChatMessageAttachment, in message: ChatMessage, context: RenderContext) -> ViewNode
    /// The last resort for any attachment: its type and every field, so nothing is invisible.
    func makeGenericAttachmentView(for attachment: AnyChatMessageAttachment, in message: ChatMessage, context: RenderContext) -> ViewNode
    /// The quoted message above a reply: the frame (author, link to the original).
    func makeQuotedMessageView(options: QuotedMessageOptions, context: RenderContext) -> ViewNode
    /// What the quote shows of the quoted message: text, else an attachment summary. Not asked
    /// when the original is deleted (``MessageTypeResolving/isDeleted(message:)``): the quote then
    /// says so itself.
    func makeQuotedMessageContentView(options: QuotedMessageOptions, context: RenderContext) -> ViewNode
    /// A thread's replies, already laid out, under their first message; `parent` is `nil` when
    /// that message is not in the document (the block then stands where its first reply was).
    /// `replyCount` is the number of replies shown.
    func makeThreadView(for parent: ChatMessage?, replies: [ViewNode], replyCount: Int, context: RenderContext) -> ViewNode
    /// Reaction counts under a message.
    func makeReactionsView(for message: ChatMessage, context: RenderContext) -> ViewNode
    /// A system or error message: a centred line with no bubble.
    func makeSystemMessageView(for item: MessageItem, context: RenderContext) -> ViewNode
    /// The placeholder of a deleted message.
    func makeDeletedMessageView(for item: MessageItem, context: RenderContext) -> ViewNode
}

/// What the quoted-message slots get: the quoted message (when the input has it), the reply,
/// and the width available in columns for text outputs.
public struct QuotedMessageOptions: Sendable, Hashable {
    /// The quoted message; `nil` when only its id is known.
    public var quotedMessage: ChatMessage?
    /// The quoted message's id, known even when the input does not embed the message.
    public var quotedMessageID: String?
    /// The reply that quotes it.
    public var replyingMessage: ChatMessage
    /// Columns left for the quote in terminal output, after the reply's own indentation.
    public var availableWidth: Int

    /// Options for a quote of `quotedMessage` (or of the message with `quotedMessageID`) in
    /// `replyingMessage`.
    public init(quotedMessage: ChatMessage?, quotedMessageID: String?, replyingMessage: ChatMessage, availableWidth: Int) {
        self.quotedMessage = quotedMessage
        self.quotedMessageID = quotedMessageID
        self.replyingMessage = replyingMessage
        self.availableWidth = availableWidth
    }
}

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

/// The defaults, to use as they are or to fall back to from an override.
public struct DefaultViewFactory: ViewFactory {
    /// The default factory.
    public init() {}
}
