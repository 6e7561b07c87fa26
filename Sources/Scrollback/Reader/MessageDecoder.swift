import Foundation

/// Turns parsed JSON into model values, leniently: a field of the wrong type is ignored with a
/// warning (and stays in `raw`), only a message without an `id` is unusable.
struct MessageDecoder {
    /// Called for each field that had to be ignored.
    var warn: (_ keyPath: String, _ reason: String) -> Void
    /// Where users decoded from the input's bytes are kept for the reading to find again.
    var users: UserCache? = nil

    /// Decodes one message, or returns the reason it is unusable.
    func message(_ value: JSONValue, path: String) -> Result<ChatMessage, UnusableMessage> {
        guard case .object(let object) = value else {
            return .failure(UnusableMessage(reason: "expected a message object, found \(value.typeName)"))
        }
        return message(object, path: path)
    }

    /// The members only a message has: any one of them makes an object a message. Dates do
    /// not (users, channels, members, reactions and reminders have a `created_at` too).
    static let messageOnlyKeys = ["text", "html", "attachments", "parent_id", "quoted_message", "quoted_message_id"]

    /// Whether an object is a message: it has one of ``messageOnlyKeys``, a `type` that is a
    /// message's (``MessageType/known``), or a `user` object beside an `id` (a member, a
    /// reaction or a reminder has a `user` but no `id`; a user has an `id` but no `user`).
    /// Every reading (whole objects, members straight from the input, the index pass) asks this.
    static func isMessage(hasMessageOnlyMember: Bool, type: JSONValue?, hasID: Bool, hasUserObject: Bool) -> Bool {
        if hasMessageOnlyMember || (hasID && hasUserObject) { return true }
        guard case .string(let name)? = type else { return false }
        return MessageType(rawValue: name).isKnown
    }

    /// ``isMessage(hasMessageOnlyMember:type:hasID:hasUserObject:)`` of a parsed object.
    static func isMessage(_ object: JSONObject) -> Bool {
        MessageMembers(object).isMessage
    }

    /// Why `object`, which is no message, was left out, and what it looks like when that is known.
    static func notAMessage(_ object: JSONObject) -> UnusableMessage {
        guard let looks = NonMessage(object) else {
            return UnusableMessage(
                reason: "not a message: it has no \"text\", \"attachments\", message \"type\", "
                    + "\"user\" beside an \"id\" or other member only a message has")
        }
        return UnusableMessage(reason: "not a message: it looks like \(looks)", looksLike: looks)
    }

    /// Decodes one message, or returns the reason it is not one. A message without a usable
    /// `id` is still a message: it is shown, with a warning, but has no anchor and cannot be
    /// quoted (its ``ChatMessage/id`` is empty). `isQuote` marks a `quoted_message`, whose text
    /// is only ever shown shortened.
    func message(_ object: JSONObject, path: String, isQuote: Bool = false) -> Result<ChatMessage, UnusableMessage> {
        message(MessageMembers(object), path: path, isQuote: isQuote)
    }

