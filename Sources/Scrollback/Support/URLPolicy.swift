import Foundation

/// The scheme allow-list every backend applies to URLs from message data.
///
/// A URL is judged the way a browser would read it: HTML character references decoded,
/// control characters and whitespace removed, the scheme compared case-insensitively. Only
/// `http`, `https`, `mailto` and `tel` pass. Relative URLs do not, since a transcript has no
/// base to resolve them against, with one exception: a bare file name of the transcript's own
/// kind (`002-general.html#m-42`), the links between the files of one transcript.
public enum URLPolicy {
    public static let allowedSchemes: Set<String> = ["http", "https", "mailto", "tel"]

    /// The URL to emit, or `nil` when it must not be used. The result is the trimmed original,
    /// still to be escaped for its context by the backend.
    public static func sanitize(_ url: String) -> String? {
        if isSiblingDocument(url) { return url }
        if let verdict = fastVerdict(url) { return verdict ? url : nil }
        let trimmed = url.trimmingCharacters(in: .whitespacesAndNewlines.union(.controlCharacters))
        guard !trimmed.isEmpty, let scheme = scheme(of: trimmed) else { return nil }
        guard allowedSchemes.contains(scheme) else { return nil }
        // A URL with raw controls or spaces inside is malformed; browsers would strip them,
        // which could hide a different scheme. Refuse rather than guess.
        guard !trimmed.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F || (0x80...0x9F).contains($0.value) })
        else { return nil }
        return trimmed
    }

    public static func isAllowed(_ url: String) -> Bool { sanitize(url) != nil }

    /// A file beside this one: letters, digits, `-` and `_`, one `.html`, `.md` or `.txt`, and
    /// an optional fragment of the same characters. No scheme, no slash, no `..`: it can only
    /// name a sibling file.
    static func isSiblingDocument(_ url: String) -> Bool {
        let parts = url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let name = parts[0]
        guard let dot = name.lastIndex(of: "."), [".html", ".md", ".txt"].contains(name[dot...]),
              name.startIndex < dot, name[..<dot].utf8.allSatisfy(isPlain)
        else { return false }
        return parts.count == 1 || parts[1].utf8.allSatisfy { isPlain($0) || $0 == UInt8(ascii: ".") }
    }

    private static func isPlain(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }

    /// The verdict for the common case, decided on bytes: printable ASCII with no `&` (so no
    /// character reference can hide the scheme) and no space or control. `nil` means "look
    /// closer" (the general path handles entities, whitespace and non-ASCII).
    private static func fastVerdict(_ url: String) -> Bool? {
        var scheme: UInt64 = 0 // up to 8 lower-cased ASCII letters, packed
        var length = 0
        var schemeEnded = false
        for byte in url.utf8 {
            guard byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "&") else { return nil }
            if schemeEnded { continue }
            if byte == UInt8(ascii: ":") {
                schemeEnded = true
                continue
            }
            let lower = byte | 0x20
            guard lower >= UInt8(ascii: "a"), lower <= UInt8(ascii: "z"), length < 8 else { return length == 0 ? false : nil }
            scheme = scheme << 8 | UInt64(lower)
            length += 1
        }
        guard schemeEnded else { return false }
        return packedAllowedSchemes.contains(scheme)
    }

    private static let packedAllowedSchemes: Set<UInt64> = Set(allowedSchemes.map { name in
        name.utf8.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    })

    /// The lower-cased scheme as a browser would see it, after decoding character references
    /// and dropping the characters the URL parser ignores (tabs, newlines, controls).
    static func scheme(of url: String) -> String? {
        let decoded = HTMLEntities.decode(url)
        var scheme = ""
        for scalar in decoded.unicodeScalars {
            if scalar.value <= 0x20 || scalar.value == 0x7F { continue }
            if scalar == ":" { return scheme.isEmpty ? nil : scheme }
            guard scalar.isASCII, scalar.properties.isAlphabetic || (scheme.isEmpty == false && "+-.0123456789".unicodeScalars.contains(scalar))
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
