import Foundation
import Testing

@testable import Scrollback

/// An offline archive's page (``HTMLOptions/mediaLocations``): saved copies drawn and linked
/// from their relative paths, everything else a labelled card, nothing remote, and no relative
/// URL that message data could have made.
@Suite("HTML media locations")
struct HTMLMediaLocationsTests {
    /// Every http(s) URL the attachments sample spells, in order.
    static let sampleURLs: [String] = {
        let text = (try? String(contentsOfFile: SampleTranscripts.path("attachments.json"), encoding: .utf8)) ?? ""
        let regex = try! NSRegularExpression(pattern: "\"(https?://[^\"\\\\]+)\"")
        var seen: Set<String> = []
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }.filter { seen.insert($0).inserted }
    }()

    /// Saves every picture, video and file but the ones in `failed`, as `media/N.ext`.
    static func locations(failing failed: Set<String>) -> MediaLocations {
        var locations = MediaLocations(folder: "media")!
        for (index, url) in sampleURLs.enumerated() {
            if failed.contains(url) {
                locations.setFailed(url)
            } else {
                locations.setSaved(url, fileName: "\(index).\((url as NSString).pathExtension)")
            }
        }
        return locations
    }

    static func render(_ name: String, locations: MediaLocations) throws -> String {
        var options = RenderOptions()
        options.html.mediaLocations = locations
        return try SampleTranscripts.render(name, as: .html, options: options).output
    }

    static func localPath(_ url: String) -> String {
        "media/\(sampleURLs.firstIndex(of: url)!).\((url as NSString).pathExtension)"
    }

    @Test func savedCopiesAreDrawnAndLinkedFailuresAreCards() throws {
        let entrance = "https://media.example.org/fieldtrip/south-entrance.jpg"
        let entranceThumb = "https://media.example.org/fieldtrip/south-entrance-thumb.jpg"
        let carPark = "https://media.example.org/fieldtrip/car-park.jpg"
        let avatar = "https://avatars.example.org/priya.png"
        let pdf = "https://files.example.org/fieldtrip/final-timetable.pdf"
        let html = try Self.render("attachments.json", locations: Self.locations(failing: [carPark]))
        // The thumbnail is drawn, linked to the full picture's copy.
        #expect(html.contains("<a class=\"sb-image sb-image-frame\" href=\"\(Self.localPath(entrance))\""))
        #expect(html.contains("<img src=\"\(Self.localPath(entranceThumb))\""))
        #expect(html.contains("<img src=\"\(Self.localPath(avatar))\" alt=\"\""))
        #expect(html.contains("href=\"\(Self.localPath(pdf))\""))
        // The failed one is the card `--no-remote-media` draws, linked to where it was.
        #expect(html.contains("<a class=\"sb-image sb-image-placeholder sb-print-target\" href=\"\(carPark)\""))
        #expect(!html.contains("src=\"http"))
        #expect(html.contains("content=\"\(HTMLBackend<String>.offlineContentSecurityPolicy)\""))
        #expect(HTMLBackend<String>.offlineContentSecurityPolicy.contains("img-src 'self';"))
        HTMLBackendTests.expectInert(html, mediaFolder: "media")
    }

    /// A failed download still links to the original URL, which may have expired: its card says
    /// it was not saved and why, and the page's footer counts them; a complete archive says nothing.
    @Test func failedDownloadsAreMarkedAndCounted() throws {
        let carPark = "https://media.example.org/fieldtrip/car-park.jpg"
        let pdf = "https://files.example.org/fieldtrip/final-timetable.pdf"
        var locations = Self.locations(failing: [carPark, pdf])
        locations.setFailed(carPark, reason: "HTTP 404")
        locations.setFailed(pdf, reason: "timed out after 30 s\u{1B}[31m")
        #expect(locations.failureReason(of: carPark) == "HTTP 404")
        let html = try Self.render("attachments.json", locations: locations)
        let card = try #require(html.range(of: "<a class=\"sb-image sb-image-placeholder sb-print-target\" href=\"\(carPark)\""))
        let cardEnd = try #require(html.range(of: "</a>", range: card.upperBound..<html.endIndex))
        #expect(html[card.upperBound..<cardEnd.lowerBound].contains("<span class=\"sb-not-saved\">not saved: HTTP 404</span>"))
        let link = try #require(html.range(of: "href=\"\(pdf)\""))
        let afterLink = html[link.upperBound...].prefix(600)
        #expect(afterLink.contains("<span class=\"sb-not-saved\">not saved: timed out after 30 s"), "\(afterLink)")
        #expect(!html.contains("\u{1B}"))
        #expect(html.contains("<p class=\"sb-not-saved-summary\" role=\"note\">Media not saved: 2."), "\(html.suffix(800))")
        HTMLBackendTests.expectInert(html, mediaFolder: "media")

        let complete = try Self.render("attachments.json", locations: Self.locations(failing: []))
        #expect(!complete.contains("sb-not-saved\""))
        #expect(!complete.contains("sb-not-saved-summary\""))
        // Outside an archive nothing is "not saved".
        let plain = try SampleTranscripts.render("attachments.json", as: .html, options: RenderOptions()).output
        #expect(!plain.contains("class=\"sb-not-saved"))
        // A copy saved later forgets the reason.
        locations.setSaved(carPark, fileName: "car-park.jpg")
        #expect(locations.failureReason(of: carPark) == nil)
    }

    @Test func aURLNeverRecordedIsACard() throws {
        // No location at all: the archive still loads nothing remote.
        let html = try Self.render("attachments.json", locations: MediaLocations(folder: "media")!)
        #expect(!html.contains("<img"))
        #expect(html.contains("sb-image-placeholder"))
        #expect(html.contains("img-src 'self'"))
    }

    @Test func messageDataCannotMakeARelativeURL() {
        // A URL in the data that looks like a saved copy is refused like any relative URL, with
        // or without media locations.
        var locations = MediaLocations(folder: "media")!
        locations.setSaved("https://cdn.example/a.png", fileName: "a.png")
        var options = RenderOptions()
        options.html.mediaLocations = locations
        var message = ChatMessage(
            id: "m1", text: "[copy](media/a.png) ![pic](media/a.png)", user: ChatUser(id: "u", imageURL: "media/a.png"),
            createdAt: Date(timeIntervalSince1970: 0))
        message.attachments = [
            AnyChatMessageAttachment(id: AttachmentID(messageID: "m1", index: 0), raw: ["type": "image", "image_url": "media/a.png"])
        ]
        let messages = [message]
        let html = SampleTranscripts.renderInMemory(messages, as: .html, options: options)
        #expect(!html.contains("\"media/a.png\""), "\(html)")
        #expect(URLPolicy.sanitize("media/a.png") == nil)
    }

    @Test func onlyPlainRelativePathsAreMediaPaths() {
        for accepted in ["media/a.png", "site/media/3f2a.jpg", "m/a_b-c.tar.gz"] {
            #expect(URLPolicy.isMediaPath(accepted), "\(accepted)")
        }
        for refused in [
            "a.png", "/media/a.png", "media/../a.png", "../media/a.png", "media/.a.png", "media//a.png", "media/a.png/",
            "https://x/a.png", "javascript:x/a", "media/a%2Fb.png", "media/a b.png", "media/a.png#x", "media/a.png?x", "media\\a.png",
            "media/é.png",
        ] {
            #expect(!URLPolicy.isMediaPath(refused), "\(refused)")
        }
        #expect(MediaLocations(folder: "../media") == nil)
        #expect(MediaLocations(folder: "/tmp/media") == nil)
        #expect(MediaLocations(folder: "") == nil)
        #expect(MediaLocations(folder: "chat/media")?.folder == "chat/media")
        var locations = MediaLocations(folder: "media")!
        let refusedParent = locations.setSaved("https://x/a", fileName: "../a.png")
        let refusedFolder = locations.setSaved("https://x/b", fileName: "a/b.png")
        #expect(!refusedParent && !refusedFolder)
        #expect(locations.location(of: "https://x/a") == .failed)
        let saved = locations.setSaved("https://x/c", fileName: "c.png")
        #expect(saved)
        #expect(locations.location(of: "https://x/c") == .saved(path: "media/c.png"))
        #expect(locations.location(of: "https://x/d") == nil)
    }
}
