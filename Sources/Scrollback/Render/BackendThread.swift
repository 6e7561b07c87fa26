import Foundation

/// A backend that writes on a thread of its own: the views the factory made are handed over
/// in batches, in order, and the wrapped backend turns them into bytes beside the thread that
/// makes the next ones. The wrapped backend is touched by the writing thread only, from
/// ``init(_:threaded:)`` until ``finish()`` gives it back. With `threaded` false the calls go
/// straight to the backend, on the caller's thread.
struct BackendThread<Wrapped: TranscriptBackend>: TranscriptBackend {
    /// Views are handed over this many at a time, so that the threads meet rarely.
    private static var batchSize: Int { 64 }
    /// At most this many batches wait, which bounds the memory of the views not yet written.
    private static var batchesAhead: Int { 8 }

    private let writer: Writer?
    /// The wrapped backend's, read before the backend went to its thread.
    let showsTitles: Bool
    /// The backend itself when there is no writing thread.
    private var inline: Wrapped?
    private var batch: [BackendCall] = []

    /// Starts the writing thread with `backend`, or with `threaded` false keeps it here.
    init(_ backend: Wrapped, threaded: Bool) {
        showsTitles = backend.showsTitles
        if threaded {
            writer = Writer(backend)
            batch.reserveCapacity(Self.batchSize)
        } else {
            (writer, inline) = (nil, backend)
        }
    }

    mutating func begin(_ document: DocumentInfo, header: View) { add(.begin(document, header)) }

    mutating func write(_ view: View) { add(.write(view)) }

    mutating func end(_ summary: DocumentSummary, footer: View) { add(.end(summary, footer)) }

    /// Waits until everything handed over is written, and gives the backend back.
    mutating func finish() -> Wrapped {
        guard let writer else { return inline.take()! }
        if !batch.isEmpty { _ = writer.queue.push(batch) }
        batch = []
        return writer.finish()
    }

    private mutating func add(_ call: BackendCall) {
        guard let writer else { return Self.apply(call, to: &inline!) }
        batch.append(call)
        if batch.count == Self.batchSize {
            _ = writer.queue.push(batch)
            batch = []
            batch.reserveCapacity(Self.batchSize)
        }
    }

    private static func apply(_ call: BackendCall, to backend: inout Wrapped) {
        switch call {
        case .begin(let document, let header): backend.begin(document, header: header)
        case .write(let view): backend.write(view)
        case .end(let summary, let footer): backend.end(summary, footer: footer)
        }
    }

    /// The writing thread. An empty batch tells it the document is complete.
    private final class Writer {
        let queue = BatchQueue<BackendCall>(capacity: BackendThread.batchesAhead)
        private let done = DispatchSemaphore(value: 0)
        private let shared: Shared
        private var finished = false

        /// The backend, which the writing thread has from its start until it ends.
        ///
        /// Unchecked: the backend is not `Sendable` (an app's need not be), yet it is reached by
        /// one thread at a time. The caller puts it here before the thread starts and takes it
        /// back only after waiting for the thread's `done` signal (``finish()``), which orders
        /// every access the thread made before it. `SingleThreadEquivalenceTests` compare the
        /// bytes written this way with the calling thread's, and the thread-sanitised run of
        /// the suite checks the accesses.
        private final class Shared: @unchecked Sendable {
            var backend: Wrapped?

            init(_ backend: Wrapped) { self.backend = backend }
        }

        init(_ backend: Wrapped) {
            shared = Shared(backend)
            // The thread holds the queue and what it shares, never this object, whose end stops it.
            let (queue, done, shared) = (queue, done, shared)
            WorkerThread.start {
                defer { done.signal() }
                var backend = shared.backend.take()!
                defer { shared.backend = backend }
                while true {
                    let calls = queue.pop()
                    if calls.isEmpty { return }
                    for call in calls { BackendThread.apply(call, to: &backend) }
                }
            }
        }

        func finish() -> Wrapped {
            stop()
            return shared.backend.take()!
        }

        func stop() {
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
    case end(DocumentSummary, View)
}
