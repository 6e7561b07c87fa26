import Synchronization

/// The order in which the objects read with one ``ExpectedKeys`` spelled their keys.
///
/// An export writes every message, user and reaction with one serializer, so the key after a
/// given key is nearly always the one that followed it last time. Each key met is kept with the
/// key that came next; the next object's key is then recognized by comparing its bytes, from
/// the opening quote through the colon, with that successor's, without scanning the string
/// or looking it up. A key is known only by an exact match of those bytes, so a recalled key
/// is always what a lookup would find; a miss costs one comparison before the usual path.
///
/// Its storage is owned by ``KeyOrders``, which makes and frees it.
struct KeyOrder {
    /// A key as the input spelled it, from its opening quote through its colon (at most
    /// ``longest`` bytes).
    fileprivate struct Key {
        /// The bytes, in two blocks; lanes past `length` are whatever followed.
        var head = SIMD16<UInt8>()
        var tail = SIMD16<UInt8>()
        /// The lanes that must match, as the words of each block's comparison mask.
        var required: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        var length = 0
        /// What ``ExpectedKeys/index(of:readable:)`` found for it: an index, or -1.
        var match = -1
        /// The place of the key that followed it last time; -1 when none has.
        var next = -1
    }

    /// Keys by a hash of their first bytes (``slotCount``), then one for the start of an object.
    fileprivate let keys: UnsafeMutablePointer<Key>
    /// The place of the key met last in the object being read; -1 after one not kept.
    fileprivate let last: UnsafeMutablePointer<Int>

    fileprivate static let slotCount = 128

    fileprivate init() {
        keys = .allocate(capacity: Self.slotCount + 1)
        keys.initialize(repeating: Key(), count: Self.slotCount + 1)
        last = .allocate(capacity: 1)
        last.initialize(to: -1)
    }

    fileprivate func deallocate() {
        keys.deallocate()
        last.deallocate()
    }

    /// The longest key kept, with its quotes and colon; a recall reads this many bytes.
    static let longest = 32

    /// An object of the kind begins.
    @inline(__always)
    func begin() { last.pointee = Self.slotCount }

    /// The length (quote to colon) and match of the key at `quote` when it is the one that
    /// followed the last key last time; `nil` otherwise. ``longest`` bytes must be readable from
    /// `quote`.
    @inline(__always)
    func recall(at quote: UnsafePointer<UInt8>) -> (length: Int, match: Int)? {
        let previous = last.pointee
        guard previous >= 0 else { return nil }
        let place = keys[previous].next
        guard place >= 0, Self.spells(keys[place], at: quote) else { return nil }
        last.pointee = place
        return (keys[place].length, keys[place].match)
    }

    /// Whether the bytes at `quote` are `key`'s.
    @inline(__always)
    private static func spells(_ key: Key, at quote: UnsafePointer<UInt8>) -> Bool {
        let head = unsafeBitCast(ByteBlock(at: quote).bytes .== key.head, to: SIMD2<UInt64>.self)
        guard head[0] & key.required.0 == key.required.0, head[1] & key.required.1 == key.required.1 else { return false }
        guard key.length > 16 else { return true }
        let tail = unsafeBitCast(ByteBlock(at: quote + 16).bytes .== key.tail, to: SIMD2<UInt64>.self)
        return tail[0] & key.required.2 == key.required.2 && tail[1] & key.required.3 == key.required.3
    }

    /// The key at `quote`, `length` bytes through its colon, which the usual path found to match
    /// `match` (-1 for none), followed the last key. ``longest`` bytes must be readable from `quote`.
    func learn(at quote: UnsafePointer<UInt8>, length: Int, match: Int) {
        guard length <= Self.longest else { return forget() }
        let first = UnsafeRawPointer(quote).loadUnaligned(as: UInt64.self)
        let home = Int(truncatingIfNeeded: ((first ^ UInt64(length)) &* 0x9E37_79B9_7F4A_7C15) >> 32) % Self.slotCount
        // The key's own place, or the first free one of the eight from its home; when all eight
        // are taken by others, the one at home (this is a cache of what came next).
        var place = home
        var isKept = false
        for probe in 0..<8 {
            let candidate = (home + probe) % Self.slotCount
            isKept = keys[candidate].length == length && Self.spells(keys[candidate], at: quote)
            if isKept || keys[candidate].length == 0 {
                place = candidate
                break
            }
        }
        if !isKept {
            func lanes(_ count: Int) -> UInt64 { count >= 8 ? .max : count <= 0 ? 0 : (1 << (count * 8)) &- 1 }
            keys[place] = Key(
                head: ByteBlock(at: quote).bytes, tail: ByteBlock(at: quote + 16).bytes,
                required: (lanes(length), lanes(length - 8), lanes(length - 16), lanes(length - 24)), length: length,
                match: match)
        }
        if last.pointee >= 0 { keys[last.pointee].next = place }
        last.pointee = place
    }

    /// A key was read the careful way (near the end of the window, with escapes, or with space
    /// before its colon): what follows it is not known.
    @inline(__always)
    func forget() { last.pointee = -1 }
}

/// A parser's ``KeyOrder`` for each set of keys it has read objects with, by the set's number
/// (``ExpectedKeys/number``), each made when first used. Kept in the parser's workspace, so
/// that parsers that run one after another on a thread learn once. A parser asks here once
/// for each set and keeps the answer itself (each access here is checked at run time).
final class KeyOrders {
    private var orders: [KeyOrder?] = []

    deinit {
        for order in orders { order?.deallocate() }
    }

    /// The order of the set numbered `number`.
    func order(_ number: Int) -> KeyOrder {
        if number < orders.count, let order = orders[number] { return order }
        return make(number)
    }

    private func make(_ number: Int) -> KeyOrder {
        if number >= orders.count { orders += repeatElement(nil, count: number + 1 - orders.count) }
        let order = KeyOrder()
        orders[number] = order
        return order
    }
}

extension ExpectedKeys {
    /// How many sets of keys have been made: the next one's number.
    static let made = Atomic(0)
}
