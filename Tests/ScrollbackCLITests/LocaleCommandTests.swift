import Foundation
import Testing

@testable import ScrollbackCLI

/// `--locale` (issue 14, item 9): the locale's clock and days, and its language's labels, with a
/// theme's own labels before the pack's.
@Suite struct LocaleCommandTests {
    static let input = samples.appendingPathComponent("conversation.json").path

    @Test func germanLocaleGivesGermanLabelsAnd24HourTimes() {
        let run = ToolRun(["render", Self.input, "--format", "markdown", "--locale", "de_DE", "--timezone", "America/New_York"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("3 Mitglieder"), "\(run.output)")
        #expect(run.output.contains("## Montag, 1. Juni 2026"), "\(run.output)")
        #expect(!run.output.contains(" AM*") && !run.output.contains(" PM*"), "\(run.output)")
        // The same moments in English read 12-hour.
        let english = ToolRun(["render", Self.input, "--format", "markdown", "--locale", "en_US", "--timezone", "America/New_York"])
        #expect(english.output.contains("3 members"))
        #expect(english.output.contains(" AM*"), "\(english.output)")
    }

    /// A locale Foundation does not know would give English dates and labels without a word.
    @Test(arguments: ["xx-YY", "french", "en_ZZ", "C", ""])
    func anUnknownLocaleIsRefused(identifier: String) {
        let run = ToolRun(["render", Self.input, "--format", "markdown", "--locale", identifier])
        #expect(run.status == 64)
        #expect(run.errors.hasPrefix("Error: Unknown locale '\(identifier)'. Use a language code"), "\(run.errors)")
        #expect(run.output.isEmpty)
    }

    @Test(arguments: ["fr", "fr_FR", "fr-FR", "fr_CA", "FR_fr"])
    func aLanguageWithOrWithoutARegionIsTaken(identifier: String) {
        let run = ToolRun(["render", Self.input, "--format", "markdown", "--locale", identifier, "--timezone", "UTC"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("lundi 1 juin 2026"), "\(run.output)")
    }

    @Test func theLanguageComesFromLANGToo() {
        let run = ToolRun(["render", Self.input, "--format", "markdown"], environment: ["TZ": "UTC", "LANG": "fr_FR.UTF-8"])
        #expect(run.output.contains("3 membres"), "\(run.output)")
        #expect(run.output.contains("lundi 1 juin 2026"), "\(run.output)")
        let plain = ToolRun(["render", Self.input, "--format", "markdown"])
        #expect(plain.output.contains("3 members"), "no locale: English")
    }

    @Test func aThemeFilesOwnLabelWinsOverThePack() {
        let theme = temporaryFile(#"{"version": 1, "extends": "default", "strings": {"members": "%@ Leute"}}"#)
        let run = ToolRun(["render", Self.input, "--format", "markdown", "--locale", "de_DE", "--theme", theme])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("3 Leute"), "\(run.output)")
        #expect(run.output.contains("## Montag, 1. Juni 2026"))
    }
}
