import Foundation
import Scrollback
import TestSupport
import Testing

@testable import ScrollbackCLI

/// `render --split N --output chat.html`: the pages beside the named file, which becomes their index.
@Suite struct SplitOptionTests {
    static func messages(_ count: Int) -> String {
        let list = (1...count).map { number in
            #"{"id": "m\#(number)", "text": "message \#(number)", "user": {"id": "u\#(number % 3)"}, "created_at": "2026-05-0\#(1 + number / 4)T09:\#(10 + number):00Z"}"#
        }
        return #"{"channel": {"id": "general", "name": "General"}, "messages": ["# + list.joined(separator: ",\n") + "]}"
    }

    static func directory() -> String {
        let path = Scratch.path("split")
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func writesThePagesAndAnIndexOfThem() throws {
        let input = temporaryFile(Self.messages(7))
        let directory = Self.directory()
        let run = ToolRun(["render", input, "--split", "3", "-o", directory + "/chat.html", "--timezone", "UTC"])
        #expect(run.status == 0, "\(run.errors)")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(names == ["chat-001.html", "chat-002.html", "chat-003.html", "chat.html"])
        #expect(
            run.output == ["chat-001.html", "chat-002.html", "chat-003.html", "chat.html"].map { directory + "/" + $0 + "\n" }.joined())
        let index = try String(contentsOfFile: directory + "/chat.html", encoding: .utf8)
        for page in 1...3 { #expect(index.contains("href=\"chat-00\(page).html\""), "page \(page)") }
        #expect(index.contains("<title>General</title>"))
        #expect(index.contains("Page 3"))
        #expect(index.contains("3 messages") && index.contains("1 message"))
        let last = try String(contentsOfFile: directory + "/chat-003.html", encoding: .utf8)
        #expect(last.contains("message 7") && !last.contains("message 6<"))
        #expect(last.contains("href=\"chat-002.html\"") && !last.contains("chat-004.html"))
    }

    @Test func markdownAndTextPagesTakeTheirFormatsExtension() throws {
        let input = temporaryFile(Self.messages(4))
        let directory = Self.directory()
        #expect(ToolRun(["render", input, "--split", "2", "-o", directory + "/log.md"]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["log-001.md", "log-002.md", "log.md"])
        let page = try String(contentsOfFile: directory + "/log-002.md", encoding: .utf8)
        #expect(page.contains("[← Previous page](log-001.md)"))
        let text = ToolRun(["render", input, "--split", "2", "-o", directory + "/log.txt", "--color", "never"])
        #expect(text.status == 0)
        let ansi = try String(contentsOfFile: directory + "/log-001.txt", encoding: .utf8)
        #expect(ansi.contains("Index") && ansi.contains("Next page →") && !ansi.contains("Previous page"))
    }

    @Test func filtersChooseWhatIsPaged() throws {
        let input = temporaryFile(Self.messages(7))
        let directory = Self.directory()
        let run = ToolRun(["render", input, "--split", "2", "--since", "m4", "-o", directory + "/chat.html"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["chat-001.html", "chat-002.html", "chat.html"])
        let first = try String(contentsOfFile: directory + "/chat-001.html", encoding: .utf8)
        #expect(first.contains("message 4") && first.contains("message 5") && !first.contains("message 3<"))
    }

    @Test(arguments: [
        (["--split", "3"], "name them with --output"),
        (["--split", "3", "-o", "-"], "name them with --output"),
        (["--split", "0", "-o", "x.html"], "1 or more"),
        (["--split", "two", "-o", "x.html"], "1 or more"),
        (["--split", "3", "--output-dir", "somewhere"], "--split and --output-dir"),
    ])
    func usageErrors(_ options: [String], _ message: String) {
        let input = temporaryFile(Self.messages(2))
        let run = ToolRun(["render", input] + options)
        #expect(run.status == 64)
        #expect(run.errors.contains(message), "\(run.errors)")
        #expect(run.output.isEmpty)
    }
}
