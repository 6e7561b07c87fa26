/// Checks a parsed theme file and applies it on top of the theme it extends, reporting the
/// first problem with its key path and line.
struct ThemeDecoder {
    /// Why the theme named by `extends` could not be had.
    enum BaseFailure: Error {
        /// A problem with the reference itself, reported at the `extends` key.
        case reference(ThemeError.Problem)
        /// A problem inside the other theme, reported as it is.
        case inBase(ThemeError)
    }

    let file: String
    /// Lines of the keys, by key path.
    let lines: [String: Int]

    /// The theme `root` describes. `base` turns an `extends` reference into its resolved theme.
    func decode(_ root: JSONValue, name: String,
                base: (String) throws(BaseFailure) -> Theme) throws(ThemeError) -> Theme {
        let object = try self.object(root, at: "")
        // The version first: a newer file may use keys this version does not know.
        guard let versionValue = object["version"] else { throw error(at: "", .missingKey("version")) }
        guard case .integer(let version) = versionValue else {
            throw error(at: "version", .wrongType(expected: "a whole number", found: versionValue.typeName))
        }
        guard version == Int64(Theme.fileVersion) else {
            throw error(at: "version", .unsupportedVersion(Int(clamping: version)))
        }
        try checkKeys(of: object, allowed: ThemeSchema.fileKeys, at: "")

        var theme = Theme.empty
        if let reference = try string(object, "extends", at: "") {
            do throws(BaseFailure) {
                theme = try base(reference)
            } catch {
                switch error {
                case .reference(let problem): throw self.error(at: "extends", problem)
                case .inBase(let nested): throw nested
                }
            }
        }
        theme.name = name
        theme.summary = try string(object, "description", at: "") ?? (object["extends"] == nil ? "" : theme.summary)

        // Sections in a fixed order, whatever the file's: styles refer to colours and fonts.
        if let value = object["colors"] {
            try colors(value, at: "colors", into: &theme.colors)
        }
        if let value = object["dark"] {
            if value == .null {
                theme.darkColors = [:]
            } else {
                let dark = try self.object(value, at: "dark")
                try checkKeys(of: dark, allowed: ThemeSchema.darkKeys, at: "dark")
                if let colors = dark["colors"] { try self.colors(colors, at: "dark.colors", into: &theme.darkColors) }
            }
        }
        for required in ["text", "background"] where theme.colors[required] == nil {
            throw error(at: "colors", .missingKey(required))
        }
        if let value = object["fonts"] { try fonts(value, into: &theme) }
        if let value = object["styles"] { try styles(value, into: &theme) }
        if let value = object["images"] { try images(value, into: &theme) }
        if let value = object["reactions"] {
            try texts(value, at: "reactions", allowed: nil, into: &theme.reactions)
        }
        if let value = object["strings"] {
            try texts(value, at: "strings", allowed: ThemeSchema.stringNames, into: &theme.strings)
        }
        if let value = object["metrics"] { try metrics(value, into: &theme.metrics) }
        return theme
    }

    // MARK: - Sections

    private func colors(_ value: JSONValue, at path: String, into colors: inout [String: ThemeColor]) throws(ThemeError) {
        let object = try self.object(value, at: path)
        try checkKeys(of: object, allowed: ThemeSchema.colorNames, at: path)
        for (name, value) in object {
            let keyPath = Self.keyPath(path, name)
            guard case .string(let text) = value else {
                throw error(at: keyPath, .wrongType(expected: "a colour string", found: value.typeName))
            }
            guard let color = ThemeColor(parsing: text) else { throw error(at: keyPath, .invalidColor(text)) }
            colors[name] = color
        }
    }

