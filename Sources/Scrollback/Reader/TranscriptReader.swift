import Foundation

/// One thing found in the input, in input order.
public enum TranscriptEvent: Sendable, Hashable {
    /// A channel; it comes before the channel's messages.
    case channel(ChatChannel)
    /// A message, with its quoted message embedded when the input has it.
    case message(ChatMessage)
}

/// The shape of a whole input file, detected from the data (<doc:InputShapesAndBadInput> lists them).
public enum InputShape: String, Sendable {
    /// `{"channel": {...}, "messages": [...], "members": [...], ...}`
    case channel
    /// `{"channels": [ <channel object>, ... ]}`
    case channels
    /// A bare array of messages: `[ {...}, {...} ]`.
    case messageArray
    /// A list response: `{"messages": [...]}`. (Its messages are held back, up to
    /// 4096 of them, in case a `"channel"` key follows them.)
    case messageList
    /// One boxed message: `{"message": {...}}`.
    case boxedMessage
    /// One JSON value after another (usually one a line): messages, boxed messages or channel
    /// objects. A file holding a single bare message object is a one-line NDJSON file.
    case ndjson
    /// Stream's import/export entity file: `{"type": "user"|"channel"|"member"|"message"|"reaction",
    /// "item": {...}}` objects in one array or one a line, in any order. Its messages come out
    /// grouped by channel, each channel first; authors, members and reactions are filled in.
    case entities
    /// One thread from Stream's query threads: `{"parent_message": {...}, "latest_replies":
    /// [...], "channel": {...}, ...}`, alone, boxed (`{"thread": {...}}`) or in a `thread.*`
    /// event. Its channel comes first, then the parent with its replies under it.
    case thread
    /// A list of threads: `{"threads": [ <thread>, ... ], "next": ...}`, read thread by thread.
    case threads
    /// One draft: `{"draft": {"message": {...}, "channel": {...}, "parent_message": {...},
    /// "quoted_message": {...}, "created_at": ...}}`. Its channel comes first, then the message it
    /// is a reply to, then the draft (``ChatMessage/isDraft``).
    case draft
    /// A list of drafts: `{"drafts": [ <draft>, ... ], "next": ...}`, read draft by draft.
    case drafts
    /// A log of Stream's webhook or websocket events (`{"type": "message.new", "message": {...}, ...}`),
    /// one a line or in one array: replayed into the transcript as it stood at the end
    /// (or at ``TranscriptReader/asOf``).
    case events
}

/// Reads a transcript as a stream of channel and message events, one message at a time, so that
/// memory does not grow with the number of messages.
///
/// ```swift
/// var reader = try TranscriptReader(path: "export.json") { warning in print(warning) }
/// while let event = try reader.next() { ... }
/// ```
///
/// The shape of the input is detected on the way (``shape``). A message that is valid JSON but
/// unusable (not an object, no `id`) is skipped and reported to `onWarning`, as is a field of
/// the wrong type; with `strict`, either stops the reading with ``ReadError/invalidMessage(_:)``.
/// Broken JSON stops it with ``ReadError/syntax(_:_:)`` at the offending line and column.
public struct TranscriptReader {
    /// The detected shape, known once the first event has been returned. It turns into
    /// ``InputShape/ndjson`` when a second top-level value follows the first.
    public private(set) var shape: InputShape?
    /// How many message events have been returned so far.
    public private(set) var messageCount = 0
    /// How many messages were skipped as unusable so far (reported with
    /// ``ReadWarning/skippedMessage``), for a document's summary.
    public var skippedMessageCount: Int { warnings.skippedMessageCount }
    /// Where its problems go, and those met while what it read is drawn.
    let warnings: WarningChannel

    /// Messages held back until their channel is known are at most this many; past it they are
    /// let through, so that a huge `{"messages": [...]}` list still streams.
    static let heldMessagesLimit = 4096

    /// Whether a key this long may be "read", "channel", "members", "message", "channels",
    /// "messages", "watchers", "pinned_messages", "draft", "drafts", "thread", "threads",
    /// "parent_message" or "latest_replies".
    private static func mayBeWrapperKey(length: Int) -> Bool {
        (4...8).contains(length) || length == 14 || length == 15
    }

    /// How message elements are read: decoded completely, or only as far as the index needs.
    enum Mode {
        case full
        /// Each message in a `messages` array (or an NDJSON line) is walked key by key: only
        /// `id`, `parent_id`, `created_at`, `show_in_channel` and `user.id` are parsed, the rest
        /// is skipped unbuilt, and a reply's bytes are handed out as written. Nothing is reported:
        /// the full reading that follows reports every problem.
        case index
    }

    /// A channel, or a message with, in ``Mode/index``, a reply's JSON as written in the input
    /// and, for an element of a messages array, where the element starts in the input
    /// (``CleanReplies``).
    enum Item: Sendable {
        case channel(ChatChannel)
        case message(ChatMessage, json: [UInt8]?, offset: Int? = nil)

        var event: TranscriptEvent {
            switch self {
            case .channel(let channel): return .channel(channel)
            case .message(let message, _, _): return .message(message)
            }
        }
    }

    private var parser: JSONStreamParser
    private let mode: Mode
    private let fieldWarnings = FieldWarnings()
    private let decoder: MessageDecoder

    private var frames: [FrameKind] = []
    private var objectFrames: [ObjectFrame] = []
    private var arrayFrames: [ArrayFrame] = []
    /// Events ready to be returned, before anything else is read.
    private var pending: [Item] = []
    private var pendingHead = 0
    /// Messages read before their object's `channel`, held so that the channel comes first.
    private var heldMessages: [Item] = []
    /// Message elements seen so far, usable or not: the next one's index.
    private var messageElements = 0
    private var topLevelValues = 0
    private var finished = false
    /// An error met while messages were still held: thrown once they have been handed out.
    private var deferredError: ReadError?
    /// What the first top-level value looked like when it was no message, for the warning
    /// given when the input ends without any.
    private var firstValueLooksLike: String?
    /// What the skipped values looked like, for the warning given when the input holds no message.
    private var skippedKinds = SkippedKinds()
    /// Whether a `members` array was met (a channel's member list has no messages).
    private var sawMembers = false
    /// Whether the end of a complete reading was checked for messages.
    private var checkedForMessages = false
    /// Whether the current channel's messages are in time order, in ``Mode/full``.
    private var timeOrder = TimeOrder()
    /// The member list of the last channel returned, met after its messages.
    private var lateMembers: [ChatUser]?
    /// The cid (else id) of the last channel of a thread or draft handed out.
    private var lastListedChannel: String?
    /// An entity file's collected entities, once its shape is known: the reading replays them.
    private var entities: CollectedReplay<EntityDirectory>?
    /// Where an entity directory is handed from one reading of the input to the next.
    private let handoff: EntityHandoff?
    /// Where an entity file's messages are spooled.
    private let temporaryDirectory: String
    /// An event log's replay, once its shape is known.
    private var events: CollectedReplay<EventLog>?
    /// For an event log: the events after this moment are not replayed (`--as-of`). Set it
    /// before the first ``next()``.
    public var asOf: Date?
    /// For an event log: whether each message's earlier versions are kept
    /// (``ChatMessage/earlierVersions``). Set it before the first ``next()``.
    public var history = false
    /// For an event log, once its first message (or its end) is returned: what its replay did.
    public var eventLogSummary: EventLogSummary? { events?.collected.summary ?? finishedEventLog }
    private var finishedEventLog: EventLogSummary?
    /// Messages an event log deleted for good, in the channels replayed so far.
    var hardDeletedReplayed: Int { events?.hardDeletedPassed ?? finishedEventLog?.hardDeleted ?? 0 }
    /// In ``Mode/index``: whether a long array of messages in a regular file is read by
    /// several parsers at once (``ParallelIndexReading``). The items are the same either way.
    var readsInParallel = false
    /// The input bytes per segment of a parallel reading (``ParallelIndexReading/segmentSize``;
    /// tests make it small).
    var parallelSegmentSize = ParallelIndexReading.segmentSize
    /// The parallel reading of the current array's elements, until it has handed them all out.
    private var parallel: ParallelIndexReading?
    /// Hears how far the reading has got (a two-pass rendering with
    /// ``TranscriptRenderer/progress``); `nil` costs a mask test per message.
    var progress: ProgressHook?
    /// In ``Mode/full``: the replies of a messages array that need not be decoded, from the
    /// index of the same input (a rendering with one sets it).
    var cleanReplies: CleanReplies?

