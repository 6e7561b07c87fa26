/// Wraps styled, sanitized text to a width in terminal columns.
///
/// - A line never exceeds ``width`` (unless a single cluster is wider than the room left
///   after the prefix) and a grapheme cluster is never split.
/// - ``Mode/words`` breaks at spaces, before and after every wide (CJK, emoji) character,
///   and hard-breaks words longer than a line, never leaving a word's closing punctuation
///   (`.`, `,`, `)`, `>`, ...) alone at the start of the next line; ``Mode/characters`` breaks
///   anywhere and keeps every space, for code, ending a broken line with ``breakMarker`` when
///   one is given.
/// - The prefix starts every line (``firstLinePrefix`` the first, ``continuationPrefix`` the
///   others); the leading spaces of each input line also indent that line's continuations.
/// - Lines have no trailing spaces, and `\n` in the text starts a new line.
/// - Spans keep their style across breaks; ``Line/rendered(for:)`` resets at the end of every
///   styled span, so no style leaks into the next line or into the terminal afterwards.
package struct TextWrapper: Sendable {
    package enum Mode: Sendable, Hashable {
        case words
        case characters
    }

    /// One output line: the prefix and the text, and the columns they take.
    package struct Line: Sendable, Hashable {
        package var spans: [StyledSpan]
        package var width: Int
        /// The line holds an emoji sequence whose width terminals disagree on
        /// (``DisplayWidth/isAmbiguous(_:)``): boxes draw no right border on it.
        package var hasAmbiguousWidth: Bool

        package init(spans: [StyledSpan] = [], width: Int = 0, hasAmbiguousWidth: Bool = false) {
            self.spans = spans
            self.width = width
            self.hasAmbiguousWidth = hasAmbiguousWidth
        }

        /// The line with SGR for `depth` around each styled span, without a line feed.
        package func rendered(for depth: ColorDepth) -> String {
            var result = ""
            for span in spans where !span.text.isEmpty {
                let escape = span.style.escape(for: depth)
                if escape.isEmpty {
                    result += span.text
                } else {
                    result += escape
                    result += span.text
                    result += SGRStyle.reset
                }
            }
            return result
        }

        /// The text without styles.
        package var plainText: String { spans.map(\.text).joined() }
    }

    package var width: Int
    package var firstLinePrefix: [StyledSpan]
    package var continuationPrefix: [StyledSpan]
    package var mode: Mode
    /// In ``Mode/characters``: ends a line broken for the width (not at a `\n`), so that a
    /// reader sees the line goes on (`↩` after code). Its columns are kept free on every line.
    package var breakMarker: StyledSpan?

    /// - Parameters:
    ///   - prefix: starts the first line, and the others unless `continuationPrefix` is given.
    ///   - continuationPrefix: starts every line after the first (a hanging indent).
    ///   - breakMarker: in ``Mode/characters``, ends each line broken for the width.
    package init(
        width: Int, prefix: [StyledSpan] = [], continuationPrefix: [StyledSpan]? = nil, mode: Mode = .words,
        breakMarker: StyledSpan? = nil
    ) {
        self.width = width
        self.firstLinePrefix = prefix
        self.continuationPrefix = continuationPrefix ?? prefix
        self.mode = mode
        self.breakMarker = breakMarker
    }

    /// Wraps one run of text in one style.
    package func wrap(_ text: String, style: SGRStyle = .plain) -> [Line] {
        wrap([StyledSpan(text, style: style)])
    }

    /// Wraps styled runs; always at least one line (empty for empty input).
    package func wrap(_ spans: [StyledSpan]) -> [Line] {
        wrap(spans, placingShortRowsWhole: true)
    }

    /// ``wrap(_:)`` a cluster at a time, even for text that fits on one line; tests compare the two.
    func wrapClusterByCluster(_ spans: [StyledSpan]) -> [Line] {
        wrap(spans, placingShortRowsWhole: false)
    }

    private func wrap(_ spans: [StyledSpan], placingShortRowsWhole: Bool) -> [Line] {
        var builder = Builder(wrapper: self, spans: spans)
        if !(placingShortRowsWhole && builder.placeOnOneLine()) {
            for index in spans.indices { builder.consumeSpan(at: index) }
        }
        builder.endInput()
        return builder.lines
    }
}