    private func fonts(_ value: JSONValue, into theme: inout Theme) throws(ThemeError) {
        let object = try self.object(value, at: "fonts")
        try checkKeys(of: object, allowed: ThemeSchema.fontNames, at: "fonts")
        for (name, value) in object {
            let path = Self.keyPath("fonts", name)
            let fields = try self.object(value, at: path)
            try checkKeys(of: fields, allowed: ThemeSchema.fontKeys, at: path)
            var font = theme.fonts[name]
            if font == nil {
                guard fields["size"] != nil else { throw error(at: path, .missingKey("size")) }
                font = Theme.Font(family: theme.fonts["body"]?.family ?? "sans-serif", size: 0)
            }
            if let family = try string(fields, "family", at: path) {
                try checkText(family, at: Self.keyPath(path, "family"))
                font!.family = family
            }
            if let size = try number(fields, "size", at: path, range: ThemeSchema.fontSizes) { font!.size = size }
            if let weight = try number(fields, "weight", at: path, range: ThemeSchema.fontWeights) {
                guard weight.rounded() == weight else {
                    throw error(at: Self.keyPath(path, "weight"), .wrongType(expected: "a whole number", found: "a fraction"))
                }
                font!.weight = Int(weight)
            }
            if let italic = try bool(fields, "italic", at: path) { font!.italic = italic }
            theme.fonts[name] = font
        }
    }

    private func styles(_ value: JSONValue, into theme: inout Theme) throws(ThemeError) {
        let object = try self.object(value, at: "styles")
        try checkKeys(of: object, allowed: ThemeSchema.roles.map(\.rawValue), at: "styles")
        for (name, value) in object {
            let path = Self.keyPath("styles", name)
            let fields = try self.object(value, at: path)
            try checkKeys(of: fields, allowed: ThemeSchema.styleKeys, at: path)
            let role = Role(rawValue: name)
            var style = theme.styles[role]
            if style == nil {
                guard fields["color"] != nil else { throw error(at: path, .missingKey("color")) }
                style = TextStyle(color: "text")
            }
            if let color = try colorName(fields, "color", at: path, theme: theme) { style!.color = color }
            if fields["background"] == .null {
                style!.background = nil
            } else if let background = try colorName(fields, "background", at: path, theme: theme) {
                style!.background = background
            }
            if let font = try string(fields, "font", at: path) {
                guard theme.fonts[font] != nil else { throw error(at: Self.keyPath(path, "font"), .undefinedFont(font)) }
                style!.font = font
            }
            if let bold = try bool(fields, "bold", at: path) { style!.bold = bold }
            if let italic = try bool(fields, "italic", at: path) { style!.italic = italic }
            if let underline = try bool(fields, "underline", at: path) { style!.underline = underline }
            if let dim = try bool(fields, "dim", at: path) { style!.dim = dim }
            theme.styles[role] = style
        }
    }

    /// Glyphs, reactions and labels: short strings without control characters. `null` removes
    /// an entry (a reaction the theme does not want to draw as an emoji).
    private func texts(_ value: JSONValue, at path: String, allowed: [String]?,
                       into table: inout [String: String]) throws(ThemeError) {
        let object = try self.object(value, at: path)
        if let allowed { try checkKeys(of: object, allowed: allowed, at: path) }
        for (name, value) in object {
            let keyPath = Self.keyPath(path, name)
            guard !name.isEmpty else { throw error(at: keyPath, .invalidText("the name is empty")) }
            if value == .null {
                table[name] = nil
                continue
            }
            guard case .string(let text) = value else {
                throw error(at: keyPath, .wrongType(expected: "a string", found: value.typeName))
            }
            try checkText(text, at: keyPath)
            table[name] = text
        }
    }

    /// Each image is a glyph, or `{"glyph": ..., "svg": {"viewBox": ..., "path": ...}}` for an
    /// HTML drawing with the glyph for text outputs.
    private func images(_ value: JSONValue, into theme: inout Theme) throws(ThemeError) {
        let object = try self.object(value, at: "images")
        try checkKeys(of: object, allowed: ThemeSchema.imageNames, at: "images")
        var glyphs: JSONObject = [:]
        for (name, value) in object {
            let path = Self.keyPath("images", name)
            guard case .object(let fields) = value else {
                glyphs[name] = value
                theme.svgIcons[name] = nil
                continue
            }
            try checkKeys(of: fields, allowed: ["glyph", "svg"], at: path)
            guard let glyph = fields["glyph"] else { throw error(at: path, .missingKey("glyph")) }
            glyphs[name] = glyph
            if let svgValue = fields["svg"] {
                let svgPath = Self.keyPath(path, "svg")
                let svg = try self.object(svgValue, at: svgPath)
                try checkKeys(of: svg, allowed: ["viewBox", "path"], at: svgPath)
                guard let viewBox = try string(svg, "viewBox", at: svgPath) else { throw error(at: svgPath, .missingKey("viewBox")) }
                guard let data = try string(svg, "path", at: svgPath) else { throw error(at: svgPath, .missingKey("path")) }
                guard let icon = SVGIcon(viewBox: viewBox, path: data) else {
                    throw error(at: svgPath, .invalidText("not a view box of four numbers and path data (commands, numbers, spaces, commas)"))
                }
                theme.svgIcons[name] = icon
            } else {
                theme.svgIcons[name] = nil
            }
        }
        try texts(.object(glyphs), at: "images", allowed: ThemeSchema.imageNames, into: &theme.icons)
    }

