import Foundation

/// Numbers identifiers exactly: each distinct string gets the next number (0, 1, 2, … in the
/// order first met), and two strings share a number only when their bytes are equal.
///
/// Message ids are chosen by whoever sends the message, so no hash of them can stand for them:
/// a crafted pair with equal hashes would put one message's replies, reactions or page under
/// another. Here a hash only says where to start looking; the bytes decide. The hash is
/// `Hasher`'s, seeded afresh by each process, so an input cannot be written to make its ids
/// collide and every lookup walk a long chain. The numbers themselves, and so everything built
/// on them, do not depend on the seed.
///
/// Memory: the ids' bytes, kept once one after another, and about 20 bytes an id.
struct IdentifierTable: Sendable, Equatable {
    /// Every id's UTF-8 bytes, one after another.
    private var bytes: [UInt8] = []
    /// Where each id's bytes end in ``bytes``; the id before it ends where it starts.
    private var ends: [Int] = []
    /// Each id's hash, its low 32 bits: the table grows without hashing the ids again, and a
    /// probe compares bytes only where the hashes agree.
    private var hashes: [UInt32] = []
    /// Open addressing, linear probing: a number + 1, or 0 for an empty slot. A power of two
    /// long, and never more than half full.
    private var slots = [UInt32](repeating: 0, count: 16)
    /// ANDed with every hash: all ones, except in a test that makes every id collide (0).
    private let hashMask: Int

    /// `hashMask` is for tests: 0 gives every id the same hash, which must change nothing but
    /// the time a lookup takes.
    init(hashMask: Int = -1) {
        self.hashMask = hashMask
    }

    /// How many distinct ids the table holds.
    var count: Int { ends.count }

    /// The number of `id`, given it now if the table did not have it.
    mutating func intern(_ id: String) -> Int32 {
        id.withUTF8Bytes { id in
            let hash = hash(id)
            switch find(id, hash: hash) {
            case .found(let number): return number
            case .free(let slot):
                let number = Int32(ends.count)
                bytes.append(contentsOf: id)
                ends.append(bytes.count)
                hashes.append(UInt32(truncatingIfNeeded: hash))
                slots[slot] = UInt32(number) + 1
                if ends.count * 2 > slots.count { grow() }
                return number
            }
        }
    }

    /// The id numbered `number`.
    func id(_ number: Int32) -> String {
        let start = number == 0 ? 0 : ends[Int(number) - 1]
        return String(decoding: bytes[start..<ends[Int(number)]], as: UTF8.self)
    }

    /// The number of `id`, or `nil` when the table does not hold it.
    func number(of id: String) -> Int32? {
        id.withUTF8Bytes { id in
            guard case .found(let number) = find(id, hash: hash(id)) else { return nil }
            return number
        }
    }

    /// Two tables are equal when they number the same ids alike, whatever their hashes.
    static func == (lhs: IdentifierTable, rhs: IdentifierTable) -> Bool {
        lhs.ends == rhs.ends && lhs.bytes == rhs.bytes
    }

    private enum Place {
        case found(Int32)
        case free(slot: Int)
    }

    private func find(_ id: UnsafeBufferPointer<UInt8>, hash: Int) -> Place {
        let mask = slots.count - 1
        var slot = hash & mask
        while true {
            let entry = slots[slot]
            if entry == 0 { return .free(slot: slot) }
            let number = Int(entry - 1)
            if hashes[number] == UInt32(truncatingIfNeeded: hash), holds(number, id) { return .found(Int32(number)) }
            slot = (slot + 1) & mask
        }
    }

    /// Whether id `number`'s bytes are `id`'s.
    private func holds(_ number: Int, _ id: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = number == 0 ? 0 : ends[number - 1]
        guard ends[number] - start == id.count else { return false }
        return bytes.withUnsafeBufferPointer { all in
            id.isEmpty || memcmp(all.baseAddress! + start, id.baseAddress!, id.count) == 0
        }
    }

    private func hash(_ id: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(id))
        return hasher.finalize() & hashMask
    }

    /// Doubles the slots and places every id again.
    private mutating func grow() {
        var grown = [UInt32](repeating: 0, count: slots.count * 2)
        let mask = grown.count - 1
        for (number, hash) in hashes.enumerated() {
            var slot = Int(hash) & mask
            while grown[slot] != 0 { slot = (slot + 1) & mask }
            grown[slot] = UInt32(number) + 1
        }
        slots = grown
    }
}
