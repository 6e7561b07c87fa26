import Foundation

extension BuiltInKind {
    /// A contact card (`contact`): a quote says "Contact: Ada".
    static let contact = BuiltInKind(
        types: [.contactCard], view: contactView,
        summary: { _, first, _, theme in
            first.string("name").map { theme.string(.contact) + theme.string(.labelSeparator) + $0 } ?? theme.string(.contact)
        })

    /// A card with the contact's name and organization, a `tel:` link for the phone
    /// number and a `mailto:` link for an address that looks like one; the generic card when the
    /// attachment holds no contact field.
    private static func contactView(for attachment: AnyChatMessageAttachment, in message: ChatMessage, context: RenderContext)
        -> ViewNode
    {
        let contact = ContactCard(attachment)
        guard !contact.isEmpty else { return context.factory.makeGenericAttachmentView(attachment, message, context) }
        var parts: [ViewNode] = [
            .stack(
                .horizontal,
                [
                    .icon(name: .contact, label: context.theme.string(.contact)),
                    .text(contact.name ?? contact.phoneNumber ?? contact.email ?? "", .strong),
                ])
        ]
        if let organization = contact.organization { parts.append(.text(organization, .muted)) }
        var details: [ViewNode.Field] = []
        if let phone = contact.phoneNumber {
            let dialable = Self.dialable(phone)
            let value: ViewNode = dialable.isEmpty ? .text(phone) : .link(destination: "tel:" + dialable, label: .text(phone))
            details.append(ViewNode.Field(context.theme.string(.phone), value))
        }
        if let email = contact.email {
            // Only an address that looks like one becomes a `mailto:` link; anything else stays text.
            let looksLikeAddress = Self.hasAtSign(email) && !email.unicodeScalars.contains(where: Self.isNeverInAnAddress)
            let value: ViewNode = looksLikeAddress ? .link(destination: "mailto:" + email, label: .text(email)) : .text(email)
            details.append(ViewNode.Field(context.theme.string(.email), value))
        }
        if !details.isEmpty { parts.append(.fields(details)) }
        return .card(.attachment, parts)
    }

    /// A phone number as a `tel:` URL wants it: digits, `+`, `*`, `#` (spaces and dashes dropped).
    private static func dialable(_ phone: String) -> String {
        // Byte by byte: the characters kept are ASCII, and no byte of another character is one.
        // A phone number is read for every contact card; gathering its scalars into a new string
        // cost a quarter of the card.
        phone.withUTF8Bytes { bytes in
            String(unsafeUninitializedCapacity: bytes.count) { digits in
                var count = 0
                for byte in bytes {
                    switch byte {
                    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "*"), UInt8(ascii: "#"):
                        digits[count] = byte
                        count += 1
                    default: continue
                    }
                }
                return count
            }
        }
    }

    /// Whether `email` holds an `@` character (one with no combining mark after it). Looked for
    /// among the bytes when all are ASCII, where each is a character: the search by characters
    /// cost a third of a contact card.
    private static func hasAtSign(_ email: String) -> Bool {
        email.isASCIIOnly ? email.containsUTF8(UInt8(ascii: "@")) : email.contains("@")
    }

    /// Whitespace or a character an e-mail address shown as a link must not hold.
    private static func isNeverInAnAddress(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "<", ">", "\"", "'", "(", ")", "[", "]", "\\", ",", ";", ":": return true
        case " ", "\t", "\n", "\u{0B}", "\u{0C}", "\r": return true
        default: return !scalar.isASCII && scalar.properties.isWhitespace
        }
    }
}
