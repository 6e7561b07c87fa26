import Foundation

/// Sizes, durations and waveforms as chat clients show them. Locale-free on purpose: these
/// appear in every output and must be the same on every machine.
public enum AttachmentFormatting {
    /// `812 B`, `48.2 KB`, `151 KB`, `1.2 MB`, `3.4 GB` (powers of 1000, as Apple's platforms
    /// count): one decimal below 100, none from 100 up, and `1 MB` rather than `1000 KB`.
    public static func fileSize(_ bytes: Int64) -> String {
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
        return fraction == 0 ? "\(whole) \(units[unit])" : "\(whole).\(fraction) \(units[unit])"
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