extension TextWrapper {
    /// A range of one input span, with its width in columns.
    private struct Piece {
        var spanIndex: Int
        var range: Range<String.Index>
        var width: Int
    }

    private enum ClusterKind {
        /// `closing`: wide punctuation that must not start a line (`。`, `、`, `」`, ...).
        case space, newline, wide, closing, other
    }

    private struct Builder {
        let width: Int
        let mode: Mode
        let spans: [StyledSpan]
        let firstLinePrefix: [StyledSpan]
        let continuationPrefix: [StyledSpan]
        let continuationPrefixWidth: Int
        let breakMarker: StyledSpan?
        let breakMarkerWidth: Int

        var lines: [Line] = []
        var line = Line()
        /// Text not yet copied into `line`: contiguous pieces of one span are merged first.
        var openRun: Piece?
        /// Whether the line holds anything after its prefix and indentation.
        var lineHasText = false
        /// Whether nothing but spaces came since the last `\n` (or the start).
        var atInputLineStart = true
        var indentation = 0
        var pendingSpaces: [Piece] = []
        var pendingSpacesWidth = 0
        var word: [Piece] = []
        var wordWidth = 0
        /// An emoji sequence of disputed width was read: finished lines are checked for one.
        var sawAmbiguous = false
        /// The word is one wide character: it stays open only so that closing punctuation
        /// after it joins it (no line may start with `。`); anything else ends it.
        var wordIsWide = false

        init(wrapper: TextWrapper, spans: [StyledSpan]) {
            width = wrapper.width
            mode = wrapper.mode
            self.spans = spans
            firstLinePrefix = wrapper.firstLinePrefix
            continuationPrefix = wrapper.continuationPrefix
            continuationPrefixWidth = wrapper.continuationPrefix.reduce(0) { $0 + DisplayWidth.of($1.text) }
            breakMarker = wrapper.mode == .characters ? wrapper.breakMarker : nil
            breakMarkerWidth = breakMarker.map { DisplayWidth.of($0.text) } ?? 0
            startLine(prefix: firstLinePrefix, prefixWidth: firstLinePrefix.reduce(0) { $0 + DisplayWidth.of($1.text) })
        }

        // MARK: Input

        /// In ``Mode/words``, places all of a text of printable ASCII that starts with no space
        /// and fits on the first line as it is (most of a transcript's rows: a name, a time, a
        /// short message), as the cluster-by-cluster reading would place it: every span whole,
        /// in order, without the spaces at its end. `false`, with nothing placed, otherwise.
        mutating func placeOnOneLine() -> Bool {
            guard mode == .words else { return false }
            // Columns through the last byte that is not a space, and where that byte is.
            var columns = 0
            var total = 0
            var last: (spanIndex: Int, length: Int)?
            for spanIndex in spans.indices {
                let text = spans[spanIndex].text
                let isPlain = text.withUTF8Bytes { bytes in
                    for (offset, byte) in bytes.enumerated() {
                        guard byte >= 0x20 && byte < 0x7F else { return false }
                        if byte != 0x20 {
                            last = (spanIndex, offset + 1)
                            columns = total + offset + 1
                        } else if last == nil {
                            return false // leading spaces indent: the careful way
                        }
                    }
                    total += bytes.count
                    return true
                }
                guard isPlain, line.width + columns <= width else { return false }
            }
            guard let last else { return false }
            for spanIndex in 0...last.spanIndex {
                let text = spans[spanIndex].text
                let length = spanIndex == last.spanIndex ? last.length : text.utf8.count
                guard length > 0 else { continue }
                append(
                    Piece(spanIndex: spanIndex, range: text.startIndex..<text.utf8.index(text.startIndex, offsetBy: length), width: length))
            }
            lineHasText = true
            atInputLineStart = false
            return true
        }

