import CCurl
import Foundation
import Scrollback

/// What `--media-dir` allows one render to fetch.
struct MediaLimits: Sendable {
    /// Largest file kept (`--media-max-file`); a larger one is dropped as soon as that shows.
    var maxFileBytes: Int64 = 50_000_000
    /// Most bytes downloaded in all (`--media-max-total`); past it, the rest fail.
    var maxTotalBytes: Int64 = 2_000_000_000
    /// Seconds one download may take from its request to its last byte (`--media-timeout`).
    var timeout: TimeInterval = 30
    /// Downloads at once: a few, so that a transcript of many small images goes fast without
    /// hammering one CDN.
    var parallel = 4
}

/// One URL that could not be saved, and why.
struct MediaFailure: Error, Sendable, Equatable {
    /// The URL as the message data spells it.
    var url: String
    /// A short reason: `HTTP 404`, `type text/html is not allowed`, `timed out after 30 s`.
    var reason: String
}

/// What a download run did; ``locations`` goes into the page's options.
struct MediaReport: Sendable {
    var locations: MediaLocations
    /// Distinct URLs asked for.
    var total = 0
    /// Saved by this run.
    var downloaded = 0
    /// Already in the folder from an earlier run: not requested again.
    var reused = 0
    /// Bytes this run downloaded and kept.
    var bytes: Int64 = 0
    var failures: [MediaFailure] = []
}

/// Downloads the media of a transcript into a folder, for an offline archive (`--media-dir`).
///
/// Each distinct URL is fetched once, over http or https only (a redirect to any other scheme
/// is refused), and kept only when its type is on ``MediaTypes``' allow-list and it fits the
/// ``MediaLimits``. A copy is named after the SHA-256 of its URL and gets the extension of its
/// type (`3f2a….png`), so that the same URL finds the same file in a later run, which reuses
/// it without a request. Bytes go to a hidden temporary file that is renamed into place only
/// once complete; an interrupt removes it (``InterruptCleanup``), so the folder never holds a
/// partial copy.
///
/// The transfers are libcurl's, opened only now (``networkingProblem()``): a few threads of
/// its own each take the next URL and fetch it, redirects followed here, one at a time, so
/// that each new place is checked before it is asked.
final class MediaDownloader: Sendable {
    private let directory: String
    private let limits: MediaLimits
    private let progress: (@Sendable (_ done: Int, _ total: Int, _ bytes: Int64) -> Void)?
    /// What the downloading threads share. Each holds the lock for a moment at a time, never
    /// while waiting for the network; what they call meanwhile (``InterruptCleanup``,
    /// `progress`) never calls back in.
    private let state: Locked<State>

    private struct State {
        /// The downloads to make, in input order: the URL fetched and the copy's base name.
        var pending: [(url: URL, name: String)] = []
        var nextIndex = 0
        var finished = 0
        /// Each finished download's file name, or why it failed, by the URL fetched.
        var results: [String: Result<String, MediaFailure>] = [:]
        var report: MediaReport
        var totalReceived: Int64 = 0
        var temporaryCount = 0
    }

    /// A downloader into `directory` (a path of this machine), whose copies the page reaches as
    /// `locations.folder`; `progress` hears of each completion and of the bytes so far.
    init(
        directory: String, locations: MediaLocations, limits: MediaLimits,
        progress: (@Sendable (_ done: Int, _ total: Int, _ bytes: Int64) -> Void)? = nil
    ) {
        self.directory = directory
        self.limits = limits
        self.progress = progress
        state = Locked(State(report: MediaReport(locations: locations)))
    }

    /// Why nothing can be downloaded on this machine (libcurl, Debian's `libcurl4`, cannot be
    /// loaded), or `nil` when downloads can start. Loads libcurl on the first call.
    static func networkingProblem() -> String? {
        scrollback_curl_open().map { "libcurl (Debian's libcurl4) cannot be loaded: \(String(cString: $0))" }
    }

