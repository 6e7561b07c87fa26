/// Turns the view tree into Markdown values for ``MarkdownBackend``.
///
/// Every text from a view lands in a text or code value, never in markup, so the CommonMark
/// renderer escapes it. The only output passed through as written is a ``ViewNode/RawOutput``'s
/// Markdown at the top level of an item (trusted app code, see ``ViewNode/raw(_:)``).
///
/// Every string from a view goes through ``line(_:)`` (one line, breaks shown as `↵`, a field's
/// blanks collapsed and its length cut) except message text: `.markdown` documents and `.text`
/// whose role allows line breaks, outside a link's label, and the one-line text of system and
/// error messages, shown whole. The renderer turns the line breaks left into hard breaks.
struct MarkdownViewConverter {
    /// A part of one item's output: values to render, or an app's own Markdown.
    enum Segment {
        case blocks([MarkdownBlock])
        case verbatim(String)
    }

    let theme: Theme
    /// The level of the last heading that opened a part of the document (the title's 1, a
    /// channel's 2): day separators are headings one level below it.
    var outlineLevel = 1

    // MARK: Top level

    /// The output for one top-level item of the transcript.
    func segments(for view: ViewNode) -> [Segment] {
        var segments: [Segment] = []
        appendSegments(for: view, to: &segments)
        return segments
    }

    private func appendSegments(for view: ViewNode, to segments: inout [Segment]) {
        switch view {
        case .raw(let raw) where raw[.markdown] != nil:
            segments.append(.verbatim(raw[.markdown] ?? ""))
        case .message(let frame) where !Self.isOneLine(frame):
            append(header(of: frame), to: &segments)
            for view in frame.body { appendSegments(for: view, to: &segments) }
            append(footer(of: frame), to: &segments)
        case .anchor(let id, let view):
            guard Anchor.isDocumentID(id) else { return appendSegments(for: view, to: &segments) }
            // The divider goes above the anchor, so that a link lands on the heading.
            if case .stack(.vertical, _, .channelHeader) = view { append([.thematicBreak], to: &segments) }
            segments.append(.verbatim("<a id=\"\(id)\"></a>"))
            appendChildren(of: view, to: &segments)
        case .stack(.vertical, _, .channelHeader):
            // A rule above each channel, as the other outputs draw one.
            append([.thematicBreak], to: &segments)
            appendChildren(of: view, to: &segments)
        case .stack(.vertical, _, .contentsList):
            append(blocks(for: view), to: &segments)
        case .stack(.vertical, let views, _):
            for view in views { appendSegments(for: view, to: &segments) }
        default:
            append(blocks(for: view), to: &segments)
        }
    }

    /// A vertical stack's children one by one, any other view as it is.
    private func appendChildren(of view: ViewNode, to segments: inout [Segment]) {
        guard case .stack(.vertical, let views, _) = view else { return appendSegments(for: view, to: &segments) }
        for view in views { appendSegments(for: view, to: &segments) }
    }

    private func append(_ blocks: [MarkdownBlock], to segments: inout [Segment]) {
        guard !blocks.isEmpty else { return }
        guard case .blocks(var previous)? = segments.last else { return segments.append(.blocks(blocks)) }
        // Taken out first, so that `previous` is the only reference and grows in place: building
        // a new array for every view would be quadratic in a message's number of attachments.
        segments.removeLast()
        previous += blocks
        segments.append(.blocks(previous))
    }

    // MARK: Blocks

