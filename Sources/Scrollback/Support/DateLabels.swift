import Foundation

/// Times and day names in the reader's time zone and locale.
///
/// Message times are formatted by arithmetic from the locale's own time pattern (CLDR's `jm` and
/// `jms` skeletons: "HH:mm" in German, "H:mm" in Spanish, "h:mm a" in American English), read
/// once per locale, since a `DateFormatter` call per message would cost more than parsing the
/// message; day labels, needed once per day, use a formatter.
///
/// Safe to share between threads: its caches are behind locks.
public final class DateLabels: Sendable {
    /// The zone times are shown in.
    public let timeZone: TimeZone
    /// The locale of day names and of the 12- or 24-hour clock.
    public let locale: Locale
    /// The locale's patterns and the formatters, shared with other labels of the same zone and
    /// locale (``Formats``).
    private let formats: Formats
    /// The zone's offset by hour: consecutive messages share an hour, and the drawing and the
    /// writing thread each ask about their own.
    private let offsetCache = Locked(Memo<Int64, Int>())

    /// Labels for `timeZone` and `locale`.
    public init(timeZone: TimeZone, locale: Locale) {
        self.timeZone = timeZone
        self.locale = locale
        formats = Formats.shared(timeZone: timeZone, locale: locale)
    }

    /// What labels of one zone and locale have in common and cost to make: the locale's time
    /// patterns and day-period symbols, and the formatters (about a million instructions, most
    /// of it at a formatter's first use). `--output-dir` and `--split` make a backend, and so
    /// labels, for every file: the last formats made are kept for the next labels of the same
    /// zone and locale. The caches stay each labels' own, so that threads drawing and writing
    /// do not take turns at one lock for every message; the formatters are used on a miss.
    private final class Formats: Sendable {
        let timeZone: TimeZone
        let locale: Locale
        let shortPattern: TimePattern
        let secondsPattern: TimePattern
        let amSymbol: String
        let pmSymbol: String
        let dayFormatter: DateFormatter
        let isoFormatter: DateFormatter

        private static let lastMade = LastMade<Formats>()

        /// The formats of `timeZone` and `locale`: the last ones made when they are the same.
        static func shared(timeZone: TimeZone, locale: Locale) -> Formats {
            lastMade.value(
                where: { $0.timeZone == timeZone && $0.locale == locale }, making: { Formats(timeZone: timeZone, locale: locale) })
        }

        private init(timeZone: TimeZone, locale: Locale) {
            self.timeZone = timeZone
            self.locale = locale
            // The POSIX locale exists for machines; people reading a transcript get a 24-hour clock.
            let isPOSIX = locale.identifier == "en_US_POSIX"
            let short = isPOSIX ? nil : DateFormatter.dateFormat(fromTemplate: "jm", options: 0, locale: locale)
            let long = isPOSIX ? nil : DateFormatter.dateFormat(fromTemplate: "jms", options: 0, locale: locale)
            let shortPieces = TimePatternPiece.parse(short ?? "HH:mm")
            let secondsPieces = TimePatternPiece.parse(long ?? "HH:mm:ss")
            // The words for AM and PM, only for a clock that shows them: a formatter made for
            // them costs more than the rest of these formats.
            if shortPieces.contains(.dayPeriod) || secondsPieces.contains(.dayPeriod) {
                let symbols = DateFormatter()
                symbols.locale = locale
                (amSymbol, pmSymbol) = (symbols.amSymbol, symbols.pmSymbol)
            } else {
                (amSymbol, pmSymbol) = ("", "")
            }
            let dayPeriodLength = max(amSymbol.utf8.count, pmSymbol.utf8.count)
            shortPattern = TimePattern(shortPieces, dayPeriodLength: dayPeriodLength)
            secondsPattern = TimePattern(secondsPieces, dayPeriodLength: dayPeriodLength)
            dayFormatter = DateFormatter()
            dayFormatter.locale = locale
            dayFormatter.timeZone = timeZone
            dayFormatter.setLocalizedDateFormatFromTemplate(isPOSIX ? "EEEEMMMdy" : "EEEEMMMMdy")
            isoFormatter = DateFormatter()
            isoFormatter.locale = Locale(identifier: "en_US_POSIX")
            isoFormatter.timeZone = timeZone
            isoFormatter.dateFormat = "yyyy-MM-dd HH:mm"
        }
    }

    /// Each day's label by day number: messages come day by day, but the drawing and the
    /// writing thread ask at once, and threads go back to earlier days.
    private let dayCache = Locked(Memo<Int64, String>())

