// swift-tools-version: 6.1
import CompilerPluginSupport
import Foundation
import PackageDescription

/// Set by scripts/fuzz.sh, which builds the fuzz targets of Tools/ (a package that
/// depends on this one, so this manifest is read in that build too). A fuzz build links every
/// executable it builds with libFuzzer, whose `main` clashes with the macro plugin's; the
/// library's own code uses no macro, so the fuzz build leaves the plugin (and swift-syntax) out.
let fuzzing = ProcessInfo.processInfo.environment["LOOM_FUZZING"] != nil

let package = Package(
    name: "Loom",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .macCatalyst(.v16)],
    products: [
        .library(name: "Loom", targets: ["Loom"]),
        .executable(name: "loom", targets: ["LoomCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax.git", exact: "603.0.1"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        // `swift package generate-documentation --target Loom` builds the DocC catalog
        // (Sources/Loom/Loom.docc); a plugin only, nothing links it.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin.git", exact: "1.5.0"),
    ],
    targets: [
        .macro(
            name: "LoomMacros",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftIfConfig", package: "swift-syntax"),
                .product(name: "_SwiftCompilerPluginMessageHandling", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
            ]
        ),
        .target(name: "Loom", dependencies: fuzzing ? [] : ["LoomMacros"]),
        .target(
            name: "LoomCLIKit",
            dependencies: [
                "Loom",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The `loom` command; its folder is not `Sources/loom`, which differs from `Sources/Loom` only by case.
        .executableTarget(name: "LoomCLI", dependencies: ["LoomCLIKit"]),
        .target(
            name: "LoomExamples",
            dependencies: ["Loom"],
            path: "Examples/Models"
        ),
        // Checks schemas with Python's jsonschema for the test targets (skipped without it).
        .target(name: "SchemaValidation", dependencies: ["Loom"], path: "Tests/SchemaValidation"),
        .testTarget(
            name: "LoomTests",
            dependencies: [
                "Loom",
                "LoomExamples",
                "SchemaValidation",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "LoomMacrosTests",
            dependencies: [
                "LoomMacros",
                .product(name: "SwiftIfConfig", package: "swift-syntax"),
                .product(name: "_SwiftCompilerPluginMessageHandling", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacrosTestSupport", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
            ]
        ),
        .testTarget(
            name: "LoomCLITests",
            dependencies: ["LoomCLIKit", "Loom", "SchemaValidation"],
            exclude: ["Generate/Fixtures", "Generate/Golden", "Generate/Manifest.txt"]
        ),
        // `loom generate` output, committed and compiled: see Tests/LoomCLITests/Generate/Manifest.txt.
        .testTarget(name: "LoomGeneratedTests", dependencies: ["Loom", "SchemaValidation"]),
        // Models in a module whose default isolation is the main actor, as Xcode makes new apps.
        .testTarget(
            name: "LoomIsolationTests",
            dependencies: ["Loom"],
            swiftSettings: [
                .unsafeFlags(["-default-isolation", "MainActor"]), .enableUpcomingFeature("InferIsolatedConformances"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
