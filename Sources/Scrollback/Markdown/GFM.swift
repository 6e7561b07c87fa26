/// GitHub's extensions to CommonMark (strikethrough, task list items, pipe tables), read from
/// the tree libcmark built, since Debian's libcmark has none of them.
///
/// Each works on a container's inline content once the container is closed: strikethrough on
/// the runs of `~` in its text, the task box on the text that starts a list item, a table on a
/// paragraph's lines. Code spans, autolinks and raw HTML were already cut out by cmark, so a
/// `~` or `|` inside them is never read as markup; escaped ones (`\~`, `\|`) neither.
///
/// Where GitHub's own parser would split a code span, a link or emphasis at a `|` before
/// reading it, these stay whole in one cell (cmark has read them already); and where
/// emphasis and strikethrough cross (`~~a *b~~ c*`), emphasis wins. Everything else follows
/// the GFM specification's rules. All of it is linear in the text.
enum GFM {
    /// Inline content of an open container: text not yet rewritten, with the offsets of its
    /// escaped `~`, `|` and `[` (`linked`: inside a link, where text is never rewritten), or
    /// an inline cmark already built.
    enum Piece {
        case text(String, escapes: [Int], linked: Bool)
        case inline(MarkdownInline)
    }

    /// A table with more columns than this is left as a paragraph: body rows are padded to the
    /// header's width, so a wide header over many short rows would multiply the output.
    static let maximumColumns = 64
    /// Rows past this many cells (header included) end the table: the lines left are a paragraph
    /// after it. A megabyte of one-cell rows would otherwise draw a quarter of a million boxes.
    static let maximumCells = 20_000
    /// Strikethrough inside strikethrough, deeper than this, stays text: nothing is gained by
    /// it, and hostile text could otherwise nest values as deep as it is long.
    static let maximumStrikethroughNesting = 2

    // MARK: Containers

    /// The finished inline content of a container: strikethrough read, text rewritten.
    static func inlines(_ pieces: [Piece], rewrite: CommonMark.TextRewriter?) -> [MarkdownInline] {
        guard pieces.contains(where: hasTilde) else { return finish(pieces.map(Entry.init), rewrite: rewrite) }
        return strikethrough(pieces, rewrite: rewrite)
    }

    /// A paragraph's blocks: itself, or the lines before a table and the table. `atItemStart`:
    /// the paragraph is the first of a list item, where it may start with a task box.
    static func paragraph(_ pieces: [Piece], atItemStart: Bool, rewrite: CommonMark.TextRewriter?) -> [MarkdownBlock] {
        var pieces = pieces
        var box: MarkdownInline?
        if atItemStart { box = taskBox(&pieces) }
        if let (before, table, after) = table(in: pieces, rewrite: rewrite) {
            let lead = (box.map { [Piece.inline($0)] } ?? []) + before
            return (lead.isEmpty ? [] : [.paragraph(inlines(lead, rewrite: rewrite))]) + [.table(table)]
                + (after.isEmpty ? [] : [.paragraph(inlines(after, rewrite: rewrite))])
        }
        if let box { pieces.insert(.inline(box), at: 0) }
        return [.paragraph(inlines(pieces, rewrite: rewrite))]
    }

    // MARK: Task items

    /// Takes `[ ]`, `[x]` or `[X]` and the spaces after it off the start of `pieces`, and returns
    /// the box it stands for; `nil` (and `pieces` untouched) when they do not start so. The
    /// marker must be followed by a space, a tab or the end of the line, and must not be escaped.
    private static func taskBox(_ pieces: inout [Piece]) -> MarkdownInline? {
        guard case .text(let text, let escapes, false)? = pieces.first, !escapes.contains(0) else { return nil }
        let bytes = Array(text.utf8)
        guard bytes.count >= 3, bytes[0] == UInt8(ascii: "["), bytes[2] == UInt8(ascii: "]") else { return nil }
        let checked: Bool
        switch bytes[1] {
        case UInt8(ascii: " "): checked = false
        case UInt8(ascii: "x"), UInt8(ascii: "X"): checked = true
        default: return nil
        }
        if bytes.count == 3 {
            // `[x]` alone on its line, with more lines after it.
            guard pieces.count > 1, case .inline(let next) = pieces[1], next == .lineBreak || next == .softBreak else { return nil }
            pieces.removeFirst(2)
            return .checkbox(checked: checked)
        }
        guard bytes[3] == UInt8(ascii: " ") || bytes[3] == UInt8(ascii: "\t") else { return nil }
        var cut = 3
        while cut < bytes.count, bytes[cut] == UInt8(ascii: " ") || bytes[cut] == UInt8(ascii: "\t") { cut += 1 }
        if cut == bytes.count {
            pieces.removeFirst()
        } else {
            pieces[0] = .text(
                String(decoding: bytes[cut...], as: UTF8.self), escapes: escapes.map { $0 - cut }.filter { $0 >= 0 },
                linked: false)
        }
        return .checkbox(checked: checked)
    }

