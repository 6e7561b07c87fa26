/// A set of message ids kept as sorted 64-bit FNV-1a hashes: eight bytes a message, whatever
/// the ids look like. Two ids with the same hash would be taken for one another; with 64 bits
/// that takes billions of messages to become likely.
///
/// Each hash also carries one flag in its lowest bit (the hash itself keeps 63 bits): whether
/// the message is at the top of its channel rather than a thread reply.
struct MessageIDSet: Sendable, Hashable {
    private var hashes: [UInt64] = []
    private var isSorted = true

    /// How many ids are stored.
    var count: Int { hashes.count }

    static func key(_ id: String) -> UInt64 { FNV1a.hash(id) & ~1 }

    mutating func insert(_ id: String, isTopLevel: Bool) {
        let value = Self.key(id) | (isTopLevel ? 1 : 0)
        if let last = hashes.last, last > value { isSorted = false }
        hashes.append(value)
    }

    /// Sorts once, after the last insertion; lookups need it.
    mutating func seal() {
        if !isSorted {
            hashes.sort()
            isSorted = true
        }
        hashes.shrinkToFit()
    }

    func contains(_ id: String) -> Bool { contains(key: Self.key(id)) }

    /// Whether the id whose ``key(_:)`` is `key` is in the set, for a caller that has the key.
    func contains(key: UInt64) -> Bool {
        precondition(isSorted, "seal() the set before looking ids up")
        // Either flavour will do: one search finds the first entry of the id.
        let first = hashes.firstIndex(notBelow: key, by: { $0 })
        return first < hashes.count && hashes[first] & ~1 == key
    }

    /// Every id's ``key(_:)``, in increasing order (an id stored more than once comes as often).
    var sortedKeys: [UInt64] {
        precondition(isSorted, "seal() the set before reading its keys")
        return hashes.map { $0 & ~1 }
    }

    /// Whether the message is in the set as a top-level (non-reply) message.
    func containsTopLevel(_ id: String) -> Bool {
        precondition(isSorted, "seal() the set before looking ids up")
        // The entries for one id are adjacent, the reply flavour (0) before the top-level one
        // (1): one search finds the latter, however often the id comes.
        let key = Self.key(id) | 1
        let index = hashes.firstIndex(notBelow: key, by: { $0 })
        return index < hashes.count && hashes[index] == key
    }
}

extension Array {
    mutating func shrinkToFit() {
        guard capacity > count + count / 8 + 16 else { return }
        var copy: [Element] = []
        copy.reserveCapacity(count)
        copy.append(contentsOf: self)
        self = copy
    }
}
