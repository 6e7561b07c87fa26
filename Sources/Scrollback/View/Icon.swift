extension View {
    /// The name of a symbol in ``View/icon(name:label:)``, drawn as the theme's glyph for it
    /// (its `images`; also spelled `Theme.Icon`): `.poll`, `.pinned`, `.file(.pdf)`, ... A
    /// misspelt icon is a compile error. A name the theme has no glyph for draws as its group's
    /// (`file.pdf` as `file`), else as `•`.
    public struct Icon: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String

        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        public var description: String { rawValue }

        /// The icon's group: `file` for `file.pdf`; `nil` for a name without a dot.
        var group: Icon? {
            guard let dot = rawValue.firstIndex(of: ".") else { return nil }
            return Icon(rawValue: String(rawValue[..<dot]))
        }

        public static let attachment = Icon(rawValue: "attachment")
        public static let image = Icon(rawValue: "image")
        public static let video = Icon(rawValue: "video")
        public static let audio = Icon(rawValue: "audio")
        public static let voiceRecording = Icon(rawValue: "voiceRecording")
        public static let file = Icon(rawValue: "file")
        public static let giphy = Icon(rawValue: "giphy")
        public static let linkPreview = Icon(rawValue: "linkPreview")
        public static let contact = Icon(rawValue: "contact")
        public static let poll = Icon(rawValue: "poll")
        public static let location = Icon(rawValue: "location")
        /// An attachment of a kind nobody described.
        public static let unknown = Icon(rawValue: "unknown")
        public static let edited = Icon(rawValue: "edited")
        public static let pinned = Icon(rawValue: "pinned")
        public static let thread = Icon(rawValue: "thread")
    }
}
