/// A contact card, built in to Scrollback (type `contact`): `name` and `phoneNumber`, with
/// `phone_number`, `email` and `organization` accepted where present.
public struct ContactAttachmentPayload: AttachmentPayload, Hashable {
    public static let type: AttachmentType = .contact

    public var name: String?
    public var phoneNumber: String?
    public var email: String?
    public var organization: String?

    public init(name: String?, phoneNumber: String?, email: String? = nil, organization: String? = nil) {
        self.name = name
        self.phoneNumber = phoneNumber
        self.email = email
        self.organization = organization
    }

    private enum CodingKeys: String, CodingKey {
        case name, phoneNumber, phone_number, email, organization
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try? container.decodeIfPresent(String.self, forKey: .name)
        phoneNumber = (try? container.decodeIfPresent(String.self, forKey: .phoneNumber))
            ?? (try? container.decodeIfPresent(String.self, forKey: .phone_number))
        email = try? container.decodeIfPresent(String.self, forKey: .email)
        organization = try? container.decodeIfPresent(String.self, forKey: .organization)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encodeIfPresent(phoneNumber, forKey: .phoneNumber)
        try container.encodeIfPresent(email, forKey: .email)
        try container.encodeIfPresent(organization, forKey: .organization)
    }
}
