import Foundation

/// What every factory slot may consult: the options, the formatters, the message's place in
/// its group, and the factory and resolver in use.
///
/// The default slots build nested parts through ``factory``, never through their own defaults
/// directly, so an app's replacement of any slot applies everywhere, even when another
/// replacement falls back to a default.
public struct RenderContext: Sendable {
    /// The options of the rendering: time zone, locale, theme, the reader's user id. Each
    /// format's own options (``RenderOptions/ansi``, ``RenderOptions/html``) are for its
    /// backend alone.
    public var options: RenderOptions {
        // Labels made with other options are not this context's.
        didSet { (namesWithIDs, authorTitles, sharedNames) = (BoundedMemo(), AuthorMemo(), AuthorMemo()) }
    }
    /// The factory in use, the app's when it gave one. Build nested parts through it, never through
    /// `ViewFactory()` directly, so that every replaced slot applies.
    public var factory: ViewFactory
    /// Decides what a message is and holds (deleted, system, which attachments show and of which
    /// kind).
    public var resolver: any MessageTypeResolving
    /// How the app's own attachment kinds are drawn.
    public var attachmentViews: AttachmentViewRegistry
    /// Times and days in the options' time zone and locale.
    public var formatter: DateLabels
    /// The decimal mark and percent spacing of the options' locale, for sizes and poll shares.
    let numberMarks: AttachmentFormatting.NumberMarks
    /// Whether the backend shows titles (``TranscriptBackend/showsTitles``): when it does not
    /// (the terminal, Markdown), the default factory makes none. The renderer sets it from the
    /// backend it writes to.
    public var showsTitles = true
    /// The messages in the document, when an index pass found them; `nil` when rendering in one pass.
    var documentMessages: DocumentMessages?
    /// In a split document or a file per channel: the document being written and the files'
    /// names (every message's document is in ``documentMessages``).
    var pageLinks: PageLinks?
    /// What ``report(_:keyPath:in:)`` collected for the renderer to pass on.
    let problems = RenderProblems()
    /// The name keys of the display names drawn so far (``nameKey(of:)``).
    private let nameKeys = BoundedMemo<BytewiseString, String>()
    /// The "name (id)" labels made so far with these options (``nameWithID(_:id:)``), by name
    /// and id.
    private var namesWithIDs = BoundedMemo<NameAndID, String>()
    /// Each author's ``nameWithID(of:)`` and ``sharesDisplayName(_:)``, kept by user value:
    /// asked for every message.
    private var authorTitles = AuthorMemo<String>()
    private var sharedNames = AuthorMemo<Bool>()
    /// The display names (``TranscriptIndex/nameKey(_:)``) that more than one author of the
    /// document uses, when an index pass found them: those authors show their user id too.
    var collidingNames: Set<String> = [] {
        didSet { sharedNames = AuthorMemo() }
    }
    /// The document's authors' display names by user id, when an index pass found them: a
    /// reaction that names its user by id only (`user_id`) shows their name.
    var knownNames: [String: String] = [:]
    /// The speakers met so far, in order, when a renderer draws the document; `nil` in a context
    /// made for calling a slot directly.
    var speakers: SpeakerOrder?
    /// The previews of quoted messages the renderer drew, when an index pass found quotes.
    var quotePreviews: QuotePreviews?

    /// The theme of the rendering, for labels (``Theme/string(_:_:)``) and glyphs.
    public var theme: Theme { options.theme }

    /// A context for drawing with `factory` and `resolver`; the renderer makes one per rendering,
    /// so an app needs this only to call a slot directly, as in a test.
    public init(
        options: RenderOptions, factory: ViewFactory, resolver: any MessageTypeResolving,
        attachmentViews: AttachmentViewRegistry = AttachmentViewRegistry()
    ) {
        self.options = options
        self.factory = factory
        self.resolver = resolver
        self.attachmentViews = attachmentViews
        self.formatter = DateLabels(timeZone: options.timeZone, locale: options.locale)
        self.numberMarks = AttachmentFormatting.NumberMarks(options.locale)
    }

    /// Whether the message is in the rendered document, so that a link to its anchor leads
    /// somewhere. Without an index pass (``TranscriptIndex``) every message is assumed present.
    public func contains(messageID: String) -> Bool {
        documentMessages?.contains(messageID) ?? true
    }

