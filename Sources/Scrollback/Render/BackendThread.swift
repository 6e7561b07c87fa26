import Foundation

/// A backend of a built-in format writing to an ``OutputSink`` (``WritesBehind``) that writes
/// on a thread of its own: the views the factory made are handed over in batches, in
/// order, and the format's backend turns them into bytes beside the thread that makes the next
/// ones. Any other backend, and any backend when `threaded` is false, gets its calls straight
/// on the caller's thread: an app's backend never runs on a thread its author did not ask for.
struct BackendThread<Wrapped: TranscriptBackend>: TranscriptBackend {
    /// Views are handed over this many at a time, so that the threads meet rarely.
    private static var batchSize: Int { 64 }

    private let writer: Writer?
    /// The wrapped backend's, read before the backend went to its thread.
    let showsTitles: Bool
    /// The wrapped backend's, read before the backend went to its thread.
    let showsSearchBar: Bool
    /// The backend itself when there is no writing thread.
    private var inline: Wrapped?
    private var batch: [BackendCall] = []

    /// Starts the writing thread with `backend` when it is a built-in one and `threaded` is
    /// true; else keeps it here. The caller must not use the backend's output until
    /// ``finish()`` gives the backend back.
    init(_ backend: Wrapped, threaded: Bool) {
        showsTitles = backend.showsTitles
        showsSearchBar = backend.showsSearchBar
        if threaded, let builtIn = backend as? any WritesBehind {
            (writer, inline) = (Writer(builtIn), nil)
            batch.reserveCapacity(Self.batchSize)
        } else {
            (writer, inline) = (nil, backend)
        }
    }

    mutating func begin(_ document: DocumentInfo, header: ViewNode) { add(.begin(document, header)) }

    mutating func write(_ view: ViewNode) { add(.write(view)) }

    mutating func end(_ summary: DocumentSummary, footer: ViewNode) { add(.end(summary, footer)) }

    /// Waits until everything handed over is written, and gives the backend back.
    mutating func finish() -> Wrapped {
        guard let writer else { return inline.take()! }
        if !batch.isEmpty { _ = writer.queue.push(batch) }
        batch = []
        // `Wrapped` writes behind: only such a backend got a writer.
        return writer.finish() as! Wrapped
    }

    private mutating func add(_ call: BackendCall) {
        guard let writer else { return call.apply(to: &inline!) }
        batch.append(call)
        if batch.count == Self.batchSize {
            _ = writer.queue.push(batch)
            batch = []
            batch.reserveCapacity(Self.batchSize)
        }
    }
}

/// The backends that may write behind: the library's own formats, writing to an
/// ``OutputSink``. An app's backend never does: it may expect to stay on its caller's thread.
/// Their types may be named on any thread (`SendableMetatype`): the writing thread's loop is
/// made for the backend's own type, with no dynamic call for each view. The command line's
/// wrappers of such a backend conform too (`package`): a wrapper that did not would keep all
/// the writing on the drawing thread.
package protocol WritesBehind: TranscriptBackend, SendableMetatype {}

extension HTMLBackend: WritesBehind where Output == OutputSink {}
extension ANSIBackend: WritesBehind where Output == OutputSink {}
extension MarkdownBackend: WritesBehind where Output == OutputSink {}
extension OutputFormat.Backend: WritesBehind where Output == OutputSink {}

/// A call handed to a ``BackendThread``'s writing thread.
private enum BackendCall: Sendable {
    case begin(DocumentInfo, ViewNode)
    case write(ViewNode)
    case end(DocumentSummary, ViewNode)

    func apply<Backend: TranscriptBackend>(to backend: inout Backend) {
        switch self {
        case .begin(let document, let header): backend.begin(document, header: header)
        case .write(let view): backend.write(view)
        case .end(let summary, let footer): backend.end(summary, footer: footer)
        }
    }
}

/// The writing thread of a ``BackendThread``. An empty batch tells it the document is complete.
private final class Writer {
    /// At most this many batches wait, which bounds the memory of the views not yet written.
    private static var batchesAhead: Int { 8 }

    let queue = BatchQueue<BackendCall>(capacity: Writer.batchesAhead)
    private let done = DispatchSemaphore(value: 0)
    /// The backend, given back by the thread when it ends.
    private let result = Monitor<Transfer<any WritesBehind>?>(nil)
    private var finished = false

    init(_ backend: any WritesBehind) {
        Self.start(backend, queue: queue, done: done, result: result)
    }

    /// Starts the thread, which holds the queue and the result, never this object, whose end
    /// stops it.
    private static func start<Backend: WritesBehind>(
        _ backend: Backend, queue: BatchQueue<BackendCall>, done: DispatchSemaphore, result: Monitor<Transfer<any WritesBehind>?>
    ) {
        // The backend and its output are the writing thread's until `finish()`; the renderer,
        // which took it from its caller, touches neither meanwhile.
        let backend = Transfer(backend)
        WorkerThread.start {
            defer { done.signal() }
            var backend = backend.value
            while true {
                let calls = queue.pop()
                if calls.isEmpty { break }
                for call in calls { call.apply(to: &backend) }
            }
            result.withLock { $0 = Transfer(backend) }
        }
    }

    func finish() -> any WritesBehind {
        stop()
        return result.withLock { $0.take()! }.value
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
