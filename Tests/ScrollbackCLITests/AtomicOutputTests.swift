import Foundation
import Scrollback
import TestSupport
import Testing

@testable import ScrollbackCLI

/// A render that fails never costs the files it would have replaced: output goes to temporary
/// files beside the destinations, renamed into place only when the whole set succeeded; on a
/// read error, a write error or an interrupt, and for an input with no message to show, the old
/// files stay as they were and no temporary file is left behind.
@Suite struct AtomicOutputTests {
    /// Inputs that fail to read (exit 65), as a failed export or download gives them.
    static let brokenInputs: [(name: String, text: String)] = [
        ("garbage", "garbage\n"),
        ("empty", ""),
        ("wrong shape", #"{"foo": 1}"#),
        ("a bare string", #""hello""#),
        ("broken before the first message", #"{"messages": [{"id": "a", "te"#),
    ]

    /// Inputs that read, but hold no message to show.
    static let emptyInputs: [(name: String, text: String)] = [
        ("an empty list", "[]"),
        ("a user", #"{"id": "u1", "name": "Maya"}"#),
        ("no usable message", #"[1, 2, {"id": "u1", "name": "Maya"}]"#),
        ("a channel without messages", #"{"channel": {"id": "c"}, "messages": []}"#),
    ]

    static let unusableInputs = brokenInputs + emptyInputs

    /// Two channels: `--output-dir` writes two files and an index.
    static let twoChannels = """
        {"channels": [
          {"channel": {"id": "general", "name": "General"}, "messages": [{"id": "g1", "text": "in general", "created_at": "2026-05-01T09:00:00Z"}]},
          {"channel": {"id": "random", "name": "Random"}, "messages": [{"id": "r1", "text": "in random", "created_at": "2026-05-02T09:00:00Z"}]}
        ]}
        """

    /// A new, empty directory.
    static func directory() -> String {
        let path = Scratch.path("atomic")
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Every name in `directory`, hidden ones too, with each file's contents (a digest of
    /// long ones, so that a failure stays readable).
    static func snapshot(_ directory: String) -> [String: String] {
        var result: [String: String] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
            guard let data = FileManager.default.contents(atPath: directory + "/" + name) else {
                result[name] = "<not a file>"
                continue
            }
            let digest = data.reduce(UInt64(0xcbf29ce484222325)) { ($0 ^ UInt64($1)) &* 0x100000001b3 }
            result[name] = data.count <= 80 ? String(decoding: data, as: UTF8.self) : "<\(data.count) bytes, \(String(digest, radix: 16))>"
        }
        return result
    }

    /// The permission bits of the file at `path`.
    static func mode(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    static func write(_ text: String, to path: String) {
        #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
    }

    // MARK: One file

    @Test(arguments: unusableInputs.map(\.name))
    func aFailedRenderLeavesTheFileAsItWas(name: String) throws {
        let text = try #require(Self.unusableInputs.first { $0.name == name }).text
        let input = temporaryFile(text)
        let directory = Self.directory()
        Self.write("yesterday's transcript", to: directory + "/good.html")
        let run = ToolRun(["render", input, "-o", directory + "/good.html"])
        #expect(run.status == 65, "\(run.errors)")
        #expect(run.errors.contains("Error: "))
        #expect(run.errors.contains("good.html left as it was"), "\(run.errors)")
        #expect(Self.snapshot(directory) == ["good.html": "yesterday's transcript"], "unchanged, and nothing beside it")
    }

    @Test(arguments: brokenInputs.map(\.name))
    func aFailedRenderCreatesNoFile(name: String) throws {
        let text = try #require(Self.brokenInputs.first { $0.name == name }).text
        let directory = Self.directory()
        let run = ToolRun(["render", temporaryFile(text), "-o", directory + "/new.html"])
        #expect(run.status == 65)
        #expect(Self.snapshot(directory).isEmpty)
    }

    /// Replacing nothing, an empty transcript is written as standard output shows it.
    @Test(arguments: emptyInputs.map(\.name))
    func anInputWithNoMessageStillMakesANewFile(name: String) throws {
        let text = try #require(Self.emptyInputs.first { $0.name == name }).text
        let directory = Self.directory()
        let run = ToolRun(["render", temporaryFile(text), "-o", directory + "/new.html"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(Self.snapshot(directory).keys.sorted() == ["new.html"])
        let shown = ToolRun(["render", temporaryFile(text)])
        #expect(shown.status == 0)
        #expect(shown.output.contains("</html>"))
    }

    @Test func anInputCutShortReplacesNothingButStillMakesANewFile() throws {
        let input = temporaryFile(#"{"messages": [{"id": "a", "text": "before the break"}, {"id": "b", "te"#)
        let directory = Self.directory()
        Self.write("the whole export", to: directory + "/chat.html")
        let kept = ToolRun(["render", input, "-o", directory + "/chat.html"])
        #expect(kept.status == 65)
        #expect(Self.snapshot(directory) == ["chat.html": "the whole export"])
        // Where nothing would be lost, what could be read is written, as on standard output.
        let fresh = ToolRun(["render", input, "-o", directory + "/new.html"])
        #expect(fresh.status == 65)
        #expect(Set(Self.snapshot(directory).keys) == ["chat.html", "new.html"])
        let html = try String(contentsOfFile: directory + "/new.html", encoding: .utf8)
        #expect(html.contains("before the break") && html.contains("The transcript stops here"))
        #expect(!fresh.errors.contains("left as it was"))
        // Standard output still shows it all.
        let shown = ToolRun(["render", input, "--format", "markdown"])
        #expect(shown.status == 65)
        #expect(shown.output.contains("before the break"))
    }

    @Test func aFilterThatShowsNothingStillReplaces() throws {
        // The messages were there: what to show was the user's choice.
        let directory = Self.directory()
        Self.write("yesterday's transcript", to: directory + "/good.html")
        let run = ToolRun([
            "render", samples.appendingPathComponent("launch-room.json").path, "--user", "nobody",
            "-o", directory + "/good.html",
        ])
        #expect(run.status == 0, "\(run.errors)")
        #expect(Self.snapshot(directory)["good.html"] != "yesterday's transcript")
    }

    /// A closed file's sink, and its buffer, are let go of at once: a set of thousands of pages
    /// holds one open file's buffer at a time, and what was written is still committed.
    @Test func closedFilesLetGoOfTheirSinks() throws {
        let directory = Self.directory()
        let files = OutputFiles()
        weak var closed: OutputSink?
        do {
            let sink = try files.open(directory + "/page-1.txt")
            sink.write("first page")
            closed = sink
            try files.close(sink)
        }
        #expect(closed == nil)
        let second = try files.open(directory + "/page-2.txt")
        second.write("second page")
        try files.commit()
        #expect(try String(contentsOfFile: directory + "/page-1.txt", encoding: .utf8) == "first page")
        #expect(try String(contentsOfFile: directory + "/page-2.txt", encoding: .utf8) == "second page")
    }

    @Test func successReplacesTheFileKeepingItsMode() throws {
        let input = samples.appendingPathComponent("launch-room.json").path
        let directory = Self.directory()
        let path = directory + "/good.html"
        Self.write("yesterday's transcript", to: path)
        chmod(path, 0o600)
        let run = ToolRun(["render", input, "-o", path])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.isEmpty)
        #expect(Self.snapshot(directory).keys.sorted() == ["good.html"])
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("Launch room"))
        #expect(try Self.mode(path) == 0o600, "a private transcript stays private")

        // A new file gets the mode any new file gets here (0644 less the umask).
        let probe = directory + "/probe"
        close(open(probe, O_WRONLY | O_CREAT | O_EXCL, 0o644))
        #expect(ToolRun(["render", input, "-o", directory + "/new.html"]).status == 0)
        #expect(try Self.mode(directory + "/new.html") == Self.mode(probe))
    }

    @Test func aSymbolicLinkKeepsPointingAtTheReplacedFile() throws {
        let directory = Self.directory()
        Self.write("old", to: directory + "/real.html")
        try FileManager.default.createSymbolicLink(atPath: directory + "/link.html", withDestinationPath: "real.html")
        let run = ToolRun(["render", samples.appendingPathComponent("launch-room.json").path, "-o", directory + "/link.html"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory + "/link.html") == "real.html")
        #expect(try String(contentsOfFile: directory + "/real.html", encoding: .utf8).contains("Launch room"))
        #expect(Self.snapshot(directory).keys.sorted() == ["link.html", "real.html"])
    }

    @Test func theInputMayBeItsOwnOutput() throws {
        // Written in place, the output's truncation used to destroy the input before it was read.
        let directory = Self.directory()
        let path = directory + "/chat.md"
        Self.write(#"{"messages": [{"id": "a", "text": "still here"}]}"#, to: path)
        let run = ToolRun(["render", path, "-o", path])
        #expect(run.status == 0, "\(run.errors)")
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("still here"))
    }

    // MARK: Write errors

    @Test func aFullDeviceIsAWriteError() {
        let run = ToolRun(["render", samples.appendingPathComponent("launch-room.json").path, "-o", "/dev/full"])
        #expect(run.status == 1)
        #expect(run.errors.contains("cannot write /dev/full: No space left on device"), "\(run.errors)")
    }

    /// Help, the manual, the themes and the completion scripts on a full disk say that they
    /// could not be written, and fail, as a document does; before, they exited 0 with nothing
    /// written.
    @Test(arguments: [["--help"], ["man"], ["themes"], ["theme", "show", "default"], ["completions", "bash"], ["render", "--help"]])
    func standardOutputOnAFullDeviceIsAWriteError(arguments: [String]) throws {
        let full = try OutputSink.file(atPath: "/dev/full")
        let errors = ToolRun.ErrorLog()
        let tool = ScrollbackTool(
            environment: ["TZ": "UTC"], standardOutput: full, standardError: { errors.append($0) }, standardOutputIsTerminal: false,
            terminalWidth: nil)
        #expect(tool.run(arguments) == 1)
        #expect(errors.text == "Error: cannot write standard output: No space left on device\n", "\(errors.text)")
    }

    /// A message to standard error that cannot be written (standard error on a full disk) is
    /// dropped, not fatal: the render it is about goes on. (The process used to stop there.)
    @Test func aMessageThatCannotBeWrittenIsDropped() throws {
        let full = open("/dev/full", O_WRONLY)
        try #require(full >= 0)
        defer { close(full) }
        ScrollbackTool.write("warning: nowhere to go\n", toDescriptor: full)
        let output = Self.directory() + "-message.txt"
        let file = open(output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(file >= 0)
        ScrollbackTool.write("warning: kept\n", toDescriptor: file)
        close(file)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "warning: kept\n")
    }

    @Test func aDirectoryOrAMissingOneIsAWriteError() throws {
        let directory = Self.directory()
        try FileManager.default.createDirectory(atPath: directory + "/taken.html", withIntermediateDirectories: false)
        let input = samples.appendingPathComponent("launch-room.json").path
        let run = ToolRun(["render", input, "-o", directory + "/taken.html"])
        #expect(run.status == 1)
        #expect(run.errors.contains("taken.html: Is a directory"), "\(run.errors)")
        #expect(ToolRun(["render", input, "-o", directory + "/missing/x.html"]).status == 1)
        #expect(Self.snapshot(directory).keys.sorted() == ["taken.html"])
    }

    /// Root may write anywhere: only another user meets a read-only directory.
    @Test(.enabled(if: geteuid() != 0))
    func aReadOnlyDirectoryIsAWriteErrorAndTheFileStays() throws {
        let directory = Self.directory()
        Self.write("old", to: directory + "/good.html")
        chmod(directory, 0o555)
        defer { chmod(directory, 0o755) }
        let run = ToolRun(["render", samples.appendingPathComponent("launch-room.json").path, "-o", directory + "/good.html"])
        #expect(run.status == 1)
        #expect(run.errors.contains("Permission denied"), "\(run.errors)")
        #expect(Self.snapshot(directory) == ["good.html": "old"])
    }

    // MARK: Sets of files

    @Test func aFailedOutputDirectoryKeepsTheOldSet() throws {
        let directory = Self.directory() + "/out"
        #expect(ToolRun(["render", temporaryFile(Self.twoChannels), "--output-dir", directory]).status == 0)
        let before = Self.snapshot(directory)
        #expect(before.keys.sorted() == ["001-general.html", "002-random.html", "index.html"])
        for (_, text) in Self.unusableInputs {
            let run = ToolRun(["render", temporaryFile(text), "--output-dir", directory])
            #expect(run.status == 65)
            #expect(run.errors.contains("left as they were"), "\(run.errors)")
            #expect(Self.snapshot(directory) == before)
        }
        // Cut short in the second channel: the first one's file would be new, and still none changes.
        let truncated = String(Self.twoChannels.prefix(while: { $0 != "]" })) + #"]}, {"channel": {"id": "random"}, "messages": [{"id": "#
        #expect(ToolRun(["render", temporaryFile(truncated), "--output-dir", directory]).status == 65)
        #expect(Self.snapshot(directory) == before)
        // Success replaces the set.
        let renamed = Self.twoChannels.replacingOccurrences(of: "in general", with: "today in general")
        #expect(ToolRun(["render", temporaryFile(renamed), "--output-dir", directory]).status == 0)
        #expect(try String(contentsOfFile: directory + "/001-general.html", encoding: .utf8).contains("today in general"))
        #expect(Self.snapshot(directory).count == 3)
    }

    @Test func aFailedOutputDirectoryMakesNoDirectory() {
        let parent = Self.directory()
        let run = ToolRun(["render", temporaryFile("garbage"), "--output-dir", parent + "/new/deeper"])
        #expect(run.status == 65)
        #expect(Self.snapshot(parent).isEmpty, "the directories made for it are gone")
    }

    @Test func aFailedSplitKeepsTheOldPages() throws {
        let directory = Self.directory()
        let output = directory + "/chat.html"
        #expect(ToolRun(["render", temporaryFile(SplitOptionTests.messages(7)), "--split", "3", "-o", output]).status == 0)
        let before = Self.snapshot(directory)
        #expect(before.keys.sorted() == ["chat-001.html", "chat-002.html", "chat-003.html", "chat.html"])
        for (_, text) in Self.unusableInputs {
            let run = ToolRun(["render", temporaryFile(text), "--split", "3", "-o", output])
            #expect(run.status == 65)
            #expect(run.errors.contains("chat.html and its pages left as they were"), "\(run.errors)")
            #expect(Self.snapshot(directory) == before)
        }
        // Cut short on the third page.
        let full = SplitOptionTests.messages(9)
        let cut = String(full[..<full.range(of: "message 8")!.lowerBound])
        #expect(ToolRun(["render", temporaryFile(cut), "--split", "3", "-o", output]).status == 65)
        #expect(Self.snapshot(directory) == before)

        // A page that cannot be written (a directory in its place) stops the set: nothing moves.
        try FileManager.default.removeItem(atPath: directory + "/chat-002.html")
        try FileManager.default.createDirectory(atPath: directory + "/chat-002.html", withIntermediateDirectories: false)
        var withDirectory = before
        withDirectory["chat-002.html"] = "<not a file>"
        let blocked = ToolRun(["render", temporaryFile(SplitOptionTests.messages(8)), "--split", "3", "-o", output])
        #expect(blocked.status == 1)
        #expect(blocked.errors.contains("chat-002.html: Is a directory"), "\(blocked.errors)")
        #expect(blocked.output.isEmpty)
        #expect(Self.snapshot(directory) == withDirectory)
    }

    @Test func aSplitCutShortIntoANewPlaceIsWrittenWithItsIndex() throws {
        let directory = Self.directory()
        let full = SplitOptionTests.messages(9)
        let cut = String(full[..<full.range(of: "message 8")!.lowerBound])
        let run = ToolRun(["render", temporaryFile(cut), "--split", "3", "-o", directory + "/chat.html"])
        #expect(run.status == 65)
        #expect(Self.snapshot(directory).keys.sorted() == ["chat-001.html", "chat-002.html", "chat-003.html", "chat.html"])
        #expect(try String(contentsOfFile: directory + "/chat-003.html", encoding: .utf8).contains("The transcript stops here"))
        #expect(try String(contentsOfFile: directory + "/chat.html", encoding: .utf8).contains("href=\"chat-003.html\""))
    }

    /// Sections from several threads at once (media downloads make files on the session's
    /// queue while the render makes its own): each path made, registered, then removed through
    /// the table, which grows meanwhile, and none is left behind.
    @Test func sectionsFromSeveralThreads() {
        let directory = Self.directory()
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            var tokens: [(path: String, token: Int)] = []
            for index in 0..<200 {
                let path = directory + "/\(thread)-\(index).tmp"
                let token = InterruptCleanup.atomically { paths in
                    close(open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644))
                    return paths.register(path)
                }
                tokens.append((path, token))
                // Half are removed at once, so that their slots are taken again.
                if index.isMultiple(of: 2), let (_, token) = tokens.popLast() { InterruptCleanup.atomically { $0.remove(token) } }
            }
            for (_, token) in tokens { InterruptCleanup.atomically { $0.remove(token) } }
        }
        #expect(Self.snapshot(directory).isEmpty)
    }

    // MARK: The process itself: a file size limit and interrupts

    /// The `scrollback` executable beside the test bundle (built with `swift build --build-tests`).
    static func executable() throws -> String {
        let path = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("scrollback").path
        try #require(FileManager.default.isExecutableFile(atPath: path), "build the scrollback product first: \(path)")
        return path
    }

    /// Starts `arguments` with no signal blocked and the default action for the ones a render
    /// handles. Tests run on threads that block signals, and a child would inherit that (as
    /// Foundation's `Process` lets it), so that no interrupt would ever reach it.
    static func spawn(_ arguments: [String]) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var handled = sigset_t()
        sigemptyset(&handled)
        for signal in [SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGXFSZ] { sigaddset(&handled, signal) }
        posix_spawnattr_setsigdefault(&attributes, &handled)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let result = posix_spawn(&child, arguments[0], &actions, &attributes, argv, environ)
        try #require(result == 0, "cannot start \(arguments[0]): \(String(cString: strerror(result)))")
        return child
    }

    /// How a child ended: its exit status, or the signal that ended it.
    static func wait(_ child: pid_t) -> (status: Int32?, signal: Int32?) {
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7F
        return signal == 0 ? ((status >> 8) & 0xFF, nil) : (nil, signal)
    }

    /// Whether the child has ended, without waiting.
    static func hasEnded(_ child: pid_t) -> Bool {
        var info = siginfo_t()
        return waitid(P_PID, id_t(child), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info._sifields._sigchld.si_pid == child
    }

    /// An export big enough that rendering it takes a moment.
    static let bigInput: String = {
        let list = (1...6000).map { number in
            #"{"id": "m\#(number)", "text": "message **\#(number)** with a [link](https://example.org/\#(number))", "user": {"id": "u\#(number % 7)"}, "created_at": "2026-05-01T09:00:00Z"}"#
        }
        return temporaryFile(#"{"channel": {"id": "general", "name": "General"}, "messages": ["# + list.joined(separator: ",\n") + "]}")
    }()

    @Test func aFileSizeLimitIsAWriteError() throws {
        let binary = try Self.executable()
        let directory = Self.directory()
        Self.write("old", to: directory + "/good.html")
        for arguments in [["-o", directory + "/good.html"], ["--split", "100", "-o", directory + "/good.html"]] {
            // 64 blocks: the first kilobytes are written, then a write fails with EFBIG.
            let child = try Self.spawn(["/bin/sh", "-c", "ulimit -f 64; exec \"$0\" \"$@\"", binary, "render", Self.bigInput] + arguments)
            let ended = Self.wait(child)
            #expect(ended.status == 1 && ended.signal == nil, "\(arguments): \(ended)")
            #expect(Self.snapshot(directory) == ["good.html": "old"], "\(arguments)")
        }
    }

    @Test(arguments: [SIGINT, SIGQUIT, SIGTERM, SIGHUP])
    func anInterruptRemovesTheTemporaryFiles(signal: Int32) throws {
        let binary = try Self.executable()
        // SIGQUIT's default action dumps core: not into the working directory.
        var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
        if signal == SIGQUIT {
            getrlimit(Int32(RLIMIT_CORE.rawValue), &noCore)
            noCore.rlim_cur = 0
            setrlimit(Int32(RLIMIT_CORE.rawValue), &noCore)
        }
        for split in [false, true] {
            let directory = Self.directory()
            Self.write("old", to: directory + "/good.html")
            let child = try Self.spawn(
                [binary, "render", Self.bigInput, "-o", directory + "/good.html"] + (split ? ["--split", "50"] : []))
            // Interrupted once a temporary file exists, while it renders.
            let deadline = Date().addingTimeInterval(30)
            while !Self.hasEnded(child), Date() < deadline,
                !Self.snapshot(directory).keys.contains(where: { $0.hasSuffix(".tmp") })
            {
                usleep(1_000)
            }
            let interrupted = !Self.hasEnded(child)
            kill(child, signal)
            let ended = Self.wait(child)
            guard interrupted else {
                Issue.record("the render ended before it could be interrupted (split: \(split))")
                continue
            }
            #expect(ended.signal == signal, "split: \(split): \(ended)")
            #expect(Self.snapshot(directory) == ["good.html": "old"], "split: \(split)")
        }
    }
}

/// The set of files under the command.
@Suite struct OutputFilesTests {
    @Test func nothingReachesTheDestinationUntilCommit() throws {
        let directory = AtomicOutputTests.directory()
        AtomicOutputTests.write("old", to: directory + "/a.txt")
        let files = OutputFiles()
        let first = try files.open(directory + "/a.txt")
        let second = try files.open(directory + "/b.txt")
        first.write("new a")
        second.write("new b")
        try files.close(first)
        #expect(AtomicOutputTests.snapshot(directory)["a.txt"] == "old")
        #expect(AtomicOutputTests.snapshot(directory)["b.txt"] == nil)
        #expect(AtomicOutputTests.snapshot(directory).count == 3, "a.txt and two temporary files")
        #expect(files.replacesExistingFiles)
        try files.commit()
        #expect(AtomicOutputTests.snapshot(directory) == ["a.txt": "new a", "b.txt": "new b"])
    }

    @Test func aFileThatReplacesAnotherIsWrittenOutAsItGrows() throws {
        let directory = AtomicOutputTests.directory()
        AtomicOutputTests.write("old", to: directory + "/replaced.txt")
        let files = OutputFiles()
        let replacing = try files.open(directory + "/replaced.txt")
        let new = try files.open(directory + "/new.txt")
        #expect(replacing.writesOutAsItGrows)
        #expect(!new.writesOutAsItGrows)
        // Pieces of an odd size, so that the buffer's writes straddle the 8 MB steps.
        let piece = String(repeating: "0123456789abcdef", count: 4099) + "\n"
        for _ in 0..<300 { replacing.write(piece) }
        new.write("small")
        try files.close(replacing)
        let total = piece.utf8.count * 300
        #expect(replacing.writtenOutCount >= 16 << 20 && replacing.writtenOutCount < total)
        #expect(new.writtenOutCount == 0)
        try files.commit()
        let written = try #require(FileManager.default.contents(atPath: directory + "/replaced.txt"))
        #expect(written == Data(String(repeating: piece, count: 300).utf8))
    }

    @Test func aSetLetGoUncommittedLeavesNothing() throws {
        let directory = AtomicOutputTests.directory()
        do {
            let files = OutputFiles()
            try files.makeDirectory(directory + "/made/here")
            try files.open(directory + "/made/here/x.md").write("never seen")
        }
        #expect(AtomicOutputTests.snapshot(directory).isEmpty)
    }
}
