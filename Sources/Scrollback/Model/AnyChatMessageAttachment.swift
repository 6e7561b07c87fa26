/// One attachment of a message, of any kind (the iOS SDK's name for it). Every field the sender
/// wrote is kept in ``raw``; the typed accessors read the keys Stream sends for each kind, with their
/// fallbacks. ``decoded(as:)`` gives a typed ``ChatMessageAttachment``.
public struct AnyChatMessageAttachment: Sendable, Hashable {
    /// Stable within a transcript: the message's id and the attachment's position.
    public var id: AttachmentID
    /// The kind, decided as chat clients do: `og_scrape_url` makes a link preview, else `type`.
    public var type: AttachmentType
    /// Every field of the attachment object, in input order.
    public var raw: JSONObject

    /// An attachment read from `raw`; its ``type`` is decided from the fields.
    public init(id: AttachmentID, raw: JSONObject) {
        self.id = id
        self.raw = raw
        if raw["og_scrape_url"]?.stringValue != nil {
            type = .linkPreview
        } else if let type = raw["type"]?.stringValue, !type.isEmpty {
            self.type = AttachmentType(rawValue: type)
        } else {
            type = .unknown
        }
    }

    /// Whether the type is none Scrollback draws itself: an app's own kind, or one it does not know.
    public var isCustom: Bool { !AttachmentType.builtIn.contains(type) }

    /// The string field `key`; `nil` when it is missing, empty or not a string.
    public func string(_ key: String) -> String? {
        guard let value = raw[key]?.stringValue, !value.isEmpty else { return nil }
        return value
    }

    /// The first non-empty string among `keys`.
    public func string(_ keys: String...) -> String? {
        keys.lazy.compactMap { self.string($0) }.first
    }

    /// The name to show: `title`, else `fallback`, else `name`.
    public var title: String? { string("title", "fallback", "name") }
    /// The picture: `image_url`, else `image`, else `asset_url`.
    public var imageURL: String? { string("image_url", "image", "asset_url") }
    /// The file itself (`asset_url`): the video, recording or document to open.
    public var assetURL: String? { string("asset_url") }
    /// A smaller picture of it (`thumb_url`), such as a video's poster frame.
    public var thumbURL: String? { string("thumb_url") }
    /// The file's MIME type (`mime_type`).
    public var mimeType: String? { string("mime_type") }
    /// The file's size in bytes (`file_size`).
    public var fileSize: Int64? { raw["file_size"]?.integerValue }
    /// The length of a video or recording in seconds (`duration`).
    public var duration: Double? { raw["duration"]?.doubleValue }
}

/// Names one attachment within a transcript: its message and its position there.
public struct AttachmentID: Sendable, Hashable, CustomStringConvertible {
    /// The id of the message carrying the attachment.
    public var messageID: String
    /// The attachment's position in the message's `attachments`, from 0.
    public var index: Int

    /// The id of attachment `index` of the message `messageID`.
    public init(messageID: String, index: Int) {
        self.messageID = messageID
        self.index = index
    }

    /// `messageID/index`, as in `m42/0`.
    public var description: String { "\(messageID)/\(index)" }
}
