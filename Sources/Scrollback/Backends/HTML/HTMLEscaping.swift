/// Escaping of untrusted strings for HTML text, double-quoted attributes and URLs.
///
/// Text and attribute values share one escaping: `&`, `<`, `>`, `"` and `'` become character
/// references, so a value is safe in either context. Tabs stay.
///
/// Controls are shown as the other outputs show them (``TextControls``), never dropped
/// silently: C0 controls and DEL as their Control Pictures (`␀`, `␛`, `␇`, `␡`), C1 controls
/// and bidi controls as their code point (`⟨U+009B⟩`, `⟨U+202E⟩`), in all text, attribute
/// values included, so that a reader sees what was sent and nothing reorders what follows.
/// Line breaks in one-line text (``Content/line``) are `↵`; in message text (``Content/lines``)
/// CR LF and CR become LF. A URL is only escaped: ``URLPolicy`` let no control into it.
enum HTMLEscaping {
    /// What a string is, which decides what happens to its line breaks and bidi controls.
    enum Content {
        /// One line: a name, a title, a label, an attribute value. Each line break is `↵`.
        case line
        /// Message text, which may run over lines: `\r\n` and a lone `\r` become `\n`, and line
        /// feeds stay (they matter in `pre`; elsewhere HTML shows them as spaces).
        case lines
        /// A URL that passed ``URLPolicy``: escaped and nothing else, so it leads where it says.
        case url
    }

    /// Writes `string` escaped. When it holds nothing to escape, the string is written as is,
    /// found by one scan of its UTF-8 bytes.
    static func write(_ string: String, as content: Content = .line, to output: inout BackendOutput) {
        string.withUTF8Bytes { write(utf8: $0, as: content, to: &output) }
    }

    /// Writes text given as its UTF-8 bytes escaped, as ``write(_:as:to:)`` writes a string.
    static func write(utf8 bytes: UnsafeBufferPointer<UInt8>, as content: Content = .line, to output: inout BackendOutput) {
        if let first = firstSpecialByteIndex(in: bytes, content: content) {
            escapedBytes(bytes, from: first, content: content).withUnsafeBufferPointer { output.write(utf8: $0) }
        } else {
            output.write(utf8: bytes)
        }
    }

    /// Appends text given as its UTF-8 bytes to `result`, escaped as ``write(utf8:as:to:)``
    /// writes it: for markup made once and written many times.
    static func append(utf8 bytes: UnsafeBufferPointer<UInt8>, as content: Content = .line, to result: inout [UInt8]) {
        if let first = firstSpecialByteIndex(in: bytes, content: content) {
            result.append(contentsOf: escapedBytes(bytes, from: first, content: content))
        } else {
            result.append(contentsOf: bytes)
        }
    }

    /// `string` escaped, for callers that need the value rather than a write.
    static func escape(_ string: String, as content: Content = .line) -> String {
        let escaped: String? = string.withUTF8Bytes { bytes in
            guard let first = firstSpecialByteIndex(in: bytes, content: content) else { return nil }
            return String(decoding: escapedBytes(bytes, from: first, content: content), as: UTF8.self)
        }
        return escaped ?? string
    }

    /// A class name for a role: `sb-` and the role's raw value with only `[a-z0-9-]` kept
    /// (capitals lowered), so no role can leave the class attribute or the CSS selector.
    static func className(for role: Role) -> String {
        "sb-" + identifier(role.rawValue, fallback: "plain")
    }

