import Foundation

/// One chat message, decoded leniently: only ``id`` is required, and every key of the input,
/// known or not, stays reachable through ``raw`` and ``customData``.
public struct ChatMessage: Sendable, Hashable {
    /// The fields, behind one reference: a message is copied from stage to stage of a rendering,
    /// and a copy is then a retain, not thirty (copy-on-write, like the standard library's types).
    private var storage: CopyOnWrite<Fields>

    /// The message's `id` as the export has it; empty when the input had none (the message then
    /// gets no anchor and no reply can quote it).
    public var id: String {
        get { storage.fields.id }
        set { storage.fields.id = newValue }
    }
    /// The type as written; see ``kind`` for how it is shown.
    public var type: MessageType {
        get { storage.fields.type }
        set { storage.fields.type = newValue }
    }
    /// The Markdown body as sent, without its leading and trailing blank lines: the first line
    /// keeps its indentation and the last its trailing spaces, which may be code's.
    public var text: String {
        get { storage.fields.text }
        set { Self.set(\.text, to: newValue, in: &storage.fields) }
    }
    /// The author (`user`); `nil` when the input names none.
    public var user: ChatUser? {
        get { storage.fields.user }
        set { storage.fields.user = newValue }
    }
    /// When the message was sent (`created_at`).
    public var createdAt: Date? {
        get { storage.fields.createdAt }
        set { storage.fields.createdAt = newValue }
    }
    /// When anything about the message last changed (`updated_at`), reactions included; see
    /// ``textUpdatedAt`` for edits of the text.
    public var updatedAt: Date? {
        get { storage.fields.updatedAt }
        set { storage.fields.updatedAt = newValue }
    }
    /// When the text was last edited (`message_text_updated_at`); set only for edited messages.
    public var textUpdatedAt: Date? {
        get { storage.fields.textUpdatedAt }
        set { storage.fields.textUpdatedAt = newValue }
    }
    /// The texts the message had before its last edit, oldest first: only an event log's replay
    /// with ``RenderOptions/history`` knows them (other inputs hold a message's last version).
    public var earlierVersions: [EarlierVersion] {
        get { storage.fields.earlierVersions }
        set { storage.fields.earlierVersions = newValue }
    }
    /// When the message was deleted (`deleted_at`).
    public var deletedAt: Date? {
        get { storage.fields.deletedAt }
        set { storage.fields.deletedAt = newValue }
    }
    /// Whether the message was deleted for the exporting user only (`deleted_for_me`).
    public var deletedForMe: Bool {
        get { storage.fields.deletedForMe }
        set { storage.fields.deletedForMe = newValue }
    }
    /// The attachments in input order, each of any kind.
    public var attachments: [AnyChatMessageAttachment] {
        get { storage.fields.attachments }
        set { storage.fields.attachments = newValue }
    }
    /// The id of the message this one replies to with a quote (`quoted_message_id`, else the
    /// embedded ``quotedMessage``'s id).
    public var quotedMessageID: String? {
        get { storage.fields.quotedMessageID }
        set { storage.fields.quotedMessageID = newValue }
    }
    /// The id of the thread's first message when this message is a thread reply (`parent_id`).
    public var parentID: String? {
        get { storage.fields.parentID }
        set { storage.fields.parentID = newValue }
    }
    /// Whether a thread reply was also sent to the channel (`show_in_channel`).
    public var showInChannel: Bool {
        get { storage.fields.showInChannel }
        set { storage.fields.showInChannel = newValue }
    }
    /// How many replies the message's thread has (`reply_count`), as the server counted them.
    public var replyCount: Int64? {
        get { storage.fields.replyCount }
        set { storage.fields.replyCount = newValue }
    }
    /// The users who replied in the message's thread (`thread_participants`).
    public var threadParticipants: [ChatUser] {
        get { storage.fields.threadParticipants }
        set { storage.fields.threadParticipants = newValue }
    }
    /// The users the text mentions (`mentioned_users`): their `@Name` becomes a mention.
    public var mentionedUsers: [ChatUser] {
        get { storage.fields.mentionedUsers }
        set { Self.set(\.mentionedUsers, to: newValue, in: &storage.fields) }
    }
    /// The most recent reactions, with who gave them (`latest_reactions`).
    public var latestReactions: [Reaction] {
        get { storage.fields.latestReactions }
        set { storage.fields.latestReactions = newValue }
    }
    /// The exporting user's own reactions (`own_reactions`).
    public var ownReactions: [Reaction] {
        get { storage.fields.ownReactions }
        set { storage.fields.ownReactions = newValue }
    }
    /// Totals per reaction type, sorted by type name.
    public var reactionGroups: [ReactionGroup] {
        get { storage.fields.reactionGroups }
        set { storage.fields.reactionGroups = newValue }
    }
    /// Whether the message is pinned in its channel (`pinned`).
    public var pinned: Bool {
        get { storage.fields.pinned }
        set { storage.fields.pinned = newValue }
    }
    /// When the message was pinned (`pinned_at`).
    public var pinnedAt: Date? {
        get { storage.fields.pinnedAt }
        set { storage.fields.pinnedAt = newValue }
    }
    /// Who pinned the message (`pinned_by`).
    public var pinnedBy: ChatUser? {
        get { storage.fields.pinnedBy }
        set { storage.fields.pinnedBy = newValue }
    }
    /// When the pin lapses (`pin_expires`); `nil` for a pin without an end.
    public var pinExpires: Date? {
        get { storage.fields.pinExpires }
        set { storage.fields.pinExpires = newValue }
    }
    /// Whether the message was sent without notifying anyone (`silent`).
    public var silent: Bool {
        get { storage.fields.silent }
        set { storage.fields.silent = newValue }
    }
    /// Whether moderation hid the message from everyone but its author (`shadowed`).
    public var shadowed: Bool {
        get { storage.fields.shadowed }
        set { storage.fields.shadowed = newValue }
    }
    /// Whether the message is an unsent draft (read from a `draft`, ``InputShape/draft``): it
    /// is marked as one, and its time is when the draft was saved.
    public var isDraft: Bool {
        get { storage.fields.isDraft }
        set { storage.fields.isDraft = newValue }
    }
    /// The slash command that made the message, such as `giphy` (`command`).
    public var command: String? {
        get { storage.fields.command }
        set { storage.fields.command = newValue }
    }
    /// The text given to ``command`` (`args`).
    public var args: String? {
        get { storage.fields.args }
        set { storage.fields.args = newValue }
    }
    /// Every key of the input object, in input order. A message from the reader builds it from
    /// the input's bytes when first asked for (once).
    public var raw: JSONObject {
        get { storage.fields.rawObject.object }
        set {
            storage.fields.rawObject = RawJSONObject(newValue)
            (storage.fields.pollMember, storage.fields.sharedLocationMember) = (newValue["poll"], newValue["shared_location"])
        }
    }
    var rawObject: RawJSONObject {
        get { storage.fields.rawObject }
        set { storage.fields.rawObject = newValue }
    }
    /// `raw`'s `poll` and `shared_location`, kept apart: every message is asked for them, and
    /// `raw` is built only when read.
    var pollMember: JSONValue? {
        get { storage.fields.pollMember }
        set { storage.fields.pollMember = newValue }
    }
    var sharedLocationMember: JSONValue? {
        get { storage.fields.sharedLocationMember }
        set { storage.fields.sharedLocationMember = newValue }
    }

