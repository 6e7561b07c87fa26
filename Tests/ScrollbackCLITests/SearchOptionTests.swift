import Foundation
import Scrollback
import TestSupport
import Testing

@testable import ScrollbackCLI

/// `render --search`: HTML only; each page of `--split` and each file of `--output-dir` searches
/// itself, and an index has nothing to search.
@Suite struct SearchOptionTests {
    static let input = samples.appendingPathComponent("threads.json").path

    @Test func addsTheBarAndTheScriptToAPage() {
        let plain = ToolRun(["render", Self.input, "--timezone", "UTC", "--format", "html"])
        let run = ToolRun(["render", Self.input, "--timezone", "UTC", "--format", "html", "--search"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("<input id=\"sb-search-input\" type=\"search\""))
        #expect(run.output.contains("<script>" + HTMLOptions.SearchScript.source + "</script>"))
        #expect(run.output.contains("script-src 'sha256-\(HTMLOptions.SearchScript.hash)'"))
        #expect(!plain.output.contains("<script") && !plain.output.contains("sb-search"))
    }

    @Test(arguments: [("markdown", "markdown"), ("ansi", "ansi"), ("md", "markdown")])
    func isRefusedForAnotherFormat(_ format: String, _ name: String) {
        let run = ToolRun(["render", Self.input, "--format", format, "--search"])
        #expect(run.status == 64)
        #expect(run.errors.hasPrefix("Error: --search is for HTML output (--format html), not \(name).\n"), "\(run.errors)")
        #expect(run.output.isEmpty)
    }

    @Test func isRefusedForAnOutputFileInAnotherFormat() {
        let output = Scratch.path("search", extension: "md")
        let run = ToolRun(["render", Self.input, "--search", "-o", output])
        #expect(run.status == 64)
        #expect(run.errors.contains("--search is for HTML output (--format html), not markdown."), "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func eachPageOfASplitSearchesItselfAndSaysSo() throws {
        let directory = SplitOptionTests.directory()
        let run = ToolRun(["render", Self.input, "--split", "6", "-o", directory + "/chat.html", "--timezone", "UTC", "--search"])
        #expect(run.status == 0, "\(run.errors)")
        let pages = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("chat-") }
        #expect(pages.count >= 2)
        for page in pages {
            let html = try String(contentsOfFile: directory + "/" + page, encoding: .utf8)
            #expect(html.contains("<input id=\"sb-search-input\""), "\(page)")
            #expect(html.contains("<span class=\"sb-search-scope\">This page only</span>"), "\(page)")
        }
        // The index lists pages: it has no bar (the script, finding none, does nothing).
        let index = try String(contentsOfFile: directory + "/chat.html", encoding: .utf8)
        #expect(!index.contains("<input"))
    }

    @Test func eachFileOfAnOutputDirectorySearchesItself() throws {
        let directory = SplitOptionTests.directory()
        let run = ToolRun(["render", samples.appendingPathComponent("workspace.json").path, "--output-dir", directory, "--search"])
        #expect(run.status == 0, "\(run.errors)")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".html") }.sorted()
        #expect(names.count >= 3)
        for name in names {
            let html = try String(contentsOfFile: directory + "/" + name, encoding: .utf8)
            #expect(html.contains("<input id=\"sb-search-input\"") == (name != "index.html"), "\(name)")
            #expect(!html.contains("<span class=\"sb-search-scope\">"), "\(name): a channel's file is the whole channel")
        }
    }

    @Test func helpListsTheOption() {
        #expect(ToolRun(["render", "--help"]).output.contains("--search"))
    }
}
