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
        package func rendered(for depth: ANSIOptions.ColorDepth) -> String {
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
        var lines: [Line] = []
        wrap(spans, placingShortRowsWhole: true, appendingTo: &lines)
        return lines
    }

    /// Wraps one run of text in one style onto the end of `lines`.
    package func wrap(_ text: String, style: SGRStyle = .plain, appendingTo lines: inout [Line]) {
        wrap([StyledSpan(text, style: style)], placingShortRowsWhole: true, appendingTo: &lines)
    }

    /// Wraps styled runs onto the end of `lines`, as `lines += wrap(spans)` would, without an
    /// array of its own: a layout wraps a dozen rows a message.
    package func wrap(_ spans: [StyledSpan], appendingTo lines: inout [Line]) {
        wrap(spans, placingShortRowsWhole: true, appendingTo: &lines)
    }

    /// ``wrap(_:)`` a cluster at a time, even for text that fits on one line; tests compare the two.
    func wrapClusterByCluster(_ spans: [StyledSpan]) -> [Line] {
        var lines: [Line] = []
        wrap(spans, placingShortRowsWhole: false, appendingTo: &lines)
        return lines
    }

    private func wrap(_ spans: [StyledSpan], placingShortRowsWhole: Bool, appendingTo lines: inout [Line]) {
        // Measured once for either way of placing the row.
        let prefixWidth = firstLinePrefix.columns
        if placingShortRowsWhole, let line = Builder.wholeRow(spans, wrapper: self, prefixWidth: prefixWidth) {
            lines.append(line)
            return
        }
        var builder = Builder(wrapper: self, spans: spans, prefixWidth: prefixWidth)
        // The builder appends to the caller's array itself, which it holds meanwhile.
        swap(&builder.lines, &lines)
        for index in spans.indices { builder.consumeSpan(at: index) }
        builder.endInput()
        swap(&builder.lines, &lines)
    }
}

extension TextWrapper {
    /// A range of one input span's UTF-8 bytes, with its width in columns. Offsets rather than
    /// string indices: the text is read as bytes, and an offset is an index for free.
    private struct Piece {
        var spanIndex: Int
        var range: Range<Int>
        var width: Int

        /// This piece and `next` as one, when `next` goes on from it in the same span.
        func joined(with next: Piece) -> Piece? {
            guard spanIndex == next.spanIndex, range.upperBound == next.range.lowerBound else { return nil }
            return Piece(spanIndex: spanIndex, range: range.lowerBound..<next.range.upperBound, width: width + next.width)
        }
    }

    /// The pieces of a word, or of the spaces before it, in order, a piece contiguous with the
    /// last one of the same span merged into it: nearly always one, kept out of an array (whose
    /// every append and emptying checked its buffer's uniqueness), the others in one.
    private struct PieceList: Sequence {
        private(set) var first: Piece?
        private(set) var rest: [Piece] = []

        var isEmpty: Bool { first == nil }

        /// Appends `piece`, merged with the last piece when it goes on from it in the same span.
        mutating func add(_ piece: Piece) {
            guard let head = first else {
                first = piece
                return
            }
            if rest.isEmpty, let joined = head.joined(with: piece) {
                first = joined
            } else if let last = rest.last, let joined = last.joined(with: piece) {
                rest[rest.count - 1] = joined
            } else {
                rest.append(piece)
            }
        }

        mutating func removeAll() {
            first = nil
            if !rest.isEmpty { rest.removeAll(keepingCapacity: true) }
        }

        func makeIterator() -> Iterator { Iterator(list: self) }

        struct Iterator: IteratorProtocol {
            let list: PieceList
            var position = 0

            mutating func next() -> Piece? {
                defer { position += 1 }
                return position == 0 ? list.first : position <= list.rest.count ? list.rest[position - 1] : nil
            }
        }
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
        var pendingSpaces = PieceList()
        var pendingSpacesWidth = 0
        var word = PieceList()
        var wordWidth = 0
        /// An emoji sequence of disputed width was read: finished lines are checked for one.
        var sawAmbiguous = false
        /// The word is one wide character: it stays open only so that closing punctuation
        /// after it joins it (no line may start with `。`); anything else ends it.
        var wordIsWide = false

