import Foundation

/// Screenshots of HTML pages, taken by a Chromium-family browser run headless once per shot.
///
/// Each shot runs its own browser with its own temporary directory (page, profile, screenshot,
/// logs), removed afterwards, so shots may be taken from parallel tests. A shot is synchronous,
/// like ``Snapshotting/snapshot``, and takes about a second.
///
/// The browser is kept off the network: every host name fails to resolve at once, so a remote
/// image shows as broken, the same way on every run, and nothing leaves the machine.
///
/// ```swift
/// guard let chromium = HeadlessChromium.find() else { return }
/// let image = try chromium.screenshot(html: document, width: 390, appearance: .dark)
/// ```
public struct HeadlessChromium: Sendable {
    /// The colour scheme the page is shown in: what `prefers-color-scheme` matches.
    public enum Appearance: String, Sendable, CaseIterable {
        /// `prefers-color-scheme: light`.
        case light
        /// `prefers-color-scheme: dark`.
        case dark
    }

    /// The browser's executable.
    package let executablePath: String

    /// A browser at `executablePath`; ``find(environment:)`` picks the installed one.
    package init(executablePath: String) {
        self.executablePath = executablePath
    }

    /// The environment variable naming the browser to use, by path or by name on `PATH`.
    package static let environmentVariable = "SCROLLBACK_CHROMIUM"
    /// The names looked for on `PATH`, in this order, when ``environmentVariable`` is not set.
    package static let executableNames = ["chromium", "chromium-browser", "google-chrome"]

    /// The browser named by `SCROLLBACK_CHROMIUM`, else the first of ``executableNames`` on
    /// `PATH`; `nil` when there is none, or when `SCROLLBACK_CHROMIUM` is `none` (image
    /// snapshots skipped on purpose). A `SCROLLBACK_CHROMIUM` that names nothing runnable is
    /// still returned, so that screenshots fail and say so instead of tests being skipped.
    package static func find(environment: [String: String] = ProcessInfo.processInfo.environment) -> HeadlessChromium? {
        let searchPath = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
        if environment[environmentVariable] == "none" { return nil }
        if let configured = environment[environmentVariable], !configured.isEmpty {
            return HeadlessChromium(executablePath: executable(named: configured, searchPath: searchPath) ?? configured)
        }
        for name in executableNames {
            if let path = executable(named: name, searchPath: searchPath) { return HeadlessChromium(executablePath: path) }
        }
        return nil
    }

