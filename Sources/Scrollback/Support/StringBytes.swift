import Foundation

extension String {
    /// Calls `body` with the string's UTF-8 bytes, read in place when the string stores them
    /// contiguously (every native string, small or not). `withUTF8` is `mutating`: the copy a
    /// caller must make for it retains and releases the storage, for every piece written.
    @inline(__always)
    func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }

    /// Whether every byte is ASCII: each character is then one byte (or "\r\n", two), so a
    /// search of the bytes finds characters. Elsewhere a combining mark may join a byte's
    /// character to the next.
    var isASCIIOnly: Bool {
        withUTF8Bytes { bytes in bytes.allSatisfy { $0 < 0x80 } }
    }
}

/// A string that compares and hashes by its UTF-8 bytes, as the key of a table of values made
/// per name. `String` itself normalizes text outside ASCII to compare or hash it, thousands of
/// instructions for a name in another script, on every message; and a value made from one
/// spelling of a name is not another spelling's.
struct BytewiseString: Hashable, Sendable {
    let string: String

    init(_ string: String) {
        self.string = string
    }

    static func == (lhs: BytewiseString, rhs: BytewiseString) -> Bool {
        lhs.string.withUTF8Bytes { left in
            rhs.string.withUTF8Bytes { right in
                left.count == right.count && (left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0)
            }
        }
    }

    func hash(into hasher: inout Hasher) {
        string.withUTF8Bytes { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