    /// Saves every URL of `urls` (as the message data spells them) that is not in the folder
    /// yet, each distinct URL once; blocks until all are done. Call it once, after
    /// ``networkingProblem()`` found none.
    func run(_ urls: [String]) -> MediaReport {
        let existing = Self.existingCopies(in: directory)
        // Spellings of one URL (the policy trims them) share one download.
        var spellings: [String: [String]] = [:]
        var order: [URL] = []
        let downloads = state.withLock { state in
            for url in urls {
                guard let fetched = Self.fetchableURL(url) else {
                    state.report.locations.setFailed(url, reason: "not an http or https URL")
                    state.report.failures.append(MediaFailure(url: url, reason: "not an http or https URL"))
                    state.report.total += 1
                    continue
                }
                if spellings[fetched.absoluteString] == nil { order.append(fetched) }
                spellings[fetched.absoluteString, default: []].append(url)
            }
            state.report.total += order.count
            for fetched in order {
                let name = Self.baseName(for: fetched.absoluteString)
                if let file = existing[name] {
                    state.results[fetched.absoluteString] = .success(file)
                    state.report.reused += 1
                } else {
                    state.pending.append((fetched, name))
                }
            }
            return state.pending.count
        }
        if downloads > 0 {
            precondition(Self.networkingProblem() == nil, "MediaDownloader.run without libcurl")
            // Waited for on a condition variable: a wait the thread sanitizer knows as one, so
            // that it hands an interrupt to its handler at once (it holds on to a signal that
            // comes during a dispatch group's wait until the downloads end).
            let count = min(max(limits.parallel, 1), downloads)
            let running = Locked(count)
            let ended = NSCondition()
            for _ in 0..<count {
                Thread { [self] in
                    work()
                    running.withLock { $0 -= 1 }
                    ended.lock()
                    ended.broadcast()
                    ended.unlock()
                }
                .start()
            }
            ended.lock()
            while running.withLock({ $0 }) > 0 { ended.wait() }
            ended.unlock()
        }
        return state.withLock { state in
            for (url, result) in state.results {
                for spelling in spellings[url] ?? [] {
                    switch result {
                    case .success(let file): state.report.locations.setSaved(spelling, fileName: file)
                    case .failure(let failure): state.report.locations.setFailed(spelling, reason: failure.reason)
                    }
                }
            }
            return state.report
        }
    }

    // MARK: Transfers (each on a downloading thread)

    /// One downloading thread: takes the next URL until none is left, with one libcurl handle.
    private func work() {
        let transfer = MediaTransfer(downloader: self)
        while let next = state.withLock({ state -> (url: URL, name: String)? in
            guard state.nextIndex < state.pending.count else { return nil }
            state.nextIndex += 1
            return state.pending[state.nextIndex - 1]
        }) {
            transfer.start(url: next.url.absoluteString, name: next.name)
            if state.withLock({ $0.totalReceived >= limits.maxTotalBytes }) {
                transfer.fail("the total limit of \(Self.size(limits.maxTotalBytes)) was reached")
            } else {
                transfer.fetch(timeout: limits.timeout)
            }
            complete(transfer)
        }
    }

