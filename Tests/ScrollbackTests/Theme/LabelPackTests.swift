import Foundation
import Testing

@testable import Scrollback

/// Label packs (issue 14, item 9): German, French and Spanish labels chosen by the locale's
/// language, English for what a pack lacks, and a theme's own labels before a pack's.
@Suite struct LabelPackTests {
    static let directory = SampleTranscripts.repositoryRoot.appendingPathComponent("Themes/labels")
    static let german = Locale(identifier: "de_DE")

    /// The error `json` raises as a pack, or `nil` when it loads.
    func error(_ json: String) -> ConfigurationError? {
        do {
            _ = try Theme.LabelPack(json: json, language: "xx", file: "xx.json")
            return nil
        } catch {
            return error
        }
    }

    @Test func builtInPacksAreTheFilesInThemesLabels() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path)
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
        #expect(Set(files) == Set(Theme.LabelPack.builtInLanguages))
        #expect(Theme.LabelPack.builtInLanguages == ["de", "es", "fr", "it", "ja", "nl", "pl", "pt"])
        for language in files {
            let path = Self.directory.appendingPathComponent(language + ".json").path
            let text = try String(contentsOfFile: path, encoding: .utf8)
            // The generated file drops the last line break, as a multi-line literal does.
            #expect(
                BuiltInThemes.labelPackSources.first { $0.language == language }.map { $0.json + "\n" } == text,
                "Themes/labels/\(language).json differs from the embedded copy: run Scripts/embed-themes")
            // The file passes the checker, placeholders included, and is the embedded pack.
            #expect(try Theme.LabelPack.load(path: path) == Theme.LabelPack.builtIn(language: language))
        }
    }

    /// Every pack translates the labels a reader meets most, keeping their placeholders.
    @Test(arguments: [
        ("de", "Nachricht gelöscht", "Nur für Ada sichtbar"), ("fr", "Message supprimé", "Visible uniquement par Ada"),
        ("es", "Mensaje eliminado", "Solo visible para Ada"), ("it", "Messaggio eliminato", "Visibile solo a Ada"),
        ("ja", "メッセージは削除されました", "Adaだけに表示"), ("nl", "Bericht verwijderd", "Alleen zichtbaar voor Ada"),
        ("pl", "Wiadomość usunięta", "Widoczne tylko dla: Ada"), ("pt", "Mensagem apagada", "Visível só para Ada"),
    ])
    func packsTranslate(language: String, deleted: String, onlyVisible: String) throws {
        let theme = Theme.default.localized(for: Locale(identifier: language + "_" + language.uppercased()))
        #expect(theme.string(.messageDeleted) == deleted)
        #expect(theme.string(.onlyVisibleTo, "Ada") == onlyVisible)
        #expect(theme.string(.messages, "12").contains("12"))
        let pack = try #require(Theme.LabelPack.builtIn(language: language))
        #expect(pack.strings.count >= Theme.Label.builtIn.count - 2, "only symbols and pure placeholders may stay English")
        for (label, text) in pack.strings {
            #expect(Theme.LabelPack.placeholders(in: text) == Theme.LabelPack.placeholders(in: Theme.default.string(label)), "\(label)")
        }
    }

    /// English, the POSIX locale and a language without a pack keep the theme as it is.
    @Test(arguments: ["en_US", "en_GB", "en_US_POSIX", "ko_KR"])
    func otherLanguagesKeepTheTheme(identifier: String) {
        #expect(Theme.default.localized(for: Locale(identifier: identifier)) == Theme.default)
    }

    @Test func aMissingLabelFallsBackToEnglish() throws {
        let pack = try Theme.LabelPack(json: #"{"version": 1, "strings": {"messageDeleted": "Nachricht gelöscht"}}"#, language: "de")
        let theme = Theme.default.applying(pack)
        #expect(theme.string(.messageDeleted) == "Nachricht gelöscht")
        #expect(theme.string(.edited) == "Edited")
        // The built-in German pack leaves the pure placeholder and the symbol to English.
        let german = Theme.default.localized(for: Self.german)
        #expect(german.string(.nameWithID, arguments: ["Alex", "alex-1"]) == "Alex (alex-1)")
        #expect(german.string(.ownReactionMark) == "✓")
    }

    @Test func aThemesOwnLabelWins() throws {
        let theme = try Theme(json: #"{"version": 1, "extends": "default", "strings": {"messageDeleted": "Weg!"}}"#)
        let german = theme.localized(for: Self.german)
        #expect(german.string(.messageDeleted) == "Weg!")
        #expect(german.string(.edited) == "Bearbeitet")
    }

    @Test func theCheckerRefusesBadPacks() throws {
        let unknown = try #require(error(#"{"version": 1, "strings": {"messageDelted": "x"}}"#))
        #expect(unknown.problem == .unknownKey("messageDelted", suggestion: "messageDeleted"), "\(unknown)")
        #expect(unknown.position?.line == 1)
        let placeholders = try #require(error(#"{"version": 1, "strings": {"onlyVisibleTo": "Nur für dich"}}"#))
        #expect(placeholders.problem == .invalidText("has 0 %@ placeholders where the English label has 1"), "\(placeholders)")
        #expect(placeholders.keyPath == "strings.onlyVisibleTo")
        #expect(error(#"{"strings": {}}"#)?.problem == .missingKey("version"))
        #expect(error(#"{"version": 1, "strings": {"edited": "a\u001bb"}}"#) != nil, "control characters")
        #expect(error(#"{"version": 1, "strings": {"app.x": "y"}}"#) != nil, "app labels belong to the app's theme")
        #expect(error(#"{"version": 1, "colors": {}, "strings": {}}"#) != nil, "a pack holds labels only")
    }

    /// A German rendering: German labels and 24-hour times together, in every format.
    @Test(arguments: [SampleTranscripts.Format.html, .ansi, .markdown])
    func germanRendering(format: SampleTranscripts.Format) throws {
        let ada = ChatUser(id: "ada", name: "Ada")
        let evening = try #require(RFC3339.parse("2026-06-01T19:05:07Z"))
        var deleted = ChatMessage(id: "m2", text: "oops", user: ada, createdAt: evening.addingTimeInterval(120))
        deleted.deletedAt = evening.addingTimeInterval(600)
        let messages = [ChatMessage(id: "m1", text: "Guten Abend", user: ada, createdAt: evening), deleted]
        var options = RenderOptions(timeZone: TimeZone(identifier: "Europe/Berlin")!, locale: Self.german)
        options.theme = options.theme.localized(for: options.locale)
        let output = SampleTranscripts.renderInMemory(messages, as: format, options: options)
        #expect(output.contains("Nachricht gelöscht"), "\(output)")
        #expect(output.contains("21:07"), "\(output)")
        #expect(!output.contains("Message deleted") && !output.contains(" PM"), "\(output)")
    }

    /// A task box in message text is named in the page's language for a screen reader.
    @Test func taskBoxesAreNamedInTheLabelsLanguage() {
        let message = ChatMessage(id: "m1", text: "- [x] Brot\n- [ ] Milch", user: ChatUser(id: "ada", name: "Ada"))
        var options = RenderOptions(locale: Self.german)
        options.theme = options.theme.localized(for: options.locale)
        let german = SampleTranscripts.renderInMemory([message], as: .html, options: options)
        #expect(german.contains(#"aria-label="erledigt">☑"#) && german.contains(#"aria-label="offen">☐"#), "\(german)")
        let english = SampleTranscripts.renderInMemory([message], as: .html, options: RenderOptions())
        #expect(english.contains(#"aria-label="done">☑"#) && english.contains(#"aria-label="not done">☐"#), "\(english)")
    }
}
