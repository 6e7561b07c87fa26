import Foundation
import Testing
import Scrollback

/// The README's "library in five lines", kept compiling and working.
@Suite struct ReadmeExampleTests {
    @Test func fiveLines() throws {
        let sink = OutputSink.memory()
        // --- as in the README, with the sample's path and an in-memory sink ---
        let options = RenderOptions(timeZone: TimeZone(identifier: "Europe/Paris")!, locale: Locale(identifier: "en_GB"))
        var backend = HTMLBackend(output: sink, options: options)
        try TranscriptRenderer(options: options).render(path: SampleTranscripts.path("launch-room.json"), to: &backend)
        // ---
        let html = sink.capturedText
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<h1 class=\"sb-title\">Launch room 🚀</h1>"))
        #expect(html.contains(">09:01<"), "times in the chosen zone (08:01 UTC)")
        #expect(html.hasSuffix("</html>\n"))
    }
}
