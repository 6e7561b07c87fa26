import CCmark

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The only bridge to libcmark. Parsing turns a cmark tree into ``MarkdownDocument`` values;
/// rendering builds a cmark tree from those values and prints it with cmark's CommonMark
/// renderer (plain paragraphs skip both, in ``plainPieces(_:keepingLineBreaks:)`` and
/// ``DirectCommonMark``, with the same result). No cmark pointer leaves this file, and every
/// cmark allocation is freed with `defer` on the path that made it.
enum CommonMark {
    /// Rewrites the text of a merged run of text nodes outside links and images, or returns
    /// `nil` to keep it as it is. Chat extensions (bare URLs, mentions) plug in here.
    typealias TextRewriter = (String) -> [MarkdownInline]?

    // MARK: Parsing

    /// Parses `text` as CommonMark with cmark's safe defaults.
    static func parse(_ text: String) -> MarkdownDocument {
        parse(text, rewritingText: nil)
    }

    /// Parses `text`, handing each merged text run outside links and images to `rewrite`.
    /// With `keepingLineBreaks`, a single newline is a line break, as chat apps show it.
    /// GitHub's strikethrough, task list items and pipe tables are read from the tree (see ``GFM``).
    static func parse(_ text: String, rewritingText rewrite: TextRewriter?, keepingLineBreaks: Bool = false) -> MarkdownDocument {
        guard !text.isEmpty else { return MarkdownDocument(blocks: []) }
        // Half of all chat messages hold no byte that could be markup: the paragraph cmark
        // would make of them is built directly, sparing a parser and a node tree per message.
        if let pieces = plainPieces(text, keepingLineBreaks: keepingLineBreaks) {
            return MarkdownDocument(blocks: GFM.paragraph(pieces, atItemStart: false, rewrite: rewrite))
        }
        return parseWithCmark(text, rewritingText: rewrite, keepingLineBreaks: keepingLineBreaks)
    }

    /// ``parse(_:rewritingText:keepingLineBreaks:)`` always through cmark; tests compare the two.
    static func parseWithCmark(_ text: String, rewritingText rewrite: TextRewriter?, keepingLineBreaks: Bool) -> MarkdownDocument {
        guard !text.isEmpty else { return MarkdownDocument(blocks: []) }
        var source = text
        let parsed = source.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { cmark_parse_document($0.baseAddress, $0.count, CMARK_OPT_DEFAULT) }
        }
        guard let root = parsed else { return MarkdownDocument(blocks: []) }
        defer { cmark_node_free(root) }
        guard let iterator = cmark_iter_new(root) else { return MarkdownDocument(blocks: []) }
        defer { cmark_iter_free(iterator) }