    /// Opens a file, or standard input for `"-"`.
    public init(path: String, strict: Bool = false, onWarning: @escaping (ReadWarning) -> Void = { _ in }) throws(ReadError) {
        self.init(source: try ByteSource(path: path), strict: strict, onWarning: onWarning)
    }

    /// Reads input held in memory.
    public init(bytes: [UInt8], strict: Bool = false, onWarning: @escaping (ReadWarning) -> Void = { _ in }) {
        self.init(source: ByteSource(bytes: bytes), strict: strict, onWarning: onWarning)
    }

    init(
        source: ByteSource, strict: Bool = false, handoff: EntityHandoff? = nil,
        temporaryDirectory: String = TemporaryFile.defaultDirectory,
        onWarning: @escaping (ReadWarning) -> Void = { _ in }
    ) {
        self.init(
            source: source, mode: .full, strict: strict, handoff: handoff, temporaryDirectory: temporaryDirectory, onWarning: onWarning)
    }

    /// A silent reader in ``Mode/index`` (it never reports, so it never stops for `strict`).
    init(indexing source: ByteSource, handoff: EntityHandoff? = nil, temporaryDirectory: String = TemporaryFile.defaultDirectory) {
        self.init(
            source: source, mode: .index, strict: false, handoff: handoff, temporaryDirectory: temporaryDirectory, onWarning: { _ in })
    }

    private init(
        source: ByteSource, mode: Mode, strict: Bool, handoff: EntityHandoff?, temporaryDirectory: String,
        onWarning: @escaping (ReadWarning) -> Void
    ) {
        parser = JSONStreamParser(source: source)
        // The index pass parses only ids, dates and author names: nearly every one is new.
        parser.internsValues = mode != .index
        self.handoff = handoff
        self.temporaryDirectory = temporaryDirectory
        self.mode = mode
        warnings = WarningChannel(strict: strict, onWarning: onWarning)
        let fieldWarnings = fieldWarnings
        decoder =
            mode == .index
            ? MessageDecoder(warn: { _, _ in }, users: UserCache())
            : MessageDecoder(warn: { keyPath, reason in fieldWarnings.items.append((keyPath, reason)) }, users: UserCache())
    }

    /// The next channel or message, or `nil` at the end of the input.
    public mutating func next() throws(ReadError) -> TranscriptEvent? {
        try nextItem()?.event
    }

    /// How many bytes of the input have been parsed so far: with the input's size, how far a
    /// long reading has got (for a progress line).
    public var bytePosition: Int64 { Int64(parallel?.position ?? parser.bytePosition) }

    /// ``next()`` with, in ``Mode/index``, a reply's JSON.
    mutating func nextItem() throws(ReadError) -> Item? {
        do throws(ReadError) {
            while true {
                if pendingHead < pending.count {
                    let event = pending[pendingHead]
                    pendingHead += 1
                    if pendingHead == pending.count {
                        pending.removeAll(keepingCapacity: true)
                        pendingHead = 0
                    }
                    return counted(event)
                }
                if entities != nil {
                    if let item = try nextEntityItem() { return counted(item) }
                    // The replay is over: `finished` is set, and the end is reported below.
                }
                if events != nil, let item = try nextEventItem() { return counted(item) }
                if finished {
                    if let error = deferredError {
                        deferredError = nil
                        throw error
                    }
                    if !checkedForMessages {
                        checkedForMessages = true
                        try reportIfNoMessages()
                    }
                    if let progress {
                        // Once: the end of the pass.
                        self.progress = nil
                        progress.tell(self, finished: true)
                    }
                    return nil
                }
                switch frames.last {
                case nil: try startTopLevelValue()
                case .object: try stepObject()
                case .channels: try stepChannels()
                case .threads: try stepThreads()
                case .drafts: try stepDrafts()
                case .messages:
                    if let item = try stepMessages() { return counted(item) }
                }
            }
        } catch {
            finished = true
            if entities != nil || events != nil {
                if let log = events?.collected { finishedEventLog = log.summary }
                entities = nil
                events = nil
                checkedForMessages = true
                throw error
            }
            // Everything read before the error still counts: held messages go out first.
            releaseHeldMessages()
            guard pendingHead < pending.count else { throw error }
            deferredError = error
            return try nextItem()
        }
    }

    /// The members of an unnamed channel already returned, when its export lists them after its
    /// messages; each list is handed out once.
    mutating func takeLateMembers() -> [ChatUser]? {
        defer { lateMembers = nil }
        return lateMembers
    }

    /// `consuming`: the item is handed back, not copied (a borrowed one was retained to return).
    private mutating func counted(_ event: consuming Item) -> Item {
        if case .message = event {
            messageCount += 1
            // A mask test per message; the hook only every `interval` messages.
            if messageCount & (RenderProgress.interval - 1) == 0, let progress { progress.tell(self, finished: false) }
        }
        return event
    }

    // MARK: - Top level

    private mutating func startTopLevelValue() throws(ReadError) {
        guard let kind = try parser.peekKind() else {
            finished = true
            if topLevelValues == 0 { throw ReadError.syntax(parser.currentPosition(), "the input is empty") }
            return
        }
        topLevelValues += 1
        _ = parser.takeReplacementPosition() // repairs are reported with the value that holds them
        let start = parser.currentPosition()
        let isFirst = topLevelValues == 1
        if !isFirst { shape = .ndjson }
        let line = "line \(start.line)"
        switch kind {
        case .object where mode == .full && !isFirst:
            // An NDJSON line after the first: most likely a message, read as one; a wrapper (or
            // anything read better whole) is walked key by key below.
            if try readMessageLine(path: line, position: start) { return }
            fallthrough
        case .object:
            if isFirst, try EventLog.startsEvent(&parser) { return try startEvents(first: nil, position: start, isArray: false) }
            // Perhaps an NDJSON message: in index mode, its bytes are kept in case it is a reply
            // (and the first value's, in case it is an entity).
            if mode == .index || isFirst { try parser.pinNextValue() }
            try parser.beginObject()
            frames.append(.object)
            objectFrames.append(
                ObjectFrame(
                    prefix: isFirst ? "" : line + ".", start: start, isTopLevel: true,
                    isFirstValue: isFirst, isDecided: false))
        case .array:
            try parser.beginArray()
            if isFirst { shape = .messageArray }
            frames.append(.messages)
            arrayFrames.append(ArrayFrame(path: isFirst ? "" : line, holdsForChannel: false))
        case .string, .number, .literal:
            let value = try parser.parseValue()
            guard !isFirst else {
                throw ReadError.unrecognizedShape(start, "expected an object or an array at the top level, found \(value.typeName)")
            }
            _ = try decode(value, path: line, position: start)
        }
    }

