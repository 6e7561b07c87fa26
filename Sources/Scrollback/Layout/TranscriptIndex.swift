import Foundation

/// What rendering needs to know before it starts, gathered by reading the whole input once:
/// which messages the document shows (by id, each kept once: `DocumentMessages`), each
/// channel's message count and date range, and where every thread reply is.
///
/// Replies read from JSON are not kept in memory: each one is written, as JSON, to a scratch
/// file (unlinked at once, so nothing is left behind), and only its offset, length, date and
/// parent's id number are kept, sorted so that a parent finds its replies in time order. Memory
/// is a message's id and about twenty bytes a message, and thirty-two a reply. (Messages rendered from memory keep
/// their replies where they are.)
///
/// ```swift
/// var first = try TranscriptReader(path: "export.json")
/// let index = try TranscriptIndex(reading: &first, filter: MessageFilter())
/// var second = try TranscriptReader(path: "export.json")
/// try TranscriptRenderer().render(&second, index: index, to: &backend)
/// ```
///
/// The filter decides what "in the document" means: a message it leaves out is not indexed,
/// so no quote links to it and its replies show as a thread whose parent is missing.
public final class TranscriptIndex {
    /// One channel's part of the document.
    public struct ChannelSummary: Sendable, Hashable {
        /// The messages shown, thread replies included.
        public var messageCount = 0
        /// The date of the earliest message shown; `nil` when none has a date.
        public var firstDate: Date?
        /// The date of the latest message shown; `nil` when none has a date.
        public var lastDate: Date?
        /// In ``TranscriptIndex/channels``: the channel (without its `raw` keys; its members as
        /// the reader keeps them, enough to name it), for the contents list written before it is
        /// met again. `nil` for the messages before any channel, and in ``TranscriptIndex/pages``.
        public var channel: ChatChannel?
        /// In ``TranscriptIndex/channels`` of a split document: the page of the channel's first
        /// message in its flow, so that the channel starts that page rather than end the one
        /// before; `nil` when it has none, or the document is not split.
        public var firstPage: Int?
        /// In ``TranscriptIndex/pages``: the channels the page shows (places in
        /// ``TranscriptIndex/channels``, 0 for messages before any channel), their headings or
        /// their messages; `nil` elsewhere.
        public var channelRange: ClosedRange<Int>?

        mutating func add(_ date: Date?) {
            messageCount += 1
            guard let date else { return }
            firstDate = min(firstDate ?? date, date)
            lastDate = max(lastDate ?? date, date)
        }
    }

    /// Where one reply is: its JSON's place in the spool, or its place in ``heldReplies``
    /// (`offset`, with `length` 0).
    struct SpooledReply: Comparable {
        /// The parent's number in `DocumentMessages`.
        var parent: Int32
        var length: Int32
        /// `created_at` in seconds since 1970; replies without a date go last.
        var time: Double
        var offset: Int64
        /// Where the reply's element starts in the input, when it was read from the input's
        /// messages array (``CleanReplies``); -1 otherwise.
        var inputOffset: Int64

        static func < (lhs: SpooledReply, rhs: SpooledReply) -> Bool {
            (lhs.parent, lhs.time, lhs.offset) < (rhs.parent, rhs.time, rhs.offset)
        }
    }

    /// Per channel, in input order; element 0 holds the messages met before any channel.
    public let channels: [ChannelSummary]
    /// Per page of a split document (``page(of:)``), in order: the messages each shows, thread
    /// replies included, and their dates. Empty when the document is not split.
    public let pages: [ChannelSummary]
    /// Whether the input has messages before its first channel (the filter's or not): they
    /// make a document of their own where each channel is one (`--output-dir`).
    let hasMessagesBeforeChannels: Bool
    /// The error that ended the reading early, if any: what was read before it is indexed.
    public let readError: ReadError?
    /// A filter's message ids and authors, and the reader's own id, that no message matched.
    let filterWarnings: [ReadWarning]
    /// The messages shown, and the ids they quote and reply to. The render pass keeps the
    /// previews (``QuotePreviews``) of the quoted ones when it draws them.
    let messages: DocumentMessages
    /// Display names (``nameKey(_:)``) that more than one author uses: the factory adds the
    /// user id where they show.
    let collidingNames: Set<String>
    /// Each author's display name by user id (the first met), for reactions that name their
    /// user by id only.
    let namesByID: [String: String]
    let replies: [SpooledReply]
    /// Where replies read from JSON go; `nil` when the events were in memory.
    private let spool: TemporaryFile?
    /// The replies of events that were in memory, in input order.
    private let heldReplies: [ChatMessage]
    /// The key tables and stacks every reply read back shares (making them costs more than
    /// parsing a reply), and the authors decoded so far (``UserCache``, as the reading keeps
    /// them). No lock: an index is not `Sendable`, so one thread at a time asks it for replies
    /// (the drawing's).
    private let replyWorkspace = JSONStreamParser.Workspace()
    private let replyUsers = UserCache()
    /// The replies read back here that the render pass's reader need not decode again.
    let cleanReplies = CleanReplies()

