/// Stable, linkable anchors for messages: `m-` followed by the message id, with every
/// character outside `[A-Za-z0-9_-]` written as `.XX` (its UTF-8 bytes in hex), so that an
/// anchor is a valid HTML id and URL fragment whatever the id holds, and distinct ids give
/// distinct anchors.
public enum Anchor {
    public static func forMessage(id: String) -> String {
        // Ids are nearly always safe as they are (UUIDs): one scan, one concatenation.
        if !id.utf8.contains(where: { !isSafe($0) }) { return "m-" + id }
        var anchor = "m-"
        for byte in id.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                anchor.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                anchor += "." + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return anchor
    }

    private static func isSafe(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }
}
