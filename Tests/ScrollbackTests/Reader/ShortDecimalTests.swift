import Foundation
import Testing

@testable import Scrollback

/// Short decimals are read without the standard library (``JSONStreamParser/shortDecimal(_:)``):
/// every number must come out as the very double `Double(_:)` gives.
@Suite struct ShortDecimalTests {
    private func shortDecimal(_ text: String) -> Double? {
        Array(text.utf8).withUnsafeBufferPointer { JSONStreamParser.shortDecimal($0) }
    }

    private func expectSame(_ text: String) {
        guard let fast = shortDecimal(text) else { return }
        let reference = Double(text)
        #expect(fast.bitPattern == reference?.bitPattern, "\(text): \(fast) against \(String(describing: reference))")
    }

    @Test func generatedNumbersMatchTheStandardLibrary() {
        var random = SplitMix(seed: 16)
        var taken = 0
        for _ in 0..<200_000 {
            let integerDigits = Int(random.next() % 9)
            let fractionDigits = Int(random.next() % 18)
            var text = random.next() % 4 == 0 ? "-" : ""
            let leading =
                integerDigits == 0
                ? "0"
                : String(
                    (0..<integerDigits).map { index in
                        Character(String(index == 0 ? 1 + random.next() % 9 : random.next() % 10))
                    })
            text += leading
            if fractionDigits > 0 || integerDigits == 0 {
                text += "." + String((0..<max(fractionDigits, 1)).map { _ in Character(String(random.next() % 10)) })
            }
            if random.next() % 3 == 0 {
                let exponent = Int(random.next() % 60) - 30
                text += (random.next() % 2 == 0 ? "e" : "E") + (exponent >= 0 && random.next() % 2 == 0 ? "+" : "") + String(exponent)
            }
            if shortDecimal(text) != nil { taken += 1 }
            expectSame(text)
        }
        #expect(taken > 50_000, "\(taken) numbers read without the standard library")
    }

    @Test func edgesAreReadOrLeftToTheStandardLibrary() {
        for text in [
            "0.0", "-0.0", "0.1", "0.3312", "1.5e3", "1E22", "1e-22", "123456789012345.0", "0.000000000000000000001", "9007199254740993.0",
        ] {
            expectSame(text)
        }
        #expect(shortDecimal("-0.0")?.sign == .minus)
        #expect(shortDecimal("0.3312") == 0.3312)
        // Past 15 significant digits, or ten to a power past 22, the standard library rounds.
        #expect(shortDecimal("1234567890123456.0") == nil)
        #expect(shortDecimal("1e23") == nil)
        #expect(shortDecimal("1e-23") == nil)
        #expect(shortDecimal("2e99999999999999999999") == nil)
    }
}
