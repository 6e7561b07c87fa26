import Testing

@testable import Scrollback

@Suite("HTML escaping")
struct HTMLEscapingTests {
    @Test func escapesTheFiveSpecialCharacters() {
        #expect(
            HTMLEscaping.escape(#"<a href="x">Tom & Jerry's</a>"#)
                == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;")
    }

    @Test func scriptTagBecomesText() {
        let escaped = HTMLEscaping.escape("<script>alert(1)</script>")
        #expect(escaped == "&lt;script&gt;alert(1)&lt;/script&gt;")
        #expect(!escaped.contains("<"))
    }

    @Test func attributeBreakoutIsNeutralised() {
        let escaped = HTMLEscaping.escape(#"" onmouseover="alert(1)"#)
        #expect(!escaped.contains("\""))
        #expect(escaped == "&quot; onmouseover=&quot;alert(1)")
        #expect(HTMLEscaping.escape("' onfocus='x") == "&#39; onfocus=&#39;x")
    }

    @Test func cleanStringsPassThroughUnchanged() {
        for clean in ["", "hello", "héllo wörld ✓ 👍🏽 日本語", "tab\tand space", "\u{A0}nbsp ¡ Ā", "it’s — fine…"] {
            #expect(HTMLEscaping.escape(clean) == clean)
        }
        #expect(HTMLEscaping.escape("tab\tand\nnewline", as: .lines) == "tab\tand\nnewline")
    }

    @Test func nonASCIIAroundSpecialsSurvives() {
        #expect(HTMLEscaping.escape("é<ü>👍🏽&日") == "é&lt;ü&gt;👍🏽&amp;日")
    }

    /// Shown as the terminal and Markdown show them (``TextControls``), never dropped silently.
    @Test func controlCharactersAreShownAsInTheOtherOutputs() {
        #expect(HTMLEscaping.escape("a\u{0}b") == "a␀b")
        #expect(HTMLEscaping.escape("a\u{1}b\u{1B}[31mc\u{7F}d\u{07}") == "a␁b␛[31mc␡d␇")
        #expect(HTMLEscaping.escape("a\u{85}b\u{9F}c", as: .lines) == "a⟨U+0085⟩b⟨U+009F⟩c")
        #expect(HTMLEscaping.escape("a\u{9B}2J", as: .line) == "a⟨U+009B⟩2J")
        // Each as the terminal's sanitizer shows it.
        for value in Array(0x00..<0x09) + Array(0x0E..<0x20) + [0x7F, 0x80, 0x9B, 0x9F] {
            let text = "a" + String(UnicodeScalar(UInt8(value))) + "b"
            #expect(HTMLEscaping.escape(text, as: .lines) == TerminalSanitizer.sanitize(text), "U+\(String(value, radix: 16))")
        }
        #expect(HTMLEscaping.escape("line\r\nnext\rlast", as: .lines) == "line\nnext\nlast")
        #expect(HTMLEscaping.escape("keep\ttabs\nand lines", as: .lines) == "keep\ttabs\nand lines")
    }

    @Test func oneLineTextShowsEveryLineBreakAsOneSymbol() {
        #expect(HTMLEscaping.escape("Eve\nMallory") == "Eve↵Mallory")
        #expect(HTMLEscaping.escape("a\r\nb\rc\u{0B}d\u{0C}e\u{85}f\u{2028}g\u{2029}h") == "a↵b↵c↵d↵e↵f↵g↵h")
        #expect(HTMLEscaping.escape("<b>\n'x'</b>") == "&lt;b&gt;↵&#39;x&#39;&lt;/b&gt;")
        // Message text keeps its line feeds; VT, FF and NEL are controls there, shown as such.
        #expect(HTMLEscaping.escape("a\u{0B}b\u{0C}c\u{85}d\u{2028}e", as: .lines) == "a␋b␌c⟨U+0085⟩d\u{2028}e")
    }

    @Test func bidiControlsAreVisibleInTextAndAttributeValues() {
        let name = "invoice\u{202E}fdp.exe"
        #expect(HTMLEscaping.escape(name) == "invoice⟨U+202E⟩fdp.exe")
        #expect(HTMLEscaping.escape(name, as: .lines) == "invoice⟨U+202E⟩fdp.exe")
        #expect(
            HTMLEscaping.escape("\u{2067}a\u{2069} \u{200F}1 2 3 \u{061C}1-2 & <x>")
                == "⟨U+2067⟩a⟨U+2069⟩ ⟨U+200F⟩1 2 3 ⟨U+061C⟩1-2 &amp; &lt;x&gt;")
        // Typographic punctuation shares the lead byte and is left alone.
        #expect(HTMLEscaping.escape("it’s — “fine”…\u{2010}\u{2070}") == "it’s — “fine”…\u{2010}\u{2070}")
        #expect(HTMLEscaping.escape("ليلى حداد") == "ليلى حداد")
    }

    /// Escaping copies the runs between special bytes whole: a long string mixing runs of
    /// every length with specials escapes as its pieces do one by one.
    @Test(arguments: [HTMLEscaping.Content.line, .lines, .url])
    func longStringsEscapeAsTheirPieces(content: HTMLEscaping.Content) {
        let pieces = [
            "https://cdn.example.com/a.png?Key=APKA", "&", "Policy=t~vrPX", "'", "x", "\"", "日本語のテキスト", "<",
            "\t", "\r\n", "\u{85}", "\u{202E}", "£ and é", "\u{0}", "\u{7F}", "ok", ">", "\u{2028}", "plain text runs on",
        ]
        for rotation in 0..<pieces.count {
            let rotated = Array(pieces[rotation...] + pieces[..<rotation])
            let whole = rotated.joined() + rotated.joined()
            let expected = (rotated + rotated).map { HTMLEscaping.escape($0, as: content) }.joined()
            #expect(HTMLEscaping.escape(whole, as: content) == expected, "\(rotation)")
        }
    }

    /// Every ASCII character, and characters past ASCII with and without the lead bytes of C1
    /// controls, line breaks and bidi controls, inside a run read eight bytes at a time:
    /// escaped as it is alone.
    @Test(arguments: [HTMLEscaping.Content.line, .lines, .url])
    func eachCharacterInsideAWordEscapesAsItDoesAlone(content: HTMLEscaping.Content) {
        let others = [
            "\u{80}", "\u{85}", "\u{9F}", "\u{A0}", "é", "\u{600}", "\u{61C}", "\u{200E}", "\u{2014}", "’", "\u{2028}", "\u{2067}",
            "日", "👍🏽",
        ]
        for character in (0..<0x80).map({ String(UnicodeScalar(UInt8($0))) }) + others {
            let escaped = HTMLEscaping.escape("abcdefghij" + character + "klmnopqrstuvwxyz", as: content)
            #expect(
                escaped == "abcdefghij" + HTMLEscaping.escape(character, as: content) + "klmnopqrstuvwxyz", "\(character.debugDescription)")
        }
    }

