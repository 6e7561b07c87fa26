// swift-tools-version: 6.0
import PackageDescription

// Stream's SwiftUI guide to custom attachments (a contact card), ported step by step to
// Scrollback: the same payload, resolver, view and quoted-message content, drawn into HTML,
// ANSI and Markdown transcripts instead of a SwiftUI message list.
let package = Package(
    name: "ContactGuide",
    platforms: [.macOS(.v13)],
    dependencies: [
        // The Scrollback checkout this sample lives in; `name:` because a path dependency is
        // otherwise known by its directory's name, which differs between checkouts.
        .package(name: "Scrollback", path: "../..")
    ],
    targets: [
        // The app's side of the guide: payload, resolver, view, factory.
        .target(name: "ContactGuide", dependencies: [.product(name: "Scrollback", package: "Scrollback")]),
        // Prints Fixtures/front-desk.json in one format: `contact-guide-demo markdown`.
        .executableTarget(name: "contact-guide-demo", dependencies: ["ContactGuide"]),
        // One test per step: the fixture rendered with every step, and with that step left out.
        .testTarget(name: "ContactGuideTests", dependencies: ["ContactGuide"]),
    ],
    swiftLanguageModes: [.v6]
)