    /// ``find(environment:)``, or an error saying what was looked for, for callers that need a
    /// browser and report its absence as a failure.
    package static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) throws(HeadlessChromiumError)
        -> HeadlessChromium
    {
        guard let chromium = find(environment: environment) else { throw .notInstalled(searched: executableNames) }
        return chromium
    }

    /// `name` itself when it is a path, else the first runnable file of that name in `searchPath`.
    private static func executable(named name: String, searchPath: [String]) -> String? {
        if name.contains("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        return searchPath.lazy.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    // MARK: Screenshots

    /// A screenshot of `html` at `width` CSS pixels (one image pixel each), cut to the height of
    /// its content.
    ///
    /// The page is laid out in a window `windowHeight` pixels tall, then the rows at the bottom
    /// that are all the same as the last one (the page's background below its content) are cut
    /// off, keeping `bottomMargin` of them. A page that leaves fewer than `bottomMargin` such
    /// rows may go on below the window, and fails with
    /// ``HeadlessChromiumError/pageTallerThanWindow(windowHeight:)`` rather than being cut.
    /// The browser is killed after `timeout`.
    package func screenshot(
        html: String, width: Int, appearance: Appearance = .light, windowHeight: Int = 4096, bottomMargin: Int = 16,
        timeout: Duration = .seconds(60)
    ) throws(HeadlessChromiumError) -> RGBAImage {
        precondition(bottomMargin >= 0 && bottomMargin < windowHeight, "The margin must be shorter than the window.")
        let window = try windowScreenshot(html: html, width: width, height: windowHeight, appearance: appearance, timeout: timeout)
        let contentHeight = Self.contentHeight(of: window)
        guard window.height - contentHeight >= bottomMargin else { throw .pageTallerThanWindow(windowHeight: windowHeight) }
        return window.cropped(toHeight: max(1, contentHeight + bottomMargin))
    }

    /// The rows of `image` down to the last one that differs from the bottom row: 0 when every
    /// row is the same.
    package static func contentHeight(of image: RGBAImage) -> Int {
        let stride = image.width * 4
        guard image.height > 0, stride > 0 else { return 0 }
        return image.pixels.withUnsafeBufferPointer { pixels in
            let bottom = pixels.baseAddress! + (image.height - 1) * stride
            var height = image.height - 1
            while height > 0 && memcmp(pixels.baseAddress! + (height - 1) * stride, bottom, stride) == 0 { height -= 1 }
            return height
        }
    }

    /// The whole window, `width` × `height`, as the browser shot it.
    package func windowScreenshot(
        html: String, width: Int, height: Int, appearance: Appearance = .light, timeout: Duration = .seconds(60)
    ) throws(HeadlessChromiumError) -> RGBAImage {
        precondition(width > 0 && height > 0, "A window needs a positive size, not \(width) × \(height).")
        let fileManager = FileManager.default
        let directory = fileManager.temporaryDirectory.appendingPathComponent("scrollback-chromium-\(UUID().uuidString)")
        defer { Self.remove(directory) }
        let page = directory.appendingPathComponent("page.html")
        let screenshot = directory.appendingPathComponent("screenshot.png")
        let log = directory.appendingPathComponent("browser.log")
        do {
            try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(html.utf8).write(to: page)
            try Data().write(to: log)
        } catch {
            throw .couldNotLaunch(executablePath: executablePath, reason: "could not prepare \(directory.path): \(error)")
        }

        var arguments = [
            "--headless",
            "--screenshot=\(screenshot.path)",
            "--window-size=\(width),\(height)",
            // One image pixel per CSS pixel, whatever the machine's display says.
            "--force-device-scale-factor=1",
            "--hide-scrollbars",
            "--disable-gpu",
            // A fresh profile per shot: nothing carries over between runs or between parallel shots.
            "--user-data-dir=\(directory.appendingPathComponent("profile").path)",
            // No network: no update checks, no field trials, no component or safe-browsing downloads;
            // remote resources fail to resolve immediately instead of waiting on DNS.
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-default-apps",
            "--disable-extensions",
            "--disable-sync",
            "--no-first-run",
            "--no-default-browser-check",
            "--host-resolver-rules=MAP * ~NOTFOUND",
            // Containers often give /dev/shm 64 MB, too little for a tall window's frames.
            "--disable-dev-shm-usage",
            // Shoot once the page has loaded and laid out, not at the first paint.
            "--virtual-time-budget=\(Self.virtualTimeBudgetMilliseconds)",
            "--mute-audio",
        ]
        // Chromium's sandbox refuses to start as root (containers, CI) unless told not to sandbox.
        if geteuid() == 0 { arguments.append("--no-sandbox") }
        // preferredColorScheme (0 dark, 1 light) is what prefers-color-scheme matches; both values
        // are passed so that a desktop in dark mode does not leak into light shots. It wins
        // over --force-dark-mode, which darkens the browser's own parts (form controls) to match.
        switch appearance {
        case .light: arguments.append("--blink-settings=preferredColorScheme=1")
        case .dark: arguments += ["--blink-settings=preferredColorScheme=0", "--force-dark-mode"]
        }
        arguments.append(page.absoluteString)

        try run(arguments: arguments, log: log, timeout: timeout)
        guard let bytes = fileManager.contents(atPath: screenshot.path) else {
            throw .noScreenshot(log: Self.tail(of: log))
        }
        do {
            return try PNGCodec.decode(Array(bytes))
        } catch {
            throw .unreadableScreenshot(error)
        }
    }

    /// How long the browser's virtual clock may run before the shot: long enough for a static
    /// page's load and layout (it costs nothing in wall time when the page goes idle sooner).
    static let virtualTimeBudgetMilliseconds = 5000

    /// Runs the browser with `arguments`, its standard output and error into `log` (a file,
    /// never a pipe, which would stall a browser that logs more than a pipe holds), and waits
    /// for it to exit; after `timeout` it is killed with all its helper processes.
    private func run(arguments: [String], log: URL, timeout: Duration) throws(HeadlessChromiumError) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executablePath)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        do {
            let output = try FileHandle(forWritingTo: log)
            defer { try? output.close() }
            process.standardOutput = output
            process.standardError = output
            try process.run()
        } catch {
            throw .couldNotLaunch(executablePath: executablePath, reason: "\(error)")
        }
        // Foundation starts the child in a process group of its own (checked here, while it runs):
        // signalling the group reaches the zygote, GPU, renderer and utility processes too.
        let pid = process.processIdentifier
        let ownGroup = getpgid(pid) == pid
        let (seconds, attoseconds) = timeout.components
        let deadline = DispatchTime.now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
        let timedOut = exited.wait(timeout: deadline) == .timedOut
        // Also after a normal exit: helpers linger for a second or more after the browser, still
        // writing into the profile, and would make removing the temporary directory fail. A
        // browser that has exited is signalled only through its group, never by its own id,
        // which may already belong to another process.
        if ownGroup {
            kill(-pid, SIGKILL)
        } else if timedOut {
            kill(pid, SIGKILL)
        }
        if timedOut {
            exited.wait()
            throw .timedOut(after: timeout, log: Self.tail(of: log))
        }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw .failed(
                status: process.terminationStatus, signaled: process.terminationReason == .uncaughtSignal, log: Self.tail(of: log))
        }
    }

    /// Removes `directory`, trying again for a moment if a helper process that was being killed
    /// still wrote into it while it was being removed.
    private static func remove(_ directory: URL) {
        for _ in 0..<20 {
            do {
                try FileManager.default.removeItem(at: directory)
                return
            } catch {
                guard FileManager.default.fileExists(atPath: directory.path) else { return }
                usleep(50_000)
            }
        }
    }

    /// The last lines of the browser's log, without the D-Bus complaints every headless run on a
    /// machine without a session bus makes, for error messages.
    private static func tail(of log: URL, lines: Int = 20) -> String {
        guard let data = FileManager.default.contents(atPath: log.path) else { return "" }
        let text = String(decoding: data, as: UTF8.self)
        return text.split(separator: "\n").filter { !$0.contains("dbus") }.suffix(lines).joined(separator: "\n")
    }
}

