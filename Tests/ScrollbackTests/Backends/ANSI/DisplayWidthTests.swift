import Testing

@testable import Scrollback

@Suite struct DisplayWidthTests {
    @Test func ascii() {
        #expect(DisplayWidth.of("") == 0)
        #expect(DisplayWidth.of("hello, world") == 12)
        #expect(DisplayWidth.of("a\nb") == 2)
    }

    /// The letter runs that skip the property lookup hold no mark, format character, control,
    /// default-ignorable code point or Hangul filler: the lookup would find them visible too.
    @Test func theCommonScriptShortcutAgreesWithTheProperties() {
        for range in DisplayWidth.lettersOfCommonScripts {
            for value in range {
                let properties = Unicode.Scalar(value)!.properties
                let category = properties.generalCategory
                #expect(![.nonspacingMark, .enclosingMark, .format, .control].contains(category), "U+\(String(value, radix: 16))")
                #expect(!properties.isDefaultIgnorableCodePoint, "U+\(String(value, radix: 16))")
                #expect(!(0x1160...0x11FF).contains(value) && !(0xD7B0...0xD7FF).contains(value))
            }
        }
        // ASCII runs of one scalar, CR LF and ASCII with a combining mark.
        #expect(DisplayWidth.of(Character("\r\n")) == 0)
        #expect(DisplayWidth.of(Character("\t")) == 0)
        #expect(DisplayWidth.of(Character("e\u{301}")) == 1)
        #expect(DisplayWidth.of("Ольга שלום محمد आरव ひら 山田 김민준") == 36)
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
