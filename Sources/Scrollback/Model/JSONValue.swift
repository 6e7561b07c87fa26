/// A JSON value exactly as it appeared in the input, so that nothing a sender wrote is lost.
///
/// Objects keep their keys in input order ([`JSONObject`](doc:JSONObject)); integers that fit in
/// 64 bits stay exact instead of passing through `Double`.
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number without a fraction or exponent that fits in 64 bits, kept exact.
    case integer(Int64)
    /// Any other number.
    case double(Double)
    /// A string, its escapes decoded.
    case string(String)
    /// An array, in input order.
    case array([JSONValue])
    /// An object, its members in input order.
    case object(JSONObject)

    /// The string, or `nil` for any other type.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The boolean, or `nil` for any other type.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The value as a whole number; a float is rounded, as file sizes sometimes arrive as floats.
    public var integerValue: Int64? {
        switch self {
        case .integer(let value): return value
        case .double(let value) where value.isFinite && abs(value) < 9.2e18: return Int64(value.rounded())
        default: return nil
        }
    }

    /// The value as a floating-point number, from an integer too; `nil` for any other type.
    public var doubleValue: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .double(let value): return value
        default: return nil
        }
    }

    /// The elements, or `nil` for any other type.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The object, or `nil` for any other type.
    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The name of the value's JSON type, for messages such as "expected a string, found an array".
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .integer, .double: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The member `key` of an object; `nil` when it is missing or the value is no object, so
    /// that lookups chain: `raw["giphy"]?["fixed_height"]?["url"]`.
    public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }
}

/// A JSON object with its members in input order. A repeated key keeps its last value, as
/// JavaScript and Foundation do.
public struct JSONObject: Sendable, Hashable, Sequence {
    /// The members, in input order, each key once.
    public private(set) var members: [(key: String, value: JSONValue)]

    /// An object of `members`; a repeated key keeps its first place and its last value.
    public init(_ members: [(key: String, value: JSONValue)] = []) {
        self.members = Self.keepingEachKeyOnce(members)
    }

    /// `members` with each key once, in its first place and with its last value: how an object
    /// keeps a repeated key, whatever its values are (the reader's typed members keep it too).
    static func keepingEachKeyOnce<Value>(_ members: [(key: String, value: Value)]) -> [(key: String, value: Value)] {
        guard members.count > 1 else { return members }
        var kept: [(key: String, value: Value)] = []
        // A scan of those kept, fine for a message's few dozen keys; a huge object finds each
        // key's first place in a table instead, so that its cost stays linear.
        guard members.count > 64 else {
            // Nearly every object repeats no key: then the members are kept as they are, not copied.
            let repeats = members.indices.contains { index in
                members[..<index].contains { $0.key == members[index].key }
            }
            guard repeats else { return members }
            kept.reserveCapacity(members.count)
            for member in members {
                if let index = kept.firstIndex(where: { $0.key == member.key }) {
                    kept[index].value = member.value
                } else {
                    kept.append(member)
                }
            }
            return kept
        }
        kept.reserveCapacity(members.count)
        var place: [String: Int] = [:]
        place.reserveCapacity(members.count)
        for member in members {
            if let index = place[member.key] {
                kept[index].value = member.value
            } else {
                place[member.key] = kept.count
                kept.append(member)
            }
        }
        return kept
    }

    /// Builds an object from members already known to have distinct keys (the parser's fast path).
    init(uniqueMembers: [(key: String, value: JSONValue)]) {
        self.members = uniqueMembers
    }

    /// How many members the object has.
    public var count: Int { members.count }
    /// Whether the object has no member.
    public var isEmpty: Bool { members.isEmpty }
    /// The keys, in input order.
    public var keys: [String] { members.map(\.key) }

    // Linear lookup: message objects have a few dozen keys, where a scan beats hashing. A
    // stored table for large objects would widen every JSON value (it cost 0.7% more
    // instructions per render), so the few callers that look a key up per member of another
    // object (poll votes, reaction scores, card fields) build a table of their own.
    /// The value of member `key`, or `nil` when there is none. Setting a value replaces the
    /// member in place or appends it; setting `nil` removes it.
    public subscript(key: String) -> JSONValue? {
        get {
            // Comparing lengths first skips most mismatches without a call into String's comparison.
            let length = key.utf8.count
            return members.withUnsafeBufferPointer { buffer in
                for index in buffer.indices where buffer[index].key.utf8.count == length && buffer[index].key == key {
                    return buffer[index].value
                }
                return nil
            }
        }
        set {
            let index = members.firstIndex(where: { $0.key == key })
            switch (index, newValue) {
            case (let index?, let value?): members[index].value = value
            case (let index?, nil): members.remove(at: index)
            case (nil, let value?): members.append((key, value))
            case (nil, nil): break
            }
        }
    }

    /// The members in input order, as `(key, value)` pairs.
    public func makeIterator() -> IndexingIterator<[(key: String, value: JSONValue)]> {
        members.makeIterator()
    }

    /// Whether both objects have the same members in the same order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members.count == rhs.members.count
            && zip(lhs.members, rhs.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    /// Hashes the members in order, consistently with ``==(_:_:)``.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(members.count)
        for member in members {
            hasher.combine(member.key)
            hasher.combine(member.value)
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    /// A ``string(_:)`` from a literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An ``integer(_:)`` from a literal.
    public init(integerLiteral value: Int64) { self = .integer(value) }
    /// A ``double(_:)`` from a literal.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// A ``bool(_:)`` from a literal.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An ``array(_:)`` from a literal.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// An ``object(_:)`` from a literal, its members in the literal's order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.map { (key: $0.0, value: $0.1) }))
    }
    /// ``null`` from `nil`.
    public init(nilLiteral: ()) { self = .null }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// An object from a literal, its members in the literal's order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements.map { (key: $0.0, value: $0.1) })
    }
}
