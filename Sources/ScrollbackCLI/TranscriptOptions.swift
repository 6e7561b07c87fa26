import Foundation
import Scrollback

/// The options `render` and `view` share, declared once: which messages, how they read, and how
/// a terminal draws them. Both commands include the group, and turn it into ``RenderOptions``
/// and a ``MessageFilter`` the same way.
struct TranscriptOptions: OptionGroup {
    let theme = Option<String>(
        "theme", value: "<name|file>", help: "A built-in theme (see 'scrollback themes') or a theme file.",
        default: "$SCROLLBACK_THEME, else default", completes: .fileOrName(Theme.builtInNames))
    let me = Option<String>("me", value: "<user-id>", help: "Show this user's messages as your own.")
    let timezone = Option<TimeZone>(
        "timezone", value: "<zone>", help: "Time zone of the times shown, e.g. Europe/Paris.", default: "the machine's"
    ) { zone throws(UsageError) in
        guard let timeZone = TimeZone(identifier: zone) ?? TimeZone(abbreviation: zone) else {
            throw UsageError(message: "Unknown time zone '\(zone)'. Use an IANA name such as Europe/Paris or UTC.")
        }
        return timeZone
    }
    let locale = Option<Locale>(
        "locale", value: "<locale>",
        help:
            "Locale of dates, times and labels, e.g. en_GB, de_DE; labels in English and "
            + Theme.LabelPack.builtInLanguages.joined(separator: ", ") + ".", default: "the machine's"
    ) { identifier throws(UsageError) in
        guard let locale = TranscriptOptions.knownLocale(identifier) else {
            throw UsageError(
                message: "Unknown locale '\(identifier)'. Use a language code, with a region if you like, such as fr, en_GB or pt-BR.")
        }
        return locale
    }
    let timestamps = Option<TimestampDisplay>(
        "timestamps", value: "<last|all>", help: "last: the time on the last message of each group; all: on every message.",
        default: "last", unknown: "timestamps choice")
    // A bound's meaning depends on --timezone: it is read as a date once the zone is known.
    let since = Option<String>("since", value: "<date|id>", help: "Start at this date (2026-03-09 or RFC 3339) or message id.")
    let until = Option<String>("until", value: "<date|id>", help: "End at this date (inclusive) or message id.")
    let user = Option<String>("user", value: "<user-id>", help: "Only this author's messages (repeatable).", repeatable: true)
    let asOf = Self.asOfOption
    let history = Flag("history", help: "An event log's edited messages show their earlier versions, with their times.")
    let width = Option<Int>(
        "width", short: "w", value: "<columns>", help: "Line width.", default: "the terminal's, else $COLUMNS, else 80", format: .ansi
    ) { text throws(UsageError) in
        guard let columns = Int(text), (20...1000).contains(columns) else {
            throw UsageError(message: "The width must be a whole number from 20 to 1000, not '\(text)'.")
        }
        return columns
    }
    let color = Option<When>(
        "color", value: "<when>", help: "auto, always or never: colour (NO_COLOR is honoured).", default: "auto", format: .ansi,
        unknown: "colour choice")
    let appearance = Option<Appearance.Choice>(
        "appearance", value: "<auto|light|dark>",
        help: "The theme's colours, for a light or a dark terminal: auto asks the terminal, else reads COLORFGBG, else dark.",
        default: "$SCROLLBACK_APPEARANCE, else auto", format: .ansi, unknown: "appearance")
    let hyperlinks = Option<When>(
        "hyperlinks", value: "<when>", help: "auto, always or never: clickable links (OSC 8).", default: "auto", format: .ansi,
        unknown: "hyperlink choice")
    let urls = Option<ANSIOptions.URLDisplay>(
        "urls", value: "<short|full>",
        help:
            "Without hyperlinks: short shows a link's host and lists its URL after the message (a signed URL's query as ?…); full shows whole URLs in place.",
        default: "short", format: .ansi, unknown: "URL choice")
    let style = Option<ANSIOptions.Style>(
        "style", value: "<bubbles|compact>", help: "bubbles, or compact: one line per message.", default: "bubbles", format: .ansi,
        unknown: "style")
    let ascii = Flag(
        "ascii",
        help:
            "ASCII only (borders of - | +), for a terminal that cannot show UTF-8. A terminal whose locale names another character set gets that set's letters (Latin-1, Latin-9, KOI8-R, CP1251) and ASCII for the rest, or ASCII only.",
        format: .ansi)
    let strict = Flag("strict", help: "Stop at the first unusable message instead of skipping it.")

