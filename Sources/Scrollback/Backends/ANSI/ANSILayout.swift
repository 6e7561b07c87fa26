import Foundation

/// Lays views out as terminal lines: wrapped to a width, styled from the theme, with every
/// piece of message text passed through ``TerminalSanitizer``. ``ANSIBackend`` writes its
/// lines; a full-screen viewer can lay out a message at any width with it.
///
/// A value: the caches it fills as it goes (styles, escapes, box edges) are its own stored
/// properties, changed by its `mutating` methods, so that exclusive access to them is proven
/// when compiling rather than checked at run time (a class's are checked on every access).
package struct ANSILayout {
    package typealias Line = TextWrapper.Line

    package let options: RenderOptions
    /// The terminal's own options (``RenderOptions/ansi``), read once.
    package let ansi: ANSIOptions
    /// The full width, in columns.
    package let width: Int

    /// Containers stop indenting their content when fewer columns than this would be left,
    /// so that hostile nesting can never push text past the width.
    static let minimumContentWidth = 8

    /// The styles of the roles met so far, searched in order: a layout meets a dozen roles or
    /// so, whose names are short strings that compare without hashing. Past the limit (an app
    /// with many roles of its own), the dictionary.
    private var recentRoleStyles: [(role: Role, style: SGRStyle)] = []
    private var roleStyles: [Role: SGRStyle] = [:]
    private var escapes: [SGRStyle: String] = [:]

    /// A layout at the terminal's width (``ANSIOptions/width``, at least 20 columns) with the
    /// options' theme and the terminal's colour depth.
    package init(options: RenderOptions) {
        self.options = options
        ansi = options.ansi
        width = max(20, ansi.width)
    }

    // MARK: Styles

    /// The theme's style for `role`. The theme's `text` and `background` colours are the
    /// terminal's own default colours, so plain text carries no escape at all.
    package mutating func style(for role: Role) -> SGRStyle {
        // By index: a loop variable copied each entry, its role's string and its style's colours.
        for index in recentRoleStyles.indices where recentRoleStyles[index].role == role { return recentRoleStyles[index].style }
        if let cached = roleStyles[role] { return cached }
        let textStyle = options.theme.style(for: role)
        // Bold, italic and dim follow the style's font too: a weight of 600 and up is bold,
        // under 400 is dim.
        let font = options.theme.fonts[textStyle.font]
        let style = SGRStyle(
            foreground: textStyle.color == "text" ? nil : color(textStyle.color),
            background: textStyle.background.flatMap { $0 == "background" ? nil : color($0) },
            bold: textStyle.bold || (font?.weight ?? 400) >= 600, italic: textStyle.italic || font?.italic == true,
            underline: textStyle.underline, dim: textStyle.dim || (font?.weight ?? 400) < 400)
        if recentRoleStyles.count < Self.recentEntriesLimit {
            recentRoleStyles.append((role, style))
        } else {
            roleStyles[role] = style
        }
        return style
    }

    /// The colour named `name`; `nil` when the theme leaves it to the terminal.
    private func color(_ name: String) -> ThemeColor? {
        let color = options.theme.color(name, dark: ansi.darkAppearance)
        return color == .unset ? nil : color
    }

    private var mutedStyle: SGRStyle { mutating get { style(for: .muted) } }

    private var authorStyles: [Int: SGRStyle] = [:]

    /// The colour of author names for avatar colour `index` (a speaker's place in order of first
    /// appearance, taken modulo the palette's size): the theme's `avatarN` colour (made to carry
    /// white text), mixed towards white on a dark terminal, or black on a light one, until it has
    /// 4.5:1 contrast (WCAG AA) on the theme's background. In 256 colours the mixed colour takes
    /// the nearest xterm entry that reads as well and that no earlier speaker has (the cube has
    /// few dark shades: on white, twelve speakers fell on ten). In 16 colours RGB colours have
    /// too few shades for mixing, and a theme's palette colours depend on the user's palette, so
    /// names then take ``TerminalColors/authorPalette16``, the entries that read on common
    /// palettes in this appearance, in order; that palette has only five or six readable
    /// entries, so the speakers after it take them again underlined, and on a light terminal the
    /// ones after those in italics: twelve speakers, twelve looks.
    mutating func authorStyle(_ index: Int) -> SGRStyle {
        if let cached = authorStyles[index] { return cached }
        let dark = ansi.darkAppearance
        let size = options.theme.authorPaletteSize
        let slot = Self.wrapped(index, size)
        var color = options.theme.color("avatar\(slot)", dark: dark)
        var style = SGRStyle()
        switch color {
        case .ansi,
            .rgb where ansi.colorDepth == .ansi16:
            let palette = terminalColors.authorPalette16
            color = .ansi(palette[slot % palette.count])
            let round = slot / palette.count
            style.underline = round % 2 == 1
            style.italic = round >= 2
        case .rgb where ansi.colorDepth == .ansi256:
            if author256.isEmpty { author256 = distinctAuthorColors256(size: size) }
            color = author256[slot]
        case .rgb(let rgb):
            color = .rgb(readableAuthorColor(rgb))
        default:
            break
        }
        style.foreground = color == .unset ? nil : color
        authorStyles[index] = style
        return style
    }

    /// The 256-colour author palette, worked out once: ``distinctAuthorColors256(size:)``.
    private var author256: [ThemeColor] = []

    /// The terminal background author names are judged on: the theme's, else black or white.
    private var authorBackground: Theme.RGBColor {
        if case .rgb(let themed) = options.theme.color("background", dark: ansi.darkAppearance) { return themed }
        let level: UInt8 = ansi.darkAppearance ? 0 : 255
        return Theme.RGBColor(red: level, green: level, blue: level)
    }

    /// `rgb` mixed towards white on a dark terminal, or black on a light one, in twentieths,
    /// until it has 4.5:1 contrast on ``authorBackground``.
    private func readableAuthorColor(_ rgb: Theme.RGBColor) -> Theme.RGBColor {
        let background = authorBackground
        let target: UInt8 = ansi.darkAppearance ? 255 : 0
        var mixed = rgb
        var step = 0
        while Contrast.ratio(mixed, background) < 4.5 && step < 20 {
            step += 1
            func mix(_ channel: UInt8) -> UInt8 { UInt8((Int(channel) * (20 - step) + Int(target) * step) / 20) }
            mixed = Theme.RGBColor(red: mix(rgb.red), green: mix(rgb.green), blue: mix(rgb.blue))
        }
        return mixed
    }

    /// The first `size` author colours in xterm's 256: each speaker's readable colour
    /// (``readableAuthorColor(_:)``) as the nearest entry with 4.5:1 contrast on the background
    /// that no speaker before it took, written as that entry's exact colour so that the escape
    /// is that entry. A theme colour left to the terminal (or a palette one) stays as it is.
    private func distinctAuthorColors256(size: Int) -> [ThemeColor] {
        let background = authorBackground
        let readable = (16...255).filter { Contrast.ratio(SGRStyle.xterm256Color($0), background) >= 4.5 }
        var taken = Set<Int>()
        return (0..<size).map { slot in
            guard case .rgb(let rgb) = options.theme.color("avatar\(slot)", dark: ansi.darkAppearance) else {
                return options.theme.color("avatar\(slot)", dark: ansi.darkAppearance)
            }
            let wanted = readableAuthorColor(rgb)
            let free = readable.filter { !taken.contains($0) }
            // Every entry readable and taken (a palette longer than the cube has readable
            // colours): the nearest one, shared.
            let candidates = free.isEmpty ? readable : free
            guard
                let best = candidates.min(by: {
                    SGRStyle.perceivedDistance(wanted, SGRStyle.xterm256Color($0))
                        < SGRStyle.perceivedDistance(wanted, SGRStyle.xterm256Color($1))
                })
            else { return .rgb(wanted) }
            taken.insert(best)
            return .rgb(SGRStyle.xterm256Color(best))
        }
    }

    /// `index` in `0..<size`, for any index (negative ones from an app's own views too).
    private static func wrapped(_ index: Int, _ size: Int) -> Int { ((index % size) + size) % size }

    private var linkStyle: SGRStyle { SGRStyle(foreground: color("link"), underline: true) }

    /// The escapes of the first styles met, searched in order by their packed form: a theme has
    /// a few dozen styles at most, and comparing two words costs far less than hashing a style.
    /// Later styles (only a hostile or huge theme has them) go to the dictionary.
    private var recentEscapes: [(style: PackedSGRStyle, escape: String)] = [(SGRStyle.plain.packed!, "")]
    private static let recentEntriesLimit = 32

    /// Every background with a foreground, and 16-colour foregrounds readable on common palettes.
    private lazy var terminalColors = TerminalColors(
        theme: options.theme, depth: ansi.colorDepth, dark: ansi.darkAppearance)

    private mutating func escape(for style: SGRStyle) -> String {
        let packed = style.packed
        if let packed {
            for entry in recentEscapes where entry.style == packed { return entry.escape }
        }
        if let cached = escapes[style] { return cached }
        let escape = terminalColors.resolved(style).escape(for: ansi.colorDepth)
        if let packed, recentEscapes.count < Self.recentEntriesLimit {
            recentEscapes.append((packed, escape))
        } else {
            escapes[style] = escape
        }
        return escape
    }

    // MARK: Output

    /// Writes `line` with its styles (and hyperlinks, when the options ask for them) and a line feed.
    mutating func write(_ line: Line, to output: inout BackendOutput) {
        let hyperlinks = ansi.hyperlinks
        // The spans read in place: a loop over the array copied each, a retain and a release
        // of its strings.
        line.spans.withUnsafeBufferPointer { spans in
            for index in spans.indices where !spans[index].text.isEmpty {
                let link = hyperlinks ? spans[index].link : nil
                if let link { output.write(Hyperlink.open(link)) }
                let escape = escape(for: spans[index].style)
                if escape.isEmpty {
                    output.write(spans[index].text)
                } else {
                    output.write(escape)
                    output.write(spans[index].text)
                    output.write(literal: SGRStyle.resetSequence)
                }
                if link != nil { output.write(Hyperlink.close) }
            }
        }
        output.write(literal: "\n")
    }

    /// The lines of `view` at `width` columns (the layout's width by default), with the
    /// references of links outside any message at the end.
    package mutating func lines(for view: ViewNode, width: Int? = nil) -> [Line] {
        var lines: [Line] = []
        lines.reserveCapacity(16)
        let width = width ?? self.width
        collectingReferences(indent: 0, width: width, into: &lines) { layout, lines in layout.layout(view, width: width, into: &lines) }
        return lines
    }

    // MARK: URL references

    /// The full URLs of the links in the message being laid out, numbered from 1 in order of
    /// appearance (``ANSIOptions/urls`` `.short` without hyperlinks only).
    private var references: [String] = []
    /// Each URL of ``references`` to its number once there are more than a few, so that a
    /// message of 100,000 links is not searched 100,000 times (a short list is searched: most
    /// messages have a link or two, and a table for them costs more than it saves).
    private var referenceNumbers: [String: Int] = [:]
    private static let searchedReferences = 16

    /// Whether links show `<host>[n]` and their URLs in a list after the message.
    private var listsReferences: Bool { ansi.urls == .short && !ansi.hyperlinks }

    /// Runs `body`, then appends the references its links made, as `[1] https://…` lines
    /// `indent` columns in; the references of an enclosing message are kept aside meanwhile.
    private mutating func collectingReferences(
        indent: Int, width: Int, into lines: inout [Line], _ body: (inout ANSILayout, inout [Line]) -> Void
    ) {
        let outer = (references, referenceNumbers)
        (references, referenceNumbers) = ([], [:])
        body(&self, &lines)
        lines += referenceLines(indent: indent, width: width)
        (references, referenceNumbers) = outer
    }

    /// The reference list: each URL whole on a line of its own, `[1] https://…`, never broken:
    /// the terminal wraps a long one, and copying or clicking it then gets the whole URL (a
    /// line this layout broke would be copied in pieces). What cannot matter to a reader is
    /// shortened (``listed(_:)``).
    private mutating func referenceLines(indent: Int, width: Int) -> [Line] {
        guard !references.isEmpty else { return [] }
        var lines: [Line] = []
        let margin = StyledSpan(RepeatedText.spaces(indent))
        for (index, url) in references.enumerated() {
            let number = "[\(index + 1)] "
            let shown = sanitized(Self.listed(url))
            lines.append(
                Line(
                    spans: [margin, StyledSpan(number + shown, style: mutedStyle)],
                    width: indent + number.count + DisplayWidth.of(shown)))
        }
        return lines
    }

    /// `url` as the reference list shows it: whole, except that the query of a signed URL (one
    /// with a parameter named `Signature`, `X-Amz-Signature`, `X-Goog-Signature`, `sig` or `oh`,
    /// as CDNs sign their file links) shows as `?…`. Such a signature expires hours or days
    /// after the export, and its few hundred characters would bury the conversation; the host
    /// and path still say which file it was. ``ANSIOptions/URLDisplay/full`` shows every URL
    /// whole, in place.
    static func listed(_ url: String) -> String {
        // Bytes, not characters: every listed URL passes here, and most have a query.
        let bytes = url.utf8
        guard let question = bytes.firstIndex(of: UInt8(ascii: "?")) else { return url }
        let fragmentStart = bytes[question...].firstIndex(of: UInt8(ascii: "#")) ?? bytes.endIndex
        var start = bytes.index(after: question)
        while start < fragmentStart {
            let end = bytes[start..<fragmentStart].firstIndex(of: UInt8(ascii: "&")) ?? fragmentStart
            let name = bytes[start..<(bytes[start..<end].firstIndex(of: UInt8(ascii: "=")) ?? end)]
            if signatureParameters.contains(where: { isSame(name, asLowercase: $0) }) {
                return url[..<question] + "?…" + url[fragmentStart...]
            }
            start = end < fragmentStart ? bytes.index(after: end) : fragmentStart
        }
        return url
    }

    /// The query parameters that mark a signed URL (CloudFront, S3, Google Cloud Storage, Azure
    /// and the CDNs of chat services), lowercased.
    private static let signatureParameters: [[UInt8]] = ["signature", "x-amz-signature", "x-goog-signature", "sig", "oh"].map {
        Array($0.utf8)
    }

    /// Whether `name` is `lowercase` in any case (ASCII letters only).
    private static func isSame(_ name: Substring.UTF8View, asLowercase lowercase: [UInt8]) -> Bool {
        name.count == lowercase.count
            && zip(name, lowercase).allSatisfy { byte, wanted in
                (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte) == wanted
            }
    }

    /// The number of `url` in the current reference list, adding it when new.
    private mutating func referenceNumber(_ url: String) -> Int {
        if referenceNumbers.isEmpty {
            if let index = references.firstIndex(of: url) { return index + 1 }
        } else if let number = referenceNumbers[url] {
            return number
        }
        references.append(url)
        if !referenceNumbers.isEmpty {
            referenceNumbers[url] = references.count
        } else if references.count > Self.searchedReferences {
            for (index, known) in references.enumerated() { referenceNumbers[known] = index + 1 }
        }
        return references.count
    }

    /// ` <where>` after a link's label or an image: the whole URL (``ANSIOptions/URLDisplay/full``, or no
    /// host to show), else its host: clickable with hyperlinks, numbered for the list after the
    /// message without (`<host>[1]`).
    private mutating func destinationSpan(for url: String) -> StyledSpan {
        let shown = sanitized(url)
        let target = hyperlinkTarget(url)
        guard ansi.urls == .short, let host = Hyperlink.host(of: url).map({ sanitized($0) }) else {
            return StyledSpan(" <" + shown + ">", style: mutedStyle, link: target)
        }
        if target != nil { return StyledSpan(" <" + host + ">", style: mutedStyle, link: target) }
        return StyledSpan(" <" + host + ">[\(referenceNumber(url))]", style: mutedStyle)
    }

    // MARK: Views

    private mutating func layout(_ view: ViewNode, width: Int, into lines: inout [Line]) {
        switch view {
        case .empty, .avatar:
            return
        // A terminal has no hover: the view alone (who reacted is for HTML's tooltip).
        case .titled(let inner, _):
            layout(inner, width: width, into: &lines)
        case .text, .badge, .icon, .time, .link, .image:
            var spans: [StyledSpan] = []
            appendInline(view, base: .body, into: &spans)
            TextWrapper(width: width).wrap(spans, appendingTo: &lines)
        case .stack(.vertical, let children, .contents):
            // The contents list: its heading as bold text (a heavy rule would read as a channel).
            for child in children {
                if case .heading(_, let text) = child {
                    TextWrapper(width: width).wrap(field(text), style: style(for: .strong), appendingTo: &lines)
                } else {
                    layout(child, width: width, into: &lines)
                }
            }
        case .stack(.vertical, let children, .contentsList):
            // A plain list: a bullet before each entry, its wrapped lines under its text.
            let bullet = StyledSpan("• ", style: mutedStyle)
            for child in children {
                var inner: [Line] = []
                layout(child, width: max(width - 2, Self.minimumContentWidth), into: &inner)
                Self.appendPrefixed(&inner, first: [bullet], rest: [StyledSpan("  ")], to: &lines)
            }
        case .stack(.vertical, let children, _):
            for child in children { layout(child, width: width, into: &lines) }
        case .stack(.horizontal, let children, _):
            layoutRow(children, base: .body, width: width, into: &lines)
        case .anchor(_, let view):
            layout(view, width: width, into: &lines)
        case .markdown(let document):
            layoutBlocks(document.blocks, width: width, tight: false, into: &lines)
        case .card(_, let children):
            layoutCard(children, width: width, into: &lines)
        case .quote(_, let children):
            layoutIndented(children, width: width, first: [StyledSpan("▎ ", style: mutedStyle)], into: &lines)
        case .fields(let fields):
            layoutFields(fields, width: width, into: &lines)
        case .divider(let label):
            lines.append(divider(label.map { field($0) }, width: width))
        case .heading(2, let text):
            // A channel of a multi-channel file: a heavy rule across the width, heavier than any
            // author line or day divider, with the channel's name in it.
            lines.append(divider(field(text), width: width, heavy: true))
        case .heading(let level, let text):
            TextWrapper(width: width).wrap(field(text), style: style(for: level <= 1 ? .title : .strong), appendingTo: &lines)
            // The document's title stands above a rule.
            if level <= 1 { lines.append(dividerRule(width: width)) }
        case .message(let frame) where ansi.style == .compact:
            lines.append(compactLine(for: frame, width: width))
        case .message(let frame):
            layoutMessage(frame, width: width, into: &lines)
        case .disclosure(let summary, let content) where ansi.style == .compact:
            // A thread: its summary, then a line per reply, hanging under a bar.
            layoutRow(summary, base: .body, width: width, into: &lines)
            layoutIndented(content, width: width, first: [StyledSpan("│ ", style: mutedStyle)], into: &lines)
        case .disclosure(let summary, let content):
            // The summary line, then the content behind a rule, as a thread hangs under its message.
            layoutRow(summary, base: .body, width: width, into: &lines)
            // A blank line between the content's items, as between the transcript's own.
            var spaced: [ViewNode] = []
            for view in content where view != .empty {
                if !spaced.isEmpty { spaced.append(.text("")) }
                spaced.append(view)
            }
            layoutIndented(spaced, width: width, first: [StyledSpan("│ ", style: mutedStyle)], into: &lines)
        case .raw(let raw):
            if let output = raw[.ansi], ansi.colorDepth != .none || !output.containsUTF8(0x1B) {
                // Trusted app output, written as it is.
                var text = Substring(output)
                if text.hasSuffix("\n") { text = text.dropLast() }
                for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
                    lines.append(Line(spans: [StyledSpan(String(rawLine))], width: DisplayWidth.of(rawLine)))
                }
            } else {
                layout(raw.fallback, width: width, into: &lines)
            }
        }
    }

    /// Children in a row: inline runs share wrapped lines, separated by spaces; a block child
    /// gets lines of its own. `hanging` indents the lines a run wraps onto by two columns.
    private mutating func layoutRow(_ children: [ViewNode], base: Role, width: Int, hanging: Bool = false, into lines: inout [Line]) {
        var spans: [StyledSpan] = []
        // A child and the space after it, for most rows (an author line, a footer): the array
        // is made once, not grown child by child.
        spans.reserveCapacity(2 * children.count)
        func flush() {
            guard !spans.isEmpty else { return }
            TextWrapper(width: width, continuationPrefix: hanging ? [StyledSpan("  ")] : nil).wrap(spans, appendingTo: &lines)
            spans.removeAll()
        }
        let avatar = Self.avatar(in: children)
        for child in children {
            if Self.isInline(child) {
                // Straight into the row, after a space that goes again when the child draws
                // nothing: spans gathered apart were copied in and released.
                let start = spans.count
                if !spans.isEmpty { spans.append(StyledSpan(" ")) }
                let afterSeparator = spans.count
                if !appendAuthor(child, avatar: avatar, into: &spans) { appendInline(child, base: base, into: &spans) }
                if spans.count == afterSeparator { spans.removeSubrange(start...) }
            } else {
                flush()
                layout(child, width: width, into: &lines)
            }
        }
        flush()
    }

    /// Children laid out narrower, with `first` before every line (or nothing when too narrow).
    private mutating func layoutIndented(_ children: [ViewNode], width: Int, first prefix: [StyledSpan], into lines: inout [Line]) {
        let prefixWidth = prefix.columns
        let innerWidth = width - prefixWidth
        guard innerWidth >= Self.minimumContentWidth else {
            for child in children { layout(child, width: width, into: &lines) }
            return
        }
        var inner: [Line] = []
        for child in children { layout(child, width: innerWidth, into: &inner) }
        Self.appendPrefixed(&inner, first: prefix, rest: prefix, to: &lines)
    }

    private mutating func layoutCard(_ children: [ViewNode], width: Int, into lines: inout [Line]) {
        let innerWidth = width - 4
        guard innerWidth >= Self.minimumContentWidth else {
            for child in children { layout(child, width: width, into: &lines) }
            return
        }
        var inner: [Line] = []
        for child in children { layout(child, width: innerWidth, into: &inner) }
        appendBoxed(&inner, innerWidth: innerWidth, rounded: true, to: &lines)
    }

    /// Appends `inner` (laid out at most `innerWidth` wide) to `lines` in a box as wide as its
    /// widest line, with rounded (`╭╮╰╯`) or square (`┌┐└┘`) corners. The borders go into
    /// `inner`'s own lines, which are used up: their spans are moved, not copied.
    private mutating func appendBoxed(_ inner: inout [Line], innerWidth: Int, rounded: Bool, to lines: inout [Line]) {
        guard !inner.isEmpty else { return }
        var widest = 0
        for line in inner { widest = max(widest, line.width) }
        let contentWidth = min(innerWidth, max(1, widest))
        let border = mutedStyle
        let edges = boxEdges(contentWidth: contentWidth, rounded: rounded)
        let left = StyledSpan("│ ", style: border)
        let right = StyledSpan(" │", style: border)
        for index in inner.indices {
            // Room for the three new spans first, so the array grows once at most (moving its
            // spans, which a new array would copy and release).
            inner[index].spans.reserveCapacity(inner[index].spans.count + 3)
            inner[index].spans.insert(left, at: 0)
            if inner[index].hasAmbiguousWidth {
                // Terminals disagree how wide this line is: a right border would stand in a
                // different column in each, so the line goes without one (and so do outer boxes').
                inner[index].width += 2
                continue
            }
            let width = inner[index].width
            inner[index].spans.append(StyledSpan(RepeatedText.spaces(max(0, contentWidth - width))))
            inner[index].spans.append(right)
            inner[index].width = max(width, contentWidth) + 4
        }
        lines.reserveCapacity(lines.count + inner.count + 2)
        lines.append(Line(spans: [StyledSpan(edges.top, style: border)], width: contentWidth + 4))
        lines += inner
        lines.append(Line(spans: [StyledSpan(edges.bottom, style: border)], width: contentWidth + 4))
    }

    /// The top and bottom edges of boxes made so far, by content width and corners: messages'
    /// boxes come in a few widths, and building an edge costs more than finding it. A table by
    /// width, not a dictionary, whose hashing cost as much as the rest of a box; edges wider than
    /// ``widestKeptEdge`` are built each time.
    private var boxEdges: [(top: String, bottom: String)?] = []
    private static let widestKeptEdge = 255

    private mutating func boxEdges(contentWidth: Int, rounded: Bool) -> (top: String, bottom: String) {
        let key = contentWidth << 1 | (rounded ? 1 : 0)
        let keeps = contentWidth <= Self.widestKeptEdge
        if keeps, key < boxEdges.count, let edges = boxEdges[key] { return edges }
        let horizontal = RepeatedText.string("─", count: contentWidth + 2)
        let edges = (
            top: (rounded ? "╭" : "┌") + horizontal + (rounded ? "╮" : "┐"),
            bottom: (rounded ? "╰" : "└") + horizontal + (rounded ? "╯" : "┘")
        )
        if keeps {
            if boxEdges.isEmpty { boxEdges = Array(repeating: nil, count: (Self.widestKeptEdge + 1) << 1) }
            boxEdges[key] = edges
        }
        return edges
    }

    private mutating func layoutFields(_ fields: [ViewNode.Field], width: Int, into lines: inout [Line]) {
        let labelStyle = style(for: .label)
        let hanging = [StyledSpan("  ")]
        // The label's style takes the separator's mark (`:`, French ` :`), not the space after it.
        let separator = options.theme.string(.labelSeparator)
        let mark = String(separator.reversed().drop(while: \.isWhitespace).reversed())
        let gap = String(separator.dropFirst(mark.count))
        for field in fields {
            let label = StyledSpan(self.field(field.label) + mark, style: labelStyle)
            if Self.isInline(field.value) {
                var spans = [label, StyledSpan(gap)]
                appendInline(field.value, base: .body, into: &spans)
                TextWrapper(width: width, continuationPrefix: hanging).wrap(spans, appendingTo: &lines)
            } else {
                TextWrapper(width: width).wrap([label], appendingTo: &lines)
                layoutIndented([field.value], width: width, first: hanging, into: &lines)
            }
        }
    }

    private mutating func layoutMessage(_ frame: MessageFrame, width: Int, into lines: inout [Line]) {
        if frame.role == .system || frame.role == .deleted || frame.role == .error {
            // One centred line (or a few when long), in the role's muted style.
            var parts = (frame.body.isEmpty ? frame.header : frame.body).map(plainText).filter { !$0.isEmpty }
            // An error names its author (the header) before what went wrong.
            if frame.role == .error, !frame.body.isEmpty, let author = frame.header.map(plainText).first(where: { !$0.isEmpty }) {
                parts[0] = TextControls.field(author) + " · " + (parts.first ?? "")
            }
            // A notice: shown whole, on one line, its runs of blanks one space.
            let text = sanitized(TextControls.collapsingBlanks(parts.joined(separator: " ")))
            for line in TextWrapper(width: width).wrap(text, style: style(for: frame.role)) {
                let margin = (width - line.width) / 2
                lines.append(
                    Line(
                        spans: [StyledSpan(RepeatedText.spaces(margin))] + line.spans,
                        width: margin + line.width))
            }
            return
        }
        if frame.role == .ownBubble {
            // The reader's own messages sit on the right, as in a chat app: laid out in three
            // quarters of the width, then moved right as one block (its text still reads left to right).
            // No author line either, as in Stream's clients: the right-hand side says whose it is.
            var plain = frame
            plain.role = .bubble
            plain.header = []
            var block: [Line] = []
            layoutMessage(plain, width: max(Self.minimumContentWidth, width * 3 / 4), into: &block)
            // A listed URL longer than the width is left where it is: the terminal wraps it.
            let margin = max(0, width - (block.lazy.map(\.width).filter { $0 <= width }.max() ?? 0))
            let pad = StyledSpan(String(repeating: " ", count: margin))
            lines += block.map {
                $0.width == 0 || $0.width + margin > width
                    ? $0 : Line(spans: [pad] + $0.spans, width: margin + $0.width, hasAmbiguousWidth: $0.hasAmbiguousWidth)
            }
            return
        }
        // Lines much longer than 100 columns are hard to read: wide terminals leave the rest empty.
        let width = min(width, Self.maximumBubbleWidth)
        let innerWidth = width - 4
        let isBoxed = innerWidth >= Self.minimumContentWidth
        // The message's URL references go under its bubble, in line with the text inside.
        collectingReferences(indent: isBoxed ? 2 : 0, width: width, into: &lines) { layout, lines in
            // Terminals show no avatars: the header keeps names, times and badges. An author line
            // too long for the width goes on indented, so that no part of a long name stands at
            // the start of a line above a bubble, where an author's name would.
            layout.layoutRow(
                frame.header.filter { if case .image = $0 { false } else { true } }, base: .body, width: width, hanging: true,
                into: &lines)
            // The body and footer in a bubble, its corners rounded when the theme's bubbles are.
            var inner: [Line] = []
            // Room for a few lines at once: grown from empty, the array moved its lines twice or three times.
            inner.reserveCapacity(8)
            for child in frame.body { layout.layout(child, width: max(innerWidth, Self.minimumContentWidth), into: &inner) }
            if !frame.footer.isEmpty {
                layout.layoutRow(frame.footer, base: .muted, width: max(innerWidth, Self.minimumContentWidth), into: &inner)
            }
            if isBoxed {
                layout.appendBoxed(&inner, innerWidth: innerWidth, rounded: layout.options.theme.metrics.bubbleRadius > 0, to: &lines)
            } else {
                lines += inner
            }
        }
    }

    /// The widest a message's bubble gets, in columns, however wide the terminal.
    static let maximumBubbleWidth = 100

    // MARK: Compact style

    /// The times of compact lines, in the options' zone and locale.
    private lazy var dateLabels = DateLabels(timeZone: options.timeZone, locale: options.locale)

    /// A message on one line (``ANSIOptions/Style/compact``): `09:31 Maya Okafor: text (❤ 2)`, cut
    /// with `…` at the width. Attachments show as `[Photo: cat.jpg]`, reactions and badges in
    /// parentheses, links as their label and `<host>` (`<url>` with ``ANSIOptions/URLDisplay/full``);
    /// system messages have no author.
    private mutating func compactLine(for frame: MessageFrame, width: Int) -> Line {
        var spans: [StyledSpan] = []
        if let date = frame.date { spans.append(StyledSpan(sanitized(dateLabels.time(date)) + " ", style: style(for: .timestamp))) }
        let isNotice = frame.role == .system || frame.role == .error
        if !isNotice, let author = frame.authorName {
            // The name in the colour the bubbles style gives it beside the avatar.
            let color = frame.authorColorIndex.map { authorStyle($0) } ?? .plain
            spans.append(StyledSpan(field(author), style: style(for: .author).adding(color)))
            spans.append(StyledSpan(options.theme.string(.labelSeparator)))
        }
        var words: [String] = []
        for view in frame.body + frame.footer { appendCompact(view, into: &words) }
        let text = sanitized(words.filter { !$0.isEmpty }.joined(separator: " "))
        spans.append(StyledSpan(text, style: style(for: isNotice || frame.role == .deleted ? .muted : .body)))
        // One line: cut at the width, the cut shown.
        guard let first = TextWrapper(width: width - 1).wrap(spans).first else { return Line() }
        let whole = spans.columns
        guard first.width < whole else { return first }
        var line = first
        line.spans.append(StyledSpan("…", style: mutedStyle))
        line.width += 1
        return line
    }

    /// The words of a view on a compact line, line breaks and runs of blanks (fillers too, as
    /// in one-line text everywhere) made single spaces.
    private mutating func appendCompact(_ view: ViewNode, into words: inout [String]) {
        func flat(_ text: String) -> String {
            TextControls.collapsingBlanks(text).split(whereSeparator: { $0.isWhitespace || $0.isNewline }).joined(separator: " ")
        }
        switch view {
        case .empty, .avatar, .divider: return
        // A bare time repeats the line's own; a labelled one ("deleted at 08:21") says more.
        case .time(let date, let label): if label != dateLabels.time(date) { words.append(flat(label)) }
        case .text(let text, _): words.append(flat(text))
        case .heading(_, let text): words.append(flat(text))
        case .badge(let text, _): words.append("(" + flat(text) + ")")
        case .titled(let inner, _): appendCompact(inner, into: &words)
        case .icon(let name, _): words.append(options.theme.icon(name))
        case .image(let image):
            let alt = flat(image.alt)
            words.append("[" + options.theme.string(.photo) + (alt.isEmpty ? "" : options.theme.string(.labelSeparator) + alt) + "]")
        case .anchor(_, let view):
            appendCompact(view, into: &words)
        case .link(let destination, let label, _):
            var labelWords: [String] = []
            appendCompact(label, into: &labelWords)
            words.append(labelWords.joined(separator: " "))
            if let url = URLPolicy.sanitize(destination) {
                let shown = ansi.urls == .full ? url : Hyperlink.host(of: url) ?? url
                if !labelWords.joined(separator: " ").contains(shown) { words.append("<" + shown + ">") }
            }
        case .markdown(let document): words.append(flat(document.blocks.map(Self.plainText).joined(separator: " ")))
        case .card(_, let children):
            var inner: [String] = []
            for child in children { appendCompact(child, into: &inner) }
            words.append("[" + inner.filter { !$0.isEmpty }.joined(separator: " ") + "]")
        case .quote(_, let children):
            var inner: [String] = []
            for child in children { appendCompact(child, into: &inner) }
            let quoted = inner.filter { !$0.isEmpty }.joined(separator: " ")
            words.append("[> " + (quoted.count > 40 ? String(quoted.prefix(39)) + "…" : quoted) + "]")
        case .stack(_, let children, _):
            for child in children { appendCompact(child, into: &words) }
        case .fields(let fields):
            for field in fields {
                var value: [String] = []
                appendCompact(field.value, into: &value)
                words.append(flat(field.label) + options.theme.string(.labelSeparator) + value.joined(separator: " "))
            }
        case .message(let frame):
            for child in frame.body { appendCompact(child, into: &words) }
        case .disclosure(let summary, _):
            for child in summary { appendCompact(child, into: &words) }
        case .raw(let raw): appendCompact(raw.fallback, into: &words)
        }
    }

    // MARK: Inline views

    static func isInline(_ view: ViewNode) -> Bool {
        switch view {
        case .empty, .avatar, .text, .badge, .icon, .time, .link, .image: return true
        case .titled(let inner, _): return isInline(inner)
        case .stack(.horizontal, let children, _): return children.allSatisfy(isInline)
        default: return false
        }
    }

    /// The runs of an inline view. `base` is the role plain `.body` text takes (muted in footers);
    /// `oneLine` is set inside a link's label, which stays on one line whatever its roles.
    private mutating func appendInline(_ view: ViewNode, base: Role, oneLine: Bool = false, into spans: inout [StyledSpan]) {
        switch view {
        case .empty, .avatar:
            return
        case .text(let text, let role):
            // The one place the view vocabulary's line rule applies: only message text keeps its
            // line breaks, and never in a link's label; other text is a field or a notice.
            let shown: String
            if role.allowsLineBreaks && !oneLine {
                shown = sanitized(text, multiline: true)
            } else if role.isNotice && !oneLine {
                shown = sanitized(TextControls.collapsingBlanks(text))
            } else {
                shown = field(text)
            }
            spans.append(StyledSpan(shown, style: style(for: role == .body ? base : role)))
        case .badge(let text, let role):
            spans.append(StyledSpan("[" + field(text) + "]", style: style(for: role)))
        case .titled(let inner, _):
            appendInline(inner, base: base, oneLine: oneLine, into: &spans)
        case .icon(let name, _):
            spans.append(StyledSpan(sanitized(options.theme.icon(name)), style: style(for: base)))
        case .time(_, let label):
            spans.append(StyledSpan(field(label), style: style(for: .timestamp)))
        case .link(let destination, let label, _) where Anchor.isInDocumentLink(destination) || URLPolicy.sanitize(destination) == nil:
            // A place in the document, which a terminal cannot go to, or a refused link: the
            // label alone, not drawn as a link.
            appendInline(label, base: base, oneLine: true, into: &spans)
        case .link(let destination, let label, _):
            var labelSpans: [StyledSpan] = []
            if Self.isInline(label) {
                appendInline(label, base: base, oneLine: true, into: &labelSpans)
            } else {
                labelSpans.append(StyledSpan(field(plainText(label)), style: style(for: base)))
            }
            let link = linkStyle
            let target = hyperlinkTarget(destination)
            for span in labelSpans { spans.append(StyledSpan(span.text, style: span.style.adding(link), link: target)) }
            appendDestination(destination, label: labelSpans.map(\.text).joined(), into: &spans)
        case .image(let image):
            appendImage(source: image.source, alt: TextControls.field(image.alt), base: style(for: base), into: &spans)
        case .stack(_, let children, _):
            let avatar = Self.avatar(in: children)
            var first = true
            for child in children {
                let start = spans.count
                if !first { spans.append(StyledSpan(" ")) }
                let afterSeparator = spans.count
                if !appendAuthor(child, avatar: avatar, into: &spans) {
                    appendInline(child, base: base, oneLine: oneLine, into: &spans)
                }
                if spans.count == afterSeparator { spans.removeSubrange(start...) } else { first = false }
            }
        default:
            spans.append(StyledSpan(sanitized(plainText(view)), style: style(for: base)))
        }
    }

    /// The avatar among a row's children: the author name beside it takes its colour.
    private static func avatar(in children: [ViewNode]) -> ViewNode.AvatarContent? {
        for child in children { if case .avatar(let content) = child { return content } }
        return nil
    }

    /// An author's name beside their avatar, in the avatar's colour as chat apps show it;
    /// `false` (and nothing appended) for any other view.
    private mutating func appendAuthor(_ view: ViewNode, avatar: ViewNode.AvatarContent?, into spans: inout [StyledSpan]) -> Bool {
        guard let avatar, case .text(let name, .author) = view else { return false }
        spans.append(StyledSpan(field(name), style: style(for: .author).adding(authorStyle(avatar.colorIndex))))
        return true
    }

    /// ` <url>` after a link's label, unless the label already is the URL or the URL is refused,
    /// so that no label can disguise where a link goes. With hyperlinks the label is clickable
    /// and ` <host>` is enough (the whole URL when it has no host, as mailto: and tel:); without,
    /// ` <host>[1]` and the URL in the list after the message (see ``destinationSpan(for:)``).
    private mutating func appendDestination(_ destination: String, label: String, into spans: inout [StyledSpan]) {
        guard let url = URLPolicy.sanitize(destination) else { return }
        let shown = sanitized(url)
        for scheme in ["", "http://", "https://", "mailto:", "tel:"] where scheme + label == shown { return }
        spans.append(destinationSpan(for: url))
    }

    /// The OSC 8 target for a link, when hyperlinks are on and the URL is allowed and absolute.
    private func hyperlinkTarget(_ destination: String) -> String? {
        guard ansi.hyperlinks, let url = URLPolicy.sanitize(destination), url.utf8.contains(UInt8(ascii: ":"))
        else { return nil }
        return Hyperlink.terminalSafe(url)
    }

    private mutating func appendImage(source: String, alt: String, base: SGRStyle, into spans: inout [StyledSpan]) {
        var text = sanitized(options.theme.icon(.image))
        let alt = sanitized(alt)
        if !alt.isEmpty { text += " " + alt }
        spans.append(StyledSpan(text, style: base))
        if let url = URLPolicy.sanitize(source) { spans.append(destinationSpan(for: url)) }
    }

    /// What a reader would see of a view, without layout: for places that take one line.
    private func plainText(_ view: ViewNode) -> String {
        switch view {
        case .empty, .avatar, .divider(nil): return ""
        case .text(let text, _), .heading(_, let text): return text
        case .badge(let text, _): return "[" + text + "]"
        case .titled(let inner, _): return plainText(inner)
        case .icon(let name, _): return options.theme.icon(name)
        case .time(_, let label): return label
        case .link(_, let label, _), .anchor(_, let label): return plainText(label)
        case .image(let image): return image.alt
        case .divider(let label?): return label
        case .markdown(let document): return document.blocks.map(Self.plainText).joined(separator: " ")
        case .stack(_, let children, _), .card(_, let children), .quote(_, let children):
            return children.map(plainText).filter { !$0.isEmpty }.joined(separator: " ")
        case .fields(let fields):
            let separator = options.theme.string(.labelSeparator)
            return fields.map { $0.label + separator + plainText($0.value) }.joined(separator: " ")
        case .message(let frame): return (frame.header + frame.body).map(plainText).joined(separator: " ")
        case .disclosure(let summary, let content):
            return (summary + content).map(plainText).filter { !$0.isEmpty }.joined(separator: " ")
        case .raw(let raw): return plainText(raw.fallback)
        }
    }

    private static func plainText(_ block: MarkdownBlock) -> String {
        switch block {
        case .paragraph(let inlines), .heading(_, let inlines): return inlines.plainText
        case .blockQuote(let blocks): return blocks.map(plainText).joined(separator: " ")
        case .list(_, _, let items): return items.map { $0.map(plainText).joined(separator: " ") }.joined(separator: " ")
        case .codeBlock(_, let code): return code
        case .htmlBlock(let html): return html
        case .thematicBreak: return ""
        case .table(let table): return table.plainLines.joined(separator: " ")
        }
    }

    // MARK: Markdown

    private mutating func layoutBlocks(_ blocks: [MarkdownBlock], width: Int, tight: Bool, into lines: inout [Line]) {
        for (index, block) in blocks.enumerated() {
            if index > 0 && !tight { lines.append(Line()) }
            layoutBlock(block, width: width, into: &lines)
        }
    }

    private mutating func layoutBlock(_ block: MarkdownBlock, width: Int, into lines: inout [Line]) {
        switch block {
        case .paragraph(let inlines):
            var spans: [StyledSpan] = []
            spans.reserveCapacity(inlines.count)
            appendMarkdown(inlines, style: style(for: .body), into: &spans)
            TextWrapper(width: width).wrap(spans, appendingTo: &lines)
        case .heading(_, let inlines):
            var spans: [StyledSpan] = []
            appendMarkdown(inlines, style: style(for: .body).adding(style(for: .strong)), into: &spans)
            TextWrapper(width: width).wrap(spans, appendingTo: &lines)
        case .blockQuote(let blocks):
            let prefix = [StyledSpan("▎ ", style: mutedStyle)]
            guard width - 2 >= Self.minimumContentWidth else {
                layoutBlocks(blocks, width: width, tight: false, into: &lines)
                return
            }
            var inner: [Line] = []
            layoutBlocks(blocks, width: width - 2, tight: false, into: &inner)
            Self.appendPrefixed(&inner, first: prefix, rest: prefix, to: &lines)
        case .list(let start, let tight, let items):
            layoutList(start: start, tight: tight, items: items, width: width, into: &lines)
        case .codeBlock(_, let code):
            var text = Substring(code)
            if text.hasSuffix("\n") { text = text.dropLast() }
            let bar = [StyledSpan("│ ", style: mutedStyle)]
            let fits = width - 2 >= Self.minimumContentWidth
            // A code line broken for the width ends in `↩`, so that no one copies it as two lines.
            TextWrapper(
                width: width, prefix: fits ? bar : [], mode: .characters, breakMarker: StyledSpan("↩", style: mutedStyle)
            )
            .wrap(sanitized(String(text), multiline: true), style: style(for: .code), appendingTo: &lines)
        case .htmlBlock(let html):
            var text = Substring(html)
            if text.hasSuffix("\n") { text = text.dropLast() }
            TextWrapper(width: width).wrap(sanitized(String(text), multiline: true), style: style(for: .body), appendingTo: &lines)
        case .thematicBreak:
            lines.append(rule(width: width))
        case .table(let table):
            layoutTable(table, width: width, into: &lines)
        }
    }

    /// A task item's box: `☑`/`☐`, or `[x]`/`[ ]` when the terminal has only ASCII.
    private func taskBox(_ checked: Bool) -> String {
        ansi.charset.isSingleByte ? (checked ? "[x]" : "[ ]") : (checked ? "☑" : "☐")
    }

    private mutating func layoutList(start: Int?, tight: Bool, items: [[MarkdownBlock]], width: Int, into lines: inout [Line]) {
        var items = items
        let markers: [String] = items.indices.map { index in
            guard let start else {
                // A task item's box takes the bullet's place.
                if case .paragraph(var inlines)? = items[index].first, case .checkbox(let checked)? = inlines.first {
                    inlines.removeFirst()
                    items[index][0] = .paragraph(inlines)
                    return taskBox(checked) + " "
                }
                return "• "
            }
            return String(start &+ index) + ". "
        }
        let markerWidth = markers.map(\.count).max() ?? 2
        let innerWidth = width - markerWidth
        for (index, item) in items.enumerated() {
            if index > 0 && !tight { lines.append(Line()) }
            guard innerWidth >= Self.minimumContentWidth else {
                TextWrapper(width: width).wrap(markers[index], appendingTo: &lines)
                layoutBlocks(item, width: width, tight: tight, into: &lines)
                continue
            }
            var inner: [Line] = []
            layoutBlocks(item, width: innerWidth, tight: tight, into: &inner)
            if inner.isEmpty { inner.append(Line()) }
            let marker = RepeatedText.spaces(markerWidth - markers[index].count) + markers[index]
            Self.appendPrefixed(
                &inner, first: [StyledSpan(marker)], rest: [StyledSpan(RepeatedText.spaces(markerWidth))], to: &lines)
        }
    }

    /// `link` is the hyperlink target of the enclosing link, if any.
    private mutating func appendMarkdown(
        _ inlines: [MarkdownInline], style: SGRStyle, link: String? = nil,
        into spans: inout [StyledSpan]
    ) {
        for inline in inlines {
            switch inline {
            case .text(let text), .html(let text):
                spans.append(StyledSpan(sanitized(text, multiline: true), style: style, link: link))
            case .code(let code):
                spans.append(
                    StyledSpan(
                        sanitized(code), style: style.adding(self.style(for: .code)),
                        link: link))
            case .emphasis(let children):
                appendMarkdown(children, style: style.adding(self.style(for: .emphasis)), link: link, into: &spans)
            case .strong(let children):
                appendMarkdown(children, style: style.adding(self.style(for: .strong)), link: link, into: &spans)
            case .strikethrough(let children):
                // Without styles, the tildes say it.
                guard ansi.colorDepth != .none else {
                    spans.append(StyledSpan("~~", style: style, link: link))
                    appendMarkdown(children, style: style, link: link, into: &spans)
                    spans.append(StyledSpan("~~", style: style, link: link))
                    continue
                }
                appendMarkdown(children, style: style.adding(SGRStyle(strikethrough: true)), link: link, into: &spans)
            case .checkbox(let checked):
                spans.append(StyledSpan(taskBox(checked) + " ", style: style, link: link))
            case .link(let destination, _, let children) where URLPolicy.sanitize(destination) == nil:
                // A link the policy refuses (`javascript:`, a fragment) is its text alone, in the
                // text's own style, as HTML and Markdown show it: nothing draws it as a link.
                appendMarkdown(children, style: style, link: link, into: &spans)
            case .link(let destination, _, let children):
                appendMarkdown(children, style: style.adding(linkStyle), link: hyperlinkTarget(destination), into: &spans)
                appendDestination(destination, label: children.plainText, into: &spans)
            case .image(let source, _, let alt):
                appendImage(source: source, alt: alt.plainText, base: style, into: &spans)
            case .mention(_, let text):
                // A mention is a name: a field.
                spans.append(
                    StyledSpan(
                        field(text), style: style.adding(self.style(for: .mention)),
                        link: link))
            case .softBreak:
                spans.append(StyledSpan(" ", style: style))
            case .lineBreak:
                spans.append(StyledSpan("\n", style: style))
            }
        }
    }

    // MARK: Tables

    /// A pipe table in a box when its columns fit `width`, each cell wrapped inside its column
    /// when the table is wider than that; when even the narrowest columns do not fit, each row
    /// becomes `header: value` lines instead.
    private mutating func layoutTable(_ table: MarkdownTable, width: Int, into lines: inout [Line]) {
        let columns = table.alignments.count
        guard columns > 0 else { return }
        let bodyStyle = style(for: .body)
        let headerStyle = bodyStyle.adding(style(for: .strong))
        func spans(_ cell: [MarkdownInline], _ style: SGRStyle) -> [StyledSpan] {
            var spans: [StyledSpan] = []
            appendMarkdown(cell, style: style, into: &spans)
            // A cell is one line: a line break in it reads as a space.
            for index in spans.indices where spans[index].text.containsUTF8(0x0A) {
                spans[index].text = spans[index].text.replacingOccurrences(of: "\n", with: " ")
            }
            return spans
        }
        let header = table.header.map { spans($0, headerStyle) }
        let rows = table.rows.map { $0.map { spans($0, bodyStyle) } }

        // Each column's natural width, and the least it can take: its longest word, when every
        // column's longest word fits, else up to a point (longer words are broken).
        var natural = Array(repeating: 1, count: columns)
        var words = Array(repeating: 2, count: columns)
        for row in [header] + rows {
            for (column, cell) in row.enumerated() {
                let text = cell.map(\.text).joined()
                natural[column] = max(natural[column], DisplayWidth.of(text))
                let longestWord = text.split(separator: " ").lazy.map { DisplayWidth.of(String($0)) }.max() ?? 0
                words[column] = max(words[column], longestWord)
            }
        }
        let borders = 3 * columns + 1
        let least = words.reduce(0, +) + borders <= width ? words : words.map { min($0, Self.minimumContentWidth) }
        var widths = natural.enumerated().map { max($1, least[$0]) }
        if widths.reduce(0, +) + borders > width {
            guard least.reduce(0, +) + borders <= width else {
                return layoutTableRows(header: header, rows: rows, width: width, into: &lines)
            }
            // Every column gets its least, and the room left goes to each as it lacks it.
            let room = width - borders - least.reduce(0, +)
            let lacking = widths.enumerated().map { $1 - least[$0] }
            let totalLacking = max(1, lacking.reduce(0, +))
            widths = least.enumerated().map { $1 + lacking[$0] * room / totalLacking }
            var left = width - borders - widths.reduce(0, +)
            for column in widths.indices where left > 0 && widths[column] < natural[column] {
                widths[column] += 1
                left -= 1
            }
        }
        let tableWidth = widths.reduce(0, +) + borders
        func rule(_ left: String, _ middle: String, _ right: String) -> Line {
            let text = left + widths.map { RepeatedText.string("─", count: $0 + 2) }.joined(separator: middle) + right
            return Line(spans: [StyledSpan(text, style: mutedStyle)], width: tableWidth)
        }
        func appendRow(_ cells: [[StyledSpan]]) {
            let wrapped = cells.enumerated().map { TextWrapper(width: widths[$0]).wrap($1) }
            let height = max(1, wrapped.map(\.count).max() ?? 1)
            for lineIndex in 0..<height {
                var spans = [StyledSpan("│", style: mutedStyle)]
                var ambiguous = false
                for column in 0..<columns {
                    let line = lineIndex < wrapped[column].count ? wrapped[column][lineIndex] : Line()
                    ambiguous = ambiguous || line.hasAmbiguousWidth
                    let padding = max(0, widths[column] - line.width)
                    let left: Int
                    switch table.alignments[column] {
                    case .right: left = padding
                    case .center: left = padding / 2
                    case .none, .left: left = 0
                    }
                    spans.append(StyledSpan(RepeatedText.spaces(left + 1)))
                    spans += line.spans
                    spans.append(StyledSpan(RepeatedText.spaces(padding - left + 1)))
                    spans.append(StyledSpan("│", style: mutedStyle))
                }
                lines.append(Line(spans: spans, width: tableWidth, hasAmbiguousWidth: ambiguous))
            }
        }
        lines.append(rule("┌", "┬", "┐"))
        appendRow(header)
        lines.append(rule("├", "┼", "┤"))
        for row in rows { appendRow(row) }
        lines.append(rule("└", "┴", "┘"))
    }

    /// A table too wide for the terminal: each row as `header: value` lines, a blank line
    /// between rows (the header alone when there is no row).
    private mutating func layoutTableRows(header: [[StyledSpan]], rows: [[[StyledSpan]]], width: Int, into lines: inout [Line]) {
        guard !rows.isEmpty else {
            for cell in header { TextWrapper(width: width).wrap(cell, appendingTo: &lines) }
            return
        }
        let separator = StyledSpan(options.theme.string(.labelSeparator), style: style(for: .body).adding(style(for: .strong)))
        for (index, row) in rows.enumerated() {
            if index > 0 { lines.append(Line()) }
            for (label, value) in zip(header, row) {
                TextWrapper(width: width, continuationPrefix: [StyledSpan("  ")]).wrap(label + [separator] + value, appendingTo: &lines)
            }
        }
    }

    // MARK: Helpers

    /// `text` made safe for the terminal: on one line (line breaks shown as `↵`) unless it is
    /// `multiline` message text, and without the emoji selectors whose width terminals
    /// disagree on (see ``DisplayWidth/withoutAmbiguousEmojiSelectors(_:)``), so that no text
    /// or theme glyph can move a right border.
    private func sanitized(_ text: String, multiline: Bool = false) -> String {
        DisplayWidth.withoutAmbiguousEmojiSelectors(TerminalSanitizer.sanitize(text, keepingNewlines: multiline))
    }

    /// A field (a name, a title, a label: ``TextControls/field(_:)``, its blanks collapsed and
    /// cut at 100 characters) made safe for the terminal.
    private func field(_ text: String) -> String {
        sanitized(TextControls.field(text))
    }

    /// A rule across `width`, as a message's `---` draws one.
    mutating func rule(width: Int) -> Line {
        Line(spans: [StyledSpan(RepeatedText.string("─", count: width), style: mutedStyle)], width: width)
    }

    // MARK: Dividers

    /// What starts each line that divides the transcript, drawn by Scrollback itself: day
    /// dividers, channel rules and the rules under the title and above the closing summary.
    /// U+200E LEFT-TO-RIGHT MARK takes no column and draws nothing (the line reads left to
    /// right anyway), and no text from a message can put one in the output: every bidi
    /// control in input is shown as `⟨U+200E⟩` (``TextControls``). So a line starting with it
    /// is one of ours, whatever a name or a title draws (`──── Friday ────` as a name starts
    /// its line with `─`, never with the mark). A colour code could not serve: less searches
    /// the text without them. Only `view --navigate` asks for it (``ANSIOptions/marksDividers``);
    /// ASCII and 8-bit output, which have no such character, drop it.
    package static let navigationMark = "\u{200E}"

    /// The search `--navigate` gives less: a line that starts with the mark, and nothing more.
    /// less shows what a search matched in reverse video, and the mark takes no column, so the
    /// match is invisible: a pattern that went on into the rule (`──`, `━━`) left every divider
    /// with a reverse-video stub once `n` had been pressed.
    package static let navigationPattern = "^" + navigationMark

    /// The mark's span where the options ask for it (``ANSIOptions/marksDividers``), else none.
    private var markSpans: [StyledSpan] { ansi.marksDividers && !ansi.charset.isSingleByte ? [StyledSpan(Self.navigationMark)] : [] }

    /// A rule that divides the transcript (under the title, above the summary), marked as one.
    package mutating func dividerRule(width: Int) -> Line {
        var line = rule(width: width)
        line.spans.insert(contentsOf: markSpans, at: 0)
        return line
    }

    /// `──── label ────` across `width`, the label cut to fit; `heavy`: `━━ label ━━━━━━`, the
    /// label near the start in the title's style. Marked with ``navigationMark``.
    private mutating func divider(_ label: String?, width: Int, heavy: Bool = false) -> Line {
        guard let label, !label.isEmpty, width >= 8 else { return dividerRule(width: width) }
        if heavy {
            var text = label
            if DisplayWidth.of(text) > width - 6 {
                text = (TextWrapper(width: width - 7).wrap(text).first?.plainText ?? "") + "…"
            }
            let right = max(0, width - DisplayWidth.of(text) - 4)
            return Line(
                spans: markSpans + [
                    StyledSpan("━━", style: mutedStyle), StyledSpan(" " + text + " ", style: style(for: .title)),
                    StyledSpan(RepeatedText.string("━", count: right), style: mutedStyle),
                ], width: width)
        }
        var text = label
        if DisplayWidth.of(text) > width - 6 {
            text = (TextWrapper(width: width - 7).wrap(text).first?.plainText ?? "") + "…"
        }
        let textWidth = DisplayWidth.of(text)
        let left = (width - textWidth - 2) / 2
        let right = width - textWidth - 2 - left
        let separator = style(for: .separator)
        return Line(
            spans: markSpans + [
                StyledSpan(RepeatedText.string("─", count: left), style: mutedStyle),
                StyledSpan(" " + text + " ", style: separator),
                StyledSpan(RepeatedText.string("─", count: right), style: mutedStyle),
            ], width: width)
    }

    /// Puts `first` before the first line of `inner` and `rest` before each other one, in
    /// place (an empty line gets its prefix without trailing spaces), and appends them to `lines`.
    static func appendPrefixed(_ inner: inout [Line], first: [StyledSpan], rest: [StyledSpan], to lines: inout [Line]) {
        // The prefixes' widths, measured once rather than on every line.
        let firstWidth = first.columns
        let restWidth = rest.columns
        for index in inner.indices {
            var prefix = index == 0 ? first : rest
            var prefixWidth = index == 0 ? firstWidth : restWidth
            // A space takes one column.
            if inner[index].spans.isEmpty { prefixWidth -= prefix.removeTrailingSpaces() }
            inner[index].spans.insert(contentsOf: prefix, at: 0)
            inner[index].width += prefixWidth
        }
        lines += inner
    }
}
