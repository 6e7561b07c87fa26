/// How an app's own attachment kinds are drawn, by type: registered payloads that draw
/// themselves, and card templates from a card file. Passed to the renderer as a value, never
/// kept in global state.
public struct AttachmentViewRegistry: Sendable {
    /// Draws one kind of attachment.
    public struct Renderer: Sendable {
        public var preferredAxis: View.Axis
        /// The view, or `nil` when the attachment's fields do not fit (the generic card is used).
        public var makeView: @Sendable (AnyChatMessageAttachment, RenderContext) -> View?
        public var makeQuotedPreview: @Sendable (AnyChatMessageAttachment, RenderContext) -> View?

        public init(preferredAxis: View.Axis = .vertical,
                    makeView: @escaping @Sendable (AnyChatMessageAttachment, RenderContext) -> View?,
                    makeQuotedPreview: @escaping @Sendable (AnyChatMessageAttachment, RenderContext) -> View? = { _, _ in nil }) {
            self.preferredAxis = preferredAxis
            self.makeView = makeView
            self.makeQuotedPreview = makeQuotedPreview
        }
    }

    private var renderers: [AttachmentType: Renderer] = [:]

    public init() {}

    /// Registers a payload that draws itself; a later registration for the same type wins.
    /// The renderer is found by the resolver's kind for an attachment, so a resolver that maps a
    /// legacy type to this payload's gets this view too.
    public mutating func register<Payload: AttachmentViewProviding>(_ payloadType: Payload.Type) {
        renderers[Payload.type] = Renderer(
            preferredAxis: Payload.preferredAxis,
            makeView: { attachment, context in
                attachment.decodedFields(as: Payload.self).map { $0.payload.makeView(for: $0, context: context) }
            },
            makeQuotedPreview: { attachment, context in
                attachment.decodedFields(as: Payload.self).flatMap { $0.payload.makeQuotedPreview(for: $0, context: context) }
            })
    }

    public mutating func register(_ type: AttachmentType, renderer: Renderer) {
        renderers[type] = renderer
    }

    /// A copy with `payloadType` registered, for building a registry in one expression.
    public func registering<Payload: AttachmentViewProviding>(_ payloadType: Payload.Type) -> AttachmentViewRegistry {
        var copy = self
        copy.register(payloadType)
        return copy
    }

    public func renderer(for type: AttachmentType) -> Renderer? {
        renderers[type]
    }

    public var registeredTypes: [AttachmentType] { renderers.keys.sorted { $0.rawValue < $1.rawValue } }
}
