/// Stable, linkable anchors for messages.
///
/// A message's element id is `m-` followed by the message id exactly as it is, so that a link
/// built from a real id (`transcript.html#m-<id>`) lands on it. HTML allows any character in an
/// id except ASCII whitespace; an id that is empty, or holds whitespace, another control
/// character or a noncharacter (which HTML escaping drops or a strict parser refuses), gets an
/// encoded anchor instead: `m_` and the id with those characters and `%` percent-encoded
/// (`m_a%20b` for `a b`, `m_` for the empty id). No `m-` anchor starts with `m_`, and encoding
/// `%` too keeps the encoding one-to-one, so distinct ids always get distinct anchors. (The
/// reader gives a message without a usable id the empty id, and ``HTMLBackend`` writes no
/// anchor for it.)
///
/// A link to an anchor writes it with ``fragment(for:)``, percent-encoded as a URL fragment.
package enum Anchor {
    /// The element id of the message with this id: `m-<id>`, or the encoded `m_...` form.
    package static func forMessage(id: String) -> String {
        // Ids are nearly always printable ASCII (UUIDs): one scan of the bytes says so.
        if isPrintableASCII(id) { return "m-" + id }
        guard id.isEmpty || id.unicodeScalars.contains(where: needsEncodingInID) else { return "m-" + id }
        var anchor = "m_"
        for scalar in id.unicodeScalars {
            if scalar == "%" || needsEncodingInID(scalar) {
                for byte in String(scalar).utf8 { appendPercentEncoded(byte, to: &anchor) }
            } else {
                anchor.unicodeScalars.append(scalar)
            }
        }
        return anchor
    }

    /// ``forMessage(id:)`` as two pieces to write one after the other: joined, they cost an
    /// allocation for every message of a page.
    package static func forMessageInPieces(id: String) -> (String, String) {
        isPrintableASCII(id) ? ("m-", id) : ("", forMessage(id: id))
    }

    /// Whether `id` is not empty and all printable ASCII without spaces, read from its
    /// contiguous bytes eight at a time (every message's anchor asks, and an id is a few dozen
    /// bytes).
    static func isPrintableASCII(_ id: String) -> Bool {
        id.withUTF8Bytes { bytes in
            !bytes.isEmpty && bytes.endOfASCIIRun(from: 0, to: bytes.count, lowest: 0x21) == bytes.count
        }
    }

    /// The element id of the `number`th channel of the input (from 1): `channel-3`, which a
    /// multi-channel document's contents list links to. Message anchors start with `m`, so the
    /// two never meet.
    package static func forChannel(number: Int) -> String { "channel-\(number)" }

    /// Whether `id` is one a document may give its own parts (``ViewNode/anchor(id:_:)``): ASCII
    /// letters, digits, `-` and `_`, starting with a letter, so that it needs no escaping as an
    /// id, a fragment or in Markdown's `<a id>`.
    package static func isDocumentID(_ id: String) -> Bool {
        guard let first = id.utf8.first, first.isASCIILetter else { return false }
        return id.utf8.allSatisfy { $0.isASCIILetterOrDigit || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
    }

    /// Whether `destination` is a link within the document: `#` and a fragment as
    /// ``fragment(for:)`` writes it (what the contents list links to). It cannot leave the page.
    package static func isInDocumentLink(_ destination: String) -> Bool {
        let bytes = destination.utf8
        guard bytes.count > 1, bytes.first == UInt8(ascii: "#") else { return false }
        return bytes.dropFirst().allSatisfy { isFragmentByte($0) || $0 == UInt8(ascii: "%") }
    }

    /// The URL fragment (without `#`) that leads to the message with this id.
    package static func fragment(forMessageID id: String) -> String {
        fragment(for: forMessage(id: id))
    }

    /// `anchor` as a URL fragment (without `#`): every byte that a fragment may not hold, and
    /// `%` itself, percent-encoded (UTF-8), so that a browser's decoding gives `anchor` back.
    ///
    /// Browsers look for an element whose id equals the fragment as written before they try the
    /// decoded one. So that a fragment like `m-caf%C3%A9` (for `café`) cannot land on a message
    /// whose id really is `caf%C3%A9`, a fragment that differs from its anchor has its first
    /// character encoded too (`%6D-caf%C3%A9`): as written, it names no anchor this type makes.
    package static func fragment(for anchor: String) -> String {
        guard anchor.utf8.contains(where: { !isFragmentByte($0) }) else { return anchor }
        var fragment = ""
        for (offset, byte) in anchor.utf8.enumerated() {
            if offset == 0 || !isFragmentByte(byte) {
                appendPercentEncoded(byte, to: &fragment)
            } else {
                fragment.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return fragment
    }

    /// Whether a URL fragment may hold this byte as it is (RFC 3986: unreserved characters,
    /// sub-delimiters, `:`, `@`, `/` and `?`). `%` is not one: here it always starts an escape.
    static func isFragmentByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
            UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="),
            UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "/"), UInt8(ascii: "?"):
            return true
        default:
            return false
        }
    }

    /// Whitespace and other controls (C0, DEL, C1) and noncharacters: an id attribute cannot
    /// carry them as they are.
    private static func needsEncodingInID(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value <= 0x20 || (0x7F...0x9F).contains(value) || (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE
    }

    private static func appendPercentEncoded(_ byte: UInt8, to text: inout String) {
        let digits: [Unicode.Scalar] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F"]
        text.unicodeScalars.append("%")
        text.unicodeScalars.append(digits[Int(byte >> 4)])
        text.unicodeScalars.append(digits[Int(byte & 0xF)])
    }
}
