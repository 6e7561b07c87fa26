import Foundation

/// Hands the ``EntityDirectory`` that one reading of an entity file collected to the next
/// reading of the same input (``RereadableInput``): the rendering pass then replays what the
/// index pass found instead of reading and spooling the file a second time.
final class EntityHandoff {
    var directory: EntityDirectory?
    /// An event log's, likewise.
    var eventLog: EventLog?
}

/// What a reading of Stream's import/export entity file (``InputShape/entities``) collects before
/// it can return any message: entities come in any order (users often last), so authors,
/// channels, members and reactions are known only at the end.
///
/// Messages are not held: each message entity's bytes go, as written, to a scratch file, and only
/// its place (32 bytes) is kept, grouped by channel so that a channel's messages follow its
/// heading even when the file interleaves channels. Users (their `id`, `name`, `image`, `role`),
/// channels (a few members' ids each) and reactions (24 bytes each: message id number, time,
/// user, type, score; past ``reactionBudget``, only each message's latest ten, the rest as counts
/// by type) stay in memory; so do the message ids (``IdentifierTable``: a reaction or a quote
/// finds exactly the message it names) and each id's place, which lets a quote
/// (`quoted_message_id`) embed its quoted message.
final class EntityDirectory {
    /// One message entity: its channel group, its place in the input and in the spool.
    struct MessageEntry {
        var group: Int32
        /// The entity's index in the input (its array index in the array form).
        var element: Int32
        var line: Int32
        var column: Int32
        var offset: Int64
        var length: Int32
        /// Whether the spool holds the whole entity (`{"type", "item"}`), not only its item.
        var wrapped: Bool
    }

    /// One reaction, compactly: the rest (the user's name) is looked up when it is shown.
    struct ReactionRecord {
        /// The message's number in ``ids``.
        var message: Int32
        /// `created_at` in seconds since 1970; `-infinity` without a date (it counts as oldest).
        var time: Double
        var user: UInt32
        var type: UInt16
        var score: Int16
    }

    /// Reactions folded into counts, once there were too many to keep each (``reactionBudget``).
    struct ReactionTotal {
        var message: Int32
        var count: Int32
        var sum: Int32
        var type: UInt16
    }

    /// A channel met as an entity or named by a member or a message.
    struct ChannelGroup {
        var channel: ChatChannel
        /// Member entities counted for it.
        var memberCount: Int64 = 0
        /// The ids of its first members (``ChatChannel/maximumMembersKept``), which name it when it has no name.
        var memberIDs: [String] = []
    }

    /// How many warnings are kept to be reported; past it they are counted.
    static let warningsKept = 1000
    /// How many reactions go into a message's `latest_reactions`.
    static let latestReactionsKept = 10

    /// Whether the entities were one JSON array (else one a line).
    let isArray: Bool
    /// Problems met on the way (an unknown entity type, say), reported by the reading that replays.
    private(set) var warnings: [ReadWarning] = []
    /// The error that stopped the collection: what came before it is replayed, then it is thrown.
    var error: ReadError?
    /// Element 0 holds messages that name no channel.
    private(set) var groups: [ChannelGroup] = [ChannelGroup(channel: ChatChannel())]
    private(set) var entries: [MessageEntry] = []
    private(set) var users: [String: JSONObject] = [:]
    private(set) var reactions: [ReactionRecord] = []
    private(set) var reactionTotals: [ReactionTotal] = []
    /// How many reaction records are kept before they are compacted: each message keeps its
    /// latest ten (they are shown by name), the older ones only count. It doubles when a
    /// compaction cannot free half of it (many messages with a few reactions each).
    var reactionBudget = 1 << 19
    private var groupsByCID: [String: Int32] = [:]
    /// The ids of messages and of the messages reactions name.
    private var ids: IdentifierTable
    /// By id number: the place in ``entries`` of the first message with the id, -1 for none.
    private var places: [Int32] = []
    private var reactorIDs: [String] = []
    private var reactorNumbers: [String: UInt32] = [:]
    private var reactionTypes: [String] = []
    private var reactionTypeNumbers: [String: UInt16] = [:]
    private var droppedWarnings = 0
    private var entityCount: Int32 = 0
    private let spool: TemporaryFile
    /// Message bytes not yet written to the spool: written a quarter megabyte at a time, not one
    /// system call a message.
    private var unwritten: [UInt8] = []
    private let quiet = MessageDecoder(warn: { _, _ in })
    /// Shared by the parsers of spooled messages, one after another.
    private let workspace = JSONStreamParser.Workspace()

