/// What a piece of the view tree *is*, never how it looks: the theme maps each role to colours
/// and fonts, and each backend to its own markup (a CSS class, an SGR style, emphasis).
public struct Role: RawRepresentable, Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }

    // Text
    public static let body: Role = "body"
    public static let muted: Role = "muted"
    public static let author: Role = "author"
    public static let timestamp: Role = "timestamp"
    public static let mention: Role = "mention"
    public static let label: Role = "label"
    public static let title: Role = "title"
    public static let emphasis: Role = "emphasis"
    public static let strong: Role = "strong"
    public static let code: Role = "code"
    public static let alert: Role = "alert"
    public static let jumbo: Role = "jumbo"

    // Containers
    public static let plain: Role = "plain"
    public static let bubble: Role = "bubble"
    public static let ownBubble: Role = "own-bubble"
    public static let card: Role = "card"
    public static let attachment: Role = "attachment"
    public static let quoted: Role = "quoted"
    public static let header: Role = "header"
    public static let footer: Role = "footer"
    public static let system: Role = "system"
    public static let deleted: Role = "deleted"
    public static let ephemeral: Role = "ephemeral"
    public static let error: Role = "error"
    public static let badge: Role = "badge"
    /// A reaction the reader (`--me`) gave.
    public static let ownReaction: Role = "own-reaction"
    public static let separator: Role = "separator"
    /// Images and videos side by side.
    public static let gallery: Role = "gallery"
    /// An image or video with its caption.
    public static let media: Role = "media"
    public static let linkPreview: Role = "link-preview"
    /// A voice recording's sparkline.
    public static let waveform: Role = "waveform"
    /// A channel's name with its details under it.
    public static let channelHeader: Role = "channel-header"
    /// A channel's image, member count and dates.
    public static let channelInfo: Role = "channel-info"
    /// The document's closing summary (``ViewFactory/makeDocumentFooterView(for:context:)``).
    public static let documentSummary: Role = "document-summary"
    /// Links between the pages of a split document.
    public static let pageNavigation: Role = "page-nav"
}

extension Role {
    /// Whether `.text` in this role may run over several lines. Only message text may: `.body`
    /// (a message's text, a link preview's description, a field's value) and `.jumbo`. Every
    /// other role names or labels something (an author, a title, a file name, a reaction, a
    /// time) and stays on one line: backends show a line break there as `␤`, so that no name
    /// can start a line of output that looks like another author's. See ``View/text(_:_:)``.
    public var allowsLineBreaks: Bool { self == .body || self == .jumbo }
}
