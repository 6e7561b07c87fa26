import Foundation
import Scrollback

/// The distance logged in one calendar week: what the demo prints beside the files.
public struct WorkoutWeek: Sendable, Hashable {
    /// The Monday the week starts on, at midnight.
    public var start: Date
    public var workoutCount: Int
    public var kilometers: Double

    /// One entry per ISO week with workouts, earliest first. Weeks start on Monday in
    /// `timeZone`, whatever the reader's locale. Legacy `run` attachments count too: the app's
    /// resolver says they are workouts.
    public static func totals(of messages: some Sequence<ChatMessage>, timeZone: TimeZone) -> [WorkoutWeek] {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = timeZone
        var weeks: [Date: WorkoutWeek] = [:]
        for message in messages {
            // Step 3: the typed payloads, without looking at a single key by hand.
            let workouts = message.attachments(payloadType: WorkoutAttachmentPayload.self, resolver: AppResolver())
            guard !workouts.isEmpty, let date = message.createdAt,
                let start = calendar.dateInterval(of: .weekOfYear, for: date)?.start
            else { continue }
            var week = weeks[start] ?? WorkoutWeek(start: start, workoutCount: 0, kilometers: 0)
            for workout in workouts where workout.payload.distanceKilometers.isFinite && workout.payload.distanceKilometers > 0 {
                week.workoutCount += 1
                week.kilometers += workout.payload.distanceKilometers
            }
            weeks[start] = week
        }
        return weeks.values.sorted { $0.start < $1.start }
    }
}
