import Foundation
import Testing

@testable import Scrollback

/// OSC 8 hyperlinks in terminal output: only for allowed URLs, with printable targets, and the
/// real host always visible beside a label that is not the URL itself.
@Suite struct HyperlinkTests {
    /// `ESC ] 8 ; ; target ESC \`, capturing the target.
    static var osc8: Regex<(Substring, Substring)> { #/\x1B\]8;;([^\x1B\x07]*)\x1B\\/# }

    private func render(_ views: [ViewNode], hyperlinks: Bool = true, depth: ANSIOptions.ColorDepth = .trueColor, width: Int = 80) -> String
    {
        var options = RenderOptions()
        options.ansi.width = width
        options.ansi.colorDepth = depth
        options.ansi.hyperlinks = hyperlinks
        var backend = ANSIBackend(output: "", options: options)
        for view in views { backend.write(view) }
        return backend.output
    }

    private func markdown(_ text: String) -> ViewNode {
        .markdown(ChatMarkdown.parse(text, mentionedUsers: []))
    }

    @Test func linkLabelIsWrappedInOSC8AndTheHostShown() {
        let output = render([.link(destination: "https://real.example/pay?x=1", label: .text("click here"))])
        #expect(output.contains("\u{1B}]8;;https://real.example/pay?x=1\u{1B}\\"))
        let visible = Self.visible(output)
        #expect(visible == "click here <real.example>\n")
        #expect(output.matches(of: Self.osc8).count % 2 == 0, "every link is closed")
    }

    @Test func labelPretendingToBeAnotherURLStillShowsTheRealHost() {
        let output = render([markdown("[https://bank.example/login](https://evil.example/steal)")])
        #expect(Self.visible(output).contains("https://bank.example/login <evil.example>"))
        let targets = output.matches(of: Self.osc8).map { String($0.output.1) }.filter { !$0.isEmpty }
        #expect(targets.allSatisfy { $0 == "https://evil.example/steal" })
    }

    @Test func bareURLIsLinkedWithoutRepeatingIt() {
        let output = render([markdown("see https://docs.example.org/a for more")])
        #expect(Self.visible(output) == "see https://docs.example.org/a for more\n")
        #expect(output.contains("\u{1B}]8;;https://docs.example.org/a\u{1B}\\"))
    }

    @Test func refusedURLsGetNoHyperlink() {
        let output = render([
            markdown("[x](javascript:alert(1)) [y](data:text/html,hi)"),
            .link(destination: "file:///etc/passwd", label: .text("z")),
        ])
        #expect(!output.contains("\u{1B}]8"))
    }

    @Test func withoutHyperlinksTheOutputIsUnchanged() {
        let views = [
            markdown("[docs](https://docs.example.org/a) and mailto:x@example.org"),
            ViewNode.link(destination: "https://real.example/", label: .text("label")),
        ]
        let off = render(views, hyperlinks: false)
        #expect(!off.contains("\u{1B}]8"))
        #expect(Self.visible(off).contains("docs <docs.example.org>[1]"), "the host and a reference without hyperlinks")
        #expect(Self.visible(off).contains("[1] https://docs.example.org/a"), "the whole URL in the list")
        #expect(Self.visible(render(views, hyperlinks: true)).contains("docs <docs.example.org>"))
    }

    /// A listed URL is never broken by the layout: copying or clicking a piece would get a
    /// truncated URL. The terminal wraps it; the bubble above keeps its width.
    @Test func listedURLsAreWholeOnALineOfTheirOwn() {
        let long = "https://files.example.org/" + String(repeating: "segment/", count: 20) + "report.pdf"
        let output = Self.visible(render([markdown("[the report](\(long)) is ready")], hyperlinks: false, width: 40))
        let lines = output.split(separator: "\n")
        #expect(lines.contains("[1] " + long))
        #expect(lines.filter { !$0.hasPrefix("[1]") }.allSatisfy { DisplayWidth.of($0) <= 40 })
    }

    /// A signed CDN URL lists its query as `?…`; the fragment and an unsigned query stay; the
    /// full choice keeps every character.
    @Test func signedQueriesAreShortenedInTheList() {
        let signed = "https://cdn.example.net/f/a.png?Expires=1700000000&Signature=QUJDREVGRw~~&Key-Pair-Id=K1"
        #expect(ANSILayout.listed(signed) == "https://cdn.example.net/f/a.png?…")
        #expect(ANSILayout.listed("https://s3.example.com/b/k?X-Amz-Date=1&X-Amz-Signature=ff#p") == "https://s3.example.com/b/k?…#p")
        #expect(ANSILayout.listed("https://x.example/a?sv=1&sig=abc") == "https://x.example/a?…")
        #expect(ANSILayout.listed("https://x.example/search?q=signature&page=2") == "https://x.example/search?q=signature&page=2")
        #expect(ANSILayout.listed("https://x.example/a#Signature=1") == "https://x.example/a#Signature=1")
        let views = [markdown("[pic](\(signed))")]
        #expect(Self.visible(render(views, hyperlinks: false)).contains("[1] https://cdn.example.net/f/a.png?…\n"))
        var options = RenderOptions()
        options.ansi.urls = .full
        var backend = ANSIBackend(output: "", options: options)
        for view in views { backend.write(view) }
        let inPlace = backend.output.replacingOccurrences(of: "\n", with: "")
        #expect(inPlace.contains("<" + signed + ">"), "--urls full keeps all, in place")
        #expect(render(views, hyperlinks: true).contains("\u{1B}]8;;" + signed + "\u{1B}\\"), "the link's target is whole")
    }

    @Test func targetsArePrintableASCII() {
        #expect(Hyperlink.terminalSafe("https://example.org/a b") == "https://example.org/a%20b")
        #expect(Hyperlink.terminalSafe("https://例え.jp/é") == "https://%E4%BE%8B%E3%81%88.jp/%C3%A9")
        #expect(Hyperlink.terminalSafe("https://x.example/\u{1B}\\\u{07}") == "https://x.example/%1B\\%07")
        #expect(Hyperlink.host(of: "https://user:pw@Host.example:8080/p?q#f") == "Host.example:8080")
        #expect(Hyperlink.host(of: "mailto:a@example.org") == nil)
    }

    @Test func linkBrokenAcrossLinesIsClosedOnEachLine() {
        let output = render(
            [markdown("[a long label that wraps over several short lines](https://example.org/long)")],
            width: 20)
        for line in output.split(separator: "\n") {
            let count = line.matches(of: Self.osc8).count
            #expect(count % 2 == 0, "\(line)")
        }
        #expect(Self.visible(output).split(separator: "\n").allSatisfy { DisplayWidth.of($0) <= 20 })
    }

    @Test func hostileSampleShowsOnlyOurOwnSequences() throws {
        var options = RenderOptions()
        options.ansi.colorDepth = .trueColor
        options.ansi.hyperlinks = true
        let (ansi, _) = try SampleTranscripts.render("hostile.json", as: .ansi, options: options)
        let targets = ansi.matches(of: Self.osc8).map { String($0.output.1) }.filter { !$0.isEmpty }
        #expect(!targets.isEmpty)
        for target in targets {
            #expect(URLPolicy.sanitize(target) == target, "\(target)")
            #expect(["http:", "https:", "mailto:", "tel:"].contains { target.lowercased().hasPrefix($0) }, "\(target)")
            #expect(target.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }, "\(target)")
            #expect(!target.contains("evil.example"), "the message's own OSC 8 link is text, not a link")
        }
        #expect(ansi.contains("␛]8;;https://evil.example"), "shown visibly")
        let remaining = Self.visible(ansi)
        for scalar in remaining.unicodeScalars {
            let value = scalar.value
            let isControl = (value < 0x20 && scalar != "\n") || value == 0x7F || (0x80...0x9F).contains(value)
            let isBidi = (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) || value == 0x200E || value == 0x200F
            #expect(!isControl && !isBidi, "U+\(String(value, radix: 16)) reached the terminal")
        }
    }

    /// The text with Scrollback's own SGR and OSC 8 sequences removed.
    static func visible(_ text: String) -> String {
        text.replacing(#/\x1B\[[0-9;]*m/#, with: "").replacing(osc8, with: "")
    }
}
