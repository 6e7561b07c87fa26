import Foundation
import Testing

@testable import Scrollback

/// Issue 13, item 15: the channels of a multi-channel file stand under a divider, and one
/// without messages says so, in every output.
@Suite struct ChannelDividerTests {
    static let channels = """
        {"channels": [
          {"channel": {"id": "a", "name": "general"}, "messages": [
            {"id": "1", "text": "Hello", "user": {"id": "u1", "name": "Maya"}, "created_at": "2026-03-09T09:31:00Z"}]},
          {"channel": {"id": "b", "name": "random"}, "messages": []},
          {"channel": {"id": "c", "name": "third"}, "messages": [
            {"id": "2", "text": "Hi", "user": {"id": "u1", "name": "Maya"}, "created_at": "2026-03-09T09:35:00Z"}]},
          {"channel": {"id": "d", "name": "last"}, "messages": []}
        ]}
        """

    func render(_ format: OutputFormat, width: Int = 60) throws -> String {
        var options = RenderOptions()
        options.ansi.width = width
        let renderer = TranscriptRenderer(options: options)
        var reader = TranscriptReader(bytes: Array(Self.channels.utf8))
        var backend = format.makeBackend(output: "", options: options)
        _ = try renderer.render(&reader, to: &backend)
        return backend.output
    }

    @Test func channelsGetAHeavyRuleWithTheirName() throws {
        let lines = try render(.ansi).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for name in ["general", "random", "third", "last"] {
            let rule = "━━ \(name) " + String(repeating: "━", count: 60 - 4 - name.count)
            #expect(lines.contains(rule), "\(name)")
        }
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 60 })
    }

    @Test(arguments: [OutputFormat.ansi, .markdown, .html])
    func emptyChannelsSaySo(format: OutputFormat) throws {
        let output = try render(format)
        // Once under each empty channel, and not again for the document, which has messages.
        #expect(output.ranges(of: "No messages").count == 2, "\(format)")
        let random = try #require(output.range(of: "random"))
        let third = try #require(output.range(of: "third"))
        let empty = try #require(output.range(of: "No messages"))
        #expect(random.upperBound < empty.lowerBound && empty.upperBound < third.lowerBound)
    }

    @Test func anEmptyLoneChannelSaysItOnce() throws {
        var reader = TranscriptReader(bytes: Array(#"{"channels": [{"channel": {"id": "b", "name": "random"}, "messages": []}]}"#.utf8))
        var backend = OutputFormat.ansi.makeBackend(output: "", options: RenderOptions())
        _ = try TranscriptRenderer().render(&reader, to: &backend)
        #expect(backend.output.ranges(of: "No messages").count == 1)
    }
}
