import Foundation

/// One entry of the laid-out transcript.
package enum LayoutItem: Sendable, Hashable {
    /// A channel starts: its header follows.
    case channel(ChatChannel)
    /// The first message of a new day follows.
    case day(Date)
    /// A message, with its place in its group.
    case message(MessageItem)
    /// A thread's replies, laid out (``ThreadBlocks``).
    indirect case thread(ThreadBlock)
}

/// Turns the stream of channels and messages into list items: day separators and message
/// groups. It holds one message back (whether a message ends its group depends on the next),
/// so memory stays constant however long the transcript.
package struct TranscriptLayout {
    private let labels: DateLabels
    private var pending: MessageItem?
    /// Whether the message held back must end its group whatever comes next.
    private var pendingEndsGroup = false
    private var pendingDay: Int64?

    /// The longest pause between two messages of one group, as chat clients use.
    package static let groupingInterval: TimeInterval = 60

    /// - Parameter startingDay: a day already announced before the first message (a thread's
    ///   replies continue their parent's day), so that it gets no separator of its own.
    package init(labels: DateLabels, startingDay: Date? = nil) {
        self.labels = labels
        pendingDay = startingDay.map(labels.dayNumber(of:))
    }

    /// Starts a channel: emits the message held back, then the channel; the next message
    /// with a date gets a day separator whatever its day.
    package mutating func add(channel: ChatChannel) -> [LayoutItem] {
        var items = flush()
        items.append(.channel(channel))
        pendingDay = nil
        return items
    }

    /// Adds a message in the channel, grouped with its neighbours as the layout decides.
    package mutating func add(message: ChatMessage) -> [LayoutItem] {
        add(MessageItem(message: message))
    }

    /// Adds a message with its placement; the layout decides its place in a group, except that
    /// `startsGroup` keeps it out of the previous message's group and `endsGroup` keeps the
    /// next message out of its own (a message with a thread under it).
    package mutating func add(_ item: MessageItem, startsGroup: Bool = false, endsGroup: Bool = false) -> [LayoutItem] {
        let message = item.message
        var items: [LayoutItem] = []
        let day = message.createdAt.map(labels.dayNumber(of:))
        let newDay = day != nil && day != pendingDay
        var next = item
        if var previous = pending {
            let continues = !newDay && !startsGroup && !pendingEndsGroup && Self.groups(previous.message, with: message)
            previous.isLastInGroup = !continues
            items.append(.message(previous))
            next.isFirstInGroup = !continues
        } else {
            next.isFirstInGroup = true
        }
        next.isLastInGroup = true
        pending = next
        pendingEndsGroup = endsGroup
        if newDay, let date = message.createdAt {
            items.append(.day(date))
            pendingDay = day
        }
        return items
    }

    /// Emits the message held back; call at the end of the input or of a channel.
    package mutating func flush() -> [LayoutItem] {
        defer { pending = nil }
        return pending.map { [.message($0)] } ?? []
    }

    /// Whether `next` continues `previous`'s group: same author, at most a minute later,
    /// neither a system, error or ephemeral message, and the earlier one not edited.
    package static func groups(_ previous: ChatMessage, with next: ChatMessage) -> Bool {
        // Users without an id (shown by name) are told apart by their names.
        guard let author = previous.user, let nextAuthor = next.user, author.id == nextAuthor.id,
            !author.id.isEmpty || author.name == nextAuthor.name,
            !standsAlone(previous.kind), !standsAlone(next.kind), !previous.isEdited,
            let earlier = previous.createdAt, let later = next.createdAt
        else { return false }
        let gap = later.timeIntervalSince(earlier)
        return gap >= 0 && gap <= groupingInterval
    }

    /// System, error and ephemeral messages never join a group.
    private static func standsAlone(_ kind: MessageKind) -> Bool {
        kind == .system || kind == .error || kind == .ephemeral
    }
}
