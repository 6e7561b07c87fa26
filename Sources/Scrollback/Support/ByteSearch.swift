import Foundation

extension StringProtocol {
    /// Whether the text's UTF-8 holds `byte`, found with `memchr` in its contiguous storage:
    /// `utf8.contains` walks the view index by index, several times slower on every message's
    /// text and URL that asks.
    func containsUTF8(_ byte: UInt8) -> Bool {
        let found = utf8.withContiguousStorageIfAvailable { bytes in
            guard let base = bytes.baseAddress else { return false }
            return memchr(base, Int32(byte), bytes.count) != nil
        }
        return found ?? utf8.contains(byte)
    }
}

extension String {
    /// Whether the text's UTF-8 holds `other`'s as a run of bytes: the same answer as
    /// `contains(_:)` when both are ASCII (a character is then a byte), for a fraction of its
    /// cost (Foundation's search goes through a `CFString`, thousands of instructions a call).
    /// In other text a match may start or end inside a character, which `contains` would not
    /// take. Like `contains`, it finds no empty text.
    func containsUTF8(_ other: String) -> Bool {
        withUTF8Bytes { haystack in
            other.withUTF8Bytes { needle in
                guard let first = needle.first else { return false }
                guard needle.count <= haystack.count, let base = haystack.baseAddress, let needleBase = needle.baseAddress else {
                    return false
                }
                for start in 0...(haystack.count - needle.count) where haystack[start] == first {
                    if memcmp(base + start, needleBase, needle.count) == 0 { return true }
                }
                return false
            }
        }
    }
}

extension UInt8 {
    /// The byte with an ASCII capital made lower-case; any other byte as it is.
    var asciiLowercased: UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self) ? self | 0x20 : self
    }

    /// Whether this is an ASCII letter, of either case.
    var isASCIILetter: Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self | 0x20) }

    /// Whether this is an ASCII letter or digit.
    var isASCIILetterOrDigit: Bool { isASCIILetter || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) }

    /// Whether this is one of the ASCII characters with Unicode's White_Space property: tab,
    /// line feed, vertical tab, form feed, carriage return or space.
    var isASCIIWhitespace: Bool { self == UInt8(ascii: " ") || (0x09...0x0D).contains(self) }

    /// The value of an ASCII hex digit (`0`–`9`, `a`–`f`, `A`–`F`); `nil` for any other byte,
    /// the fullwidth forms that `Character.isHexDigit` accepts among them.
    @inline(__always)
    package var asciiHexDigitValue: UInt8? {
        switch self {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return self &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return self &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return self &- UInt8(ascii: "A") &+ 10
        default: return nil
        }
    }
}

/// Eight bytes read at once and tested without a branch a byte (SWAR): each test gives the
/// high bit of the bytes it finds (exact as to whether there is any; for the first, the lowest
/// set bit). The scans of text that run on every string share these.
struct ByteWord {
    let bits: UInt64
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The eight bytes from `address`, which need not be aligned.
    @inline(__always)
    init(at address: UnsafePointer<UInt8>) { bits = UnsafeRawPointer(address).loadUnaligned(as: UInt64.self) }

    /// The bytes equal to `byte`.
    @inline(__always)
    func equal(to byte: UInt8) -> UInt64 {
        let value = bits ^ (Self.ones &* UInt64(byte))
        return (value &- Self.ones) & ~value & Self.highs
    }

    /// The bytes below `limit`, which is at most 0x80.
    @inline(__always)
    func below(_ limit: UInt8) -> UInt64 { (bits &- Self.ones &* UInt64(limit)) & ~bits & Self.highs }

    /// The bytes past ASCII.
    @inline(__always)
    var pastASCII: UInt64 { bits & Self.highs }

    /// Whether a byte may start a control: C0, DEL, or the lead byte of a C1 control, a line
    /// break or a bidi control past ASCII (`C2`, `D8`, `E2`, looked for only when a byte is
    /// past ASCII: printable ASCII, most words, passes on one test).
    @inline(__always)
    var mayStartControl: Bool {
        let controls = below(0x20) | equal(to: 0x7F)
        guard controls | pastASCII != 0 else { return false }
        return controls | equal(to: 0xC2) | equal(to: 0xD8) | equal(to: 0xE2) != 0
    }
}

