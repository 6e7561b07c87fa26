/// The few members of a message object that ``TranscriptIndex`` needs, picked out of the input
/// by a reader that skips every other value without building it (``TranscriptReader/Mode/index``).
///
/// A repeated key keeps its last value, as in a fully parsed ``JSONObject``.
struct MessageHead {
    var id: JSONValue?
    var parentID: JSONValue?
    var createdAt: MessageMembers.DateMember?
    var showInChannel: JSONValue?
    /// The message this one quotes: the render pass keeps the preview of a quoted message.
    var quotedMessageID: JSONValue?
    /// The author as an object holding only its `id` and `name`; `null` when `user` is not an object.
    var user: JSONValue?
    /// The author as decoded before from an object written byte for byte the same, found in
    /// the reader's ``UserCache``: the object was skipped, and `user` is `nil`.
    var knownUser: ChatUser?
    /// Where the `user` object that was read lies, from the pinned start of the message: the
    /// user it decodes to is kept under these bytes.
    var userRange: Range<Int>?
    /// The message's `type`, read only to tell whether the object is a message.
    var type: JSONValue?
    /// Whether another of ``MessageDecoder/messageOnlyKeys`` was met (their values are skipped).
    var sawContentKey = false

    /// Whether the object is a message, by the rule every reading follows
    /// (``MessageDecoder/isMessage(hasMessageOnlyMember:type:hasID:hasUserObject:)``).
    var isMessage: Bool {
        var hasUserObject = knownUser != nil
        if case .object? = user { hasUserObject = true }
        return MessageDecoder.isMessage(
            hasMessageOnlyMember: sawContentKey || parentID != nil || quotedMessageID != nil, type: type, hasID: id != nil,
            hasUserObject: hasUserObject)
    }

    /// The indexed keys, in the order of ``readMembers(from:)``'s cases, then the other
    /// members only a message has, whose presence alone counts.
    static let keys = ExpectedKeys(
        ["id", "user", "parent_id", "created_at", "show_in_channel", "quoted_message_id", "type"]
            + MessageDecoder.messageOnlyKeys.filter { !["parent_id", "quoted_message_id"].contains($0) })

    /// Reads the members of the object whose `{` was just consumed, up to its `}`, which must be
    /// pinned. An author found in `users` is taken from it.
    mutating func readMembers(from parser: inout JSONStreamParser, users: UserCache? = nil) throws(ReadError) {
        let keys = Self.keys // once, not once a key
        while let key = try parser.nextKey(skippingAllBut: keys) {
            switch key {
            case 0: id = try parser.parseValue()
            case 1:
                (user, knownUser, userRange) = (nil, nil, nil)
                let start = try parser.offsetFromPin()
                if let users, try parser.peekKind() == .object, let (known, written) = try users.user(at: &parser) {
                    // An author met again: much of the reactions, mentions and quotes that
                    // the index skips is such authors' objects, stepped over once kept (an
                    // author met once is not worth keeping).
                    if parser.knownObjects == nil { parser.knownObjects = KnownObjects() }
                    parser.knownObjects?.keep(written)
                    parser.skip(written)
                    knownUser = known
                } else {
                    user = try Self.readUser(from: &parser)
                    userRange = start..<parser.endOffsetFromPin
                }
            case 2: parentID = try parser.parseValue()
            case 3: createdAt = try MessageMembers.DateMember.read(from: &parser)
            case 4: showInChannel = try parser.parseValue()
            case 5: quotedMessageID = try parser.parseValue()
            case 6: type = try parser.parseValue()
            default:
                sawContentKey = true
                try parser.skipValue()
            }
        }
    }

    /// Reads the value of `key` if it is one of the indexed members, else skips it.
    mutating func read(_ key: String, from parser: inout JSONStreamParser) throws(ReadError) {
        // Lengths first: most keys are ruled out without comparing strings.
        switch key.utf8.count {
        case 2 where key == "id": id = try parser.parseValue()
        case 4 where key == "user": user = try Self.readUser(from: &parser)
        case 9 where key == "parent_id": parentID = try parser.parseValue()
        case 10 where key == "created_at": createdAt = .other(try parser.parseValue())
        case 15 where key == "show_in_channel": showInChannel = try parser.parseValue()
        case 17 where key == "quoted_message_id": quotedMessageID = try parser.parseValue()
        case 4 where key == "type": type = try parser.parseValue()
        case _ where [4, 11, 14].contains(key.utf8.count) && MessageDecoder.messageOnlyKeys.contains(key):
            sawContentKey = true
            try parser.skipValue()
        default: try parser.skipValue()
        }
    }

    /// The value of `key` as the index needs it (`user` holding only its `id`) if it is one of
    /// the indexed members; else skips it and returns `nil`.
    static func readIndexedMember(_ key: String, from parser: inout JSONStreamParser) throws(ReadError) -> JSONValue? {
        var head = MessageHead()
        try head.read(key, from: &parser)
        // A content key's value is not needed, only that the key is there.
        // `read(_:from:)` keeps a date as written.
        var createdAt: JSONValue?
        if case .other(let value)? = head.createdAt { createdAt = value }
        return head.id ?? head.user ?? head.parentID ?? createdAt ?? head.showInChannel ?? head.quotedMessageID ?? head.type
            ?? (head.sawContentKey ? .null : nil)
    }

    private static func readUser(from parser: inout JSONStreamParser) throws(ReadError) -> JSONValue {
        guard try parser.peekKind() == .object else {
            // Not an object: no author, whatever it holds (the full reading warns about it).
            try parser.skipValue()
            return .null
        }
        try parser.beginObject()
        var id: JSONValue?
        // The name too: the index finds display names that two authors share.
        var name: JSONValue?
        let keys = userKeys
        while let key = try parser.nextKey(skippingAllBut: keys) {
            if key == 0 { id = try parser.parseValue() } else { name = try parser.parseValue() }
        }
        var members: [(key: String, value: JSONValue)] = []
        members.reserveCapacity(2)
        if let id { members.append(("id", id)) }
        if let name { members.append(("name", name)) }
        return .object(JSONObject(uniqueMembers: members))
    }

    private static let userKeys = ExpectedKeys(["id", "name"])
}
