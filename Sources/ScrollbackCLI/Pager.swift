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
    ///
    /// Spawned directly rather than through Foundation's `Process`, which starts the child in
    /// a session of its own: a pager there has no controlling terminal to read keys from.
    static func show(_ text: String, command: [String], environment: [String: String]) -> Bool {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { return false }
        let (readEnd, writeEnd) = (descriptors[0], descriptors[1])
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, readEnd, 0)
        posix_spawn_file_actions_addclose(&actions, readEnd)
        posix_spawn_file_actions_addclose(&actions, writeEnd)

        let arguments = command.map { strdup($0) } + [nil]
        let variables = Self.environment(environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            arguments.forEach { free($0) }
            variables.forEach { free($0) }
        }
        var child: pid_t = 0
        let spawned = posix_spawnp(&child, command[0], &actions, nil, arguments, variables)
        close(readEnd)
        guard spawned == 0 else {
            close(writeEnd)
            return false
        }
        // A reader who quits early closes the pipe: that must end the writing, not the process.
        signal(SIGPIPE, SIG_IGN)
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(writeEnd, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    break
                }
                offset += written
            }
        }
        close(writeEnd)
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        return true
    }
}
