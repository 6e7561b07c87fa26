import Foundation
import TestSupport
import Testing

@testable import Scrollback

/// `--split`: pages of N channel messages, threads kept with their first message, quotes and
/// "Replied to a thread" links reaching across pages, and the navigation lines.
@Suite struct SplitPagesTests {
    /// Six channel messages (two a page with N = 2), a thread under m2 whose replies come late in
    /// the input (r3 also sent to the channel, on page 3), quotes of m1 from pages 1 and 3, and a
    /// thread whose parent is missing, first met on page 2.
    static let input = """
        {"channel": {"id": "general", "name": "General"}, "messages": [
          {"id": "m1", "text": "first", "user": {"id": "ana"}, "created_at": "2026-05-01T09:00:00Z"},
          {"id": "m2", "text": "second", "user": {"id": "ben"}, "created_at": "2026-05-01T09:10:00Z",
           "quoted_message": {"id": "m1", "text": "first", "user": {"id": "ana"}}},
          {"id": "m3", "text": "third", "user": {"id": "ana"}, "created_at": "2026-05-01T09:20:00Z"},
          {"id": "o1", "text": "orphan one", "parent_id": "gone", "user": {"id": "ben"}, "created_at": "2026-05-01T09:25:00Z"},
          {"id": "m4", "text": "fourth", "user": {"id": "ben"}, "created_at": "2026-05-01T09:30:00Z"},
          {"id": "m5", "text": "fifth", "user": {"id": "ana"}, "created_at": "2026-05-02T09:00:00Z"},
          {"id": "r1", "text": "reply one", "parent_id": "m2", "user": {"id": "ana"}, "created_at": "2026-05-01T09:11:00Z"},
          {"id": "r2", "text": "reply two", "parent_id": "m2", "user": {"id": "ana"}, "created_at": "2026-05-01T09:12:00Z"},
          {"id": "o2", "text": "orphan two", "parent_id": "gone", "user": {"id": "ben"}, "created_at": "2026-05-02T09:01:00Z"},
          {"id": "m6", "text": "sixth", "user": {"id": "ben"}, "created_at": "2026-05-02T09:10:00Z",
           "quoted_message": {"id": "m1", "text": "first", "user": {"id": "ana"}}},
          {"id": "r3", "text": "reply three", "parent_id": "m2", "show_in_channel": true, "user": {"id": "ben"}, "created_at": "2026-05-02T09:20:00Z"}
        ]}
        """

    static func inputFile(_ text: String = input) -> String {
        Scratch.file("split", extension: "json", holding: Array(text.utf8))
    }

    struct Pages {
        var texts: [String] = []
        var summaries: [DocumentSummary] = []
        var returned: [DocumentSummary] = []
    }

    static func render(
        _ text: String = input, perPage: Int, filter: MessageFilter = MessageFilter(),
        fileExtension: String = "html"
    ) throws -> Pages {
        var options = RenderOptions()
        options.timeZone = TimeZone(identifier: "UTC")!
        let renderer = TranscriptRenderer(options: options, filter: filter)
        var pages = Pages()
        var sinks: [OutputSink] = []
        let names = PageNames(indexFileName: "chat.\(fileExtension)", fileExtension: fileExtension)
        func make(_ sink: OutputSink) -> any TranscriptBackend {
            fileExtension == "md" ? MarkdownBackend(output: sink, options: options) : HTMLBackend(output: sink, options: options)
        }
        let result = try renderer.renderPages(
            path: inputFile(text), names: names, messagesPerPage: perPage,
            makeBackend: { page in
                #expect(page == sinks.count + 1, "pages are asked for in order")
                sinks.append(OutputSink.memory())
                return AnyBackend(make(sinks[page - 1]))
            },
            completed: { _, page, summary in
                sinks[page - 1].flush()
                pages.texts.append(sinks[page - 1].capturedText)
                pages.summaries.append(summary)
            })
        pages.returned = result.pages
        return pages
    }