        /// `borrowing`: taken by value, the wrapper (its prefix arrays) was copied and destroyed
        /// for every wrap, through its type's value witnesses.
        /// `prefixWidth`: the columns of the wrapper's first-line prefix.
        init(wrapper: borrowing TextWrapper, spans: [StyledSpan], prefixWidth: Int) {
            width = wrapper.width
            mode = wrapper.mode
            self.spans = spans
            firstLinePrefix = wrapper.firstLinePrefix
            continuationPrefix = wrapper.continuationPrefix
            continuationPrefixWidth = wrapper.continuationPrefix.columns
            breakMarker = wrapper.mode == .characters ? wrapper.breakMarker : nil
            breakMarkerWidth = breakMarker.map { DisplayWidth.of($0.text) } ?? 0
            startLine(prefix: firstLinePrefix, prefixWidth: prefixWidth)
        }

        // MARK: Input

        /// In ``Mode/words``, the line of a text that starts with no space, has no line break and
        /// fits on the first line as it is (most of a transcript's rows: a name, a time, a short
        /// message, a reaction), as the cluster-by-cluster reading makes it: the prefix, then
        /// every span whole, in order, without the spaces at its end; `nil` otherwise. Made
        /// directly, without a builder, whose state and pieces such a row does not need.
        static func wholeRow(_ spans: [StyledSpan], wrapper: borrowing TextWrapper, prefixWidth: Int) -> Line? {
            guard wrapper.mode == .words else { return nil }
            let prefix = wrapper.firstLinePrefix
            let room = wrapper.width - prefixWidth
            // Columns through the last cluster that is not a space, and where it ends.
            var columns = 0
            var total = 0
            var last: (spanIndex: Int, end: Int)?
            var ambiguous = false
            for spanIndex in spans.indices {
                let text = spans[spanIndex].text
                let fits = text.withUTF8Bytes { bytes in
                    var offset = 0
                    while offset < bytes.count {
                        let cluster: Cluster
                        let runEnd = Self.visibleASCIIRunEnd(bytes, from: offset)
                        if runEnd > offset {
                            cluster = Cluster(end: runEnd, width: runEnd - offset, kind: .other)
                        } else {
                            cluster = Self.cluster(of: text, bytes, at: offset)
                            // A line break: the careful way.
                            guard cluster.kind != .newline else { return false }
                        }
                        offset = cluster.end
                        total += cluster.width
                        if cluster.kind == .space {
                            // Leading spaces indent: the careful way.
                            guard last != nil else { return false }
                            continue
                        }
                        if cluster.isAmbiguous { ambiguous = true }
                        last = (spanIndex, cluster.end)
                        columns = total
                        guard columns <= room else { return false }
                    }
                    return true
                }
                guard fits else { return nil }
            }
            guard let last else { return nil }
            var line = Line(spans: [], width: prefixWidth + columns)
            // Room for every span (one row: its count is known) and for the three a bubble's
            // box adds around it, so that neither grows the array.
            line.spans.reserveCapacity(prefix.count + last.spanIndex + 1 + 3)
            for span in prefix { Self.append(span.text, style: span.style, link: span.link, to: &line) }
            for spanIndex in 0...last.spanIndex {
                let span = spans[spanIndex]
                let utf8 = span.text.utf8
                let end = spanIndex == last.spanIndex ? last.end : utf8.count
                if end == utf8.count {
                    Self.append(span.text, style: span.style, link: span.link, to: &line)
                } else {
                    Self.append(span.text[..<utf8.index(utf8.startIndex, offsetBy: end)], style: span.style, link: span.link, to: &line)
                }
            }
            if ambiguous { line.hasAmbiguousWidth = Self.holdsAmbiguousWidth(line) }
            return line
        }

        /// One grapheme cluster of a span, where it ends and how it is placed.
        private struct Cluster {
            var end: Int
            var width: Int
            var kind: ClusterKind
            /// Terminals disagree about its width (``DisplayWidth/isAmbiguous(_:)``).
            var isAmbiguous = false
        }

