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
        var index = 0
        func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for _ in 0..<count {
                let digit = Int(bytes[index]) - 48
                guard (0...9).contains(digit) else { return nil }
                value = value * 10 + digit
                index += 1
            }
            return value
        }
        func expect(_ characters: UInt8...) -> Bool {
            guard index < bytes.count, characters.contains(bytes[index]) else { return false }
            index += 1
            return true
        }
        guard let year = digits(4), expect(0x2D), let month = digits(2), expect(0x2D), let day = digits(2),
            expect(0x54, 0x74, 0x20), // T, t or a space
            let hour = digits(2), expect(0x3A), let minute = digits(2), expect(0x3A), let second = digits(2)
        else { return nil }
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second <= 60
        else { return nil }

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
            index += 1
            guard let offsetHours = digits(2), expect(0x3A), let offsetMinutes = digits(2),
                offsetHours < 24, offsetMinutes < 60
            else { return nil }
            offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
        default:
            return nil
        }
        guard index == bytes.count else { return nil }

        let days = daysSinceEpoch(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
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
