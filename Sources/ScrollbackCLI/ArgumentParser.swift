/// A small command-line parser in the manner of swift-argument-parser: options declared once,
/// used both to parse and to print help.
struct OptionSpec {
    var name: String
    var short: Character?
    /// `nil` for a flag; else the value's placeholder in help, e.g. `<file>`.
    var valueName: String?
    var help: String
    var defaultDescription: String?
    var repeatable = false

    static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: nil, help: help)
    }

    static func option(
        _ name: String, short: Character? = nil, value: String, help: String, default: String? = nil,
        repeatable: Bool = false
    ) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: value, help: help, defaultDescription: `default`, repeatable: repeatable)
    }
}

struct PositionalSpec {
    var name: String
    var help: String
    var defaultDescription: String?
}

/// A command's declaration: what `--help` shows and what the parser accepts.
struct CommandSpec {
    var name: String
    var abstract: String
    var discussion: String?
    var positionals: [PositionalSpec]
    var options: [OptionSpec]

    var usage: String {
        var parts = ["scrollback", name]
        parts += positionals.map { "[<\($0.name)>]" }
        for option in options where option.name != "help" {
            parts.append(option.valueName.map { "[--\(option.name) \($0)]" } ?? "[--\(option.name)]")
        }
        return parts.joined(separator: " ")
    }

    /// Command lines that show the command at work, each with a line saying what it does.
    var examples: [(what: String, command: String)] = []

    /// The help at 80 columns.
    var help: String { help(width: 80) }

    /// The help, wrapped at word boundaries to `width` columns (40 at least).
    func help(width: Int) -> String {
        let width = max(40, width)
        var lines = Self.wrap("OVERVIEW: \(abstract)", width: width, indent: 2) + [""]
        if let discussion {
            for paragraph in discussion.components(separatedBy: "\n") {
                lines += paragraph.isEmpty ? [""] : Self.wrap(paragraph, width: width, indent: 0)
            }
            lines.append("")
        }
        lines += Self.wrap("USAGE: \(usage)", width: width, indent: 4) + [""]
        if !positionals.isEmpty {
            lines.append("ARGUMENTS:")
            for positional in positionals {
                lines += Self.row("<\(positional.name)>", positional.help, positional.defaultDescription, width: width)
            }
            lines.append("")
        }
        lines.append("OPTIONS:")
        for option in options {
            var label = option.short.map { "-\($0), " } ?? ""
            label += "--\(option.name)"
            if let value = option.valueName { label += " \(value)" }
            lines += Self.row(label, option.help, option.defaultDescription, width: width)
        }
        if !examples.isEmpty {
            lines += ["", "EXAMPLES:"]
            for (index, example) in examples.enumerated() {
                if index > 0 { lines.append("") }
                lines += Self.wrap(example.what, width: width - 2, indent: 2).map { "  " + $0 }
                lines += Self.wrap(example.command, width: width - 4, indent: 2).map { "    " + $0 }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `label` in a 26-column gutter and the help beside it, wrapped under itself.
    private static func row(_ label: String, _ help: String, _ defaultDescription: String?, width: Int) -> [String] {
        let text = help + (defaultDescription.map { " (default: \($0))" } ?? "")
        let gutter = String(repeating: " ", count: 26)
        let wrapped = wrap(text, width: width - 26, indent: 0).map { gutter + $0 }
        let padded = "  " + label
        guard padded.count < 26, let first = wrapped.first else { return [padded] + wrapped }
        return [padded + first.dropFirst(padded.count)] + wrapped.dropFirst()
    }

    /// `text` cut at spaces into lines of at most `width` columns (a longer word stands
    /// alone), the lines after the first indented by `indent`.
    static func wrap(_ text: String, width: Int, indent: Int) -> [String] {
        let pad = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let prefix = lines.isEmpty ? "" : pad
            if line.isEmpty {
                line = prefix + word
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = pad + word
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}

/// The result of parsing: option values by name, flags set, positionals in order.
struct ParsedArguments {
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []

    func value(_ name: String) -> String? { values[name]?.last }
    func has(_ flag: String) -> Bool { flags.contains(flag) }
}

/// A mistake in the command line: printed with the usage, exit 64.
struct UsageError: Error, Equatable {
    var message: String
}

extension CommandSpec {
    func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var result = ParsedArguments()
        var index = 0
        var onlyPositionals = false

        func takeValue(for option: OptionSpec, inline: String?) throws(UsageError) -> String {
            if let inline { return inline }
            index += 1
            guard index < arguments.count else {
                throw UsageError(message: "Missing value for '--\(option.name) \(option.valueName ?? "")'.")
            }
            return arguments[index]
        }

        func record(_ option: OptionSpec, inline: String?) throws(UsageError) {
            if option.valueName == nil {
                if inline != nil { throw UsageError(message: "The flag '--\(option.name)' does not take a value.") }
                result.flags.insert(option.name)
                return
            }
            let value = try takeValue(for: option, inline: inline)
            if !option.repeatable, result.values[option.name] != nil {
                throw UsageError(message: "'--\(option.name)' was given more than once.")
            }
            result.values[option.name, default: []].append(value)
        }

        while index < arguments.count {
            let argument = arguments[index]
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                result.positionals.append(argument)
            } else if argument == "--" {
                onlyPositionals = true
            } else if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                let name = String(body.prefix { $0 != "=" })
                let inline = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
                guard let option = options.first(where: { $0.name == name }) else {
                    throw UsageError(message: "Unknown option '--\(name)'." + suggestion(for: name))
                }
                try record(option, inline: inline)
            } else {
                // Short options: `-o file`, `-ofile`, or grouped flags `-hv`.
                var characters = Array(argument.dropFirst())
                while !characters.isEmpty {
                    let character = characters.removeFirst()
                    guard let option = options.first(where: { $0.short == character }) else {
                        throw UsageError(message: "Unknown option '-\(character)'.")
                    }
                    if option.valueName != nil, !characters.isEmpty {
                        try record(option, inline: String(characters))
                        characters = []
                    } else {
                        try record(option, inline: nil)
                    }
                }
            }
            index += 1
        }
        if result.positionals.count > positionals.count {
            throw UsageError(message: "Unexpected argument '\(result.positionals[positionals.count])'.")
        }
        return result
    }

    /// " Did you mean '--format'?" for a near miss, else "".
    private func suggestion(for name: String) -> String {
        let best = options.map { ($0.name, editDistance($0.name, name)) }.min { $0.1 < $1.1 }
        guard let best, best.1 <= max(2, name.count / 3) else { return "" }
        return " Did you mean '--\(best.0)'?"
    }
}

/// Levenshtein distance, for "did you mean" hints on short words.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    guard !a.isEmpty else { return b.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in stride(from: 1, through: b.count, by: 1) {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}