    /// Reads every event of `reader`, keeping what the filter admits. A read error does not
    /// throw (it is kept in ``readError``; the render pass meets it again at the same place);
    /// failing to write the scratch file does.
    ///
    /// With `messagesPerPage`, the document is to be split into pages (`--split`): the index
    /// also decides which page shows each message (``page(of:)``) and sums up each page
    /// (``pages``).
    public convenience init(
        reading reader: inout TranscriptReader, filter: MessageFilter = MessageFilter(),
        messagesPerPage: Int? = nil
    ) throws(ReadError) {
        try self.init(reading: &reader, filter: filter, directory: TemporaryFile.defaultDirectory, messagesPerPage: messagesPerPage)
    }

    /// `currentUserID`: the reader's own id, looked for among the authors as the filter's
    /// names are (``filterWarnings``). `idHashMask` is for tests: 0 makes every id's hash
    /// collide (``IdentifierTable/init(hashMask:)``), which must change nothing. With
    /// `perChannel` (and no `messagesPerPage`), each channel is a document of its own
    /// (`--output-dir`): ``page(of:)`` is then the place in ``channels`` of the channel whose
    /// document shows the message, plus one.
    init(
        reading reader: inout some TranscriptEventSource, filter: MessageFilter, directory: String,
        messagesPerPage: Int? = nil, perChannel: Bool = false, currentUserID: String? = nil, idHashMask: Int = -1
    ) throws(ReadError) {
        let spool = reader.keepsRepliesInMemory ? nil : try TemporaryFile(directory: directory)
        // Gathered in a local value, not in the index's properties: each change to a class's
        // stored property is checked for exclusive access at run time, several a message.
        var gathered = Gathering(messages: DocumentMessages(hashMask: idHashMask), spool: spool)
        var readError: ReadError?
        var pages: [ChannelSummary] = []
        var window = MessageFilter.Window(filter)
        var sightings = FilterSightings(filter, currentUserID: currentUserID)
        var pager =
            messagesPerPage.map { PageAssigner(.messages(perPage: max($0, 1))) } ?? (perChannel ? PageAssigner(.channels) : nil)
        // The last channel met, until its first message in the flow says which page it starts.
        var channelAwaitingPage: Int?
        while true {
            let item: TranscriptReader.Item?
            do throws(ReadError) {
                item = try reader.nextItem()
            } catch {
                readError = error
                break
            }
            // An unnamed channel's members listed after its messages name it in the rendering pass.
            if let members = reader.takeLateMembers(), gathered.channels.count > 1 {
                gathered.channels[gathered.channels.count - 1].channel?.members = members
            }
            guard let item else { break }
            switch item {
            case .channel(let channel):
                window.reset()
                // A channel that showed no message stands on the page being filled.
                if let pending = channelAwaitingPage { pager?.cover(channel: pending, page: nil) }
                pager?.startChannel()
                var kept = channel
                kept.raw = JSONObject()
                gathered.channels.append(ChannelSummary(channel: kept))
                channelAwaitingPage = gathered.channels.count - 1
            case .message(let message, let json, let offset):
                if gathered.channels.count == 1 { gathered.hasMessagesBeforeChannels = true }
                sightings.note(message)
                guard window.admits(message) else { continue }
                let numbers = try gathered.add(message, json: json, offset: offset)
                guard let page = pager?.add(message, number: numbers.message, parent: numbers.parent, to: &gathered.messages),
                    pager?.cutsAtChannels == false
                else { continue }
                let channel = gathered.channels.count - 1
                if channelAwaitingPage == channel {
                    gathered.channels[channel].firstPage = page
                    channelAwaitingPage = nil
                }
                pager?.cover(channel: channel, page: page)
            }
        }
        if var pager {
            if let pending = channelAwaitingPage { pager.cover(channel: pending, page: nil) }
            pages = pager.resolve(into: &gathered.messages)
        }
        gathered.messages.seal()
        try spool?.flush()
        gathered.replies.sort(by: <)
        gathered.replies.shrinkToFit()
        channels = gathered.channels
        self.pages = pages
        hasMessagesBeforeChannels = gathered.hasMessagesBeforeChannels
        self.readError = readError
        filterWarnings = sightings.warnings
        messages = gathered.messages
        collidingNames = gathered.collidingNames
        namesByID = gathered.namesByID
        replies = gathered.replies
        self.spool = spool
        heldReplies = gathered.heldReplies
    }