    /// Checks a response as its first body bytes arrive (or as it ends, when it has none) and
    /// opens the transfer's temporary file: false when the transfer is not to be kept.
    fileprivate func accept(_ transfer: MediaTransfer, status: Int, mimeType: String?, url: URL?, expected: Int64) -> Bool {
        guard transfer.failure == nil else { return false }
        if !(200..<300).contains(status) {
            transfer.fail("HTTP \(status)")
            return false
        }
        guard let fileExtension = MediaTypes.fileExtension(mimeType: mimeType, url: url) else {
            transfer.fail(mimeType.map { "type \($0) is not allowed" } ?? "no content type")
            return false
        }
        if expected > limits.maxFileBytes {
            transfer.fail("\(Self.size(expected)) is over the \(Self.size(limits.maxFileBytes)) limit per file")
            return false
        }
        return state.withLock { state in
            if expected > 0, state.totalReceived + expected > limits.maxTotalBytes {
                transfer.fail("the total limit of \(Self.size(limits.maxTotalBytes)) was reached")
                return false
            }
            // Hidden, and unique to this process and transfer: never mistaken for a copy.
            state.temporaryCount += 1
            let path = (directory as NSString).appendingPathComponent(".\(transfer.name).\(getpid())-\(state.temporaryCount).part")
            // Created and registered in one step: media arrive on threads of their own, and an
            // interrupt handled on another thread must find the file listed, or find it not made.
            var error: Int32 = 0
            let created: (descriptor: Int32, token: Int)? = InterruptCleanup.atomically { paths in
                let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
                guard descriptor >= 0 else {
                    error = errno
                    return nil
                }
                return (descriptor, paths.register(path))
            }
            guard let (descriptor, token) = created else {
                transfer.fail("cannot write \(path): \(String(cString: strerror(error)))")
                return false
            }
            transfer.file = (path, descriptor, token, fileExtension)
            return true
        }
    }

    /// Writes body bytes to the transfer's file: false when the transfer is to stop.
    fileprivate func receive(_ bytes: UnsafeRawBufferPointer, for transfer: MediaTransfer) -> Bool {
        guard transfer.failure == nil, let file = transfer.file else { return false }
        transfer.received += Int64(bytes.count)
        let total = state.withLock { state in
            state.totalReceived += Int64(bytes.count)
            return state.totalReceived
        }
        // A server that gives no length, or a wrong one, is stopped at the limit all the same.
        if transfer.received > limits.maxFileBytes {
            transfer.fail("over the \(Self.size(limits.maxFileBytes)) limit per file")
            return false
        }
        if total > limits.maxTotalBytes {
            transfer.fail("the total limit of \(Self.size(limits.maxTotalBytes)) was reached")
            return false
        }
        var offset = 0
        while offset < bytes.count {
            let count = write(file.descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                transfer.fail("cannot write: \(String(cString: strerror(errno)))")
                return false
            }
            offset += count
        }
        state.withLock { state in progress?(state.finished, state.pending.count, state.totalReceived) }
        return true
    }

    /// Puts a finished transfer's file in place (or removes it) and records how it went.
    private func complete(_ transfer: MediaTransfer) {
        if let file = transfer.file {
            if transfer.failure == nil, fsync(file.descriptor) != 0 {
                transfer.fail("cannot write: \(String(cString: strerror(errno)))")
            }
            close(file.descriptor)
        }
        let fileName = "\(transfer.name).\(transfer.file?.fileExtension ?? "")"
        if let file = transfer.file {
            let target = (directory as NSString).appendingPathComponent(fileName)
            // The rename and forgetting its temporary name happen together.
            InterruptCleanup.atomically { paths in
                if transfer.failure == nil, rename(file.path, target) != 0 {
                    transfer.fail("cannot rename into \(directory): \(String(cString: strerror(errno)))")
                }
                if transfer.failure != nil { paths.remove(file.cleanupToken) } else { paths.forget(file.cleanupToken) }
            }
        } else if transfer.failure == nil {
            transfer.fail("no response")
        }
        state.withLock { state in
            if let failure = transfer.failure {
                state.results[transfer.url] = .failure(MediaFailure(url: transfer.url, reason: failure))
                state.report.failures.append(MediaFailure(url: transfer.url, reason: failure))
            } else {
                state.results[transfer.url] = .success(fileName)
                state.report.downloaded += 1
                state.report.bytes += transfer.received
            }
            state.finished += 1
            progress?(state.finished, state.pending.count, state.totalReceived)
        }
    }

    fileprivate static func seconds(_ interval: TimeInterval) -> String {
        interval == interval.rounded() ? "\(Int(interval)) s" : "\(interval) s"
    }

