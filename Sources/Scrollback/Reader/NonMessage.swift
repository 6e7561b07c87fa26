/// What an object that is no message looks like, for the warnings that say why it was left out
/// and what a file without messages holds: one of the other things a Stream payload carries (a
/// user, a member, a reaction, a reminder, a channel), on its own or in its box
/// (`{"user": {...}}`), or a list of them.
enum NonMessage: Hashable, CustomStringConvertible {
    case one(Kind)
    case list(Kind)
    /// A Stream event of a kind that carries no message (`typing.start`), by its `type`.
    case event(String)

    enum Kind: Hashable {
        case user, member, reaction, reminder, channel
    }

    /// What `object` looks like, when it has the members of something Scrollback knows;
    /// `nil` for anything else. Only asked of an object already found to be no message.
    init?(_ object: JSONObject) {
        if let kind = Self.kind(of: object) {
            self = .one(kind)
        } else if case .string(let type)? = object["type"], type.contains(".") {
            self = .event(type)
        } else if let boxed = Self.boxes.first(where: { object[$0.key]?.objectValue != nil }) {
            self = .one(boxed.kind)
        } else if let listed = Self.lists.first(where: { object[$0.key]?.arrayValue != nil }) {
            self = .list(listed.kind)
        } else {
            return nil
        }
    }

    /// The kind an object's own members tell, most telling first: a member has a `role`, as a
    /// user does, and a reaction a `user_id`, as a member does.
    private static func kind(of object: JSONObject) -> Kind? {
        func has(_ key: String) -> Bool { object[key] != nil }
        if has("remind_at") || (has("message_id") && has("channel_cid")) { return .reminder }
        if has("message_id") || has("score"), object["type"]?.stringValue != nil { return .reaction }
        if has("user_id"), ["channel_role", "role", "user", "channel_id", "is_moderator"].contains(where: has) { return .member }
        if has("config") || has("member_count") || (has("cid") && has("id") && object["type"]?.stringValue != nil) { return .channel }
        if ["name", "role", "image", "online", "last_active"].contains(where: has) { return .user }
        return nil
    }

    /// Stream's responses that hold one thing of a kind, by the key that holds it.
    private static let boxes: [(key: String, kind: Kind)] = [
        ("user", .user), ("member", .member), ("reaction", .reaction), ("reminder", .reminder),
    ]

    /// Stream's responses that hold a list of things of a kind (`members` makes a channel export).
    private static let lists: [(key: String, kind: Kind)] = [
        ("users", .user), ("reactions", .reaction), ("reminders", .reminder),
    ]

    /// `a user`, `a list of reactions`, `a "typing.start" event`.
    var description: String {
        switch self {
        case .one(let kind): return kind.one
        case .list(let kind): return "a list of \(kind.many)"
        case .event(let type): return "a \"\(type.prefix(40).description.debugEscaped)\" event"
        }
    }
}

extension NonMessage.Kind {
    fileprivate var one: String {
        switch self {
        case .user: return "a user"
        case .member: return "a member"
        case .reaction: return "a reaction"
        case .reminder: return "a reminder"
        case .channel: return "a channel without messages"
        }
    }

    fileprivate var many: String {
        switch self {
        case .user: return "users"
        case .member: return "members"
        case .reaction: return "reactions"
        case .reminder: return "reminders"
        case .channel: return "channels without messages"
        }
    }
}
