#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pull parser over a ``ByteSource``: it parses one value at a time into ``JSONValue``, or walks
/// containers member by member and skips what nobody needs without building it.
///
/// RFC 8259 JSON, plus what real exports carry: a UTF-8 byte order mark at the start and a
/// trailing comma before `}` or `]`. Errors name the line and byte column of the offending byte.
struct JSONStreamParser {
    /// Deeper nesting is refused, so that hostile input cannot exhaust the stack.
    static let maximumDepth = 512
    /// The containers the quick walk (``quickSkip(_:from:limit:depth:known:)``) holds open at
    /// once, one bit each of a word; a value nested deeper is left to the careful walk.
    static let quickWalkContainers = 63

    /// What kind of value starts at the cursor, judged by its first byte.
    enum ValueKind: Equatable {
        case object, array, string, number, literal
    }

    private enum Container {
        case objectFirst, objectRest, arrayFirst, arrayRest
    }

    private let source: ByteSource
    private var bytes: UnsafePointer<UInt8>
    /// The next byte to read, as an index into `bytes`.
    private var cursor = 0
    /// The number of valid bytes in `bytes`.
    private var limit = 0
    /// The containers opened with `beginObject` / `beginArray` and not yet closed.
    private var containers: [Container] = []
    /// Where strings with escapes are decoded.
    private var scratch: [UInt8] = []
    private let keys: KeyTable
    private let values: KeyTable
    private let memberStack: ValueStack<(key: String, value: JSONValue)>
    private let elementStack: ValueStack<JSONValue>
    private let keyOrders: KeyOrders
    /// The orders of the sets this parser has read objects with, by set number, taken from
    /// `keyOrders` on first use: held in the parser, a value, every object finds its order
    /// with no run-time exclusivity check, which on the shared class cost as much as
    /// recalling keys saved.
    private var orders: [KeyOrder?] = []
    private var startedReading = false
    /// The first byte of a value whose raw bytes are wanted: refills keep it in the window.
    private var pin: Int?
    /// Where a string value first needed U+FFFD (bytes that are not UTF-8, or a lone surrogate
    /// escape) since the last ``takeReplacementPosition()``.
    private var replacementPosition: SourcePosition?
    /// Whether string values of 16 to 64 bytes go through the value table. A reading that meets
    /// mostly unique strings (ids and dates, as the index pass does) gains nothing from it.
    var internsValues = true
    /// Whether each string value is checked for UTF-8 as it is read (one that is not is noted
    /// for ``takeReplacementPosition()``). A reader that checks a whole value's bytes afterwards,
    /// and reads the value again with this on when they are not UTF-8, turns it off meanwhile:
    /// otherwise every string would be checked twice.
    var checksStrings = true
    /// Objects met before, by their bytes: skipping steps over one of them met again, byte for
    /// byte the same, without walking it. The index pass keeps the objects of authors it meets again.
    var knownObjects: KnownObjects?

    init(source: ByteSource, workspace: Workspace = Workspace()) {
        self.source = source
        bytes = source.window
        keys = workspace.keys
        values = workspace.values
        memberStack = workspace.memberStack
        elementStack = workspace.elementStack
        keyOrders = workspace.keyOrders
        scratch.reserveCapacity(256)
    }

    /// A parser for the elements of an array whose body another parser met at `depth` open
    /// containers: `source` starts where an element (or, `afterElement`, the `,` or `]` after
    /// one) is next. The containers outside the array are stand-ins, there for the depth limit;
    /// the reading ends with the array.
    init(elementsFrom source: ByteSource, depth: Int, afterElement: Bool) {
        self.init(source: source)
        startedReading = true
        containers = Array(repeating: .objectRest, count: max(depth - 1, 0)) + [afterElement ? .arrayRest : .arrayFirst]
        internsValues = false
    }

    init(bytes: [UInt8], chunkSize: Int = ByteSource.defaultChunkSize, workspace: Workspace = Workspace()) {
        self.init(source: ByteSource(bytes: bytes, chunkSize: chunkSize), workspace: workspace)
    }

    /// A parser's key cache and value stacks, which cost more to make than a small value costs to
    /// parse: parsers that run one after another (over many small spooled values) share one.
    struct Workspace {
        let keys = KeyTable()
        /// Short string values (a string of 15 bytes or fewer is stored inline, and needs none).
        let values = KeyTable(slotCount: 4096, maximumLength: 64)
        let memberStack = ValueStack<(key: String, value: JSONValue)>()
        let elementStack = ValueStack<JSONValue>()
        let keyOrders = KeyOrders()
    }

    /// How many containers the incremental walk has open.
    var depth: Int { containers.count }

    /// The input offset of the next byte to parse: how far the reading has got (progress).
    var bytePosition: Int { source.baseOffset + cursor }

    /// The regular file this parser reads from its current offset, for parsers that read parts
    /// of it beside this one; `nil` for other inputs, or while bytes are pinned.
    var regularFile: (descriptor: Int32, size: Int, name: String)? {
        guard pin == nil, startedReading, let file = source.regularFile else { return nil }
        return (file.descriptor, file.size, source.name)
    }

    /// Whether the innermost open container is an array.
    var isInArray: Bool { containers.last == .arrayFirst || containers.last == .arrayRest }

    /// Goes on at input offset `offset` (not before the cursor) in the innermost open array,
    /// after other parsers read the elements up to there: at an element's end with
    /// `afterElement` (a `,` or `]` comes next), else where an element or the `]` comes next.
    mutating func resume(at offset: Int, afterElement: Bool) throws(ReadError) {
        precondition(isInArray && pin == nil && offset >= bytePosition, "resume(at:) past the cursor, in an array")
        containers[containers.count - 1] = afterElement ? .arrayRest : .arrayFirst
        if offset >= source.baseOffset + limit {
            try source.jump(to: offset)
            bytes = source.window
            limit = source.count
        }
        cursor = min(offset - source.baseOffset, limit)
    }

    /// Where the strings parsed since the last call first had to be repaired, if they had to:
    /// readers warn about it once per message.
    mutating func takeReplacementPosition() -> SourcePosition? {
        defer { replacementPosition = nil }
        return replacementPosition
    }

    private mutating func noteReplacement(at index: Int) {
        if replacementPosition == nil { replacementPosition = source.position(at: index) }
    }

    // MARK: - Positions and errors

    /// The line and column of the next unread byte.
    mutating func currentPosition() -> SourcePosition {
        source.position(at: cursor)
    }

    /// The line and column of input offset `offset`, which must still be in the window (pinned,
    /// or not yet passed).
    mutating func position(ofOffset offset: Int) -> SourcePosition {
        precondition(offset >= source.baseOffset && offset <= source.baseOffset + limit, "position(ofOffset:) of a byte in the window")
        return source.position(at: offset - source.baseOffset)
    }

    private func position(at index: Int) -> SourcePosition {
        source.position(at: index)
    }

    private func syntaxError(_ reason: String, at index: Int) -> ReadError {
        .syntax(source.position(at: index), reason)
    }

    /// The error for the byte at `index`, or for the end of the input when `index == limit`.
    private func unexpected(at index: Int, expected: String) -> ReadError {
        if index >= limit { return syntaxError("unexpected end of input, \(expected)", at: limit) }
        return syntaxError("\(expected), found \(Self.describe(bytes[index]))", at: index)
    }