    /// Seconds east of UTC at `date`, cached per hour (zones change offset on hour boundaries).
    private func offset(at date: Date) -> Int {
        let hour = Int64((date.timeIntervalSince1970 / 3600).rounded(.down))
        return Self.lookUp(hour, in: offsetCache) { timeZone.secondsFromGMT(for: date) }
    }

    /// Values made once and kept: the last one asked for beside the table, since messages come
    /// hour by hour and day by day (a look in the table hashes the key, for each message).
    private struct Memo<Key: Hashable, Value> {
        var last: (key: Key, value: Value)?
        var entries: [Key: Value] = [:]
    }

    /// The value cached for `key`, made and kept on a miss. The cache starts again past 8,192
    /// entries, a bound on memory for a transcript spanning decades.
    private static func lookUp<Key: Hashable & Sendable, Value: Sendable>(
        _ key: Key, in cache: borrowing Locked<Memo<Key, Value>>, making make: () -> Value
    ) -> Value {
        cache.withLock { memo in
            if let last = memo.last, last.key == key { return last.value }
            let value: Value
            if let known = memo.entries[key] {
                value = known
            } else {
                if memo.entries.count == 8192 { memo.entries.removeAll(keepingCapacity: true) }
                value = make()
                memo.entries[key] = value
            }
            memo.last = (key, value)
            return value
        }
    }

    /// The local day number (days since 1970-01-01 in this zone): equal for two dates on the same day.
    public func dayNumber(of date: Date) -> Int64 {
        Self.dayNumber(of: date, offset: offset(at: date))
    }

    private static func dayNumber(of date: Date, offset: Int) -> Int64 {
        Int64(((date.timeIntervalSince1970 + Double(offset)) / 86_400).rounded(.down))
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
        let offset = offset(at: date)
        let pattern = withSeconds ? formats.secondsPattern : formats.shortPattern
        return String(unsafeUninitializedCapacity: pattern.maximumLength) { buffer in
            var writer = UTF8Writer(buffer)
            appendTime(date, offset: offset, pattern: pattern, to: &writer)
            return writer.count
        }
    }

    /// Writes `date`'s time of day in `pattern`: arithmetic and bytes, since every message shows
    /// one and a `String` built piece by piece cost several times more.
    private func appendTime(_ date: Date, offset: Int, pattern: TimePattern, to writer: inout UTF8Writer) {
        let local = Int64((date.timeIntervalSince1970 + Double(offset)).rounded(.down))
        let secondsOfDay = Int(((local % 86_400) + 86_400) % 86_400)
        let hour = secondsOfDay / 3600
        for piece in pattern.pieces {
            switch piece {
            case .literal(let text): writer.append(text)
            case .hour(let cycle, let padded):
                let value =
                    switch cycle {
                    case .zeroTo23: hour
                    case .oneTo24: hour == 0 ? 24 : hour
                    case .oneTo12: hour % 12 == 0 ? 12 : hour % 12
                    case .zeroTo11: hour % 12
                    }
                writer.append(value, minimumWidth: padded ? 2 : 1)
            case .minute(let padded): writer.append(secondsOfDay / 60 % 60, minimumWidth: padded ? 2 : 1)
            case .second(let padded): writer.append(secondsOfDay % 60, minimumWidth: padded ? 2 : 1)
            case .dayPeriod: writer.append(hour < 12 ? formats.amSymbol : formats.pmSymbol)
            }
        }
    }

    /// The zone as an offset, "UTC" or "UTC+02:00" (or "UTC-03:30"), at `date`: unambiguous
    /// where abbreviations such as "CST" are not.
    public func zoneName(at date: Date) -> String {
        let offset = offset(at: date)
        return String(unsafeUninitializedCapacity: Self.zoneNameLength) { buffer in
            var writer = UTF8Writer(buffer)
            Self.appendZoneName(offset: offset, to: &writer)
            return writer.count
        }
    }

    /// The most bytes ``zoneName(at:)`` writes: "UTC+hh:mm".
    private static let zoneNameLength = 9

    private static func appendZoneName(offset: Int, to writer: inout UTF8Writer) {
        writer.append("UTC")
        guard offset != 0 else { return }
        let minutes = abs(offset) / 60
        writer.append(offset < 0 ? "-" : "+")
        writer.append(minutes / 60, minimumWidth: 2)
        writer.append(":")
        writer.append(minutes % 60, minimumWidth: 2)
    }

    /// "Friday, Nov 28, 2025, 14:05:09 UTC+01:00": everything an auditor needs about a moment,
    /// for tooltips. The day's label is cached, since messages come day by day.
    public func fullDateTime(_ date: Date) -> String {
        withFullDateTime(date) { String(decoding: $0, as: UTF8.self) }
    }

