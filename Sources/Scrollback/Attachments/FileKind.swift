import Foundation

/// What kind of document a file is, for its icon: from the MIME type, else the extension.
public enum FileKind: String, Sendable, CaseIterable {
    /// A PDF document.
    case pdf
    /// A text document: Word, OpenDocument text, RTF, plain text, Markdown.
    case document
    /// A spreadsheet: Excel, OpenDocument, CSV.
    case spreadsheet
    /// A slide deck: PowerPoint, OpenDocument, Keynote.
    case presentation
    /// A compressed archive: zip, rar, 7z, tar, gzip and the like.
    case archive
    /// A sound file.
    case audio
    /// A video file.
    case video
    /// Source code or markup: HTML, CSS, JSON, XML, Swift and other languages.
    case code
    /// A picture sent as a file rather than as an image attachment.
    case image
    /// Anything else, or a file whose type cannot be told.
    case other

    /// The kind of a file with this MIME type (`mime_type`), else of its name's extension;
    /// ``other`` when neither tells.
    public init(mimeType: String?, fileName: String?) {
        if let mimeType, let kind = Self.fromMimeType(mimeType.lowercased()) {
            self = kind
        } else if let fileName, let dot = fileName.lastIndex(of: "."),
            let kind = Self.byExtension[fileName[fileName.index(after: dot)...].lowercased()]
        {
            self = kind
        } else {
            self = .other
        }
    }

    /// The theme's icon name: `file.pdf`, `file.audio`, ... (themes fall back to `file`).
    public var iconName: String { "file.\(rawValue)" }

    private static func fromMimeType(_ type: String) -> FileKind? {
        let essence = essence(of: type)
        if essence == "application/pdf" { return .pdf }
        if essence.hasPrefix("audio/") { return .audio }
        if essence.hasPrefix("video/") { return .video }
        if essence.hasPrefix("image/") { return .image }
        if let kind = byMimeType[essence] { return kind }
        // The words are ASCII: in an ASCII type they are found on the bytes.
        let isASCII = essence.isASCIIOnly
        func holds(_ word: String) -> Bool { isASCII ? essence.containsUTF8(word) : essence.contains(word) }
        if holds("spreadsheet") || holds("excel") { return .spreadsheet }
        if holds("presentation") || holds("powerpoint") { return .presentation }
        if holds("wordprocessing") || holds("msword") || holds("opendocument.text") { return .document }
        if essence.hasPrefix("text/") { return .document }
        return nil
    }

    /// The type without its parameters (from the first `;`), trimmed of spaces. Found on the
    /// bytes when all are ASCII, as nearly every type's are: a character is then one byte, or
    /// "\r\n", which holds no `;` (walking characters cost some two thousand instructions).
    /// Elsewhere a `;` may belong to a larger character, which the walk by characters keeps.
    private static func essence(of type: String) -> String {
        guard type.isASCIIOnly else { return type.prefix { $0 != ";" }.trimmingSpaces() }
        return type[..<(type.utf8.firstIndex(of: UInt8(ascii: ";")) ?? type.endIndex)].trimmingSpaces()
    }

    private static let byMimeType: [String: FileKind] = [
        "application/zip": .archive, "application/x-zip-compressed": .archive, "application/x-rar-compressed": .archive,
        "application/vnd.rar": .archive, "application/x-7z-compressed": .archive, "application/x-tar": .archive,
        "application/gzip": .archive, "application/x-gzip": .archive,
        "application/json": .code, "application/xml": .code, "application/javascript": .code, "text/html": .code,
        "text/css": .code, "text/javascript": .code, "text/xml": .code, "text/x-swift": .code,
        "text/csv": .spreadsheet, "application/rtf": .document,
    ]

    private static let byExtension: [String: FileKind] = {
        var table: [String: FileKind] = ["pdf": .pdf]
        for name in ["doc", "docx", "odt", "rtf", "txt", "md"] { table[name] = .document }
        for name in ["xls", "xlsx", "csv", "ods"] { table[name] = .spreadsheet }
        for name in ["ppt", "pptx", "odp", "key"] { table[name] = .presentation }
        for name in ["zip", "rar", "7z", "tar", "gz", "tgz", "bz2", "xz"] { table[name] = .archive }
        for name in ["mp3", "aac", "wav", "m4a", "ogg", "flac", "opus"] { table[name] = .audio }
        for name in ["mp4", "mov", "avi", "webm", "mkv", "m4v"] { table[name] = .video }
        for name in ["html", "htm", "css", "js", "json", "xml", "swift", "py", "ts", "kt", "java", "c", "h", "sh"] { table[name] = .code }
        for name in ["png", "jpg", "jpeg", "gif", "webp", "heic", "svg"] { table[name] = .image }
        return table
    }()
}