    // MARK: - Objects

    private mutating func stepObject() throws(ReadError) {
        let top = objectFrames.count - 1
        guard let (key, hash) = try parser.nextKeyAndHash() else { return try finishObject() }
        let kind = try parser.peekKind()
        let prefix = objectFrames[top].prefix
        let isTopLevel = objectFrames[top].isTopLevel
        // Most keys of an NDJSON message line are none of these: rule them out by length first,
        // which is far cheaper than comparing strings.
        let length = key.utf8.count
        guard Self.mayBeWrapperKey(length: length) || objectFrames[top].isThread || (isTopLevel && (length == 10 || length == 11))
        else {
            return try keepOrSkip(key, hash: hash, frame: top)
        }
        switch (key, kind) {
        case ("parent_message", .object?) where mayBeThread(frame: top):
            decideThread(frame: top)
            let position = parser.currentPosition()
            let value = try parser.parseValue()
            if let message = try decode(value, path: prefix + "parent_message", position: position) {
                holdOrPend(.message(message, json: nil), frame: top)
            }
        case ("latest_replies", .array?) where mayBeThread(frame: top):
            decideThread(frame: top)
            try parser.beginArray()
            frames.append(.messages)
            arrayFrames.append(ArrayFrame(path: prefix + "latest_replies", holdsForChannel: !objectFrames[top].channelEmitted))
        case ("channel_cid", .string?) where mayBeThread(frame: top), ("channel_id", .string?) where mayBeThread(frame: top):
            // Names the channel of a thread that has no `channel` object; noted before the object
            // is known to be a thread (a message may have them too: it keeps them).
            let value = try parser.parseValue()
            if key == "channel_cid" {
                objectFrames[top].channelCID = value.stringValue
            } else {
                objectFrames[top].channelID = value.stringValue
            }
            if !objectFrames[top].isDecided && mode == .full { objectFrames[top].keep(key, hash: hash, value: value) }
        case ("thread", .object?) where isTopLevel && objectFrames[top].isFirstValue && mayBeBox(frame: top):
            // `{"thread": {...}}`, or a lone `thread.updated` event: the thread inside is walked.
            decide(as: .thread)
            let position = parser.currentPosition()
            try parser.beginObject()
            frames.append(.object)
            objectFrames.append(
                ObjectFrame(
                    prefix: prefix + "thread.", start: position, isTopLevel: false, isFirstValue: false, isDecided: true,
                    isThread: true))
        case ("threads", .array?) where isTopLevel && mayBeBox(frame: top):
            decide(as: .threads)
            try parser.beginArray()
            frames.append(.threads)
            arrayFrames.append(ArrayFrame(path: prefix + "threads", holdsForChannel: false))
        case ("draft", .object?) where isTopLevel && objectFrames[top].isFirstValue && mayBeBox(frame: top):
            decide(as: .draft)
            let position = parser.currentPosition()
            let value = try parser.parseValue()
            if let draft = value.objectValue { try readDraft(draft, path: prefix + "draft", position: position) }
        case ("drafts", .array?) where isTopLevel && mayBeBox(frame: top):
            decide(as: .drafts)
            try parser.beginArray()
            frames.append(.drafts)
            arrayFrames.append(ArrayFrame(path: prefix + "drafts", holdsForChannel: false))
        case ("type", .string?), ("item", .object?):
            // Perhaps the first entity of an entity file (index mode would not keep them).
            guard isTopLevel, objectFrames[top].isFirstValue, !objectFrames[top].isDecided else {
                return try keepOrSkip(key, hash: hash, frame: top)
            }
            objectFrames[top].keep(key, hash: hash, value: try parser.parseValue())
        case ("messages", .array?):
            emitDeferredChannel(frame: top)
            decide(as: objectFrames[top].channel == nil ? .messageList : .channel)
            try parser.beginArray()
            frames.append(.messages)
            timeOrder.restart()
            arrayFrames.append(ArrayFrame(path: prefix + "messages", holdsForChannel: !objectFrames[top].channelEmitted))
        case ("channels", .array?) where isTopLevel:
            decide(as: .channels)
            try parser.beginArray()
            frames.append(.channels)
            arrayFrames.append(ArrayFrame(path: prefix + "channels", holdsForChannel: false))
        case ("message", .object?) where isTopLevel:
            decide(as: .boxedMessage)
            let position = parser.currentPosition()
            let value = try parser.parseValue()
            if let message = try decode(value, path: prefix + "message", position: position) {
                pending.append(.message(message, json: nil))
            }
        case ("channel", .object?):
            let value = try parser.parseValue()
            guard case .object(let object) = value else { return }
            let channel = try decodeChannel(object, path: prefix + "channel")
            if objectFrames[top].isThread {
                // A thread's channel has no member list to wait for.
                emitChannel(channel, frame: top)
            } else if objectFrames[top].isDecided {
                if isTopLevel && objectFrames[top].isFirstValue && shape == .messageList { shape = .channel }
                if channel.name?.isEmpty ?? true, channel.members.isEmpty {
                    // Unnamed: the export's `members`, if they come before the messages, name it
                    // (in the index pass too: the contents list names the channel).
                    objectFrames[top].channel = channel
                } else {
                    emitChannel(channel, frame: top)
                }
            } else {
                // Perhaps a message with a custom "channel" field: keep both readings for now.
                objectFrames[top].channel = channel
                objectFrames[top].keep(key, hash: hash, value: value)
            }
        case ("members", .array?), ("read", .array?), ("pinned_messages", .array?), ("watchers", .array?):
            // A thread's `read` states are no channel export's.
            if objectFrames[top].isThread { return try parser.skipValue() }
            if key == "members" { sawMembers = true }
            // A member list after the messages comes too late for this pass's channel heading:
            // an index built from this reading hands it on (``takeLateMembers()``) to the next.
            if key == "members", objectFrames[top].channelEmitted, let channel = objectFrames[top].channel,
                channel.name?.isEmpty ?? true, channel.members.isEmpty
            {
                lateMembers = MessageDecoder.memberUsers(try parser.parseValue())
                return
            }
            // The export's member list names a channel that has no name, if it comes before the messages.
            if key == "members", !objectFrames[top].channelEmitted, let channel = objectFrames[top].channel,
                channel.name?.isEmpty ?? true, channel.members.isEmpty
            {
                let members = MessageDecoder.memberUsers(try parser.parseValue())
                objectFrames[top].channel?.members = members
                decide(as: .channel)
                emitDeferredChannel(frame: top)
                return
            }
            decide(as: .channel)
            try parser.skipValue()
        default:
            try keepOrSkip(key, hash: hash, frame: top)
        }
    }

