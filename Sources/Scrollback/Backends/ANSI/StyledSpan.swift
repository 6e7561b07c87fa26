/// A run of sanitized text in one style: the unit ``TextWrapper`` wraps and lines are made of.
package struct StyledSpan: Sendable, Hashable {
    /// Text already passed through ``TerminalSanitizer`` (or trusted).
    package var text: String
    package var style: SGRStyle
    /// Where the text links to, already allowed by ``URLPolicy`` and made safe by
    /// ``Hyperlink/terminalSafe(_:)``; written as an OSC 8 hyperlink when the options ask for them.
    package var link: String?

    package init(_ text: String, style: SGRStyle = .plain, link: String? = nil) {
        self.text = text
        self.style = style
        self.link = link
    }
}

extension [StyledSpan] {
    /// The columns the spans' texts take, one after another.
    var columns: Int { reduce(0) { $0 + DisplayWidth.of($1.text) } }

    /// Removes the spaces that end the last texts, and the spans they leave empty; returns
    /// how many spaces went.
    mutating func removeTrailingSpaces() -> Int {
        var removed = 0
        while let last = indices.last {
            while self[last].text.utf8.last == 0x20 {
                self[last].text.removeLast()
                removed += 1
            }
            guard self[last].text.isEmpty else { break }
            removeLast()
        }
        return removed
    }
}
