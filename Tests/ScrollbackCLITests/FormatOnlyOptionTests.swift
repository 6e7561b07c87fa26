import Foundation
import Scrollback
import TestSupport
import Testing

@testable import ScrollbackCLI

/// An option that only one format reads is refused with another, naming both: given to HTML,
/// `--width` would change nothing, and the user would not know. Which format an option belongs
/// to is said where it is declared.
@Suite struct FormatOnlyOptionTests {
    static let input = samples.appendingPathComponent("launch-room.json").path

    /// `render`'s options that belong to one format.
    static let formatOptions = RenderCommand.spec.options.filter { $0.format != nil }

    /// Each option of one format with a value it accepts.
    static let given: [String: [String]] = [
        "width": ["--width", "100"], "color": ["--color", "always"], "appearance": ["--appearance", "light"],
        "hyperlinks": ["--hyperlinks", "never"], "ascii": ["--ascii"], "urls": ["--urls", "full"], "style": ["--style", "compact"],
        "no-remote-media": ["--no-remote-media"], "search": ["--search"], "media-dir": ["--media-dir", "media"],
    ]

    @Test func everyOptionOfAFormatIsGivenHere() {
        #expect(Set(Self.formatOptions.map(\.name)) == Set(Self.given.keys))
    }

    @Test(arguments: formatOptions.map(\.name), OutputFormat.allCases)
    func anOptionOfAnotherFormatIsRefused(name: String, format: OutputFormat) throws {
        let owner = try #require(Self.formatOptions.first { $0.name == name }?.format)
        let arguments = try #require(Self.given[name])
        let run = ToolRun(["render", Self.input, "--format", format.name, "--timezone", "UTC"] + arguments)
        guard owner != format else {
            // With its own format it is taken (media-dir then asks for an output folder).
            #expect(run.status == 0 || run.errors.contains("--media-dir needs --output"), "\(run.errors)")
            return
        }
        #expect(run.status == 64)
        let expected =
            "Error: --\(name) is for \(owner.name.uppercased()) output (--format \(owner.name)), not \(format.name).\n"
        #expect(run.errors.hasPrefix(expected), "\(run.errors)")
        #expect(run.output.isEmpty)
    }

    @Test func theFormatMayComeFromTheOutputsExtension() {
        let output = Scratch.path("refused", extension: "md")
        let run = ToolRun(["render", Self.input, "--output", output, "--width", "100"])
        #expect(run.status == 64)
        #expect(run.errors.hasPrefix("Error: --width is for ANSI output (--format ansi), not markdown.\n"), "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func theFirstGivenIsNamed() {
        let run = ToolRun(["render", Self.input, "--search", "--style", "compact", "--format", "ansi"])
        #expect(run.errors.hasPrefix("Error: --search is for HTML output (--format html), not ansi.\n"), "\(run.errors)")
    }
}
