/// A value that one thread hands to another: held under a lock and taken out whole. What goes
/// in is `sending`, so the compiler checks that the thread that put it there keeps nothing it
/// reaches.
final class Handoff<Value>: Sendable {
    private let value: Locked<Value?>

    init(_ value: consuming sending Value) { self.value = Locked(value) }

    /// Takes the value out; `nil` once it was taken.
    func take() -> sending Value? {
        value.withLock { $0.take() }
    }
}
