import Foundation
import Scrollback
import TestSupport
import Testing

@testable import ScrollbackCLI

/// `scrollback render --cards FILE`.
@Suite struct CardsOptionTests {
    static let transcript = samples.appendingPathComponent("cards-demo.json").path
    static let cards = samples.deletingLastPathComponent().appendingPathComponent("cards/cards.json").path

    @Test func goodCardFileDrawsTheCards() {
        let run = ToolRun(["render", Self.transcript, "--cards", Self.cards, "--format", "markdown"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.errors.isEmpty)
        #expect(run.output.contains("🏃 **Run**"))
        #expect(
            run.output.contains(
                "[Open in OpenStreetMap](https://www.openstreetmap.org/?mlat=52.51452&mlon=13.35012#map=16/52.51452/13.35012)"))
        #expect(run.output.contains("> 🏃 Run, 10.2 km"), "the reply quotes the workout through the card's quote")

        let html = ToolRun(["render", Self.transcript, "--cards=\(Self.cards)"])
        #expect(html.status == 0)
        #expect(html.output.contains("<span class=\"sb-title\">Party at Ines&#39;s flat</span>"))
    }

    @Test func invalidCardFileExits65NamingKeyPath() {
        let path = temporaryFile(#"{"version": 1, "cards": {"workout": {"icon": "🏃", "titel": "{activity}"}}}"#)
        let run = ToolRun(["render", Self.transcript, "--cards", path])
        #expect(run.status == 65)
        #expect(run.errors == "Error: \(path): line 1, column 54: cards.workout.titel: unknown key 'titel'; did you mean 'title'?\n")
        #expect(run.output.isEmpty)

        let brace = temporaryFile(
            #"{"version": 1, "cards": {"location": {"icon": "", "title": "t", "link": {"url": "https://m.example/?lat={latitude"}}}}"#)
        let braceRun = ToolRun(["render", Self.transcript, "--cards", brace])
        #expect(braceRun.status == 65)
        #expect(
            braceRun.errors.hasPrefix("Error: \(brace): line 1, column 81: cards.location.link.url: unbalanced braces"),
            "\(braceRun.errors)")

        let newer = ToolRun(["render", Self.transcript, "--cards", temporaryFile(#"{"version": 2, "cards": {}}"#)])
        #expect(newer.status == 65)
        #expect(newer.errors.contains("line 1, column 13: version: version 2 is newer than this Scrollback understands (1)"))

        let duplicate = temporaryFile(
            "{\"version\": 1, \"cards\": {\n  \"workout\": {\"icon\": \"\", \"title\": \"a\"},\n  \"workout\": {\"icon\": \"\", \"title\": \"b\"}}}"
        )
        let duplicateRun = ToolRun(["render", Self.transcript, "--cards", duplicate])
        #expect(duplicateRun.status == 65)
        #expect(duplicateRun.errors == "Error: \(duplicate): line 3, column 3: cards.workout: the key 'workout' appears twice\n")
    }

    @Test func unreadableCardFileExits1() {
        let path = Scratch.path("no-such-cards", extension: "json")
        let run = ToolRun(["render", Self.transcript, "--cards", path])
        #expect(run.status == 1)
        #expect(run.errors == "Error: \(path): cannot read the card file: No such file or directory\n")
        #expect(run.output.isEmpty)
    }

    @Test func cardsAndInputCannotBothBeStandardInput() {
        let run = ToolRun(["render", "--cards", "-"])
        #expect(run.status == 64)
        #expect(run.errors.contains("The card file and the input cannot both be standard input."))
    }

    @Test func helpDescribesCardFiles() {
        let help = ToolRun(["render", "--help"])
        #expect(help.output.contains("--cards <file>"))
        #expect(help.output.contains("A card file (--cards)"))
    }
}
