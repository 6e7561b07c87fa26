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
    }

    /// Slots, each keeping the last user whose bytes hash there: memory stays bounded on an
    /// input with ever new users (or objects that differ in a timestamp each time).
    private var slots = [Entry?](repeating: nil, count: 1024)

    /// The user decoded from an object written exactly as `bytes`, if one is kept.
    func user(writtenAs bytes: UnsafeBufferPointer<UInt8>) -> ChatUser? {
        guard let entry = slots[slot(of: bytes)], entry.bytes.count == bytes.count else { return nil }
        let same = entry.bytes.withUnsafeBufferPointer { kept in
            memcmp(kept.baseAddress!, bytes.baseAddress!, bytes.count) == 0
        }
        return same ? entry.user : nil
    }

    /// Keeps `user`, decoded without a warning from an object written as `bytes`.
    func keep(_ user: ChatUser, writtenAs bytes: ArraySlice<UInt8>) {
        guard !bytes.isEmpty else { return }
        let copy = Array(bytes)
        slots[copy.withUnsafeBufferPointer(slot)] = Entry(bytes: copy, user: user)
    }

    private func slot(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        Int(truncatingIfNeeded: Self.hash(bytes) >> 32) & (slots.count - 1)
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
