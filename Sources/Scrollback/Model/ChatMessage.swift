import Foundation

/// One chat message, decoded leniently: only ``id`` is required, and every key of the input,
/// known or not, stays reachable through ``raw`` and ``customData``.
public struct ChatMessage: Sendable, Hashable {
    public var id: String
    /// The type as written; see ``kind`` for how it is shown.
    public var type: MessageType
    /// The Markdown body, with surrounding whitespace trimmed.
    public var text: String
    public var user: ChatUser?
    public var createdAt: Date?
    public var updatedAt: Date?
    /// Set when the text was edited.
    public var textUpdatedAt: Date?
    public var deletedAt: Date?
    public var deletedForMe: Bool
    public var attachments: [AnyChatMessageAttachment]
    public var quotedMessageID: String?
    public var parentID: String?
    public var showInChannel: Bool
    public var replyCount: Int64?
    public var threadParticipants: [ChatUser]
    public var mentionedUsers: [ChatUser]
    public var latestReactions: [Reaction]
    public var ownReactions: [Reaction]
    /// Totals per reaction type, sorted by type name.
    public var reactionGroups: [ReactionGroup]
    public var pinned: Bool
    public var pinnedAt: Date?
    public var pinnedBy: ChatUser?
    public var pinExpires: Date?
    public var silent: Bool
    public var shadowed: Bool
    public var command: String?
    public var args: String?
    /// Every key of the input object, in input order.
    public var raw: JSONObject

    private var quoted: Indirect<ChatMessage>?

    /// The embedded copy of the message this one quotes, when the input carries it.
    public var quotedMessage: ChatMessage? {
        get { quoted?.value }
        set { quoted = newValue.map(Indirect.init) }
    }

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
        raw = JSONObject()
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

    public var isEdited: Bool { textUpdatedAt != nil }
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

/// What a message is drawn as.
public enum MessageKind: String, Sendable, Hashable {
    case regular, deleted, system, error, ephemeral
}

/// A box that lets a value type contain itself (a message's quoted message).
private final class Indirect<Value: Sendable & Hashable>: Sendable, Hashable {
    let value: Value
    init(_ value: Value) { self.value = value }
    static func == (lhs: Indirect, rhs: Indirect) -> Bool { lhs.value == rhs.value }
    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
