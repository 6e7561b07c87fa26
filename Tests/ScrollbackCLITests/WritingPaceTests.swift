import Foundation
import TestSupport
import Testing

@testable import Scrollback

/// Where a document's views become bytes, the writing thread or the drawing thread for
/// stretches of it (``WritingPace``), must not change a byte; and the measured choice follows
/// the average of drawing and writing over reading, with a margin.
@Suite struct WritingPaceTests {
    /// The calls a rendering makes of its backend, kept to be made again.
    private struct Recording: TranscriptBackend {
        enum Call {
            case begin(DocumentInfo, View)
            case write(View)
            case end(DocumentSummary, View)
        }
        var calls: [Call] = []
        mutating func begin(_ document: DocumentInfo, header: View) { calls.append(.begin(document, header)) }
        mutating func write(_ view: View) { calls.append(.write(view)) }
        mutating func end(_ summary: DocumentSummary, footer: View) { calls.append(.end(summary, footer)) }
    }

    private static func replay(_ calls: [Recording.Call], to backend: inout some TranscriptBackend) {
        for call in calls {
            switch call {
            case .begin(let document, let header): backend.begin(document, header: header)
            case .write(let view): backend.write(view)
            case .end(let summary, let footer): backend.end(summary, footer: footer)
            }
        }
    }

    /// The bytes of `calls` in `format`, written through a ``BackendThread``: on the caller's
    /// thread (`pace` nil and `threaded` false), or with `pace` choosing who writes.
    private static func bytes(
        of calls: [Recording.Call], format: OutputFormat, options: RenderOptions, threaded: Bool, pace: WritingPace?
    ) -> String {
        let sink = OutputSink.memory()
        var backend = BackendThread(format.makeBackend(output: sink, options: options), threaded: threaded, pace: pace)
        replay(calls, to: &backend)
        _ = backend.finish()
        return sink.capturedText
    }

    @Test func everyChoiceOfWriterWritesTheSameBytes() throws {
        let file = temporaryFile(GeneratedExport.json(messages: 4_000, seed: 3))
        var options = RenderOptions.default
        options.colorDepth = .trueColor
        var renderer = TranscriptRenderer(options: options)
        renderer.threading = .none
        var recording = Recording()
        try renderer.render(path: file, to: &recording)
        // Enough calls for several decisions, each a stretch of 1,024.
        #expect(recording.calls.count > 3 * WritingPace.callsPerDecision)
        var seed: UInt64 = 41
        let choices: [(String, (Int) -> Bool)] = [
            ("always the drawing thread", { _ in true }), ("never", { _ in false }),
            ("every other stretch", { $0 % 2 == 1 }), ("the first two, then the writing thread", { $0 <= 2 }),
            (
                "at random",
                { _ in
                    seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    return seed >> 63 == 1
                }
            ),
        ]
        for format in [OutputFormat.html, .ansi, .markdown] {
            let expected = Self.bytes(of: recording.calls, format: format, options: options, threaded: false, pace: nil)
            #expect(expected.utf8.count > 100_000, "\(format)")
            for (name, choice) in choices {
                var decisions = 0
                let pace = WritingPace(choosing: {
                    decisions += 1
                    return choice($0)
                })
                let written = Self.bytes(of: recording.calls, format: format, options: options, threaded: true, pace: pace)
                #expect(decisions == recording.calls.count / WritingPace.callsPerDecision, "\(format), \(name)")
                #expect(written == expected, "\(format), \(name)")
            }
        }
    }

    @Test func measuredChoiceFollowsTheAverageWithAMargin() {
        var pace = WritingPace(choosing: { _ in false })
        // Drawing and writing 1 to 1.45 times the reading: the drawing thread writes.
        var writesHere = pace.decide(load: 120, reading: 100)
        #expect(writesHere)
        // One stretch of 1.55 weighs a quarter of the average, which stays below 1.6.
        writesHere = pace.decide(load: 155, reading: 100)
        #expect(writesHere)
        #expect(abs(pace.ratio! - 1.2875) < 1e-9)
        // Stretches of 1.7 take the average past 1.6: back to the writing thread.
        var stretches = 0
        while pace.decide(load: 170, reading: 100) { stretches += 1 }
        #expect(stretches >= 3)
        #expect(pace.ratio! > WritingPace.goesOnWritingWithin.upperBound)
        // 1.5 is inside the margin: the writing thread stays.
        var choices = (0..<20).map { _ in pace.decide(load: 150, reading: 100) }
        #expect(!choices.contains(true))
        // Below 1.45 again, the drawing thread writes.
        choices = (0..<20).map { _ in pace.decide(load: 130, reading: 100) }
        #expect(choices.contains(true))
        #expect(WritingPace.startsWritingWithin.contains(pace.ratio!))
        // Much less than the reading, the two cores have room for the writing thread.
        choices = (0..<20).map { _ in pace.decide(load: 50, reading: 100) }
        #expect(choices.last == false)
        #expect(pace.ratio! < WritingPace.goesOnWritingWithin.lowerBound)
        // 0.95 is inside the lower margin: the writing thread stays.
        choices = (0..<20).map { _ in pace.decide(load: 95, reading: 100) }
        #expect(!choices.contains(true))
        // No reading time measured yet counts as the least there is, not a division by zero.
        writesHere = pace.decide(load: 1_000_000, reading: 0)
        #expect(!writesHere)
    }

    @Test func noReadingThreadMeansTheWritingThreadWritesAll() {
        #expect(WritingPace.measuring(nil) == nil)
    }
}
