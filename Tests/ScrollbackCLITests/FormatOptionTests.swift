import Foundation
import Scrollback
import TestSupport
import Testing

@testable import ScrollbackCLI

/// `--format` and the format read from `--output`'s extension: every name a format answers to.
@Suite struct FormatOptionTests {
    static let input = samples.appendingPathComponent("launch-room.json").path

    static func rendered(_ arguments: [String]) -> ToolRun {
        ToolRun(["render", input, "--timezone", "UTC"] + arguments)
    }

    @Test(arguments: [("htm", "html"), ("HTML", "html"), ("txt", "ansi"), ("Ansi", "ansi"), ("md", "markdown"), ("MD", "markdown")])
    func aliasesAndAnyCaseGiveTheFormat(alias: String, name: String) {
        let expected = Self.rendered(["--format", name])
        #expect(expected.status == 0)
        #expect(!expected.output.isEmpty)
        let run = Self.rendered(["--format", alias])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output == expected.output)
    }

    @Test func anUnknownFormatNamesTheFormats() {
        let run = Self.rendered(["--format", "pdf"])
        #expect(run.status == 64)
        #expect(run.errors.hasPrefix("Error: Unknown format 'pdf'. Use html, ansi or markdown.\n"), "\(run.errors)")
        #expect(run.output.isEmpty)
    }

    @Test func helpListsTheFormats() {
        #expect(ToolRun(["render", "--help"]).output.contains("html, ansi or markdown."))
    }

    @Test(arguments: [
        ("htm", "html"), ("html", "html"), ("TXT", "ansi"), ("ansi", "ansi"), ("markdown", "markdown"),
        ("md", "markdown"), ("pdf", "html"),
    ])
    func theOutputExtensionChoosesTheFormat(pathExtension: String, name: String) throws {
        let output = Scratch.path("format", extension: pathExtension)
        defer { try? FileManager.default.removeItem(atPath: output) }
        let run = Self.rendered(["--output", output])
        #expect(run.status == 0, "\(run.errors)")
        let written = try String(contentsOfFile: output, encoding: .utf8)
        #expect(written == Self.rendered(["--format", name]).output)
    }
}
