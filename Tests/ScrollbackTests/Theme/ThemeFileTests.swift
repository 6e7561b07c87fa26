import Foundation
import ScrollbackTesting
import TestSupport
import Testing

@testable import Scrollback

/// Theme files: loading, `extends`, hostile values, typed labels and icons, and the built-in
/// themes. Mistakes and their positions are in ``ConfigurationCheckerTests``.
@Suite struct ThemeFileTests {
    static let themesDirectory = SampleTranscripts.repositoryRoot.appendingPathComponent("Themes")

    /// The error `json` raises, or `nil` when it loads.
    func error(_ json: String) -> ConfigurationError? {
        do {
            _ = try Theme(json: json, file: "test.json")
            return nil
        } catch {
            return error
        }
    }

    // MARK: Built-in themes

    @Test func builtInThemesAreTheFilesInThemes() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.themesDirectory.path)
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
        #expect(Set(files) == Set(Theme.builtInNames))
        #expect(Theme.builtInNames.first == "default")
        for name in files {
            let text = try String(contentsOf: Self.themesDirectory.appendingPathComponent(name + ".json"), encoding: .utf8)
            // The generated file drops the last line break, as a multi-line literal does.
            #expect(
                BuiltInThemes.source(named: name).map { $0 + "\n" } == text,
                "Themes/\(name).json differs from the embedded copy: run Scripts/embed-themes")
        }
    }

    /// A built-in theme is not checked when it loads (every start loads one): this is its check.
    @Test(arguments: Theme.builtInNames)
    func builtInThemePassesTheSchemaCheck(name: String) throws {
        let source = try #require(BuiltInThemes.source(named: name))
        let document = try ConfigurationDocument.parse(Array(source.utf8), file: name, kind: .theme)
        #expect(throws: Never.self) { try ConfigurationChecker.check(document, against: ThemeSchema.file) }
        // Loading reads it without positions: the same values.
        #expect(try ConfigurationDocument.parseBuiltIn(source, file: name, kind: .theme).root == document.root)
    }

    @Test(arguments: ["default", "midnight", "high-contrast", "terminal-16", "plain"])
    func builtInThemeLoadsAndReadsBackFromItsOwnFile(name: String) throws {
        let theme = try #require(Theme.builtIn(named: name))
        #expect(theme.name == name)
        #expect(!theme.summary.isEmpty)
        let reread = try Theme(json: theme.fileText, file: name)
        #expect(reread == theme)
        #expect(try Theme.named(name) == theme)
    }

    @Test func defaultIsTheDefaultFile() throws {
        #expect(Theme.default == Theme.builtIn(named: "default"))
        #expect(Theme.default.colors["text"] == .rgb(Theme.RGBColor(red: 0, green: 0, blue: 0)))
        #expect(Theme.default.darkColors["background"] == ThemeColor(parsing: "#101418"))
        #expect(Theme.default.fonts["title"]?.weight == 700)
        #expect(Theme.default.style(for: .mention).background == "mentionBackground")
        #expect(Theme.default.reactions["love"] == "❤️")
        #expect(Theme.default.strings[.threadReplies] == "%@ Thread Replies")
        #expect(Theme.default.metrics.maxContentWidth == 760)
    }

    @Test func midnightAndTerminal16AreDarkFirstAndPlainHasNoColour() throws {
        let midnight = try #require(Theme.builtIn(named: "midnight"))
        #expect(midnight.darkColors.isEmpty)
        #expect(try #require(midnight.colors["background"]?.rgbValue).red < 32)
        let terminal = try #require(Theme.builtIn(named: "terminal-16"))
        for color in terminal.colors.values {
            switch color {
            case .rgb: Issue.record("terminal-16 has an RGB colour: \(color)")
            case .ansi, .unset: break
            }
        }
        let plain = try #require(Theme.builtIn(named: "plain"))
        #expect(plain.darkColors.isEmpty)
        #expect(plain.colors.values.allSatisfy { $0 == .unset })
    }

    // MARK: Extends

    @Test func aOneLineOverrideChangesExactlyThat() throws {
        let theme = try Theme(json: ##"{"version": 1, "extends": "default", "colors": {"accentPrimary": "#ff0000"}}"##, file: "red")
        var expected = Theme.default
        expected.name = "red"
        expected.colors["accentPrimary"] = .rgb(Theme.RGBColor(red: 255, green: 0, blue: 0))
        #expect(theme == expected)

        // In the HTML, only the one custom property differs.
        var options = RenderOptions.default
        let before = try SampleTranscripts.render("launch-room.json", as: .html, options: options).output
        options.theme = theme
        let after = try SampleTranscripts.render("launch-room.json", as: .html, options: options).output
        #expect(before != after)
        #expect(before.replacingOccurrences(of: "--sb-accent-primary:#005fcc;", with: "--sb-accent-primary:#ff0000;") == after)
    }

    @Test func fontsAndStylesMergeFieldByField() throws {
        let theme = try Theme(
            json: """
                {"version": 1, "extends": "default",
                 "fonts": {"body": {"size": 18}},
                 "styles": {"author": {"italic": true}}}
                """)
        #expect(theme.fonts["body"] == Theme.Font(family: Theme.default.fonts["body"]!.family, size: 18))
        #expect(theme.style(for: .author) == Theme.TextStyle(color: "text", font: "footnoteBold", bold: true, italic: true))
    }

    @Test func extendsAFileByRelativePathAndDarkNullDropsTheDarkSection() throws {
        let directory = Scratch.path("themes")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try #"{"version": 1, "extends": "default", "dark": null}"#.write(
            toFile: directory + "/base.json", atomically: true, encoding: .utf8)
        try #"{"version": 1, "extends": "base.json", "colors": {"link": "rgb(0, 128, 0)"}}"#
            .write(toFile: directory + "/child.json", atomically: true, encoding: .utf8)
        let theme = try Theme.load(path: directory + "/child.json")
        #expect(theme.name == "child")
        #expect(theme.darkColors.isEmpty)
        #expect(theme.colors["link"] == .rgb(Theme.RGBColor(red: 0, green: 128, blue: 0)))
    }

    @Test func commentsAndTrailingCommasAreAccepted() throws {
        let theme = try Theme(
            json: """
                // A theme.
                {
                  "version": 1, /* the only version */
                  "extends": "default",
                  "strings": {"edited": "Bearbeitet // nicht ein Kommentar",},
                }
                """)
        #expect(theme.strings[.edited] == "Bearbeitet // nicht ein Kommentar")
    }

    // MARK: Errors

    // Most mistakes are in ConfigurationCheckerTests, with those of card files; these are the
    // values a theme must never let through to a stylesheet.

    @Test(arguments: [
        "red;}</style><script>alert(1)</script>", "#fff;background:url(x)", "rgb(1,2,3);x:y", "rgb(1, 2, 3) !important",
        "url(javascript:alert(1))", "var(--sb-text)", "expression(alert(1))", "#ggg", "#12345", "rgb(256, 0, 0)",
        "rgba(0, 0, 0, 2)", "rgb(1, 2)", "ansi(16)", "ansi(-1)", "#fff\n", "\u{2028}#fff", "inherit", "",
        // Hex digits of other scripts, which Unicode calls hex digits too (reading them ended
        // the process): fullwidth, Arabic-Indic, and one that makes the byte count of #rrggbb.
        "#\u{FF26}\u{FF26}\u{FF26}", "#\u{0661}\u{0662}\u{0663}", "#ff\u{FF11}f", "#", "#abcd", "#abcdefa",
    ])
    func hostileColourValuesAreRejected(value: String) throws {
        let json = #"{"version": 1, "extends": "default", "colors": {"text": "# + ThemeFileWriter.quoted(value) + "}}"
        let error = try #require(self.error(json))
        #expect(error.keyPath == "colors.text")
        #expect(error.problem == .invalidColor(value))
    }

    @Test func colourSyntaxes() {
        #expect(ThemeColor(parsing: "#abc") == .rgb(Theme.RGBColor(red: 0xaa, green: 0xbb, blue: 0xcc)))
        #expect(ThemeColor(parsing: "#11223380") == .rgb(Theme.RGBColor(red: 0x11, green: 0x22, blue: 0x33, alpha: 0x80)))
        #expect(ThemeColor(parsing: "#0aF9e1") == .rgb(Theme.RGBColor(red: 0x0a, green: 0xf9, blue: 0xe1)))
        #expect(Theme.RGBColor(hex: "#D0e") == Theme.RGBColor(red: 0xdd, green: 0x00, blue: 0xee))
        #expect(ThemeColor(parsing: "rgb(255, 0, 10)") == .rgb(Theme.RGBColor(red: 255, green: 0, blue: 10)))
        #expect(ThemeColor(parsing: "rgba(0, 0, 0, 0.5)") == .rgb(Theme.RGBColor(red: 0, green: 0, blue: 0, alpha: 128)))
        #expect(ThemeColor(parsing: "rgb(100%, 0%, 50%)") == .rgb(Theme.RGBColor(red: 255, green: 0, blue: 128)))
        #expect(ThemeColor(parsing: "ansi(12)") == .ansi(12))
        #expect(ThemeColor(parsing: "none") == .unset)
        #expect(ThemeColor.ansi(8).rgbValue == Theme.RGBColor(red: 127, green: 127, blue: 127))
        #expect(ThemeColor(parsing: "ansi(3)")?.description == "ansi(3)")
    }

    // MARK: Outputs

    @Test func paletteAndNoColourInTheOutputs() throws {
        var options = RenderOptions.default
        options.ansi.colorDepth = .trueColor
        options.theme = try #require(Theme.builtIn(named: "terminal-16"))
        let terminal = try SampleTranscripts.render("launch-room.json", as: .ansi, options: options).output
        #expect(terminal.contains("\u{1B}["))
        #expect(!terminal.contains("38;2;") && !terminal.contains("48;2;") && !terminal.contains("38;5;"))

        options.theme = try #require(Theme.builtIn(named: "plain"))
        let plain = try SampleTranscripts.render("launch-room.json", as: .ansi, options: options).output
        let colourParameter = try Regex(#"\x1B\[[0-9;]*(3[0-9]|4[0-9]|9[0-7]|10[0-7])[;m]"#)
        #expect(plain.firstMatch(of: colourParameter) == nil)
        #expect(plain.contains("\u{1B}[1m"))

        let html = try SampleTranscripts.render("launch-room.json", as: .html, options: options).output
        #expect(html.contains("--sb-text:initial;"))
        #expect(!html.contains("prefers-color-scheme:dark"))
        options.theme = try #require(Theme.builtIn(named: "midnight"))
        let midnight = try SampleTranscripts.render("launch-room.json", as: .html, options: options).output
        #expect(midnight.contains(":root{color-scheme:dark;"))
    }

    @Test func appearanceChoosesTheColoursOfANSIOutput() throws {
        var options = RenderOptions.default
        options.ansi.colorDepth = .trueColor
        options.ansi.darkAppearance = true
        let dark = try SampleTranscripts.render("launch-room.json", as: .ansi, options: options).output
        options.ansi.darkAppearance = false
        let light = try SampleTranscripts.render("launch-room.json", as: .ansi, options: options).output
        #expect(dark.contains("38;2;163;167;174")) // #a3a7ae, dark textLowEmphasis
        #expect(light.contains("38;2;93;96;102")) // #5d6066, light textLowEmphasis
    }

    @Test func labelsAndGlyphsComeFromTheTheme() throws {
        var options = RenderOptions.default
        options.theme = try Theme(
            json: """
                {"version": 1, "extends": "default",
                 "strings": {"edited": "Bearbeitet"},
                 "reactions": {"love": "♥"}}
                """)
        for format in SampleTranscripts.Format.allCases {
            let output = try SampleTranscripts.render("launch-room.json", as: format, options: options).output
            #expect(output.contains("Bearbeitet") && !output.contains("Edited"), "\(format)")
            #expect(output.contains("♥") && !output.contains("❤️"), "\(format)")
        }
    }

    @Test func svgIconsAreDrawnInHTMLAndGlyphsElsewhere() throws {
        let theme = try Theme(
            json: """
                {"version": 1, "extends": "default",
                 "images": {"file.document": {"glyph": "[F]", "svg": {"viewBox": "0 0 24 24", "path": "M4 2h10l6 6v14H4z"}}}}
                """)
        #expect(theme.icons[.file(.document)] == "[F]")
        #expect(theme.svgIcon(.file(.pdf)) == nil)
        #expect(try Theme(json: theme.fileText) == theme)
        var options = RenderOptions.default
        options.theme = theme
        let html = try SampleTranscripts.render("launch-room.json", as: .html, options: options).output
        #expect(
            html.contains(
                #"<svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false" style="vertical-align:-.125em"><path fill="currentColor" d="M4 2h10l6 6v14H4z"/></svg>"#
            ))
    }

    @Test(arguments: [
        #""><script>alert(1)</script>"#, "M0 0\"/><script>", "M0 0 url(#x)", "javascript:alert(1)", "",
    ])
    func hostileSVGIsRejected(path: String) throws {
        let json =
            #"{"version": 1, "extends": "default", "images": {"poll": {"glyph": "P", "svg": {"viewBox": "0 0 24 24", "path": "#
            + ThemeFileWriter.quoted(path) + "}}}}"
        let error = try #require(self.error(json))
        #expect(error.keyPath == "images.poll.svg")
        #expect(
            self.error(
                #"{"version": 1, "extends": "default", "images": {"poll": {"glyph": "P", "svg": {"viewBox": "0 0 0 24\"", "path": "M0 0"}}}}"#
            )?.keyPath == "images.poll.svg")
    }

    /// Each built-in theme renders the launch room in every output. The theme decides the
    /// stylesheet and the terminal's colours, so those are the references (reviewed like code);
    /// the HTML body and the Markdown, which the built-in themes leave alone, must equal the
    /// default theme's.
    @Test(arguments: ["midnight", "high-contrast", "terminal-16", "plain"])
    func builtInThemeRendersTheSample(name: String) throws {
        var options = RenderOptions.default
        options.theme = try #require(Theme.builtIn(named: name))
        options.ansi.colorDepth = .trueColor
        options.generator = SnapshotDefaults.generator
        var standard = options
        standard.theme = .default
        for format in SampleTranscripts.Format.allCases {
            let (output, warnings) = try SampleTranscripts.render("launch-room.json", as: format, options: options)
            #expect(warnings.isEmpty)
            switch format {
            case .html:
                assertSnapshot(of: Stylesheet(theme: options.theme).css, as: .lines(pathExtension: "css"), named: name)
                let (defaultOutput, _) = try SampleTranscripts.render("launch-room.json", as: format, options: standard)
                #expect(Self.withoutStylesheet(output) == Self.withoutStylesheet(defaultOutput))
                #expect(output.contains(Stylesheet(theme: options.theme).css))
            case .ansi:
                assertSnapshot(of: output, as: .lines(pathExtension: "ansi.txt"), named: "\(name)-ansi")
            case .markdown:
                let (defaultOutput, _) = try SampleTranscripts.render("launch-room.json", as: format, options: standard)
                #expect(output == defaultOutput)
            default:
                Issue.record("a format this test does not know: \(format)")
            }
        }
    }

    private static func withoutStylesheet(_ document: String) -> String {
        guard let start = document.range(of: "<style>"), let end = document.range(of: "</style>") else { return document }
        return document.replacingCharacters(in: start.upperBound..<end.lowerBound, with: "")
    }
}
