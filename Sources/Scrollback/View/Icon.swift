extension ViewNode {
    /// The name of a symbol in ``ViewNode/icon(name:label:)``, drawn as the theme's glyph for it
    /// (its `images`; also spelled `Theme.Icon`): `.poll`, `.pinned`, `.file(.pdf)`, ... A
    /// misspelt icon is a compile error. A name the theme has no glyph for draws as its group's
    /// (`file.pdf` as `file`), else as `•`.
    public struct Icon: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The name, as theme files spell it under `images`.
        public let rawValue: String

        /// The icon called `rawValue`.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The name.
        public var description: String { rawValue }

        /// The icon's group: `file` for `file.pdf`; `nil` for a name without a dot.
        var group: Icon? {
            guard let dot = rawValue.firstIndex(of: ".") else { return nil }
            return Icon(rawValue: String(rawValue[..<dot]))
        }

        /// An attachment in general, the fallback for a kind with no icon of its own.
        public static let attachment = Icon(rawValue: "attachment")
        /// An image attachment.
        public static let image = Icon(rawValue: "image")
        /// A video attachment.
        public static let video = Icon(rawValue: "video")
        /// An audio file attachment.
        public static let audio = Icon(rawValue: "audio")
        /// A voice message.
        public static let voiceRecording = Icon(rawValue: "voiceRecording")
        /// A file attachment; `file.pdf` and the other ``file(_:)`` icons fall back to it.
        public static let file = Icon(rawValue: "file")
        /// A Giphy attachment.
        public static let giphy = Icon(rawValue: "giphy")
        /// A link preview.
        public static let linkPreview = Icon(rawValue: "linkPreview")
        /// A shared contact.
        public static let contact = Icon(rawValue: "contact")
        /// A poll.
        public static let poll = Icon(rawValue: "poll")
        /// A shared location.
        public static let location = Icon(rawValue: "location")
        /// An attachment of a kind nobody described.
        public static let unknown = Icon(rawValue: "unknown")
        /// The mark of an edited message.
        public static let edited = Icon(rawValue: "edited")
        /// The mark of a pinned message.
        public static let pinned = Icon(rawValue: "pinned")
        /// A thread's replies.
        public static let thread = Icon(rawValue: "thread")
    }
}