    /// `idHashMask` is for tests (``IdentifierTable/init(hashMask:)``).
    init(isArray: Bool, directory: String = TemporaryFile.defaultDirectory, idHashMask: Int = -1) throws(ReadError) {
        self.isArray = isArray
        ids = IdentifierTable(hashMask: idHashMask)
        spool = try TemporaryFile(directory: directory)
    }

    /// Whether a value is an entity: a `"type"` string and an `"item"` object, and no message `"id"`.
    static func isEntity(_ object: JSONObject) -> Bool {
        guard case .string? = object["type"], case .object? = object["item"] else { return false }
        return object["id"] == nil
    }

    // MARK: - Collecting

    /// Reads the entities that follow in `parser` (the rest of the array, or every further line).
    func collect(from parser: inout JSONStreamParser) throws(ReadError) {
        while true {
            if isArray {
                guard try parser.nextElement() else { return }
            }
            guard try parser.peekKind() != nil else {
                if isArray { throw ReadError.syntax(parser.currentPosition(), "expected an array element") }
                return
            }
            let position = parser.currentPosition()
            try parser.pinNextValue()
            defer { parser.unpin() }
            if try parser.peekKind() == .object {
                try readEntity(from: &parser, position: position)
            } else {
                try add(try parser.parseValue(), bytes: parser.pinnedBytes(), position: position)
            }
            _ = parser.takeReplacementPosition()
        }
    }

    private static let entityKeys = ExpectedKeys(["type", "item"])
    private static let placeKeyNames = ["id", "channel_type", "channel_id", "cid"]
    private static let placeKeys = ExpectedKeys(placeKeyNames)

    /// Reads one entity object. A message whose `"type"` comes before its `"item"` (the usual
    /// order) is walked without building its text: only its id and channel are read, and its
    /// item is spooled as written. Anything else is parsed and handed to ``add(_:bytes:position:)``.
    private func readEntity(from parser: inout JSONStreamParser, position: SourcePosition) throws(ReadError) {
        try parser.beginObject()
        var type: JSONValue?
        var item: JSONValue?
        var skimmed: (place: JSONObject, bytes: [UInt8])?
        let keys = Self.entityKeys
        while true {
            switch try parser.nextKey(among: keys) {
            case .end:
                if let skimmed, item == nil {
                    let element = entityCount
                    entityCount += 1
                    return try skimmed.bytes.withUnsafeBufferPointer { bytes in
                        Result { () throws(ReadError) in
                            try addMessage(skimmed.place, bytes: bytes, element: element, position: position, wrapped: false)
                        }
                    }.get()
                }
                var members: [(key: String, value: JSONValue)] = []
                if let type { members.append(("type", type)) }
                if let item { members.append(("item", item)) }
                return try add(.object(JSONObject(uniqueMembers: members)), bytes: parser.pinnedBytes(), position: position)
            case .key(0): type = try parser.parseValue()
            case .key:
                guard type == .string("message"), skimmed == nil, item == nil, try parser.peekKind() == .object else {
                    item = try parser.parseValue()
                    continue
                }
                try parser.pinNextValue()
                try parser.beginObject()
                var members: [(key: String, value: JSONValue)] = []
                let placeKeys = Self.placeKeys
                while true {
                    switch try parser.nextKey(among: placeKeys) {
                    case .end: break
                    case .key(let index):
                        members.append((Self.placeKeyNames[index], try parser.parseValue()))
                        continue
                    case .other:
                        try parser.skipValue()
                        continue
                    }
                    break
                }
                skimmed = (JSONObject(members), Array(parser.pinnedBytes()))
            case .other: try parser.skipValue()
            }
        }
    }

