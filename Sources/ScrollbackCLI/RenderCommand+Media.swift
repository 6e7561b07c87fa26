import Foundation
import Scrollback

/// `--media-dir`: an offline archive. Before the page is rendered, a rendering that draws nothing
/// collects the media URLs its views show (``MediaReferences``), ``MediaDownloader`` saves them in the folder, and the page
/// draws the copies (``HTMLOptions/mediaLocations``). Without the option nothing is fetched.
extension RenderCommand {
    /// `--media-dir` and its limits, listed in the command's help after `--search`.
    struct MediaOptions: OptionGroup {
        let directory = Option<String>(
            "media-dir", value: "<directory>",
            help: "Download the images, videos, files and avatars into this folder (inside the output's) and show the copies.",
            format: .html, completes: .directory)
        let maxFile = MediaOptions.size("media-max-file", help: "With --media-dir: the largest file kept, e.g. 20MB.", default: "50MB")
        let maxTotal = MediaOptions.size(
            "media-max-total", help: "With --media-dir: the most downloaded in all, e.g. 500MB.", default: "2GB")
        let timeout = Option<Double>(
            "media-timeout", value: "<seconds>", help: "With --media-dir: the longest one download may take.", default: "30"
        ) { text throws(UsageError) in
            guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
                throw UsageError(message: "--media-timeout takes a number of seconds from 0 to 3600, not '\(text)'.")
            }
            return seconds
        }

        /// A limit in bytes, written as ``RenderCommand/byteCount(_:)`` reads it.
        private static func size(_ name: String, help: String, default: String) -> Option<Int64> {
            Option(name, value: "<size>", help: help, default: `default`) { text throws(UsageError) in
                guard let bytes = RenderCommand.byteCount(text) else {
                    throw UsageError(message: "--\(name) takes a size such as 500KB, 20MB or 2GB, not '\(text)'.")
                }
                return bytes
            }
        }

        var declarations: [any OptionDeclaration] {
            [directory, maxFile, maxTotal, timeout]
        }
    }

    /// Downloads the media `renderer` draws when `--media-dir` asks for it and sets
    /// `options.html.mediaLocations`; standard input is first copied to `scratch`, as it is read more
    /// than once. The exit status of a usage error or an unusable folder, or `nil` to go on.
    func prepareMedia(
        _ options: inout RenderOptions, input: String, renderer: TranscriptRenderer, scratch: inout ScratchInput?
    ) -> Int32? {
        let media = arguments.group(\.media)
        guard let mediaDirectory = media[\.directory] else {
            if let limit = media.given.first {
                return tool.usageError("\(limit.flagName) goes with --media-dir.", spec: Self.spec)
            }
            return nil
        }
        // Both ask for a page that fetches nothing when opened, in two ways: with saved copies,
        // or with cards only. Taking either silently would leave the other without effect.
        guard !arguments[\.noRemoteMedia] else {
            return tool.usageError(
                "--media-dir and --no-remote-media do not go together: an archive's page already fetches nothing; "
                    + "choose saved copies (--media-dir) or cards only (--no-remote-media).", spec: Self.spec)
        }
        let pagesFolder: String
        if let directory = arguments[\.outputDirectory] {
            pagesFolder = directory
        } else if let output = arguments[\.output], output != "-" {
            pagesFolder = (output as NSString).deletingLastPathComponent
        } else {
            return tool.usageError(
                "--media-dir needs --output or --output-dir: the page finds its copies relative to its own folder.", spec: Self.spec)
        }
        guard let folder = Self.relativeFolder(mediaDirectory, inside: pagesFolder) else {
            return tool.usageError(
                "--media-dir must be a folder inside the output's folder, named with letters, digits, '-', '_' and '.' "
                    + "(e.g. \((pagesFolder as NSString).appendingPathComponent("media"))), not '\(mediaDirectory)'.",
                spec: Self.spec)
        }
        var limits = MediaLimits()
        if let bytes = media[\.maxFile] { limits.maxFileBytes = bytes }
        if let bytes = media[\.maxTotal] { limits.maxTotalBytes = bytes }
        if let seconds = media[\.timeout] { limits.timeout = seconds }
        let locations = MediaLocations(folder: folder)!
        // Before any work: a machine that cannot download says so rather than render cards.
        if let problem = MediaDownloader.networkingProblem() {
            return tool.failure("--media-dir cannot download: \(problem)", status: ScrollbackTool.ExitCode.failure)
        }
        if input == "-" {
            do {
                scratch = try ScratchInput(copying: STDIN_FILENO)
            } catch {
                return tool.failure("cannot read standard input: \(error)", status: ScrollbackTool.ExitCode.failure)
            }
        }
        let urls: [String]
        do {
            let display = tool.progressLine.map { RenderProgressDisplay(line: $0, label: "media scan") }
            urls = try MediaReferences.collect(path: scratch?.path ?? input, renderer: renderer, progress: display)
        } catch {
            // The rendering reads the input again and says what is wrong with it.
            options.html.mediaLocations = locations
            return nil
        }
        do {
            try FileManager.default.createDirectory(atPath: mediaDirectory, withIntermediateDirectories: true)
        } catch {
            return tool.failure("cannot create \(mediaDirectory): \(error.localizedDescription)", status: ScrollbackTool.ExitCode.failure)
        }
        let progress = tool.progressLine.map { line in
            let start = line.currentTime
            return { @Sendable (done: Int, total: Int, bytes: Int64) in
                line.update {
                    ProgressText.media(done: done, total: total, bytes: bytes, elapsed: line.currentTime - start, width: line.width)
                }
            }
        }
        let downloader = MediaDownloader(directory: mediaDirectory, locations: locations, limits: limits, progress: progress)
        let report = downloader.run(urls)
        tool.progressLine?.clear()
        for failure in report.failures {
            tool.warning("media: could not save \(MediaDownloader.shortName(failure.url)): \(failure.reason)")
        }
        tool.standardError(TerminalSanitizer.sanitize(Self.summary(report, folder: mediaDirectory), keepingNewlines: false) + "\n")
        options.html.mediaLocations = report.locations
        return nil
    }

    /// `media: 12 files in site/media: 9 downloaded (4.1 MB), 1 already there, 2 failed (drawn as cards)`.
    static func summary(_ report: MediaReport, folder: String) -> String {
        var parts = ["\(report.downloaded) downloaded (\(MediaDownloader.size(report.bytes)))", "\(report.reused) already there"]
        if !report.failures.isEmpty {
            parts.append("\(report.failures.count) failed (drawn as cards; the exit status is still 0)")
        }
        return "media: \(report.total) \(report.total == 1 ? "file" : "files") in \(folder): " + parts.joined(separator: ", ")
    }

    /// `media` for `site/media` inside `site`: the path from the pages' folder to the media
    /// folder, when it is inside it and every name in it is one ``URLPolicy/isMediaPath(_:)``
    /// accepts; `nil` otherwise.
    static func relativeFolder(_ mediaDirectory: String, inside pagesFolder: String) -> String? {
        func components(_ path: String) -> [String] {
            let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
            var result: [String] = []
            for name in absolute.split(separator: "/") where name != "." {
                if name == ".." {
                    _ = result.popLast()
                } else {
                    result.append(String(name))
                }
            }
            return result
        }
        let media = components(mediaDirectory)
        let pages = components(pagesFolder.isEmpty ? "." : pagesFolder)
        guard media.count > pages.count, Array(media.prefix(pages.count)) == pages else { return nil }
        let folder = media.dropFirst(pages.count).joined(separator: "/")
        return MediaLocations(folder: folder) == nil ? nil : folder
    }

    /// `500KB`, `20MB`, `2GB` (powers of 1000, as sizes are shown), `1.5GB` or a plain count of bytes.
    static func byteCount(_ text: String) -> Int64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).uppercased()
        let units: [(String, Double)] = [("KB", 1e3), ("MB", 1e6), ("GB", 1e9), ("TB", 1e12), ("K", 1e3), ("M", 1e6), ("G", 1e9), ("B", 1)]
        var number = Substring(trimmed)
        var scale = 1.0
        for (suffix, value) in units where trimmed.hasSuffix(suffix) {
            number = trimmed.dropLast(suffix.count)
            scale = value
            break
        }
        guard let value = Double(number.trimmingCharacters(in: .whitespaces)), value > 0, value * scale <= 1e15 else { return nil }
        return Int64(value * scale)
    }
}

