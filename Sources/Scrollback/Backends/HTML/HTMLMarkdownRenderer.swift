import Foundation

/// Writes a ``MarkdownDocument`` as HTML, escaping every string itself (cmark's HTML renderer
/// is not used: the escaping and the URL policy are ours).
///
/// The message's text never shapes the page: headings become styled paragraphs (the outline of
/// the document belongs to the transcript), raw HTML is shown as text, links and images must
/// pass ``URLPolicy``, and nesting deeper than ``maximumDepth`` is flattened so that hostile
/// input cannot make the browser build absurdly deep markup.
struct HTMLMarkdownRenderer {
    /// `false` inside an `<a>` (a quote that links to its message): nested links would be torn
    /// apart by the HTML parser, so links there keep only their text.
    var allowsLinks = true

    /// `false` writes each image as a labelled link instead of an `<img>`, so nothing is fetched
    /// (``HTMLOptions/remoteMedia``).
    var embedsImages = true

    /// The glyph in front of an image placeholder.
    var placeholderIcon = "📷"

    /// What a screen reader says for a task item's box, ticked or not.
    var taskLabels = (done: "done", notDone: "not done")

    /// Deeper nesting is written without its wrappers (the text stays).
    static let maximumDepth = 32

    static let linkRelation = "noopener noreferrer nofollow"

    func write(_ document: MarkdownDocument, to output: inout BackendOutput) {
        writeBlocks(document.blocks, tight: false, depth: 0, to: &output)
    }

    // MARK: Blocks

    private func writeBlocks(
        _ blocks: [MarkdownBlock], tight: Bool, depth: Int,
        to output: inout BackendOutput
    ) {
        for (index, block) in blocks.enumerated() {
            if index > 0 { output.write(literal: "\n") }
            writeBlock(block, tight: tight, depth: depth, to: &output)
        }
    }

    private func writeBlock(
        _ block: MarkdownBlock, tight: Bool, depth: Int,
        to output: inout BackendOutput
    ) {
        switch block {
        case .paragraph(let inlines):
            if tight {
                writeInlines(inlines, depth: depth, to: &output)
            } else {
                output.write(literal: "<p>")
                writeInlines(inlines, depth: depth, to: &output)
                output.write(literal: "</p>")
            }
        case .heading(let level, let inlines):
            output.write("<p class=\"sb-heading sb-heading-\(min(max(level, 1), 6))\">")
            writeInlines(inlines, depth: depth, to: &output)
            output.write(literal: "</p>")
        case .blockQuote(let blocks):
            guard depth < Self.maximumDepth else {
                return writeBlocks(blocks, tight: false, depth: depth, to: &output)
            }
            output.write(literal: "<blockquote>")
            writeBlocks(blocks, tight: false, depth: depth + 1, to: &output)
            output.write(literal: "</blockquote>")
        case .list(let start, let isTight, let items):
            writeList(start: start, tight: isTight, items: items, depth: depth, to: &output)
        case .codeBlock(let info, let code):
            output.write(literal: "<pre><code")
            if let language = info.split(whereSeparator: { $0 == " " || $0 == "\t" }).first {
                output.write(" class=\"language-\(HTMLEscaping.identifier(String(language), fallback: "text"))\"")
            }
            output.write(literal: ">")
            HTMLEscaping.write(code, as: .lines, to: &output)
            output.write(literal: "</code></pre>")
        case .htmlBlock(let html):
            output.write(literal: "<p class=\"sb-raw-html\">")
            HTMLEscaping.write(html.hasSuffix("\n") ? String(html.dropLast()) : html, as: .lines, to: &output)
            output.write(literal: "</p>")
        case .thematicBreak:
            output.write(literal: "<hr>")
        case .table(let table):
            writeTable(table, depth: depth, to: &output)
        }
    }

