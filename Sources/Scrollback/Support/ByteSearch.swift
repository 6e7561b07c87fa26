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

extension UInt8 {
    /// The byte with an ASCII capital made lower-case; any other byte as it is.
    var asciiLowercased: UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self) ? self | 0x20 : self
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Where the run of ASCII bytes in `lowest...0x7E` that starts at `start` ends, before
    /// `end`: checked eight bytes at a time, where a byte-by-byte walk cost several instructions
    /// a byte on every URL and text that asks. `lowest` is at most 0x80.
    func endOfASCIIRun(from start: Int, to end: Int, lowest: UInt8) -> Int {
        var index = start
        if let base = baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            let delete = ones &* 0x7F
            while index + 8 <= end {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                // A byte under `lowest`, a byte of 0x80 or more, or DEL (a zero byte once
                // DEL is XORed out) fails the word, which is then walked a byte at a time.
                let below = (word &- ones &* UInt64(lowest)) & ~word & highs
                let deleted = ((word ^ delete) &- ones) & ~(word ^ delete) & highs
                guard below | deleted | (word & highs) == 0 else { break }
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
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            @inline(__always) func zeroBytes(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highs }
            while index + 8 <= end {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let controls = ((word &- ones &* 0x20) & ~word & highs) | zeroBytes(word ^ (ones &* 0x7F))
                // Printable ASCII (most words) passes on one test; the lead bytes are looked
                // for only where there are bytes past ASCII.
                if controls | (word & highs) != 0 {
                    let leads = zeroBytes(word ^ (ones &* 0xC2)) | zeroBytes(word ^ (ones &* 0xD8)) | zeroBytes(word ^ (ones &* 0xE2))
                    guard controls | leads == 0 else { break }
                }
                index += 8
            }
        }
        while index < end {
            let byte = self[index]
            if byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2 { break }
            index += 1
        }
        return index
    }

    /// The index of the first of the bytes `a`, `b` and `c` from `start` on, or `count` when
    /// there is none: eight bytes at a time, a byte at a time only in a word that holds one.
    func firstIndex(ofAny a: UInt8, _ b: UInt8, _ c: UInt8, from start: Int) -> Int {
        var index = start
        if let base = baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            @inline(__always) func hasZeroByte(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
            while index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if hasZeroByte(word ^ (ones &* UInt64(a))) || hasZeroByte(word ^ (ones &* UInt64(b)))
                    || hasZeroByte(word ^ (ones &* UInt64(c)))
                {
                    break
                }
                index += 8
            }
        }
        while index < count, self[index] != a, self[index] != b, self[index] != c { index += 1 }
        return index
    }
}
