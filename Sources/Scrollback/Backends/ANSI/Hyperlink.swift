/// OSC 8 terminal hyperlinks: `ESC ] 8 ; ; URL ESC \` before the text, `ESC ] 8 ; ; ESC \` after.
package enum Hyperlink {
    /// Ends the current hyperlink.
    package static let close = "\u{1B}]8;;\u{1B}\\"

    /// Starts a hyperlink to `target`, which must already be ``terminalSafe(_:)``.
    package static func open(_ target: String) -> String {
        "\u{1B}]8;;" + target + "\u{1B}\\"
    }

    /// `url` (already allowed by ``URLPolicy``) as an OSC 8 target: every byte that could end
    /// or bend the sequence (controls, space, DEL) and every non-ASCII byte is percent-encoded,
    /// so the target is printable ASCII only.
    package static func terminalSafe(_ url: String) -> String {
        let needsWork = url.utf8.contains { $0 < 0x21 || $0 >= 0x7F }
        guard needsWork else { return url }
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(url.utf8.count + 16)
        for byte in url.utf8 {
            if byte < 0x21 || byte >= 0x7F {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The host of `url` for showing beside a link's label, or `nil` when it has none
    /// (mailto:, tel:).
    static func host(of url: String) -> String? {
        if let host = asciiHost(of: url) { return host }
        return url.utf8.contains(where: { $0 >= 0x80 }) ? characterHost(of: url) : nil
    }

    /// ``host(of:)`` by its definition, on characters.
    static func characterHost(of url: String) -> String? {
        guard let schemeEnd = url.range(of: "://") else { return nil }
        let rest = url[schemeEnd.upperBound...]
        var authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        return authority.isEmpty ? nil : String(authority)
    }

    /// ``host(of:)`` of an ASCII URL, byte by byte (every link of a transcript is measured);
    /// `nil` when it has none or is not ASCII.
    static func asciiHost(of url: String) -> String? {
        let bytes = Array(url.utf8)
        guard !bytes.contains(where: { $0 >= 0x80 }), bytes.count >= 3 else { return nil }
        guard let colon = (0..<(bytes.count - 2)).first(where: { bytes[$0] == 0x3A && bytes[$0 + 1] == 0x2F && bytes[$0 + 2] == 0x2F })
        else { return nil }
        var start = colon + 3
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "/"), bytes[end] != UInt8(ascii: "?"), bytes[end] != UInt8(ascii: "#") {
            end += 1
        }
        if let at = bytes[start..<end].lastIndex(of: UInt8(ascii: "@")) { start = at + 1 }
        return start < end ? String(decoding: bytes[start..<end], as: UTF8.self) : nil
    }
}
