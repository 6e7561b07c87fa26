import Scrollback

// Step 4, the quoted message (the iOS SDK's `makeQuotedMessageContentView`): a reply to a
// message with a contact shows the contact in one line; every other quote is Scrollback's.

extension ViewFactory {
    /// The app's view factory. It replaces one slot; every other slot is Scrollback's default.
    public static let custom: ViewFactory = {
        var factory = ViewFactory()
        factory.makeQuotedMessageContentView = quotedContact
        return factory
    }()

    /// `📇 Omar Haddad · +44 20 7946 0321` for a quoted contact (`+1` per further contact);
    /// the default for everything else: the quoted text, an attachment summary, "Message
    /// deleted", or a missing original.
    @Sendable static func quotedContact(options: ViewFactory.QuotedMessageOptions, context: RenderContext) -> ViewNode {
        // A deleted original shows none of its content, contacts included: the default says so
        // (an override runs before the default's own check, so it must make it too).
        // The resolver given to the renderer decides what a contact is (legacy `vcard`s too).
        if let quoted = options.quotedMessage, !quoted.isDeleted {
            let contacts = quoted.attachments(payloadType: ContactAttachmentPayload.self, resolver: context.resolver)
            if let first = contacts.first?.payload {
                let more = contacts.count > 1 ? " +\(contacts.count - 1)" : ""
                return .text("📇 \(first.name) · \(first.phoneNumber)\(more)", .body)
            }
        }
        return ViewFactory().makeQuotedMessageContentView(options, context)
    }
}