    // MARK: Names

    /// The URL to request: message data trimmed by the URL policy, http or https only.
    static func fetchableURL(_ url: String) -> URL? {
        guard let allowed = URLPolicy.sanitize(url), let parsed = URL(string: allowed),
            let scheme = parsed.scheme?.lowercased(), scheme == "http" || scheme == "https", parsed.host != nil
        else { return nil }
        return parsed
    }

    /// The copy's name without its extension: 32 hex digits of the URL's SHA-256, so that no
    /// URL from the messages can be made to take another's copy.
    static func baseName(for url: String) -> String {
        SHA256.hash(Array(url.utf8)).prefix(16).map { String($0, radix: 16).leftPadded(to: 2) }.joined()
    }

    /// The copies already in `directory`, by base name: files named as this downloader names them.
    static func existingCopies(in directory: String) -> [String: String] {
        var copies: [String: String] = [:]
        for file in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
            let parts = file.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0].utf8.count == 32, parts[0].utf8.allSatisfy({ $0.asciiHexDigitValue != nil }),
                MediaTypes.extensions.contains(String(parts[1]))
            else { continue }
            copies[String(parts[0])] = file
        }
        return copies
    }

    /// `50 MB`, as the attachment cards write sizes.
    static func size(_ bytes: Int64) -> String { AttachmentFormatting.fileSize(bytes) }

    /// `cdn.example.com/images/a.png`: where a URL points, without its query (signed CDN URLs
    /// carry long tokens there), for the summary.
    static func shortName(_ url: String) -> String {
        guard let parsed = fetchableURL(url) ?? URL(string: url.trimmingCharacters(in: .whitespacesAndNewlines)), let host = parsed.host
        else { return String(url.prefix(80)) }
        return host + parsed.path
    }
}

/// One downloading thread's libcurl handle and the transfer it is making. Only that thread
/// uses it: libcurl calls back on the thread that performs.
private final class MediaTransfer {
    /// The URL fetched (before any redirect) and the copy's base name.
    private(set) var url = ""
    private(set) var name = ""
    private(set) var failure: String?
    /// The temporary file, once the response was accepted.
    var file: (path: String, descriptor: Int32, cleanupToken: Int, fileExtension: String)?
    var received: Int64 = 0

    private unowned let downloader: MediaDownloader
    private let handle: UnsafeMutableRawPointer?
    /// The response's `Location` header as sent; whether the response was checked (at its
    /// first body bytes, or at its end); whether its body is a redirect's, skipped.
    private var location: String?
    private var checked = false
    private var skipping = false

    init(downloader: MediaDownloader) {
        self.downloader = downloader
        handle = scrollback_curl_easy_init()
    }

    deinit {
        if let handle { scrollback_curl_easy_cleanup(handle) }
    }

    func start(url: String, name: String) {
        self.url = url
        self.name = name
        failure = nil
        file = nil
        received = 0
    }

    /// Records the first reason the transfer fails; the callbacks then stop it.
    func fail(_ reason: String) {
        if failure == nil { failure = reason }
    }

