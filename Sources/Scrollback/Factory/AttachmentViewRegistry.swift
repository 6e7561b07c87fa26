/// How an app's own attachment kinds are drawn, by kind: registered payloads that draw
/// themselves, and card templates from a card file. Passed to the renderer as a value, never
/// kept in global state.
///
/// The registry is asked first for every attachment, built-in kinds included, by the kind the
/// resolver gives it (``MessageTypeResolving/attachmentKind(of:in:)``): registering a view for
/// `image` replaces the image slot's view, and a resolver that maps a legacy type to a
/// registered kind gets that kind's view. A later registration for the same kind wins.
public struct AttachmentViewRegistry: Sendable {
    /// Draws one kind of attachment.
    public struct Renderer: Sendable {
        /// How several attachments of this kind in one message sit: side by side (`.horizontal`) or
        /// one under another (`.vertical`).
        public var preferredAxis: ViewNode.Axis
        /// The view. Throws when the attachment's fields do not fit (a payload that fails to
        /// decode): the problem is reported and the kind's default view is drawn instead.
        public var makeView: @Sendable (AnyChatMessageAttachment, RenderContext) throws -> ViewNode
        /// A reply's quote of a message carrying the attachment; `nil` for the default quote.
        public var makeQuotedPreview: @Sendable (AnyChatMessageAttachment, RenderContext) throws -> ViewNode?

        /// A renderer from closures; `makeQuotedPreview` defaults to the default quote.
        public init(
            preferredAxis: ViewNode.Axis = .vertical,
            makeView: @escaping @Sendable (AnyChatMessageAttachment, RenderContext) throws -> ViewNode,
            makeQuotedPreview: @escaping @Sendable (AnyChatMessageAttachment, RenderContext) throws -> ViewNode? = { _, _ in nil }
        ) {
            self.preferredAxis = preferredAxis
            self.makeView = makeView
            self.makeQuotedPreview = makeQuotedPreview
        }
    }

    private var renderers: [AttachmentType: Renderer] = [:]

    /// An empty registry: every kind gets its default view.
    public init() {}

    /// Registers a payload that draws itself, under `Payload.type`.
    public mutating func register<Payload: AttachmentViewProviding>(_ payloadType: Payload.Type) {
        renderers[Payload.kind] = Renderer(
            preferredAxis: Payload.preferredAxis,
            makeView: { attachment, context in
                let decoded = try attachment.decoded(as: Payload.self)
                return decoded.payload.makeView(for: decoded, context: context)
            },
            makeQuotedPreview: { attachment, context in
                let decoded = try attachment.decoded(as: Payload.self)
                return decoded.payload.makeQuotedPreview(for: decoded, context: context)
            })
    }

    /// Registers a renderer for one kind.
    public mutating func register(_ type: AttachmentType, renderer: Renderer) {
        renderers[type] = renderer
    }

    /// A copy with `payloadType` registered, for building a registry in one expression.
    public func registering<Payload: AttachmentViewProviding>(_ payloadType: Payload.Type) -> AttachmentViewRegistry {
        var copy = self
        copy.register(payloadType)
        return copy
    }

    /// The renderer registered for `type`, if any.
    public func renderer(for type: AttachmentType) -> Renderer? {
        renderers[type]
    }

    /// Every kind with a renderer, sorted by name.
    public var registeredTypes: [AttachmentType] { renderers.keys.sorted { $0.rawValue < $1.rawValue } }
}

/// A payload that draws itself, like the iOS SDK's `AttachmentPreviewProvider`. Register it
/// with ``AttachmentViewRegistry/register(_:)`` and it appears in all three outputs.
public protocol AttachmentViewProviding: AttachmentPayload {
    /// How several attachments of this kind in one message sit: side by side or stacked.
    static var preferredAxis: ViewNode.Axis { get }
    /// The attachment inside its message.
    func makeView(for attachment: ChatMessageAttachment<Self>, context: RenderContext) -> ViewNode
    /// What a reply's quote shows of a message carrying this attachment; `nil` for the default
    /// (the quoted text, else a summary such as "Photo").
    ///
    /// A requirement without a default, so that a near miss (`-> ViewNode` for `-> ViewNode?`) does not
    /// compile instead of being silently passed over for a default.
    func makeQuotedPreview(for attachment: ChatMessageAttachment<Self>, context: RenderContext) -> ViewNode?
}

extension AttachmentViewProviding {
    /// The default: one under another.
    public static var preferredAxis: ViewNode.Axis { .vertical }
}

extension AttachmentViewRegistry {
    /// Registers every card of `cardFile`; a card replaces an earlier registration of its type.
    public mutating func register(cardFile: CardFile) {
        for card in cardFile.cards {
            register(card.type, renderer: card.renderer)
        }
    }

    /// A copy with every card of `cardFile` registered.
    public func registering(cardFile: CardFile) -> AttachmentViewRegistry {
        var copy = self
        copy.register(cardFile: cardFile)
        return copy
    }
}

extension CardFile {
    /// A registry that draws every card in the file.
    public var registry: AttachmentViewRegistry {
        AttachmentViewRegistry().registering(cardFile: self)
    }
}

extension AttachmentCard {
    /// The card as a registry entry.
    public var renderer: AttachmentViewRegistry.Renderer {
        AttachmentViewRegistry.Renderer(
            preferredAxis: axis,
            makeView: { attachment, _ in makeView(for: attachment) },
            makeQuotedPreview: { attachment, _ in makeQuotedPreview(for: attachment) })
    }
}
