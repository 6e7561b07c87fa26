/// What an entity file (``EntityDirectory``) and an event log (``EventLog``) read alike from the
/// objects they collect: ids, channel ids, the users they keep and the channel a cid names.
enum CollectedFields {
    /// An id: a non-empty string, or an integer, as ``MessageDecoder`` accepts one.
    static func identifier(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let id)? where !id.isEmpty: return id
        case .integer(let id)?: return String(id)
        default: return nil
        }
    }

    /// The cid `item` names: its `typeKey` and `idKey` members joined by a colon, else its `cid`.
    static func cid(_ item: JSONObject, typeKey: String, idKey: String) -> String? {
        if let type = identifier(item[typeKey]), let id = identifier(item[idKey]) { return "\(type):\(id)" }
        return identifier(item["cid"])
    }

    /// The members of a user that are kept (for a member list, an author, a reactor).
    static let userKeysKept = ["id", "name", "image", "role"]

    /// `user` with only the members kept, in that order.
    static func keptUser(_ user: JSONObject) -> JSONObject {
        JSONObject(uniqueMembers: userKeysKept.compactMap { key in user[key].map { (key: key, value: $0) } })
    }

    /// The channel `cid` names, before anything else is known of it.
    static func channel(cid: String) -> ChatChannel {
        let parts = cid.split(separator: ":", maxSplits: 1).map(String.init)
        return ChatChannel(id: parts.last, cid: cid, type: parts.count == 2 ? parts[0] : nil)
    }
}
