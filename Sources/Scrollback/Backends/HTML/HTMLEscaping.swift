/// Escaping of untrusted strings for HTML text, double-quoted attributes and URLs.
///
/// Text and attribute values share one escaping: `&`, `<`, `>`, `"` and `'` become character
/// references, so a value is safe in either context. Characters a browser would treat as
/// controls are cleaned on the way: U+0000 becomes U+FFFD, a lone carriage return becomes a
/// line feed (`\r\n` becomes `\n`), and every other C0 control, DEL and the C1 controls are
/// dropped. Tabs and line feeds stay (they matter in `pre`; elsewhere HTML shows them as spaces).
enum HTMLEscaping {
    /// Writes `string` escaped. When it holds nothing to escape, the string is written as is,
    /// found by one scan of its UTF-8 bytes.
    static func write<Output: TextOutputStream>(_ string: String, to output: inout Output) {
        var string = string
        let escaped: String? = string.withUTF8 { bytes in
            guard let first = firstSpecialByteIndex(in: bytes) else { return nil }
            return escapedString(bytes, from: first)
        }
        output.write(escaped ?? string)
    }

    /// `string` escaped, for callers that need the value rather than a write.
    static func escape(_ string: String) -> String {
        var string = string
        let escaped: String? = string.withUTF8 { bytes in
            guard let first = firstSpecialByteIndex(in: bytes) else { return nil }
            return escapedString(bytes, from: first)
        }
        return escaped ?? string
    }

    /// Writes a URL from message data for an attribute (`href`, `src`), or returns `false` and
    /// writes nothing when ``URLPolicy`` refuses it.
    @discardableResult
    static func writeURL<Output: TextOutputStream>(_ url: String, to output: inout Output) -> Bool {
        guard let allowed = URLPolicy.sanitize(url) else { return false }
        write(allowed, to: &output)
        return true
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
        var isSafe = !raw.isEmpty
        for byte in raw.utf8 where !isIdentifierByte(byte) {
            isSafe = false
            break
        }
        if isSafe { return raw }
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

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: "-")
    }

    /// The index of the first byte that needs work, or `nil` for the common clean string.
    private static func firstSpecialByteIndex(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte < 0x80 {
                if isSpecialASCII(byte) { return index }
            } else if byte == 0xC2, index + 1 < count, bytes[index + 1] < 0xA0 {
                // U+0080...U+009F, the C1 controls, are C2 80...C2 9F in UTF-8.
                return index
            }
            index += 1
        }
        return nil
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

    /// Copies `bytes` into a new buffer, escaping from `start` on. One allocation, one string.
    private static func escapedString(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + bytes.count / 8 + 16)
        result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[0..<start]))
        var index = start
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
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
            case 0x00: result.append(contentsOf: [0xEF, 0xBF, 0xBD])
            case 0x01..<0x20, 0x7F: continue
            case 0xC2 where index < count && bytes[index] < 0xA0: index += 1
            default: result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
