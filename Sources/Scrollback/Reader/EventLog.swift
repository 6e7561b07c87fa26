import Foundation

/// What the replay of an event log (``InputShape/events``) did beyond its messages, for
/// `validate`'s report.
public struct EventLogSummary: Sendable, Equatable {
    /// Events read, usable or not.
    public var events = 0
    /// Events that change no transcript (typing, read receipts, presence, health checks…):
    /// skipped without a warning.
    public var transcriptNeutral = 0
    /// Messages removed by a hard deletion.
    public var hardDeleted = 0
    /// Events left out with a warning (unknown type, unknown message, out of order…).
    public var leftOut = 0
    /// Events after ``TranscriptReader/asOf``, not replayed.
    public var afterAsOf = 0
}

/// A log of Stream's webhook or websocket events, one a line or in one JSON array, replayed
/// into the transcript as it stood at its end (or at ``TranscriptReader/asOf``).
///
/// Like an ``EntityDirectory``, the log is read to its end before any message is returned
/// (a message's last version may come last), and messages are not held: each version's bytes,
/// as written, go to a scratch file, and per message only its state is kept (about 80 bytes: its
/// channel, the place of the version shown, its times, whether it is deleted), with the ids in an
/// ``IdentifierTable``. Reactions (one record per user and type a reaction event names), channels,
/// their member ids and the members' users stay in memory.
///
/// Events are applied in log order. One older than the state it would replace (an edit older
/// than the version already read, a reaction event older than the last one for the same user and
/// type), or one for
/// a message the log never showed (except edits, soft deletions and reactions that carry the
/// message: it is shown as they have it), is reported with its line and type, never fatal.
final class EventLog {
    /// One message's state after the events so far.
    struct MessageState {
        var group: Int32 = 0
        /// Where the version shown was read, for its reports.
        var line: Int32 = 0
        var column: Int32 = 0
        var offset: Int64 = -1
        var length: Int32 = 0
        /// The first event that showed the message: its order among messages of equal time.
        var first: Int32 = 0
        /// `created_at` in seconds since 1970 (the order of the transcript); `-infinity` without.
        var created = -Double.infinity
        /// The time of the last event applied to it.
        var time = -Double.infinity
        /// When its text was last changed by a `message.updated` that did not say so itself; NaN if never.
        var editedAt = Double.nan
        /// When it was soft-deleted by an event whose message does not say so; NaN if not.
        var deletedAt = Double.nan
        var textHash = 0
        var hardDeleted = false
        /// Whether its last version is a thread reply (`parent_id`).
        var isReply = false
        /// Whether any version was stored (a reaction can name a message the log never shows).
        var present: Bool { offset >= 0 }
    }

    /// One user's reaction of one type to one message, as its events left it.
    struct ReactionRecord {
        var message: Int32
        var user: UInt32
        var type: UInt16
        /// Whether the version shown counts it, if the record's last event is later than that
        /// version (when its first event was no `reaction.new`, the version is taken to count it).
        var counted: Bool
        var alive: Bool
        var score: Int32
        var time: Double
    }

    private struct ReactionKey: Hashable {
        var message: Int32
        var user: UInt32
        var type: UInt16
    }

    /// A channel named by an event.
    struct ChannelGroup {
        var channel: ChatChannel
        /// The members as of the end, in the order added, when member events named any.
        var memberIDs: [String] = []
        var hasMemberEvents = false
        var deleted = false
        var truncatedAt = -Double.infinity
        /// Messages of the channel the log deleted for good.
        var hardDeleted = 0
    }

    /// How many warnings are kept to be reported; past it they are counted.
    static let warningsKept = 1000

    let isArray: Bool
    /// Events after this time are not replayed.
    let asOf: Double
    /// Whether the versions an edit replaces are kept (`--history`): their places in the spool.
    let keepsHistory: Bool
    private var history: [Int32: [(offset: Int64, length: Int32, time: Double)]] = [:]
    /// With ``keepsHistory``: since when each message has had its current text.
    private var textSince: [Int32: Double] = [:]
    private(set) var warnings: [ReadWarning] = []
    /// The error that stopped the collection: what came before it is replayed, then it is thrown.
    var error: ReadError?
    private(set) var summary = EventLogSummary()
    /// The first event's type, escaped and cut short: what a log of one event looks like.
    private(set) var firstType: String?
    /// Element 0 holds messages that name no channel.
    private(set) var groups: [ChannelGroup] = [ChannelGroup(channel: ChatChannel())]
    private(set) var states: [MessageState] = []
    /// The messages to show, channel by channel, in time order (made by ``finish()``).
    private(set) var order: [Int32] = []
    private var groupsByCID: [String: Int32] = [:]
    private var ids = IdentifierTable()
    private var reactionIndex: [ReactionKey: Int] = [:]
    private(set) var reactions: [ReactionRecord] = []
    /// By message number, after ``finish()``: where its reactions start in ``reactions``.
    private var reactionStarts: [Int32: Int] = [:]
    private var reactorIDs: [String] = []
    private var reactorNumbers: [String: UInt32] = [:]
    /// Reactors' users as decoded by ``amend(_:_:)`` (after collecting, so their members are final).
    private var reactorUsers: [UInt32: ChatUser] = [:]
    private var reactionTypes: [String] = []
    private var reactionTypeNumbers: [String: UInt16] = [:]
    private var users: [String: JSONObject] = [:]
    private var droppedWarnings = 0
    private var element: Int32 = 0
    private let spool: TemporaryFile
    private let quiet = MessageDecoder(warn: { _, _ in })
    /// Shared by the parsers of spooled messages, one after another (each would cost more to
    /// make than a message to parse).
    let workspace = JSONStreamParser.Workspace()

