import Foundation
import Scrollback

/// Renders an input the way `scrollback render` does (an index pass, then the rendering) in
/// every format and the options that draw the most, and checks each output with ``Oracles``.
public enum Rendering {
    /// The outputs checked: HTML with its search bar, bubbles at 40 columns in 24-bit colour
    /// with hyperlinks, the compact style at 100 in 16 colours, and Markdown.
    static let variants: [(OutputFormat, @Sendable (inout RenderOptions) -> Void)] = [
        (.html, { $0.html.search = true }),
        (
            .ansi,
            {
                $0.ansi.width = 40
                $0.ansi.colorDepth = .trueColor
                $0.ansi.hyperlinks = true
            }
        ),
        (
            .ansi,
            {
                $0.ansi.width = 100
                $0.ansi.colorDepth = .ansi16
                $0.ansi.style = .compact
            }
        ),
        (.markdown, { _ in }),
    ]

    /// Renders `input` in every variant, checks the outputs, and checks that reading it alone
    /// (what `validate` does) fails exactly when rendering it fails.
    public static func checkEveryFormat(_ input: [UInt8], theme: Theme = .default, me: String? = "u1") {
        let readingFails = readFails(input)
        for (format, configure) in variants {
            var options = RenderOptions(timeZone: TimeZone(identifier: "UTC")!, locale: Locale(identifier: "en_US_POSIX"), theme: theme)
            options.currentUserID = me
            configure(&options)
            var backend = format.makeBackend(output: "", options: options)
            var renderingFails = false
            do {
                var first = TranscriptReader(bytes: input)
                let index = try TranscriptIndex(reading: &first)
                var reader = TranscriptReader(bytes: input)
                try TranscriptRenderer(options: options).render(&reader, index: index, to: &backend)
            } catch {
                renderingFails = true
            }
            if renderingFails != readingFails {
                finding(
                    "reading alone \(readingFails ? "fails" : "succeeds") but rendering \(format) \(renderingFails ? "fails" : "succeeds")")
            }
            Oracles.check(backend.output, as: format)
        }
    }

    /// Whether reading every event of `input` stops with an error.
    static func readFails(_ input: [UInt8]) -> Bool {
        var reader = TranscriptReader(bytes: input)
        do {
            while try reader.next() != nil {}
            return false
        } catch {
            return true
        }
    }
}
