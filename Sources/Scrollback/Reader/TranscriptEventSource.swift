/// Where rendering and indexing take their events from: a ``TranscriptReader`` of JSON, or
/// events already in memory (``InMemoryEvents``). Both go through the same index and the same
/// rendering loop, so a list of messages renders exactly as a file holding them does.
protocol TranscriptEventSource {
    /// The input's shape as ``TranscriptReader/shape`` gives it: it decides the document's
    /// title and whether channels get headings.
    var shape: InputShape? { get }
    /// Whether the index keeps thread replies as values instead of spooling their JSON: events
    /// in memory may have been built in code, with no JSON to write out.
    var keepsRepliesInMemory: Bool { get }
    /// The next event, or `nil` at the end.
    mutating func nextItem() throws(ReadError) -> TranscriptReader.Item?
    /// Where the reading's problems go, and those the renderer meets while drawing what was
    /// read or found by the first pass (a filter's names that no message has).
    var warnings: WarningChannel { get }
    /// How many messages were skipped as unusable so far, for the document's summary.
    var skippedMessageCount: Int { get }
    /// How many messages an event log deleted for good, for the document's summary.
    var hardDeletedMessageCount: Int { get }
    /// The members of the last channel returned, when they came after its messages.
    mutating func takeLateMembers() -> [ChatUser]?
}

extension TranscriptEventSource {
    /// Events built in code skip nothing.
    var skippedMessageCount: Int { 0 }
    /// Events built in code delete nothing.
    var hardDeletedMessageCount: Int { 0 }
    /// Channels built in code carry their members.
    mutating func takeLateMembers() -> [ChatUser]? { nil }
}

extension TranscriptReader: TranscriptEventSource {
    var keepsRepliesInMemory: Bool { false }
    var hardDeletedMessageCount: Int { hardDeletedReplayed }
}

/// Channels and messages held in memory, read as events with the shape of the input they came
/// from (or would have come from). Never fails; problems go to `onWarning`.
struct InMemoryEvents: TranscriptEventSource {
    let shape: InputShape?
    var keepsRepliesInMemory: Bool { true }
    private let events: [TranscriptEvent]
    private var position = 0
    /// Never strict: events built in code have nothing to stop for.
    let warnings: WarningChannel
    /// Messages the input these events came from skipped (as its reader counted them).
    let skippedMessageCount: Int
    /// Messages the event log these events came from deleted for good.
    var hardDeletedMessageCount = 0

    init(
        _ events: [TranscriptEvent], shape: InputShape?, skippedMessageCount: Int = 0, onWarning: @escaping (ReadWarning) -> Void
    ) {
        self.skippedMessageCount = skippedMessageCount
        self.events = events
        self.shape = shape
        warnings = WarningChannel(strict: false, onWarning: onWarning)
    }

    mutating func nextItem() -> TranscriptReader.Item? {
        guard position < events.count else { return nil }
        defer { position += 1 }
        switch events[position] {
        case .channel(let channel): return .channel(channel)
        case .message(let message): return .message(message, json: nil)
        }
    }
}