        var builder = TreeBuilder(source: source, rewrite: rewrite, keepingLineBreaks: keepingLineBreaks)
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE || event == CMARK_EVENT_NONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            if event == CMARK_EVENT_ENTER {
                builder.enter(node)
            } else if event == CMARK_EVENT_EXIT {
                builder.exit(node)
            }
        }
        return MarkdownDocument(blocks: builder.finish())
    }

    /// The inline pieces of the one paragraph cmark makes of `text` when nothing in it can be
    /// markup: its lines as text runs, with a break between them. `nil` when some byte might
    /// mean more (a markup character anywhere; a block marker, a list number or a space at a
    /// line's start; a space at its end; an empty line; a control character or a byte-order
    /// mark), and cmark must read the text. A test compares the two on generated texts.
    static func plainPieces(_ text: String, keepingLineBreaks: Bool) -> [GFM.Piece]? {
        return text.withUTF8Bytes { bytes -> [GFM.Piece]? in
            guard let last = bytes.last, last != UInt8(ascii: " "), last != 0x0A else { return nil }
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { return nil }
            var lineStart = true
            var lineCount = 1
            var index = 0
            // Where eight bytes may next be read at once: past a word that was not plain, its
            // bytes are read one by one.
            var wordsFrom = 0
            while index < bytes.count {
                // Inside a line, eight plain bytes at a time.
                if !lineStart, index >= wordsFrom, index + 8 <= bytes.count, let base = bytes.baseAddress {
                    if isPlainWord(ByteWord(at: base + index)) {
                        index += 8
                        continue
                    }
                    wordsFrom = index + 8
                }
                let byte = bytes[index]
                defer { index += 1 }
                if lineStart {
                    lineStart = false
                    if !isPlainLineStart(byte) { return nil }
                    if isDigit(byte) {
                        // Digits then `.` or `)` start an ordered list item.
                        let after = bytes[index...].firstIndex { !isDigit($0) }
                        if let after, bytes[after] == UInt8(ascii: ".") || bytes[after] == UInt8(ascii: ")") { return nil }
                    }
                }
                if byte == 0x0A {
                    if bytes[index - 1] == UInt8(ascii: " ") { return nil }
                    lineStart = true
                    lineCount += 1
                } else if !isPlainByte(byte) {
                    return nil
                }
            }
            // One line (most texts): the text itself, not a copy.
            guard lineCount > 1 else { return [.text(text, escapes: [], linked: false)] }
            var pieces: [GFM.Piece] = []
            let lineBreak = GFM.Piece.inline(keepingLineBreaks ? .lineBreak : .softBreak)
            var start = 0
            for index in 0...bytes.count where index == bytes.count || bytes[index] == 0x0A {
                if start > 0 { pieces.append(lineBreak) }
                pieces.append(
                    .text(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self), escapes: [], linked: false))
                start = index + 1
            }
            return pieces
        }
    }

    /// Whether eight bytes are all bytes that ``isPlainByte(_:)`` takes other than a line feed
    /// (which ends a line, and is looked at alone): no control, DEL or markup character; bytes
    /// past ASCII are plain.
    @inline(__always)
    private static func isPlainWord(_ word: ByteWord) -> Bool {
        let markup =
            word.equal(to: UInt8(ascii: "\\")) | word.equal(to: UInt8(ascii: "`")) | word.equal(to: UInt8(ascii: "*"))
            | word.equal(to: UInt8(ascii: "_")) | word.equal(to: UInt8(ascii: "[")) | word.equal(to: UInt8(ascii: "]"))
            | word.equal(to: UInt8(ascii: "<")) | word.equal(to: UInt8(ascii: "&")) | word.equal(to: UInt8(ascii: "~"))
            | word.equal(to: UInt8(ascii: "|")) | word.equal(to: 0x7F)
        return word.below(0x20) | markup == 0
    }

    /// A byte that reads as itself anywhere in a line: not a control character nor one of
    /// ``\`*_[]<&~|``, which open escapes, code, emphasis, links, HTML, entities or GitHub's
    /// strikethrough and tables. (Bytes past ASCII are parts of characters cmark never reads as markup.)
    private static func isPlainByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x0A: return true
        case 0..<0x20, 0x7F: return false
        case UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["),
            UInt8(ascii: "]"), UInt8(ascii: "<"), UInt8(ascii: "&"), UInt8(ascii: "~"), UInt8(ascii: "|"):
            return false
        default: return true
        }
    }

    /// A line's first byte that starts no block and is not trimmed: not a space, an empty line,
    /// `#`, `>`, `-`, `+` or `=` (headings, quotes, lists, rules, heading underlines).
    private static func isPlainLineStart(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), 0x0A, UInt8(ascii: "#"), UInt8(ascii: ">"), UInt8(ascii: "-"), UInt8(ascii: "+"),
            UInt8(ascii: "="):
            return false
        default: return true
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// Builds Swift values from iterator events with an explicit stack of open containers.
    private struct TreeBuilder {
        private enum Kind {
            case document, blockQuote, list(start: Int?, tight: Bool), item, paragraph, heading(level: Int)
            case emphasis, strong, link(destination: String, title: String), image(source: String, title: String)
        }

        /// Nesting deeper than this is flattened: hostile text such as ten thousand `>` would
        /// otherwise nest values (and every recursive walk over them) ten thousand deep.
        static let maximumDepth = 24
        private static let nestingTypes: [cmark_node_type] = [
            CMARK_NODE_BLOCK_QUOTE, CMARK_NODE_LIST, CMARK_NODE_ITEM, CMARK_NODE_EMPH, CMARK_NODE_STRONG,
            CMARK_NODE_LINK, CMARK_NODE_IMAGE,
        ]

        private struct Frame {
            let kind: Kind
            var blocks: [MarkdownBlock] = []
            var items: [[MarkdownBlock]] = []
            /// Inline content so far; text is rewritten (URLs, mentions) and GitHub's extensions
            /// read only when the container closes, since they span several runs.
            var pieces: [GFM.Piece] = []
            /// cmark splits text at some characters (`[`, `!`, `_`, ...): runs are merged here
            /// before they become one piece, in place, so that merging stays linear.
            var pendingText = ""
            /// UTF-8 offsets in `pendingText` of `~`, `|` and `[` the sender escaped with `\`.
            var pendingEscapes: [Int] = []
        }

        private let source: String
        private let rewrite: TextRewriter?
        private var stack: [Frame] = [Frame(kind: .document)]
        /// Open links and images: their text is never rewritten (no link inside a link).
        private var linkDepth = 0
        /// Open containers past ``maximumDepth``. They get no frame: their content goes straight
        /// into the innermost frame, so that hostile nesting costs nothing per level (a frame per
        /// level would copy its content into its parent's on every exit, quadratic in the depth).
        private var flattenedDepth = 0
        /// Byte offsets where each line of `source` starts, and its bytes, found on first need.
        private var lineStarts: [Int]?
        private var sourceBytes: [UInt8] = []

        private let keepingLineBreaks: Bool

        init(source: String, rewrite: TextRewriter?, keepingLineBreaks: Bool) {
            self.source = source
            self.rewrite = rewrite
            self.keepingLineBreaks = keepingLineBreaks
        }

        mutating func enter(_ node: OpaquePointer) {
            let type = cmark_node_get_type(node)
            if stack.count >= Self.maximumDepth, Self.nestingTypes.contains(type) {
                flattenedDepth += 1
                if type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE {
                    flushText()
                    linkDepth += 1
                }
                return
            }
            switch type {
            case CMARK_NODE_DOCUMENT:
                break // The bottom frame stands for it.
            case CMARK_NODE_BLOCK_QUOTE: stack.append(Frame(kind: .blockQuote))
            case CMARK_NODE_LIST:
                let start = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST ? Int(cmark_node_get_list_start(node)) : nil
                stack.append(Frame(kind: .list(start: start, tight: cmark_node_get_list_tight(node) != 0)))
            case CMARK_NODE_ITEM: stack.append(Frame(kind: .item))
            case CMARK_NODE_PARAGRAPH: stack.append(Frame(kind: .paragraph))
            case CMARK_NODE_HEADING: stack.append(Frame(kind: .heading(level: Int(cmark_node_get_heading_level(node)))))
            case CMARK_NODE_EMPH: appendFrameAfterText(.emphasis)
            case CMARK_NODE_STRONG: appendFrameAfterText(.strong)
            case CMARK_NODE_LINK:
                appendFrameAfterText(.link(destination: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node))))
                linkDepth += 1
            case CMARK_NODE_IMAGE:
                appendFrameAfterText(.image(source: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node))))
                linkDepth += 1
            // Leaves get an ENTER event only.
            case CMARK_NODE_CODE_BLOCK:
                appendBlock(.codeBlock(info: string(cmark_node_get_fence_info(node)), code: string(cmark_node_get_literal(node))))
            case CMARK_NODE_HTML_BLOCK: appendBlock(.htmlBlock(string(cmark_node_get_literal(node))))
            case CMARK_NODE_THEMATIC_BREAK: appendBlock(.thematicBreak)
            case CMARK_NODE_TEXT:
                if let literal = cmark_node_get_literal(node) { appendText(literal, of: node) }
            case CMARK_NODE_SOFTBREAK: appendInline(keepingLineBreaks ? .lineBreak : .softBreak)
            case CMARK_NODE_LINEBREAK: appendInline(.lineBreak)
            case CMARK_NODE_CODE: appendInline(.code(string(cmark_node_get_literal(node))))
            case CMARK_NODE_HTML_INLINE: appendInline(.html(string(cmark_node_get_literal(node))))
            default:
                break // Custom nodes never come out of the parser.
            }
        }

        mutating func exit(_ node: OpaquePointer) {
            let type = cmark_node_get_type(node)
            // Events nest: while flattened containers are open, the next nesting exit is one of them.
            if flattenedDepth > 0, Self.nestingTypes.contains(type) {
                flattenedDepth -= 1
                if type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE {
                    flushText()
                    linkDepth -= 1
                }
                return
            }
            guard type != CMARK_NODE_DOCUMENT, stack.count > 1 else { return }
            flushText()
            let frame = stack.removeLast()
            switch frame.kind {
            case .document: break
            case .blockQuote: appendBlock(.blockQuote(frame.blocks))
            case .list(let start, let tight): appendBlock(.list(start: start, tight: tight, items: frame.items))
            case .item: stack[stack.count - 1].items.append(frame.blocks)
            case .paragraph:
                // A task item's box is only read first in the first paragraph of a list item.
                let top = stack[stack.count - 1]
                var isItemStart = false
                if case .item = top.kind, top.blocks.isEmpty { isItemStart = true }
                for block in GFM.paragraph(frame.pieces, atItemStart: isItemStart, rewrite: rewrite) { appendBlock(block) }
            case .heading(let level): appendBlock(.heading(level: level, finished(frame.pieces)))
            case .emphasis: appendInline(.emphasis(finished(frame.pieces)))
            case .strong: appendInline(.strong(finished(frame.pieces)))
            case .link(let destination, let title):
                linkDepth -= 1
                appendInline(.link(destination: destination, title: title, children: finished(frame.pieces)))
            case .image(let source, let title):
                linkDepth -= 1
                appendInline(.image(source: source, title: title, alt: finished(frame.pieces)))
            }
        }

        mutating func finish() -> [MarkdownBlock] {
            // Only unbalanced events could leave frames open; fold them so nothing is lost.
            while stack.count > 1 {
                flushText()
                let frame = stack.removeLast()
                stack[stack.count - 1].blocks += frame.blocks
                stack[stack.count - 1].pieces += frame.pieces
            }
            return stack[0].blocks
        }

        private func finished(_ pieces: [GFM.Piece]) -> [MarkdownInline] {
            GFM.inlines(pieces, rewrite: rewrite)
        }

        private mutating func appendFrameAfterText(_ kind: Kind) {
            flushText()
            stack.append(Frame(kind: kind))
        }

        private mutating func appendBlock(_ block: MarkdownBlock) {
            let top = stack.count - 1
            // Only a flattened item puts a block straight into a list: it becomes an item of its own.
            if case .list = stack[top].kind {
                stack[top].items.append([block])
            } else {
                stack[top].blocks.append(block)
            }
        }

        private mutating func appendInline(_ inline: MarkdownInline) {
            flushText()
            stack[stack.count - 1].pieces.append(.inline(inline))
        }

        /// Adds a text node's literal to the pending run. cmark has already turned `\~` into `~`:
        /// where a `~`, `|` or `[` may have been escaped (the node's source is longer than its
        /// text), the source says which, so that an escaped one is never read as markup.
        private mutating func appendText(_ literal: UnsafePointer<CChar>, of node: OpaquePointer) {
            let top = stack.count - 1
            let text = String(cString: literal)
            let length = strlen(literal)
            let span = Int(cmark_node_get_end_column(node)) - Int(cmark_node_get_start_column(node)) + 1
            if span != length, strpbrk(literal, "~|[") != nil {
                let offset = stack[top].pendingText.utf8.count
                let line = Int(cmark_node_get_start_line(node)), column = Int(cmark_node_get_start_column(node))
                for escape in escapedOffsets(text, line: line, column: column, span: span) {
                    stack[top].pendingEscapes.append(offset + escape)
                }
            }
            stack[top].pendingText += text
        }

        /// The offsets in `text` of the `~`, `|` and `[` that its source (`span` bytes from
        /// `column` of `line`) wrote as `\~`, `\|`, `\[`: the source and the text are walked side
        /// by side, an escape taking two source bytes for one, an entity its source for a few
        /// bytes. Where they cannot be matched (a node cmark built differently), the walk stops.
        private mutating func escapedOffsets(_ text: String, line: Int, column: Int, span: Int) -> [Int] {
            if lineStarts == nil {
                var starts = [0]
                var previous: UInt8 = 0
                for (index, byte) in source.utf8.enumerated() {
                    if byte == 0x0A {
                        if previous != 0x0D { starts.append(index + 1) } else { starts[starts.count - 1] = index + 1 }
                    } else if byte == 0x0D {
                        starts.append(index + 1)
                    }
                    previous = byte
                }
                lineStarts = starts
                sourceBytes = Array(source.utf8)
            }
            guard let lineStarts, line >= 1, line <= lineStarts.count, column >= 1, span > 0 else { return [] }
            let start = lineStarts[line - 1] + column - 1
            guard start + span <= sourceBytes.count else { return [] }
            let textBytes = Array(text.utf8)
            return GFM.escapedOffsets(text: textBytes, source: sourceBytes[start..<(start + span)])
        }

        private mutating func flushText() {
            let top = stack.count - 1
            guard !stack[top].pendingText.isEmpty else { return }
            let text = stack[top].pendingText
            stack[top].pendingText = ""
            stack[top].pieces.append(.text(text, escapes: stack[top].pendingEscapes, linked: linkDepth > 0))
            stack[top].pendingEscapes = []
        }

        private func string(_ pointer: UnsafePointer<CChar>?) -> String {
            pointer.map { String(cString: $0) } ?? ""
        }
    }

    // MARK: Rendering

    /// Prints `blocks` as CommonMark through a cmark node tree, without hard wrapping.
    ///
    /// Every piece of text goes into a text or code node, which cmark's renderer escapes, so
    /// no text can change the structure built here. Raw HTML becomes text; links whose
    /// destination fails ``URLPolicy`` keep only their label; images become links to the image.
    /// Plain paragraphs are written directly, byte for byte the same (``DirectCommonMark``);
    /// cmark writes the others, a block at a time where it can.
    static func renderCommonMark(_ blocks: [MarkdownBlock]) -> String {
        String(decoding: commonMarkBytes(blocks), as: UTF8.self)
    }

    /// ``renderCommonMark(_:)`` as its UTF-8 bytes, for an output that takes them as they are.
    static func commonMarkBytes(_ blocks: [MarkdownBlock]) -> [UInt8] {
        DirectCommonMark.bytes(blocks, leavingToCmark: { renderWithCmark([$0]) }) ?? Array(renderWithCmark(blocks).utf8)
    }

    /// ``renderCommonMark(_:)`` always through cmark; tests compare the two.
    static func renderWithCmark(_ blocks: [MarkdownBlock]) -> String {
        guard let document = cmark_node_new(CMARK_NODE_DOCUMENT) else { return "" }
        defer { cmark_node_free(document) }
        var renderer = TreeRenderer()
        for block in blocks { renderer.append(block, to: document) }
        guard let rendered = cmark_render_commonmark(document, CMARK_OPT_DEFAULT, 0) else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }

    /// Builds cmark nodes top-down. Each node is attached to its parent as soon as it is made,
    /// so freeing the document frees it; a node that cannot be attached is freed at once.
    private struct TreeRenderer {
        /// Set inside a link's label: a link cannot hold another link.
        private var insideLink = false
        /// Whether the next inline starts a line of output, where cmark's escaping falls short:
        /// leading spaces would make an indented code block or let a list marker through, and
        /// cmark never escapes `~`, so `~~~` would open a fence.
        private var atLineStart = false
        /// Set while the first block of a list item is not yet written: a task box goes there.
        private var atItemStart = false
        /// Inside a table's cells: everything stays on the row's line.
        private var insideTable = false

        mutating func append(_ block: MarkdownBlock, to parent: OpaquePointer) {
            let taskAllowed = atItemStart
            atItemStart = false
            switch block {
            case .paragraph(var inlines):
                guard !inlines.isEmpty, let paragraph = child(CMARK_NODE_PARAGRAPH, of: parent) else { return }
                atLineStart = true
                if taskAllowed, case .checkbox(let checked) = inlines.first {
                    appendRaw(checked ? "[x] " : "[ ] ", to: paragraph)
                    atLineStart = false
                    inlines.removeFirst()
                }
                append(inlines, to: paragraph, inHeading: false)
            case .heading(let level, let inlines):
                guard let heading = child(CMARK_NODE_HEADING, of: parent) else { return }
                cmark_node_set_heading_level(heading, Int32(min(max(level, 1), 6)))
                atLineStart = true
                append(inlines, to: heading, inHeading: true)
            case .blockQuote(let blocks):
                guard let quote = child(CMARK_NODE_BLOCK_QUOTE, of: parent) else { return }
                for block in blocks { append(block, to: quote) }
            case .list(let start, let tight, let items):
                guard !items.isEmpty, let list = child(CMARK_NODE_LIST, of: parent) else { return }
                if let start {
                    cmark_node_set_list_type(list, CMARK_ORDERED_LIST)
                    cmark_node_set_list_delim(list, CMARK_PERIOD_DELIM)
                    // A list marker has at most nine digits; a longer number would print as text.
                    cmark_node_set_list_start(list, Int32(min(max(start, 0), 999_999_999)))
                } else {
                    cmark_node_set_list_type(list, CMARK_BULLET_LIST)
                }
                cmark_node_set_list_tight(list, tight ? 1 : 0)
                for blocks in items {
                    guard let item = child(CMARK_NODE_ITEM, of: list) else { continue }
                    atItemStart = true
                    for block in blocks { append(block, to: item) }
                    atItemStart = false
                }
            case .codeBlock(let info, let code):
                guard let codeBlock = child(CMARK_NODE_CODE_BLOCK, of: parent) else { return }
                // cmark indents (for a list item) or prefixes (`>`) the lines of code after `\n`
                // only; a lone `\r` would start an unprefixed line that escapes the container.
                let hasCarriageReturn = Self.containsByte(code, where: { $0 == 0x0D })
                setLiteral(
                    codeBlock,
                    hasCarriageReturn
                        ? code.replacingOccurrences(of: "\r\n", with: "\n")
                            .replacingOccurrences(of: "\r", with: "\n") : code)
                // The info string shares the fence's line: keep its first line, and no backtick,
                // or cmark would pick a tilde fence that the code itself could close.
                let firstLine = info.prefix { $0 != "\n" && $0 != "\r" }.filter { $0 != "`" }
                setString(firstLine, on: codeBlock, with: cmark_node_set_fence_info)
            case .htmlBlock(let html):
                // Raw HTML the sender typed: shown as text, never passed through.
                guard let paragraph = child(CMARK_NODE_PARAGRAPH, of: parent) else { return }
                atLineStart = true
                appendText(html, to: paragraph, inHeading: false)
            case .thematicBreak:
                _ = child(CMARK_NODE_THEMATIC_BREAK, of: parent)
            case .table(let table):
                appendTable(table, to: parent)
            }
        }

        /// A GitHub pipe table, written as one paragraph of rows (cmark has no table node): the
        /// pipes and the delimiter row are written as they are, the cells' text through text
        /// nodes with every `|` escaped, all on the row's line.
        private mutating func appendTable(_ table: MarkdownTable, to parent: OpaquePointer) {
            guard !table.alignments.isEmpty, let paragraph = child(CMARK_NODE_PARAGRAPH, of: parent) else { return }
            atLineStart = false
            insideTable = true
            defer { insideTable = false }
            func appendRow(_ cells: [[MarkdownInline]]) {
                appendRaw("|", to: paragraph)
                for cell in cells {
                    appendRaw(" ", to: paragraph)
                    append(cell, to: paragraph, inHeading: true)
                    appendRaw(" |", to: paragraph)
                }
            }
            appendRow(table.header)
            let delimiters = table.alignments.map { alignment -> String in
                switch alignment {
                case .none: return " --- |"
                case .left: return " :-- |"
                case .center: return " :-: |"
                case .right: return " --: |"
                }
            }
            appendRaw("\n|" + delimiters.joined(), to: paragraph)
            for row in table.rows {
                appendRaw("\n", to: paragraph)
                appendRow(row)
            }
        }

        /// Markup written as it is, through a custom node: only strings of this file, never text.
        private func appendRaw(_ markup: String, to parent: OpaquePointer) {
            guard let node = child(CMARK_NODE_CUSTOM_INLINE, of: parent) else { return }
            setString(markup, on: node, with: cmark_node_set_on_enter)
        }

        private mutating func append(_ inlines: [MarkdownInline], to parent: OpaquePointer, inHeading: Bool) {
            for inline in inlines { append(inline, to: parent, inHeading: inHeading) }
        }

        private mutating func append(_ inline: MarkdownInline, to parent: OpaquePointer, inHeading: Bool) {
            switch inline {
            case .text(let text), .html(let text):
                appendText(text, to: parent, inHeading: inHeading)
            case .code(let code):
                // A line ending inside a code span could start a new block on the next line;
                // CommonMark reads it as a space anyway.
                var singleLine = code.contains(where: \.isNewline) ? String(code.map { $0.isNewline ? " " : $0 }) : code
                // In a table cell, GitHub reads `\|` inside a code span as a pipe that does not end the cell.
                if insideTable, Self.containsByte(singleLine, where: { $0 == UInt8(ascii: "|") }) {
                    singleLine = singleLine.replacingOccurrences(of: "|", with: "\\|")
                }
                guard !singleLine.isEmpty, let node = child(CMARK_NODE_CODE, of: parent) else { return }
                setLiteral(node, singleLine)
                atLineStart = false
            case .emphasis(let children):
                appendDelimited(CMARK_NODE_EMPH, children, to: parent, inHeading: inHeading)
            case .strong(let children):
                appendDelimited(CMARK_NODE_STRONG, children, to: parent, inHeading: inHeading)
            case .strikethrough(let children):
                appendDelimited(CMARK_NODE_CUSTOM_INLINE, children, to: parent, inHeading: inHeading)
            case .checkbox(let checked):
                // A box anywhere but first in a list item (a one-line form) is a glyph.
                appendText(checked ? "☑" : "☐", to: parent, inHeading: inHeading)
            case .mention(_, let text):
                // A mention is a name: one line, its line breaks shown as `↵`, and a field.
                appendDelimited(
                    CMARK_NODE_STRONG, [.text(TextControls.oneLine(TextControls.field(text)))], to: parent, inHeading: inHeading)
            case .link(let destination, let title, let children):
                guard !insideLink, let url = CommonMark.safeDestination(destination) else {
                    append(children, to: parent, inHeading: inHeading)
                    return
                }
                appendLink(url: url, title: title, children, to: parent, inHeading: inHeading)
            case .image(let source, let title, let alt):
                let label = alt.plainText.isEmpty ? "image" : alt.plainText
                guard !insideLink, let url = CommonMark.safeDestination(source) else {
                    appendText(label, to: parent, inHeading: inHeading)
                    return
                }
                appendLink(url: url, title: title, [.text(label)], to: parent, inHeading: inHeading)
            case .softBreak:
                appendBreak(CMARK_NODE_SOFTBREAK, to: parent, inHeading: inHeading)
            case .lineBreak:
                appendBreak(CMARK_NODE_LINEBREAK, to: parent, inHeading: inHeading)
            }
        }

        /// A break at the start of a line would print an empty line, which ends the paragraph.
        private mutating func appendBreak(_ type: cmark_node_type, to parent: OpaquePointer, inHeading: Bool) {
            guard !atLineStart else { return }
            if insideTable { return appendText(" ", to: parent, inHeading: inHeading) }
            if inHeading {
                appendText(" ", to: parent, inHeading: true)
            } else if child(type, of: parent) != nil {
                atLineStart = true
            }
        }

        private mutating func appendLink(
            url: String, title: String, _ children: [MarkdownInline],
            to parent: OpaquePointer, inHeading: Bool
        ) {
            guard let link = child(CMARK_NODE_LINK, of: parent) else { return }
            atLineStart = false
            // A pipe ends a table's cell wherever it is: in a cell, destinations spell it `%7C`
            // and titles are left out.
            setString(insideTable ? url.replacingOccurrences(of: "|", with: "%7C") : url, on: link, with: cmark_node_set_url)
            // A blank line inside a title would end the paragraph.
            let singleLineTitle =
                insideTable ? "" : title.contains(where: \.isNewline) ? String(title.map { $0.isNewline ? " " : $0 }) : title
            setString(singleLineTitle, on: link, with: cmark_node_set_title)
            insideLink = true
            defer { insideLink = false }
            append(children, to: link, inHeading: inHeading)
        }

        /// Emphasis and strong emphasis only hold when the delimiters touch non-space text
        /// (`* a*` at a line start would even be a list): surrounding spaces move outside.
        private mutating func appendDelimited(
            _ type: cmark_node_type, _ children: [MarkdownInline],
            to parent: OpaquePointer, inHeading: Bool
        ) {
            var inner = children
            var leading = "", trailing = ""
            if case .text(let text)? = inner.first {
                let core = text.trimmedOfWhitespace
                leading = String(text[..<core.startIndex])
                inner[0] = .text(String(text[core.startIndex...]))
            }
            if case .text(let text)? = inner.last {
                let core = text.trimmedOfWhitespace
                trailing = String(text[core.endIndex...])
                inner[inner.count - 1] = .text(String(text[..<core.endIndex]))
            }
            inner.removeAll { if case .text(let text) = $0 { text.isEmpty } else { false } }
            appendText(leading, to: parent, inHeading: inHeading)
            if !inner.isEmpty, let node = child(type, of: parent) {
                atLineStart = false
                // The only custom delimiters are strikethrough's.
                if type == CMARK_NODE_CUSTOM_INLINE {
                    setString("~~", on: node, with: cmark_node_set_on_enter)
                    setString("~~", on: node, with: cmark_node_set_on_exit)
                }
                append(inner, to: node, inHeading: inHeading)
            }
            appendText(trailing, to: parent, inHeading: inHeading)
        }

        /// Text with its line endings turned into line breaks (spaces in a heading): a raw line
        /// ending in a text node would be printed as is and could start a new block.
        private mutating func appendText(_ text: String, to parent: OpaquePointer, inHeading: Bool) {
            guard !text.isEmpty else { return }
            guard Self.containsByte(text, where: { $0 == 0x0A || $0 == 0x0D }) else {
                appendLine(Substring(text), to: parent)
                return
            }
            var first = true
            for line in text.split(whereSeparator: \.isNewline) {
                if !first { appendBreak(CMARK_NODE_LINEBREAK, to: parent, inHeading: inHeading) }
                first = false
                appendLine(line, to: parent)
            }
        }

        /// Text without line endings. At a line start, CommonMark drops leading spaces and tabs
        /// anyway. cmark never escapes `~` (which could open a fence or a strikethrough) nor `|`
        /// (which could end a table's cell, or make lines of text read as a table): each is
        /// written `\~` or `\|` by a custom node.
        private mutating func appendLine(_ line: Substring, to parent: OpaquePointer) {
            var line = line
            if atLineStart {
                line = line.drop { $0 == " " || $0 == "\t" }
                guard !line.isEmpty else { return }
            }
            atLineStart = false
            while let special = line.utf8.firstIndex(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "|") }) {
                if special > line.startIndex, let node = child(CMARK_NODE_TEXT, of: parent) {
                    setLiteral(node, String(line[..<special]))
                }
                appendRaw(line[special] == "~" ? "\\~" : "\\|", to: parent)
                line = line[line.utf8.index(after: special)...]
            }
            guard !line.isEmpty, let node = child(CMARK_NODE_TEXT, of: parent) else { return }
            setLiteral(node, String(line))
        }

        /// Controls shown as Control Pictures (C0, DEL), C1 and bidi controls as their code point
        /// (``TextControls``), so that text cannot act on a terminal or reorder what follows it.
        static func visibleControls(_ text: String) -> String {
            var result = String.UnicodeScalarView()
            for scalar in text.unicodeScalars {
                switch scalar.value {
                case 0x0A, 0x09: result.append(scalar)
                case 0x00..<0x20, 0x7F: result.append(TextControls.controlPicture(UInt8(scalar.value)))
                case let value where (0x80...0x9F).contains(value) || TextControls.isBidiControl(value):
                    result.append(contentsOf: TextControls.codePointLabel(value).unicodeScalars)
                default: result.append(scalar)
                }
            }
            return String(result)
        }

        /// A new node of `type` appended to `parent`, or `nil` (and nothing allocated) when
        /// cmark refuses the pair.
        private func child(_ type: cmark_node_type, of parent: OpaquePointer) -> OpaquePointer? {
            guard let node = cmark_node_new(type) else { return nil }
            guard cmark_node_append_child(parent, node) != 0 else {
                cmark_node_free(node)
                return nil
            }
            return node
        }

        private func setLiteral(_ node: OpaquePointer, _ text: String) {
            setString(text, on: node, with: cmark_node_set_literal)
        }

        /// cmark copies the C string, so a NUL would cut it short; and a Markdown file is often
        /// read in a terminal, where controls from a message must not act. Both become visible.
        private func setString<S: StringProtocol>(
            _ text: S, on node: OpaquePointer,
            with setter: (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
        ) {
            let string = Self.needsVisibleControls(text) ? Self.visibleControls(String(text)) : String(text)
            _ = string.withCString { setter(node, $0) }
        }

        /// Whether ``visibleControls(_:)`` would change `text`: decided on its UTF-8 bytes, so
        /// that the many texts with typographic punctuation (also E2 xx xx) are not rebuilt.
        private static func needsVisibleControls<S: StringProtocol>(_ text: S) -> Bool {
            // Most texts have none of the lead bytes at all: a tight first pass says so.
            guard containsByte(text, where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xD8 || $0 == 0xE2 }) else { return false }
            let scan = { (bytes: UnsafeBufferPointer<UInt8>) in CommonMark.hasControls(bytes, allowingLineFeedsAndTabs: true) }
            if let answer = text.utf8.withContiguousStorageIfAvailable(scan) { return answer }
            return Array(text.utf8).withUnsafeBufferPointer(scan)
        }

        /// A byte search through the string's contiguous storage: much faster than walking the
        /// `UTF8View`, and this runs on every piece of text.
        private static func containsByte<S: StringProtocol>(_ text: S, where predicate: (UInt8) -> Bool) -> Bool {
            text.utf8.withContiguousStorageIfAvailable { $0.contains(where: predicate) } ?? text.utf8.contains(where: predicate)
        }
    }
}

