import Foundation
import Testing

@testable import Scrollback

/// A transcript is drawn in the order of its file; a channel whose messages go back in time is
/// reported once, at the first message sent before one above it, in every input shape.
@Suite struct TimeOrderTests {
    /// The warnings of reading `text` completely.
    private func warnings(_ text: String) throws -> [ReadWarning] {
        let log = WarningLog()
        var reader = TranscriptReader(bytes: Array(text.utf8)) { log.warnings.append($0) }
        _ = try reader.readAll()
        return log.warnings
    }

    /// A message sent at `minute` past ten, with `extra` members.
    private func message(_ id: String, minute: Int, _ extra: String = "") -> String {
        let time = String(100 + minute).dropFirst()
        return #"{"id": "\#(id)", "text": "\#(id)", "created_at": "2026-03-01T10:\#(time):00.250Z"\#(extra)}"#
    }

    private func channel(_ id: String, _ messages: [String]) -> String {
        #"{"channel": {"id": "\#(id)", "type": "messaging"}, "messages": [\#(messages.joined(separator: ", "))]}"#
    }

    @Test func messagesInTimeOrderAreNotReported() throws {
        let sameMinute = [message("a", minute: 1), message("b", minute: 1), message("c", minute: 2)]
        #expect(try warnings(channel("c", sameMinute)).isEmpty)
        // A message without a time is compared with nothing and changes nothing.
        let untimed = [message("a", minute: 1), #"{"id": "n", "text": "no time"}"#, message("b", minute: 2)]
        #expect(try warnings(channel("c", untimed)).isEmpty)
    }

    @Test func theFirstMessageSentBeforeOneAboveItIsReportedOnce() throws {
        let newestFirst = (0..<5).reversed().map { message("m\($0)", minute: $0) }
        let reported = try warnings(channel("c", newestFirst))
        #expect(reported.count == 1)
        let warning = try #require(reported.first)
        #expect(warning.messageIndex == 1 && warning.messageID == "m3" && warning.keyPath == "messages[1].created_at")
        #expect(!warning.skippedMessage)
        #expect(
            warning.reason == "sent 2026-03-01T10:03:00.250Z, before a message above it (2026-03-01T10:04:00.250Z): "
                + "messages are shown in the order of the file, not sorted by time; later ones in this channel are not reported")
        // Compared with the latest message so far, not only the one just above.
        let dip = [message("a", minute: 5), message("b", minute: 9), message("c", minute: 7), message("d", minute: 8)]
        #expect(try warnings(channel("c", dip)).map(\.messageID) == ["c"])
    }

    @Test func onlyMessagesShownInTheChannelCount() throws {
        // A reply is drawn under its parent, whenever it was sent; one also sent to the channel is not.
        let reply = [
            message("p", minute: 5), message("r", minute: 6, #", "parent_id": "p""#), message("s", minute: 4, #", "parent_id": "p""#),
        ]
        #expect(try warnings(channel("c", reply)).isEmpty)
        let shown = [message("p", minute: 5), message("s", minute: 4, #", "parent_id": "p", "show_in_channel": true"#)]
        #expect(try warnings(channel("c", shown)).map(\.messageID) == ["s"])
        let newerReply = [message("p", minute: 5), message("r", minute: 9, #", "parent_id": "p""#), message("q", minute: 6)]
        #expect(try warnings(channel("c", newerReply)).isEmpty)
    }

    @Test func eachChannelHasItsOwnOrder() throws {
        // The second channel starts earlier than the first ends: not reported. Each channel out
        // of order is reported, once.
        let first = channel("one", [message("a", minute: 30), message("b", minute: 31)])
        let second = channel("two", [message("c", minute: 1), message("d", minute: 2)])
        #expect(try warnings(#"{"channels": [\#(first), \#(second)]}"#).isEmpty)
        #expect(try warnings(first + "\n" + second + "\n").isEmpty)
        let backwards = channel("three", [message("e", minute: 9), message("f", minute: 8), message("g", minute: 7)])
        #expect(try warnings(#"{"channels": [\#(backwards), \#(second), \#(backwards)]}"#).map(\.messageID) == ["f", "f"])
        // The messages before their channel's object in a box count for that channel alone.
        let messagesFirst = #"{"messages": [\#(message("h", minute: 1))], "channel": {"id": "four", "type": "messaging"}}"#
        #expect(try warnings(#"{"channels": [\#(first), \#(messagesFirst)]}"#).isEmpty)
    }

    @Test func bareMessagesAndNDJSONLinesAreOneChannel() throws {
        #expect(try warnings("[\(message("a", minute: 2)), \(message("b", minute: 1))]").map(\.keyPath) == ["[1].created_at"])
        let lines = [message("a", minute: 2), message("b", minute: 3), message("c", minute: 1)]
        let reported = try warnings(lines.joined(separator: "\n") + "\n")
        #expect(reported.map(\.messageID) == ["c"])
        #expect(reported.first?.keyPath == "line 3.created_at")
        // Arrays a line are pages of one list.
        #expect(try warnings("[\(message("a", minute: 2))]\n[\(message("b", minute: 1))]\n").map(\.messageID) == ["b"])
    }

    @Test func entityFilesAreCheckedChannelByChannel() throws {
        func entity(_ id: String, channel: String, minute: Int) -> String {
            let time = String(100 + minute).dropFirst()
            return
                #"{"type": "message", "item": {"id": "\#(id)", "channel_type": "messaging", "channel_id": "\#(channel)", "text": "\#(id)", "created_at": "2026-03-01T10:\#(time):00Z"}}"#
        }
        // Interleaved channels, each in time order: the replay groups them, nothing to report.
        let interleaved = [
            entity("a", channel: "x", minute: 5), entity("b", channel: "y", minute: 1), entity("c", channel: "x", minute: 6),
        ]
        #expect(try warnings(interleaved.joined(separator: "\n") + "\n").isEmpty)
        let backwards = [entity("a", channel: "x", minute: 5), entity("b", channel: "y", minute: 1), entity("c", channel: "x", minute: 4)]
        let reported = try warnings(backwards.joined(separator: "\n") + "\n")
        #expect(reported.map(\.messageID) == ["c"])
        #expect(reported.first?.keyPath == "line 3.item.created_at")
    }

    @Test func strictRefusesATranscriptOutOfOrder() throws {
        var reader = TranscriptReader(bytes: Array(channel("c", [message("a", minute: 2), message("b", minute: 1)]).utf8), strict: true)
        #expect(throws: ReadError.self) { _ = try reader.readAll() }
    }
}
