/// What a value in a configuration file must be. Each kind of file declares its keys and their
/// types once (``ThemeSchema/file``, ``CardFileSchema/file``), and ``ConfigurationChecker``
/// walks a file against it; the decoders that follow read values already known to be there
/// and of the right type.
struct ConfigurationSchema: Sendable {
    indirect enum Shape: Sendable {
        case string
        /// An integer, or a number with no fractional part.
        case wholeNumber
        case number
        case bool
        case array(ConfigurationSchema)
        /// An object with these members and no others.
        case object([Member])
        /// An object whose keys are names (`colors`, `cards`), every value the same kind.
        case table(keys: KeyRule, value: ConfigurationSchema)
        /// The first of these whose type matches the value (`"status"` or `{"key": "status"}`).
        case either([ConfigurationSchema])
    }

    /// One member of an object.
    struct Member: Sendable {
        var name: String
        var schema: ConfigurationSchema
        var isRequired: Bool

        static func required(_ name: String, _ schema: ConfigurationSchema) -> Member {
            Member(name: name, schema: schema, isRequired: true)
        }

        static func optional(_ name: String, _ schema: ConfigurationSchema) -> Member {
            Member(name: name, schema: schema, isRequired: false)
        }
    }

    /// Which names a table takes as keys.
    struct KeyRule: Sendable {
        /// The known names, offered as suggestions for an unknown one.
        var names: [String]
        /// Whether a name is allowed; by default, when it is one of `names`.
        var accepts: @Sendable (String) -> Bool
        /// A problem with an allowed name (empty, reserved).
        var check: @Sendable (String) -> ConfigurationError.Problem?

        /// Only these names.
        static func oneOf(_ names: [String]) -> KeyRule {
            let known = Set(names)
            return KeyRule(names: names, accepts: { known.contains($0) }, check: { _ in nil })
        }

        /// These names, and any that `accepts` allows (a namespace such as `app.`).
        static func oneOf(_ names: [String], or accepts: @escaping @Sendable (String) -> Bool) -> KeyRule {
            let known = Set(names)
            return KeyRule(names: names, accepts: { known.contains($0) || accepts($0) }, check: { _ in nil })
        }

        /// Any name, checked by `check`.
        static func anyName(check: @escaping @Sendable (String) -> ConfigurationError.Problem?) -> KeyRule {
            KeyRule(names: [], accepts: { _ in true }, check: check)
        }
    }

    var shape: Shape
    /// How the expected type reads in "expected a string, found a number".
    var expected: String
    /// Whether `null` is allowed (it removes what a theme inherited).
    var isNullable = false
    /// The numbers a number takes.
    var range: ClosedRange<Double>?
    /// A check of a string's text, once it is known to be a string.
    var check: (@Sendable (String) -> ConfigurationError.Problem?)?

    // MARK: - Building

    static let string = ConfigurationSchema(shape: .string, expected: "a string")
    static let bool = ConfigurationSchema(shape: .bool, expected: "true or false")

    /// A string that `check` accepts; `expected` names it in a type mismatch.
    static func string(
        _ expected: String = "a string",
        check: @escaping @Sendable (String) -> ConfigurationError.Problem?
    ) -> ConfigurationSchema {
        ConfigurationSchema(shape: .string, expected: expected, check: check)
    }

    /// A string from `allowed`.
    static func oneOf(_ allowed: [String]) -> ConfigurationSchema {
        string { allowed.contains($0) ? nil : .invalidValue($0, allowed: allowed) }
    }

    static func wholeNumber(in range: ClosedRange<Double>? = nil) -> ConfigurationSchema {
        ConfigurationSchema(shape: .wholeNumber, expected: "a whole number", range: range)
    }

    static func number(in range: ClosedRange<Double>) -> ConfigurationSchema {
        ConfigurationSchema(shape: .number, expected: "a number", range: range)
    }

    static func array(of element: ConfigurationSchema) -> ConfigurationSchema {
        ConfigurationSchema(shape: .array(element), expected: "an array")
    }

    static func object(_ members: [Member]) -> ConfigurationSchema {
        ConfigurationSchema(shape: .object(members), expected: "an object")
    }

    static func table(_ keys: KeyRule, of value: ConfigurationSchema) -> ConfigurationSchema {
        ConfigurationSchema(shape: .table(keys: keys, value: value), expected: "an object")
    }

