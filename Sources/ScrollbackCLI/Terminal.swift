import Scrollback

#if canImport(Glibc)
    import Glibc
#endif

/// What the CLI learns about the terminal and the user's colour wishes.
enum Terminal {
    /// The width of the terminal on `descriptor`, if it is one.
    static func columns(of descriptor: Int32) -> Int? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// The height of the terminal on `descriptor`, if it is one.
    static func rows(of descriptor: Int32) -> Int? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return nil }
        return Int(size.ws_row)
    }

    /// Colour depth for `--color auto|always|never`, following NO_COLOR, COLORTERM and TERM.
    static func colorDepth(choice: String, isTerminal: Bool, environment: [String: String]) -> ColorDepth {
        if choice == "never" { return .none }
        if choice == "auto" {
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
            guard isTerminal, environment["TERM"] != "dumb" else { return .none }
        }
        let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .trueColor }
        let term = environment["TERM"]?.lowercased() ?? ""
        if term.contains("256color") || term.contains("direct") { return term.contains("direct") ? .trueColor : .ansi256 }
        return .ansi16
    }
}
