import Foundation
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

    /// The character set terminal output is written in: UTF-8, unless the locale names another
    /// (``localeCannotShowUTF8(_:)``); then that set when Scrollback writes it (Latin-1, Latin-9,
    /// KOI8-R, Windows-1251), else ASCII.
    static func charset(_ environment: [String: String]) -> ANSIOptions.Charset {
        guard localeCannotShowUTF8(environment), let name = Locale.characterSet(environment) else { return .utf8 }
        switch name {
        case "iso88591", "latin1", "l1": return .latin1
        case "iso885915", "latin9", "l9": return .latin9
        case "koi8r": return .koi8r
        case "cp1251", "windows1251": return .cp1251
        default: return .ascii
        }
    }

    /// Whether the locale names a character set other than UTF-8 (`en_US.ISO-8859-1`,
    /// `ru_RU.KOI8-R`): the terminal was set up for it and shows UTF-8 as garbage, so output
    /// is in that set (``charset(_:)``) or ASCII. An unset locale, `C` or `POSIX` says nothing of the terminal (containers, cron
    /// and minimal SSH sessions leave it so before a UTF-8 terminal): the output stays UTF-8.
    /// TERM is no guide either: `linux` (the console) shows box drawing in UTF-8 mode.
    static func localeCannotShowUTF8(_ environment: [String: String]) -> Bool {
        guard let set = Locale.characterSet(environment), !set.isEmpty else { return false }
        return set != "utf8"
    }

    /// Colour depth for `--color auto|always|never`, following NO_COLOR, COLORTERM and TERM.
    static func colorDepth(choice: When, isTerminal: Bool, environment: [String: String]) -> ANSIOptions.ColorDepth {
        if choice == .never { return .none }
        if choice == .auto {
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

/// `--color` and `--hyperlinks`: on, off, or as the terminal and the environment allow.
enum When: String, CaseIterable, Sendable {
    case auto, always, never
}

/// `--appearance auto|light|dark`: whether the terminal's background is dark.
enum Appearance {
    /// What `--appearance` and SCROLLBACK_APPEARANCE take.
    enum Choice: String, CaseIterable, Sendable {
        case auto, light, dark
    }

    /// The flag, else SCROLLBACK_APPEARANCE, else `auto`. `auto` asks the terminal for its
    /// background (`queryBackground`, only when writing to a terminal), else reads COLORFGBG,
    /// else says dark (the common case, and the old default).
    static func isDark(
        choice: Choice?, environment: [String: String], isTerminal: Bool, queryBackground: () -> String?
    ) -> Result<Bool, UsageError> {
        var value = choice ?? .auto
        if choice == nil, let text = environment["SCROLLBACK_APPEARANCE"], !text.isEmpty {
            guard let named = Choice(rawValue: text) else {
                let choices = Choice.allCases.map(\.rawValue)
                return .failure(UsageError.unknown("appearance", text, choices: choices, source: "(from SCROLLBACK_APPEARANCE)"))
            }
            value = named
        }
        switch value {
        case .dark: return .success(true)
        case .light: return .success(false)
        case .auto: break
        }
        if isTerminal, let reply = queryBackground(), let dark = isDark(backgroundReply: reply) { return .success(dark) }
        if let dark = isDark(colorFGBG: environment["COLORFGBG"]) { return .success(dark) }
        return .success(true)
    }

    /// A terminal's answer to OSC 11 (`ESC ] 11 ; rgb:RRRR/GGGG/BBBB` ended by BEL or ST; one
    /// to four hex digits a channel): dark when the colour's relative luminance is under 0.5
    /// (sRGB weights, linear enough to tell a dark background from a light one); `nil` when
    /// the reply says no colour.
    static func isDark(backgroundReply reply: String) -> Bool? {
        guard let start = reply.range(of: "rgb:") else { return nil }
        let channels = reply[start.upperBound...].split(separator: "/", maxSplits: 2).map { part in
            part.prefix { $0.isHexDigit }
        }
        guard channels.count == 3 else { return nil }
        var values: [Double] = []
        for digits in channels {
            guard (1...4).contains(digits.count), let value = Int(digits, radix: 16) else { return nil }
            values.append(Double(value) / Double((1 << (4 * digits.count)) - 1))
        }
        return 0.2126 * values[0] + 0.7152 * values[1] + 0.0722 * values[2] < 0.5
    }

    /// COLORFGBG (`15;0`, or `default;default;0` from rxvt): its last field is the background's
    /// ANSI colour number; 0–6 and 8 are dark colours, 7 and 9–15 light. `nil` when unset or
    /// not a number.
    static func isDark(colorFGBG: String?) -> Bool? {
        guard let last = colorFGBG?.split(separator: ";").last, let number = Int(last), (0...15).contains(number) else {
            return nil
        }
        return number <= 6 || number == 8
    }
}

extension Terminal {
    /// What came of asking the terminal for its background colour.
    enum BackgroundAnswer: Equatable {
        /// The terminal's replies, its OSC 11 answer among them.
        case reply(String)
        /// The terminal answered the device attributes request but not OSC 11.
        case noColour
        /// Nothing asked: no terminal to ask, or one that cannot answer (TERM=dumb or unset).
        case notAsked
        /// No answer to the device attributes request within the deadline.
        case unanswered
    }

    /// How long the question waits for the terminal's last answer: long enough for a slow SSH
    /// link, since every terminal answers the device attributes request and only a slow link
    /// makes it wait.
    static let answerDeadline = 5000

    /// Whether the terminal can answer as the question needs: not with TERM `dumb` (Emacs'
    /// shell buffer and the like), unset or empty (no terminal that says what it is), nor
    /// inside GNU Screen (STY set, or TERM `screen` or `screen.…` outside tmux), which answers
    /// DA1 itself but passes OSC 11 on to the terminal outside: that answer would come after
    /// DA1's, to the pager.
    static func mayAsk(_ environment: [String: String]) -> Bool {
        let term = environment["TERM"] ?? ""
        if term.isEmpty || term == "dumb" { return false }
        if let screen = environment["STY"], !screen.isEmpty { return false }
        let inTmux = !(environment["TMUX"] ?? "").isEmpty
        return inTmux || !(term == "screen" || term.hasPrefix("screen."))
    }

    /// Asks the terminal on /dev/tty for its background colour (OSC 11): only when standard
    /// output is a terminal of which this process is in the foreground, and ``mayAsk(_:)``.
    /// Standard input may be anything: the question and the answer go through /dev/tty, so
    /// `cat chat.json | scrollback view -` asks the terminal too.
    ///
    /// Whatever the answers' timing, none may reach the pager or the shell as keys (a late
    /// `ESC ] 11 ; rgb:ffff/…` makes less scroll sideways and open a `/ffff` search that `q`
    /// does not quit). So a device attributes request (DA1, `ESC [ c`) follows the question:
    /// every terminal answers it, and after OSC 11, so its answer (`ESC [ ? … c`) is the last
    /// byte to come. The question reads until that answer, for `deadline` milliseconds at
    /// most; the pager starts only after. Before the deadline, every answer has been read and
    /// nothing is left for the pager. Past it, the input that came meanwhile is discarded
    /// (`tcflush`); an answer slower still (a link slower than the deadline, or a terminal
    /// that answers nothing, which then costs the deadline) is the one case left, and
    /// `.unanswered` says so, for the caller to tell how to skip the question.
    ///
    /// The terminal's mode is restored whatever happens. Signals from keys are off meanwhile
    /// (so that Ctrl-C cannot leave the terminal without echo): the interrupt and quit keys
    /// end the wait, then raise their signal with the mode restored.
    static func backgroundColorReply(environment: [String: String], deadline milliseconds: Int = answerDeadline)
        -> BackgroundAnswer
    {
        guard mayAsk(environment), isatty(1) == 1 else { return .notAsked }
        let tty = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard tty >= 0 else { return .notAsked }
        defer { close(tty) }
        guard tcgetpgrp(tty) == getpgrp() else { return .notAsked }
        var saved = termios()
        guard tcgetattr(tty, &saved) == 0 else { return .notAsked }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
        var keys: (interrupt: UInt8, quit: UInt8) = (0, 0)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            keys = (cc[Int(VINTR)], cc[Int(VQUIT)])
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(tty, TCSANOW, &raw) == 0 else { return .notAsked }
        var restored = false
        func restore() {
            guard !restored else { return }
            restored = true
            tcsetattr(tty, TCSANOW, &saved)
        }
        defer { restore() }
        let question = "\u{1B}]11;?\u{07}\u{1B}[c"
        guard write(tty, question, question.utf8.count) == question.utf8.count else { return .notAsked }

        var reply: [UInt8] = []
        let end = monotonicMilliseconds() + milliseconds
        var buffer = [UInt8](repeating: 0, count: 256)
        var answered = false
        while !answered {
            let left = end - monotonicMilliseconds()
            guard left > 0 else { break }
            var descriptor = pollfd(fd: tty, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(left))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { break }
            let count = read(tty, &buffer, buffer.count)
            guard count > 0 else { break }
            // An answer never holds a control key's byte (its bytes are printable, ESC and BEL).
            for byte in buffer[0..<count] where byte != 0 && (byte == keys.interrupt || byte == keys.quit) {
                let signal = byte == keys.interrupt ? SIGINT : SIGQUIT
                var action = sigaction()
                guard sigaction(signal, nil, &action) == 0, !InterruptCleanup.isIgnored(action) else { continue }
                restore()
                // Through the cleanup's handler, which ends the process as the signal means.
                InterruptCleanup.installHandlers()
                raise(signal)
                return .notAsked
            }
            reply += buffer[0..<count]
            answered = containsDeviceAttributes(reply)
        }
        // Too late for this question, an answer may still be on its way: what came meanwhile
        // must not be read by the pager.
        if !answered { tcflush(tty, TCIFLUSH) }
        let text = String(decoding: reply, as: UTF8.self)
        if text.contains("]11;") { return .reply(text) }
        return answered ? .noColour : .unanswered
    }

    /// Whether `bytes` hold a device attributes answer, `ESC [ ? digits-and-semicolons c`.
    static func containsDeviceAttributes(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == 0x1B, bytes[index + 1] == UInt8(ascii: "["), bytes[index + 2] == UInt8(ascii: "?") {
                var next = index + 3
                while next < bytes.count, bytes[next] == UInt8(ascii: ";") || (0x30...0x39).contains(bytes[next]) { next += 1 }
                if next < bytes.count, bytes[next] == UInt8(ascii: "c") { return true }
            }
            index += 1
        }
        return false
    }

    private static func monotonicMilliseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int(now.tv_sec) * 1000 + Int(now.tv_nsec) / 1_000_000
    }
}
