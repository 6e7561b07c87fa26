import Testing

@testable import ScrollbackTesting

/// Snapshot HTML is laid out for diffs, and only laid out.
@Suite struct HTMLSnapshotLayoutTests {
    @Test func blockElementsStartLinesAndNothingElseChanges() {
        let html = #"<article class="a"><p>Hi <b>you</b> &lt;p&gt;</p><dl><dt>k</dt><dd>v</dd></dl></article>"#
        let laidOut = HTMLSnapshotLayout.format(html)
        #expect(laidOut == "<article class=\"a\">\n<p>Hi <b>you</b> &lt;p&gt;</p>\n<dl>\n<dt>k</dt>\n<dd>v</dd>\n</dl>\n</article>")
        #expect(laidOut.replacingOccurrences(of: "\n", with: "") == html)
    }

    @Test func preformattedTextKeepsItsLines() {
        let html = "<div><pre><code>a\n<div>not a tag, escaped in real output</div></code></pre><p>after</p></div>"
        #expect(
            HTMLSnapshotLayout.format(html)
                == "<div>\n<pre><code>a\n<div>not a tag, escaped in real output</div></code></pre>\n<p>after</p>\n</div>")
    }
}