    var declarations: [any OptionDeclaration] {
        [
            theme, me, timezone, locale, timestamps, since, until, user, asOf, history, width, color, appearance, hyperlinks, urls, style,
            ascii, strict,
        ]
    }
}

extension TranscriptOptions {
    /// The render options from the command line and the environment, the theme loaded.
    /// `writesToTerminal`: whether the document goes to the terminal on standard output (its
    /// width, colours, links and character set then apply); `drawsANSI`: whether the output is
    /// ANSI, the only one whose appearance is chosen (`--appearance auto` may then ask the
    /// terminal).
    static func renderOptions(
        _ arguments: ParsedArguments<TranscriptOptions>, tool: ScrollbackTool, writesToTerminal: Bool, drawsANSI: Bool
    ) -> Result<RenderOptions, CommandFailure> {
        var options = RenderOptions()
        options.timeZone = arguments[\.timezone] ?? TimeZone.current
        if let locale = arguments[\.locale] {
            options.locale = locale
        } else if let name = tool.environment["LC_ALL"] ?? tool.environment["LC_TIME"] ?? tool.environment["LANG"],
            !name.isEmpty, name != "C", name != "POSIX"
        {
            options.locale = Locale(identifier: String(name.prefix { $0 != "." && $0 != "@" }))
        }
        var ansi = ANSIOptions()
        if let width = arguments[\.width] {
            ansi.width = width
        } else if let columns = (writesToTerminal ? tool.terminalWidth : nil) ?? tool.environment["COLUMNS"].flatMap(Int.init),
            (20...1000).contains(columns)
        {
            ansi.width = columns
        }
        let color = arguments[\.color] ?? .auto
        // A choice that leaves another without effect is refused, as a format's option is with another format.
        if color == .never, arguments[\.appearance] != nil {
            return .failure(.usage(UsageError(message: "--appearance chooses colours, and --color never draws none: give one of them.")))
        }
        ansi.colorDepth = Terminal.colorDepth(choice: color, isTerminal: writesToTerminal, environment: tool.environment)
        ansi.charset = arguments[\.ascii] ? .ascii : writesToTerminal ? Terminal.charset(tool.environment) : .utf8
        // Only ANSI output has one appearance: HTML carries both, Markdown none, so there
        // SCROLLBACK_APPEARANCE is not read (and `--appearance` was refused with the format).
        if drawsANSI {
            switch Appearance.isDark(
                choice: arguments[\.appearance], environment: tool.environment,
                // Without colour the appearance changes nothing: the terminal is not asked.
                isTerminal: writesToTerminal && ansi.colorDepth != .none, queryBackground: tool.queryTerminalBackground)
            {
            case .success(let dark): ansi.darkAppearance = dark
            case .failure(let error): return .failure(.usage(error))
            }
        }
        options.currentUserID = arguments[\.me]
        ansi.urls = arguments[\.urls] ?? .short
        ansi.style = arguments[\.style] ?? .bubbles
        if ansi.style == .compact, arguments[\.timestamps] != nil {
            return .failure(
                .usage(UsageError(message: "--timestamps changes nothing with --style compact: every line starts with its time.")))
        }
        options.timestamps = arguments[\.timestamps] ?? .last
        options.history = arguments[\.history]
        if let text = arguments[\.asOf] {
            switch asOf(text, timeZone: options.timeZone) {
            case .success(let date): options.asOf = date
            case .failure(let error): return .failure(.usage(error))
            }
        }
        ansi.hyperlinks = ViewerOptions.hyperlinks(arguments[\.hyperlinks], isTerminal: writesToTerminal, environment: tool.environment)
        options.ansi = ansi
        if let name = arguments[\.theme] ?? tool.environment["SCROLLBACK_THEME"].flatMap({ $0.isEmpty ? nil : $0 }) {
            do {
                options.theme = try Theme.named(name)
            } catch {
                if case .unknownTheme = error.problem, error.keyPath.isEmpty {
                    return .failure(
                        .usage(UsageError(message: "\(error.description.dropFirst(error.file.count + 2)). See 'scrollback themes'.")))
                }
                return .failure(.failed(error.description, status: ThemeCommand.status(for: error)))
            }
        }
        // The labels in the locale's language, where Scrollback has them and the theme does not.
        options.theme = options.theme.localized(for: options.locale)
        return .success(options)
    }

