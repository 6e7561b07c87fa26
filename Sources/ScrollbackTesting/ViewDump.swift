import Foundation
import Scrollback

/// The view tree as readable text, one node a line, children indented: what the factory
/// decided (roles, text, links, attachments, times), without any output format's bytes.
///
/// ```
/// message "m-1" bubble author "Ada" 2024-05-01T09:00:00Z
///   body
///     markdown
///       paragraph
///         text "Hello "
///         strong
///           text "world"
/// ```
enum ViewDump {
    /// `view` dumped at `depth`, each line ending in a newline.
    static func dump(_ view: ViewNode, depth: Int = 0) -> String {
        var output = ""
        write(view, depth: depth, to: &output)
        return output
    }

    static func write(_ view: ViewNode, depth: Int, to output: inout String) {
        func line(_ text: String) { output += String(repeating: "  ", count: depth) + text + "\n" }
        func children(_ views: [ViewNode], depth childDepth: Int? = nil) {
            for child in views { write(child, depth: childDepth ?? depth + 1, to: &output) }
        }
        func section(_ name: String, _ views: [ViewNode]) {
            guard !views.isEmpty else { return }
            output += String(repeating: "  ", count: depth + 1) + name + "\n"
            children(views, depth: depth + 2)
        }
        switch view {
        case .empty:
            line("empty")
        case .text(let text, let role):
            line("text\(tag(role, unless: .body)) \(quoted(text))")
        case .markdown(let document):
            line("markdown")
            for block in document.blocks { write(block, depth: depth + 1, to: &output) }
        case .stack(let axis, let views, let role):
            line("stack \(axis == .vertical ? "vertical" : "horizontal")\(tag(role, unless: .plain))")
            children(views)
        case .card(let role, let views):
            line("card \(role)")
            children(views)
        case .link(let destination, let label, let download):
            line("link \(quoted(destination))" + (download ? " download" : ""))
            children([label])
        case .image(let image):
            var text = "image \(quoted(image.source)) alt \(quoted(image.alt))"
            if let width = image.width, let height = image.height { text += " \(width)×\(height)" }
            if let thumbnail = image.thumbnail { text += " thumbnail \(quoted(thumbnail))" }
            if image.playable { text += " playable" }
            line(text)
        case .avatar(let avatar):
            line("avatar \(quoted(avatar.initials)) colour \(avatar.colorIndex)" + (avatar.imageURL.map { " \(quoted($0))" } ?? ""))
        case .icon(let name, let label):
            line("icon \(name.rawValue) \(quoted(label))")
        case .time(let date, let label):
            line("time \(timestamp(date)) \(quoted(label))")
        case .badge(let text, let role):
            line("badge\(tag(role, unless: .badge)) \(quoted(text))")
        case .titled(let view, let title):
            line("titled \(quoted(title))")
            children([view])
        case .fields(let fields):
            line("fields")
            for field in fields {
                output += String(repeating: "  ", count: depth + 1) + quoted(field.label) + "\n"
                write(field.value, depth: depth + 2, to: &output)
            }
        case .quote(let anchor, let views):
            line("quote" + (anchor.map { " → \(quoted($0))" } ?? " (not in the document)"))
            children(views)
        case .divider(let label):
            line("divider" + (label.map { " \(quoted($0))" } ?? ""))
        case .heading(let level, let text):
            line("heading \(level) \(quoted(text))")
        case .anchor(let id, let view):
            line("anchor \(quoted(id))")
            children([view])
        case .message(let frame):
            var text = "message \(quoted(frame.id)) \(frame.role)"
            if let author = frame.authorName { text += " author \(quoted(author))" }
            if let date = frame.date { text += " \(timestamp(date))" }
            if frame.isRepeat { text += " repeat" }
            if frame.isPinned { text += " pinned" }
            line(text)
            section("header", frame.header)
            section("body", frame.body)
            section("footer", frame.footer)
        case .disclosure(let summary, let content):
            line("disclosure")
            section("summary", summary)
            section("content", content)
        case .raw(let raw):
            let formats = OutputFormat.allCases.filter { raw[$0] != nil }.map(\.name)
            line("raw (\(formats.joined(separator: ", "))), else")
            children([raw.fallback])
        }
    }