        mutating func consumeSpan(at spanIndex: Int) {
            let text = spans[spanIndex].text
            let utf8 = text.utf8
            let end = utf8.endIndex
            var index = utf8.startIndex
            while index != end {
                let byte = utf8[index]
                let next = utf8.index(after: index)
                if byte < 0x80 && (next == end || utf8[next] < 0x80) {
                    // An ASCII byte before another is a cluster of its own (the sanitizer turned
                    // CR LF into LF), so most text never needs grapheme breaking.
                    if mode == .words && byte > 0x20 && byte < 0x7F {
                        // A whole run of visible ASCII in one piece; its last byte is left to the
                        // slow path when a combining mark may follow it.
                        var runEnd = Self.visibleASCIIEnd(in: text, from: next, to: end)
                        if runEnd != end && utf8[runEnd] >= 0x80 { runEnd = utf8.index(before: runEnd) }
                        let length = utf8.distance(from: index, to: runEnd)
                        consume(Piece(spanIndex: spanIndex, range: index..<runEnd, width: length), kind: .other)
                        index = runEnd
                        continue
                    }
                    if mode == .characters && byte >= 0x20 && byte < 0x7F {
                        // Characters mode breaks anywhere: a run of printable ASCII goes in as
                        // many columns as each line has left.
                        var runEnd = Self.printableASCIIEnd(in: text, from: next, to: end)
                        if runEnd != end && utf8[runEnd] >= 0x80 { runEnd = utf8.index(before: runEnd) }
                        consumeCharacters(spanIndex: spanIndex, from: index, to: runEnd)
                        index = runEnd
                        continue
                    }
                    consume(
                        Piece(spanIndex: spanIndex, range: index..<next, width: Self.asciiWidth(byte)),
                        kind: Self.asciiKind(byte))
                    index = next
                } else if let (scalar, after) = Self.loneScalar(utf8, at: index, end: end) {
                    // A letter of a common script alone in its cluster: no grapheme breaking, and
                    // the width of one scalar.
                    let columns = DisplayWidth.isWide(scalar) ? 2 : 1
                    consume(
                        Piece(spanIndex: spanIndex, range: index..<after, width: columns),
                        kind: columns < 2 ? .other : Self.isClosingPunctuation(scalar) ? .closing : .wide)
                    index = after
                } else {
                    let character = text[index]
                    let length = character.utf8.count
                    let after = utf8.index(index, offsetBy: length)
                    if length == 1 {
                        consume(
                            Piece(spanIndex: spanIndex, range: index..<after, width: Self.asciiWidth(byte)),
                            kind: Self.asciiKind(byte))
                    } else {
                        let columns = DisplayWidth.of(character)
                        if columns == 2 && !sawAmbiguous && DisplayWidth.isAmbiguous(character) { sawAmbiguous = true }
                        consume(
                            Piece(spanIndex: spanIndex, range: index..<after, width: columns),
                            kind: columns < 2 ? .other : Self.isClosingPunctuation(character) ? .closing : .wide)
                    }
                    index = after
                }
            }
        }

        /// Wide punctuation that closes what precedes it, and so never starts a line (kinsoku):
        /// 、。，．：；？！）」』】〕〉》｝］〟ー・. Each is one scalar that no other sequence is
        /// canonically equal to, so the scalar decides; a set of `Character` would hash and
        /// normalise every wide character of a CJK text.
        private static func isClosingPunctuation(_ character: Character) -> Bool {
            let scalars = character.unicodeScalars
            guard let scalar = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex else { return false }
            return isClosingPunctuation(scalar)
        }

        private static func isClosingPunctuation(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x3001, 0x3002, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF1F, 0xFF01, 0xFF09, 0x300D, 0x300F, 0x3011, 0x3015, 0x3009,
                0x300B, 0xFF5D, 0xFF3D, 0x301F, 0x30FC, 0x30FB:
                return true
            default:
                return false
            }
        }

        /// The scalar at `index` and its end, when it is a cluster of its own for certain: a
        /// ``DisplayWidth/isCommonScriptLetter(_:)`` followed by the end of the span, an ASCII
        /// byte or another such scalar.
        private static func loneScalar(_ utf8: String.UTF8View, at index: String.Index, end: String.Index)
            -> (Unicode.Scalar, String.Index)?
        {
            guard let (scalar, next) = plainScalar(utf8, at: index) else { return nil }
            guard next == end || utf8[next] < 0x80 || plainScalar(utf8, at: next) != nil else { return nil }
            return (scalar, next)
        }

