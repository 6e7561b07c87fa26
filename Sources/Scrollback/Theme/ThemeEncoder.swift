extension Theme {
    /// The theme as a complete theme file, with nothing inherited: what `scrollback theme show`
    /// prints for a user to start from. Reading it back gives this theme again.
    public var fileText: String {
        var writer = ThemeFileWriter()
        writer.line("{", indent: 0)
        writer.member("version", "\(Theme.fileVersion)")
        if !summary.isEmpty { writer.member("description", ThemeFileWriter.quoted(summary)) }
        writer.section(
            "colors",
            ThemeFileWriter.ordered(colors, by: ThemeSchema.colorNames).map {
                ($0.key, ThemeFileWriter.quoted($0.value.description))
            })
        if !darkColors.isEmpty {
            writer.line("\"dark\": {", indent: 1)
            writer.section(
                "colors",
                ThemeFileWriter.ordered(darkColors, by: ThemeSchema.colorNames).map {
                    ($0.key, ThemeFileWriter.quoted($0.value.description))
                }, indent: 2, last: true)
            writer.line("},", indent: 1)
        }
        writer.section(
            "fonts",
            ThemeFileWriter.ordered(fonts, by: ThemeSchema.fontNames).map { name, font in
                var fields = "{\"family\": \(ThemeFileWriter.quoted(font.family)), \"size\": \(ThemeFileWriter.number(font.size)), "
                fields += "\"weight\": \(font.weight)" + (font.italic ? ", \"italic\": true}" : "}")
                return (name, fields)
            })
        let styleTable = Dictionary(uniqueKeysWithValues: styles.map { ($0.key.rawValue, $0.value) })
        writer.section(
            "styles",
            ThemeFileWriter.ordered(styleTable, by: ThemeSchema.roles.map(\.rawValue)).map { name, style in
                var fields = ["\"color\": \(ThemeFileWriter.quoted(style.color))"]
                if let background = style.background { fields.append("\"background\": \(ThemeFileWriter.quoted(background))") }
                fields.append("\"font\": \(ThemeFileWriter.quoted(style.font))")
                for (key, on) in [("bold", style.bold), ("italic", style.italic), ("underline", style.underline), ("dim", style.dim)]
                where on {
                    fields.append("\"\(key)\": true")
                }
                return (name, "{" + fields.joined(separator: ", ") + "}")
            })
        let iconTable = Dictionary(uniqueKeysWithValues: icons.map { ($0.key.rawValue, $0.value) })
        writer.section(
            "images",
            ThemeFileWriter.ordered(iconTable, by: ThemeSchema.imageNames).map { name, glyph in
                guard let svg = svgIcons[Icon(rawValue: name)] else { return (name, ThemeFileWriter.quoted(glyph)) }
                return (
                    name,
                    "{\"glyph\": \(ThemeFileWriter.quoted(glyph)), \"svg\": {\"viewBox\": \"\(svg.viewBoxText)\", "
                        + "\"path\": \(ThemeFileWriter.quoted(svg.path))}}"
                )
            })
        writer.section(
            "reactions",
            ThemeFileWriter.ordered(reactions, by: ["love", "haha", "like", "sad", "wow"]).map {
                ($0.key, ThemeFileWriter.quoted($0.value))
            })
        let stringTable = Dictionary(uniqueKeysWithValues: strings.map { ($0.key.rawValue, $0.value) })
        writer.section(
            "strings",
            ThemeFileWriter.ordered(stringTable, by: ThemeSchema.stringNames).map {
                ($0.key, ThemeFileWriter.quoted($0.value))
            })
        writer.section(
            "metrics",
            [
                ("bubbleRadius", ThemeFileWriter.number(metrics.bubbleRadius)), ("spacing", ThemeFileWriter.number(metrics.spacing)),
                ("maxContentWidth", ThemeFileWriter.number(metrics.maxContentWidth)),
                ("avatarSize", ThemeFileWriter.number(metrics.avatarSize)),
            ], last: true)
        writer.line("}", indent: 0)
        return writer.text
    }
}

/// Writes a theme file a line per entry, two spaces per level.
struct ThemeFileWriter {
    var text = ""

    mutating func line(_ content: String, indent: Int) {
        text += String(repeating: "  ", count: indent) + content + "\n"
    }

    mutating func member(_ key: String, _ value: String) {
        line("\(Self.quoted(key)): \(value),", indent: 1)
    }

    mutating func section(_ key: String, _ entries: [(String, String)], indent: Int = 1, last: Bool = false) {
        guard !entries.isEmpty else { return }
        line("\(Self.quoted(key)): {", indent: indent)
        for (index, entry) in entries.enumerated() {
            line("\(Self.quoted(entry.0)): \(entry.1)" + (index == entries.count - 1 ? "" : ","), indent: indent + 1)
        }
        line(last ? "}" : "},", indent: indent)
    }

    /// The table's entries: the known names in their order, then any others sorted.
    static func ordered<Value>(_ table: [String: Value], by order: [String]) -> [(key: String, value: Value)] {
        let known = order.compactMap { name in table[name].map { (key: name, value: $0) } }
        let others = table.keys.filter { !order.contains($0) }.sorted().map { (key: $0, value: table[$0]!) }
        return known + others
    }

    /// A JSON string literal (the same escaping as every JSON Scrollback writes).
    static func quoted(_ string: String) -> String {
        JSONValue.string(string).serialized()
    }

    /// `15`, or `13.5`: the shortest form that reads back as the same number.
    static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