    static func describe(_ byte: UInt8) -> String {
        switch byte {
        case 0x20...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
        default: return "byte 0x\(String(byte, radix: 16, uppercase: true).leftPadded(to: 2))"
        }
    }

    // MARK: - Buffer

    /// Reads more input, keeping the bytes from `keep` on; `keep` and the cursor are moved with
    /// the window. Returns `false` at the end of the input.
    private mutating func refill(keeping keep: inout Int) throws(ReadError) -> Bool {
        if !startedReading { return try startReading(keeping: &keep) }
        let shift = min(keep, pin ?? keep)
        let more = try source.refill(discardingBefore: shift)
        bytes = source.window
        limit = source.count
        cursor -= shift
        keep -= shift
        if let pinned = pin { pin = pinned - shift }
        return more
    }

    // MARK: - Raw bytes

    /// Starts keeping the input from the next value on (after whitespace), so that its bytes
    /// can be had as written with ``pinnedBytes()``; the window grows to hold them if need be.
    mutating func pinNextValue() throws(ReadError) {
        _ = try peekSignificant()
        pin = cursor
    }

    /// The input from the pinned place to the cursor, valid until the parser reads on.
    func pinnedBytes() -> UnsafeBufferPointer<UInt8> {
        guard let pin else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: bytes + pin, count: cursor - pin)
    }

    /// Lets the window slide past the pinned bytes again.
    mutating func unpin() {
        pin = nil
    }

    /// How far past the pinned place the next value starts (after whitespace).
    mutating func offsetFromPin() throws(ReadError) -> Int {
        _ = try peekSignificant()
        return cursor - (pin ?? cursor)
    }

    /// How far past the pinned place the cursor is: where the value just read ends.
    var endOffsetFromPin: Int { cursor - (pin ?? cursor) }

    /// Goes back to the pinned place, to read the value there again another way, with
    /// `depth` containers open as when it was pinned and no replacement noted since.
    mutating func rewindToPin(depth: Int) {
        guard let pin else { return }
        cursor = pin
        containers.removeLast(max(containers.count - depth, 0))
        replacementPosition = nil
    }

    /// The first read also drops a UTF-8 byte order mark.
    private mutating func startReading(keeping keep: inout Int) throws(ReadError) -> Bool {
        startedReading = true
        var more = try source.refill(discardingBefore: 0)
        while more && source.count < 3 { more = try source.refill(discardingBefore: 0) }
        bytes = source.window
        limit = source.count
        if limit >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { cursor = 3 }
        keep = cursor
        if limit > cursor || !more { return limit > cursor }
        return try refill(keeping: &keep)
    }

    /// Makes at least `count` bytes available from the cursor, unless the input ends first.
    private mutating func ensure(_ count: Int) throws(ReadError) -> Bool {
        while limit - cursor < count {
            var keep = cursor
            guard try refill(keeping: &keep) else { return limit - cursor >= count }
        }
        return true
    }

    /// Skips whitespace; returns the next byte without consuming it, or `nil` at the end.
    @inline(__always)
    private mutating func peekSignificant() throws(ReadError) -> UInt8? {
        while true {
            while cursor < limit {
                let byte = bytes[cursor]
                if byte > 0x20 || !(byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09) { return byte }
                cursor += 1
            }
            var keep = cursor
            guard try refill(keeping: &keep) else { return nil }
        }
    }

    // MARK: - Peeking

    /// Skips whitespace and tells which kind of value comes next; `nil` at the end of the input.
    /// An unexpected byte is a syntax error.
    mutating func peekKind() throws(ReadError) -> ValueKind? {
        guard let byte = try peekSignificant() else { return nil }
        switch byte {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"): return .literal
        default: throw unexpected(at: cursor, expected: "expected a JSON value")
        }
    }

    /// Whether only whitespace is left.
    mutating func isAtEnd() throws(ReadError) -> Bool {
        try peekSignificant() == nil
    }

    // MARK: - Incremental walk

    /// Consumes `{` and opens an object for ``nextKey()``.
    mutating func beginObject() throws(ReadError) {
        try open(UInt8(ascii: "{"), as: .objectFirst, expected: "expected '{'")
    }

    /// Consumes `[` and opens an array for ``nextElement()``.
    mutating func beginArray() throws(ReadError) {
        try open(UInt8(ascii: "["), as: .arrayFirst, expected: "expected '['")
    }

    private mutating func open(_ bracket: UInt8, as container: Container, expected: String) throws(ReadError) {
        guard try peekSignificant() == bracket else { throw unexpected(at: cursor, expected: expected) }
        guard containers.count < Self.maximumDepth else { throw tooDeep(at: cursor) }
        cursor += 1
        containers.append(container)
    }

    /// The next key of the innermost open object, with its `:` consumed, so that the caller
    /// reads or skips the value next; `nil` once the object's `}` has been consumed.
    mutating func nextKey() throws(ReadError) -> String? {
        try nextKeyAndHash()?.key
    }

    /// ``nextKey()`` with the key's hash, for callers that look for repeated keys themselves.
    mutating func nextKeyAndHash() throws(ReadError) -> (key: String, hash: UInt64)? {
        guard try openNextKey() else { return nil }
        let key = try parseKey()
        try consumeColon()
        containers[containers.count - 1] = .objectRest
        return key
    }

    /// ``nextKey()`` with where the key's opening quote is, for messages that point at a key.
    mutating func nextKeyAndPosition() throws(ReadError) -> (key: String, position: SourcePosition)? {
        guard try openNextKey() else { return nil }
        let position = source.position(at: cursor - 1)
        let key = try parseKey().key
        try consumeColon()
        containers[containers.count - 1] = .objectRest
        return (key, position)
    }

    /// What ``nextKey(among:)`` found.
    enum KeyMatch: Equatable {
        /// The object's `}` was consumed.
        case end
        /// The key is `keys[index]`.
        case key(Int)
        /// A key that is none of them.
        case other
    }

    /// ``nextKey()`` for a caller that wants only a few keys: it tells which of `keys` comes
    /// next, without making a `String` of it (unless it has escapes).
    mutating func nextKey(among keys: ExpectedKeys) throws(ReadError) -> KeyMatch {
        if let match = quickNextKey(among: keys) { return match }
        guard try openNextKey() else { return .end }
        var quote = cursor - 1
        let match: KeyMatch
        if let end = try scanPlainString(quote: &quote) {
            let found = keys.index(
                of: UnsafeBufferPointer(start: bytes + quote + 1, count: end - quote - 1), readable: limit - (quote + 1) >= 16)
            match = found.map(KeyMatch.key) ?? .other
        } else {
            var key = try parseEscapedString(quote: quote)
            let found = key.withUTF8 { keys.index(of: $0) }
            match = found.map(KeyMatch.key) ?? .other
        }
        try consumeColon()
        containers[containers.count - 1] = .objectRest
        return match
    }

    /// ``nextKey(among:)`` in one pass when all of `, "key":` (or the `}`) is in the window and
    /// the key has no escape; `nil` leaves the step, untaken, to the careful path, which refills
    /// and reports errors. Most of a message's members are looked up here.
    /// With an `order`, the key is first recalled from it, and a key found the usual way is
    /// learned.
    @inline(__always)
    private mutating func quickNextKey(among keys: ExpectedKeys, order: KeyOrder? = nil) -> KeyMatch? {
        let top = containers.count - 1
        guard top >= 0 else { return nil }
        let state = containers[top]
        guard state == .objectFirst || state == .objectRest else { return nil }
        var index = cursor
        @inline(__always) func skipSpace() { index = Self.skippingSpace(bytes, from: index, limit: limit) }
        skipSpace()
        guard index < limit else { return nil }
        if state == .objectRest && bytes[index] == UInt8(ascii: ",") {
            index += 1
            skipSpace()
            guard index < limit else { return nil }
        } else if state == .objectRest && bytes[index] != UInt8(ascii: "}") {
            return nil
        }
        if bytes[index] == UInt8(ascii: "}") {
            cursor = index + 1
            containers.removeLast()
            return .end
        }
        guard bytes[index] == UInt8(ascii: "\"") else { return nil }
        let quote = index
        // Recalling and learning read a whole key's room from the quote.
        let roomy = limit - quote >= KeyOrder.longest
        if roomy, let (length, match) = order?.recall(at: bytes + quote) {
            cursor = quote + length
            if state == .objectFirst { containers[top] = .objectRest }
            return match >= 0 ? .key(match) : .other
        }
        let start = quote + 1
        guard let end = Self.plainStringEnd(bytes, from: start, limit: limit) else { return nil }
        index = end + 1
        skipSpace()
        guard index < limit, bytes[index] == UInt8(ascii: ":") else { return nil }
        let found = keys.index(of: UnsafeBufferPointer(start: bytes + start, count: end - start), readable: limit - start >= 16)
        // Only a key whose colon follows its quote is learned, so that its bytes are the key's.
        if roomy && index == end + 1 {
            order?.learn(at: bytes + quote, length: index + 1 - quote, match: found ?? -1)
        } else {
            order?.forget()
        }
        cursor = index + 1
        if state == .objectFirst { containers[top] = .objectRest }
        return found.map(KeyMatch.key) ?? .other
    }

    /// The next of `keys` in the innermost open object, with its `:` consumed (the caller reads
    /// or skips the value next); members with other keys are skipped, their syntax checked.
    /// `nil` once the object's `}` has been consumed. One loop for what would be a
    /// ``nextKey(among:)`` and a ``skipValue()`` per member: readers that want a few members
    /// of big objects spend most of their time here.
    mutating func nextKey(skippingAllBut keys: ExpectedKeys) throws(ReadError) -> Int? {
        let order = keyOrder(keys.number)
        if containers.last == .objectFirst { order.begin() }
        while true {
            let match: KeyMatch
            if let quick = quickNextKey(among: keys, order: order) {
                match = quick
            } else {
                match = try nextKey(among: keys)
                order.forget()
            }
            switch match {
            case .end: return nil
            case .key(let index): return index
            case .other:
                if let end = Self.quickSkip(bytes, from: cursor, limit: limit, depth: containers.count, known: knownObjects) {
                    cursor = end
                } else {
                    try skipValue()
                }
            }
        }
    }

    /// The order of the set numbered `number`.
    @inline(__always)
    private mutating func keyOrder(_ number: Int) -> KeyOrder {
        if number < orders.count, let order = orders[number] { return order }
        return adoptOrder(number)
    }

    private mutating func adoptOrder(_ number: Int) -> KeyOrder {
        let order = keyOrders.order(number)
        if number >= orders.count { orders += repeatElement(nil, count: number + 1 - orders.count) }
        orders[number] = order
        return order
    }

    /// Moves past the `,` before the next key and its opening quote: `false` once the
    /// innermost object's `}` has been consumed instead.
    private mutating func openNextKey() throws(ReadError) -> Bool {
        guard let state = containers.last, state == .objectFirst || state == .objectRest else {
            preconditionFailure("nextKey() outside an object")
        }
        var byte = try peekSignificant()
        if byte == UInt8(ascii: "}") {
            cursor += 1
            containers.removeLast()
            return false
        }
        if state == .objectRest {
            guard byte == UInt8(ascii: ",") else { throw unexpected(at: cursor, expected: "expected ',' or '}' after object member") }
            cursor += 1
            byte = try peekSignificant()
            if byte == UInt8(ascii: "}") { // a trailing comma
                cursor += 1
                containers.removeLast()
                return false
            }
        }
        guard byte == UInt8(ascii: "\"") else { throw unexpected(at: cursor, expected: "expected a string key") }
        cursor += 1
        return true
    }

    /// Moves to the next element of the innermost open array: `true` when one follows (the
    /// caller reads or skips it next), `false` once the array's `]` has been consumed.
    mutating func nextElement() throws(ReadError) -> Bool {
        guard let state = containers.last, state == .arrayFirst || state == .arrayRest else {
            preconditionFailure("nextElement() outside an array")
        }
        var byte = try peekSignificant()
        if byte == UInt8(ascii: "]") {
            cursor += 1
            containers.removeLast()
            return false
        }
        if state == .arrayRest {
            guard byte == UInt8(ascii: ",") else { throw unexpected(at: cursor, expected: "expected ',' or ']' after array element") }
            cursor += 1
            byte = try peekSignificant()
            if byte == UInt8(ascii: "]") {
                cursor += 1
                containers.removeLast()
                return false
            }
        }
        if byte == nil { throw unexpected(at: limit, expected: "expected an array element") }
        containers[containers.count - 1] = .arrayRest
        return true
    }

    private mutating func consumeColon() throws(ReadError) {
        guard try peekSignificant() == UInt8(ascii: ":") else { throw unexpected(at: cursor, expected: "expected ':' after object key") }
        cursor += 1
    }

    private func tooDeep(at index: Int) -> ReadError {
        syntaxError("nesting deeper than \(Self.maximumDepth) levels", at: index)
    }

    // MARK: - Whole values

    /// Parses the next value completely.
    mutating func parseValue() throws(ReadError) -> JSONValue {
        try parseValue(depth: containers.count)
    }

    private mutating func parseValue(depth: Int) throws(ReadError) -> JSONValue {
        guard let byte = try peekSignificant() else { throw unexpected(at: limit, expected: "expected a JSON value") }
        switch byte {
        case UInt8(ascii: "\""):
            cursor += 1
            return .string(try parseStringBody())
        case UInt8(ascii: "{"):
            return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["):
            return try parseArray(depth: depth + 1)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try parseNumber()
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        default:
            throw unexpected(at: cursor, expected: "expected a JSON value")
        }
    }

    private mutating func parseObject(depth: Int) throws(ReadError) -> JSONValue {
        guard depth <= Self.maximumDepth else { throw tooDeep(at: cursor) }
        cursor += 1 // {
        var byte = try peekSignificant()
        // Empty, as most of a message's maps of reactions are: no member stack to go through.
        if byte == UInt8(ascii: "}") {
            cursor += 1
            return .object(JSONObject())
        }
        let base = memberStack.count
        var filter = KeyFilter()
        var hasDuplicates = false
        var seenKeys: Set<String> = []
        while byte != UInt8(ascii: "}") {
            guard byte == UInt8(ascii: "\"") else { throw unexpected(at: cursor, expected: "expected a string key") }
            cursor += 1
            let (key, hash) = try parseKey()
            if !hasDuplicates {
                if memberStack.count - base < Self.scannedObjectSize {
                    if filter.insert(hash) { hasDuplicates = memberStack.contains(key: key, from: base) }
                } else {
                    // A huge object: scanning for each possible repeat would be quadratic.
                    if seenKeys.isEmpty { seenKeys = memberStack.keys(from: base) }
                    hasDuplicates = !seenKeys.insert(key).inserted
                }
            }
            try consumeColon()
            let value = try parseValue(depth: depth)
            memberStack.push((key, value))
            byte = try peekSignificant()
            if byte == UInt8(ascii: ",") {
                cursor += 1
                byte = try peekSignificant() // `}` here is a trailing comma, accepted
            } else if byte != UInt8(ascii: "}") {
                throw unexpected(at: cursor, expected: "expected ',' or '}' after object member")
            }
        }
        cursor += 1 // }
        let members = memberStack.popArray(from: base)
        // The setter keeps a repeated key's first place and last value, like JavaScript; only
        // objects that have one pay for it.
        return .object(hasDuplicates ? JSONObject(members) : JSONObject(uniqueMembers: members))
    }

    /// Makes an object from members in input order; a repeated key keeps its first place and
    /// its last value (the setter's rule), and only objects that have one pay for it.
    static func object(_ members: [(key: String, value: JSONValue)]) -> JSONObject {
        if members.count <= scannedObjectSize {
            var filter = KeyFilter()
            for index in members.indices where filter.insert(KeyTable.hash(members[index].key)) {
                for earlier in 0..<index where members[earlier].key == members[index].key { return JSONObject(members) }
            }
        } else {
            var seen = Set<String>(minimumCapacity: members.count)
            for member in members where !seen.insert(member.key).inserted { return JSONObject(members) }
        }
        return JSONObject(uniqueMembers: members)
    }

    /// Up to this many members, repeated keys are found by a filter and a scan; past it, by a set.
    private static let scannedObjectSize = 64

    private mutating func parseArray(depth: Int) throws(ReadError) -> JSONValue {
        guard depth <= Self.maximumDepth else { throw tooDeep(at: cursor) }
        cursor += 1 // [
        var byte = try peekSignificant()
        // Empty, as most messages' attachments are.
        if byte == UInt8(ascii: "]") {
            cursor += 1
            return .array([])
        }
        let base = elementStack.count
        while byte != UInt8(ascii: "]") {
            guard byte != nil else { throw unexpected(at: limit, expected: "expected an array element") }
            elementStack.push(try parseValue(depth: depth))
            byte = try peekSignificant()
            if byte == UInt8(ascii: ",") {
                cursor += 1
                byte = try peekSignificant()
            } else if byte != UInt8(ascii: "]") {
                throw unexpected(at: cursor, expected: "expected ',' or ']' after array element")
            }
        }
        cursor += 1 // ]
        return .array(elementStack.popArray(from: base))
    }

    /// `word` is `true`, `false` or `null`: four or five bytes.
    private mutating func literal(_ word: StaticString) throws(ReadError) {
        let length = word.utf8CodeUnitCount
        // All of it in the window, as nearly always: its first four bytes in one comparison.
        if limit - cursor >= length,
            UnsafeRawPointer(bytes + cursor).loadUnaligned(as: UInt32.self)
                == UnsafeRawPointer(word.utf8Start).loadUnaligned(as: UInt32.self),
            length == 4 || bytes[cursor + 4] == word.utf8Start[4]
        {
            cursor += length
            return
        }
        let available = try ensure(length)
        let start = cursor
        let expected = word.utf8Start
        for offset in 0..<length {
            guard available || start + offset < limit else {
                throw syntaxError("unexpected end of input inside '\(word)'", at: limit)
            }
            guard bytes[start + offset] == expected[offset] else {
                throw syntaxError("invalid literal, expected '\(word)'", at: start)
            }
        }
        cursor += length
    }

    // MARK: - Skipping

    /// The bytes of the value at the cursor when it lies whole in the window and the quick
    /// walk takes it (``quickSkip``), without moving past it: a reader that knows the value by
    /// its bytes then steps over it with ``skip(_:)``. Valid until the parser reads on.
    mutating func quickValue() throws(ReadError) -> UnsafeBufferPointer<UInt8>? {
        guard try peekSignificant() != nil,
            let end = Self.quickSkip(bytes, from: cursor, limit: limit, depth: containers.count, known: knownObjects)
        else { return nil }
        return UnsafeBufferPointer(start: bytes + cursor, count: end - cursor)
    }

    /// The bytes from the next value to the end of the window, without moving: a reader that
    /// knows a value by its bytes (``UserCache``) compares them, and steps over a match with
    /// ``skip(_:)``. Valid until the parser reads on; `nil` at the end of the input.
    mutating func bytesAhead() throws(ReadError) -> UnsafeBufferPointer<UInt8>? {
        guard try peekSignificant() != nil else { return nil }
        return UnsafeBufferPointer(start: bytes + cursor, count: limit - cursor)
    }

    /// Moves past the value ``quickValue()`` returned, or the bytes of ``bytesAhead()`` that
    /// are one whole value.
    mutating func skip(_ value: UnsafeBufferPointer<UInt8>) {
        cursor += value.count
    }

    /// The next value made by `read` from its bytes, when it is a string wholly in the window
    /// without escapes or controls and `read` accepts those bytes: the string is then consumed.
    /// Otherwise nothing is consumed and `nil` is returned, for the caller to parse the value as
    /// usual. A member such as a date is so read straight from the input, with no `String`
    /// made (and interned, and freed) on the way.
    mutating func readPlainString<Value>(_ read: (UnsafeBufferPointer<UInt8>) -> Value?) throws(ReadError) -> Value? {
        guard try peekSignificant() == UInt8(ascii: "\""), let end = Self.plainStringEnd(bytes, from: cursor + 1, limit: limit),
            let value = read(UnsafeBufferPointer(start: bytes + cursor + 1, count: end - cursor - 1))
        else { return nil }
        cursor = end + 1
        return value
    }

    /// Consumes the next value, checking its syntax, without building it.
    mutating func skipValue() throws(ReadError) {
        let depth = containers.count
        if try peekSignificant() != nil, let end = Self.quickSkip(bytes, from: cursor, limit: limit, depth: depth, known: knownObjects) {
            cursor = end
            return
        }
        try skipValue(depth: depth)
    }

    /// The careful walk over one value, in a loop with a stack of the containers open rather
    /// than a call per level: a value nested ``maximumDepth`` deep fits any thread's stack (a
    /// library's caller may be on a small one, and a sanitised build's frames are large).
    private mutating func skipValue(depth: Int) throws(ReadError) {
        // The containers open inside the value, innermost last: `true` for an object.
        var open: [Bool] = []
        while true {
            // A value starts here: a scalar is skipped, a non-empty container opened.
            guard let byte = try peekSignificant() else { throw unexpected(at: limit, expected: "expected a JSON value") }
            switch byte {
            case UInt8(ascii: "\""):
                cursor += 1
                try skipStringBody()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard depth + open.count < Self.maximumDepth else { throw tooDeep(at: cursor) }
                let isObject = byte == UInt8(ascii: "{")
                cursor += 1
                let next = try peekSignificant()
                if next == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    cursor += 1
                } else {
                    try startMember(inObject: isObject, at: next)
                    open.append(isObject)
                    continue
                }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                _ = try scanNumber()
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            default:
                throw unexpected(at: cursor, expected: "expected a JSON value")
            }
            // A value ended: close the containers that end with it, up to one that goes on.
            var goesOn = false
            while !goesOn, let isObject = open.last {
                let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                var next = try peekSignificant()
                if next == UInt8(ascii: ",") {
                    cursor += 1
                    next = try peekSignificant()
                    // A trailing comma is let through, as the quick skip lets it.
                    if next != close {
                        try startMember(inObject: isObject, at: next)
                        goesOn = true
                        continue
                    }
                } else if next != close {
                    throw unexpected(
                        at: cursor,
                        expected: isObject ? "expected ',' or '}' after object member" : "expected ',' or ']' after array element")
                }
                cursor += 1
                open.removeLast()
            }
            if !goesOn { return }
        }
    }

    /// Before a member of a container that goes on (`next` is its first byte): an object's key
    /// and colon are consumed; an array's element must be there.
    private mutating func startMember(inObject isObject: Bool, at next: UInt8?) throws(ReadError) {
        guard isObject else {
            guard next != nil else { throw unexpected(at: limit, expected: "expected an array element") }
            return
        }
        guard next == UInt8(ascii: "\"") else { throw unexpected(at: cursor, expected: "expected a string key") }
        cursor += 1
        try skipStringBody()
        try consumeColon()
    }

    /// Where the well-formed value at `start` ends, when all of it is in the window (a number
    /// followed by something) and it has no `\\u` escape of half a surrogate pair alone; `nil`
    /// otherwise, and the careful walk (``skipValue(depth:)``) then refills, notes where text is
    /// repaired and reports errors where they are. The same syntax as that walk, trailing
    /// commas included, in one loop without calls or refills: skipping is most of the index pass.
    ///
    /// An object of `known` met again, byte for byte the same, is stepped over whole: it was
    /// well-formed when it was kept, and the walk would take it here when its containers fit in
    /// the depth left (its ``quickNesting(of:)``).
    static func quickSkip(
        _ bytes: UnsafePointer<UInt8>, from start: Int, limit: Int, depth: Int, known: KnownObjects? = nil
    ) -> Int? {
        var index = start
        // One bit per open container, the innermost lowest: 1 for an object.
        var objects: UInt64 = 0
        var openCount = 0
        @inline(__always) func skipSpace() { index = Self.skippingSpace(bytes, from: index, limit: limit) }
        while true {
            // A value is expected at `index`.
            skipSpace()
            guard index < limit else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                guard let end = quickString(bytes, from: index + 1, limit: limit) else { return nil }
                index = end
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = bytes[index] == UInt8(ascii: "{")
                if isObject, known != nil,
                    let end = knownEnd(bytes, at: index, limit: limit, depth: depth + openCount, opened: openCount, in: known)
                {
                    index = end
                    break
                }
                guard openCount < quickWalkContainers, depth + openCount < maximumDepth else { return nil }
                objects = objects << 1 | (isObject ? 1 : 0)
                openCount += 1
                index += 1
                skipSpace()
                guard index < limit else { return nil }
                if bytes[index] != (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    if isObject {
                        guard let end = quickKey(bytes, from: index, limit: limit) else { return nil }
                        index = end
                    }
                    continue
                }
                index += 1
                objects >>= 1
                openCount -= 1
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard let end = quickNumber(bytes, from: index, limit: limit) else { return nil }
                index = end
            case UInt8(ascii: "t"):
                guard limit - index >= 4, UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt32.self) == 0x6575_7274 else { return nil }
                index += 4
            case UInt8(ascii: "f"):
                guard limit - index >= 5, UnsafeRawPointer(bytes + index + 1).loadUnaligned(as: UInt32.self) == 0x6573_6C61 else {
                    return nil
                }
                index += 5
            case UInt8(ascii: "n"):
                guard limit - index >= 4, UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt32.self) == 0x6C6C_756E else { return nil }
                index += 4
            default:
                return nil
            }
            // After a value: close containers until one goes on with a comma.
            while true {
                if openCount == 0 { return index }
                skipSpace()
                guard index < limit else { return nil }
                let isObject = objects & 1 == 1
                let byte = bytes[index]
                if byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    index += 1
                    objects >>= 1
                    openCount -= 1
                    continue
                }
                guard byte == UInt8(ascii: ",") else { return nil }
                index += 1
                skipSpace()
                guard index < limit else { return nil }
                // A trailing comma closes the container, as in the careful walk.
                if bytes[index] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) { continue }
                if isObject {
                    guard let end = quickKey(bytes, from: index, limit: limit) else { return nil }
                    index = end
                }
                break
            }
        }
    }

    /// Past the key at `start` and the colon after it, when the key is a string ``quickString(_:from:limit:)``
    /// takes; `nil` otherwise. (A function of its own, not one nested in ``quickSkip(_:from:limit:depth:)``:
    /// one that changed the caller's `index` would box it on the heap whenever it was not inlined.)
    private static func quickKey(_ bytes: UnsafePointer<UInt8>, from start: Int, limit: Int) -> Int? {
        guard start < limit, bytes[start] == UInt8(ascii: "\""), let end = quickString(bytes, from: start + 1, limit: limit)
        else { return nil }
        let colon = skippingSpace(bytes, from: end, limit: limit)
        guard colon < limit, bytes[colon] == UInt8(ascii: ":") else { return nil }
        return colon + 1
    }

    /// ``KnownObjects/end(ofObjectAt:in:limit:depth:opened:)``, out of the quick walk's loop,
    /// which runs on every value skipped, known objects or not.
    @inline(never)
    private static func knownEnd(
        _ bytes: UnsafePointer<UInt8>, at start: Int, limit: Int, depth: Int, opened: Int, in known: KnownObjects?
    ) -> Int? {
        known?.end(ofObjectAt: start, in: bytes, limit: limit, depth: depth, opened: opened)
    }

    /// How deep the containers of the value `bytes` nest (1 for an object of scalars), when the
    /// quick walk takes all of it from depth 0 (``quickSkip(_:from:limit:depth:known:)``);
    /// `nil` otherwise. Such a value, met again, can be stepped over whole wherever its
    /// containers fit (``KnownObjects``).
    static func quickNesting(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress, quickSkip(base, from: 0, limit: bytes.count, depth: 0) == bytes.count else { return nil }
        var (nesting, level, index) = (0, 0, 0)
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                // The walk took the value: each of its strings ends in it.
                guard let end = quickString(base, from: index + 1, limit: bytes.count) else { return nil }
                index = end
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                level += 1
                nesting = max(nesting, level)
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                level -= 1
            default:
                break
            }
            index += 1
        }
        return nesting
    }

    /// The index of the closing quote of the string whose body starts at `start`, when the body
    /// has no escape or control and the quote is in the window; `nil` otherwise. Such a body's
    /// bytes are the string's own.
    @inline(__always)
    private static func plainStringEnd(_ bytes: UnsafePointer<UInt8>, from start: Int, limit: Int) -> Int? {
        var index = skippingPlainWords(bytes, from: start, limit: limit)
        while index < limit && bytes[index] != UInt8(ascii: "\"") {
            guard bytes[index] != UInt8(ascii: "\\") && bytes[index] >= 0x20 else { return nil }
            index += 1
        }
        return index < limit ? index : nil
    }

    /// Moves sixteen bytes at a time from `index`, then eight, while none of them is a quote, a
    /// backslash or a control character: the index of the first such byte, or where fewer than
    /// eight are left.
    @inline(__always)
    private static func skippingPlainWords(_ bytes: UnsafePointer<UInt8>, from index: Int, limit: Int) -> Int {
        var index = index
        while index + 16 <= limit {
            let block = ByteBlock(at: bytes + index)
            let offset = ByteBlock.firstOffset(
                in: block.equal(to: UInt8(ascii: "\"")) .| block.equal(to: UInt8(ascii: "\\")) .| block.below(0x20))
            if offset < 16 { return index + offset }
            index += 16
        }
        while index + 8 <= limit {
            let mask = specialBytes(in: UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self))
            if mask != 0 { return index + mask.trailingZeroBitCount >> 3 }
            index += 8
        }
        return index
    }

    /// The first index from `index` on that holds no JSON whitespace; `limit` when there is none.
    @inline(__always)
    private static func skippingSpace(_ bytes: UnsafePointer<UInt8>, from index: Int, limit: Int) -> Int {
        var index = index
        while index < limit {
            let byte = bytes[index]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { break }
            index += 1
        }
        return index
    }

    /// Past the closing quote of the string whose body starts at `start`; `nil` when it runs
    /// past the window, holds a control character or an invalid escape, or a `\\u` escape of
    /// half a surrogate pair that is not followed by the other half (the careful walk notes
    /// where such text is repaired, even in a value it skips).
    @inline(__always)
    private static func quickString(_ bytes: UnsafePointer<UInt8>, from start: Int, limit: Int) -> Int? {
        var index = start
        while true {
            index = skippingPlainWords(bytes, from: index, limit: limit)
            guard index < limit else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                return index + 1
            case UInt8(ascii: "\\"):
                guard index + 1 < limit else { return nil }
                switch bytes[index + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    index += 2
                case UInt8(ascii: "u"):
                    // Exports that keep to ASCII spell every other character so.
                    guard let scalar = hexQuad(bytes, at: index + 2, limit: limit) else { return nil }
                    switch scalar {
                    case 0xD800...0xDBFF:
                        guard index + 7 < limit, bytes[index + 6] == UInt8(ascii: "\\"), bytes[index + 7] == UInt8(ascii: "u"),
                            let low = hexQuad(bytes, at: index + 8, limit: limit), (0xDC00...0xDFFF).contains(low)
                        else { return nil }
                        index += 12
                    case 0xDC00...0xDFFF:
                        return nil
                    default:
                        index += 6
                    }
                default:
                    return nil
                }
            case 0..<0x20:
                return nil
            default:
                index += 1
            }
        }
    }

    /// The four hex digits at `start`, when they are that and in the window.
    @inline(__always)
    private static func hexQuad(_ bytes: UnsafePointer<UInt8>, at start: Int, limit: Int) -> UInt32? {
        guard limit - start >= 4 else { return nil }
        var value: UInt32 = 0
        for index in start..<(start + 4) {
            guard let digit = hexDigit(bytes[index]) else { return nil }
            value = value << 4 | digit
        }
        return value
    }

    /// The value of a hex digit; `nil` for any other byte.
    @inline(__always)
    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        byte.asciiHexDigitValue.map(UInt32.init)
    }

    /// Past the number at `start` when it is well-formed and ends inside the window.
    private static func quickNumber(_ bytes: UnsafePointer<UInt8>, from start: Int, limit: Int) -> Int? {
        var index = start
        @inline(__always) func isDigit() -> Bool { index < limit && bytes[index] &- UInt8(ascii: "0") < 10 }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard isDigit() else { return nil }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while isDigit() { index += 1 }
        }
        if index < limit && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard isDigit() else { return nil }
            while isDigit() { index += 1 }
        }
        if index < limit && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            index += 1
            if index < limit && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) { index += 1 }
            guard isDigit() else { return nil }
            while isDigit() { index += 1 }
        }
        // The careful scan reads the whole run of number bytes as one token: anything of it left
        // over (a leading zero's digits, a second '.') is its error to report.
        guard index < limit else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "e"),
            UInt8(ascii: "E"):
            return nil
        default:
            return index
        }
    }

    // MARK: - Strings

    /// Finds the end of a string whose opening quote (at `quote`) was consumed. For a string
    /// without escapes, returns the index of the closing quote and moves the cursor past it;
    /// else returns `nil` with the cursor on the first byte that needs decoding. `quote` moves
    /// with the window: the string stays in it until it ends, for the error position.
    @inline(__always)
    private mutating func scanPlainString(quote: inout Int) throws(ReadError) -> Int? {
        while true {
            var index = Self.skippingPlainWords(bytes, from: cursor, limit: limit)
            while index < limit {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    cursor = index + 1
                    return index
                }
                if byte == UInt8(ascii: "\\") || byte < 0x20 {
                    cursor = index
                    return nil
                }
                index += 1
            }
            cursor = index
            guard try refill(keeping: &quote) else { throw syntaxError("unterminated string", at: quote) }
        }
    }

    /// Parses a string whose opening quote was consumed. The common case, no escapes, makes
    /// the `String` from the input bytes in one go.
    private mutating func parseStringBody() throws(ReadError) -> String {
        var quote = cursor - 1
        guard let end = try scanPlainString(quote: &quote) else { return try parseEscapedString(quote: quote) }
        let body = UnsafeBufferPointer(start: bytes + quote + 1, count: end - quote - 1)
        let invalid = checksStrings ? Self.firstInvalidUTF8Offset(in: body) : body.count
        if invalid < body.count {
            noteReplacement(at: quote + 1 + invalid)
        } else if internsValues, body.count > 15, let start = body.baseAddress {
            return values.key(start, count: body.count, hash: KeyTable.wordHash(start, count: body.count))
        }
        return String(decoding: body, as: UTF8.self)
    }

    /// The offset of the first byte of `bytes` that does not belong to a well-formed UTF-8
    /// sequence (overlong forms, surrogates and values past U+10FFFF are not well-formed).
    /// `bytes.count` when all are well-formed. Runs for every string read, so ASCII, the common
    /// case, goes eight bytes at a time (the standard library's validation is generic here, and
    /// its metadata lookups cost more than the check).
    static func firstInvalidUTF8Offset(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var index = 0
        while index < bytes.count {
            // ASCII eight bytes at a time, again after each other sequence: text mixes the two.
            // Once eight are ASCII, a run of them (a message's keys, ids and dates) goes on 32
            // bytes a test; text in other scripts pays only the one eight-byte test a character.
            if let base = bytes.baseAddress {
                func isASCII(_ offset: Int) -> Bool { ByteWord(at: base + offset).pastASCII == 0 }
                if index + 8 <= bytes.count, isASCII(index) {
                    index += 8
                    while index + 32 <= bytes.count {
                        let words =
                            ByteWord(at: base + index).pastASCII | ByteWord(at: base + index + 8).pastASCII
                            | ByteWord(at: base + index + 16).pastASCII | ByteWord(at: base + index + 24).pastASCII
                        guard words == 0 else { break }
                        index += 32
                    }
                    while index + 8 <= bytes.count, isASCII(index) { index += 8 }
                }
            }
            guard index < bytes.count else { break }
            let lead = bytes[index]
            let length: Int
            var lowest: UInt8 = 0x80
            var highest: UInt8 = 0xBF
            switch lead {
            case 0x00...0x7F:
                index += 1
                continue
            case 0xC2...0xDF: length = 2
            case 0xE0: (length, lowest) = (3, 0xA0)
            case 0xED: (length, highest) = (3, 0x9F)
            case 0xE1...0xEF: length = 3
            case 0xF0: (length, lowest) = (4, 0x90)
            case 0xF4: (length, highest) = (4, 0x8F)
            case 0xF1...0xF3: length = 4
            default: return index
            }
            guard index + length <= bytes.count else { return index }
            // Only the second byte has a narrower range; the rest are plain continuation bytes.
            guard (lowest...highest).contains(bytes[index + 1]) else { return index }
            for continuation in 2..<length where !(0x80...0xBF).contains(bytes[index + continuation]) { return index }
            index += length
        }
        return bytes.count
    }

    /// Parses an object key whose opening quote was consumed, with its hash.
    private mutating func parseKey() throws(ReadError) -> (key: String, hash: UInt64) {
        var quote = cursor - 1
        guard let end = try scanPlainString(quote: &quote) else {
            let key = try parseEscapedString(quote: quote)
            return (key, KeyTable.hash(key))
        }
        let start = bytes + quote + 1
        let hash = KeyTable.hash(start, count: end - quote - 1)
        return (keys.key(start, count: end - quote - 1, hash: hash), hash)
    }

    /// A mask with the high bit set in the lowest byte of `word` (little-endian: the first in
    /// the input) that is a quote, a backslash or a control character; zero when none is. Bits
    /// above the first hit may be spurious, so only its position is meaningful.
    @inline(__always)
    private static func specialBytes(in word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let quoteHits = (quotes &- ones) & ~quotes
        let backslashHits = (backslashes &- ones) & ~backslashes
        let controlHits = (word &- ones &* 0x20) & ~word
        return (quoteHits | backslashHits | controlHits) & highBits
    }

    /// The slow path: decodes escapes into `scratch`. `cursor` is at the first byte that needs
    /// attention; the plain bytes before it follow the opening quote at `quote`.
    private mutating func parseEscapedString(quote: Int) throws(ReadError) -> String {
        var quote = quote
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(start: bytes + quote + 1, count: cursor - quote - 1))
        while true {
            // Copy a run of plain bytes at once.
            while true {
                var index = cursor
                while index < limit {
                    let byte = bytes[index]
                    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                    index += 1
                }
                scratch.append(contentsOf: UnsafeBufferPointer(start: bytes + cursor, count: index - cursor))
                cursor = index
                if index < limit { break }
                guard try refill(keeping: &quote) else { throw syntaxError("unterminated string", at: quote) }
            }
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\"") {
                cursor += 1
                // Escapes moved the bytes: a bad one is reported at the string's start.
                if scratch.withUnsafeBufferPointer({ Self.firstInvalidUTF8Offset(in: $0) < $0.count }) { noteReplacement(at: quote) }
                return String(decoding: scratch, as: UTF8.self)
            }
            if byte < 0x20 {
                throw syntaxError("unescaped control character (\(Self.describe(byte))) in string", at: cursor)
            }
            try decodeEscape(quote: &quote)
        }
    }

    /// Makes `count` bytes available from the cursor while keeping the bytes from `keep` on.
    private mutating func ensure(_ count: Int, keeping keep: inout Int) throws(ReadError) -> Bool {
        while limit - cursor < count {
            guard try refill(keeping: &keep) else { return limit - cursor >= count }
        }
        return true
    }

    /// Decodes one escape sequence at the cursor (a backslash) into `scratch`.
    private mutating func decodeEscape(quote: inout Int) throws(ReadError) {
        guard try ensure(2, keeping: &quote) else { throw syntaxError("unterminated string", at: quote) }
        let escape = bytes[cursor + 1]
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(escape)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hexQuad(quote: &quote)
            cursor += 6
            if (0xD800...0xDBFF).contains(scalar) {
                // A high surrogate counts only when a low one follows; else it becomes U+FFFD.
                _ = try ensure(2, keeping: &quote)
                if limit - cursor >= 2, bytes[cursor] == UInt8(ascii: "\\"), bytes[cursor + 1] == UInt8(ascii: "u") {
                    let low = try hexQuad(quote: &quote)
                    if (0xDC00...0xDFFF).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        cursor += 6
                    } else {
                        scalar = 0xFFFD // the second escape is decoded on its own
                        noteReplacement(at: cursor - 6)
                    }
                } else {
                    scalar = 0xFFFD
                    noteReplacement(at: cursor - 6)
                }
            } else if (0xDC00...0xDFFF).contains(scalar) {
                scalar = 0xFFFD
                noteReplacement(at: cursor - 6)
            }
            appendUTF8(scalar)
            return
        default:
            let spelled =
                (0x21...0x7E).contains(escape) ? "\\\(Character(Unicode.Scalar(escape)))" : "\\ followed by \(Self.describe(escape))"
            throw syntaxError("invalid escape \(spelled)", at: cursor)
        }
        cursor += 2
    }

    /// The four hex digits of the `\\u` escape at the cursor.
    private mutating func hexQuad(quote: inout Int) throws(ReadError) -> UInt32 {
        _ = try ensure(6, keeping: &quote)
        var value: UInt32 = 0
        for digitIndex in (cursor + 2)..<(cursor + 6) {
            guard digitIndex < limit else { throw syntaxError("unexpected end of input in \\u escape", at: limit) }
            let byte = bytes[digitIndex]
            guard let digit = Self.hexDigit(byte) else {
                throw syntaxError("invalid \\u escape: expected a hex digit, found \(Self.describe(byte))", at: digitIndex)
            }
            value = value << 4 | digit
        }
        return value
    }

    private mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            scratch.append(UInt8(scalar))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | scalar >> 6))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | scalar >> 12))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | scalar >> 18))
            scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// Checks a string whose opening quote was consumed, without decoding it.
    private mutating func skipStringBody() throws(ReadError) {
        var quote = cursor - 1
        while true {
            cursor = Self.skippingPlainWords(bytes, from: cursor, limit: limit)
            while cursor < limit {
                let byte = bytes[cursor]
                if byte == UInt8(ascii: "\"") {
                    cursor += 1
                    return
                }
                if byte == UInt8(ascii: "\\") {
                    scratch.removeAll(keepingCapacity: true)
                    try decodeEscape(quote: &quote)
                    continue
                }
                if byte < 0x20 {
                    throw syntaxError("unescaped control character (\(Self.describe(byte))) in string", at: cursor)
                }
                cursor += 1
            }
            guard try refill(keeping: &quote) else { throw syntaxError("unterminated string", at: quote) }
        }
    }

    // MARK: - Numbers

    /// Checks the number at the cursor against RFC 8259's grammar and consumes it. Returns
    /// where it starts (in the current window) and whether it is a plain integer.
    private mutating func scanNumber() throws(ReadError) -> (start: Int, isInteger: Bool) {
        var start = cursor
        // Gather the whole token into the window first, so that the checks below need no refills.
        var end = cursor
        while true {
            while end < limit {
                switch bytes[end] {
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"),
                    UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
                    end += 1
                    continue
                default:
                    break
                }
                break
            }
            if end < limit { break }
            let offset = end - start
            cursor = start
            let more = try refill(keeping: &start)
            end = start + offset
            if !more { break }
        }
        var index = start
        func digit(_ at: Int) -> Bool { at < end && bytes[at] >= UInt8(ascii: "0") && bytes[at] <= UInt8(ascii: "9") }
        func fail(_ reason: String) -> ReadError {
            index < end
                ? syntaxError("\(reason), found \(Self.describe(bytes[index]))", at: index)
                : (end < limit
                    ? syntaxError("\(reason), found \(Self.describe(bytes[end]))", at: end)
                    : syntaxError("unexpected end of input, \(reason)", at: end))
        }
        var isInteger = true
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard digit(index) else { throw fail("invalid number: expected a digit") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if digit(index) { throw syntaxError("invalid number: leading zero", at: index - 1) }
        } else {
            while digit(index) { index += 1 }
        }
        if index < end && bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard digit(index) else { throw fail("invalid number: expected a digit after '.'") }
            while digit(index) { index += 1 }
        }
        if index < end && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            isInteger = false
            index += 1
            if index < end && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) { index += 1 }
            guard digit(index) else { throw fail("invalid number: expected a digit in the exponent") }
            while digit(index) { index += 1 }
        }
        if index < end { throw syntaxError("invalid number: unexpected \(Self.describe(bytes[index]))", at: index) }
        cursor = end
        return (start, isInteger)
    }

    private mutating func parseNumber() throws(ReadError) -> JSONValue {
        let (start, isInteger) = try scanNumber()
        let digits = UnsafeBufferPointer(start: bytes + start, count: cursor - start)
        if isInteger, let integer = Self.integer(digits) { return .integer(integer) }
        if let value = Self.shortDecimal(digits) { return .double(value) }
        // Long fractions, large exponents, integers beyond 64 bits: the standard library rounds.
        let text = String(decoding: digits, as: UTF8.self)
        return .double(Double(text) ?? .nan)
    }

    /// Exact powers of ten as doubles: 10^22 is the largest that a double holds exactly.
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20,
        1e21, 1e22,
    ]

    /// A well-formed JSON number of at most 15 significant digits and a decimal exponent within
    /// ±22, such as an audio waveform's `0.3312` or a `1.5e3`: its digits and the power of ten
    /// are both exact doubles, so one multiplication or division rounds it correctly, as
    /// `Double(_:)` does (a test compares the two). `nil` for any other number.
    static func shortDecimal(_ number: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        let negative = number[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var fractionDigits = 0
        var inFraction = false
        while index < number.count {
            let byte = number[index]
            if byte == UInt8(ascii: ".") {
                inFraction = true
            } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                if mantissa > 0 || byte != UInt8(ascii: "0") { significantDigits += 1 }
                guard significantDigits <= 15 else { return nil }
                mantissa = mantissa * 10 + UInt64(byte - UInt8(ascii: "0"))
                if inFraction { fractionDigits += 1 }
            } else {
                break // the exponent's `e` or `E`
            }
            index += 1
        }
        var exponent = 0
        if index < number.count {
            index += 1
            var exponentNegative = false
            if number[index] == UInt8(ascii: "-") || number[index] == UInt8(ascii: "+") {
                exponentNegative = number[index] == UInt8(ascii: "-")
                index += 1
            }
            while index < number.count {
                exponent = exponent * 10 + Int(number[index] - UInt8(ascii: "0"))
                guard exponent < 1000 else { return nil }
                index += 1
            }
            if exponentNegative { exponent = -exponent }
        }
        exponent -= fractionDigits
        guard exponent >= -22, exponent <= 22 else { return nil }
        let digits = Double(mantissa)
        let magnitude = exponent < 0 ? digits / powersOfTen[-exponent] : digits * powersOfTen[exponent]
        return negative ? -magnitude : magnitude
    }

    /// The value of a validated integer token, or `nil` if it does not fit `Int64`.
    private static func integer(_ digits: UnsafeBufferPointer<UInt8>) -> Int64? {
        let negative = digits[0] == UInt8(ascii: "-")
        var magnitude: UInt64 = 0
        for byte in digits[(negative ? 1 : 0)...] {
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            if overflow1 || overflow2 { return nil }
            magnitude = sum
        }
        if negative {
            if magnitude <= UInt64(Int64.max) { return -Int64(magnitude) }
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : nil
        }
        return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }
}

