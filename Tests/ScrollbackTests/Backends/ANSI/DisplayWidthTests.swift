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
        #expect(DisplayWidth.of(Character("कि")) == 2)
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

    /// Clusters of the abugidas are as wide as their parts, as terminals add up `wcwidth`:
    /// viramas and the vowel signs written above or below take no column, the spacing vowel
    /// signs one. The numbers are the columns tmux 3.3a gives them (Tests/terminal/script_widths.py
    /// checks whole transcripts).
    @Test func indicAndSoutheastAsianClustersAddUpTheirParts() {
        #expect(DisplayWidth.of("नमस्ते क्षत्रिय") == 11)
        #expect(DisplayWidth.of(Character("स्ते")) == 2)
        #expect(DisplayWidth.of(Character("क्षि")) == 3)
        #expect(DisplayWidth.of(Character("\u{915}\u{93E}")) == 2) // का: U+093E is a spacing sign
        #expect(DisplayWidth.of("বাংলা") == 5)
        #expect(DisplayWidth.of("தமிழ்") == 4)
        #expect(DisplayWidth.of("తెలుగు") == 5) // vowel signs U+0C46 (above) 0, U+0C41 (after) 1
        #expect(DisplayWidth.of("น้ำ") == 2) // NIKHAHIT + AA: U+0E33 is a letter, one column
        #expect(DisplayWidth.of("សួស្តី") == 3)
        #expect(DisplayWidth.of("မြန်မာ") == 5)
        // Arabic and Hebrew marks take none.
        #expect(DisplayWidth.of("مُحَمَّدٌ") == 4)
        #expect(DisplayWidth.of("שָׁלוֹם") == 4)
    }

    /// What `wcwidth` says of single code points where the Unicode properties alone mislead:
    /// the Hangul fillers, the number signs that prefix digits, a lone regional indicator,
    /// and the wide symbols between CJK blocks.
    @Test func codePointsAsWcwidthCountsThem() {
        #expect(DisplayWidth.of("\u{115F}") == 2) // HANGUL CHOSEONG FILLER
        #expect(DisplayWidth.of("\u{1160}") == 0) // HANGUL JUNGSEONG FILLER
        #expect(DisplayWidth.of("\u{3164}") == 2) // HANGUL FILLER
        #expect(DisplayWidth.of("\u{FFA0}") == 1) // HALFWIDTH HANGUL FILLER
        #expect(DisplayWidth.of("\u{115F}\u{1161}") == 2) // a syllable with a filler
        #expect(DisplayWidth.of("\u{1100}\u{1161}\u{11A8}") == 2) // conjoining jamo: 각
        #expect(DisplayWidth.of("\u{1100}\u{1100}") == 4) // two initials are one cluster, two cells
        #expect(DisplayWidth.of("\u{600}١٢") == 3) // ARABIC NUMBER SIGN
        #expect(DisplayWidth.of("\u{6DD}\u{70F}\u{890}\u{8E2}") == 4)
        #expect(DisplayWidth.of("\u{1F1E6}") == 1) // a regional indicator alone
        #expect(DisplayWidth.of("\u{1F1E6}\u{1F1E8}") == 2) // a flag
        #expect(DisplayWidth.of("\u{3248}\u{4DC0}") == 4) // circled number on a square, hexagram
        #expect(DisplayWidth.of("\u{AD}") == 1) // soft hyphen, drawn by terminals
    }

    @Test func perCharacter() {
        #expect(DisplayWidth.of(Character("x")) == 1)
        #expect(DisplayWidth.of(Character("語")) == 2)
        #expect(DisplayWidth.of(Character("👩‍💻")) == 2)
        #expect(DisplayWidth.of(Character("n\u{303}")) == 1)
    }
}
