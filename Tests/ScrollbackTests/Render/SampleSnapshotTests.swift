import Foundation
import ScrollbackTesting
import Testing

@testable import Scrollback

/// The samples rendered whole in every format: references reviewed like code.
@Suite struct SampleSnapshotTests {
    static let cases: [(String, SampleTranscripts.Format)] = [
        "launch-room.json", "support-ticket.ndjson", "attachments.json", "threads.json", "workspace.json", "migration.ndjson",
        "query-thread.json", "thread-list.json", "draft.json", "drafts.json",
        "events.ndjson",
    ].flatMap { name in
        SampleTranscripts.Format.allCases.map { (name, $0) }
    }

    @Test(arguments: cases)
    func sample(name: String, format: SampleTranscripts.Format) throws {
        let (output, warnings) = try SampleTranscripts.render(name, as: format, options: .default)
        #expect(warnings.isEmpty, "\(warnings)")
        assertSnapshot(
            of: output, as: .document(format),
            named: name.replacingOccurrences(of: ".", with: "-") + "-" + format.name)
    }

    @Test func colourAnsiAt120Columns() throws {
        var options = RenderOptions.default
        options.ansi.width = 120
        options.ansi.colorDepth = .ansi256
        options.generator = SnapshotDefaults.generator
        let (output, _) = try SampleTranscripts.render("launch-room.json", as: .ansi, options: options)
        assertSnapshot(of: output, as: .lines(pathExtension: "ansi.txt"), named: "launch-room-256")
    }

    /// Every conversation rule (groups, days, mentions, reactions, pins, kinds, quotes, jumbo
    /// emoji) seen by one of its members, so own messages and own reactions show.
    @Test(arguments: SampleTranscripts.Format.allCases)
    func conversationAsAMember(format: SampleTranscripts.Format) throws {
        var options = RenderOptions.default
        options.currentUserID = "rin"
        let (output, warnings) = try SampleTranscripts.render("conversation.json", as: format, options: options)
        #expect(warnings.isEmpty, "\(warnings)")
        assertSnapshot(
            of: output, as: .document(format),
            named: "conversation-rin-" + format.name)
    }

    /// The event log with `--history`: the edited message's earlier text, quoted under it with
    /// its time, in every format.
    @Test(arguments: SampleTranscripts.Format.allCases)
    func eventLogWithHistory(format: SampleTranscripts.Format) throws {
        var options = RenderOptions.default
        options.history = true
        let (output, warnings) = try SampleTranscripts.render("events.ndjson", as: format, options: options)
        #expect(warnings.isEmpty, "\(warnings)")
        assertSnapshot(of: output, as: .document(format), named: "events-history-" + format.name)
    }

    /// The default theme's stylesheet, pinned once for all the HTML documents above.
    @Test func defaultStylesheet() {
        assertSnapshot(of: Stylesheet(theme: .default).css, as: .lines(pathExtension: "css"), named: "default")
    }
}