        /// The cluster at `offset` of `text` (whose bytes are `bytes`), found without grapheme
        /// breaking where the bytes decide it: an ASCII byte before another (the sanitizer turned
        /// CR LF into LF), or a letter of a common script alone in its cluster (``loneScalar``).
        @inline(__always)
        private static func cluster(of text: String, _ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Cluster {
            let byte = bytes[offset]
            if byte < 0x80 && (offset + 1 == bytes.count || bytes[offset + 1] < 0x80) {
                return Cluster(end: offset + 1, width: asciiWidth(byte), kind: asciiKind(byte))
            }
            if let (scalar, end) = loneScalar(bytes, at: offset) {
                let columns = DisplayWidth.isWide(scalar) ? 2 : 1
                return Cluster(end: end, width: columns, kind: columns < 2 ? .other : isClosingPunctuation(scalar) ? .closing : .wide)
            }
            let utf8 = text.utf8
            let character = text[utf8.index(utf8.startIndex, offsetBy: offset)]
            let end = offset + character.utf8.count
            if end == offset + 1 { return Cluster(end: end, width: asciiWidth(byte), kind: asciiKind(byte)) }
            let columns = DisplayWidth.of(character)
            return Cluster(
                end: end, width: columns,
                kind: !breaksLikeIdeograph(character, columns: columns) ? .other : isClosingPunctuation(character) ? .closing : .wide,
                isAmbiguous: DisplayWidth.isAmbiguous(character))
        }

        mutating func consumeSpan(at spanIndex: Int) {
            let text = spans[spanIndex].text
            text.withUTF8Bytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    if mode == .words {
                        // A whole run of visible ASCII in one piece.
                        let runEnd = Self.visibleASCIIRunEnd(bytes, from: offset)
                        if runEnd > offset {
                            consume(Piece(spanIndex: spanIndex, range: offset..<runEnd, width: runEnd - offset), kind: .other)
                            offset = runEnd
                            continue
                        }
                    } else {
                        // Characters mode breaks anywhere: a run of printable ASCII goes in as
                        // many columns as each line has left.
                        let runEnd = Self.asciiRunEnd(bytes, from: offset, lowest: 0x20)
                        if runEnd > offset {
                            consumeCharacters(spanIndex: spanIndex, from: offset, to: runEnd)
                            offset = runEnd
                            continue
                        }
                    }
                    let cluster = Self.cluster(of: text, bytes, at: offset)
                    if cluster.isAmbiguous { sawAmbiguous = true }
                    consume(Piece(spanIndex: spanIndex, range: offset..<cluster.end, width: cluster.width), kind: cluster.kind)
                    offset = cluster.end
                }
            }
        }