    /// A pipe table in a container that scrolls sideways on its own, so that a wide table
    /// never widens the page; alignment is a class, the page allowing no `style` attributes.
    private func writeTable(_ table: MarkdownTable, depth: Int, to output: inout BackendOutput) {
        // Written in pieces: a tag made by interpolation cost a string built for every cell.
        func writeRow(_ cells: [[MarkdownInline]], isHeader: Bool) {
            output.write(literal: "<tr>")
            for (cell, alignment) in zip(cells, table.alignments) {
                output.write(isHeader ? "<th" : "<td")
                switch alignment {
                case .none: break
                case .left: output.write(literal: " class=\"sb-align-left\"")
                case .center: output.write(literal: " class=\"sb-align-center\"")
                case .right: output.write(literal: " class=\"sb-align-right\"")
                }
                output.write(literal: ">")
                writeInlines(cell, depth: depth + 1, to: &output)
                output.write(isHeader ? "</th>" : "</td>")
            }
            output.write(literal: "</tr>\n")
        }
        output.write(literal: "<div class=\"sb-table\" tabindex=\"0\"><table>\n<thead>")
        writeRow(table.header, isHeader: true)
        output.write(literal: "</thead>")
        if !table.rows.isEmpty {
            output.write(literal: "\n<tbody>")
            for row in table.rows { writeRow(row, isHeader: false) }
            output.write(literal: "</tbody>")
        }
        output.write(literal: "\n</table></div>")
    }

    private func writeList(
        start: Int?, tight: Bool, items: [[MarkdownBlock]], depth: Int,
        to output: inout BackendOutput
    ) {
        guard depth < Self.maximumDepth else {
            for item in items { writeBlocks(item, tight: false, depth: depth, to: &output) }
            return
        }
        let closing: String
        if let start {
            output.write(start == 1 ? "<ol>" : "<ol start=\"\(start)\">")
            closing = "</ol>"
        } else {
            output.write(literal: "<ul>")
            closing = "</ul>"
        }
        for item in items {
            // A task item shows its box where the bullet would be.
            if case .paragraph(let inlines)? = item.first, case .checkbox? = inlines.first {
                output.write(literal: "\n<li class=\"sb-task-item\">")
                writeBlocks(item, tight: tight, depth: depth + 1, to: &output)
                output.write(literal: "</li>")
                continue
            }
            output.write(literal: "\n<li>")
            writeBlocks(item, tight: tight, depth: depth + 1, to: &output)
            output.write(literal: "</li>")
        }
        output.write(literal: "\n")
        output.write(closing)
    }

    // MARK: Inlines

    private func writeInlines(_ inlines: [MarkdownInline], depth: Int, to output: inout BackendOutput) {
        for inline in inlines { writeInline(inline, depth: depth, to: &output) }
    }

    private func writeInline(_ inline: MarkdownInline, depth: Int, to output: inout BackendOutput) {
        switch inline {
        case .text(let text), .html(let text):
            HTMLEscaping.write(text, as: .lines, to: &output)
        case .code(let code):
            output.write(literal: "<code>")
            HTMLEscaping.write(code, as: .lines, to: &output)
            output.write(literal: "</code>")
        case .emphasis(let children):
            writeWrapped("em", children, depth: depth, to: &output)
        case .strong(let children):
            writeWrapped("strong", children, depth: depth, to: &output)
        case .strikethrough(let children):
            writeWrapped("del", children, depth: depth, to: &output)
        case .checkbox(let checked):
            // A picture of the box, not a form control: a transcript cannot tick it.
            output.write(
                checked
                    ? "<span class=\"sb-task sb-task-done\" role=\"img\" aria-label=\""
                    : "<span class=\"sb-task\" role=\"img\" aria-label=\"")
            HTMLEscaping.write(checked ? taskLabels.done : taskLabels.notDone, to: &output)
            output.write(checked ? "\">☑</span> " : "\">☐</span> ")
        case .link(let destination, let title, let children):
            guard allowsLinks, depth < Self.maximumDepth, let url = URLPolicy.sanitize(destination) else {
                return writeInlines(children, depth: depth + 1, to: &output)
            }
            output.write(Self.labelShowsURL(children.plainText, url: url) ? "<a href=\"" : "<a class=\"\(Self.printsTargetClass)\" href=\"")
            HTMLEscaping.write(url, as: .url, to: &output)
            output.write(literal: "\"")
            if !title.isEmpty {
                output.write(literal: " title=\"")
                HTMLEscaping.write(title, as: .lines, to: &output)
                output.write(literal: "\"")
            }
            output.write(" rel=\"\(Self.linkRelation)\">")
            var inner = self
            inner.allowsLinks = false
            inner.writeInlines(children, depth: depth + 1, to: &output)
            output.write(literal: "</a>")
        case .image(let source, let title, let alt):
            writeImage(source: source, title: title, alt: alt.plainText, to: &output)
        case .mention(_, let text):
            // A mention is a name: a field.
            output.write(literal: "<span class=\"sb-mention\">")
            HTMLEscaping.write(TextControls.field(text), to: &output)
            output.write(literal: "</span>")
        case .softBreak, .lineBreak:
            // Chat clients show every line break the sender typed, not only hard breaks.
            output.write(literal: "<br>\n")
        }
    }

