import Foundation
import TestSupport
import Testing

@testable import Scrollback

/// Theme files and card files go through one checker and report one error type: each problem
/// kind, for both kinds of file, with its key path and the line and column of the offending
/// value (or key, for a problem with the key itself).
@Suite struct ConfigurationCheckerTests {
    /// One mistake: the file's text, the first occurrence of `at` in it is where the error
    /// points, and what it says.
    struct Case: Sendable, CustomTestStringConvertible {
        var kind: ConfigurationError.Kind
        var json: String
        var at: String
        var keyPath: String
        var problem: ConfigurationError.Problem

        init(_ kind: ConfigurationError.Kind, _ json: String, at: String, _ keyPath: String, _ problem: ConfigurationError.Problem) {
            (self.kind, self.json, self.at, self.keyPath, self.problem) = (kind, json, at, keyPath, problem)
        }

        var testDescription: String { "\(kind) \(keyPath.isEmpty ? "(root)" : keyPath): \(problem)" }

        /// Line and column (in bytes) of the first occurrence of `at`.
        var position: SourcePosition {
            let bytes = Array(json.utf8), marker = Array(at.utf8)
            let offset = (0...(bytes.count - marker.count)).first { Array(bytes[$0..<$0 + marker.count]) == marker }!
            let lineStart = bytes[..<offset].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
            return SourcePosition(line: bytes[..<offset].filter { $0 == UInt8(ascii: "\n") }.count + 1, column: offset - lineStart + 1)
        }
    }

    static func firstError(_ kind: ConfigurationError.Kind, _ json: String) -> ConfigurationError? {
        do {
            switch kind {
            case .theme: _ = try Theme(json: json, file: "theme.json")
            case .cardFile: _ = try CardFile(json: json, file: "cards.json")
            }
            return nil
        } catch {
            return error
        }
    }