    /// `raw` reduced to `[a-z0-9-]`: capitals are lowered (with a hyphen before them when they
    /// follow a lower-case letter or digit, so `textLowEmphasis` gives `text-low-emphasis`)
    /// and every other character is dropped.
    static func identifier(_ raw: String, fallback: String) -> String {
        // Read in place: every element of a page asks, most for a role already safe.
        if isIdentifier(raw) { return raw }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.utf8.count + 4)
        var previousIsLowerOrDigit = false
        for byte in raw.utf8 {
            if isIdentifierByte(byte) {
                bytes.append(byte)
                previousIsLowerOrDigit = byte != UInt8(ascii: "-")
            } else if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") {
                if previousIsLowerOrDigit { bytes.append(UInt8(ascii: "-")) }
                bytes.append(byte | 0x20)
                // A run of capitals (an acronym) stays one word: `URLField` gives `urlfield`.
                previousIsLowerOrDigit = false
            } else {
                previousIsLowerOrDigit = false
            }
        }
        return bytes.isEmpty ? fallback : String(decoding: bytes, as: UTF8.self)
    }

    /// Writes ``identifier(_:fallback:)`` of `raw`: `raw`'s own bytes when it already is one,
    /// as every built-in role's name is, with no string made for them.
    static func write(identifier raw: String, fallback: String, to output: inout BackendOutput) {
        let written = raw.withUTF8Bytes { bytes in
            guard isIdentifier(bytes) else { return false }
            output.write(utf8: bytes)
            return true
        }
        if !written { output.write(identifier(raw, fallback: fallback)) }
    }

    /// Whether `raw` is its own ``identifier(_:fallback:)``: not empty, and all `[a-z0-9-]`.
    private static func isIdentifier(_ raw: String) -> Bool {
        raw.withUTF8Bytes(isIdentifier)
    }

    private static func isIdentifier(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        !bytes.isEmpty && bytes.allSatisfy(isIdentifierByte)
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: "-")
    }

    /// The index of the first byte that needs work, or `nil` for the common clean string.
    private static func firstSpecialByteIndex(in bytes: UnsafeBufferPointer<UInt8>, content: Content) -> Int? {
        var index = 0
        let count = bytes.count
        // Sixteen bytes at a time, straight to the first that may need work (``mayNeedWork(_:)``);
        // then eight at a time, any word that holds one looked at byte by byte.
        var plainUntil = 0
        while index < count {
            if index + 16 <= count, let base = bytes.baseAddress {
                let offset = ByteBlock.firstOffset(in: mayNeedWork(ByteBlock(at: base + index)))
                index += offset
                if offset == 16 { continue }
            } else if index >= plainUntil, index + 8 <= count, let base = bytes.baseAddress {
                if !mayNeedWork(ByteWord(at: base + index)) {
                    index += 8
                    continue
                }
                plainUntil = index + 8
            }
            let byte = bytes[index]
            if byte < 0x80 {
                if isSpecialASCII(byte) || (byte == UInt8(ascii: "\n") && content == .line) { return index }
            } else if byte == 0xC2, index + 1 < count, bytes[index + 1] < 0xA0 {
                // U+0080...U+009F, the C1 controls, are C2 80...C2 9F in UTF-8.
                return index
            } else if (byte == 0xD8 || byte == 0xE2) && content != .url && controlLength(bytes, at: index, content: content) > 0 {
                return index
            }
            index += 1
        }
        return nil
    }

    /// Whether any of the eight bytes is one of `&<>"'` or may start a control
    /// (``ByteWord/mayStartControl``): other characters' bytes pass eight at a time.
    @inline(__always)
    private static func mayNeedWork(_ word: ByteWord) -> Bool {
        word.equal(to: 0x26) | word.equal(to: 0x3C) | word.equal(to: 0x3E) | word.equal(to: 0x22) | word.equal(to: 0x27) != 0
            || word.mayStartControl
    }

    /// The bytes of `block` that may need work, as ``mayNeedWork(_:)`` finds them in a word.
    @inline(__always)
    private static func mayNeedWork(_ block: ByteBlock) -> ByteBlock.Mask {
        block.equal(to: 0x26) .| block.equal(to: 0x3C) .| block.equal(to: 0x3E) .| block.equal(to: 0x22) .| block.equal(to: 0x27)
            .| block.mayStartControl
    }

    /// The length of a line break (in one-line text) or a bidi control at `index`, or 0.
    @inline(__always)
    private static func controlLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, content: Content) -> Int {
        if content == .line {
            let length = TextControls.lineBreakLength(bytes, at: index)
            if length > 0 { return length }
        }
        return TextControls.bidiControlLength(bytes, at: index)
    }

    @inline(__always)
    private static func isSpecialASCII(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"), 0x7F:
            return true
        case UInt8(ascii: "\t"), UInt8(ascii: "\n"):
            return false
        default:
            return byte < 0x20
        }
    }

    /// The end of the run from `index` of bytes that every kind of content keeps as they are:
    /// printable ASCII but `&<>"'`, tabs, and bytes of other characters except the lead bytes
    /// that may start a C1 control, a line break or a bidi control.
    private static func endOfPlainRun(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        var end = index
        while end + 16 <= bytes.count, let base = bytes.baseAddress {
            let offset = ByteBlock.firstOffset(in: mayNeedWork(ByteBlock(at: base + end)))
            end += offset
            if offset < 16 { break }
        }
        while end + 8 <= bytes.count, let base = bytes.baseAddress,
            !mayNeedWork(ByteWord(at: base + end))
        {
            end += 8
        }
        while end < bytes.count {
            let byte = bytes[end]
            let isPlain =
                byte >= 0x80
                ? byte != 0xC2 && byte != 0xD8 && byte != 0xE2
                : (byte >= 0x20 && !isSpecialASCII(byte)) || byte == UInt8(ascii: "\t")
            guard isPlain else { break }
            end += 1
        }
        return end
    }

    /// Copies `bytes` into a new buffer, escaping from `start` on: one allocation, written out
    /// as it is (a string made of it would check and copy its bytes again).
    private static func escapedBytes(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, content: Content) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + bytes.count / 8 + 16)
        result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[0..<start]))
        var index = start
        let count = bytes.count
        while index < count {
            // Bytes kept as they are, most of any string, are copied a run at a time.
            let runEnd = endOfPlainRun(bytes, from: index)
            if runEnd > index {
                result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<runEnd]))
                index = runEnd
                if index == count { break }
            }
            let byte = bytes[index]
            if content != .url, byte < 0x20 || byte == 0xC2 || byte == 0xD8 || byte == 0xE2 {
                let lineBreak = content == .line ? TextControls.lineBreakLength(bytes, at: index) : 0
                if lineBreak > 0 {
                    TextControls.append(TextControls.lineBreakSymbol, to: &result)
                    index += lineBreak
                    continue
                }
                let bidi = TextControls.bidiControlLength(bytes, at: index)
                if bidi > 0 {
                    TextControls.appendCodePointLabel(TextControls.scalar(bytes, at: index).value, to: &result)
                    index += bidi
                    continue
                }
            }
            index += 1
            switch byte {
            case UInt8(ascii: "&"): result.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): result.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): result.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): result.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): result.append(contentsOf: "&#39;".utf8)
            case UInt8(ascii: "\t"), UInt8(ascii: "\n"): result.append(byte)
            case UInt8(ascii: "\r"):
                if index < count, bytes[index] == UInt8(ascii: "\n") { continue }
                result.append(UInt8(ascii: "\n"))
            // What is left of C0, DEL and C1 is shown; in a URL (which ``URLPolicy`` refuses with
            // them) it is dropped.
            case 0x00..<0x20, 0x7F:
                if content != .url { TextControls.append(TextControls.controlPicture(byte), to: &result) }
            case 0xC2 where index < count && bytes[index] < 0xA0:
                if content != .url { TextControls.appendCodePointLabel(UInt32(bytes[index]), to: &result) }
                index += 1
            default: result.append(byte)
            }
        }
        return result
    }
}
