import CmarkOracle
import Foundation

extension Oracles {
    /// Read back by cmark (with GFM's syntax off: what any CommonMark reader sees), Scrollback's
    /// Markdown has no raw HTML and no link or image whose destination has a scheme outside
    /// `http`, `https`, `mailto` and `tel`: a message cannot add markup or a `javascript:` link
    /// to the document.
    static func checkMarkdown(_ markdown: String) throws(Broken) {
        guard let document = cmark_parse_document(markdown, markdown.utf8.count, CMARK_OPT_DEFAULT) else {
            throw Broken("cmark could not parse the Markdown")
        }
        defer { cmark_node_free(document) }
        guard let iterator = cmark_iter_new(document) else { return }
        defer { cmark_iter_free(iterator) }
        var anchorOpen = false
        while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
            // Only entering events: leaving one would see the same node twice.
            guard cmark_iter_get_event_type(iterator) == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_HTML_BLOCK, CMARK_NODE_HTML_INLINE:
                let literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
                // An HTML block holds the whole anchor; inline, cmark gives its two tags apart.
                let trimmed = literal.trimmingCharacters(in: .whitespacesAndNewlines)
                if trimmed == "<!-- end list -->" {
                    // cmark's own, between two lists that would otherwise read as one.
                    continue
                } else if trimmed == "</a>" && anchorOpen {
                    anchorOpen = false
                } else if isAnchor(trimmed + (trimmed.hasSuffix("</a>") ? "" : "</a>")) {
                    anchorOpen = !trimmed.hasSuffix("</a>")
                } else {
                    throw Broken("raw HTML in the Markdown: \(literal.prefix(200))")
                }
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                let destination = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
                if let scheme = scheme(of: destination), !["http", "https", "mailto", "tel"].contains(scheme) {
                    throw Broken("a Markdown link to \(destination)")
                }
            default:
                break
            }
        }
    }

    /// The one piece of HTML Scrollback writes into Markdown: an empty anchor that a contents
    /// link or a quote jumps to, `<a id="channel-1"></a>`, its id without markup characters.
    static func isAnchor(_ literal: String) -> Bool {
        let trimmed = literal.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.hasPrefix("<a id=\""), trimmed.hasSuffix("\"></a>") else { return false }
        let id = trimmed.dropFirst(7).dropLast(6)
        return !id.contains { "\"<>&'`".contains($0) || $0.isNewline }
    }
}
