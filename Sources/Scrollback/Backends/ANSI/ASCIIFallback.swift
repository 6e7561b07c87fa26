/// Terminal text for a terminal that cannot show UTF-8 (``ANSIOptions/asciiOnly``, and an 8-bit
/// ``ANSIOptions/charset`` for what it lacks): every character outside ASCII (and the set)
/// becomes ASCII of the same width, so the layout (measured in columns before this) stays
/// exactly as it was and borders still line up.
///
/// Box drawing becomes `-`, `|` and `+`; common punctuation its ASCII look-alike; letters lose
/// their accents (`é` is `e`); anything else (CJK, emoji) is `?` for each column it takes, and
/// what takes no column is dropped.
package enum ASCIIFallback {
    /// `text` in ASCII, column for column; with an 8-bit `charset`, what it has is kept (a
    /// letter and its combining accents as the one character the set has, `é`), one column each.
    package static func transliterate(_ text: String, keeping charset: ANSIOptions.Charset = .ascii) -> String {
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            if character.isASCII {
                result.append(character)
                continue
            }
            let width = DisplayWidth.of(character)
            guard width > 0 else { continue }
            if charset.isSingleByte, width == 1, let kept = single(character, in: charset) {
                result.unicodeScalars.append(kept)
                continue
            }
            if width == 1, let first = character.unicodeScalars.first, first.isASCII {
                result.unicodeScalars.append(first) // a letter and its combining accents
            } else if width == 1, let first = character.unicodeScalars.first, let replacement = replacement(for: first) {
                result.append(replacement)
            } else {
                result += String(repeating: "?", count: width)
            }
        }
        return result
    }

    /// `character` as the one scalar of `charset` it is (composed first: `e` and U+0301 is `é`),
    /// or `nil`.
    private static func single(_ character: Character, in charset: ANSIOptions.Charset) -> Unicode.Scalar? {
        var scalars = character.unicodeScalars
        if scalars.count > 1 { scalars = String(character).precomposedStringWithCanonicalMapping.unicodeScalars }
        guard scalars.count == 1, let scalar = scalars.first, charset.contains(scalar) else { return nil }
        return scalar
    }

    /// The one-column ASCII for a one-column scalar, or `nil`.
    private static func replacement(for scalar: Unicode.Scalar) -> Character? {
        switch scalar.value {
        case 0x2500, 0x2501, 0x2504, 0x2505, 0x2508, 0x2509, 0x254C, 0x254D, 0x2550, 0x2574, 0x2576, 0x2578, 0x257A: return "-"
        case 0x2502, 0x2503, 0x2506, 0x2507, 0x250A, 0x250B, 0x254E, 0x254F, 0x2551, 0x2575, 0x2577, 0x2579, 0x257B: return "|"
        case 0x250C...0x254B, 0x2552...0x2570: return "+"
        case 0x2581...0x2588: return "#" // a waveform's bars
        case 0x2580, 0x2589...0x259F: return "|" // blocks and bars (▎ before a quote)
        case 0x2010...0x2015, 0x2212: return "-"
        case 0x2018, 0x2019, 0x201A, 0x2032: return "'"
        case 0x201C, 0x201D, 0x201E, 0x2033: return "\""
        case 0x2022, 0x2023, 0x2043, 0x25CF, 0x25E6: return "*"
        case 0x00B7, 0x2026, 0x22C5: return "."
        case 0x2190, 0x2039, 0x00AB: return "<"
        case 0x2192, 0x21B3, 0x203A, 0x00BB, 0x25B6, 0x25B8: return ">"
        case 0x2191: return "^"
        case 0x2193: return "v"
        case 0x00A0, 0x2000...0x200A, 0x202F: return " "
        case 0x00D7, 0x2611, 0x2612: return "x" // ☑ ☒: a task's ticked box in a quote preview
        case 0x2610: return "o" // ☐
        default:
            // A letter with accents: its base letter, when that is ASCII.
            let base = String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars.first
            if let base, base.isASCII, base != scalar { return Character(base) }
            return "?"
        }
    }
}