    /// Where a link to the message leads: the URL fragment of its anchor (`m-42`, the id
    /// percent-encoded) when it is in the document being written, else its page's
    /// file and that fragment (`chat-003.html#m-42`) in a split document, or its channel's
    /// (`002-random.html#m-42`) in a rendering with a file per channel. A fragment is
    /// percent-encoded and so never holds `#`: backends take a value with `#` as a relative URL,
    /// anything else as a fragment of the page.
    public func linkTarget(forMessageID id: String) -> String {
        let fragment = Anchor.fragment(forMessageID: id)
        guard let pageLinks, let page = documentMessages?.page(of: id), page != pageLinks.current,
            let file = pageLinks.fileName(of: page)
        else { return fragment }
        return PageNames.link(to: file) + "#" + fragment
    }

    /// The avatar colour of `user`: speakers take the theme's colours in the order they first
    /// appear in the rendering (so that the people of a conversation differ, and the same input
    /// always gives the same colours); without a renderer's context, a colour from the user id.
    public func authorColorIndex(for user: ChatUser) -> Int {
        speakers?.index(of: user) ?? ViewNode.AvatarContent(user: user).colorIndex
    }

    /// The text of a quote's preview of `quoted` (the quote's copy of the message), without
    /// its Markdown: kept from the drawing of the original when that has the same text and
    /// mentions (``QuotePreviews``), else parsed.
    func previewText(ofQuoted quoted: ChatMessage) -> String {
        quotePreviews?.preview(of: quoted) ?? DefaultViews.previewText(quoted.text, mentionedUsers: quoted.mentionedUsers)
    }

    /// The avatar of `user`, in the colour ``authorColorIndex(for:)`` gives.
    func avatar(for user: ChatUser) -> ViewNode.AvatarContent {
        speakers?.avatar(of: user) ?? ViewNode.AvatarContent(user: user)
    }

    /// Whether another author of the document goes by the same display name as `user`, so that
    /// only the user id tells them apart. Known after an index pass; `false` without one.
    public func sharesDisplayName(_ user: ChatUser) -> Bool {
        guard !collidingNames.isEmpty else { return false }
        return sharedNames.value(for: user) { sharesDisplayName(id: user.id, displayName: user.displayName) }
    }

    /// ``sharesDisplayName(_:)`` for the user of `id` shown as `displayName`, for callers that
    /// keep people as their names rather than as users.
    func sharesDisplayName(id: String, displayName: String) -> Bool {
        !collidingNames.isEmpty && !id.isEmpty && collidingNames.contains(nameKey(of: displayName))
    }

    /// How `name` compares with other display names (``TranscriptIndex/nameKey(_:)``), worked
    /// out once per name in a rendering.
    func nameKey(of name: String) -> String {
        nameKeys.value(for: BytewiseString(name)) { TranscriptIndex.nameKey(name) }
    }

    /// The theme's ``Theme/Label/nameWithID`` of `name` and `id`, made once per author in a
    /// rendering: every message's header has one.
    func nameWithID(_ name: String, id: String) -> String {
        namesWithIDs.value(for: NameAndID(name: BytewiseString(name), id: BytewiseString(id))) {
            theme.string(.nameWithID, arguments: [name, id])
        }
    }

    /// ``nameWithID(_:id:)`` of `user`, under the theme's "You" when `user` is the reader.
    func nameWithID(of user: ChatUser) -> String {
        authorTitles.value(for: user) { nameWithID(isCurrentUser(user) ? theme.string(.you) : user.displayName, id: user.id) }
    }

    /// A key of two strings that costs no allocation, unlike an array of them.
    private struct NameAndID: Hashable, Sendable {
        let name: BytewiseString
        let id: BytewiseString
    }

    /// Whether `user` is the reader (`--me`).
    public func isCurrentUser(_ user: ChatUser?) -> Bool {
        guard let user else { return false }
        return isCurrentUser(id: user.id)
    }

    /// Whether the user of `id` is the reader (`--me`); an empty id is nobody's.
    func isCurrentUser(id: String) -> Bool {
        guard let me = options.currentUserID, !id.isEmpty else { return false }
        return id == me
    }
}