/// Standard input copied to a hidden temporary file, for the passes that read it again; removed
/// when released, or by ``InterruptCleanup`` if a signal ends the process first.
final class ScratchInput {
    let path: String
    private let token: Int

    init(copying input: Int32) throws {
        var template = Array((NSTemporaryDirectory() + "/.scrollback-input-XXXXXX").utf8CString)
        // Made and registered in one step, so that no interrupt leaves it behind.
        var error: Int32 = 0
        let made: (descriptor: Int32, path: String, token: Int)? = InterruptCleanup.atomically { paths in
            let descriptor = mkstemp(&template)
            guard descriptor >= 0 else {
                error = errno
                return nil
            }
            let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return (descriptor, path, paths.register(path))
        }
        guard let (descriptor, path, token) = made else { throw POSIXError(POSIXErrorCode(rawValue: error) ?? .EIO) }
        self.path = path
        self.token = token
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(input, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            if count == 0 { break }
            var offset = 0
            while offset < count {
                let written = buffer.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, count - offset) }
                guard written > 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
                offset += written
            }
        }
    }

    deinit {
        InterruptCleanup.atomically { $0.remove(token) }
    }
}

/// The media URLs a page shows: found by rendering the input once more, with the renderer the
/// page will be rendered with, into a backend that keeps only the URLs of the views it is given
/// (``ViewNode/mediaURLs``). What is downloaded is exactly what the views draw, whichever
/// factory, resolver, registered views or card files drew them. Memory grows with the number of
/// distinct URLs only.
enum MediaReferences {
    /// Every such URL once, in the order the page draws them, of the messages `renderer`'s
    /// filter shows. The reading's warnings are left to the rendering that follows. `progress`
    /// hears of the reading, a third and fourth pass over the input, as the rendering's passes
    /// are heard.
    static func collect(path: String, renderer: TranscriptRenderer, progress: RenderProgressDisplay? = nil) throws(ReadError) -> [String] {
        var renderer = renderer
        renderer.threading = .none
        renderer.progress = progress?.report
        var collector = Collector()
        try renderer.render(path: path, to: &collector)
        return collector.urls
    }

    /// A backend that draws nothing: it keeps each media URL of its views, once.
    struct Collector: TranscriptBackend {
        private(set) var urls: [String] = []
        private var seen: Set<String> = []

        mutating func begin(_ document: DocumentInfo, header: ViewNode) { add(header) }
        mutating func write(_ view: ViewNode) { add(view) }
        mutating func end(_ summary: DocumentSummary, footer: ViewNode) { add(footer) }

        private mutating func add(_ view: ViewNode) {
            for url in view.mediaURLs where seen.insert(url).inserted { urls.append(url) }
        }
    }
}
