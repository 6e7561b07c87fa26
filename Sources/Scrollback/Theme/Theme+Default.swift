extension Theme {
    /// The built-in light theme with a dark section. Its one source of truth is
    /// `Themes/default.json` (embedded in the library), so the file users copy is exactly the
    /// look they get without `--theme`.
    public static let `default`: Theme = {
        do {
            return try ThemeLoader.load(.builtIn("default"), chain: [])
        } catch {
            // Tests load every built-in theme, so this cannot ship.
            fatalError("the built-in default theme is broken: \(error)")
        }
    }()
}