    /// Takes one entity; its bytes are spooled when it is a message.
    func add(_ value: JSONValue, bytes: UnsafeBufferPointer<UInt8>, position: SourcePosition) throws(ReadError) {
        let element = entityCount
        entityCount += 1
        let path = isArray ? "[\(element)]" : "line \(position.line)"
        guard case .object(let entity) = value else {
            return warn(position, path, "expected an entity object, found \(value.typeName): left out")
        }
        guard case .string(let type)? = entity["type"] else {
            return warn(position, path, "an entity needs a \"type\" string: left out")
        }
        guard case .object(let item)? = entity["item"] else {
            let found = entity["item"].map { "its \"item\" is \($0.typeName), not an object" } ?? "it has no \"item\""
            throw ReadError.unrecognizedShape(position, "the \"\(type.debugEscaped)\" entity at \(path): \(found)")
        }
        switch type {
        case "user": addUser(item, position: position, path: path)
        case "channel": addChannel(item, position: position, path: path)
        case "member": addMember(item)
        case "message": try addMessage(item, bytes: bytes, element: element, position: position, wrapped: true)
        case "reaction": addReaction(item, position: position, path: path)
        default: warn(position, path, "an entity of unknown type \"\(type.prefix(40).description.debugEscaped)\" is left out")
        }
    }

    private func writeSpool() throws(ReadError) {
        let spool = spool
        _ = try unwritten.withUnsafeBytes { bytes in Result { () throws(ReadError) in try spool.append(bytes) } }.get()
        unwritten.removeAll(keepingCapacity: true)
    }

    /// Done collecting: writes out the last messages, sorts what lookups need sorted.
    func finish() {
        do throws(ReadError) {
            try writeSpool()
        } catch {
            if self.error == nil { self.error = error }
        }
        unwritten = []
        // Stable: a channel's messages keep their input order.
        entries.sort { ($0.group, $0.element) < ($1.group, $1.element) }
        places = [Int32](repeating: -1, count: ids.count)
        for (index, entry) in entries.enumerated() {
            if let number = idNumbers[entry.element], places[Int(number)] < 0 { places[Int(number)] = Int32(index) }
        }
        idNumbers = [:]
        // Once compacted, always compacted: each message keeps at most its latest ten.
        if !reactionTotals.isEmpty { compactReactions() }
        reactions.sort { ($0.message, $0.time) < ($1.message, $1.time) }
        if droppedWarnings > 0 {
            warnings.append(
                ReadWarning(keyPath: "", reason: "\(droppedWarnings) more entities were left out with warnings", skippedMessage: false))
        }
        entries.shrinkToFit()
        reactions.shrinkToFit()
    }

    /// Message id numbers by entity index, until ``finish()`` turns them into ``places``.
    private var idNumbers: [Int32: Int32] = [:]

    private func warn(_ position: SourcePosition, _ path: String, _ reason: String) {
        guard warnings.count < Self.warningsKept else {
            droppedWarnings += 1
            return
        }
        warnings.append(ReadWarning(position: position, keyPath: path, reason: reason, skippedMessage: false))
    }

    private func addUser(_ item: JSONObject, position: SourcePosition, path: String) {
        guard let id = CollectedFields.identifier(item["id"]) else { return warn(position, path, "a user needs an \"id\": left out") }
        // Only what a message's author shows: a user's custom fields are not kept.
        users[id] = CollectedFields.keptUser(item)
    }

    private func addChannel(_ item: JSONObject, position: SourcePosition, path: String) {
        guard let cid = CollectedFields.cid(item, typeKey: "type", idKey: "id") else {
            return warn(position, path, "a channel needs a \"type\" and an \"id\" (or a \"cid\"): left out")
        }
        let number = group(cid)
        var channel = quiet.channel(item, path: path)
        if channel.cid == nil { channel.cid = cid }
        groups[Int(number)].channel = channel
    }

