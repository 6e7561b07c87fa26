import Foundation

/// The backend-neutral description of what to draw. Factories build it; the HTML, ANSI and
/// Markdown backends walk it. A custom attachment written once as a `ViewNode` appears in all three.
///
/// The vocabulary is closed on purpose: every backend must know how to draw every case.
public indirect enum ViewNode: Sendable, Hashable {
    /// Nothing: every backend skips it, so a slot can return it to draw nothing.
    case empty
    /// An inline run of plain text.
    ///
    /// Text keeps its line breaks only when its role allows them (``Role/allowsLineBreaks``:
    /// message text) and it is not a link's label. Everything else is one line in every output,
    /// with each line break (LF, CR, VT, FF, NEL, U+2028, U+2029) shown as `↵` and each run of
    /// blanks (spaces, tabs, fillers) as one space: text in other roles, and every other string
    /// of the vocabulary (badges, field labels, alt text, headings, dividers, times, link
    /// labels). Those strings are fields, cut with `…` past 100 characters; so is one-line text
    /// but for a system or error message's own text, which shows whole.
    case text(String, Role = .body)
    /// A message body parsed from Markdown.
    case markdown(MarkdownDocument)
    /// Children one under another (`.vertical`) or in a row (`.horizontal`).
    case stack(Axis, [ViewNode], Role = .plain)
    /// A boxed group: an attachment card, a bubble.
    case card(Role, [ViewNode])
    /// A link. The destination comes from untrusted data: backends check it against
    /// ``URLPolicy`` and drop the link, keeping the label, when it fails. The label is one
    /// line, whatever the roles in it. `download` marks a link to a file the message carries
    /// (an attachment's document, recording or video), not to a page: an offline archive keeps
    /// a copy of it, as it does of images (``mediaURLs``).
    case link(destination: String, label: ViewNode, download: Bool = false)
    /// An image. HTML shows it (or, without remote media, a labelled link to it); text outputs
    /// show its alt text and its URL.
    case image(ViewNode.ImageContent)
    /// A user's picture, else their initials on a colour derived from their id. Drawn in HTML;
    /// text outputs leave it out (the name beside it says who it is).
    case avatar(ViewNode.AvatarContent)
    /// A symbol, drawn as the theme's glyph for `name`; `label` is what a screen reader says.
    case icon(name: Icon, label: String)
    /// A moment in time: `label` is what readers see, `date` is machine-readable.
    case time(Date, label: String)
    /// A small label such as "GIF" or "Edited".
    case badge(String, Role = .badge)
    /// A view with a note about it, such as who gave a reaction: HTML shows `title` on hover
    /// (the element's `title`, which assistive technology reads as its description); text
    /// outputs, which have no hover, draw the view alone. One line in every output.
    case titled(ViewNode, title: String)
    /// Label and value rows, such as every field of an unknown attachment.
    case fields([Field])
    /// A quoted message; `anchor` is where the quoted message is when it is in the document,
    /// as a link writes it: the URL fragment of its anchor on this page (`m-42`, without `#`),
    /// or, in a split document, another page's file and fragment (`chat-003.html#m-42`, which
    /// must pass ``URLPolicy`` as a sibling document).
    /// ``RenderContext/linkTarget(forMessageID:)`` gives either.
    case quote(anchor: String?, [ViewNode])
    /// A rule across the transcript, with an optional label (a day separator).
    case divider(label: String?)
    /// A heading of the document itself (the channel's name); level 1 is the title.
    case heading(level: Int, String)
    /// `view` as the place a link to `#id` leads (a channel's heading, which the contents list
    /// links to). `id` is the document's own: letters, digits, `-` and `_`, starting with a
    /// letter; backends draw the view without a target when it is anything else. HTML gives the
    /// element the id, Markdown puts an `<a id>` before it, terminals show the view alone.
    case anchor(id: String, ViewNode)
    /// One message, with a stable anchor.
    case message(MessageFrame)
    /// A block that can fold away, shown open: a thread's replies under a summary line
    /// ("3 Thread Replies"). Its content may hold `.message` frames.
    case disclosure(summary: [ViewNode], content: [ViewNode])
    /// Output written verbatim by one backend: for trusted app code only, never message data.
    case raw(ViewNode.RawOutput)

    /// The direction of a ``ViewNode/stack(_:_:_:)``.
    public enum Axis: Sendable, Hashable {
        /// `vertical` puts children one under another; `horizontal` puts them in a row, wrapping in
        /// narrow places.
        case vertical, horizontal
    }

    /// One row of a ``ViewNode/fields(_:)`` list.
    public struct Field: Sendable, Hashable {
        /// What the row is, such as "Phone"; one line in every output.
        public var label: String
        /// The row's value: any view, such as text or a link.
        public var value: ViewNode
        /// A row showing `value` under the name `label`.
        public init(_ label: String, _ value: ViewNode) {
            self.label = label
            self.value = value
        }
    }
}

