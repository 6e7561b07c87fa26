import Foundation
import Scrollback

/// A transcript for a test: the channels and messages of a JSON fixture in any shape
/// `scrollback render` reads (a channel export, a list of channels or messages, NDJSON...), or
/// messages built in code. Its snapshots are the documents `scrollback render` writes for the
/// same input and options.
///
/// ```swift
/// let fixture = try ChatFixture(contentsOf: "Fixtures/support.json")
/// assertSnapshot(of: fixture, as: .rendered(.html))
/// ```
public struct ChatFixture: Sendable {
    /// The channels and messages, in input order.
    public var events: [TranscriptEvent]
    /// The input's shape as known when its first event was read: it decides the document's
    /// title and whether channels get headings.
    public var shape: InputShape?
    /// What the reader warned about (skipped messages, ignored fields).
    public var warnings: [ReadWarning]

    /// How many messages the reader skipped as unusable: the rendered footer says so, as
    /// `scrollback render` does for the same input.
    public var skippedMessageCount: Int { warnings.filter(\.skippedMessage).count }
    /// How many messages an event log's events deleted for good: the rendered footer says so,
    /// as `scrollback render` does for the same input.
    public var hardDeletedMessageCount = 0

    /// The messages, in input order.
    public var messages: [ChatMessage] {
        events.compactMap { if case .message(let message) = $0 { message } else { nil } }
    }
    /// The channels, in input order.
    public var channels: [ChatChannel] {
        events.compactMap { if case .channel(let channel) = $0 { channel } else { nil } }
    }
    /// The first channel, when the fixture has one.
    public var channel: ChatChannel? { channels.first }

    /// Reads the fixture at `path`; relative paths start at the current directory. Throws the
    /// reader's error for input that cannot be read to its end.
    public init(contentsOf path: String) throws {
        var warnings: [ReadWarning] = []
        var reader = try TranscriptReader(path: path) { warnings.append($0) }
        try self.init(reading: &reader)
        self.warnings = warnings
    }

    /// Reads a fixture written in the test itself.
    public init(json: String) throws {
        var warnings: [ReadWarning] = []
        var reader = TranscriptReader(bytes: Array(json.utf8)) { warnings.append($0) }
        try self.init(reading: &reader)
        self.warnings = warnings
    }

    /// Messages built in code: rendered as a file holding them renders, a list of messages, or
    /// with `channel`, that channel's export.
    public init(messages: [ChatMessage], channel: ChatChannel? = nil) {
        events = (channel.map { [.channel($0)] } ?? []) + messages.map { .message($0) }
        shape = channel == nil ? .messageArray : .channel
        warnings = []
    }

    private init(reading reader: inout TranscriptReader) throws {
        events = []
        // The shape as rendering sees it: known once the first event is read (NDJSON shows
        // itself only at its second line).
        if let first = try reader.next() { events.append(first) }
        shape = reader.shape
        events += try reader.readAll()
        hardDeletedMessageCount = reader.eventLogSummary?.hardDeleted ?? 0
        warnings = []
    }
}

// A strategy is Sendable (tests running in parallel may share one), so its closure reads
// `chatFixture` on whatever thread asserts: a conformance isolated to an actor could not be
// used there. SendableMetatype (Swift 6.2) rules such conformances out; compilers before it
// have no isolated conformances to rule out.
#if compiler(>=6.2)
    /// What a transcript snapshot renders: a ``ChatFixture``, a list of messages, or one message.
    public protocol TranscriptSnapshotValue: SendableMetatype {
        /// The transcript to render.
        var chatFixture: ChatFixture { get }
    }
#else
    /// What a transcript snapshot renders: a ``ChatFixture``, a list of messages, or one message.
    public protocol TranscriptSnapshotValue {
        /// The transcript to render.
        var chatFixture: ChatFixture { get }
    }
#endif

extension ChatFixture: TranscriptSnapshotValue {
    /// The fixture itself.
    public var chatFixture: ChatFixture { self }
}

extension Array: TranscriptSnapshotValue where Element == ChatMessage {
    /// The messages as a list, without a channel.
    public var chatFixture: ChatFixture { ChatFixture(messages: self) }
}

extension ChatMessage: TranscriptSnapshotValue {
    /// A list of this one message.
    public var chatFixture: ChatFixture { ChatFixture(messages: [self]) }
}
