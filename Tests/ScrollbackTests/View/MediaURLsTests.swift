import Foundation
import Testing

@testable import Scrollback

/// ``ViewNode/mediaURLs``: the media an offline archive keeps are read from the views, so an
/// app's own views count as the built-in ones do.
@Suite struct MediaURLsTests {
    @Test func imagesAvatarsAndDownloadsInTheOrderDrawn() {
        let view = ViewNode.message(
            MessageFrame(
                id: "m1", role: .bubble,
                header: [.avatar(ViewNode.AvatarContent(imageURL: "https://a.example/ann.png", initials: "A", colorIndex: 0))],
                body: [
                    .quote(anchor: nil, [.image(ViewNode.ImageContent(source: "https://a.example/quoted.png", alt: "q"))]),
                    .card(
                        .attachment,
                        [
                            .link(destination: "https://a.example/report.pdf", label: .text("Report"), download: true),
                            .link(destination: "https://a.example/a-page", label: .text("A page")),
                            .fields([
                                ViewNode.Field(
                                    "Poster",
                                    .image(
                                        ViewNode.ImageContent(
                                            source: "https://a.example/clip.mp4", thumbnail: "https://a.example/poster.png", alt: "")))
                            ]),
                        ]),
                    .disclosure(
                        summary: [],
                        content: [.titled(.image(ViewNode.ImageContent(source: "https://a.example/inner.png", alt: "")), title: "t")]),
                    .raw(
                        ViewNode.RawOutput(
                            [.markdown: "x"], fallback: .image(ViewNode.ImageContent(source: "https://a.example/fallback.png", alt: "")))),
                    .raw(
                        ViewNode.RawOutput(
                            [.html: "<b>own</b>"],
                            fallback: .image(ViewNode.ImageContent(source: "https://a.example/not-drawn.png", alt: "")))
                    ),
                ]))
        #expect(
            view.mediaURLs == [
                "https://a.example/ann.png", "https://a.example/quoted.png", "https://a.example/report.pdf",
                "https://a.example/clip.mp4", "https://a.example/poster.png", "https://a.example/inner.png",
                "https://a.example/fallback.png",
            ])
    }

    @Test func onlyURLsThePolicyAllows() {
        let view = ViewNode.stack(
            .vertical,
            [
                .image(ViewNode.ImageContent(source: "javascript:alert(1)", alt: "")),
                .link(destination: "file:///etc/passwd", label: .text("x"), download: true),
                .avatar(ViewNode.AvatarContent(imageURL: "data:image/png;base64,AAAA", initials: "B", colorIndex: 1)),
            ])
        #expect(view.mediaURLs.isEmpty)
    }

    @Test func theBuiltInFileViewsMarkTheirLinksAsDownloads() {
        let message = ExtensionPathTests.message([
            ["type": .string("file"), "title": .string("Report"), "asset_url": .string("https://a.example/report.pdf")],
            ["type": .string("voiceRecording"), "asset_url": .string("https://a.example/note.ogg")],
            ["type": .string("video"), "title": .string("Clip"), "asset_url": .string("https://a.example/clip.mp4")],
        ])
        let view = ViewFactory().makeMessageView(
            MessageItem(message: message),
            RenderContext(options: RenderOptions(), factory: ViewFactory(), resolver: DefaultMessageTypeResolver()))
        // In the order the message draws its groups: videos, recordings, files.
        #expect(view.mediaURLs == ["https://a.example/clip.mp4", "https://a.example/note.ogg", "https://a.example/report.pdf"])
    }

    @Test func anAppsRegisteredViewIsFollowed() {
        struct Postcard: AttachmentViewProviding {
            static let type: AttachmentType = "postcard"
            var front: String
            func makeView(for attachment: ChatMessageAttachment<Self>, context: RenderContext) -> ViewNode {
                .image(ViewNode.ImageContent(source: front, alt: "Postcard"))
            }
            func makeQuotedPreview(for attachment: ChatMessageAttachment<Self>, context: RenderContext) -> ViewNode? { nil }
        }
        let message = ExtensionPathTests.message([["type": .string("postcard"), "front": .string("https://a.example/front.jpg")]])
        var context = RenderContext(options: RenderOptions(), factory: ViewFactory(), resolver: DefaultMessageTypeResolver())
        context.attachmentViews = AttachmentViewRegistry().registering(Postcard.self)
        let view = ViewFactory().makeMessageView(MessageItem(message: message), context)
        #expect(view.mediaURLs == ["https://a.example/front.jpg"])
    }
}
