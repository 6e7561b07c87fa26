import Foundation

/// One reaction as listed in `latest_reactions` or `own_reactions`.
public struct Reaction: Sendable, Hashable {
    /// The reaction's type, such as `like` or `love`; the theme gives its emoji.
    public var type: String
    /// The reaction's weight (`score`), 1 unless the app counts some reactions more (claps).
    public var score: Int64
    /// The id of the user who reacted (`user_id`).
    public var userID: String?
    /// The user who reacted, when the input embeds them.
    public var user: ChatUser?
    /// When the reaction was given (`created_at`).
    public var createdAt: Date?
    /// Every key of the reaction object, in input order. A reaction from the reader builds it
    /// from the input's bytes when first asked for (once).
    public var raw: JSONObject {
        get { rawObject.object }
        set { rawObject = RawJSONObject(newValue) }
    }
    var rawObject: RawJSONObject

    init(type: String, score: Int64, userID: String?, user: ChatUser?, createdAt: Date?, raw: JSONObject) {
        self.init(type: type, score: score, userID: userID, user: user, createdAt: createdAt, rawObject: RawJSONObject(raw))
    }

    init(type: String, score: Int64, userID: String?, user: ChatUser?, createdAt: Date?, rawObject: RawJSONObject) {
        (self.type, self.score, self.userID, self.user, self.createdAt) = (type, score, userID, user, createdAt)
        self.rawObject = rawObject
    }
}

/// The totals for one reaction type, from `reaction_groups` or the older count and score maps.
public struct ReactionGroup: Sendable, Hashable {
    /// The reaction type the totals are for.
    public var type: String
    /// How many users reacted with this type.
    public var count: Int64
    /// The sum of those reactions' scores.
    public var sumScores: Int64
}
