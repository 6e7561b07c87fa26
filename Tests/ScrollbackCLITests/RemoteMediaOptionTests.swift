import Foundation
import Scrollback
import Testing

@testable import ScrollbackCLI

/// `--no-remote-media`: HTML that fetches nothing when opened; the text outputs unchanged.
@Suite struct RemoteMediaOptionTests {
    static let attachments = samples.appendingPathComponent("attachments.json").path

    @Test func htmlWithoutRemoteMediaHasNoImages() {
        let withMedia = ToolRun(["render", Self.attachments, "--format", "html"])
        let without = ToolRun(["render", Self.attachments, "--format", "html", "--no-remote-media"])
        #expect(withMedia.status == 0 && without.status == 0)
        #expect(withMedia.output.contains("<img src=\"https://"))
        #expect(!without.output.contains("<img"))
        #expect(!without.output.contains(" src=\""))
        #expect(without.output.contains("img-src 'none'"))
        #expect(without.output.contains("sb-image-placeholder"))
    }

    /// Text outputs load nothing: the flag would change nothing there, so it is refused.
    @Test(arguments: ["ansi", "markdown"])
    func textOutputsRefuseTheFlag(format: String) {
        let run = ToolRun(["render", Self.attachments, "--format", format, "--no-remote-media"])
        #expect(run.status == 64)
        #expect(run.errors.hasPrefix("Error: --no-remote-media is for HTML output (--format html), not \(format).\n"), "\(run.errors)")
        #expect(run.output.isEmpty)
    }

    @Test func helpNamesTheFlag() {
        #expect(ToolRun(["render", "--help"]).output.contains("--no-remote-media"))
    }
}