    /// A member that is no wrapper's: kept while the object may be a message (in index mode,
    /// only the members the index reads), else skipped.
    private mutating func keepOrSkip(_ key: String, hash: UInt64, frame top: Int) throws(ReadError) {
        if objectFrames[top].isDecided {
            try parser.skipValue()
        } else if mode == .index {
            guard let value = try MessageHead.readIndexedMember(key, from: &parser) else { return }
            objectFrames[top].keep(key, hash: hash, value: value)
        } else {
            objectFrames[top].keep(key, hash: hash, value: try parser.parseValue())
        }
    }

    /// Whether the object may be a thread from query threads: one already known to be, or a
    /// top-level object that may still be a box (a channel export never has a thread's keys).
    private func mayBeThread(frame top: Int) -> Bool {
        objectFrames[top].isThread
            || (objectFrames[top].isTopLevel
                && (mayBeBox(frame: top) || (objectFrames[top].isFirstValue && shape == .channel && messageElements == 0)))
    }

    /// Whether a top-level object may still be a box (``InputShape/thread``, ``InputShape/draft``,
    /// their lists) rather than a message: a message with a custom field of that name has an `id`.
    private func mayBeBox(frame top: Int) -> Bool {
        !objectFrames[top].isDecided && !objectFrames[top].members.contains { $0.key == "id" }
    }

    /// The innermost object is a thread: its messages wait for its channel.
    private mutating func decideThread(frame top: Int) {
        guard !objectFrames[top].isThread else { return }
        objectFrames[top].isThread = true
        if objectFrames[top].isDecided {
            // Taken for a channel export by a `read` list met first.
            if objectFrames[top].isTopLevel && objectFrames[top].isFirstValue { shape = .thread }
            return
        }
        decide(as: .thread)
    }

    /// A message of a thread or draft: held until its channel is out, else handed out.
    private mutating func holdOrPend(_ item: Item, frame top: Int) {
        if objectFrames.indices.contains(top) && !objectFrames[top].channelEmitted {
            heldMessages.append(item)
        } else {
            pending.append(item)
        }
    }

    /// The innermost object turned out to be a wrapper: drop what was kept in case it was a
    /// message, and let a channel seen before go out first.
    private mutating func decide(as wrapperShape: InputShape) {
        let top = objectFrames.count - 1
        guard !objectFrames[top].isDecided else { return }
        objectFrames[top].isDecided = true
        objectFrames[top].members = []
        _ = parser.takeReplacementPosition() // in members of a wrapper, which are not shown
        if objectFrames[top].isTopLevel { parser.unpin() } // no message: its bytes are not wanted
        if objectFrames[top].isTopLevel && objectFrames[top].isFirstValue { shape = wrapperShape }
        if let channel = objectFrames[top].channel { emitChannel(channel, frame: top) }
    }

    /// A decided wrapper's channel held back for its member list goes out (no-op otherwise).
    private mutating func emitDeferredChannel(frame: Int) {
        guard objectFrames[frame].isDecided, !objectFrames[frame].channelEmitted, let channel = objectFrames[frame].channel else { return }
        emitChannel(channel, frame: frame)
    }

    private mutating func emitChannel(_ channel: ChatChannel, frame: Int) {
        objectFrames[frame].channel = channel
        objectFrames[frame].channelEmitted = true
        if objectFrames[frame].isThread {
            appendListedChannel(channel)
        } else {
            pending.append(.channel(channel))
        }
        releaseHeldMessages()
    }

    /// The channel of a thread or draft, unless the one before was the same channel: a list's
    /// threads in one channel share its heading.
    private mutating func appendListedChannel(_ channel: ChatChannel) {
        let key = channel.cid ?? channel.id
        if key != nil, key == lastListedChannel { return }
        lastListedChannel = key
        timeOrder.restart()
        pending.append(.channel(channel))
    }

    /// A channel made from a thread's or draft's `channel_cid` (`messaging:general`) and
    /// `channel_id`, when it has no `channel` object.
    private static func channel(cid: String?, id: String?) -> ChatChannel? {
        guard cid != nil || id != nil else { return nil }
        var channel = ChatChannel(id: id, cid: cid)
        if let cid, let colon = cid.firstIndex(of: ":") {
            channel.type = String(cid[..<colon])
            if id == nil { channel.id = String(cid[cid.index(after: colon)...]) }
        }
        return channel
    }

    private mutating func releaseHeldMessages() {
        pending.append(contentsOf: heldMessages)
        heldMessages.removeAll(keepingCapacity: true)
    }

    private mutating func finishObject() throws(ReadError) {
        frames.removeLast()
        let frame = objectFrames.removeLast()
        defer { if frame.isTopLevel { parser.unpin() } }
        if frame.isThread, !frame.channelEmitted {
            if let channel = frame.channel ?? Self.channel(cid: frame.channelCID, id: frame.channelID) { appendListedChannel(channel) }
            releaseHeldMessages()
            return
        }
        if frame.isDecided {
            if !frame.channelEmitted, let channel = frame.channel { pending.append(.channel(channel)) } // held for members that never came
            releaseHeldMessages() // their channel never came
            return
        }
        let object = frame.object
        if frame.isFirstValue, EntityDirectory.isEntity(object) {
            return try startEntities(first: .object(object), position: frame.start, isArray: false)
        }
        if let channel = frame.channel, object["id"] == nil {
            // `{"channel": {...}}` alone: a channel with no messages.
            if frame.isFirstValue { shape = .channel }
            pending.append(.channel(channel))
            return
        }
        let path = "line \(frame.start.line)"
        if frame.isFirstValue {
            shape = .ndjson
            if !MessageDecoder.isMessage(object) {
                // The index pass kept only the members it reads: what else the object is, all of them tell.
                let whole = mode == .index ? Self.object(parsing: parser.pinnedBytes()) ?? object : object
                guard whole["id"] != nil || NonMessage(whole) != nil else {
                    throw ReadError.unrecognizedShape(
                        frame.start,
                        "an object with no \"id\" is neither a message nor a wrapper "
                            + "with \"messages\", \"channel\", \"channels\" or \"message\"")
                }
                firstValueLooksLike = Self.describe(whole)
            }
        }
        if let message = try decode(.object(object), path: path, position: frame.start) {
            // In index mode the object holds only the indexed members: a reply goes as written.
            let json = mode == .index && message.parentID != nil ? Array(parser.pinnedBytes()) : nil
            pending.append(.message(message, json: json))
        }
    }

    // MARK: - Arrays

