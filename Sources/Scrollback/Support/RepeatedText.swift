/// Strings of one piece repeated, built in one allocation. `String(repeating:count:)` appends
/// the piece once per count, and terminal layout pads and rules nearly every line it makes.
enum RepeatedText {
    /// `unit` written `count` times; empty when `count` is zero or less.
    static func string(_ unit: String, count: Int) -> String {
        guard count > 0 else { return "" }
        return unit.withUTF8Bytes { piece in
            guard let source = piece.baseAddress, !piece.isEmpty else { return "" }
            let length = piece.count
            return String(unsafeUninitializedCapacity: length * count) { buffer in
                guard let target = buffer.baseAddress else { return 0 }
                let total = length * count
                if length == 1 {
                    target.initialize(repeating: source.pointee, count: total)
                    return total
                }
                // Doubling copies: a few memcpy calls rather than one per piece.
                target.initialize(from: source, count: length)
                var filled = length
                while filled < total {
                    let chunk = min(filled, total - filled)
                    (target + filled).initialize(from: target, count: chunk)
                    filled += chunk
                }
                return total
            }
        }
    }

    /// `count` spaces. Terminal lines are padded to a box's width with up to a line of them,
    /// and a run of more than 15 bytes is a new allocation: the common counts are made once.
    static func spaces(_ count: Int) -> String {
        count < commonSpaces.count ? commonSpaces[max(count, 0)] : string(" ", count: count)
    }

    private static let commonSpaces = (0..<256).map { string(" ", count: $0) }
}
