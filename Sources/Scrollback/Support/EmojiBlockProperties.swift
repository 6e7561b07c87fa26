import Synchronization

/// The Unicode properties that decide an emoji's width, read from a table for the blocks
/// where chat text meets them most: General Punctuation through Miscellaneous Symbols and
/// Arrows (U+2000–U+2BFF: `’ — … ☀ ❤ ⚠`, the joiner U+200D), the emoji planes' symbols
/// (U+1F000–U+1FAFF), and the combining marks and letters of the alphabets, abugidas and
/// Hangul jamo (U+0300–U+1FFF: Indic vowel signs and viramas, Thai, Khmer and Myanmar marks,
/// whose widths a cluster adds up). The standard library looks each property up in its own
/// tables, about three hundred instructions a time, and a transcript asks for them at every
/// emoji of every message and reaction, and at every mark of those scripts. The table is
/// filled from those same properties, a code point when it is first asked about (filling the
/// blocks at once cost more than a short transcript asks), so it answers exactly as they do. Outside the blocks, the properties are asked as before.
enum EmojiBlockProperties {
    private static let punctuationAndSymbols: ClosedRange<UInt32> = 0x2000...0x2BFF
    private static let emojiSymbols: ClosedRange<UInt32> = 0x1F000...0x1FAFF
    private static let scripts: ClosedRange<UInt32> = 0x0300...0x1FFF

    private static let emoji: UInt8 = 1
    private static let emojiPresentation: UInt8 = 2
    private static let invisible: UInt8 = 4

    /// Not yet looked up.
    private static let unknown: UInt8 = 0x80

    /// One byte of flags per code point of the blocks, in the order above. Shared by
    /// the threads of a rendering (the factory's and the terminal backend's ask): each byte is
    /// an atomic, with no lock, as both ask at every character of the terminal's text. Two
    /// threads that fill the same byte at once write the same flags.
    /// (13,312: the blocks' 3,072, 2,816 and 7,424 code points; `EmojiBlockPropertiesTests`
    /// checks it.)
    private static let table = InlineArray<13312, Atomic<UInt8>> { _ in Atomic(unknown) }

    /// Whether the table has a byte for every code point of the blocks.
    static var tableCoversTheBlocks: Bool { table.count == punctuationAndSymbols.count + emojiSymbols.count + scripts.count }

    private static func flags(of value: UInt32) -> UInt8 {
        // Surrogates are not in any block: every value here is a scalar.
        guard let scalar = Unicode.Scalar(value) else { return 0 }
        let properties = scalar.properties
        var flags: UInt8 = 0
        if properties.isEmoji { flags |= emoji }
        if properties.isEmojiPresentation { flags |= emojiPresentation }
        if isInvisible(properties) { flags |= invisible }
        return flags
    }

    /// A mark, a format or control character, or a default-ignorable code point: what draws
    /// nothing of its own.
    private static func isInvisible(_ properties: Unicode.Scalar.Properties) -> Bool {
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return true
        default: return properties.isDefaultIgnorableCodePoint
        }
    }

    /// The flags of `value` when it lies in one of the blocks.
    @inline(__always)
    private static func tableFlags(_ value: UInt32) -> UInt8? {
        let place: Int
        if punctuationAndSymbols.contains(value) {
            place = Int(value - punctuationAndSymbols.lowerBound)
        } else if emojiSymbols.contains(value) {
            place = punctuationAndSymbols.count + Int(value - emojiSymbols.lowerBound)
        } else if scripts.contains(value) {
            place = punctuationAndSymbols.count + emojiSymbols.count + Int(value - scripts.lowerBound)
        } else {
            return nil
        }
        let known = table[place].load(ordering: .relaxed)
        if known != unknown { return known }
        let found = flags(of: value)
        table[place].store(found, ordering: .relaxed)
        return found
    }

    /// `scalar.properties.isEmoji`.
    static func isEmoji(_ scalar: Unicode.Scalar) -> Bool {
        guard let flags = tableFlags(scalar.value) else { return scalar.properties.isEmoji }
        return flags & emoji != 0
    }

    /// `scalar.properties.isEmojiPresentation`.
    static func isEmojiPresentation(_ scalar: Unicode.Scalar) -> Bool {
        guard let flags = tableFlags(scalar.value) else { return scalar.properties.isEmojiPresentation }
        return flags & emojiPresentation != 0
    }

    /// Whether `scalar` is a mark (nonspacing or enclosing), a format or control character, or
    /// a default-ignorable code point.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        guard let flags = tableFlags(scalar.value) else { return isInvisible(scalar.properties) }
        return flags & invisible != 0
    }
}
