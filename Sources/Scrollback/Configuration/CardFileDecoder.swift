/// Builds the cards of a card file that ``ConfigurationChecker`` found sound.
struct CardFileDecoder {
    let document: ConfigurationDocument

    func decode() throws(ConfigurationError) -> CardFile {
        try ConfigurationChecker.check(document, against: CardFileSchema.file)
        let root = document.root.objectValue ?? [:]
        var cards: [AttachmentCard] = []
        for (name, value) in root["cards"]?.objectValue ?? [:] {
            cards.append(try card(named: name, value.objectValue ?? [:], at: ConfigurationDocument.keyPath("cards", name)))
        }
        return CardFile(version: Int(root["version"]?.integerValue ?? 1), cards: cards)
    }

    private func card(named name: String, _ object: JSONObject, at path: String) throws(ConfigurationError) -> AttachmentCard {
        var fields: [AttachmentCard.Field] = []
        for item in object["fields"]?.arrayValue ?? [] {
            switch item {
            case .object(let field):
                fields.append(AttachmentCard.Field(key: field["key"]?.stringValue ?? "", label: field["label"]?.stringValue))
            default:
                fields.append(AttachmentCard.Field(key: item.stringValue ?? ""))
            }
        }
        var link: AttachmentCard.Link?
        if let fields = object["link"]?.objectValue {
            let linkPath = ConfigurationDocument.keyPath(path, "link")
            guard let url = try template(fields, "url", at: linkPath) else { throw document.error(at: linkPath, .missingKey("url")) }
            link = AttachmentCard.Link(label: try template(fields, "label", at: linkPath), url: url)
        }
        guard let title = try template(object, "title", at: path) else { throw document.error(at: path, .missingKey("title")) }
        return AttachmentCard(
            type: AttachmentType(rawValue: name), icon: object["icon"]?.stringValue ?? "", title: title,
            subtitle: try template(object, "subtitle", at: path),
            fields: fields, link: link,
            quote: try template(object, "quote", at: path),
            axis: object["axis"]?.stringValue == "horizontal" ? .horizontal : .vertical)
    }

    /// The template at `key` (checked already; parsed again to build it).
    private func template(_ object: JSONObject, _ key: String, at path: String) throws(ConfigurationError) -> CardTemplate? {
        guard let source = object[key]?.stringValue else { return nil }
        do {
            return try CardTemplate(source)
        } catch {
            throw document.error(at: ConfigurationDocument.keyPath(path, key), .template(error))
        }
    }
}
