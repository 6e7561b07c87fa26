extension ConfigurationError {
    /// The kinds of configuration file Scrollback reads. Both are checked by the same code, so they
    /// report the same problems the same way.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A theme file (`scrollback theme check`, `--theme`): see ``Theme/load(path:appLabels:)``.
        case theme
        /// A card file (`--cards`): see ``CardFile/load(path:)``.
        case cardFile

        /// The newest `version` of this kind of file this Scrollback reads (``Theme/fileVersion``,
        /// ``CardFile/currentVersion``).
        public var currentVersion: Int {
            switch self {
            case .theme: return 1
            case .cardFile: return 1
            }
        }

        /// What the file is called in messages: "theme", "card file".
        public var noun: String {
            switch self {
            case .theme: return "theme"
            case .cardFile: return "card file"
            }
        }
    }
}

/// Why a theme file or a card file could not be used: the file, where in it (line and column
/// of the offending value, or of the key for a problem with the key itself), the key path and
/// the problem, printed as one line such as
/// `cards.json: line 12, column 9: cards.workout.titel: unknown key 'titel'; did you mean 'title'?`.
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, apart from where: ``description`` turns it into the message's last part.
    public enum Problem: Sendable, Hashable {
        // MARK: Every kind of file

        /// The file could not be opened or read.
        case unreadable(reason: String)
        /// The bytes are not JSON (comments and trailing commas allowed); the position says where.
        case invalidJSON(String)
        /// The same key twice in one object.
        case duplicateKey(String)
        /// A key the object needs, such as a card's `title`.
        case missingKey(String)
        /// A key the format does not have, with the nearest known key when one is close.
        case unknownKey(String, suggestion: String?)
        /// An empty name where a name is the key: `"the attachment type name is empty"`.
        case emptyName(of: String)
        /// `expected` and `found` read as "a string", "an object", ...
        case wrongType(expected: String, found: String)
        /// A `version` this Scrollback does not read: newer than the kind's
        /// ``ConfigurationError/Kind/currentVersion``, or below 1.
        case unsupportedVersion(Int)
        /// A number outside what the key accepts.
        case outOfRange(Double, allowed: ClosedRange<Double>)
        /// A string outside its allowed set, such as an `axis` other than `horizontal` or `vertical`.
        case invalidValue(String, allowed: [String])
        /// An empty string where text is needed (a label, a link's `url`, a field name).
        case emptyValue
        /// A glyph or label that is too long or holds control characters, or an SVG drawing
        /// that is not one; the text says which.
        case invalidText(String)

        // MARK: Theme files

        /// Not `#rgb`, `#rrggbb`, `#rrggbbaa`, `rgb()`, `rgba()`, `ansi(0-15)` or `none`.
        case invalidColor(String)
        /// A style naming a colour the theme does not define.
        case undefinedColor(String)
        /// A style naming a font the theme does not define.
        case undefinedFont(String)
        /// `extends` (or `--theme`) names neither a built-in theme nor a readable file.
        case unknownTheme(String, suggestion: String?)
        /// The chain of themes that leads back to one already in it.
        case extendsCycle([String])
        /// A chain of `extends` longer than `limit` themes.
        case extendsTooDeep(limit: Int)

        // MARK: Card files

        /// A card for a kind Scrollback draws itself (`image`, `file`, ...): it would never be used.
        case builtInType(String)
        /// A field name such as `a..b`, with an empty part between dots.
        case invalidFieldKey(String)
        /// A card text that is not a valid ``CardTemplate``; the error says what and where in it.
        case template(CardTemplateError)
    }

    /// The file as named to the loader (`cards.json`), `NAME (built-in)`, or a label for text
    /// not from a file.
    public var file: String
    /// Which kind of file it is: it names the file in "cannot read the card file" and says
    /// which `version` is current.
    public var kind: ConfigurationError.Kind
    /// Where the problem is: the offending value (or key, for a problem with the key itself:
    /// unknown, repeated or empty), or the place a syntax error was found; `nil` when the file
    /// could not be read or the problem is the file as a whole. The column counts bytes.
    public var position: SourcePosition?
    /// Where in the file: `cards.workout.link.url`, `colors.accent`, `cards["work.out"]`,
    /// `cards.party_invite.fields[1].key`; empty for the file as a whole.
    public var keyPath: String
    /// What is wrong.
    public var problem: Problem

    /// An error as the checker makes it; `position` and `keyPath` are left out for the file as a whole.
    public init(file: String, kind: ConfigurationError.Kind, position: SourcePosition? = nil, keyPath: String = "", problem: Problem) {
        self.file = file
        self.kind = kind
        self.position = position
        self.keyPath = keyPath
        self.problem = problem
    }

    /// The 1-based line of ``position``.
    public var line: Int? { position?.line }

    /// Whether the file could not be read at all, as opposed to read and found wrong: the
    /// command line exits 1 for the one and 65 for the other.
    public var isUnreadable: Bool {
        if case .unreadable = problem { return true }
        return false
    }

    /// `FILE: line L, column C: KEY.PATH: problem`, leaving out what is not known.
    public var description: String {
        let place = position.map { "line \($0.line), column \($0.column): " } ?? ""
        let path = keyPath.isEmpty ? "" : "\(keyPath): "
        return "\(file): \(place)\(path)\(problemDescription)"
    }

    /// The problem alone, as the description ends.
    public var problemDescription: String {
        switch problem {
        case .unreadable(let reason):
            return "cannot read the \(kind.noun): \(reason)"
        case .invalidJSON(let reason):
            return "invalid JSON: \(reason)"
        case .duplicateKey(let key):
            return "the key '\(key.debugEscaped)' appears twice"
        case .missingKey(let key):
            return "missing required key '\(key.debugEscaped)'"
        case .unknownKey(let key, let suggestion):
            return "unknown key '\(key.debugEscaped)'" + Self.suggesting(suggestion)
        case .emptyName(let what):
            return "the \(what) name is empty"
        case .wrongType(let expected, let found):
            return "expected \(expected), found \(found)"
        case .unsupportedVersion(let version) where version > kind.currentVersion:
            return "version \(version) is newer than this Scrollback understands (\(kind.currentVersion)); update Scrollback"
        case .unsupportedVersion(let version):
            return "version \(version) is not a \(kind.noun) version; use \(kind.currentVersion)"
        case .outOfRange(let value, let allowed):
            return "\(Self.number(value)) is out of range; use \(Self.number(allowed.lowerBound)) to \(Self.number(allowed.upperBound))"
        case .invalidValue(let value, let allowed):
            return "'\(value.debugEscaped)' is not allowed here; use " + allowed.map { "'\($0)'" }.joined(separator: " or ")
        case .emptyValue:
            return "must not be empty"
        case .invalidText(let reason):
            return reason
        case .invalidColor(let value):
            return
                "'\(value.debugEscaped)' is not a colour; use #rgb, #rrggbb, #rrggbbaa, rgb(r, g, b), rgba(r, g, b, a), ansi(0-15) or none"
        case .undefinedColor(let name):
            return "the colour '\(name.debugEscaped)' is not defined in 'colors'"
        case .undefinedFont(let name):
            return "the font '\(name.debugEscaped)' is not defined in 'fonts'"
        case .unknownTheme(let name, let suggestion):
            return "no built-in theme or file named '\(name.debugEscaped)'" + Self.suggesting(suggestion)
        case .extendsCycle(let chain):
            return "'extends' makes a cycle: " + chain.map(\.debugEscaped).joined(separator: " -> ")
        case .extendsTooDeep(let limit):
            return "'extends' goes more than \(limit) themes deep"
        case .builtInType(let type):
            return "'\(type.debugEscaped)' is a kind Scrollback draws itself; cards apply to custom attachment types only"
        case .invalidFieldKey(let key):
            return "'\(key.debugEscaped)' is not a field name: a path's parts are separated by single dots"
        case .template(let error):
            return error.description
        }
    }

    /// Whether the problem is with a key rather than its value, so that the position is the key's.
    var isAboutTheKey: Bool {
        switch problem {
        case .duplicateKey, .unknownKey, .emptyName, .builtInType: return true
        default: return false
        }
    }

    private static func suggesting(_ suggestion: String?) -> String {
        suggestion.map { "; did you mean '\($0.debugEscaped)'?" } ?? ""
    }

    private static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
