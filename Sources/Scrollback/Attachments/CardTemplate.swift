/// A line of text from a card file with `{field}` placeholders filled from an attachment's
/// fields: `"{distance_km} km in {duration_min} min"`.
///
/// - `{a.b}` reads member `b` of the object in field `a`; `{list.0}` reads an array's first item.
/// - `{{` and `}}` stand for literal braces.
/// - A placeholder whose value is missing or `null` becomes empty text; an array becomes its
///   items joined with ", "; an object becomes empty (name one of its members instead).
///
/// Values are inserted as plain text, never as markup: the card's views are `.text`, which every
/// backend escapes. In a URL (``renderURL(_:)``) each value is percent-encoded, so data cannot
/// add parameters or change the host, except for a placeholder at the very start, which stands
/// for a whole URL and is checked by ``URLPolicy`` like any other link.
public struct CardTemplate: Sendable, Hashable, CustomStringConvertible {
    enum Segment: Sendable, Hashable {
        case literal(String)
        /// A path of member names and array indices, already split at dots.
        case placeholder([String])
    }

    /// The template as written in the card file.
    public let source: String
    let segments: [Segment]

    /// Parses `source`; unbalanced braces and empty placeholders are errors.
    public init(_ source: String) throws(CardTemplateError) {
        self.source = source
        segments = try Self.parse(source)
    }

    /// The template as written in the card file.
    public var description: String { source }

    /// The placeholders in order of appearance, as written (`activity`, `route.start.0`).
    public var placeholders: [String] {
        segments.compactMap { segment in
            if case .placeholder(let path) = segment { return path.joined(separator: ".") }
            return nil
        }
    }

    /// The text with every placeholder replaced by its value in `fields`.
    public func render(_ fields: JSONObject) -> String {
        var result = ""
        let lookup = FieldLookup(fields, reads: segments.count)
        for segment in segments {
            switch segment {
            case .literal(let text): result += text
            case .placeholder(let path): result += Self.text(of: lookup.value(at: path))
            }
        }
        return result
    }

    /// The text as a URL: each value percent-encoded (RFC 3986 unreserved characters kept),
    /// except a placeholder that opens the template, which is inserted as is. The result still
    /// has to pass ``URLPolicy/sanitize(_:)`` before it is used.
    public func renderURL(_ fields: JSONObject) -> String {
        var result = ""
        let lookup = FieldLookup(fields, reads: segments.count)
        for (index, segment) in segments.enumerated() {
            switch segment {
            case .literal(let text):
                result += text
            case .placeholder(let path):
                let text = Self.text(of: lookup.value(at: path))
                result += index == 0 ? text : Self.percentEncoded(text)
            }
        }
        return result
    }

    // MARK: - Values

    /// An attachment's fields as a card reads them: by a table when both the card's reads and
    /// the attachment are many (an object's own lookup scans its members, so a template of
    /// many placeholders over an attachment of many fields would cost their product).
    struct FieldLookup {
        let fields: JSONObject
        let table: [String: JSONValue]?

        /// `reads`: how many values the card will look up.
        init(_ fields: JSONObject, reads: Int) {
            self.fields = fields
            table =
                reads > 16 && fields.count > 64
                ? Dictionary(fields.members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first }) : nil
        }

        func value(at path: [String]) -> JSONValue? {
            guard let first = path.first, let value = table.map({ $0[first] }) ?? fields[first] else { return nil }
            return CardTemplate.value(at: path.dropFirst(), under: value)
        }
    }

    /// The value at `path` below `value`: member names in objects, decimal indices in arrays.
    private static func value(at path: ArraySlice<String>, under value: JSONValue) -> JSONValue? {
        var value = value
        for component in path {
            switch value {
            case .object(let object):
                guard let member = object[component] else { return nil }
                value = member
            case .array(let items):
                guard let index = Int(component), items.indices.contains(index) else { return nil }
                value = items[index]
            default:
                return nil
            }
        }
        return value
    }

    /// A value as readers see it: numbers without a needless `.0`, lists joined with ", ".
    static func text(of value: JSONValue?) -> String {
        switch value {
        case nil, .null?, .object?: return ""
        case .string(let string)?: return string
        case .bool(let bool)?: return bool ? "true" : "false"
        case .integer(let integer)?: return String(integer)
        case .double(let double)?: return number(double)
        case .array(let items)?:
            return items.lazy.map { text(of: $0) }.filter { !$0.isEmpty }.joined(separator: ", ")
        }
    }

    static func number(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// `text` with everything outside RFC 3986's unreserved set (`A-Z a-z 0-9 - . _ ~`) written
    /// as `%XX` of its UTF-8 bytes.
    static func percentEncoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: - Parsing

    private static func parse(_ source: String) throws(CardTemplateError) -> [Segment] {
        var segments: [Segment] = []
        var literal = ""
        var placeholder: (start: Int, name: String)?
        let characters = Array(source)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if var open = placeholder {
                switch character {
                case "}":
                    let path = open.name.split(separator: ".", omittingEmptySubsequences: false).map { String($0.trimmedOfWhitespace) }
                    guard !path.contains(where: \.isEmpty) else {
                        throw CardTemplateError(kind: .emptyPlaceholder, position: open.start + 1)
                    }
                    segments.append(.placeholder(path))
                    placeholder = nil
                case "{":
                    throw CardTemplateError(kind: .braceInsidePlaceholder, position: index + 1)
                default:
                    open.name.append(character)
                    placeholder = open
                }
                index += 1
                continue
            }
            switch (character, next) {
            case ("{", "{"), ("}", "}"):
                literal.append(character)
                index += 2
            case ("{", _):
                if !literal.isEmpty { segments.append(.literal(literal)) }
                literal = ""
                placeholder = (index, "")
                index += 1
            case ("}", _):
                throw CardTemplateError(kind: .unmatchedClosingBrace, position: index + 1)
            default:
                literal.append(character)
                index += 1
            }
        }
        if let open = placeholder { throw CardTemplateError(kind: .unclosedPlaceholder, position: open.start + 1) }
        if !literal.isEmpty { segments.append(.literal(literal)) }
        return segments
    }
}

/// Why a card template could not be parsed, and where: `position` counts characters from 1.
public struct CardTemplateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with the template.
    public enum Kind: Sendable, Hashable {
        /// A `{` with no `}` after it.
        case unclosedPlaceholder
        /// A `}` that closes nothing (a literal brace is written `}}`).
        case unmatchedClosingBrace
        /// `{}`, `{ }` or a path with an empty part such as `{a..b}`.
        case emptyPlaceholder
        /// A `{` between a placeholder's braces.
        case braceInsidePlaceholder
    }

    /// What is wrong.
    public var kind: Kind
    /// Where, in characters from 1: the brace at fault.
    public var position: Int

    /// An error of `kind` at `position`.
    public init(kind: Kind, position: Int) {
        self.kind = kind
        self.position = position
    }

    /// The problem in words, with its place in the template.
    public var description: String {
        switch kind {
        case .unclosedPlaceholder:
            return "unbalanced braces: '{' at character \(position) is never closed (write '{{' for a literal brace)"
        case .unmatchedClosingBrace:
            return "unbalanced braces: '}' at character \(position) closes nothing (write '}}' for a literal brace)"
        case .emptyPlaceholder:
            return "empty placeholder at character \(position): name a field, as in {activity} or {route.start}"
        case .braceInsidePlaceholder:
            return "unbalanced braces: '{' at character \(position) is inside another placeholder"
        }
    }
}
