/// The theme files of `Themes/`, compiled into the library so that an installed binary has them
/// without the source tree. `Scripts/embed-themes` writes their text into
/// `BuiltInThemes+Generated.swift`; a test fails when the two differ.
enum BuiltInThemes {
    /// Names in the order `scrollback themes` lists them: `default` first.
    static let names: [String] = sources.map(\.name)

    /// The text of the built-in theme `name`.
    static func source(named name: String) -> String? {
        sources.first { $0.name == name }?.json
    }
}