        /// Whether a line may break before and after `character` as between ideographs: a wide
        /// character (CJK, kana, Hangul) with its marks, or an emoji. An Indic, Thai or Khmer
        /// syllable as wide (`स्ते`, `กำ`) is a part of its word.
        private static func breaksLikeIdeograph(_ character: Character, columns: Int) -> Bool {
            guard columns >= 2, let first = character.unicodeScalars.first else { return false }
            return DisplayWidth.isWide(first) || EmojiBlockProperties.isEmoji(first)
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

        /// The scalar at `offset` and its end, when it is a cluster of its own for certain: a
        /// ``DisplayWidth/isCommonScriptLetter(_:)`` followed by the end of the span, an ASCII
        /// byte or another such scalar.
        private static func loneScalar(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (Unicode.Scalar, Int)? {
            guard let (scalar, next) = plainScalar(bytes, at: offset) else { return nil }
            guard next == bytes.count || bytes[next] < 0x80 || plainScalar(bytes, at: next) != nil else { return nil }
            return (scalar, next)
        }

        /// The two- or three-byte scalar at `offset` when it is one of those ``loneScalar`` knows.
        private static func plainScalar(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (Unicode.Scalar, Int)? {
            let lead = bytes[offset]
            var value: UInt32
            var next = offset + 1
            switch lead {
            case 0xC2...0xDF:
                value = UInt32(lead & 0x1F)
            case 0xE0...0xEF:
                value = UInt32(lead & 0x0F) << 6 | UInt32(bytes[next] & 0x3F)
                next += 1
            default:
                return nil
            }
            // The string is valid UTF-8: the continuation bytes are there.
            value = value << 6 | UInt32(bytes[next] & 0x3F)
            next += 1
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
        private mutating func consumeCharacters(spanIndex: Int, from start: Int, to end: Int) {
            let room = width - breakMarkerWidth
            var offset = start
            while offset < end {
                if lineHasText && line.width >= room { breakForWidth() }
                // A line takes its first cluster even when its prefix leaves no room.
                let count = min(end - offset, lineHasText ? room - line.width : max(1, room - line.width))
                append(Piece(spanIndex: spanIndex, range: offset..<offset + count, width: count))
                lineHasText = true
                offset += count
            }
        }

        /// In ``Mode/characters``: ends a line that is full, with the break marker if any.
        private mutating func breakForWidth() {
            if let breakMarker {
                closeRun()
                appendToLine(breakMarker.text, style: breakMarker.style, link: breakMarker.link)
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
                    pendingSpaces.add(piece)
                    pendingSpacesWidth += piece.width
                }
            case .wide:
                endWord()
                word.add(piece)
                wordWidth = piece.width
                wordIsWide = true
            case .closing:
                word.add(piece)
                wordWidth += piece.width
                endWord()
            case .other:
                if wordIsWide { endWord() }
                word.add(piece)
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
            pendingSpaces.removeAll()
            pendingSpacesWidth = 0
            word.removeAll()
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
                text.withUTF8Bytes { bytes in
                    var offset = piece.range.lowerBound
                    while offset < piece.range.upperBound {
                        let runEnd = Self.visibleASCIIRunEnd(bytes, from: offset, to: piece.range.upperBound)
                        if runEnd > offset {
                            placeBroken(ascii: bytes, spanIndex: piece.spanIndex, from: offset, to: runEnd, left: &left, tail: tail)
                            offset = runEnd
                            continue
                        }
                        let cluster = Self.cluster(of: text, bytes, at: offset)
                        if lineHasText && line.width + cluster.width > width {
                            finishLine()
                            startContinuationLine()
                        }
                        append(Piece(spanIndex: piece.spanIndex, range: offset..<cluster.end, width: cluster.width))
                        left -= cluster.width
                        lineHasText = true
                        offset = cluster.end
                    }
                }
            }
        }

        /// Places the visible ASCII `start..<end` of a word longer than a line, one column a
        /// byte, as many as fit at once. `left` is the word's width not yet placed; `tail`, the
        /// width of the closing punctuation that ends it.
        private mutating func placeBroken(
            ascii bytes: UnsafeBufferPointer<UInt8>, spanIndex: Int, from start: Int, to end: Int, left: inout Int, tail: Int
        ) {
            var offset = start
            while offset < end {
                let remaining = end - offset
                if lineHasText && line.width + 1 > width {
                    finishLine()
                    startContinuationLine()
                }
                var count = max(1, min(remaining, width - line.width))
                let after = left - count
                var breaksEarly = false
                if count < remaining, line.width + count >= width {
                    // A break inside the run: not before punctuation (`.example.org` breaks as
                    // `example` / `.org` would not), unless all is punctuation.
                    var kept = count
                    while kept > 1, Self.isClosingASCII(bytes[offset + kept]) { kept -= 1 }
                    if kept < count, !Self.isClosingASCII(bytes[offset + kept]) {
                        count = kept
                        breaksEarly = true
                    }
                }
                if !breaksEarly, tail > 0, after > 0, after <= tail, line.width + count >= width, count + after > tail + 1 {
                    // The line is full and only punctuation would follow on the next: take enough
                    // of the word along that it starts with a letter.
                    count -= tail + 1 - after
                    breaksEarly = true
                }
                left -= count
                append(Piece(spanIndex: spanIndex, range: offset..<offset + count, width: count))
                lineHasText = true
                offset += count
                if breaksEarly {
                    finishLine()
                    startContinuationLine()
                }
            }
        }

        /// The columns of the ASCII closing punctuation (`.,;:!?)]}>'"`) that ends the word, across
        /// its pieces: 0 when the word is nothing else.
        private func trailingPunctuationWidth() -> Int {
            var count = 0
            for piece in word.reversed() {
                let ended = spans[piece.spanIndex].text.withUTF8Bytes { bytes in
                    for byte in bytes[piece.range].reversed() {
                        guard Self.isClosingASCII(byte) else { return true }
                        count += 1
                    }
                    return false
                }
                if ended { return count < wordWidth ? count : 0 }
            }
            return 0
        }

        @inline(__always)
        private static func isClosingASCII(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "!"), UInt8(ascii: "?"),
                UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ">"), UInt8(ascii: "'"), UInt8(ascii: "\""):
                return true
            default:
                return false
            }
        }