extension ViewNode {
    /// An image to show. URLs come from message data and pass ``URLPolicy`` in every backend.
    public struct ImageContent: Sendable, Hashable {
        /// The image's URL.
        public var source: String
        /// A smaller version to show in its place, linked to ``source``; `nil` to show the image itself.
        public var thumbnail: String?
        /// Alternative text; never empty in HTML output (the backend falls back to a generic label).
        public var alt: String
        /// Intrinsic size in pixels when the input gives it; HTML prints it on the image's card.
        public var width: Int?
        /// The intrinsic height in pixels, when known.
        public var height: Int?
        /// `true` when the image stands for a video (its poster): HTML draws a play mark over it
        /// and the video icon on its card.
        public var playable: Bool

        /// An image of `source` described by `alt`.
        public init(
            source: String, thumbnail: String? = nil, alt: String, width: Int? = nil, height: Int? = nil, playable: Bool = false
        ) {
            self.source = source
            self.thumbnail = thumbnail
            self.alt = alt
            self.width = width
            self.height = height
            self.playable = playable
        }
    }
}

extension ViewNode {
    /// A user's avatar: the image when there is one, else initials on one of the theme's
    /// avatar colours. A rendering gives the speakers of a transcript colours in order of first
    /// appearance (``RenderContext/authorColorIndex(for:)``); without one, the colour comes from
    /// the user id, so a person keeps their colour.
    public struct AvatarContent: Sendable, Hashable {
        /// The user's picture; `nil` (or a refused URL, or HTML without remote media) shows the
        /// initials.
        public var imageURL: String?
        /// Up to two letters shown when there is no picture.
        public var initials: String
        /// Index into the theme's avatar palette (`avatar0`...`avatar11`), taken modulo the number
        /// of colours the theme or terminal has (``Theme/authorPaletteSize``): colours repeat in order.
        public var colorIndex: Int

        /// An avatar with these parts; ``init(user:colorIndex:)`` derives them from a user.
        public init(imageURL: String?, initials: String, colorIndex: Int) {
            self.imageURL = imageURL
            self.initials = initials
            self.colorIndex = colorIndex
        }

        /// How many avatar colours a theme may have (`avatar0`...`avatar11`).
        public static let paletteSize = 12

        /// The avatar of `user`: up to two initials from the display name, and colour `colorIndex`,
        /// else a colour from the id (FNV-1a, so it is the same on every machine and every run).
        public init(user: ChatUser, colorIndex: Int? = nil) {
            self.init(
                imageURL: user.imageURL, initials: Self.initials(of: user.displayName),
                colorIndex: colorIndex ?? Int(Self.key(of: user) % UInt64(Self.paletteSize)))
        }

        /// Up to two letters or digits, the first of the first two words of `name`, upper-cased.
        static func initials(of name: String) -> String {
            asciiInitials(of: name) ?? characterInitials(of: name)
        }

        /// ``initials(of:)`` by its definition, on characters. Blanks a name shows as a space (a
        /// Hangul filler is a letter to Unicode) and zero-width spaces separate words too.
        static func characterInitials(of name: String) -> String {
            func isBlank(_ character: Character) -> Bool {
                character.unicodeScalars.allSatisfy { TextControls.isBlank($0.value) || TextControls.isZeroWidthSpace($0.value) }
            }
            let words = name.split(whereSeparator: { $0.isWhitespace || $0 == "-" || $0 == "_" || isBlank($0) })
            let letters = words.prefix(2).compactMap { $0.first(where: { $0.isLetter || $0.isNumber }) }
            return String(letters).uppercased()
        }

        /// ``initials(of:)`` of an ASCII name, byte by byte (`nil` for any other name): every
        /// message shows its author's avatar.
        static func asciiInitials(of name: String) -> String? {
            var letters: [UInt8] = []
            var words = 0
            var inWord = false
            var wordGaveLetter = false
            for byte in name.utf8 {
                guard byte < 0x80 else { return nil }
                if byte == 0x20 || (0x09...0x0D).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") {
                    inWord = false
                    continue
                }
                if !inWord {
                    (inWord, wordGaveLetter, words) = (true, false, words + 1)
                    if words > 2 { break }
                }
                guard !wordGaveLetter else { continue }
                if (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) {
                    letters.append(byte)
                    wordGaveLetter = true
                } else if (0x61...0x7A).contains(byte) {
                    letters.append(byte - 0x20)
                    wordGaveLetter = true
                }
            }
            return String(decoding: letters, as: UTF8.self)
        }

        /// A 64-bit FNV-1a hash of the user's id (of the name for a user known only by name, so that
        /// it keeps a colour of its own): the same on every machine and every run. A colour, never
        /// an identity (``SpeakerOrder`` compares ids).
        static func key(of user: ChatUser) -> UInt64 {
            FNV1a.hash(user.id.isEmpty ? user.displayName : user.id)
        }
    }
}