    /// Fetches ``url``, following up to five redirects to http or https, within `timeout`
    /// seconds from the first request to the last byte, trickling or not.
    func fetch(timeout: TimeInterval) {
        guard let handle else { return fail("libcurl could not start a transfer") }
        let deadline = ContinuousClock.now + .milliseconds(Int64(timeout * 1000))
        let timedOut = "timed out after \(MediaDownloader.seconds(timeout))"
        var current = url
        var redirects = 0
        while true {
            let remaining = ContinuousClock.now.duration(to: deadline).components
            let milliseconds = remaining.seconds * 1000 + remaining.attoseconds / 1_000_000_000_000_000
            guard milliseconds > 0 else { return fail(timedOut) }
            (location, checked, skipping) = (nil, false, false)
            configure(handle, url: current, milliseconds: Int(milliseconds))
            let code = scrollback_curl_easy_perform(handle)
            if failure != nil { return }
            guard code == CURLE_OK else {
                return fail(code == CURLE_OPERATION_TIMEDOUT ? timedOut : String(cString: scrollback_curl_easy_strerror(code)))
            }
            let status = number(CURLINFO_RESPONSE_CODE)
            guard Self.redirects(status), let location else {
                // A response without a body is checked now.
                if !checked { _ = accept(status: status) }
                return
            }
            // The header as sent: a relative one stays on the scheme it came from.
            let target = info(CURLINFO_REDIRECT_URL)
            let scheme = Self.scheme(of: location) ?? target.flatMap { Self.scheme(of: $0) }
            guard scheme == "http" || scheme == "https" else {
                return fail("redirected to a \(scheme.map { $0 + ":" } ?? "non-http") URL, refused")
            }
            redirects += 1
            guard redirects <= 5 else { return fail("more than 5 redirects") }
            guard let target else { return fail("no response") }
            current = target
        }
    }

    private func configure(_ handle: UnsafeMutableRawPointer, url: String, milliseconds: Int) {
        scrollback_curl_easy_reset(handle)
        let context = Unmanaged.passUnretained(self).toOpaque()
        _ = scrollback_curl_setopt_string(handle, CURLOPT_URL, url)
        // Redirects are followed by `fetch`, which checks each place first; nothing but http
        // and https is spoken even so.
        _ = scrollback_curl_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        _ = scrollback_curl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0)
        // No signals: timeouts on a thread of their own must not interrupt the others.
        _ = scrollback_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
        _ = scrollback_curl_setopt_long(handle, CURLOPT_TIMEOUT_MS, milliseconds)
        _ = scrollback_curl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, milliseconds)
        _ = scrollback_curl_setopt_string(handle, CURLOPT_USERAGENT, "Scrollback/\(ScrollbackVersion.current)")
        _ = scrollback_curl_setopt_callback(handle, CURLOPT_HEADERFUNCTION, headerCallback)
        _ = scrollback_curl_setopt_pointer(handle, CURLOPT_HEADERDATA, context)
        _ = scrollback_curl_setopt_callback(handle, CURLOPT_WRITEFUNCTION, bodyCallback)
        _ = scrollback_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, context)
    }

    /// One header line: keeps the `Location` of the latest response.
    fileprivate func header(_ line: String) {
        if line.hasPrefix("HTTP/") { location = nil }
        guard let colon = line.firstIndex(of: ":"), line[..<colon].lowercased() == "location" else { return }
        location = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Body bytes: a redirect's are skipped, the first of any other check the response.
    fileprivate func body(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if !checked {
            let status = number(CURLINFO_RESPONSE_CODE)
            if Self.redirects(status), location != nil {
                (checked, skipping) = (true, true)
            } else if !accept(status: status) {
                return false
            }
        }
        return skipping || downloader.receive(bytes, for: self)
    }

    private func accept(status: Int) -> Bool {
        checked = true
        // `image/png; charset=x` names the type `image/png`.
        let type = info(CURLINFO_CONTENT_TYPE).map {
            $0.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces).lowercased()
        }
        var expected: curl_off_t = -1
        if let handle { _ = scrollback_curl_getinfo_offset(handle, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &expected) }
        return downloader.accept(
            self, status: status, mimeType: type, url: info(CURLINFO_EFFECTIVE_URL).flatMap { URL(string: $0) },
            expected: Int64(expected))
    }

    private func number(_ item: CURLINFO) -> Int {
        var value = 0
        if let handle { _ = scrollback_curl_getinfo_long(handle, item, &value) }
        return value
    }

    private func info(_ item: CURLINFO) -> String? {
        var value: UnsafePointer<CChar>?
        guard let handle, scrollback_curl_getinfo_string(handle, item, &value) == CURLE_OK, let value else { return nil }
        return String(cString: value)
    }

    /// The statuses libcurl itself would follow.
    private static func redirects(_ status: Int) -> Bool { [301, 302, 303, 307, 308].contains(status) }

    /// `file` for `file:///etc/passwd`; `nil` for a relative reference.
    private static func scheme(of reference: String) -> String? {
        reference.range(of: "^[A-Za-z][A-Za-z0-9+.-]*:", options: .regularExpression).map { reference[$0].dropLast().lowercased() }
    }
}