    // MARK: Tables

    /// The first table in a paragraph's lines: a header row, then a delimiter row with as many
    /// cells (`| --- | :-: |`), then every line left as a body row, up to ``maximumCells``.
    /// Returns the lines before the header, the table and the lines after it, or `nil` when
    /// there is none.
    private static func table(in pieces: [Piece], rewrite: CommonMark.TextRewriter?) -> ([Piece], MarkdownTable, [Piece])? {
        // A table needs a pipe and two lines: most paragraphs are passed at once.
        guard pieces.contains(where: isBreak), pieces.contains(where: hasPipe) else { return nil }
        var lines: [Range<Int>] = []
        var lineStart = 0
        for (index, piece) in pieces.enumerated() where isBreak(piece) {
            lines.append(lineStart..<index)
            lineStart = index + 1
        }
        lines.append(lineStart..<pieces.count)
        for delimiter in lines.indices.dropFirst() {
            guard let alignments = delimiterRow(pieces[lines[delimiter]]), alignments.count <= maximumColumns else { continue }
            let header = cells(pieces[lines[delimiter - 1]])
            guard header.count == alignments.count else { continue }
            let rowCount = min(lines.count - delimiter - 1, maximumCells / alignments.count - 1)
            let rows = lines[(delimiter + 1)..<(delimiter + 1 + rowCount)].map { cells(pieces[$0]) }
            // The break that ended the line before the header goes with the header, the one
            // after the last row with the rows.
            let before = delimiter >= 2 ? Array(pieces[..<lines[delimiter - 2].upperBound]) : []
            let lastLine = delimiter + rowCount
            let after = lastLine + 1 < lines.count ? Array(pieces[lines[lastLine + 1].lowerBound...]) : []
            let table = MarkdownTable(
                alignments: alignments, header: header.map { inlines($0, rewrite: rewrite) },
                rows: rows.map { $0.map { inlines($0, rewrite: rewrite) } })
            return (before, table, after)
        }
        return nil
    }

