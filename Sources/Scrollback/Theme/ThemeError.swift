/// Why a theme file could not be used: the file, the line where the loader knows it, the key
/// path and the problem, printed as one line such as
/// `ocean.json:7: colors.txet: unknown key 'txet'; did you mean 'text'?`.
public struct ThemeError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Problem: Sendable, Hashable {
        /// The file could not be opened or read.
        case unreadable(reason: String)
        /// The bytes are not JSON (comments and trailing commas allowed); the reason names the column.
        case invalidJSON(String)
        case missingKey(String)
        /// A key the format does not have, with the nearest known key when one is close.
        case unknownKey(String, suggestion: String?)
        case duplicateKey(String)
        /// `expected` and `found` read as "a string", "an object", ...
        case wrongType(expected: String, found: String)
        /// A `version` this Scrollback does not know (newer than ``Theme/fileVersion``, or below 1).
        case unsupportedVersion(Int)
        /// Not `#rgb`, `#rrggbb`, `#rrggbbaa`, `rgb()`, `rgba()`, `ansi(0-15)` or `none`.
        case invalidColor(String)
        /// A number outside what the key accepts.
        case outOfRange(Double, allowed: ClosedRange<Double>)
        /// A style naming a colour or font the theme does not define.
        case undefinedColor(String)
        case undefinedFont(String)
        /// `extends` names neither a built-in theme nor a readable file.
        case unknownTheme(String, suggestion: String?)
        /// The chain of themes that leads back to one already in it.
        case extendsCycle([String])
        case extendsTooDeep
        /// A glyph or label that is empty, too long or holds control characters.
        case invalidText(String)
    }

    /// The file as named to the loader (`ocean.json`), or `built-in theme NAME`.
    public var file: String
    /// The 1-based line of the key at fault, when known.
    public var line: Int?
    /// Where in the file: `colors.text`, `fonts.body.size`; empty for the file as a whole.
    public var keyPath: String
    public var problem: Problem

    public init(file: String, line: Int? = nil, keyPath: String = "", problem: Problem) {
        self.file = file
        self.line = line
        self.keyPath = keyPath
        self.problem = problem
    }

    /// Whether the file could not be read at all, as opposed to read and found wrong.
    public var isUnreadable: Bool {
        if case .unreadable = problem { return true }
        return false
    }

    public var description: String {
        let place = line.map { "\(file):\($0)" } ?? file
        let path = keyPath.isEmpty ? "" : "\(keyPath): "
        return "\(place): \(path)\(problemDescription)"
    }

    private var problemDescription: String {
        switch problem {
        case .unreadable(let reason):
            return "cannot read the theme: \(reason)"
        case .invalidJSON(let reason):
            return reason
        case .missingKey(let key):
            return "missing required key '\(key.debugEscaped)'"
        case .unknownKey(let key, let suggestion):
            return "unknown key '\(key.debugEscaped)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .duplicateKey(let key):
            return "the key '\(key.debugEscaped)' appears twice"
        case .wrongType(let expected, let found):
            return "expected \(expected), found \(found)"
        case .unsupportedVersion(let version) where version > Theme.fileVersion:
            return "version \(version) is newer than this Scrollback understands (\(Theme.fileVersion)); update Scrollback"
        case .unsupportedVersion(let version):
            return "version \(version) is not a theme version; use \(Theme.fileVersion)"
        case .invalidColor(let value):
            return "'\(value.debugEscaped)' is not a colour; use #rgb, #rrggbb, #rrggbbaa, rgb(r, g, b), rgba(r, g, b, a), ansi(0-15) or none"
        case .outOfRange(let value, let allowed):
            return "\(Self.number(value)) is out of range; use \(Self.number(allowed.lowerBound)) to \(Self.number(allowed.upperBound))"
        case .undefinedColor(let name):
            return "the colour '\(name.debugEscaped)' is not defined in 'colors'"
        case .undefinedFont(let name):
            return "the font '\(name.debugEscaped)' is not defined in 'fonts'"
        case .unknownTheme(let name, let suggestion):
            return "no built-in theme or file named '\(name.debugEscaped)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .extendsCycle(let chain):
            return "'extends' makes a cycle: " + chain.joined(separator: " -> ")
        case .extendsTooDeep:
            return "'extends' goes more than \(ThemeSchema.maximumExtendsDepth) themes deep"
        case .invalidText(let reason):
            return reason
        }
    }

    private static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
