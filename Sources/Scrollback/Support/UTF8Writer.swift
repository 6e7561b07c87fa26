/// Appends UTF-8 to a buffer of known capacity, for `String(unsafeUninitializedCapacity:)`:
/// times and dates written for every message cost several times more built piece by piece as
/// a `String` or an array.
struct UTF8Writer {
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    /// How many bytes are written so far.
    private(set) var count = 0

    init(_ buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

    mutating func append(_ text: String) {
        text.withUTF8Bytes { bytes in
            guard let source = bytes.baseAddress, let target = buffer.baseAddress else { return }
            precondition(count + bytes.count <= buffer.count)
            (target + count).initialize(from: source, count: bytes.count)
            count += bytes.count
        }
    }

    mutating func append(_ byte: UInt8) {
        buffer[count] = byte
        count += 1
    }

    /// A non-negative number in decimal digits, zero-padded to `minimumWidth`.
    mutating func append(_ value: Int, minimumWidth: Int) {
        precondition(value >= 0)
        // Most numbers of a time or a date are one or two digits, written without counting them.
        if value < 100, minimumWidth <= 2 {
            let width = value >= 10 || minimumWidth == 2 ? 2 : 1
            precondition(count + width <= buffer.count)
            if width == 2 { buffer[count] = UInt8(ascii: "0") + UInt8(value / 10) }
            buffer[count + width - 1] = UInt8(ascii: "0") + UInt8(value % 10)
            count += width
            return
        }
        var digits = 1
        var rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        let width = max(digits, minimumWidth)
        precondition(count + width <= buffer.count)
        rest = value
        for offset in (0..<width).reversed() {
            buffer[count + offset] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
        count += width
    }
}
