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
}
