/// One bit for each of a set of message keys (``MessageIDSet/key(_:)``), taken from the key's
/// high bits: a question that most keys answer "no" (has this message replies, is it quoted)
/// is settled by one load before any search. About 16 bits a key: a key not in the set finds
/// its bit clear 15 times in 16.
struct KeyBits: Sendable {
    private let words: [UInt64]

    init(_ keys: some Collection<UInt64>) {
        var count = 1
        while count * 4 < keys.count { count *= 2 }
        var words = [UInt64](repeating: 0, count: count)
        for key in keys {
            let bit = Self.bit(of: key, words: count)
            words[bit.word] |= bit.mask
        }
        self.words = words
    }

    /// `false` when `key` is certainly not in the set.
    func mayContain(_ key: UInt64) -> Bool {
        let bit = Self.bit(of: key, words: words.count)
        return words[bit.word] & bit.mask != 0
    }

    private static func bit(of key: UInt64, words: Int) -> (word: Int, mask: UInt64) {
        // FNV-1a's high bits are its best mixed; the lowest one marks top-level messages.
        let bits = key >> 32
        return (Int(truncatingIfNeeded: bits >> 6) & (words - 1), 1 << (bits & 63))
    }
}
