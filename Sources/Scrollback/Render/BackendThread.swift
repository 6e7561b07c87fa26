import Foundation
import Synchronization

/// A backend that writes on a thread of its own: the views the factory made are handed over
/// in batches, in order, and the wrapped backend turns them into bytes beside the thread that
/// makes the next ones. The wrapped backend is touched by one thread at a time only: the
/// writing thread from ``init(_:threaded:pace:)`` until ``finish()`` gives it back, but for
/// the stretches the caller writes itself, which a ``WritingPace`` decides. With `threaded`
/// false the calls go straight to the backend, on the caller's thread.
struct BackendThread<Wrapped: TranscriptBackend>: TranscriptBackend {
    private typealias Call = BackendCall

    /// Views are handed over this many at a time, so that the threads meet rarely.
    private static var batchSize: Int { 64 }
    /// At most this many batches wait, which bounds the memory of the views not yet written.
    private static var batchesAhead: Int { 8 }

    private let writer: Writer?
    /// The wrapped backend's, read before the backend went to its thread.
    let showsTitles: Bool
    /// The backend itself when there is no writing thread, or while the caller writes.
    private var inline: Wrapped?
    /// Whether `inline` holds the backend: a flag rather than a test of the optional, which
    /// for a generic backend goes through its type's value witnesses at every call.
    private var writesHere: Bool
    private var batch: [Call] = []
    private var pace: WritingPace?

    /// Starts the writing thread with `backend`, or with `threaded` false keeps it here. With
    /// `pace`, the caller writes some stretches itself.
    init(_ backend: Wrapped, threaded: Bool, pace: WritingPace? = nil) {
        showsTitles = backend.showsTitles
        if threaded {
            writer = Writer(backend, measuresTime: pace?.measures ?? false)
            writesHere = false
            batch.reserveCapacity(Self.batchSize)
            self.pace = pace
        } else {
            (writer, inline, writesHere) = (nil, backend, true)
        }
    }

    mutating func begin(_ document: DocumentInfo, header: View) { add(.begin(document, header)) }

    mutating func write(_ view: View) { add(.write(view)) }

    mutating func end(_ summary: DocumentSummary, footer: View) { add(.end(summary, footer)) }

    /// Waits until everything handed over is written, and gives the backend back.
    mutating func finish() -> Wrapped {
        guard let writer else { return inline.take()! }
        if writesHere {
            writer.stop()
            return inline.take()!
        }
        if !batch.isEmpty { _ = writer.queue.push(batch) }
        batch = []
        return writer.finish()
    }

    private mutating func add(_ call: Call) {
        if writesHere {
            Self.apply(call, to: &inline!)
        } else {
            batch.append(call)
            if batch.count == Self.batchSize {
                _ = writer!.queue.push(batch)
                batch = []
                batch.reserveCapacity(Self.batchSize)
            }
        }
        if pace != nil { repace() }
    }

    /// Counts a call, and every ``WritingPace/callsPerDecision`` (a whole number of batches,
    /// so no batch is half made) decides who writes the next ones.
    private mutating func repace() {
        guard let writer, let writesNext = pace!.count(writingTime: writer.writingTime), writesNext != writesHere else { return }
        if writesNext {
            // Once the writing thread has written all it was given, it waits for more, and the
            // backend is the caller's until it gets some.
            if !batch.isEmpty { _ = writer.queue.push(batch) }
            batch = []
            guard writer.queue.waitUntilUsed() else { return }
            inline = writer.takeBackend()
        } else {
            writer.giveBackend(inline.take()!)
        }
        writesHere = writesNext
    }

    private static func apply(_ call: Call, to backend: inout Wrapped) {
        switch call {
        case .begin(let document, let header): backend.begin(document, header: header)
        case .write(let view): backend.write(view)
        case .end(let summary, let footer): backend.end(summary, footer: footer)
        }
    }

    /// The writing thread. An empty batch tells it the document is complete.
    private final class Writer {
        let queue = BatchQueue<Call>(capacity: BackendThread.batchesAhead)
        private let done = DispatchSemaphore(value: 0)
        private let shared: Shared
        private var finished = false
        /// The caller, the drawing thread, runs as batch work while the thread writes.
        private var drawing: BatchScheduling?

        /// What the writing thread shares with the caller: the backend, which the caller may
        /// take while the thread waits (``BatchQueue/waitUntilUsed()``) and must give back
        /// before it hands over a batch, and the thread's CPU time, when it measures it.
        private final class Shared: @unchecked Sendable {
            // Reached under the queue's rules above, never by two threads at once: unchecked
            // for overlapping access, which a run-time check a batch would cost.
            @exclusivity(unchecked) var backend: Wrapped?
            let writingTime = Atomic<Int>(0)
            let measuresTime: Bool

            init(_ backend: Wrapped, measuresTime: Bool) {
                self.backend = backend
                self.measuresTime = measuresTime
            }
        }

        init(_ backend: Wrapped, measuresTime: Bool) {
            shared = Shared(backend, measuresTime: measuresTime)
            // The thread holds the queue and what it shares, never this object, whose end stops it.
            let (queue, done, shared) = (queue, done, shared)
            WorkerThread.start {
                defer { done.signal() }
                var laps = ThreadCPUTime.Laps()
                while true {
                    let calls = queue.pop()
                    if calls.isEmpty { return }
                    var backend = shared.backend.take()!
                    for call in calls { BackendThread.apply(call, to: &backend) }
                    shared.backend = backend
                    if shared.measuresTime { shared.writingTime.add(laps.lap(), ordering: .relaxed) }
                }
            }
            // Marked after the thread started, which would have taken the policy on.
            drawing = BatchScheduling()
        }

