/// HTML laid out for reading in a diff: every block element on a line of its own, so that one
/// changed word changes one short line, not a whole message. The layout is the snapshot's, not
/// the product's; text, attributes and the contents of `<pre>` are left exactly as they are.
enum HTMLSnapshotLayout {
    /// Elements that start a line; the containers among them also end one.
    private static let blocks: Set<String> = [
        "article", "header", "footer", "main", "section", "div", "p", "blockquote", "dl", "dt", "dd", "ul", "ol", "li",
        "h1", "h2", "h3", "h4", "h5", "h6", "details", "summary", "pre", "hr", "table", "tr", "td", "th",
    ]
    private static let containers: Set<String> = [
        "article", "header", "footer", "main", "section", "div", "blockquote", "dl", "ul", "ol", "details", "table", "tr",
    ]

    /// `html` with a line break before each block element's tag. Messages escape `<` in text and
    /// attributes, so every `<` starts a tag.
    static func format(_ html: String) -> String {
        var result = ""
        result.reserveCapacity(html.utf8.count + html.utf8.count / 8)
        var insidePre = false
        var index = html.startIndex
        while index < html.endIndex {
            let character = html[index]
            if character == "<", let name = tagName(in: html, at: index) {
                let closing = html[html.index(after: index)] == "/"
                if !insidePre, blocks.contains(name), !closing || containers.contains(name), !result.isEmpty, result.last != "\n" {
                    result.append("\n")
                }
                if name == "pre" { insidePre = !closing }
            }
            result.append(character)
            index = html.index(after: index)
        }
        return result
    }

    /// The lower-cased element name of the tag starting at `start` (`<div ...>`, `</div>`).
    private static func tagName(in html: String, at start: String.Index) -> String? {
        var index = html.index(after: start)
        if index < html.endIndex, html[index] == "/" { index = html.index(after: index) }
        var name = ""
        while index < html.endIndex, html[index].isLetter || html[index].isNumber {
            name.append(html[index])
            index = html.index(after: index)
        }
        return name.isEmpty ? nil : name.lowercased()
    }
}