    /// What the reading gathers, message by message, until the index is made of it.
    private struct Gathering {
        var channels = [ChannelSummary()]
        var hasMessagesBeforeChannels = false
        var messages: DocumentMessages
        var collidingNames: Set<String> = []
        var namesByID: [String: String] = [:]
        /// The first author's id for each display name met; dropped with the gathering.
        var authorsByName: [String: String] = [:]
        /// The name each author id last came with: an author's next message under the same
        /// name has nothing new to tell (the display name follows from the two), and skips the
        /// name's folding.
        var lastNameByID: [String: String] = [:]
        /// The author values met lately: one met again has nothing new to tell either (what
        /// its id and name add is added once), and skips even the look by id.
        var authorsMet = AuthorSlots<Bool>()
        var replies: [SpooledReply] = []
        let spool: TemporaryFile?
        var heldReplies: [ChatMessage] = []

        init(messages: DocumentMessages, spool: TemporaryFile?) {
            self.messages = messages
            self.spool = spool
        }

        /// `json` is the reply as written in the input, when the reader kept it, and `offset`
        /// where it starts there; else it is written out from the message's `raw`. Returns the
        /// message's number and its parent's.
        mutating func add(_ message: ChatMessage, json: [UInt8]?, offset: Int?) throws(ReadError) -> (message: Int32, parent: Int32?) {
            channels[channels.count - 1].add(message.createdAt)
            if let user = message.user, !user.id.isEmpty, authorsMet[user] == nil {
                authorsMet[user] = true
                if lastNameByID.updateValue(user.name ?? "", forKey: user.id) != user.name ?? "" {
                    let key = TranscriptIndex.nameKey(user.displayName)
                    if let first = authorsByName[key] {
                        if first != user.id { collidingNames.insert(key) }
                    } else {
                        authorsByName[key] = user.id
                    }
                    if let name = user.name, !name.isEmpty, namesByID[user.id] == nil { namesByID[user.id] = name }
                }
            }
            let number = messages.note(message.id, message.parentID == nil ? .topLevel : .reply)
            // The spool keeps the input's JSON, which has no mark of a draft: the id keeps it.
            if message.isDraft { messages.note(message.id, .draft) }
            if let quoted = message.quotedMessageID { messages.note(quoted, .quoted) }
            guard let parentID = message.parentID else { return (number, nil) }
            let parent = messages.note(parentID, .parent)
            var place = (offset: Int64(heldReplies.count), length: Int32(0))
            if let spool {
                let bytes = json ?? Array(JSONValue.object(message.raw).serialized().utf8)
                let written = bytes.withUnsafeBytes { buffer in
                    Result { () throws(ReadError) in try spool.append(buffer) }
                }
                place = (try written.get(), Int32(clamping: bytes.count))
            } else {
                heldReplies.append(message)
            }
            replies.append(
                SpooledReply(
                    parent: parent, length: place.length, time: message.createdAt?.timeIntervalSince1970 ?? .greatestFiniteMagnitude,
                    offset: place.offset, inputOffset: Int64(offset ?? -1)))
            return (number, parent)
        }
    }

    // MARK: Looking up