    private func metrics(_ value: JSONValue, into metrics: inout Theme.Metrics) throws(ThemeError) {
        let object = try self.object(value, at: "metrics")
        try checkKeys(of: object, allowed: ThemeSchema.metrics.map(\.name), at: "metrics")
        for (name, range) in ThemeSchema.metrics {
            guard let number = try number(object, name, at: "metrics", range: range) else { continue }
            switch name {
            case "bubbleRadius": metrics.bubbleRadius = number
            case "spacing": metrics.spacing = number
            case "maxContentWidth": metrics.maxContentWidth = number
            default: metrics.avatarSize = number
            }
        }
    }

    // MARK: - Checks

    private func object(_ value: JSONValue, at path: String) throws(ThemeError) -> JSONObject {
        guard case .object(let object) = value else { throw error(at: path, .wrongType(expected: "an object", found: value.typeName)) }
        return object
    }

    private func string(_ object: JSONObject, _ key: String, at path: String) throws(ThemeError) -> String? {
        guard let value = object[key] else { return nil }
        guard case .string(let string) = value else {
            throw error(at: Self.keyPath(path, key), .wrongType(expected: "a string", found: value.typeName))
        }
        return string
    }

    private func bool(_ object: JSONObject, _ key: String, at path: String) throws(ThemeError) -> Bool? {
        guard let value = object[key] else { return nil }
        guard case .bool(let bool) = value else {
            throw error(at: Self.keyPath(path, key), .wrongType(expected: "true or false", found: value.typeName))
        }
        return bool
    }

    private func number(_ object: JSONObject, _ key: String, at path: String,
                        range: ClosedRange<Double>) throws(ThemeError) -> Double? {
        guard let value = object[key] else { return nil }
        let keyPath = Self.keyPath(path, key)
        guard let number = value.doubleValue, value.stringValue == nil else {
            throw error(at: keyPath, .wrongType(expected: "a number", found: value.typeName))
        }
        guard range.contains(number) else { throw error(at: keyPath, .outOfRange(number, allowed: range)) }
        return number
    }

    /// A colour name a style refers to, which the theme must define.
    private func colorName(_ object: JSONObject, _ key: String, at path: String, theme: Theme) throws(ThemeError) -> String? {
        guard let name = try string(object, key, at: path) else { return nil }
        guard theme.colors[name] != nil || theme.darkColors[name] != nil else {
            throw error(at: Self.keyPath(path, key), .undefinedColor(name))
        }
        return name
    }

    private func checkText(_ text: String, at path: String) throws(ThemeError) {
        if text.isEmpty { throw error(at: path, .invalidText("must not be empty")) }
        if text.count > ThemeSchema.maximumTextLength {
            throw error(at: path, .invalidText("longer than \(ThemeSchema.maximumTextLength) characters"))
        }
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            throw error(at: path, .invalidText("holds a control character"))
        }
    }

    private func checkKeys(of object: JSONObject, allowed: [String], at path: String) throws(ThemeError) {
        for key in object.keys where !allowed.contains(key) {
            throw error(at: Self.keyPath(path, key), .unknownKey(key, suggestion: Spelling.nearest(to: key, among: allowed)))
        }
    }

    func error(at path: String, _ problem: ThemeError.Problem) -> ThemeError {
        ThemeError(file: file, line: lines[path], keyPath: path, problem: problem)
    }

    /// `parent.key`, or `parent["key"]` when the key is not a plain name (dots are allowed, as
    /// in `file.pdf`).
    static func keyPath(_ parent: String, _ key: String) -> String {
        let plain = !key.isEmpty && key.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "_-.".unicodeScalars.contains($0)
        }
        if plain { return parent.isEmpty ? key : "\(parent).\(key)" }
        return "\(parent)[\"\(key.debugEscaped)\"]"
    }
}
