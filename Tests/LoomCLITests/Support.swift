import Foundation
import Loom
import LoomCLIKit

/// Runs `loom` in-process.
func loom(_ arguments: String..., stdin: Data = Data(), formatOutputLimit: Int? = nil) -> CommandResult {
    loom(arguments, stdin: stdin, formatOutputLimit: formatOutputLimit)
}

/// Runs `loom` in-process.
func loom(_ arguments: [String], stdin: Data = Data(), formatOutputLimit: Int? = nil) -> CommandResult {
    LoomCLI.run(
        arguments: arguments, standardInput: stdin,
        formatOutputLimit: formatOutputLimit ?? CommandContext.defaultFormatOutputLimit)
}

extension Data {
    init(_ text: String) { self.init(text.utf8) }
}

/// A fresh directory under the system temp directory, removed by ``remove()``.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("loom-cli-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `data` to `name` inside the directory and returns its path.
    @discardableResult
    func write(_ name: String, _ data: Data) throws -> String {
        let file = url.appendingPathComponent(name)
        try data.write(to: file)
        return file.path
    }

    /// Writes UTF-8 `text` to `name` inside the directory and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try write(name, Data(text.utf8))
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// A small deterministic generator (SplitMix64), so that generated inputs are the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The package root, found from this file's path (`Tests/LoomCLITests/Support.swift`).
let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The line `loom` should print for `bytes` read from `path`, computed with the core directly;
/// `nil` when the bytes are valid JSON.
func expectedDiagnostic(for path: String, _ bytes: [UInt8], options: JSONParsingOptions = .init()) -> String? {
    do {
        _ = try JSONDocument(parsing: bytes, options: options)
        return nil
    } catch {
        guard let line = error.line, let column = error.column else { return "\(path): error: \(error.message)\n" }
        return "\(path):\(line):\(column): error: \(error.message)\n"
    }
}
