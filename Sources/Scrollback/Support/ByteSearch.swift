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