    /// The blocks for a view inside some container.
    func blocks(for view: ViewNode) -> [MarkdownBlock] {
        switch view {
        case .empty, .avatar:
            return []
        case .stack(.horizontal, _, .documentSummary):
            // One emphasised line, as a document's small print reads.
            return emphasised(inlines(for: view))
        case .text, .link, .image, .icon, .time, .badge, .titled, .stack(.horizontal, _, _):
            return paragraph(inlines(for: view))
        case .markdown(let document):
            return document.blocks.map { Self.withoutLinksIntoTheDocument(Self.demotingHeadings($0)) }
        case .stack(.vertical, let views, .contentsList):
            // A bullet list, an entry per item.
            let items = views.map(blocks(for:)).filter { !$0.isEmpty }
            return items.isEmpty ? [] : [.list(start: nil, tight: true, items: items)]
        case .stack(.vertical, let views, _):
            return views.flatMap(blocks(for:))
        case .anchor(_, let view):
            return blocks(for: view)
        case .card(_, let views):
            // A block quote makes a card stand out from the message text around it.
            let content = views.flatMap(blocks(for:))
            return content.isEmpty ? [] : [.blockQuote(content)]
        case .fields(let fields):
            return fields.isEmpty ? [] : [fieldList(fields)]
        case .quote(_, let views):
            // No link back to the original: a Markdown file has no anchors to reach.
            return [.blockQuote(views.flatMap(blocks(for:)))]
        case .divider(let label):
            guard let label, !label.isEmpty else { return [.thematicBreak] }
            return [.heading(level: min(max(outlineLevel + 1, 2), 6), [line(label)])]
        case .heading(let level, let text):
            return [.heading(level: level, [line(text)])]
        case .message(let frame):
            guard !Self.isOneLine(frame) else { return oneLine(frame) }
            return header(of: frame) + frame.body.flatMap(blocks(for:)) + footer(of: frame)
        case .disclosure(let summary, let content):
            // The summary as an emphasised line, the content quoted under it.
            let inside = content.flatMap(blocks(for:))
            let summaryText = Self.joined(summary.map { inlines(for: $0) }, separator: " ").plainText
            return (summaryText.isEmpty ? [] : [.paragraph([.emphasis([line(summaryText)])])])
                + (inside.isEmpty ? [] : [.blockQuote(inside)])
        case .raw(let raw):
            // Nested in a container, the app's Markdown is parsed so that it stays inside it.
            if let markdown = raw[.markdown] { return CommonMark.parse(markdown).blocks }
            return blocks(for: raw.fallback)
        }
    }

    private func paragraph(_ inlines: [MarkdownInline]) -> [MarkdownBlock] {
        inlines.isEmpty ? [] : [.paragraph(inlines)]
    }

    // MARK: Messages

    /// System and deleted messages are one emphasised line.
    /// A sender's heading becomes a bold paragraph: the document's outline (channel, days)
    /// belongs to the transcript, not to message text.
    private static func demotingHeadings(_ block: MarkdownBlock) -> MarkdownBlock {
        switch block {
        case .heading(_, let inlines): return .paragraph([.strong(inlines)])
        case .blockQuote(let blocks): return .blockQuote(blocks.map(demotingHeadings))
        case .list(let start, let tight, let items): return .list(start: start, tight: tight, items: items.map { $0.map(demotingHeadings) })
        default: return block
        }
    }

    /// A message's block with its links and images to a fragment (`[x](#channel-2)`) made
    /// their text, as HTML and the terminal show them: message text never links into the
    /// document, whose anchors only the contents list points to (the renderer lets a fragment
    /// through for that, from a view's link). Every other link goes to the renderer, which
    /// refuses what ``URLPolicy`` refuses. Blocks without such a link are returned as they are.
    static func withoutLinksIntoTheDocument(_ block: MarkdownBlock) -> MarkdownBlock {
        switch block {
        case .paragraph(let content): return .paragraph(withoutFragmentLinks(content))
        case .heading(let level, let content): return .heading(level: level, withoutFragmentLinks(content))
        case .blockQuote(let blocks): return .blockQuote(blocks.map(withoutLinksIntoTheDocument))
        case .list(let start, let tight, let items):
            return .list(start: start, tight: tight, items: items.map { $0.map(withoutLinksIntoTheDocument) })
        case .table(let table):
            return .table(
                MarkdownTable(
                    alignments: table.alignments, header: table.header.map(withoutFragmentLinks),
                    rows: table.rows.map { $0.map(withoutFragmentLinks) }))
        case .codeBlock, .htmlBlock, .thematicBreak: return block
        }
    }

