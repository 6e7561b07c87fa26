extension Substring {
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` without Foundation's detour through
    /// `NSString`: that set is Unicode's White_Space property and the zero-width space.
    func trimmingWhitespace() -> String {
        trimming { scalar in
            scalar.value < 0x80
                ? scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value) : scalar.properties.isWhitespace || scalar.value == 0x200B
        }
    }

    /// `trimmingCharacters(in: .whitespaces)`: White_Space without the line breaks (spaces and
    /// tabs of every script).
    func trimmingSpaces() -> String {
        trimming { scalar in
            switch scalar.value {
            case 0x20, 0x09: return true
            case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return false
            case ..<0x80: return false
            case 0x200B: return true
            default: return scalar.properties.isWhitespace
            }
        }
    }

    private func trimming(_ isBlank: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !isBlank($0) }) else { return "" }
        var end = scalars.endIndex
        repeat { end = scalars.index(before: end) } while isBlank(scalars[end])
        return String(scalars[start...end])
    }
}

extension String {
    /// ``Substring/trimmingWhitespace()`` of the whole string.
    func trimmingWhitespace() -> String { self[...].trimmingWhitespace() }
    /// ``Substring/trimmingSpaces()`` of the whole string.
    func trimmingSpaces() -> String { self[...].trimmingSpaces() }
}

extension String {
    /// The string without leading and trailing Unicode `White_Space` (the same set as
    /// Foundation's `.whitespacesAndNewlines`), but without its slow round trip through
    /// `NSString`: a message's text as plain text shows it (a system message, a jumbo emoji,
    /// a quote's preview), as the reader once trimmed every text.
    var trimmingWhitespaceAndNewlines: String {
        if let first = utf8.first, let last = utf8.last, (0x21..<0x80).contains(first), (0x21..<0x80).contains(last) {
            return self // the common case: nothing to trim, nothing to copy
        }
        let scalars = unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, scalars[start].properties.isWhitespace { start = scalars.index(after: start) }
        while end > start, scalars[scalars.index(before: end)].properties.isWhitespace { end = scalars.index(before: end) }
        if start == scalars.startIndex && end == scalars.endIndex { return self }
        return String(scalars[start..<end])
    }

    /// The string without its leading and trailing blank lines and the line break that ends
    /// its last line, keeping the spaces and tabs just before its first character and just
    /// after its last: the first line keeps its indentation and the last its trailing spaces,
    /// which can be code's (an indented fence, an indented code block, a fence left open).
    /// Other white space there (a no-break space, an ideographic space) goes, as CommonMark
    /// does not count it as indentation and it would only push the text aside. This runs for
    /// every message's text.
    var trimmingBlankLines: String {
        if let first = utf8.first, let last = utf8.last, (0x21..<0x80).contains(first), (0x21..<0x80).contains(last) {
            return self // the common case: nothing to trim, nothing to copy
        }
        func isSpaceOrTab(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" }
        let scalars = unicodeScalars
        guard var start = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        while start > scalars.startIndex, isSpaceOrTab(scalars[scalars.index(before: start)]) { start = scalars.index(before: start) }
        // There is a character that is not white space: the walk back stops at it.
        var end = scalars.index(before: scalars.endIndex)
        while scalars[end].properties.isWhitespace { end = scalars.index(before: end) }
        end = scalars.index(after: end)
        while end < scalars.endIndex, isSpaceOrTab(scalars[end]) { end = scalars.index(after: end) }
        if start == scalars.startIndex && end == scalars.endIndex { return self }
        return String(scalars[start..<end])
    }
}