        /// The end of the run of visible ASCII clusters (0x21...0x7E, each followed by another
        /// ASCII byte or by `end`, so that no combining mark can join it) from `start`.
        @inline(__always)
        private static func visibleASCIIRunEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int? = nil) -> Int {
            asciiRunEnd(bytes, from: start, to: end ?? bytes.count, lowest: 0x21)
        }

        /// The end of the run of clusters of one byte in `lowest...0x7E` from `start`, before
        /// `end` (the span's end by default): the last byte is left out when a byte of a longer
        /// scalar, perhaps a combining mark, follows it. Word-at-a-time
        /// (``UnsafeBufferPointer/endOfASCIIRun(from:to:lowest:)``).
        @inline(__always)
        private static func asciiRunEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int? = nil, lowest: UInt8)
            -> Int
        {
            let end = end ?? bytes.count
            let runEnd = bytes.endOfASCIIRun(from: start, to: end, lowest: lowest)
            return runEnd > start && runEnd < end && bytes[runEnd] >= 0x80 ? runEnd - 1 : runEnd
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
            let utf8 = span.text.utf8
            if run.range == 0..<utf8.count {
                // A whole span (most rows are one line): its string is shared, not copied.
                appendToLine(span.text, style: span.style, link: span.link)
                return
            }
            let start = utf8.index(utf8.startIndex, offsetBy: run.range.lowerBound)
            appendToLine(span.text[start..<utf8.index(start, offsetBy: run.range.count)], style: span.style, link: span.link)
        }

        private mutating func appendToLine(_ text: some StringProtocol, style: SGRStyle, link: String? = nil) {
            Self.append(text, style: style, link: link, to: &line)
        }

        /// Adds `text` to the end of `line`: to its last span when that has the same style and
        /// link, else as a span of its own.
        private static func append(_ text: some StringProtocol, style: SGRStyle, link: String?, to line: inout Line) {
            guard !text.isEmpty else { return }
            if let last = line.spans.last, last.style == style, last.link == link {
                line.spans[line.spans.count - 1].text += text
            } else {
                line.spans.append(StyledSpan(String(text), style: style, link: link))
            }
        }

        /// Room a new line gets past its prefix: a few styled runs, so that most lines do not
        /// grow their array. Every line of a message is held until the message is written, so
        /// this is paid per line: 10 made a 1 MB message of 500,000 short lines take 526 MB and
        /// 1.2 s in the terminal (304 MB and 0.75 s with 4), for 0.4% fewer instructions on the
        /// benchmark corpus.
        static var spansBeyondPrefix: Int { 4 }

        private mutating func startLine(prefix: [StyledSpan], prefixWidth: Int) {
            line = Line(spans: [], width: prefixWidth)
            line.spans.reserveCapacity(prefix.count + Self.spansBeyondPrefix)
            for span in prefix { appendToLine(span.text, style: span.style, link: span.link) }
            if indentation > 0 {
                appendToLine(RepeatedText.spaces(indentation), style: .plain)
                line.width += indentation
            }
            lineHasText = false
        }

        /// Whether `line` holds an emoji sequence whose width terminals disagree on. Only text
        /// past ASCII can hold one: most lines are ruled out by their bytes.
        private static func holdsAmbiguousWidth(_ line: Line) -> Bool {
            line.spans.contains { !$0.text.utf8.allSatisfy { $0 < 0x80 } && $0.text.contains(where: DisplayWidth.isAmbiguous) }
        }

        private mutating func startContinuationLine() {
            startLine(prefix: continuationPrefix, prefixWidth: continuationPrefixWidth)
        }

        private mutating func finishLine() {
            closeRun()
            // No trailing spaces, not even the prefix's own.
            line.width -= line.spans.removeTrailingSpaces()
            if sawAmbiguous { line.hasAmbiguousWidth = Self.holdsAmbiguousWidth(line) }
            lines.append(line)
        }
    }
}
