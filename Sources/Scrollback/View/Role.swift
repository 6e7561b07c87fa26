/// What a piece of the view tree *is*, never how it looks: the theme maps each role to colours
/// and fonts, and each backend to its own markup (a CSS class, an SGR style, emphasis).
public struct Role: RawRepresentable, Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The role's name: the key of its style in a theme and, in HTML, the `sb-` class it gets.
    public let rawValue: String
    /// The role named `rawValue`; an app may name its own and style them in a theme.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The role named by a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }
    /// The ``rawValue``.
    public var description: String { rawValue }

    // Text
    /// Message text: the only role besides ``jumbo`` whose text may span several lines.
    public static let body: Role = "body"
    /// Secondary text: sizes, counts, details.
    public static let muted: Role = "muted"
    /// An author's name.
    public static let author: Role = "author"
    /// A time, and marks beside it such as "Edited".
    public static let timestamp: Role = "timestamp"
    /// An `@mention` of a user.
    public static let mention: Role = "mention"
    /// The name of a ``ViewNode/Field`` row.
    public static let label: Role = "label"
    /// A title, such as an attachment card's or an index entry's.
    public static let title: Role = "title"
    /// Emphasised text, usually italic.
    public static let emphasis: Role = "emphasis"
    /// Strongly emphasised text, usually bold: names of files, polls, contacts.
    public static let strong: Role = "strong"
    /// Code, in a monospaced font.
    public static let code: Role = "code"
    /// A warning to the reader, such as where a broken input stops.
    public static let alert: Role = "alert"
    /// A message of only a few emoji, shown large; may span several lines like ``body``.
    public static let jumbo: Role = "jumbo"

    // Containers
    /// A container with no look of its own.
    public static let plain: Role = "plain"
    /// Someone else's message.
    public static let bubble: Role = "bubble"
    /// The reader's own message (``RenderOptions/currentUserID``).
    public static let ownBubble: Role = "own-bubble"
    /// A boxed group without a more specific role.
    public static let card: Role = "card"
    /// An attachment's card or row.
    public static let attachment: Role = "attachment"
    /// A quoted message above a reply.
    public static let quoted: Role = "quoted"
    /// A message's author line.
    public static let header: Role = "header"
    /// What sits under a message: time, marks, reactions.
    public static let footer: Role = "footer"
    /// A system message, and lines the document says itself ("No messages").
    public static let system: Role = "system"
    /// A deleted message's placeholder.
    public static let deleted: Role = "deleted"
    /// A message only its sender saw.
    public static let ephemeral: Role = "ephemeral"
    /// A message the server refused, and where a broken input stops.
    public static let error: Role = "error"
    /// A small label such as "GIF", a duration or a reaction count.
    public static let badge: Role = "badge"
    /// A reaction's pill: its emoji and count, under a message.
    public static let reaction: Role = "reaction"
    /// A reaction the reader (`--me`) gave.
    public static let ownReaction: Role = "own-reaction"
    /// A rule across the transcript, such as a day separator.
    public static let separator: Role = "separator"
    /// Images and videos side by side.
    public static let gallery: Role = "gallery"
    /// An image or video with its caption.
    public static let media: Role = "media"
    /// The preview card of a link.
    public static let linkPreview: Role = "link-preview"
    /// A voice recording's sparkline.
    public static let waveform: Role = "waveform"
    /// A channel's name with its details under it.
    public static let channelHeader: Role = "channel-header"
    /// A channel's image, member count and dates.
    public static let channelInfo: Role = "channel-info"
    /// The document's closing summary (``ViewFactory/makeDocumentFooterView``).
    public static let documentSummary: Role = "document-summary"
    /// Links between the pages of a split document, or between the channels' files.
    public static let pageNavigation: Role = "page-nav"
    /// The contents of a multi-channel document: its heading and list (a `nav` in HTML).
    public static let contents: Role = "contents"
    /// The list of a ``contents`` block, one entry per child (a list in HTML and Markdown).
    public static let contentsList: Role = "contents-list"
    /// The line under a channel that has no message to show.
    public static let emptyChannel: Role = "empty-channel"
}

extension Role {
    /// Whether `.text` in this role may run over several lines. Only message text may: `.body`
    /// (a message's text, a link preview's description, a field's value) and `.jumbo`. Every
    /// other role names or labels something (an author, a title, a file name, a reaction, a
    /// time) and stays on one line: backends show a line break there as `↵`, and a run of
    /// blanks (spaces, tabs, fillers) as one space, so that no name can start a line of output
    /// that looks like another author's. See ``ViewNode/text(_:_:)``.
    public var allowsLineBreaks: Bool { self == .body || self == .jumbo }

    /// Whether one-line `.text` in this role is a notice rather than a field: the text of a
    /// system or error message, or a line the document says itself (`alert`). A notice is a
    /// sentence, shown whole; a field (a name, a title, a label) is cut at
    /// ``TextControls/fieldLength`` characters. Both show runs of blanks as one space
    /// (``TextControls/collapsingBlanks(_:)``).
    var isNotice: Bool { self == .system || self == .error || self == .alert }
}
