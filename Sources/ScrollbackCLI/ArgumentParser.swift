import Scrollback

/// A small command-line parser in the manner of swift-argument-parser. Each option is declared
/// once, as a stored property of an ``OptionGroup`` (which lists its properties): the parser,
/// `--help` (and what else walks ``CommandSpec/options``, such as a man page) read that
/// declaration, and a command reads the option's value back typed, through the property's key
/// path (`arguments[\.width]`).
struct OptionSpec: Sendable {
    var name: String
    var short: Character?
    /// `nil` for a flag; else the value's placeholder in help, e.g. `<file>`.
    var valueName: String?
    var help: String
    var defaultDescription: String?
    var repeatable = false
    /// The values the option takes, when they are a fixed set (`auto`, `always`, `never`); empty
    /// when any value of its type goes.
    var choices: [String] = []
    /// The one output format the option changes anything in; `nil` when it is for every format.
    /// `render` refuses it with another format, and help says whose it is.
    var format: OutputFormat?
    /// What shell completion offers for the value: ``choices`` when there are some.
    var completion: ValueCompletion = .nothing
    /// The value given, checked and turned into the option's type (`true` for a flag).
    fileprivate var convert: @Sendable (String) throws(UsageError) -> any Sendable

    var isFlag: Bool { valueName == nil }

    /// `--name`, as messages name the option.
    var flagName: String { "--\(name)" }
}

/// What shell completion offers for a value (an option's or an argument's), declared with it so
/// that the completion scripts are generated, not kept by hand.
enum ValueCompletion: Sendable, Equatable {
    /// Nothing: an id, a number, a date.
    case nothing
    /// Only these words.
    case choices([String])
    /// A path to a file (or to a folder on the way to one).
    case file
    /// A path to a folder.
    case directory
    /// A path to a file, or one of these names (a built-in theme's).
    case fileOrName([String])
}

/// An option's declaration, typed or not: what ``OptionGroup/specs`` collects.
protocol DeclaredOption: OptionDeclaration {
    var spec: OptionSpec { get }
}

extension DeclaredOption {
    var specs: [OptionSpec] { [spec] }
}

/// What an ``OptionGroup`` lists: one option, or a group of them.
protocol OptionDeclaration: Sendable {
    /// Its options, in the order help lists them.
    var specs: [OptionSpec] { get }
}

/// An option without a value: given or not.
struct Flag: DeclaredOption {
    let spec: OptionSpec

    init(_ name: String, short: Character? = nil, help: String, format: OutputFormat? = nil) {
        spec = OptionSpec(name: name, short: short, help: help, format: format, convert: { _ in true })
    }
}

/// An option taking a value, read back as a `Value`.
struct Option<Value: Sendable>: DeclaredOption {
    let spec: OptionSpec

    /// An option whose value `parse` checks and converts; what it throws is a usage error.
    init(
        _ name: String, short: Character? = nil, value: String, help: String, default: String? = nil,
        repeatable: Bool = false, format: OutputFormat? = nil, choices: [String] = [], completes: ValueCompletion = .nothing,
        parse: @escaping @Sendable (String) throws(UsageError) -> Value
    ) {
        spec = OptionSpec(
            name: name, short: short, valueName: value, help: help, defaultDescription: `default`, repeatable: repeatable,
            choices: choices, format: format, completion: choices.isEmpty ? completes : .choices(choices),
            convert: { text throws(UsageError) in try parse(text) })
    }
}

extension Option where Value == String {
    /// An option taking any text: a path (`completes` says which kind), an id, a name.
    init(
        _ name: String, short: Character? = nil, value: String, help: String, default: String? = nil,
        repeatable: Bool = false, format: OutputFormat? = nil, completes: ValueCompletion = .nothing
    ) {
        self.init(
            name, short: short, value: value, help: help, default: `default`, repeatable: repeatable, format: format,
            completes: completes, parse: { $0 })
    }
}

extension Option where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// An option taking one of `Value`'s cases by name; another value is refused as an unknown
    /// `what` (`Unknown style 'dense'. Use bubbles or compact.`).
    init(
        _ name: String, value: String, help: String, default: String? = nil, format: OutputFormat? = nil, unknown what: String
    ) {
        let choices = Value.allCases.map(\.rawValue)
        self.init(
            name, value: value, help: help, default: `default`, format: format, choices: choices,
            parse: { text throws(UsageError) in
                guard let value = Value(rawValue: text) else { throw UsageError.unknown(what, text, choices: choices) }
                return value
            })
    }
}