    /// ``withoutLinksIntoTheDocument(_:)`` for inlines, at any depth.
    private static func withoutFragmentLinks(_ inlines: [MarkdownInline]) -> [MarkdownInline] {
        guard inlines.contains(where: holdsFragmentLink) else { return inlines }
        var result: [MarkdownInline] = []
        result.reserveCapacity(inlines.count)
        for inline in inlines {
            switch inline {
            case .link(let destination, _, let children) where destination.hasPrefix("#"):
                result += withoutFragmentLinks(children)
            case .link(let destination, let title, let children):
                result.append(.link(destination: destination, title: title, children: withoutFragmentLinks(children)))
            case .image(let source, let title, let alt) where source.hasPrefix("#"):
                // No source: the renderer refuses it, as any, and writes its description as text.
                result.append(.image(source: "", title: title, alt: alt))
            case .emphasis(let children): result.append(.emphasis(withoutFragmentLinks(children)))
            case .strong(let children): result.append(.strong(withoutFragmentLinks(children)))
            case .strikethrough(let children): result.append(.strikethrough(withoutFragmentLinks(children)))
            default: result.append(inline)
            }
        }
        return result
    }

    /// Whether `inline` is or holds a link or an image to a fragment.
    private static func holdsFragmentLink(_ inline: MarkdownInline) -> Bool {
        switch inline {
        case .link(let destination, _, let children): destination.hasPrefix("#") || children.contains(where: holdsFragmentLink)
        case .image(let source, _, _): source.hasPrefix("#")
        case .emphasis(let children), .strong(let children), .strikethrough(let children): children.contains(where: holdsFragmentLink)
        default: false
        }
    }

    private static func isOneLine(_ frame: MessageFrame) -> Bool {
        frame.role == .system || frame.role == .deleted
    }

    private func oneLine(_ frame: MessageFrame) -> [MarkdownBlock] {
        emphasised(joinedLine([frame.header, frame.body, frame.footer]))
    }

    /// Author, time and the like on one line.
    private func header(of frame: MessageFrame) -> [MarkdownBlock] {
        paragraph(joinedLine([frame.header]))
    }

    /// Time, "Edited" and reactions as one emphasised line.
    private func footer(of frame: MessageFrame) -> [MarkdownBlock] {
        emphasised(joinedLine([frame.footer]))
    }

    /// The views of a message's line, one group after another, ` · ` between them. (Inlined:
    /// called, it cost a message about 100 instructions more than the lines written in place.)
    @inline(__always)
    private func joinedLine(_ groups: [[ViewNode]]) -> [MarkdownInline] {
        var inlines: [MarkdownInline] = []
        appendJoined(groups, separator: " · ", into: &inlines)
        return inlines
    }

    private func emphasised(_ inlines: [MarkdownInline]) -> [MarkdownBlock] {
        guard !inlines.isEmpty else { return [] }
        var plain: [MarkdownInline] = []
        plain.reserveCapacity(inlines.count)
        Self.appendRemovingEmphasis(inlines, into: &plain)
        return [.paragraph([.emphasis(plain)])]
    }

    /// Emphasis inside an emphasised line adds only noise.
    private static func appendRemovingEmphasis(_ inlines: [MarkdownInline], into result: inout [MarkdownInline]) {
        for inline in inlines {
            if case .emphasis(let children) = inline {
                appendRemovingEmphasis(children, into: &result)
            } else {
                result.append(inline)
            }
        }
    }

    // MARK: Fields and quotes

