import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Paging as git does it: `$PAGER`, else `less -R`, with `LESS=FRX` unless the user set LESS.
enum Pager {
    /// The pager to run, as words, or `nil` to print directly: only for a terminal, only when
    /// the text is taller than the screen (a screen of unknown height is not paged), and not
    /// when PAGER is empty or `cat`.
    static func command(isTerminal: Bool, rows: Int?, lineCount: Int, environment: [String: String]) -> [String]? {
        guard isTerminal, let rows, rows > 0, lineCount > rows else { return nil }
        guard let pager = environment["PAGER"] else { return ["less", "-R"] }
        let words = pager.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let first = words.first, first != "cat" else { return nil }
        return words
    }

    /// The pager's environment: the caller's, with LESS=FRX (quit if one screen, raw colours,
    /// no screen clearing) and LV=-c unless set.
    static func environment(_ environment: [String: String]) -> [String: String] {
        var result = environment
        if result["LESS"] == nil { result["LESS"] = "FRX" }
        if result["LV"] == nil { result["LV"] = "-c" }
        return result
    }

    /// Runs `command` with `text` on its standard input and waits for it. `false` when the
    /// pager could not be started (the caller then prints the text itself).
    static func show(_ text: String, command: [String], environment: [String: String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["--"] + command
        process.environment = Self.environment(environment)
        let pipe = Pipe()
        process.standardInput = pipe
        do {
            try process.run()
        } catch {
            return false
        }
        // A reader who quits early closes the pipe: that must end the writing, not the process.
        signal(SIGPIPE, SIG_IGN)
        let descriptor = pipe.fileHandleForWriting.fileDescriptor
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    break
                }
                offset += written
            }
        }
        try? pipe.fileHandleForWriting.close()
        process.waitUntilExit()
        // `env` exits 127 when the pager is not found; it has shown nothing then.
        return !(process.terminationReason == .exit && process.terminationStatus == 127)
    }
}
