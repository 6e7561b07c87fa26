/// A small seeded generator for tests that try many made-up inputs: the same seed gives the
/// same inputs on every machine, so a failure can be replayed.
struct XorShift {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed | 1
    }

    /// A number in `0..<bound`.
    mutating func next(_ bound: Int) -> Int {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return Int(state % UInt64(bound))
    }
}
