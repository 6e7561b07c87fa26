import Scrollback

// Step 3 of the guide, "provide UI for the contact attachment in the message list". The guide
// overrides its factory's custom-attachment slot; in Scrollback the one path that reaches
// every kind is the attachment view registry, which is asked first for each attachment
// (built-in kinds such as `contact` included): the payload draws itself and is registered in
// `ContactGuide.attachmentViews`. Overriding `ViewFactory.makeCustomAttachmentView` would not
// do: `contact` is a kind Scrollback knows, so that slot is never asked for it.

extension ContactAttachmentPayload: AttachmentViewProviding {
    /// A card with a 📇, the name, and the number as a `tel:` link. Written once in
    /// Scrollback's view vocabulary; drawn in HTML, ANSI and Markdown, every field escaped.
    public func makeView(for attachment: ChatMessageAttachment<Self>, context: RenderContext) -> ViewNode {
        let number: ViewNode =
            dialable.isEmpty
            ? .text(phoneNumber, .muted)
            : .link(destination: "tel:" + dialable, label: .text(phoneNumber))
        return .card(
            .attachment,
            [
                // An app's own glyph is text; `.icon(name:label:)` is for a theme's glyphs.
                .stack(.horizontal, [.text("📇"), .text(name, .title)]),
                number,
            ])
    }

    /// The quote of a message with a contact is drawn by the app's factory (step 4), so the
    /// payload leaves it to the default. (Returning a view here, the SDK's
    /// `makeCustomAttachmentQuotedView`, would be the other way to do step 4.)
    public func makeQuotedPreview(for attachment: ChatMessageAttachment<Self>, context: RenderContext) -> ViewNode? {
        nil
    }

    /// The number as a `tel:` URL wants it: digits and a leading `+`, spaces and dashes gone.
    /// Built from message data, so it is checked again by every backend's link policy.
    var dialable: String {
        let digits = phoneNumber.filter { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return "" }
        return phoneNumber.drop(while: \.isWhitespace).hasPrefix("+") ? "+" + digits : digits
    }
}
