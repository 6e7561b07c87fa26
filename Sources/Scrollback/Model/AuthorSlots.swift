/// Values worked out per author and kept by the user value they were worked out for
/// (``ChatUser/isIdentical(to:)``), not by hashing the user's id: every message asks about
/// its author (the index its name, the drawing its colour, initials and tooltip), and the
/// reader gives all the messages of an author written the same way one user value
/// (``UserCache``).
///
/// A few slots, each chosen by where a user's fields lie; a user that takes a slot puts out
/// the one before, so memory stays bounded whatever the input. Holding a user keeps its fields
/// (and their place) as they were, so a value kept for them stays right.
struct AuthorSlots<Entry> {
    private static var count: Int { 64 }
    private var slots: [(user: ChatUser, entry: Entry)?] = Array(repeating: nil, count: count)

    /// The entry kept for `user`, when it is this very user value.
    subscript(user: ChatUser) -> Entry? {
        get {
            guard let kept = slots[Self.slot(of: user)], kept.user.isIdentical(to: user) else { return nil }
            return kept.entry
        }
        set { slots[Self.slot(of: user)] = newValue.map { (user, $0) } }
    }

    /// A slot from the address, multiplied so that its high bits depend on all of it: users
    /// allocated one after another, a few bytes apart, spread over the slots.
    private static func slot(of user: ChatUser) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(user.storageAddress)) &* 0x9E37_79B9_7F4A_7C15) >> 58)
    }
}
