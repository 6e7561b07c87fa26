import Foundation

/// The scheme allow-list every backend applies to URLs from message data.
///
/// A URL is judged the way a browser would read it: HTML character references decoded,
/// control characters and whitespace removed, the scheme compared case-insensitively. Only
/// `http`, `https`, `mailto` and `tel` pass. Relative URLs do not, since a transcript has no
/// base to resolve them against, with one exception: a bare file name of the transcript's own
/// kind (`002-general.html#m-42`), the links between the files of one transcript.
///
/// A URL that passes is written with every character a reader cannot see percent-encoded as
/// its UTF-8 bytes (`TextControls.isHiddenInURL(_:)`: bidi controls, invisible and blank
/// characters), so that `href`, `src`, an OSC 8 target and a Markdown destination never carry
/// U+202E raw: `https://example.org/%E2%80%AEfdp.exe`. The text of a link already shows such a
/// character as `⟨U+202E⟩`; its address now says the same, in a URL's own way.
public enum URLPolicy {
    /// The schemes a URL from message data may have: `http`, `https`, `mailto` and `tel`.
    public static let allowedSchemes: Set<String> = ["http", "https", "mailto", "tel"]

    /// The URL to emit, or `nil` when it must not be used. The result is the trimmed original,
    /// its hidden characters percent-encoded, still to be escaped for its context by the backend.
    public static func sanitize(_ url: String) -> String? {
        let verdict = url.withUTF8Bytes { bytes -> String?? in
            if isSiblingDocument(bytes) { return .some(url) }
            return fastVerdict(url, bytes: bytes)
        }
        if let verdict { return verdict }
        return generalVerdict(url)
    }