    private mutating func stepMessages() throws(ReadError) -> Item? {
        let top = arrayFrames.count - 1
        if mode == .index && readsInParallel && arrayFrames[top].elementsStart == nil {
            arrayFrames[top].elementsStart = parser.bytePosition
        }
        // Only an array that has already run a segment long is read in parallel: the threads
        // read segments ahead, past the end of a short array, and an NDJSON of many small
        // channels would pay for that at every channel.
        if mode == .index && readsInParallel && !arrayFrames[top].triedParallel
            && parser.bytePosition - (arrayFrames[top].elementsStart ?? parser.bytePosition) >= parallelSegmentSize
        {
            // (So a bare array's first element is read here too: it tells whether the file holds entities.)
            arrayFrames[top].triedParallel = true
            parallel = ParallelIndexReading(
                after: parser, afterElement: arrayFrames[top].count > 0, segmentSize: parallelSegmentSize)
        }
        if parallel != nil, !parallel!.hasNextElement() {
            // The others read up to here: this parser goes on after them.
            let (end, afterElement) = (parallel!.end, parallel!.endsAfterElement)
            parallel = nil
            try parser.resume(at: end, afterElement: afterElement)
        }
        let hasElement: Bool
        if parallel != nil {
            hasElement = true
        } else {
            hasElement = try parser.nextElement()
        }
        guard hasElement else {
            frames.removeLast()
            arrayFrames.removeLast()
            return nil
        }
        let index = arrayFrames[top].count
        arrayFrames[top].count += 1
        let item: Item
        if parallel != nil {
            messageElements += 1
            guard let read = parallel!.takeElement() else { return nil }
            item = read
        } else if index == 0, frames.count == 1, shape == .messageArray, try parser.peekKind() == .object {
            // The first element says whether this is an array of entities.
            let position = parser.currentPosition()
            _ = parser.takeReplacementPosition()
            try parser.pinNextValue()
            let value = try parser.parseValue()
            if let object = value.objectValue, EntityDirectory.isEntity(object) {
                try startEntities(first: value, position: position, isArray: true)
                return nil
            }
            if let object = value.objectValue, EventLog.isEvent(object) {
                try startEvents(first: Array(parser.pinnedBytes()), position: position, isArray: true)
                return nil
            }
            let json = mode == .index ? Array(parser.pinnedBytes()) : nil
            parser.unpin()
            guard let message = try decode(value, path: "[0]", position: position) else { return nil }
            item = .message(message, json: message.parentID != nil ? json : nil)
        } else if mode == .index {
            guard let indexed = try readIndexedElement() else { return nil }
            item = indexed
        } else {
            _ = parser.takeReplacementPosition()
            let path = Self.elementPath(arrayFrames[top].path, index: index)
            let start = parser.bytePosition
            if let cleanReplies, cleanReplies.take(start), let reply = try readCleanReply(path: path, start: start) {
                item = .message(reply, json: nil)
            } else {
                guard let message = try readMessage(path: path, start: .offset(start)) else { return nil }
                item = .message(message, json: nil)
            }
        }
        guard arrayFrames[top].holdsForChannel else { return item }
        heldMessages.append(item)
        if heldMessages.count >= Self.heldMessagesLimit {
            releaseHeldMessages()
            arrayFrames[top].holdsForChannel = false
        }
        return nil
    }