    /// `--since`, `--until` and `--user`. A bound that reads as a date (`2026-03-09`, or RFC 3339)
    /// is a date in the chosen zone (a bare day covers the whole day; one the calendar does not
    /// have is a usage error); anything else is a message id.
    static func filter(_ arguments: ParsedArguments<TranscriptOptions>, timeZone: TimeZone) -> Result<MessageFilter, UsageError> {
        func bound(_ option: KeyPath<TranscriptOptions, Option<String>>, endOfDay: Bool) throws(UsageError) -> MessageFilter.Bound? {
            guard let text = arguments[option], !text.isEmpty else { return nil }
            if let date = RFC3339.parse(text) { return .date(date) }
            switch day(text, timeZone: timeZone) {
            case .start(let day):
                return .date(endOfDay ? Calendar.gregorian(in: timeZone).date(byAdding: .second, value: 86_399, to: day) ?? day : day)
            case .noSuchDay:
                // The calendar would roll 2026-13-45 over into 2027 without a word.
                let name = arguments.options[keyPath: option].spec.flagName
                throw UsageError(message: "\(name) \(text): there is no such day (a day is written 2026-03-09).")
            case .notADay:
                return .messageID(text)
            }
        }
        let since: MessageFilter.Bound?
        let until: MessageFilter.Bound?
        do {
            since = try bound(\.since, endOfDay: false)
            until = try bound(\.until, endOfDay: true)
        } catch {
            return .failure(error)
        }
        if case .date(let start)? = since, case .date(let end)? = until, start > end {
            return .failure(UsageError(message: "--since is after --until."))
        }
        return .success(MessageFilter(since: since, until: until, userIDs: Set(arguments.all(\.user))))
    }

    /// `--as-of`, which `validate` takes too.
    static let asOfOption = Option<String>(
        "as-of", value: "<date>", help: "An event log replayed up to this moment (RFC 3339, or a day: up to its end).")

    /// `--as-of`: an RFC 3339 moment, or a day of the chosen zone, up to its last second.
    static func asOf(_ text: String, timeZone: TimeZone) -> Result<Date, UsageError> {
        if let date = RFC3339.parse(text) { return .success(date) }
        switch day(text, timeZone: timeZone) {
        case .start(let day):
            return .success(Calendar.gregorian(in: timeZone).date(byAdding: .second, value: 86_399, to: day) ?? day)
        case .noSuchDay:
            return .failure(UsageError(message: "--as-of \(text): there is no such day (a day is written 2026-03-09)."))
        case .notADay:
            return .failure(
                UsageError(message: "--as-of \(text): expected a moment (RFC 3339, e.g. 2026-03-09T14:30:00Z) or a day (2026-03-09)."))
        }
    }

    /// What a `yyyy-MM-dd` text names in `timeZone`.
    private enum Day {
        /// The day's midnight.
        case start(Date)
        /// Written as a day, but the calendar has none such (month 13, February 30).
        case noSuchDay
        /// Not written as a day: a message id, say.
        case notADay
    }

    private static func day(_ text: String, timeZone: TimeZone) -> Day {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.map(\.utf8.count) == [4, 2, 2], parts.allSatisfy({ $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }) else {
            return .notADay
        }
        let numbers = parts.compactMap { Int($0) }
        let written = DateComponents(year: numbers[0], month: numbers[1], day: numbers[2])
        let calendar = Calendar.gregorian(in: timeZone)
        guard let start = calendar.date(from: written), calendar.dateComponents([.year, .month, .day], from: start) == written else {
            return .noSuchDay
        }
        return .start(start)
    }

    /// The locale `identifier` names, when its language (and its region, if it has one) is a
    /// known ISO code: Foundation takes any string, and dates and labels would fall back to
    /// English without a word.
    static func knownLocale(_ identifier: String) -> Locale? {
        let locale = Locale(identifier: identifier)
        guard let language = locale.language.languageCode, Locale.LanguageCode.isoLanguageCodes.contains(language) else { return nil }
        if let region = locale.region, !Locale.Region.isoRegions.contains(region) { return nil }
        return locale
    }
}

/// Why a command stops before its work: a mistake in the command line (exit 64, said with the
/// usage), or another failure, already worded, with its exit status.
enum CommandFailure: Error {
    case usage(UsageError)
    case failed(String, status: Int32)
}

extension Calendar {
    static func gregorian(in timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }
}
