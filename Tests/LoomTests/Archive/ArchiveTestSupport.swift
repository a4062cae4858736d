import Foundation
import Loom
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fresh directory under the temporary directory, removed by `remove()`.
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

/// Archive bytes composed by hand, as an older build (or an attacker) would have written them.
func handMadeArchive(type: String, version: Int, payload: String, checksum: String? = nil, length: Int? = nil)
    -> [UInt8]
{
    let bytes = Array(payload.utf8)
    let crc = checksum ?? CRC32().updated(bytes).hexDigest
    let header =
        #"{"format":"loom-archive","type":"\#(type)","version":\#(version),"length":\#(length ?? bytes.count),"checksum":"\#(crc)","payload":"#
    return Array(header.utf8) + bytes + Array("}\n".utf8)
}

extension CRC32 {
    func updated(_ bytes: [UInt8]) -> CRC32 {
        var copy = self
        copy.update(bytes)
        return copy
    }
}

/// Runs the `LoomArchiveCrashHelper` executable that `swift build` puts next to the test bundle.
struct CrashHelper {
    let url: URL

    init(sourceLocation: SourceLocation = #_sourceLocation) throws {
        var directories: [URL] = []
        if let executable = Bundle.main.executableURL { directories.append(executable.deletingLastPathComponent()) }
        directories.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        directories.append(repository.appendingPathComponent(".build/debug"))
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

/// A value shared with `@Sendable` callbacks (fault-injection hooks, skipped-error reports).
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    var current: Value { withLock { $0 } }
}
