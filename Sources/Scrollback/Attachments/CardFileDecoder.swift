/// Checks a parsed card file and builds its cards, reporting the first problem with its key path.
struct CardFileDecoder {
    let file: String

    static let fileKeys = ["version", "cards"]
    static let cardKeys = ["icon", "title", "subtitle", "fields", "link", "quote", "axis"]
    static let fieldKeys = ["key", "label"]
    static let linkKeys = ["label", "url"]
    static let axes = ["horizontal", "vertical"]

    func decode(_ root: JSONValue) throws(CardFileError) -> CardFile {
        let object = try self.object(root, at: "")
        // The version first: a newer file may use keys this version does not know.
        guard let versionValue = object["version"] else { throw error(at: "", .missingKey("version")) }
        guard case .integer(let version) = versionValue else {
            throw error(at: "version", .wrongType(expected: "a whole number", found: versionValue.typeName))
        }
        guard version == Int64(CardFile.currentVersion) else {
            throw error(at: "version", .unsupportedVersion(Int(clamping: version)))
        }
        try checkKeys(of: object, allowed: Self.fileKeys, at: "")
        guard let cardsValue = object["cards"] else { throw error(at: "", .missingKey("cards")) }
        var cards: [AttachmentCard] = []
        for (name, value) in try self.object(cardsValue, at: "cards") {
            cards.append(try card(named: name, value, at: Self.keyPath("cards", name)))
        }
        return CardFile(version: Int(version), cards: cards)
    }

    private func card(named name: String, _ value: JSONValue, at path: String) throws(CardFileError) -> AttachmentCard {
        guard !name.trimmedOfWhitespace.isEmpty else { throw error(at: path, .emptyTypeName) }
        let type = AttachmentType(rawValue: name)
        guard !AttachmentType.builtIn.contains(type) else { throw error(at: path, .builtInType(name)) }
        let object = try self.object(value, at: path)
        try checkKeys(of: object, allowed: Self.cardKeys, at: path)
        guard let icon = try string(object, "icon", at: path) else { throw error(at: path, .missingKey("icon")) }
        guard let title = try template(object, "title", at: path) else { throw error(at: path, .missingKey("title")) }
        var axis = View.Axis.vertical
        if let name = try string(object, "axis", at: path) {
            guard Self.axes.contains(name) else { throw error(at: Self.keyPath(path, "axis"), .invalidValue(name, allowed: Self.axes)) }
            axis = name == "horizontal" ? .horizontal : .vertical
        }
        return AttachmentCard(
            type: type, icon: icon, title: title,
            subtitle: try template(object, "subtitle", at: path),
            fields: try fields(object["fields"], at: Self.keyPath(path, "fields")),
            link: try link(object["link"], at: Self.keyPath(path, "link")),
            quote: try template(object, "quote", at: path),
            axis: axis)
    }

    private func fields(_ value: JSONValue?, at path: String) throws(CardFileError) -> [AttachmentCard.Field] {
        guard let value else { return [] }
        guard case .array(let items) = value else { throw error(at: path, .wrongType(expected: "an array", found: value.typeName)) }
        var fields: [AttachmentCard.Field] = []
        for (index, item) in items.enumerated() {
            let itemPath = "\(path)[\(index)]"
            switch item {
            case .string(let key):
                fields.append(AttachmentCard.Field(key: try fieldKey(key, at: itemPath)))
            case .object(let object):
                try checkKeys(of: object, allowed: Self.fieldKeys, at: itemPath)
                guard let key = try string(object, "key", at: itemPath) else { throw error(at: itemPath, .missingKey("key")) }
                let label = try string(object, "label", at: itemPath)
                fields.append(AttachmentCard.Field(key: try fieldKey(key, at: Self.keyPath(itemPath, "key")), label: label))
            default:
                throw error(at: itemPath, .wrongType(expected: "a string or an object", found: item.typeName))
            }
        }
        return fields
    }

    /// A field name or dotted path with no empty part.
    private func fieldKey(_ key: String, at path: String) throws(CardFileError) -> String {
        guard !key.isEmpty else { throw error(at: path, .emptyValue) }
        guard !key.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) else {
            throw error(at: path, .invalidFieldKey(key))
        }
        return key
    }

    private func link(_ value: JSONValue?, at path: String) throws(CardFileError) -> AttachmentCard.Link? {
        guard let value else { return nil }
        let object = try self.object(value, at: path)
        try checkKeys(of: object, allowed: Self.linkKeys, at: path)
        guard let url = try template(object, "url", at: path) else { throw error(at: path, .missingKey("url")) }
        guard !url.source.isEmpty else { throw error(at: Self.keyPath(path, "url"), .emptyValue) }
        return AttachmentCard.Link(label: try template(object, "label", at: path), url: url)
    }

    // MARK: - Checks

    private func object(_ value: JSONValue, at path: String) throws(CardFileError) -> JSONObject {
        guard case .object(let object) = value else { throw error(at: path, .wrongType(expected: "an object", found: value.typeName)) }
        return object
    }

    private func string(_ object: JSONObject, _ key: String, at path: String) throws(CardFileError) -> String? {
        guard let value = object[key] else { return nil }
        guard case .string(let string) = value else {
            throw error(at: Self.keyPath(path, key), .wrongType(expected: "a string", found: value.typeName))
        }
        return string
    }

    private func template(_ object: JSONObject, _ key: String, at path: String) throws(CardFileError) -> CardTemplate? {
        guard let source = try string(object, key, at: path) else { return nil }
        do {
            return try CardTemplate(source)
        } catch {
            throw self.error(at: Self.keyPath(path, key), .template(error))
        }
    }

    private func checkKeys(of object: JSONObject, allowed: [String], at path: String) throws(CardFileError) {
        for key in object.keys where !allowed.contains(key) {
            throw error(at: Self.keyPath(path, key), .unknownKey(key, suggestion: Spelling.nearest(to: key, among: allowed)))
        }
    }

    private func error(at path: String, _ problem: CardFileError.Problem) -> CardFileError {
        CardFileError(file: file, keyPath: path, problem: problem)
    }

    /// `parent.key`, or `parent["key"]` when the key is not a plain name (so that a type
    /// called `a.b` cannot be read as a path).
    static func keyPath(_ parent: String, _ key: String) -> String {
        let plain = !key.isEmpty && key.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-"
        }
        if plain { return parent.isEmpty ? key : "\(parent).\(key)" }
        return "\(parent)[\"\(key.debugEscaped)\"]"
    }
}