/// Options declared as the stored properties of a struct (``Flag``, ``Option``, or another
/// group, whose options it includes where it stands), and listed by ``declarations`` in the
/// same order, the order help lists them.
protocol OptionGroup: OptionDeclaration {
    init()

    /// Each stored property, in declaration order. A list rather than reflection: finding the
    /// properties at run time cost a quarter of the start-up of a command that renders nothing.
    /// `OptionDeclarationTests` checks that every group lists all of its properties, in order.
    var declarations: [any OptionDeclaration] { get }
}

extension OptionGroup {
    /// Every option of the group, nested groups included, in declaration order.
    var specs: [OptionSpec] { declarations.flatMap(\.specs) }
}

/// A group without options, for the commands that take only `--help`.
struct NoOptions: OptionGroup {
    var declarations: [any OptionDeclaration] { [] }
}

struct PositionalSpec {
    var name: String
    var help: String
    /// What an omitted argument stands for; `nil` when it must be given.
    var defaultDescription: String?
    /// What shell completion offers for it.
    var completion: ValueCompletion = .nothing

    /// The transcript `render`, `view` and `validate` read.
    static let input = PositionalSpec(
        name: "input", help: "A JSON or NDJSON file, or - for standard input.", defaultDescription: "-", completion: .file)
}

/// A command's declaration: what `--help` shows and what the parser accepts.
struct CommandSpec {
    var name: String
    var abstract: String
    var discussion: String?
    var positionals: [PositionalSpec]
    /// The command's options, in the order help lists them, `--help` last.
    var options: [OptionSpec]
    /// The formats the command writes: with more than one, help marks the options of one format.
    var formats: [OutputFormat]
    /// Command lines that show the command at work, each with a line saying what it does.
    var examples: [(what: String, command: String)]

    /// `--help`, which every command takes.
    static let help = Flag("help", short: "h", help: "Show help information.")

    init(
        name: String, abstract: String, discussion: String? = nil, positionals: [PositionalSpec] = [],
        options: some OptionGroup, formats: [OutputFormat] = [], examples: [(what: String, command: String)] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.positionals = positionals
        self.options = options.specs + [Self.help.spec]
        self.formats = formats
        self.examples = examples
    }

    /// `scrollback render [<options>] [<input>]`: the options are in the help, one a line.
    var usage: String {
        let arguments = positionals.map { $0.defaultDescription == nil ? "<\($0.name)>" : "[<\($0.name)>]" }
        return (["scrollback", name, "[<options>]"] + arguments).joined(separator: " ")
    }

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
            label += option.flagName
            if let value = option.valueName { label += " \(value)" }
            lines += Self.row(label, help(of: option), option.defaultDescription, width: width)
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

    /// The option's help, after the name of its format when the command writes others too:
    /// `ANSI: line width.`
    func help(of option: OptionSpec) -> String {
        guard formats.count > 1, let format = option.format, let first = option.help.first else { return option.help }
        // `Line width` becomes `line width`; `ASCII only` stays.
        let second = option.help.dropFirst().first
        let lowered = second.map(\.isUppercase) == true ? option.help : first.lowercased() + option.help.dropFirst()
        return "\(format.name.uppercased()): \(lowered)"
    }