    private static func write(_ block: MarkdownBlock, depth: Int, to output: inout String) {
        let indent = String(repeating: "  ", count: depth)
        switch block {
        case .paragraph(let inlines):
            output += indent + "paragraph\n"
            for inline in inlines { write(inline, depth: depth + 1, to: &output) }
        case .heading(let level, let inlines):
            output += indent + "heading \(level)\n"
            for inline in inlines { write(inline, depth: depth + 1, to: &output) }
        case .blockQuote(let blocks):
            output += indent + "block quote\n"
            for child in blocks { write(child, depth: depth + 1, to: &output) }
        case .list(let start, let tight, let items):
            output += indent + (start.map { "ordered list from \($0)" } ?? "bullet list") + (tight ? "" : " loose") + "\n"
            for item in items {
                output += indent + "  item\n"
                for child in item { write(child, depth: depth + 2, to: &output) }
            }
        case .codeBlock(let info, let code):
            output += indent + "code block" + (info.isEmpty ? "" : " \(quoted(info))") + " \(quoted(code))\n"
        case .htmlBlock(let html):
            output += indent + "html block \(quoted(html))\n"
        case .thematicBreak:
            output += indent + "thematic break\n"
        case .table(let table):
            let alignments = table.alignments.map { alignment -> String in
                switch alignment {
                case .none: return "-"
                case .left: return "left"
                case .center: return "center"
                case .right: return "right"
                }
            }
            output += indent + "table \(alignments.joined(separator: " "))\n"
            for (index, row) in ([table.header] + table.rows).enumerated() {
                output += indent + (index == 0 ? "  header\n" : "  row\n")
                for cell in row {
                    output += indent + "    cell\n"
                    for inline in cell { write(inline, depth: depth + 3, to: &output) }
                }
            }
        }
    }

    private static func write(_ inline: MarkdownInline, depth: Int, to output: inout String) {
        let indent = String(repeating: "  ", count: depth)
        func children(_ name: String, _ inlines: [MarkdownInline]) {
            output += indent + name + "\n"
            for child in inlines { write(child, depth: depth + 1, to: &output) }
        }
        switch inline {
        case .text(let text): output += indent + "text \(quoted(text))\n"
        case .code(let code): output += indent + "code \(quoted(code))\n"
        case .emphasis(let inlines): children("emphasis", inlines)
        case .strong(let inlines): children("strong", inlines)
        case .strikethrough(let inlines): children("strikethrough", inlines)
        case .checkbox(let checked): output += indent + (checked ? "checkbox ticked\n" : "checkbox\n")
        case .link(let destination, let title, let inlines):
            children("link \(quoted(destination))" + (title.isEmpty ? "" : " title \(quoted(title))"), inlines)
        case .image(let source, let title, let alt):
            children("image \(quoted(source))" + (title.isEmpty ? "" : " title \(quoted(title))"), alt)
        case .mention(let userID, let text): output += indent + "mention \(quoted(userID)) \(quoted(text))\n"
        case .html(let html): output += indent + "html \(quoted(html))\n"
        case .softBreak: output += indent + "soft break\n"
        case .lineBreak: output += indent + "line break\n"
        }
    }

    /// ` [role]` unless the role is the case's usual one.
    private static func tag(_ role: Role, unless usual: Role) -> String {
        role == usual ? "" : " [\(role)]"
    }

    /// The text in double quotes with quotes, backslashes and every control character escaped,
    /// so that each node stays on one line and nothing the input holds reaches a terminal.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case _
            where scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
                || scalar.value == 0x2028 || scalar.value == 0x2029:
                result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// A date in UTC with seconds, whatever the options' time zone (labels show that one).
    static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day().time(includingFractionalSeconds: false).timeZone(separator: .omitted))
    }
}

/// A backend writing the document as a view dump: the header, each item and the footer, with
/// the document's title and summary.
struct DumpBackend: TranscriptBackend {
    var output = ""

    mutating func begin(_ document: DocumentInfo, header: ViewNode) {
        output += "document \(ViewDump.quoted(document.title)) language \(document.language)\n"
        output += "header\n" + ViewDump.dump(header, depth: 1)
    }

    mutating func write(_ view: ViewNode) {
        output += ViewDump.dump(view)
    }

    mutating func end(_ summary: DocumentSummary, footer: ViewNode) {
        var line = "end \(summary.messageCount) message\(summary.messageCount == 1 ? "" : "s")"
        if let first = summary.firstDate, let last = summary.lastDate {
            line += " from \(ViewDump.timestamp(first)) to \(ViewDump.timestamp(last))"
        }
        output += line + " zone \(summary.timeZoneIdentifier)\n"
        output += "footer\n" + ViewDump.dump(footer, depth: 1)
    }
}
