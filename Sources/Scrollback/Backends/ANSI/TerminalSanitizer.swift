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
/// - A tab becomes the spaces to the next tab stop, every 8 columns as in a terminal, counted
///   from the start of its line in `text` (a code block's line, a paragraph's): tab-aligned
///   columns stay aligned, and no tab reaches the terminal, whose own tab would jump past a
///   bubble's border.
/// - Multi-line text (`keepingNewlines`, the default): LF stays, a line break the layout
///   handles; CR LF becomes LF; a lone CR becomes `␍`, like the other C0 controls. The line and
///   paragraph separators U+2028 and U+2029 become LF: terminals draw nothing for them (they
///   have no `wcwidth`) and do not break the line either.
/// - One-line text (`keepingNewlines: false`): every line break (LF, CR, CR LF, VT, FF, NEL,
///   U+2028, U+2029) becomes one `↵`, as in the other outputs.
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

    /// What starts at a byte: nothing to change, a line break to show as `↵`, or another control.
    private enum Sequence {
        case none
        case lineBreak(length: Int)
        /// U+2028 or U+2029 in multi-line text: a line break written as LF.
        case separator
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
        // U+2028 and U+2029 are E2 80 A8 and E2 80 A9 (in one-line text, line breaks above).
        if byte == 0xE2, index + 2 < bytes.endIndex, bytes[index + 1] == 0x80, bytes[index + 2] & 0xFE == 0xA8 { return .separator }
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
        // Where the output's last tab ended and its column: the next one is counted on from there.
        var tabStop = (offset: 0, column: 0)
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
            case .separator:
                output.append(contentsOf: bytes[runStart..<index])
                output.append(0x0A)
                length = 3
            case .control(let found):
                output.append(contentsOf: bytes[runStart..<index])
                length = found
                switch byte {
                case 0x09:
                    tabStop = expandTab(&output, after: tabStop)
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

    /// The width of a tab stop, as in terminals.
    static let tabWidth = 8

    /// Appends the spaces from the end of `output` to the next tab stop. `previous` is where the
    /// last tab's spaces ended and its column, so that a line of many tabs is measured once.
    /// Returns the same for this tab.
    private static func expandTab(_ output: inout [UInt8], after previous: (offset: Int, column: Int)) -> (offset: Int, column: Int) {
        var start = previous
        if let lineFeed = output[previous.offset...].lastIndex(of: 0x0A) { start = (lineFeed + 1, 0) }
        // Measured as the layout will measure it: without the emoji selectors it drops.
        let piece = String(decoding: output[start.offset...], as: UTF8.self)
        let column = start.column + DisplayWidth.of(DisplayWidth.withoutAmbiguousEmojiSelectors(piece))
        let spaces = tabWidth - column % tabWidth
        output.append(contentsOf: repeatElement(0x20, count: spaces))
        return (output.count, column + spaces)
    }
}
