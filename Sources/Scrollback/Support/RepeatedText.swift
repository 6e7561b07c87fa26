/// Strings of one piece repeated, built in one allocation. `String(repeating:count:)` appends
/// the piece once per count, and terminal layout pads and rules nearly every line it makes.
enum RepeatedText {
    /// `unit` written `count` times; empty when `count` is zero or less.
    static func string(_ unit: String, count: Int) -> String {
        guard count > 0 else { return "" }
        var unit = unit
        return unit.withUTF8 { piece in
            guard let source = piece.baseAddress, !piece.isEmpty else { return "" }
            let length = piece.count
            return String(unsafeUninitializedCapacity: length * count) { buffer in
                guard let target = buffer.baseAddress else { return 0 }
                for copy in 0..<count { (target + copy * length).initialize(from: source, count: length) }
                return length * count
            }
        }
    }

    /// `count` spaces.
    static func spaces(_ count: Int) -> String { string(" ", count: count) }
}