/// The frame around one message: its anchor, kind and the parts the factory built.
public struct MessageFrame: Sendable, Hashable {
    /// The message id; backends derive the anchor (`m-<id>`) from it.
    public var id: String
    /// `.bubble`, `.ownBubble`, `.system`, `.deleted`, `.ephemeral` or `.error`.
    public var role: Role
    /// Author line: name, avatar, badges. Empty inside a group.
    public var header: [ViewNode]
    /// The message's content: quote, attachments, text, reactions.
    public var body: [ViewNode]
    /// Time, "Edited", reactions.
    public var footer: [ViewNode]
    /// The author's display name, for accessible labels.
    public var authorName: String?
    /// The author in full, name and user id (`Alex (alex-2)`): two people may share a display
    /// name, an id never. HTML shows it as the author line's tooltip.
    public var authorTitle: String?
    /// When the message was sent, for the machine-readable time of the frame.
    public var date: Date?
    /// The message already shows elsewhere in the document (a thread reply also sent to the
    /// channel): this copy leaves the anchor, which must be unique, to the other.
    public var isRepeat: Bool
    /// The message is pinned in its channel: HTML gives it the theme's
    /// `pinnedMessageBackground`, as Stream's clients do.
    public var isPinned: Bool
    /// The colour of the author's avatar (``ViewNode/AvatarContent/colorIndex``) on every
    /// message of a group, where only the first has the avatar in its header: for a backend that
    /// colours each line's name, as the terminal's compact style does. `nil` when the author
    /// has no avatar (the reader's own messages, a message without an author).
    public var authorColorIndex: Int?

    /// A frame for the message `id` in `role`.
    public init(
        id: String, role: Role, header: [ViewNode] = [], body: [ViewNode] = [], footer: [ViewNode] = [],
        authorName: String? = nil, date: Date? = nil, isRepeat: Bool = false, authorTitle: String? = nil, isPinned: Bool = false,
        authorColorIndex: Int? = nil
    ) {
        self.authorColorIndex = authorColorIndex
        self.authorTitle = authorTitle
        self.isPinned = isPinned
        self.isRepeat = isRepeat
        self.id = id
        self.role = role
        self.header = header
        self.body = body
        self.footer = footer
        self.authorName = authorName
        self.date = date
    }
}

extension ViewNode {
    /// Verbatim output for each format, with a view to use where a format has none: the backends
    /// write their own text as it is (`ViewNode.RawOutput([.html: "<kbd>⌘K</kbd>"], fallback: .text("⌘K"))`,
    /// ``subscript(_:)``). Only for an app's own trusted code: message data must go through
    /// the view vocabulary. Terminal text holding an escape is dropped for ``fallback`` when the
    /// output has no colour (``ANSIOptions/ColorDepth/none``).
    public struct RawOutput: Sendable, Hashable {
        /// The text of each format that has one, by the format's name (``OutputFormat/name``).
        var texts: [String: String]
        /// What a format without its own output draws.
        public var fallback: ViewNode
    }
}

extension ViewNode {
    /// The level of the heading this top-level item of a document opens a part with (a
    /// channel's header: 2), looking through anchors and into a vertical stack's first child;
    /// `nil` when it opens none. Backends make day separators headings one level below the
    /// last, so the outline never skips a level. The contents list opens no part.
    package var outlineLevel: Int? {
        switch self {
        case .heading(let level, _): return level
        case .anchor(_, let view): return view.outlineLevel
        case .stack(.vertical, let views, let role) where role != .contents: return views.first?.outlineLevel
        default: return nil
        }
    }
}

extension ViewNode {
    /// The media an HTML page of this view loads or links to, in the order drawn: every image
    /// and its thumbnail, every avatar's picture, and the file of every ``link(destination:label:download:)``
    /// marked as a download. Only URLs ``URLPolicy`` allows. This is what an offline archive
    /// keeps copies of (``HTMLOptions/mediaLocations``): found in the views themselves, so an
    /// app's own attachment views and factory are followed as they draw.
    public var mediaURLs: [String] {
        var urls: [String] = []
        addMediaURLs(to: &urls)
        return urls
    }

    private func addMediaURLs(to urls: inout [String]) {
        func add(_ url: String?) {
            if let url, URLPolicy.isAllowed(url) { urls.append(url) }
        }
        func addAll(_ views: [ViewNode]) {
            for view in views { view.addMediaURLs(to: &urls) }
        }
        switch self {
        case .image(let content):
            add(content.source)
            add(content.thumbnail)
        case .avatar(let avatar): add(avatar.imageURL)
        case .link(let destination, let label, let download):
            if download { add(destination) }
            label.addMediaURLs(to: &urls)
        case .stack(_, let views, _), .card(_, let views), .quote(_, let views): addAll(views)
        case .titled(let view, _), .anchor(_, let view): view.addMediaURLs(to: &urls)
        case .fields(let fields): for field in fields { field.value.addMediaURLs(to: &urls) }
        case .message(let frame):
            addAll(frame.header)
            addAll(frame.body)
            addAll(frame.footer)
        case .disclosure(let summary, let content):
            addAll(summary)
            addAll(content)
        case .raw(let raw): if raw[.html] == nil { raw.fallback.addMediaURLs(to: &urls) }
        case .empty, .text, .markdown, .icon, .time, .badge, .divider, .heading: break
        }
    }
}
