/// Makes message text safe to print to a terminal: nothing from a message may reach the
/// terminal as a control.
///
/// - C0 controls, DEL and ESC (and so every escape sequence: CSI, OSC titles, clipboard
///   writes and hyperlinks, DCS, APC, PM, SOS) become visible Control Pictures
///   (`␛`, `␇`, `␀`, `␡`, ...). The rest of an escape sequence stays as the harmless
///   text it is, so a reader sees what was attempted.
/// - C1 controls (U+0080–U+009F, which some terminals obey like ESC sequences) become
///   `⟨U+009B⟩`.
/// - Bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) become
///   `⟨U+202E⟩`, so no message can reorder what a reader sees after it.
/// - A tab becomes four spaces; CR LF becomes LF; a lone CR and a backspace become `␍` and `␈`.
/// - LF stays: it is a line break the layout handles (or `␤` with `keepingNewlines: false`).
public enum TerminalSanitizer {
    /// The text with every control shown visibly; the same string when nothing needed work.
    public static func sanitize(_ text: String, keepingNewlines: Bool = true) -> String {
        let clean = text.utf8.withContiguousStorageIfAvailable { isClean($0, keepingNewlines: keepingNewlines) }
            ?? isClean(Array(text.utf8), keepingNewlines: keepingNewlines)
        if clean { return text }
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count + 16)
        let rewritten: Void? = text.utf8.withContiguousStorageIfAvailable {
            rewrite($0, keepingNewlines: keepingNewlines, into: &output)
        }
        if rewritten == nil { rewrite(Array(text.utf8), keepingNewlines: keepingNewlines, into: &output) }
        return String(decoding: output, as: UTF8.self)
    }

    /// Sanitizes any string-like value.
    public static func sanitize(_ text: some StringProtocol, keepingNewlines: Bool = true) -> String {
        sanitize(String(text), keepingNewlines: keepingNewlines)
    }

    /// The length of the dangerous sequence starting at `index`, or 0. Only called for bytes
    /// that can start one, so the fast path stays a simple byte comparison.
    @inline(__always)
    private static func unsafeSequenceLength<Bytes: RandomAccessCollection<UInt8>>(
        _ bytes: Bytes, at index: Bytes.Index, keepingNewlines: Bool
    ) -> Int where Bytes.Index == Int {
        let byte = bytes[index]
        if byte < 0x20 { return byte == 0x0A && keepingNewlines ? 0 : 1 }
        if byte == 0x7F { return 1 }
        let remaining = bytes.endIndex - index
        switch byte {
        case 0xC2:
            // C1 controls: U+0080–U+009F are C2 80 – C2 9F.
            if remaining >= 2, (0x80...0x9F).contains(bytes[index + 1]) { return 2 }
        case 0xD8:
            // U+061C ARABIC LETTER MARK.
            if remaining >= 2, bytes[index + 1] == 0x9C { return 2 }
        case 0xE2:
            guard remaining >= 3 else { return 0 }
            let second = bytes[index + 1], third = bytes[index + 2]
            // U+200E, U+200F, U+202A–U+202E are E2 80 8E/8F/AA–AE; U+2066–U+2069 are E2 81 A6–A9.
            if second == 0x80, third == 0x8E || third == 0x8F || (0xAA...0xAE).contains(third) { return 3 }
            if second == 0x81, (0xA6...0xA9).contains(third) { return 3 }
        default:
            break
        }
        return 0
    }

    @inline(__always)
    private static func mayStartUnsafeSequence(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2
    }

    private static func isClean<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, keepingNewlines: Bool) -> Bool
    where Bytes.Index == Int {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if mayStartUnsafeSequence(bytes[index]),
               unsafeSequenceLength(bytes, at: index, keepingNewlines: keepingNewlines) > 0 {
                return false
            }
            index += 1
        }
        return true
    }

    private static func rewrite<Bytes: RandomAccessCollection<UInt8>>(
        _ bytes: Bytes, keepingNewlines: Bool, into output: inout [UInt8]
    ) where Bytes.Index == Int {
        var runStart = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            guard mayStartUnsafeSequence(byte) else {
                index += 1
                continue
            }
            let length = unsafeSequenceLength(bytes, at: index, keepingNewlines: keepingNewlines)
            guard length > 0 else {
                index += 1
                continue
            }
            output.append(contentsOf: bytes[runStart..<index])
            switch length {
            case 1:
                switch byte {
                case 0x09:
                    output.append(contentsOf: [0x20, 0x20, 0x20, 0x20])
                case 0x0D where keepingNewlines && index + 1 < bytes.endIndex && bytes[index + 1] == 0x0A:
                    // CR LF is an ordinary line ending: keep only the LF.
                    break
                case 0x0A:
                    appendScalar(0x2424, to: &output)  // ␤
                case 0x7F:
                    appendScalar(0x2421, to: &output)  // ␡
                default:
                    appendScalar(0x2400 + UInt32(byte), to: &output)  // ␀ … ␟, ␛ for ESC
                }
            case 2 where byte == 0xC2:
                appendCodePointLabel(UInt32(bytes[index + 1]), to: &output)
            case 2:
                appendCodePointLabel(0x061C, to: &output)
            default:
                let value = 0x2000 | (UInt32(bytes[index + 1] & 0x3F) << 6) | UInt32(bytes[index + 2] & 0x3F)
                appendCodePointLabel(value, to: &output)
            }
            index += length
            runStart = index
        }
        output.append(contentsOf: bytes[runStart..<bytes.endIndex])
    }

    private static func appendScalar(_ value: UInt32, to output: inout [UInt8]) {
        output.append(contentsOf: String(Unicode.Scalar(value)!).utf8)
    }

    /// `⟨U+202E⟩`: the code point as text, in brackets that are not themselves controls.
    private static func appendCodePointLabel(_ value: UInt32, to output: inout [UInt8]) {
        appendScalar(0x27E8, to: &output)
        output.append(contentsOf: "U+".utf8)
        let hex = String(value, radix: 16, uppercase: true)
        output.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: max(0, 4 - hex.utf8.count)))
        output.append(contentsOf: hex.utf8)
        appendScalar(0x27E9, to: &output)
    }
}
