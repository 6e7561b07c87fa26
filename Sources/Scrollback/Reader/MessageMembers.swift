import Foundation

/// The members of a message object that ``MessageDecoder`` reads, each as written; the rest is
/// left to `raw`. They come from an object already parsed, or straight from the input by
/// ``read(from:)``, which skips every other member unbuilt and notes where the object's bytes
/// are instead (building each message's whole tree was most of the reading).
///
/// A missing member is `nil`; a member that is `null` or of another type than expected is kept
/// as that value, for the decoder's warnings. A repeated key keeps its last value, as in a
/// parsed ``JSONObject``.
struct MessageMembers {
    var id, type, text: JSONValue?
    var hasHTML = false
    var user: Nested<UserMembers>?
    var createdAt, updatedAt, textUpdatedAt, deletedAt: DateMember?
    var deletedForMe: JSONValue?
    var attachments: JSONValue?
    var quotedMessageID: JSONValue?
    var quotedMessage: NestedMessage?
    var parentID, showInChannel, replyCount: JSONValue?
    var threadParticipants, mentionedUsers: List<UserMembers>?
    var latestReactions, ownReactions: List<ReactionMembers>?
    var reactionGroups: Nested<ReactionGroupsMembers>?
    var reactionCounts, reactionScores: JSONValue?
    var pinned: JSONValue?
    var pinnedAt, pinExpires: DateMember?
    var pinnedBy: Nested<UserMembers>?
    var silent, shadowed, command, args: JSONValue?
    var poll, sharedLocation: JSONValue?
    var raw: RawPlace
    /// In ``read(from:users:)``: whether the object has a key that makes a top-level object a
    /// wrapper rather than a message (`messages`, `channel`, ...): an NDJSON line with one is
    /// read again by the reader's object walk.
    var hasWrapperKey = false

    /// Whether the object is a message (``MessageDecoder/isMessage(hasMessageOnlyMember:type:hasID:hasUserObject:)``).
    var isMessage: Bool {
        var hasUserObject = false
        if case .object? = user { hasUserObject = true }
        return MessageDecoder.isMessage(
            hasMessageOnlyMember: text != nil || hasHTML || attachments != nil || parentID != nil || quotedMessageID != nil
                || quotedMessage != nil,
            type: type, hasID: id != nil, hasUserObject: hasUserObject)
    }

    /// Where a nested object's `raw` comes from.
    enum RawPlace {
        case object(JSONObject)
        /// The object's bytes within the message's (``JSONText``).
        case range(Range<Int>)

        func object(in text: JSONText?) -> RawJSONObject {
            switch self {
            case .object(let object): return RawJSONObject(object)
            case .range(let range):
                guard let text else { return RawJSONObject(JSONObject()) }
                return RawJSONObject(text, range: range)
            }
        }
    }

    /// A member expected to be a date: read from the input's bytes when they are one, else the
    /// value as written, for the decoder to read and warn about.
    enum DateMember {
        case date(Date)
        case other(JSONValue)

        /// The date at the parser's next value, or the value found there instead.
        static func read(from parser: inout JSONStreamParser) throws(ReadError) -> DateMember {
            if let date = try parser.readPlainString(RFC3339.parse(bytes:)) { return .date(date) }
            return .other(try parser.parseValue())
        }
    }

    /// A member expected to be an object: its members, or the value it has instead.
    enum Nested<Members> {
        case object(Members)
        case other(JSONValue)
    }

    /// `quoted_message`: a message within the message.
    indirect enum NestedMessage {
        case object(MessageMembers)
        case other(JSONValue)
    }

    /// A member expected to be an array of objects: its elements, or the value it has instead.
    enum List<Members> {
        case array([Nested<Members>])
        case other(JSONValue)
    }

    init(raw: RawPlace) {
        self.raw = raw
    }

    /// The room a list of reactions, users or reaction types gets once it has one element.
    static let usualListLength = 8