        /// The writing thread's CPU time for the batches it has written.
        var writingTime: Int { shared.writingTime.load(ordering: .relaxed) }

        /// The backend, for the caller to write while the thread waits for a batch.
        func takeBackend() -> Wrapped { shared.backend.take()! }

        /// The backend back from the caller, before it hands over the next batch.
        func giveBackend(_ backend: Wrapped) { shared.backend = backend }

        func finish() -> Wrapped {
            stop()
            return shared.backend.take()!
        }

        func stop() {
            guard !finished else { return }
            finished = true
            _ = queue.push([])
            done.wait()
            drawing?.end()
        }

        /// A rendering that stopped without finishing still lets the thread end.
        deinit { stop() }
    }
}

/// Who writes a ``BackendThread``'s views: the caller weighs drawing and writing together
/// against reading, in CPU time, every ``callsPerDecision`` calls, and writes them itself
/// while they take a little more than the reading. Then the three threads would want more
/// than two cores, and a third thread only costs (handing views over, freeing them on another
/// thread); the caller alone keeps up with the reading. With less, the two cores have room
/// for the third thread, and the caller writing would only make the reading wait for it now
/// and then; with much more, the caller would fall behind the reading. Only where the views
/// become bytes depends on it, never the bytes.
struct WritingPace {
    /// 16 batches: enough for the reading thread's lead (8 batches at most, the time of each
    /// counted when the caller takes it) to be mostly the same batches'.
    static var callsPerDecision: Int { 1_024 }
    /// The caller writes while drawing and writing take 1 to 1.45 times the reading's time, as
    /// a running average over decisions (each weighs a quarter), and goes back to the writing
    /// thread below 0.9 or past 1.6 (the margins keep the choice from going back and forth).
    /// Measured on two cores: writing on the drawing thread was 6–10% quicker for the benchmark
    /// corpus's Markdown (1.25 on average over its decisions) and 1% for its HTML (1.22),
    /// but 6% slower for Markdown with every message by an author of its own (0.84), and
    /// slower for the terminal (1.76) and four attachments a message (HTML, 1.84).
    static var startsWritingWithin: ClosedRange<Double> { 1.0...1.45 }
    static var goesOnWritingWithin: ClosedRange<Double> { 0.9...1.6 }

    private let readingTime: ThreadCPUTime.Total?
    /// For tests: who writes after each decision, by its number (from 1), not measured.
    private let choice: ((Int) -> Bool)?
    private var calls = 0
    /// The CPU times at the last decision.
    private var reading = 0
    private var drawing = 0
    private var writing = 0
    /// Drawing and writing over reading, averaged; `nil` before the first decision.
    private(set) var ratio: Double?
    private(set) var writesHere = false

    /// Whether it needs the writing thread's CPU time.
    var measures: Bool { readingTime != nil }

    /// Whether this machine has two cores or fewer: with a third, the writing thread has one
    /// of its own, and the reading is not measured (``measuring(_:)`` then gets `nil`).
    static var isWorthWeighing: Bool { ProcessInfo.processInfo.activeProcessorCount <= 2 }

    /// The pace for a drawing thread whose reading thread took `readingTime`; `nil` (the
    /// writing thread writes everything) when the reading is not measured.
    static func measuring(_ readingTime: ThreadCPUTime.Total?) -> WritingPace? {
        readingTime.map { WritingPace(readingTime: $0, choice: nil) }
    }

    /// For tests: `choice` says who writes after each decision.
    init(choosing choice: @escaping (_ decision: Int) -> Bool) {
        self.init(readingTime: nil, choice: choice)
    }

    private init(readingTime: ThreadCPUTime.Total?, choice: ((Int) -> Bool)?) {
        self.readingTime = readingTime
        self.choice = choice
        reading = readingTime?.nanoseconds ?? 0
        drawing = readingTime == nil ? 0 : ThreadCPUTime.now()
    }

    /// Counts a call; at a decision, whether the caller writes the next calls itself.
    /// `writingTime`: the writing thread's CPU time so far, asked for at decisions only.
    mutating func count(writingTime: @autoclosure () -> Int) -> Bool? {
        calls += 1
        guard calls % Self.callsPerDecision == 0 else { return nil }
        if let choice { return choice(calls / Self.callsPerDecision) }
        guard let readingTime else { return nil }
        let now = (reading: readingTime.nanoseconds, drawing: ThreadCPUTime.now(), writing: writingTime())
        // The drawing thread's time holds the writing it did itself.
        let load = (now.drawing - drawing) + (now.writing - writing)
        let read = now.reading - reading
        (reading, drawing, writing) = now
        return decide(load: load, reading: read)
    }

    /// Takes in the drawing and writing (`load`) and the reading since the last decision;
    /// whether the caller writes from here.
    mutating func decide(load: Int, reading: Int) -> Bool {
        let latest = Double(load) / Double(max(reading, 1))
        let average = ratio.map { 0.75 * $0 + 0.25 * latest } ?? latest
        ratio = average
        writesHere = (writesHere ? Self.goesOnWritingWithin : Self.startsWritingWithin).contains(average)
        return writesHere
    }
}

/// A call handed to a ``BackendThread``'s writing thread. Outside the generic type, so that
/// making, copying and freeing calls needs no metadata for each backend type at run time (a
/// nested enum is generic over the backend too, although it holds none of it).
private enum BackendCall {
    case begin(DocumentInfo, View)
    case write(View)
    case end(DocumentSummary, View)
}