    private func addMember(_ item: JSONObject) {
        guard let cid = CollectedFields.cid(item, typeKey: "channel_type", idKey: "channel_id") else { return }
        let number = Int(group(cid))
        groups[number].memberCount += 1
        if groups[number].memberIDs.count < ChatChannel.maximumMembersKept,
            let id = CollectedFields.identifier(item["user_id"]) ?? CollectedFields.identifier(item["user"]?.objectValue?["id"])
                ?? CollectedFields.identifier(item["user"])
        {
            groups[number].memberIDs.append(id)
        }
    }

    private func addMessage(
        _ item: JSONObject, bytes: UnsafeBufferPointer<UInt8>, element: Int32, position: SourcePosition, wrapped: Bool
    ) throws(ReadError) {
        let number = CollectedFields.cid(item, typeKey: "channel_type", idKey: "channel_id").map { group($0) } ?? 0
        let offset = spool.size + Int64(unwritten.count)
        unwritten.append(contentsOf: bytes)
        if unwritten.count >= 1 << 18 { try writeSpool() }
        entries.append(
            MessageEntry(
                group: number, element: element, line: Int32(clamping: position.line), column: Int32(clamping: position.column),
                offset: offset, length: Int32(clamping: bytes.count), wrapped: wrapped))
        if let id = CollectedFields.identifier(item["id"]) { idNumbers[element] = ids.intern(id) }
    }

    private func addReaction(_ item: JSONObject, position: SourcePosition, path: String) {
        guard let messageID = CollectedFields.identifier(item["message_id"]), case .string(let type)? = item["type"], !type.isEmpty else {
            return warn(position, path, "a reaction needs a \"message_id\" and a \"type\": left out")
        }
        let userID = CollectedFields.identifier(item["user_id"]) ?? CollectedFields.identifier(item["user"]?.objectValue?["id"]) ?? ""
        let user: UInt32
        if let known = reactorNumbers[userID] {
            user = known
        } else {
            user = UInt32(reactorIDs.count)
            reactorIDs.append(userID)
            reactorNumbers[userID] = user
        }
        let typeNumber: UInt16
        if let known = reactionTypeNumbers[type] {
            typeNumber = known
        } else {
            guard reactionTypes.count < Int(UInt16.max) else {
                return warn(position, path, "too many reaction types: left out")
            }
            typeNumber = UInt16(reactionTypes.count)
            reactionTypes.append(type)
            reactionTypeNumbers[type] = typeNumber
        }
        let time = item["created_at"]?.stringValue.flatMap { RFC3339.parse($0) }?.timeIntervalSince1970 ?? -.infinity
        let score = Int16(clamping: item["score"]?.integerValue ?? 1)
        reactions.append(ReactionRecord(message: ids.intern(messageID), time: time, user: user, type: typeNumber, score: score))
        if reactions.count >= reactionBudget { compactReactions() }
    }

    /// Folds every message's reactions but its latest ten into counts by type.
    private func compactReactions() {
        reactions.sort { ($0.message, $0.time) < ($1.message, $1.time) }
        var kept: [ReactionRecord] = []
        var start = 0
        while start < reactions.count {
            var end = start + 1
            while end < reactions.count, reactions[end].message == reactions[start].message { end += 1 }
            let keepFrom = max(start, end - Self.latestReactionsKept)
            for reaction in reactions[start..<keepFrom] {
                reactionTotals.append(ReactionTotal(message: reaction.message, count: 1, sum: Int32(reaction.score), type: reaction.type))
            }
            kept.append(contentsOf: reactions[keepFrom..<end])
            start = end
        }
        reactions = kept
        reactionTotals.sort { ($0.message, $0.type) < ($1.message, $1.type) }
        var merged: [ReactionTotal] = []
        for total in reactionTotals {
            if let last = merged.last, last.message == total.message, last.type == total.type {
                merged[merged.count - 1].count &+= total.count
                merged[merged.count - 1].sum &+= total.sum
            } else {
                merged.append(total)
            }
        }
        reactionTotals = merged
        if reactions.count * 2 > reactionBudget { reactionBudget *= 2 }
    }

