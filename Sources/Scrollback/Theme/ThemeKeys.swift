extension Theme {
    /// The name of a label in a theme's `strings`: one of Scrollback's (`.edited`,
    /// `.threadReplies`, `.file(.pdf)`), or an app's own under the `app.` namespace
    /// (`.app("workout.title", default: "Workout")`).
    ///
    /// No other name exists: ``init(rawValue:)`` is `nil` for it, as a theme file refuses it, so
    /// a misspelt label is a compile error (`.edtied`) or `nil`, never text that prints its key.
    /// Every built-in label has a value in ``Theme/default``.
    public struct Label: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The key, as theme files write it (`threadReplies`, `file.pdf`, `app.workout.title`).
        public let rawValue: String
        /// What an app's label reads when the theme does not set it; `nil` for a built-in
        /// label (the default theme has them all) and for one made from its raw value.
        public let defaultValue: String?

        /// The label named `rawValue`: a built-in name or one under ``appNamespace``; `nil` for
        /// any other.
        public init?(rawValue: String) {
            guard Self.builtInNames.contains(rawValue) || Self.isAppName(rawValue) else { return nil }
            self.init(rawValue, defaultValue: nil)
        }

        private init(_ rawValue: String, defaultValue: String? = nil) {
            self.rawValue = rawValue
            self.defaultValue = defaultValue
        }

        /// The prefix of an app's own labels: `app.workout.title`.
        public static let appNamespace = "app."

        /// An app's own label, `app.NAME`, which theme files may set (`"strings":
        /// {"app.workout.title": "Training"}`) and which reads `default` where none does.
        public static func app(_ name: String, default defaultValue: String) -> Label {
            precondition(!name.isEmpty, "an app label needs a name after 'app.'")
            return Label(appNamespace + name, defaultValue: defaultValue)
        }

        /// Whether `name` is an app's label: `app.` and at least one more character.
        public static func isAppName(_ name: String) -> Bool {
            name.hasPrefix(appNamespace) && name.count > appNamespace.count
        }

        /// Labels are the same label when their names are; the default text is not compared.
        public static func == (lhs: Label, rhs: Label) -> Bool { lhs.rawValue == rhs.rawValue }
        public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

        public var description: String { rawValue }

        // MARK: Built-in labels

        /// The document's title when the input names no channel.
        public static let untitled = Label("untitled")
        public static let message = Label("message")
        /// `%@ messages`.
        public static let messages = Label("messages")
        public static let systemMessage = Label("systemMessage")
        public static let unknownUser = Label("unknownUser")
        public static let messageDeleted = Label("messageDeleted")
        public static let edited = Label("edited")
        public static let onlyVisibleToYou = Label("onlyVisibleToYou")
        public static let you = Label("you")
        public static let attachment = Label("attachment")
        /// `The transcript stops here: %@`.
        public static let inputError = Label("inputError")
        public static let ownReactionMark = Label("ownReactionMark")
        public static let pinned = Label("pinned")
        /// `Pinned by %@`.
        public static let pinnedBy = Label("pinnedBy")
        public static let pinnedByYou = Label("pinnedByYou")
        public static let threadReply = Label("threadReply")
        /// `%@ Thread Replies`.
        public static let threadReplies = Label("threadReplies")
        public static let orphanThread = Label("orphanThread")
        public static let repliedToThread = Label("repliedToThread")
        public static let channel = Label("channel")
        public static let member = Label("member")
        /// `%@ members`.
        public static let members = Label("members")
        public static let quotedMessageMissing = Label("quotedMessageMissing")
        public static let quotedMessageElsewhere = Label("quotedMessageElsewhere")
        public static let photos = Label("photos")
        public static let videos = Label("videos")
        public static let files = Label("files")
        public static let voiceMessageDuration = Label("voiceMessageDuration")
        public static let photo = Label("photo")
        public static let video = Label("video")
        public static let file = Label("file")
        public static let audio = Label("audio")
        public static let voiceMessage = Label("voiceMessage")
        public static let link = Label("link")
        public static let linkPreview = Label("linkPreview")
        public static let contact = Label("contact")
        public static let phone = Label("phone")
        public static let email = Label("email")
        public static let poll = Label("poll")
        public static let pollOpen = Label("pollOpen")
        public static let pollClosed = Label("pollClosed")
        public static let vote = Label("vote")
        public static let votes = Label("votes")
        public static let location = Label("location")
        /// `Live location until %@`.
        public static let liveLocationUntil = Label("liveLocationUntil")
        public static let previousPage = Label("previousPage")
        public static let nextPage = Label("nextPage")
        public static let pageIndex = Label("pageIndex")
        /// `Page %@`.
        public static let page = Label("page")
        public static let noMessages = Label("noMessages")
        public static let transcripts = Label("transcripts")

        /// The name of a kind of file: `file.pdf` reads "PDF document".
        public static func file(_ kind: FileKind) -> Label { Label("file." + kind.rawValue) }

        /// Every built-in label, in the order theme files list them.
        public static let builtIn: [Label] = [
            .untitled, .message, .messages, .systemMessage, .unknownUser, .messageDeleted, .edited, .onlyVisibleToYou,
            .you, .attachment, .inputError, .ownReactionMark, .pinned, .pinnedBy, .pinnedByYou, .threadReply,
            .threadReplies, .orphanThread, .repliedToThread, .channel, .member, .members, .quotedMessageMissing,
            .quotedMessageElsewhere, .photos, .videos, .files, .voiceMessageDuration, .photo, .video, .file, .audio,
            .voiceMessage, .link, .linkPreview, .contact, .phone, .email, .poll, .pollOpen, .pollClosed, .vote, .votes,
            .location, .liveLocationUntil, .previousPage, .nextPage, .pageIndex, .page, .noMessages, .transcripts,
        ] + FileKind.allCases.map { Label.file($0) }

        private static let builtInNames = Set(builtIn.map(\.rawValue))
    }

    /// The name of a glyph in a theme's `images`: the key of ``View/icon(name:label:)``.
    public typealias Icon = View.Icon
}

extension View.Icon {
    /// A kind of file's icon: `file.pdf`, ... (drawn as `file` by a theme without it).
    public static func file(_ kind: FileKind) -> View.Icon { View.Icon(rawValue: "file." + kind.rawValue) }

    /// Every built-in icon, in the order theme files list them: the names a theme file's
    /// `images` takes.
    public static let builtIn: [View.Icon] = [.attachment, .image, .video, .audio, .voiceRecording, .file]
        + FileKind.allCases.map { View.Icon.file($0) }
        + [.giphy, .linkPreview, .contact, .poll, .location, .unknown, .edited, .pinned, .thread]
}
