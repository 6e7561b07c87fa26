import Scrollback

// Step 1 of the guide, "Contact Payload": a name for the attachment type and the fields a
// contact carries. On the wire a contact is one attachment with flat keys:
//
//     {"type": "contact", "name": "Omar Haddad", "phoneNumber": "+44 20 7946 0321"}

extension AttachmentType {
    /// A person's name and phone number, shared in a message.
    ///
    /// Scrollback knows this type too (it draws a default contact card), but keeps its own
    /// name for it internal: this declaration does not clash, and it is the same kind.
    public static let contact = Self(rawValue: "contact")

    /// What versions of the app before contacts had their own type sent instead. The app's
    /// resolver (step 2) reads it as a contact.
    public static let legacyVCard = Self(rawValue: "vcard")
}

/// The typed fields of a contact attachment, decoded from its flat keys as the iOS SDK does
/// (`message.attachments(payloadType: ContactAttachmentPayload.self, resolver: context.resolver)`).
public struct ContactAttachmentPayload: AttachmentPayload, Hashable {
    public static let type: AttachmentType = .contact

    public var name: String
    public var phoneNumber: String

    public init(name: String, phoneNumber: String) {
        self.name = name
        self.phoneNumber = phoneNumber
    }
}