        /// The two- or three-byte scalar at `index` when it is one of those ``loneScalar`` knows.
        private static func plainScalar(_ utf8: String.UTF8View, at index: String.Index) -> (Unicode.Scalar, String.Index)? {
            let lead = utf8[index]
            var value: UInt32
            var next = utf8.index(after: index)
            switch lead {
            case 0xC2...0xDF:
                value = UInt32(lead & 0x1F)
            case 0xE0...0xEF:
                value = UInt32(lead & 0x0F) << 6 | UInt32(utf8[next] & 0x3F)
                next = utf8.index(after: next)
            default:
                return nil
            }
            // The string is valid UTF-8: the continuation bytes are there.
            value = value << 6 | UInt32(utf8[next] & 0x3F)
            next = utf8.index(after: next)
            guard DisplayWidth.isCommonScriptLetter(value), let scalar = Unicode.Scalar(value) else { return nil }
            return (scalar, next)
        }

        @inline(__always)
        private static func asciiKind(_ byte: UInt8) -> ClusterKind {
            byte == 0x20 ? .space : byte == 0x0A ? .newline : .other
        }

        @inline(__always)
        private static func asciiWidth(_ byte: UInt8) -> Int {
            byte >= 0x20 && byte < 0x7F ? 1 : 0
        }

        /// In ``Mode/characters``, the one-column clusters `start..<end` of span `spanIndex`,
        /// placed as ``consume(_:kind:)`` would place them one by one.
        private mutating func consumeCharacters(spanIndex: Int, from start: String.Index, to end: String.Index) {
            let utf8 = spans[spanIndex].text.utf8
            let room = width - breakMarkerWidth
            var index = start
            var remaining = utf8.distance(from: start, to: end)
            while remaining > 0 {
                if lineHasText && line.width >= room { breakForWidth() }
                // A line takes its first cluster even when its prefix leaves no room.
                let count = min(remaining, lineHasText ? room - line.width : max(1, room - line.width))
                let next = utf8.index(index, offsetBy: count)
                append(Piece(spanIndex: spanIndex, range: index..<next, width: count))
                lineHasText = true
                index = next
                remaining -= count
            }
        }

        /// In ``Mode/characters``: ends a line that is full, with the break marker if any.
        private mutating func breakForWidth() {
            if let breakMarker {
                closeRun()
                appendToLine(breakMarker.text[...], style: breakMarker.style, link: breakMarker.link)
                line.width += breakMarkerWidth
            }
            finishLine()
            startContinuationLine()
        }

        mutating func consume(_ piece: Piece, kind: ClusterKind) {
            if mode == .characters {
                if kind == .newline {
                    finishLine()
                    startContinuationLine()
                    return
                }
                if lineHasText && line.width + piece.width > width - breakMarkerWidth { breakForWidth() }
                append(piece)
                lineHasText = true
                return
            }
            switch kind {
            case .newline:
                endWord()
                finishLine()
                atInputLineStart = true
                indentation = 0
                startContinuationLine()
            case .space:
                endWord()
                if atInputLineStart && !lineHasText {
                    // Leading spaces indent this line and its continuations, within reason.
                    if indentation + piece.width <= (width - continuationPrefixWidth) / 2 {
                        append(piece)
                        indentation += piece.width
                    }
                } else {
                    add(piece, to: &pendingSpaces)
                    pendingSpacesWidth += piece.width
                }
            case .wide:
                endWord()
                word.append(piece)
                wordWidth = piece.width
                wordIsWide = true
            case .closing:
                add(piece, to: &word)
                wordWidth += piece.width
                endWord()
            case .other:
                if wordIsWide { endWord() }
                add(piece, to: &word)
                wordWidth += piece.width
            }
        }

        mutating func endInput() {
            if mode == .words { endWord() }
            finishLine()
        }

        // MARK: Placing words

