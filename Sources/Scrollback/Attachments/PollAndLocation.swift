import Foundation

/// A poll attached to a message (`message.poll`).
public struct Poll: Sendable, Hashable {
    public struct Option: Sendable, Hashable {
        public var id: String
        public var text: String
        public var votes: Int64
    }

    public var name: String
    public var options: [Option]
    public var isClosed: Bool

    /// Reads a poll leniently; `nil` when there is nothing to show.
    public init?(_ object: JSONObject) {
        let counts = object["vote_counts_by_option"]?.objectValue ?? JSONObject()
        options = (object["options"]?.arrayValue ?? []).compactMap { value in
            guard let option = value.objectValue else { return nil }
            let id = option["id"]?.stringValue ?? ""
            let text = option["text"]?.stringValue ?? id
            return Option(id: id, text: text, votes: counts[id]?.integerValue ?? 0)
        }
        name = object["name"]?.stringValue ?? ""
        isClosed = object["is_closed"]?.boolValue ?? false
        if name.isEmpty && options.isEmpty { return nil }
    }
}

/// A location shared in a message (`message.shared_location`), live when it has an end.
public struct SharedLocation: Sendable, Hashable {
    public var latitude: Double
    public var longitude: Double
    public var endAt: Date?

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
    public var poll: Poll? { raw["poll"]?.objectValue.flatMap(Poll.init) }
    public var sharedLocation: SharedLocation? { raw["shared_location"]?.objectValue.flatMap(SharedLocation.init) }
}