/// Sixteen bytes read at once and compared in one vector instruction a test: twice a
/// ``ByteWord``'s reach for fewer instructions, on the runs (texts, URLs, ids, dates) that every
/// string scan walks. A test's mask has all the bits of each byte it finds set and no others,
/// so the first one's place is exact. (The mask is read as two words: the standard library's
/// `any` over a mask compiles to a vector instruction in some callers and to a generic,
/// unspecialized reduction in others.)
struct ByteBlock {
    typealias Mask = SIMDMask<SIMD16<Int8>>
    let bytes: SIMD16<UInt8>

    /// The sixteen bytes from `address`, which need not be aligned.
    @inline(__always)
    init(at address: UnsafePointer<UInt8>) { bytes = UnsafeRawPointer(address).loadUnaligned(as: SIMD16<UInt8>.self) }

    /// The bytes equal to `byte`.
    @inline(__always)
    func equal(to byte: UInt8) -> Mask { bytes .== SIMD16(repeating: byte) }

    /// The bytes below `limit`.
    @inline(__always)
    func below(_ limit: UInt8) -> Mask { bytes .< SIMD16(repeating: limit) }

    /// The bytes that may start a control, as ``ByteWord/mayStartControl`` tells of a word:
    /// C0, DEL, and the lead bytes `C2`, `D8` and `E2`.
    @inline(__always)
    var mayStartControl: Mask {
        below(0x20) .| equal(to: 0x7F) .| equal(to: 0xC2) .| equal(to: 0xD8) .| equal(to: 0xE2)
    }

    /// The offset of the first byte `mask` holds (the lowest address); 16 when it holds none.
    @inline(__always)
    static func firstOffset(in mask: Mask) -> Int {
        let halves = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
        if halves[0] != 0 { return halves[0].trailingZeroBitCount >> 3 }
        return 8 + halves[1].trailingZeroBitCount >> 3
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Where the run of ASCII bytes in `lowest...0x7E` that starts at `start` ends, before
    /// `end`: checked eight bytes at a time, where a byte-by-byte walk cost several instructions
    /// a byte on every URL and text that asks. `lowest` is at most 0x80.
    func endOfASCIIRun(from start: Int, to end: Int, lowest: UInt8) -> Int {
        var index = start
        if let base = baseAddress {
            while index + 8 <= end {
                // A byte under `lowest`, past ASCII or DEL fails the word, which is then walked
                // a byte at a time.
                let word = ByteWord(at: base + index)
                guard word.below(lowest) | word.pastASCII | word.equal(to: 0x7F) == 0 else { break }
                index += 8
            }
        }
        while index < end, self[index] >= lowest, self[index] < 0x7F { index += 1 }
        return index
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// The index from `start` on (before `end`) of the first byte that may start a control: C0,
    /// DEL, or the lead byte of a C1 control, a line break or a bidi control past ASCII (`C2`,
    /// `D8`, `E2`); `end` when there is none. Eight bytes at a time, other scripts' included.
    func firstPossibleControl(from start: Int, to end: Int) -> Int {
        var index = start
        if let base = baseAddress {
            while index + 8 <= end, !ByteWord(at: base + index).mayStartControl { index += 8 }
        }
        while index < end {
            let byte = self[index]
            if byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2 { break }
            index += 1
        }
        return index
    }

    /// Where the leading eight-byte words that hold no run of blanks end: ASCII words without a
    /// tab or two spaces in a row, within a word or across two. A multiple of eight.
    func endOfWordsWithoutBlankRuns() -> Int {
        var index = 0
        guard let base = baseAddress else { return 0 }
        while index + 8 <= count {
            let word = ByteWord(at: base + index)
            // `equal(to:)` may mark a byte past a true match, never miss one: a word with two
            // spaces in a row always fails, a word without may fail too and is walked instead.
            let spaces = word.equal(to: 0x20)
            guard word.pastASCII | word.equal(to: 0x09) | (spaces & spaces >> 8) == 0 else { break }
            if index > 0 && base[index] == 0x20 && base[index - 1] == 0x20 { break }
            index += 8
        }
        return index
    }

    /// The index of the first of the bytes `a`, `b` and `c` from `start` on, or `count` when
    /// there is none: eight bytes at a time, a byte at a time only in a word that holds one.
    func firstIndex(ofAny a: UInt8, _ b: UInt8, _ c: UInt8, from start: Int) -> Int {
        var index = start
        if let base = baseAddress {
            while index + 8 <= count {
                let word = ByteWord(at: base + index)
                if word.equal(to: a) | word.equal(to: b) | word.equal(to: c) != 0 { break }
                index += 8
            }
        }
        while index < count, self[index] != a, self[index] != b, self[index] != c { index += 1 }
        return index
    }
}
