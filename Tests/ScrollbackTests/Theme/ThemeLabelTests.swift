import Foundation
import TestSupport
import Testing

@testable import Scrollback

extension Theme.Label {
    /// An app's own label, as an app declares it.
    static let workoutTitle = Theme.Label.app("workout.title", default: "Workout")
}

/// Typed label and icon keys: every built-in one has a value, an app's labels live under
/// `app.`, and a theme file takes exactly the names Swift does.
@Suite struct ThemeLabelTests {
    static let builtInThemes = ["default", "midnight", "high-contrast", "terminal-16", "plain"]

    @Test(arguments: builtInThemes)
    func everyTypedLabelAndIconHasAValue(name: String) throws {
        let theme = try #require(Theme.builtIn(named: name))
        for label in Theme.Label.builtIn {
            #expect(theme.strings[label] != nil, "\(name) has no '\(label)'")
        }
        for icon in Theme.Icon.builtIn {
            #expect(theme.icons[icon] != nil, "\(name) has no icon '\(icon)'")
        }
    }

    /// The default theme's labels are exactly the typed ones: none that no code can ask for.
    @Test func theDefaultThemeHasNoUntypedLabel() {
        #expect(Set(Theme.default.strings.keys) == Set(Theme.Label.builtIn))
        #expect(Set(Theme.default.icons.keys) == Set(Theme.Icon.builtIn))
    }

