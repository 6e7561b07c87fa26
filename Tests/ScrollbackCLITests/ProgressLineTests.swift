import Foundation
import Scrollback
import Testing

@testable import ScrollbackCLI

/// Issue 15, progress on long work: the line's text (rate, estimate, bytes), its fitting to the
/// terminal, its throttling on an injected clock, and when `render` and `validate` show it.
@Suite struct ProgressLineTests {
    /// A clock the test moves by hand.
    final class Clock: @unchecked Sendable {
        var seconds = 100.0
    }

    /// What the line wrote, in order.
    final class Written: @unchecked Sendable {
        var pieces: [String] = []
        var text: String { pieces.joined() }
    }

    @Test func textOfEachPass() {
        let index = RenderProgress(phase: .indexing, messagesDone: 20_000, bytesRead: 40_000_000, byteTotal: 160_000_000)
        #expect(ProgressText.line(index, elapsed: 2) == "index pass: 20000 messages, 10000/s, 40 MB of 160 MB, 6 s left")
        let render = RenderProgress(
            phase: .rendering, messagesDone: 40_000, messageTotal: 100_000, bytesRead: 64_800_000, byteTotal: 162_000_000)
        #expect(
            ProgressText.line(render, elapsed: 20) == "render pass: 40000 of 100000 messages, 2000/s, 64.8 MB of 162 MB, 30 s left")
        // Standard input read straight (validate): bytes read only, and no estimate without a total.
        let piped = RenderProgress(phase: .indexing, messagesDone: 1, bytesRead: 1_500)
        #expect(ProgressText.line(piped, elapsed: 1, label: "reading") == "reading: 1 message, 1/s, 1.5 KB")
        // Too early for a rate or an estimate.
        #expect(ProgressText.line(index, elapsed: 0.1) == "index pass: 20000 messages, 40 MB of 160 MB")
        // Without a size, the messages of a known total give the estimate.
        let noSize = RenderProgress(phase: .rendering, messagesDone: 250, messageTotal: 1000, bytesRead: 10_000)
        #expect(ProgressText.line(noSize, elapsed: 1) == "render pass: 250 of 1000 messages, 250/s, 10 KB, 3 s left")
        // Done: no estimate.
        let done = RenderProgress(phase: .rendering, messagesDone: 10, messageTotal: 10, bytesRead: 500, byteTotal: 500, isFinished: true)
        #expect(ProgressText.line(done, elapsed: 4) == "render pass: 10 of 10 messages, 3/s, 500 B of 500 B")
    }

    @Test func estimatesAndDurations() {
        #expect(ProgressText.estimate(fraction: 0.5, elapsed: 10) == "10 s left")
        #expect(ProgressText.estimate(fraction: 0.25, elapsed: 50) == "2 min 30 s left")
        #expect(ProgressText.estimate(fraction: 0.1, elapsed: 1800) == "4 h 30 min left")
        #expect(ProgressText.estimate(fraction: 0.5, elapsed: 60) == "1 min left")
        #expect(ProgressText.estimate(fraction: 0.999, elapsed: 1) == "1 s left")
        #expect(ProgressText.estimate(fraction: 0, elapsed: 10) == nil)
        #expect(ProgressText.estimate(fraction: 1, elapsed: 10) == nil)
        #expect(ProgressText.estimate(fraction: 0.5, elapsed: 0.2) == nil)
        #expect(ProgressText.rate(1000, elapsed: 0.1) == nil)
        #expect(ProgressText.rate(1001, elapsed: 2) == 501)
        #expect(
            ProgressText.media(done: 3, total: 12, bytes: 1_200_000, elapsed: 3) == "media downloads: 3 of 12 files, 1.2 MB, 9 s left")
        #expect(ProgressText.media(done: 0, total: 1, bytes: 0, elapsed: 3) == "media downloads: 0 of 1 file, 0 B")
        #expect(
            ProgressText.media(done: 3, total: 12, bytes: 1_200_000, elapsed: 3, width: 45) == "media downloads: 3 of 12 files, 9 s left")
    }

    @Test func aNarrowTerminalKeepsTheCountAndTheEstimate() {
        let render = RenderProgress(
            phase: .rendering, messagesDone: 40_000, messageTotal: 100_000, bytesRead: 64_800_000, byteTotal: 162_000_000)
        // 75 columns in all: it fits 80, not 60; without the bytes it fits 60, not 50.
        #expect(ProgressText.line(render, elapsed: 20, width: 80).contains("64.8 MB of 162 MB"))
        #expect(ProgressText.line(render, elapsed: 20, width: 60) == "render pass: 40000 of 100000 messages, 2000/s, 30 s left")
        #expect(ProgressText.line(render, elapsed: 20, width: 50) == "render pass: 40000 of 100000 messages, 30 s left")
        // Narrower still: cut by the line itself.
        #expect(ProgressText.line(render, elapsed: 20, width: 30) == "render pass: 40000 of 100000 messages, 30 s left")
    }

    @Test func fitsOneColumnLessThanTheTerminalWithoutControls() {
        #expect(ProgressLine.fit("render pass: 1 message", width: 80) == "render pass: 1 message")
        let cut = ProgressLine.fit("render pass: 40000 of 100000 messages, 2000/s", width: 20)
        #expect(cut == "render pass: 40000…")
        #expect(DisplayWidth.of(cut) == 19)
        // Exactly width - 1 columns stays whole; width columns would leave the cursor past the edge.
        #expect(ProgressLine.fit(String(repeating: "a", count: 19), width: 20) == String(repeating: "a", count: 19))
        #expect(ProgressLine.fit(String(repeating: "a", count: 20), width: 20) == String(repeating: "a", count: 18) + "…")
        // Wide characters count two columns.
        #expect(ProgressLine.fit("media 漢字漢字漢字漢字", width: 12) == "media 漢字…")
        // Nothing from anywhere acts on the terminal.
        let hostile = ProgressLine.fit("a\u{1B}]0;title\u{07}b\rc\nd\u{9B}2Je", width: 80)
        #expect(!hostile.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test func throttlesOnItsClockAndErasesOnlyWhatItDrew() {
        let clock = Clock()
        let written = Written()
        let line = ProgressLine(write: { written.pieces.append($0) }, width: 40, now: { clock.seconds })
        var asked = 0
        func update(_ text: String) {
            line.update {
                asked += 1
                return text
            }
        }
        // Nothing in the first tenth of a second: a quick job never flashes a line.
        update("one")
        clock.seconds += 0.05
        update("two")
        #expect(written.pieces.isEmpty)
        #expect(asked == 0)
        // Erasing a line never drawn writes nothing.
        line.clear()
        #expect(written.pieces.isEmpty)
        clock.seconds += 0.05
        update("three")
        #expect(written.pieces == ["\rthree\u{1B}[K"])
        // At most ten a second: an update 0.09 s later is dropped, 0.1 s later drawn.
        clock.seconds += 0.09
        update("four")
        clock.seconds += 0.01
        update("five")
        #expect(written.pieces == ["\rthree\u{1B}[K", "\rfive\u{1B}[K"])
        #expect(asked == 2)
        // A warning goes on a clean line, the next update redraws.
        line.interject("warning: x\n")
        #expect(written.pieces.suffix(2) == ["\r\u{1B}[K", "warning: x\n"])
        // A second interjection has no line to erase.
        line.interject("warning: y\n")
        #expect(written.pieces.last == "warning: y\n")
        #expect(written.pieces.suffix(2).first == "warning: x\n")
        clock.seconds += 1
        update("six")
        line.clear()
        line.clear()
        #expect(written.pieces.suffix(2) == ["\rsix\u{1B}[K", "\r\u{1B}[K"])
    }

    /// A transcript of `count` messages in a file.
    static func transcript(_ count: Int) -> String {
        let messages = (0..<count).map { number in
            #"{"id": "m\#(number)", "text": "Hello \#(number)", "user": {"id": "u1", "name": "Maya"}, "created_at": "2026-03-09T09:31:00Z"}"#
        }
        return temporaryFile(#"{"channel": {"id": "c", "name": "general"}, "messages": ["# + messages.joined(separator: ",") + "]}")
    }

    /// Runs the tool with stderr said to be a terminal or not, and the line drawn at every report.
    static func run(
        _ arguments: [String], terminal: Bool, outputTerminal: Bool = false, environment: [String: String] = ["TZ": "UTC"]
    ) -> ToolRun {
        let sink = OutputSink.memory()
        let errors = ToolRun.ErrorLog()
        var tool = ScrollbackTool(
            environment: environment, standardOutput: sink, standardError: { errors.append($0) },
            standardOutputIsTerminal: outputTerminal, terminalWidth: outputTerminal ? 80 : nil)
        tool.standardErrorIsTerminal = terminal
        tool.standardErrorWidth = terminal ? 100 : nil
        tool.progressInterval = 0
        let status = tool.run(arguments)
        return ToolRun(status: status, output: sink.capturedText, errors: errors.text)
    }

    /// Updates from a reading thread and text interjected from the calling thread, at once:
    /// the line's lock hands `write` one whole piece at a time, and every piece is one of
    /// the line's own or an interjected text.
    @Test func updatesAndInterjectionsFromTwoThreads() {
        let pieces = Locked<[String]>([])
        let line = ProgressLine(write: { piece in pieces.withLock { $0.append(piece) } }, width: 40, interval: 0)
        let display = RenderProgressDisplay(line: line)
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            for index in 0..<2_000 {
                if thread == 0 {
                    display.report(RenderProgress(phase: index < 1_000 ? .indexing : .rendering, messagesDone: index, bytesRead: 0))
                } else {
                    line.interject("warning \(index)\n")
                }
            }
        }
        line.clear()
        let written = pieces.withLock { $0 }
        #expect(written.filter { $0.hasPrefix("warning ") }.count == 2_000)
        #expect(written.allSatisfy { $0.hasPrefix("warning ") || $0.hasPrefix("\r") })
        // Erased last, by the last interjection or by `clear()`.
        #expect(written.last { $0.hasPrefix("\r") } == "\r\u{1B}[K")
    }

    @Test func renderShowsBothPassesOnATerminalAndErasesTheLine() throws {
        let path = Self.transcript(300)
        let run = Self.run(["render", path, "-f", "markdown"], terminal: true)
        #expect(run.status == 0)
        #expect(run.errors.contains("\rindex pass: 128 messages"))
        #expect(run.errors.contains("\rrender pass: 256 of 300 messages"))
        #expect(run.errors.contains("render pass: 300 of 300 messages"))
        #expect(run.errors.hasSuffix("\r\u{1B}[K"))
        // Each drawing fits the 100 columns less one.
        for drawing in run.errors.split(separator: "\r") where !drawing.isEmpty {
            #expect(DisplayWidth.of(drawing.replacingOccurrences(of: "\u{1B}[K", with: "")) <= 99)
        }
        // The document is the same as without the line.
        #expect(run.output == Self.run(["render", path, "-f", "markdown"], terminal: false).output)
    }

    @Test func pipesAndCIGetNoLineUnlessAsked() throws {
        let path = Self.transcript(300)
        #expect(Self.run(["render", path, "-f", "markdown"], terminal: false).errors.isEmpty)
        #expect(Self.run(["render", path, "-f", "markdown", "--no-progress"], terminal: true).errors.isEmpty)
        #expect(Self.run(["render", path, "-f", "markdown"], terminal: true, environment: ["TZ": "UTC", "CI": "true"]).errors.isEmpty)
        #expect(Self.run(["render", path, "-f", "markdown"], terminal: true, environment: ["TERM": "dumb"]).errors.isEmpty)
        let forced = Self.run(["render", path, "-f", "markdown", "--progress"], terminal: false)
        #expect(forced.errors.contains("\rrender pass: 300 of 300 messages"))
        #expect(forced.errors.hasSuffix("\r\u{1B}[K"))
        // The transcript itself going to the terminal: the line would be drawn over it.
        #expect(Self.run(["render", path, "-f", "markdown"], terminal: true, outputTerminal: true).errors.isEmpty)
        let toFile = Self.run(["render", path, "-o", temporaryFile("", extension: "md")], terminal: true, outputTerminal: true)
        #expect(toFile.errors.contains("\rrender pass: 300 of 300 messages"))
        #expect(
            Self.run(["render", path, "-f", "markdown", "--progress"], terminal: true, outputTerminal: true).errors.contains(
                "\rrender pass:"))
        // --no-progress wins over --progress.
        #expect(Self.run(["render", path, "-f", "markdown", "--progress", "--no-progress"], terminal: false).errors.isEmpty)
    }

    @Test func validateShowsItsReadingAndWarningsStandOnCleanLines() throws {
        let messages = (0..<300).map { number in
            number == 200
                ? "5"
                : #"{"id": "m\#(number)", "text": "Hi", "user": {"id": "u1"}, "created_at": "2026-03-09T09:31:00Z"}"#
        }
        let path = temporaryFile("[" + messages.joined(separator: ",") + "]")
        let run = Self.run(["validate", path], terminal: true)
        #expect(run.errors.contains("\rreading: 128 messages"))
        // The warning comes after the line is erased, and starts its own line.
        let warning = try #require(run.errors.range(of: "warning: "))
        #expect(run.errors[..<warning.lowerBound].hasSuffix("\r\u{1B}[K"))
        #expect(run.errors.hasSuffix("\r\u{1B}[K"))
        #expect(Self.run(["validate", path], terminal: false).errors.contains("\r") == false)
    }

    @Test func anErrorLeavesNoLine() throws {
        let path = temporaryFile(String(Self.transcriptText(300).dropLast(40)))
        let run = Self.run(["render", path, "-f", "markdown"], terminal: true)
        #expect(run.status == 65)
        let error = try #require(run.errors.range(of: "Error: "))
        #expect(run.errors[..<error.lowerBound].hasSuffix("\r\u{1B}[K"))
        #expect(!run.errors[error.lowerBound...].contains("pass:"))
    }

    static func transcriptText(_ count: Int) -> String {
        (try? String(contentsOfFile: transcript(count), encoding: .utf8)) ?? ""
    }
}

extension ToolRun {
    /// A run made by hand, for tests that set up the tool themselves.
    init(status: Int32, output: String, errors: String) {
        self.status = status
        self.output = output
        self.errors = errors
    }
}
