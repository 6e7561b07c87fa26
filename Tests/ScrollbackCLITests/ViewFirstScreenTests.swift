import Foundation
import Scrollback
import TestSupport
import Testing

@testable import ScrollbackCLI

/// `scrollback view` writes exactly what `render --format ansi` writes, whatever the input
/// holds late in the file that its first screen shows (issue 59: the first screen must come
/// quickly, and must not change). The first screen of a channel depends on the whole channel:
/// its header gives the channel's last date, a thread's replies may come at the end, a quote
/// may point at a message further on, and a display name another author takes later gets its
/// user id. These tests pin that the paged output is the rendering's, byte for byte.
@Suite struct ViewFirstScreenTests {
    /// Every sample, with and without colour, equals `render --format ansi --single-thread`
    /// (the rendering with no thread of its own: no reading ahead, no parallel index).
    @Test(arguments: try! FileManager.default.contentsOfDirectory(atPath: samples.path).filter { $0.hasSuffix("json") }.sorted())
    func viewOfEachSampleEqualsTheSingleThreadedRendering(name: String) {
        let path = samples.appendingPathComponent(name).path
        for colour in ["always", "never"] {
            let common = ["--width", "80", "--color", colour, "--me", "maya", "--timezone", "UTC"]
            let view = ToolRun(["view", path, "--no-pager"] + common)
            let render = ToolRun(["render", path, "--format", "ansi", "--single-thread"] + common)
            #expect(view.status == render.status, "\(name): \(view.errors)")
            #expect(!view.bytes.isEmpty, "\(name)")
            #expect(view.bytes == render.bytes, "\(name), colour \(colour)")
        }
    }

    /// A transcript whose first screen needs what only its end says, small enough that the
    /// index reads it alone, and large enough (past four segments of
    /// ``ParallelIndexReading/segmentSize``) that two parsers read its end at once.
    @Test(arguments: [0, 6 << 20])
    func firstScreenThatNeedsTheEndOfTheFileIsTheRenderingsFirstScreen(padding: Int) throws {
        let path = Self.lateFacts(paddingBytes: padding)
        if padding > 0 {
            let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
            #expect(size > 4 * (1 << 20) + 4096, "long enough for the parallel index")
        }
        let common = ["--width", "80", "--color", "always", "--timezone", "UTC"]
        let view = ToolRun(["view", path, "--no-pager"] + common)
        let threaded = ToolRun(["render", path, "--format", "ansi"] + common)
        let single = ToolRun(["render", path, "--format", "ansi", "--single-thread"] + common)
        #expect(view.status == 0, "\(view.errors)")
        #expect(view.bytes == single.bytes)
        #expect(threaded.bytes == single.bytes)
        // What the first screen shows from the end of the file.
        let firstScreen = Self.withoutEscapes(
            view.output.split(separator: "\n", omittingEmptySubsequences: false).prefix(40).joined(separator: "\n"))
        #expect(firstScreen.contains("Mar 13, 2026 – Friday, Mar 20, 2026"), "the channel's last date, from its last message")
        #expect(firstScreen.contains("3 Thread Replies"), "the replies, written at the end")
        #expect(firstScreen.contains("reply at the end 1"))
        #expect(firstScreen.contains("Reply to a message shown elsewhere in this transcript"), "the quoted message is further on")
        #expect(firstScreen.contains("Sam (sam-1)"), "a name another author takes later")
    }

    /// Through a pager, the pager reads exactly the rendering for the terminal.
    @Test func thePagerGetsTheRenderingForTheTerminal() throws {
        let path = Self.lateFacts(paddingBytes: 0)
        let paged = Scratch.file("paged", extension: "ansi", holding: [])
        let environment = ["TZ": "UTC", "TERM": "xterm-256color", "PATH": "/usr/bin:/bin", "PAGER": "dd status=none of=\(paged)"]
        let view = ToolRun(["view", path], environment: environment, terminal: true)
        let render = ToolRun(["render", path, "--format", "ansi", "--single-thread"], environment: environment, terminal: true)
        #expect(view.status == 0, "\(view.errors)")
        #expect(view.bytes.isEmpty, "everything went to the pager")
        let received = try [UInt8](Data(contentsOf: URL(fileURLWithPath: paged)))
        #expect(!received.isEmpty)
        #expect(received == render.bytes)
    }

    /// A channel whose first messages need its end: a thread whose three replies come last,
    /// a quote of the last message, an author whose display name a second author takes at the
    /// end, and a last message a week after the others. `paddingBytes` of a member no one draws
    /// go between, spread over messages of about 2 kB.
    static func lateFacts(paddingBytes: Int) -> String {
        func user(_ id: String, _ name: String) -> [String: Any] { ["id": id, "name": name] }
        func message(_ id: String, _ text: String, minute: Int, author: [String: Any], extra: [String: Any] = [:]) -> [String: Any] {
            var message: [String: Any] = [
                "id": id, "type": "regular", "text": text, "user": author,
                "created_at": String(format: "2026-03-13T09:%02d:%02dZ", (minute / 60) % 60, minute % 60),
            ]
            message.merge(extra) { _, new in new }
            return message
        }
        let maya = user("maya", "Maya Okafor")
        let sam = user("sam-1", "Sam")
        var messages: [[String: Any]] = [
            message("m-1", "the thread's first message", minute: 0, author: maya),
            message("m-2", "quoting the last message", minute: 1, author: sam, extra: ["quoted_message_id": "m-last"]),
        ]
        let fillerCount = paddingBytes / 2048
        let filler = String(repeating: "x", count: 1900)
        for index in 0..<fillerCount {
            messages.append(
                message(
                    "f-\(index)", "filler \(index)", minute: 2 + index % 3000, author: index % 2 == 0 ? maya : sam,
                    extra: ["padding": filler]))
        }
        for reply in 1...3 {
            messages.append(
                message("r-\(reply)", "reply at the end \(reply)", minute: 3000 + reply, author: maya, extra: ["parent_id": "m-1"]))
        }
        messages.append(message("m-other-sam", "another Sam", minute: 3100, author: user("sam-2", "Sam")))
        var last = message("m-last", "the quoted message, written last", minute: 0, author: maya)
        last["created_at"] = "2026-03-20T10:00:00Z"
        messages.append(last)
        let export: [String: Any] = [
            "channel": ["id": "late", "cid": "messaging:late", "type": "messaging", "name": "Late facts", "member_count": 3],
            "messages": messages,
        ]
        let data = try! JSONSerialization.data(withJSONObject: export, options: [.sortedKeys])
        return Scratch.file("late-facts", extension: "json", holding: [UInt8](data))
    }

    static func withoutEscapes(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }
}
