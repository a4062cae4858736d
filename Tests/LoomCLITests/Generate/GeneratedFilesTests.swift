import Foundation
import Testing

/// One line of `Generate/Manifest.txt`: a committed file and the `loom generate` arguments
/// that produce it.
struct ManifestEntry: CustomTestStringConvertible, Sendable {
    /// The committed file, relative to the package root.
    var output: String
    /// Arguments after `generate`, with paths relative to the package root.
    var arguments: [String]

    var testDescription: String { output }

    /// The output is a directory of files, one per type (`--file-per-type`).
    var isDirectory: Bool { arguments.contains("--file-per-type") }

    /// The JSON inputs among the arguments.
    var inputs: [String] { arguments.filter { $0.hasSuffix(".json") } }

    /// Whether an input comes from the shared corpora, which may be absent.
    var usesCorpora: Bool { inputs.contains { $0.hasPrefix("../shared/corpora/") } }

    /// The arguments with input paths made absolute.
    var resolvedArguments: [String] {
        arguments.map { $0.hasSuffix(".json") ? packageRoot.appendingPathComponent($0).standardized.path : $0 }
    }

    static let manifestURL = packageRoot.appendingPathComponent("Tests/LoomCLITests/Generate/Manifest.txt")

    static let all: [ManifestEntry] = {
        guard let text = try? String(contentsOf: manifestURL, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ").map(String.init)
            guard let first = fields.first, !first.hasPrefix("#") else { return nil }
            return ManifestEntry(output: first, arguments: Array(fields.dropFirst()))
        }
    }()

    static let corporaURL = packageRoot.appendingPathComponent("../shared/corpora").standardized
    static var corporaPresent: Bool {
        ["twitter.json", "citm_catalog.json", "canada.json"].allSatisfy {
            FileManager.default.fileExists(atPath: corporaURL.appendingPathComponent($0).path)
        }
    }
}

@Suite("loom generate: committed output")
struct GeneratedFilesTests {
    @Test("the manifest lists the golden files and every generated Swift file of LoomGeneratedTests")
    func manifestIsComplete() throws {
        let entries = ManifestEntry.all
        #expect(entries.count >= 20)
        let generated = packageRoot.appendingPathComponent("Tests/LoomGeneratedTests/Generated")
        let files = try FileManager.default.contentsOfDirectory(atPath: generated.path).filter {
            $0.hasSuffix(".swift") || !$0.contains(".")
        }
        let listed = Set(entries.map { URL(fileURLWithPath: $0.output).lastPathComponent })
        for file in files { #expect(listed.contains(file), "\(file) is not in Manifest.txt") }
        let golden = packageRoot.appendingPathComponent("Tests/LoomCLITests/Generate/Golden")
        for file in try FileManager.default.contentsOfDirectory(atPath: golden.path) {
            #expect(listed.contains(file), "\(file) is not in Manifest.txt")
        }
    }

    @Test("each committed file is exactly what loom generate prints now", arguments: ManifestEntry.all.filter { !$0.usesCorpora })
    func matchesOutput(entry: ManifestEntry) throws {
        try check(entry)
    }

    @Test(
        "each committed corpus model is exactly what loom generate prints now",
        .enabled(if: ManifestEntry.corporaPresent, "../shared/corpora (twitter.json, citm_catalog.json, canada.json) is absent"),
        arguments: ManifestEntry.all.filter(\.usesCorpora))
    func matchesCorpusOutput(entry: ManifestEntry) throws {
        try check(entry)
    }

    private func check(_ entry: ManifestEntry, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if entry.isDirectory { return try checkDirectory(entry, sourceLocation: sourceLocation) }
        let result = loom(["generate"] + entry.resolvedArguments)
        #expect(result.exitCode == 0, sourceLocation: sourceLocation)
        // Warnings (a JSON Schema's constructs that became JSONValue) are pinned by their own tests.
        let errors = result.standardError.split(separator: "\n").filter { !$0.contains(": warning: ") }
        #expect(errors.isEmpty, "\(result.standardError)", sourceLocation: sourceLocation)
        let committed = try Data(contentsOf: packageRoot.appendingPathComponent(entry.output))
        let matches = Array(committed) == result.standardOutputBytes
        #expect(
            matches, "\(entry.output) differs from the output of loom generate; run scripts/regenerate-golden.sh",
            sourceLocation: sourceLocation)
        if !matches, let line = firstDifference(String(decoding: committed, as: UTF8.self), result.standardOutput) {
            Issue.record("first difference: \(line)", sourceLocation: sourceLocation)
        }
    }

    /// A `--file-per-type` output: the same file names, each with the same bytes.
    private func checkDirectory(_ entry: ManifestEntry, sourceLocation: SourceLocation) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let result = loom(["generate"] + entry.resolvedArguments + ["--output", directory.url.path])
        #expect(result.exitCode == 0, sourceLocation: sourceLocation)
        #expect(result.standardError == "", sourceLocation: sourceLocation)
        let committed = packageRoot.appendingPathComponent(entry.output)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted()
        let committedNames = try FileManager.default.contentsOfDirectory(atPath: committed.path).sorted()
        #expect(
            committedNames == names, "\(entry.output) holds other files than loom generate writes; run scripts/regenerate-golden.sh",
            sourceLocation: sourceLocation)
        for name in names where committedNames.contains(name) {
            let expected = try String(contentsOf: committed.appendingPathComponent(name), encoding: .utf8)
            let written = try String(contentsOf: directory.url.appendingPathComponent(name), encoding: .utf8)
            #expect(expected == written, "\(entry.output)/\(name) differs from the output of loom generate", sourceLocation: sourceLocation)
            if expected != written, let line = firstDifference(expected, written) {
                Issue.record("first difference: \(line)", sourceLocation: sourceLocation)
            }
        }
    }

    private func firstDifference(_ committed: String, _ output: String) -> String? {
        let a = committed.split(separator: "\n", omittingEmptySubsequences: false)
        let b = output.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(a.count, b.count) {
            let left = index < a.count ? String(a[index]) : "<end>"
            let right = index < b.count ? String(b[index]) : "<end>"
            if left != right { return "line \(index + 1): committed \(left.debugDescription), now \(right.debugDescription)" }
        }
        return nil
    }
}
