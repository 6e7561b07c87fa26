import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A configuration file, parsed: its value and where each key and value is, by key path. Theme
/// files and card files are read the same way: JSON with `//` and `/* */` comments and trailing
/// commas, no key twice in one object, at most ``maximumFileSize`` bytes.
struct ConfigurationDocument {
    /// Where one member or element is in the file.
    struct Location {
        /// The key's opening quote; `nil` for an array element and the root.
        var key: SourcePosition?
        /// The value's first byte.
        var value: SourcePosition
    }

    /// The file as errors name it.
    let file: String
    let kind: ConfigurationError.Kind
    let root: JSONValue
    /// By key path (``keyPath(_:_:)``); the root's is `""`.
    let locations: [String: Location]

    /// Files larger than this are not configuration files.
    static let maximumFileSize = 1 << 20

    // MARK: - Reading

    /// Reads and parses the file at `path`; `-` reads standard input when `standardInput` allows.
    static func read(path: String, kind: ConfigurationError.Kind, standardInput: Bool = false) throws(ConfigurationError)
        -> ConfigurationDocument
    {
        try parse(bytes(atPath: path, kind: kind, standardInput: standardInput), file: path, kind: kind)
    }

    /// Parses `bytes`; `file` names them in errors.
    static func parse(_ bytes: [UInt8], file: String, kind: ConfigurationError.Kind) throws(ConfigurationError) -> ConfigurationDocument {
        var reader = PositionedReader(parser: JSONStreamParser(bytes: blankingComments(bytes)))
        let root: JSONValue
        do throws(ReadError) {
            root = try reader.value(at: "", key: nil)
            if try !reader.parser.isAtEnd() {
                throw .syntax(reader.parser.currentPosition(), "unexpected content after the \(kind.noun)'s object")
            }
        } catch {
            if case .syntax(let position, let reason) = error {
                throw ConfigurationError(file: file, kind: kind, position: position, problem: .invalidJSON(reason))
            }
            throw ConfigurationError(file: file, kind: kind, problem: .unreadable(reason: error.description))
        }
        if let (path, position, key) = reader.duplicate {
            throw ConfigurationError(file: file, kind: kind, position: position, keyPath: path, problem: .duplicateKey(key))
        }
        return ConfigurationDocument(file: file, kind: kind, root: root, locations: reader.locations)
    }

    /// Parses a file that ships inside Scrollback (a built-in theme), without noting where each
    /// value is: only an error would show that, and every start reads one of these files. A
    /// test reads each with ``parse(_:file:kind:)`` and checks it against its schema.
    static func parseBuiltIn(_ text: String, file: String, kind: ConfigurationError.Kind) throws(ConfigurationError)
        -> ConfigurationDocument
    {
        var parser = JSONStreamParser(bytes: blankingComments(Array(text.utf8)))
        do throws(ReadError) {
            let root = try parser.parseValue()
            guard try parser.isAtEnd() else { throw .syntax(parser.currentPosition(), "unexpected content") }
            return ConfigurationDocument(file: file, kind: kind, root: root, locations: [:])
        } catch {
            throw ConfigurationError(file: file, kind: kind, problem: .unreadable(reason: error.description))
        }
    }

