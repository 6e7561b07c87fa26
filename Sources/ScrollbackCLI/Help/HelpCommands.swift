import Scrollback

/// `scrollback completions bash|zsh|fish`: the shell's completion script on standard output. A
/// subcommand, as in rustup, gh or kubectl, so that a shell's startup file can load it from the
/// binary itself (`source <(scrollback completions bash)`) and a copy of the binary alone
/// completes as well as an installed one.
struct CompletionsCommand: Command {
    static let spec = CommandSpec(
        name: "completions",
        abstract: "Print the shell completion script for bash, zsh or fish.",
        discussion: """
            The script completes the commands, their options, the values of those that take a \
            fixed set, and paths. The Debian package and 'make install' put the scripts where the \
            shells find them; for a copy of the binary alone, load one at each start of the shell.
            """,
        positionals: [
            PositionalSpec(name: "shell", help: "bash, zsh or fish.", completion: .choices(Shell.allCases.map(\.rawValue)))
        ],
        options: NoOptions(),
        examples: [
            ("Complete in every new bash:", "echo 'source <(scrollback completions bash)' >> ~/.bashrc"),
            ("Complete in fish:", "scrollback completions fish > ~/.config/fish/completions/scrollback.fish"),
            ("Complete in zsh, with ~/.zfunc in $fpath before compinit:", "scrollback completions zsh > ~/.zfunc/_scrollback"),
        ]
    )

    let tool: ScrollbackTool
    let arguments: ParsedArguments<NoOptions>

    func run() -> Int32 {
        let names = Shell.allCases.map(\.rawValue)
        guard let name = arguments.positionals.first else {
            return tool.usageError(
                "Missing shell: use \(names.dropLast().joined(separator: ", ")) or \(names[names.count - 1]).", spec: Self.spec)
        }
        guard let shell = Shell(rawValue: name) else {
            return tool.usageError(UsageError.unknown("shell", name, choices: names).message, spec: Self.spec)
        }
        tool.standardOutput.write(CompletionScript.scrollback.text(for: shell))
        return ScrollbackTool.ExitCode.success
    }
}

/// `scrollback man`: the manual page, troff on standard output. What `make install` and the
/// Debian package install as scrollback.1, and a way to read it where only the binary is:
/// `scrollback man | man -l -`. A subcommand beside `completions`, which does the same for shells.
struct ManCommand: Command {
    static let spec = CommandSpec(
        name: "man",
        abstract: "Print the manual page (troff), the one 'man scrollback' shows once installed.",
        discussion: "For a copy of the binary alone, read it with 'scrollback man | man -l -'.",
        options: NoOptions(),
        examples: [("Read the manual without installing it:", "scrollback man | man -l -")]
    )

    let tool: ScrollbackTool
    let arguments: ParsedArguments<NoOptions>

    func run() -> Int32 {
        tool.standardOutput.write(ManPage.scrollback.text)
        return ScrollbackTool.ExitCode.success
    }
}
