import Foundation
import Testing

@testable import Scrollback

/// Times and days in the reader's locale (issue 14, item 9): each locale's own pattern, so German
/// and French readers get a 24-hour clock, Spanish "9:05", American English "9:05 AM".
@Suite struct LocaleTimeTests {
    /// 09:05:07 and 21:05:07 UTC on Monday, 1 June 2026.
    static let morning = RFC3339.parse("2026-06-01T09:05:07Z")!
    static let evening = RFC3339.parse("2026-06-01T21:05:07Z")!

    static func labels(_ identifier: String) -> DateLabels {
        DateLabels(timeZone: TimeZone(identifier: "UTC")!, locale: Locale(identifier: identifier))
    }

    /// Each locale's hour cycle and padding, with and without seconds.
    @Test(arguments: [
        ("de_DE", "09:05", "21:05", "21:05:07"),
        ("fr_FR", "09:05", "21:05", "21:05:07"),
        ("es_ES", "9:05", "21:05", "21:05:07"),
        ("en_US", "9:05 AM", "9:05 PM", "9:05:07 PM"),
        ("en_GB", "09:05", "21:05", "21:05:07"),
        ("ja_JP", "9:05", "21:05", "21:05:07"),
        // The default of tests and machines stays a plain 24-hour clock.
        ("en_US_POSIX", "09:05", "21:05", "21:05:07"),
    ])
    func timesFollowTheLocalePattern(locale: String, morning: String, evening: String, eveningWithSeconds: String) {
        let labels = Self.labels(locale)
        #expect(labels.time(Self.morning) == morning)
        #expect(labels.time(Self.evening) == evening)
        #expect(labels.timeWithSeconds(Self.evening) == eveningWithSeconds)
    }

    /// Day labels are written in the locale's language and order.
    @Test(arguments: [
        ("de_DE", "Montag, 1. Juni 2026"),
        ("fr_FR", "lundi 1 juin 2026"),
        ("es_ES", "lunes, 1 de junio de 2026"),
        ("en_US", "Monday, June 1, 2026"),
        ("en_GB", "Monday, 1 June 2026"),
        ("en_US_POSIX", "Monday, Jun 1, 2026"),
    ])
    func dayLabelsFollowTheLocale(locale: String, day: String) {
        let labels = Self.labels(locale)
        #expect(labels.day(Self.morning) == day)
        #expect(labels.fullDateTime(Self.evening) == day + ", " + labels.timeWithSeconds(Self.evening) + " UTC")
    }

    /// The full moment is its parts joined, at every hour and in zones east and west of UTC,
    /// with day periods of several bytes (Korean) as well as ASCII ones.
    @Test(arguments: ["en_US", "ko_KR", "de_DE"])
    func fullDateTimeJoinsItsParts(locale: String) {
        for zone in ["UTC", "Asia/Kolkata", "America/St_Johns"] {
            let labels = DateLabels(timeZone: TimeZone(identifier: zone)!, locale: Locale(identifier: locale))
            for hour in 0..<24 {
                let date = Self.morning.addingTimeInterval(Double(hour * 3600 + 3599))
                let expected = labels.day(date) + ", " + labels.timeWithSeconds(date) + " " + labels.zoneName(at: date)
                #expect(labels.fullDateTime(date) == expected)
                #expect(labels.time(date).utf8.count <= labels.timeWithSeconds(date).utf8.count)
            }
        }
    }

    /// Labels of one zone and locale share their patterns and formatters with the labels made
    /// before them when those were of the same: zones and locales taking turns each get their own.
    @Test func labelsTakingTurnsKeepTheirOwnZoneAndLocale() throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        let date = Date(timeIntervalSince1970: 1_709_596_800) // Tuesday, 2024-03-05 00:00 UTC
        let expected: [(TimeZone, String, day: String, time: String)] = [
            (utc, "en_US", "Tuesday, March 5, 2024", "12:00 AM"),
            (tokyo, "en_US", "Tuesday, March 5, 2024", "9:00 AM"),
            (utc, "de_DE", "Dienstag, 5. März 2024", "00:00"),
            (utc, "en_US", "Tuesday, March 5, 2024", "12:00 AM"),
            (tokyo, "de_DE", "Dienstag, 5. März 2024", "09:00"),
        ]
        for (zone, locale, day, time) in expected + expected.reversed() {
            let labels = DateLabels(timeZone: zone, locale: Locale(identifier: locale))
            #expect(labels.day(date) == day, "\(zone.identifier) \(locale)")
            #expect(labels.time(date) == time, "\(zone.identifier) \(locale)")
        }
    }

    /// The pattern reader: quoted text (the "h" of French "HH 'h'" is no 12-hour clock), day
    /// periods before the time, the other hour cycles, and no-break spaces.
    @Test func patternsAreReadLetterByLetter() {
        #expect(TimePatternPiece.parse("HH 'h' mm") == [.hour(.zeroTo23, padded: true), .literal(" h "), .minute(padded: true)])
        #expect(
            TimePatternPiece.parse("a h:mm") == [
                .dayPeriod, .literal(" "), .hour(.oneTo12, padded: false), .literal(":"), .minute(padded: true),
            ])
        #expect(
            TimePatternPiece.parse("h:mm\u{202F}a") == [
                .hour(.oneTo12, padded: false), .literal(":"), .minute(padded: true), .literal(" "), .dayPeriod,
            ])
        #expect(TimePatternPiece.parse("'o''clock' K") == [.literal("o'clock "), .hour(.zeroTo11, padded: false)])
        #expect(TimePatternPiece.parse("kk:mm z") == [.hour(.oneTo24, padded: true), .literal(":"), .minute(padded: true), .literal(" ")])
        let korean = Self.labels("ko_KR")
        #expect(korean.time(Self.evening).hasSuffix(" 9:05"), "the day period comes first: \(korean.time(Self.evening))")
        #expect(korean.time(Self.evening) != korean.time(Self.morning))
    }

    /// A whole German rendering shows 24-hour times and German day labels, in every format.
    @Test(arguments: [SampleTranscripts.Format.html, .ansi, .markdown])
    func germanRenderingUses24HourTimes(format: SampleTranscripts.Format) {
        let ada = ChatUser(id: "ada", name: "Ada")
        let message = ChatMessage(id: "m1", text: "Guten Abend", user: ada, createdAt: Self.evening)
        let options = RenderOptions(timeZone: TimeZone(identifier: "Europe/Berlin")!, locale: Locale(identifier: "de_DE"))
        let output = SampleTranscripts.renderInMemory([message], as: format, options: options)
        #expect(output.contains("23:05"), "\(output)")
        #expect(!output.contains("PM") && !output.contains("11:05"), "\(output)")
        #expect(output.contains("Montag, 1. Juni 2026"), "\(output)")
    }
}