/// libcurl's callbacks; the context is the ``MediaTransfer`` performing, on its own thread.
private let headerCallback: scrollback_curl_data_callback = { bytes, size, count, context in
    let length = size * count
    guard let bytes, let context else { return length }
    let line = String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
    Unmanaged<MediaTransfer>.fromOpaque(context).takeUnretainedValue().header(line)
    return length
}

private let bodyCallback: scrollback_curl_data_callback = { bytes, size, count, context in
    let length = size * count
    guard let context else { return 0 }
    let transfer = Unmanaged<MediaTransfer>.fromOpaque(context).takeUnretainedValue()
    return transfer.body(UnsafeRawBufferPointer(start: bytes, count: length)) ? length : 0
}

/// The types an offline archive keeps, with the extension each copy gets: pictures, video,
/// audio, PDF and the office documents attachments carry. Anything a browser would run or
/// lay out as a page (HTML, SVG, XML, scripts) is refused: a reader may open a copy directly.
enum MediaTypes {
    static let byType: [String: String] = [
        "image/png": "png", "image/jpeg": "jpg", "image/pjpeg": "jpg", "image/gif": "gif", "image/webp": "webp",
        "image/avif": "avif", "image/heic": "heic", "image/heif": "heif", "image/bmp": "bmp", "image/tiff": "tiff",
        "video/mp4": "mp4", "video/quicktime": "mov", "video/webm": "webm", "video/ogg": "ogv", "video/x-matroska": "mkv",
        "video/3gpp": "3gp", "video/mpeg": "mpeg", "video/x-msvideo": "avi",
        "audio/mpeg": "mp3", "audio/mp4": "m4a", "audio/x-m4a": "m4a", "audio/aac": "aac", "audio/ogg": "ogg",
        "audio/opus": "opus", "audio/wav": "wav", "audio/x-wav": "wav", "audio/wave": "wav", "audio/webm": "weba",
        "audio/flac": "flac", "audio/amr": "amr",
        "application/pdf": "pdf", "text/plain": "txt", "text/csv": "csv", "application/zip": "zip",
        "application/msword": "doc", "application/vnd.ms-excel": "xls", "application/vnd.ms-powerpoint": "ppt",
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
        "application/vnd.openxmlformats-officedocument.presentationml.presentation": "pptx",
        "application/vnd.oasis.opendocument.text": "odt", "application/vnd.oasis.opendocument.spreadsheet": "ods",
        "application/vnd.oasis.opendocument.presentation": "odp", "application/rtf": "rtf",
    ]

    /// Every extension a copy can have.
    static let extensions = Set(byType.values)

    /// Types that say nothing of the content: the URL's own extension decides, when it is one
    /// of the allowed types'.
    static let generic: Set<String> = ["application/octet-stream", "binary/octet-stream", "application/binary"]

    /// The extension for a response of `mimeType` from `url`; `nil` when the type is refused.
    static func fileExtension(mimeType: String?, url: URL?) -> String? {
        let type = mimeType?.lowercased().trimmingCharacters(in: .whitespaces)
        if let type, let known = byType[type] { return known }
        guard type == nil || generic.contains(type!) else { return nil }
        let pathExtension = url?.pathExtension.lowercased() ?? ""
        let aliases = ["jpeg": "jpg", "tif": "tiff", "htm": "", "html": ""]
        let normalized = aliases[pathExtension] ?? pathExtension
        return extensions.contains(normalized) ? normalized : nil
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
