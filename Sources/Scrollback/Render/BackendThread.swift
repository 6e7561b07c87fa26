import Foundation

/// A backend that writes on a thread of its own: the views the factory made are handed over
/// in batches, in order, and the wrapped backend turns them into bytes beside the thread that
/// makes the next ones. The wrapped backend is touched by one thread at a time only: the
/// writing thread from ``init(_:threaded:)`` until ``finish()`` gives it back. With `threaded`
/// false the calls go straight to the backend, on the caller's thread.
struct BackendThread<Wrapped: TranscriptBackend>: TranscriptBackend {
    private typealias Call = BackendCall

    /// Views are handed over this many at a time, so that the threads meet rarely.
    private static var batchSize: Int { 64 }
    /// At most this many batches wait, which bounds the memory of the views not yet written.
    private static var batchesAhead: Int { 8 }

    private let writer: Writer?
    /// A layout of the backend's making, on this thread, for a backend that writes terminal
    /// lines (``LineWritingBackend``): see ``write(_:)``.
    private let lineLayout: ANSILayout?
    /// Whether the views of the batch being gathered are laid out on this thread.
    private var laysOutHere = false
    /// The wrapped backend's, read before the backend went to its thread.
    let showsTitles: Bool
    /// The backend itself when there is no writing thread.
    private var inline: Wrapped?
    private var batch: [Call] = []

    /// Starts the writing thread with `backend`, or with `threaded` false keeps it here.
    init(_ backend: Wrapped, threaded: Bool) {
        showsTitles = backend.showsTitles
        if threaded {
            let lineWriting = (backend as? any LineWritingBackend).flatMap { Self.lineWriting($0) }
            lineLayout = lineWriting?.layout
            writer = Writer(backend, writeLines: lineWriting?.write)
            batch.reserveCapacity(Self.batchSize)
        } else {
            (writer, inline, lineLayout) = (nil, backend, nil)
        }
    }

    /// How the writing thread writes lines through a backend of type `Wrapped`.
    private typealias WriteLines = @Sendable (inout Wrapped, [TextWrapper.Line]) -> Void

    /// The backend's layout for this thread, and the writing of lines through it; `nil` when
    /// it writes no terminal lines. `Lines` is `Wrapped` itself, as the protocol shows it.
    private static func lineWriting<Lines: LineWritingBackend>(_ backend: Lines) -> (layout: ANSILayout, write: WriteLines)? {
        guard let layout = backend.makeLineLayout() else { return nil }
        let write: @Sendable (inout Lines, [TextWrapper.Line]) -> Void = { backend, lines in backend.write(lines: lines) }
        return (layout, write as Any as! WriteLines)
    }

    mutating func begin(_ document: DocumentInfo, header: View) { add(.begin(document, header)) }

    /// When the writing thread has fallen behind, so that this one would wait for room, a
    /// backend's terminal lines are laid out here instead, a batch at a time: laying out is most
    /// of a terminal's writing, and the two threads then share it as each one has time. The
    /// lines are the same wherever they are laid out.
    mutating func write(_ view: View) {
        if let lineLayout, let writer {
            if batch.isEmpty { laysOutHere = writer.queue.isFull }
            if laysOutHere { return add(.lines(lineLayout.lines(for: view))) }
        }
        add(.write(view))
    }

    mutating func end(_ summary: DocumentSummary, footer: View) { add(.end(summary, footer)) }

    /// Waits until everything handed over is written, and gives the backend back.
    mutating func finish() -> Wrapped {
        guard let writer else { return inline.take()! }
        if !batch.isEmpty { _ = writer.queue.push(batch) }
        batch = []
        return writer.finish()
    }

    private mutating func add(_ call: Call) {
        guard let writer else { return Self.apply(call, to: &inline!) }
        batch.append(call)
        guard batch.count == Self.batchSize else { return }
        _ = writer.queue.push(batch)
        batch = []
        batch.reserveCapacity(Self.batchSize)
    }

    /// `writeLines` is there whenever lines are handed over.
    private static func apply(_ call: Call, to backend: inout Wrapped, writeLines: WriteLines? = nil) {
        switch call {
        case .begin(let document, let header): backend.begin(document, header: header)
        case .write(let view): backend.write(view)
        case .lines(let lines): writeLines!(&backend, lines)
        case .end(let summary, let footer): backend.end(summary, footer: footer)
        }
    }

    /// The writing thread. An empty batch tells it the document is complete.
    private final class Writer {
        let queue = BatchQueue<Call>(capacity: BackendThread.batchesAhead)
        private let done = DispatchSemaphore(value: 0)
        private let held: Handover<Wrapped>
        private var finished = false

        init(_ backend: Wrapped, writeLines: WriteLines?) {
            held = Handover(backend)
            // The thread holds the queue and the backend, never this object, whose end stops it.
            let (queue, done, held) = (queue, done, held)
            WorkerThread.start {
                defer { done.signal() }
                guard var backend = held.take() else { return }
                defer { held.give(backend) }
                while true {
                    let calls = queue.pop()
                    if calls.isEmpty { return }
                    for call in calls { BackendThread.apply(call, to: &backend, writeLines: writeLines) }
                }
            }
        }

        func finish() -> Wrapped {
            stop()
            return held.take()!
        }

        private func stop() {
            guard !finished else { return }
            finished = true
            _ = queue.push([])
            done.wait()
        }

        /// A rendering that stopped without finishing still lets the thread end.
        deinit { stop() }
    }
}

/// A call handed to a ``BackendThread``'s writing thread. Outside the generic type, so that
/// making, copying and freeing calls needs no metadata for each backend type at run time (a
/// nested enum is generic over the backend too, although it holds none of it).
private enum BackendCall {
    case begin(DocumentInfo, View)
    case write(View)
    /// A view already laid out, by the layout of ``LineWritingBackend/makeLineLayout()``.
    case lines([TextWrapper.Line])
    case end(DocumentSummary, View)
}