    /// ``text`` parsed by ``ChatMarkdown/parse(_:mentionedUsers:)`` with ``mentionedUsers``,
    /// when the reading thread parsed it ahead of the drawing; a change of either clears it.
    var parsedText: MarkdownDocument? {
        get { storage.fields.parsedText.document }
        set { storage.fields.parsedText.document = newValue }
    }

    /// The embedded copy of the message this one quotes, when the input carries it.
    public var quotedMessage: ChatMessage? {
        get { storage.fields.quotedMessage }
        set { storage.fields.quotedMessage = newValue }
    }

    /// A message with these fields and every other one empty, as a test or an app building a
    /// transcript by hand needs it. ``raw`` starts empty.
    public init(id: String, type: MessageType = .regular, text: String = "", user: ChatUser? = nil, createdAt: Date? = nil) {
        storage = CopyOnWrite(Fields(id: id, type: type, text: text, user: user, createdAt: createdAt))
    }

    /// The keys a message object may have that this type models.
    public static let knownKeys: Set<String> = [
        "id", "type", "text", "html", "user", "created_at", "updated_at", "message_text_updated_at",
        "deleted_at", "deleted_for_me", "attachments", "quoted_message_id", "quoted_message", "parent_id",
        "show_in_channel", "reply_count", "thread_participants", "mentioned_users", "latest_reactions",
        "own_reactions", "reaction_counts", "reaction_scores", "reaction_groups", "pinned", "pinned_at",
        "pinned_by", "pin_expires", "silent", "shadowed", "command", "args", "i18n", "poll", "shared_location",
        "cid", "deleted_reply_count", "restricted_visibility", "poll_id", "mml", "user_id",
    ]

