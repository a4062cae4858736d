import Foundation

/// One benchmark input document, read once into memory before any timing.
struct Corpus {
    /// The file name, e.g. `twitter.json`.
    let name: String
    let data: Data
    /// Input bytes per iteration, for MB/s: the document's size, or the file's for inputs
    /// that are streamed from disk rather than held (`data` is then empty).
    let byteCount: Int
    /// The file a streamed input is read from.
    let file: URL?

    init(name: String, data: Data) {
        self.name = name
        self.data = data
        self.byteCount = data.count
        self.file = nil
    }

    init(name: String, streamedFrom file: URL, byteCount: Int) {
        self.name = name
        self.data = Data()
        self.byteCount = byteCount
        self.file = file
    }

    /// The name without extension, used in filters (`twitter`, `citm_catalog`, `canada`).
    var stem: String { name.split(separator: ".").first.map(String.init) ?? name }
}

/// Finds the corpora without copying them into the project.
enum CorpusLocator {
    static let fileNames = ["twitter.json", "citm_catalog.json", "canada.json"]

    /// `$LOOM_CORPORA` alone when set (an explicit choice must not silently fall back);
    /// otherwise `shared/corpora` beside the repository, found from this source file's
    /// path so the working directory does not matter, then the same relative to the
    /// working directory.
    static func searchDirectories() -> [URL] {
        if let override = ProcessInfo.processInfo.environment["LOOM_CORPORA"], !override.isEmpty {
            return [URL(fileURLWithPath: override, isDirectory: true)]
        }
        var directories: [URL] = []
        // …/<repo>/Benchmarks/Sources/LoomBenchmarks/Corpus.swift → …/<repo>/Benchmarks
        let benchmarksDirectory = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        directories.append(benchmarksDirectory.appendingPathComponent("../../shared/corpora").standardizedFileURL)
        let workingDirectory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        for relative in ["../shared/corpora", "../../shared/corpora"] {
            directories.append(workingDirectory.appendingPathComponent(relative).standardizedFileURL)
        }
        // Keep the order, drop repeats.
        var seen = Set<String>()
        return directories.filter { seen.insert($0.path).inserted }
    }

    /// Loads `name` from the first directory that has it; `nil` (after saying why) if none does.
    static func load(_ name: String, from directories: [URL]) -> Corpus? {
        for directory in directories {
            let url = directory.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            do {
                return Corpus(name: name, data: try Data(contentsOf: url))
            } catch {
                Log.note("skipping \(name): cannot read \(url.path): \(error)")
                return nil
            }
        }
        Log.note(
            "skipping \(name): not found in \(directories.map(\.path).joined(separator: ", ")) "
                + "(set LOOM_CORPORA to the directory that holds it)")
        return nil
    }
}

/// Progress and notes go to standard error so that standard output holds only the report.
enum Log {
    static func note(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
