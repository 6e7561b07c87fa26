import Foundation
import TestSupport
import Testing

@testable import Scrollback

/// A filter's message ids and authors, and the reader's own id, are looked for in the whole
/// input; one that no message has is reported, once, before the drawing.
@Suite struct FilterSightingsTests {
    private final class WarningLog: @unchecked Sendable {
        var reasons: [String] = []
    }

    private func reasons(_ filter: MessageFilter, me: String? = nil, messages: [ChatMessage]) -> [String] {
        let log = WarningLog()
        var options = RenderOptions()
        options.currentUserID = me
        var backend = MarkdownBackend(output: "", options: options)
        TranscriptRenderer(options: options, filter: filter).render(
            messages: messages, onWarning: { log.reasons.append($0.reason) }, to: &backend)
        return log.reasons
    }

    let messages = [("a", "ana"), ("b", "bo"), ("c", "ana")].map { ChatMessage(id: $0, text: $0, user: ChatUser(id: $1)) }

    @Test func namesTheInputHasAreNotReported() {
        #expect(
            reasons(MessageFilter(since: .messageID("b"), until: .messageID("c"), userIDs: ["bo"]), me: "ana", messages: messages).isEmpty)
        // Looked for outside the window too: "ana" wrote "a", before it opens.
        #expect(reasons(MessageFilter(since: .messageID("b"), userIDs: ["ana"]), messages: messages).isEmpty)
        #expect(reasons(MessageFilter(), messages: messages).isEmpty)
    }

    @Test func eachNameNoMessageHasIsReportedOnceInOrder() {
        let filter = MessageFilter(since: .messageID("x"), until: .messageID("y"), userIDs: ["zoe", "ana", "cy"])
        #expect(
            reasons(filter, me: "me", messages: messages) == [
                #"since: no message has the id "x", so no message is shown"#,
                #"until: no message has the id "y", so the transcript goes on to the last message"#,
                #"user: no message is by "cy" (user ids are compared exactly)"#,
                #"user: no message is by "zoe" (user ids are compared exactly)"#,
                #"me: no message is by "me", so none shows as yours (their reactions still do)"#,
            ])
        // Dates are not names: a window of dates that holds nothing is not a mistake.
        #expect(reasons(MessageFilter(since: .date(.distantFuture)), messages: messages).isEmpty)
    }

    @Test func aFileReportsTheSameAndStrictStops() throws {
        let text =
            #"{"channels": [{"channel": {"id": "one"}, "messages": [{"id": "a", "text": "a", "user": {"id": "ana"}}]}, "#
            + #"{"channel": {"id": "two"}, "messages": [{"id": "b", "text": "b", "user": {"id": "bo"}}]}]}"#
        let file = Scratch.file("sightings", extension: "json", holding: Array(text.utf8))
        let log = WarningLog()
        var backend = MarkdownBackend(output: "", options: RenderOptions())
        // "b" is in the second channel only: the input has it, so nothing is said.
        try TranscriptRenderer(filter: MessageFilter(since: .messageID("b"))).render(
            path: file, onWarning: { log.reasons.append($0.reason) }, to: &backend)
        #expect(log.reasons.isEmpty)
        try TranscriptRenderer(filter: MessageFilter(userIDs: ["cy"])).render(
            path: file, onWarning: { log.reasons.append($0.reason) }, to: &backend)
        #expect(log.reasons == [#"user: no message is by "cy" (user ids are compared exactly)"#])
        #expect(throws: ReadError.self) {
            try TranscriptRenderer(filter: MessageFilter(userIDs: ["cy"])).render(path: file, strict: true, to: &backend)
        }
    }
}
