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
        let levels: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        let clean = samples.map { $0.isFinite ? min(max($0, 0), 1) : 0 }
        guard !clean.isEmpty, bars > 0 else { return "" }
        let count = min(bars, clean.count)
        return String(
            (0..<count).map { bar in
                let start = bar * clean.count / count
                let end = max(start + 1, (bar + 1) * clean.count / count)
                let average = clean[start..<end].reduce(0, +) / Double(end - start)
                return levels[min(levels.count - 1, Int(average * Double(levels.count)))]
            })
    }
}
