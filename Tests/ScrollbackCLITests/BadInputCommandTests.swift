import Foundation
import TestSupport
import Testing

@testable import ScrollbackCLI

/// `render`, `validate` and `--strict` agree about every problem in an input: whatever render
/// warns about, validate reports (exit 65) and --strict refuses.
@Suite struct BadInputCommandTests {
    /// 1,500 list items each inside the last, then 1,500 blank lines (JSON escapes).
    static let deepLists = String(repeating: "- ", count: 1_500) + "a" + String(repeating: #"\n"#, count: 1_500) + "b"

    static let problems: [(name: String, bytes: [UInt8], warning: String)] = [
        ("invalid UTF-8", Array(#"[{"id": "a", "text": "caf"#.utf8) + [0xE9] + Array(#""}]"#.utf8), "not UTF-8"),
        ("no id", Array(#"[{"text": "no id here"}]"#.utf8), #"no "id""#),
        ("a user, not a transcript", Array(#"{"id": "u1", "name": "Maya"}"#.utf8), "no messages found (it looks like a user)"),
        ("an empty list", Array("[]".utf8), "no messages found (it looks like an empty list)"),
        // Stream's other payloads, each with the `created_at` that once made a phantom message of it.
        (
            "a user with dates", Array(#"{"id": "u1", "name": "Maya", "created_at": "2025-06-01T08:00:00Z", "online": false}"#.utf8),
            "no messages found (it looks like a user)"
        ),
        (
            "a channel object",
            Array(#"{"id": "c", "type": "messaging", "cid": "messaging:c", "created_at": "2025-06-01T08:00:00Z", "member_count": 2}"#.utf8),
            "no messages found (it looks like a channel without messages)"
        ),
        (
            "a member", Array(#"{"user_id": "u1", "user": {"id": "u1"}, "role": "member", "created_at": "2025-06-01T08:00:00Z"}"#.utf8),
            "no messages found (it looks like a member)"
        ),
        (
            "a reaction",
            Array(#"{"message_id": "m1", "user_id": "u1", "type": "like", "score": 1, "created_at": "2025-06-01T08:00:00Z"}"#.utf8),
            "no messages found (it looks like a reaction)"
        ),
        (
            "a reminder",
            Array(
                #"{"message_id": "m1", "channel_cid": "messaging:c", "remind_at": "2025-06-02T08:00:00Z", "created_at": "2025-06-01T08:00:00Z"}"#
                    .utf8),
            "no messages found (it looks like a reminder)"
        ),
        (
            "messages out of time order",
            Array(
                #"[{"id": "a", "text": "later", "created_at": "2026-03-01T10:05:00Z"}, {"id": "b", "text": "sooner", "created_at": "2026-03-01T10:01:00Z"}]"#
                    .utf8),
            "not sorted by time"
        ),
        (
            "too much markup", Array("[{\"id\": \"a\", \"text\": \"\(String(repeating: "![[]()", count: 300))\"}]".utf8),
            "shown as plain text"
        ),
        (
            "blank lines under deeply nested lists",
            Array("[{\"id\": \"a\", \"text\": \"\(deepLists)\"}]".utf8),
            "blank lines under lists or quotes"
        ),
    ]

    @Test func renderWarnsValidateFailsStrictRefuses() {
        for problem in Self.problems {
            let path = Scratch.file("input", extension: "json", holding: problem.bytes)
            let render = ToolRun(["render", path, "--format", "markdown"])
            #expect(render.status == 0, "\(problem.name): \(render.errors)")
            #expect(
                render.errors.contains("warning: \(path): ") && render.errors.contains(problem.warning), "\(problem.name): \(render.errors)"
            )

            let validate = ToolRun(["validate", path])
            #expect(validate.status == 65, "\(problem.name)")
            #expect(validate.errors.contains(problem.warning), "\(problem.name): \(validate.errors)")

            let strict = ToolRun(["render", path, "--format", "markdown", "--strict"])
            #expect(strict.status == 65, "\(problem.name)")
            // Strict stops at the first problem render reported.
            let first = render.errors.split(separator: "\n").first.map { $0.dropFirst("warning: \(path): ".count) } ?? ""
            #expect(strict.errors.contains("Error: ") && strict.errors.contains(first), "\(problem.name): \(strict.errors)")
        }
    }

    /// Five thousand unusable messages are not five thousand lines on standard error: `render`
    /// and `view` say the first twenty and count the rest, naming the file as a shell takes it;
    /// `validate` says every one, and `--strict` still stops at the first.
    @Test func aStormOfWarningsIsCutShort() {
        let elements = [#"{"id": "ok", "text": "fine"}"#] + Array(repeating: "42", count: 5_000)
        let path = Scratch.file("a storm", extension: "json", holding: Array(("[" + elements.joined(separator: ",") + "]").utf8))
        let summary = "warning: \(path): …and 4980 more; run scrollback validate '\(path)' for all of them\n"
        let commands = [
            ["render", path, "--format", "markdown"], ["view", path, "--no-pager"],
            ["render", path, "--output-dir", Scratch.path("site")],
            ["render", path, "--output", Scratch.path("chat", extension: "md"), "--split", "1"],
        ]
        // `view` through a pager holds its warnings until the pager is done: still twenty.
        let paged = ToolRun(
            ["view", path, "--appearance", "dark"], environment: ["TZ": "UTC", "SCROLLBACK_PAGER": "tail -n 0"], terminal: true)
        for (command, run) in commands.map({ ($0, ToolRun($0)) }) + [(["view (paged)"], paged)] {
            #expect(run.status == 0, "\(command): \(run.errors)")
            #expect(!run.errors.contains("cannot run pager"))
            let warnings = run.errors.split(separator: "\n").filter { $0.hasPrefix("warning: \(path): [") }
            #expect(warnings.count == 20, "\(command)")
            #expect(warnings.last?.contains("[20] (message 20,") == true, "\(command)")
            #expect(run.errors.hasSuffix(summary), "\(command): \(run.errors.suffix(300))")
        }

        let validate = ToolRun(["validate", path])
        #expect(validate.status == 65)
        #expect(validate.errors.components(separatedBy: "skipped: expected a message object").count == 5_001)
        #expect(!validate.errors.contains("more; run"))

        let strict = ToolRun(["render", path, "--format", "markdown", "--strict"])
        #expect(strict.status == 65)
        #expect(
            strict.errors
                == "Error: \(path): invalid message: [1] (message 1, line 1, column 31): skipped: expected a message object, found a number\n"
        )
    }

    /// The warning that says what a file without messages holds comes past the limit too.
    @Test func theWarningAboutTheWholeInputIsAlwaysSaid() {
        let users = (0..<30).map { #"{"id": "u\#($0)", "name": "User \#($0)", "created_at": "2025-06-01T08:00:00Z"}"# }
        let path = Scratch.file("users", extension: "json", holding: Array(("[" + users.joined(separator: ",") + "]").utf8))
        let render = ToolRun(["render", path, "--format", "markdown"])
        #expect(render.errors.contains("warning: \(path): no messages found (it looks like a list of users)\n"))
        #expect(render.errors.hasSuffix("warning: \(path): …and 10 more; run scrollback validate \(path) for all of them\n"))
    }

    @Test func theWayToSeeEveryWarningCanBePasted() {
        #expect(InputWarnings.howToSeeAll("chat.json") == "run scrollback validate chat.json for all of them")
        #expect(InputWarnings.howToSeeAll("Mia's chat.json") == #"run scrollback validate 'Mia'\''s chat.json' for all of them"#)
        // Standard input was read once: the user knows what to give validate again.
        #expect(InputWarnings.howToSeeAll("-") == "pipe the same input to scrollback validate for all of them")
    }

    @Test func aCleanInputStaysClean() {
        let path = Scratch.file("input", extension: "json", holding: Array(#"[{"id": "a", "text": "fine, with ünïcode"}]"#.utf8))
        #expect(ToolRun(["validate", path]).status == 0)
        let render = ToolRun(["render", path, "--format", "markdown", "--strict"])
        #expect(render.status == 0 && render.errors.isEmpty, "\(render.errors)")
    }
}
