import Foundation
import Testing

@testable import Scrollback

@Suite struct RFC3339Tests {
    @Test(arguments: [
        ("2021-01-12T16:43:25Z", 1_610_469_805.0),
        ("2021-01-12T16:43:25.5Z", 1_610_469_805.5),
        ("2020-06-10T07:43:11.812841984Z", 1_591_774_991.812841984),
        ("2021-01-12T17:43:25+01:00", 1_610_469_805.0),
        ("2021-01-12T11:13:25-05:30", 1_610_469_805.0),
        ("2021-01-12t16:43:25z", 1_610_469_805.0),
        ("2024-02-29T00:00:00Z", 1_709_164_800.0),
        ("1969-12-31T23:59:59Z", -1.0),
    ])
    func parsesEveryVariant(input: String, expected: Double) throws {
        let date = try #require(RFC3339.parse(input))
        #expect(abs(date.timeIntervalSince1970 - expected) < 1e-6)
    }

    @Test func everyFractionLengthFromZeroToNine() throws {
        var text = "2021-01-12T16:43:25"
        for digits in 0...9 {
            let date = try #require(RFC3339.parse(text + "Z"), "\(digits) digits")
            #expect(abs(date.timeIntervalSince1970 - 1_610_469_805.123456789) < 0.2)
            text += digits == 0 ? ".1" : String("123456789".dropFirst(digits).prefix(1))
        }
    }

    @Test(arguments: [
        "", "2021-01-12", "2021-01-12T16:43:25", "2021-13-01T00:00:00Z", "2023-02-29T00:00:00Z",
        "2021-01-12T24:00:00Z", "2021-01-12T16:43:25.Z", "2021-01-12T16:43:25+0100", "yesterday",
        "2021-01-12T16:43:25Z trailing",
    ])
    func rejectsWhatIsNotADate(input: String) {
        #expect(RFC3339.parse(input) == nil)
    }

    @Test func agreesWithFoundationOnRandomDates() throws {
        var generator = SystemRandomNumberGenerator()
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: false)
        for _ in 0..<500 {
            let seconds = Double(Int.random(in: -2_000_000_000...4_000_000_000, using: &generator))
            let date = Date(timeIntervalSince1970: seconds)
            let text = date.formatted(style)
            #expect(RFC3339.parse(text) == date, "\(text)")
        }
    }
}
