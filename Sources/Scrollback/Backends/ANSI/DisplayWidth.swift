import Foundation

/// How many terminal columns text occupies, as terminals count it: glibc's `wcwidth` for
/// each code point (which tmux, screen and most Linux terminals ask), added up over a
/// grapheme cluster (a Swift `Character`), except for emoji shown as emoji:
///
/// - 0 for combining marks (nonspacing and enclosing: accents, viramas, the vowel signs
///   written above or below), format characters, default-ignorable code points (ZWJ, ZWSP,
///   a lone variation selector), Hangul medial vowels and final consonants, and controls;
/// - 2 for East Asian Wide and Fullwidth characters (CJK ideographs, Hangul syllables and
///   initial consonants, kana, fullwidth forms, CJK symbols, the Hangul fillers U+115F and
///   U+3164);
/// - 1 otherwise, spacing vowel signs (`ा` U+093E, `ি`, `ா`, `ำ`, `ា`) and the prepended
///   number signs (U+0600) included: a Devanagari, Bengali, Tamil, Thai or Khmer cluster is as
///   wide as its spacing parts (`स्ते` 2, `क्षि` 3), as a terminal draws it;
/// - an emoji shown as emoji is 2 whatever it is made of: emoji-presentation characters,
///   an emoji followed by U+FE0F, ZWJ sequences, flags, skin tones, keycaps.
///
/// The standard library does not expose East Asian Width, so the wide ranges are a table
/// here; the rest come from the scalar properties (``EmojiBlockProperties`` keeps them in a
/// table for the blocks where text meets them most).
package enum DisplayWidth {
    /// The columns `string` occupies.
    package static func of(_ string: some StringProtocol) -> Int {
        let asciiWidth = string.utf8.withContiguousStorageIfAvailable(asciiColumns) ?? asciiColumns(string.utf8)
        if let asciiWidth { return asciiWidth }
        var total = 0
        for character in string { total += of(character) }
        return total
    }

    /// The columns one grapheme cluster occupies.
    package static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        var iterator = scalars.makeIterator()
        guard let first = iterator.next() else { return 0 }
        if iterator.next() == nil {
            // One scalar: the common case, without the cluster rules below.
            return of(first)
        }
        var hasEmojiSelector = false, hasTextSelector = false, hasJoiner = false, hasKeycap = false
        var emojiPresentation = false, regionalIndicators = 0, allZeroWidth = true
        for scalar in scalars {
            switch scalar.value {
            case 0xFE0F: hasEmojiSelector = true
            case 0xFE0E: hasTextSelector = true
            case 0x200D: hasJoiner = true
            case 0x20E3: hasKeycap = true
            case 0x1F1E6...0x1F1FF: regionalIndicators += 1
            default: break
            }
            // No scalar before U+231A (⌚) is shown as emoji by default: most marks of a cluster
            // need no property lookup.
            if scalar.value >= 0x231A && EmojiBlockProperties.isEmojiPresentation(scalar) { emojiPresentation = true }
            if allZeroWidth && !isZeroWidth(scalar) { allZeroWidth = false }
        }
        if allZeroWidth { return 0 }
        if hasKeycap || regionalIndicators > 0 { return 2 }
        // Below U+203C (‼) only ASCII and Latin-1 (# * 0–9 © ®) are emoji: the letters of other
        // scripts need no property lookup.
        if first.value < 0x100 || first.value >= 0x203C, EmojiBlockProperties.isEmoji(first) {
            if hasEmojiSelector { return 2 }
            if !hasTextSelector && (emojiPresentation || hasJoiner) { return 2 }
        }
        // A letter with its marks, an Indic conjunct, a Thai or Khmer syllable, Hangul jamo:
        // terminals give each code point its own cell or cells, and marks none.
        var columns = 0
        for scalar in scalars { columns += of(scalar) }
        return columns
    }

    /// The columns of one code point on its own, as `wcwidth` counts them (0 for controls).
    @inline(__always)
    static func of(_ scalar: Unicode.Scalar) -> Int {
        if scalar.isASCII { return scalar.value >= 0x20 && scalar.value < 0x7F ? 1 : 0 }
        if isZeroWidth(scalar) { return 0 }
        return isWide(scalar) ? 2 : 1
    }

    /// The ASCII width, or `nil` when the bytes are not all ASCII.
    private static func asciiColumns(_ bytes: some Sequence<UInt8>) -> Int? {
        var columns = 0
        for byte in bytes {
            if byte >= 0x80 { return nil }
            if byte >= 0x20 && byte < 0x7F { columns += 1 }
        }
        return columns
    }

    /// Marks that draw on the previous character, and code points that draw nothing.
    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        // Controls, and the combining diacritical marks (U+0300–U+036F, all nonspacing).
        if value < 0x370 { return value < 0x20 || (0x7F...0x9F).contains(value) || value >= 0x300 }
        // The letters of the most written scripts, without asking for their properties.
        if isCommonScriptLetter(value) { return false }
        switch value {
        case 0x1160...0x11FF, 0xD7B0...0xD7FF:
            // Hangul medial vowels and final consonants join the preceding initial consonant.
            return true
        case 0x115F, 0x3164, 0xFFA0, 0x0600...0x0605, 0x06DD, 0x070F, 0x0890...0x0891, 0x08E2, 0x110BD, 0x110CD:
            // The Hangul fillers are default-ignorable and the number signs that prefix digits
            // (Arabic, Syriac, Kaithi) format characters, yet `wcwidth` and so terminals give
            // them columns (the choseong filler and U+3164 two).
            return false
        default:
            return EmojiBlockProperties.isInvisible(scalar)
        }
    }

    /// Whether the code point is in a run of letters (and a few symbols) of the most written
    /// scripts, none of them a mark, format character or default-ignorable: accented Latin
    /// (Latin-1, Extended-A and -B, IPA, Vietnamese's), Greek, Cyrillic, Armenian, Hebrew,
    /// Arabic, Devanagari, Thai consonants and vowels written as letters, Georgian, kana, CJK
    /// ideographs, Hangul syllables, CJK and fullwidth punctuation; and box drawing and block
    /// elements, of which a voice message's waveform is drawn. Nor is any of them a joiner,
    /// a prepended, spacing-mark or conjunct-linking character, so two of them side by side are
    /// always two grapheme clusters.
    static func isCommonScriptLetter(_ value: UInt32) -> Bool {
        switch value {
        case 0x00C0...0x00D6, 0x00D8...0x00F6, 0x00F8...0x02AF, 0x0386, 0x0388...0x03FF, 0x0400...0x0482, 0x048A...0x052F,
            0x0531...0x0556, 0x0561...0x0587, 0x05D0...0x05EA, 0x0620...0x064A, 0x0904...0x0939, 0x0E01...0x0E30, 0x0E32,
            0x0E40...0x0E46, 0x10D0...0x10FA, 0x1E00...0x1EFF, 0x1F00...0x1FBC, 0x2500...0x259F, 0x3000...0x3029, 0x3041...0x3096,
            0x30A1...0x30FA,
            0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF5E:
            return true
        default:
            return false
        }
    }

    /// East Asian Wide (W) and Fullwidth (F) code points, merged across unassigned gaps.
    /// Emoji with default emoji presentation are found through their scalar properties.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x1100 { return false }
        var low = 0, high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if value < range.lowerBound { high = middle - 1 } else if value > range.upperBound { low = middle + 1 } else { return true }
        }
        // A regional indicator alone is one column in `wcwidth`; a pair, a flag, is two.
        return EmojiBlockProperties.isEmojiPresentation(scalar) && !(0x1F1E6...0x1F1FF).contains(value)
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, // Hangul Jamo initial consonants
        0x2329...0x232A, // angle brackets
        0x2E80...0x303E, // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
        // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, Kanbun, strokes, enclosed CJK
        // (the circled numbers on black squares U+3248–U+324F too, as in `wcwidth`), CJK
        // compatibility, CJK extension A, Yijing hexagrams, CJK unified ideographs, Yi.
        0x3041...0xA4CF,
        0xA960...0xA97F, // Hangul Jamo extended A
        0xAC00...0xD7A3, // Hangul syllables
        0xF900...0xFAFF, // CJK compatibility ideographs
        0xFE10...0xFE19, // vertical forms
        0xFE30...0xFE6F, // CJK compatibility forms, small form variants
        0xFF00...0xFF60, // fullwidth forms
        0xFFE0...0xFFE6, // fullwidth signs
        0x16FE0...0x16FFF, // ideographic symbols and punctuation
        0x17000...0x18DFF, // Tangut, Khitan
        0x1AFF0...0x1B2FF, // Kana supplements, Nushu
        0x1F200...0x1F2FF, // enclosed ideographic supplement
        0x20000...0x2FFFD, // CJK extensions B–F, compatibility supplement
        0x30000...0x3FFFD, // CJK extensions G and H
    ]
}

