/// A place in the input: a 1-based line and column (the column counts bytes).
public struct SourcePosition: Sendable, Hashable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column in bytes, from 1.
    public var column: Int

    /// The position at `line` and `column`, both from 1.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line 12, column 5`.
    public var description: String { "line \(line), column \(column)" }
}

/// A problem with one message that did not stop the rest from rendering: the message was
/// skipped, or one of its fields was ignored.
public struct ReadWarning: Sendable, Hashable, CustomStringConvertible {
    /// Where the problem is in the input: the message's start, or the offending byte.
    public var position: SourcePosition?
    /// The message's 0-based index among the messages of the input.
    public var messageIndex: Int?
    /// The message's `id`, when it has one.
    public var messageID: String?
    /// The path to the value at fault, e.g. `messages[3].created_at`.
    public var keyPath: String
    /// What is wrong and what was done about it, in words.
    public var reason: String
    /// Whether the whole message was left out (`false`: only one field was ignored).
    public var skippedMessage: Bool

    /// A warning about the value at `keyPath`; the reader and ``RenderContext/report(_:keyPath:in:)``
    /// make them, an app needs this only to test its own handling.
    public init(
        position: SourcePosition? = nil, messageIndex: Int? = nil, messageID: String? = nil,
        keyPath: String, reason: String, skippedMessage: Bool
    ) {
        self.position = position
        self.messageIndex = messageIndex
        self.messageID = messageID
        self.keyPath = keyPath
        self.reason = reason
        self.skippedMessage = skippedMessage
    }

    /// The warning as one line: key path, place, then the reason, as in
    /// `messages[41] (message 41, line 1203, column 5): skipped: expected a message object`.
    public var description: String {
        var parts: [String] = []
        if let messageIndex { parts.append("message \(messageIndex)") }
        if let messageID, !messageID.isEmpty { parts.append("id \"\(messageID.debugEscaped)\"") }
        if let position { parts.append(position.description) }
        let place = parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))"
        let action = skippedMessage ? "skipped: " : ""
        // A problem of the whole input has no key path and no place.
        if keyPath.isEmpty && place.isEmpty { return action + reason }
        return "\(keyPath)\(place): \(action)\(reason)"
    }
}

/// Why an input could not be read.
public enum ReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes are not JSON (or NDJSON) at this position.
    case syntax(SourcePosition, String)
    /// Valid JSON, but no shape Scrollback knows: no messages to be found.
    case unrecognizedShape(SourcePosition, String)
    /// A message was unusable and the reader was told to be strict.
    case invalidMessage(ReadWarning)
    /// The input could not be opened or read.
    case io(path: String, reason: String)

    /// The error as one line, with its place.
    public var description: String {
        switch self {
        case .syntax(let position, let reason): return "invalid JSON at \(position): \(reason)"
        case .unrecognizedShape(let position, let reason): return "unrecognised input at \(position): \(reason)"
        case .invalidMessage(let warning) where warning.keyPath.isEmpty: return warning.description
        case .invalidMessage(let warning): return "invalid message: \(warning)"
        case .io(let path, let reason): return "cannot read \(path): \(reason)"
        }
    }
}

extension String {
    /// The string with control characters and quotes escaped, safe to quote in a one-line message.
    var debugEscaped: String {
        var result = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _
            where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                || (0x200B...0x200F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
                || (0x2066...0x2069).contains(scalar.value):
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
