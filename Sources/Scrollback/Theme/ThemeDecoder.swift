/// Applies a checked theme file on top of the theme it extends. ``ConfigurationChecker`` has
/// already walked the file against ``ThemeSchema/file`` (keys, types, ranges, colours, texts);
/// what is left is what depends on the theme being built: the theme `extends` names, the
/// colours and fonts a style refers to, what a new font or style must set, and SVG drawings.
struct ThemeDecoder {
    /// Why the theme named by `extends` could not be had.
    enum BaseFailure: Error {
        /// A problem with the reference itself, reported at the `extends` key.
        case reference(ConfigurationError.Problem)
        /// A problem inside the other theme, reported as it is.
        case inBase(ConfigurationError)
    }

    let document: ConfigurationDocument
    /// The labels an app declared (``ThemeSchema/file(appLabels:)``); `nil` takes any under `app.`.
    var appLabels: [Theme.Label]? = nil
    /// Whether the document is one of the built-in themes, which the tests check against the
    /// schema (`ThemeFileTests`): every start loads the default one, and checking it again
    /// took about 6% of starting.
    var isBuiltIn = false

    /// The theme the document describes. `base` turns an `extends` reference into its resolved theme.
    func decode(name: String, base: (String) throws(BaseFailure) -> Theme) throws(ConfigurationError) -> Theme {
        if !isBuiltIn {
            try ConfigurationChecker.check(document, against: appLabels == nil ? ThemeSchema.file : ThemeSchema.file(appLabels: appLabels))
        }
        let object = document.root.objectValue ?? [:]

        var theme = Theme.empty
        if let reference = object["extends"]?.stringValue {
            do throws(BaseFailure) {
                theme = try base(reference)
            } catch {
                switch error {
                case .reference(let problem): throw document.error(at: "extends", problem)
                case .inBase(let nested): throw nested
                }
            }
        }
        theme.name = name
        theme.summary = object["description"]?.stringValue ?? (object["extends"] == nil ? "" : theme.summary)

        // Sections in a fixed order, whatever the file's: styles refer to colours and fonts.
        if let colors = object["colors"]?.objectValue {
            try self.colors(colors, at: "colors", into: &theme.colors)
        }
        if let dark = object["dark"] {
            if let colors = dark["colors"]?.objectValue {
                try self.colors(colors, at: "dark.colors", into: &theme.darkColors)
            } else if dark == .null {
                theme.darkColors = [:]
            }
        }
        for required in ["text", "background"] where theme.colors[required] == nil {
            throw document.error(at: "colors", .missingKey(required))
        }
        if let fonts = object["fonts"]?.objectValue { try self.fonts(fonts, into: &theme) }
        if let styles = object["styles"]?.objectValue { try self.styles(styles, into: &theme) }
        if let images = object["images"]?.objectValue { try self.images(images, into: &theme) }
        if let reactions = object["reactions"]?.objectValue {
            for (name, value) in reactions { theme.reactions[name] = value.stringValue }
        }
        if let strings = object["strings"]?.objectValue {
            for (name, value) in strings {
                guard let label = Theme.Label(rawValue: name) else { continue } // the schema refused it
                theme.strings[label] = value.stringValue
            }
        }
        if let metrics = object["metrics"]?.objectValue {
            for (name, value) in metrics {
                guard let number = value.doubleValue else { continue }
                switch name {
                case "bubbleRadius": theme.metrics.bubbleRadius = number
                case "spacing": theme.metrics.spacing = number
                case "maxContentWidth": theme.metrics.maxContentWidth = number
                default: theme.metrics.avatarSize = number
                }
            }
        }
        return theme
    }

    // MARK: - Sections

    private func colors(_ object: JSONObject, at path: String, into colors: inout [String: ThemeColor]) throws(ConfigurationError) {
        for (name, value) in object {
            let text = value.stringValue ?? ""
            guard let color = ThemeColor(parsing: text) else {
                throw document.error(at: ConfigurationDocument.keyPath(path, name), .invalidColor(text))
            }
            colors[name] = color
        }
    }