    static func either(_ choices: ConfigurationSchema...) -> ConfigurationSchema {
        ConfigurationSchema(shape: .either(choices), expected: choices.map(\.expected).joined(separator: " or "))
    }

    /// The same, with `null` allowed too.
    var orNull: ConfigurationSchema {
        var copy = self
        copy.isNullable = true
        return copy
    }

    /// Whether `value` has this schema's type (not whether it is valid).
    func matchesType(of value: JSONValue) -> Bool {
        switch (shape, value) {
        case (.string, .string), (.bool, .bool), (.array, .array), (.object, .object), (.table, .object): return true
        case (.number, .integer), (.number, .double), (.wholeNumber, .integer), (.wholeNumber, .double): return true
        case (.either(let choices), _): return choices.contains { $0.matchesType(of: value) }
        default: return false
        }
    }
}

/// Walks a configuration file against its schema and reports the first problem, in file order:
/// the `version` first (a newer file may use keys this version does not know), then every
/// member: unknown keys (with the nearest known one), wrong types, numbers out of range, values
/// their check refuses, and last the required keys an object lacks.
struct ConfigurationChecker {
    let document: ConfigurationDocument

    /// Checks `document` against `schema`, whose root must be an object with a whole-number
    /// `version` member.
    static func check(_ document: ConfigurationDocument, against schema: ConfigurationSchema) throws(ConfigurationError) {
        let checker = ConfigurationChecker(document: document)
        guard case .object(let root) = document.root else {
            throw document.error(at: "", .wrongType(expected: "an object", found: document.root.typeName))
        }
        guard let version = root["version"] else { throw document.error(at: "", .missingKey("version")) }
        try checker.check(version, against: .wholeNumber(), at: "version")
        let number = Int(clamping: version.integerValue ?? 0)
        guard (1...document.kind.currentVersion).contains(number) else {
            throw document.error(at: "version", .unsupportedVersion(number))
        }
        try checker.check(document.root, against: schema, at: "")
    }

    func check(_ value: JSONValue, against schema: ConfigurationSchema, at path: String) throws(ConfigurationError) {
        if value == .null, schema.isNullable { return }
        guard schema.matchesType(of: value) else {
            throw document.error(at: path, .wrongType(expected: schema.expected, found: value.typeName))
        }
        switch (schema.shape, value) {
        case (.string, .string(let text)):
            if let problem = schema.check?(text) { throw document.error(at: path, problem) }
        case (.wholeNumber, _), (.number, _):
            let number = value.doubleValue ?? 0
            if case .wholeNumber = schema.shape, case .double(let double) = value, double.rounded() != double {
                throw document.error(at: path, .wrongType(expected: schema.expected, found: "a fraction"))
            }
            if let range = schema.range, !range.contains(number) {
                throw document.error(at: path, .outOfRange(number, allowed: range))
            }
        case (.array(let element), .array(let items)):
            for (index, item) in items.enumerated() {
                try check(item, against: element, at: ConfigurationDocument.keyPath(path, index: index))
            }
        case (.object(let members), .object(let object)):
            let known = members.map(\.name)
            for (key, member) in object {
                let memberPath = ConfigurationDocument.keyPath(path, key)
                guard let schema = members.first(where: { $0.name == key })?.schema else {
                    throw document.error(at: memberPath, .unknownKey(key, suggestion: Spelling.nearest(to: key, among: known)))
                }
                try check(member, against: schema, at: memberPath)
            }
            for member in members where member.isRequired && object[member.name] == nil {
                throw document.error(at: path, .missingKey(member.name))
            }
        case (.table(let keys, let valueSchema), .object(let object)):
            for (key, member) in object {
                let memberPath = ConfigurationDocument.keyPath(path, key)
                guard keys.accepts(key) else {
                    throw document.error(at: memberPath, .unknownKey(key, suggestion: Spelling.nearest(to: key, among: keys.names)))
                }
                if let problem = keys.check(key) { throw document.error(at: memberPath, problem) }
                try check(member, against: valueSchema, at: memberPath)
            }
        case (.either(let choices), _):
            // matchesType found one.
            for choice in choices where choice.matchesType(of: value) {
                try check(value, against: choice, at: path)
                return
            }
        default:
            break
        }
    }
}