private extension String {
    func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}

/// A few object keys, looked for by ``JSONStreamParser/nextKey(among:)``: each is held as its
/// length and first two words in a small open-addressed table, so that a key is found (or
/// ruled out) with a hash of its first word and a comparison or two, plus a comparison of what
/// follows its sixteenth byte for the few longer ones.
struct ExpectedKeys: Sendable {
    private struct Slot: Sendable {
        var words: (UInt64, UInt64) = (0, 0)
        var length = -1
        var index = -1
    }

    private let slots: [Slot]
    private let mask: Int
    /// The bytes past the sixteenth of each key (empty for most).
    private let tails: [[UInt8]]
    /// This set's place among the sets made, for a parser's ``KeyOrders``.
    let number = Self.made.add(1, ordering: .relaxed).oldValue

    init(_ keys: [String]) {
        tails = keys.map { Array($0.utf8.dropFirst(16)) }
        var size = 16
        while size < keys.count * 4 { size *= 2 }
        mask = size - 1
        var slots = [Slot](repeating: Slot(), count: size)
        for (index, key) in keys.enumerated() {
            let bytes = Array(key.utf8)
            let words = bytes.withUnsafeBufferPointer(Self.words)
            var place = Self.hash(words.0, length: bytes.count) & mask
            // A repeated key keeps its first index.
            while slots[place].length >= 0
                && !(slots[place].length == bytes.count && slots[place].words == words && tails[slots[place].index] == tails[index])
            {
                place = (place + 1) & mask
            }
            if slots[place].length < 0 { slots[place] = Slot(words: words, length: bytes.count, index: index) }
        }
        self.slots = slots
    }

