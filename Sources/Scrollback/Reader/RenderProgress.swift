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

/// What a reader tells about its progress, and to whom: set on the readers of a two-pass
/// rendering (``RereadableInput``) when ``TranscriptRenderer/progress`` is.
struct ProgressHook {
    let phase: RenderProgress.Phase
    let messageTotal: Int?
    let byteTotal: Int64?
    let report: (RenderProgress) -> Void

    /// Tells where `reader` stands.
    func tell(_ reader: TranscriptReader, finished: Bool) {
        report(
            RenderProgress(
                phase: phase, messagesDone: reader.messageCount, messageTotal: messageTotal, bytesRead: reader.bytePosition,
                byteTotal: byteTotal, isFinished: finished))
    }
}

extension RereadableInput {
    /// The index pass's reading, on a thread of its own (``PrefetchedEvents``), telling `report`
    /// how far it has got.
    func indexingEvents(threaded: Bool, strict: Bool, progress report: (@Sendable (RenderProgress) -> Void)?) -> PrefetchedEvents {
        // Silent: the render pass reports every problem.
        PrefetchedEvents(
            threaded: threaded, strict: strict, onWarning: { _ in }, progress: report,
            makeReader: { _, heard in
                var reader = indexingReader(strict: strict)
                reader.readsInParallel = threaded
                if let heard { reader.progress = ProgressHook(phase: .indexing, messageTotal: nil, byteTotal: size, report: heard) }
                return reader
            })
    }

    /// The render pass's reading, on a thread of its own, telling `report` how far it has got;
    /// `after` is the index pass, whose count of messages is this pass's total, and whose
    /// index gives `cleanReplies`.
    func renderingEvents(
        threaded: Bool, strict: Bool, onWarning: @escaping (ReadWarning) -> Void,
        after first: PrefetchedEvents, cleanReplies: CleanReplies?, progress report: (@Sendable (RenderProgress) -> Void)?
    ) -> PrefetchedEvents {
        let total = first.messageCount
        return PrefetchedEvents(
            threaded: threaded, parsesTexts: true, strict: strict, onWarning: onWarning,
            progress: report
        ) {
            warnings, heard in
            var reader = reader(strict: strict, onWarning: warnings)
            reader.cleanReplies = cleanReplies
            if let heard {
                reader.progress = ProgressHook(phase: .rendering, messageTotal: total, byteTotal: size, report: heard)
            }
            return reader
        }
    }
}
