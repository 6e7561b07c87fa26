import Foundation
import Scrollback

extension HeadlessChromium {
    /// Whether image snapshots can be taken here: a browser was found (`SCROLLBACK_CHROMIUM`,
    /// else `chromium`, `chromium-browser` or `google-chrome` on `PATH`). An XCTest case skips
    /// with `try XCTSkipUnless(HeadlessChromium.isAvailable)`; Swift Testing skips by itself.
    public static var isAvailable: Bool { find() != nil }
}

extension Diffing where Format == RGBAImage {
    /// Images stored as PNG and compared pixel by pixel: a pixel differs when one of its
    /// channels moves by more than `perChannelTolerance`, and up to `maxDifferingFraction` of
    /// the pixels may differ. A mismatch comes with an image of the difference: the new image
    /// faded, the differing pixels in magenta.
    public static func image(perChannelTolerance: UInt8 = 2, maxDifferingFraction: Double = 0.001) -> Diffing {
        let comparison = ImageComparison(perChannelTolerance: perChannelTolerance, maxDifferingFraction: maxDifferingFraction)
        return Diffing(
            toData: { PNGCodec.encode($0) },
            fromData: { try PNGCodec.decode($0) },
            diff: { reference, actual in
                comparison.compare(reference: reference, actual: actual).map {
                    SnapshotDifference(message: $0.message, artifact: PNGCodec.encode($0.diffImage))
                }
            })
    }
}

extension Snapshotting where Value: TranscriptSnapshotValue, Format == RGBAImage {
    /// The transcript's HTML page as a reader sees it: rendered by headless Chromium `width`
    /// CSS pixels wide in the `appearance`'s colour scheme, cut below the transcript, in a
    /// `.png` reference compared with ``Diffing/image(perChannelTolerance:maxDifferingFraction:)``.
    ///
    /// The page is the document ``Snapshotting/rendered(_:options:factory:resolver:attachmentViews:filter:)``
    /// pins, drawn without remote media (every image a labelled card), and the browser is kept
    /// off the network, so the picture never depends on one. Without a browser the assertion is
    /// skipped, saying so (``SnapshotUnavailable``). Fonts differ between machines: record image
    /// references where they are compared (the CI image).
    public static func image(
        width: Int = 390, appearance: HeadlessChromium.Appearance = .light, perChannelTolerance: UInt8 = 2,
        maxDifferingFraction: Double = 0.001, options: RenderOptions? = nil, factory: (ViewFactory)? = nil,
        resolver: (any MessageTypeResolving)? = nil, attachmentViews: AttachmentViewRegistry? = nil,
        filter: MessageFilter = MessageFilter()
    ) -> Snapshotting {
        var offline = SnapshotDefaults.current.renderer(
            options: options, factory: factory, resolver: resolver, attachmentViews: attachmentViews, filter: filter)
        offline.options.html.remoteMedia = false
        let renderer = offline
        let diffing = Diffing<RGBAImage>.image(perChannelTolerance: perChannelTolerance, maxDifferingFraction: maxDifferingFraction)
        return Snapshotting(pathExtension: "png", diffing: diffing) { value in
            guard let chromium = HeadlessChromium.find() else {
                throw SnapshotUnavailable(
                    reason: "no browser for image snapshots: install Chromium (Debian: apt-get install chromium) or set "
                        + "SCROLLBACK_CHROMIUM to a Chromium-family browser.")
            }
            let fixture = value.chatFixture
            var backend = HTMLBackend(output: "", options: renderer.options)
            renderer.render(
                events: fixture.events, shape: fixture.shape, skippedMessageCount: fixture.skippedMessageCount,
                hardDeletedMessageCount: fixture.hardDeletedMessageCount, to: &backend)
            // Most transcripts fit the first window; a long one gets the tallest a screenshot takes.
            do throws(HeadlessChromiumError) {
                return try chromium.screenshot(html: backend.output, width: width, appearance: appearance)
            } catch .pageTallerThanWindow {
                return try chromium.screenshot(html: backend.output, width: width, appearance: appearance, windowHeight: 16_384)
            }
        }
    }
}
