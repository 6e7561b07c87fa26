import Foundation
import Synchronization

/// Times and day names in the reader's time zone and locale.
///
/// Message times are formatted by arithmetic from a pattern worked out once per locale, since a
/// `DateFormatter` call per message would cost more than parsing the message; day labels, needed
/// once per day, use a formatter.
///
/// Safe to share between threads: the one cache is behind a lock.
public final class DateLabels: Sendable {
    /// The zone times are shown in.
    public let timeZone: TimeZone
    /// The locale of day names and of the 12- or 24-hour clock.
    public let locale: Locale
    private let uses24Hour: Bool
    private let amSymbol: String
    private let pmSymbol: String
    private let dayFormatter: DateFormatter
    private let isoFormatter: DateFormatter
    /// The zone's offset for the hour last asked about: consecutive messages share an hour.
    private let offsetCache = Mutex<(hour: Int64, offset: Int)>((.min, 0))

    /// Labels for `timeZone` and `locale`.
    public init(timeZone: TimeZone, locale: Locale) {
        self.timeZone = timeZone
        self.locale = locale
        let pattern = DateFormatter.dateFormat(fromTemplate: "j", options: 0, locale: locale) ?? "HH"
        // The POSIX locale exists for machines; people reading a transcript get a 24-hour clock.
        uses24Hour = locale.identifier == "en_US_POSIX" || !pattern.contains("h") && !pattern.contains("K")
        let symbols = DateFormatter()
        symbols.locale = locale
        amSymbol = symbols.amSymbol
        pmSymbol = symbols.pmSymbol
        dayFormatter = DateFormatter()
        dayFormatter.locale = locale
        dayFormatter.timeZone = timeZone
        dayFormatter.setLocalizedDateFormatFromTemplate(locale.identifier == "en_US_POSIX" ? "EEEEMMMdy" : "EEEEMMMMdy")
        isoFormatter = DateFormatter()
        isoFormatter.locale = Locale(identifier: "en_US_POSIX")
        isoFormatter.timeZone = timeZone
        isoFormatter.dateFormat = "yyyy-MM-dd HH:mm"
    }

    /// The last day labelled in full (``fullDateTime(_:)``): consecutive messages share a day.
    private let dayCache = Mutex<(day: Int64, label: String)>((.min, ""))

    /// Seconds east of UTC at `date`, cached per hour (zones change offset on hour boundaries).
    private func offset(at date: Date) -> Int {
        let hour = Int64((date.timeIntervalSince1970 / 3600).rounded(.down))
        return offsetCache.withLock { cache in
            if cache.hour != hour { cache = (hour, timeZone.secondsFromGMT(for: date)) }
            return cache.offset
        }
    }

    /// The local day number (days since 1970-01-01 in this zone): equal for two dates on the same day.
    public func dayNumber(of date: Date) -> Int64 {
        let local = date.timeIntervalSince1970 + Double(offset(at: date))
        return Int64((local / 86_400).rounded(.down))
    }

    /// "14:05", or "2:05 PM" where the locale uses a 12-hour clock.
    public func time(_ date: Date) -> String {
        time(date, withSeconds: false)
    }

    /// "14:05:09", or "2:05:09 PM" where the locale uses a 12-hour clock.
    public func timeWithSeconds(_ date: Date) -> String {
        time(date, withSeconds: true)
    }

    private func time(_ date: Date, withSeconds: Bool) -> String {
        let local = Int64((date.timeIntervalSince1970 + Double(offset(at: date))).rounded(.down))
        let secondsOfDay = ((local % 86_400) + 86_400) % 86_400
        let hour = Int(secondsOfDay / 3600)
        func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var minutes = twoDigits(Int(secondsOfDay / 60 % 60))
        if withSeconds { minutes += ":" + twoDigits(Int(secondsOfDay % 60)) }
        if uses24Hour { return twoDigits(hour) + ":" + minutes }
        let twelve = hour % 12 == 0 ? 12 : hour % 12
        return "\(twelve):\(minutes) \(hour < 12 ? amSymbol : pmSymbol)"
    }

    /// The zone as an offset, "UTC" or "UTC+02:00" (or "UTC-03:30"), at `date`: unambiguous
    /// where abbreviations such as "CST" are not.
    public func zoneName(at date: Date) -> String {
        let offset = offset(at: date)
        guard offset != 0 else { return "UTC" }
        let minutes = abs(offset) / 60
        let hours = minutes / 60, rest = minutes % 60
        return "UTC" + (offset < 0 ? "-" : "+") + (hours < 10 ? "0" : "") + "\(hours):" + (rest < 10 ? "0" : "") + "\(rest)"
    }

    /// "Friday, Nov 28, 2025, 14:05:09 UTC+01:00": everything an auditor needs about a moment,
    /// for tooltips. The day's label is cached, since messages come day by day.
    public func fullDateTime(_ date: Date) -> String {
        let dayNumber = dayNumber(of: date)
        let dayLabel = dayCache.withLock { cache in
            if cache.day != dayNumber { cache = (dayNumber, dayFormatter.string(from: date)) }
            return cache.label
        }
        return dayLabel + ", " + timeWithSeconds(date) + " " + zoneName(at: date)
    }

    /// An absolute day, such as "Friday, Nov 28, 2025": a transcript is read later, so never "Today".
    public func day(_ date: Date) -> String {
        dayFormatter.string(from: date)
    }

    /// "2025-11-28 14:05" in this zone, for summaries.
    public func dateTime(_ date: Date) -> String {
        isoFormatter.string(from: date)
    }
}