    /// The members of a parsed message object.
    init(_ object: JSONObject) {
        raw = .object(object)
        for (key, value) in object {
            switch key {
            case "id": id = value
            case "type": type = value
            case "text": text = value
            case "html": hasHTML = true
            case "user": user = Nested(value, UserMembers.init)
            case "created_at": createdAt = .other(value)
            case "updated_at": updatedAt = .other(value)
            case "message_text_updated_at": textUpdatedAt = .other(value)
            case "deleted_at": deletedAt = .other(value)
            case "deleted_for_me": deletedForMe = value
            case "attachments": attachments = value
            case "quoted_message_id": quotedMessageID = value
            case "quoted_message":
                if case .object(let quoted) = value {
                    quotedMessage = .object(MessageMembers(quoted))
                } else {
                    quotedMessage = .other(value)
                }
            case "parent_id": parentID = value
            case "show_in_channel": showInChannel = value
            case "reply_count": replyCount = value
            case "thread_participants": threadParticipants = List(value, UserMembers.init)
            case "mentioned_users": mentionedUsers = List(value, UserMembers.init)
            case "latest_reactions": latestReactions = List(value, ReactionMembers.init)
            case "own_reactions": ownReactions = List(value, ReactionMembers.init)
            case "reaction_groups": reactionGroups = Nested(value, ReactionGroupsMembers.init)
            case "reaction_counts": reactionCounts = value
            case "reaction_scores": reactionScores = value
            case "pinned": pinned = value
            case "pinned_at": pinnedAt = .other(value)
            case "pinned_by": pinnedBy = Nested(value, UserMembers.init)
            case "pin_expires": pinExpires = .other(value)
            case "silent": silent = value
            case "shadowed": shadowed = value
            case "command": command = value
            case "args": args = value
            case "poll": poll = value
            case "shared_location": sharedLocation = value
            default: break
            }
        }
    }

    // MARK: - Reading from the input

    /// The keys ``read(from:)`` looks for, in the order of its cases.
    private static let keys = ExpectedKeys([
        "id", "type", "text", "html", "user", "created_at", "updated_at", "message_text_updated_at", "deleted_at",
        "deleted_for_me", "attachments", "quoted_message_id", "quoted_message", "parent_id", "show_in_channel",
        "reply_count", "thread_participants", "mentioned_users", "latest_reactions", "own_reactions", "reaction_groups",
        "reaction_counts", "reaction_scores", "pinned", "pinned_at", "pinned_by", "pin_expires", "silent", "shadowed",
        "command", "args", "poll", "shared_location",
        // Wrapper keys (``hasWrapperKey``), from 33 on.
        "channel", "channels", "messages", "message", "members", "read", "pinned_messages", "watchers",
        // A thread's (a line of threads is walked as one), and the lists of threads and drafts.
        "parent_message", "latest_replies", "threads", "drafts",
    ])

    /// Reads the object that starts at the parser's next value, which must be pinned (its
    /// ranges are offsets from the pinned place). Users found in `users` are taken from it.
    static func read(from parser: inout JSONStreamParser, users: UserCache? = nil) throws(ReadError) -> MessageMembers {
        var members = MessageMembers(raw: .range(0..<0))
        try read(from: &parser, users: users, into: &members)
        return members
    }

    /// ``read(from:users:)`` into `members`, which are all unset: the members were copied
    /// whole when the reading returned them itself.
    private static func read(from parser: inout JSONStreamParser, users: UserCache?, into members: inout MessageMembers)
        throws(ReadError)
    {
        let start = try parser.offsetFromPin()
        try parser.beginObject()
        let keys = keys
        let user: (inout JSONStreamParser) throws(ReadError) -> Nested<UserMembers> = {
            try UserMembers.read(from: &$0, users: users)
        }
        let reaction: (inout JSONStreamParser) throws(ReadError) -> Nested<ReactionMembers> = {
            try ReactionMembers.read(from: &$0, users: users)
        }
        while let key = try parser.nextKey(skippingAllBut: keys) {
            switch key {
            case 0: members.id = try parser.parseValue()
            case 1: members.type = try parser.parseValue()
            case 2: members.text = try parser.parseValue()
            case 3:
                members.hasHTML = true
                try parser.skipValue()
            case 4: members.user = try user(&parser)
            case 5: members.createdAt = try DateMember.read(from: &parser)
            case 6: members.updatedAt = try DateMember.read(from: &parser)
            case 7: members.textUpdatedAt = try DateMember.read(from: &parser)
            case 8: members.deletedAt = try DateMember.read(from: &parser)
            case 9: members.deletedForMe = try parser.parseValue()
            case 10: members.attachments = try parser.parseValue()
            case 11: members.quotedMessageID = try parser.parseValue()
            case 12:
                if try parser.peekKind() == .object {
                    members.quotedMessage = .object(try read(from: &parser, users: users))
                } else {
                    members.quotedMessage = .other(try parser.parseValue())
                }
            case 13: members.parentID = try parser.parseValue()
            case 14: members.showInChannel = try parser.parseValue()
            case 15: members.replyCount = try parser.parseValue()
            case 16: members.threadParticipants = try List.read(from: &parser, element: user)
            case 17: members.mentionedUsers = try List.read(from: &parser, element: user)
            case 18: members.latestReactions = try List.read(from: &parser, element: reaction)
            case 19: members.ownReactions = try List.read(from: &parser, element: reaction)
            case 20: members.reactionGroups = try ReactionGroupsMembers.read(from: &parser)
            case 21: members.reactionCounts = try parser.parseValue()
            case 22: members.reactionScores = try parser.parseValue()
            case 23: members.pinned = try parser.parseValue()
            case 24: members.pinnedAt = try DateMember.read(from: &parser)
            case 25: members.pinnedBy = try user(&parser)
            case 26: members.pinExpires = try DateMember.read(from: &parser)
            case 27: members.silent = try parser.parseValue()
            case 28: members.shadowed = try parser.parseValue()
            case 29: members.command = try parser.parseValue()
            case 30: members.args = try parser.parseValue()
            case 31: members.poll = try parser.parseValue()
            case 32: members.sharedLocation = try parser.parseValue()
            default:
                members.hasWrapperKey = true
                try parser.skipValue()
            }
        }
        members.raw = .range(start..<parser.endOffsetFromPin)
    }
}

