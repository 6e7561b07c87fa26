/// The last value made, kept for the next caller that wants the same: a run of documents
/// (`--output-dir`, `--split`) asks each file's backend for values that are the same for all of
/// them and cost far more to make than to compare (a theme's stylesheet, a locale's date
/// formats). One value, not a table: a caller that wants another replaces it. Made under the
/// lock, so that two threads wanting the same value make it once.
final class LastMade<Value: Sendable>: Sendable {
    private let kept = Locked<Value?>(nil)

    /// The kept value when `isWanted` takes it, else the one `make` gives, kept instead.
    func value(where isWanted: (Value) -> Bool, making make: () -> Value) -> Value {
        kept.withLock { kept in
            if let value = kept, isWanted(value) { return value }
            let value = make()
            kept = value
            return value
        }
    }
}
