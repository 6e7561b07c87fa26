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
