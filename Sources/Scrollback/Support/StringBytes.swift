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