    private func writeWrapped(
        _ element: String, _ children: [MarkdownInline], depth: Int,
        to output: inout BackendOutput
    ) {
        guard depth < Self.maximumDepth else { return writeInlines(children, depth: depth, to: &output) }
        output.write("<\(element)>")
        writeInlines(children, depth: depth + 1, to: &output)
        output.write("</\(element)>")
    }

    private func writeImage(source: String, title: String, alt: String, to output: inout BackendOutput) {
        let label = Self.imageLabel(alt)
        guard let url = URLPolicy.sanitize(source) else {
            output.write(literal: "<span class=\"sb-image sb-image-missing\">")
            HTMLEscaping.write(label, to: &output)
            output.write(literal: "</span>")
            return
        }
        guard embedsImages else {
            return Self.writePlaceholder(
                label: label, details: "", link: allowsLinks ? url : nil, icon: placeholderIcon,
                to: &output)
        }
        Self.writeImageFrame(picture: url, label: label, details: "", link: nil, icon: placeholderIcon, title: title, to: &output)
    }

    /// An image that is not loaded: a glyph, its label and `details` (its size), linked to
    /// `link`, an allowed URL, when there is one. Links fetch nothing until followed. A
    /// non-empty `note` (an offline archive's "not saved: HTTP 404") is drawn as a warning.
    static func writePlaceholder(
        label: String, details: String, link: String?, icon: String, note: String = "",
        to output: inout BackendOutput
    ) {
        if let link {
            // Print writes where an image or video is after its card, as it does for a file.
            output.write(
                labelShowsURL(label, url: link)
                    ? "<a class=\"sb-image sb-image-placeholder\" href=\""
                    : "<a class=\"sb-image sb-image-placeholder \(printsTargetClass)\" href=\"")
            HTMLEscaping.write(link, as: .url, to: &output)
            output.write("\" rel=\"\(linkRelation)\">")
        } else {
            output.write(literal: "<span class=\"sb-image sb-image-placeholder\">")
        }
        writePlaceholderContent(label: label, details: details, icon: icon, to: &output)
        if !note.isEmpty { writeNotSavedNote(note, to: &output) }
        output.write(link == nil ? "</span>" : "</a>")
    }

