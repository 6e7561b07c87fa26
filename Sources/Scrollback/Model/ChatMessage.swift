import Foundation

/// One chat message, decoded leniently: only ``id`` is required, and every key of the input,
/// known or not, stays reachable through ``raw`` and ``customData``.
public struct ChatMessage: Sendable, Hashable {
    /// The message's `id` as the export has it; empty when the input had none (the message then
    /// gets no anchor and no reply can quote it).
    public var id: String
    /// The type as written; see ``kind`` for how it is shown.
    public var type: MessageType
    /// The Markdown body, with surrounding whitespace trimmed.
    public var text: String
    /// The author (`user`); `nil` when the input names none.
    public var user: ChatUser?
    /// When the message was sent (`created_at`).
    public var createdAt: Date?
    /// When anything about the message last changed (`updated_at`), reactions included; see
    /// ``textUpdatedAt`` for edits of the text.
    public var updatedAt: Date?
    /// When the text was last edited (`message_text_updated_at`); set only for edited messages.
    public var textUpdatedAt: Date?
    /// When the message was deleted (`deleted_at`).
    public var deletedAt: Date?
    /// Whether the message was deleted for the exporting user only (`deleted_for_me`).
    public var deletedForMe: Bool
    /// The attachments in input order, each of any kind.
    public var attachments: [AnyChatMessageAttachment]
    /// The id of the message this one replies to with a quote (`quoted_message_id`, else the
    /// embedded ``quotedMessage``'s id).
    public var quotedMessageID: String?
    /// The id of the thread's first message when this message is a thread reply (`parent_id`).
    public var parentID: String?
    /// Whether a thread reply was also sent to the channel (`show_in_channel`).
    public var showInChannel: Bool
    /// How many replies the message's thread has (`reply_count`), as the server counted them.
    public var replyCount: Int64?
    /// The users who replied in the message's thread (`thread_participants`).
    public var threadParticipants: [ChatUser]
    /// The users the text mentions (`mentioned_users`): their `@Name` becomes a mention.
    public var mentionedUsers: [ChatUser]
    /// The most recent reactions, with who gave them (`latest_reactions`).
    public var latestReactions: [Reaction]
    /// The exporting user's own reactions (`own_reactions`).
    public var ownReactions: [Reaction]
    /// Totals per reaction type, sorted by type name.
    public var reactionGroups: [ReactionGroup]
    /// Whether the message is pinned in its channel (`pinned`).
    public var pinned: Bool
    /// When the message was pinned (`pinned_at`).
    public var pinnedAt: Date?
    /// Who pinned the message (`pinned_by`).
    public var pinnedBy: ChatUser?
    /// When the pin lapses (`pin_expires`); `nil` for a pin without an end.
    public var pinExpires: Date?
    /// Whether the message was sent without notifying anyone (`silent`).
    public var silent: Bool
    /// Whether moderation hid the message from everyone but its author (`shadowed`).
    public var shadowed: Bool
    /// The slash command that made the message, such as `giphy` (`command`).
    public var command: String?
    /// The text given to ``command`` (`args`).
    public var args: String?
    /// Every key of the input object, in input order. A message from the reader builds it from
    /// the input's bytes when first asked for (once).
    public var raw: JSONObject {
        get { rawObject.object }
        set {
            rawObject = RawJSONObject(newValue)
            (pollMember, sharedLocationMember) = (newValue["poll"], newValue["shared_location"])
        }
    }
    var rawObject = RawJSONObject(JSONObject())
    /// `raw`'s `poll` and `shared_location`, kept apart: every message is asked for them, and
    /// `raw` is built only when read.
    var pollMember: JSONValue?
    var sharedLocationMember: JSONValue?

    private var quoted: Indirect<ChatMessage>?

    /// The embedded copy of the message this one quotes, when the input carries it.
    public var quotedMessage: ChatMessage? {
        get { quoted?.value }
        set { quoted = newValue.map(Indirect.init) }
    }

    /// A message with these fields and every other one empty, as a test or an app building a
    /// transcript by hand needs it. ``raw`` starts empty.
    public init(id: String, type: MessageType = .regular, text: String = "", user: ChatUser? = nil, createdAt: Date? = nil) {
        self.id = id
        self.type = type
        self.text = text
        self.user = user
        self.createdAt = createdAt
        deletedForMe = false
        attachments = []
        showInChannel = false
        threadParticipants = []
        mentionedUsers = []
        latestReactions = []
        ownReactions = []
        reactionGroups = []
        pinned = false
        silent = false
        shadowed = false
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
        if isDeleted { return .deleted }
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

/// A box that lets a value type contain itself (a message's quoted message).
private final class Indirect<Value: Sendable & Hashable>: Sendable, Hashable {
    let value: Value
    init(_ value: Value) { self.value = value }
    static func == (lhs: Indirect, rhs: Indirect) -> Bool { lhs.value == rhs.value }
    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