    /// The same at every place of a run long enough to be read sixteen bytes at a time, and of
    /// the words and bytes after its last whole block.
    @Test(arguments: [HTMLEscaping.Content.line, .lines, .url])
    func eachCharacterAtEachPlaceOfALongRunEscapesAsItDoesAlone(content: HTMLEscaping.Content) {
        let characters = [
            "&", "<", ">", "\"", "'", "\t", "\n", "\u{0}", "\u{1F}", "\u{7F}", "\u{85}", "\u{A0}", "\u{2028}", "\u{202E}", "’", "é", "日",
        ]
        let run = "the quick brown fox jumps over the lazy dog"
        var wrong: [String] = []
        for character in characters {
            for place in 0...run.utf8.count {
                let before = String(run.utf8.prefix(place))!
                let after = String(run.utf8.dropFirst(place))!
                let escaped = HTMLEscaping.escape(before + character + after, as: content)
                if escaped != before + HTMLEscaping.escape(character, as: content) + after {
                    wrong.append("\(character.debugDescription) at \(place)")
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    /// What `body` writes through a backend's buffer, as text.
    private func written(_ body: (inout BackendOutput) -> Void) -> String {
        var text = ""
        var output = BackendOutput(for: text)
        body(&output)
        output.flush(to: &text)
        return text
    }

    @Test func writeAppendsEscapedOrAsItIs() {
        let text = written { output in
            output.write("<p>")
            HTMLEscaping.write("1 < 2", to: &output)
            HTMLEscaping.write("plain", to: &output)
        }
        #expect(text == "<p>1 &lt; 2plain")
    }

    @Test func identifiersKeepOnlySafeCharacters() {
        #expect(HTMLEscaping.identifier("own-bubble", fallback: "x") == "own-bubble")
        #expect(HTMLEscaping.identifier("background6", fallback: "x") == "background6")
        #expect(HTMLEscaping.identifier("textLowEmphasis", fallback: "x") == "text-low-emphasis")
        #expect(HTMLEscaping.identifier("highlightedAccentBackground1", fallback: "x") == "highlighted-accent-background1")
        #expect(HTMLEscaping.identifier(#"a" onclick="x"#, fallback: "x") == "aonclickx")
        #expect(HTMLEscaping.identifier("<>{}", fallback: "plain") == "plain")
        #expect(HTMLEscaping.identifier("URL", fallback: "x") == "url")
        #expect(HTMLEscaping.identifier("myURLField", fallback: "x") == "my-urlfield")
    }

    @Test func classNamesAreSafeForAnyRole() {
        #expect(HTMLEscaping.className(for: .ownBubble) == "sb-own-bubble")
        #expect(HTMLEscaping.className(for: .bubble) == "sb-bubble")
        let hostile = HTMLEscaping.className(for: Role(rawValue: "x\" onclick=\"alert(1)}</style>"))
        #expect(hostile.hasPrefix("sb-"))
        #expect(
            hostile.utf8.allSatisfy {
                ("a"..."z").contains(Character(Unicode.Scalar($0))) || ("0"..."9").contains(Character(Unicode.Scalar($0)))
                    || $0 == UInt8(ascii: "-")
            })
    }
}

@Suite struct SiblingDocumentLinkTests {
    @Test(arguments: ["002-general.html", "index.html", "002-general.html#m-42", "chat.md", "a_b.txt#x.y"])
    func theTranscriptsOwnFilesMayBeLinked(url: String) {
        #expect(URLPolicy.sanitize(url) == url)
    }

    @Test(arguments: [
        "../secret.html", "/etc/passwd.txt", "a/b.html", "javascript:x.html", "x.html.exe", ".html",
        "x.htm", "file.html#<script>", "x y.html", "%2e%2e.html", "x.HTML:alert(1)",
    ])
    func nothingElseRelativePasses(url: String) {
        #expect(URLPolicy.sanitize(url) == nil)
    }
}