    /// An image drawn over the card ``writePlaceholder(label:details:link:icon:to:)`` draws: the
    /// card is there from the first paint, and `picture` (an allowed URL) covers it once loaded.
    /// A picture that fails draws nothing, and the card stays, because the `<img>` has empty alt
    /// text and no size of its own (Chromium paints its broken-image icon in any box an `<img>`
    /// is given, `width` and `height` attributes included). The card's text is the image's one
    /// accessible name. `playable` adds a play mark, shown only over a loaded picture.
    static func writeImageFrame(
        picture: String, label: String, details: String, link: String?, icon: String, title: String = "",
        playable: Bool = false, to output: inout BackendOutput
    ) {
        if let link {
            output.write(
                labelShowsURL(label, url: link)
                    ? "<a class=\"sb-image sb-image-frame\" href=\"" : "<a class=\"sb-image sb-image-frame \(printsTargetClass)\" href=\"")
            HTMLEscaping.write(link, as: .url, to: &output)
            output.write("\" rel=\"\(linkRelation)\"")
        } else {
            output.write(literal: "<span class=\"sb-image sb-image-frame\"")
        }
        if !title.isEmpty {
            output.write(literal: " title=\"")
            HTMLEscaping.write(title, as: .lines, to: &output)
            output.write(literal: "\"")
        }
        output.write(literal: "><span class=\"sb-image-placeholder\">")
        writePlaceholderContent(label: label, details: details, icon: icon, to: &output)
        output.write(literal: "</span><span class=\"sb-image-picture\"><img src=\"")
        HTMLEscaping.write(picture, as: .url, to: &output)
        output.write(literal: "\" alt=\"\" loading=\"lazy\" decoding=\"async\">")
        if playable { output.write(literal: "<span class=\"sb-play\"></span>") }
        output.write(link == nil ? "</span></span>" : "</span></a>")
    }

    /// The mark of a medium an offline archive did not save (`not saved: HTTP 404`), so that a
    /// card still pointing at a URL that may have expired is not read as a kept copy.
    static func writeNotSavedNote(_ note: String, to output: inout BackendOutput) {
        output.write(literal: " <span class=\"sb-not-saved\">")
        HTMLEscaping.write(note, to: &output)
        output.write(literal: "</span>")
    }

    /// The card's glyph, label and details.
    private static func writePlaceholderContent(
        label: String, details: String, icon: String, to output: inout BackendOutput
    ) {
        output.write(literal: "<span class=\"sb-icon\" aria-hidden=\"true\">")
        HTMLEscaping.write(icon, to: &output)
        output.write(literal: "</span> <span class=\"sb-image-label\">")
        HTMLEscaping.write(label, to: &output)
        output.write(literal: "</span>")
        if !details.isEmpty {
            output.write(literal: " <span class=\"sb-image-details\">")
            HTMLEscaping.write(details, to: &output)
            output.write(literal: "</span>")
        }
    }

    /// The class of a link whose label does not show where it goes: print writes the target
    /// after it, so the destination is not lost on paper.
    static let printsTargetClass = "sb-print-target"

