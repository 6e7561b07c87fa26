import Foundation

/// The channel a transcript comes from (`channel` in a query-channel response).
public struct ChatChannel: Sendable, Hashable {
    /// The channel's `id`, unique within its type.
    public var id: String?
    /// The channel's `cid`: its type and id, as in `messaging:general`.
    public var cid: String?
    /// The channel type (`type`), such as `messaging` or `livestream`.
    public var type: String?
    /// The name people gave the channel (`name`).
    public var name: String?
    /// The channel's picture (`image`).
    public var imageURL: String?
    /// How many members the channel has (`member_count`).
    public var memberCount: Int64?
    /// When the channel was created (`created_at`).
    public var createdAt: Date?
    /// The members' users, in input order (the channel's `members`, else the export's beside
    /// it; the first ``maximumMembersKept`` only): what names a channel without a name.
    public var members: [ChatUser]
    /// Every key of the channel object, in input order.
    public var raw: JSONObject

    /// A channel with these fields, as a test or an app building a transcript by hand needs it.
    public init(
        id: String? = nil, cid: String? = nil, type: String? = nil, name: String? = nil,
        imageURL: String? = nil, memberCount: Int64? = nil, createdAt: Date? = nil, raw: JSONObject = JSONObject(),
        members: [ChatUser] = []
    ) {
        self.members = members
        self.id = id
        self.cid = cid
        self.type = type
        self.name = name
        self.imageURL = imageURL
        self.memberCount = memberCount
        self.createdAt = createdAt
        self.raw = raw
    }

    /// How many members a channel keeps: enough to name it, not a livestream's audience.
    public static let maximumMembersKept = 16

    /// The channel's name, else its cid or id. Rendering names a channel without a name after
    /// its members instead (`title(currentUserID:theme:)`).
    public var displayName: String? {
        if let name, !name.isEmpty { return name }
        return cid ?? id
    }
}
