/// How far a two-pass rendering has got, as ``TranscriptRenderer/progress`` hears it: the pass,
/// the messages read in it and the input bytes consumed. The library only counts; the caller
/// brings the clock, the rate and the estimate (`scrollback` draws a line on standard error),
/// so that nothing the renderer decides ever depends on time.
public struct RenderProgress: Sendable, Equatable {
    /// The two readings of the input.
    public enum Phase: Sendable, Equatable {
        /// The first pass: threads, the messages present, each channel's dates.
        case indexing
        /// The second pass: the document is written.
        case rendering
    }

    /// Which pass this is.
    public var phase: Phase
    /// Messages read so far in this pass (usable or not: each costs the same to read).
    public var messagesDone: Int
    /// The messages the pass will read: unknown in the index pass, which counts them for the
    /// render pass.
    public var messageTotal: Int?
    /// Input bytes parsed so far in this pass.
    public var bytesRead: Int64
    /// The input's size, when it is known (a file, or the copy of standard input).
    public var byteTotal: Int64?
    /// Whether the pass has ended (the last report of each pass says so).
    public var isFinished: Bool

    /// A report, as the renderer makes them; public for callers that test their own display.
    public init(
        phase: Phase, messagesDone: Int, messageTotal: Int? = nil, bytesRead: Int64, byteTotal: Int64? = nil,
        isFinished: Bool = false
    ) {
        self.phase = phase
        self.messagesDone = messagesDone
        self.messageTotal = messageTotal
        self.bytesRead = bytesRead
        self.byteTotal = byteTotal
        self.isFinished = isFinished
    }

    /// Messages between two reports: a counter and a mask test per message, a call (where the
    /// caller reads its clock) per 128 — unnoticeable beside decoding a message.
    public static let interval = 128
}

/// An event source that counts the messages going through it and tells `report` every
/// ``RenderProgress/interval`` messages and at the end. Without `report` it only counts,
/// so a rendering without progress runs the same code at the cost of an increment.
struct ProgressReportingSource<Base: TranscriptEventSource>: TranscriptEventSource {
    private(set) var base: Base
    private let phase: RenderProgress.Phase
    private let messageTotal: Int?
    private let byteTotal: Int64?
    private let report: (@Sendable (RenderProgress) -> Void)?
    /// Messages returned so far.
    private(set) var messagesDone = 0

    init(
        _ base: Base, phase: RenderProgress.Phase, messageTotal: Int? = nil, byteTotal: Int64?,
        report: (@Sendable (RenderProgress) -> Void)?
    ) {
        self.base = base
        self.phase = phase
        self.messageTotal = messageTotal
        self.byteTotal = byteTotal
        self.report = report
    }

    var shape: InputShape? { base.shape }
    var keepsRepliesInMemory: Bool { base.keepsRepliesInMemory }
    var skippedMessageCount: Int { base.skippedMessageCount }
    var bytePosition: Int64 { base.bytePosition }

    mutating func nextItem() throws(ReadError) -> TranscriptReader.Item? {
        let item = try base.nextItem()
        switch item {
        case .message?:
            messagesDone &+= 1
            if messagesDone & (RenderProgress.interval - 1) == 0, let report { report(progress(finished: false)) }
        case .channel?: break
        case nil: report?(progress(finished: true))
        }
        return item
    }

    func report(rendering warnings: [ReadWarning]) throws(ReadError) { try base.report(rendering: warnings) }

    mutating func takeLateMembers() -> [ChatUser]? { base.takeLateMembers() }

    private func progress(finished: Bool) -> RenderProgress {
        RenderProgress(
            phase: phase, messagesDone: messagesDone, messageTotal: messageTotal, bytesRead: base.bytePosition,
            byteTotal: byteTotal, isFinished: finished)
    }
}

extension RereadableInput {
    /// The index pass's reader, counting for `report`.
    func indexingReader(strict: Bool, progress report: (@Sendable (RenderProgress) -> Void)?)
        -> ProgressReportingSource<TranscriptReader>
    {
        ProgressReportingSource(indexingReader(strict: strict), phase: .indexing, byteTotal: size, report: report)
    }

    /// The render pass's reader, counting for `report`; `after` is the index pass, whose count of
    /// messages is this pass's total.
    func reader(
        strict: Bool, onWarning: @escaping (ReadWarning) -> Void, after first: ProgressReportingSource<TranscriptReader>,
        progress report: (@Sendable (RenderProgress) -> Void)?
    ) -> ProgressReportingSource<TranscriptReader> {
        ProgressReportingSource(
            reader(strict: strict, onWarning: onWarning), phase: .rendering, messageTotal: first.messagesDone, byteTotal: size,
            report: report)
    }
}
