/// A run of sanitized text in one style: the unit ``TextWrapper`` wraps and lines are made of.
public struct StyledSpan: Sendable, Hashable {
    /// Text already passed through ``TerminalSanitizer`` (or trusted).
    public var text: String
    public var style: SGRStyle

    public init(_ text: String, style: SGRStyle = .plain) {
        self.text = text
        self.style = style
    }
}
