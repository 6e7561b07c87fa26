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

    @Test(arguments: ["ansi", "markdown"])
    func textOutputsAreUnaffected(format: String) {
        let withMedia = ToolRun(["render", Self.attachments, "--format", format])
        let without = ToolRun(["render", Self.attachments, "--format", format, "--no-remote-media"])
        #expect(withMedia.status == 0)
        #expect(!withMedia.output.isEmpty)
        #expect(without.output == withMedia.output)
    }

    @Test func helpNamesTheFlag() {
        #expect(ToolRun(["render", "--help"]).output.contains("--no-remote-media"))
    }
}
