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
        "2021-01-12T16:43:25Z trailing", "2021-01-12T16:43:25+01:0", "2021-01-12T16:43:25+01:000",
        "2021-01-12T16:43:25+01:00Z", "2021-01-12T16:43:25+1:00", "2021-01-12T16:43:25+01:60", "2021-01-12T16:43:25+24:00",
        "2021-1-12T16:43:25Z", "202a-01-12T16:43:25Z", "2021/01/12T16:43:25Z", "2021-01-12T16-43:25Z", "2021-01-12_16:43:25Z",
    ])
    func rejectsWhatIsNotADate(input: String) {
        #expect(RFC3339.parse(input) == nil)
    }

    /// The parser reads the fixed part by position: it must accept and refuse what reading
    /// byte after byte does, here on dates with a byte changed, taken out or put in.
    @Test func readsAsAParserByteAfterByteDoes() {
        let seeds = ["2021-01-12T16:43:25Z", "2020-06-10T07:43:11.812841Z", "2021-01-12T11:13:25-05:30", "2024-02-29 00:00:00+14:00"]
        let alphabet = Array("0123456789-:T tZz+.x".utf8)
        var random = XorShift(seed: 0x3339)
        for _ in 0..<20_000 {
            var bytes = Array(seeds[random.next(seeds.count)].utf8)
            for _ in 0...random.next(2) {
                let place = random.next(bytes.count + 1)
                switch random.next(3) {
                case 0 where place < bytes.count: bytes[place] = alphabet[random.next(alphabet.count)]
                case 1 where place < bytes.count: bytes.remove(at: place)
                default: bytes.insert(alphabet[random.next(alphabet.count)], at: place)
                }
            }
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(RFC3339.parse(text) == Self.byteAfterByte(bytes), "\(text)")
        }
    }

    /// RFC 3339 read one byte after another, each checked in turn.
    private static func byteAfterByte(_ bytes: [UInt8]) -> Date? {
        var index = 0
        func digits(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for _ in 0..<count {
                guard (0x30...0x39).contains(bytes[index]) else { return nil }
                value = value * 10 + Int(bytes[index] - 0x30)
                index += 1
            }
            return value
        }
        func expect(_ allowed: [UInt8]) -> Bool {
            guard index < bytes.count, allowed.contains(bytes[index]) else { return false }
            index += 1
            return true
        }
        let (dash, colon) = (UInt8(ascii: "-"), UInt8(ascii: ":"))
        guard let year = digits(4), expect([dash]), let month = digits(2), expect([dash]), let day = digits(2),
            expect(Array("Tt ".utf8)), let hour = digits(2), expect([colon]), let minute = digits(2), expect([colon]),
            let second = digits(2), (1...12).contains(month), hour < 24, minute < 60, second <= 60
        else { return nil }
        let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let monthLengths = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...monthLengths[month - 1]).contains(day) else { return nil }
        var fraction = 0.0
        if expect([UInt8(ascii: ".")]) {
            var scale = 0.1
            let start = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
                fraction += Double(bytes[index] - 0x30) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var offset = 0
        if !expect(Array("Zz".utf8)) {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == dash else { return nil }
            let sign = bytes[index] == dash ? -1 : 1
            index += 1
            guard let hours = digits(2), expect([colon]), let minutes = digits(2), hours < 24, minutes < 60 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        }
        guard index == bytes.count else { return nil }
        // The calendar's arithmetic is the parser's own: what is checked here is the reading.
        let seconds = RFC3339.daysSinceEpoch(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSince1970: Double(seconds - offset) + fraction)
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