    /// Decodes a message from its members; `text` holds the bytes their ranges point into,
    /// when they were read straight from the input.
    func message(_ members: MessageMembers, path: String, isQuote: Bool = false, text source: JSONText? = nil)
        -> Result<ChatMessage, UnusableMessage>
    {
        guard members.isMessage else { return .failure(Self.notAMessage(members.raw.object(in: source).object)) }
        let id = identifier(members.id)
        if id == nil {
            let problem = members.id.map { "\"id\" is \($0.typeName), not a string" } ?? "no \"id\""
            warn(path, "\(problem): shown without an anchor, and replies cannot quote it")
        }
        var message = ChatMessage(id: id ?? "")
        message.rawObject = members.raw.object(in: source)
        (message.pollMember, message.sharedLocationMember) = (members.poll, members.sharedLocation)
        let here = FieldPath(base: path)
        let fields = Fields(path: here, warn: warn)
        if let type = fields.string(members.type, "type"), !type.isEmpty { message.type = MessageType(rawValue: type) }
        // Blank lines only: the first line's indentation and the last one's trailing spaces can be code.
        message.text = fields.string(members.text, "text")?.trimmingBlankLines ?? ""
        if !isQuote, let excess = MarkdownBudget.excess(in: message.text) {
            warn(here.appending("text").description, "shown as plain text: \(excess)")
        }
        message.user = fields.object(members.user, "user").flatMap { user($0, path: here.appending("user"), text: source) }
        message.createdAt = fields.date(members.createdAt, "created_at")
        message.updatedAt = fields.date(members.updatedAt, "updated_at")
        message.textUpdatedAt = fields.date(members.textUpdatedAt, "message_text_updated_at")
        message.deletedAt = fields.date(members.deletedAt, "deleted_at")
        message.deletedForMe = fields.bool(members.deletedForMe, "deleted_for_me") ?? false
        message.attachments = attachments(
            fields.array(members.attachments, "attachments"), messageID: message.id, path: here.appending("attachments"))
        message.quotedMessageID = fields.string(members.quotedMessageID, "quoted_message_id").flatMap { $0.isEmpty ? nil : $0 }
        switch members.quotedMessage {
        case .object(let quoted)?:
            switch self.message(quoted, path: path + ".quoted_message", isQuote: true, text: source) {
            case .success(let quotedMessage): message.quotedMessage = quotedMessage
            case .failure(let problem): warn(path + ".quoted_message", problem.reason)
            }
        case .other(let value)?: fields.expectObject(value, "quoted_message")
        case nil: break
        }
        if message.quotedMessageID == nil, let quotedID = message.quotedMessage?.id, !quotedID.isEmpty {
            message.quotedMessageID = quotedID
        }
        message.parentID = fields.string(members.parentID, "parent_id").flatMap { $0.isEmpty ? nil : $0 }
        message.showInChannel = fields.bool(members.showInChannel, "show_in_channel") ?? false
        message.replyCount = fields.integer(members.replyCount, "reply_count")
        message.threadParticipants = users(
            fields.array(members.threadParticipants, "thread_participants"), path: here.appending("thread_participants"),
            text: source)
        message.mentionedUsers = users(
            fields.array(members.mentionedUsers, "mentioned_users"), path: here.appending("mentioned_users"), text: source)
        message.latestReactions = reactions(
            fields.array(members.latestReactions, "latest_reactions"), path: here.appending("latest_reactions"), text: source)
        message.ownReactions = reactions(
            fields.array(members.ownReactions, "own_reactions"), path: here.appending("own_reactions"), text: source)
        message.reactionGroups = reactionGroups(members, fields: fields)
        message.pinned = fields.bool(members.pinned, "pinned") ?? false
        message.pinnedAt = fields.date(members.pinnedAt, "pinned_at")
        message.pinnedBy = fields.object(members.pinnedBy, "pinned_by").flatMap {
            user($0, path: here.appending("pinned_by"), text: source)
        }
        message.pinExpires = fields.date(members.pinExpires, "pin_expires")
        message.silent = fields.bool(members.silent, "silent") ?? false
        message.shadowed = fields.bool(members.shadowed, "shadowed") ?? false
        message.command = fields.string(members.command, "command")
        message.args = fields.string(members.args, "args")
        return .success(message)
    }

    /// A message with only what ``TranscriptIndex`` reads (id, author, date, thread), from the
    /// members a ``MessageHead`` picked out, by the same rules as ``message(_:path:)``; `nil`
    /// when it is unusable. Its `raw` is empty.
    func indexedMessage(_ head: MessageHead) -> ChatMessage? {
        guard head.isMessage else { return nil }
        // The index pass is quiet (the full reading reports every problem), so each value is
        // read straight, without the object and key lookups of `Fields`.
        var message = ChatMessage(id: identifier(head.id) ?? "")
        if let known = head.knownUser {
            message.user = known
        } else if case .object(let user)? = head.user {
            message.user = self.user(user, path: FieldPath(base: ""))
        }
        switch head.createdAt {
        case .date(let date)?: message.createdAt = date
        case .other(.string(let date))?: message.createdAt = RFC3339.parse(date)
        default: break
        }
        switch head.parentID {
        case .string(let id)? where !id.isEmpty: message.parentID = id
        case .integer(let id)?: message.parentID = String(id)
        default: break
        }
        if case .bool(let shown)? = head.showInChannel { message.showInChannel = shown }
        message.quotedMessageID = identifier(head.quotedMessageID)
        return message
    }