    /// "**label**: value" items; a value that is itself fields becomes a nested list.
    private func fieldList(_ fields: [ViewNode.Field]) -> MarkdownBlock {
        let items = fields.map { field -> [MarkdownBlock] in
            let label = MarkdownInline.strong([line(field.label)])
            switch field.value {
            case .fields(let nested):
                return [.paragraph([label])] + (nested.isEmpty ? [] : [fieldList(nested)])
            case let value where Self.isInline(value):
                let valueInlines = inlines(for: value)
                return [.paragraph(valueInlines.isEmpty ? [label] : [label, .text(theme.string(.labelSeparator))] + valueInlines)]
            case let value:
                return [.paragraph([label])] + blocks(for: value)
            }
        }
        return .list(start: nil, tight: true, items: items)
    }

    private static func isInline(_ view: ViewNode) -> Bool {
        switch view {
        case .empty, .avatar, .text, .link, .image, .icon, .time, .badge, .titled, .stack(.horizontal, _, _): return true
        default: return false
        }
    }

    // MARK: Inlines

    /// The inline form of a view, for lines such as a message's header and footer. `oneLine`
    /// is set inside a link's label, which stays on one line whatever its roles.
    func inlines(for view: ViewNode, oneLine: Bool = false) -> [MarkdownInline] {
        var inlines: [MarkdownInline] = []
        appendInlines(for: view, oneLine: oneLine, into: &inlines)
        return inlines
    }

    /// ``inlines(for:oneLine:)`` appended to `result`: a message's lines are made in one array,
    /// where an array a view, joined into another, allocated and copied most of their cost.
    private func appendInlines(for view: ViewNode, oneLine: Bool = false, into result: inout [MarkdownInline]) {
        switch view {
        case .empty, .avatar:
            return
        case .text(let text, let role):
            guard !text.isEmpty else { return }
            // The one place the view vocabulary's line rule applies to `.text`: message text keeps
            // its lines, a notice shows whole on one line, anything else is a field.
            if role.allowsLineBreaks && !oneLine {
                appendStyled([.text(text)], role, to: &result)
            } else if role.isNotice && !oneLine {
                appendStyled([.text(TextControls.oneLine(TextControls.collapsingBlanks(text)))], role, to: &result)
            } else {
                appendStyled([line(text)], role, to: &result)
            }
        case .markdown(let document):
            result += Self.joined(document.blocks.map { Self.inlines(of: Self.withoutLinksIntoTheDocument($0)) }, separator: " ")
        case .stack(_, let views, let role):
            if Self.isPlainRow(role) {
                appendJoined([views], separator: " ", oneLine: oneLine, into: &result)
            } else {
                var inner: [MarkdownInline] = []
                appendJoined([views], separator: " ", oneLine: oneLine, into: &inner)
                appendStyled(inner, role, to: &result)
            }
        case .card(_, let views), .quote(_, let views):
            appendJoined([views], separator: " ", oneLine: oneLine, into: &result)
        case .link(let destination, let label, _):
            let children = inlines(for: label, oneLine: true)
            result.append(.link(destination: destination, title: "", children: children.isEmpty ? [.text(destination)] : children))
        case .image(let image):
            // Never embedded: a link to the picture, so the reader chooses to load it.
            let alt = image.alt.isEmpty ? "image" : image.alt
            result.append(.link(destination: image.source, title: "", children: [line("🖼 " + alt)]))
        case .icon(let name, _):
            result.append(line(theme.icon(name)))
        case .time(_, let label):
            if !label.isEmpty { result.append(line(label)) }
        case .badge(let text, _):
            if !text.isEmpty { result.append(.code(TextControls.oneLine(TextControls.field(text)))) }
        // Markdown has no tooltip, and a list of names under every reaction would bury the
        // text: the view alone, as in a terminal.
        case .titled(let inner, _):
            appendInlines(for: inner, oneLine: true, into: &result)
        case .fields(let fields):
            result += Self.joined(
                fields.map {
                    [.strong([line($0.label)]), .text(theme.string(.labelSeparator))] + inlines(for: $0.value, oneLine: oneLine)
                },
                separator: "; ")
        case .divider(let label):
            if let label { result.append(line(label)) }
        case .heading(_, let text):
            result.append(line(text))
        case .anchor(_, let view):
            appendInlines(for: view, oneLine: oneLine, into: &result)
        case .message(let frame):
            appendJoined([frame.header, frame.body, frame.footer], separator: " · ", into: &result)
        case .disclosure(let summary, let content):
            appendJoined([summary, content], separator: " · ", into: &result)
        case .raw(let raw):
            appendInlines(for: raw.fallback, into: &result)
        }
    }

