/// The characters in message data that act on text, breaking its lines or reordering it,
/// instead of being read, and the visible form every output shows in their place. The
/// terminal sanitizer, HTML escaping and the Markdown renderer all ask here, so the three
/// outputs agree.
///
/// - Line breaks: LF, CR, CR LF, VT, FF, NEL, U+2028 and U+2029. In one-line text (a name, a
///   title, a label: everything but message text, see ``Role/allowsLineBreaks``) each becomes
///   `↵`, so that no name can start a line that looks like another author's.
/// - Bidirectional controls: embeddings and overrides (U+202A–U+202E), isolates
///   (U+2066–U+2069) and marks (U+200E, U+200F, U+061C). Each becomes its code point,
///   `⟨U+202E⟩`, in all text, so that `invoice` U+202E `fdp.exe` cannot read as
///   `invoiceexe.pdf`. Marks are included: they cannot reverse letters, but they do reorder
///   the numbers and punctuation beside them (U+200F before `1 2 3` shows `3 2 1`).
/// - C0 controls and DEL have Control Pictures (`␛`, `␇`, `␀`, `␡`) and C1 controls a code
///   point label (`⟨U+009B⟩`): every output shows them so, none drops them silently. (Tabs are
///   spacing, and CR and LF the line breaks above.)
///
/// - Blanks: in one-line text, a run of characters that show as empty space (white space
///   other than line breaks, tabs included; the Hangul fillers U+115F, U+1160, U+3164, U+FFA0;
///   the blank braille pattern U+2800) is one space, so that no name can push what follows
///   it onto a line of its own (``collapsingBlanks(_:)``). Zero-width spaces (U+200B, U+2060,
///   U+FEFF, U+180E) count as blanks in such a run; alone between two letters they show
///   nothing and are dropped, as a reader sees them (Thai marks word breaks so).
/// - Fields: one-line text that names or labels something (everything one-line but the text of
///   system and error messages, ``Role/isNotice``) is also cut at ``fieldLength`` characters
///   with `…` (``field(_:)``). Together with the line rule, no field is longer than a line of
///   output can show whole.
///
/// The functions work on UTF-8 bytes, as the backends' scans do, so that text holding none of
/// these characters (nearly all of it) costs one pass and is never rebuilt.
enum TextControls {
    /// What a line break in one-line text becomes: `↵` (the return key's arrow, U+21B5). Not
    /// `␤` (SYMBOL FOR NEWLINE), which Debian's default fonts (DejaVu) and many others lack, so
    /// that it showed as an empty box; `↵` is in DejaVu, Segoe UI Symbol and Apple's fonts, and
    /// one column wide in a terminal.
    static let lineBreakSymbol: Unicode.Scalar = "\u{21B5}"

    /// Whether `value` is a bidirectional control: shown as its code point in every output.
    static func isBidiControl(_ value: UInt32) -> Bool {
        switch value {
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true
        default: return false
        }
    }

    /// Whether `scalar` is written percent-encoded in a URL (``URLPolicy``): a character a
    /// reader cannot see or tell from a space. Controls and bidi controls; every character
    /// Unicode says to draw as nothing (Default_Ignorable_Code_Point: zero-width spaces and
    /// joiners, the Hangul fillers, variation selectors, tags); every white space (line
    /// breaks, U+00A0, U+3000); and the blank braille pattern U+2800.
    static func isHiddenInURL(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        // Printable ASCII and the letters of most scripts: none of the tests below.
        if (0x21..<0x7F).contains(value) { return false }
        if value < 0xA0 || isBidiControl(value) || value == 0x2800 { return true }
        let properties = scalar.properties
        return properties.isWhitespace || properties.isDefaultIgnorableCodePoint
    }

    /// Whether `value` ends a line (Unicode's mandatory breaks): shown as `↵` in one-line text.
    static func isLineBreak(_ value: UInt32) -> Bool {
        switch value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    // MARK: Bytes

    /// The length in bytes of the line break at `index` (CR LF counts as one), or 0.
    @inline(__always)
    static func lineBreakLength<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at index: Int) -> Int
    where Bytes.Index == Int {
        switch bytes[index] {
        case 0x0D: return index + 1 < bytes.endIndex && bytes[index + 1] == 0x0A ? 2 : 1
        case 0x0A, 0x0B, 0x0C: return 1
        case 0xC2, 0xE2:
            let (value, length) = scalar(bytes, at: index)
            return isLineBreak(value) ? length : 0
        default: return 0
        }
    }

