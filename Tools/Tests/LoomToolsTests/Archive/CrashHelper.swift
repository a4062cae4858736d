import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fresh directory under the temporary directory, removed by `remove()` (as in LoomTests).
struct TemporaryDirectory {
    let url: URL

    init(_ label: String = #function) throws {
        let name = "loom-\(label.filter { $0.isLetter || $0.isNumber })-\(UUID().uuidString.prefix(8))"
        url = FileManager.default.temporaryDirectory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// The names in the directory, sorted.
    func names() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// Runs the `LoomArchiveCrashHelper` executable that `swift build` puts next to the test bundle
/// (this package's `.build/debug` when the tests run from elsewhere).
struct CrashHelper {
    let url: URL

    init(sourceLocation: SourceLocation = #_sourceLocation) throws {
        var directories: [URL] = []
        if let executable = Bundle.main.executableURL { directories.append(executable.deletingLastPathComponent()) }
        directories.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        // `/…/Tools/Tests/LoomToolsTests/Archive/CrashHelper.swift` → `/…/Tools`.
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        directories.append(packageRoot.appendingPathComponent(".build/debug"))
        for directory in directories {
            let candidate = directory.appendingPathComponent("LoomArchiveCrashHelper")
            if FileManager.default.isExecutableFile(atPath: candidate.path) {
                url = candidate
                return
            }
        }
        Issue.record(
            "LoomArchiveCrashHelper is not built next to the tests (looked in \(directories.map(\.path))); run `swift build` first",
            sourceLocation: sourceLocation)
        throw CancellationError()
    }

    /// A running helper whose standard output is read line by line.
    final class Running {
        let process = Process()
        private let output = Pipe()
        private var pending: [UInt8] = []
        private let watchdog: DispatchWorkItem

        init(_ helper: URL, _ arguments: [String]) throws {
            process.executableURL = helper
            process.arguments = arguments
            process.standardOutput = output
            try process.run()
            // Never let a stuck helper hang the test run.
            let pid = process.processIdentifier
            watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
            DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
        }

        deinit { watchdog.cancel() }

        /// The next line of output, or `nil` at its end.
        func readLine() -> String? {
            while true {
                if let newline = pending.firstIndex(of: 0x0A) {
                    let line = String(decoding: pending[..<newline], as: UTF8.self)
                    pending.removeSubrange(...newline)
                    return line
                }
                let data = output.fileHandleForReading.availableData
                if data.isEmpty {
                    guard !pending.isEmpty else { return nil }
                    defer { pending.removeAll() }
                    return String(decoding: pending, as: UTF8.self)
                }
                pending.append(contentsOf: data)
            }
        }

        /// Reads lines until one satisfies `predicate`; returns it, or `nil` if output ended.
        func readLine(until predicate: (String) -> Bool) -> String? {
            while let line = readLine() {
                if predicate(line) { return line }
            }
            return nil
        }

        func killAndWait() {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }

        /// Waits for exit; returns the status and the rest of the output.
        func finish() -> (status: Int32, output: [String]) {
            var lines: [String] = []
            while let line = readLine() { lines.append(line) }
            process.waitUntilExit()
            return (process.terminationStatus, lines)
        }
    }

    func start(_ arguments: String...) throws -> Running { try Running(url, arguments) }
}
