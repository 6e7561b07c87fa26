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
/// ``CardTemplate``s. Comments and trailing commas are allowed, as in theme files; mistakes are
/// ``ConfigurationError``s. Load a file with ``load(path:)`` and pass ``registry`` to the renderer.
public struct CardFile: Sendable, Hashable {
    /// The newest `version` this Scrollback reads.
    public static let currentVersion = ConfigurationError.Kind.cardFile.currentVersion

    /// The format version the file declares, 1 through ``currentVersion``.
    public var version: Int
    /// The cards in the order the file lists them.
    public var cards: [AttachmentCard]

    /// A card file holding `cards`, in the current version unless told otherwise.
    public init(version: Int = CardFile.currentVersion, cards: [AttachmentCard]) {
        self.version = version
        self.cards = cards
    }

    /// Reads and checks the card file at `path` (`-` reads standard input). Errors name `path`,
    /// the line, column and key path, and the problem.
    public static func load(path: String) throws(ConfigurationError) -> CardFile {
        try CardFileDecoder(document: ConfigurationDocument.read(path: path, kind: .cardFile, standardInput: true)).decode()
    }

    /// Reads a card file from its bytes; `file` names it in errors.
    public init(data: Data, file: String = "card file") throws(ConfigurationError) {
        self = try CardFileDecoder(document: ConfigurationDocument.parse(Array(data), file: file, kind: .cardFile)).decode()
    }

    /// Reads a card file from its text; `file` names it in errors.
    public init(json: String, file: String = "card file") throws(ConfigurationError) {
        self = try CardFileDecoder(document: ConfigurationDocument.parse(Array(json.utf8), file: file, kind: .cardFile)).decode()
    }

    /// The card for `type`, if the file has one.
    public func card(for type: AttachmentType) -> AttachmentCard? {
        cards.last { $0.type == type }
    }
}
