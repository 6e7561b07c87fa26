import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading theme files: JSON with `//` and `/* */` comments and trailing commas, a `version`,
/// and an optional `extends` naming a built-in theme or another file, so that a theme holds
/// only what it changes.
extension Theme {
    /// The newest theme file `version` this Scrollback reads.
    public static let fileVersion = ConfigurationError.Kind.theme.currentVersion

    /// The themes built into Scrollback, in the order `scrollback themes` lists them.
    public static var builtInNames: [String] { BuiltInThemes.names }

    /// The built-in theme called `name`, resolved; `nil` when there is none.
    public static func builtIn(named name: String) -> Theme? {
        guard BuiltInThemes.source(named: name) != nil else { return nil }
        return try? ThemeLoader.load(.builtIn(name), chain: [])
    }

    /// Reads, checks and resolves the theme file at `path`. Errors name `path`, the line, column
    /// and key path where known, and the problem.
    ///
    /// `appLabels` declares the app's own labels (``Label/app(_:default:)``): the file, and
    /// every file it extends, may then set only those under `app.`, so a misspelt one is an
    /// error naming the nearest. Without it, any name under `app.` is taken.
    public static func load(path: String, appLabels: [Label]? = nil) throws(ConfigurationError) -> Theme {
        try ThemeLoader.load(.file(path), chain: [], appLabels: appLabels)
    }

    /// A built-in theme by name, else a file by path: what `--theme` accepts. `appLabels` is as
    /// for ``load(path:appLabels:)``.
    public static func named(_ nameOrPath: String, appLabels: [Label]? = nil) throws(ConfigurationError) -> Theme {
        if BuiltInThemes.source(named: nameOrPath) != nil { return try ThemeLoader.load(.builtIn(nameOrPath), chain: []) }
        if !ThemeLoader.looksLikePath(nameOrPath), access(nameOrPath, F_OK) != 0 {
            throw ConfigurationError(
                file: nameOrPath, kind: .theme,
                problem: .unknownTheme(
                    nameOrPath, suggestion: Spelling.nearest(to: nameOrPath, among: builtInNames)))
        }
        return try load(path: nameOrPath, appLabels: appLabels)
    }

    /// A theme from the text of a theme file; `file` names it in errors and is its name, and a
    /// relative `extends` path is found from `directory` (the working directory when `nil`).
    /// `appLabels` is as for ``load(path:appLabels:)``.
    public init(json: String, file: String = "theme", directory: String? = nil, appLabels: [Label]? = nil) throws(ConfigurationError) {
        self = try ThemeLoader.load(.text(json, file: file, directory: directory), chain: [], appLabels: appLabels)
    }

    /// Nothing at all: what a theme file without `extends` starts from.
    static let empty = Theme(
        name: "", colors: [:], darkColors: [:], styles: [:], fonts: [:], icons: [:], reactions: [:],
        strings: [:], metrics: Metrics(bubbleRadius: 18, spacing: 8, maxContentWidth: 760, avatarSize: 32))
}

/// Resolves a theme and the chain of themes it extends.
enum ThemeLoader {
    enum Source {
        case builtIn(String)
        case file(String)
        case text(String, file: String, directory: String?)
    }

    /// Loads `source`; `chain` holds the identities of the themes that extend it, to find cycles.
    static func load(_ source: Source, chain: [String], appLabels: [Theme.Label]? = nil) throws(ConfigurationError) -> Theme {
        let document: ConfigurationDocument, name: String, identity: String, directory: String?
        switch source {
        case .builtIn(let builtIn):
            guard let text = BuiltInThemes.source(named: builtIn) else {
                throw ConfigurationError(file: builtIn, kind: .theme, problem: .unknownTheme(builtIn, suggestion: nil))
            }
            document = try ConfigurationDocument.parseBuiltIn(text, file: "\(builtIn) (built-in)", kind: .theme)
            (name, identity, directory) = (builtIn, builtIn, nil)
        case .file(let path):
            document = try ConfigurationDocument.read(path: path, kind: .theme)
            let url = URL(fileURLWithPath: path)
            (name, identity) = (url.deletingPathExtension().lastPathComponent, url.standardizedFileURL.path)
            directory = url.deletingLastPathComponent().path
        case .text(let json, let label, let base):
            document = try ConfigurationDocument.parse(Array(json.utf8), file: label, kind: .theme)
            (name, identity, directory) = (label, "text:" + label, base)
        }
        let chain = chain + [identity]
        var decoder = ThemeDecoder(document: document, appLabels: appLabels)
        if case .builtIn = source { decoder.isBuiltIn = true }
        return try decoder.decode(name: name) { reference throws(ThemeDecoder.BaseFailure) in
            guard chain.count < ThemeSchema.maximumExtendsDepth else {
                throw .reference(.extendsTooDeep(limit: ThemeSchema.maximumExtendsDepth))
            }
            let target = try locate(reference, directory: directory)
            let targetIdentity: String
            switch target {
            case .builtIn(let name): targetIdentity = name
            case .file(let path): targetIdentity = URL(fileURLWithPath: path).standardizedFileURL.path
            case .text: targetIdentity = ""
            }
            if chain.contains(targetIdentity) {
                let names = (chain + [targetIdentity]).map { $0.hasPrefix("text:") ? String($0.dropFirst(5)) : $0 }
                throw .reference(.extendsCycle(names))
            }
            do throws(ConfigurationError) {
                return try load(target, chain: chain, appLabels: appLabels)
            } catch {
                throw .inBase(error)
            }
        }
    }

    /// A built-in name, else a path relative to the extending file's directory.
    private static func locate(_ reference: String, directory: String?) throws(ThemeDecoder.BaseFailure) -> Source {
        if !looksLikePath(reference), BuiltInThemes.source(named: reference) != nil { return .builtIn(reference) }
        let path =
            reference.hasPrefix("/") || directory == nil
            ? reference : URL(fileURLWithPath: directory!).appendingPathComponent(reference).path
        guard looksLikePath(reference) || access(path, F_OK) == 0 else {
            throw .reference(.unknownTheme(reference, suggestion: Spelling.nearest(to: reference, among: BuiltInThemes.names)))
        }
        return .file(path)
    }

    static func looksLikePath(_ text: String) -> Bool {
        text.contains("/") || text.hasSuffix(".json") || text.hasSuffix(".json5")
    }
}