        private mutating func endWord() {
            guard !word.isEmpty else { return }
            if lineHasText {
                if line.width + pendingSpacesWidth + wordWidth <= width {
                    for space in pendingSpaces { append(space) }
                    for piece in word { append(piece) }
                } else {
                    finishLine()
                    startContinuationLine()
                    placeWordAtLineStart()
                }
            } else {
                placeWordAtLineStart()
            }
            pendingSpaces.removeAll(keepingCapacity: true)
            pendingSpacesWidth = 0
            word.removeAll(keepingCapacity: true)
            wordWidth = 0
            wordIsWide = false
            lineHasText = true
            atInputLineStart = false
        }

        private mutating func placeWordAtLineStart() {
            if line.width + wordWidth <= width {
                for piece in word { append(piece) }
                return
            }
            // Longer than a line: break between clusters. `left` is the word's width not yet
            // placed; `tail`, the closing punctuation ending it, which must not start a line alone.
            var left = wordWidth
            let tail = trailingPunctuationWidth()
            for piece in word {
                let text = spans[piece.spanIndex].text
                let utf8 = text.utf8
                let end = piece.range.upperBound
                var index = piece.range.lowerBound
                while index != end {
                    let visibleASCII = Self.visibleASCIIRun(in: text, from: index, to: end)
                    if visibleASCII > 0 {
                        // One column per byte: place as many as fit at once.
                        var remaining = visibleASCII
                        while remaining > 0 {
                            if lineHasText && line.width + 1 > width {
                                finishLine()
                                startContinuationLine()
                            }
                            var count = max(1, min(remaining, width - line.width))
                            let after = left - count
                            var breaksEarly = false
                            if count < remaining, line.width + count >= width {
                                // A break inside the run: not before punctuation (`.example.org`
                                // breaks as `example` / `.org` would not), unless all is punctuation.
                                var kept = count
                                while kept > 1, Self.closingASCII.contains(utf8[utf8.index(index, offsetBy: kept)]) { kept -= 1 }
                                if kept < count, !Self.closingASCII.contains(utf8[utf8.index(index, offsetBy: kept)]) {
                                    count = kept
                                    breaksEarly = true
                                }
                            }
                            if !breaksEarly, tail > 0, after > 0, after <= tail, line.width + count >= width, count + after > tail + 1 {
                                // The line is full and only punctuation would follow on the next:
                                // take enough of the word along that it starts with a letter.
                                count -= tail + 1 - after
                                breaksEarly = true
                            }
                            left -= count
                            let next = utf8.index(index, offsetBy: count)
                            append(Piece(spanIndex: piece.spanIndex, range: index..<next, width: count))
                            lineHasText = true
                            index = next
                            remaining -= count
                            if breaksEarly {
                                finishLine()
                                startContinuationLine()
                            }
                        }
                        continue
                    }
                    let character = text[index..<end].first!
                    let next = utf8.index(index, offsetBy: character.utf8.count)
                    let columns = DisplayWidth.of(character)
                    if lineHasText && line.width + columns > width {
                        finishLine()
                        startContinuationLine()
                    }
                    append(Piece(spanIndex: piece.spanIndex, range: index..<next, width: columns))
                    left -= columns
                    lineHasText = true
                    index = next
                }
            }
        }

        /// The columns of the ASCII closing punctuation (`.,;:!?)]}>'"`) that ends the word, across
        /// its pieces: 0 when the word is nothing else.
        private func trailingPunctuationWidth() -> Int {
            var count = 0
            for piece in word.reversed() {
                let utf8 = spans[piece.spanIndex].text.utf8[piece.range]
                for byte in utf8.reversed() {
                    guard Self.closingASCII.contains(byte) else { return count < wordWidth ? count : 0 }
                    count += 1
                }
            }
            return 0
        }

        private static let closingASCII: Set<UInt8> = Set(".,;:!?)]}>'\"".utf8)

        /// How many bytes from `start` are visible ASCII clusters of their own: each is followed
        /// by another ASCII byte or by `end`, so no combining mark can join it.
        private static func visibleASCIIRun(in text: String, from start: String.Index, to end: String.Index) -> Int {
            let utf8 = text.utf8
            let runEnd = visibleASCIIEnd(in: text, from: start, to: end)
            let count = utf8.distance(from: start, to: runEnd)
            return count > 0 && runEnd != end && utf8[runEnd] >= 0x80 ? count - 1 : count
        }

