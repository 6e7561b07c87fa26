import Foundation

/// Parses Stream's timestamps: RFC 3339 with 0 to 9 fractional digits and `Z` or an offset.
///
/// Hand-written because it runs for every date of every message: a formatter costs
/// microseconds a call, this costs nanoseconds, and it never depends on the locale.
package enum RFC3339 {
    package static func parse(_ string: String) -> Date? {
        return string.withUTF8Bytes { parse(bytes: $0) }
    }

    static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        // The fixed part, `yyyy-mm-ddThh:mm:ss`, by position: no loop, no list of separators.
        guard bytes.count >= 20 else { return nil }
        // `-` twice, `T` (or `t`, or a space), `:` twice.
        let separator = bytes[10]
        guard bytes[4] == 0x2D, bytes[7] == 0x2D, separator == 0x54 || separator == 0x74 || separator == 0x20, bytes[13] == 0x3A,
            bytes[16] == 0x3A
        else { return nil }
        let year = number(bytes, at: 0, digits: 4)
        let (month, day) = (number(bytes, at: 5, digits: 2), number(bytes, at: 8, digits: 2))
        let (hour, minute, second) = (number(bytes, at: 11, digits: 2), number(bytes, at: 14, digits: 2), number(bytes, at: 17, digits: 2))
        guard year >= 0, hour >= 0, minute >= 0, second >= 0 else { return nil }
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second <= 60
        else { return nil }
        var index = 19
        var fraction = 0.0
        if index < bytes.count, bytes[index] == 0x2E {
            index += 1
            var scale = 0.1
            let start = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
                fraction += Double(bytes[index] - 0x30) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }

        var offsetSeconds = 0
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case 0x5A, 0x7A: // Z or z
            index += 1
        case 0x2B, 0x2D: // + or -
            let sign = bytes[index] == 0x2D ? -1 : 1
            // `+hh:mm`, and nothing after it.
            guard bytes.count == index + 6, bytes[index + 3] == 0x3A else { return nil }
            let (offsetHours, offsetMinutes) = (number(bytes, at: index + 1, digits: 2), number(bytes, at: index + 4, digits: 2))
            guard (0..<24).contains(offsetHours), (0..<60).contains(offsetMinutes) else { return nil }
            offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
            index += 6
        default:
            return nil
        }
        guard index == bytes.count else { return nil }

        let days = daysSinceEpoch(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// The number `count` digits at `offset` write; -1 when a byte there is not a digit.
    @inline(__always)
    private static func number(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, digits count: Int) -> Int {
        var value = 0
        for place in offset..<offset + count {
            let digit = Int(bytes[place]) &- 48
            guard (0...9).contains(digit) else { return -1 }
            value = value * 10 + digit
        }
        return value
    }

    private static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's civil-date algorithm).
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
