import Foundation
import TestSupport
import Testing

@testable import ScrollbackCLI

/// `render` and `validate` on logs of Stream's webhook and websocket events, `--as-of` and `--history`.
@Suite struct EventLogCommandTests {
    static let sample = samples.appendingPathComponent("events.ndjson").path

    @Test func validateCountsTheEventsThatChangeNoTranscript() {
        let run = ToolRun(["validate", Self.sample])
        #expect(run.status == 0, "\(run.errors)")
        #expect(
            run.output.contains(
                "events input, 1 channel, 7 messages; 30 events: 7 without transcript change skipped, 1 hard-deleted, 0 left out"),
            "\(run.output)")
    }

    /// `validate --as-of` checks what `render --as-of` shows; on another input it says it changes nothing.
    @Test func validateReplaysUpToTheMomentAsRenderDoes() {
        let run = ToolRun(["validate", Self.sample, "--as-of", "2026-03-02T09:08:10Z"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(
            run.output.contains(
                "events input, 1 channel, 4 messages; 30 events: 4 without transcript change skipped, 0 hard-deleted, 0 left out, 15 after --as-of"
            ), "\(run.output)")
        let wrong = ToolRun(["validate", Self.sample, "--as-of", "yesterday"])
        #expect(wrong.status == 64 && wrong.errors.contains("--as-of yesterday"), "\(wrong.errors)")
        let export = ToolRun(["validate", samples.appendingPathComponent("launch-room.json").path, "--as-of", "2026-03-01"])
        #expect(export.status == 0 && export.errors.contains("--as-of changes nothing: the input is not an event log"), "\(export.errors)")
    }

    /// The footer counts the hard deletions, in the locale's words; before the deletion, none.
    @Test func theFooterSaysHowManyMessagesWereDeletedForGood() {
        let run = ToolRun(["render", Self.sample, "--format", "markdown"])
        #expect(run.output.contains("*7 messages · 1 message deleted for good · 2026-03-02 09:01"), "\(run.output)")
        #expect(!run.output.contains("oops, wrong channel"))
        let german = ToolRun(["render", Self.sample, "--format", "markdown", "--locale", "de"])
        #expect(german.output.contains("1 Nachricht endgültig gelöscht"), "\(german.output)")
        let before = ToolRun(["render", Self.sample, "--format", "markdown", "--as-of", "2026-03-02T09:08:10Z"])
        #expect(before.output.contains("oops, wrong channel"))
        #expect(!before.output.contains("deleted for good"))
    }

    /// A thread reply is drawn under its parent from what the first pass kept of it: what
    /// later events did to it (a reaction, an edit, a deletion) must be in that.
    @Test func eventsChangeThreadRepliesToo() {
        func line(_ type: String, _ minute: Int, _ members: String) -> String {
            #"{"type": "\#(type)", "cid": "messaging:a", "created_at": "2026-03-02T09:0\#(minute):00Z", \#(members)}"#
        }
        let path = temporaryFile(
            [
                line(
                    "message.new", 1,
                    #""message": {"id": "p", "text": "parent", "user": {"id": "u", "name": "Una"}, "created_at": "2026-03-02T09:01:00Z"}"#),
                line(
                    "message.new", 2,
                    #""message": {"id": "r1", "parent_id": "p", "text": "first reply", "user": {"id": "v", "name": "Vic"}, "created_at": "2026-03-02T09:02:00Z"}"#
                ),
                line(
                    "message.new", 3,
                    #""message": {"id": "r2", "parent_id": "p", "text": "second reply", "user": {"id": "v", "name": "Vic"}, "created_at": "2026-03-02T09:03:00Z"}"#
                ),
                line(
                    "reaction.new", 4,
                    #""reaction": {"type": "like", "message_id": "r1", "user_id": "u", "user": {"id": "u", "name": "Una"}}"#),
                line(
                    "message.updated", 5,
                    #""message": {"id": "r1", "parent_id": "p", "text": "first reply, edited", "user": {"id": "v", "name": "Vic"}, "created_at": "2026-03-02T09:02:00Z"}"#
                ),
                line(
                    "reaction.new", 6,
                    #""reaction": {"type": "love", "message_id": "r1", "user_id": "u", "user": {"id": "u", "name": "Una"}}"#),
                line("message.deleted", 7, #""message_id": "r2", "hard_delete": false"#),
            ].joined(separator: "\n"), extension: "ndjson")
        let run = ToolRun(["render", path, "--format", "markdown"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("2 Thread Replies"), "\(run.output)")
        #expect(run.output.contains("> first reply, edited"))
        // The like was given before the edit's version, which carries no reactions: only the love shows.
        #expect(run.output.contains("`❤️ 1`"), "\(run.output)")
        #expect(run.output.contains("Edited 09:05"))
        #expect(!run.output.contains("second reply"))
        #expect(run.output.contains("Message deleted"))
    }

    @Test func anOutOfOrderEventIsAWarningNotAFailure() {
        let path = temporaryFile(
            """
            {"type": "message.new", "cid": "messaging:a", "created_at": "2026-03-02T09:01:00Z", "message": {"id": "m", "text": "new", "user": {"id": "u"}}}
            {"type": "message.updated", "cid": "messaging:a", "created_at": "2026-03-02T09:05:00Z", "message": {"id": "m", "text": "newest", "user": {"id": "u"}}}
            {"type": "message.updated", "cid": "messaging:a", "created_at": "2026-03-02T09:03:00Z", "message": {"id": "m", "text": "stale", "user": {"id": "u"}}}
            """, extension: "ndjson")
        let run = ToolRun(["render", path, "--format", "markdown"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("newest"))
        #expect(!run.output.contains("stale"))
        #expect(run.errors.contains("line 3"), "\(run.errors)")
        #expect(run.errors.contains("a message.updated event older than the version of message \"m\" read at line 2: left out"))
        let validate = ToolRun(["validate", path])
        #expect(validate.status == 65)
        #expect(validate.output.contains("3 events: 0 without transcript change skipped, 0 hard-deleted, 1 left out"), "\(validate.output)")
    }

    @Test func asOfReplaysUpToAMomentOrTheEndOfADay() {
        let before = ToolRun(["render", Self.sample, "--format", "markdown", "--as-of", "2026-03-02T09:07:00Z"])
        #expect(before.status == 0, "\(before.errors)")
        #expect(before.output.contains("# Design review\n"), "\(before.output)")
        #expect(before.output.contains("*account* and *workspace*."))
        #expect(!before.output.contains("Edited"))
        #expect(before.output.contains("3 messages"))
        let day = ToolRun(["render", Self.sample, "--format", "markdown", "--as-of", "2026-03-02", "--timezone", "UTC"])
        #expect(day.output == ToolRun(["render", Self.sample, "--format", "markdown", "--timezone", "UTC"]).output)
        let earlier = ToolRun(["render", Self.sample, "--format", "markdown", "--as-of", "2026-03-01"])
        #expect(earlier.output.contains("No messages"), "\(earlier.output)")
    }

    @Test(arguments: ["yesterday", "2026-02-30", ""]) func aBadAsOfIsAUsageError(value: String) {
        let run = ToolRun(["render", Self.sample, "--as-of", value])
        #expect(run.status == 64, "\(run.errors)")
        #expect(run.errors.contains("--as-of"), "\(run.errors)")
    }

    @Test func historyShowsTheEarlierText() {
        let run = ToolRun(["render", Self.sample, "--format", "markdown", "--history"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("> *Earlier version* 09:06\n> \n> Good call, I'll split it into *account* and *workspace*."))
        #expect(!ToolRun(["render", Self.sample, "--format", "markdown"]).output.contains("Earlier version"))
    }

    /// The generated log (`Scripts/bench-corpus.py --events`) renders as the channel export of
    /// the same seed: edits, deletions and reactions replayed, the hard-deleted messages gone,
    /// the stale edits reported.
    @Test func aGeneratedLogRendersAsItsChannelExport() throws {
        let script = samples.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Scripts/bench-corpus.py").path
        func generate(_ arguments: [String]) throws -> String {
            let out = temporaryFile("", extension: arguments.contains("--events") ? "ndjson" : "json")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", script, "--messages", "2000", "--out", out] + arguments
            try process.run()
            process.waitUntilExit()
            return out
        }
        let export = try generate([])
        let log = try generate(["--events"])
        for format in ["markdown", "ansi"] {
            let expected = ToolRun(["render", export, "--format", format])
            #expect(expected.status == 0)
            let run = ToolRun(["render", log, "--format", format])
            #expect(run.status == 0, "\(run.errors)")
            #expect(run.errors.contains("older than the version of message"))
            // All but the footer, which counts the 20 messages deleted for good (one in a hundred).
            let (body, footer) = Self.splitFooter(run.output)
            #expect(body == Self.splitFooter(expected.output).body)
            #expect(footer.contains("20 messages deleted for good"), "\(footer)")
        }
    }

    /// A document and its footer, the text after its last line of `-` or `─`.
    private static func splitFooter(_ output: String) -> (body: String, footer: String) {
        var lines = output.split(separator: "\n", omittingEmptySubsequences: false)
        guard let rule = lines.lastIndex(where: { $0.hasPrefix("-----") || $0.hasPrefix("─────") }) else { return (output, "") }
        let footer = lines[rule...].joined(separator: "\n")
        lines.removeSubrange(rule...)
        return (lines.joined(separator: "\n"), footer)
    }

    /// Two channels, each with a message deleted for good (the second channel's twice over),
    /// and a hard deletion of a message the log never showed in a channel it does not know.
    static let twoChannelLog = [
        #"{"type": "message.new", "cid": "messaging:a", "created_at": "2026-03-02T09:01:00Z", "message": {"id": "a1", "text": "kept in a", "created_at": "2026-03-02T09:01:00Z"}}"#,
        #"{"type": "message.new", "cid": "messaging:a", "created_at": "2026-03-02T09:02:00Z", "message": {"id": "a2", "text": "gone from a", "created_at": "2026-03-02T09:02:00Z"}}"#,
        #"{"type": "message.new", "cid": "messaging:b", "created_at": "2026-03-02T09:03:00Z", "message": {"id": "b1", "text": "kept in b", "created_at": "2026-03-02T09:03:00Z"}}"#,
        #"{"type": "message.new", "cid": "messaging:b", "created_at": "2026-03-02T09:04:00Z", "message": {"id": "b2", "text": "gone from b", "created_at": "2026-03-02T09:04:00Z"}}"#,
        #"{"type": "message.new", "cid": "messaging:b", "created_at": "2026-03-02T09:05:00Z", "message": {"id": "b3", "text": "also gone from b", "created_at": "2026-03-02T09:05:00Z"}}"#,
        #"{"type": "message.deleted", "cid": "messaging:a", "created_at": "2026-03-02T09:06:00Z", "message_id": "a2", "hard_delete": true}"#,
        #"{"type": "message.deleted", "cid": "messaging:b", "created_at": "2026-03-02T09:07:00Z", "message_id": "b2", "hard_delete": true}"#,
        #"{"type": "message.deleted", "cid": "messaging:b", "created_at": "2026-03-02T09:08:00Z", "message_id": "b3", "hard_delete": true}"#,
        #"{"type": "message.deleted", "cid": "messaging:zz", "created_at": "2026-03-02T09:09:00Z", "message_id": "x9", "hard_delete": true}"#,
    ].joined(separator: "\n")

    /// Each channel's file counts the messages deleted for good in that channel, and the index
    /// counts those of all the files; the whole document counts every one.
    @Test func eachChannelsFileCountsItsOwnHardDeletions() throws {
        let input = temporaryFile(Self.twoChannelLog, extension: "ndjson")
        let whole = ToolRun(["render", input, "--format", "markdown"])
        #expect(whole.output.contains("4 messages deleted for good"), "\(whole.output)")
        let directory = Scratch.path("event-log-channels")
        let run = ToolRun(["render", input, "--output-dir", directory, "--format", "markdown"])
        #expect(run.status == 0, "\(run.errors)")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(files.count == 3, "\(files)")
        func text(_ name: String) throws -> String { try String(contentsOfFile: directory + "/" + name, encoding: .utf8) }
        let channelA = try text(try #require(files.first { $0.hasPrefix("001") }))
        let channelB = try text(try #require(files.first { $0.hasPrefix("002") }))
        #expect(channelA.contains("1 message deleted for good") && !channelA.contains("gone from a"), "\(channelA)")
        #expect(channelB.contains("2 messages deleted for good"), "\(channelB)")
        let index = try text(try #require(files.first { $0.hasPrefix("index") }))
        #expect(index.contains("3 messages deleted for good"), "\(index)")
    }

    /// A page counts the deletions of the channels that end on it.
    @Test func splitPagesCountTheHardDeletionsOfTheirChannels() throws {
        let input = temporaryFile(Self.twoChannelLog, extension: "ndjson")
        let directory = Scratch.path("event-log-pages")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let run = ToolRun(["render", input, "--split", "1", "--format", "markdown", "-o", directory + "/chat.md"])
        #expect(run.status == 0, "\(run.errors)")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        let pages = try files.filter { $0 != "chat.md" }.map { try String(contentsOfFile: directory + "/" + $0, encoding: .utf8) }
        #expect(pages.count == 2, "\(files)")
        #expect(pages.filter { $0.contains("1 message deleted for good") }.count == 1, "\(pages)")
        #expect(pages.filter { $0.contains("2 messages deleted for good") }.count == 1, "\(pages)")
        let index = try String(contentsOfFile: directory + "/chat.md", encoding: .utf8)
        #expect(index.contains("3 messages deleted for good"), "\(index)")
    }
}
