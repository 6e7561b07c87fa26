import Foundation

/// A poll attached to a message (`message.poll`).
public struct Poll: Sendable, Hashable {
    /// One answer of a poll, with the votes it has.
    public struct Option: Sendable, Hashable {
        /// The option's `id`, the key of its count in `vote_counts_by_option`.
        public var id: String
        /// The answer as shown (`text`, else the id).
        public var text: String
        /// How many votes the option has; 0 when the poll lists no count for it.
        public var votes: Int64
    }

    /// The question (`name`); may be empty when the poll has options.
    public var name: String
    /// The answers, in the poll's order.
    public var options: [Option]
    /// Whether voting has ended (`is_closed`).
    public var isClosed: Bool

    /// Reads a poll leniently; `nil` when there is nothing to show.
    public init?(_ object: JSONObject) {
        // A table, not a lookup per option: a poll of many options would otherwise cost their square.
        var counts: [String: Int64] = [:]
        for (id, count) in object["vote_counts_by_option"]?.objectValue ?? JSONObject() { counts[id] = count.integerValue }
        options = (object["options"]?.arrayValue ?? []).compactMap { value in
            guard let option = value.objectValue else { return nil }
            let id = option["id"]?.stringValue ?? ""
            let text = option["text"]?.stringValue ?? id
            return Option(id: id, text: text, votes: counts[id] ?? 0)
        }
        name = object["name"]?.stringValue ?? ""
        isClosed = object["is_closed"]?.boolValue ?? false
        if name.isEmpty && options.isEmpty { return nil }
    }
}

/// A location shared in a message (`message.shared_location`), live when it has an end.
public struct SharedLocation: Sendable, Hashable {
    /// Degrees north, from -90 to 90.
    public var latitude: Double
    /// Degrees east, from -180 to 180.
    public var longitude: Double
    /// When live sharing stops (`end_at`); `nil` for a location shared once.
    public var endAt: Date?

    /// Reads a location; `nil` when the latitude or longitude is missing or out of range.
    public init?(_ object: JSONObject) {
        guard let latitude = object["latitude"]?.doubleValue, let longitude = object["longitude"]?.doubleValue,
            (-90...90).contains(latitude), (-180...180).contains(longitude)
        else { return nil }
        self.latitude = latitude
        self.longitude = longitude
        endAt = object["end_at"]?.stringValue.flatMap(RFC3339.parse)
    }

    /// An OpenStreetMap link to the point: needs no account or key, and opens in any browser.
    public var mapURL: String {
        let lat = Self.coordinate(latitude), lon = Self.coordinate(longitude)
        return "https://www.openstreetmap.org/?mlat=\(lat)&mlon=\(lon)#map=16/\(lat)/\(lon)"
    }

    /// `51.50735, -0.12776`.
    public var coordinates: String { "\(Self.coordinate(latitude)), \(Self.coordinate(longitude))" }

    static func coordinate(_ value: Double) -> String {
        String(format: "%.5f", value)
    }
}

extension ChatMessage {
    /// The message's poll (`poll`), or `nil` when it has none or nothing of it can be shown.
    public var poll: Poll? { pollMember?.objectValue.flatMap(Poll.init) }
    /// The message's shared location (`shared_location`), or `nil` when it has none or its
    /// coordinates are unusable.
    public var sharedLocation: SharedLocation? { sharedLocationMember?.objectValue.flatMap(SharedLocation.init) }
}
