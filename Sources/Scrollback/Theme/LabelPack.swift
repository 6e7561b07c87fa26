import Foundation

extension Theme {
    /// Scrollback's labels in one language (`Themes/labels/de.json`), chosen by the locale's
    /// language (``Theme/localized(for:)``): the strings a theme would hold, without the rest of a
    /// theme, so that a translation works with every theme.
    ///
    /// A pack is checked like a theme file, by `ConfigurationChecker`: a `version`, an optional
    /// `description` and `strings` naming built-in labels only (app labels belong to the app's
    /// theme). Each text must keep the English label's `%@` placeholders, or a count or a name
    /// would vanish from the page. A label the pack lacks reads in English.
    public struct LabelPack: Sendable, Hashable {
        /// The language code the pack is for: `de`, `fr`, `es`.
        public let language: String
        /// The translated labels.
        public var strings: [Theme.Label: String]

        /// What a pack file may hold.
        static let schema: ConfigurationSchema = .object([
            .required("version", .wholeNumber()),
            .optional("description", .string),
            .required("strings", .table(.oneOf(ThemeSchema.stringNames), of: ThemeSchema.text)),
        ])

        /// The languages with a pack built into Scrollback, by code, sorted.
        public static var builtInLanguages: [String] { BuiltInThemes.labelPackSources.map(\.language) }

        /// The built-in pack for `language` (`de`); `nil` when there is none (English needs none).
        public static func builtIn(language: String) -> Theme.LabelPack? {
            guard let source = BuiltInThemes.labelPackSources.first(where: { $0.language == language.lowercased() }) else { return nil }
            // Tests load every built-in pack, so this cannot fail in a release.
            return try? Theme.LabelPack(json: source.json, language: source.language, file: "labels/\(source.language).json (built-in)")
        }

        /// The built-in pack for the language of `locale` (`de` for `de_DE` or `de_AT`), if any.
        public static func builtIn(for locale: Locale) -> Theme.LabelPack? {
            locale.language.languageCode.flatMap { builtIn(language: $0.identifier) }
        }

        /// Reads and checks the pack file at `path`; its name without `.json` is its language.
        public static func load(path: String) throws(ConfigurationError) -> Theme.LabelPack {
            let document = try ConfigurationDocument.read(path: path, kind: .theme)
            return try Theme.LabelPack(document: document, language: URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent)
        }

        /// A pack from the text of a pack file; `file` names it in errors.
        public init(json: String, language: String, file: String = "labels") throws(ConfigurationError) {
            try self.init(document: ConfigurationDocument.parse(Array(json.utf8), file: file, kind: .theme), language: language)
        }

        private init(document: ConfigurationDocument, language: String) throws(ConfigurationError) {
            try ConfigurationChecker.check(document, against: Self.schema)
            self.language = language
            strings = [:]
            for (name, value) in document.root.objectValue?["strings"]?.objectValue ?? [:] {
                guard let label = Theme.Label(rawValue: name), let text = value.stringValue else { continue } // the schema refused it
                let expected = Self.placeholders(in: Theme.default.strings[label] ?? "")
                let found = Self.placeholders(in: text)
                guard found == expected else {
                    throw document.error(
                        at: ConfigurationDocument.keyPath("strings", name),
                        .invalidText("has \(found) %@ placeholder\(found == 1 ? "" : "s") where the English label has \(expected)"))
                }
                strings[label] = text
            }
        }

        /// How many `%@` a label holds.
        static func placeholders(in text: String) -> Int {
            text.components(separatedBy: "%@").count - 1
        }
    }
}

extension Theme {
    /// This theme with `pack`'s labels wherever the theme reads as the default theme's English:
    /// a label the theme sets to its own text wins over the pack, and one the pack lacks stays
    /// English.
    public func applying(_ pack: Theme.LabelPack) -> Theme {
        var theme = self
        for (label, text) in pack.strings {
            let own = strings[label]
            if own == nil || own == Theme.default.strings[label] { theme.strings[label] = text }
        }
        return theme
    }

    /// This theme in the language of `locale` (``Theme/LabelPack/builtIn(for:)``); itself when
    /// Scrollback has no pack for it, as for English.
    public func localized(for locale: Locale) -> Theme {
        Theme.LabelPack.builtIn(for: locale).map(applying) ?? self
    }
}