    /// A font the theme already has changes field by field; a new one needs a size.
    private func fonts(_ object: JSONObject, into theme: inout Theme) throws(ConfigurationError) {
        for (name, value) in object {
            let path = ConfigurationDocument.keyPath("fonts", name)
            let fields = value.objectValue ?? [:]
            var font: Theme.Font
            if let existing = theme.fonts[name] {
                font = existing
            } else {
                guard fields["size"] != nil else { throw document.error(at: path, .missingKey("size")) }
                font = Theme.Font(family: theme.fonts["body"]?.family ?? "sans-serif", size: 0)
            }
            if let family = fields["family"]?.stringValue { font.family = family }
            if let size = fields["size"]?.doubleValue { font.size = size }
            if let weight = fields["weight"]?.doubleValue { font.weight = Int(weight) }
            if let italic = fields["italic"]?.boolValue { font.italic = italic }
            theme.fonts[name] = font
        }
    }

    /// A style the theme already has changes field by field; a new one needs a colour. Colours
    /// and fonts are names the theme must define.
    private func styles(_ object: JSONObject, into theme: inout Theme) throws(ConfigurationError) {
        for (name, value) in object {
            let path = ConfigurationDocument.keyPath("styles", name)
            let fields = value.objectValue ?? [:]
            let role = Role(rawValue: name)
            var style: Theme.TextStyle
            if let existing = theme.styles[role] {
                style = existing
            } else {
                guard fields["color"] != nil else { throw document.error(at: path, .missingKey("color")) }
                style = Theme.TextStyle(color: "text")
            }
            if let color = try colorName(fields, "color", at: path, theme: theme) { style.color = color }
            if fields["background"] == .null {
                style.background = nil
            } else if let background = try colorName(fields, "background", at: path, theme: theme) {
                style.background = background
            }
            if let font = fields["font"]?.stringValue {
                guard theme.fonts[font] != nil else {
                    throw document.error(at: ConfigurationDocument.keyPath(path, "font"), .undefinedFont(font))
                }
                style.font = font
            }
            if let bold = fields["bold"]?.boolValue { style.bold = bold }
            if let italic = fields["italic"]?.boolValue { style.italic = italic }
            if let underline = fields["underline"]?.boolValue { style.underline = underline }
            if let dim = fields["dim"]?.boolValue { style.dim = dim }
            theme.styles[role] = style
        }
    }

    /// Each image is a glyph, or `{"glyph": ..., "svg": {"viewBox": ..., "path": ...}}` for an
    /// HTML drawing with the glyph for text outputs; `null` removes one.
    private func images(_ object: JSONObject, into theme: inout Theme) throws(ConfigurationError) {
        for (name, value) in object {
            let icon = Theme.Icon(rawValue: name)
            let path = ConfigurationDocument.keyPath("images", name)
            switch value {
            case .object(let fields):
                theme.icons[icon] = fields["glyph"]?.stringValue
                guard let svg = fields["svg"]?.objectValue else {
                    theme.svgIcons[icon] = nil
                    continue
                }
                guard let drawing = Theme.SVGIcon(viewBox: svg["viewBox"]?.stringValue ?? "", path: svg["path"]?.stringValue ?? "") else {
                    throw document.error(
                        at: ConfigurationDocument.keyPath(path, "svg"),
                        .invalidText(
                            "not a view box of four numbers and path data (commands, numbers, spaces, commas)"))
                }
                theme.svgIcons[icon] = drawing
            default:
                theme.icons[icon] = value.stringValue
                theme.svgIcons[icon] = nil
            }
        }
    }

    /// A colour name a style refers to, which the theme must define.
    private func colorName(_ fields: JSONObject, _ key: String, at path: String, theme: Theme) throws(ConfigurationError) -> String? {
        guard let name = fields[key]?.stringValue else { return nil }
        guard theme.colors[name] != nil || theme.darkColors[name] != nil else {
            throw document.error(at: ConfigurationDocument.keyPath(path, key), .undefinedColor(name))
        }
        return name
    }
}