/// The members of a user object that ``MessageDecoder`` reads. A class, as ``ReactionMembers``
/// is: copied as a struct, its optional members went through their types' value witnesses.
final class UserMembers {
    var id, name, image, role: JSONValue?
    var raw: MessageMembers.RawPlace
    /// The user already decoded from an object written the same (``UserCache``): its members
    /// were not read.
    var known: ChatUser?

    init(_ object: JSONObject) {
        (id, name, image, role) = (object["id"], object["name"], object["image"], object["role"])
        raw = .object(object)
    }

    private init(raw: MessageMembers.RawPlace) {
        self.raw = raw
    }

    private static let keys = ExpectedKeys(["id", "name", "image", "role"])

    /// The user at the parser's next value, or the value found there instead.
    static func read(from parser: inout JSONStreamParser, users: UserCache?) throws(ReadError)
        -> MessageMembers.Nested<UserMembers>
    {
        guard try parser.peekKind() == .object else { return .other(try parser.parseValue()) }
        var user = UserMembers(raw: .range(0..<0))
        try read(from: &parser, users: users, into: &user)
        return .object(user)
    }

    /// The object at the parser's next value read into `user`, which is unset: as with
    /// ``MessageMembers``, members filled and returned were copied whole.
    private static func read(from parser: inout JSONStreamParser, users: UserCache?, into user: inout UserMembers)
        throws(ReadError)
    {
        let start = try parser.offsetFromPin()
        if let users, let (known, written) = try users.user(at: &parser) {
            parser.skip(written)
            user.raw = .range(start..<parser.endOffsetFromPin)
            user.known = known
            return
        }
        try parser.beginObject()
        let keys = keys
        while let key = try parser.nextKey(skippingAllBut: keys) {
            switch key {
            case 0: user.id = try parser.parseValue()
            case 1: user.name = try parser.parseValue()
            case 2: user.image = try parser.parseValue()
            default: user.role = try parser.parseValue()
            }
        }
        user.raw = .range(start..<parser.endOffsetFromPin)
    }
}

/// The members of a reaction object that ``MessageDecoder`` reads. A class: the decoder takes
/// each reaction out of its list, and a copy of so many optional members, made through their
/// types' value witnesses, costs hundreds of instructions where a reference costs a retain.
final class ReactionMembers {
    var type, score, userID: JSONValue?
    var createdAt: MessageMembers.DateMember?
    var user: MessageMembers.Nested<UserMembers>?
    var raw: MessageMembers.RawPlace

    init(_ object: JSONObject) {
        (type, score, userID) = (object["type"], object["score"], object["user_id"])
        createdAt = object["created_at"].map(MessageMembers.DateMember.other)
        user = object["user"].map { MessageMembers.Nested($0, UserMembers.init) }
        raw = .object(object)
    }

    private init(raw: MessageMembers.RawPlace) {
        self.raw = raw
    }

    private static let keys = ExpectedKeys(["type", "score", "user_id", "user", "created_at"])

    /// The reaction at the parser's next value, or the value found there instead.
    static func read(from parser: inout JSONStreamParser, users: UserCache?) throws(ReadError)
        -> MessageMembers.Nested<ReactionMembers>
    {
        guard try parser.peekKind() == .object else { return .other(try parser.parseValue()) }
        var reaction = ReactionMembers(raw: .range(0..<0))
        try read(from: &parser, users: users, into: &reaction)
        return .object(reaction)
    }

