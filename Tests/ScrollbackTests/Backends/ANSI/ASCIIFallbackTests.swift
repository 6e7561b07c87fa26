import Foundation
import Testing

@testable import Scrollback

/// ASCII-only terminal text (``ANSIOptions/asciiOnly``): no byte outside ASCII, and every
/// line exactly as wide as in the UTF-8 output, so borders line up as before.
@Suite struct ASCIIFallbackTests {
    @Test func charactersBecomeASCIIOfTheSameWidth() {
        #expect(ASCIIFallback.transliterate("╭──╮│ x │╰──╯") == "+--+| x |+--+")
        #expect(ASCIIFallback.transliterate("café • “quoted” … ↳ ▎") == "cafe * \"quoted\" . > |")
        #expect(ASCIIFallback.transliterate("佐藤 👍") == "???? ??", "two columns each")
        #expect(ASCIIFallback.transliterate("e\u{301}") == "e", "a combining accent goes with its letter")
        #expect(ASCIIFallback.transliterate("☐ todo ☑ done") == "o todo x done", "task boxes in a quote preview")
        #expect(ASCIIFallback.transliterate("plain") == "plain")
    }

    @Test(arguments: ["launch-room.json", "attachments.json", "threads.json", "hostile.json"])
    func everySampleInASCIIKeepsItsLayout(name: String) throws {
        var options = RenderOptions()
        options.ansi.width = 60
        let unicode = try SampleTranscripts.render(name, as: .ansi, options: options).output
        options.ansi.asciiOnly = true
        let ascii = try SampleTranscripts.render(name, as: .ansi, options: options).output
        #expect(ascii.utf8.allSatisfy { $0 < 0x80 })
        let unicodeLines = unicode.split(separator: "\n", omittingEmptySubsequences: false)
        let asciiLines = ascii.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(unicodeLines.count == asciiLines.count)
        for (before, after) in zip(unicodeLines, asciiLines) {
            #expect(DisplayWidth.of(before) == after.count, "\(before)")
        }
    }

    /// An 8-bit character set keeps the letters it has, one column each, and writes the rest
    /// as ASCII: Cyrillic in KOI8-R and Windows-1251, accents in Latin-1 and € in Latin-9 only;
    /// single-line box drawing (KOI8-R's lies among the C1 controls, 0x80–0x9F) as ASCII.
    @Test func eightBitSetsKeepTheirLetters() {
        #expect(ASCIIFallback.transliterate("Привет ╭─│┐ ═ café", keeping: .koi8r) == "Привет +-|+ ═ cafe")
        #expect(ASCIIFallback.transliterate("Grüße café e\u{301} € ─ 佐", keeping: .latin1) == "Grüße café é ? - ??")
        #expect(ASCIIFallback.transliterate("Grüße € Œ", keeping: .latin9) == "Grüße € Œ")
        #expect(ASCIIFallback.transliterate("Привіт Ґ Ђ", keeping: .cp1251) == "Привіт Ґ ?", "Ђ is 0x80, among the C1 controls")
        #expect(ANSIOptions.Charset.koi8r.encode("Привет, мир ═") == [240, 210, 201, 215, 197, 212, 44, 32, 205, 201, 210, 32, 160])
        #expect(
            ANSIOptions.Charset.latin9.encode("Grüße, café ß €") == [71, 114, 252, 223, 101, 44, 32, 99, 97, 102, 233, 32, 223, 32, 164])
        #expect(ANSIOptions.Charset.cp1251.encode("Привіт Ґ") == [207, 240, 232, 226, 179, 242, 32, 165])
        #expect(ANSIOptions.Charset.latin1.encode("ж") == [UInt8(ascii: "?")])
        for charset in ANSIOptions.Charset.allCases where charset.isSingleByte {
            for byte in UInt8(0x80)...0xFF {
                guard let scalar = charset.decode(byte) else { continue }
                #expect(byte >= 0xA0 && charset.encode(String(scalar)) == [byte], "\(charset) \(byte)")
            }
        }
    }

    /// Every sample in KOI8-R and Latin-1 keeps its layout (one column a byte), uses no byte
    /// from 0x80 to 0x9F, and keeps the letters the set has.
    @Test(arguments: ["launch-room.json", "attachments.json", "threads.json", "hostile.json"])
    func everySampleInAnEightBitSetKeepsItsLayout(name: String) throws {
        var options = RenderOptions()
        options.ansi.width = 60
        let unicode = try SampleTranscripts.render(name, as: .ansi, options: options).output
        for charset in [ANSIOptions.Charset.koi8r, .latin1] {
            options.ansi.charset = charset
            let text = try SampleTranscripts.render(name, as: .ansi, options: options).output
            let bytes = charset.encode(text)
            #expect(!bytes.contains { (0x80..<0xA0).contains($0) })
            #expect(!text.unicodeScalars.contains { !charset.contains($0) }, "every character is the set's")
            let unicodeLines = unicode.split(separator: "\n", omittingEmptySubsequences: false)
            let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            #expect(unicodeLines.count == lines.count)
            for (before, after) in zip(unicodeLines, lines) {
                #expect(DisplayWidth.of(before) == after.count, "\(before)")
            }
        }
    }
}