    /// The message anchors a page holds, in order.
    static func anchors(_ html: String) -> [String] {
        html.components(separatedBy: "id=\"m-").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    @Test func pagesHoldNChannelMessagesAndTheirThreads() throws {
        let pages = try Self.render(perPage: 2)
        #expect(pages.texts.count == 3)
        #expect(Self.anchors(pages.texts[0]) == ["m1", "m2", "r1", "r2", "r3"])
        #expect(Self.anchors(pages.texts[1]) == ["m3", "o1", "o2", "m4"])
        // r3's copy in the channel gives its anchor to the thread on page 1.
        #expect(Self.anchors(pages.texts[2]) == ["m5", "m6"])
        #expect(pages.texts[2].contains("reply three"))
        // Counts are the index's: a thread counts on its page, wherever its replies were read.
        #expect(pages.summaries.map(\.messageCount) == [5, 4, 2])
        #expect(pages.returned == pages.summaries)
        #expect(pages.summaries[1].firstDate == RFC3339.parse("2026-05-01T09:20:00Z"))
        #expect(pages.summaries[1].lastDate == RFC3339.parse("2026-05-02T09:01:00Z"))
    }

    @Test func everyPageStartsWithItsDay() throws {
        let pages = try Self.render(perPage: 2)
        // Page 2 continues page 1's day, and still says which day it is, before its first message.
        for text in pages.texts {
            let day = try #require(text.range(of: "class=\"sb-day"))
            let message = try #require(text.range(of: "id=\"m-"))
            #expect(day.lowerBound < message.lowerBound)
        }
        #expect(pages.texts[1].contains("<h2 class=\"sb-day sb-separator\">Friday, May 1, 2026</h2>"))
    }

    @Test func quotesLinkToTheirPage() throws {
        let pages = try Self.render(perPage: 2)
        // Same page: an anchor; another page: its file and anchor.
        #expect(pages.texts[0].contains("<blockquote class=\"sb-quote\"><a href=\"#m-m1\">"))
        #expect(pages.texts[2].contains("<blockquote class=\"sb-quote\"><a href=\"chat-001.html#m-m1\">"))
        // "↳ Replied to a thread" leads to the thread's first message, on page 1.
        #expect(pages.texts[2].contains("<a href=\"chat-001.html#m-m2\">"))
        #expect(!pages.texts[2].contains("href=\"#m-m1\""))
    }

    @Test func navigationLinksThePreviousAndNextPagesAndTheIndex() throws {
        let pages = try Self.render(perPage: 2)
        func navigation(_ text: String) -> [String] {
            text.components(separatedBy: "<div class=\"sb-row sb-page-nav\">").dropFirst().map { String($0.prefix { $0 != "\n" }) }
        }
        for (number, text) in pages.texts.enumerated() {
            let lines = navigation(text)
            #expect(lines.count == 2, "a line at the top and one at the bottom of page \(number + 1)")
            for line in lines {
                #expect(line.contains("<a href=\"chat.html\" rel=\"noopener noreferrer nofollow\">Index</a>"))
                #expect(line.contains("href=\"chat-00\(number).html\"") == (number > 0))
                #expect(line.contains("← Previous page") == (number > 0))
                #expect(line.contains("href=\"chat-00\(number + 2).html\"") == (number < 2))
                #expect(line.contains("Next page →") == (number < 2))
            }
        }
    }

    @Test func oneMessageAPageAndMoreThanTheInputHolds() throws {
        #expect(try Self.render(perPage: 1).texts.count == 6)
        let whole = try Self.render(perPage: 100)
        #expect(whole.texts.count == 1)
        #expect(!whole.texts[0].contains("Previous page") && !whole.texts[0].contains("Next page"))
        // An input without messages still makes a page, to which the index leads.
        let empty = try Self.render("{\"channel\": {\"id\": \"c\"}, \"messages\": []}", perPage: 3)
        #expect(empty.texts.count == 1)
        #expect(empty.summaries.map(\.messageCount) == [0])
    }

    @Test func theFilterWindowDecidesThePages() throws {
        let pages = try Self.render(perPage: 2, filter: MessageFilter(since: .messageID("m4")))
        #expect(pages.texts.count == 2)
        // m2 is left out: its thread shows whole where its first reply is read, after m5.
        #expect(Self.anchors(pages.texts[0]) == ["m4", "m5", "r1", "r2", "r3", "o2"])
        #expect(Self.anchors(pages.texts[1]) == ["m6"])
        // m1 is not in the document: the quote no longer links, on any page.
        #expect(!pages.texts[1].contains("chat-001.html#m-m1") && !pages.texts[1].contains("#m-m1"))
        #expect(pages.texts[1].contains("sixth"))
    }

    @Test func markdownPagesGetNavigationLines() throws {
        let pages = try Self.render(perPage: 4, fileExtension: "md")
        #expect(pages.texts.count == 2)
        #expect(pages.texts[0].contains("[Index](chat.md)  *·*  [Next page →](chat-002.md)"))
        #expect(pages.texts[1].contains("[← Previous page](chat-001.md)  *·*  [Index](chat.md)"))
        #expect(!pages.texts[1].contains("Next page"))
    }

    @Test func theIndexKnowsEveryMessagesPage() throws {
        let bytes = Array(Self.input.utf8)
        var reader = TranscriptReader(source: ByteSource(bytes: bytes))
        let index = try TranscriptIndex(reading: &reader, messagesPerPage: 2)
        let expected: [String: Int] = ["m1": 1, "m2": 1, "r1": 1, "r2": 1, "r3": 1, "m3": 2, "o1": 2, "o2": 2, "m4": 2, "m5": 3, "m6": 3]
        for (id, page) in expected { #expect(index.page(of: id) == page, "\(id)") }
        #expect(index.page(of: "gone") == nil)
        #expect(index.pages.count == 3)
        var unsplit = TranscriptReader(source: ByteSource(bytes: bytes))
        #expect(try TranscriptIndex(reading: &unsplit).page(of: "m1") == nil)
    }

    @Test func pageNamesAreSiblingLinks() {
        let names = PageNames(indexFileName: "my chat.v2.html", fileExtension: "html")
        #expect(names.fileName(ofPage: 7) == "my-chat-v2-007.html")
        #expect(names.fileName(ofPage: 1234) == "my-chat-v2-1234.html")
        #expect(URLPolicy.isSiblingDocument(names.fileName(ofPage: 3) + "#" + Anchor.forMessage(id: "a/b")))
        // A quote target that is not a sibling file never becomes a link.
        var backend = HTMLBackend(output: OutputSink.memory(), options: RenderOptions())
        let sink = OutputSink.memory()
        backend = HTMLBackend(output: sink, options: RenderOptions())
        backend.write(.quote(anchor: "javascript:alert(1)#x", [.text("q")]))
        sink.flush()
        #expect(sink.capturedText.contains("<blockquote class=\"sb-quote\">q</blockquote>"))
    }
}

/// Lets one test render pages of either format through a single backend type.
private struct AnyBackend: TranscriptBackend {
    var base: any TranscriptBackend
    init(_ base: any TranscriptBackend) { self.base = base }
    mutating func begin(_ document: DocumentInfo, header: ViewNode) { base.begin(document, header: header) }
    mutating func write(_ view: ViewNode) { base.write(view) }
    mutating func end(_ summary: DocumentSummary, footer: ViewNode) { base.end(summary, footer: footer) }
}
