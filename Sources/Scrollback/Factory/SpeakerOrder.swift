import Synchronization

/// The speakers of one rendering in order of first appearance, for their avatar colours: the
/// first author drawn takes colour 0, the next new one colour 1, and so on. The order is the
/// document's as drawn (threads under their first message when an index pass placed them), so
/// the same input and options always give the same colours, and a person keeps one colour on
/// every page and in every document of a rendering. It is kept while drawing rather than by the
/// index pass so that a rendering without one (a single pass, as a pager streaming its input may
/// use) gets distinct colours too.
///
/// Users are kept as 64-bit hashes of their ids. Past ``limit`` speakers (only a huge or
/// hostile input has them) a new one takes the colour of its id's hash, so memory stays bounded.
final class SpeakerOrder: Sendable {
    /// The most speakers given a place in order.
    static let limit = 65_536

    private let order = Mutex<[UInt64: Int]>([:])

    /// The colour index of `user`: its place in order of first appearance.
    func index(of user: ChatUser) -> Int {
        let key = AvatarContent.key(of: user)
        return order.withLock { order in
            if let known = order[key] { return known }
            guard order.count < Self.limit else { return Int(key % UInt64(AvatarContent.paletteSize)) }
            order[key] = order.count
            return order.count - 1
        }
    }
}
