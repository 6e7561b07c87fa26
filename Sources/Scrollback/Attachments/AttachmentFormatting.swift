import Foundation

/// Sizes, durations and waveforms as chat clients show them. Digits are always Latin and
/// units English, so that every machine writes the same; only the decimal mark follows the
/// locale, which is an input like the time zone.
public enum AttachmentFormatting {
    /// `812 B`, `48.2 KB`, `151 KB`, `1.2 MB`, `3.4 GB` (powers of 1000, as Apple's platforms
    /// count): one decimal below 100, none from 100 up, and `1 MB` rather than `1000 KB`; with
    /// `locale`, its decimal mark (`2,5 MB` in German).
    public static func fileSize(_ bytes: Int64, locale: Locale? = nil) -> String {
        fileSize(bytes, marks: locale.map(NumberMarks.init) ?? .plain)
    }

    /// ``fileSize(_:locale:)`` with the marks of the rendering's locale, worked out once.
    static func fileSize(_ bytes: Int64, marks: NumberMarks) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(max(bytes, 0))
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        if unit == 0 { return "\(Int(value)) B" }
        var tenths = value < 100 ? (value * 10).rounded() : value.rounded() * 10
        if tenths >= 10_000, unit < units.count - 1 {
            tenths = 10
            unit += 1
        }
        let whole = Int(tenths / 10), fraction = Int(tenths) % 10
        return fraction == 0 ? "\(whole) \(units[unit])" : "\(whole)\(marks.decimal)\(fraction) \(units[unit])"
    }

    /// `50%`, or `50 %` (a no-break space) where the locale writes one, as French and German do.
    static func percent(_ value: Int, marks: NumberMarks) -> String {
        marks.spaceBeforePercent ? "\(value)\u{A0}%" : "\(value)%"
    }

    /// How a locale marks the numbers Scrollback writes: a decimal comma or point, and whether
    /// a space comes before `%`. Other marks a locale may use (Arabic's decimal separator and
    /// digits, the bidi mark before its percent sign) are left out, so that the text stays the
    /// same in every output, the terminal included.
    struct NumberMarks: Sendable {
        var decimal: Character
        /// Whether a space comes before `%`, or the locale to ask when a share is written: only
        /// polls write one, and formatting a percentage to find out costs more than the rest of
        /// a rendering's start.
        private let percentSpace: PercentSpace

        private enum PercentSpace: Sendable {
            case known(Bool)
            case asked(Locale)
        }

        /// The marks of English without a locale: `2.5`, `50%`.
        static let plain = NumberMarks(decimal: ".", spaceBeforePercent: false)

        init(decimal: Character, spaceBeforePercent: Bool) {
            self.decimal = decimal
            percentSpace = .known(spaceBeforePercent)
        }

        init(_ locale: Locale) {
            decimal = locale.decimalSeparator == "," ? "," : "."
            percentSpace = .asked(locale)
        }

        var spaceBeforePercent: Bool {
            switch percentSpace {
            case .known(let space): return space
            case .asked(let locale):
                let answer = Self.lastAsked.value(
                    where: { $0.locale == locale },
                    making: {
                        let percent = (0.5).formatted(.percent.locale(locale).precision(.fractionLength(0)))
                        return (locale, percent.unicodeScalars.contains { $0 == " " || $0 == "\u{A0}" || $0 == "\u{202F}" })
                    })
                return answer.space
            }
        }

        /// The last locale asked about, and its answer: a rendering has one locale.
        private static let lastAsked = LastMade<(locale: Locale, space: Bool)>()
    }

    /// `0:42`, `12:05`, `1:02:03`; fractional seconds round to the nearest second.
    public static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0 else { return "0:00" }
        // Capped so that an absurd value from message data cannot overflow `Int`.
        let total = Int(min(seconds, 359_999_999).rounded())
        let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
        let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(secs))" : "\(minutes):\(twoDigits(secs))"
    }

    /// A sparkline such as `▁▃▇▅▂` from samples in 0...1, averaged into at most `bars` bars.
    public static func waveform(_ samples: [Double], bars: Int = 24) -> String {
        guard !samples.isEmpty, bars > 0 else { return "" }
        let count = min(bars, samples.count)
        // The eight levels are U+2581 to U+2588, whose UTF-8 forms differ in their last byte:
        // written as bytes, not gathered as characters (which cost ten times the averaging).
        return String(unsafeUninitializedCapacity: 3 * count) { utf8 in
            for bar in 0..<count {
                let start = bar * samples.count / count
                let end = max(start + 1, (bar + 1) * samples.count / count)
                var sum = 0.0
                for sample in samples[start..<end] { sum += sample.isFinite ? min(max(sample, 0), 1) : 0 }
                let level = min(7, Int(sum / Double(end - start) * 8))
                utf8[3 * bar] = 0xE2
                utf8[3 * bar + 1] = 0x96
                utf8[3 * bar + 2] = 0x81 + UInt8(level)
            }
            return 3 * count
        }
    }
}
