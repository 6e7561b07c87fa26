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
}
