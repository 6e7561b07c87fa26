import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading theme files: JSON with `//` and `/* */` comments and trailing commas, a `version`,
/// and an optional `extends` naming a built-in theme or another file, so that a theme holds
/// only what it changes.
extension Theme {
    /// The newest theme file `version` this Scrollback reads.
    public static let fileVersion = 1

    /// The themes built into Scrollback, in the order `scrollback themes` lists them.
    public static var builtInNames: [String] { BuiltInThemes.names }

    /// The built-in theme called `name`, resolved; `nil` when there is none.
    public static func builtIn(named name: String) -> Theme? {
        guard BuiltInThemes.source(named: name) != nil else { return nil }
        return try? ThemeLoader.load(.builtIn(name), chain: [])
    }

    /// Reads, checks and resolves the theme file at `path`. Errors name `path`, the line and key
    /// path where known, and the problem.
    public static func load(path: String) throws(ThemeError) -> Theme {
        try ThemeLoader.load(.file(path), chain: [])
    }

    /// A built-in theme by name, else a file by path: what `--theme` accepts.
    public static func named(_ nameOrPath: String) throws(ThemeError) -> Theme {
        if BuiltInThemes.source(named: nameOrPath) != nil { return try ThemeLoader.load(.builtIn(nameOrPath), chain: []) }
        if !ThemeLoader.looksLikePath(nameOrPath), access(nameOrPath, F_OK) != 0 {
            throw ThemeError(file: nameOrPath, problem: .unknownTheme(
                nameOrPath, suggestion: Spelling.nearest(to: nameOrPath, among: builtInNames)))
        }
        return try load(path: nameOrPath)
    }

    /// A theme from the text of a theme file; `file` names it in errors and is its name, and a
    /// relative `extends` path is found from `directory` (the working directory when `nil`).
    public init(json: String, file: String = "theme", directory: String? = nil) throws(ThemeError) {
        self = try ThemeLoader.load(.text(json, file: file, directory: directory), chain: [])
    }

    /// Nothing at all: what a theme file without `extends` starts from.
    static let empty = Theme(name: "", colors: [:], darkColors: [:], styles: [:], fonts: [:], icons: [:], reactions: [:],
                             strings: [:], metrics: Metrics(bubbleRadius: 18, spacing: 8, maxContentWidth: 760, avatarSize: 32))
}

/// Resolves a theme and the chain of themes it extends.
enum ThemeLoader {
    enum Source {
        case builtIn(String)
        case file(String)
        case text(String, file: String, directory: String?)
    }

    /// Files larger than this are not themes.
    static let maximumFileSize = 1 << 20

    /// Loads `source`; `chain` holds the identities of the themes that extend it, to find cycles.
    static func load(_ source: Source, chain: [String]) throws(ThemeError) -> Theme {
        let text: String, file: String, name: String, identity: String, directory: String?
        switch source {
        case .builtIn(let builtIn):
            guard let source = BuiltInThemes.source(named: builtIn) else {
                throw ThemeError(file: builtIn, problem: .unknownTheme(builtIn, suggestion: nil))
            }
            (text, file, name, identity, directory) = (source, "\(builtIn) (built-in)", builtIn, builtIn, nil)
        case .file(let path):
            text = try read(path)
            let url = URL(fileURLWithPath: path)
            (file, name, identity) = (path, url.deletingPathExtension().lastPathComponent, url.standardizedFileURL.path)
            directory = url.deletingLastPathComponent().path
        case .text(let json, let label, let base):
            (text, file, name, identity, directory) = (json, label, label, "text:" + label, base)
        }
        let (root, lines) = try parse(text, file: file)
        let chain = chain + [identity]
        return try ThemeDecoder(file: file, lines: lines).decode(root, name: name) { reference throws(ThemeDecoder.BaseFailure) in
            guard chain.count < ThemeSchema.maximumExtendsDepth else { throw .reference(.extendsTooDeep) }
            let target = try locate(reference, directory: directory)
            let targetIdentity: String
            switch target {
            case .builtIn(let name): targetIdentity = name
            case .file(let path): targetIdentity = URL(fileURLWithPath: path).standardizedFileURL.path
            case .text: targetIdentity = ""
            }
            if chain.contains(targetIdentity) {
                let names = (chain + [targetIdentity]).map { $0.hasPrefix("text:") ? String($0.dropFirst(5)) : $0 }
                throw .reference(.extendsCycle(names))
            }
            do throws(ThemeError) {
                return try load(target, chain: chain)
            } catch {
                throw .inBase(error)
            }
        }
    }

