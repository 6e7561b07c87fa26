/// A value that is not `Sendable` (a reader, a built-in backend with its output) moved to
/// another thread whole: the thread that makes a transfer gives up the value, and only the
/// thread that receives it touches it from then on (``PrefetchedEvents``, ``BackendThread``).
///
/// Unchecked, because the compiler cannot prove the move: a reader shares its input's scratch
/// files with the other pass, and a backend's output is also its caller's, so neither is a
/// value it can see is disconnected. What makes each move safe is said where it is made: the
/// sender keeps no reference it uses until the receiver's thread has ended or handed the value
/// back through a ``Monitor`` (whose lock orders the accesses). `SingleThreadEquivalenceTests`
/// compare the bytes written with and without threads, and CI runs them under ThreadSanitizer.
struct Transfer<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: consuming Value) { self.value = value }
}
