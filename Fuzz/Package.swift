// swift-tools-version: 6.0
import PackageDescription

// Coverage-guided fuzz targets for Scrollback, outside its shipped products. Each executable is a
// libFuzzer binary: build and run them with `Scripts/fuzz`, which passes
// `-sanitize=fuzzer,address` (plain `swift build` here cannot link them: libFuzzer supplies the
// driver they call).
let fuzzTarget: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let package = Package(
    name: "ScrollbackFuzz",
    dependencies: [.package(name: "Scrollback", path: "..")],
    targets: [
        // libcmark-dev, to read back the Markdown Scrollback writes.
        .systemLibrary(name: "CmarkOracle", pkgConfig: "libcmark"),
        // The driver and the oracles every target shares.
        .target(name: "FuzzSupport", dependencies: [.product(name: "Scrollback", package: "Scrollback"), "CmarkOracle"]),
        .executableTarget(name: "fuzz-transcript", dependencies: ["FuzzSupport"], swiftSettings: fuzzTarget),
        .executableTarget(name: "fuzz-message", dependencies: ["FuzzSupport"], swiftSettings: fuzzTarget),
        .executableTarget(name: "fuzz-configuration", dependencies: ["FuzzSupport"], swiftSettings: fuzzTarget),
        .executableTarget(name: "fuzz-text", dependencies: ["FuzzSupport"], swiftSettings: fuzzTarget),
    ],
    swiftLanguageModes: [.v6]
)
