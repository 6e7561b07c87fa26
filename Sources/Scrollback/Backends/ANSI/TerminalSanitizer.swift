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
///   `⟨U+202E⟩`, so no message can reorder what a reader sees after it. HTML and Markdown
///   output show them the same way (one list for all three, in `TextControls`).
/// - A tab becomes four spaces.
/// - Multi-line text (`keepingNewlines`, the default): LF stays, a line break the layout
///   handles; CR LF becomes LF; a lone CR becomes `␍`, like the other C0 controls.
/// - One-line text (`keepingNewlines: false`): every line break (LF, CR, CR LF, VT, FF, NEL,
///   U+2028, U+2029) becomes one `␤`, as in the other outputs.
package enum TerminalSanitizer {
    /// The text with every control shown visibly; the same string when nothing needed work.
    package static func sanitize(_ text: String, keepingNewlines: Bool = true) -> String {
        let clean =
            text.utf8.withContiguousStorageIfAvailable { isClean(afterPrintableASCII: $0, keepingNewlines: keepingNewlines) }
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
    package static func sanitize(_ text: some StringProtocol, keepingNewlines: Bool = true) -> String {
        sanitize(String(text), keepingNewlines: keepingNewlines)
    }

    /// What starts at a byte: nothing to change, a line break to show as `␤`, or another control.
    private enum Sequence {
        case none
        case lineBreak(length: Int)
        case control(length: Int)
    }

    /// The dangerous sequence starting at `index`. Only called for bytes that can start one,
    /// so the fast path stays a simple byte comparison.
    @inline(__always)
    private static func sequence<Bytes: RandomAccessCollection<UInt8>>(
        _ bytes: Bytes, at index: Bytes.Index, keepingNewlines: Bool
    ) -> Sequence where Bytes.Index == Int {
        let byte = bytes[index]
        if !keepingNewlines {
            let length = TextControls.lineBreakLength(bytes, at: index)
            if length > 0 { return .lineBreak(length: length) }
        }
        if byte < 0x20 { return byte == 0x0A ? .none : .control(length: 1) }
        if byte == 0x7F { return .control(length: 1) }
        // C1 controls: U+0080–U+009F are C2 80 – C2 9F.
        if byte == 0xC2, index + 1 < bytes.endIndex, (0x80...0x9F).contains(bytes[index + 1]) { return .control(length: 2) }
        let bidi = TextControls.bidiControlLength(bytes, at: index)
        return bidi > 0 ? .control(length: bidi) : .none
    }

    @inline(__always)
    private static func mayStartUnsafeSequence(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2
    }

    /// ``isClean(_:keepingNewlines:)`` after skipping, eight bytes at a time, the printable
    /// ASCII that most text is: no byte from 0x20 to 0x7E starts an unsafe sequence.
    private static func isClean(afterPrintableASCII bytes: UnsafeBufferPointer<UInt8>, keepingNewlines: Bool) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        var index = 0
        while index + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            // A high bit where a byte is under 0x20, or is 0x7F or more (adding 1 reaches 0x80).
            let below = (word &- ones &* 0x20) & ~word
            let above = word | (word & ~highBits) &+ ones
            if (below | above) & highBits != 0 { break }
            index += 8
        }
        return isClean(UnsafeBufferPointer(rebasing: bytes[index...]), keepingNewlines: keepingNewlines)
    }

    private static func isClean<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, keepingNewlines: Bool) -> Bool
    where Bytes.Index == Int {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if mayStartUnsafeSequence(bytes[index]) {
                if case .none = sequence(bytes, at: index, keepingNewlines: keepingNewlines) {} else { return false }
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
            let length: Int
            switch sequence(bytes, at: index, keepingNewlines: keepingNewlines) {
            case .none:
                index += 1
                continue
            case .lineBreak(let found):
                output.append(contentsOf: bytes[runStart..<index])
                TextControls.append(TextControls.lineBreakSymbol, to: &output)
                length = found
            case .control(let found):
                output.append(contentsOf: bytes[runStart..<index])
                length = found
                switch byte {
                case 0x09:
                    output.append(contentsOf: [0x20, 0x20, 0x20, 0x20])
                case 0x0D where index + 1 < bytes.endIndex && bytes[index + 1] == 0x0A:
                    // CR LF is an ordinary line ending: keep only the LF.
                    break
                case ..<0x20, 0x7F:
                    TextControls.append(TextControls.controlPicture(byte), to: &output) // ␀ … ␟, ␛ for ESC, ␡
                default:
                    TextControls.appendCodePointLabel(TextControls.scalar(bytes, at: index).value, to: &output)
                }
            }
            index += length
            runStart = index
        }
        output.append(contentsOf: bytes[runStart..<bytes.endIndex])
    }
}