    @inline(__always)
    private static func hash(_ word: UInt64, length: Int) -> Int {
        Int(truncatingIfNeeded: ((word ^ UInt64(length)) &* 0x9E37_79B9_7F4A_7C15) >> 40)
    }

    /// The first 16 bytes as two little-endian words, zero-padded.
    @inline(__always)
    private static func words(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64) {
        var padded: (UInt64, UInt64) = (0, 0)
        for index in 0..<min(bytes.count, 16) {
            if index < 8 {
                padded.0 |= UInt64(bytes[index]) << (index * 8)
            } else {
                padded.1 |= UInt64(bytes[index]) << ((index - 8) * 8)
            }
        }
        return padded
    }

    /// The index of the key spelled by `bytes`, if it is one of them. With `readable` (16
    /// bytes can be read from its start, as when it lies well inside the parser's window), the
    /// words are loaded whole and masked rather than gathered byte by byte.
    func index(of bytes: UnsafeBufferPointer<UInt8>, readable: Bool = false) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let key: (UInt64, UInt64)
        if readable {
            let raw = UnsafeRawPointer(base)
            let (low, high) = (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            switch bytes.count {
            case 0..<8: key = (low & (1 << (bytes.count * 8) &- 1), 0)
            case 8: key = (low, 0)
            case 9..<16: key = (low, high & (1 << ((bytes.count - 8) * 8) &- 1))
            default: key = (low, high)
            }
        } else {
            key = Self.words(bytes)
        }
        return slots.withUnsafeBufferPointer { slots in
            var place = Self.hash(key.0, length: bytes.count) & mask
            while slots[place].length >= 0 {
                let slot = slots[place]
                if slot.length == bytes.count && slot.words == key
                    && (bytes.count <= 16 || tails[slot.index].elementsEqual(bytes.dropFirst(16)))
                {
                    return slot.index
                }
                place = (place + 1) & mask
            }
            return nil
        }
    }
}