    static let themeCases: [Case] = [
        // Syntax and duplicates, before anything else.
        Case(
            .theme, "{\"version\": 1,\n  \"colors\": {\"text\" \"#000\"}}", at: "\"#000\"", "",
            .invalidJSON("expected ':' after object key, found '\"'")),
        Case(
            .theme, "{\"version\": 1, \"extends\": \"default\",\n  \"strings\": {\"you\": \"Du\",\n    \"you\": \"Sie\"}}",
            at: "\"you\": \"Sie\"", "strings.you", .duplicateKey("you")),
        // The version first.
        Case(.theme, #"{"extends": "default"}"#, at: "{", "", .missingKey("version")),
        Case(
            .theme, #"{"version": "1", "extends": "default"}"#, at: #""1""#, "version",
            .wrongType(expected: "a whole number", found: "a string")),
        Case(.theme, #"{"version": 2, "colors": {"bogus": 1}}"#, at: "2", "version", .unsupportedVersion(2)),
        Case(.theme, #"{"version": 0}"#, at: "0", "version", .unsupportedVersion(0)),
        // Keys, at the key.
        Case(
            .theme, "{\"version\": 1, \"extends\": \"default\",\n  \"colors\": {\n    \"txet\": \"#fff\"\n  }\n}",
            at: "\"txet\"", "colors.txet", .unknownKey("txet", suggestion: "text")),
        Case(.theme, #"{"version": 1, "colours": {}}"#, at: #""colours""#, "colours", .unknownKey("colours", suggestion: "colors")),
        Case(
            .theme, #"{"version": 1, "extends": "default", "styles": {"autor": {"bold": true}}}"#, at: #""autor""#,
            "styles.autor", .unknownKey("autor", suggestion: "author")),
        Case(
            .theme, #"{"version": 1, "extends": "default", "fonts": {"body": {"sise": 3}}}"#, at: #""sise""#,
            "fonts.body.sise", .unknownKey("sise", suggestion: "size")),
        Case(
            .theme, #"{"version": 1, "extends": "default", "images": {"file.pfd": "P"}}"#, at: #""file.pfd""#,
            #"images["file.pfd"]"#, .unknownKey("file.pfd", suggestion: "file.pdf")),
        Case(
            .theme, #"{"version": 1, "extends": "default", "reactions": {"": "x"}}"#, at: #""": "x""#,
            #"reactions[""]"#, .emptyName(of: "reaction")),
        // Values, at the value.
        Case(.theme, "[1]", at: "[", "", .wrongType(expected: "an object", found: "an array")),
        Case(
            .theme, #"{"version": 1, "extends": "default", "dark": []}"#, at: "[]", "dark",
            .wrongType(expected: "an object", found: "an array")),
        Case(
            .theme, #"{"version": 1, "extends": "default", "colors": {"text": 1}}"#, at: "1}", "colors.text",
            .wrongType(expected: "a colour string", found: "a number")),
        Case(
            .theme, #"{"version": 1, "extends": "default", "fonts": {"body": {"size": "15px"}}}"#, at: #""15px""#,
            "fonts.body.size", .wrongType(expected: "a number", found: "a string")),
        Case(
            .theme, #"{"version": 1, "extends": "default", "fonts": {"body": {"weight": 400.5}}}"#, at: "400.5",
            "fonts.body.weight", .wrongType(expected: "a whole number", found: "a fraction")),
        Case(
            .theme, #"{"version": 1, "extends": "default", "styles": {"body": {"bold": "yes"}}}"#, at: #""yes""#,
            "styles.body.bold", .wrongType(expected: "true or false", found: "a string")),
        Case(
            .theme, #"{"version": 1, "extends": "default", "images": {"poll": 7}}"#, at: "7", "images.poll",
            .wrongType(expected: "a string or an object", found: "a number")),
        Case(
            .theme, #"{"version": 1, "extends": "default", "fonts": {"footnote": {"size": 2}}}"#, at: "2}", "fonts.footnote.size",
            .outOfRange(2, allowed: 6...128)),
        Case(
            .theme, #"{"version": 1, "extends": "default", "fonts": {"body": {"weight": 950}}}"#, at: "950", "fonts.body.weight",
            .outOfRange(950, allowed: 100...900)),
        Case(
            .theme, #"{"version": 1, "extends": "default", "metrics": {"avatarSize": -4}}"#, at: "-4", "metrics.avatarSize",
            .outOfRange(-4, allowed: 8...256)),
        Case(.theme, #"{"version": 1, "extends": "default", "strings": {"edited": ""}}"#, at: #""""#, "strings.edited", .emptyValue),
        Case(
            .theme, #"{"version": 1, "extends": "default", "images": {"image": "\u001b[31m"}}"#, at: #""\u001b"#, "images.image",
            .invalidText("holds a control character")),
        Case(
            .theme, #"{"version": 1, "extends": "default", "reactions": {"fire": "\#(String(repeating: "🔥", count: 201))"}}"#,
            at: #""🔥"#, "reactions.fire", .invalidText("longer than 200 characters")),
        Case(
            .theme, #"{"version": 1, "extends": "default", "dark": {"colors": {"link": "blue"}}}"#, at: #""blue""#,
            "dark.colors.link", .invalidColor("blue")),
        Case(
            .theme,
            #"{"version": 1, "extends": "default", "images": {"poll": {"glyph": "P", "svg": {"viewBox": "0 0 24 24", "path": "M0 0 url(#x)"}}}}"#,
            at: #"{"viewBox""#, "images.poll.svg",
            .invalidText("not a view box of four numbers and path data (commands, numbers, spaces, commas)")),
        // What depends on the theme being built.
        Case(
            .theme, #"{"version": 1, "extends": "defualt"}"#, at: #""defualt""#, "extends",
            .unknownTheme("defualt", suggestion: "default")),
        Case(
            .theme, #"{"version": 1, "extends": "default", "styles": {"body": {"color": "nope"}}}"#, at: #""nope""#,
            "styles.body.color", .undefinedColor("nope")),
        Case(
            .theme, #"{"version": 1, "extends": "default", "styles": {"body": {"font": "huge"}}}"#, at: #""huge""#,
            "styles.body.font", .undefinedFont("huge")),
        // Required keys, at the object that lacks them.
        Case(.theme, ##"{"version": 1, "colors": {"text": "#000"}}"##, at: #"{"text""#, "colors", .missingKey("background")),
        Case(.theme, #"{"version": 1}"#, at: "{", "colors", .missingKey("text")),
        Case(
            .theme, #"{"version": 1, "extends": "default", "images": {"poll": {"svg": {"viewBox": "0 0 1 1", "path": "M0 0"}}}}"#,
            at: #"{"svg""#, "images.poll", .missingKey("glyph")),
        Case(
            .theme, ##"{"version": 1, "colors": {"text": "#000", "background": "#fff"}, "fonts": {"body": {"family": "serif"}}}"##,
            at: #"{"family""#, "fonts.body", .missingKey("size")),
        Case(
            .theme, ##"{"version": 1, "colors": {"text": "#000", "background": "#fff"}, "styles": {"body": {"bold": true}}}"##,
            at: #"{"bold""#, "styles.body", .missingKey("color")),
    ]

    static let cardCases: [Case] = [
        Case(
            .cardFile, "{\"version\": 1,\n  \"cards\": {\"workout\": {\"icon\": \"x\" \"title\": \"t\"}}}", at: #""title""#, "",
            .invalidJSON("expected ',' or '}' after object member, found '\"'")),
        Case(
            .cardFile, "{\"version\": 1, \"cards\": {}}\n[]", at: "[]", "", .invalidJSON("unexpected content after the card file's object")),
        Case(.cardFile, "", at: "", "", .invalidJSON("unexpected end of input, expected a JSON value")),
        Case(
            .cardFile,
            "{\"version\": 1, \"cards\": {\n  \"workout\": {\"icon\": \"x\", \"title\": \"t\"},\n  \"workout\": {\"icon\": \"y\", \"title\": \"u\"}}}",
            at: "\"workout\": {\"icon\": \"y\"", "cards.workout", .duplicateKey("workout")),
        Case(.cardFile, #"{}"#, at: "{", "", .missingKey("version")),
        Case(
            .cardFile, #"{"version": "1", "cards": {}}"#, at: #""1""#, "version", .wrongType(expected: "a whole number", found: "a string")),
        Case(.cardFile, #"{"version": 2, "cards": {}}"#, at: "2", "version", .unsupportedVersion(2)),
        Case(.cardFile, #"{"version": 0, "cards": {}}"#, at: "0", "version", .unsupportedVersion(0)),
        Case(.cardFile, #"{"version": 1}"#, at: "{", "", .missingKey("cards")),
        Case(.cardFile, #"{"version": 1, "card": {}}"#, at: #""card""#, "card", .unknownKey("card", suggestion: "cards")),
        Case(
            .cardFile, #"{"version": 1, "cards": {}, "colours": {}}"#, at: #""colours""#, "colours", .unknownKey("colours", suggestion: nil)
        ),
        Case(.cardFile, #"[1]"#, at: "[", "", .wrongType(expected: "an object", found: "an array")),
        Case(.cardFile, #"{"version": 1, "cards": []}"#, at: "[]", "cards", .wrongType(expected: "an object", found: "an array")),
        Case(
            .cardFile, #"{"version": 1, "cards": {"": {"icon": "x", "title": "t"}}}"#, at: #""": {"#, #"cards[""]"#,
            .emptyName(of: "attachment type")),
        Case(
            .cardFile, #"{"version": 1, "cards": {"  ": {"icon": "x", "title": "t"}}}"#, at: #""  ""#, #"cards["  "]"#,
            .emptyName(of: "attachment type")),
        Case(
            .cardFile, #"{"version": 1, "cards": {"image": {"icon": "x", "title": "t"}}}"#, at: #""image""#, "cards.image",
            .builtInType("image")),
        Case(
            .cardFile, #"{"version": 1, "cards": {"workout": "🏃"}}"#, at: #""🏃""#, "cards.workout",
            .wrongType(expected: "an object", found: "a string")),
        Case(
            .cardFile, "{\"version\": 1,\n \"cards\": {\n  \"workout\": {\n   \"icon\": \"x\",\n   \"titel\": \"t\"}}}", at: #""titel""#,
            "cards.workout.titel", .unknownKey("titel", suggestion: "title")),
        Case(.cardFile, #"{"version": 1, "cards": {"workout": {"icon": "x"}}}"#, at: #"{"icon""#, "cards.workout", .missingKey("title")),
        Case(.cardFile, #"{"version": 1, "cards": {"workout": {"title": "t"}}}"#, at: #"{"title""#, "cards.workout", .missingKey("icon")),
        Case(
            .cardFile, #"{"version": 1, "cards": {"workout": {"icon": 7, "title": "t"}}}"#, at: "7", "cards.workout.icon",
            .wrongType(expected: "a string", found: "a number")),
        Case(
            .cardFile, #"{"version": 1, "cards": {"workout": {"icon": "x", "title": "{activity"}}}"#, at: #""{activity""#,
            "cards.workout.title", .template(CardTemplateError(kind: .unclosedPlaceholder, position: 1))),
        Case(
            .cardFile, #"{"version": 1, "cards": {"workout": {"icon": "x", "title": "t", "link": {"url": "https://m.example/?a={a}}"}}}}"#,
            at: #""https"#, "cards.workout.link.url", .template(CardTemplateError(kind: .unmatchedClosingBrace, position: 25))),
        Case(
            .cardFile, #"{"version": 1, "cards": {"workout": {"icon": "x", "title": "t", "link": {"urll": "x"}}}}"#,
            at: #""urll""#, "cards.workout.link.urll", .unknownKey("urll", suggestion: "url")),
        Case(
            .cardFile, #"{"version": 1, "cards": {"workout": {"icon": "x", "title": "t", "link": {"label": "Map"}}}}"#,
            at: #"{"label""#, "cards.workout.link", .missingKey("url")),
        Case(
            .cardFile, #"{"version": 1, "cards": {"workout": {"icon": "x", "title": "t", "link": {"url": ""}}}}"#,
            at: #""""#, "cards.workout.link.url", .emptyValue),
        Case(
            .cardFile, #"{"version": 1, "cards": {"workout": {"icon": "x", "title": "t", "link": "https://x.example"}}}"#,
            at: #""https"#, "cards.workout.link", .wrongType(expected: "an object", found: "a string")),
        Case(
            .cardFile, #"{"version": 1, "cards": {"workout": {"icon": "x", "title": "t", "fields": "a"}}}"#,
            at: #""a""#, "cards.workout.fields", .wrongType(expected: "an array", found: "a string")),
        Case(
            .cardFile, #"{"version": 1, "cards": {"workout": {"icon": "x", "title": "t", "fields": ["a", 2]}}}"#,
            at: "2]", "cards.workout.fields[1]", .wrongType(expected: "a string or an object", found: "a number")),
        Case(
            .cardFile, #"{"version": 1, "cards": {"workout": {"icon": "x", "title": "t", "fields": [{"kye": "a"}]}}}"#,
            at: #""kye""#, "cards.workout.fields[0].kye", .unknownKey("kye", suggestion: "key")),
        Case(
            .cardFile, #"{"version": 1, "cards": {"workout": {"icon": "x", "title": "t", "fields": [{"label": "A"}]}}}"#,
            at: #"{"label""#, "cards.workout.fields[0]", .missingKey("key")),
        Case(
            .cardFile, #"{"version": 1, "cards": {"workout": {"icon": "x", "title": "t", "fields": [{"key": "a..b"}]}}}"#,
            at: #""a..b""#, "cards.workout.fields[0].key", .invalidFieldKey("a..b")),
        Case(
            .cardFile, #"{"version": 1, "cards": {"workout": {"icon": "x", "title": "t", "fields": [""]}}}"#,
            at: #""""#, "cards.workout.fields[0]", .emptyValue),
        Case(
            .cardFile, #"{"version": 1, "cards": {"workout": {"icon": "x", "title": "t", "axis": "diagonal"}}}"#,
            at: #""diagonal""#, "cards.workout.axis", .invalidValue("diagonal", allowed: ["horizontal", "vertical"])),
        Case(
            .cardFile, #"{"version": 1, "cards": {"work.out": {"icon": "x", "title": "t", "qoute": "q"}}}"#,
            at: #""qoute""#, #"cards["work.out"].qoute"#, .unknownKey("qoute", suggestion: "quote")),
    ]

    @Test(arguments: themeCases + cardCases)
    func reportsEachProblemWithItsKeyPathAndPosition(_ mistake: Case) throws {
        let error = try #require(Self.firstError(mistake.kind, mistake.json))
        let file = mistake.kind == .theme ? "theme.json" : "cards.json"
        #expect(
            error
                == ConfigurationError(
                    file: file, kind: mistake.kind, position: mistake.position,
                    keyPath: mistake.keyPath, problem: mistake.problem))
    }

    /// Every kind of problem the checker itself reports is tried on both kinds of file.
    @Test func bothKindsOfFileShareTheCommonProblems() {
        func name(_ problem: ConfigurationError.Problem) -> String { String(describing: problem).prefix { $0 != "(" }.description }
        let common = [
            "invalidJSON", "duplicateKey", "missingKey", "unknownKey", "emptyName", "wrongType", "unsupportedVersion", "emptyValue",
        ]
        for kind in ConfigurationError.Kind.allCases {
            let tried = Set((Self.themeCases + Self.cardCases).filter { $0.kind == kind }.map { name($0.problem) })
            #expect(Set(common).subtracting(tried).isEmpty, "\(kind): \(Set(common).subtracting(tried))")
        }
    }

    // MARK: - Reading

    @Test func errorsReadAsOneLine() {
        let unknown = ConfigurationError(
            file: "cards.json", kind: .cardFile, position: SourcePosition(line: 12, column: 9),
            keyPath: "cards.workout.titel", problem: .unknownKey("titel", suggestion: "title"))
        #expect(unknown.description == "cards.json: line 12, column 9: cards.workout.titel: unknown key 'titel'; did you mean 'title'?")
        let version = ConfigurationError(
            file: "ocean.json", kind: .theme, position: SourcePosition(line: 2, column: 14),
            keyPath: "version", problem: .unsupportedVersion(2))
        #expect(
            version.description
                == "ocean.json: line 2, column 14: version: version 2 is newer than this Scrollback understands (1); update Scrollback")
        #expect(
            ConfigurationError(file: "c.json", kind: .cardFile, keyPath: "version", problem: .unsupportedVersion(0)).description
                == "c.json: version: version 0 is not a card file version; use 1")
        #expect(
            ConfigurationError(file: "t.json", kind: .theme, keyPath: "version", problem: .unsupportedVersion(0)).description
                == "t.json: version: version 0 is not a theme version; use 1")
        let brace = ConfigurationError(
            file: "c.json", kind: .cardFile, keyPath: "cards.workout.link.url",
            problem: .template(CardTemplateError(kind: .unclosedPlaceholder, position: 5)))
        #expect(
            brace.description
                == "c.json: cards.workout.link.url: unbalanced braces: '{' at character 5 is never closed (write '{{' for a literal brace)")
        let missing = ConfigurationError(
            file: "c.json", kind: .cardFile, position: SourcePosition(line: 1, column: 1), problem: .missingKey("version"))
        #expect(missing.description == "c.json: line 1, column 1: missing required key 'version'")
        #expect(!missing.isUnreadable)
        let syntax = ConfigurationError(
            file: "c.json", kind: .cardFile, position: SourcePosition(line: 2, column: 37),
            problem: .invalidJSON("expected ',' or '}' after object member, found '\"'"))
        #expect(syntax.description == "c.json: line 2, column 37: invalid JSON: expected ',' or '}' after object member, found '\"'")
        #expect(
            ConfigurationError(file: "t.json", kind: .theme, keyPath: #"reactions[""]"#, problem: .emptyName(of: "reaction")).description
                == #"t.json: reactions[""]: the reaction name is empty"#)
    }

    @Test func theSameMistakeReadsTheSameInBothKindsOfFile() throws {
        let theme = try #require(
            Self.firstError(
                .theme, "{\"version\": 1,\n  \"extends\": \"default\",\n  \"fonts\": {\"body\": {\"size\": 300}},\n  \"colours\": {}\n}"))
        #expect(theme.description == "theme.json: line 3, column 30: fonts.body.size: 300 is out of range; use 6 to 128")
        let cards = try #require(
            Self.firstError(.cardFile, "{\"version\": 1,\n  \"cards\": {\"workout\": {\"icon\": \"x\", \"title\": \"t\", \"axis\": 1}}\n}"))
        #expect(cards.description == "cards.json: line 2, column 60: cards.workout.axis: expected a string, found a number")
        let newer = try #require(Self.firstError(.theme, #"{"version": 3}"#))
        let newerCards = try #require(Self.firstError(.cardFile, #"{"version": 3}"#))
        #expect(newer.problemDescription == newerCards.problemDescription)
        #expect(
            newer.description
                == "theme.json: line 1, column 13: version: version 3 is newer than this Scrollback understands (1); update Scrollback")
    }

    @Test func commentsAndTrailingCommasWorkInCardFilesToo() throws {
        let file = try CardFile(
            json: """
                // Cards for the app's own attachments.
                {
                  "version": 1, /* the only one */
                  "cards": {
                    "workout": {"icon": "🏃", "title": "{activity} // not a comment",},
                  },
                }
                """)
        #expect(file.card(for: "workout")?.title.source == "{activity} // not a comment")
        // Comments keep lines and columns.
        let error = try #require(
            Self.firstError(.cardFile, "/* a\n comment */ {\"version\": 1, // x\n \"cards\": {\"workout\": {\"icon\": 1}}}"))
        #expect(error.position == SourcePosition(line: 3, column: 32))
    }

    @Test(arguments: ConfigurationError.Kind.allCases)
    func unreadableFilesAreTold(kind: ConfigurationError.Kind) throws {
        let path = Scratch.path("missing", extension: "json")
        func load(_ path: String) throws(ConfigurationError) {
            switch kind {
            case .theme: _ = try Theme.load(path: path)
            case .cardFile: _ = try CardFile.load(path: path)
            }
        }
        let missing = try #require(throws: ConfigurationError.self) { try load(path) }
        #expect(missing.isUnreadable)
        #expect(missing.position == nil)
        #expect(missing.description == "\(path): cannot read the \(kind.noun): No such file or directory")
        let directory = try #require(throws: ConfigurationError.self) { try load(NSTemporaryDirectory()) }
        #expect(directory.isUnreadable, "\(directory)")

        let large = Scratch.path("large", extension: "json")
        try Data(repeating: UInt8(ascii: " "), count: ConfigurationDocument.maximumFileSize + 1).write(to: URL(fileURLWithPath: large))
        defer { try? FileManager.default.removeItem(atPath: large) }
        let tooLarge = try #require(throws: ConfigurationError.self) { try load(large) }
        #expect(tooLarge.problem == .unreadable(reason: "larger than 1024 KB"))
    }

    @Test func suggestionsNeedACloseMatch() {
        #expect(Spelling.nearest(to: "subtitel", among: CardFileSchema.cardKeys) == "subtitle")
        #expect(Spelling.nearest(to: "feilds", among: CardFileSchema.cardKeys) == "fields")
        #expect(Spelling.nearest(to: "colour", among: CardFileSchema.cardKeys) == nil)
        #expect(Spelling.nearest(to: "x", among: ["y"]) == nil)
        #expect(Spelling.editDistance("kitten", "sitting") == 3)
        #expect(Spelling.editDistance("", "abc") == 3)
    }

    @Test func extendsTooDeepIsFound() throws {
        let directory = Scratch.path("deep")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let depth = ThemeSchema.maximumExtendsDepth + 1
        for index in 0..<depth {
            try "{\"version\": 1,\n  \"extends\": \"t\(index + 1).json\"}".write(
                toFile: directory + "/t\(index).json", atomically: true, encoding: .utf8)
        }
        try #"{"version": 1, "extends": "default"}"#.write(toFile: directory + "/t\(depth).json", atomically: true, encoding: .utf8)
        let error = try #require(throws: ConfigurationError.self) { try Theme.load(path: directory + "/t0.json") }
        #expect(error.problem == .extendsTooDeep(limit: 16))
        #expect(error.problemDescription == "'extends' goes more than 16 themes deep")
        #expect(error.keyPath == "extends")
        #expect(error.position == SourcePosition(line: 2, column: 14))
    }

    @Test func extendsCyclesAreFound() throws {
        let directory = Scratch.path("cycle")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "{\"version\": 1,\n\"extends\": \"b.json\"}".write(toFile: directory + "/a.json", atomically: true, encoding: .utf8)
        try "{\"version\": 1,\n\"extends\": \"a.json\"}".write(toFile: directory + "/b.json", atomically: true, encoding: .utf8)
        let error = try #require(throws: ConfigurationError.self) { try Theme.load(path: directory + "/a.json") }
        guard case .extendsCycle(let chain) = error.problem else { Issue.record("\(error)"); return }
        #expect(error.keyPath == "extends" && error.position == SourcePosition(line: 2, column: 12) && error.file.hasSuffix("b.json"))
        #expect(chain.map { URL(fileURLWithPath: $0).lastPathComponent } == ["a.json", "b.json", "a.json"])
        try "{\"version\": 1, \"extends\": \"self.json\"}".write(toFile: directory + "/self.json", atomically: true, encoding: .utf8)
        #expect(throws: ConfigurationError.self) { try Theme.load(path: directory + "/self.json") }
    }

    // MARK: - Schemas

    /// The names a theme file takes are the typed keys' names: one list, declared once.
    @Test func themeSchemaNamesComeFromTheTypedKeys() {
        #expect(ThemeSchema.stringNames == Theme.Label.builtIn.map(\.rawValue))
        #expect(ThemeSchema.imageNames == Theme.Icon.builtIn.map(\.rawValue))
        #expect(Set(ThemeSchema.stringNames).count == ThemeSchema.stringNames.count)
        #expect(Set(ThemeSchema.imageNames).count == ThemeSchema.imageNames.count)
    }
}