    /// The definition: trim, decode character references, read the scheme, refuse controls.
    static func generalVerdict(_ url: String) -> String? {
        let trimmed = url.trimmingCharacters(in: .whitespacesAndNewlines.union(.controlCharacters))
        guard !trimmed.isEmpty, let scheme = scheme(of: trimmed) else { return nil }
        guard allowedSchemes.contains(scheme) else { return nil }
        // A URL with raw controls or spaces inside is malformed; browsers would strip them,
        // which could hide a different scheme. Refuse rather than guess.
        guard !trimmed.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F || (0x80...0x9F).contains($0.value) })
        else { return nil }
        return encodingHiddenCharacters(trimmed)
    }

    /// `url` with each character `TextControls.isHiddenInURL(_:)` names percent-encoded, byte
    /// by byte of its UTF-8 (`%E2%80%AE`); the same string when it has none. A browser reads
    /// the encoded URL as it would the raw one (it encodes them itself before sending), so the
    /// link still leads where it did. Only this path can meet them: the fast paths take ASCII.
    static func encodingHiddenCharacters(_ url: String) -> String {
        guard url.unicodeScalars.contains(where: TextControls.isHiddenInURL) else { return url }
        var encoded = ""
        encoded.reserveCapacity(url.utf8.count + 16)
        for scalar in url.unicodeScalars {
            guard TextControls.isHiddenInURL(scalar) else {
                encoded.unicodeScalars.append(scalar)
                continue
            }
            for byte in String(scalar).utf8 {
                encoded += byte < 0x10 ? "%0" : "%"
                encoded += String(byte, radix: 16, uppercase: true)
            }
        }
        return encoded
    }

    /// Whether `url` may be used as a link or image source: ``sanitize(_:)`` keeps it. An app
    /// drawing its own attachments can check a URL before building a view from it; the backends
    /// check every URL again either way.
    public static func isAllowed(_ url: String) -> Bool { sanitize(url) != nil }

    /// A file beside this one: letters, digits, `-`, `_` and percent escapes, one `.html`, `.md` or `.txt`, and
    /// an optional fragment of the characters a URL fragment may hold and percent escapes (what
    /// ``Anchor/fragment(for:)`` writes). No scheme, no slash, no `..` before the fragment: it
    /// can only name a sibling file. The extensions are the output formats' file extensions,
    /// written out here because Support comes before Render; a test keeps them in step.
    static func isSiblingDocument(_ url: String) -> Bool {
        url.withUTF8Bytes(isSiblingDocument)
    }

    /// ``isSiblingDocument(_:)`` on the URL's bytes, read in place: the string's own UTF-8 view
    /// cost a few hundred instructions to find a scheme's colon.
    private static func isSiblingDocument(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Nearly every URL has a scheme: its colon, not a file name's character, rules it out
        // within a few bytes. A name in another script is written percent-encoded
        // (`002-in%C3%AAs.html`): an escape of a byte from 0x80 up is a letter's, never a dot,
        // a slash or a colon (`%2e%2e` stays refused).
        var dot = 0
        while dot < bytes.count, isPlain(bytes[dot]) || isNonASCIIEscape(bytes, at: dot) {
            dot += bytes[dot] == UInt8(ascii: "%") ? 3 : 1
        }
        guard dot < bytes.count, bytes[dot] == UInt8(ascii: "."), dot != 0 else { return false }
        let hash = bytes[dot...].firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
        let ext = bytes[(dot + 1)..<hash]
        guard siblingExtensions.contains(where: { $0.elementsEqual(ext) }) else { return false }
        guard hash != bytes.count else { return true }
        return bytes[(hash + 1)...].allSatisfy { Anchor.isFragmentByte($0) || $0 == UInt8(ascii: "%") }
    }

    /// Whether `bytes` hold `%` and two hex digits of a byte from 0x80 up at `index`.
    private static func isNonASCIIEscape(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count else { return false }
        let high = bytes[index + 1], low = bytes[index + 2]
        let isHex = { (byte: UInt8) in (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte) }
        return isHex(low) && ((0x38...0x39).contains(high) || (0x41...0x46).contains(high) || (0x61...0x66).contains(high))
    }

    private static let siblingExtensions: [[UInt8]] = ["html", "md", "txt"].map { Array($0.utf8) }

    /// A saved copy in an offline archive's media folder (`media/3f2a….png`, `site/media/x.jpg`):
    /// two or more plain names (letters, digits, `-`, `_`, `.`, none starting with `.`, so no
    /// `..` and no hidden file) joined by `/`. No scheme, no leading slash, no escape of any
    /// kind. ``sanitize(_:)`` never accepts it: only paths the downloader recorded in
    /// ``MediaLocations`` are checked against it, so message data cannot produce one.
    public static func isMediaPath(_ path: String) -> Bool {
        let names = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard names.count >= 2 else { return false }
        return names.allSatisfy { name in
            guard let first = name.first, first != UInt8(ascii: "."), name.count <= 255 else { return false }
            return name.allSatisfy { isPlain($0) || $0 == UInt8(ascii: ".") }
        }
    }

    private static func isPlain(_ byte: UInt8) -> Bool {
        byte.isASCIILetterOrDigit || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }

    /// The verdict decided on bytes where that gives exactly the general path's answer, which
    /// is most of the time: `.some(nil)` refuses, `.some(url)` accepts, `nil` means "look
    /// closer" (the general path handles character references and non-ASCII trimming).
    private static func fastVerdict(_ url: String, bytes: UnsafeBufferPointer<UInt8>) -> String?? {
        // Printable ASCII is never trimmed, so a space or control between two printable
        // ASCII bytes stays inside the trimmed URL, which refuses it.
        guard let first = bytes.firstIndex(where: isPrintableASCII),
            let last = bytes.lastIndex(where: isPrintableASCII)
        else { return bytes.allSatisfy({ $0 < 0x80 }) ? .some(nil) : nil }
        var isASCII = true
        var index = first
        while true {
            // Visible ASCII, most of any URL, a word at a time.
            index = bytes.endOfASCIIRun(from: index, to: last + 1, lowest: 0x21)
            guard index <= last else { break }
            let byte = bytes[index]
            if byte < 0x21 || byte == 0x7F { return .some(nil) }
            isASCII = false
            index += 1
        }
        // Leading and trailing non-ASCII may or may not be trimmed: Unicode decides.
        guard isASCII, !bytes[..<first].contains(where: { $0 >= 0x80 }),
            !bytes[(last + 1)...].contains(where: { $0 >= 0x80 })
        else { return nil }
        // All ASCII and `first...last` is the trimmed URL, with no space or control inside.
        var scheme: UInt64 = 0 // up to 8 lower-cased ASCII bytes, packed
        var length = 0
        index = first
        while true {
            guard index <= last else { return .some(nil) } // no scheme
            let byte = bytes[index]
            if byte == UInt8(ascii: ":") { break }
            // A character reference before the colon could hide the scheme.
            if byte == UInt8(ascii: "&") { return nil }
            let lower = byte | 0x20
            let isLetter = lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")
            let isSchemeSymbol =
                (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            guard isLetter || (length > 0 && isSchemeSymbol) else { return .some(nil) }
            scheme = scheme << 8 | UInt64(isLetter ? lower : byte)
            length += 1
            index += 1
        }
        guard length > 0, length <= 8, packedAllowedSchemes.contains(scheme) else { return .some(nil) }
        if first == 0 && last == bytes.count - 1 { return .some(url) }
        return .some(String(decoding: UnsafeBufferPointer(rebasing: bytes[first...last]), as: UTF8.self))
    }

    private static func isPrintableASCII(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }

    /// An array, not a set: four comparisons cost less than hashing the one value.
    private static let packedAllowedSchemes: [UInt64] = allowedSchemes.map { name in
        name.utf8.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }

    /// The lower-cased scheme as a browser would see it, after decoding character references
    /// and dropping the characters the URL parser ignores (tabs, newlines, controls).
    static func scheme(of url: String) -> String? {
        let decoded = HTMLEntities.decode(url)
        var scheme = ""
        for scalar in decoded.unicodeScalars {
            if scalar.value <= 0x20 || scalar.value == 0x7F { continue }
            if scalar == ":" { return scheme.isEmpty ? nil : scheme }
            guard scalar.isASCII,
                scalar.properties.isAlphabetic || (scheme.isEmpty == false && "+-.0123456789".unicodeScalars.contains(scalar))
            else { return nil }
            scheme.unicodeScalars.append(Unicode.Scalar(UInt8(ascii: scalar) | 0x20))
        }
        return nil
    }
}

/// Decoding of HTML character references, enough to see through an obfuscated scheme
/// (`&#106;avascript:`, `jav&Tab;ascript:`, `&colon;`).
enum HTMLEntities {
    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "colon": ":", "tab": "\t", "newline": "\n",
        "nbsp": "\u{A0}", "sol": "/", "period": ".", "lpar": "(", "rpar": ")", "num": "#", "percnt": "%",
    ]

    static func decode(_ string: String) -> String {
        guard string.contains("&") else { return string }
        var result = ""
        var rest = Substring(string)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            rest = rest[rest.index(after: ampersand)...]
            let reference = rest.prefix { $0.isLetter || $0.isNumber || $0 == "#" }
            var decoded: String?
            if reference.hasPrefix("#x") || reference.hasPrefix("#X") {
                decoded = UInt32(reference.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map(String.init)
            } else if reference.hasPrefix("#") {
                decoded = UInt32(reference.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init).map(String.init)
            } else {
                decoded = named[reference.lowercased()]
            }
            if let decoded {
                result += decoded
                rest = rest[reference.endIndex...]
                if rest.first == ";" { rest = rest.dropFirst() }
            } else {
                result += "&"
            }
        }
        result += rest
        return result
    }
}
