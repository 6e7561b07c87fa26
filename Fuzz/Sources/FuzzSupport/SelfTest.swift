import Scrollback

extension Oracles {
    /// Outputs that break a promise, each of which its oracle must catch, and outputs that keep
    /// them all, which it must let pass: an oracle that passes everything would find nothing.
    static let cases: [(OutputFormat, String, broken: Bool)] = [
        (.ansi, "\u{1B}[1;38;2;1;2;3mhi\u{1B}[0m \u{1B}]8;;https://e.org/\u{1B}\\link\u{1B}]8;;\u{1B}\\\n", false),
        (.ansi, "a\u{1B}]0;title\u{07}", true),
        (.ansi, "clear\u{1B}[2J", true),
        (.ansi, "c1 \u{9B}31m", true),
        (.ansi, "bell\u{07}", true),
        (.ansi, "\u{1B}]8;;https://e.org/\u{07}x\u{1B}]8;;\u{1B}\\", true),
        (
            .html,
            "<!DOCTYPE html><html><body><p class=\"a\">x &lt; y</p><a href=\"https://e.org/?a=1&amp;b\">l</a>"
                + "<img src=\"media/a.png\" alt=\"\"><script>if (a < b) {}</script></body></html>", false
        ),
        (.html, "<p onclick=\"x\">", true),
        (.html, "<iframe src=\"https://e.org\">", true),
        (.html, "<a href=\"java&#115;cript:x\">", true),
        (.html, "<a href=\" jav\tascript:x\">", true),
        (.html, "<!-- x -->", true),
        (.html, "<img src=x>", true),
        (.html, "<div style=\"background:url(x)\">", true),
        (.html, "<script></script><script></script>", true),
        (.markdown, "**x** [a](https://e.org) <a id=\"m-1\"></a>\n\n- a\n\n<!-- end list -->\n\n- b\n", false),
        (.markdown, "<b>x</b>\n", true),
        (.markdown, "[a](javascript:x)\n", true),
        (.markdown, "<!-- c -->\n", true),
    ]

    /// Checks every case; run at each target's start, so that CI proves the oracles work.
    public static func selfTest() {
        for (format, output, broken) in cases where (problem(in: output, as: format) != nil) != broken {
            finding("the \(format) oracle \(broken ? "lets pass" : "refuses") \(output.debugDescription)")
        }
    }
}
