import Foundation
import Testing

@testable import Scrollback

/// What a security reviewer checks in every page: the policy comes first, every URL attribute
/// passes the allow-list as the browser will read it, links to elsewhere carry `rel`, no style
/// attribute exists, and `remoteMedia: false` leaves nothing that fetches.
@Suite("HTML security")
struct HTMLSecurityTests {
    /// Every sample transcript, the card sample with its cards.
    static let samples: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: SampleTranscripts.directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") || $0.hasSuffix(".ndjson") }.sorted()
    }()

    static func render(_ name: String, remoteMedia: Bool, search: Bool = false, timeZone: String? = nil) throws -> String {
        var options = RenderOptions()
        if let timeZone { options.timeZone = TimeZone(identifier: timeZone)! }
        options.html.remoteMedia = remoteMedia
        options.html.search = search
        var registry = AttachmentViewRegistry()
        if name == "cards-demo.json" {
            registry.register(cardFile: try CardFile.load(path: SampleTranscripts.cardsPath("cards.json")))
        }
        return try SampleTranscripts.render(name, as: .html, options: options, attachmentViews: registry).output
    }

    /// The attributes that a browser resolves as a URL.
    static let urlAttributes: Set<String> = [
        "href", "src", "srcset", "action", "formaction", "poster", "background",
        "cite", "data", "xlink:href", "ping",
    ]

    /// Asserts the reviewer's rules on one page. With `search`, the page must hold the search
    /// script once, exactly the library's constant, and its policy must allow it by its hash; the
    /// rest of the page, the script taken out, must pass every rule.
    static func expectReviewed(
        _ page: String, remoteMedia: Bool, _ context: String, search: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var html = page
        var policy = HTMLBackend<String>.contentSecurityPolicy(remoteMedia: remoteMedia)
        if search {
            let script = "<script>" + HTMLOptions.SearchScript.source + "</script>"
            #expect(html.components(separatedBy: script).count == 2, "\(context): the search script", sourceLocation: sourceLocation)
            html = html.replacingOccurrences(of: script, with: "")
            policy += "; " + HTMLOptions.SearchScript.policyDirective
        }
        HTMLBackendTests.expectInert(html, sourceLocation: sourceLocation)
        // The policy is in force before anything else in the head is read.
        #expect(
            html.contains(
                "<head>\n<meta charset=\"utf-8\">\n<meta http-equiv=\"Content-Security-Policy\" content=\"\(policy)\">\n"
            ),
            "\(context): policy not first in <head>", sourceLocation: sourceLocation)
        for tag in HTMLBackendTests.startTags(html) {
            for attribute in tag.attributes where urlAttributes.contains(attribute.name) {
                // What the browser will use: the value with its character references decoded.
                let url = HTMLEntities.decode(attribute.value)
                let passes = url.hasPrefix("#") ? !url.contains(where: { $0.isWhitespace }) : URLPolicy.sanitize(url) == url
                #expect(passes, "\(context): <\(tag.name) \(attribute.name)=\"\(attribute.value)\">", sourceLocation: sourceLocation)
            }
            if tag.name == "a", let href = tag.attributes.first(where: { $0.name == "href" })?.value, !href.hasPrefix("#") {
                let relation = tag.attributes.first(where: { $0.name == "rel" })?.value
                #expect(
                    relation == "noopener noreferrer nofollow", "\(context): <a href=\"\(href)\"> without rel",
                    sourceLocation: sourceLocation)
            }
            // The search field, the one `<input>` a page may have, fetches nothing.
            let isSearchField =
                search && tag.name == "input"
                && tag.attributes.map(\.name).sorted() == ["aria-label", "autocomplete", "id", "placeholder", "spellcheck", "type"]
                && tag.attributes.contains { $0.name == "type" && $0.value == "search" }
            if !remoteMedia && !isSearchField {
                #expect(
                    !["img", "video", "audio", "source", "picture", "iframe", "object", "embed", "input", "track"].contains(tag.name),
                    "\(context): <\(tag.name)> without remote media", sourceLocation: sourceLocation)
                #expect(
                    !tag.attributes.contains { ["src", "srcset", "poster", "background", "data"].contains($0.name) },
                    "\(context): a fetching attribute on <\(tag.name)>", sourceLocation: sourceLocation)
            }
        }
        if !remoteMedia {
            #expect(!html.contains("<img"), "\(context): <img", sourceLocation: sourceLocation)
            #expect(!html.contains("url("), "\(context): url(", sourceLocation: sourceLocation)
        }
    }

    @Test func samplesExist() {
        #expect(Self.samples.count >= 8)
        #expect(Self.samples.contains("hostile.json"))
    }

    @Test(arguments: samples)
    func sampleWithRemoteMedia(name: String) throws {
        Self.expectReviewed(try Self.render(name, remoteMedia: true), remoteMedia: true, name)
    }

    @Test(arguments: samples)
    func sampleWithoutRemoteMedia(name: String) throws {
        Self.expectReviewed(try Self.render(name, remoteMedia: false), remoteMedia: false, name)
    }

    /// The same rules with `--search`: message data gains no way into the page through the
    /// search bar, the facts its filters read or the script.
    @Test(arguments: samples, [true, false])
    func sampleWithSearch(name: String, remoteMedia: Bool) throws {
        Self.expectReviewed(try Self.render(name, remoteMedia: remoteMedia, search: true), remoteMedia: remoteMedia, name, search: true)
    }

    @Test func policyWithoutRemoteMediaForbidsImages() {
        let policy = HTMLBackend<String>.contentSecurityPolicy(remoteMedia: false)
        #expect(policy.contains("img-src 'none'"))
        #expect(policy.contains("media-src 'none'"))
        #expect(policy.contains("default-src 'none'"))
        #expect(!policy.contains("http"))
        #expect(!policy.contains("data:"))
        #expect(HTMLBackend<String>.contentSecurityPolicy == HTMLBackend<String>.contentSecurityPolicy(remoteMedia: true))
    }

    /// The attachments sample has images, a GIF, a video poster, a link preview and avatars:
    /// each becomes a labelled link to the media, the file size beside it.
    @Test func imagesBecomeLinkedPlaceholders() throws {
        let html = try Self.render("attachments.json", remoteMedia: false)
        let withMedia = try Self.render("attachments.json", remoteMedia: true)
        func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }
        // Every picture but the avatars (initials instead) has its placeholder, the card the
        // page with media draws under the picture.
        let pictures = count("<span class=\"sb-image-picture\"><img", in: withMedia)
        #expect(pictures > 3)
        #expect(count("class=\"sb-image sb-image-placeholder", in: html) == pictures)
        #expect(count("<span class=\"sb-image-placeholder\">", in: withMedia) == pictures)
        #expect(count("<a class=\"sb-image sb-image-placeholder sb-print-target\" href=\"https://", in: html) > 0)
        #expect(html.contains("<span class=\"sb-image-label\">"))
        #expect(html.contains("rel=\"noopener noreferrer nofollow\""))
        // Avatars fall back to initials.
        #expect(!html.contains("sb-avatar-0\" aria-hidden=\"true\"><img"))
    }

    @Test func placeholderViews() {
        var options = RenderOptions()
        options.html.remoteMedia = false
        func fragment(_ view: ViewNode) -> String {
            var backend = HTMLBackend(output: "", options: options)
            backend.write(view)
            return backend.output.trimmingCharacters(in: .newlines)
        }
        #expect(
            fragment(
                .image(
                    ViewNode.ImageContent(
                        source: "https://x.example/a.png", thumbnail: "https://x.example/t.png",
                        alt: "a <b>.png", width: 640, height: 480)))
                == #"<a class="sb-image sb-image-placeholder sb-print-target" href="https://x.example/a.png" rel="noopener noreferrer nofollow"><span class="sb-icon" aria-hidden="true">📷</span> <span class="sb-image-label">a &lt;b&gt;.png</span> <span class="sb-image-details">640 × 480</span></a>"#
        )
        // Only a thumbnail: the link goes to it.
        #expect(
            fragment(.image(ViewNode.ImageContent(source: "javascript:x", thumbnail: "https://x.example/t.png", alt: "")))
                == #"<a class="sb-image sb-image-placeholder sb-print-target" href="https://x.example/t.png" rel="noopener noreferrer nofollow"><span class="sb-icon" aria-hidden="true">📷</span> <span class="sb-image-label">Image</span></a>"#
        )
        // Inside a link (a quote), no nested link.
        #expect(
            fragment(.quote(anchor: "m-1", [.image(ViewNode.ImageContent(source: "https://x.example/a.png", alt: "a"))]))
                == ##"<blockquote class="sb-quote"><a href="#m-1"><span class="sb-image sb-image-placeholder"><span class="sb-icon" aria-hidden="true">📷</span> <span class="sb-image-label">a</span></span></a></blockquote>"##
        )
        #expect(
            fragment(.avatar(ViewNode.AvatarContent(imageURL: "https://x.example/me.png", initials: "AL", colorIndex: 3)))
                == #"<span class="sb-avatar sb-avatar-3" aria-hidden="true">AL</span>"#)
        let markdown = fragment(
            .markdown(
                MarkdownDocument(blocks: [
                    .paragraph([
                        .image(source: "https://x.example/m.png", title: "t", alt: [.text("chart")]),
                        .image(source: "javascript:alert(1)", title: "", alt: [.text("bad")]),
                    ])
                ])))
        #expect(
            markdown
                == #"<p><a class="sb-image sb-image-placeholder sb-print-target" href="https://x.example/m.png" rel="noopener noreferrer nofollow"><span class="sb-icon" aria-hidden="true">📷</span> <span class="sb-image-label">chart</span></a><span class="sb-image sb-image-missing">bad</span></p>"#
        )
    }

    @Test func hostileViewsWithoutRemoteMedia() {
        var views: [ViewNode] = []
        for hostile in HTMLBackendTests.hostileStrings {
            views.append(
                .message(
                    MessageFrame(
                        id: hostile, role: .bubble,
                        header: [.avatar(ViewNode.AvatarContent(imageURL: hostile, initials: hostile, colorIndex: 99))],
                        body: [
                            .image(ViewNode.ImageContent(source: hostile, thumbnail: hostile, alt: hostile, width: -1, height: 5)),
                            .markdown(
                                MarkdownDocument(blocks: [.paragraph([.image(source: hostile, title: hostile, alt: [.text(hostile)])])])),
                        ],
                        authorName: hostile)))
        }
        views.append(.image(ViewNode.ImageContent(source: "https://ok.example/p.png", alt: "ok")))
        var offline = RenderOptions()
        offline.html.remoteMedia = false
        var backend = HTMLBackend(output: "", options: offline)
        backend.begin(DocumentInfo(title: "t"))
        for view in views { backend.write(view) }
        backend.end(DocumentSummary(messageCount: 0, firstDate: nil, lastDate: nil, timeZoneIdentifier: "UTC", generator: "g"))
        Self.expectReviewed(backend.output, remoteMedia: false, "hostile views")
        #expect(backend.output.contains("href=\"https://ok.example/p.png\""))
    }
}