    @Test func aMissingLabelNeverPrintsItsKey() throws {
        var bare = Theme.default
        bare.strings = [:]
        #expect(bare.string(.edited) == "Edited")
        #expect(bare.string(.threadReplies, "3") == "3 Thread Replies")
        // A theme file that extends nothing has no labels of its own.
        let alone = try Theme(json: ##"{"version": 1, "colors": {"text": "#000", "background": "#fff"}}"##)
        #expect(alone.strings.isEmpty)
        #expect(alone.string(.untitled) == "Chat transcript")
        #expect(alone.string(.file(.pdf)) == "PDF document")
        // An app's label reads its default until a theme sets it.
        #expect(Theme.default.string(.workoutTitle) == "Workout")
    }

    /// Placeholders are filled in order wherever they stand; an argument holding `%@` and
    /// text around them, in any script, stay as they are.
    @Test func placeholdersAreFilledInOrder() {
        var theme = Theme.default
        theme.strings[.nameWithID] = "%@ (%@)"
        #expect(theme.string(.nameWithID, arguments: ["Zoë", "zoe-1"]) == "Zoë (zoe-1)")
        theme.strings[.nameWithID] = "%@%@ — %%@ fin"
        #expect(theme.string(.nameWithID, arguments: ["%@", "b", "c"]) == "%@b — %c fin")
        #expect(theme.string(.nameWithID, arguments: ["a"]) == "a — % fin")
        theme.strings[.edited] = "Bearbeitet %"
        #expect(theme.string(.edited, "x") == "Bearbeitet %")
        theme.strings[.edited] = "%@"
        #expect(theme.string(.edited, "ganz") == "ganz")
    }

    @Test func theSwiftAPITakesTheNamesAThemeFileTakes() {
        #expect(Theme.Label(rawValue: "edited") == .edited)
        #expect(Theme.Label(rawValue: "file.pdf") == .file(.pdf))
        #expect(Theme.Label(rawValue: "app.workout.title") == .workoutTitle)
        #expect(Theme.Label(rawValue: "app.workout.title")?.defaultValue == nil)
        #expect(Theme.Label.workoutTitle.rawValue == "app.workout.title")
        for refused in ["edtied", "workout.title", "app.", "App.workout", "", "file.exe"] {
            #expect(Theme.Label(rawValue: refused) == nil, "\(refused)")
            let json = #"{"version": 1, "extends": "default", "strings": {"# + JSONValue.string(refused).serialized() + #": "x"}}"#
            #expect(throws: ConfigurationError.self, "\(refused)") { try Theme(json: json) }
        }
        #expect(Theme.Icon.file(.pdf).rawValue == "file.pdf")
        #expect(Theme.default.icon(.file(.pdf)) == Theme.default.icons[.file(.pdf)])
        #expect(Theme.default.icon(Theme.Icon(rawValue: "file.nothing")) == Theme.default.icons[.file])
        #expect(Theme.default.icon(Theme.Icon(rawValue: "nothing")) == "•")
    }

    @Test func anUnknownLabelIsRefusedWithASuggestion() throws {
        let error = try #require(throws: ConfigurationError.self) {
            try Theme(
                json: "{\"version\": 1, \"extends\": \"default\",\n  \"strings\": {\"threadReplis\": \"%@ Antworten\"}}", file: "de.json")
        }
        #expect(
            error.description
                == "de.json: line 2, column 15: strings.threadReplis: unknown key 'threadReplis'; did you mean 'threadReplies'?")
        // Outside the namespace, an app's name is an unknown key like any other.
        let outside = try #require(throws: ConfigurationError.self) {
            try Theme(json: #"{"version": 1, "extends": "default", "strings": {"workout.title": "Training"}}"#)
        }
        #expect(outside.problem == .unknownKey("workout.title", suggestion: nil))
        #expect(outside.keyPath == #"strings["workout.title"]"#)
    }

    /// An app that declares its labels has a misspelt one refused, with the nearest name, in
    /// the file and in every file it extends; without a declaration any `app.` name is taken.
    @Test func declaredAppLabelsAreCheckedByName() throws {
        let misspelt = #"{"version": 1, "extends": "default", "strings": {"app.workot.title": "Training"}}"#
        #expect((try? Theme(json: misspelt)) != nil, "undeclared: any name under app.")
        let error = try #require(throws: ConfigurationError.self) {
            try Theme(json: misspelt, file: "de.json", appLabels: [.workoutTitle])
        }
        #expect(error.problem == .unknownKey("app.workot.title", suggestion: "app.workout.title"), "\(error)")
        let good = try Theme(
            json: #"{"version": 1, "extends": "default", "strings": {"app.workout.title": "Training"}}"#, appLabels: [.workoutTitle])
        #expect(good.string(.workoutTitle) == "Training")
        // A base file is checked with the app's labels too.
        let base = Scratch.path("base-theme", extension: "json")
        try misspelt.write(toFile: base, atomically: true, encoding: .utf8)
        let child = #"{"version": 1, "extends": "\#(base)"}"#
        #expect((try? Theme(json: child)) != nil)
        #expect(throws: ConfigurationError.self) { try Theme(json: child, appLabels: [.workoutTitle]) }
        #expect(throws: ConfigurationError.self) { try Theme.load(path: base, appLabels: [.workoutTitle]) }
    }

    @Test func appLabelsFromAThemeFileAreUsed() throws {
        let theme = try Theme(
            json: """
                {"version": 1, "extends": "default",
                 "strings": {"app.workout.title": "Training", "edited": "Bearbeitet"}}
                """, file: "de")
        #expect(theme.strings[.workoutTitle] == "Training")
        #expect(theme.string(.workoutTitle) == "Training")
        // `theme show` writes it after the built-in labels, and reads it back.
        #expect(theme.fileText.contains(#"    "file.other": "File",\#n    "app.workout.title": "Training"\#n"#))
        #expect(try Theme(json: theme.fileText, file: "de") == theme)

        // An app's view asks for its label; the theme translates it in every output.
        var registry = AttachmentViewRegistry()
        registry.register(
            "workout",
            renderer: AttachmentViewRegistry.Renderer(makeView: { _, context in
                .text(context.theme.string(.workoutTitle), .title)
            }))
        var options = RenderOptions.default
        for format in SampleTranscripts.Format.allCases {
            options.theme = .default
            let english = try SampleTranscripts.render("cards-demo.json", as: format, options: options, attachmentViews: registry).output
            #expect(english.contains("Workout") && !english.contains("Training"), "\(format)")
            options.theme = theme
            let german = try SampleTranscripts.render("cards-demo.json", as: format, options: options, attachmentViews: registry).output
            #expect(german.contains("Training") && !german.contains("app.workout"), "\(format)")
        }
    }
}
