// swift-tools-version: 6.1
// A separate package so that benchmark code, its corpora and its release-only settings
// never take part in the root package's `swift build` / `swift test`.
import PackageDescription

let package = Package(
    name: "LoomBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Loom", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "LoomBenchmarks",
            // No extra optimization flags: numbers should match what an app's plain
            // `-c release` build of Loom gets.
            dependencies: [.product(name: "Loom", package: "Loom"), "CMallocCounter"]
        ),
        // Counts heap allocations per iteration by interposing malloc (glibc only).
        .target(name: "CMallocCounter"),
    ],
    swiftLanguageModes: [.v6]
)