    private static func bytes(atPath path: String, kind: ConfigurationError.Kind, standardInput: Bool) throws(ConfigurationError) -> [UInt8]
    {
        func unreadable(_ reason: String) -> ConfigurationError {
            ConfigurationError(file: path, kind: kind, problem: .unreadable(reason: reason))
        }
        let data: Data
        if standardInput && path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let contents = FileManager.default.contents(atPath: path) else {
                throw unreadable(access(path, R_OK) == 0 ? "not a readable file" : String(cString: strerror(errno)))
            }
            data = contents
        }
        guard data.count <= maximumFileSize else { throw unreadable("larger than \(maximumFileSize / 1024) KB") }
        return Array(data)
    }

    // MARK: - Errors

    /// The error for `problem` at `path`, placed at the key for a problem with the key itself
    /// and at the value otherwise; for a path the file does not have (a section a theme must
    /// have but lacks), at the nearest value it does have.
    func error(at path: String, _ problem: ConfigurationError.Problem) -> ConfigurationError {
        var error = ConfigurationError(file: file, kind: kind, keyPath: path, problem: problem)
        var place = path
        while locations[place] == nil, !place.isEmpty {
            place = place.lastIndex(where: { $0 == "." || $0 == "[" }).map { String(place[..<$0]) } ?? ""
        }
        let location = locations[place]
        error.position = error.isAboutTheKey && place == path ? location?.key ?? location?.value : location?.value
        return error
    }

    /// `parent.key`, or `parent["key"]` when the key is not a plain name (so that a key such as
    /// `file.pdf` or `app.workout.title` cannot be read as a path).
    static func keyPath(_ parent: String, _ key: String) -> String {
        let plain =
            !key.isEmpty
            && key.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-"
            }
        if plain { return parent.isEmpty ? key : "\(parent).\(key)" }
        return "\(parent)[\"\(key.debugEscaped)\"]"
    }

    static func keyPath(_ parent: String, index: Int) -> String {
        "\(parent)[\(index)]"
    }

    // MARK: - Comments

    /// `bytes` with every `//` and `/* */` comment outside strings turned into spaces (line
    /// breaks kept), so that lines and columns still match the file.
    static func blankingComments(_ bytes: [UInt8]) -> [UInt8] {
        let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        let newline = UInt8(ascii: "\n"), space = UInt8(ascii: " ")
        var result = bytes
        var index = 0
        var inString = false
        while index < result.count {
            let byte = result[index]
            if inString {
                if byte == backslash { index += 1 } else if byte == quote { inString = false }
                index += 1
                continue
            }
            if byte == quote {
                inString = true
            } else if byte == slash, index + 1 < result.count, result[index + 1] == slash {
                while index < result.count, result[index] != newline {
                    result[index] = space
                    index += 1
                }
                continue
            } else if byte == slash, index + 1 < result.count, result[index + 1] == star {
                result[index] = space
                result[index + 1] = space
                index += 2
                while index < result.count, !(result[index] == star && index + 1 < result.count && result[index + 1] == slash) {
                    if result[index] != newline { result[index] = space }
                    index += 1
                }
                if index < result.count {
                    result[index] = space
                    result[index + 1] = space
                    index += 2
                }
                continue
            }
            index += 1
        }
        return result
    }
}

/// Builds a value with the parser's incremental walk, noting where every key and value is.
private struct PositionedReader {
    var parser: JSONStreamParser
    var locations: [String: ConfigurationDocument.Location] = [:]
    /// The first key that appears twice in one object, where its second appearance is.
    var duplicate: (path: String, position: SourcePosition, key: String)?

    mutating func value(at path: String, key: SourcePosition?) throws(ReadError) -> JSONValue {
        let kind = try parser.peekKind()
        locations[path] = ConfigurationDocument.Location(key: key, value: parser.currentPosition())
        switch kind {
        case .object:
            try parser.beginObject()
            var members: [(key: String, value: JSONValue)] = []
            var seen = Set<String>()
            while let (name, position) = try parser.nextKeyAndPosition() {
                let childPath = ConfigurationDocument.keyPath(path, name)
                if !seen.insert(name).inserted {
                    // Reported once the whole file has parsed, so that a syntax error comes first.
                    if duplicate == nil { duplicate = (childPath, position, name) }
                    _ = try value(at: childPath, key: position)
                    continue
                }
                members.append((name, try value(at: childPath, key: position)))
            }
            return .object(JSONObject(uniqueMembers: members))
        case .array:
            try parser.beginArray()
            var elements: [JSONValue] = []
            while try parser.nextElement() {
                elements.append(try value(at: ConfigurationDocument.keyPath(path, index: elements.count), key: nil))
            }
            return .array(elements)
        default:
            return try parser.parseValue()
        }
    }
}
