/// The author of a message, or a user mentioned in or reacting to one.
public struct ChatUser: Sendable, Hashable {
    public var id: String
    public var name: String?
    /// The avatar's URL; Stream sends `""` for "no avatar", which is kept as `nil`.
    public var imageURL: String?
    public var role: String?
    /// Every key of the input object, known or not.
    public var raw: JSONObject

    public init(id: String, name: String? = nil, imageURL: String? = nil, role: String? = nil, raw: JSONObject = JSONObject()) {
        self.id = id
        self.name = name
        self.imageURL = imageURL
        self.role = role
        self.raw = raw
    }

    /// What a chat client shows for the user: the name, else the id.
    public var displayName: String {
        if let name, !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return name }
        return id
    }

    /// The keys this type does not model: the app's own fields on the user.
    public var customData: JSONObject {
        raw.filtering(out: ["id", "name", "image", "role"])
    }
}

extension JSONObject {
    /// The members whose keys are not in `known`, in input order.
    func filtering(out known: Set<String>) -> JSONObject {
        JSONObject(uniqueMembers: members.filter { !known.contains($0.key) })
    }
}
