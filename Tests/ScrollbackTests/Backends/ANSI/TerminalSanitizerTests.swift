import Testing

@testable import Scrollback

/// Whether `text` holds a C0 control other than LF, DEL, or a C1 control.
func containsTerminalControl(_ text: String) -> Bool {
    text.unicodeScalars.contains { scalar in
        (scalar.value < 0x20 && scalar != "\n") || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
    }
}

@Suite struct TerminalSanitizerTests {
    @Test func cleanTextIsReturnedUnchanged() {
        for text in ["", "hello world", "line one\nline two", "漢字 👨‍👩‍👧 café", "→ ‹quoted› “smart”"] {
            #expect(TerminalSanitizer.sanitize(text) == text)
        }
    }

    @Test func escapeSequencesBecomeVisible() {
        let hostile =
            "\u{1B}[2J\u{1B}]0;pwned\u{07}\u{1B}]52;c;ZXZpbA==\u{07}\u{1B}]8;;https://evil\u{1B}\\x\u{1B}P1$q\u{1B}\\\u{1B}_apc\u{1B}\\"
        let clean = TerminalSanitizer.sanitize(hostile)
        #expect(!clean.contains("\u{1B}"))
        #expect(!containsTerminalControl(clean))
        #expect(clean.hasPrefix("␛[2J␛]0;pwned␇␛]52;c;ZXZpbA==␇"))
        #expect(clean.contains("␛]8;;https://evil␛\\x"))
        #expect(clean.contains("␛P1$q"))
    }

    @Test func c0ControlsBecomeControlPictures() {
        #expect(TerminalSanitizer.sanitize("a\u{00}b\u{07}c\u{08}d\u{7F}e") == "a␀b␇c␈d␡e")
        #expect(TerminalSanitizer.sanitize("over\rwrite") == "over␍write")
        #expect(TerminalSanitizer.sanitize("\u{0B}\u{0C}\u{1F}") == "␋␌␟")
    }

    @Test func lineEndingsAndTabs() {
        #expect(TerminalSanitizer.sanitize("a\r\nb\nc") == "a\nb\nc")
        #expect(TerminalSanitizer.sanitize("a\nb", keepingNewlines: false) == "a↵b")
        #expect(!TerminalSanitizer.sanitize("a\tb\n\tc", keepingNewlines: false).contains("\t"))
    }

    /// A tab reaches the next stop, every 8 columns counted from the start of its line as
    /// terminals draw them; never the terminal itself.
    @Test func tabsExpandToTabStops() {
        #expect(TerminalSanitizer.sanitize("\tx") == "        x")
        #expect(TerminalSanitizer.sanitize("ab\tc") == "ab      c")
        #expect(TerminalSanitizer.sanitize("abcdefgh\ti") == "abcdefgh        i")
        #expect(TerminalSanitizer.sanitize("a\t\tb") == "a               b")
        // Each line has its own stops.
        #expect(TerminalSanitizer.sanitize("key\tvalue\nlonger key\tv") == "key     value\nlonger key      v")
        // Measured in columns: wide characters, Indic clusters, controls shown as pictures.
        #expect(TerminalSanitizer.sanitize("漢字\tx") == "漢字    x")
        #expect(TerminalSanitizer.sanitize("नमस्ते\tx") == "नमस्ते    x") // four columns
        #expect(TerminalSanitizer.sanitize("\u{7}\tx") == "␇       x")
        // An emoji selector the layout drops is not counted.
        #expect(TerminalSanitizer.sanitize("❤️\tx") == "❤️       x")
        // Columns line up: every cell after a tab starts on a stop.
        let table = TerminalSanitizer.sanitize("a\tbb\tccc\n한국어\t1\t2\nक्षत्रिय\tx\ty")
        for line in table.split(separator: "\n") {
            var column = 0
            var previous: Character = " "
            var starts: [Int] = []
            for character in line {
                if character != " " && previous == " " { starts.append(column) }
                column += DisplayWidth.of(character)
                previous = character
            }
            #expect(starts == [0, 8, 16], "\(line)")
        }
    }

    /// U+2028 and U+2029 are line breaks in message text: terminals would draw nothing for them
    /// and stay on the line.
    @Test func lineAndParagraphSeparatorsBreakTheLine() {
        #expect(TerminalSanitizer.sanitize("a\u{2028}b\u{2029}c") == "a\nb\nc")
        #expect(TerminalSanitizer.sanitize("a\u{2028}b\u{2029}c", keepingNewlines: false) == "a↵b↵c")
        // Their neighbours are text.
        #expect(TerminalSanitizer.sanitize("\u{2027}\u{202F}") == "\u{2027}\u{202F}")
        // After a separator, a tab counts from the new line.
        #expect(TerminalSanitizer.sanitize("abc\u{2028}\tx") == "abc\n        x")
    }

    @Test func oneLineTextShowsEveryLineBreakAsOneSymbol() {
        let breaks = "a\r\nb\rc\u{0B}d\u{0C}e\u{85}f\u{2028}g\u{2029}h\ni"
        #expect(TerminalSanitizer.sanitize(breaks, keepingNewlines: false) == "a↵b↵c↵d↵e↵f↵g↵h↵i")
        // Multi-line text keeps LF (CR LF becomes LF, U+2028 and U+2029 LF too) and shows the
        // other controls as before.
        #expect(TerminalSanitizer.sanitize(breaks) == "a\nb␍c␋d␌e⟨U+0085⟩f\ng\nh\ni")
    }

    @Test func c1ControlsBecomeCodePointLabels() {
        let clean = TerminalSanitizer.sanitize("x\u{9B}31my\u{85}z\u{80}")
        #expect(clean == "x⟨U+009B⟩31my⟨U+0085⟩z⟨U+0080⟩")
        #expect(!containsTerminalControl(clean))
        // Neighbours of the C1 range are ordinary text.
        #expect(TerminalSanitizer.sanitize("\u{A0}é") == "\u{A0}é")
    }

    @Test func bidiControlsCannotReorderText() {
        let clean = TerminalSanitizer.sanitize("file\u{202E}gpj.exe \u{2066}a\u{2069} \u{200F}\u{200E}\u{061C}")
        #expect(clean == "file⟨U+202E⟩gpj.exe ⟨U+2066⟩a⟨U+2069⟩ ⟨U+200F⟩⟨U+200E⟩⟨U+061C⟩")
        for value: UInt32 in [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C] {
            let scalar = Unicode.Scalar(value)!
            #expect(!TerminalSanitizer.sanitize("a" + String(scalar) + "b").unicodeScalars.contains(scalar))
        }
        // Similar-looking code points nearby are not controls.
        #expect(TerminalSanitizer.sanitize("\u{2010}\u{2026}\u{2070}\u{0620}") == "\u{2010}\u{2026}\u{2070}\u{0620}")
    }

    @Test func substringsAreSanitizedToo() {
        let text = "ok \u{1B}[31m red"
        #expect(TerminalSanitizer.sanitize(text.dropFirst(3)) == "␛[31m red")
    }
}
