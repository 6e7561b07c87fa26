/// Why a card file could not be used: the file, the key path inside it and the problem, printed
/// as one line such as
/// `cards.json: cards.workout.titel: unknown key 'titel'; did you mean 'title'?`.
public struct CardFileError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Problem: Sendable, Hashable {
        /// The file could not be opened or read.
        case unreadable(reason: String)
        /// The bytes are not JSON; the reason names the line and column.
        case invalidJSON(String)
        case missingKey(String)
        /// A key the format does not have, with the nearest known key when one is close.
        case unknownKey(String, suggestion: String?)
        /// `expected` and `found` read as "a string", "an object", ...
        case wrongType(expected: String, found: String)
        /// A `version` this Scrollback does not know (newer than ``CardFile/currentVersion``, or below 1).
        case unsupportedVersion(Int)
        /// A card keyed by `""`.
        case emptyTypeName
        /// A card for a kind Scrollback draws itself (`image`, `file`, ...): it would never be used.
        case builtInType(String)
        /// A string outside its allowed set, such as an `axis` other than `horizontal` or `vertical`.
        case invalidValue(String, allowed: [String])
        case emptyValue
        /// A field name such as `a..b`, with an empty part between dots.
        case invalidFieldKey(String)
        case template(CardTemplateError)
    }

    /// The file as named to the loader (`cards.json`), or a label for data not from a file.
    public var file: String
    /// Where in the file: `cards.workout.link.url`, `cards.party_invite.fields[1].key`; empty for the file as a whole.
    public var keyPath: String
    public var problem: Problem

    public init(file: String, keyPath: String = "", problem: Problem) {
        self.file = file
        self.keyPath = keyPath
        self.problem = problem
    }

    /// Whether the file could not be read at all, as opposed to read and found wrong.
    public var isUnreadable: Bool {
        if case .unreadable = problem { return true }
        return false
    }

    public var description: String {
        let place = keyPath.isEmpty ? "" : "\(keyPath): "
        return "\(file): \(place)\(problemDescription)"
    }

    private var problemDescription: String {
        switch problem {
        case .unreadable(let reason):
            return "cannot read the card file: \(reason)"
        case .invalidJSON(let reason):
            return reason
        case .missingKey(let key):
            return "missing required key '\(key.debugEscaped)'"
        case .unknownKey(let key, let suggestion):
            return "unknown key '\(key.debugEscaped)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .wrongType(let expected, let found):
            return "expected \(expected), found \(found)"
        case .unsupportedVersion(let version) where version > CardFile.currentVersion:
            return "version \(version) is newer than this Scrollback understands (\(CardFile.currentVersion)); update Scrollback"
        case .unsupportedVersion(let version):
            return "version \(version) is not a card file version; use \(CardFile.currentVersion)"
        case .emptyTypeName:
            return "the attachment type name is empty"
        case .builtInType(let type):
            return "'\(type.debugEscaped)' is a kind Scrollback draws itself; cards apply to custom attachment types only"
        case .invalidValue(let value, let allowed):
            return "'\(value.debugEscaped)' is not allowed here; use " + allowed.map { "'\($0)'" }.joined(separator: " or ")
        case .emptyValue:
            return "must not be empty"
        case .invalidFieldKey(let key):
            return "'\(key.debugEscaped)' is not a field name: a path's parts are separated by single dots"
        case .template(let error):
            return error.description
        }
    }
}
