extension ANSIOptions {
    /// The character set terminal text is written in (``ANSIOptions/charset``): UTF-8, ASCII, or
    /// one of the 8-bit sets whose letters a terminal set up for them shows (Latin-1 and Latin-9
    /// for western European languages, KOI8-R and Windows-1251 for Cyrillic).
    ///
    /// Text outside the set is written as in ASCII (``ANSIOptions/asciiOnly``), column for column. Every
    /// character an 8-bit set has takes one column. Only the bytes from 0xA0 up are used: the
    /// ones from 0x80 to 0x9F are C1 controls to many terminals (0x9B is CSI), so KOI8-R's
    /// single-line box drawing (─ is 0x80) and Windows-1251's letters there (Ђ, Љ, ...) are
    /// written as ASCII too: borders are `-`, `|` and `+` in every 8-bit set.
    public enum Charset: String, Sendable, CaseIterable {
        /// UTF-8: every character as it is.
        case utf8 = "UTF-8"
        /// ASCII only (``ANSIOptions/asciiOnly``).
        case ascii = "ASCII"
        /// ISO-8859-1: the accented letters of western European languages (é, ü, ß, ñ).
        case latin1 = "ISO-8859-1"
        /// ISO-8859-15: Latin-1 with €, Š, š, Ž, ž, Œ, œ and Ÿ in place of eight signs.
        case latin9 = "ISO-8859-15"
        /// KOI8-R: Russian Cyrillic.
        case koi8r = "KOI8-R"
        /// Windows-1251: Cyrillic for Russian, Ukrainian, Belarusian, Serbian and others.
        case cp1251 = "CP1251"

        /// Whether every character is written with one byte (all but UTF-8).
        package var isSingleByte: Bool { self != .utf8 }

        /// What bytes 0xA0 to 0xFF show, in order; `nil` for UTF-8 and ASCII. The soft hyphen,
        /// which terminals show or hide as they please, is left out (U+FFFF in its place).
        private var upperHalf: [Unicode.Scalar]? {
            switch self {
            case .utf8, .ascii: return nil
            case .latin1: return Self.latin1Half
            case .latin9: return Self.latin9Half
            case .koi8r: return Self.koi8rHalf
            case .cp1251: return Self.cp1251Half
            }
        }

        private static let latin1Half = (0xA0...0xFF).map { Unicode.Scalar(UInt8($0)) }.map { $0 == "\u{AD}" ? "\u{FFFF}" : $0 }
        private static let latin9Half: [Unicode.Scalar] = latin1Half.enumerated().map { offset, scalar in
            let replacements: [Int: Unicode.Scalar] = [
                0x04: "€", 0x06: "Š", 0x08: "š", 0x14: "Ž", 0x18: "ž", 0x1C: "Œ", 0x1D: "œ", 0x1E: "Ÿ",
            ]
            return replacements[offset] ?? scalar
        }
        private static let koi8rHalf = Array(
            "═║╒ё╓╔╕╖╗╘╙╚╛╜╝╞╟╠╡Ё╢╣╤╥╦╧╨╩╪╫╬©юабцдефгхийклмнопярстужвьызшэщчъЮАБЦДЕФГХИЙКЛМНОПЯРСТУЖВЬЫЗШЭЩЧЪ".unicodeScalars)
        private static let cp1251Half = Array(
            "\u{A0}ЎўЈ¤Ґ¦§Ё©Є«¬\u{FFFF}®Ї°±Ііґµ¶·ё№є»јЅѕїАБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдежзийклмнопрстуфхцчшщъыьэюя"
                .unicodeScalars)

        /// The byte of each character outside ASCII the set has.
        private var bytes: [Unicode.Scalar: UInt8] {
            switch self {
            case .utf8, .ascii: return [:]
            case .latin1: return Self.latin1Bytes
            case .latin9: return Self.latin9Bytes
            case .koi8r: return Self.koi8rBytes
            case .cp1251: return Self.cp1251Bytes
            }
        }

        private static func index(_ half: [Unicode.Scalar]) -> [Unicode.Scalar: UInt8] {
            var result: [Unicode.Scalar: UInt8] = [:]
            for (offset, scalar) in half.enumerated() where scalar != "\u{FFFF}" { result[scalar] = UInt8(0xA0 + offset) }
            return result
        }
        private static let latin1Bytes = index(latin1Half)
        private static let latin9Bytes = index(latin9Half)
        private static let koi8rBytes = index(koi8rHalf)
        private static let cp1251Bytes = index(cp1251Half)

        /// Whether the set has `scalar` (in UTF-8, every one).
        package func contains(_ scalar: Unicode.Scalar) -> Bool {
            self == .utf8 || scalar.isASCII || bytes[scalar] != nil
        }

        /// `text` as bytes of this set, to write terminal text rendered for it: its UTF-8 for
        /// ``utf8``; otherwise a character the set lacks (which rendering has already replaced
        /// in terminal text) is `?`.
        public func encode(_ text: String) -> [UInt8] {
            guard isSingleByte else { return Array(text.utf8) }
            let table = bytes
            return text.unicodeScalars.map { scalar in
                scalar.isASCII ? UInt8(scalar.value) : table[scalar] ?? UInt8(ascii: "?")
            }
        }

        /// What a byte of this set shows, for a test that reads the output back; `nil` for a
        /// byte the set leaves unused (and every byte from 0x80 in UTF-8).
        package func decode(_ byte: UInt8) -> Unicode.Scalar? {
            if byte < 0x80 { return Unicode.Scalar(byte) }
            guard byte >= 0xA0, let half = upperHalf, half[Int(byte) - 0xA0] != "\u{FFFF}" else { return nil }
            return half[Int(byte) - 0xA0]
        }
    }
}
