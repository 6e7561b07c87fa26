import Foundation
import Scrollback

#if canImport(Glibc)
    import Glibc
#endif

/// The one progress line on standard error (render and validate passes, media downloads): it
/// owns the line, so that every kind of progress is throttled, fitted and erased the same way.
///
/// - Drawn at most once per `interval` (a tenth of a second), and not before one interval has
///   passed, so that a quick job never flashes a line.
/// - Redrawn in place (`\r`, the text, erase to the end of the line) and fitted to one column
///   less than the terminal's width, so that it never wraps (a wrapped line cannot be erased
///   with `\r`); control characters are removed, though the text is Scrollback's own.
/// - Erased by ``clear()`` at the end, and by the interrupt handler (``InterruptCleanup``)
///   while it shows, so that the terminal is left clean.
/// - Text written to standard error meanwhile (a warning, an error) goes through
///   ``interject(_:)``: the line is erased first and comes back with the next update.
///
/// Updates may come from any thread (media downloads report on the session's queue).
final class ProgressLine: Sendable {
    private let write: @Sendable (String) -> Void
    /// The terminal's columns: texts made shorter for it fit ``fit(_:width:)`` uncut.
    let width: Int
    private let interval: Double
    private let now: @Sendable () -> Double
    /// Held while the line is drawn or erased, so that `write` gets one piece at a time.
    private let state: Locked<State>
    /// Whether the interrupt handler is to erase the line (only for the process's own stderr).
    private let tellsInterruptHandler: Bool

    private struct State {
        var lastDrawn: Double
        /// Whether a line stands on the terminal now.
        var isShown = false
    }

    /// A line written with `write`, fitted to `width` columns (80 when unknown), drawn at most
    /// once per `interval` seconds of `now` (a monotonic clock in seconds; injected by tests).
    init(
        write: @escaping @Sendable (String) -> Void, width: Int?, interval: Double = 0.1,
        now: @escaping @Sendable () -> Double = ProgressLine.uptime,
        tellsInterruptHandler: Bool = false
    ) {
        self.write = write
        self.width = max(width ?? 80, 10)
        self.interval = interval
        self.now = now
        self.tellsInterruptHandler = tellsInterruptHandler
        state = Locked(State(lastDrawn: now()))
    }

    /// Seconds of a monotonic clock: the time of day may jump, a rate must not.
    static func uptime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The seconds of this line's clock, for the rates and estimates of what it shows.
    var currentTime: Double { now() }

    /// Draws the text `make` gives, unless the line was drawn less than an interval ago (then
    /// `make` is not even called).
    func update(_ make: () -> String) {
        state.withLock { state in
            let time = now()
            // A drawing due after one interval is not dropped for a rounding error of the clock.
            guard time - state.lastDrawn >= interval - 1e-9 else { return }
            state.lastDrawn = time
            draw(make(), &state)
        }
    }

    /// Erases the line, if one shows.
    func clear() {
        state.withLock { erase(&$0) }
    }

    /// Writes `text` to standard error on lines of its own: the progress line is erased first.
    func interject(_ text: String) {
        state.withLock { state in
            erase(&state)
            write(text)
        }
    }

    /// `text` without control characters, cut with `…` to one column less than `width`: the
    /// cursor then stays on the line's last column at most, and the line never wraps.
    static func fit(_ text: String, width: Int) -> String {
        let clean = TerminalSanitizer.sanitize(text, keepingNewlines: false)
        let room = max(width - 1, 1)
        guard DisplayWidth.of(clean) > room else { return clean }
        var result = ""
        var used = 0
        for character in clean {
            let columns = DisplayWidth.of(character)
            if used + columns > room - 1 { break }
            result.append(character)
            used += columns
        }
        return result + "…"
    }

    private func draw(_ text: String, _ state: inout State) {
        if !state.isShown, tellsInterruptHandler { InterruptCleanup.erasesProgressLine(true) }
        state.isShown = true
        write("\r" + Self.fit(text, width: width) + "\u{1B}[K")
    }

    private func erase(_ state: inout State) {
        guard state.isShown else { return }
        state.isShown = false
        write("\r\u{1B}[K")
        if tellsInterruptHandler { InterruptCleanup.erasesProgressLine(false) }
    }

    /// `--progress` and `--no-progress`, which `render` and `validate` take.
    struct Options: OptionGroup {
        let progress = Flag("progress", help: "Show a progress line on standard error even when it is not a terminal.")
        let noProgress = Flag(
            "no-progress", help: "Never show the progress line (by default it shows when standard error is a terminal).")

        var declarations: [any OptionDeclaration] {
            [progress, noProgress]
        }
    }

    /// What a command that may show the line says of it: its options, and whether the document
    /// it writes goes to standard output.
    struct Request {
        var options: ParsedArguments<Options>
        var documentOnStandardOutput: Bool

        init(_ options: ParsedArguments<Options>, documentOnStandardOutput: Bool) {
            self.options = options
            self.documentOnStandardOutput = documentOnStandardOutput
        }

