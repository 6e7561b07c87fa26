/// The ids a document knows: the messages it shows, and the ids they point at (thread parents,
/// quoted messages), each by its number in an ``IdentifierTable``. What is asked of an id (is it
/// shown, at the top of its channel, quoted, on which page) is answered for exactly that id,
/// never for another whose hash happens to be equal.
///
/// Memory: the ids' bytes and about 17 bytes an id, 4 more in a split document.
struct DocumentMessages: Sendable, Equatable {
    /// What the document does with an id; an id may be all of them (an input can repeat ids).
    struct Roles: OptionSet, Sendable, Equatable {
        let rawValue: UInt8
        /// A message with this id is shown at the top of its channel: a thread's home.
        static let topLevel = Roles(rawValue: 1 << 0)
        /// A message with this id is shown as a thread reply.
        static let reply = Roles(rawValue: 1 << 1)
        /// A message shown quotes this id.
        static let quoted = Roles(rawValue: 1 << 2)
        /// A message shown is a thread reply to this id.
        static let parent = Roles(rawValue: 1 << 3)
        /// A message with this id is a draft: a reply read back from the spool is marked again.
        static let draft = Roles(rawValue: 1 << 4)
    }

    private(set) var ids: IdentifierTable
    /// By number.
    private var roles: [Roles] = []
    /// By number, in a split document: the page (from 1) that shows the message, 0 for none.
    /// Empty when the document is not split.
    private var pages: [Int32] = []

    /// `hashMask` is for tests (``IdentifierTable/init(hashMask:)``).
    init(hashMask: Int = -1) {
        ids = IdentifierTable(hashMask: hashMask)
    }

    /// Notes that the document does `role` with `id`; returns the id's number.
    @discardableResult
    mutating func note(_ id: String, _ role: Roles) -> Int32 {
        let number = ids.intern(id)
        if Int(number) == roles.count { roles.append([]) }
        roles[Int(number)].formUnion(role)
        return number
    }

    /// What the document does with `id`: empty for an id it does not know.
    func roles(of id: String) -> Roles {
        ids.number(of: id).map { roles[Int($0)] } ?? []
    }

    /// What the document does with the id numbered `number`.
    func roles(ofNumber number: Int32) -> Roles { roles[Int(number)] }

    /// Whether a message with `id` is shown, at the top or in a thread.
    func contains(_ id: String) -> Bool { !roles(of: id).isDisjoint(with: [.topLevel, .reply]) }

    /// Whether a message shown quotes another.
    var hasQuotes: Bool { roles.contains { $0.contains(.quoted) } }

    /// Every message shown, by id, with its roles: for tests that compare two indexes whatever
    /// order their ids were numbered in.
    var shownRoles: [String: Roles] {
        var result: [String: Roles] = [:]
        for (number, role) in roles.enumerated() where !role.isDisjoint(with: [.topLevel, .reply]) {
            result[ids.id(Int32(number))] = role.intersection([.topLevel, .reply, .parent])
        }
        return result
    }

    /// How many of the ids are of messages shown.
    var shownCount: Int { roles.count { !$0.isDisjoint(with: [.topLevel, .reply]) } }

    /// Gives the message numbered `number` a page; an id given several (a repeated id) keeps
    /// the lowest.
    mutating func setPage(_ page: Int32, ofNumber number: Int32) {
        if pages.count < roles.count { pages += repeatElement(0, count: roles.count - pages.count) }
        if pages[Int(number)] == 0 || page < pages[Int(number)] { pages[Int(number)] = page }
    }

    /// The page given to the message numbered `number` so far, if any.
    func page(ofNumber number: Int32) -> Int32? {
        Int(number) < pages.count && pages[Int(number)] > 0 ? pages[Int(number)] : nil
    }

    /// The page that shows the message with `id` in a split document; `nil` when the document
    /// is not split or does not show it.
    func page(of id: String) -> Int? {
        ids.number(of: id).flatMap { page(ofNumber: $0) }.map(Int.init)
    }

    /// Lets go of spare capacity once the document is read.
    mutating func seal() {
        roles.shrinkToFit()
        pages.shrinkToFit()
    }
}

extension Array {
    mutating func shrinkToFit() {
        guard capacity > count + count / 8 + 16 else { return }
        var copy: [Element] = []
        copy.reserveCapacity(count)
        copy.append(contentsOf: self)
        self = copy
    }
}
