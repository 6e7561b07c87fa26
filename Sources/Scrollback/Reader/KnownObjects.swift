import Foundation

/// Objects met before, kept by their bytes, that skipping may step over whole when it meets
/// one again written byte for byte the same (``JSONStreamParser/quickSkip(_:from:limit:depth:known:)``).
/// The index pass skips every message's reactions and mentions, and most of what they hold
/// is the authors' user objects it has already read.
///
/// An object is kept only when the quick walk takes it whole, so stepping over it changes
/// nothing but the work: it is well-formed, and its containers' nesting is kept, for the walk
/// to check that they fit in the depth left where it is met again. Two objects a set, found
/// by their first sixteen bytes (which hold the `id` when it comes first, as exports write it).
struct KnownObjects {
    private struct Entry {
        /// The first sixteen bytes, compared before the rest.
        let head: (UInt64, UInt64)
        let bytes: [UInt8]
        let nesting: Int
    }

    private var entries = [Entry?](repeating: nil, count: 2 * Self.setCount)
    private static let setCount = 256
    private static let headLength = 16

    /// Keeps the object written as `bytes`, unless the quick walk would not take it whole.
    mutating func keep(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count >= Self.headLength, bytes.first == UInt8(ascii: "{"), let nesting = JSONStreamParser.quickNesting(of: bytes)
        else { return }
        let head = Self.head(bytes.baseAddress!)
        let set = Self.set(of: head)
        // The newest in the set's first way, the one before in its second.
        if let previous = entries[set], previous.bytes.count != bytes.count || !previous.bytes.elementsEqual(bytes) {
            entries[set + 1] = previous
        }
        entries[set] = Entry(head: head, bytes: Array(bytes), nesting: nesting)
    }

    /// The length and nesting of the kept object that `ahead` starts with; `nil` when none is.
    func object(at ahead: UnsafeBufferPointer<UInt8>) -> (length: Int, nesting: Int)? {
        guard ahead.count >= Self.headLength else { return nil }
        let head = Self.head(ahead.baseAddress!)
        let set = Self.set(of: head)
        for way in set..<set + 2 {
            guard let entry = entries[way], entry.head == head, entry.bytes.count <= ahead.count else { continue }
            let same = entry.bytes.withUnsafeBufferPointer { memcmp($0.baseAddress!, ahead.baseAddress!, $0.count) == 0 }
            if same { return (entry.bytes.count, entry.nesting) }
        }
        return nil
    }

    private static func head(_ bytes: UnsafePointer<UInt8>) -> (UInt64, UInt64) {
        let raw = UnsafeRawPointer(bytes)
        return (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
    }

    /// The first way of the set for an object whose first sixteen bytes are `head`.
    private static func set(of head: (UInt64, UInt64)) -> Int {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        let hash = ((head.0 &* multiplier) ^ head.1) &* multiplier
        return Int(truncatingIfNeeded: hash >> 56) * 2
    }
}