    /// A user; one without an `id` is kept when it has a name to show (with a warning), since
    /// "Unknown user" would hide who wrote the message.
    func user(_ object: JSONObject, path: FieldPath) -> ChatUser? {
        user(UserMembers(object), path: path, text: nil)
    }

    /// `path` is made only when the user is decoded, not found in ``users`` (most are), as
    /// are those of the lists below when they hold anything: a path is a copy of the message's.
    private func user(_ members: UserMembers, path makePath: @autoclosure () -> FieldPath, text source: JSONText?) -> ChatUser? {
        if let known = members.known { return known }
        let path = makePath()
        let fields = Fields(path: path, warn: warn)
        let name = fields.string(members.name, "name")
        let id = identifier(members.id)
        guard id != nil || name?.isEmpty == false else {
            warn(path.description, "a user needs an \"id\" or a \"name\"")
            return nil
        }
        if id == nil { warn(path.description, "a user has no \"id\": shown by name only") }
        let user = ChatUser(
            id: id ?? "", name: name, imageURL: fields.string(members.image, "image").flatMap { $0.isEmpty ? nil : $0 },
            role: fields.string(members.role, "role"), rawObject: members.raw.object(in: source))
        if let users, let source, case .range(let range) = members.raw, Self.decodesQuietly(members) {
            users.keep(user, writtenAs: source.bytes[range])
        }
        return user
    }

    /// Whether decoding `members` reports nothing: a string `id`, and strings or nothing for
    /// the rest. Only such a user is kept in ``users``, so that finding it there again changes
    /// no warning.
    private static func decodesQuietly(_ members: UserMembers) -> Bool {
        func isStringOrAbsent(_ value: JSONValue?) -> Bool {
            switch value {
            case nil, .string?: return true
            default: return false
            }
        }
        guard case .string(let id)? = members.id, !id.isEmpty else { return false }
        return isStringOrAbsent(members.name) && isStringOrAbsent(members.image) && isStringOrAbsent(members.role)
    }

    func channel(_ object: JSONObject, path: String) -> ChatChannel {
        let fields = Fields(path: FieldPath(base: path), warn: warn)
        func string(_ key: String) -> String? { fields.string(object[key], key) }
        return ChatChannel(
            id: string("id"), cid: string("cid"), type: string("type"),
            name: string("name"), imageURL: string("image").flatMap { $0.isEmpty ? nil : $0 },
            memberCount: fields.integer(object["member_count"], "member_count"),
            createdAt: fields.date(object["created_at"], "created_at"), raw: object,
            members: Self.memberUsers(object["members"]))
    }

    /// The users of a `members` array (each `{"user_id", "user": {...}}`), quietly: a member
    /// list only names a channel, so a broken entry is left out, not reported.
    static func memberUsers(_ value: JSONValue?) -> [ChatUser] {
        guard case .array(let items) = value else { return [] }
        let quiet = MessageDecoder(warn: { _, _ in })
        var users: [ChatUser] = []
        for item in items where users.count < ChatChannel.maximumMembersKept {
            guard case .object(let member) = item else { continue }
            if case .object(let user) = member["user"], let decoded = quiet.user(user, path: FieldPath(base: "")) {
                users.append(decoded)
            } else if case .string(let id) = member["user_id"], !id.isEmpty {
                users.append(ChatUser(id: id))
            }
        }
        return users
    }

    private func users(
        _ values: [MessageMembers.Nested<UserMembers>]?, path makePath: @autoclosure () -> FieldPath, text source: JSONText?
    ) -> [ChatUser] {
        guard let values, !values.isEmpty else { return [] }
        let path = makePath()
        var decoded: [ChatUser] = []
        decoded.reserveCapacity(values.count)
        for index in values.indices {
            switch values[index] {
            case .object(let members):
                if let user = user(members, path: path.appending(index: index), text: source) { decoded.append(user) }
            case .other(let value):
                warn(path.appending(index: index).description, "expected a user object, found \(value.typeName)")
            }
        }
        return decoded
    }

    private func attachments(_ values: [JSONValue]?, messageID: String, path makePath: @autoclosure () -> FieldPath)
        -> [AnyChatMessageAttachment]
    {
        guard let values, !values.isEmpty else { return [] }
        let path = makePath()
        var result: [AnyChatMessageAttachment] = []
        result.reserveCapacity(values.count)
        for (index, value) in values.enumerated() {
            guard case .object(let object) = value else {
                warn(path.appending(index: index).description, "expected an attachment object, found \(value.typeName)")
                continue
            }
            result.append(AnyChatMessageAttachment(id: AttachmentID(messageID: messageID, index: index), raw: object))
        }
        return result
    }