    /// `"\(array)[\(index)]"`, an element's key path, written by a ``UTF8Writer`` into memory
    /// on the stack: the interpolation cost about 750 instructions a message, and a path such as
    /// `messages[1234]` fits in a string without memory of its own.
    private static func elementPath(_ array: String, index: Int) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: array.utf8.count + 22) { buffer in
            var writer = UTF8Writer(buffer)
            writer.append(array)
            writer.append(UInt8(ascii: "["))
            writer.append(index, minimumWidth: 1)
            writer.append(UInt8(ascii: "]"))
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<writer.count]), as: UTF8.self)
        }
    }

    private mutating func stepChannels() throws(ReadError) {
        let top = arrayFrames.count - 1
        guard try parser.nextElement() else {
            frames.removeLast()
            arrayFrames.removeLast()
            return
        }
        let index = arrayFrames[top].count
        arrayFrames[top].count += 1
        let path = "\(arrayFrames[top].path)[\(index)]"
        let position = parser.currentPosition()
        if try parser.peekKind() == .object {
            try parser.beginObject()
            frames.append(.object)
            objectFrames.append(
                ObjectFrame(
                    prefix: path + ".", start: position, isTopLevel: false,
                    isFirstValue: false, isDecided: true))
        } else {
            let value = try parser.parseValue()
            try report(
                ReadWarning(
                    position: position, keyPath: path,
                    reason: "expected a channel object, found \(value.typeName)", skippedMessage: false))
        }
    }

    /// The next thread of a `threads` list: walked as an object of its own.
    private mutating func stepThreads() throws(ReadError) {
        let top = arrayFrames.count - 1
        guard try parser.nextElement() else {
            frames.removeLast()
            arrayFrames.removeLast()
            return
        }
        let index = arrayFrames[top].count
        arrayFrames[top].count += 1
        let path = "\(arrayFrames[top].path)[\(index)]"
        let position = parser.currentPosition()
        if try parser.peekKind() == .object {
            // Each thread is in time order of its own: a list runs newest thread first.
            timeOrder.restart()
            try parser.beginObject()
            frames.append(.object)
            objectFrames.append(
                ObjectFrame(prefix: path + ".", start: position, isTopLevel: false, isFirstValue: false, isDecided: true, isThread: true))
        } else {
            let value = try parser.parseValue()
            try report(
                ReadWarning(
                    position: position, keyPath: path, reason: "expected a thread object, found \(value.typeName)", skippedMessage: false))
        }
    }

    /// The next draft of a `drafts` list, read whole (a draft is one message and its context).
    private mutating func stepDrafts() throws(ReadError) {
        let top = arrayFrames.count - 1
        guard try parser.nextElement() else {
            frames.removeLast()
            arrayFrames.removeLast()
            return
        }
        let index = arrayFrames[top].count
        arrayFrames[top].count += 1
        let path = "\(arrayFrames[top].path)[\(index)]"
        let position = parser.currentPosition()
        let value = try parser.parseValue()
        guard let draft = value.objectValue else {
            return try report(
                ReadWarning(
                    position: position, keyPath: path, reason: "expected a draft object, found \(value.typeName)", skippedMessage: false))
        }
        try readDraft(draft, path: path, position: position)
    }

    /// One draft: its channel (unless the last draft's was the same), the message it replies to
    /// in a thread, then its message, marked as a draft. The message takes the draft's
    /// `created_at` (a draft message has none), and its `parent_id` and `quoted_message` when it
    /// lacks them, so that a reply spooled by the index reads back the same.
    private mutating func readDraft(_ draft: JSONObject, path: String, position: SourcePosition) throws(ReadError) {
        // Drafts are listed newest first: each is in time order of its own.
        timeOrder.restart()
        if case .object(let object)? = draft["channel"] {
            appendListedChannel(try decodeChannel(object, path: path + ".channel"))
        } else if let channel = Self.channel(cid: draft["channel_cid"]?.stringValue, id: nil) {
            appendListedChannel(channel)
        }
        if let parent = draft["parent_message"], case .object = parent,
            let message = try decode(parent, path: path + ".parent_message", position: position)
        {
            pending.append(.message(message, json: nil))
        }
        var value = draft["message"] ?? .null
        if case .object(var object) = value {
            for key in ["created_at", "parent_id", "quoted_message"] where object[key] == nil {
                if let inherited = draft[key], inherited != .null { object[key] = inherited }
            }
            value = .object(object)
        }
        guard var message = try decode(value, path: path + ".message", position: position) else { return }
        message.isDraft = true
        pending.append(.message(message, json: nil))
    }

    // MARK: - Entities

    /// The first value was an entity: the rest of the input is collected into an
    /// ``EntityDirectory`` (or the one an earlier reading of the same input handed on is taken),
    /// then replayed.
    private mutating func startEntities(first: JSONValue, position: SourcePosition, isArray: Bool) throws(ReadError) {
        shape = .entities
        defer { parser.unpin() }
        if let directory = handoff?.directory, directory.isArray == isArray {
            entities = CollectedReplay(directory)
            return
        }
        let directory = try EntityDirectory(isArray: isArray, directory: temporaryDirectory)
        do throws(ReadError) {
            try directory.add(first, bytes: parser.pinnedBytes(), position: position)
            parser.unpin()
            try directory.collect(from: &parser)
        } catch {
            // What came before the error is replayed first.
            directory.error = error
        }
        directory.finish()
        if directory.error == nil { handoff?.directory = directory }
        entities = CollectedReplay(directory)
    }

    /// The next event of an entity file's replay; at its end, its error if collecting met one.
    private mutating func nextEntityItem() throws(ReadError) -> Item? {
        guard let directory = entities?.collected else { return nil }
        if let item = try nextReplayed(
            \.entities, message: { reader, entry throws(ReadError) in try reader.entityMessage(entry, in: directory) })
        {
            return item
        }
        entities = nil
        if let error = directory.error { throw error }
        try reportIfNoMessages()
        return nil
    }

    /// The next item of the replay at `replay`: first the collecting's warnings, then each
    /// channel and its messages, a message as `message` reads its entry (`nil`: unusable, the
    /// next is read). `nil` at the end (the reading is then finished).
    private mutating func nextReplayed<Collected: CollectedTranscript>(
        _ replay: WritableKeyPath<TranscriptReader, CollectedReplay<Collected>?>,
        message: (inout TranscriptReader, Collected.Entry) throws(ReadError) -> Item?
    ) throws(ReadError) -> Item? {
        guard var current = self[keyPath: replay] else { return nil }
        if !current.warningsReported {
            current.warningsReported = true
            self[keyPath: replay] = current
            _ = parser.takeReplacementPosition()
            for warning in current.collected.warnings { try report(warning) }
        }
        while let step = current.next() {
            self[keyPath: replay] = current
            switch step {
            case .channel(let channel):
                timeOrder.restart()
                return .channel(channel)
            case .message(let entry):
                if let item = try message(&self, entry) { return item }
            }
        }
        finished = true
        checkedForMessages = true
        return nil
    }

    /// One spooled message entity, its author, reactions and quote filled in (in index mode, its
    /// author only, unless it is a reply, which the index spools as it will be shown).
    private mutating func entityMessage(_ entry: EntityDirectory.MessageEntry, in directory: EntityDirectory) throws(ReadError) -> Item? {
        let position = SourcePosition(line: Int(entry.line), column: Int(entry.column))
        let path = directory.isArray ? "[\(entry.element)].item" : "line \(entry.line).item"
        if mode == .index, let head = try directory.head(of: entry), !(head["parent_id"]?.stringValue.map { !$0.isEmpty } ?? false) {
            let resolved = directory.resolve(head, complete: false)
            messageElements += 1
            var head = MessageHead()
            head.id = resolved["id"]
            head.user = resolved["user"]
            head.createdAt = resolved["created_at"].map(MessageMembers.DateMember.other)
            head.parentID = resolved["parent_id"]
            head.showInChannel = resolved["show_in_channel"]
            head.type = resolved["type"]
            // The head keeps the other members only a message has as `null`: their presence counts.
            head.sawContentKey = MessageDecoder.messageOnlyKeys.contains { resolved[$0] != nil }
            return decoder.indexedMessage(head).map { .message($0, json: nil) }
        }
        guard let item = try directory.item(of: entry) else { return nil }
        let resolved = directory.resolve(item, complete: true)
        return try decode(.object(resolved), path: path, position: position).map { .message($0, json: nil) }
    }

    // MARK: - Event logs

    /// The first value was an event: the rest of the input is collected into an ``EventLog`` (or
    /// the one an earlier reading of the same input handed on is taken), then replayed. `first`
    /// is the first element of an array, already read; an NDJSON log's first line is still ahead.
    private mutating func startEvents(first: [UInt8]?, position: SourcePosition, isArray: Bool) throws(ReadError) {
        shape = .events
        defer { parser.unpin() }
        let asOf = asOf?.timeIntervalSince1970 ?? .infinity
        if let log = handoff?.eventLog, log.isArray == isArray, log.asOf == asOf, log.keepsHistory == history {
            events = CollectedReplay(log)
            return
        }
        let log = try EventLog(isArray: isArray, asOf: asOf, keepsHistory: history, directory: temporaryDirectory)
        do throws(ReadError) {
            if let first {
                parser.unpin()
                var element = JSONStreamParser(bytes: first)
                try log.read(from: &element, position: position)
            }
            try log.collect(from: &parser)
        } catch {
            // What came before the error is replayed first.
            log.error = error
        }
        log.finish()
        if log.error == nil { handoff?.eventLog = log }
        events = CollectedReplay(log)
    }

    /// The next event of an event log's replay; at its end, its error if collecting met one.
    private mutating func nextEventItem() throws(ReadError) -> Item? {
        guard let log = events?.collected else { return nil }
        if let item = try nextReplayed(\.events, message: { reader, number throws(ReadError) in try reader.eventMessage(number, in: log) })
        {
            return item
        }
        finishedEventLog = log.summary
        events = nil
        if let error = log.error { throw error }
        if log.summary.events == 1, let type = log.firstType { firstValueLooksLike = "a \"\(type)\" event" }
        try reportIfNoMessages()
        return nil
    }

    /// Message `number` of an event log: read as a file's message is (whole only when that
    /// cannot be), then what the later events changed; `nil` when it is unusable.
    private mutating func eventMessage(_ number: Int32, in log: EventLog) throws(ReadError) -> Item? {
        let state = log.states[Int(number)]
        let position = SourcePosition(line: Int(state.line), column: Int(state.column))
        let path = (log.isArray ? "[element at line \(state.line)]" : "line \(state.line)") + ".message"
        // A thread reply the index keeps as JSON is read whole when events changed it: the JSON
        // it keeps must say so.
        let amendedReply = mode == .index && log.needsAmending(number) && log.isReply(number)
        var item =
            amendedReply
            ? nil : try eventMessageAsWritten(try log.bytes(of: number), workspace: log.workspace, path: path, position: position)
        if item == nil {
            guard let object = try log.message(number) else { return nil }
            item = .some(try decode(.object(object), path: path, position: position).map { .message($0, json: nil) })
        }
        guard case .message(var message, let json, _)?? = item else { return nil }
        log.amend(&message, number, withReactions: mode != .index || amendedReply)
        if history { message.earlierVersions = try log.earlierVersions(of: number) }
        return .message(message, json: amendedReply ? try log.amendedJSON(of: message, number) : json)
    }

    /// A spooled message read as a message element of a file is (``readMembers(path:start:wrapperKeys:)``,
    /// or in ``Mode/index`` only what the index reads); `nil` when it must be read whole instead
    /// (it is not well-formed, or not UTF-8), `.some(nil)` when it is unusable.
    private mutating func eventMessageAsWritten(
        _ bytes: [UInt8], workspace: JSONStreamParser.Workspace, path: String, position: SourcePosition
    ) throws(ReadError) -> Item?? {
        var reading = JSONStreamParser(bytes: bytes, chunkSize: max(bytes.count, 1), workspace: workspace)
        reading.internsValues = mode != .index
        if mode == .index {
            messageElements += 1
            guard let item = try? Self.indexedElement(from: &reading, decoder: decoder, offset: nil) else { return .some(nil) }
            return .some(item)
        }
        reading.checksStrings = false
        guard (try? reading.pinNextValue()) != nil, let members = try? MessageMembers.read(from: &reading, users: decoder.users),
            reading.takeReplacementPosition() == nil,
            bytes.withUnsafeBufferPointer({ JSONStreamParser.firstInvalidUTF8Offset(in: $0) }) == bytes.count
        else { return nil }
        let message = try decode(
            decoder.message(members, path: path, text: JSONText(message: bytes)), path: path, start: .counted(position))
        return .some(message.map { .message($0, json: nil) })
    }

    // MARK: - Decoding

    /// The message element at the parser, read member by member straight from the input (see
    /// ``MessageMembers``). One that is not an object, is not well-formed, or holds text that is
    /// not UTF-8 is read again from the same place as a whole value, so that its warnings and
    /// errors are those of the whole reading.
    private mutating func readMessage(path: String, start: ElementStart) throws(ReadError) -> ChatMessage? {
        if try parser.peekKind() == .object, case .read(let message) = try readMembers(path: path, start: start) {
            return message
        }
        // Counted before the whole value is parsed: the window may move past the start.
        let counted = position(of: start)
        return try decode(parser.parseValue(), path: path, position: counted)
    }

    /// Where a message element starts, for its reports: a position already counted, or an input
    /// offset still in the window, whose line is counted only when a report needs it. (Asked
    /// for every message, the count was most of the cost of lines in a pretty-printed file.)
    private enum ElementStart {
        case counted(SourcePosition)
        case offset(Int)
    }

    private mutating func position(of start: ElementStart) -> SourcePosition {
        switch start {
        case .counted(let position): return position
        case .offset(let offset): return parser.position(ofOffset: offset)
        }
    }

    /// A top-level object after the first, read as ``readMessage(path:start:)`` reads a
    /// message element when it has no wrapper's key; `false`, with nothing read, when it has one
    /// (or is not read member by member): the object walk reads it then.
    private mutating func readMessageLine(path: String, position: SourcePosition) throws(ReadError) -> Bool {
        guard case .read(let message) = try readMembers(path: path, start: .counted(position), wrapperKeys: false) else {
            return false
        }
        if let message { pending.append(.message(message, json: nil)) }
        return true
    }

    /// What ``readMembers(path:start:wrapperKeys:)`` did.
    private enum MemberReading {
        /// The object was read and decoded: the message, `nil` when it is unusable.
        case read(ChatMessage?)
        /// Nothing was read: the parser is back at the object's start.
        case rewound
    }

    /// The object at the parser read member by member and decoded, when it is well-formed, is
    /// UTF-8 throughout and (unless `wrapperKeys`) has no wrapper's key. Its bytes stay in the
    /// window until it is decoded, so that an offset `start` can still be counted.
    private mutating func readMembers(path: String, start: ElementStart, wrapperKeys: Bool = true) throws(ReadError)
        -> MemberReading
    {
        try parser.pinNextValue()
        defer { parser.unpin() }
        let depth = parser.depth
        // The object's bytes are checked for UTF-8 as a whole below, not string by string.
        parser.checksStrings = false
        defer { parser.checksStrings = true }
        if let members = try? MessageMembers.read(from: &parser, users: decoder.users), wrapperKeys || !members.hasWrapperKey,
            parser.takeReplacementPosition() == nil
        {
            let bytes = parser.pinnedBytes()
            if JSONStreamParser.firstInvalidUTF8Offset(in: bytes) == bytes.count {
                let text = JSONText(message: Array(bytes))
                return .read(try decode(decoder.message(members, path: path, text: text), path: path, start: start))
            }
        }
        parser.rewindToPin(depth: depth)
        return .rewound
    }

    /// Decodes one message element, reporting its problems; `nil` when it is unusable.
    private mutating func decode(_ value: JSONValue, path: String, position: SourcePosition) throws(ReadError) -> ChatMessage? {
        return try decode(decoder.message(value, path: path), path: path, start: .counted(position))
    }

    /// Reports what decoding a message element said (its field warnings were gathered in
    /// `fieldWarnings`, and are taken here whatever the outcome), and counts the element.
    private mutating func decode(
        _ decoded: Result<ChatMessage, UnusableMessage>, path: String, start: ElementStart
    ) throws(ReadError) -> ChatMessage? {
        let items = fieldWarnings.take()
        let index = messageElements
        messageElements += 1
        let repaired = parser.takeReplacementPosition()
        switch decoded {
        case .success(let message):
            if let repaired {
                try report(
                    ReadWarning(
                        position: repaired, messageIndex: index, messageID: message.id, keyPath: path,
                        reason: Self.replacedText, skippedMessage: false))
            }
            if !items.isEmpty {
                let counted = position(of: start)
                for (keyPath, reason) in items {
                    try report(
                        ReadWarning(
                            position: counted, messageIndex: index, messageID: message.id,
                            keyPath: keyPath, reason: reason, skippedMessage: false))
                }
            }
            if mode == .full, let reason = timeOrder.problem(with: message) {
                try report(
                    ReadWarning(
                        position: position(of: start), messageIndex: index, messageID: message.id,
                        keyPath: path.isEmpty ? "created_at" : path + ".created_at", reason: reason, skippedMessage: false))
            }
            return message
        case .failure(let problem):
            skippedKinds.note(problem.looksLike)
            try report(
                ReadWarning(
                    position: position(of: start), messageIndex: index, keyPath: path,
                    reason: problem.reason, skippedMessage: true))
            return nil
        }
    }

    /// The reason given for text that had to be repaired.
    private static let replacedText = "text that is not UTF-8 is shown as \u{FFFD}"

    private mutating func decodeChannel(_ object: JSONObject, path: String) throws(ReadError) -> ChatChannel {
        if let repaired = parser.takeReplacementPosition() {
            try report(ReadWarning(position: repaired, keyPath: path, reason: Self.replacedText, skippedMessage: false))
        }
        let channel = decoder.channel(object, path: path)
        for (keyPath, reason) in fieldWarnings.take() {
            try report(ReadWarning(keyPath: keyPath, reason: reason, skippedMessage: false))
        }
        return channel
    }

    /// One message element, read in ``Mode/index``: its few indexed fields parsed, everything
    /// else skipped; a reply's bytes copied as written. `nil` when it is unusable.
    private mutating func readIndexedElement() throws(ReadError) -> Item? {
        messageElements += 1
        return try Self.indexedElement(from: &parser, decoder: decoder, offset: parser.bytePosition)
    }

    /// The message element at the parser as the index reads it (``Mode/index``); `nil` for one
    /// that is not a usable message. The parsers of ``ParallelIndexReading`` read with it too.
    /// `offset` is where the element starts in the input, when the parser reads the input
    /// itself (not a copy of a message): a reply carries it.
    static func indexedElement(from parser: inout JSONStreamParser, decoder: MessageDecoder, offset: Int?) throws(ReadError)
        -> Item?
    {
        guard try parser.peekKind() == .object else {
            try parser.skipValue()
            return nil
        }
        try parser.pinNextValue()
        defer { parser.unpin() }
        try parser.beginObject()
        var head = MessageHead()
        try head.readMembers(from: &parser, users: decoder.users)
        guard let message = decoder.indexedMessage(head) else { return nil }
        if let users = decoder.users, let range = head.userRange, let user = message.user {
            // The same bytes always decode to the same author: the next time, they are skipped.
            users.keep(user, writtenAs: parser.pinnedBytes()[range])
        }
        guard message.parentID != nil else { return .message(message, json: nil) }
        return .message(message, json: Array(parser.pinnedBytes()), offset: offset)
    }

    /// A reply of ``cleanReplies``, read as the index reads a message (the rest stepped over)
    /// and reported on as a decoded message is: what the flow needs of it, since it shows only
    /// in its thread. `nil`, with the parser back at the element's start, when the element does
    /// not read so (it would, unless the input changed since the index pass): it is then read
    /// whole.
    private mutating func readCleanReply(path: String, start: Int) throws(ReadError) -> ChatMessage? {
        guard try parser.peekKind() == .object else { return nil }
        try parser.pinNextValue()
        defer { parser.unpin() }
        let depth = parser.depth
        var head = MessageHead()
        do throws(ReadError) {
            try parser.beginObject()
            // An author decoded whole before is taken from the cache; one read here is not
            // kept there, since it is not decoded whole.
            try head.readMembers(from: &parser, users: decoder.users)
        } catch {
            parser.rewindToPin(depth: depth)
            return nil
        }
        guard let reply = decoder.indexedMessage(head), reply.parentID != nil, !reply.showInChannel,
            parser.takeReplacementPosition() == nil
        else {
            parser.rewindToPin(depth: depth)
            return nil
        }
        return try decode(.success(reply), path: path, start: .offset(start))
    }

    /// An input that holds no message at all is worth a word: the user may have picked the
    /// wrong file (a user, a member list, a channel without its messages).
    private func reportIfNoMessages() throws(ReadError) {
        guard mode == .full, messageCount == 0 else { return }
        let looksLike: String
        switch shape {
        case .channel?: looksLike = sawMembers ? "a channel's member list" : "a channel without messages"
        case .channels?: looksLike = "channels without messages"
        case .messageArray?, .messageList?:
            looksLike = messageElements == 0 ? "an empty list" : skippedKinds.list?.description ?? "a list with no usable message"
        case .boxedMessage?: looksLike = "a message box with no usable message"
        case .ndjson?, nil:
            let lines = topLevelValues > 1 ? skippedKinds.list?.description : nil
            looksLike = lines ?? firstValueLooksLike ?? "values that are not messages"
        case .entities?: looksLike = "entities with no message"
        case .thread?: looksLike = "a thread without its messages"
        case .threads?: looksLike = "a list of threads without messages"
        case .draft?: looksLike = "a draft with no usable message"
        case .drafts?: looksLike = messageElements == 0 ? "an empty list of drafts" : "drafts with no usable message"
        case .events?: looksLike = firstValueLooksLike ?? "events that leave no message"
        }
        try report(ReadWarning(keyPath: "", reason: "no messages found (it looks like \(looksLike))", skippedMessage: false))
    }

    /// The object `bytes` spell, if they are one.
    private static func object(parsing bytes: some Collection<UInt8>) -> JSONObject? {
        var parser = JSONStreamParser(bytes: Array(bytes))
        return (try? parser.parseValue())?.objectValue
    }

    /// A few words for an object that is not a message.
    private static func describe(_ object: JSONObject) -> String {
        if let looks = NonMessage(object) { return looks.description }
        let keys = object.keys.prefix(4).map { "\"\($0.debugEscaped)\"" }.joined(separator: ", ")
        return keys.isEmpty ? "an empty object" : "an object with keys \(keys)\(object.count > 4 ? ", ..." : "")"
    }

    private func report(_ warning: ReadWarning) throws(ReadError) {
        try warnings.report(warning)
    }
}

