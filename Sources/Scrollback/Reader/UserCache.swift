import Foundation

/// Users already decoded, found again by the bytes of their objects. An export writes each
/// author's object out in full, byte for byte the same, in every message they wrote and in
/// each of their reactions: the reading skips such an object and takes the user decoded the
/// first time, instead of parsing and decoding it again.
///
/// Only a user whose decoding had nothing to report is kept, so that a hit changes no warning
/// (the index pass, which reports nothing, keeps the `id` and `name` it reads of each author).
/// A kept user's `raw` is the first object's bytes, which are the same. One reader owns a
/// cache and uses it on its own thread only.
final class UserCache {
    private struct Entry {
        let bytes: [UInt8]
        let user: ChatUser

        /// Whether `bytes` starts with this entry's: then the value there is this very object,
        /// since a JSON value ends where its bytes say.
        func starts(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            self.bytes.count <= bytes.count
                && self.bytes.withUnsafeBufferPointer { memcmp($0.baseAddress!, bytes.baseAddress!, $0.count) == 0 }
        }
    }

    /// The tables, in one stored property: a class's stored properties are checked for
    /// exclusive access at run time, once per access, so each call here makes one (two when
    /// the first bytes find no user), and the tables' own work is checked when compiling.
    private var tables = Tables()
    private static let prefixLength = 16
    /// The longest object kept. An author's object is a few hundred bytes; the tables hold at
    /// most 1,536 objects, so their memory stays under 6 MB whatever the input (a longer object
    /// is decoded each time it comes, as it would be without the cache).
    static let longest = 4_096

    private struct Tables {
        /// Slots, each keeping the last user whose bytes hash there: memory stays bounded on an
        /// input with ever new users (or objects that differ in a timestamp each time).
        var slots = [Entry?](repeating: nil, count: UserCache.slotCount)
        /// The same users by their first bytes (which hold the `id` when it comes first, as
        /// exports write it), two to a set: found without first walking the object to its end.
        var recent = [Entry?](repeating: nil, count: 2 * 256)

        /// The user whose object's bytes start `ahead` (at least ``prefixLength`` bytes), found
        /// by its first bytes, with the object's length. Not the entry: returning it copied it.
        func recentUser(startingAt ahead: UnsafeBufferPointer<UInt8>) -> (user: ChatUser, length: Int)? {
            let set = UserCache.set(ofPrefix: ahead)
            for way in 0..<2 {
                if let entry = recent[set + way], entry.starts(ahead) { return (entry.user, entry.bytes.count) }
            }
            return nil
        }

        /// The user decoded from an object written exactly as `bytes`, if one is kept.
        func user(writtenAs bytes: UnsafeBufferPointer<UInt8>) -> ChatUser? {
            guard let entry = slots[UserCache.slot(of: bytes)], entry.bytes.count == bytes.count, entry.starts(bytes) else { return nil }
            return entry.user
        }

        mutating func keep(_ entry: Entry) {
            entry.bytes.withUnsafeBufferPointer { bytes in
                slots[UserCache.slot(of: bytes)] = entry
                guard bytes.count >= UserCache.prefixLength else { return }
                // The newest in the set's first way, the one before in its second.
                let set = UserCache.set(ofPrefix: bytes)
                if let previous = recent[set] { recent[set + 1] = previous }
                recent[set] = entry
            }
        }
    }

    /// The user decoded from an object written exactly as the value at the parser's cursor,
    /// with that value's bytes, for ``JSONStreamParser/skip(_:)``; the parser has not moved.
    func user(at parser: inout JSONStreamParser) throws(ReadError) -> (user: ChatUser, written: UnsafeBufferPointer<UInt8>)? {
        if let ahead = try parser.bytesAhead(), ahead.count >= Self.prefixLength, let found = tables.recentUser(startingAt: ahead) {
            return (found.user, UnsafeBufferPointer(rebasing: ahead[..<found.length]))
        }
        guard let written = try parser.quickValue(), let user = tables.user(writtenAs: written) else { return nil }
        return (user, written)
    }

    /// Keeps `user`, decoded without a warning from an object written as `bytes`, unless the
    /// object is longer than ``longest``.
    func keep(_ user: ChatUser, writtenAs bytes: some Collection<UInt8>) {
        guard !bytes.isEmpty, bytes.count <= Self.longest else { return }
        tables.keep(Entry(bytes: Array(bytes), user: user))
    }

    /// The first way of the set of `recent` for the object whose bytes start `bytes`.
    private static func set(ofPrefix bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let raw = UnsafeRawPointer(bytes.baseAddress!)
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        let first = raw.loadUnaligned(as: UInt64.self) &* multiplier
        let hash = (first ^ raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) &* multiplier
        return Int(truncatingIfNeeded: hash >> 56) * 2
    }

    private static let slotCount = 1024

    private static func slot(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        Int(truncatingIfNeeded: hash(bytes) >> 32) & (slotCount - 1)
    }

    /// A hash of the bytes taken a word at a time (an object is a few hundred bytes).
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let base = bytes.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = UInt64(bytes.count) &* multiplier
        var index = 0
        while index + 8 <= bytes.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* multiplier
            hash ^= hash >> 32
            index += 8
        }
        while index < bytes.count {
            hash = (hash ^ UInt64(base[index])) &* multiplier
            index += 1
        }
        return hash ^ hash >> 29
    }
}
