/// The kind of an attachment. Apps add their own, as with the iOS SDK:
///
/// ```swift
/// extension AttachmentType { static let workout = Self(rawValue: "workout") }
/// ```
public struct AttachmentType: RawRepresentable, Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The `type` as written in the attachment.
    public let rawValue: String
    /// The kind named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The kind named by a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// A picture (`image`).
    public static let image = AttachmentType(rawValue: "image")
    /// A video (`video`).
    public static let video = AttachmentType(rawValue: "video")
    /// A document or any other file (`file`).
    public static let file = AttachmentType(rawValue: "file")
    /// A sound file (`audio`), drawn like a file.
    public static let audio = AttachmentType(rawValue: "audio")
    /// A voice message recorded in the app (`voiceRecording`).
    public static let voiceRecording = AttachmentType(rawValue: "voiceRecording")
    /// A GIF sent with the `/giphy` command (`giphy`).
    public static let giphy = AttachmentType(rawValue: "giphy")
    /// Any attachment with `og_scrape_url`, whatever its `type` says.
    public static let linkPreview = AttachmentType(rawValue: "linkPreview")
    /// A contact card (`name`, `phoneNumber`), drawn by Scrollback as a card with `tel:` and `mailto:` links.
    /// Internal, so that an app declaring `AttachmentType.contact` (as the iOS guides do) has
    /// no clash: its `contact` is this same kind.
    static let contactCard = AttachmentType(rawValue: "contact")
    /// An attachment with no `type` at all.
    public static let unknown = AttachmentType(rawValue: "unknown")

    /// The kinds Scrollback draws itself; any other type is a custom attachment.
    public static let builtIn: Set<AttachmentType> = [
        .image, .video, .file, .audio, .voiceRecording, .giphy, .linkPreview, .contactCard, .unknown,
    ]

    /// The ``rawValue``.
    public var description: String { rawValue }
}