    init(isArray: Bool, asOf: Double?, keepsHistory: Bool = false, directory: String = TemporaryFile.defaultDirectory) throws(ReadError) {
        self.isArray = isArray
        self.keepsHistory = keepsHistory
        self.asOf = asOf ?? .infinity
        // The replays read the versions shown about in the order they were spooled.
        spool = try TemporaryFile(directory: directory, readAhead: 256 << 10)
    }

    // MARK: - Detection

    /// Event types that change no transcript: counted, skipped without a word.
    private static let neutralPrefixes = ["typing.", "user.", "health.", "connection.", "notification."]
    private static let neutralTypes: Set<String> = ["message.read", "channel.visible", "channel.hidden"]

    /// Whether `type` looks like an event type (`message.new`, `typing.start`): lowercase words
    /// joined by dots, which no message or entity type is.
    static func isEventType(_ type: String) -> Bool {
        var sawDot = false
        var previous: UInt8 = 0x2E
        for byte in type.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "_"): break
            case UInt8(ascii: "."):
                if previous == UInt8(ascii: ".") { return false }
                sawDot = true
            default: return false
            }
            previous = byte
        }
        return sawDot && previous != UInt8(ascii: ".")
    }

    /// Whether a value is an event: an event `"type"` and no message `"id"`.
    static func isEvent(_ object: JSONObject) -> Bool {
        guard case .string(let type)? = object["type"], isEventType(type) else { return false }
        return object["id"] == nil
    }

    /// Whether the object at the parser (its first member not yet read) starts an event log: its members
    /// are skipped until its `"type"`, and the parser is put back where it was. A member only a
    /// message or a wrapper has (`id`, `messages`, `channels`, `threads`…), or a megabyte read,
    /// ends the look: what follows is read as it streams, not skipped first.
    static func startsEvent(_ parser: inout JSONStreamParser) throws(ReadError) -> Bool {
        try parser.pinNextValue()
        let depth = parser.depth
        defer { parser.rewindToPin(depth: depth) }
        try parser.beginObject()
        while let key = try parser.nextKey() {
            switch key {
            case "type":
                guard case .string(let type) = try parser.parseValue(), isEventType(type) else { return false }
                guard type == "thread.updated" else { return true }
                // A lone `thread.updated` event is read as the thread it carries (``InputShape/thread``);
                // one that another value follows starts a log.
                while try parser.nextKey() != nil {
                    try parser.skipValue()
                    if parser.endOffsetFromPin > 1 << 20 { return false }
                }
                return try parser.peekKind() != nil
            case "messages", "channels", "threads", "drafts", "latest_replies", "members", "id": return false
            default:
                try parser.skipValue()
                // An event is small: a first value this long is something else, which must not
                // be held in memory whole to find out.
                if parser.endOffsetFromPin > 1 << 20 { return false }
            }
        }
        return false
    }

    // MARK: - Collecting

    /// Reads the events that follow in `parser` (the rest of the array, or every further line).
    func collect(from parser: inout JSONStreamParser) throws(ReadError) {
        while true {
            if isArray {
                guard try parser.nextElement() else { return }
            }
            guard try parser.peekKind() != nil else {
                if isArray { throw ReadError.syntax(parser.currentPosition(), "expected an array element") }
                return
            }
            try read(from: &parser, position: parser.currentPosition())
            _ = parser.takeReplacementPosition()
        }
    }

    /// Reads one event (the value at the parser) and applies it.
    func read(from parser: inout JSONStreamParser, position: SourcePosition) throws(ReadError) {
        let number = element
        element += 1
        summary.events += 1
        guard try parser.peekKind() == .object else {
            let value = try parser.parseValue()
            return leaveOut(position, number, "expected an event object, found \(value.typeName): left out")
        }
        var event = Event()
        try event.read(from: &parser, needsMessage: needsMessage, knowsUser: { self.users[$0] != nil })
        try apply(event, position: position, element: number)
    }

    /// Whether the replay could use the message of an event read so far: not when a `reaction.*`
    /// event with its time names a message already shown or hard-deleted (a reaction event carries
    /// the whole message, and most of a log's reading would go to skimming those copies).
    private func needsMessage(_ event: Event) -> Bool {
        guard event.time != nil, let type = event.type, type.hasPrefix("reaction."), let id = event.reaction?.messageID,
            let number = ids.number(of: id)
        else { return true }
        let state = states[Int(number)]
        return !state.present && !state.hardDeleted
    }

    /// What an event says, its message skimmed (its bytes kept as written). Members the replay
    /// does not use (the actor's user object, the channel's counts…) are stepped over unread.
    struct Event {
        var type: String?
        var time: Double?
        var cid: String?
        var channelType: String?
        var channelID: String?
        var message: SkimmedMessage?
        var messageID: String?
        var reaction: ReactionMembers?
        var channel: JSONObject?
        var member: JSONObject?
        var hardDelete = false
        /// A `thread.updated` event's thread: its parent and latest replies.
        var threadMessages: [SkimmedMessage] = []

        private static let keys = ExpectedKeys([
            "type", "created_at", "cid", "channel_type", "channel_id", "message", "message_id", "reaction", "channel",
            "member", "hard_delete", "thread",
        ])
        private static let threadKeys = ExpectedKeys(["parent_message", "latest_replies"])

        /// Reads the event at the parser; its message is stepped over unread when `needsMessage`
        /// says, from the members read before it, that the replay has no use for it.
        mutating func read(
            from parser: inout JSONStreamParser, needsMessage: (Event) -> Bool, knowsUser: (String) -> Bool
        ) throws(ReadError) {
            try parser.beginObject()
            while let key = try parser.nextKey(skippingAllBut: Self.keys) {
                switch key {
                case 0: type = try parser.parseValue().stringValue
                case 1: time = try EventLog.time(from: &parser)
                case 2: cid = try EventLog.identifier(from: &parser)
                case 3: channelType = try EventLog.identifier(from: &parser)
                case 4: channelID = try EventLog.identifier(from: &parser)
                case 5:
                    if try parser.peekKind() == .object, needsMessage(self) {
                        var skimmed = SkimmedMessage()
                        try skimmed.read(from: &parser)
                        message = skimmed
                    } else {
                        try parser.skipValue()
                    }
                case 6: messageID = try EventLog.identifier(from: &parser)
                case 7:
                    if try parser.peekKind() == .object {
                        var members = ReactionMembers()
                        try members.read(from: &parser, knowsUser: knowsUser)
                        reaction = members
                    } else {
                        try parser.skipValue()
                    }
                case 8: channel = try parser.parseValue().objectValue
                case 9: member = try parser.parseValue().objectValue
                case 10: hardDelete = try parser.parseValue().boolValue ?? false
                default: try readThread(from: &parser)
                }
            }
        }

        /// The messages of a thread object (anything else is stepped over).
        private mutating func readThread(from parser: inout JSONStreamParser) throws(ReadError) {
            guard try parser.peekKind() == .object else { return try parser.skipValue() }
            try parser.beginObject()
            while let key = try parser.nextKey(skippingAllBut: Self.threadKeys) {
                if key == 0 {
                    try readMessage(from: &parser)
                } else if try parser.peekKind() == .array {
                    try parser.beginArray()
                    while try parser.nextElement() { try readMessage(from: &parser) }
                } else {
                    try parser.skipValue()
                }
            }
        }

        private mutating func readMessage(from parser: inout JSONStreamParser) throws(ReadError) {
            guard try parser.peekKind() == .object else { return try parser.skipValue() }
            var skimmed = SkimmedMessage()
            try skimmed.read(from: &parser)
            threadMessages.append(skimmed)
        }

        /// The channel the event names.
        var channelCID: String? {
            if let channelType, let channelID { return "\(channelType):\(channelID)" }
            return cid
        }
    }

    /// The members of an event's `reaction` that the replay uses; of its user, the members a
    /// reactor's name and picture need.
    struct ReactionMembers {
        var type: JSONValue?
        var messageID: String?
        var userID: String?
        var user: JSONObject?
        var score: JSONValue?

        private static let keys = ExpectedKeys(["type", "message_id", "user_id", "user", "score"])
        private static let userKeys = ExpectedKeys(CollectedFields.userKeysKept)

        /// Reads the reaction at the parser; its user is stepped over when `knowsUser` says the
        /// log has the user of the `user_id` read before it already.
        mutating func read(from parser: inout JSONStreamParser, knowsUser: (String) -> Bool) throws(ReadError) {
            try parser.beginObject()
            while let key = try parser.nextKey(skippingAllBut: Self.keys) {
                switch key {
                case 0: type = try parser.parseValue()
                case 1: messageID = try EventLog.identifier(from: &parser)
                case 2: userID = try EventLog.identifier(from: &parser)
                case 3:
                    guard try parser.peekKind() == .object, !(userID.map(knowsUser) ?? false) else {
                        try parser.skipValue()
                        continue
                    }
                    var kept = [JSONValue?](repeating: nil, count: CollectedFields.userKeysKept.count)
                    try parser.beginObject()
                    while let userKey = try parser.nextKey(skippingAllBut: Self.userKeys) { kept[userKey] = try parser.parseValue() }
                    let members = zip(CollectedFields.userKeysKept, kept).compactMap { key, value in value.map { (key: key, value: $0) } }
                    user = JSONObject(uniqueMembers: members)
                default: score = try parser.parseValue()
                }
            }
        }
    }

    /// A message in an event: the members the replay needs, and its bytes as written.
    struct SkimmedMessage {
        var id: String?
        var created: Double?
        var updated: Double?
        var deleted: Double?
        var textUpdated: Double?
        var textHash = 0
        var cid: String?
        var channelType: String?
        var channelID: String?
        var isDeletedType = false
        var isReply = false
        var bytes: [UInt8] = []

        private static let keys = ExpectedKeys([
            "id", "created_at", "updated_at", "deleted_at", "message_text_updated_at", "text", "cid", "channel_type",
            "channel_id", "type", "parent_id",
        ])

        mutating func read(from parser: inout JSONStreamParser) throws(ReadError) {
            try parser.pinNextValue()
            defer { parser.unpin() }
            try parser.beginObject()
            while let key = try parser.nextKey(skippingAllBut: Self.keys) {
                switch key {
                case 0: id = try EventLog.identifier(from: &parser)
                case 1: created = try EventLog.time(from: &parser)
                case 2: updated = try EventLog.time(from: &parser)
                case 3: deleted = try EventLog.time(from: &parser)
                case 4: textUpdated = try EventLog.time(from: &parser)
                case 5: textHash = try EventLog.textHash(from: &parser)
                case 6: cid = try EventLog.identifier(from: &parser)
                case 7: channelType = try EventLog.identifier(from: &parser)
                case 8: channelID = try EventLog.identifier(from: &parser)
                case 9: isDeletedType = try parser.parseValue().stringValue == "deleted"
                default: isReply = try EventLog.identifier(from: &parser) != nil
                }
            }
            bytes = Array(parser.pinnedBytes())
        }

        var channelCID: String? {
            if let channelType, let channelID { return "\(channelType):\(channelID)" }
            return cid
        }
    }

    // MARK: - Applying

    private func apply(_ event: Event, position: SourcePosition, element: Int32) throws(ReadError) {
        guard let type = event.type else { return leaveOut(position, element, "an event needs a \"type\" string: left out") }
        if summary.events == 1 { firstType = type.prefix(40).description.debugEscaped }
        let time = event.time ?? event.message?.updated ?? event.message?.created ?? -.infinity
        if time > asOf {
            summary.afterAsOf += 1
            return
        }
        if Self.neutralTypes.contains(type) || Self.neutralPrefixes.contains(where: { type.hasPrefix($0) }) {
            summary.transcriptNeutral += 1
            return
        }
        var named: String { "\(type.debugEscaped) event" }
        switch type {
        case "message.new", "message.updated", "message.undeleted":
            try applyMessage(event, type: type, time: time, position: position, element: element)
        case "message.deleted":
            try applyDeletion(event, time: time, position: position, element: element)
        case "thread.updated":
            try applyThread(event, time: time, position: position, element: element)
        case "reaction.new", "reaction.updated", "reaction.deleted":
            try applyReaction(event, type: type, time: time, position: position, element: element)
        case "channel.updated", "channel.created":
            guard let object = event.channel, let cid = CollectedFields.cid(object, typeKey: "type", idKey: "id") ?? event.channelCID else {
                return leaveOut(position, element, "a \(named) needs a \"channel\" with a \"type\" and an \"id\": left out")
            }
            let number = Int(group(cid))
            var channel = quiet.channel(object, path: path(element, position) + ".channel")
            if channel.cid == nil { channel.cid = cid }
            if channel.members.isEmpty { channel.members = groups[number].channel.members }
            groups[number].channel = channel
        case "channel.truncated":
            guard let cid = event.channelCID ?? event.channel.flatMap({ CollectedFields.cid($0, typeKey: "type", idKey: "id") }) else {
                return leaveOut(position, element, "a \(named) needs a \"cid\": left out")
            }
            let truncated = event.channel?["truncated_at"].flatMap(Self.time) ?? time
            let number = Int(group(cid))
            groups[number].truncatedAt = max(groups[number].truncatedAt, truncated)
        case "channel.deleted":
            guard let cid = event.channelCID ?? event.channel.flatMap({ CollectedFields.cid($0, typeKey: "type", idKey: "id") }) else {
                return leaveOut(position, element, "a \(named) needs a \"cid\": left out")
            }
            groups[Int(group(cid))].deleted = true
        case "member.added", "member.updated", "member.removed":
            let userObject = event.member?["user"]?.objectValue
            guard let cid = event.channelCID,
                let id = event.member.flatMap({ CollectedFields.identifier($0["user_id"]) })
                    ?? userObject.flatMap({ CollectedFields.identifier($0["id"]) })
            else {
                return leaveOut(position, element, "a \(named) needs a \"cid\" and a \"member\" with a \"user_id\": left out")
            }
            if let userObject {
                users[id] = CollectedFields.keptUser(userObject)
            }
            let number = Int(group(cid))
            groups[number].hasMemberEvents = true
            let index = groups[number].memberIDs.firstIndex(of: id)
            if type == "member.removed" {
                if let index { groups[number].memberIDs.remove(at: index) }
            } else if index == nil {
                groups[number].memberIDs.append(id)
            }
        default:
            leaveOut(position, element, "an event of unknown type \"\(type.prefix(40).description.debugEscaped)\" is left out")
        }
    }

    private func applyMessage(
        _ event: Event, type: String, time: Double, position: SourcePosition, element: Int32
    ) throws(ReadError) {
        var named: String { "\(type) event" }
        guard let message = event.message, let id = message.id else {
            return leaveOut(position, element, "a \(named) needs a \"message\" with an \"id\": left out")
        }
        let number = Int(ids.intern(id))
        if number == states.count { states.append(MessageState()) }
        let state = states[number]
        if state.hardDeleted {
            return leaveOut(position, element, "a \(named) for message \"\(id.debugEscaped)\", which was hard-deleted: left out")
        }
        if state.present {
            if time < state.time {
                return leaveOut(
                    position, element,
                    "a \(named) older than the version of message \"\(id.debugEscaped)\" read at line \(state.line): left out")
            }
            if time == state.time && type == "message.new" { return } // a webhook delivered twice
        } else if type != "message.new" {
            warn(position, element, "a \(named) for message \"\(id.debugEscaped)\", which the log did not show before: shown as it has it")
        }
        let textChanged = state.present && type == "message.updated" && message.textHash != state.textHash
        if keepsHistory {
            if textChanged {
                let since = textSince[Int32(number)] ?? state.time
                history[Int32(number), default: []].append((state.offset, state.length, since))
            }
            if textChanged || !state.present { textSince[Int32(number)] = time }
        }
        try store(message, number: number, event: event, time: time, position: position, element: element)
        if textChanged && message.textUpdated == nil { states[number].editedAt = time }
        if type == "message.undeleted" { states[number].deletedAt = .nan }
    }

    /// A thread's messages are copies of messages whose own events say more: only those the
    /// log has not shown are shown, as the thread has them. A thread that shows nothing new
    /// changes no transcript.
    private func applyThread(_ event: Event, time: Double, position: SourcePosition, element: Int32) throws(ReadError) {
        var showed = false
        for message in event.threadMessages {
            guard let id = message.id, ids.number(of: id).map({ !states[Int($0)].present && !states[Int($0)].hardDeleted }) ?? true
            else { continue }
            let number = Int(ids.intern(id))
            if number == states.count { states.append(MessageState()) }
            warn(
                position, element,
                "a thread.updated event holds message \"\(id.debugEscaped)\", which the log did not show before: shown as it has it")
            try store(
                message, number: number, event: event, time: message.updated ?? message.created ?? time, position: position,
                element: element)
            showed = true
        }
        if !showed { summary.transcriptNeutral += 1 }
    }

    private func applyDeletion(_ event: Event, time: Double, position: SourcePosition, element: Int32) throws(ReadError) {
        guard let id = event.message?.id ?? event.messageID else {
            return leaveOut(position, element, "a message.deleted event needs a \"message\" with an \"id\": left out")
        }
        let number = Int(ids.intern(id))
        if number == states.count { states.append(MessageState()) }
        let state = states[number]
        if state.hardDeleted { return } // deleted already
        if state.present && time < state.time {
            return leaveOut(
                position, element,
                "a message.deleted event older than the version of message \"\(id.debugEscaped)\" read at line \(state.line): left out")
        }
        if event.hardDelete {
            if !state.present {
                warn(position, element, "a hard message.deleted event for message \"\(id.debugEscaped)\", which the log did not show")
            }
            states[number].hardDeleted = true
            states[number].time = time
            summary.hardDeleted += 1
            // A message the log never showed counts in its channel if the log knows the channel.
            let cid = state.present ? nil : event.message?.channelCID ?? event.channelCID
            groups[Int(state.present ? state.group : cid.flatMap { groupsByCID[$0] } ?? 0)].hardDeleted += 1
            return
        }
        if let message = event.message, !message.bytes.isEmpty {
            if !state.present {
                warn(
                    position, element,
                    "a message.deleted event for message \"\(id.debugEscaped)\", which the log did not show before: shown deleted")
            }
            try store(message, number: number, event: event, time: time, position: position, element: element)
            states[number].editedAt = state.editedAt
            if message.deleted == nil { states[number].deletedAt = time }
        } else if state.present {
            states[number].deletedAt = time
            states[number].time = time
        } else {
            leaveOut(position, element, "a message.deleted event for message \"\(id.debugEscaped)\", which the log did not show: left out")
        }
    }

    private func applyReaction(
        _ event: Event, type: String, time: Double, position: SourcePosition, element: Int32
    ) throws(ReadError) {
        var named: String { "\(type) event" }
        guard let reaction = event.reaction, case .string(let kind)? = reaction.type, !kind.isEmpty,
            let id = reaction.messageID ?? event.message?.id ?? event.messageID
        else {
            return leaveOut(position, element, "a \(named) needs a \"reaction\" with a \"type\" and a \"message_id\": left out")
        }
        let userObject = reaction.user
        let userID = reaction.userID ?? userObject.flatMap { CollectedFields.identifier($0["id"]) } ?? ""
        if let userObject, !userID.isEmpty, users[userID] == nil { users[userID] = userObject }
        let number = Int(ids.intern(id))
        if number == states.count { states.append(MessageState()) }
        if states[number].hardDeleted {
            return leaveOut(position, element, "a \(named) for message \"\(id.debugEscaped)\", which was hard-deleted: left out")
        }
        if !states[number].present {
            // The event's message is the message after the change: it already counts the reaction.
            guard let message = event.message, !message.bytes.isEmpty else {
                return leaveOut(position, element, "a \(named) for message \"\(id.debugEscaped)\", which the log did not show: left out")
            }
            warn(position, element, "a \(named) for message \"\(id.debugEscaped)\", which the log did not show before: shown as it has it")
            return try store(message, number: number, event: event, time: time, position: position, element: element)
        }
        // A reaction no later than the version shown is in it already: it is recorded all the same,
        // so that a later event for it knows whether the version counts it.
        let versionTime = states[number].time
        let key = ReactionKey(message: Int32(number), user: reactor(userID), type: reactionType(kind))
        let score = Int32(clamping: reaction.score?.integerValue ?? 1)
        let alive = type != "reaction.deleted"
        if let index = reactionIndex[key] {
            if time < reactions[index].time {
                return leaveOut(
                    position, element,
                    "a \(named) older than the last event for the same reaction (user \"\(userID.debugEscaped)\", type \"\(kind.debugEscaped)\"): left out"
                )
            }
            change(index, alive: alive, score: score, time: time, versionTime: versionTime)
            return
        }
        // An update the log did not see given: the user's reaction of another type, replaced (a
        // channel with unique reactions), if the log had it; else a change of score.
        var replaced = false
        if type == "reaction.updated" {
            for other in 0..<UInt16(clamping: reactionTypes.count) where other != key.type {
                let otherKey = ReactionKey(message: key.message, user: key.user, type: other)
                if let index = reactionIndex[otherKey], reactions[index].alive, reactions[index].time <= time {
                    change(index, alive: false, score: reactions[index].score, time: time, versionTime: versionTime)
                    replaced = true
                }
            }
        }
        reactionIndex[key] = reactions.count
        reactions.append(
            ReactionRecord(
                message: key.message, user: key.user, type: key.type, counted: type != "reaction.new" && !replaced, alive: alive,
                score: score, time: time))
    }

    /// A reaction record's next event. Whether the version shown counts the reaction is what
    /// the record said when the version was taken after its last event.
    private func change(_ index: Int, alive: Bool, score: Int32, time: Double, versionTime: Double) {
        if reactions[index].time <= versionTime { reactions[index].counted = reactions[index].alive }
        reactions[index].alive = alive
        reactions[index].score = score
        reactions[index].time = time
    }

    /// Stores a message version: its bytes to the spool, its state.
    private func store(
        _ message: SkimmedMessage, number: Int, event: Event, time: Double, position: SourcePosition, element: Int32
    ) throws(ReadError) {
        var state = states[number]
        if !state.present {
            state.first = element
            let cid = message.channelCID ?? event.channelCID
            state.group = cid.map { group($0) } ?? 0
        }
        if let created = message.created { state.created = created } else if !state.present { state.created = time }
        let offset = spool.size
        _ = try message.bytes.withUnsafeBytes { bytes in Result { () throws(ReadError) in try spool.append(bytes) } }.get()
        state.offset = offset
        state.length = Int32(clamping: message.bytes.count)
        state.line = Int32(clamping: position.line)
        state.column = Int32(clamping: position.column)
        state.time = max(state.time, time)
        state.textHash = message.textHash
        state.isReply = message.isReply
        if message.deleted != nil || message.isDeletedType { state.deletedAt = .nan }
        states[number] = state
    }

    /// Reactor `number`'s user, from `object` (its members as the log left them), decoded once.
    private func reactor(_ number: UInt32, _ object: JSONObject) -> ChatUser {
        if let user = reactorUsers[number] { return user }
        let user = quiet.user(object, path: FieldPath(base: "")) ?? ChatUser(id: reactorIDs[Int(number)])
        reactorUsers[number] = user
        return user
    }

    private func reactor(_ id: String) -> UInt32 {
        if let number = reactorNumbers[id] { return number }
        let number = UInt32(reactorIDs.count)
        reactorIDs.append(id)
        reactorNumbers[id] = number
        return number
    }

    private func reactionType(_ type: String) -> UInt16 {
        if let number = reactionTypeNumbers[type] { return number }
        let number = UInt16(clamping: reactionTypes.count)
        if reactionTypes.count < Int(UInt16.max) {
            reactionTypes.append(type)
            reactionTypeNumbers[type] = number
        }
        return number
    }

    /// Done collecting: the order of the messages shown, the reactions by message.
    func finish() {
        do throws(ReadError) {
            try spool.flush()
        } catch {
            if self.error == nil { self.error = error }
        }
        reactionIndex = [:]
        reactions.sort { ($0.message, $0.time) < ($1.message, $1.time) }
        var previous: Int32 = -1
        for (index, record) in reactions.enumerated() where record.message != previous {
            reactionStarts[record.message] = index
            previous = record.message
        }
        var shown: [Int32] = []
        for (number, state) in states.enumerated() where state.present && !state.hardDeleted {
            let group = groups[Int(state.group)]
            if group.deleted || state.created < group.truncatedAt { continue }
            shown.append(Int32(number))
        }
        shown.sort { left, right in
            let (a, b) = (states[Int(left)], states[Int(right)])
            return (a.group, a.created, a.first) < (b.group, b.created, b.first)
        }
        order = shown
        if droppedWarnings > 0 {
            warnings.append(
                ReadWarning(keyPath: "", reason: "\(droppedWarnings) more events were reported and not shown", skippedMessage: false))
        }
    }

    // MARK: - Problems

    /// Where event number `element` is, as a warning names it.
    private func path(_ element: Int32, _ position: SourcePosition) -> String {
        isArray ? "[\(element)]" : "line \(position.line)"
    }

    private func warn(_ position: SourcePosition, _ element: Int32, _ reason: @autoclosure () -> String) {
        guard warnings.count < Self.warningsKept else {
            droppedWarnings += 1
            return
        }
        warnings.append(ReadWarning(position: position, keyPath: path(element, position), reason: reason(), skippedMessage: false))
    }

    private func leaveOut(_ position: SourcePosition, _ element: Int32, _ reason: @autoclosure () -> String) {
        summary.leftOut += 1
        warn(position, element, reason())
    }

    // MARK: - Helpers

    private func group(_ cid: String) -> Int32 {
        if let number = groupsByCID[cid] { return number }
        let number = Int32(groups.count)
        groupsByCID[cid] = number
        groups.append(ChannelGroup(channel: CollectedFields.channel(cid: cid)))
        return number
    }

    /// An identifier at the parser (a non-empty string or an integer).
    static func identifier(from parser: inout JSONStreamParser) throws(ReadError) -> String? {
        CollectedFields.identifier(try parser.parseValue())
    }

    /// A time at the parser, read from the input's bytes when it is a plain string.
    static func time(from parser: inout JSONStreamParser) throws(ReadError) -> Double? {
        if let date = try parser.readPlainString(RFC3339.parse(bytes:)) { return date.timeIntervalSince1970 }
        return time(try parser.parseValue())
    }

    /// A hash of the text at the parser (of its UTF-8 bytes when a string, however escaped), to
    /// tell an edit that changes the text from one that does not.
    static func textHash(from parser: inout JSONStreamParser) throws(ReadError) -> Int {
        var hasher = Hasher()
        let plain = try parser.readPlainString { bytes in
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
            return true
        }
        if plain == nil {
            switch try parser.parseValue() {
            case .string(var text): text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            case let value: hasher.combine(value)
            }
        }
        return hasher.finalize()
    }

    static func time(_ value: JSONValue) -> Double? {
        guard case .string(let text) = value else { return nil }
        return RFC3339.parse(text)?.timeIntervalSince1970
    }

    // MARK: - Replaying

    /// The channel of group `number`, its members as the member events left them.
    func channel(ofGroup number: Int) -> ChatChannel {
        let group = groups[number]
        var channel = group.channel
        guard group.hasMemberEvents else { return channel }
        channel.memberCount = Int64(group.memberIDs.count)
        channel.members = group.memberIDs.prefix(ChatChannel.maximumMembersKept).map { id in
            users[id].flatMap { quiet.user($0, path: FieldPath(base: "")) } ?? ChatUser(id: id)
        }
        return channel
    }

    /// Whether message `number`'s last version is a thread reply.
    func isReply(_ number: Int32) -> Bool { states[Int(number)].isReply }

    /// The bytes of message `number`'s last version, as written.
    func bytes(of number: Int32) throws(ReadError) -> [UInt8] {
        let state = states[Int(number)]
        return try spool.bytes(at: state.offset, count: Int(state.length))
    }

    /// Whether message `number` is shown other than as its last version was written: deleted
    /// or edited by an event whose message does not say so, or with reaction events later than
    /// that version (``amend(_:_:)`` changes it).
    func needsAmending(_ number: Int32) -> Bool {
        let state = states[Int(number)]
        guard state.deletedAt.isNaN, state.editedAt.isNaN else { return true }
        guard let start = reactionStarts[number] else { return false }
        var index = start
        while index < reactions.count, reactions[index].message == number {
            if reactions[index].time > state.time { return true }
            index += 1
        }
        return false
    }

    /// The JSON of message `message` (number `number`) as ``amend(_:_:)`` left it: for a thread
    /// reply, whose JSON the index keeps for the rendering pass.
    func amendedJSON(of message: ChatMessage, _ number: Int32) throws(ReadError) -> [UInt8]? {
        guard var object = try self.message(number) else { return nil }
        object["type"] = .string(message.type.rawValue)
        if let deleted = message.deletedAt { object["deleted_at"] = .string(Self.format(deleted.timeIntervalSince1970)) }
        if let edited = message.textUpdatedAt {
            object["message_text_updated_at"] = .string(Self.format(edited.timeIntervalSince1970))
        }
        let groups = message.reactionGroups.map { group in
            (key: group.type, value: JSONValue.object(["count": .integer(group.count), "sum_scores": .integer(group.sumScores)]))
        }
        object["reaction_groups"] = .object(JSONObject(uniqueMembers: groups))
        object["reaction_counts"] = nil
        object["reaction_scores"] = nil
        object["latest_reactions"] = .array(message.latestReactions.map { .object($0.raw) })
        return JSONValue.object(object).serializedBytes()
    }

    /// An RFC 3339 time in UTC with milliseconds, for a date the replay adds to a message.
    static func format(_ time: Double) -> String {
        var seconds = time_t(time.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let milliseconds = Int(((time - time.rounded(.down)) * 1000).rounded(.down))
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(width - digits.count, 0)) + digits
        }
        return "\(pad(Int(parts.tm_year) + 1900, 4))-\(pad(Int(parts.tm_mon) + 1, 2))-\(pad(Int(parts.tm_mday), 2))T"
            + "\(pad(Int(parts.tm_hour), 2)):\(pad(Int(parts.tm_min), 2)):\(pad(Int(parts.tm_sec), 2)).\(pad(milliseconds, 3))Z"
    }

    /// Message `number`'s last version, as an object (for one that cannot be read member by member).
    func message(_ number: Int32) throws(ReadError) -> JSONObject? {
        let bytes = try bytes(of: number)
        var parser = JSONStreamParser(bytes: bytes, chunkSize: max(bytes.count, 1), workspace: workspace)
        return (try? parser.parseValue())?.objectValue
    }

    /// Message `number` as it stood, from its last version as decoded: its deletion, its edit
    /// time, and (unless `withReactions` is false: the index pass does not read them) the
    /// reaction events later than that version.
    func amend(_ message: inout ChatMessage, _ number: Int32, withReactions: Bool = true) {
        let state = states[Int(number)]
        if !state.deletedAt.isNaN {
            message.type = .deleted
            if message.deletedAt == nil { message.deletedAt = Date(timeIntervalSince1970: state.deletedAt) }
        }
        if !state.editedAt.isNaN, message.textUpdatedAt == nil { message.textUpdatedAt = Date(timeIntervalSince1970: state.editedAt) }
        guard withReactions, let start = reactionStarts[number] else { return }
        var end = start
        while end < reactions.count, reactions[end].message == number { end += 1 }
        let records = reactions[start..<end].filter { $0.time > state.time }
        guard !records.isEmpty else { return }
        // The version's own groups, then each record's change.
        var totals: [String: (count: Int64, sum: Int64)] = [:]
        for group in message.reactionGroups { totals[group.type] = (group.count, group.sumScores) }
        for record in records {
            let change = Int64(record.alive ? 1 : 0) - Int64(record.counted ? 1 : 0)
            var total = totals[reactionTypes[Int(record.type)], default: (0, 0)]
            total.count += change
            total.sum += change * Int64(record.score)
            totals[reactionTypes[Int(record.type)]] = total
        }
        message.reactionGroups = totals.filter { $0.value.count > 0 }.map { type, total in
            ReactionGroup(type: type, count: total.count, sumScores: max(total.sum, total.count))
        }.sorted { $0.type < $1.type }
        // The latest first, as Stream lists them: the records' users replace what the version listed.
        var latest = records.filter(\.alive).sorted { $0.time > $1.time }.map { record in
            let userID = reactorIDs[Int(record.user)]
            let type = reactionTypes[Int(record.type)]
            var raw: [(key: String, value: JSONValue)] = [("type", .string(type)), ("score", .integer(Int64(record.score)))]
            var user: ChatUser?
            if !userID.isEmpty {
                let object = users[userID] ?? JSONObject(uniqueMembers: [("id", .string(userID))])
                raw += [("user_id", .string(userID)), ("user", .object(object))]
                user = reactor(record.user, object)
            }
            return Reaction(
                type: type, score: Int64(record.score), userID: userID.isEmpty ? nil : userID, user: user, createdAt: nil,
                raw: JSONObject(uniqueMembers: raw))
        }
        let changed = Set(records.map { ReactionKey(message: 0, user: $0.user, type: $0.type) })
        for reaction in message.latestReactions {
            let user = reactorNumbers[reaction.userID ?? reaction.user?.id ?? ""]
            let type = reactionTypeNumbers[reaction.type]
            if let user, let type, changed.contains(ReactionKey(message: 0, user: user, type: type)) { continue }
            latest.append(reaction)
        }
        message.latestReactions = Array(latest.prefix(EntityDirectory.latestReactionsKept))
    }

    /// The texts message `number` had before its edits, oldest first, each with the time it was
    /// written (of the message.new or message.updated that brought it).
    func earlierVersions(of number: Int32) throws(ReadError) -> [ChatMessage.EarlierVersion] {
        guard let versions = history[number] else { return [] }
        var result: [ChatMessage.EarlierVersion] = []
        for version in versions {
            let bytes = try spool.bytes(at: version.offset, count: Int(version.length))
            var parser = JSONStreamParser(bytes: bytes, chunkSize: max(bytes.count, 1), workspace: workspace)
            let text = (try? parser.parseValue())?["text"]?.stringValue ?? ""
            let date = version.time.isFinite ? Date(timeIntervalSince1970: version.time) : nil
            result.append(ChatMessage.EarlierVersion(text: text, date: date))
        }
        return result
    }
}

extension EventLog: CollectedTranscript {
    var groupCount: Int { groups.count }
    func shows(group number: Int) -> Bool { !groups[number].deleted }
    func hardDeletedCount(ofGroup number: Int) -> Int { groups[number].hardDeleted }
    var entryCount: Int { order.count }
    func entry(_ index: Int) -> (entry: Int32, group: Int) { (order[index], Int(states[Int(order[index])].group)) }
}
