// swift-tools-version: 6.0
import PackageDescription

// The command line's modules, built for release, import the static Foundation: its modules name
// the libraries that linking it in needs (CoreFoundation, ICU). The library targets
// keep the shared one, so that packages depending on Scrollback build as they always have.
let staticRuntimeInRelease: [SwiftSetting] = [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))]

let package = Package(
    name: "Scrollback",
    products: [
        .library(name: "Scrollback", targets: ["Scrollback"]),
        .library(name: "ScrollbackTesting", targets: ["ScrollbackTesting"]),
        .executable(name: "scrollback", targets: ["scrollback"]),
    ],
    targets: [
        // libcmark-dev from Debian, found through pkg-config.
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]
        ),
        // libpng-dev from Debian: reads and writes the PNGs of image snapshots (its simplified API).
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        // libjemalloc-dev from Debian: the command line's allocator (see Sources/scrollback/main.swift).
        .systemLibrary(
            name: "CJemalloc",
            pkgConfig: "jemalloc",
            providers: [.apt(["libjemalloc-dev"])]
        ),
        // libcurl, opened by --media-dir when it first downloads rather than linked (its
        // header from Debian's libcurl4-openssl-dev, for the types and option numbers).
        .target(name: "CCurl"),
        .target(name: "Scrollback", dependencies: ["CCmark"]),
        .target(name: "ScrollbackTesting", dependencies: ["Scrollback", "CPNG"]),
        // The command line lives in a library so that tests run it in-process.
        .target(name: "ScrollbackCLI", dependencies: ["Scrollback", "CCurl"], swiftSettings: staticRuntimeInRelease),
        // Released with the Swift runtime and Foundation linked in: calls into the runtime
        // (reference counting above all) then go straight to it, and nothing is bound at start.
        .executableTarget(
            name: "scrollback", dependencies: ["ScrollbackCLI", "CJemalloc"],
            swiftSettings: staticRuntimeInRelease, linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))]),
        // What the test targets share: where their files go.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // Snapshot references sit beside the tests that read them.
        .testTarget(
            name: "ScrollbackTests", dependencies: ["Scrollback", "ScrollbackTesting", "TestSupport"],
            exclude: [
                "Attachments/__Snapshots__",
                "Backends/ANSI/__Snapshots__",
                "Factory/__Snapshots__",
                "Layout/__Snapshots__",
                "Render/__Snapshots__",
                "Theme/__Snapshots__",
            ]),
        .testTarget(name: "ScrollbackTestingTests", dependencies: ["ScrollbackTesting", "TestSupport"]),
        .testTarget(
            name: "ScrollbackCLITests", dependencies: ["ScrollbackCLI", "Scrollback", "ScrollbackTesting", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
