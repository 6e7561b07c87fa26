/// One attachment of a message, of any kind (the iOS SDK's name for it). Every field the sender
/// wrote is kept in ``raw``; the typed accessors read the keys Stream sends for each kind, with their
/// fallbacks. ``decoded(as:)`` gives a typed ``ChatMessageAttachment``.
public struct AnyChatMessageAttachment: Sendable, Hashable {
    /// Stable within a transcript: the message's id and the attachment's position.
    public var id: AttachmentID
    /// The kind, decided as chat clients do: `og_scrape_url` makes a link preview, else `type`.
    public var type: AttachmentType
    public var raw: JSONObject

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

    public var isCustom: Bool { !AttachmentType.builtIn.contains(type) }

    public func string(_ key: String) -> String? {
        guard let value = raw[key]?.stringValue, !value.isEmpty else { return nil }
        return value
    }

    /// The first non-empty string among `keys`.
    public func string(_ keys: String...) -> String? {
        keys.lazy.compactMap { self.string($0) }.first
    }

    public var title: String? { string("title", "fallback", "name") }
    public var imageURL: String? { string("image_url", "image", "asset_url") }
    public var assetURL: String? { string("asset_url") }
    public var thumbURL: String? { string("thumb_url") }
    public var mimeType: String? { string("mime_type") }
    public var fileSize: Int64? { raw["file_size"]?.integerValue }
    public var duration: Double? { raw["duration"]?.doubleValue }
}

public struct AttachmentID: Sendable, Hashable, CustomStringConvertible {
    public var messageID: String
    public var index: Int

    public init(messageID: String, index: Int) {
        self.messageID = messageID
        self.index = index
    }

    public var description: String { "\(messageID)/\(index)" }
}
