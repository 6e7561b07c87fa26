/// The names a theme file may use, in the order ``Theme/fileText`` writes them. They echo the
/// iOS SDK's `Appearance` (`colorPalette`, `fonts`, `images`) so that an iOS developer finds
/// their way.
enum ThemeSchema {
    static let colorNames: [String] =
        [
            "text", "textLowEmphasis", "subtitleText", "textInverted", "background",
        ] + (1...8).map { "background\($0)" } + [
            "border", "popoverBackground", "accentPrimary", "highlightedAccentBackground1", "pinnedMessageBackground",
            "alert", "mention", "mentionBackground", "link", "codeBackground", "avatarText",
        ] + (0..<ViewNode.AvatarContent.paletteSize).map { "avatar\($0)" }

    static let fontNames = [
        "body", "bodyBold", "bodyItalic", "footnote", "footnoteBold", "subheadline",
        "subheadlineBold", "headline", "headlineBold", "caption1", "title", "emoji", "code",
    ]
    static let fontSizes: ClosedRange<Double> = 6...128
    static let fontWeights: ClosedRange<Double> = 100...900

    static let roles: [Role] = [
        .body, .muted, .author, .timestamp, .mention, .label, .title, .emphasis, .strong, .code, .alert, .jumbo,
        .badge, .separator, .system, .deleted, .error, .waveform, .reaction, .ownReaction,
        .plain, .bubble, .ownBubble, .card, .attachment, .quoted, .header, .footer, .ephemeral, .gallery, .media,
        .linkPreview, .channelHeader, .channelInfo,
    ]

    /// Derived from the typed keys, so that a file and Swift know the same names.
    static let imageNames = Theme.Icon.builtIn.map(\.rawValue)
    static let stringNames = Theme.Label.builtIn.map(\.rawValue)

    /// Metric names with the range each accepts, in pixels.
    static let metrics: [(name: String, range: ClosedRange<Double>)] = [
        ("bubbleRadius", 0...64), ("spacing", 0...64), ("maxContentWidth", 240...4000), ("avatarSize", 8...256),
    ]

    /// The longest glyph, label or reaction a theme may hold, in characters.
    static let maximumTextLength = 200
    /// The deepest chain of `extends`.
    static let maximumExtendsDepth = 16

    // MARK: - The file

    /// Every key of a theme file and what it takes, for ``ConfigurationChecker``. Sections that
    /// name things (`colors`, `fonts`, `styles`, `images`, `strings`) take the names above;
    /// `strings` also takes an app's labels under `app.` (``Theme/Label/appNamespace``).
    static let file = file(appLabels: nil)

    /// ``file`` for an app that declared its labels (``Theme/Label/app(_:default:)``): `strings`
    /// takes those under `app.` and no other, so that a misspelt one is refused with the
    /// nearest name. With `nil`, any name under `app.` is taken.
    static func file(appLabels: [Theme.Label]?) -> ConfigurationSchema {
        let strings: ConfigurationSchema.KeyRule =
            appLabels.map { labels in .oneOf(stringNames + labels.map(\.rawValue)) } ?? .oneOf(stringNames, or: Theme.Label.isAppName)
        return schema(strings: strings)
    }

    private static func schema(strings: ConfigurationSchema.KeyRule) -> ConfigurationSchema {
        .object([
            .required("version", .wholeNumber()),
            .optional("extends", .string),
            .optional("description", .string),
            .optional("colors", colors),
            .optional("dark", ConfigurationSchema.object([.optional("colors", colors)]).orNull),
            .optional(
                "fonts",
                .table(
                    .oneOf(fontNames),
                    of: .object([
                        .optional("family", text), .optional("size", .number(in: fontSizes)),
                        .optional("weight", .wholeNumber(in: fontWeights)), .optional("italic", .bool),
                    ]))),
            .optional(
                "styles",
                .table(
                    .oneOf(roles.map(\.rawValue)),
                    of: .object([
                        .optional("color", .string), .optional("background", ConfigurationSchema.string.orNull), .optional("font", .string),
                        .optional("bold", .bool), .optional("italic", .bool), .optional("underline", .bool), .optional("dim", .bool),
                    ]))),
            .optional(
                "images",
                .table(
                    .oneOf(imageNames),
                    of: ConfigurationSchema.either(
                        text,
                        .object([
                            .required("glyph", text),
                            .optional("svg", .object([.required("viewBox", .string), .required("path", .string)])),
                        ])
                    ).orNull)),
            .optional("reactions", .table(.anyName { $0.isEmpty ? .emptyName(of: "reaction") : nil }, of: text.orNull)),
            .optional("strings", .table(strings, of: text.orNull)),
            .optional("metrics", .object(metrics.map { .optional($0.name, .number(in: $0.range)) })),
        ])
    }

    static let colors: ConfigurationSchema = .table(
        .oneOf(colorNames),
        of: .string("a colour string") {
            ThemeColor(parsing: $0) == nil ? .invalidColor($0) : nil
        })

    /// A glyph, label, reaction or font family: short, without control characters.
    static let text: ConfigurationSchema = .string { text in
        if text.isEmpty { return .emptyValue }
        if text.count > maximumTextLength { return .invalidText("longer than \(maximumTextLength) characters") }
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return .invalidText("holds a control character")
        }
        return nil
    }
}