    /// The alignments of a delimiter row (`| :-- | :-: | --: |`), or `nil` when the line is not one.
    /// It must hold a pipe, so that `---` under a line stays a heading's underline elsewhere.
    private static func delimiterRow(_ line: ArraySlice<Piece>) -> [MarkdownTable.Alignment]? {
        // An escaped pipe is text: a line with one is no delimiter row.
        guard line.count == 1, case .text(let text, let escapes, false)? = line.first, escapes.isEmpty else { return nil }
        var bytes = Substring(text).utf8[...]
        guard bytes.allSatisfy({ " \t|-:".utf8.contains($0) }), bytes.contains(UInt8(ascii: "|")) else { return nil }
        while let first = bytes.first, first == 0x20 || first == 0x09 { bytes = bytes.dropFirst() }
        while let last = bytes.last, last == 0x20 || last == 0x09 { bytes = bytes.dropLast() }
        if bytes.first == UInt8(ascii: "|") { bytes = bytes.dropFirst() }
        if bytes.last == UInt8(ascii: "|") { bytes = bytes.dropLast() }
        var alignments: [MarkdownTable.Alignment] = []
        for cell in bytes.split(separator: UInt8(ascii: "|"), omittingEmptySubsequences: false) {
            let core = cell.filter { $0 != 0x20 && $0 != 0x09 }
            guard core.contains(UInt8(ascii: "-")) else { return nil }
            let left = core.first == UInt8(ascii: ":"), right = core.last == UInt8(ascii: ":")
            let dashes = core.dropFirst(left ? 1 : 0).dropLast(right ? 1 : 0)
            // Colons only at the ends, and no space between the dashes.
            guard !dashes.isEmpty, dashes.allSatisfy({ $0 == UInt8(ascii: "-") }),
                cell.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 }).count == 1
            else { return nil }
            alignments.append(left && right ? .center : left ? .left : right ? .right : .none)
        }
        return alignments
    }

    /// A row's cells: split at every `|` that is not escaped, also inside a code span, where
    /// `\|` stands for a pipe (GFM's rule); a leading and a trailing pipe open and close the
    /// row; each cell is trimmed.
    private static func cells(_ line: ArraySlice<Piece>) -> [[Piece]] {
        var cells: [[Piece]] = [[]]
        var sawPipe = false
        for piece in line {
            switch piece {
            case .text(let text, let escapes, let linked) where !linked && text.containsUTF8(UInt8(ascii: "|")):
                let bytes = Array(text.utf8)
                var start = 0
                var escapeIndex = 0
                var segmentEscapes = 0 // the first escape not yet given to a segment
                func appendSegment(upTo end: Int) {
                    var local: [Int] = []
                    while segmentEscapes < escapes.count, escapes[segmentEscapes] < end {
                        if escapes[segmentEscapes] >= start { local.append(escapes[segmentEscapes] - start) }
                        segmentEscapes += 1
                    }
                    guard end > start else { return }
                    cells[cells.count - 1].append(.text(String(decoding: bytes[start..<end], as: UTF8.self), escapes: local, linked: false))
                }
                for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "|") {
                    while escapeIndex < escapes.count, escapes[escapeIndex] < offset { escapeIndex += 1 }
                    if escapeIndex < escapes.count, escapes[escapeIndex] == offset { continue }
                    appendSegment(upTo: offset)
                    start = offset + 1
                    cells.append([])
                    sawPipe = true
                }
                appendSegment(upTo: bytes.count)
            case .inline(.code(let code)) where code.containsUTF8(UInt8(ascii: "|")):
                let parts = splitCode(code)
                if parts.count == 1 {
                    cells[cells.count - 1].append(.inline(.code(parts[0])))
                    continue
                }
                // A pipe splits the span: its backticks stay as text in the cells on either side.
                for (index, part) in parts.enumerated() {
                    if index > 0 {
                        cells.append([])
                        sawPipe = true
                    }
                    let text = (index == 0 ? "`" : "") + part + (index == parts.count - 1 ? "`" : "")
                    cells[cells.count - 1].append(.text(text, escapes: [], linked: false))
                }
            case .inline(let inline):
                cells[cells.count - 1].append(.inline(unescapingPipes(in: inline)))
            default:
                cells[cells.count - 1].append(piece)
            }
        }
        var trimmed = cells.map(trimmed)
        if sawPipe, trimmed.first?.isEmpty == true { trimmed.removeFirst() }
        if sawPipe, trimmed.count > 0, trimmed.last?.isEmpty == true, cells.count > 1 { trimmed.removeLast() }
        return trimmed
    }

    /// `inline` with each `\|` that cmark kept as written read as a pipe, as GitHub reads a cell:
    /// it replaces `\|` in the whole cell before it reads the cell's inlines. cmark kept them
    /// only where it reads no escapes: code spans, raw HTML and autolinks (`<https://a\|b>`), at
    /// any depth (inside emphasis, strong, a link's label, an image's description). Elsewhere
    /// `\|` was an escape already read, and a backslash left in text or a link's destination
    /// stands for one written `\\`, which GitHub keeps too.
    private static func unescapingPipes(in inline: MarkdownInline) -> MarkdownInline {
        func unescaped(_ text: String) -> String {
            text.containsUTF8(UInt8(ascii: "|")) ? text.replacingOccurrences(of: "\\|", with: "|") : text
        }
        switch inline {
        case .code(let code): return .code(unescaped(code))
        case .html(let html): return .html(unescaped(html))
        case .emphasis(let children): return .emphasis(children.map(unescapingPipes))
        case .strong(let children): return .strong(children.map(unescapingPipes))
        case .strikethrough(let children): return .strikethrough(children.map(unescapingPipes))
        case .image(let source, let title, let alt): return .image(source: source, title: title, alt: alt.map(unescapingPipes))
        case .link(let destination, let title, let children):
            // An autolink: its one text is its destination as written.
            if children.count == 1, case .text(let text) = children[0], text == destination || "mailto:" + text == destination {
                return .link(destination: unescaped(destination), title: title, children: [.text(unescaped(text))])
            }
            return .link(destination: destination, title: title, children: children.map(unescapingPipes))
        default: return inline
        }
    }

    /// A code span's text split at each pipe not written `\|`, with `\|` read as a pipe.
    private static func splitCode(_ code: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var previous: Character?
        for character in code {
            if character == "|" {
                if previous == "\\" {
                    current.removeLast()
                    current.append("|")
                } else {
                    parts.append(current)
                    current = ""
                }
            } else {
                current.append(character)
            }
            previous = character
        }
        parts.append(current)
        return parts
    }

    /// A cell without the spaces and tabs around it.
    private static func trimmed(_ cell: [Piece]) -> [Piece] {
        var cell = cell
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        while case .text(let text, let escapes, let linked)? = cell.first {
            let bytes = Array(text.utf8)
            let cut = bytes.firstIndex { !isBlank($0) } ?? bytes.count
            if cut == bytes.count {
                cell.removeFirst()
                continue
            }
            if cut > 0 {
                cell[0] = .text(
                    String(decoding: bytes[cut...], as: UTF8.self), escapes: escapes.map { $0 - cut }.filter { $0 >= 0 }, linked: linked)
            }
            break
        }
        while case .text(let text, let escapes, let linked)? = cell.last {
            let bytes = Array(text.utf8)
            let end = (bytes.lastIndex { !isBlank($0) } ?? -1) + 1
            if end == 0 {
                cell.removeLast()
                continue
            }
            if end < bytes.count {
                cell[cell.count - 1] = .text(
                    String(decoding: bytes[..<end], as: UTF8.self), escapes: escapes.filter { $0 < end }, linked: linked)
            }
            break
        }
        return cell
    }

    private static func isBreak(_ piece: Piece) -> Bool {
        if case .inline(let inline) = piece { return inline == .lineBreak || inline == .softBreak }
        return false
    }

    private static func hasPipe(_ piece: Piece) -> Bool {
        switch piece {
        case .text(let text, _, false): return text.containsUTF8(UInt8(ascii: "|"))
        default: return false
        }
    }

    private static func hasTilde(_ piece: Piece) -> Bool {
        if case .text(let text, _, _) = piece { return text.containsUTF8(UInt8(ascii: "~")) }
        return false
    }

    // MARK: Strikethrough

    /// What the delimiter algorithm works on: text, a run of one or two `~` that may open or
    /// close, or an inline already built (`nesting`: how many strikethroughs deep it is).
    private enum Entry {
        case text(String, linked: Bool)
        case run(count: Int, linked: Bool)
        case inline(MarkdownInline, nesting: Int)

        init(_ piece: Piece) {
            switch piece {
            case .text(let text, _, let linked): self = .text(text, linked: linked)
            case .inline(let inline): self = .inline(inline, nesting: 0)
            }
        }
    }

    /// What a delimiter run's neighbour is, for GFM's flanking rules.
    private enum Neighbour { case space, punctuation, other }

    /// Runs of one or two `~` matched like emphasis (a run of three or more is text): a
    /// left-flanking run opens, a right-flanking one closes the nearest open run of its length.
    /// The runs still open when a closer matches become text. Each entry is moved into a
    /// strikethrough at most once per level, and openers wait on one stack per length, so the
    /// work stays linear in the text.
    private static func strikethrough(_ pieces: [Piece], rewrite: CommonMark.TextRewriter?) -> [MarkdownInline] {
        var output: [Entry] = []
        var openers: [[Int]] = [[], []] // indices in `output` of open runs of one and two `~`
        for (pieceIndex, piece) in pieces.enumerated() {
            guard case .text(let text, let escapes, let linked) = piece, text.containsUTF8(UInt8(ascii: "~")) else {
                output.append(Entry(piece))
                continue
            }
            let bytes = Array(text.utf8)
            var escapeIndex = 0
            var plainStart = 0
            var index = 0
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: "~") else {
                    index += 1
                    continue
                }
                while escapeIndex < escapes.count, escapes[escapeIndex] < index { escapeIndex += 1 }
                if escapeIndex < escapes.count, escapes[escapeIndex] == index {
                    index += 1
                    continue
                }
                // The run stops at the next escaped `~`: `escapes` is sorted and read once.
                let nextEscape = escapeIndex < escapes.count ? escapes[escapeIndex] : Int.max
                var end = index + 1
                while end < bytes.count, end < nextEscape, bytes[end] == UInt8(ascii: "~") { end += 1 }
                let count = end - index
                guard count <= 2 else {
                    index = end
                    continue
                }
                let before = index > 0 ? neighbour(before: index, in: bytes) : lastNeighbour(of: pieces, before: pieceIndex)
                let after = end < bytes.count ? neighbour(at: end, in: bytes) : firstNeighbour(of: pieces, after: pieceIndex)
                let leftFlanking = after != .space && (after != .punctuation || before != .other)
                let rightFlanking = before != .space && (before != .punctuation || after != .other)
                guard leftFlanking || rightFlanking else {
                    index = end
                    continue
                }
                if plainStart < index { output.append(.text(String(decoding: bytes[plainStart..<index], as: UTF8.self), linked: linked)) }
                plainStart = end
                index = end
                let stack = count - 1
                // As in GitHub's parser, a closer meets the nearest opener: of another length,
                // neither is used.
                let nearest = max(openers[0].last ?? -1, openers[1].last ?? -1)
                if rightFlanking, let opener = openers[stack].last, opener == nearest {
                    let children = Array(output[(opener + 1)...])
                    let nesting = 1 + children.reduce(0) { if case .inline(_, let depth) = $1 { max($0, depth) } else { $0 } }
                    if nesting <= maximumStrikethroughNesting {
                        output.removeSubrange(opener...)
                        for level in openers.indices {
                            while let last = openers[level].last, last >= opener { openers[level].removeLast() }
                        }
                        output.append(.inline(.strikethrough(finish(children, rewrite: rewrite)), nesting: nesting))
                        continue
                    }
                }
                if leftFlanking { openers[stack].append(output.count) }
                output.append(.run(count: count, linked: linked))
            }
            if plainStart < bytes.count { output.append(.text(String(decoding: bytes[plainStart...], as: UTF8.self), linked: linked)) }
        }
        return finish(output, rewrite: rewrite)
    }

    /// Entries as inlines: text (and runs left unmatched) merged and rewritten.
    private static func finish(_ entries: [Entry], rewrite: CommonMark.TextRewriter?) -> [MarkdownInline] {
        var result: [MarkdownInline] = []
        var pending = ""
        var pendingLinked = false
        func flush() {
            guard !pending.isEmpty else { return }
            if !pendingLinked, let rewrite, let rewritten = rewrite(pending) {
                result += rewritten
            } else {
                result.append(.text(pending))
            }
            pending = ""
        }
        for entry in entries {
            switch entry {
            case .text(let text, let linked):
                if linked != pendingLinked { flush() }
                pendingLinked = linked
                pending += text
            case .run(let count, let linked):
                if linked != pendingLinked { flush() }
                pendingLinked = linked
                pending += count == 1 ? "~" : "~~"
            case .inline(let inline, _):
                flush()
                result.append(inline)
            }
        }
        flush()
        return result
    }

    /// The neighbour a run has on its left when it starts at `index > 0` of `bytes`.
    private static func neighbour(before index: Int, in bytes: [UInt8]) -> Neighbour {
        var start = index - 1
        while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return classify(bytes[start..<index])
    }

    /// The neighbour a run has on its right when it ends at `index < bytes.count`.
    private static func neighbour(at index: Int, in bytes: [UInt8]) -> Neighbour {
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return classify(bytes[index..<end])
    }

    private static func classify(_ scalarBytes: ArraySlice<UInt8>) -> Neighbour {
        guard let scalar = String(decoding: scalarBytes, as: UTF8.self).unicodeScalars.first else { return .other }
        if scalar.properties.isWhitespace { return .space }
        if scalar.isASCII { return isASCIIPunctuation(UInt8(scalar.value)) ? .punctuation : .other }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation:
            return .punctuation
        default: return .other
        }
    }

    /// What ends the piece before `index` (the container's start reads as a space). Inlines
    /// cmark built begin and end with punctuation (`` ` ``, `*`, `[`, `)`, `<`, `>`), breaks are spaces.
    private static func lastNeighbour(of pieces: [Piece], before index: Int) -> Neighbour {
        guard index > 0 else { return .space }
        switch pieces[index - 1] {
        case .text(let text, _, _):
            let bytes = Array(text.utf8.suffix(4))
            return bytes.isEmpty ? .space : neighbour(before: bytes.count, in: bytes)
        case .inline(let inline): return classify(inline)
        }
    }

    /// What starts the piece after `index` (the container's end reads as a space).
    private static func firstNeighbour(of pieces: [Piece], after index: Int) -> Neighbour {
        guard index + 1 < pieces.count else { return .space }
        switch pieces[index + 1] {
        case .text(let text, _, _):
            let bytes = Array(text.utf8.prefix(4))
            return bytes.isEmpty ? .space : neighbour(at: 0, in: bytes)
        case .inline(let inline): return classify(inline)
        }
    }

    private static func classify(_ inline: MarkdownInline) -> Neighbour {
        switch inline {
        case .softBreak, .lineBreak: return .space
        case .mention, .text: return .other
        default: return .punctuation
        }
    }

    static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
        (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte) || (0x7B...0x7E).contains(byte)
    }

    // MARK: Escapes

    /// The index of the `;` ending an entity (`&name;`, `&#126;`, `&#x7e;`) that starts at `start`, or `nil`.
    private static func entityEnd(_ source: ArraySlice<UInt8>, from start: Int) -> Int? {
        var index = start + 1
        guard index < source.endIndex else { return nil }
        let numeric = source[index] == UInt8(ascii: "#")
        if numeric { index += 1 }
        let hex = numeric && index < source.endIndex && (source[index] | 0x20) == UInt8(ascii: "x")
        if hex { index += 1 }
        let bodyStart = index
        while index < source.endIndex, index - bodyStart < 32 {
            let byte = source[index]
            let isDigit = byte >= 0x30 && byte <= 0x39
            let isHexLetter = (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x66
            let isLetter = (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
            guard hex ? isDigit || isHexLetter : numeric ? isDigit : isDigit || isLetter else { break }
            index += 1
        }
        guard index > bodyStart, index < source.endIndex, source[index] == UInt8(ascii: ";") else { return nil }
        return index
    }

    /// The UTF-8 length of what a numeric entity's body (`#126`, `#x7E`) decodes to, as cmark
    /// decodes it (U+FFFD for zero or a value past Unicode); `nil` for a named entity.
    private static func numericEntityLength(_ body: ArraySlice<UInt8>) -> Int? {
        guard body.first == UInt8(ascii: "#") else { return nil }
        var digits = body.dropFirst()
        var radix: UInt32 = 10
        if digits.first == UInt8(ascii: "x") || digits.first == UInt8(ascii: "X") {
            radix = 16
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.count <= (radix == 10 ? 7 : 6),
            let value = UInt32(String(decoding: digits, as: UTF8.self), radix: Int(radix))
        else { return nil }
        guard value != 0, let scalar = Unicode.Scalar(value) else { return 3 }
        return String(scalar).utf8.count
    }

    /// The offsets in `text` (a text node's literal) of the `~`, `|` and `[` its `source`
    /// wrote as `\~`, `\|`, `\[` or as an entity (`&#126;`). The two are walked side by side: an escape takes two source
    /// bytes for one, an entity (`&#126;`) its source for the few bytes it decodes to, found
    /// where the two meet again. Where they cannot be matched, the walk stops.
    static func escapedOffsets(text: [UInt8], source: ArraySlice<UInt8>) -> [Int] {
        var result: [Int] = []
        var sourceIndex = source.startIndex
        var textIndex = 0
        while sourceIndex < source.endIndex, textIndex < text.count {
            let byte = source[sourceIndex]
            if byte == UInt8(ascii: "\\"), sourceIndex + 1 < source.endIndex, isASCIIPunctuation(source[sourceIndex + 1]),
                text[textIndex] == source[sourceIndex + 1]
            {
                if "~|[".utf8.contains(text[textIndex]) { result.append(textIndex) }
                sourceIndex += 2
                textIndex += 1
            } else if byte == UInt8(ascii: "&"), let semicolon = entityEnd(source, from: sourceIndex),
                !text[textIndex...].starts(with: source[sourceIndex...semicolon])
            {
                let after = semicolon + 1
                // What follows the entity in the text: the next source byte, or the byte an escape stands for.
                var next = after < source.endIndex ? source[after] : nil
                if next == UInt8(ascii: "\\"), after + 1 < source.endIndex, isASCIIPunctuation(source[after + 1]) {
                    next = source[after + 1]
                }
                guard
                    let length = numericEntityLength(source[(sourceIndex + 1)..<semicolon])
                        ?? (1...8).first(where: { length in
                            guard textIndex + length <= text.count, next != UInt8(ascii: "&") else { return false }
                            guard let next else { return textIndex + length == text.count }
                            return textIndex + length < text.count && text[textIndex + length] == next
                        })
                else { break }
                // What an entity stands for is text, never markup.
                for offset in textIndex..<(textIndex + length) where "~|[".utf8.contains(text[offset]) { result.append(offset) }
                sourceIndex = after
                textIndex += length
            } else if byte == text[textIndex] {
                sourceIndex += 1
                textIndex += 1
            } else {
                break
            }
        }
        return result
    }
}