    /// The app's own fields, written flat next to the known keys.
    public var customData: JSONObject { raw.filtering(out: Self.knownKeys) }

    /// Whether the text was edited after sending (``textUpdatedAt`` is set).
    public var isEdited: Bool { textUpdatedAt != nil }
    /// Whether the message was deleted: it has ``deletedAt``, ``deletedForMe`` or the type
    /// ``MessageType/deleted``.
    public var isDeleted: Bool { deletedAt != nil || deletedForMe || type == .deleted }

    /// How the message is shown, in the order chat clients decide it.
    public var kind: MessageKind {
        if deletedAt != nil || deletedForMe { return .deleted }
        // Most messages, and many asks a message: equal short strings compare by their bits,
        // where each unequal one costs a call.
        if type == .regular { return .regular }
        if type == .deleted { return .deleted }
        switch type {
        case .system: return .system
        case .error: return .error
        case .ephemeral: return .ephemeral
        default: return .regular
        }
    }
}

/// What a message is drawn as, decided by ``ChatMessage/kind``.
public enum MessageKind: String, Sendable, Hashable {
    /// A message in a bubble, with its author, text, attachments and reactions.
    case regular
    /// A placeholder saying the message was deleted; its content is never shown.
    case deleted
    /// A line from the server or the app ("Ada joined the channel"), without a bubble.
    case system
    /// A message the server refused to deliver, shown like a system line.
    case error
    /// A message only its sender saw, such as a command's preview.
    case ephemeral
}

extension ChatMessage {
    /// A text a message had before it was edited (``ChatMessage/earlierVersions``).
    public struct EarlierVersion: Sendable, Hashable {
        /// The text, Markdown as sent.
        public var text: String
        /// When the message got this text (when it was sent, or edited to it).
        public var date: Date?

        /// A version with `text`, current from `date`.
        public init(text: String, date: Date?) {
            self.text = text
            self.date = date
        }
    }

    /// Every stored field of a message.
    private struct Fields: Sendable, Hashable {
        var id: String
        var type: MessageType
        var text: String
        var user: ChatUser?
        var createdAt: Date?
        var updatedAt: Date? = nil
        var textUpdatedAt: Date? = nil
        var earlierVersions: [EarlierVersion] = []
        var deletedAt: Date? = nil
        var deletedForMe = false
        var attachments: [AnyChatMessageAttachment] = []
        var quotedMessageID: String? = nil
        var parentID: String? = nil
        var showInChannel = false
        var replyCount: Int64? = nil
        var threadParticipants: [ChatUser] = []
        var mentionedUsers: [ChatUser] = []
        var latestReactions: [Reaction] = []
        var ownReactions: [Reaction] = []
        var reactionGroups: [ReactionGroup] = []
        var pinned = false
        var pinnedAt: Date? = nil
        var pinnedBy: ChatUser? = nil
        var pinExpires: Date? = nil
        var silent = false
        var shadowed = false
        var isDraft = false
        var command: String? = nil
        var args: String? = nil
        var rawObject = RawJSONObject(JSONObject())
        var pollMember: JSONValue? = nil
        var sharedLocationMember: JSONValue? = nil
        var quotedMessage: ChatMessage? = nil
        var parsedText = ParsedText()
    }

    /// Sets a field ``parsedText`` is made from, and clears that, in one access to the fields
    /// (every message read sets both).
    private static func set<Value>(_ field: WritableKeyPath<Fields, Value>, to value: Value, in fields: inout Fields) {
        fields[keyPath: field] = value
        fields.parsedText.document = nil
    }

    /// A message's text parsed ahead of its drawing: what the text and mentions already say, so
    /// it takes no part in the message's equality or hash.
    private struct ParsedText: Sendable, Hashable {
        var document: MarkdownDocument?
        static func == (_: ParsedText, _: ParsedText) -> Bool { true }
        func hash(into _: inout Hasher) {}
    }

    /// Where a message's fields live; written only while one message holds it.
}
