/// ``AuthorSlots`` of one value per author, shared by the copies of a ``RenderContext``.
final class AuthorMemo<Value: Sendable>: Sendable {
    private let slots = Locked(AuthorSlots<Value>())

    /// The value kept for `user`, or the one `make` gives, kept for it.
    func value(for user: ChatUser, making make: () -> Value) -> Value {
        if let kept = slots.withLock({ $0[user] }) { return kept }
        let value = make()
        slots.withLock { $0[user] = value }
        return value
    }
}
