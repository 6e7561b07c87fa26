/// The names a theme file may use, in the order ``Theme/fileText`` writes them. They echo the
/// iOS SDK's `Appearance` (`colorPalette`, `fonts`, `images`) so that an iOS developer finds
/// their way.
enum ThemeSchema {
    static let fileKeys = ["version", "extends", "description", "colors", "dark", "fonts", "styles", "images",
                           "reactions", "strings", "metrics"]
    static let darkKeys = ["colors"]

    static let colorNames: [String] = [
        "text", "textLowEmphasis", "subtitleText", "textInverted", "background",
    ] + (1...8).map { "background\($0)" } + [
        "border", "popoverBackground", "accentPrimary", "highlightedAccentBackground1", "pinnedMessageBackground",
        "alert", "mention", "mentionBackground", "link", "codeBackground", "avatarText",
    ] + (0..<AvatarContent.paletteSize).map { "avatar\($0)" }

    static let fontNames = ["body", "bodyBold", "bodyItalic", "footnote", "footnoteBold", "subheadline",
                            "subheadlineBold", "headline", "headlineBold", "caption1", "title", "emoji", "code"]
    static let fontKeys = ["family", "size", "weight", "italic"]
    static let fontSizes: ClosedRange<Double> = 6...128
    static let fontWeights: ClosedRange<Double> = 100...900

    static let roles: [Role] = [
        .body, .muted, .author, .timestamp, .mention, .label, .title, .emphasis, .strong, .code, .alert, .jumbo,
        .badge, .separator, .system, .deleted, .error, .waveform, .ownReaction,
        .plain, .bubble, .ownBubble, .card, .attachment, .quoted, .header, .footer, .ephemeral, .gallery, .media,
        .linkPreview, .channelHeader, .channelInfo,
    ]
    static let styleKeys = ["color", "background", "font", "bold", "italic", "underline", "dim"]

    static let imageNames = [
        "attachment", "image", "video", "audio", "voiceRecording", "file", "file.pdf", "file.document",
        "file.spreadsheet", "file.presentation", "file.archive", "file.audio", "file.video", "file.code",
        "file.image", "file.other", "giphy", "linkPreview", "contact", "poll", "location", "unknown", "edited",
        "pinned", "thread",
    ]

    static let stringNames = [
        "untitled", "message", "messages", "systemMessage", "unknownUser", "messageDeleted", "edited", "onlyVisibleToYou", "you", "attachment", "inputError", "ownReactionMark",
        "pinned", "pinnedBy", "pinnedByYou", "threadReply", "threadReplies", "orphanThread", "repliedToThread",
        "channel", "member", "members", "quotedMessageMissing", "quotedMessageElsewhere",
        "photos", "videos", "files", "voiceMessageDuration", "photo", "video", "file", "audio", "voiceMessage",
        "link", "linkPreview", "contact", "phone", "email", "poll", "pollOpen", "pollClosed", "vote", "votes",
        "location", "liveLocationUntil", "previousPage", "nextPage", "pageIndex", "page", "noMessages", "transcripts",
        "file.pdf", "file.document", "file.spreadsheet", "file.presentation", "file.archive", "file.audio",
        "file.video", "file.code", "file.image", "file.other",
    ]

    /// Metric names with the range each accepts, in pixels.
    static let metrics: [(name: String, range: ClosedRange<Double>)] = [
        ("bubbleRadius", 0...64), ("spacing", 0...64), ("maxContentWidth", 240...4000), ("avatarSize", 8...256),
    ]

    /// The longest glyph, label or reaction a theme may hold, in characters.
    static let maximumTextLength = 200
    /// The deepest chain of `extends`.
    static let maximumExtendsDepth = 16
}
