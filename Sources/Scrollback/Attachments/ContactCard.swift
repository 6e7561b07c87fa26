/// The fields of a contact card (type `contact`), which Scrollback draws itself: `name` and
/// `phoneNumber`, with `phone_number`, `email` and `organization` accepted where present.
///
/// Internal on purpose: an app that follows the iOS guides declares its own
/// `ContactAttachmentPayload` and `AttachmentType.contact`, and public ones here would clash
/// with them. A field of the wrong type is left out rather than failing the card.
struct ContactCard: Hashable {
    var name: String?
    var phoneNumber: String?
    var email: String?
    var organization: String?

    init(_ attachment: AnyChatMessageAttachment) {
        name = attachment.string("name")
        phoneNumber = attachment.string("phoneNumber", "phone_number")
        email = attachment.string("email")
        organization = attachment.string("organization")
    }

    /// Whether there is anything to show: a card with none of these is drawn as a generic card.
    var isEmpty: Bool { name == nil && phoneNumber == nil && email == nil }
}