    /// Whether `label` already reads as `url` (an autolink, a pasted address), so printing the
    /// target after it would only repeat it. Scheme, `www.`, case and a final slash aside.
    /// Relative links (a split document's other pages) count as shown: on paper their target
    /// says nothing a reader can follow.
    static func labelShowsURL(_ label: String, url: String) -> Bool {
        // A URL with no scheme before its first slash is relative. (On the bytes: the string's
        // own UTF-8 view cost a few hundred instructions a link to say so.)
        let isRelative = url.withUTF8Bytes { bytes in
            guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return true }
            return bytes[..<colon].contains(UInt8(ascii: "/"))
        }
        if isRelative || label == url { return true }
        return asciiLabelShowsURL(label, url: url) ?? unicodeLabelShowsURL(label, url: url)
    }

    /// ``labelShowsURL(_:url:)`` past its first checks, character by character.
    static func unicodeLabelShowsURL(_ label: String, url: String) -> Bool {
        // Runs once per link: Foundation's trimming and percent decoding only where they can matter.
        func core(_ text: String) -> Substring {
            let scalars = text.unicodeScalars
            let needsTrim = scalars.first?.properties.isWhitespace == true || scalars.last?.properties.isWhitespace == true
            var text = Substring((needsTrim ? text.trimmingWhitespace() : text).lowercased())
            for prefix in ["https://", "http://", "mailto:", "tel:"] where text.hasPrefix(prefix) {
                text = text.dropFirst(prefix.count)
                break
            }
            if text.hasPrefix("www.") { text = text.dropFirst(4) }
            while text.hasSuffix("/") { text = text.dropLast() }
            return text
        }
        let shown = core(label)
        guard !shown.isEmpty else { return false }
        let target = core(url)
        if shown == target { return true }
        if url.containsUTF8(UInt8(ascii: "%")), let decoded = url.removingPercentEncoding, shown == core(decoded) { return true }
        // A phone number as people write it: "+44 17687 72645" for tel:+441768772645.
        guard url.utf8.starts(with: "tel:".utf8) else { return false }
        return shown.utf8.lazy.filter { !isPhoneSpacing($0) }.elementsEqual(target.utf8.lazy.filter { !isPhoneSpacing($0) })
    }

    /// ``unicodeLabelShowsURL(_:url:)`` for a label and URL of ASCII only, where characters
    /// are bytes: the same steps on the bytes, without making strings. `nil` when either holds
    /// other characters, or the URL has percent-encoding to decode.
    static func asciiLabelShowsURL(_ label: String, url: String) -> Bool? {
        label.withUTF8Bytes { label in url.withUTF8Bytes { url in asciiLabelShowsURL(label, url: url) } }
    }

    private static let schemePrefixes = ["https://", "http://", "mailto:", "tel:"].map { Array($0.utf8) }
    private static let webPrefix = Array("www.".utf8)

    // Plain loops over the bytes: key paths, lazy maps and a nested function changing the
    // caller's bounds cost about two thousand instructions a link.
    private static func asciiLabelShowsURL(_ label: UnsafeBufferPointer<UInt8>, url: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard label.allSatisfy({ $0 < 0x80 }), url.allSatisfy({ $0 < 0x80 }) else { return nil }
        let shown = core(label)
        guard !shown.isEmpty else { return false }
        let target = core(url)
        if equalIgnoringCase(label[shown], url[target]) { return true }
        if url.contains(UInt8(ascii: "%")) { return nil }
        guard url.starts(with: "tel:".utf8) else { return false }
        return label[shown].lazy.filter { !isPhoneSpacing($0) }.map { $0.asciiLowercased }
            .elementsEqual(url[target].lazy.filter { !isPhoneSpacing($0) }.map { $0.asciiLowercased })
    }

    /// The place in `bytes` left once spaces, scheme, `www.` and final slashes are cut off;
    /// case is ignored from here on.
    private static func core(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        for scheme in schemePrefixes where hasPrefix(scheme, in: bytes, from: start, to: end) {
            start += scheme.count
            break
        }
        if hasPrefix(webPrefix, in: bytes, from: start, to: end) { start += webPrefix.count }
        while end > start, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        return start..<end
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

    /// Whether `bytes[start..<end]` starts with `prefix`, which is lower case, in any case.
    private static func hasPrefix(_ prefix: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        guard end - start >= prefix.count else { return false }
        for offset in prefix.indices where bytes[start + offset].asciiLowercased != prefix[offset] { return false }
        return true
    }

    private static func equalIgnoringCase(_ first: Slice<UnsafeBufferPointer<UInt8>>, _ second: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard first.count == second.count else { return false }
        for (a, b) in zip(first, second) where a.asciiLowercased != b.asciiLowercased { return false }
        return true
    }

    /// What people put between a phone number's digits, "+44 (0)17687 72645": all ASCII, so
    /// dropped byte by byte.
    private static func isPhoneSpacing(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")")
            || byte == UInt8(ascii: ".")
    }

    /// Alternative text for an image: `alt` trimmed, or "Image" when nothing is left. Trimming
    /// goes through Foundation only when an end of the string is not plainly visible, which
    /// keeps the common case cheap.
    static func imageLabel(_ alt: String) -> String {
        if let first = alt.utf8.first, let last = alt.utf8.last, first > 0x20, first < 0x7F, last > 0x20, last < 0x7F {
            return alt
        }
        let trimmed = alt.trimmingWhitespace()
        return trimmed.isEmpty ? "Image" : trimmed
    }
}
