extension StringProtocol {
    /// The text without leading and trailing whitespace (`Character.isWhitespace`), as a slice
    /// that shares the text's indices. Cheaper than Foundation's character sets, which are
    /// built anew on each call on Linux.
    var trimmedOfWhitespace: SubSequence {
        // Most texts start and end with a visible ASCII character: no Unicode lookup needed.
        let visibleEnds = utf8.withContiguousStorageIfAvailable { bytes in
            guard let first = bytes.first, let last = bytes.last else { return false }
            return Self.isVisibleASCII(first) && Self.isVisibleASCII(last)
        }
        if visibleEnds == true { return self[...] }
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }

    private static func isVisibleASCII(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x7F
    }
}
