import Foundation
import Scrollback

/// `scrollback themes`: the built-in themes, one a line with what it is for.
struct ThemeListCommand: Command {
    static let spec = CommandSpec(
        name: "themes",
        abstract: "List the built-in themes.",
        discussion: "Use one with 'scrollback render --theme NAME'; print one with 'scrollback theme show NAME'.",
        options: NoOptions(),
        examples: [
            ("List the themes, then use one:", "scrollback themes && scrollback view chat.json --theme NAME")
        ]
    )

    let tool: ScrollbackTool
    let arguments: ParsedArguments<NoOptions>

    func run() -> Int32 {
        var text = ""
        for name in Theme.builtInNames {
            let summary = Theme.builtIn(named: name)?.summary ?? ""
            text += "  " + name.padding(toLength: 16, withPad: " ", startingAt: 0) + summary + "\n"
        }
        tool.standardOutput.write(text)
        return ScrollbackTool.ExitCode.success
    }
}

/// `scrollback theme show NAME` prints a theme, resolved, as a file to start from; `scrollback
/// theme check FILE` validates one.
struct ThemeCommand: Command {
    static let spec = CommandSpec(
        name: "theme",
        abstract: "Show a theme as a file to start from, or check a theme file.",
        discussion: """
            'scrollback theme show NAME|PATH' prints the theme resolved (nothing inherited), ready \
            to copy and edit. 'scrollback theme check FILE' validates a theme file: exit 0 when \
            valid, 65 with the file, line, column, key path and problem when not, 1 when it cannot be read.

            A theme file is JSON (comments and trailing commas allowed) with "version": 1 and \
            optionally "extends" (a built-in name or a path), "colors", "dark" {"colors"}, "fonts", \
            "styles", "images", "reactions", "strings" and "metrics". A file with "extends" holds \
            only what it changes. "strings" also takes an app's own labels, named "app.NAME"; \
            with --app-label, check takes only the labels given there, so that a misspelt one is \
            an error.
            """,
        positionals: [
            PositionalSpec(name: "action", help: "show or check.", completion: .choices(["show", "check"])),
            PositionalSpec(name: "theme", help: "A built-in theme name or a theme file.", completion: .fileOrName(Theme.builtInNames)),
        ],
        options: Options(),
        examples: [
            (
                "Start a theme of your own from the default one, and check it:",
                "scrollback theme show default > mine.json && scrollback theme check mine.json"
            )
        ]
    )

    struct Options: OptionGroup {
        let appLabel = Option<String>(
            "app-label", value: "<name>",
            help: "With check: one of your app's labels (app.NAME or NAME; repeatable). The theme may then set no other app label.",
            repeatable: true)

        var declarations: [any OptionDeclaration] {
            [appLabel]
        }
    }

    let tool: ScrollbackTool
    let arguments: ParsedArguments<Options>

    func run() -> Int32 {
        guard let action = arguments.positionals.first else {
            return tool.usageError("Missing action: use 'show NAME' or 'check FILE'.", spec: Self.spec)
        }
        guard arguments.positionals.count == 2 else {
            return tool.usageError("Missing theme: 'scrollback theme \(action) NAME|FILE'.", spec: Self.spec)
        }
        let target = arguments.positionals[1]
        switch action {
        case "show":
            do {
                tool.standardOutput.write(try Theme.named(target).fileText)
                return ScrollbackTool.ExitCode.success
            } catch {
                return tool.failure(error.description, status: Self.status(for: error))
            }
        case "check":
            do {
                let names = arguments.all(\.appLabel)
                let appLabels = names.compactMap { Theme.Label(rawValue: Theme.Label.isAppName($0) ? $0 : Theme.Label.appNamespace + $0) }
                let theme = try Theme.load(path: target, appLabels: names.isEmpty ? nil : appLabels)
                let light = theme.contrast(dark: false)
                var summary = "\(target): valid; contrast body \(Self.ratio(light.body)), muted \(Self.ratio(light.muted))"
                if !theme.darkColors.isEmpty {
                    let dark = theme.contrast(dark: true)
                    summary += "; dark: body \(Self.ratio(dark.body)), muted \(Self.ratio(dark.muted))"
                }
                tool.standardOutput.write(summary + "\n")
                for (appearance, report) in [("light", light), ("dark", theme.darkColors.isEmpty ? nil : theme.contrast(dark: true))] {
                    guard let report, min(report.body, report.muted) < 4.5 else { continue }
                    tool.warning("\(target): \(appearance) text contrast is below WCAG AA (4.5:1)")
                }
                return ScrollbackTool.ExitCode.success
            } catch {
                return tool.failure(error.description, status: Self.status(for: error))
            }
        default:
            let near = ["show", "check"].first { editDistance($0, action) <= 2 }
            return tool.usageError(
                "Unknown action '\(action)'." + (near.map { " Did you mean '\($0)'?" } ?? " Use show or check."),
                spec: Self.spec)
        }
    }

    /// A file that cannot be read is 1; one read and found wrong is bad data (65).
    static func status(for error: ConfigurationError) -> Int32 {
        error.isUnreadable ? ScrollbackTool.ExitCode.failure : ScrollbackTool.ExitCode.dataError
    }

    /// `4.52:1`: two decimals, truncated so that a figure never claims more than was measured.
    static func ratio(_ value: Double) -> String {
        String(format: "%.2f:1", (value * 100).rounded(.down) / 100)
    }
}
