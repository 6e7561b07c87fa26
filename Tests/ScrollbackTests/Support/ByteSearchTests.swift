import Testing

@testable import Scrollback

/// `containsUTF8` answers as `utf8.contains` does, for short and long strings and substrings;
/// `endOfASCIIRun` as a walk a byte at a time does.
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

    /// In ASCII text a run of bytes is a run of characters: `containsUTF8` answers as
    /// `contains` does, at the start, the end, after a false start and for no text at all.
    @Test func findsASCIITextAsContainsDoes() {
        let texts = ["", "x", "excel", "vnd.ms-excel", "application/vnd.ms-excelx", "exexcel", "excexcel", "e", "spreadsheet"]
        for text in texts {
            for word in ["", "e", "excel", "exc", "spreadsheet", "l", "xl"] {
                #expect(text.containsUTF8(word) == text.contains(word), "\(word) in \(text)")
            }
        }
    }

    /// Every byte that ends a run (below the lowest, DEL, 0x80 and up, the bytes next to the
    /// bounds of a class), at every place of a word and of the tail after the last whole
    /// word, from every start and before every end.
    @Test func findsTheEndOfAnASCIIRunAsAWalkDoes() {
        let stops: [UInt8] = [0x00, 0x09, 0x0A, 0x1F, 0x20, 0x21, 0x7E, 0x7F, 0x80, 0xC2, 0xE2, 0xFF]
        func walked(_ bytes: [UInt8], from start: Int, to end: Int, lowest: UInt8) -> Int {
            var index = start
            while index < end, bytes[index] >= lowest, bytes[index] < 0x7F { index += 1 }
            return index
        }
        var wrong: [String] = []
        for length in [0, 1, 7, 8, 9, 16, 21] {
            for place in 0..<max(length, 1) {
                for stop in stops {
                    var bytes = (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
                    if place < length { bytes[place] = stop }
                    for lowest: UInt8 in [0x20, 0x21] {
                        for start in 0...length {
                            for end in start...length {
                                let found = bytes.withUnsafeBufferPointer { $0.endOfASCIIRun(from: start, to: end, lowest: lowest) }
                                if found != walked(bytes, from: start, to: end, lowest: lowest) {
                                    wrong.append("\(bytes) \(start)..<\(end) from \(lowest)")
                                }
                            }
                        }
                    }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    /// `firstIndex(ofAny:)` finds what a walk finds: each of the three bytes, and a byte one
    /// off from each, at every place of a word and of the tail, from every start.
    @Test func findsTheFirstOfThreeBytesAsAWalkDoes() {
        let (a, b, c) = (UInt8(ascii: "@"), UInt8(ascii: "/"), UInt8(ascii: "."))
        var wrong: [String] = []
        for length in [0, 1, 7, 8, 9, 16, 21] {
            for place in 0..<max(length, 1) {
                for stop: UInt8 in [a, b, c, a + 1, b - 1, 0x00, 0x80, 0xFF] {
                    var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: length)
                    if place < length { bytes[place] = stop }
                    for start in 0...length {
                        let found = bytes.withUnsafeBufferPointer { $0.firstIndex(ofAny: a, b, c, from: start) }
                        let walked = bytes[start...].firstIndex { $0 == a || $0 == b || $0 == c } ?? length
                        if found != walked { wrong.append("\(bytes) from \(start)") }
                    }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    /// `ByteBlock`'s tests find exactly the bytes a walk finds, and `firstOffset` the first of
    /// them: each byte next to the bounds of a class, alone and before another, at every
    /// place of the sixteen.
    @Test func findsInABlockWhatAWalkFinds() {
        let stops: [UInt8] = [
            0x00, 0x09, 0x0A, 0x1F, 0x20, 0x21, 0x22, 0x5B, 0x5C, 0x5D, 0x7E, 0x7F, 0x80, 0xC1, 0xC2, 0xC3, 0xD8, 0xE2, 0xFF,
        ]
        func isControlLead(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2 }
        var wrong: [String] = []
        for place in 0..<16 {
            for later in [nil] + Array(place + 1..<16) {
                for stop in stops {
                    var bytes = [UInt8](repeating: UInt8(ascii: "m"), count: 16)
                    bytes[place] = stop
                    if let later { bytes[later] = 0x00 }
                    bytes.withUnsafeBufferPointer { buffer in
                        let block = ByteBlock(at: buffer.baseAddress!)
                        let cases: [(String, ByteBlock.Mask, (UInt8) -> Bool)] = [
                            ("equal \(stop)", block.equal(to: stop), { $0 == stop }),
                            ("below 0x20", block.below(0x20), { $0 < 0x20 }),
                            ("below 0x80", block.below(0x80), { $0 < 0x80 }),
                            ("control", block.mayStartControl, isControlLead),
                        ]
                        for (name, mask, test) in cases {
                            let walked = bytes.firstIndex(where: test) ?? 16
                            let found = ByteBlock.firstOffset(in: mask)
                            let lanes = (0..<16).map { mask[$0] }
                            if found != walked || lanes != bytes.map(test) { wrong.append("\(name) in \(bytes): \(found), not \(walked)") }
                        }
                    }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }
}
