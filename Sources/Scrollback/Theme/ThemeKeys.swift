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
        /// Hashes the name only, as ``==(_:_:)`` compares it.
        public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

        /// The label's name, as theme files spell it.
        public var description: String { rawValue }

        // MARK: Built-in labels

        /// The document's title when the input names no channel.
        public static let untitled = Label("untitled")
        /// The count of a single message in a summary (`1 message`); ``messages`` is the plural.
        public static let message = Label("message")
        /// `%@ messages`.
        public static let messages = Label("messages")
        /// One message skipped as unusable, in a summary (`1 message skipped`); ``skippedMessages`` is the plural.
        public static let skippedMessage = Label("skippedMessage")
        /// `%@ messages skipped`.
        public static let skippedMessages = Label("skippedMessages")
        /// One message an event log deleted for good, in a summary (`1 message deleted for good`);
        /// ``hardDeletedMessages`` is the plural.
        public static let hardDeletedMessage = Label("hardDeletedMessage")
        /// `%@ messages deleted for good`.
        public static let hardDeletedMessages = Label("hardDeletedMessages")
        /// What a system message with no text shows (`System message`).
        public static let systemMessage = Label("systemMessage")
        /// The author of a message that names no user (`Unknown user`).
        public static let unknownUser = Label("unknownUser")
        /// What a deleted message shows instead of its text (`Message deleted`).
        public static let messageDeleted = Label("messageDeleted")
        /// When a deleted message was deleted, beside the time it was sent (`deleted at %@`).
        public static let deletedAt = Label("deletedAt")
        /// The mark of an edited message (`Edited`), followed by the time of the edit.
        public static let edited = Label("edited")
        /// Over a text an edited message had before (`Earlier version`), followed by its time:
        /// an event log rendered with ``RenderOptions/history``.
        public static let earlierVersion = Label("earlierVersion")
        /// The note on a medium an offline archive could not save, whose card still links to
        /// the original URL (`not saved`).
        public static let mediaNotSaved = Label("mediaNotSaved")
        /// The page's warning that media were not saved, `%@` their number (`Media not saved: %@.
        /// …`).
        public static let mediaNotSavedCount = Label("mediaNotSavedCount")
        /// The note on an ephemeral message only its reader saw (`Only visible to you`).
        public static let onlyVisibleToYou = Label("onlyVisibleToYou")
        /// `Only visible to %@`: the note on an ephemeral message of someone other than the reader,
        /// who saw it only because the export holds it.
        public static let onlyVisibleTo = Label("onlyVisibleTo")
        /// The reader's own name, in place of their display name (`You`).
        public static let you = Label("you")
        /// `%@ (%@)`: an author's name and user id, where two authors share the name.
        public static let nameWithID = Label("nameWithID")
        /// `%@ and %@`: the last two of the members naming a channel that has no name.
        public static let namesAnd = Label("namesAnd")
        /// What comes between a label and its value in text (`: `), as in a card's field, a video
        /// and its title or a note and its reason; French puts a no-break space before the colon.
        public static let labelSeparator = Label("labelSeparator")
        /// `%@ and %@ others`: the first members naming an unnamed channel, then how many more.
        public static let namesAndOthers = Label("namesAndOthers")
        /// `%@ and 1 other`: the first names of a list, and the one more it does not name (who
        /// gave a reaction, in its tooltip).
        public static let namesAndOneOther = Label("namesAndOneOther")
        /// A field whose value is `true`, in an attachment's card (`yes`).
        public static let yes = Label("yes")
        /// A field whose value is `false`, in an attachment's card (`no`).
        public static let no = Label("no")
        /// What a screen reader says for a ticked task box in message text (`done`).
        public static let taskDone = Label("taskDone")
        /// What a screen reader says for an empty task box in message text (`not done`).
        public static let taskNotDone = Label("taskNotDone")
        /// An attachment that names no type (`Attachment`).
        public static let attachment = Label("attachment")
        /// `The transcript stops here: %@`.
        public static let inputError = Label("inputError")
        /// The mark beside a reaction the reader gave (`✓`).
        public static let ownReactionMark = Label("ownReactionMark")
        /// The mark of a pinned message (`Pinned`).
        public static let pinned = Label("pinned")
        /// `Pinned by %@`.
        public static let pinnedBy = Label("pinnedBy")
        /// A message the reader pinned (`Pinned by you`).
        public static let pinnedByYou = Label("pinnedByYou")
        /// The mark of an unsent draft (`Draft`).
        public static let draft = Label("draft")
        /// A thread with a single reply (`1 Thread Reply`); ``threadReplies`` is the plural.
        public static let threadReply = Label("threadReply")
        /// `%@ Thread Replies`.
        public static let threadReplies = Label("threadReplies")
        /// The heading of replies whose parent message is not in the transcript.
        public static let orphanThread = Label("orphanThread")
        /// Beside a reply count whose replies the export does not hold (`not in this export`).
        public static let repliesNotInExport = Label("repliesNotInExport")
        /// Beside a thread's shown replies when the server counted more (`%@ more not in this
        /// export`).
        public static let moreRepliesNotInExport = Label("moreRepliesNotInExport")
        /// The note on a thread reply also sent to the channel (`↳ Replied to a thread`).
        public static let repliedToThread = Label("repliedToThread")
        /// The title of a channel with no name (`Channel`).
        public static let channel = Label("channel")
        /// A channel with a single member (`1 member`); ``members`` is the plural.
        public static let member = Label("member")
        /// `%@ members`.
        public static let members = Label("members")
        /// A quoted message that is not in the transcript.
        public static let quotedMessageMissing = Label("quotedMessageMissing")
        /// A quoted message shown in another part of the transcript.
        public static let quotedMessageElsewhere = Label("quotedMessageElsewhere")
        /// `%@ photos`, for several images in one message.
        public static let photos = Label("photos")
        /// `%@ videos`, for several videos in one message.
        public static let videos = Label("videos")
        /// `%@ files`, for several files in one message.
        public static let files = Label("files")
        /// `Voice message (%@)`, with the recording's length.
        public static let voiceMessageDuration = Label("voiceMessageDuration")
        /// One image attachment (`Photo`).
        public static let photo = Label("photo")
        /// One video attachment (`Video`).
        public static let video = Label("video")
        /// A file attachment with no title (`File`); ``file(_:)`` names kinds of file.
        public static let file = Label("file")
        /// An audio attachment with no title (`Audio`).
        public static let audio = Label("audio")
        /// A voice recording whose length is unknown (`Voice message`).
        public static let voiceMessage = Label("voiceMessage")
        /// A link preview with no title (`Link`).
        public static let link = Label("link")
        /// The alternative text of a link preview's image (`Link preview`).
        public static let linkPreview = Label("linkPreview")
        /// A shared contact (`Contact`).
        public static let contact = Label("contact")
        /// The label of a contact's phone number (`Phone`).
        public static let phone = Label("phone")
        /// The label of a contact's email address (`Email`).
        public static let email = Label("email")
        /// A poll (`Poll`).
        public static let poll = Label("poll")
        /// The badge of a poll still taking votes (`Open`).
        public static let pollOpen = Label("pollOpen")
        /// The badge of a closed poll (`Closed`).
        public static let pollClosed = Label("pollClosed")
        /// The noun after a count of one vote (`vote`).
        public static let vote = Label("vote")
        /// The noun after any other count of votes (`votes`).
        public static let votes = Label("votes")
        /// A shared location (`Shared location`).
        public static let location = Label("location")
        /// `Live location until %@`.
        public static let liveLocationUntil = Label("liveLocationUntil")
        /// The link to the page before, in a transcript cut into pages (`← Previous page`).
        public static let previousPage = Label("previousPage")
        /// The link to the page after, in a transcript cut into pages (`Next page →`).
        public static let nextPage = Label("nextPage")
        /// The link from a page to the index of all pages (`Index`).
        public static let pageIndex = Label("pageIndex")
        /// The link to the channel before, from a channel's file of `--output-dir` (`← Previous channel`).
        public static let previousChannel = Label("previousChannel")
        /// The link to the channel after, from a channel's file of `--output-dir` (`Next channel →`).
        public static let nextChannel = Label("nextChannel")
        /// `Page %@`.
        public static let page = Label("page")
        /// What a transcript with no message shows (`No messages`).
        public static let noMessages = Label("noMessages")
        /// The heading of a multi-channel document's contents list (`Channels`).
        public static let contents = Label("contents")
        /// What a channel with no message to show says under its heading (`No messages in this channel`).
        public static let channelEmpty = Label("channelEmpty")
        /// A channel's heading repeated at the top of the next page of a split document (`%@ (continued)`).
        public static let channelContinued = Label("channelContinued")
        /// The title of one page of a split document (`%@ — page %@ of %@`: the channel or
        /// document, the page, the number of pages).
        public static let pageTitle = Label("pageTitle")
        /// The title of the index of several documents (`Chat transcripts`).
        public static let transcripts = Label("transcripts")

        /// The name of a kind of file: `file.pdf` reads "PDF document".
        public static func file(_ kind: FileKind) -> Label { Label("file." + kind.rawValue) }

        /// Every built-in label, in the order theme files list them.
        public static let builtIn: [Label] =
            [
                .untitled, .message, .messages, .skippedMessage, .skippedMessages, .hardDeletedMessage, .hardDeletedMessages,
                .systemMessage, .unknownUser, .messageDeleted,
                .deletedAt, .edited, .earlierVersion, .mediaNotSaved, .mediaNotSavedCount, .onlyVisibleToYou, .onlyVisibleTo,
                .you, .nameWithID, .namesAnd, .labelSeparator, .namesAndOthers, .namesAndOneOther, .yes, .no, .taskDone, .taskNotDone,
                .attachment,
                .inputError, .ownReactionMark,
                .pinned, .pinnedBy, .pinnedByYou, .draft,
                .threadReply,
                .threadReplies, .orphanThread, .repliesNotInExport, .moreRepliesNotInExport, .repliedToThread, .channel, .member, .members,
                .quotedMessageMissing,
                .quotedMessageElsewhere, .photos, .videos, .files, .voiceMessageDuration, .photo, .video, .file, .audio,
                .voiceMessage, .link, .linkPreview, .contact, .phone, .email, .poll, .pollOpen, .pollClosed, .vote, .votes,
                .location, .liveLocationUntil, .previousPage, .nextPage, .pageIndex, .previousChannel, .nextChannel, .page, .noMessages,
                .contents, .channelEmpty,
                .channelContinued, .pageTitle, .transcripts,
            ] + FileKind.allCases.map { Label.file($0) }

        private static let builtInNames = Set(builtIn.map(\.rawValue))
    }

    /// The name of a glyph in a theme's `images`: the key of ``ViewNode/icon(name:label:)``.
    public typealias Icon = ViewNode.Icon
}

extension ViewNode.Icon {
    /// A kind of file's icon: `file.pdf`, ... (drawn as `file` by a theme without it).
    public static func file(_ kind: FileKind) -> ViewNode.Icon { ViewNode.Icon(rawValue: "file." + kind.rawValue) }

    /// Every built-in icon, in the order theme files list them: the names a theme file's
    /// `images` takes.
    public static let builtIn: [ViewNode.Icon] =
        [.attachment, .image, .video, .audio, .voiceRecording, .file]
        + FileKind.allCases.map { ViewNode.Icon.file($0) }
        + [.giphy, .linkPreview, .contact, .poll, .location, .unknown, .edited, .pinned, .thread]
}
