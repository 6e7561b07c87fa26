import Foundation

/// Cards for an app's own attachment types, described in JSON so that people using the command
/// line can show them without writing Swift:
///
/// ```json
/// {
///   "version": 1,
///   "cards": {
///     "workout": {
///       "icon": "🏃",
///       "title": "{activity}",
///       "subtitle": "{distance_km} km in {duration_min} min",
///       "link": {"label": "Route", "url": "{route_url}"},
///       "quote": "🏃 {activity}"
///     }
///   }
/// }
/// ```
///
/// Each card has an `icon` and a `title`, and may have a `subtitle`, `fields` (label/value
/// rows: `"status"` or `{"key": "guest_list", "label": "Guests"}`), a `link` (`label`, `url`),
/// a `quote` (what a reply's quote shows) and an `axis` (`horizontal` or `vertical`). Texts are
/// ``CardTemplate``s. Load a file with ``load(path:)`` and pass ``registry`` to the renderer.
public struct CardFile: Sendable, Hashable {
    /// The newest `version` this Scrollback reads.
    public static let currentVersion = 1

    public var version: Int
    /// The cards in the order the file lists them.
    public var cards: [AttachmentCard]

    public init(version: Int = CardFile.currentVersion, cards: [AttachmentCard]) {
        self.version = version
        self.cards = cards
    }

    /// Reads and checks the card file at `path` (`-` reads standard input). Errors name `path`,
    /// the key path and the problem.
    public static func load(path: String) throws(CardFileError) -> CardFile {
        let source: ByteSource
        do {
            source = try ByteSource(path: path)
        } catch {
            throw CardFileError(file: path, problem: .unreadable(reason: Self.reason(error)))
        }
        return try parse(JSONStreamParser(source: source), file: path)
    }

    /// Reads a card file from its bytes; `file` names it in errors.
    public init(data: Data, file: String = "card file") throws(CardFileError) {
        self = try Self.parse(JSONStreamParser(bytes: Array(data)), file: file)
    }

    /// Reads a card file from its text; `file` names it in errors.
    public init(json: String, file: String = "card file") throws(CardFileError) {
        self = try Self.parse(JSONStreamParser(bytes: Array(json.utf8)), file: file)
    }

    /// The card for `type`, if the file has one.
    public func card(for type: AttachmentType) -> AttachmentCard? {
        cards.last { $0.type == type }
    }

    // The project's own parser rather than JSONSerialization: it keeps keys in file order (so
    // the first problem reported is the first in the file), tells booleans from numbers, and
    // names the line and column of a syntax error.
    private static func parse(_ parser: JSONStreamParser, file: String) throws(CardFileError) -> CardFile {
        var parser = parser
        let root: JSONValue
        do throws(ReadError) {
            root = try parser.parseValue()
            if try !parser.isAtEnd() {
                throw .syntax(parser.currentPosition(), "unexpected content after the card file's object")
            }
        } catch {
            if case .syntax(let position, let reason) = error {
                throw CardFileError(file: file, problem: .invalidJSON("invalid JSON at \(position): \(reason)"))
            }
            throw CardFileError(file: file, problem: .unreadable(reason: reason(error)))
        }
        return try CardFileDecoder(file: file).decode(root)
    }

    private static func reason(_ error: ReadError) -> String {
        if case .io(_, let reason) = error { return reason }
        return error.description
    }
}
