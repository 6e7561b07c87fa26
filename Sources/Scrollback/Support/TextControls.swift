/// The characters in message data that act on text, breaking its lines or reordering it,
/// instead of being read, and the visible form every output shows in their place. The
/// terminal sanitizer, HTML escaping and the Markdown renderer all ask here, so the three
/// outputs agree.
///
/// - Line breaks: LF, CR, CR LF, VT, FF, NEL, U+2028 and U+2029. In one-line text (a name, a
///   title, a label: everything but message text, see ``Role/allowsLineBreaks``) each becomes
///   `␤`, so that no name can start a line that looks like another author's.
/// - Bidirectional controls: embeddings and overrides (U+202A–U+202E), isolates
///   (U+2066–U+2069) and marks (U+200E, U+200F, U+061C). Each becomes its code point,
///   `⟨U+202E⟩`, in all text, so that `invoice` U+202E `fdp.exe` cannot read as
///   `invoiceexe.pdf`. Marks are included: they cannot reverse letters, but they do reorder
///   the numbers and punctuation beside them (U+200F before `1 2 3` shows `3 2 1`).
/// - C0 controls and DEL have Control Pictures (`␛`, `␇`, `␀`, `␡`) and C1 controls a code
///   point label (`⟨U+009B⟩`): every output shows them so, none drops them silently. (Tabs are
///   spacing, and CR and LF the line breaks above.)
///
/// The functions work on UTF-8 bytes, as the backends' scans do, so that text holding none of
/// these characters (nearly all of it) costs one pass and is never rebuilt.
enum TextControls {
    /// What a line break in one-line text becomes: `␤` (SYMBOL FOR NEWLINE).
    static let lineBreakSymbol: Unicode.Scalar = "\u{2424}"

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

    /// Whether `value` ends a line (Unicode's mandatory breaks): shown as `␤` in one-line text.
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

    /// `text` on one line: every line break shown as `␤`. The same string when it has none.
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
