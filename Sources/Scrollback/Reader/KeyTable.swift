#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Remembers the `String` made for each short object key, so that the few dozen keys every
/// message repeats are decoded once, not once per message. A second table does the same for
/// short string values: an author's image URL and dates come back with every message and
/// every reaction of theirs.
///
/// A direct-mapped cache: a key whose slot holds another key simply replaces it.
final class KeyTable {
    private let slotCount: Int
    /// Longer keys are not cached (they are rare, and comparing them costs more).
    private let maximumLength: Int

    private let keyBytes: UnsafeMutablePointer<UInt8>
    private let lengths: UnsafeMutablePointer<Int>
    // Raw storage rather than an array: no exclusivity checks on this hot path.
    private let strings: UnsafeMutablePointer<String>

    /// `slotCount` must be a power of two.
    init(slotCount: Int = 1024, maximumLength: Int = 32) {
        (self.slotCount, self.maximumLength) = (slotCount, maximumLength)
        keyBytes = .allocate(capacity: slotCount * maximumLength)
        lengths = .allocate(capacity: slotCount)
        lengths.initialize(repeating: -1, count: slotCount)
        strings = .allocate(capacity: slotCount)
        strings.initialize(repeating: "", count: slotCount)
    }

    deinit {
        strings.deinitialize(count: slotCount)
        strings.deallocate()
        keyBytes.deallocate()
        lengths.deallocate()
    }

    /// FNV-1a over the key's bytes, also used to spot repeated keys in an object.
    @inline(__always)
    static func hash(_ start: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for index in 0..<count {
            hash = (hash ^ UInt64(start[index])) &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// A hash of longer byte runs eight bytes at a time, for the value table: string values run
    /// to 64 bytes, where a byte-at-a-time hash costs more than the allocation it saves.
    @inline(__always)
    static func wordHash(_ start: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        var hash = 0x9E37_79B9_7F4A_7C15 ^ UInt64(count)
        var index = 0
        let raw = UnsafeRawPointer(start)
        while index + 8 <= count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 32
            index += 8
        }
        var tail: UInt64 = 0
        while index < count {
            tail = tail << 8 | UInt64(start[index])
            index += 1
        }
        hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        return hash ^ (hash >> 29)
    }

    static func hash(_ key: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }

    /// The key spelled by `count` bytes at `start` (escape-free, as in the input).
    func key(_ start: UnsafePointer<UInt8>, count: Int, hash: UInt64) -> String {
        guard count <= maximumLength else {
            return String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
        }
        let slot = Int(truncatingIfNeeded: (hash ^ (hash >> 29)) & UInt64(slotCount - 1))
        let stored = keyBytes + slot * maximumLength
        if lengths[slot] == count && memcmp(stored, start, count) == 0 { return strings[slot] }
        let key = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
        stored.update(from: start, count: count)
        lengths[slot] = count
        strings[slot] = key
        return key
    }
}

/// A 256-bit filter of the key hashes seen in one object: a clear bit proves a key new, so only
/// a possible repeat pays for an exact comparison.
struct KeyFilter {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// Adds the hash; returns whether it may have been there before.
    @inline(__always)
    mutating func insert(_ hash: UInt64) -> Bool {
        let bit = UInt64(1) << (hash >> 58)
        let word = Int(truncatingIfNeeded: (hash >> 56) & 3)
        let previous: UInt64
        switch word {
        case 0: previous = words.0; words.0 |= bit
        case 1: previous = words.1; words.1 |= bit
        case 2: previous = words.2; words.2 |= bit
        default: previous = words.3; words.3 |= bit
        }
        return previous & bit != 0
    }
}
