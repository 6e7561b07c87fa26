/// A transcript that must be read to its end before its first message can be returned (an
/// entity file's ``EntityDirectory``, an event log's ``EventLog``), kept as channel groups and
/// spooled messages: group 0 holds the messages that name no channel.
protocol CollectedTranscript: AnyObject {
    /// What the reading needs to read one message back.
    associatedtype Entry
    /// What the collecting found wrong, reported before the first message.
    var warnings: [ReadWarning] { get }
    /// The error that stopped the collecting: thrown once what came before it is replayed.
    var error: ReadError? { get }
    /// Channel groups, group 0 included.
    var groupCount: Int { get }
    /// Whether group `number`'s channel is shown (a deleted channel is not, nor its messages).
    func shows(group number: Int) -> Bool
    /// The channel of group `number`, as of the end.
    func channel(ofGroup number: Int) -> ChatChannel
    /// Messages of group `number` deleted for good.
    func hardDeletedCount(ofGroup number: Int) -> Int
    /// The messages to show, group by group in group order.
    var entryCount: Int { get }
    /// The `index`th message to show, and its group.
    func entry(_ index: Int) -> (entry: Entry, group: Int)
}

extension CollectedTranscript {
    func shows(group number: Int) -> Bool { true }
    func hardDeletedCount(ofGroup number: Int) -> Int { 0 }
}

/// A reading's place in the replay of a ``CollectedTranscript``: its warnings, the messages
/// that name no channel, then each shown channel followed by its messages.
struct CollectedReplay<Collected: CollectedTranscript> {
    let collected: Collected
    var warningsReported = false
    /// The next group whose channel goes out.
    private var nextGroup = 1
    private var nextEntry = 0
    private var groupsPassed = 0
    /// The messages deleted for good in the groups the replay has gone past (those of a channel
    /// not shown with the channel before it): a document per channel counts its own as the
    /// difference.
    private(set) var hardDeletedPassed = 0

    init(_ collected: Collected) {
        self.collected = collected
    }

    enum Step {
        case channel(ChatChannel)
        case message(Collected.Entry)
    }

    /// The next channel or message, or `nil` at the end.
    mutating func next() -> Step? {
        if nextEntry < collected.entryCount {
            let (entry, group) = collected.entry(nextEntry)
            if group < nextGroup {
                nextEntry += 1
                return .message(entry)
            }
        }
        while nextGroup < collected.groupCount, !collected.shows(group: nextGroup) { nextGroup += 1 }
        while groupsPassed < min(nextGroup, collected.groupCount) {
            hardDeletedPassed += collected.hardDeletedCount(ofGroup: groupsPassed)
            groupsPassed += 1
        }
        guard nextGroup < collected.groupCount else { return nil }
        defer { nextGroup += 1 }
        return .channel(collected.channel(ofGroup: nextGroup))
    }
}
