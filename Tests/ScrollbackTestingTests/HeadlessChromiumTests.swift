import Foundation
import TestSupport
import Testing

@testable import ScrollbackTesting

/// Finding the browser and running it: the process handling against stand-in browsers (shell
/// scripts), the screenshots against the real one when it is installed.
@Suite struct HeadlessChromiumTests {
    /// Light and dark backgrounds from `prefers-color-scheme`, and a 40-pixel block below them.
    static let schemePage = """
        <!DOCTYPE html><html><head><style>
        html, body { margin: 0; background: #00ff00 }
        @media (prefers-color-scheme: dark) { html, body { background: #0000ff } }
        div { height: 40px; background: #ff0000 }
        </style></head><body><div></div></body></html>
        """

    // MARK: Finding the browser

    @Test func noBrowserOnThePathIsNotInstalled() throws {
        let environment = ["PATH": "/nonexistent-\(UUID().uuidString)"]
        #expect(HeadlessChromium.find(environment: environment) == nil)
        #expect(throws: HeadlessChromiumError.notInstalled(searched: HeadlessChromium.executableNames)) {
            try HeadlessChromium.locate(environment: environment)
        }
        #expect(HeadlessChromiumError.notInstalled(searched: ["chromium"]).description.contains("SCROLLBACK_CHROMIUM"))
        // "none" turns image snapshots off even where a browser is installed.
        #expect(HeadlessChromium.find(environment: ["SCROLLBACK_CHROMIUM": "none", "PATH": "/usr/bin:/bin"]) == nil)
    }

    @Test func theEnvironmentVariableWinsAndIsLookedUpOnThePath() throws {
        try withStandInBrowser("exit 0") { path in
            let directory = (path as NSString).deletingLastPathComponent, name = (path as NSString).lastPathComponent
            #expect(HeadlessChromium.find(environment: ["SCROLLBACK_CHROMIUM": path])?.executablePath == path)
            #expect(
                HeadlessChromium.find(environment: ["SCROLLBACK_CHROMIUM": name, "PATH": "/usr/bin:\(directory)"])?.executablePath == path)
        }
        // A browser named but missing is returned, so that the shot fails and says so.
        let missing = try #require(HeadlessChromium.find(environment: ["SCROLLBACK_CHROMIUM": "/nonexistent/chrome"]))
        #expect(missing.executablePath == "/nonexistent/chrome")
        let error = #expect(throws: HeadlessChromiumError.self) { try missing.screenshot(html: "<p>hi", width: 100) }
        guard case .couldNotLaunch(let path, _) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(path == "/nonexistent/chrome")
    }

    // MARK: Running it

    @Test func theBrowserGetsTheFlagsForTheAppearanceAndALogOnFailure() throws {
        // The arguments on one line, each in brackets: the error keeps only the log's last lines.
        try withStandInBrowser(#"printf '[%s]' "$@" >&2; exit 3"#) { path in
            let chromium = HeadlessChromium(executablePath: path)
            for appearance in HeadlessChromium.Appearance.allCases {
                do {
                    _ = try chromium.screenshot(html: "<p>hi", width: 300, appearance: appearance)
                    Issue.record("A browser exiting with 3 gave a screenshot")
                } catch let error as HeadlessChromiumError {
                    guard case .failed(status: 3, signaled: false, let log) = error else {
                        Issue.record("\(error)")
                        continue
                    }
                    let arguments = Set(log.dropFirst().dropLast().components(separatedBy: "]["))
                    #expect(arguments.isSuperset(of: ["--headless", "--window-size=300,4096", "--hide-scrollbars", "--disable-gpu"]))
                    #expect(arguments.contains { $0.hasPrefix("--screenshot=") } && arguments.contains { $0.hasPrefix("--user-data-dir=") })
                    #expect(arguments.contains("--no-sandbox") == (geteuid() == 0))
                    switch appearance {
                    case .light:
                        #expect(arguments.contains("--blink-settings=preferredColorScheme=1") && !arguments.contains("--force-dark-mode"))
                    case .dark:
                        #expect(arguments.isSuperset(of: ["--blink-settings=preferredColorScheme=0", "--force-dark-mode"]))
                    }
                    #expect(error.description.hasPrefix("The browser exited with status 3. Its log ends:\n"))
                }
            }
        }
    }

    @Test func aBrowserThatWritesNoScreenshotOrHangsIsReported() throws {
        try withStandInBrowser("echo 'nothing to see' >&2") { path in
            #expect(throws: HeadlessChromiumError.noScreenshot(log: "nothing to see")) {
                try HeadlessChromium(executablePath: path).screenshot(html: "<p>hi", width: 100)
            }
        }
        // The stand-in's own child (sleep) is killed with it: the wait for the shell's output
        // would otherwise last the full 30 seconds.
        try withStandInBrowser("echo started >&2; sleep 30; echo never >&2") { path in
            let start = ContinuousClock.now
            #expect(throws: HeadlessChromiumError.timedOut(after: .milliseconds(300), log: "started")) {
                try HeadlessChromium(executablePath: path).screenshot(html: "<p>hi", width: 100, timeout: .milliseconds(300))
            }
            #expect(ContinuousClock.now - start < .seconds(10))
        }
    }

    @Test func theTemporaryDirectoryIsRemoved() throws {
        // The stand-in prints where its profile is, then fails.
        try withStandInBrowser(
            #"for argument in "$@"; do case "$argument" in --user-data-dir=*) echo "${argument#*=}" >&2;; esac; done; exit 1"#
        ) {
            path in
            do {
                _ = try HeadlessChromium(executablePath: path).screenshot(html: "<p>hi", width: 100)
                Issue.record("A browser exiting with 1 gave a screenshot")
            } catch let error as HeadlessChromiumError {
                guard case .failed(_, _, let log) = error else { throw error }
                let temporaryDirectory = (log as NSString).deletingLastPathComponent
                #expect(temporaryDirectory.contains("scrollback-chromium-"))
                #expect(!FileManager.default.fileExists(atPath: temporaryDirectory))
            }
        }
    }

    @Test func contentHeightStopsAtTheLastRowUnlikeTheBottom() {
        var image = RGBAImage(width: 3, height: 10, filledWith: .white)
        #expect(HeadlessChromium.contentHeight(of: image) == 0)
        image[x: 2, y: 6] = .black
        #expect(HeadlessChromium.contentHeight(of: image) == 7)
        // The bottom row is the background by definition, even when it is the only one of its kind.
        image[x: 0, y: 9] = .black
        #expect(HeadlessChromium.contentHeight(of: image) == 9)
    }

    // MARK: The real browser

    @Test(.enabled(if: HeadlessChromium.find() != nil, "Chromium is not installed"))
    func lightAndDarkScreenshotsAreCutBelowTheContent() throws {
        let chromium = try HeadlessChromium.locate()
        let light = try chromium.screenshot(html: Self.schemePage, width: 64, appearance: .light, windowHeight: 256)
        let dark = try chromium.screenshot(html: Self.schemePage, width: 64, appearance: .dark, windowHeight: 256)
        for (image, background) in [(light, RGBAImage.Pixel(red: 0, green: 255, blue: 0)), (dark, .init(red: 0, green: 0, blue: 255))] {
            // 40 rows of block, then the 16-row margin of background.
            #expect(image.size == .init(width: 64, height: 56))
            #expect(image[x: 10, y: 10] == .init(red: 255, green: 0, blue: 0))
            #expect(image[x: 10, y: 50] == background && image[x: 63, y: 55] == background)
        }
    }

    @Test(.enabled(if: HeadlessChromium.find() != nil, "Chromium is not installed"))
    func aPNGTheEncoderWroteShowsInTheBrowserPixelForPixel() throws {
        var generator = SeededGenerator(seed: 42)
        var image = RGBAImage(width: 24, height: 12, filledWith: .white)
        for y in 0..<12 {
            for x in 0..<24 {
                image[x: x, y: y] = .init(red: generator.nextByte(), green: generator.nextByte(), blue: generator.nextByte())
            }
        }
        let html = """
            <!DOCTYPE html><html><body style="margin:0;background:#fff">\
            <img style="display:block" src="data:image/png;base64,\(Data(PNGCodec.encode(image)).base64EncodedString())">\
            </body></html>
            """
        let shot = try HeadlessChromium.locate().windowScreenshot(html: html, width: 24, height: 12)
        let difference = ImageComparison(perChannelTolerance: 0).difference(reference: image, actual: shot)
        #expect(difference == .pixels(differing: 0, total: 24 * 12))
    }

    @Test(.enabled(if: HeadlessChromium.find() != nil, "Chromium is not installed"))
    func aPageTallerThanTheWindowIsAnErrorNotACutImage() throws {
        let html = #"<!DOCTYPE html><body style="margin:0"><div style="height:300px;background:linear-gradient(red,blue)"></div>"#
        #expect(throws: HeadlessChromiumError.pageTallerThanWindow(windowHeight: 200)) {
            try HeadlessChromium.locate().screenshot(html: html, width: 50, windowHeight: 200)
        }
    }

    // MARK: Helpers

    /// Runs `body` with the path of an executable shell script whose body is `script`.
    private func withStandInBrowser(_ script: String, _ body: (String) throws -> Void) throws {
        let directory = URL(fileURLWithPath: Scratch.path("stand-in"))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("fake-chromium").path
        try Data("#!/bin/sh\n\(script)\n".utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        try body(path)
    }
}