    private func reactions(
        _ values: [MessageMembers.Nested<ReactionMembers>]?, path makePath: @autoclosure () -> FieldPath, text source: JSONText?
    ) -> [Reaction] {
        guard let values, !values.isEmpty else { return [] }
        let path = makePath()
        var decoded: [Reaction] = []
        decoded.reserveCapacity(values.count)
        // By index, each element matched where it is: `enumerated()` copied every reaction's
        // members twice more.
        for index in values.indices {
            let itemPath = path.appending(index: index)
            guard case .object(let members) = values[index] else {
                if case .other(let value) = values[index] {
                    warn(itemPath.description, "expected a reaction object, found \(value.typeName)")
                }
                continue
            }
            let fields = Fields(path: itemPath, warn: warn)
            guard let type = fields.string(members.type, "type"), !type.isEmpty else {
                warn(itemPath.description, "a reaction needs a \"type\"")
                continue
            }
            decoded.append(
                Reaction(
                    type: type, score: fields.integer(members.score, "score") ?? 1, userID: fields.string(members.userID, "user_id"),
                    user: fields.object(members.user, "user").flatMap { user($0, path: itemPath.appending("user"), text: source) },
                    createdAt: fields.date(members.createdAt, "created_at"), rawObject: members.raw.object(in: source)))
        }
        return decoded
    }

    /// `reaction_groups` when present, else the older `reaction_counts` and `reaction_scores`.
    private func reactionGroups(_ members: MessageMembers, fields: Fields) -> [ReactionGroup] {
        if let object = fields.object(members.reactionGroups, "reaction_groups") {
            // Made once, not grown: a message with reactions has a few groups.
            var groups: [ReactionGroup] = []
            groups.reserveCapacity(object.groups.count)
            // Each type once: the members kept a repeated type's last group.
            for (type, value) in object.groups {
                switch value {
                case .object(let group):
                    let count = group.count?.integerValue ?? 0
                    // A type nobody gave is no group (as below).
                    if count > 0 {
                        groups.append(ReactionGroup(type: type, count: count, sumScores: group.sumScores?.integerValue ?? count))
                    }
                case .other(let value):
                    warn("\(fields.path).reaction_groups.\(type)", "expected an object, found \(value.typeName)")
                }
            }
            groups.sort { $0.type < $1.type }
            return groups
        }
        // Most messages have no reactions: nothing to gather.
        guard members.reactionCounts != nil || members.reactionScores != nil else { return [] }
        var byType: [String: ReactionGroup] = [:]
        let counts = fields.object(members.reactionCounts, "reaction_counts") ?? JSONObject()
        // A table, not a lookup per count: a message of many reaction types would cost their square.
        var scores: [String: Int64] = [:]
        for (type, value) in fields.object(members.reactionScores, "reaction_scores") ?? JSONObject() {
            scores[type] = value.integerValue
        }
        for (type, value) in counts {
            if let count = value.integerValue {
                byType[type] = ReactionGroup(type: type, count: count, sumScores: scores[type] ?? count)
            }
        }
        for (type, score) in scores where byType[type] == nil {
            byType[type] = ReactionGroup(type: type, count: score, sumScores: score)
        }
        return byType.values.filter { $0.count > 0 }.sorted { $0.type < $1.type }
    }

    /// Ids are strings; a number is accepted and written out, as lenient readers do.
    private func identifier(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let id) where !id.isEmpty: return id
        case .integer(let id): return String(id)
        default: return nil
        }
    }
}

/// A key path that is spelled out only when a warning shows it: building the path strings of
/// every nested value eagerly cost more than decoding the values. Its keys are the decoder's
/// own literals, held as `StaticString`s, so that a copy (one per nested value) retains only
/// the base.
struct FieldPath: CustomStringConvertible {
    private var base: String
    private var key: StaticString?
    private var index: Int?
    private var subkey: StaticString?

    init(base: String) {
        self.base = base
    }

