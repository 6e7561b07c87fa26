import Foundation

/// Which messages a transcript shows: a time window (by date or by message id) and authors.
/// It decides message by message, in input order, so it streams like everything else.
public struct MessageFilter: Sendable, Hashable {
    /// Where the window opens or closes.
    public enum Bound: Sendable, Hashable {
        /// A moment (included); a message with no date is inside any date bound.
        case date(Date)
        /// The message with this id (included).
        case messageID(String)
    }

    /// Where the window opens; `nil` opens it at the first message.
    public var since: Bound?
    /// Where the window closes; `nil` keeps it open to the last message.
    public var until: Bound?
    /// Only these authors; empty means everyone.
    public var userIDs: Set<String>

    /// A filter by window and authors; with no arguments it shows everything.
    public init(since: Bound? = nil, until: Bound? = nil, userIDs: Set<String> = []) {
        self.since = since
        self.until = until
        self.userIDs = userIDs
    }

    /// Whether the filter shows every message, so that nothing needs checking.
    public var isEmpty: Bool { since == nil && until == nil && userIDs.isEmpty }

    /// The running state of one pass over the input: which messages the renderer shows, decided
    /// in input order. Public so that a pass of the caller's own (the CLI's media collection)
    /// picks the same messages.
    public struct Window: Sendable {
        let filter: MessageFilter
        private var opened: Bool
        private var closed = false
        /// Whether the filter is empty: then every message is shown, without matching its
        /// bounds (each match copies and frees an optional bound through its type's witnesses).
        private let admitsAll: Bool

        /// The state before the first message.
        public init(_ filter: MessageFilter) {
            self.filter = filter
            if case .messageID = filter.since { opened = false } else { opened = true }
            admitsAll = filter.isEmpty
        }

        /// Whether `message` is shown; call once per message, in input order.
        public mutating func admits(_ message: ChatMessage) -> Bool {
            if admitsAll { return true }
            if closed { return false }
            if case .messageID(let id) = filter.since, !opened {
                guard message.id == id else { return false }
                opened = true
            }
            if case .messageID(let id) = filter.until, message.id == id { closed = true }
            if case .date(let start) = filter.since, (message.createdAt ?? .distantPast) < start { return false }
            if case .date(let end) = filter.until, (message.createdAt ?? .distantFuture) > end { return false }
            if !filter.userIDs.isEmpty, !filter.userIDs.contains(message.user?.id ?? "") { return false }
            return true
        }

        /// A new channel starts: an id-bounded window starts over.
        public mutating func reset() {
            self = Window(filter)
        }
    }
}

/// What a filter, and the reader's own id (``RenderOptions/currentUserID``), name that the
/// input may not have. Each name is looked for in every message, inside the window or not, so
/// that one matching nothing is reported instead of giving an empty transcript, or an unchanged
/// one, without a word.
struct FilterSightings {
    private let filter: MessageFilter
    private let currentUserID: String?
    private var sawSince = false
    private var sawUntil = false
    private var sawCurrentUser = false
    private var authorsSeen: Set<String> = []
    /// Whether anything is looked for: nothing to do per message otherwise.
    private let looks: Bool

    init(_ filter: MessageFilter, currentUserID: String?) {
        self.filter = filter
        self.currentUserID = currentUserID
        looks = !filter.isEmpty || currentUserID != nil
    }

    /// Looks for the names in `message`; call once per message read.
    mutating func note(_ message: ChatMessage) {
        guard looks else { return }
        if case .messageID(let id) = filter.since, message.id == id { sawSince = true }
        if case .messageID(let id) = filter.until, message.id == id { sawUntil = true }
        guard let author = message.user?.id else { return }
        if author == currentUserID { sawCurrentUser = true }
        if filter.userIDs.contains(author) { authorsSeen.insert(author) }
    }

    /// One warning for each name no message matched, in the order the options are listed.
    var warnings: [ReadWarning] {
        var reasons: [String] = []
        if case .messageID(let id) = filter.since, !sawSince {
            reasons.append("since: no message has the id \"\(id.debugEscaped)\", so no message is shown")
        }
        if case .messageID(let id) = filter.until, !sawUntil {
            reasons.append("until: no message has the id \"\(id.debugEscaped)\", so the transcript goes on to the last message")
        }
        for id in filter.userIDs.subtracting(authorsSeen).sorted() {
            reasons.append("user: no message is by \"\(id.debugEscaped)\" (user ids are compared exactly)")
        }
        if let id = currentUserID, !sawCurrentUser {
            reasons.append("me: no message is by \"\(id.debugEscaped)\", so none shows as yours (their reactions still do)")
        }
        return reasons.map { ReadWarning(keyPath: "", reason: $0, skippedMessage: false) }
    }
}
