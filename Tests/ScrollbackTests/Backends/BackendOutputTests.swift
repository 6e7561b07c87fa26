import Foundation
import Testing

@testable import Scrollback

/// A backend's writes reach its output whole and in order, whether the output takes bytes (and
/// gets them 64 KB at a time) or a `String` at the end of each call.
@Suite struct BackendOutputTests {
    /// Pieces of every size around the buffer's 64 KB, in several scripts, in several calls.
    private static func calls() -> [[String]] {
        var random = SplitMix(seed: 64)
        let alphabet = ["a", "é", "日本", "🦊", "<&>", "\n"]
        return (0..<6).map { call in
            (0..<(20 + call * 10)).map { _ in
                let length = [1, 7, 100, 4_000, 65_535, 65_536, 70_000][Int(random.next() % 7)]
                let unit = alphabet[Int(random.next() % UInt64(alphabet.count))]
                return String(repeating: unit, count: max(1, length / unit.utf8.count))
            }
        }
    }

    @Test func everyPieceArrivesInOrderInEitherKindOfOutput() {
        let calls = Self.calls()
        let expected = calls.map { $0.joined() }.joined()
        var string = ""
        var forString = BackendOutput(for: string)
        let sink = OutputSink.memory()
        var sinkOutput = sink
        var forSink = BackendOutput(for: sink)
        for call in calls {
            for piece in call {
                forString.write(piece)
                piece.withUTF8Bytes { forSink.write(utf8: $0) }
            }
            forString.flush(to: &string)
            forSink.flush(to: &sinkOutput)
        }
        #expect(string == expected)
        #expect(sink.capturedText == expected)
    }

    @Test func aStringOutputGetsNothingBeforeTheCallEnds() {
        var string = ""
        var output = BackendOutput(for: string)
        output.write(String(repeating: "x", count: 200_000))
        #expect(string.isEmpty)
        output.flush(to: &string)
        #expect(string.utf8.count == 200_000)
        // The grown buffer was let go of; the next call starts afresh.
        output.write("y")
        output.flush(to: &string)
        #expect(string.utf8.count == 200_001 && string.hasSuffix("xy"))
    }

    /// Literals, short (a small `String` would hold them) and long, in several scripts, arrive
    /// as their bytes, after and before other writes, across the buffer's 64 KB.
    @Test func literalsArriveAsTheirBytes() {
        let sink = OutputSink.memory()
        var sinkOutput = sink
        var output = BackendOutput(for: sink)
        var expected = ""
        for round in 0..<2_000 {
            output.write(literal: "<p>")
            output.write(literal: "")
            output.write("é\(round)")
            output.write(literal: "</p><span class=\"sb-muted\">日本 🦊</span>\n")
            expected += "<p>é\(round)</p><span class=\"sb-muted\">日本 🦊</span>\n"
        }
        output.flush(to: &sinkOutput)
        #expect(expected.utf8.count > 65_536)
        #expect(sink.capturedText == expected)
    }
}
