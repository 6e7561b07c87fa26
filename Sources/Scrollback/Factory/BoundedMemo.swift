/// Values worked out once per rendering and kept, for the few that come back on every message
/// and cost thousands of instructions each time: a display name's key (lower-casing a name in
/// another script), an author's "name (id)" tooltip (filling the theme's template). Bounded:
/// past ``limit`` entries the table starts again, so a hostile input of ever new keys costs no
/// more memory than that.
final class BoundedMemo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    static var limit: Int { 4096 }
    private let values = Locked<[Key: Value]>([:])

    /// The value kept for `key`, or the one `make` gives, kept.
    func value(for key: Key, making make: () -> Value) -> Value {
        if let value = values.withLock({ $0[key] }) { return value }
        let value = make()
        values.withLock { values in
            if values.count >= Self.limit { values.removeAll(keepingCapacity: true) }
            values[key] = value
        }
        return value
    }
}
