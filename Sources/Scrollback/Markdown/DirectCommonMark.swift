/// Plain paragraphs written as CommonMark directly, byte for byte as cmark's writer prints the
/// node tree ``CommonMark/renderCommonMark(_:)`` builds of them.
///
/// Most items of a transcript are such paragraphs: an author in strong emphasis, a line of
/// text, a time in emphasis, reactions in code spans. cmark's writer costs about 150
/// instructions a character it prints, and was a sixth of a Markdown rendering. This writer
/// takes only what it can print exactly as cmark does, and returns `nil` for anything else,
/// which then goes through cmark:
///
/// - paragraphs, headings and block quotes of them, made of text, code spans, emphasis,
///   strong emphasis and strikethrough of text, mentions, links of those without a title, and
///   breaks between them; lists whose items hold such paragraphs (the first may open with a
///   task box), lists and code; code blocks (in a quote, not the first block); and pipe
///   tables of cells of such inlines without breaks (the tree builder writes a table as a
///   paragraph of rows, a pipe in a cell's code span or link being its own);
/// - text without controls (C0, C1, bidi), with the characters cmark escapes escaped as it
///   does (`\*`, `\_`, `\[`, `\]`, `\#`, `\<`, `\>`, `\\`, `` \` ``, `\!`, `&` before a
///   letter, and `\+`, `\-`, `\=` where a text starts a line), and `~` and `|` escaped as
///   the tree builder writes them;
/// - nothing whose escaping depends on its place in a line, on a neighbouring node, or on
///   spaces cmark would move: a line starting with a space, `&`, or digits then
///   `.` or `)` (in the same text or the next one; emphasis never starts a line's content, as
///   its delimiter comes first); a `&` before anything but a letter or a space; a text or a
///   delimited text ending in a space before a break or the paragraph's end, or a delimited
///   text starting or ending with whitespace; a break at a paragraph's start or end, or after
///   another; code with a backtick, or starting or ending with a space; a link with a title,
///   or to a URL cmark escapes.
///
/// A link is written `<url>` when its text is the URL itself (for a `mailto:` link, the
/// address), as cmark does; inline HTML is text to the tree builder, and so here.
///
/// A block that it cannot write need not send the whole document to cmark:
/// ``render(_:leavingToCmark:)`` has cmark write that block alone (a paragraph, a table, a
/// list of longer items) and puts its lines in place. Blocks are separated by blank lines (two
/// lists in a row also by the comment cmark puts between them), so cmark writes a block alone
/// as it writes it among others, line starts and escapes included; a block quote only puts its
/// `> ` before each line. The exceptions go to cmark whole: a block other than a
/// paragraph, heading, list or code inside a quote (cmark's blank lines around it differ), a
/// quote that opens with code (cmark puts two blank lines before it), and a block cmark
/// prints as nothing (a paragraph of one break). (A thread, a quote of many messages, would
/// otherwise all go through cmark for one reply that starts with `+1`.)
///
/// `DirectCommonMarkTests` compares this writer with cmark on generated documents that mix
/// all of these, plain and not.
enum DirectCommonMark {
    /// `blocks` as CommonMark, or `nil` when cmark must write any of them.
    static func render(_ blocks: [MarkdownBlock]) -> String? {
        bytes(blocks, cmark: nil).map { String(decoding: $0, as: UTF8.self) }
    }

    /// `blocks` as CommonMark, each block this writer cannot print written by `cmark` on its
    /// own (a document of that block alone, as cmark prints it); `nil` when the whole document
    /// needs cmark (see above), or has an empty quote.
    static func render(_ blocks: [MarkdownBlock], leavingToCmark cmark: (MarkdownBlock) -> String) -> String? {
        bytes(blocks, leavingToCmark: cmark).map { String(decoding: $0, as: UTF8.self) }
    }

    /// ``render(_:leavingToCmark:)`` as its UTF-8 bytes, for an output that takes them.
    static func bytes(_ blocks: [MarkdownBlock], leavingToCmark cmark: (MarkdownBlock) -> String) -> [UInt8]? {
        withoutActuallyEscaping(cmark) { bytes(blocks, cmark: $0) }
    }

