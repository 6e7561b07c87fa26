/// The keys of a card file and what each takes, for ``ConfigurationChecker``.
enum CardFileSchema {
    static let axes = ["horizontal", "vertical"]

    static let file: ConfigurationSchema = .object([
        .required("version", .wholeNumber()),
        .required("cards", .table(.anyName(check: typeNameProblem), of: card)),
    ])

    static let card: ConfigurationSchema = .object([
        .required("icon", .string),
        .required("title", template),
        .optional("subtitle", template),
        .optional("fields", .array(of: .either(fieldKey, .object([.required("key", fieldKey), .optional("label", .string)])))),
        .optional("link", .object([.optional("label", template), .required("url", nonEmptyTemplate)])),
        .optional("quote", template),
        .optional("axis", .oneOf(axes)),
    ])

    /// The keys a card takes, in the order the card files' documentation lists them (AttachmentsAndCardFiles.md).
    static var cardKeys: [String] {
        guard case .object(let members) = card.shape else { return [] }
        return members.map(\.name)
    }

    /// A ``CardTemplate``: braces balanced, no empty placeholder.
    static let template: ConfigurationSchema = .string { templateProblem($0) }
    static let nonEmptyTemplate: ConfigurationSchema = .string { $0.isEmpty ? .emptyValue : templateProblem($0) }

    /// A field name or dotted path with no empty part.
    static let fieldKey: ConfigurationSchema = .string { key in
        if key.isEmpty { return .emptyValue }
        if key.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) { return .invalidFieldKey(key) }
        return nil
    }

    /// A card is keyed by an attachment type that is not blank and not one Scrollback draws itself.
    static func typeNameProblem(_ name: String) -> ConfigurationError.Problem? {
        if name.trimmedOfWhitespace.isEmpty { return .emptyName(of: "attachment type") }
        if AttachmentType.builtIn.contains(AttachmentType(rawValue: name)) { return .builtInType(name) }
        return nil
    }

    static func templateProblem(_ source: String) -> ConfigurationError.Problem? {
        do {
            _ = try CardTemplate(source)
            return nil
        } catch {
            return .template(error)
        }
    }
}
