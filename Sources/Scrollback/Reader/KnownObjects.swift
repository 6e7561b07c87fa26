import Foundation

/// Objects met before, kept by their bytes, that skipping may step over whole when it meets
/// one again written byte for byte the same (``JSONStreamParser/quickSkip(_:from:limit:depth:known:)``).
/// The index pass skips every message's reactions, mentions and quote, and much of what they
/// hold is the user objects of authors it has met.
///
/// Only an object that the quick walk takes whole is stepped over, so that doing so changes
/// nothing but the work: it is well-formed, and its containers' nesting is kept, for the walk
/// to check that they fit in the depth left where it is met again. Two objects a set, found
/// by their first 32 bytes (which hold the `id` when it comes first, as exports write it).
struct KnownObjects {
    private struct Entry {
        /// The first ``headLength`` bytes, compared before the rest.
        let head: Head
        let bytes: [UInt8]
        /// `nil` for an object the quick walk would not take whole: kept all the same, so that
        /// meeting it again costs a look, not another walk to find that out.
        let nesting: Int?
    }

    private var entries = [Entry?](repeating: nil, count: 2 * Self.setCount)
    private static let setCount = 256
    /// Bytes enough to hold an `id` written first, even in indented JSON, whose first sixteen
    /// bytes are much the same for every object.
    private static let headLength = 32
    private typealias Head = (UInt64, UInt64, UInt64, UInt64)

    /// The longest object kept: a user object is a few hundred bytes, and the table's memory
    /// stays under a megabyte and a half whatever the input.
    private static let longest = 2_048

    /// Keeps the object written as `bytes`, unless it is kept already (or longer than
    /// ``longest``).
    mutating func keep(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count >= Self.headLength, bytes.count <= Self.longest, bytes.first == UInt8(ascii: "{"),
            entry(startingAt: bytes) == nil
        else { return }
        let head = Self.head(bytes.baseAddress!)
        let set = Self.set(of: head)
        // The newest in the set's first way, the one before in its second.
        if let previous = entries[set] { entries[set + 1] = previous }
        entries[set] = Entry(head: head, bytes: Array(bytes), nesting: JSONStreamParser.quickNesting(of: bytes))
    }

    /// Where the kept object at `start` ends, when the quick walk would take it there with
    /// `opened` of its own containers already open, `depth` in all; `nil` otherwise.
    @inline(__always)
    func end(ofObjectAt start: Int, in bytes: UnsafePointer<UInt8>, limit: Int, depth: Int, opened: Int) -> Int? {
        guard let (length, nesting) = object(at: UnsafeBufferPointer(start: bytes + start, count: limit - start)),
            opened + nesting <= JSONStreamParser.quickWalkContainers, depth + nesting <= JSONStreamParser.maximumDepth
        else { return nil }
        return start + length
    }

    /// The length and nesting of the kept object that `ahead` starts with, when the quick walk
    /// takes it; `nil` otherwise.
    func object(at ahead: UnsafeBufferPointer<UInt8>) -> (length: Int, nesting: Int)? {
        guard let place = entry(startingAt: ahead), let entry = entries[place], let nesting = entry.nesting else { return nil }
        return (entry.bytes.count, nesting)
    }

    /// The place of the kept object that `ahead` starts with. (A whole object that starts with
    /// another is that object: the other's last `}` ends both.)
    private func entry(startingAt ahead: UnsafeBufferPointer<UInt8>) -> Int? {
        guard ahead.count >= Self.headLength else { return nil }
        let head = Self.head(ahead.baseAddress!)
        let set = Self.set(of: head)
        for way in set..<set + 2 {
            guard let entry = entries[way], entry.head == head, entry.bytes.count <= ahead.count else { continue }
            if entry.bytes.withUnsafeBufferPointer({ memcmp($0.baseAddress!, ahead.baseAddress!, $0.count) == 0 }) { return way }
        }
        return nil
    }

    private static func head(_ bytes: UnsafePointer<UInt8>) -> Head {
        let raw = UnsafeRawPointer(bytes)
        return (
            raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
            raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self), raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
        )
    }

    /// The first way of the set for an object whose first bytes are `head`.
    private static func set(of head: Head) -> Int {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = head.0 &* multiplier
        hash = (hash ^ head.1) &* multiplier
        hash = (hash ^ head.2) &* multiplier
        hash = (hash ^ head.3) &* multiplier
        return Int(truncatingIfNeeded: hash >> 56) * 2
    }
}
