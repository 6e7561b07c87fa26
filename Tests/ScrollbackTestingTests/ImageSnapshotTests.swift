import Foundation
import Scrollback
import TestSupport
import Testing

@testable import ScrollbackTesting

/// The `.image` strategy end to end: a transcript page shot by headless Chromium, recorded,
/// compared, and a change reported with a difference image.
@Suite(.enabled(if: HeadlessChromium.find() != nil, "Chromium is not installed"))
struct ImageSnapshotTests {
    static func fixture(_ text: String) throws -> ChatFixture {
        try ChatFixture(
            json: """
                {"channel": {"id": "c", "name": "Support"}, "messages": [
                 {"id": "a", "text": "\(text)", "user": {"id": "u", "name": "Ann", "image": "https://cdn.example.org/ann.png"},
                  "created_at": "2026-03-09T10:00:00Z",
                  "attachments": [{"type": "image", "image_url": "https://cdn.example.org/cat.jpg", "title": "cat.jpg"}]}]}
                """)
    }

    @Test func aPageIsRecordedComparedAndAChangeShowsWhere() throws {
        let directory = Scratch.path("image-snapshots")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let testFile = directory + "/PageTests.swift"
        let strategy = Snapshotting<ChatFixture, RGBAImage>.image(width: 360)
        func verify(_ text: String) throws -> String? {
            try verifySnapshot(
                of: try Self.fixture(text), as: strategy, named: "support", record: .missing, filePath: testFile, testName: "page()")
        }

        let recorded = try #require(try verify("Is the export done?"))
        #expect(recorded.contains("recorded one: \(directory)/__Snapshots__/PageTests/page.support.png"))
        let reference = try PNGCodec.decode(
            Array(try Data(contentsOf: URL(fileURLWithPath: directory + "/__Snapshots__/PageTests/page.support.png"))))
        #expect(reference.width == 360 && reference.height > 100 && reference.height < 1000, "\(reference.size)")
        #expect(try verify("Is the export done?") == nil, "the same page shoots the same pixels")

        let failure = try #require(try verify("Is the import done?"))
        #expect(failure.contains("Snapshot does not match \(directory)/__Snapshots__/PageTests/page.support.png"))
        #expect(failure.contains("pixels") && failure.contains("differ by more than 2"), "\(failure)")
        let diffPath = try #require(failure.split(separator: "\n").first { $0.hasPrefix("Difference: ") }?.dropFirst(12))
        let diff = try PNGCodec.decode(Array(try Data(contentsOf: URL(fileURLWithPath: String(diffPath)))))
        #expect(diff.size == reference.size)
        let magenta = (0..<diff.height).reduce(0) { count, y in
            count + (0..<diff.width).filter { diff[x: $0, y: y] == .magenta }.count
        }
        #expect(magenta > 0 && magenta < diff.width * diff.height / 10, "the changed word, not the page: \(magenta)")
    }

    @Test func darkAndLightAreDifferentPictures() throws {
        let fixture = try Self.fixture("Hello")
        let light = try Snapshotting<ChatFixture, RGBAImage>.image(width: 360).snapshot(fixture)
        let dark = try Snapshotting<ChatFixture, RGBAImage>.image(width: 360, appearance: .dark).snapshot(fixture)
        #expect(light.size == dark.size)
        // The page background, at the bottom left corner.
        let lightCorner = light[x: 0, y: light.height - 1], darkCorner = dark[x: 0, y: dark.height - 1]
        #expect(Int(lightCorner.red) + Int(lightCorner.green) + Int(lightCorner.blue) > 600)
        #expect(Int(darkCorner.red) + Int(darkCorner.green) + Int(darkCorner.blue) < 150)
    }
}

/// A strategy that cannot run here skips the assertion instead of passing it.
@Suite struct UnavailableSnapshotTests {
    @Test func anUnavailableSnapshotIsThrownNotPassed() {
        let strategy = Snapshotting<String, String>(pathExtension: "txt", diffing: .lines) { _ in
            throw SnapshotUnavailable(reason: "no browser here")
        }
        #expect(throws: SnapshotUnavailable.self) {
            try verifySnapshot(of: "x", as: strategy, record: .missing, filePath: "/nonexistent/T.swift", testName: "t()")
        }
    }
}
