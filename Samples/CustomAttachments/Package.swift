// swift-tools-version: 6.0
import PackageDescription

// An app's own attachment kinds drawn by Scrollback: the five steps of the Stream iOS SDK's
// custom-attachment guides, as a package that uses Scrollback the way an app would.
let package = Package(
    name: "CustomAttachments",
    platforms: [.macOS(.v13)],
    dependencies: [
        // The Scrollback checkout this sample lives in. `name:` because a path dependency is
        // otherwise known by its directory name, which differs between checkouts.
        .package(name: "Scrollback", path: "../..")
    ],
    targets: [
        // The app's code: attachment types, payloads, views, resolver, factory.
        .target(name: "CustomAttachments", dependencies: [.product(name: "Scrollback", package: "Scrollback")]),
        // Renders Samples/transcripts/custom-attachments.json to HTML, ANSI and Markdown.
        .executableTarget(name: "custom-attachments-demo", dependencies: ["CustomAttachments"]),
        // The app's views pinned with Scrollback's snapshot library: dumps, text and images.
        .testTarget(
            name: "CustomAttachmentsTests",
            dependencies: ["CustomAttachments", .product(name: "ScrollbackTesting", package: "Scrollback")],
            exclude: ["__Snapshots__"]),
    ],
    swiftLanguageModes: [.v6]
)