    /// The length in bytes of the bidi control at `index`, or 0.
    @inline(__always)
    static func bidiControlLength<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at index: Int) -> Int
    where Bytes.Index == Int {
        switch bytes[index] {
        // U+061C is D8 9C; U+200E...U+2069 are E2 80 8E...E2 81 A9.
        case 0xD8, 0xE2:
            let (value, length) = scalar(bytes, at: index)
            return isBidiControl(value) ? length : 0
        default: return 0
        }
    }

    /// The scalar starting at `index` and its length; a truncated sequence reads as nothing.
    @inline(__always)
    static func scalar<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at index: Int) -> (value: UInt32, length: Int)
    where Bytes.Index == Int {
        let lead = bytes[index]
        let remaining = bytes.endIndex - index
        switch lead {
        case 0xC0..<0xE0 where remaining >= 2:
            return (UInt32(lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F), 2)
        case 0xE0..<0xF0 where remaining >= 3:
            return (UInt32(lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F), 3)
        default:
            return (UInt32(lead), 1)
        }
    }

    /// Appends the UTF-8 of `value`.
    static func append(_ value: Unicode.Scalar, to output: inout [UInt8]) {
        output.append(contentsOf: String(value).utf8)
    }

    /// Appends `⟨U+202E⟩`: the code point as text, at least four hex digits, in brackets that
    /// are not themselves controls.
    static func appendCodePointLabel(_ value: UInt32, to output: inout [UInt8]) {
        output.append(contentsOf: codePointLabel(value).utf8)
    }

    // MARK: Strings

    /// `⟨U+202E⟩` for `value`.
    static func codePointLabel(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "⟨U+" + String(repeating: "0", count: max(0, 4 - hex.utf8.count)) + hex + "⟩"
    }

    /// The Control Picture of a C0 control or DEL: `␀`...`␟`, `␡`.
    static func controlPicture(_ byte: UInt8) -> Unicode.Scalar {
        byte == 0x7F ? "\u{2421}" : Unicode.Scalar(0x2400 + UInt32(byte & 0x1F))!
    }

    // MARK: Blanks and fields

    /// The most characters (grapheme clusters) a field shows: longer ones are cut with `…`.
    /// Enough for any real name, title or file name, and less than a terminal's line and a
    /// half, so that a field never fills screens or holds a second message's worth of text.
    static let fieldLength = 100

    /// Whether `value` shows as empty space: white space other than line breaks (tab, space,
    /// U+00A0, U+1680, U+2000–U+200A, U+202F, U+205F, U+3000), the Hangul fillers and the blank
    /// braille pattern.
    static func isBlank(_ value: UInt32) -> Bool {
        switch value {
        case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x202F, 0x205F, 0x3000: return true
        case 0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800: return true
        default: return false
        }
    }

    /// Whether `value` is a space of no width: U+200B, U+2060, U+FEFF, U+180E. (Joiners,
    /// U+200C and U+200D, are not: emoji and scripts need them.)
    static func isZeroWidthSpace(_ value: UInt32) -> Bool {
        value == 0x200B || value == 0x2060 || value == 0xFEFF || value == 0x180E
    }

    /// The blank or zero-width space at `index`: its length and whether it shows as space; `nil`
    /// for any other character. All of them are one to three bytes.
    @inline(__always)
    private static func blank(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (length: Int, visible: Bool)? {
        let lead = bytes[index]
        if lead == 0x20 || lead == 0x09 { return (1, true) }
        // U+00A0 is C2 A0; the others are E1 to EF and two more bytes.
        guard lead == 0xC2 || (0xE1...0xEF).contains(lead) else { return nil }
        let (value, length) = scalar(bytes, at: index)
        guard length > 1 else { return nil }
        if isBlank(value) { return (length, true) }
        return isZeroWidthSpace(value) ? (length, false) : nil
    }

    /// `text` with each run of blanks and zero-width spaces made one space, or nothing when the
    /// run has only zero-width spaces. A single space or no-break space stays as it is; line
    /// breaks are not blanks (one-line text shows them as `↵`). The same string when there is
    /// nothing to do.
    static func collapsingBlanks(_ text: String) -> String {
        /// A space, or a no-break space (U+00A0, U+202F: what number, currency and time
        /// formats put between a value and its unit), which alone pushes nothing anywhere.
        func isLoneSpace(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
            if bytes[index] == 0x20 { return true }
            if bytes[index] == 0xC2 { return index + 1 < bytes.count && bytes[index + 1] == 0xA0 }
            return bytes[index] == 0xE2 && index + 2 < bytes.count && bytes[index + 1] == 0x80 && bytes[index + 2] == 0xAF
        }
        return text.withUTF8Bytes { bytes -> String? in
            var output: [UInt8] = []
            var copiedUpTo = 0
            // Most fields are short ASCII with single spaces: their words pass eight bytes at a
            // time. A run of blanks may start at the last byte passed.
            var index = bytes.endOfWordsWithoutBlankRuns()
            if index > 0 && bytes[index - 1] == 0x20 { index -= 1 }
            while index < bytes.count {
                let lead = bytes[index]
                // Most bytes are letters: only a space, a tab or one of these lead bytes may start a blank.
                guard lead == 0x20 || lead == 0x09 || lead == 0xC2 || (0xE1...0xEF).contains(lead) else {
                    index += 1
                    continue
                }
                var end = index
                var visible = false
                var count = 0
                while end < bytes.count, let found = blank(bytes, at: end) {
                    visible = visible || found.visible
                    count += 1
                    end += found.length
                }
                if end == index || (count == 1 && isLoneSpace(bytes, at: index)) {
                    index = max(end, index + 1)
                    continue
                }
                if output.isEmpty { output.reserveCapacity(bytes.count) }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copiedUpTo..<index]))
                if visible { output.append(0x20) }
                index = end
                copiedUpTo = end
            }
            guard copiedUpTo > 0 else { return nil }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copiedUpTo...]))
            return String(decoding: output, as: UTF8.self)
        } ?? text
    }

    /// A field as every output shows it: blanks collapsed (``collapsingBlanks(_:)``), then cut
    /// to ``fieldLength`` characters with `…` at a character's boundary. A cut file name keeps
    /// its extension after the `…` (`minutes-of-the-….pdf`), so that a reader still sees what
    /// kind of file it is. The same string when there is nothing to do.
    static func field(_ text: String) -> String {
        cut(collapsingBlanks(text), to: fieldLength)
    }

    /// `text` cut to `length` characters with `…` (keeping a file extension after it), or `text`
    /// when it is no longer. A string of no more bytes than `length` is never counted.
    static func cut(_ text: String, to length: Int) -> String {
        guard text.utf8.count > length else { return text }
        var end = text.startIndex
        for _ in 0..<length {
            guard end < text.endIndex else { return text }
            text.formIndex(after: &end)
        }
        guard end < text.endIndex else { return text }
        let suffix = fileExtension(of: text)
        var head = text[..<text.index(text.startIndex, offsetBy: length - 1 - suffix.count)]
        // The cut does not end on a space before `…`.
        while let last = head.last, last == " " { head = head.dropLast() }
        return String(head) + "…" + suffix
    }

    /// The extension `text` ends with, dot included (`.pdf`, `.tar`): a dot and one to eight ASCII
    /// letters and digits, one a letter at least; `""` when it ends otherwise.
    static func fileExtension(of text: String) -> String {
        let bytes = text.utf8
        var letters = false
        var count = 0
        for byte in bytes.reversed() {
            if byte == UInt8(ascii: ".") {
                guard count > 0, letters else { return "" }
                return String(text.utf8.suffix(count + 1))!
            }
            guard byte.isASCIILetterOrDigit, count < 8 else { return "" }
            letters = letters || byte.isASCIILetter
            count += 1
        }
        return ""
    }

    /// `text` on one line: every line break shown as `↵`. The same string when it has none.
    static func oneLine(_ text: String) -> String {
        return text.withUTF8Bytes { bytes -> String? in
            var output: [UInt8] = []
            var runStart = 0
            var index = 0
            while index < bytes.count {
                let length = lineBreakLength(bytes, at: index)
                guard length > 0 else {
                    index += 1
                    continue
                }
                if output.isEmpty { output.reserveCapacity(bytes.count + 8) }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                append(lineBreakSymbol, to: &output)
                index += length
                runStart = index
            }
            guard runStart > 0 else { return nil }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
            return String(decoding: output, as: UTF8.self)
        } ?? text
    }
}
