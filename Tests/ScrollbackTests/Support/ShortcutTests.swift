import Foundation
import Testing

@testable import Scrollback

/// The byte-level shortcuts taken for speed give exactly what their definitions give.
@Suite struct ShortcutTests {
    /// Every scalar, at either end of a string, is trimmed as Foundation trims it.
    @Test func trimmingMatchesFoundationForEveryScalar() {
        var mismatches: [UInt32] = []
        for value in UInt32(0)..<0x11_0000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let character = String(scalar)
            for text in ["a" + character + "b" + character, character + "a" + character] {
                if text.trimmingWhitespace() != text.trimmingCharacters(in: .whitespacesAndNewlines)
                    || text.trimmingSpaces() != text.trimmingCharacters(in: .whitespaces)
                {
                    mismatches.append(value)
                }
            }
        }
        #expect(mismatches.isEmpty)
        #expect("  \u{3000}Zoë\n\u{200B}".trimmingWhitespace() == "Zoë")
        #expect(" \tx\n".trimmingSpaces() == "x\n")
        #expect(" \u{A0} ".trimmingWhitespace().isEmpty)
    }

    /// A message's text, trimmed of its blank lines only, is still the sent text around the same
    /// characters: trimmed of all its white space (as a system message or a preview shows it),
    /// it is what trimming the sent text gives, whatever scalar stands at its ends.
    @Test func trimmingBlankLinesKeepsWhatTrimmingAllWhiteSpaceKeeps() {
        var mismatches: [UInt32] = []
        for value in UInt32(0)..<0x11_0000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let character = String(scalar)
            for text in [character + " \ta\n b\t" + character, "\n" + character + "\n  a " + character + "\r\n"] {
                let trimmed = text.trimmingBlankLines
                if trimmed.trimmingWhitespaceAndNewlines != text.trimmingWhitespaceAndNewlines || !text.contains(trimmed) {
                    mismatches.append(value)
                }
            }
        }
        #expect(mismatches.isEmpty)
        #expect("\n \n  a\n b \n\n".trimmingBlankLines == "  a\n b ")
    }

    /// ASCII names get the initials the character-by-character definition gives.
    @Test func asciiInitialsMatchTheDefinition() {
        let alphabet = Array("aZ9 -_.\t\r\n'x")
        var random: UInt64 = 0x1234_5678
        for _ in 0..<20_000 {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = Int(random >> 60)
            var name = ""
            for index in 0..<length { name.append(alphabet[Int((random >> UInt64(index * 4)) & 0xF) % alphabet.count]) }
            #expect(
                ViewNode.AvatarContent.asciiInitials(of: name) == ViewNode.AvatarContent.characterInitials(of: name),
                "\(name.debugDescription)")
        }
        #expect(ViewNode.AvatarContent.initials(of: "maya lee-park") == "ML")
        #expect(ViewNode.AvatarContent.initials(of: "__ 9lives x") == "9X")
        #expect(ViewNode.AvatarContent.asciiInitials(of: "Zoë") == nil)
        #expect(ViewNode.AvatarContent.initials(of: "Zoë Ørsted") == "ZØ")
    }

    /// ASCII links get the host the character-by-character definition gives.
    @Test func asciiHostsMatchTheDefinition() {
        let pieces = ["https", "://", ":", "/", "//", "?", "#", "@", "user", "example.com", ":8080", "x", "\r\n", " "]
        var random: UInt64 = 99
        for _ in 0..<20_000 {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            var url = ""
            for index in 0..<Int(random >> 61) + 2 { url += pieces[Int((random >> UInt64(index * 5)) & 0x1F) % pieces.count] }
            #expect(Hyperlink.host(of: url) == Hyperlink.characterHost(of: url), "\(url.debugDescription)")
        }
        #expect(Hyperlink.host(of: "https://maya@example.com:8080/a?b#c") == "example.com:8080")
        #expect(Hyperlink.host(of: "mailto:maya@example.com") == nil)
        #expect(Hyperlink.host(of: "https://bücher.example/") == "bücher.example")
    }
}
