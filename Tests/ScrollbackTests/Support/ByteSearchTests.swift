import Testing

@testable import Scrollback

/// `containsUTF8` answers as `utf8.contains` does, for short and long strings and substrings.
@Suite struct ByteSearchTests {
    @Test func findsAByteAsTheUTF8ViewDoes() {
        let long = String(repeating: "plain text, ", count: 40) + "~strike~ | 日本語 %20"
        for text in ["", "~", "a|b", "no markup here", "日本語", long, String(long.prefix(300))] {
            for byte in [UInt8(ascii: "~"), UInt8(ascii: "|"), UInt8(ascii: "%"), 0x1B, 0x0A, 0xE6, 0x00] {
                #expect(text.containsUTF8(byte) == text.utf8.contains(byte), "\(byte) in \(text.prefix(20))")
                let middle = text.dropFirst(2).dropLast(3)
                #expect(middle.containsUTF8(byte) == middle.utf8.contains(byte))
            }
        }
    }
}
