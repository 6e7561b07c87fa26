/// Thread replies that the render pass need not decode where the input has them, by the offset
/// of their element in the input. Each was decoded from the index's copy to be drawn under its
/// thread's first message; that decoding had nothing to report, and the reply shows nowhere
/// else. Meeting such an element, the reader reads only what the channel's flow needs of it
/// (as the index pass does: id, author, date, parent) and steps over the rest.
///
/// What the render pass writes and says does not depend on it. A reply met before its thread
/// is drawn, or read ahead by the reading thread, is decoded whole, as every reply used to be:
/// it shows nothing in the flow and has nothing to report either way. Only the work differs.
/// The drawing thread adds replies, and the reading thread takes them. A reply is kept only
/// while the reading has yet to reach it.
final class CleanReplies: Sendable {
    private struct State {
        var offsets: Set<Int> = []
        /// The offset of the last element the reader asked about: the replies before it are
        /// behind the reading, and not kept.
        var passed = -1
        var taken = 0
    }

    private let state = Locked(State())

    /// Notes the reply whose element starts at `offset` in the input, unless the reading is
    /// past it.
    func insert(_ offset: Int) {
        state.withLock { state in
            if offset > state.passed { state.offsets.insert(offset) }
        }
    }

    /// Whether the element at `offset` is a reply noted here, which is then no longer noted.
    /// The reader asks about each element once, in input order.
    func take(_ offset: Int) -> Bool {
        state.withLock { state in
            state.passed = offset
            guard state.offsets.remove(offset) != nil else { return false }
            state.taken += 1
            return true
        }
    }

    /// How many replies the reader took, and how many are still kept: for tests.
    var counts: (taken: Int, kept: Int) { state.withLock { ($0.taken, $0.offsets.count) } }
}
