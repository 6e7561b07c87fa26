import Foundation
import Testing

@testable import Scrollback

/// When the writing thread falls behind, the drawing thread lays a terminal's views out itself
/// and hands over lines (`BackendThread`): the document must be the bytes of one written on one
/// thread, whichever thread laid out which view.
@Suite struct LinesLaidOutAheadTests {
    /// A terminal that writes slowly, so that the writing thread falls behind at once, and counts
    /// how each view reached it.
    struct SlowTerminal: LineWritingBackend {
        var base: ANSIBackend<String>
        var viewsWritten = 0
        var viewsLaidOutAhead = 0

        mutating func begin(_ document: DocumentInfo, header: View) { base.begin(document, header: header) }

        mutating func write(_ view: View) {
            usleep(200)
            viewsWritten += 1
            base.write(view)
        }

        mutating func end(_ summary: DocumentSummary, footer: View) { base.end(summary, footer: footer) }

        func makeLineLayout() -> ANSILayout? { base.makeLineLayout() }

        mutating func write(lines: [TextWrapper.Line]) {
            usleep(200)
            viewsLaidOutAhead += 1
            base.write(lines: lines)
        }
    }

    /// Messages that wrap, link, quote, react and change author and day, so that most of the
    /// layout's paths are taken on both threads.
    static var messages: [ChatMessage] {
        let start = Date(timeIntervalSince1970: 1_767_000_000)
        return (0..<1_500).map { number in
            var message = ChatMessage(
                id: "m\(number)",
                text: number % 7 == 0
                    ? "**Long** message \(number): "
                        + String(repeating: "wrapped words and a link https://example.com/\(number) ", count: 6)
                    : "short \(number) _with_ `code`",
                user: ChatUser(id: "u\(number % 3)", name: ["Ada", "Grace", "Linus"][number % 3]),
                createdAt: start.addingTimeInterval(Double(number) * 5_000))
            if number % 5 == 0 { message.reactionGroups = [ReactionGroup(type: "like", count: Int64(number % 4 + 1), sumScores: 1)] }
            if number % 11 == 0, number > 0 { message.quotedMessageID = "m\(number - 1)" }
            return message
        }
    }

    @Test(arguments: [ColorDepth.none, .trueColor])
    func linesLaidOutAheadAreTheLinesWrittenInPlace(colorDepth: ColorDepth) {
        let options = RenderOptions(width: 60, colorDepth: colorDepth)
        let messages = Self.messages
        var renderer = TranscriptRenderer(options: options)
        var slow = SlowTerminal(base: ANSIBackend(output: "", options: options))
        renderer.render(messages: messages, to: &slow)
        renderer.threading = .none
        var reference = ANSIBackend(output: "", options: options)
        renderer.render(messages: messages, to: &reference)

        // Both ways were taken: the first batches go over as views, before the writing
        // thread's queue is ever full.
        #expect(slow.viewsWritten > 0)
        #expect(slow.viewsLaidOutAhead > 0)
        #expect(slow.base.output.count > 100_000)
        #expect(slow.base.output == reference.output)
    }
}
