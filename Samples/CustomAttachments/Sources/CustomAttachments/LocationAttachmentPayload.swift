import Foundation
import Scrollback

// Step 2: {"type": "location", "name": "Café am Neuen See", "latitude": 52.5106, "longitude": 13.3449}
/// A place someone picked, such as where a run starts.
public struct LocationAttachmentPayload: AttachmentViewProviding, Hashable {
    public static let type: AttachmentType = .location
    /// Several places in one message sit side by side, to compare.
    public static let preferredAxis: ViewNode.Axis = .horizontal

    public var name: String
    public var latitude: Double
    public var longitude: Double

    public init(name: String, latitude: Double, longitude: Double) {
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
    }

    /// A reply's quote of this kind: the default (the app's factory decides for workouts).
    public func makeQuotedPreview(for attachment: ChatMessageAttachment<Self>, context: RenderContext) -> ViewNode? {
        nil
    }
    // Step 4: a theme icon (`location` is one of the theme's), the name, a map link.
    public func makeView(for attachment: ChatMessageAttachment<Self>, context: RenderContext) -> ViewNode {
        var parts: [ViewNode] = [.stack(.horizontal, [.icon(name: .location, label: "Location"), .text(name, .title)])]
        if let mapURL {
            parts.append(.link(destination: mapURL, label: .text(coordinates)))
        } else {
            parts.append(.text(coordinates, .muted))
        }
        return .card(.attachment, parts)
    }

    /// `52.51060, 13.34490`.
    var coordinates: String { "\(Self.format(latitude)), \(Self.format(longitude))" }

    /// The place on OpenStreetMap. Built from the two numbers alone, so no text from the
    /// message can reach the URL; `nil` for coordinates that are not on Earth.
    var mapURL: String? {
        guard (-90...90).contains(latitude), (-180...180).contains(longitude) else { return nil }
        let lat = Self.format(latitude), lon = Self.format(longitude)
        return "https://www.openstreetmap.org/?mlat=\(lat)&mlon=\(lon)#map=17/\(lat)/\(lon)"
    }

    /// Five decimals (about a metre), the same in every locale.
    static func format(_ degrees: Double) -> String {
        String(format: "%.5f", degrees)
    }
}
