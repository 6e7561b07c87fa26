import Foundation
import ScrollbackTesting
import TestSupport
import Testing

@testable import Scrollback

/// Threads, the index pass behind them, and the two-pass rendering of files and pipes.
@Suite struct ThreadTests {
    // MARK: Inputs

    static func message(
        _ id: String, _ user: String, _ text: String, at minute: Int, parent: String? = nil,
        showInChannel: Bool = false, quoting quoted: String? = nil, extra: String = ""
    ) -> String {
        var fields = [
            #""id":"\#(id)""#, #""text":"\#(text)""#, #""user":{"id":"\#(user)","name":"\#(user.capitalized)"}"#,
            #""created_at":"2026-04-01T09:\#(minute < 10 ? "0" : "")\#(minute):00Z""#,
        ]
        if let parent { fields.append(#""parent_id":"\#(parent)""#) }
        if showInChannel { fields.append(#""show_in_channel":true"#) }
        if let quoted { fields.append(#""quoted_message_id":"\#(quoted)""#) }
        if !extra.isEmpty { fields.append(extra) }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// A channel with a thread whose replies are listed out of time order, one of them also sent
    /// to the channel, and two replies to a message the input lacks.
    static let channel = """
        {"channel":{"id":"c","name":"Allotment","member_count":3},"messages":[
        \(message("p1", "ana", "Who has spare canes?", at: 0, extra: #""reply_count":7"#)),
        \(message("r2", "ben", "Second reply", at: 5, parent: "p1")),
        \(message("t1", "cat", "Unrelated news", at: 6)),
        \(message("r1", "cat", "First reply", at: 2, parent: "p1", showInChannel: true)),
        \(message("o1", "ben", "Orphan one", at: 20, parent: "gone")),
        \(message("t2", "ana", "Back in the channel", at: 25)),
        \(message("o2", "ana", "Orphan two", at: 30, parent: "gone")),
        \(message("q1", "ben", "Quoting", at: 40, quoting: "p1")),
        \(message("q2", "ben", "Quoting nothing", at: 41, quoting: "absent"))
        ]}
        """

    static func render(
        _ json: String, as format: SampleTranscripts.Format = .ansi, filter: MessageFilter = MessageFilter(),
        indexed: Bool = true, options: RenderOptions = .default
    ) throws -> String {
        let bytes = Array(json.utf8)
        let renderer = TranscriptRenderer(options: options, filter: filter)
        var index: TranscriptIndex?
        if indexed {
            var first = TranscriptReader(bytes: bytes)
            index = try TranscriptIndex(reading: &first, filter: filter)
        }
        var reader = TranscriptReader(bytes: bytes)
        var backend = format.makeBackend(output: "", options: options)
        try renderer.render(&reader, index: index, to: &backend)
        return backend.output
    }

    static func scratchDirectory() throws -> String {
        let path = Scratch.path("threads")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    // MARK: The index

    @Test func indexKnowsIdsChannelDatesAndReplies() throws {
        let json = """
            {"channels":[
              {"channel":{"id":"a"},"messages":[\(Self.message("a1", "ana", "x", at: 1)),\(Self.message("a2", "ben", "y", at: 9))]},
              {"channel":{"id":"b"},"messages":[\(Self.message("b1", "ana", "x", at: 30)),
                \(Self.message("b3", "ben", "late", at: 40, parent: "b1")),\(Self.message("b2", "cat", "early", at: 35, parent: "b1"))]}
            ]}
            """
        let directory = try Self.scratchDirectory()
        var reader = TranscriptReader(bytes: Array(json.utf8))
        let index = try TranscriptIndex(reading: &reader, filter: MessageFilter(), directory: directory)
        for id in ["a1", "a2", "b1", "b2", "b3"] { #expect(index.contains(messageID: id)) }
        #expect(!index.contains(messageID: "b4"))
        #expect(index.containsTopLevel(messageID: "b1"))
        #expect(!index.containsTopLevel(messageID: "b2"), "a reply is not a thread's home")
        #expect(index.channels.count == 3) // before any channel, a, b
        #expect(index.channels[1].messageCount == 2)
        #expect(index.channels[2].messageCount == 3)
        #expect(index.channels[1].firstDate == RFC3339.parse("2026-04-01T09:01:00Z"))
        #expect(index.channels[1].lastDate == RFC3339.parse("2026-04-01T09:09:00Z"))
        #expect(index.channels[2].lastDate == RFC3339.parse("2026-04-01T09:40:00Z"))
        #expect(index.replyCount(to: "b1") == 2)
        #expect(try index.replies(to: "b1").map(\.text) == ["early", "late"], "time order, not input order")
        #expect(try index.replies(to: "a1").isEmpty)
        // The scratch file is unlinked as soon as it exists: nothing is ever left in the directory.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
        try FileManager.default.removeItem(atPath: directory)
    }

    @Test func indexHoldsIdsAndOnlyOffsetsForReplies() throws {
        var lines: [String] = []
        var replyBytes = 0
        for number in 0..<2000 {
            let isReply = number % 5 == 4
            let line = Self.message(
                "m\(number)", "u\(number % 7)", "text \(number)", at: number % 60,
                parent: isReply ? "m\(number - 1)" : nil)
            lines.append(line)
            if isReply {
                var reader = TranscriptReader(bytes: Array(line.utf8))
                if case .message(let message)? = try reader.next() { replyBytes += JSONValue.object(message.raw).serialized().utf8.count }
            }
        }
        var reader = TranscriptReader(bytes: Array(lines.joined(separator: "\n").utf8))
        let index = try TranscriptIndex(reading: &reader)
        #expect(index.storedIDCount == 2000)
        #expect(index.spooledReplyCount == 400)
        #expect(index.spoolSize == Int64(replyBytes), "the replies' JSON is on disk, not in memory")
        #expect(MemoryLayout<TranscriptIndex.SpooledReply>.stride <= 32)
        #expect(try index.replies(to: "m3").map(\.id) == ["m4"])
    }

    @Test func indexStopsAtABreakWithoutThrowing() throws {
        var reader = TranscriptReader(bytes: Array("[\(Self.message("a", "ana", "x", at: 1)), {\"id\": ".utf8))
        let index = try TranscriptIndex(reading: &reader)
        #expect(index.contains(messageID: "a"))
        #expect(index.readError != nil)
    }

    // MARK: Threads in the document

    @Test func repliesShowUnderTheirParentInTimeOrder() throws {
        let output = try Self.render(Self.channel)
        let parent = try #require(output.range(of: "Who has spare canes?"))
        let block = try #require(output.range(of: "💬 2 Thread Replies"))
        let first = try #require(output.range(of: "│ │ First reply"))
        let second = try #require(output.range(of: "│ │ Second reply"))
        let unrelated = try #require(output.range(of: "Unrelated news"))
        #expect(parent.upperBound < block.lowerBound && block.upperBound < first.lowerBound)
        #expect(first.upperBound < second.lowerBound && second.upperBound < unrelated.lowerBound)
        // The block counts the replies shown; the footer's reply_count (7) gives way to it.
        #expect(!output.contains("7 Thread Replies"))
    }

    @Test func aReplyAlsoSentToTheChannelShowsTwiceWithOneAnchor() throws {
        let html = try Self.render(Self.channel, as: .html)
        #expect(html.components(separatedBy: "First reply").count == 3)
        #expect(html.components(separatedBy: "id=\"m-r1\"").count == 2, "one anchor for two appearances")
        #expect(
            html.contains(
                "<blockquote class=\"sb-quote\"><a href=\"#m-p1\"><span class=\"sb-muted\">↳ Replied to a thread</span></a></blockquote>"))
        // The reply without show_in_channel is in the thread only.
        #expect(html.components(separatedBy: "Second reply").count == 2)
    }

    /// An id the input repeats: the thread shows under the first message with it, once, with
    /// its anchors; the others show without it.
    @Test func aThreadShowsOnceUnderARepeatedID() throws {
        let json = """
            {"messages":[\(Self.message("p", "ana", "First copy", at: 0)),\(Self.message("p", "ana", "Second copy", at: 1)),
            \(Self.message("r", "ben", "The reply", at: 2, parent: "p")),\(Self.message("p", "ana", "Third copy", at: 3))]}
            """
        let output = try Self.render(json)
        #expect(output.components(separatedBy: "The reply").count == 2)
        let reply = try #require(output.range(of: "The reply"))
        let second = try #require(output.range(of: "Second copy"))
        #expect(reply.upperBound < second.lowerBound)
        let html = try Self.render(json, as: .html)
        #expect(html.components(separatedBy: "id=\"m-r\"").count == 2)
    }

    @Test func repliesToAMissingMessageShowAsOneOrphanThreadWhereTheFirstIsMet() throws {
        let output = try Self.render(Self.channel)
        #expect(output.components(separatedBy: "Thread of a message that is not in this transcript").count == 2)
        let orphan = try #require(output.range(of: "Thread of a message that is not in this transcript · 2 Thread Replies"))
        let one = try #require(output.range(of: "Orphan one"))
        let two = try #require(output.range(of: "Orphan two"))
        let between = try #require(output.range(of: "Back in the channel"))
        #expect(orphan.upperBound < one.lowerBound && one.upperBound < two.lowerBound && two.upperBound < between.lowerBound)
        #expect(output.components(separatedBy: "Orphan two").count == 2)
    }

    @Test func quotesLinkOnlyToMessagesInTheDocument() throws {
        let html = try Self.render(Self.channel, as: .html)
        // r1's "Replied to a thread" and q1's quote.
        #expect(html.components(separatedBy: "<blockquote class=\"sb-quote\"><a href=\"#m-p1\">").count == 3)
        #expect(!html.contains("#m-absent"))
        #expect(html.contains("<blockquote class=\"sb-quote\"><span class=\"sb-muted\">The quoted message is not in this transcript"))
    }

    @Test func quotesDoNotLinkToMessagesTheFilterLeavesOut() throws {
        let json = """
            [\(Self.message("early", "ana", "Before the window", at: 1)),
             \(Self.message("late", "ben", "Inside", at: 30, quoting: "early", extra: #""quoted_message":\#(Self.message("early", "ana", "Before the window", at: 1))"#)),
             \(Self.message("later", "ben", "Also inside", at: 31, quoting: "late"))]
            """
        let filter = MessageFilter(since: .date(try #require(RFC3339.parse("2026-04-01T09:10:00Z"))))
        let html = try Self.render(json, as: .html, filter: filter)
        #expect(!html.contains("id=\"m-early\""))
        #expect(!html.contains("href=\"#m-early\""), "the quoted message was filtered out")
        #expect(html.contains("Before the window"), "the embedded copy still shows")
        #expect(html.contains("href=\"#m-late\""))
        // Without an index every quoted message is taken to be present.
        #expect(try Self.render(json, as: .html, filter: filter, indexed: false).contains("href=\"#m-early\""))
    }

    @Test func onePassKeepsRepliesInTheFlowMarked() throws {
        let output = try Self.render(Self.channel, indexed: false)
        #expect(!output.contains("Thread Replies\n│"))
        #expect(output.components(separatedBy: "↳ Replied to a thread").count == 5)
        #expect(output.contains("7 Thread Replies"), "without an index the footer gives reply_count")
        let second = try #require(output.range(of: "Second reply"))
        let unrelated = try #require(output.range(of: "Unrelated news"))
        #expect(second.upperBound < unrelated.lowerBound, "input order")
    }

    @Test func threadsInEveryOutput() throws {
        let json = """
            {"channel":{"id":"c","name":"Allotment","image":"https://img.example.org/c.png","member_count":1},"messages":[
            \(Self.message("p1", "ana", "Who has spare canes?", at: 0)),
            \(Self.message("r1", "ben", "Three, in the **shed**.", at: 2, parent: "p1")),
            \(Self.message("r2", "ben", "Four, actually.", at: 2, parent: "p1")),
            \(Self.message("r3", "ana", "Thanks!", at: 4, parent: "p1", showInChannel: true))
            ]}
            """
        var options = RenderOptions.default
        options.generator = SnapshotDefaults.generator
        assertSnapshot(
            of: try Self.render(json, as: .html, options: options).components(separatedBy: "<main>\n")[1],
            as: .lines(pathExtension: "html"), named: "html")
        assertSnapshot(of: try Self.render(json, as: .ansi, options: options), as: .lines(pathExtension: "txt"), named: "ansi")
        assertSnapshot(of: try Self.render(json, as: .markdown, options: options), as: .lines(pathExtension: "md"), named: "markdown")
    }

    /// A thread whose replies run past midnight, then the channel's own later messages of the
    /// first day, then one of the second day.
    static let threadIntoNextDay = """
        {"channel":{"id":"c","name":"Allotment"},"messages":[
        {"id":"p1","text":"Late question","user":{"id":"ana"},"created_at":"2026-04-01T23:50:00Z"},
        {"id":"r1","text":"Reply before midnight","user":{"id":"ben"},"created_at":"2026-04-01T23:55:00Z","parent_id":"p1"},
        {"id":"r2","text":"Reply after midnight","user":{"id":"ben"},"created_at":"2026-04-02T00:10:00Z","parent_id":"p1"},
        {"id":"t1","text":"Same evening in the channel","user":{"id":"cat"},"created_at":"2026-04-01T23:58:00Z"},
        {"id":"t2","text":"Still the first day","user":{"id":"cat"},"created_at":"2026-04-01T23:59:00Z"},
        {"id":"t3","text":"Next morning","user":{"id":"ana"},"created_at":"2026-04-02T08:00:00Z"}
        ]}
        """

    /// After a thread block ending on the next day, the flow says its own day again, once; the
    /// next day then gets its separator in the flow as usual.
    @Test(arguments: [SampleTranscripts.Format.html, .ansi, .markdown])
    func theFlowRestatesItsDayAfterAThreadThatRanIntoTheNext(format: SampleTranscripts.Format) throws {
        // HTML's tooltips name every message's day: count what is shown.
        let output = try Self.render(Self.threadIntoNextDay, as: format)
            .replacingOccurrences(of: #" title="[^"]*""#, with: "", options: .regularExpression)
        let first = "Wednesday, Apr 1, 2026"
        let second = "Thursday, Apr 2, 2026"
        let positions = { (text: String) -> [String.Index] in
            var found: [String.Index] = []
            var rest = output.startIndex..<output.endIndex
            while let range = output.range(of: text, range: rest) {
                found.append(range.lowerBound)
                rest = range.upperBound..<output.endIndex
            }
            return found
        }
        // The channel header names both days first (its date range).
        let firstDays = Array(positions(first).dropFirst())
        let secondDays = Array(positions(second).dropFirst())
        #expect(firstDays.count == 2, "the first day, then again after the thread: \(output)")
        #expect(secondDays.count == 2, "inside the thread, then in the flow")
        let afterMidnight = try #require(output.range(of: "Reply after midnight"))
        let sameEvening = try #require(output.range(of: "Same evening in the channel"))
        let morning = try #require(output.range(of: "Next morning"))
        // Order: day 1, thread with day 2 inside, day 1 again, the evening's messages, day 2, the morning.
        #expect(firstDays[0] < secondDays[0] && secondDays[0] < afterMidnight.lowerBound)
        #expect(afterMidnight.upperBound < firstDays[1] && firstDays[1] < sameEvening.lowerBound)
        #expect(sameEvening.upperBound < secondDays[1] && secondDays[1] < morning.lowerBound)
        #expect(output.range(of: "Still the first day")!.lowerBound < secondDays[1])
    }

    /// A thread that stays on its parent's day adds no separator.
    @Test(arguments: [SampleTranscripts.Format.html, .ansi, .markdown])
    func aThreadOnItsParentsDayAddsNoSeparator(format: SampleTranscripts.Format) throws {
        let json = Self.threadIntoNextDay.replacingOccurrences(of: "2026-04-02T00:10:00Z", with: "2026-04-01T23:56:00Z")
        let output = try Self.render(json, as: format).replacingOccurrences(of: #" title="[^"]*""#, with: "", options: .regularExpression)
        // The header's date range, then one separator each.
        #expect(output.components(separatedBy: "Wednesday, Apr 1, 2026").count == 3, "\(output)")
        #expect(output.components(separatedBy: "Thursday, Apr 2, 2026").count == 3)
    }

    // MARK: Channel headers

    @Test func aSingleChannelHeaderGivesDetailsWithoutRepeatingTheName() throws {
        let markdown = try Self.render(Self.channel, as: .markdown)
        #expect(markdown.hasPrefix("# Allotment\n\n*3 members · Wednesday, Apr 1, 2026*\n"), "\(markdown.prefix(200))")
        #expect(!markdown.contains("## Allotment"))
    }

    @Test func manyChannelsEachGetNameAndDates() throws {
        let json = """
            {"channels":[
              {"channel":{"id":"a","name":"Alpha","member_count":1},"messages":[\(Self.message("a1", "ana", "x", at: 1))]},
              {"channel":{"id":"b","name":"Beta"},"messages":[]}
            ]}
            """
        let markdown = try Self.render(json, as: .markdown)
        #expect(markdown.contains("## Alpha\n\n*1 member · Wednesday, Apr 1, 2026*"), "\(markdown)")
        #expect(markdown.contains("## Beta\n"))
    }

    // MARK: Two passes over files and pipes

    @Test func aPipeIsCopiedOnceAndReadTwice() throws {
        var descriptors: [Int32] = [0, 0]
        #expect(pipe(&descriptors) == 0)
        let bytes = Array(Self.channel.utf8)
        let writeEnd = descriptors[1]
        let writer = Thread {
            bytes.withUnsafeBytes { buffer in
                var done = 0
                while done < buffer.count {
                    let written = write(writeEnd, buffer.baseAddress! + done, buffer.count - done)
                    if written <= 0 { break }
                    done += written
                }
            }
            close(writeEnd)
        }
        writer.start()
        let directory = try Self.scratchDirectory()
        var backend = ANSIBackend(output: "", options: .default)
        let summary = try TranscriptRenderer(options: .default).render(
            path: "-", strict: false, onWarning: { _ in }, temporaryDirectory: directory, standardInput: descriptors[0], to: &backend)
        close(descriptors[0])
        #expect(summary.messageCount == 9)
        #expect(backend.output == (try Self.render(Self.channel)), "the same document as from memory")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty, "no scratch file is left")
        try FileManager.default.removeItem(atPath: directory)
    }

    @Test func aFileIsReadTwiceAndWarnsOnce() throws {
        let path = Scratch.path("threads", extension: "json")
        let json = "[\(Self.message("a", "ana", "x", at: 1)), 42, \(Self.message("b", "ben", "y", at: 2, parent: "a"))]"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(json.utf8)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var warnings: [ReadWarning] = []
        var backend = MarkdownBackend(output: "", options: .default)
        try TranscriptRenderer(options: .default).render(path: path, onWarning: { warnings.append($0) }, to: &backend)
        #expect(warnings.count == 1)
        #expect(backend.output.contains("*💬 1 Thread Reply*"))
    }
}