    private static func bytes(_ blocks: [MarkdownBlock], cmark: ((MarkdownBlock) -> String)?) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        guard writeBlocks(blocks, prefix: [], cmark: cmark, to: &output) else { return nil }
        return output
    }

    private static let newline = UInt8(ascii: "\n")
    /// The line cmark puts between two lists in a row, with its line feed.
    private static let endOfList = Array("<!-- end list -->\n".utf8)

    /// Blocks with a blank line between them, each line after `prefix` (`> ` per quote level,
    /// which a blank line inside a quote keeps too).
    private static func writeBlocks(
        _ blocks: [MarkdownBlock], prefix: [UInt8], cmark: ((MarkdownBlock) -> String)?, to output: inout [UInt8]
    ) -> Bool {
        guard !blocks.isEmpty else { return false }
        for (index, block) in blocks.enumerated() {
            if index > 0 {
                output.append(contentsOf: prefix)
                output.append(newline)
                // cmark ends a list followed by another with a comment, which keeps the two
                // from reading as one list.
                if case .list = blocks[index - 1], case .list = block {
                    output.append(contentsOf: prefix)
                    output.append(contentsOf: endOfList)
                    output.append(contentsOf: prefix)
                    output.append(newline)
                }
            }
            let start = output.count
            let written: Bool
            switch block {
            case .paragraph(let inlines):
                output.append(contentsOf: prefix)
                written = writeInlines(inlines, prefix: prefix, in: .paragraph, to: &output)
            case .heading(let level, let inlines):
                output.append(contentsOf: prefix)
                output.append(contentsOf: repeatElement(UInt8(ascii: "#"), count: min(max(level, 1), 6)))
                output.append(UInt8(ascii: " "))
                written = writeInlines(inlines, prefix: prefix, in: .heading, to: &output)
            case .table(let table):
                // A paragraph of rows to cmark (it has no table node).
                output.append(contentsOf: prefix)
                written = writeTable(table, prefix: prefix, to: &output)
            case .blockQuote(let inner):
                guard writeBlocks(inner, prefix: prefix + [UInt8(ascii: ">"), UInt8(ascii: " ")], cmark: cmark, to: &output) else {
                    return false
                }
                continue
            case .list, .codeBlock, .htmlBlock, .thematicBreak:
                switch block {
                case .list(let start, let tight, let items):
                    written = writeList(start: start, tight: tight, items: items, prefix: prefix, to: &output)
                // cmark puts two blank lines before code that opens a quote.
                case .codeBlock(let info, let code) where prefix.isEmpty || index > 0:
                    written = writeCodeBlock(info: info, code: code, prefix: prefix, to: &output)
                default:
                    written = false
                }
                // Both end with their last line's line feed.
                if written { continue }
                // Left to cmark only outside quotes: inside one, its blank lines around these differ.
                guard prefix.isEmpty else { return false }
            }
            if written {
                output.append(newline)
            } else {
                output.removeSubrange(start...)
                guard let cmark, appendLines(cmark(block), prefix: prefix, to: &output) else { return false }
            }
        }
        return true
    }

    /// A list as cmark prints it: `  - ` or the item's number, `.` and spaces up to four
    /// columns (one space from `10.` on), the item's further lines indented as far; a blank
    /// line between the items of a loose list. Each line after `prefix`, up to the last line's
    /// end. An item holds paragraphs, lists of such items and code (``writeItem(_:prefix:tight:to:)``).
    private static func writeList(
        start: Int?, tight: Bool, items: [[MarkdownBlock]], prefix: [UInt8], to output: inout [UInt8]
    ) -> Bool {
        guard !items.isEmpty else { return false }
        // The tree builder's bounds: a list marker has at most nine digits.
        let first = start.map { min(max($0, 0), 999_999_999) }
        for (index, item) in items.enumerated() {
            if index > 0 && !tight {
                output.append(contentsOf: prefix)
                output.append(newline)
            }
            let marker: [UInt8]
            if let first {
                let number = first + index
                marker = Array("\(number).".utf8) + (number < 10 ? [0x20, 0x20] : [0x20])
            } else {
                marker = Array("  - ".utf8)
            }
            let indent = prefix + [UInt8](repeating: UInt8(ascii: " "), count: marker.count)
            let itemStart = output.count
            guard writeItem(item, prefix: indent, tight: tight, to: &output) else { return false }
            // The item's first line starts as its others do, with the indent: the marker takes
            // the indent's place after `prefix`.
            let markerPlace = (itemStart + prefix.count)..<(itemStart + indent.count)
            guard output.count >= markerPlace.upperBound else { return false }
            output.replaceSubrange(markerPlace, with: marker)
        }
        return true
    }

    /// A list item's blocks, each line after `prefix`: paragraphs (the first may open with a
    /// task box, which the tree builder writes as `[x] `), lists and code; a blank line between
    /// them in a loose list, none in a tight one, as cmark prints them. Anything else, and two
    /// lists in a row, are left to cmark.
    private static func writeItem(_ blocks: [MarkdownBlock], prefix: [UInt8], tight: Bool, to output: inout [UInt8]) -> Bool {
        guard !blocks.isEmpty else { return false }
        for (index, block) in blocks.enumerated() {
            if index > 0 {
                if case .list = blocks[index - 1], case .list = block { return false }
                if !tight {
                    output.append(contentsOf: prefix)
                    output.append(newline)
                }
            }
            switch block {
            case .paragraph(var inlines):
                output.append(contentsOf: prefix)
                var atLineStart = true
                if index == 0, case .checkbox(let checked) = inlines.first {
                    // A box alone would leave a trailing space, which cmark drops.
                    guard inlines.count > 1 else { return false }
                    let box: StaticString = checked ? "[x] " : "[ ] "
                    output.append(contentsOf: bytes(of: box))
                    inlines.removeFirst()
                    atLineStart = false
                }
                guard writeInlines(inlines, prefix: prefix, in: .paragraph, atLineStart: atLineStart, to: &output) else {
                    return false
                }
                output.append(newline)
            case .list(let start, let tight, let items):
                guard writeList(start: start, tight: tight, items: items, prefix: prefix, to: &output) else { return false }
            case .codeBlock(let info, let code):
                guard writeCodeBlock(info: info, code: code, prefix: prefix, to: &output) else { return false }
            default:
                return false
            }
        }
        return true
    }

    /// Code as cmark prints a code block the tree builder made (always fenced): a fence of
    /// backticks one longer than the longest run in the code (three at least), a space, the
    /// info string, the code as it is, and the fence again, each line after `prefix`. Left to
    /// cmark: info with more than one line or a backtick (the tree builder trims them), and
    /// anything the tree builder changes, controls (tabs and line feeds aside) and carriage
    /// returns.
    private static func writeCodeBlock(info: String, code: String, prefix: [UInt8], to output: inout [UInt8]) -> Bool {
        info.withUTF8Bytes { info in
            code.withUTF8Bytes { code in
                guard !info.contains(newline), !info.contains(UInt8(ascii: "`")),
                    !CommonMark.hasControls(info, allowingLineFeedsAndTabs: true),
                    !CommonMark.hasControls(code, allowingLineFeedsAndTabs: true)
                else { return false }
                var (longestRun, run) = (0, 0)
                for byte in code {
                    run = byte == UInt8(ascii: "`") ? run + 1 : 0
                    longestRun = max(longestRun, run)
                }
                let fence = [UInt8](repeating: UInt8(ascii: "`"), count: max(3, longestRun + 1))
                output.append(contentsOf: prefix)
                output.append(contentsOf: fence)
                output.append(UInt8(ascii: " "))
                output.append(contentsOf: info)
                output.append(newline)
                // Every line after the prefix, an empty one too.
                var lineStart = 0
                while lineStart < code.count {
                    let lineEnd = code[lineStart...].firstIndex(of: newline) ?? code.count
                    output.append(contentsOf: prefix)
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: code[lineStart..<lineEnd]))
                    output.append(newline)
                    lineStart = lineEnd + 1
                }
                output.append(contentsOf: prefix)
                output.append(contentsOf: fence)
                output.append(newline)
                return true
            }
        }
    }

    /// The lines cmark printed for one block, each after `prefix`; `false` when they start or
    /// end with an empty line (a block that cmark prints as nothing among others, such as a
    /// paragraph of one break), hold one in a quote (where cmark's prefix would differ), or the
    /// last line has no line feed.
    private static func appendLines(_ printed: String, prefix: [UInt8], to output: inout [UInt8]) -> Bool {
        printed.withUTF8Bytes { bytes in
            guard bytes.count > 1, bytes.first != newline, bytes.last == newline, bytes[bytes.count - 2] != newline else {
                return false
            }
            var lineStart = 0
            for index in bytes.indices where bytes[index] == newline {
                guard index > lineStart || prefix.isEmpty else { return false }
                output.append(contentsOf: prefix)
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[lineStart...index]))
                lineStart = index + 1
            }
            return true
        }
    }

    /// Where inlines are written, which decides what ends a line and where one starts.
    private enum InlinePlace {
        case paragraph
        /// One line: the tree builder makes breaks spaces.
        case heading
        /// One line between pipes, neither at a line's start nor at its end; the tree builder
        /// makes breaks spaces, and escapes pipes in code and links.
        case tableCell
    }

    /// A paragraph's, a heading's or a table cell's inlines, up to its last line's end; a line
    /// break goes on after `prefix`.
    private static func writeInlines(
        _ inlines: [MarkdownInline], prefix: [UInt8], in place: InlinePlace, atLineStart startsLine: Bool = true,
        to output: inout [UInt8]
    ) -> Bool {
        guard !inlines.isEmpty || place == .tableCell else { return false }
        var atLineStart = startsLine && place != .tableCell
        for (index, inline) in inlines.enumerated() {
            let isLast = index == inlines.count - 1
            // Whether a break or the end follows, where cmark's handling of a trailing space is
            // not followed here.
            let endsLine = place != .tableCell && (isLast || inlines[index + 1].isBreak)
            switch inline {
            case .text(let text), .html(let text):
                // The tree builder writes inline HTML as text.
                guard writeText(text, atLineStart: atLineStart, endsLine: endsLine, to: &output) else { return false }
                // cmark's line start lasts through digits, into the next text.
                if atLineStart && !endsLine && isDigits(text) { return false }
            case .code(let code):
                guard place != .tableCell || !code.utf8.contains(UInt8(ascii: "|")), writeCode(code, to: &output) else { return false }
            case .emphasis(let children):
                guard writeDelimited(children, delimiter: "*", to: &output) else { return false }
            case .strong(let children):
                guard writeDelimited(children, delimiter: "**", to: &output) else { return false }
            case .strikethrough(let children):
                // The tree builder's delimiters, which cmark writes as they are.
                guard writeDelimited(children, delimiter: "~~", to: &output) else { return false }
            case .mention(_, let text):
                // The tree builder writes a mention as strong emphasis of its one-line text, a field.
                guard writeDelimited([.text(TextControls.oneLine(TextControls.field(text)))], delimiter: "**", to: &output)
                else { return false }
            case .link(let destination, let title, let children):
                guard title.isEmpty, place != .tableCell || !destination.utf8.contains(UInt8(ascii: "|")),
                    writeLink(to: destination, children, to: &output)
                else { return false }
            case .softBreak, .lineBreak:
                guard place == .paragraph, !atLineStart, !isLast else { return false }
                if case .lineBreak = inline { output.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: " ")]) }
                output.append(newline)
                output.append(contentsOf: prefix)
                atLineStart = true
                continue
            default:
                return false
            }
            atLineStart = false
        }
        return true
    }

    /// A pipe table as the tree builder writes it, one paragraph: each row on a line of its own
    /// after `prefix`, a cell's inlines between `| ` and ` |`, the delimiter row after the header.
    private static func writeTable(_ table: MarkdownTable, prefix: [UInt8], to output: inout [UInt8]) -> Bool {
        // A table without columns is no paragraph: cmark prints nothing for it.
        guard !table.alignments.isEmpty else { return false }
        func writeRow(_ cells: [[MarkdownInline]]) -> Bool {
            output.append(UInt8(ascii: "|"))
            for cell in cells {
                output.append(UInt8(ascii: " "))
                guard writeInlines(cell, prefix: prefix, in: .tableCell, to: &output) else { return false }
                output.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: "|")])
            }
            return true
        }
        guard writeRow(table.header) else { return false }
        output.append(newline)
        output.append(contentsOf: prefix)
        output.append(UInt8(ascii: "|"))
        for alignment in table.alignments {
            let delimiter: StaticString =
                switch alignment {
                case .none: " --- |"
                case .left: " :-- |"
                case .center: " :-: |"
                case .right: " --: |"
                }
            output.append(contentsOf: bytes(of: delimiter))
        }
        for row in table.rows {
            output.append(newline)
            output.append(contentsOf: prefix)
            guard writeRow(row) else { return false }
        }
        return true
    }

    /// A literal's bytes, read where they lie.
    private static func bytes(of literal: StaticString) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
    }

    /// Text, escaped as cmark escapes it there; `false` when its escaping is not certain.
    private static func writeText(_ text: String, atLineStart: Bool, endsLine: Bool, to output: inout [UInt8]) -> Bool {
        text.withUTF8Bytes { bytes in
            guard let first = bytes.first, let last = bytes.last else { return false }
            if endsLine && last == UInt8(ascii: " ") { return false }
            if atLineStart && startsWithMarker(first) {
                // cmark escapes it where a line's content starts ("+1"), and nothing after it
                // is then at the start.
                output.append(UInt8(ascii: "\\"))
                output.append(first)
                return appendEscaped(UnsafeBufferPointer(rebasing: bytes.dropFirst()), to: &output)
            }
            if atLineStart && !startsSafely(bytes) { return false }
            return appendEscaped(bytes, to: &output)
        }
    }

    /// Strong emphasis or emphasis of texts. The tree builder moves whitespace at its ends
    /// outside the delimiters, and drops empty texts; such texts are left to it. cmark escapes
    /// each text on its own (a `&` at a text's end is not escaped), and so does this.
    private static func writeDelimited(_ children: [MarkdownInline], delimiter: StaticString, to output: inout [UInt8]) -> Bool {
        guard case .text(let first)? = children.first, case .text(let last)? = children.last,
            first.withUTF8Bytes({ startsWithCharacter(first, $0) }), last.withUTF8Bytes({ endsWithCharacter(last, $0) })
        else { return false }
        let marker = bytes(of: delimiter)
        output.append(contentsOf: marker)
        for child in children {
            guard case .text(let text) = child, !text.isEmpty, text.withUTF8Bytes({ appendEscaped($0, to: &output) }) else {
                return false
            }
        }
        output.append(contentsOf: marker)
        return true
    }

    /// Whether `text` (whose bytes are `bytes`) starts with a character that is not whitespace,
    /// as `Character.isWhitespace` tells it: by the character's first scalar, which an ASCII
    /// first byte is.
    private static func startsWithCharacter(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let byte = bytes.first else { return false }
        return byte < 0x80 ? !byte.isASCIIWhitespace : !(text.first?.isWhitespace ?? true)
    }

    /// Whether `text` ends with a character that is not whitespace. An ASCII byte after
    /// another is a character of its own (or the line feed of a CR LF, whitespace either way);
    /// other endings take a walk back over the last grapheme.
    private static func endsWithCharacter(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let byte = bytes.last else { return false }
        if byte < 0x80 && (bytes.count == 1 || bytes[bytes.count - 2] < 0x80) { return !byte.isASCIIWhitespace }
        return !(text.last?.isWhitespace ?? true)
    }

    /// A link of texts (emphasised or not), to a destination ``CommonMark/safeDestination(_:)``
    /// lets through: cmark writes `<url>` when the text is one text node holding the URL itself
    /// and the URL has a scheme, else `[text](url)`, where a URL it would escape is left to it.
    private static func writeLink(to destination: String, _ children: [MarkdownInline], to output: inout [UInt8]) -> Bool {
        guard let url = CommonMark.safeDestination(destination), let first = children.first else { return false }
        return url.withUTF8Bytes { url in
            guard !url.isEmpty, !CommonMark.hasControls(url) else { return false }
            // An e-mail link shows its address alone: cmark compares the text with that.
            let isMail = url.count >= 7 && url.prefix(7).elementsEqual("mailto:".utf8)
            let shown = isMail ? UnsafeBufferPointer(rebasing: url[7...]) : url
            // The tree builder splits a text at `~` and `|`: cmark then sees several nodes, no autolink.
            if children.count == 1, case .text(let text) = first, hasScheme(url), text.utf8.elementsEqual(shown),
                !url.contains(UInt8(ascii: "~")), !url.contains(UInt8(ascii: "|"))
            {
                output.append(UInt8(ascii: "<"))
                output.append(contentsOf: shown)
                output.append(UInt8(ascii: ">"))
                return true
            }
            guard !url.contains(where: isEscapedInDestination) else { return false }
            output.append(UInt8(ascii: "["))
            for child in children {
                switch child {
                case .text(let text):
                    guard !text.isEmpty, text.withUTF8Bytes({ appendEscaped($0, to: &output) }) else { return false }
                case .strong(let texts):
                    guard writeDelimited(texts, delimiter: "**", to: &output) else { return false }
                case .emphasis(let texts):
                    guard writeDelimited(texts, delimiter: "*", to: &output) else { return false }
                default:
                    return false
                }
            }
            output.append(contentsOf: [UInt8(ascii: "]"), UInt8(ascii: "(")])
            output.append(contentsOf: url)
            output.append(UInt8(ascii: ")"))
            return true
        }
    }

    /// Whether a URL starts with a scheme (`https:`, `mailto:`): two to 32 letters, digits,
    /// `+`, `.` or `-`, the first a letter, then a colon.
    private static func hasScheme(_ url: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let colon = url.firstIndex(of: UInt8(ascii: ":")), (2...32).contains(colon), url[0].isASCIILetter else { return false }
        return url[1..<colon].allSatisfy { byte in
            byte.isASCIILetterOrDigit || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
        }
    }

    /// A byte cmark escapes in a link's destination: spaces, parentheses, angle brackets,
    /// backslashes and backticks.
    private static func isEscapedInDestination(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: " "), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"),
            UInt8(ascii: "`"):
            true
        default: false
        }
    }

    /// A code span of one backtick each side: cmark pads or lengthens the fence otherwise.
    private static func writeCode(_ code: String, to output: inout [UInt8]) -> Bool {
        code.withUTF8Bytes { bytes in
            guard let first = bytes.first, let last = bytes.last, first != UInt8(ascii: " "), last != UInt8(ascii: " "),
                !CommonMark.hasControls(bytes), !bytes.contains(UInt8(ascii: "`"))
            else { return false }
            output.append(UInt8(ascii: "`"))
            output.append(contentsOf: bytes)
            output.append(UInt8(ascii: "`"))
            return true
        }
    }

    /// Whether text can start a line without cmark's escaping of line starts applying: not a
    /// space, nor a `&`, nor an ordered list's number. (`+`, `-` and `=` are escaped there:
    /// ``startsWithMarker(_:)``.)
    private static func startsSafely(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first else { return false }
        switch first {
        case UInt8(ascii: " "), UInt8(ascii: "&"): return false
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            let afterDigits = bytes.firstIndex { !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            guard let afterDigits else { return true }
            return bytes[afterDigits] != UInt8(ascii: ".") && bytes[afterDigits] != UInt8(ascii: ")")
        default: return true
        }
    }

    /// Whether `byte`, first on a line, could make a list item (`+`, `-`) or underline a heading
    /// (`=`): cmark escapes it there.
    private static func startsWithMarker(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "=")
    }

    /// Whether `text` is all ASCII digits, which keeps cmark's line start going.
    private static func isDigits(_ text: String) -> Bool {
        text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// Appends `bytes` with cmark's escapes; `false` at a control character or a `&` whose
    /// escaping depends on what follows the text.
    private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) -> Bool {
        guard !CommonMark.hasControls(bytes) else { return false }
        var runStart = 0
        for index in bytes.indices {
            let byte = bytes[index]
            let escapes: Bool
            switch byte {
            case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "#"),
                UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "!"),
                UInt8(ascii: "~"), UInt8(ascii: "|"):
                escapes = true
            case UInt8(ascii: "&"):
                guard index + 1 < bytes.count else { return false }
                let next = bytes[index + 1]
                if next == UInt8(ascii: " ") {
                    escapes = false
                } else if next.isASCIILetter {
                    escapes = true
                } else {
                    return false
                }
            default:
                escapes = false
            }
            guard escapes else { continue }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            output.append(UInt8(ascii: "\\"))
            runStart = index
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        return true
    }
}

extension MarkdownInline {
    /// A soft or hard line break.
    fileprivate var isBreak: Bool {
        switch self {
        case .softBreak, .lineBreak: true
        default: false
        }
    }
}
