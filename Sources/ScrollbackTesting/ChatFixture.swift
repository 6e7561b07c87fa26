import Foundation
import Scrollback

/// Messages for a test, read from a JSON fixture in any shape `scrollback render` reads (a
/// channel export, a list of channels or messages, NDJSON...), with the channels met and every
/// problem the reader reported.
///
/// ```swift
/// let fixture = try ChatFixture(contentsOf: "Fixtures/support.json")
/// assertSnapshot(of: fixture.messages, as: .html())
/// ```
public struct ChatFixture: Sendable {
    /// The messages, in input order.
    public var messages: [ChatMessage]
    /// The channels, in input order.
    public var channels: [ChatChannel]
    /// The first channel, when the fixture has one.
    public var channel: ChatChannel? { channels.first }
    /// What the reader warned about (skipped messages, ignored fields).
    public var warnings: [ReadWarning]

    /// Reads the fixture at `path`; relative paths start at the current directory.
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

    private init(reading reader: inout TranscriptReader) throws {
        messages = []
        channels = []
        warnings = []
        while let event = try reader.next() {
            switch event {
            case .channel(let channel): channels.append(channel)
            case .message(let message): messages.append(message)
            }
        }
    }
}
