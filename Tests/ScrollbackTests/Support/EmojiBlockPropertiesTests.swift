import Testing

@testable import Scrollback

@Suite struct EmojiBlockPropertiesTests {
    /// The table answers as the standard library's properties do, for every code point of its
    /// blocks (asked twice: filling the entry, then reading it), around them, and for a few
    /// scalars outside them that are asked the long way.
    @Test func theTableAgreesWithTheScalarProperties() {
        #expect(EmojiBlockProperties.tableCoversTheBlocks)
        let blocks = Array(UInt32(0x2F0)...0x2C0F) + Array(UInt32(0x1EFF0)...0x1FB0F)
        let others: [UInt32] = [0x41, 0xA9, 0x3030, 0x303D, 0xFE0F, 0xE0020, 0x1FBF0, 0x10FFFF]
        for value in (blocks + others).compactMap(Unicode.Scalar.init) {
            let properties = value.properties
            let invisible: Bool
            switch properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format, .control: invisible = true
            default: invisible = properties.isDefaultIgnorableCodePoint
            }
            for _ in 0..<2 {
                #expect(EmojiBlockProperties.isEmoji(value) == properties.isEmoji, "U+\(String(value.value, radix: 16))")
                #expect(
                    EmojiBlockProperties.isEmojiPresentation(value) == properties.isEmojiPresentation,
                    "U+\(String(value.value, radix: 16))")
                #expect(EmojiBlockProperties.isInvisible(value) == invisible, "U+\(String(value.value, radix: 16))")
            }
        }
    }

    /// Threads asking at once fill the shared table without losing an answer.
    @Test func threadsAskingAtOnceGetTheSameAnswers() async {
        let values = (UInt32(0x1F300)...0x1F3FF).compactMap(Unicode.Scalar.init)
        let expected = values.map(\.properties.isEmojiPresentation)
        await withTaskGroup(of: [Bool].self) { group in
            for _ in 0..<4 {
                group.addTask { values.map(EmojiBlockProperties.isEmojiPresentation) }
            }
            for await answers in group { #expect(answers == expected) }
        }
    }
}