    /// `label` in a 26-column gutter and the help beside it, wrapped under itself.
    static func row(_ label: String, _ help: String, _ defaultDescription: String?, width: Int) -> [String] {
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

/// A command line parsed for a command whose options `Options` declares: the positionals in
/// order, and each option's values, read back typed through the group's key paths.
struct ParsedArguments<Options: OptionGroup> {
    let options: Options
    /// The values given, converted, by option name, in the order given (`true` for a flag).
    private var values: [String: [any Sendable]]
    /// The options given, each once, in the order first given.
    private(set) var given: [OptionSpec]
    var positionals: [String]

    fileprivate init(options: Options, values: [String: [any Sendable]], given: [OptionSpec], positionals: [String]) {
        self.options = options
        self.values = values
        self.given = given
        self.positionals = positionals
    }

    /// Whether the flag was given.
    subscript(_ flag: KeyPath<Options, Flag>) -> Bool {
        values[options[keyPath: flag].spec.name] != nil
    }

    /// The option's value, the last given; `nil` when it was not given.
    subscript<Value>(_ option: KeyPath<Options, Option<Value>>) -> Value? {
        values[options[keyPath: option].spec.name]?.last as? Value
    }

    /// Every value of a repeatable option, in the order given.
    func all<Value>(_ option: KeyPath<Options, Option<Value>>) -> [Value] {
        values[options[keyPath: option].spec.name]?.compactMap { $0 as? Value } ?? []
    }

    /// The same command line, read through a group that `Options` includes.
    func group<Group: OptionGroup>(_ group: KeyPath<Options, Group>) -> ParsedArguments<Group> {
        let options = self.options[keyPath: group]
        let names = Set(options.specs.map(\.name))
        return ParsedArguments<Group>(
            options: options, values: values.filter { names.contains($0.key) }, given: given.filter { names.contains($0.name) },
            positionals: positionals)
    }

    /// Whether `--help` was given.
    var wantsHelp: Bool { values[CommandSpec.help.spec.name] != nil }

    /// The first option given that only `format`'s others read: it would change nothing.
    func option(ofAnotherFormatThan format: OutputFormat) -> OptionSpec? {
        given.first { ($0.format ?? format) != format }
    }
}

/// A mistake in the command line: printed with the usage, exit 64.
struct UsageError: Error, Equatable {
    var message: String

    /// `Unknown style 'dense'. Use bubbles or compact.`; `source` goes after the value, as in
    /// `(from SCROLLBACK_APPEARANCE)`.
    static func unknown(_ what: String, _ value: String, choices: [String], source: String = "") -> UsageError {
        let listed = choices.count < 2 ? choices.joined() : choices.dropLast().joined(separator: ", ") + " or " + choices[choices.count - 1]
        return UsageError(message: "Unknown \(what) '\(value)'\(source.isEmpty ? "" : " \(source)"). Use \(listed).")
    }
}

extension CommandSpec {
    /// The command line read against this command's options, which `Options` declares. Values are
    /// converted once the whole line is read, unless it asks for help.
    func parse<Options: OptionGroup>(_ arguments: [String], as _: Options.Type = Options.self) throws(UsageError)
        -> ParsedArguments<Options>
    {
        var given: [(option: OptionSpec, text: String?)] = []
        var positionals: [String] = []
        var index = 0
        var onlyPositionals = false

        func takeValue(for option: OptionSpec, inline: String?) throws(UsageError) -> String {
            if let inline { return inline }
            index += 1
            guard index < arguments.count else {
                throw UsageError(message: "Missing value for '\(option.flagName) \(option.valueName ?? "")'.")
            }
            return arguments[index]
        }

        func record(_ option: OptionSpec, inline: String?) throws(UsageError) {
            if option.isFlag {
                if inline != nil { throw UsageError(message: "The flag '\(option.flagName)' does not take a value.") }
                given.append((option, nil))
                return
            }
            let value = try takeValue(for: option, inline: inline)
            if !option.repeatable, given.contains(where: { $0.option.name == option.name }) {
                throw UsageError(message: "'\(option.flagName)' was given more than once.")
            }
            given.append((option, value))
        }

        while index < arguments.count {
            let argument = arguments[index]
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                positionals.append(argument)
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
                    if !option.isFlag, !characters.isEmpty {
                        try record(option, inline: String(characters))
                        characters = []
                    } else {
                        try record(option, inline: nil)
                    }
                }
            }
            index += 1
        }
        if positionals.count > self.positionals.count {
            throw UsageError(message: "Unexpected argument '\(positionals[self.positionals.count])'.")
        }
        // Help is shown whatever the values: a wrong one is no reason to withhold it.
        if let help = given.first(where: { $0.option.name == Self.help.spec.name }) {
            return ParsedArguments(options: Options(), values: [help.option.name: [true]], given: [help.option], positionals: [])
        }
        var values: [String: [any Sendable]] = [:]
        var options: [OptionSpec] = []
        for (option, text) in given {
            if values[option.name] == nil { options.append(option) }
            values[option.name, default: []].append(try option.convert(text ?? ""))
        }
        return ParsedArguments(options: Options(), values: values, given: options, positionals: positionals)
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
