import Testing

@testable import Scrollback

@Suite struct DisplayWidthTests {
    @Test func ascii() {
        #expect(DisplayWidth.of("") == 0)
        #expect(DisplayWidth.of("hello, world") == 12)
        #expect(DisplayWidth.of("a\nb") == 2)
    }

    /// The letters that skip the property lookup hold no mark, format character, control,
    /// default-ignorable code point or Hangul filler: the lookup would find them visible too.
    /// And two of them side by side are two clusters, as the wrapper takes them without
    /// grapheme breaking.
    @Test func theCommonScriptShortcutAgreesWithTheProperties() {
        let letters = (UInt32(0)..<0x1_0000).filter(DisplayWidth.isCommonScriptLetter)
        #expect(letters.count > 30_000)
        for value in letters {
            let scalar = Unicode.Scalar(value)!
            let properties = scalar.properties
            let category = properties.generalCategory
            #expect(
                ![.nonspacingMark, .spacingMark, .enclosingMark, .format, .control].contains(category), "U+\(String(value, radix: 16))")
            #expect(!properties.isDefaultIgnorableCodePoint, "U+\(String(value, radix: 16))")
            #expect(!(0x1160...0x11FF).contains(value) && !(0xD7B0...0xD7FF).contains(value))
        }
        // Pairs of them, and each before ASCII, are separate characters: every one of them,
        // with the next but two.
        let samples = letters.compactMap(Unicode.Scalar.init)
        for (first, second) in zip(samples, samples.dropFirst(3)) {
            var text = String.UnicodeScalarView()
            text.append(contentsOf: [first, second, first, "a", second])
            #expect(String(text).count == 5, "U+\(String(first.value, radix: 16)) U+\(String(second.value, radix: 16))")
        }
        // ASCII runs of one scalar, CR LF and ASCII with a combining mark.
        #expect(DisplayWidth.of(Character("\r\n")) == 0)
        #expect(DisplayWidth.of(Character("\t")) == 0)
        #expect(DisplayWidth.of(Character("e\u{301}")) == 1)
        #expect(DisplayWidth.of("Ольга שלום محمد आरव ひら 山田 김민준") == 36)
    }

    /// The property lookups the width skips are those whose answer is known: no scalar before
    /// U+231A is shown as emoji by default, and before U+203C only ASCII and Latin-1 ones are
    /// emoji at all.
    @Test func theEmojiShortcutsAgreeWithTheProperties() {
        for value in UInt32(0)..<0x231A {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(!scalar.properties.isEmojiPresentation, "U+\(String(value, radix: 16))")
            if (0x100..<0x203C).contains(value) { #expect(!scalar.properties.isEmoji, "U+\(String(value, radix: 16))") }
        }
        // Clusters that take the multi-scalar path: Devanagari with a vowel sign, a keycap, an
        // emoji with its selector, a ZWJ family.
        #expect(DisplayWidth.of(Character("कि")) == 1)
        #expect(DisplayWidth.of(Character("1️⃣")) == 2)
        #expect(DisplayWidth.of(Character("©️")) == 2)
        #expect(DisplayWidth.of(Character("👨‍👩‍👧")) == 2)
    }

    @Test func eastAsianWideAndFullwidth() {
        #expect(DisplayWidth.of("漢字") == 4)
        #expect(DisplayWidth.of("한국어") == 6)
        #expect(DisplayWidth.of("ひらがなカタカナ") == 16)
        #expect(DisplayWidth.of("ＡＢ") == 4) // fullwidth Latin
        #expect(DisplayWidth.of("ｱｲ") == 2) // halfwidth katakana stay narrow
        #expect(DisplayWidth.of("、。「」") == 8) // CJK punctuation
        #expect(DisplayWidth.of("\u{3000}") == 2) // ideographic space
        #expect(DisplayWidth.of("𠀀") == 2) // CJK extension B
        #expect(DisplayWidth.of("a漢b") == 4)
    }

    @Test func emoji() {
        #expect(DisplayWidth.of("😀") == 2)
        #expect(DisplayWidth.of("👨‍👩‍👧‍👦") == 2) // ZWJ family
        #expect(DisplayWidth.of("🇫🇷") == 2) // flag
        #expect(DisplayWidth.of("👍🏽") == 2) // skin tone
        #expect(DisplayWidth.of("1️⃣") == 2) // keycap
        #expect(DisplayWidth.of("❤️") == 2) // VS16
        #expect(DisplayWidth.of("❤") == 1) // text presentation by default
        #expect(DisplayWidth.of("🏳️‍🌈") == 2)
        #expect(DisplayWidth.of("hi 👋🏻!") == 6)
    }

    @Test func combiningAndZeroWidth() {
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("Ä\u{308}\u{323}") == 1)
        #expect(DisplayWidth.of("\u{301}") == 0)
        #expect(DisplayWidth.of("a\u{200B}b") == 2) // zero-width space
        #expect(DisplayWidth.of("\u{200D}") == 0)
        #expect(DisplayWidth.of("\u{FE0F}") == 0)
        #expect(DisplayWidth.of("\u{2060}") == 0) // word joiner
    }

    @Test func perCharacter() {
        #expect(DisplayWidth.of(Character("x")) == 1)
        #expect(DisplayWidth.of(Character("語")) == 2)
        #expect(DisplayWidth.of(Character("👩‍💻")) == 2)
        #expect(DisplayWidth.of(Character("n\u{303}")) == 1)
    }
}
