import Foundation
import Scrollback

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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
final class MediaDownloader: NSObject, URLSessionDataDelegate, Sendable {
    private let directory: String
    private let limits: MediaLimits
    private let progress: (@Sendable (_ done: Int, _ total: Int, _ bytes: Int64) -> Void)?
    private let queue = OperationQueue()
    /// Everything that changes. The session's callbacks come one at a time on `queue`, its
    /// delegate queue, and each holds the lock throughout; `run` holds it before the first
    /// and after the last. What they call meanwhile (the session, whose calls to the delegate
    /// go through `queue`, ``InterruptCleanup``, `progress`) never calls back in.
    private let state: Locked<State>
    private let allDone = DispatchSemaphore(value: 0)

    private struct State {
        /// Made in `init`, once the downloader exists to be its delegate.
        var session: URLSession?
        /// The downloads to make, in input order: the URL fetched and the copy's base name.
        var pending: [(url: URL, name: String)] = []
        var nextIndex = 0
        var finished = 0
        var transfers: [Int: Transfer] = [:]
        /// Each finished download's file name, or why it failed, by the URL fetched.
        var results: [String: Result<String, MediaFailure>] = [:]
        var report: MediaReport
        var totalReceived: Int64 = 0
        var temporaryCount = 0
    }

    /// One download in flight.
    private struct Transfer {
        /// The URL fetched (before any redirect).
        var url: String
        var name: String
        var task: URLSessionTask?
        var temporaryPath: String?
        var descriptor: Int32 = -1
        var cleanupToken: Int?
        var fileExtension = ""
        var received: Int64 = 0
        var redirects = 0
        var failure: String?
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
        super.init()
        queue.maxConcurrentOperationCount = 1
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = limits.timeout
        configuration.timeoutIntervalForResource = limits.timeout
        configuration.httpShouldSetCookies = false
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpMaximumConnectionsPerHost = limits.parallel
        configuration.httpAdditionalHeaders = ["User-Agent": "Scrollback/\(ScrollbackVersion.current)"]
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: queue)
        state.withLock { $0.session = session }
    }

    /// Saves every URL of `urls` (as the message data spells them) that is not in the folder
    /// yet, each distinct URL once; blocks until all are done. Call it once.
    func run(_ urls: [String]) -> MediaReport {
        let existing = Self.existingCopies(in: directory)
        // Spellings of one URL (the policy trims them) share one download.
        var spellings: [String: [String]] = [:]
        var order: [URL] = []
        let waits = state.withLock { state in
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
            return !state.pending.isEmpty
        }
        if waits {
            queue.addOperation { [self] in
                state.withLock { state in
                    for _ in 0..<min(max(limits.parallel, 1), state.pending.count) { startNext(&state) }
                }
            }
            allDone.wait()
        }
        state.withLock { $0.session }?.finishTasksAndInvalidate()
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

    // MARK: Transfers (on `queue`, holding `state`)

    private func startNext(_ state: inout State) {
        guard state.nextIndex < state.pending.count else { return }
        let next = state.pending[state.nextIndex]
        state.nextIndex += 1
        var transfer = Transfer(url: next.url.absoluteString, name: next.name)
        if state.totalReceived >= limits.maxTotalBytes {
            transfer.failure = "the total limit of \(Self.size(limits.maxTotalBytes)) was reached"
            return complete(transfer, &state)
        }
        var request = URLRequest(url: next.url)
        request.timeoutInterval = limits.timeout
        let task = state.session!.dataTask(with: request)
        transfer.task = task
        state.transfers[task.taskIdentifier] = transfer
        // The session's timeouts may count idle time only: this bounds the whole download,
        // trickling or not.
        let identifier = task.taskIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + limits.timeout) { [self] in
            queue.addOperation { [self] in
                self.state.withLock { state in
                    guard let task = state.transfers[identifier]?.task else { return }
                    fail(task, "timed out after \(Self.seconds(limits.timeout))", &state)
                }
            }
        }
        task.resume()
    }

    /// Records the first reason a transfer fails and stops it.
    private func fail(_ task: URLSessionTask, _ reason: String, _ state: inout State) {
        if state.transfers[task.taskIdentifier]?.failure == nil { state.transfers[task.taskIdentifier]?.failure = reason }
        task.cancel()
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        // The Location header as sent: Foundation reads `file:///etc/passwd` as a path on the
        // same server, which would hide that the server pointed elsewhere.
        let location = response.value(forHTTPHeaderField: "Location") ?? ""
        let locationScheme = location.range(of: "^[A-Za-z][A-Za-z0-9+.-]*:", options: .regularExpression).map {
            location[$0].dropLast().lowercased()
        }
        let scheme = locationScheme ?? request.url?.scheme?.lowercased()
        // Refused by answering `nil`, never by cancelling: the session is waiting for this answer,
        // and the task then ends with the redirect's own response, which the failure stops.
        state.withLock { state in
            func refuse(_ reason: String) {
                if state.transfers[task.taskIdentifier]?.failure == nil { state.transfers[task.taskIdentifier]?.failure = reason }
                completionHandler(nil)
            }
            guard scheme == "http" || scheme == "https" else {
                return refuse("redirected to a \(scheme.map { $0 + ":" } ?? "non-http") URL, refused")
            }
            state.transfers[task.taskIdentifier]?.redirects += 1
            guard (state.transfers[task.taskIdentifier]?.redirects ?? 0) <= 5 else { return refuse("more than 5 redirects") }
            completionHandler(request)
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        state.withLock { state in
            let id = dataTask.taskIdentifier
            guard var transfer = state.transfers[id], transfer.failure == nil else { return completionHandler(.cancel) }
            if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
                fail(dataTask, "HTTP \(http.statusCode)", &state)
                return completionHandler(.cancel)
            }
            guard
                let fileExtension = MediaTypes.fileExtension(
                    mimeType: response.mimeType, url: response.url ?? dataTask.originalRequest?.url)
            else {
                fail(dataTask, response.mimeType.map { "type \($0) is not allowed" } ?? "no content type", &state)
                return completionHandler(.cancel)
            }
            let expected = response.expectedContentLength
            if expected > limits.maxFileBytes {
                fail(dataTask, "\(Self.size(expected)) is over the \(Self.size(limits.maxFileBytes)) limit per file", &state)
                return completionHandler(.cancel)
            }
            if expected > 0, state.totalReceived + expected > limits.maxTotalBytes {
                fail(dataTask, "the total limit of \(Self.size(limits.maxTotalBytes)) was reached", &state)
                return completionHandler(.cancel)
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
                fail(dataTask, "cannot write \(path): \(String(cString: strerror(error)))", &state)
                return completionHandler(.cancel)
            }
            transfer.temporaryPath = path
            transfer.cleanupToken = token
            transfer.descriptor = descriptor
            transfer.fileExtension = fileExtension
            state.transfers[id] = transfer
            completionHandler(.allow)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        state.withLock { state in
            let id = dataTask.taskIdentifier
            guard var transfer = state.transfers[id], transfer.failure == nil, transfer.descriptor >= 0 else { return }
            transfer.received += Int64(data.count)
            state.totalReceived += Int64(data.count)
            state.transfers[id] = transfer
            // A server that gives no length, or a wrong one, is stopped at the limit all the same.
            if transfer.received > limits.maxFileBytes {
                return fail(dataTask, "over the \(Self.size(limits.maxFileBytes)) limit per file", &state)
            }
            if state.totalReceived > limits.maxTotalBytes {
                return fail(dataTask, "the total limit of \(Self.size(limits.maxTotalBytes)) was reached", &state)
            }
            let written = data.withUnsafeBytes { buffer -> Bool in
                var offset = 0
                while offset < buffer.count {
                    let count = write(transfer.descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else { return false }
                    offset += count
                }
                return true
            }
            if !written { return fail(dataTask, "cannot write: \(String(cString: strerror(errno)))", &state) }
            progress?(state.finished, state.pending.count, state.totalReceived)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        state.withLock { state in
            guard var transfer = state.transfers.removeValue(forKey: task.taskIdentifier) else { return }
            if transfer.failure == nil, let error {
                let code = (error as NSError).code
                transfer.failure =
                    code == NSURLErrorTimedOut ? "timed out after \(Self.seconds(limits.timeout))" : error.localizedDescription
            }
            if transfer.failure == nil, transfer.descriptor < 0 {
                // A redirect refused before any body: the task ends without a response of its own.
                transfer.failure = "no response"
            }
            complete(transfer, &state)
        }
    }

    /// Puts a finished transfer's file in place (or removes it) and starts the next one.
    private func complete(_ transfer: Transfer, _ state: inout State) {
        var transfer = transfer
        if transfer.descriptor >= 0 {
            if transfer.failure == nil, fsync(transfer.descriptor) != 0 {
                transfer.failure = "cannot write: \(String(cString: strerror(errno)))"
            }
            close(transfer.descriptor)
        }
        let fileName = "\(transfer.name).\(transfer.fileExtension)"
        if let path = transfer.temporaryPath, let token = transfer.cleanupToken {
            let target = (directory as NSString).appendingPathComponent(fileName)
            // The rename and forgetting its temporary name happen together.
            InterruptCleanup.atomically { paths in
                if transfer.failure == nil, rename(path, target) != 0 {
                    transfer.failure = "cannot rename into \(directory): \(String(cString: strerror(errno)))"
                }
                if transfer.failure != nil { paths.remove(token) } else { paths.forget(token) }
            }
        }
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
        if state.finished == state.pending.count {
            allDone.signal()
        } else {
            startNext(&state)
        }
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
            guard parts.count == 2, parts[0].count == 32, parts[0].allSatisfy(\.isHexDigit),
                MediaTypes.extensions.contains(String(parts[1]))
            else { continue }
            copies[String(parts[0])] = file
        }
        return copies
    }

    /// `50 MB`, as the attachment cards write sizes.
    static func size(_ bytes: Int64) -> String { AttachmentFormatting.fileSize(bytes) }

    private static func seconds(_ interval: TimeInterval) -> String {
        interval == interval.rounded() ? "\(Int(interval)) s" : "\(interval) s"
    }

    /// `cdn.example.com/images/a.png`: where a URL points, without its query (signed CDN URLs
    /// carry long tokens there), for the summary.
    static func shortName(_ url: String) -> String {
        guard let parsed = fetchableURL(url) ?? URL(string: url.trimmingCharacters(in: .whitespacesAndNewlines)), let host = parsed.host
        else { return String(url.prefix(80)) }
        return host + parsed.path
    }
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
