// swift-tools-version: 6.1
// Integration tests against third-party Codable coders: YAML through Yams and SQLite
// records through GRDB; Loom as a Hummingbird server's request decoder and response encoder
// (LoomHummingbird); a model's JSON Schema as an MCP tool's input schema. A separate package
// so that none of these libraries is part of Loom's own dependency graph (`swift test` at the
// root never builds them); `.ci/run` runs it with `swift test --package-path Integration`.
import PackageDescription

let package = Package(
    name: "LoomIntegration",
    platforms: [.macOS(.v14)],  // Hummingbird 2 needs macOS 14
    dependencies: [
        .package(name: "Loom", path: ".."),
        .package(url: "https://github.com/jpsim/Yams.git", exact: "6.2.2"),
        .package(url: "https://github.com/groue/GRDB.swift.git", exact: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", exact: "2.28.1"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk.git", exact: "0.12.1"),
    ],
    targets: [
        .target(
            name: "LoomHummingbird",
            dependencies: [
                .product(name: "Loom", package: "Loom"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .testTarget(
            name: "LoomHummingbirdTests",
            dependencies: [
                "LoomHummingbird",
                .product(name: "Loom", package: "Loom"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
        .testTarget(
            name: "LoomIntegrationTests",
            dependencies: [
                .product(name: "Loom", package: "Loom"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "MCP", package: "swift-sdk"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
