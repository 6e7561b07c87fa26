import Testing

@testable import Scrollback

/// The writer behind times and dates: text, bytes and zero-padded numbers into one string.
@Suite struct UTF8WriterTests {
    @Test func writesTextBytesAndPaddedNumbers() {
        let written = String(unsafeUninitializedCapacity: 40) { buffer in
            var writer = UTF8Writer(buffer)
            writer.append("Zoë ")
            writer.append(7, minimumWidth: 1)
            writer.append(UInt8(ascii: "|"))
            writer.append(7, minimumWidth: 3)
            writer.append(UInt8(ascii: "|"))
            writer.append(0, minimumWidth: 2)
            writer.append(UInt8(ascii: "|"))
            writer.append(12_345, minimumWidth: 2)
            writer.append("")
            writer.append(" 午後")
            return writer.count
        }
        #expect(written == "Zoë 7|007|00|12345 午後")
    }

    /// Every number below 1,000 at every width from 0 to 4, as `String` pads it.
    @Test func numbersAtEveryWidth() {
        for value in 0..<1_000 {
            for width in 0...4 {
                let written = String(unsafeUninitializedCapacity: 8) { buffer in
                    var writer = UTF8Writer(buffer)
                    writer.append(value, minimumWidth: width)
                    return writer.count
                }
                let digits = String(value)
                #expect(written == String(repeating: "0", count: max(0, width - digits.count)) + digits, "\(value), \(width)")
            }
        }
    }
}
