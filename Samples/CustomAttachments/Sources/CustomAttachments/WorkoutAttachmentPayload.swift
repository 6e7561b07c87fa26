import Foundation
import Scrollback

// Step 2: a payload, decoded from the attachment's flat keys:
// {"type": "workout", "activity": "Riverside loop", "distance_km": 8.4, "duration_min": 46, "route_url": "https://..."}
/// A logged workout.
public struct WorkoutAttachmentPayload: AttachmentViewProviding, Hashable {
    public static let type: AttachmentType = .workout

    public var activity: String
    public var distanceKilometers: Double
    public var durationMinutes: Double
    /// Where the route can be seen. Message data: shown only when ``URLPolicy`` allows it.
    public var routeURL: String?

    public init(activity: String, distanceKilometers: Double, durationMinutes: Double, routeURL: String? = nil) {
        self.activity = activity
        self.distanceKilometers = distanceKilometers
        self.durationMinutes = durationMinutes
        self.routeURL = routeURL
    }

    private enum CodingKeys: String, CodingKey {
        case activity
        case distanceKilometers = "distance_km"
        case durationMinutes = "duration_min"
        case routeURL = "route_url"
    }

    /// A reply's quote of this kind: the default (the app's factory decides for workouts).
    public func makeQuotedPreview(for attachment: ChatMessageAttachment<Self>, context: RenderContext) -> ViewNode? {
        nil
    }
    // Step 4: the view, written once in Scrollback's vocabulary, drawn in HTML, ANSI and Markdown.
    public func makeView(for attachment: ChatMessageAttachment<Self>, context: RenderContext) -> ViewNode {
        let locale = context.options.locale
        var details = [
            ViewNode.Field("Distance", .text(distanceText(locale: locale))),
            ViewNode.Field("Time", .text(durationText(locale: locale))),
        ]
        if let pace = paceText { details.append(ViewNode.Field("Pace", .text(pace))) }
        var parts: [ViewNode] = [
            // `.icon` draws a theme's glyph by name; an app's own glyph is plain text.
            .stack(.horizontal, [.text("🏃"), .text(activity, .title)]),
            .fields(details),
        ]
        // The backends would drop a `javascript:` link and keep its label; a "View route" that
        // goes nowhere is better left out.
        if let routeURL, URLPolicy.isAllowed(routeURL) {
            parts.append(.link(destination: routeURL, label: .text("View route")))
        }
        return .card(.attachment, parts)
    }

    /// One line for a reply's quote: `🏃 Hill repeats · 6.2 km in 52 min`.
    public func summary(locale: Locale) -> ViewNode {
        .text("🏃 \(activity) · \(distanceText(locale: locale)) in \(durationText(locale: locale))", .body)
    }

    func distanceText(locale: Locale) -> String {
        "\(distanceKilometers.formatted(.number.precision(.fractionLength(1)).locale(locale))) km"
    }

    // Number formatting, never `Int(_:)`: a sender may write 1e300, which no `Int` holds.
    func durationText(locale: Locale) -> String {
        "\(durationMinutes.formatted(.number.precision(.fractionLength(0)).locale(locale))) min"
    }

    /// `5:29 /km`; none when the numbers cannot make a believable pace (under ten hours a km).
    var paceText: String? {
        guard distanceKilometers > 0, durationMinutes > 0, distanceKilometers.isFinite, durationMinutes.isFinite else { return nil }
        let secondsPerKilometer = durationMinutes * 60 / distanceKilometers
        guard secondsPerKilometer < 36_000 else { return nil }
        return "\(AttachmentFormatting.duration(secondsPerKilometer)) /km"
    }
}
