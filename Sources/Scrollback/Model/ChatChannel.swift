import Foundation

/// The channel a transcript comes from (`channel` in a query-channel response).
public struct ChatChannel: Sendable, Hashable {
    public var id: String?
    public var cid: String?
    public var type: String?
    public var name: String?
    public var imageURL: String?
    public var memberCount: Int64?
    public var createdAt: Date?
    public var raw: JSONObject

    public init(id: String? = nil, cid: String? = nil, type: String? = nil, name: String? = nil,
                imageURL: String? = nil, memberCount: Int64? = nil, createdAt: Date? = nil, raw: JSONObject = JSONObject()) {
        self.id = id
        self.cid = cid
        self.type = type
        self.name = name
        self.imageURL = imageURL
        self.memberCount = memberCount
        self.createdAt = createdAt
        self.raw = raw
    }

    /// The channel's name, else its cid or id.
    public var displayName: String? {
        if let name, !name.isEmpty { return name }
        return cid ?? id
    }
}