    /// The group of channel `cid`, made when it is first met.
    private func group(_ cid: String) -> Int32 {
        if let number = groupsByCID[cid] { return number }
        let number = Int32(groups.count)
        groupsByCID[cid] = number
        groups.append(ChannelGroup(channel: CollectedFields.channel(cid: cid)))
        return number
    }

    // MARK: - Replaying

    /// The channel of group `number`, its members named from the users collected.
    func channel(ofGroup number: Int) -> ChatChannel {
        let group = groups[number]
        var channel = group.channel
        if channel.memberCount == nil, group.memberCount > 0 { channel.memberCount = group.memberCount }
        if channel.members.isEmpty {
            channel.members = group.memberIDs.map { id in user(id).flatMap { quiet.user($0, path: FieldPath(base: "")) } ?? ChatUser(id: id)
            }
        }
        return channel
    }

    /// The user object collected for `id`.
    func user(_ id: String) -> JSONObject? { users[id] }

    /// A message entity's JSON as written.
    func bytes(of entry: MessageEntry) throws(ReadError) -> [UInt8] {
        try spool.bytes(at: entry.offset, count: Int(entry.length))
    }

    /// The `item` of a spooled message entity.
    func item(of entry: MessageEntry) throws(ReadError) -> JSONObject? {
        let bytes = try bytes(of: entry)
        var parser = JSONStreamParser(bytes: bytes, chunkSize: max(bytes.count, 1), workspace: workspace)
        guard let value = try? parser.parseValue() else { return nil }
        return entry.wrapped ? value["item"]?.objectValue : value.objectValue
    }

    /// The members the index reads, then those whose presence alone tells a message
    /// (``MessageDecoder/isMessage(_:)``), kept as `null`.
    private static let headKeyNames =
        ["id", "user", "user_id", "parent_id", "created_at", "show_in_channel", "type", "quoted_message_id"]
        + MessageDecoder.messageOnlyKeys.filter { !["parent_id", "quoted_message_id"].contains($0) }
    private static let headKeys = ExpectedKeys(headKeyNames)
    private static let firstPresenceKey = 8

    /// The members of a spooled message item that the index reads, its other values skipped
    /// unbuilt (an object `user` is kept whole: it is small).
    func head(of entry: MessageEntry) throws(ReadError) -> JSONObject? {
        let bytes = try bytes(of: entry)
        var parser = JSONStreamParser(bytes: bytes, chunkSize: max(bytes.count, 1), workspace: workspace)
        do throws(ReadError) {
            guard try parser.peekKind() == .object else { return nil }
            try parser.beginObject()
            if entry.wrapped {
                while true {
                    guard let (key, _) = try parser.nextKeyAndHash() else { return nil }
                    if key == "item" { break }
                    try parser.skipValue()
                }
                guard try parser.peekKind() == .object else { return nil }
                try parser.beginObject()
            }
            var members: [(key: String, value: JSONValue)] = []
            let keys = Self.headKeys
            while true {
                switch try parser.nextKey(among: keys) {
                case .end: return JSONObject(members)
                case .key(let index) where index >= Self.firstPresenceKey:
                    try parser.skipValue()
                    members.append((Self.headKeyNames[index], .null))
                case .key(let index): members.append((Self.headKeyNames[index], try parser.parseValue()))
                case .other: try parser.skipValue()
                }
            }
        } catch {
            return nil
        }
    }