extension TranscriptReader {
    /// Reads every event at once; for small inputs and tests.
    public mutating func readAll() throws(ReadError) -> [TranscriptEvent] {
        var events: [TranscriptEvent] = []
        while let event = try next() { events.append(event) }
        return events
    }
}

private enum FrameKind: Equatable {
    case object, messages, channels, threads, drafts
}

/// An object being walked key by key: a top-level value or an element of `channels`.
private struct ObjectFrame {
    /// Put before key names in key paths: "", "channels[1]." or "line 12.".
    var prefix: String
    var start: SourcePosition
    var isTopLevel: Bool
    var isFirstValue: Bool
    /// Known to be a wrapper (channel object, list, box) rather than a message.
    var isDecided: Bool
    /// The members read while it might still be a message.
    var members: [(key: String, value: JSONValue)] = []
    var channel: ChatChannel?
    var channelEmitted = false
    /// A thread from query threads (its messages wait for its channel, which it may name only
    /// by `channel_cid` and `channel_id`).
    var isThread: Bool
    var channelCID: String?
    var channelID: String?
    private var keyFilter = KeyFilter()
    private var hasDuplicates = false

    init(prefix: String, start: SourcePosition, isTopLevel: Bool, isFirstValue: Bool, isDecided: Bool, isThread: Bool = false) {
        self.prefix = prefix
        self.start = start
        self.isTopLevel = isTopLevel
        self.isFirstValue = isFirstValue
        self.isDecided = isDecided
        self.isThread = isThread
    }