        /// Whether the command shows the line: `--no-progress` never, `--progress` always (into
        /// a pipe or a file too), else only when standard error is a terminal that can redraw a
        /// line (not `TERM=dumb`), no CI service says its log is being kept (`CI` set), and the
        /// document is not being written to the terminal itself (`render` to standard output on
        /// a terminal), where the line would be drawn over the transcript's lines.
        func isWanted(by tool: ScrollbackTool) -> Bool {
            if options[\.noProgress] { return false }
            if options[\.progress] { return true }
            return tool.standardErrorIsTerminal && tool.environment["TERM"] != "dumb" && (tool.environment["CI"] ?? "").isEmpty
                && !(documentOnStandardOutput && tool.standardOutputIsTerminal)
        }
    }
}

/// The text of the progress line: `render pass: 40000 of 100000 messages, 1796/s, 120 MB of
/// 162 MB, 12 s left` (the rate is of messages). Pure functions of what was counted and the seconds
/// elapsed, so that tests give both.
enum ProgressText {
    /// A pass of a rendering or of `validate`, `elapsed` seconds after the pass began. On a
    /// terminal narrower than the whole line (`width` columns), the bytes go first, then the
    /// rate, so that the count and the estimate stay.
    static func line(_ progress: RenderProgress, elapsed: Double, label: String? = nil, width: Int = .max) -> String {
        var parts: [String] = []
        if let total = progress.messageTotal {
            parts.append("\(progress.messagesDone) of \(total) messages")
        } else {
            parts.append("\(progress.messagesDone) \(progress.messagesDone == 1 ? "message" : "messages")")
        }
        let rate = rate(progress.messagesDone, elapsed: elapsed).map { "\($0)/s" }
        let bytes: String
        if let total = progress.byteTotal, total > 0 {
            bytes = "\(size(progress.bytesRead)) of \(size(total))"
        } else {
            bytes = size(progress.bytesRead)
        }
        // The bytes measure the work best (messages differ in size); the messages where the
        // size is unknown.
        let fraction: Double?
        if let total = progress.byteTotal, total > 0 {
            fraction = Double(progress.bytesRead) / Double(total)
        } else if let total = progress.messageTotal, total > 0 {
            fraction = Double(progress.messagesDone) / Double(total)
        } else {
            fraction = nil
        }
        let left = fraction.flatMap { estimate(fraction: $0, elapsed: elapsed) }
        let name = label ?? (progress.phase == .indexing ? "index pass" : "render pass")
        for kept in [[rate, bytes], [rate, nil], [nil, nil]] {
            let text = "\(name): " + (parts + kept.compactMap { $0 } + [left].compactMap { $0 }).joined(separator: ", ")
            if text.count < width || kept == [nil, nil] { return text }
        }
        return ""
    }

    /// `media downloads: 3 of 12 files, 1.2 MB, 8 s left` (the bytes go first where the line
    /// is too wide for `width`).
    static func media(done: Int, total: Int, bytes: Int64, elapsed: Double, width: Int = .max) -> String {
        let count = "media downloads: \(done) of \(total) \(total == 1 ? "file" : "files")"
        let left = total > 0 ? estimate(fraction: Double(done) / Double(total), elapsed: elapsed).map { ", " + $0 } ?? "" : ""
        let whole = count + ", " + size(bytes) + left
        return whole.count < width ? whole : count + left
    }

    /// Whole items per second, once a rate means something (a quarter of a second in).
    static func rate(_ count: Int, elapsed: Double) -> Int? {
        guard elapsed >= 0.25 else { return nil }
        return Int((Double(count) / elapsed).rounded())
    }

    /// `12 s left`, `3 min left`: the rest at the pace so far; `nil` before the
    /// pace means something (half a second in, some work done) and once all is done.
    static func estimate(fraction: Double, elapsed: Double) -> String? {
        guard elapsed >= 0.5, fraction > 0, fraction < 1 else { return nil }
        let seconds = elapsed * (1 - fraction) / fraction
        return "\(duration(seconds)) left"
    }

    /// `7 s`, `2 min 5 s`, `1 h 3 min`.
    static func duration(_ seconds: Double) -> String {
        let whole = max(Int(seconds.rounded(.up)), 1)
        if whole < 60 { return "\(whole) s" }
        if whole < 3600 { return whole % 60 == 0 ? "\(whole / 60) min" : "\(whole / 60) min \(whole % 60) s" }
        return "\(whole / 3600) h \(whole % 3600 / 60) min"
    }

    /// `12.3 MB`, as the media summary writes sizes.
    static func size(_ bytes: Int64) -> String { AttachmentFormatting.fileSize(bytes) }
}

/// Turns a renderer's reports into the progress line: it times each pass from its first report.
final class RenderProgressDisplay: Sendable {
    private let line: ProgressLine
    /// The pass last reported, and when it began.
    private let pass: Locked<(phase: RenderProgress.Phase?, start: Double)>
    /// The words before the counts (`validate` reads once: `reading`); the pass's own name else.
    private let label: String?

    init(line: ProgressLine, label: String? = nil) {
        self.line = line
        self.label = label
        pass = Locked((nil, line.currentTime))
    }

    /// Hears one report.
    func report(_ progress: RenderProgress) {
        let start = pass.withLock { pass in
            if progress.phase != pass.phase {
                // The first pass is timed from the start (the input may have been copied first).
                if pass.phase != nil { pass.start = line.currentTime }
                pass.phase = progress.phase
            }
            return pass.start
        }
        line.update { [label] in ProgressText.line(progress, elapsed: line.currentTime - start, label: label, width: line.width) }
    }
}