    /// A message item with what the other entities say about it filled in, as a message of a
    /// channel export has it: its author (`"user": "id"` or `user_id`) as a user object, and, with
    /// `complete`, its reactions (`reaction_groups`, `latest_reactions`) and the message it quotes
    /// (`quoted_message`). What the item has itself is kept.
    func resolve(_ item: JSONObject, complete: Bool) -> JSONObject {
        var object = item
        switch item["user"] {
        case .string(let id)?: object["user"] = .object(authorObject(id))
        case .integer(let id)?: object["user"] = .object(authorObject(String(id)))
        case .object(let user)?:
            // A user given by id alone takes the name the users list has.
            if user.count == 1, let id = CollectedFields.identifier(user["id"]), let known = users[id] { object["user"] = .object(known) }
        case nil, .null?:
            if let id = CollectedFields.identifier(item["user_id"]) { object["user"] = .object(authorObject(id)) }
        default: break
        }
        guard complete else { return object }
        if let id = CollectedFields.identifier(item["id"]) {
            addReactions(to: &object, messageID: id)
        }
        if object["quoted_message"] == nil, let quotedID = CollectedFields.identifier(item["quoted_message_id"]),
            let entry = entry(ofMessage: quotedID), let quoted = try? self.item(of: entry)
        {
            object["quoted_message"] = .object(resolve(quoted, complete: false))
        }
        return object
    }

    private func authorObject(_ id: String) -> JSONObject {
        users[id] ?? JSONObject(uniqueMembers: [("id", .string(id))])
    }

    /// The entry of the message with `id`, if the file has it.
    func entry(ofMessage id: String) -> MessageEntry? {
        guard let number = ids.number(of: id), Int(number) < places.count, places[Int(number)] >= 0 else { return nil }
        return entries[Int(places[Int(number)])]
    }

    private func addReactions(to object: inout JSONObject, messageID: String) {
        guard let key = ids.number(of: messageID) else { return }
        let low = reactions.firstIndex(notBelow: key, by: \.message)
        var end = low
        while end < reactions.count, reactions[end].message == key { end += 1 }
        guard low < end else { return }
        if object["reaction_groups"] == nil && object["reaction_counts"] == nil {
            var totals: [UInt16: (count: Int64, sum: Int64)] = [:]
            for reaction in reactions[low..<end] {
                totals[reaction.type, default: (0, 0)].count += 1
                totals[reaction.type, default: (0, 0)].sum += Int64(reaction.score)
            }
            // The older reactions a compaction folded into counts.
            var first = 0
            var last = reactionTotals.count
            while first < last {
                let middle = (first + last) / 2
                if reactionTotals[middle].message < key { first = middle + 1 } else { last = middle }
            }
            while first < reactionTotals.count, reactionTotals[first].message == key {
                let total = reactionTotals[first]
                totals[total.type, default: (0, 0)].count += Int64(total.count)
                totals[total.type, default: (0, 0)].sum += Int64(total.sum)
                first += 1
            }
            let groups = totals.map { type, total in
                (
                    key: reactionTypes[Int(type)],
                    value: JSONValue.object(["count": .integer(total.count), "sum_scores": .integer(total.sum)])
                )
            }
            object["reaction_groups"] = .object(JSONObject(uniqueMembers: groups.sorted { $0.key < $1.key }))
        }
        if object["latest_reactions"] == nil {
            // The latest first, as Stream lists them.
            let latest = reactions[max(low, end - Self.latestReactionsKept)..<end].reversed().map { reaction -> JSONValue in
                let userID = reactorIDs[Int(reaction.user)]
                var members: [(key: String, value: JSONValue)] = [
                    ("type", .string(reactionTypes[Int(reaction.type)])), ("score", .integer(Int64(reaction.score))),
                ]
                if !userID.isEmpty {
                    members.append(("user_id", .string(userID)))
                    members.append(("user", .object(authorObject(userID))))
                }
                return .object(JSONObject(uniqueMembers: members))
            }
            object["latest_reactions"] = .array(latest)
        }
    }
}

extension EntityDirectory: CollectedTranscript {
    var groupCount: Int { groups.count }
    var entryCount: Int { entries.count }
    func entry(_ index: Int) -> (entry: MessageEntry, group: Int) { (entries[index], Int(entries[index].group)) }
}
