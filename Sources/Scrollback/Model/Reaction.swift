import Foundation

/// One reaction as listed in `latest_reactions` or `own_reactions`.
public struct Reaction: Sendable, Hashable {
    public var type: String
    public var score: Int64
    public var userID: String?
    public var user: ChatUser?
    public var createdAt: Date?
    public var raw: JSONObject
}

/// The totals for one reaction type, from `reaction_groups` or the older count and score maps.
public struct ReactionGroup: Sendable, Hashable {
    public var type: String
    public var count: Int64
    public var sumScores: Int64
}