    func appending(_ component: StaticString) -> FieldPath {
        var path = self
        if key == nil {
            path.key = component
        } else if subkey == nil {
            path.subkey = component
        } else {
            path = FieldPath(base: description)
            path.key = component
        }
        return path
    }

    func appending(index: Int) -> FieldPath {
        var path = self
        if self.index == nil && subkey == nil && key != nil {
            path.index = index
        } else {
            path = FieldPath(base: "\(description)[\(index)]")
        }
        return path
    }

    var description: String {
        var text = base
        if let key { text += base.isEmpty ? key.description : "." + key.description }
        if let index { text += "[\(index)]" }
        if let subkey { text += "." + subkey.description }
        return text
    }
}

/// Why a message could not be used at all.
struct UnusableMessage: Error {
    var reason: String
    /// What the object looks like, when it is something else Stream sends.
    var looksLike: NonMessage?
}

/// Typed reads of an object's known fields, given each field's value and key. A present value
/// of the wrong type is reported and treated as missing; `null` is simply missing.
private struct Fields {
    let path: FieldPath
    let warn: (String, String) -> Void

    private func present(_ value: JSONValue?) -> JSONValue? {
        // A pattern, not `!= .null`: the derived `==` costs a call and a copy, for every member.
        guard let value else { return nil }
        if case .null = value { return nil }
        return value
    }

    private func mismatch(_ key: String, expected: String, found value: JSONValue) {
        warn("\(path).\(key)", "expected \(expected), found \(value.typeName)")
    }

    func string(_ value: JSONValue?, _ key: String) -> String? {
        guard let value = present(value) else { return nil }
        switch value {
        case .string(let string): return string
        case .integer(let number): return String(number)
        default:
            mismatch(key, expected: "a string", found: value)
            return nil
        }
    }

    func bool(_ value: JSONValue?, _ key: String) -> Bool? {
        guard let value = present(value) else { return nil }
        guard let bool = value.boolValue else {
            mismatch(key, expected: "a boolean", found: value)
            return nil
        }
        return bool
    }

    func integer(_ value: JSONValue?, _ key: String) -> Int64? {
        guard let value = present(value) else { return nil }
        guard let number = value.integerValue else {
            mismatch(key, expected: "a number", found: value)
            return nil
        }
        return number
    }

    func object(_ value: JSONValue?, _ key: String) -> JSONObject? {
        guard let value = present(value) else { return nil }
        guard let object = value.objectValue else {
            mismatch(key, expected: "an object", found: value)
            return nil
        }
        return object
    }

    /// The members of an object member read as such.
    func object<Members>(_ value: MessageMembers.Nested<Members>?, _ key: String) -> Members? {
        switch value {
        case .object(let members)?: return members
        case .other(let value)?:
            expectObject(value, key)
            return nil
        case nil: return nil
        }
    }

    /// Reports `value`, found where an object belongs, unless it is `null`.
    func expectObject(_ value: JSONValue, _ key: String) {
        if value != .null { mismatch(key, expected: "an object", found: value) }
    }

    func array(_ value: JSONValue?, _ key: String) -> [JSONValue]? {
        guard let value = present(value) else { return nil }
        guard let array = value.arrayValue else {
            mismatch(key, expected: "an array", found: value)
            return nil
        }
        return array
    }

    /// The elements of an array member read as such.
    func array<Members>(_ value: MessageMembers.List<Members>?, _ key: String) -> [MessageMembers.Nested<Members>]? {
        switch value {
        case .array(let elements)?: return elements
        case .other(let value)?:
            if value != .null { mismatch(key, expected: "an array", found: value) }
            return nil
        case nil: return nil
        }
    }

    func date(_ member: MessageMembers.DateMember?, _ key: String) -> Date? {
        switch member {
        case .date(let date)?: return date
        case .other(let value)?: return date(value, key)
        case nil: return nil
        }
    }

    func date(_ value: JSONValue?, _ key: String) -> Date? {
        guard let value = present(value) else { return nil }
        guard let string = value.stringValue else {
            mismatch(key, expected: "an RFC 3339 date string", found: value)
            return nil
        }
        guard let date = RFC3339.parse(string) else {
            warn("\(path).\(key)", "\"\(string.prefix(40).description.debugEscaped)\" is not an RFC 3339 date")
            return nil
        }
        return date
    }
}