    /// The object at the parser's next value read into `reaction`, which is unset (see
    /// ``UserMembers``).
    private static func read(from parser: inout JSONStreamParser, users: UserCache?, into reaction: inout ReactionMembers)
        throws(ReadError)
    {
        let start = try parser.offsetFromPin()
        try parser.beginObject()
        let keys = keys
        while let key = try parser.nextKey(skippingAllBut: keys) {
            switch key {
            case 0: reaction.type = try parser.parseValue()
            case 1: reaction.score = try parser.parseValue()
            case 2: reaction.userID = try parser.parseValue()
            case 3: reaction.user = try UserMembers.read(from: &parser, users: users)
            default: reaction.createdAt = try MessageMembers.DateMember.read(from: &parser)
            }
        }
        reaction.raw = .range(start..<parser.endOffsetFromPin)
    }
}

/// The members of `reaction_groups` that ``MessageDecoder`` reads: each reaction type with its
/// group's `count` and `sum_scores` (its dates are skipped, not built). A repeated type keeps
/// its first place and its last value, as in a parsed ``JSONObject``.
struct ReactionGroupsMembers {
    /// The groups by type, in input order, each type once.
    let groups: [(key: String, value: MessageMembers.Nested<ReactionGroupMembers>)]

    init(_ object: JSONObject) {
        groups = object.members.map { ($0.key, MessageMembers.Nested($0.value, ReactionGroupMembers.init)) }
    }

    private init(reading members: [(key: String, value: MessageMembers.Nested<ReactionGroupMembers>)]) {
        groups = JSONObject.keepingEachKeyOnce(members)
    }

    /// The object at the parser's next value, or the value found there instead.
    static func read(from parser: inout JSONStreamParser) throws(ReadError) -> MessageMembers.Nested<ReactionGroupsMembers> {
        guard try parser.peekKind() == .object else { return .other(try parser.parseValue()) }
        try parser.beginObject()
        var members: [(key: String, value: MessageMembers.Nested<ReactionGroupMembers>)] = []
        while let type = try parser.nextKey() {
            if members.isEmpty { members.reserveCapacity(MessageMembers.usualListLength) }
            members.append((type, try ReactionGroupMembers.read(from: &parser)))
        }
        return .object(ReactionGroupsMembers(reading: members))
    }
}

/// One group of `reaction_groups`: its `count` and `sum_scores` as written.
struct ReactionGroupMembers {
    var count, sumScores: JSONValue?

    init(_ object: JSONObject) {
        (count, sumScores) = (object["count"], object["sum_scores"])
    }

    private init() {}

    private static let keys = ExpectedKeys(["count", "sum_scores"])

    /// The group at the parser's next value, or the value found there instead.
    static func read(from parser: inout JSONStreamParser) throws(ReadError) -> MessageMembers.Nested<ReactionGroupMembers> {
        guard try parser.peekKind() == .object else { return .other(try parser.parseValue()) }
        try parser.beginObject()
        var group = ReactionGroupMembers()
        let keys = keys
        while let key = try parser.nextKey(skippingAllBut: keys) {
            if key == 0 { group.count = try parser.parseValue() } else { group.sumScores = try parser.parseValue() }
        }
        return .object(group)
    }
}

extension MessageMembers.Nested {
    init(_ value: JSONValue, _ members: (JSONObject) -> Members) {
        if case .object(let object) = value {
            self = .object(members(object))
        } else {
            self = .other(value)
        }
    }
}

extension MessageMembers.List {
    init(_ value: JSONValue, _ members: (JSONObject) -> Members) {
        if case .array(let values) = value {
            self = .array(values.map { MessageMembers.Nested($0, members) })
        } else {
            self = .other(value)
        }
    }

    /// The array at the parser's next value, each element read by `element`; or the value
    /// found there instead.
    static func read(
        from parser: inout JSONStreamParser,
        element: (inout JSONStreamParser) throws(ReadError) -> MessageMembers.Nested<Members>
    ) throws(ReadError) -> MessageMembers.List<Members> {
        guard try parser.peekKind() == .array else { return .other(try parser.parseValue()) }
        try parser.beginArray()
        var elements: [MessageMembers.Nested<Members>] = []
        while try parser.nextElement() {
            // Room for a usual list at once, not grown from one element by doubling (each
            // growth copies the list): an empty list allocates nothing.
            if elements.isEmpty { elements.reserveCapacity(MessageMembers.usualListLength) }
            elements.append(try element(&parser))
        }
        return .array(elements)
    }
}

extension JSONText {
    /// The bytes of a message read by ``MessageMembers/read(from:)``, from its first byte: its
    /// objects are built by parsing them again.
    convenience init(message bytes: [UInt8]) {
        self.init(bytes: bytes, build: Self.parseObject)
    }

    private static let parseObject: @Sendable (ArraySlice<UInt8>) -> JSONObject = { bytes in
        var parser = JSONStreamParser(bytes: Array(bytes))
        return (try? parser.parseValue())?.objectValue ?? JSONObject()
    }
}