        /// The end of the run of visible ASCII bytes (0x21...0x7E) from `start`, before `end`.
        private static func visibleASCIIEnd(in text: String, from start: String.Index, to end: String.Index) -> String.Index {
            asciiRunEnd(in: text, from: start, to: end, lowest: 0x21)
        }

        /// The end of the run of printable ASCII bytes (0x20...0x7E, spaces too) from `start`.
        private static func printableASCIIEnd(in text: String, from start: String.Index, to end: String.Index) -> String.Index {
            asciiRunEnd(in: text, from: start, to: end, lowest: 0x20)
        }

        /// The end of the run of bytes in `lowest...0x7E` from `start`, before `end`: scanned on
        /// the string's contiguous bytes (``UnsafeBufferPointer/endOfASCIIRun(from:to:lowest:)``),
        /// as index steps on the view cost far more.
        private static func asciiRunEnd(in text: String, from start: String.Index, to end: String.Index, lowest: UInt8)
            -> String.Index
        {
            let utf8 = text.utf8
            let lower = utf8.distance(from: utf8.startIndex, to: start)
            let upper = utf8.distance(from: utf8.startIndex, to: end)
            let found = utf8.withContiguousStorageIfAvailable { $0.endOfASCIIRun(from: lower, to: upper, lowest: lowest) }
            if let found { return utf8.index(utf8.startIndex, offsetBy: found) }
            var index = start
            while index != end, utf8[index] >= lowest, utf8[index] < 0x7F { index = utf8.index(after: index) }
            return index
        }

        /// Appends to a piece list, merging with the previous piece when contiguous.
        private func add(_ piece: Piece, to pieces: inout [Piece]) {
            if let last = pieces.last, last.spanIndex == piece.spanIndex, last.range.upperBound == piece.range.lowerBound {
                pieces[pieces.count - 1].range = last.range.lowerBound..<piece.range.upperBound
                pieces[pieces.count - 1].width += piece.width
            } else {
                pieces.append(piece)
            }
        }

        // MARK: Lines

        private mutating func append(_ piece: Piece) {
            line.width += piece.width
            if var run = openRun, run.spanIndex == piece.spanIndex, run.range.upperBound == piece.range.lowerBound {
                run.range = run.range.lowerBound..<piece.range.upperBound
                openRun = run
                return
            }
            closeRun()
            openRun = piece
        }

        private mutating func closeRun() {
            guard let run = openRun else { return }
            openRun = nil
            let span = spans[run.spanIndex]
            appendToLine(span.text[run.range], style: span.style, link: span.link)
        }

        private mutating func appendToLine(_ text: Substring, style: SGRStyle, link: String? = nil) {
            guard !text.isEmpty else { return }
            if let last = line.spans.last, last.style == style, last.link == link {
                line.spans[line.spans.count - 1].text += text
            } else {
                line.spans.append(StyledSpan(String(text), style: style, link: link))
            }
        }

        private mutating func startLine(prefix: [StyledSpan], prefixWidth: Int) {
            line = Line(spans: [], width: prefixWidth)
            // Room for the prefix, the indentation and a few styled runs: growing from empty
            // would allocate the line's array two or three times.
            line.spans.reserveCapacity(prefix.count + 4)
            for span in prefix { appendToLine(span.text[...], style: span.style, link: span.link) }
            if indentation > 0 {
                appendToLine(Substring(RepeatedText.spaces(indentation)), style: .plain)
                line.width += indentation
            }
            lineHasText = false
        }

        private mutating func startContinuationLine() {
            startLine(prefix: continuationPrefix, prefixWidth: continuationPrefixWidth)
        }

        private mutating func finishLine() {
            closeRun()
            // No trailing spaces, not even the prefix's own.
            while let last = line.spans.indices.last {
                while line.spans[last].text.utf8.last == 0x20 {
                    line.spans[last].text.removeLast()
                    line.width -= 1
                }
                guard line.spans[last].text.isEmpty else { break }
                line.spans.removeLast()
            }
            if sawAmbiguous {
                line.hasAmbiguousWidth = line.spans.contains { $0.text.contains(where: DisplayWidth.isAmbiguous) }
            }
            lines.append(line)
        }
    }
}
