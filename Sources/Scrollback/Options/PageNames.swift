/// The file names of a split document (`--split`): `chat.html` is the index of `chat-001.html`,
/// `chat-002.html`, ... Page names hold only letters, digits, `-` and `_` before their
/// extension, so that links between pages pass ``URLPolicy`` as sibling documents.
public struct PageNames: Sendable, Hashable {
    /// The name pages start with: `chat`.
    public let stem: String
    /// `html`, `md` or `txt`.
    public let fileExtension: String
    /// The index's file name, as given (`chat.html`).
    public let indexFileName: String

    /// Names after `indexFileName` (a file name, not a path); a character of its stem that a
    /// sibling link cannot hold becomes `-` in the pages' names.
    public init(indexFileName: String, fileExtension: String) {
        self.indexFileName = indexFileName
        self.fileExtension = fileExtension
        let base = indexFileName.lastIndex(of: ".").map { String(indexFileName[..<$0]) } ?? indexFileName
        var stem = ""
        for scalar in base.unicodeScalars {
            let plain = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_")
            stem.unicodeScalars.append(plain ? scalar : "-")
        }
        self.stem = stem.isEmpty ? "page" : stem
    }

    /// A relative link to the file `name` beside the page: every byte but ASCII letters,
    /// digits and `-._~` percent-encoded, so that a name in any script (`002-in%C3%AAs.html`)
    /// passes the link policy, which takes escapes of such bytes only.
    static func link(to name: String) -> String {
        var link = ""
        for byte in name.utf8 {
            let isUnreserved =
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || [UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~")].contains(byte)
            if isUnreserved {
                link.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                link += "%" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return link
    }

    /// `chat-003.html`: three digits at least, so that the files sort in order.
    public func fileName(ofPage page: Int) -> String {
        let number = String(page)
        return stem + "-" + String(repeating: "0", count: max(0, 3 - number.count)) + number + "." + fileExtension
    }
}