    /// The views' non-empty inline forms, one group after another, with `separator` between
    /// them, appended to `result` (``joined(_:separator:)`` of their ``inlines(for:oneLine:)``).
    private func appendJoined(_ groups: [[ViewNode]], separator: String, oneLine: Bool = false, into result: inout [MarkdownInline]) {
        let start = result.count
        for views in groups {
            for view in views {
                let before = result.count
                if before > start { result.append(.text(separator)) }
                let afterSeparator = result.count
                appendInlines(for: view, oneLine: oneLine, into: &result)
                // A view with no inline form takes no separator either.
                if result.count == afterSeparator { result.removeSubrange(before...) }
            }
        }
    }

    /// The inline content of a block, for a one-line form of a Markdown body.
    private static func inlines(of block: MarkdownBlock) -> [MarkdownInline] {
        switch block {
        case .paragraph(let inlines), .heading(_, let inlines):
            return inlines
        case .blockQuote(let blocks):
            return joined(blocks.map(inlines(of:)), separator: " ")
        case .list(_, _, let items):
            return joined(items.map { joined($0.map(inlines(of:)), separator: " ") }, separator: " ")
        case .codeBlock(_, let code):
            return [.code(code)]
        case .htmlBlock(let html):
            return [.html(html)]
        case .thematicBreak:
            return []
        case .table(let table):
            return joined(([table.header] + table.rows).map { joined($0, separator: " · ") }, separator: " ")
        }
    }

    /// One-line text: a name, a title, a label. Its line breaks are shown as `↵`, never made
    /// into line breaks of the document; it is a field (``TextControls/field(_:)``): its runs
    /// of blanks are one space, and it is cut past 100 characters.
    private func line(_ text: String) -> MarkdownInline {
        .text(TextControls.oneLine(TextControls.field(text)))
    }

    /// Appends `inlines` with the Markdown emphasis of a text role.
    private func appendStyled(_ inlines: [MarkdownInline], _ role: Role, to result: inout [MarkdownInline]) {
        guard !inlines.isEmpty else { return }
        switch Self.emphasis(of: role) {
        case .strong?: result.append(.strong(inlines))
        case .emphasis?: result.append(.emphasis(inlines))
        case .code?: result.append(.code(inlines.plainText))
        case nil: result += inlines
        }
    }

    private enum Emphasis {
        case strong, emphasis, code
    }

    /// The Markdown emphasis a text role adds; `nil` for none.
    private static func emphasis(of role: Role) -> Emphasis? {
        switch role {
        case .strong, .author, .title, .mention: .strong
        case .muted, .timestamp, .label, .system, .deleted, .emphasis: .emphasis
        case .code: .code
        default: nil
        }
    }

    /// Whether a row's role adds no Markdown emphasis. A row's usual roles first: a role is a
    /// name, and ``emphasis(of:)`` compares it with each emphasised one in turn.
    private static func isPlainRow(_ role: Role) -> Bool {
        role == .plain || role == .footer || role == .header || emphasis(of: role) == nil
    }

    /// The non-empty parts with `separator` between them.
    private static func joined(_ parts: [[MarkdownInline]], separator: String) -> [MarkdownInline] {
        var result: [MarkdownInline] = []
        for part in parts where !part.isEmpty {
            if !result.isEmpty { result.append(.text(separator)) }
            result += part
        }
        return result
    }
}
