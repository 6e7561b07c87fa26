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

        /// The state before the first message.
        public init(_ filter: MessageFilter) {
            self.filter = filter
            if case .messageID = filter.since { opened = false } else { opened = true }
        }

        /// Whether `message` is shown; call once per message, in input order.
        public mutating func admits(_ message: ChatMessage) -> Bool {
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