    /// How display names are compared: "Alex", "alex" and " Alex " read as one name.
    static func nameKey(_ name: String) -> String {
        asciiNameKey(name) ?? name.trimmingWhitespace().lowercased()
    }

    /// ``nameKey(_:)`` of an ASCII name in one pass over its bytes (most names; the general
    /// trimming and lower-casing cost many times more); `nil` for any other name.
    private static func asciiNameKey(_ name: String) -> String? {
        return name.withUTF8Bytes { bytes -> String? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
            guard let start = bytes.firstIndex(where: { !isBlank($0) }) else { return "" }
            let end = bytes.lastIndex(where: { !isBlank($0) })! + 1
            return String(unsafeUninitializedCapacity: end - start) { buffer in
                for index in start..<end { buffer[index - start] = bytes[index].asciiLowercased }
                return end - start
            }
        }
    }

    /// Whether more than one author of the document goes by `name`.
    public func isSharedDisplayName(_ name: String) -> Bool { collidingNames.contains(Self.nameKey(name)) }

    /// Whether the message is in the document (read and admitted by the filter).
    public func contains(messageID: String) -> Bool { messages.contains(messageID) }

    /// Whether the message is in the document at the top of its channel: a thread's home.
    public func containsTopLevel(messageID: String) -> Bool { messages.roles(of: messageID).contains(.topLevel) }

    /// The page (from 1) that shows the message in a split document: a thread reply is on its
    /// thread's page. `nil` when the document is not split or does not show the message.
    public func page(of messageID: String) -> Int? { messages.page(of: messageID) }

    /// How many replies to `parentID` the document shows.
    public func replyCount(to parentID: String) -> Int { replyRange(to: parentID).count }

    /// The replies to `parentID`, in time order, read back from the scratch file one by one.
    public func replies(to parentID: String) throws(ReadError) -> [ChatMessage] {
        var messages: [ChatMessage] = []
        for index in replyRange(to: parentID) {
            if let message = try reply(at: index) { messages.append(message) }
        }
        return messages
    }

    /// How many ids and replies are held: for tests of the memory's shape.
    var storedIDCount: Int { messages.shownCount }
    var spooledReplyCount: Int { replies.count }
    var spoolSize: Int64 { spool?.size ?? 0 }

    private func replyRange(to parentID: String) -> Range<Int> {
        // Two searches, not a walk over the replies: every message asks, and a thread may be long.
        guard let parent = messages.ids.number(of: parentID), messages.roles(ofNumber: parent).contains(.parent) else { return 0..<0 }
        let low = replies.firstIndex(notBelow: parent, by: \.parent)
        return low..<replies.firstIndex(notBelow: parent + 1, by: \.parent)
    }

    /// The reply at `index` in ``replies`` (sorted by parent, then time), read back from the spool.
    func reply(at index: Int) throws(ReadError) -> ChatMessage? {
        let entry = replies[index]
        guard let spool else { return heldReplies[Int(entry.offset)] }
        let bytes = try spool.bytes(at: entry.offset, count: Int(entry.length))
        // The render pass reports the reply's problems where the input has it: quietly here.
        var parser = JSONStreamParser(bytes: bytes, chunkSize: max(bytes.count, 1), workspace: replyWorkspace)
        guard (try? parser.pinNextValue()) != nil, let members = try? MessageMembers.read(from: &parser, users: replyUsers) else {
            return nil
        }
        let repaired = parser.takeReplacementPosition() != nil
        let text = JSONText(message: Array(parser.pinnedBytes()))
        var said = false
        guard
            var message = try? MessageDecoder(warn: { _, _ in said = true }, users: replyUsers).message(members, path: "", text: text).get()
        else {
            return nil
        }
        if messages.roles(of: message.id).contains(.draft) { message.isDraft = true }
        // Had this reading something to say, the render pass's reading of the element says it.
        if entry.inputOffset >= 0, !said, !repaired, !message.showInChannel, let parentID = message.parentID,
            containsTopLevel(messageID: parentID),
            text.bytes.withUnsafeBufferPointer({ JSONStreamParser.firstInvalidUTF8Offset(in: $0) == $0.count })
        {
            cleanReplies.insert(Int(entry.inputOffset))
        }
        return message
    }
}
