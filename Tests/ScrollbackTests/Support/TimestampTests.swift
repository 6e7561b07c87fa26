import Foundation
import Testing

@testable import Scrollback

/// Times an auditor can trust (issue 14, item 5): seconds and zone in labels and tooltips, and
/// `--timestamps all`.
@Suite struct TimestampTests {
    static let ada = ChatUser(id: "ada", name: "Ada")

    /// Three messages of one group, seconds apart.
    static func group() throws -> [ChatMessage] {
        try ["09:00:05", "09:00:20", "09:00:47"].enumerated().map { index, time in
            let date: Date = try #require(RFC3339.parse("2026-06-01T\(time)Z"))
            return ChatMessage(id: "m\(index)", text: "line \(index)", user: ada, createdAt: date)
        }
    }

    @Test func labelsWithSecondsAndZone() throws {
        let date = try #require(RFC3339.parse("2026-06-01T09:00:05Z"))
        let utc = DateLabels(timeZone: TimeZone(identifier: "UTC")!, locale: Locale(identifier: "en_US_POSIX"))
        #expect(utc.timeWithSeconds(date) == "09:00:05")
        #expect(utc.zoneName(at: date) == "UTC")
        #expect(utc.fullDateTime(date) == "Monday, Jun 1, 2026, 09:00:05 UTC")
        let paris = DateLabels(timeZone: TimeZone(identifier: "Europe/Paris")!, locale: Locale(identifier: "en_US"))
        #expect(paris.timeWithSeconds(date) == "11:00:05 AM")
        #expect(paris.zoneName(at: date) == "UTC+02:00")
        #expect(paris.fullDateTime(date).hasSuffix("11:00:05 AM UTC+02:00"))
        // Winter time in the same zone; half-hour and negative offsets.
        let january = try #require(RFC3339.parse("2026-01-10T23:30:59Z"))
        #expect(paris.zoneName(at: january) == "UTC+01:00")
        #expect(paris.fullDateTime(january).hasPrefix("Sunday, January 11, 2026"))
        let newfoundland = DateLabels(timeZone: TimeZone(identifier: "America/St_Johns")!, locale: Locale(identifier: "en_US_POSIX"))
        #expect(newfoundland.zoneName(at: january) == "UTC-03:30")
        #expect(newfoundland.fullDateTime(january) == "Saturday, Jan 10, 2026, 20:00:59 UTC-03:30")
    }

    /// By default only the group's last message shows its time; `all` shows every one.
    @Test(arguments: [SampleTranscripts.Format.html, .ansi, .markdown])
    func everyMessageShowsItsTimeWhenAsked(format: SampleTranscripts.Format) throws {
        let messages = try Self.group()
        let grouped = SampleTranscripts.renderInMemory(messages, as: format)
        var options = RenderOptions()
        options.timestamps = .all
        let all = SampleTranscripts.renderInMemory(messages, as: format, options: options)
        // "09:00" also appears in the summary (and HTML's labels): count the footers' times only.
        let shown = { (output: String) -> Int in
            switch format {
            // Shown times only: one the footer does not show is in the page too, visually hidden.
            case .html: output.components(separatedBy: "<time datetime=").dropFirst().count { $0.contains("\">09:00</time>") }
            case .markdown: output.components(separatedBy: "\n*09:00*\n").count - 1
            case .ansi: output.components(separatedBy: "│ 09:00").count - 1
            default: fatalError("a format this test does not know: \(format)")
            }
        }
        #expect(shown(grouped) == 1, "\(grouped)")
        #expect(shown(all) == 3, "\(all)")
        // Still one group: the name shows once.
        #expect(all.components(separatedBy: "Ada").count == grouped.components(separatedBy: "Ada").count)
    }

    /// In HTML every message, its time shown or not, carries its full moment as a tooltip, and
    /// every `<time>` the moment with seconds (machine-readable) and the same tooltip.
    @Test func htmlTooltipsGiveSecondsAndZone() throws {
        var options = RenderOptions(timeZone: TimeZone(identifier: "Europe/Paris")!)
        let html = SampleTranscripts.renderInMemory(try Self.group(), as: .html, options: options)
        for (index, time) in ["11:00:05", "11:00:20", "11:00:47"].enumerated() {
            #expect(
                html.contains("id=\"m-m\(index)\" aria-label=\"Ada, 2026-06-01 11:00\" title=\"Monday, Jun 1, 2026, \(time) UTC+02:00\">"),
                "\(html)")
        }
        #expect(html.contains("<time datetime=\"2026-06-01T09:00:47Z\" title=\"Monday, Jun 1, 2026, 11:00:47 UTC+02:00\">11:00</time>"))
        options.timestamps = .all
        let all = SampleTranscripts.renderInMemory(try Self.group(), as: .html, options: options)
        #expect(all.contains("<time datetime=\"2026-06-01T09:00:05Z\" title=\"Monday, Jun 1, 2026, 11:00:05 UTC+02:00\">11:00</time>"))
    }
}
