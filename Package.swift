// swift-tools-version: 6.0
import PackageDescription

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
        .target(name: "Scrollback", dependencies: ["CCmark"]),
        .target(name: "ScrollbackTesting", dependencies: ["Scrollback"]),
        // The command line lives in a library so that tests run it in-process.
        .target(name: "ScrollbackCLI", dependencies: ["Scrollback"]),
        .executableTarget(name: "scrollback", dependencies: ["ScrollbackCLI"]),
        .testTarget(name: "ScrollbackTests", dependencies: ["Scrollback", "ScrollbackTesting"], exclude: ["__Snapshots__"]),
        .testTarget(name: "ScrollbackTestingTests", dependencies: ["ScrollbackTesting"]),
        .testTarget(name: "ScrollbackCLITests", dependencies: ["ScrollbackCLI", "Scrollback"]),
    ],
    swiftLanguageModes: [.v6]
)
