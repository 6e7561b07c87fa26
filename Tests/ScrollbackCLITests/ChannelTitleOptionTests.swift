import Foundation
import Scrollback
import TestSupport
import Testing

@testable import ScrollbackCLI

/// Issue 14, item 10: `--output-dir` names the files and index entries of channels without a
/// name after their members, leaving out `--me`.
@Suite struct ChannelTitleOptionTests {
    static let channels = """
        {"channels": [
          {"channel": {"id": "!members-O0u", "cid": "messaging:!members-O0u"},
           "members": [{"user_id": "me", "user": {"id": "me", "name": "Me"}}, {"user_id": "ann", "user": {"id": "ann", "name": "Ann"}},
                       {"user_id": "bo", "user": {"id": "bo", "name": "Bo"}}],
           "messages": [{"id": "1", "text": "hi", "user": {"id": "ann", "name": "Ann"}, "created_at": "2026-05-01T09:00:00Z"}]},
          {"channel": {"id": "general", "name": "General"},
           "messages": [{"id": "2", "text": "yo", "user": {"id": "bo", "name": "Bo"}, "created_at": "2026-05-02T09:00:00Z"}]}
        ]}
        """

    @Test func outputDirectoryFilesAndIndexUseTheMembersNames() throws {
        let directory = Scratch.path("titles")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = ToolRun(["render", temporaryFile(Self.channels), "--output-dir", directory, "--me", "me"])
        #expect(run.status == 0, "\(run.errors)")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(names == ["001-ann-and-bo.html", "002-general.html", "index.html"])
        let index = try String(contentsOfFile: directory + "/index.html", encoding: .utf8)
        #expect(index.contains("Ann and Bo"))
        #expect(!index.contains("!members"))
        let page = try String(contentsOfFile: directory + "/001-ann-and-bo.html", encoding: .utf8)
        #expect(page.contains("<title>Ann and Bo</title>"))
    }
}
