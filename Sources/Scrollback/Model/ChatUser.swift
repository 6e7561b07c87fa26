/// The author of a message, or a user mentioned in or reacting to one.
public struct ChatUser: Sendable, Hashable {
    /// The user's `id`; empty for a user known only by name.
    public var id: String {
        get { storage.fields.id }
        set { storage.fields.id = newValue }
    }
    /// The name the user chose (`name`); see ``displayName`` for what is shown.
    public var name: String? {
        get { storage.fields.name }
        set {
            // Worked out before the fields are reached: a call during that access would make
            // every access to them checked at run time.
            let showsName = Self.shows(newValue)
            storage.fields.setName(newValue, showsName: showsName)
        }
    }
    /// The avatar's URL; Stream sends `""` for "no avatar", which is kept as `nil`.
    public var imageURL: String? {
        get { storage.fields.imageURL }
        set { storage.fields.imageURL = newValue }
    }
    /// The user's role in the app (`role`), such as `admin` or `user`.
    public var role: String? {
        get { storage.fields.role }
        set { storage.fields.role = newValue }
    }
    /// Every key of the input object, known or not. A user from the reader builds it from the
    /// input's bytes when first asked for (once).
    public var raw: JSONObject {
        get { storage.fields.rawObject.object }
        set { storage.fields.rawObject = RawJSONObject(newValue) }
    }
    var rawObject: RawJSONObject {
        get { storage.fields.rawObject }
        set { storage.fields.rawObject = newValue }
    }

    /// The fields behind one copy-on-write reference, as ``ChatMessage``'s: users are copied
    /// with every message, mention and reaction.
    private var storage: CopyOnWrite<Fields>

    /// Whether `other` is this very user value, copied: the reader gives every message of an
    /// author written the same way one user (``UserCache``), so the drawing tells an author
    /// met again by identity rather than by hashing their id (``AuthorSlots``).
    func isIdentical(to other: ChatUser) -> Bool {
        storage.isIdentical(to: other.storage)
    }

    /// Where this value's fields lie (``CopyOnWrite/address``): its slot in ``AuthorSlots``.
    var storageAddress: Int { storage.address }

    /// A user with these fields, as a test or an app building a transcript by hand needs it.
    public init(id: String, name: String? = nil, imageURL: String? = nil, role: String? = nil, raw: JSONObject = JSONObject()) {
        self.init(id: id, name: name, imageURL: imageURL, role: role, rawObject: RawJSONObject(raw))
    }

    init(id: String, name: String?, imageURL: String?, role: String?, rawObject: RawJSONObject) {
        storage = CopyOnWrite(Fields(id: id, name: name, imageURL: imageURL, role: role, rawObject: rawObject))
    }

    private struct Fields: Sendable, Hashable {
        var id: String
        private(set) var name: String?
        var imageURL: String?
        var role: String?
        var rawObject: RawJSONObject
        /// Whether ``name`` is what ``displayName`` shows, decided once per user rather than for
        /// every message, mention and reaction that shows them (outside ASCII that takes the
        /// characters' Unicode properties).
        private(set) var showsName: Bool

        init(id: String, name: String?, imageURL: String?, role: String?, rawObject: RawJSONObject) {
            (self.id, self.imageURL, self.role, self.rawObject) = (id, imageURL, role, rawObject)
            showsName = ChatUser.shows(name)
            self.name = name
        }

        mutating func setName(_ newName: String?, showsName: Bool) {
            (name, self.showsName) = (newName, showsName)
        }
    }

    /// What a chat client shows for the user: the name, else the id.
    public var displayName: String {
        if storage.fields.showsName, let name = storage.fields.name { return name }
        return storage.fields.id
    }

    /// What a client shows for a user of `name` and `id`, for callers that hold the two
    /// rather than a user.
    static func displayName(name: String?, id: String) -> String {
        guard let name, shows(name) else { return id }
        return name
    }

    /// Whether a user of `name` shows it, rather than their id.
    private static func shows(_ name: String?) -> Bool {
        name.map(hasVisibleContent) ?? false
    }

    /// Whether `name` holds more than whitespace, newlines and the blanks a field shows as
    /// space or nothing (``TextControls/isBlank(_:)``: Hangul fillers, the blank braille
    /// pattern; zero-width spaces): a name of only those shows the id. Decided on bytes when an
    /// ASCII byte other than a space or line break answers it (nearly always), else by scalars.
    static func hasVisibleContent(_ name: String) -> Bool {
        // The bytes in place: every name shown asks, for every message and reaction.
        let decided: Bool? = name.withUTF8Bytes { bytes in
            var sawNonASCII = false
            for byte in bytes {
                if byte >= 0x80 {
                    sawNonASCII = true
                } else if !byte.isASCIIWhitespace {
                    return true
                }
            }
            return sawNonASCII ? nil : false
        }
        if let decided { return decided }
        // The first scalar answers for nearly every name.
        return name.unicodeScalars.contains { scalar in
            !(TextControls.isBlank(scalar.value) || TextControls.isZeroWidthSpace(scalar.value) || scalar.properties.isWhitespace)
        }
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
