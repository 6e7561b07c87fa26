/// The `raw` of a message, a user or a reaction: an object already built, or the place in the
/// input's bytes it was read from, built when first asked for. The reader hands out the second
/// kind: a rendering rarely reads `raw`, and building every member of every message was the
/// largest part of the reading.
struct RawJSONObject: Sendable, Hashable {
    private enum Storage: Sendable {
        case object(JSONObject)
        case text(JSONText, Range<Int>)
    }

    private var storage: Storage

    init(_ object: JSONObject) {
        storage = .object(object)
    }

    /// The object spelled by `text.bytes[range]`.
    init(_ text: JSONText, range: Range<Int>) {
        storage = .text(text, range)
    }

    var object: JSONObject {
        switch storage {
        case .object(let object): return object
        case .text(let text, let range): return text.object(in: range)
        }
    }

    static func == (lhs: RawJSONObject, rhs: RawJSONObject) -> Bool {
        // The same bytes spell the same object; anything else compares what they spell.
        if case .text(let left, let leftRange) = lhs.storage, case .text(let right, let rightRange) = rhs.storage,
            left === right, leftRange == rightRange
        {
            return true
        }
        return lhs.object == rhs.object
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(object)
    }
}

/// One message's bytes as the input has them (already read once, so well-formed JSON), shared
/// by the objects read from them. Each object is built once, when first asked for.
final class JSONText: Sendable {
    let bytes: [UInt8]
    private let build: @Sendable (ArraySlice<UInt8>) -> JSONObject
    private let built = Locked<[Range<Int>: JSONObject]>([:])

    /// `build` parses the bytes of one object (the reader's parser: the model cannot name it).
    init(bytes: [UInt8], build: @escaping @Sendable (ArraySlice<UInt8>) -> JSONObject) {
        self.bytes = bytes
        self.build = build
    }

    func object(in range: Range<Int>) -> JSONObject {
        if let object = built.withLock({ $0[range] }) { return object }
        let object = build(bytes[range])
        built.withLock { $0[range] = object }
        return object
    }
}
