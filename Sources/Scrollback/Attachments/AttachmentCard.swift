/// How one attachment type is drawn, as described in a card file: an icon and a title, then an
/// optional subtitle, label/value rows, a link, and what a reply's quote shows.
///
/// Every value from the attachment becomes a `.text` view (or a `.link` whose URL passed
/// ``URLPolicy``), so the card reads the same in HTML, ANSI and Markdown and message data is
/// escaped by each backend.
public struct AttachmentCard: Sendable, Hashable {
    /// One label/value row: the value of field `key` (a path such as `address.city` works too).
    public struct Field: Sendable, Hashable {
        /// The field's name in the attachment, dots separating the steps into nested objects.
        public var key: String
        /// What the row reads before the value.
        public var label: String
        let path: [String]

        /// A row for `key`, labelled `label` or, when that is `nil`, by the key made readable
        /// (`guest_list` → `Guest list`).
        public init(key: String, label: String? = nil) {
            self.key = key
            self.label = label ?? Self.readableLabel(for: key)
            path = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        }

        static func readableLabel(for key: String) -> String {
            let name = key.split(separator: ".").last.map(String.init) ?? key
            var words = ""
            var previous: Character?
            for character in name {
                if character == "_" || character == "-" {
                    words.append(" ")
                } else {
                    // camelCase: a capital after a lower-case letter starts a new word.
                    if character.isUppercase, previous?.isLowercase == true { words.append(" ") }
                    words.append(contentsOf: words.isEmpty ? String(character).uppercased() : character.lowercased())
                }
                previous = character
            }
            let label = words.split(separator: " ").joined(separator: " ")
            return label.isEmpty ? key : label
        }
    }

    /// A link built from the attachment's fields, e.g. a map URL from its coordinates.
    public struct Link: Sendable, Hashable {
        /// What readers see; the URL itself when `nil` or empty.
        public var label: CardTemplate?
        /// The link's address. The link is left out when it renders empty; when it fails
        /// ``URLPolicy`` only the label shows, as text.
        public var url: CardTemplate

        /// A link to `url`, labelled `label` when given.
        public init(label: CardTemplate? = nil, url: CardTemplate) {
            self.label = label
            self.url = url
        }
    }

    /// The attachment type this card draws.
    public var type: AttachmentType
    /// A glyph or emoji drawn before the title, as text; empty for none.
    public var icon: String
    /// Falls back to the type's name when it renders empty.
    public var title: CardTemplate
    /// A muted line under the title; none when `nil` or when it renders empty.
    public var subtitle: CardTemplate?
    /// The label/value rows, in order; a row whose field is missing is left out.
    public var fields: [Field]
    /// A link after the rows, if any.
    public var link: Link?
    /// What a reply's quote shows of a message with this attachment; the default quote when `nil` or empty.
    public var quote: CardTemplate?
    /// How several of these attachments in one message sit.
    public var axis: ViewNode.Axis

    /// A card for `type` with an icon and a title; every other part is optional.
    public init(
        type: AttachmentType, icon: String, title: CardTemplate, subtitle: CardTemplate? = nil, fields: [Field] = [],
        link: Link? = nil, quote: CardTemplate? = nil, axis: ViewNode.Axis = .vertical
    ) {
        self.type = type
        self.icon = icon
        self.title = title
        self.subtitle = subtitle
        self.fields = fields
        self.link = link
        self.quote = quote
        self.axis = axis
    }

    /// The card for `attachment`, built from its fields.
    public func makeView(for attachment: AnyChatMessageAttachment) -> ViewNode {
        let values = attachment.raw
        let title = self.title.render(values)
        var heading: [ViewNode] = []
        if !icon.isEmpty { heading.append(.text(icon)) }
        heading.append(.text(title.isEmpty ? type.rawValue : title, .title))
        var parts: [ViewNode] = [.stack(.horizontal, heading)]
        if let subtitle = subtitle?.render(values), !subtitle.isEmpty {
            parts.append(.text(subtitle, .muted))
        }
        let lookup = CardTemplate.FieldLookup(values, reads: fields.count)
        let rows = fields.compactMap { field in
            Self.fieldValue(lookup.value(at: field.path)).map { ViewNode.Field(field.label, $0) }
        }
        if !rows.isEmpty { parts.append(.fields(rows)) }
        if let link, let view = Self.linkView(link, values: values) { parts.append(view) }
        return .card(.attachment, parts)
    }

    /// The quote's content for a reply to a message with `attachment`, or `nil` for the default.
    public func makeQuotedPreview(for attachment: AnyChatMessageAttachment) -> ViewNode? {
        guard let text = quote?.render(attachment.raw), !text.isEmpty else { return nil }
        return .text(text, .body)
    }

    /// A row's value: text for scalars and lists, nested rows for an object; `nil` when empty.
    static func fieldValue(_ value: JSONValue?) -> ViewNode? {
        if case .object(let object)? = value {
            let rows = object.compactMap { member in fieldValue(member.value).map { ViewNode.Field(member.key, $0) } }
            return rows.isEmpty ? nil : .fields(rows)
        }
        let text = CardTemplate.text(of: value)
        return text.isEmpty ? nil : .text(text)
    }

    /// The link; its label alone when the URL fails the allow-list; `nil` when the URL is empty
    /// (its fields are missing) or nothing is left to show.
    static func linkView(_ link: Link, values: JSONObject) -> ViewNode? {
        let url = link.url.renderURL(values)
        guard !url.isEmpty else { return nil }
        let label = link.label?.render(values) ?? ""
        guard let allowed = URLPolicy.sanitize(url) else {
            return label.isEmpty ? nil : .text(label)
        }
        return .link(destination: allowed, label: .text(label.isEmpty ? allowed : label))
    }
}