extension CommonMark {
    /// Whether `bytes` hold a control the tree builder shows as a picture or a code point: C0
    /// (line feeds and tabs only unless `allowingLineFeedsAndTabs`), DEL, C1 or a bidi control.
    static func hasControls(_ bytes: UnsafeBufferPointer<UInt8>, allowingLineFeedsAndTabs: Bool = false) -> Bool {
        let count = bytes.count
        var index = 0
        while index < count {
            // Most bytes of any text can start none.
            index = bytes.firstPossibleControl(from: index, to: count)
            guard index < count else { break }
            let byte = bytes[index]
            switch byte {
            case 0x0A, 0x09:
                if !allowingLineFeedsAndTabs { return true }
            case 0x00..<0x20, 0x7F:
                return true
            case 0xC2: // U+0080...U+009F
                if index + 1 < count, (0x80...0x9F).contains(bytes[index + 1]) { return true }
            case 0xD8, 0xE2:
                if TextControls.bidiControlLength(bytes, at: index) > 0 { return true }
            default: break
            }
            index += 1
        }
        return false
    }

    /// The destination to print, or `nil` when the link must go. Besides ``URLPolicy``, a
    /// fragment of our own anchors (`#m-...`, as ``Anchor/fragment(for:)`` writes it) is
    /// allowed: it cannot leave the document.
    /// `<` and `>` are percent-encoded: cmark prints a link whose label is its URL as
    /// `<url>` without escaping, where a `>` would end it early.
    static func safeDestination(_ destination: String) -> String? {
        let url: String
        if destination.hasPrefix("#"), destination.count > 1,
            destination.utf8.dropFirst().allSatisfy({ isAnchorByte($0) })
        {
            url = destination
        } else if let sanitized = URLPolicy.sanitize(destination) {
            url = sanitized
        } else {
            return nil
        }
        guard url.containsUTF8(UInt8(ascii: "<")) || url.containsUTF8(UInt8(ascii: ">")) else { return url }
        return url.replacingOccurrences(of: "<", with: "%3C").replacingOccurrences(of: ">", with: "%3E")
    }

    /// What ``Anchor/fragment(for:)`` writes: the bytes a URL fragment holds, and `%` escapes.
    private static func isAnchorByte(_ byte: UInt8) -> Bool {
        Anchor.isFragmentByte(byte) || byte == UInt8(ascii: "%")
    }
}
