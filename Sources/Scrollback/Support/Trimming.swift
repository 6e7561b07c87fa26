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