extension DisplayWidth {
    /// `text` without the emoji variation selector (U+FE0F) after a character that is text by
    /// default (❤️ ☀️ ⚠️ 🗳️ become ❤ ☀ ⚠ 🗳): terminals disagree about the width of such a
    /// pair (tmux 3.3a counts one column, most terminals two), so a bubble's right border
    /// after one would stand in a different column from terminal to terminal. Alone, the
    /// character is one column in every terminal. Emoji that are wide without the selector
    /// (😂, 📷), keycaps and ZWJ sequences are left as they are.
    package static func withoutAmbiguousEmojiSelectors(_ text: String) -> String {
        guard text.containsUTF8(0xEF) else { return text }
        return text.withUTF8Bytes { bytes in
            guard let selectors = emojiSelectors(in: bytes) else { return text }
            // Only the stretch around the selectors is walked a character at a time (a long
            // message with one ❤️ was walked whole): two ASCII bytes, but a CR and its LF, always
            // have a character boundary between them, so what lies past such a pair is copied.
            let start = boundary(in: bytes, from: selectors.lowerBound, step: -1)
            let end = boundary(in: bytes, from: selectors.upperBound, step: 1)
            var result = ""
            result.reserveCapacity(bytes.count)
            guard start > 0 || end < bytes.count else {
                appendDroppingSelectors(text, to: &result)
                return result
            }
            func piece(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
            result.append(piece(0..<start))
            appendDroppingSelectors(piece(start..<end), to: &result)
            result.append(piece(end..<bytes.count))
            return result
        }
    }

    /// Appends `text` without the selectors ``withoutAmbiguousEmojiSelectors(_:)`` drops.
    private static func appendDroppingSelectors(_ text: String, to result: inout String) {
        for character in text {
            let scalars = character.unicodeScalars
            guard scalars.count > 1, let first = scalars.first, !EmojiBlockProperties.isEmojiPresentation(first), !isWide(first),
                scalars.contains(where: { $0.value == 0xFE0F }),
                !scalars.contains(where: { $0.value == 0x20E3 || $0.value == 0x200D })
            else {
                result.append(character)
                continue
            }
            // Appended as a String: appending to `result.unicodeScalars` copied all of `result`
            // each time, the square of a text of many such emoji.
            var unicode = String.UnicodeScalarView()
            for scalar in scalars where scalar.value != 0xFE0F { unicode.append(scalar) }
            result.append(String(unicode))
        }
    }

    /// The bytes from the first U+FE0F (EF B8 8F) to the end of the last; `nil` without one.
    /// Most text has few EF bytes, which `memchr` finds.
    private static func emojiSelectors(in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        func isSelector(at index: Int) -> Bool { bytes[index] == 0xEF && bytes[index + 1] == 0xB8 && bytes[index + 2] == 0x8F }
        guard let base = bytes.baseAddress, bytes.count >= 3 else { return nil }
        var index = 0
        while true {
            guard let found = memchr(base + index, 0xEF, bytes.count - 2 - index) else { return nil }
            index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if isSelector(at: index) { break }
            index += 1
            guard index < bytes.count - 2 else { return nil }
        }
        var last = bytes.count - 3
        while !isSelector(at: last) { last -= 1 }
        return index..<(last + 3)
    }

    /// The offset nearest `offset`, going by `step`, between two ASCII bytes that are not a CR
    /// and its LF (a character boundary whatever precedes or follows them); the text's start or end
    /// when there is none.
    private static func boundary(in bytes: UnsafeBufferPointer<UInt8>, from offset: Int, step: Int) -> Int {
        var index = offset
        while index > 0 && index < bytes.count {
            let (before, after) = (bytes[index - 1], bytes[index])
            if before < 0x80 && after < 0x80 && !(before == 0x0D && after == 0x0A) { return index }
            index += step
        }
        return index
    }
}

extension DisplayWidth {
    /// Whether terminals disagree about the width of `character`: an emoji sequence joined with
    /// ZWJ, with a skin-tone modifier, a keycap, or still holding U+FE0F. Modern terminals draw
    /// each as one two-column glyph; tmux 3.3a and older VTE add up its parts (👍🏽 takes four
    /// columns there, 1️⃣ one). No padding suits both, so a box draws no right border on a line
    /// holding one (see ``TextWrapper/Line/hasAmbiguousWidth``). Flags agree everywhere.
    /// A ZWJ in another script (Sinhala's `ශ්‍රී`, Devanagari's eyelash `र्‍`) is ambiguous too:
    /// tmux 3.3a joins the letter after it to the cell before, other terminals do not.
    package static func isAmbiguous(_ character: Character) -> Bool {
        let scalars = character.unicodeScalars
        guard scalars.count > 1 else { return false }
        return scalars.contains { scalar in
            switch scalar.value {
            case 0x200D, 0x20E3, 0xFE0F, 0x1F3FB...0x1F3FF: true
            default: false
            }
        }
    }
}