    /// Keeps a member while the object may still be a message, noting a repeated key.
    mutating func keep(_ key: String, hash: UInt64, value: JSONValue) {
        if members.isEmpty { members.reserveCapacity(32) } // a message's usual size, in one allocation
        if !hasDuplicates && keyFilter.insert(hash) && members.count < 64 {
            hasDuplicates = members.contains { $0.key == key }
        }
        members.append((key, value))
    }

    /// The members as an object; a repeated key keeps its first place and last value.
    var object: JSONObject {
        // Past 64 members the filter is no proof: let the parser's set-based check decide.
        if members.count > 64 && !hasDuplicates { return JSONStreamParser.object(members) }
        return hasDuplicates ? JSONObject(members) : JSONObject(uniqueMembers: members)
    }
}

/// A `messages` or `channels` array being walked element by element.
private struct ArrayFrame {
    var path: String
    var holdsForChannel: Bool
    var count = 0
    /// Whether the index pass considered reading the array's elements in parallel.
    var triedParallel = false
    /// Where the array's elements began, once the index pass has stepped into them.
    var elementsStart: Int?
}

/// Collects the field warnings of one decoding, so that they can be numbered (or thrown) after.
/// A class, shared with the decoder's `warn`; each access to `items` is checked at run time,
/// so a decoding without warnings makes one, in ``take()``.
private final class FieldWarnings {
    var items: [(String, String)] = []

    /// The warnings gathered since the last call, which leaves none.
    func take() -> [(String, String)] {
        guard !items.isEmpty else { return [] }
        defer { items.removeAll(keepingCapacity: true) }
        return items
    }
}

/// Whether every value skipped as no message looked like one kind of thing (a file of users).
private struct SkippedKinds {
    private var kind: NonMessage.Kind?
    private var mixed = false

    mutating func note(_ looks: NonMessage?) {
        guard !mixed else { return }
        if case .one(let noted)? = looks, kind == nil || kind == noted {
            kind = noted
        } else {
            mixed = true
        }
    }

    /// A list of that kind, when every skipped value was one.
    var list: NonMessage? { mixed ? nil : kind.map(NonMessage.list) }
}