    /// ``fullDateTime(_:)``'s UTF-8 bytes, handed to `body` without making a string: HTML
    /// writes one into every message's tooltips.
    func withFullDateTime<Result>(_ date: Date, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let offset = offset(at: date)
        let day = day(date, offset: offset)
        let capacity = day.utf8.count + 3 + formats.secondsPattern.maximumLength + Self.zoneNameLength
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var writer = UTF8Writer(buffer)
            writer.append(day)
            writer.append(", ")
            appendTime(date, offset: offset, pattern: formats.secondsPattern, to: &writer)
            writer.append(" ")
            Self.appendZoneName(offset: offset, to: &writer)
            return body(UnsafeBufferPointer(rebasing: buffer[..<writer.count]))
        }
    }

    /// An absolute day, such as "Friday, Nov 28, 2025": a transcript is read later, so never "Today".
    public func day(_ date: Date) -> String {
        day(date, offset: offset(at: date))
    }

    private func day(_ date: Date, offset: Int) -> String {
        Self.lookUp(Self.dayNumber(of: date, offset: offset), in: dayCache) { formats.dayFormatter.string(from: date) }
    }

    /// "2025-11-28 14:05" in this zone, for summaries.
    public func dateTime(_ date: Date) -> String {
        formats.isoFormatter.string(from: date)
    }
}

/// A locale's time pattern and the most UTF-8 bytes a time in it takes.
private struct TimePattern: Sendable {
    let pieces: [TimePatternPiece]
    let maximumLength: Int

    init(_ pieces: [TimePatternPiece], dayPeriodLength: Int) {
        self.pieces = pieces
        maximumLength = pieces.reduce(0) { length, piece in
            switch piece {
            case .literal(let text): length + text.utf8.count
            case .hour, .minute, .second: length + 2
            case .dayPeriod: length + dayPeriodLength
            }
        }
    }
}

/// One part of a locale's time pattern ("HH:mm", "h:mm a", "a h:mm"), in the form
/// ``DateLabels`` formats by arithmetic.
enum TimePatternPiece: Equatable, Sendable {
    /// How a pattern numbers the hours: `H` 0–23, `k` 1–24, `h` 1–12, `K` 0–11.
    enum HourCycle: Equatable, Sendable { case zeroTo23, oneTo24, oneTo12, zeroTo11 }
    case literal(String)
    case hour(HourCycle, padded: Bool)
    case minute(padded: Bool)
    case second(padded: Bool)
    /// AM or PM (`a`; `b` and `B`, "noon" and "in the morning", are approximated by it).
    case dayPeriod

    /// The pieces of a Unicode date pattern holding only times. Letters it does not expect (a
    /// zone, say) are dropped rather than printed as letters. Narrow and ordinary no-break spaces
    /// become spaces: terminals and monospace fonts draw U+202F unevenly, and times have always
    /// been written "9:05 AM" here.
    static func parse(_ pattern: String) -> [TimePatternPiece] {
        var pieces: [TimePatternPiece] = []
        func append(_ text: String) {
            if case .literal(let previous)? = pieces.last {
                pieces[pieces.count - 1] = .literal(previous + text)
            } else {
                pieces.append(.literal(text))
            }
        }
        let characters = Array(pattern)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "'" {
                // Quoted text; '' is a quote mark, inside quotes or out.
                var text = ""
                index += 1
                if index < characters.count, characters[index] == "'" {
                    append("'")
                    index += 1
                    continue
                }
                while index < characters.count {
                    if characters[index] == "'" {
                        if index + 1 < characters.count, characters[index + 1] == "'" {
                            text.append("'")
                            index += 2
                            continue
                        }
                        index += 1
                        break
                    }
                    text.append(characters[index])
                    index += 1
                }
                append(text)
                continue
            }
            var count = 1
            while index + count < characters.count, characters[index + count] == character { count += 1 }
            index += count
            let padded = count >= 2
            switch character {
            case "H": pieces.append(.hour(.zeroTo23, padded: padded))
            case "k": pieces.append(.hour(.oneTo24, padded: padded))
            case "h": pieces.append(.hour(.oneTo12, padded: padded))
            case "K": pieces.append(.hour(.zeroTo11, padded: padded))
            case "m": pieces.append(.minute(padded: padded))
            case "s": pieces.append(.second(padded: padded))
            case "a", "b", "B": pieces.append(.dayPeriod)
            case "\u{202F}", "\u{00A0}": append(String(repeating: " ", count: count))
            default:
                if !character.isLetter { append(String(repeating: String(character), count: count)) }
            }
        }
        return pieces
    }
}
