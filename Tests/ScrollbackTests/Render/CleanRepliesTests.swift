import Foundation
import TestSupport
import Testing

@testable import Scrollback

/// The render pass steps over a thread reply that its thread, drawn before, decoded with
/// nothing to report (``CleanReplies``): the document and the warnings are those of decoding
/// it again, and only such replies are stepped over.
@Suite struct CleanRepliesTests {
    /// A message `second` seconds into the day, by one of three authors.
    static func message(_ id: String, at second: Int, parent: String? = nil, showInChannel: Bool = false, extra: String = "")
        -> String
    {
        let author = second % 3
        let time = String(format: "2026-04-01T%02d:%02d:%02dZ", 8 + second / 3600, second / 60 % 60, second % 60)
        var fields = [
            #""id":"\#(id)""#, #""text":"Message *\#(id)*""#,
            #""user":{"id":"u\#(author)","name":"User \#(author)","image":"https://example.com/\#(author).png"}"#,
            #""created_at":"\#(time)""#,
        ]
        if let parent { fields.append(#""parent_id":"\#(parent)""#) }
        if showInChannel { fields.append(#""show_in_channel":true"#) }
        if !extra.isEmpty { fields.append(extra) }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// Two threads whose replies come long after their first message (far past the reading's
    /// batches), beside replies that must be decoded again: one with a problem to report, one
    /// also sent to the channel, one whose thread has no first message, one met before its
    /// first message, and one that is not UTF-8 throughout.
    static let input: [UInt8] = {
        var elements = [message("p1", at: 0), message("early", at: 1, parent: "p9")]
        elements += (0..<150).map { message("f\($0)", at: 10 + $0) }
        elements += [
            message("p9", at: 200),
            message("clean1", at: 201, parent: "p1"),
            message("warned", at: 202, parent: "p1", extra: #""updated_at":12"#),
            message("shown", at: 203, parent: "p1", showInChannel: true),
            message("orphan", at: 204, parent: "gone"),
            message("broken", at: 205, parent: "p1", extra: #""note":"BROKEN""#),
        ]
        elements += (150..<300).map { message("f\($0)", at: 210 + $0) }
        elements += [message("clean2", at: 600, parent: "p1"), message("clean9", at: 601, parent: "p9")]
        let json = #"{"channel":{"id":"c","name":"Threads"},"messages":["# + elements.joined(separator: ",\n") + "]}"
        // A lone continuation byte in a member the reading skips.
        var bytes = Array(json.utf8)
        let marker = Array("BROKEN".utf8)
        let at = (0...(bytes.count - marker.count)).first { Array(bytes[$0..<$0 + marker.count]) == marker }!
        bytes.replaceSubrange(at..<at + marker.count, with: [0x41, 0x80, 0x42])
        return bytes
    }()

    static func render(_ bytes: [UInt8], strict: Bool, threading: TranscriptRenderer.Threading, skims: Bool) throws -> (
        output: String, warnings: [ReadWarning], error: ReadError?
    ) {
        let path = Scratch.path("clean-replies", extension: "json")
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var renderer = TranscriptRenderer(options: .default)
        renderer.threading = threading
        renderer.skimsCleanReplies = skims
        var warnings: [ReadWarning] = []
        var backend = HTMLBackend(output: "", options: .default)
        do {
            try renderer.render(path: path, strict: strict, onWarning: { warnings.append($0) }, to: &backend)
            return (backend.output, warnings, nil)
        } catch {
            return (backend.output, warnings, error)
        }
    }

    @Test(arguments: [false, true], [TranscriptRenderer.Threading.none, .readingOnly, .readingAndWriting])
    func theDocumentAndItsWarningsAreThoseOfDecodingEveryReply(strict: Bool, threading: TranscriptRenderer.Threading) throws {
        let decoded = try Self.render(Self.input, strict: strict, threading: threading, skims: false)
        let skimmed = try Self.render(Self.input, strict: strict, threading: threading, skims: true)
        #expect(skimmed.output == decoded.output)
        #expect(skimmed.warnings == decoded.warnings)
        #expect(skimmed.error == decoded.error)
        // The replies are in the document, under their thread.
        for id in ["clean1", "clean2", "clean9", "warned", "shown", "broken", "early"] {
            #expect(skimmed.output.contains("Message <em>\(id)</em>") || strict, "\(id)")
        }
        if strict {
            #expect(skimmed.error != nil, "the reply with a problem stops a strict rendering")
        } else {
            #expect(skimmed.warnings.contains { $0.messageID == "warned" }, "the reply with a problem is reported")
            #expect(skimmed.warnings.contains { $0.reason.contains("UTF-8") }, "the reply that is not UTF-8 is reported")
        }
    }

    @Test func onlyCleanRepliesMetAfterTheirThreadAreSteppedOver() throws {
        var first = TranscriptReader(indexing: ByteSource(bytes: Self.input))
        let index = try TranscriptIndex(reading: &first)
        var second = TranscriptReader(bytes: Self.input)
        var backend = HTMLBackend(output: "", options: .default)
        try TranscriptRenderer(options: .default).render(&second, index: index, to: &backend)
        // clean1, clean2 and clean9; not the reply with a problem, the one also sent to the
        // channel, the orphan, the one that is not UTF-8, nor the one met before its thread,
        // which is not kept either: the reading had passed it when its thread was drawn.
        #expect(index.cleanReplies.counts == (taken: 3, kept: 0))
    }
}
