import Scrollback

/// A promise an output broke, and where.
public struct Broken: Error {
    /// What is wrong, for the report.
    public let reason: String

    init(_ reason: String) { self.reason = reason }
}

/// Properties Scrollback promises of every output, whatever its input: each check throws
/// ``Broken`` when one does not hold.
public enum Oracles {
    /// What is wrong with `output`, written in `format`; `nil` when it keeps every promise.
    public static func problem(in output: String, as format: OutputFormat) -> String? {
        do {
            switch format {
            case .html: try checkHTML(output)
            case .ansi: try checkTerminal(output)
            default: try checkMarkdown(output)
            }
            return nil
        } catch {
            return error.reason
        }
    }

    /// Stops the run with a finding when `output` breaks a promise.
    public static func check(_ output: String, as format: OutputFormat) {
        if let problem = problem(in: output, as: format) { finding(problem, in: output) }
    }

    /// Terminal output carries no control character but line feeds and the escape sequences
    /// Scrollback writes itself: SGR (`ESC [ … m`) and OSC 8 hyperlinks (`ESC ] 8 ; … ESC \`),
    /// whose text holds no control character either. A control from a message (a cursor move,
    /// a title change, a bell) would act on the reader's terminal.
    static func checkTerminal(_ output: String) throws(Broken) {
        let bytes = Array(output.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x1B {
                index = try escapeEnd(bytes, from: index, output: output)
                continue
            }
            if byte == 0x7F || (byte < 0x20 && byte != 0x0A) {
                throw Broken("control byte 0x\(String(byte, radix: 16)) at \(index) in terminal output")
            }
            // C1 controls, U+0080–U+009F, are C2 80–C2 9F in UTF-8.
            if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
                throw Broken("C1 control U+00\(String(bytes[index + 1], radix: 16)) at \(index) in terminal output")
            }
            index += 1
        }
    }

    /// Where the escape sequence at `start` ends; a finding when it is not one Scrollback writes.
    private static func escapeEnd(_ bytes: [UInt8], from start: Int, output: String) throws(Broken) -> Int {
        var index = start + 1
        guard index < bytes.count else { throw Broken("a lone ESC ends the terminal output") }
        switch bytes[index] {
        case UInt8(ascii: "["):
            index += 1
            while index < bytes.count, (0x30...0x3B).contains(bytes[index]) { index += 1 } // digits, ':' and ';'
            guard index < bytes.count, bytes[index] == UInt8(ascii: "m") else {
                throw Broken("a CSI sequence other than SGR at \(start)")
            }
            return index + 1
        case UInt8(ascii: "]"):
            guard index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "8"), bytes[index + 2] == UInt8(ascii: ";") else {
                throw Broken("an OSC sequence other than a hyperlink at \(start)")
            }
            index += 3
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x1B {
                    guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\\") else {
                        throw Broken("an unterminated hyperlink at \(start)")
                    }
                    return index + 2
                }
                if byte < 0x20 || byte == 0x7F { throw Broken("a control byte inside a hyperlink at \(index)") }
                if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
                    throw Broken("a C1 control inside a hyperlink at \(index)")
                }
                index += 1
            }
            throw Broken("an unterminated hyperlink at \(start)")
        default:
            throw Broken("an escape sequence Scrollback does not write at \(start)")
        }
    }

    /// The elements Scrollback writes. Anything else in a page (`<script>` from a message, an
    /// `<iframe>`, an `<svg onload>`) came from the input unescaped.
    static let htmlElements: Set<String> = [
        "a", "article", "blockquote", "body", "br", "button", "code", "dd", "del", "details", "div", "dl", "dt", "em",
        "footer", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr", "html", "img", "input", "li", "main", "mark",
        "meta", "nav", "ol", "p", "path", "pre", "script", "span", "strong", "style", "summary", "svg", "table", "tbody",
        "td", "th", "thead", "time", "title", "tr", "ul",
    ]

    /// Every tag is one Scrollback writes, no attribute is an event handler, every `href` and
    /// `src` is relative or has an allowed scheme (after the entity decoding and the
    /// whitespace stripping a browser does), no `style` attribute loads anything, and there is
    /// one script at most (the search bar's), whose text is not checked.
    static func checkHTML(_ html: String) throws(Broken) {
        let bytes = Array(html.utf8)
        var index = 0
        var scripts = 0
        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
            index = open + 1
            guard index < bytes.count else { throw Broken("the page ends in '<'") }
            if bytes[index] == UInt8(ascii: "!") {
                // `<!DOCTYPE html>` only: a comment could hide a conditional or end early.
                guard html.utf8.dropFirst(open).starts(with: "<!DOCTYPE html>".utf8) else {
                    throw Broken("markup declaration at \(open)")
                }
                index = open + 15
                continue
            }
            let closing = bytes[index] == UInt8(ascii: "/")
            if closing { index += 1 }
            let nameStart = index
            while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
            let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
            guard htmlElements.contains(name) else { throw Broken("element <\(closing ? "/" : "")\(name)> at \(open)") }
            index = try attributesEnd(bytes, from: index, element: name, html: html)
            if name == "script" && !closing {
                scripts += 1
                guard scripts == 1 else { throw Broken("a second <script>") }
                index = try rawTextEnd(bytes, from: index, closing: "</script>", html: html)
            } else if name == "style" && !closing {
                index = try rawTextEnd(bytes, from: index, closing: "</style>", html: html)
            }
        }
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// Reads a tag's attributes up to its `>`; each is `name` or `name="value"`.
    private static func attributesEnd(_ bytes: [UInt8], from start: Int, element: String, html: String) throws(Broken) -> Int {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") { return index + 1 }
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "/") || byte == 0x0A {
                index += 1
                continue
            }
            let nameStart = index
            while index < bytes.count, isNameByte(bytes[index]) || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index > nameStart else { throw Broken("a stray byte in <\(element)> at \(index)") }
            let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).lowercased()
            if name.hasPrefix("on") { throw Broken("event handler \(name) on <\(element)>") }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { continue }
            guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\"") else {
                throw Broken("an unquoted value of \(name) on <\(element)>")
            }
            guard let end = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: "\"")) else {
                throw Broken("an unterminated value of \(name) on <\(element)>")
            }
            let raw = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
            if raw.contains("<") { throw Broken("'<' inside \(name) of <\(element)>") }
            let value = decodingEntities(raw)
            if name == "href" || name == "src" { try checkURL(value, attribute: name, element: element, html: html) }
            if name == "style", value.lowercased().contains("url(") || value.contains("\\") {
                throw Broken("a style attribute that loads or escapes: \(value)")
            }
            index = end + 1
        }
        throw Broken("an unterminated <\(element)> tag")
    }

    /// After `<script>` or `<style>`: the first `</script>` or `</style>` ends it.
    private static func rawTextEnd(_ bytes: [UInt8], from start: Int, closing: String, html: String) throws(Broken) -> Int {
        let needle = Array(closing.utf8)
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == UInt8(ascii: "<") && Array(bytes[index..<(index + needle.count)]) == needle { return index }
            index += 1
        }
        throw Broken("no \(closing)")
    }

    /// Relative, a fragment, or `http`, `https`, `mailto`, `tel`, as a browser reads it.
    private static func checkURL(_ value: String, attribute: String, element: String, html: String) throws(Broken) {
        // Browsers drop tabs and line breaks anywhere in a URL, and leading controls and spaces.
        if let scheme = scheme(of: value), !["http", "https", "mailto", "tel"].contains(scheme) {
            throw Broken("\(attribute)=\"\(value)\" on <\(element)>: scheme \(scheme)")
        }
    }

    /// A URL's scheme, lowercased, as a browser finds it (tabs and line breaks anywhere are
    /// dropped, and leading controls and spaces); `nil` for a relative URL or a fragment.
    static func scheme(of url: String) -> String? {
        let stripped = url.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
        let trimmed = String(String.UnicodeScalarView(stripped.drop { $0.value <= 0x20 }))
        guard let colon = trimmed.firstIndex(of: ":") else { return nil }
        let head = trimmed[..<colon]
        guard !head.contains(where: { $0 == "/" || $0 == "?" || $0 == "#" }) else { return nil }
        return head.lowercased()
    }

    /// The text of an attribute value: `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&#39;` and numeric
    /// references decoded, as a browser would (any other named one is left as written).
    static func decodingEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            rest = rest[amp...]
            guard let semicolon = rest.firstIndex(of: ";"), rest.distance(from: rest.startIndex, to: semicolon) <= 10 else {
                result += "&"
                rest = rest.dropFirst()
                continue
            }
            let body = rest[rest.index(after: rest.startIndex)..<semicolon]
            var decoded: String?
            switch body {
            case "amp": decoded = "&"
            case "lt": decoded = "<"
            case "gt": decoded = ">"
            case "quot": decoded = "\""
            case "apos": decoded = "'"
            default:
                if body.hasPrefix("#x") || body.hasPrefix("#X") {
                    decoded = UInt32(body.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String($0) }
                } else if body.hasPrefix("#") {
                    decoded = UInt32(body.dropFirst()).flatMap(Unicode.Scalar.init).map { String($0) }
                }
            }
            if let decoded {
                result += decoded
                rest = rest[rest.index(after: semicolon)...]
            } else {
                result += "&"
                rest = rest.dropFirst()
            }
        }
        return result + rest
    }
}