    /// A built-in name, else a path relative to the extending file's directory.
    private static func locate(_ reference: String, directory: String?) throws(ThemeDecoder.BaseFailure) -> Source {
        if !looksLikePath(reference), BuiltInThemes.source(named: reference) != nil { return .builtIn(reference) }
        let path = reference.hasPrefix("/") || directory == nil
            ? reference : URL(fileURLWithPath: directory!).appendingPathComponent(reference).path
        guard looksLikePath(reference) || access(path, F_OK) == 0 else {
            throw .reference(.unknownTheme(reference, suggestion: Spelling.nearest(to: reference, among: BuiltInThemes.names)))
        }
        return .file(path)
    }

    static func looksLikePath(_ text: String) -> Bool {
        text.contains("/") || text.hasSuffix(".json") || text.hasSuffix(".json5")
    }

    private static func read(_ path: String) throws(ThemeError) -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = access(path, R_OK) == 0 ? "not a readable file" : String(cString: strerror(errno))
            throw ThemeError(file: path, problem: .unreadable(reason: reason))
        }
        guard data.count <= maximumFileSize else {
            throw ThemeError(file: path, problem: .unreadable(reason: "larger than \(maximumFileSize / 1024) KB"))
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The file's value and the line of every key, by key path. Comments are blanked out first,
    /// keeping line breaks, so that lines and columns still match the file.
    static func parse(_ text: String, file: String) throws(ThemeError) -> (JSONValue, [String: Int]) {
        var reader = PositionedReader(parser: JSONStreamParser(bytes: blankingComments(Array(text.utf8))))
        let root: JSONValue
        do throws(ReadError) {
            root = try reader.value(at: "")
            if try !reader.parser.isAtEnd() {
                throw .syntax(reader.parser.currentPosition(), "unexpected content after the theme's object")
            }
        } catch {
            if case .syntax(let position, let reason) = error {
                throw ThemeError(file: file, line: position.line,
                                 problem: .invalidJSON("invalid JSON at column \(position.column): \(reason)"))
            }
            throw ThemeError(file: file, problem: .unreadable(reason: error.description))
        }
        if let (path, line, key) = reader.duplicate {
            throw ThemeError(file: file, line: line, keyPath: path, problem: .duplicateKey(key))
        }
        return (root, reader.lines)
    }

    /// `bytes` with every `//` and `/* */` comment outside strings turned into spaces (line
    /// breaks kept).
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

/// Builds a value with the parser's incremental walk, noting the line of every key.
private struct PositionedReader {
    var parser: JSONStreamParser
    var lines: [String: Int] = [:]
    /// The first key that appears twice in one object, with its line.
    var duplicate: (path: String, line: Int, key: String)?

    mutating func value(at path: String) throws(ReadError) -> JSONValue {
        switch try parser.peekKind() {
        case .object:
            try parser.beginObject()
            var members: [(key: String, value: JSONValue)] = []
            var seen = Set<String>()
            while let key = try parser.nextKey() {
                let childPath = ThemeDecoder.keyPath(path, key)
                let line = parser.currentPosition().line
                if !seen.insert(key).inserted, duplicate == nil { duplicate = (childPath, line, key) }
                lines[childPath] = line
                members.append((key, try value(at: childPath)))
            }
            return .object(JSONObject(members))
        case .array:
            try parser.beginArray()
            var elements: [JSONValue] = []
            while try parser.nextElement() {
                let childPath = "\(path)[\(elements.count)]"
                lines[childPath] = parser.currentPosition().line
                elements.append(try value(at: childPath))
            }
            return .array(elements)
        default:
            return try parser.parseValue()
        }
    }
}
