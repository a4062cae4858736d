// swift-tools-version: 6.1
// Loom's development tools, in a package of their own beside the library (as Benchmarks/ and
// Integration/ are) so that none of them is part of Loom's graph: the libFuzzer targets and the
// models and checks they share (scripts/fuzz.sh), the timing checks (scripts/linearity.sh), the
// child process the archive crash tests kill, and the tests that use them. `.ci/run` runs
// `swift test --package-path Tools`.
import PackageDescription

let package = Package(
    name: "LoomTools",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Loom", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
    ],
    targets: [
        // Hardening (Loom.docc/Security.md). Fuzz targets: libFuzzer entry points with a replay
        // `main` for plain builds; scripts/fuzz.sh builds them with the sanitizers. With
        // LOOM_FUZZING set, the root manifest leaves the macro plugin out of the graph.
        .target(name: "FuzzSupport", dependencies: [.product(name: "Loom", package: "Loom")]),
        .executableTarget(name: "FuzzParse", dependencies: ["FuzzSupport"]),
        .executableTarget(name: "FuzzModels", dependencies: ["FuzzSupport"]),
        // The `loom` command's implementation for FuzzGenerate. LoomCLIKit is package-only in
        // the root package, so Sources/FuzzCLIKit links to its folder and this package compiles
        // the same sources under another module name (one graph cannot hold two targets of one name).
        .target(
            name: "FuzzCLIKit",
            dependencies: [
                .product(name: "Loom", package: "Loom"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "FuzzGenerate", dependencies: ["FuzzCLIKit", "FuzzSupport"]),
        // Timing checks kept out of `swift test`: linearity of hostile shapes, parse speed.
        .executableTarget(name: "LoomHardeningCheck", dependencies: [.product(name: "Loom", package: "Loom")]),
        // Spawned by the archive crash tests: killed mid-write, or run under a file size limit.
        .executableTarget(name: "LoomArchiveCrashHelper", dependencies: [.product(name: "Loom", package: "Loom")]),
        .testTarget(
            name: "LoomToolsTests",
            dependencies: ["FuzzSupport", .product(name: "Loom", package: "Loom")],
            // Minimized fuzz findings, read by RegressionTests through #filePath.
            exclude: ["Hardening/Regressions"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