/// Why a screenshot could not be taken.
package enum HeadlessChromiumError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No browser: neither `SCROLLBACK_CHROMIUM` nor any of these names on `PATH`.
    case notInstalled(searched: [String])
    /// The browser could not be started.
    case couldNotLaunch(executablePath: String, reason: String)
    /// The browser ran longer than allowed and was killed; the end of its log.
    case timedOut(after: Duration, log: String)
    /// The browser exited with a non-zero status (or was killed by a signal); the end of its log.
    case failed(status: Int32, signaled: Bool, log: String)
    /// The browser exited normally without writing a screenshot; the end of its log.
    case noScreenshot(log: String)
    /// The screenshot is not a PNG the decoder reads.
    case unreadableScreenshot(PNGError)
    /// The content reaches the bottom of the window, so the page may be cut.
    case pageTallerThanWindow(windowHeight: Int)

    /// What happened and what to do about it.
    package var description: String {
        switch self {
        case .notInstalled(let names):
            "Chromium is not installed: set \(HeadlessChromium.environmentVariable) to a Chromium or Chrome executable, or put "
                + "one of \(names.joined(separator: ", ")) on PATH (Debian: apt-get install chromium)."
        case .couldNotLaunch(let path, let reason): "Could not start \(path): \(reason)"
        case .timedOut(let timeout, let log): "The browser took longer than \(timeout) and was stopped." + Self.quoted(log)
        case .failed(let status, let signaled, let log):
            (signaled ? "The browser was killed by signal \(status)." : "The browser exited with status \(status).") + Self.quoted(log)
        case .noScreenshot(let log): "The browser exited without writing a screenshot." + Self.quoted(log)
        case .unreadableScreenshot(let error): "The browser's screenshot cannot be read: \(error)"
        case .pageTallerThanWindow(let height):
            "The page's content reaches the bottom of the \(height)-pixel window, so it may go on below it: take the "
                + "screenshot with a taller window."
        }
    }

    private static func quoted(_ log: String) -> String {
        log.isEmpty ? "" : " Its log ends:\n" + log
    }
}
