import Foundation
import Testing

/// The built `loom` executable, looked up next to the test bundle and then under `.build/debug`.
enum LoomBinary {
    static let url: URL? = {
        var candidates: [URL] = []
        if let bundleDirectory = Bundle.main.executableURL?.deletingLastPathComponent() {
            candidates.append(bundleDirectory.appendingPathComponent("loom"))
        }
        candidates.append(packageRoot.appendingPathComponent(".build/debug/loom"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// What a finished process left behind.
    struct Outcome: Equatable {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs the binary with `stdin` from a file and output captured in files, so large data cannot deadlock a pipe.
    static func run(_ arguments: [String], stdin: Data = Data()) throws -> Outcome {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let inputPath = try directory.write("stdin", stdin)
        let outputPath = try directory.write("stdout", Data())
        let errorPath = try directory.write("stderr", Data())
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        let input = try #require(FileHandle(forReadingAtPath: inputPath))
        let output = try #require(FileHandle(forWritingAtPath: outputPath))
        let error = try #require(FileHandle(forWritingAtPath: errorPath))
        defer {
            try? input.close()
            try? output.close()
            try? error.close()
        }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        process.waitUntilExit()
        // A crash would show up as an uncaught signal rather than an exit.
        #expect(process.terminationReason == .exit)
        return Outcome(
            status: process.terminationStatus,
            stdout: try String(contentsOfFile: outputPath, encoding: .utf8),
            stderr: try String(contentsOfFile: errorPath, encoding: .utf8))
    }
}

@Suite(
    "the loom executable",
    .enabled(if: LoomBinary.url != nil, "the loom executable was not found next to the tests or in .build/debug; run `swift build` first"))
struct EndToEndTests {
    @Test("validate: exit statuses and the exact error line")
    func validate() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let good = try directory.write("good.json", "[1, 2]\n")
        let bad = try directory.write("bad.json", "{\n  \"id\": 1,\n  \"key\": 123 \"x\": 1\n}\n")

        #expect(try LoomBinary.run(["validate", good]) == .init(status: 0, stdout: "", stderr: ""))
        #expect(
            try LoomBinary.run(["validate", good, bad])
                == .init(status: 1, stdout: "", stderr: "\(bad):3:14: error: expected ',' or '}' after object member, found '\"'\n"))
        #expect(
            try LoomBinary.run(["validate", directory.path("missing.json")])
                == .init(status: 1, stdout: "", stderr: "\(directory.path("missing.json")): error: no such file or directory\n"))
    }

    @Test("usage errors exit 2, not ArgumentParser's 64", arguments: [["validate"], ["validate", "--bogus", "x"], ["format"], []])
    func usage(arguments: [String]) throws {
        let outcome = try LoomBinary.run(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.stdout == "")
        #expect(!outcome.stderr.isEmpty)
    }

    @Test("--help exits 0")
    func help() throws {
        let outcome = try LoomBinary.run(["--help"])
        #expect(outcome.status == 0)
        #expect(outcome.stdout.contains("SUBCOMMANDS:"))
    }

    @Test("format reads standard input and writes one document with a trailing newline")
    func formatStandardInput() throws {
        let outcome = try LoomBinary.run(["format", "--sort-keys", "-"], stdin: Data(#"{"b":[1.10],"a":null}"#))
        #expect(outcome == .init(status: 0, stdout: "{\n  \"a\": null,\n  \"b\": [\n    1.10\n  ]\n}\n", stderr: ""))
    }

    @Test("1,000,000 '[' on standard input is an error, not a crash")
    func deepNesting() throws {
        let input = Data(repeating: UInt8(ascii: "["), count: 1_000_000)
        for command in ["validate", "format"] {
            let outcome = try LoomBinary.run([command, "-"], stdin: input)
            #expect(outcome == .init(status: 1, stdout: "", stderr: "<stdin>:1:513: error: nesting deeper than the limit of 512\n"))
        }
    }

    @Test("binary garbage on standard input is an error, not a crash")
    func garbage() throws {
        var generator = SeededGenerator(state: 42)
        let input = Data((0..<100_000).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let outcome = try LoomBinary.run(["validate", "-"], stdin: Data([0x5B, 0x22]) + input)
        #expect(outcome.status == 1)
        #expect(outcome.stderr.hasPrefix("<stdin>:1:"))
        #expect(outcome.stderr.filter { $0 == "\n" }.count == 1)
    }
}
