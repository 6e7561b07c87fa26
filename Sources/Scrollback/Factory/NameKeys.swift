import Synchronization

/// The ``TranscriptIndex/nameKey(_:)`` of each display name met while drawing, kept: the same
/// few names come back in every reaction's tooltip, and lower-casing a name in another script
/// costs thousands of instructions each time. Bounded: past ``limit`` names the table starts
/// again, so a hostile input of ever new names costs no more memory than that.
final class NameKeys: Sendable {
    static let limit = 4096
    private let keys = Mutex<[String: String]>([:])

    func key(of name: String) -> String {
        if let key = keys.withLock({ $0[name] }) { return key }
        let key = TranscriptIndex.nameKey(name)
        keys.withLock { keys in
            if keys.count >= Self.limit { keys.removeAll(keepingCapacity: true) }
            keys[name] = key
        }
        return key
    }
}
