import Foundation
import Scrollback
import ScrollbackTesting
import TestSupport
import Testing

@testable import ScrollbackCLI

/// `--media-dir`: an offline archive, against a server on 127.0.0.1 that serves good files,
/// slow, huge and wrongly typed ones, redirects and a 404. Nothing else is ever contacted.
@Suite(.serialized) struct MediaDirOptionTests {
    static let png: [UInt8] = PNGCodec.encode(
        RGBAImage(width: 4, height: 4, pixels: [UInt8](repeating: 0, count: 64).enumerated().map { $0.offset % 4 == 3 ? 255 : 200 }))
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0] + Array("a small jpeg".utf8) + [0xFF, 0xD9]
    static let mp4: [UInt8] = [0, 0, 0, 0x18] + Array("ftypmp42 a short clip".utf8)
    static let pdf: [UInt8] = Array("%PDF-1.4\n% a tiny report\n%%EOF\n".utf8)

    /// The served files, by path, and their bodies.
    static let goodFiles: [String: (type: String, body: [UInt8])] = [
        "/good.png": ("image/png", png), "/photo.jpg": ("image/jpeg", jpeg), "/clip.mp4": ("video/mp4", mp4),
        "/poster.png": ("image/png", png + [1]), "/report.pdf": ("application/pdf", pdf), "/avatar.png": ("image/png", png + [2]),
        "/channel.png": ("image/png", png + [3]), "/target.png": ("image/png", png + [4]),
    ]

    static func makeServer() throws -> LocalHTTPServer {
        var routes: [String: LocalHTTPServer.Route] = [
            "/slow.png": .slow(bytes: 50), "/huge.png": .declaredHuge(bytes: 5_000_000),
            "/stream.png": .undeclaredHuge(bytes: 3_000_000),
            "/page.html": .file(type: "text/html; charset=utf-8", body: Array("<p>hi".utf8)),
            "/missing.png": .status(404), "/redirect-http": .redirect("{base}/target.png"),
            "/redirect-file": .redirect("file:///etc/passwd"), "/redirect-ftp": .redirect("ftp://127.0.0.1/x.png"),
        ]
        for (path, file) in goodFiles { routes[path] = .file(type: file.type, body: file.body) }
        return try LocalHTTPServer(routes: routes)
    }

    /// A channel export whose every media URL is on `base`.
    static func transcript(base: String) -> String {
        func message(_ id: String, _ attachments: String) -> String {
            """
            {"id": "\(id)", "type": "regular", "text": "message \(id)", "created_at": "2026-04-14T09:0\(id.suffix(1)):00Z",
             "user": {"id": "ann", "name": "Ann", "image": "\(base)/avatar.png"}, "attachments": [\(attachments)]}
            """
        }
        func image(_ path: String, _ title: String) -> String {
            "{\"type\": \"image\", \"title\": \"\(title)\", \"image_url\": \"\(base)\(path)\", \"original_width\": 4, \"original_height\": 4}"
        }
        let messages = [
            message("m1", image("/good.png", "Good") + ", " + image("/photo.jpg", "Photo")),
            message(
                "m2",
                "{\"type\": \"video\", \"title\": \"Clip\", \"asset_url\": \"\(base)/clip.mp4\", \"thumb_url\": \"\(base)/poster.png\"}"),
            message(
                "m3",
                "{\"type\": \"file\", \"title\": \"Report\", \"asset_url\": \"\(base)/report.pdf\", \"mime_type\": \"application/pdf\"}"),
            message(
                "m4",
                [
                    "/slow.png", "/huge.png", "/stream.png", "/page.html", "/missing.png", "/redirect-http", "/redirect-file",
                    "/redirect-ftp",
                ]
                .map { image($0, "Failing \($0.dropFirst())") }.joined(separator: ", ")),
            // The same picture again, spelt with spaces: one download serves both.
            message("m5", "{\"type\": \"image\", \"title\": \"Again\", \"image_url\": \" \(base)/good.png \"}"),
        ]
        return """
            {"channel": {"id": "archive", "cid": "messaging:archive", "type": "messaging", "name": "Archive", "image": "\(base)/channel.png"},
             "messages": [\(messages.joined(separator: ",\n"))]}
            """
    }

    static func folder() -> String {
        let path = Scratch.path("media")
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func arguments(_ input: String, _ directory: String) -> [String] {
        [
            "render", input, "--output", directory + "/chat.html", "--media-dir", directory + "/media",
            "--media-max-file", "1MB", "--media-timeout", "1",
        ]
    }

    @Test func downloadsOnceReusesAndDrawsCardsForFailures() throws {
        let server = try Self.makeServer()
        defer { server.stop() }
        let directory = Self.folder()
        let input = temporaryFile(Self.transcript(base: server.base))
        let run = ToolRun(Self.arguments(input, directory))
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.isEmpty)

        // Every good file once, saved under its URL's hash with its type's extension, intact.
        let media = directory + "/media"
        let files = try FileManager.default.contentsOfDirectory(atPath: media).sorted()
        #expect(files.count == Self.goodFiles.count, "\(files)")
        #expect(!files.contains { $0.hasPrefix(".") }, "no temporary file is left")
        for (path, file) in Self.goodFiles {
            #expect(server.requests(path) == 1, "\(path)")
            let url = path == "/target.png" ? server.base + "/redirect-http" : server.base + path
            let name = MediaDownloader.baseName(for: url) + "." + MediaTypes.byType[file.type]!
            #expect(FileManager.default.contents(atPath: media + "/" + name).map { [UInt8]($0) } == file.body, "\(path)")
        }
        #expect(server.requests("/redirect-http") == 1)
        #expect(server.requests("/redirect-file") == 1 && server.requests("/redirect-ftp") == 1)
        #expect(server.requests("/etc/passwd") == 0)

        // One line per failure, with host and path and the reason, then the counts.
        let host = "127.0.0.1"
        for expected in [
            "media: could not save \(host)/slow.png: timed out after 1 s",
            "media: could not save \(host)/huge.png: 5 MB is over the 1 MB limit per file",
            "media: could not save \(host)/stream.png: over the 1 MB limit per file",
            "media: could not save \(host)/page.html: type text/html is not allowed",
            "media: could not save \(host)/missing.png: HTTP 404",
            "media: could not save \(host)/redirect-file: redirected to a file: URL, refused",
            "media: could not save \(host)/redirect-ftp: redirected to a ftp: URL, refused",
        ] {
            #expect(run.errors.contains(expected), "\(expected)\n\(run.errors)")
        }
        #expect(run.errors.components(separatedBy: "could not save").count - 1 == 7)
        #expect(run.errors.contains("media: 15 files in \(media): 8 downloaded"))
        #expect(run.errors.contains("0 already there, 7 failed (drawn as cards; the exit status is still 0)"))

        // The page draws the copies and links the files to theirs; failures are cards.
        let html = try String(contentsOfFile: directory + "/chat.html", encoding: .utf8)
        func local(_ path: String, _ type: String) -> String {
            "media/" + MediaDownloader.baseName(for: server.base + path) + "." + MediaTypes.byType[type]!
        }
        // Each picture over its labelled card, linked to its copy; the avatar and the channel's
        // picture over their initials.
        for (path, type) in [("/good.png", "image/png"), ("/photo.jpg", "image/jpeg")] {
            #expect(html.contains("<a class=\"sb-image sb-image-frame\" href=\"\(local(path, type))\""), "\(path)")
            #expect(html.contains("<img src=\"\(local(path, type))\" alt=\"\""), "\(path)")
        }
        #expect(html.contains("<span class=\"sb-image-label\">Again</span>"))
        #expect(html.components(separatedBy: "<img src=\"\(local("/good.png", "image/png"))\"").count - 1 == 2)
        #expect(html.contains("aria-hidden=\"true\">A<img src=\"\(local("/avatar.png", "image/png"))\" alt=\"\""))
        #expect(html.contains("sb-channel-image\" aria-hidden=\"true\">A<img src=\"\(local("/channel.png", "image/png"))\""))
        // The video's poster, linked to the video's copy.
        let video = try #require(html.range(of: "href=\"\(local("/clip.mp4", "video/mp4"))\""))
        #expect(html[video.upperBound...].prefix(600).contains("<img src=\"\(local("/poster.png", "image/png"))\""))
        #expect(html.contains("href=\"\(local("/report.pdf", "application/pdf"))\""))
        #expect(html.contains("<img src=\"media/\(MediaDownloader.baseName(for: server.base + "/redirect-http")).png\""))
        // Each failed download is a card linked to where it was, whose address print writes out.
        #expect(html.components(separatedBy: "class=\"sb-image sb-image-placeholder sb-print-target\"").count - 1 == 7)
        for failed in ["slow.png", "huge.png", "stream.png", "page.html", "missing.png", "redirect-file", "redirect-ftp"] {
            #expect(html.contains("<span class=\"sb-image-label\">Failing \(failed)</span>"), "\(failed)")
        }
        #expect(!html.contains("src=\"http"), "nothing remote is drawn")
        #expect(html.contains("img-src 'self'; media-src 'none'"))

        // A re-run asks for none of the saved files again and writes the same page.
        let requestsBefore = Dictionary(uniqueKeysWithValues: Self.goodFiles.keys.map { ($0, server.requests($0)) })
        let again = ToolRun(Self.arguments(input, directory))
        #expect(again.status == 0)
        for path in Self.goodFiles.keys { #expect(server.requests(path) == requestsBefore[path], "\(path)") }
        #expect(server.requests("/redirect-http") == 1)
        #expect(again.errors.contains("media: 15 files in \(media): 0 downloaded (0 B), 8 already there, 7 failed"))
        #expect(try String(contentsOfFile: directory + "/chat.html", encoding: .utf8) == html)
        #expect(try FileManager.default.contentsOfDirectory(atPath: media).sorted() == files)
    }

    /// Twenty times, as a race shows only now and then: downloads create their temporary files
    /// on threads of their own while the interrupt is handled on another.
    @Test func anInterruptLeavesNoPartialFile() throws {
        let binary = try AtomicOutputTests.executable()
        let server = try Self.makeServer()
        defer { server.stop() }
        let input = temporaryFile(Self.transcript(base: server.base))
        // The good files, and the stream without a length, which has no limit here: the server
        // sends it in 64 KiB pieces and then closes, and a slow child can finish it first.
        let stream = [UInt8](repeating: 0x43, count: (3_000_000 + 65_535) / 65_536 * 65_536)
        let bodies = Set(Self.goodFiles.values.map(\.body) + [stream])
        for _ in 0..<20 {
            let directory = Self.folder()
            let media = directory + "/media"
            let child = try AtomicOutputTests.spawn(
                [binary, "render", input, "-o", directory + "/chat.html", "--media-dir", media, "--media-timeout", "60"])
            // Interrupted as soon as a temporary file shows, while others are being made.
            let deadline = Date().addingTimeInterval(30)
            func partial() -> Bool {
                ((try? FileManager.default.contentsOfDirectory(atPath: media)) ?? []).contains { $0.hasSuffix(".part") }
            }
            while !AtomicOutputTests.hasEnded(child), Date() < deadline, !partial() { usleep(1_000) }
            let interrupted = !AtomicOutputTests.hasEnded(child)
            kill(child, SIGINT)
            let ended = AtomicOutputTests.wait(child)
            try #require(interrupted, "the render ended before it could be interrupted")
            #expect(ended.signal == SIGINT, "\(ended)")
            let left = try FileManager.default.contentsOfDirectory(atPath: media)
            #expect(!left.contains { $0.hasPrefix(".") }, "\(left)")
            #expect(!FileManager.default.fileExists(atPath: directory + "/chat.html"))
            // What is there is whole: a file of the server's, byte for byte.
            for file in left {
                let contents = FileManager.default.contents(atPath: media + "/" + file).map { [UInt8]($0) }
                #expect(contents.map { bodies.contains($0) } == true, "\(file): \(contents?.count ?? -1) bytes")
            }
        }
    }

    @Test func aTerminalSeesTheProgressLine() throws {
        let server = try Self.makeServer()
        defer { server.stop() }
        let directory = Self.folder()
        let input = temporaryFile(
            "{\"id\": \"m1\", \"user\": {\"id\": \"ann\", \"image\": \"\(server.base)/avatar.png\"}, "
                + "\"attachments\": [{\"type\": \"image\", \"image_url\": \"\(server.base)/good.png\"}]}")
        let errors = ToolRun.ErrorLog()
        var tool = ScrollbackTool(
            environment: ["TZ": "UTC"], standardOutput: OutputSink.memory(), standardError: { errors.append($0) },
            standardOutputIsTerminal: false, terminalWidth: nil)
        tool.standardErrorIsTerminal = true
        // Drawn at every report, so that two quick downloads show it (the line's own throttling
        // is tested in ProgressLineTests).
        tool.progressInterval = 0
        #expect(tool.run(["render", input, "-o", directory + "/chat.html", "--media-dir", directory + "/media"]) == 0)
        let size = MediaDownloader.size(Int64(Self.png.count * 2 + 1))
        #expect(errors.text.contains("\rmedia downloads: 2 of 2 files, \(size)\u{1B}[K"), "\(errors.text)")
        #expect(errors.text.contains("\r\u{1B}[Kmedia: 2 files in \(directory)/media: 2 downloaded"), "cleared before the summary")
        // The summary stays; nothing after it but the rendering's own line, erased at the end.
        #expect(errors.text.hasSuffix("\r\u{1B}[K"))
        // Not a terminal: no progress line at all.
        let plain = ToolRun(["render", input, "-o", directory + "/again.html", "--media-dir", directory + "/media"])
        #expect(!plain.errors.contains("\r"))
    }

    @Test func pagesOfADirectoryOrASplitReachTheCopies() throws {
        let server = try Self.makeServer()
        defer { server.stop() }
        let input = temporaryFile(Self.transcript(base: server.base))
        let picture = "media/" + MediaDownloader.baseName(for: server.base + "/good.png") + ".png"
        let directory = Self.folder()
        let perChannel = ToolRun([
            "render", input, "--output-dir", directory + "/site", "--media-dir", directory + "/site/media", "--media-timeout", "1",
        ])
        #expect(perChannel.status == 0, "\(perChannel.errors)")
        let page = try #require(perChannel.output.split(separator: "\n").first { !$0.hasSuffix("index.html") })
        #expect(try String(contentsOfFile: String(page), encoding: .utf8).contains("<img src=\"\(picture)\""))
        let split = ToolRun([
            "render", input, "--split", "2", "--output", directory + "/pages/chat.html", "--media-dir", directory + "/pages/media",
            "--media-timeout", "1",
        ])
        #expect(split.status == 0, "\(split.errors)")
        #expect(try String(contentsOfFile: directory + "/pages/chat-001.html", encoding: .utf8).contains("<img src=\"\(picture)\""))
        // Each folder got its own copies; the server was asked once per folder.
        #expect(server.requests("/good.png") == 2)
    }

    @Test func onlyTheMessagesShownHaveTheirMediaDownloaded() throws {
        let server = try Self.makeServer()
        defer { server.stop() }
        let directory = Self.folder()
        let input = temporaryFile(Self.transcript(base: server.base))
        // m1 and m2 (09:01 and 09:02) only.
        let run = ToolRun(Self.arguments(input, directory) + ["--until", "2026-04-14T09:02:30Z"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.errors.contains("media: 6 files in \(directory)/media: 6 downloaded"), "\(run.errors)")
        for path in ["/channel.png", "/avatar.png", "/good.png", "/photo.jpg", "/clip.mp4", "/poster.png"] {
            #expect(server.requests(path) == 1, "\(path)")
        }
        #expect(server.requests("/report.pdf") == 0 && server.requests("/slow.png") == 0)
    }

    /// The views decide: a card file's kind, a link preview and an unknown kind have only
    /// what they draw downloaded, and their pages and undrawn fields stay remote.
    @Test func exactlyWhatTheViewsDrawIsDownloaded() throws {
        let server = try Self.makeServer()
        defer { server.stop() }
        let directory = Self.folder()
        let base = server.base
        let cards = temporaryFile(
            #"{"version": 1, "cards": {"workout": {"icon": "🏃", "title": "{activity}", "link": {"url": "{route_url}"}}}}"#)
        let input = temporaryFile(
            """
            [{"id": "m1", "text": "three kinds", "created_at": "2026-04-14T09:01:00Z", "user": {"id": "ann"}, "attachments": [
              {"type": "workout", "activity": "Run", "route_url": "\(base)/page.html", "image_url": "\(base)/photo.jpg"},
              {"type": "video", "og_scrape_url": "\(base)/page.html", "title": "A page", "image_url": "\(base)/good.png"},
              {"type": "hologram", "image_url": "\(base)/target.png", "asset_url": "\(base)/report.pdf"}]}]
            """)
        let run = ToolRun(Self.arguments(input, directory) + ["--cards", cards])
        #expect(run.status == 0, "\(run.errors)")
        // The link preview's picture only: the card draws a link to a page, the unknown kind
        // its fields as text and links; none of those is a picture or a file of the message.
        #expect(run.errors.contains("media: 1 file in \(directory)/media: 1 downloaded"), "\(run.errors)")
        #expect(server.requests("/good.png") == 1)
        for path in ["/photo.jpg", "/page.html", "/target.png", "/report.pdf"] { #expect(server.requests(path) == 0, "\(path)") }
        let html = try String(contentsOfFile: directory + "/chat.html", encoding: .utf8)
        #expect(html.contains("href=\"\(base)/page.html\""))
    }

    @Test func withoutTheOptionNothingIsFetched() throws {
        let server = try Self.makeServer()
        defer { server.stop() }
        let directory = Self.folder()
        let input = temporaryFile(Self.transcript(base: server.base))
        let run = ToolRun(["render", input, "--output", directory + "/chat.html"])
        #expect(run.status == 0)
        #expect(server.totalRequests == 0)
        #expect(!FileManager.default.fileExists(atPath: directory + "/media"))
        let html = try String(contentsOfFile: directory + "/chat.html", encoding: .utf8)
        #expect(html.contains("<img src=\"\(server.base)/good.png\""))
    }

    /// Each redirect is checked before it is followed: a relative one stays on its server, and
    /// a loop stops after five.
    @Test func redirectsAreFollowedOneByOne() throws {
        let server = try LocalHTTPServer(routes: [
            "/loop": .redirect("{base}/loop"), "/relative": .redirect("/good.png"),
            "/good.png": .file(type: "image/png", body: Self.png),
        ])
        defer { server.stop() }
        let images = ["/loop", "/relative"].map {
            "{\"type\": \"image\", \"image_url\": \"\(server.base)\($0)\"}"
        }
        let input = temporaryFile(
            #"{"messages": [{"id": "m1", "text": "two", "user": {"id": "ann"}, "attachments": ["#
                + images.joined(separator: ", ") + "]}]}")
        let directory = Self.folder()
        let run = ToolRun(Self.arguments(input, directory))
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.errors.contains("media: could not save 127.0.0.1/loop: more than 5 redirects"), "\(run.errors)")
        #expect(server.requests("/loop") == 6)
        #expect(server.requests("/good.png") == 1)
        let copy = directory + "/media/" + MediaDownloader.baseName(for: server.base + "/relative") + ".png"
        #expect(FileManager.default.contents(atPath: copy).map { [UInt8]($0) } == Self.png)
    }

    @Test func theTotalLimitStopsTheRest() throws {
        let server = try Self.makeServer()
        defer { server.stop() }
        let directory = Self.folder()
        let input = temporaryFile(Self.transcript(base: server.base))
        var arguments = Self.arguments(input, directory)
        arguments += ["--media-max-total", "100"]
        let run = ToolRun(arguments)
        #expect(run.status == 0)
        #expect(run.errors.contains("the total limit of 100 B was reached"), "\(run.errors)")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory + "/media")) ?? []
        let total = files.reduce(0) {
            $0 + ((try? FileManager.default.attributesOfItem(atPath: directory + "/media/" + $1)[.size] as? Int) ?? 0)
        }
        #expect(total <= 100 + Self.png.count + 4, "at most one file past the limit's start: \(files)")
    }

    /// libcurl, and the thirty libraries under it, are opened only to download: the dynamic
    /// loader's list of what the command line needs to start has none of them.
    @Test func libcurlIsOpenedOnlyToDownload() throws {
        let needed = try ManPageAndCompletionTests.run(
            try AtomicOutputTests.executable(), [], environment: ["LD_TRACE_LOADED_OBJECTS": "1"])
        #expect(needed.output.contains("libc.so.6"), "\(needed.output)")
        #expect(!needed.output.contains("libcurl"), "\(needed.output)")
        #expect(MediaDownloader.networkingProblem() == nil)
        // Read to its end: the file's size says 0.
        let mapped = String(
            decoding: try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/maps")).readToEnd() ?? Data(), as: UTF8.self)
        #expect(mapped.contains("/libcurl.so.4"), "opened by networkingProblem()")
    }

    /// Where libcurl cannot be opened, or lacks a function, the render says so, and why, before
    /// it writes anything. A `libcurl.so.4` of the test's own is found first: a file that is no
    /// library, and a library (made with the toolchain's clang) with only `curl_global_init`.
    @Test(arguments: [false, true])
    func withoutLibcurlTheRenderStopsAndSaysWhy(isLibrary: Bool) throws {
        let libraries = Scratch.path("no-libcurl")
        try FileManager.default.createDirectory(atPath: libraries, withIntermediateDirectories: true)
        let fake = libraries + "/libcurl.so.4"
        if isLibrary {
            let source = Scratch.file("fake-curl", extension: "c", holding: Array("int curl_global_init(long f) { return 0; }\n".utf8))
            let made = try ManPageAndCompletionTests.run("clang", ["-shared", "-fPIC", "-o", fake, source])
            try #require(made.status == 0, "\(made.errors)")
        } else {
            #expect(FileManager.default.createFile(atPath: fake, contents: Data("no library".utf8)))
        }
        let directory = Self.folder()
        let input = temporaryFile(Self.transcript(base: "http://127.0.0.1:9"))
        let run = try ManPageAndCompletionTests.run(
            try AtomicOutputTests.executable(), Self.arguments(input, directory), environment: ["LD_LIBRARY_PATH": libraries])
        #expect(run.status == 1)
        let reason = isLibrary ? "libcurl.so.4 has no curl_easy_init\n" : fake + ": "
        #expect(
            run.errors.hasPrefix("Error: --media-dir cannot download: libcurl (Debian's libcurl4) cannot be loaded: " + reason),
            "\(run.errors)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/chat.html"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/media"))
    }

    @Test(arguments: [
        (
            ["--format", "markdown", "--output", "x/chat.md", "--media-dir", "x/media"],
            "--media-dir is for HTML output (--format html), not markdown."
        ),
        (["--media-dir", "media"], "--media-dir needs --output or --output-dir"),
        (["--output", "site/chat.html", "--media-dir", "elsewhere/media"], "--media-dir must be a folder inside the output's folder"),
        (["--output", "site/chat.html", "--media-dir", "site"], "--media-dir must be a folder inside the output's folder"),
        (["--output", "site/chat.html", "--media-dir", "site/my media"], "--media-dir must be a folder inside the output's folder"),
        (["--output", "site/chat.html", "--media-dir", "site/media", "--media-max-file", "lots"], "--media-max-file takes a size"),
        (["--output", "site/chat.html", "--media-dir", "site/media", "--media-timeout", "0"], "--media-timeout takes a number"),
        (["--output", "site/chat.html", "--media-max-total", "1GB"], "--media-max-total goes with --media-dir"),
        (["--output", "site/chat.html", "--media-dir", "site/media", "--no-remote-media"], "do not go together"),
    ])
    func usageErrors(extra: [String], message: String) {
        let input = samples.appendingPathComponent("attachments.json").path
        let run = ToolRun(["render", input] + extra)
        #expect(run.status == 64)
        #expect(run.errors.contains(message), "\(run.errors)")
    }

    @Test func sizesAndFolders() {
        #expect(RenderCommand.byteCount("50MB") == 50_000_000)
        #expect(RenderCommand.byteCount("2gb") == 2_000_000_000)
        #expect(RenderCommand.byteCount("1.5G") == 1_500_000_000)
        #expect(RenderCommand.byteCount("500k") == 500_000)
        #expect(RenderCommand.byteCount("1234") == 1234)
        #expect(RenderCommand.byteCount("-1MB") == nil && RenderCommand.byteCount("MB") == nil)
        #expect(RenderCommand.relativeFolder("site/media", inside: "site") == "media")
        #expect(RenderCommand.relativeFolder("./site/a/b", inside: "site/") == "a/b")
        #expect(RenderCommand.relativeFolder("media", inside: "") == "media")
        #expect(RenderCommand.relativeFolder("site/../media", inside: "site") == nil)
        #expect(RenderCommand.relativeFolder("site/.hidden", inside: "site") == nil)
    }

    @Test func sha256MatchesTheStandardVectors() {
        func hex(_ text: String) -> String { SHA256.hash(Array(text.utf8)).map { String(format: "%02x", $0) }.joined() }
        #expect(hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(MediaDownloader.baseName(for: "abc") == "ba7816bf8f01cfea414140de5dae2223")
    }

    @Test func typesOutsideTheAllowListAreRefused() {
        let url = URL(string: "https://cdn.example.com/a/report.pdf")
        #expect(MediaTypes.fileExtension(mimeType: "image/png", url: url) == "png")
        #expect(MediaTypes.fileExtension(mimeType: "application/octet-stream", url: url) == "pdf")
        #expect(MediaTypes.fileExtension(mimeType: nil, url: URL(string: "https://x.example/a.jpeg")) == "jpg")
        for refused in ["text/html", "image/svg+xml", "application/xhtml+xml", "text/javascript", "application/xml"] {
            #expect(MediaTypes.fileExtension(mimeType: refused, url: url) == nil, "\(refused)")
        }
        #expect(MediaTypes.fileExtension(mimeType: "application/octet-stream", url: URL(string: "https://x.example/page.html")) == nil)
    }
}
