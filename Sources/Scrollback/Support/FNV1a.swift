/// The 64-bit FNV-1a hash: the same value for the same bytes in every run, unlike `Hasher`, for
/// choices that must not change between runs (an avatar's colour). Never for identity: anyone
/// can write two strings with equal hashes (``IdentifierTable`` compares ids).
enum FNV1a {
    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01b3

    static func hash(_ text: String) -> UInt64 {
        text.withUTF8Bytes { bytes in
            var hash = offsetBasis
            for byte in bytes {
                hash ^= UInt64(byte)
                hash &*= prime
            }
            return hash
        }
    }
}
