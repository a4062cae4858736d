// swift-tools-version: 6.1
// A separate package so that benchmark code, its corpora and its release-only settings
// never take part in the root package's `swift build` / `swift test`.
import Foundation
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
        // Sequential against concurrent stream decoding (Loom.docc/Streaming.md).
        .executableTarget(
            name: "LoomStreamingBenchmark",
            dependencies: [.product(name: "Loom", package: "Loom")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The C ceiling: simdjson parsing the same bytes, built only where Debian's
// `libsimdjson-dev` is installed (`apt-get install libsimdjson-dev`); elsewhere the benchmark
// says the simdjson rows were skipped and why.
if FileManager.default.fileExists(atPath: "/usr/include/simdjson.h") {
    package.targets.append(
        .target(
            name: "CSimdjson",
            cxxSettings: [.unsafeFlags(["-O3", "-std=c++17"])],
            linkerSettings: [.linkedLibrary("simdjson")]))
    if let benchmarks = package.targets.first(where: { $0.name == "LoomBenchmarks" }) {
        benchmarks.dependencies.append("CSimdjson")
        benchmarks.swiftSettings = (benchmarks.swiftSettings ?? []) + [.define("HAVE_SIMDJSON")]
    }
}
