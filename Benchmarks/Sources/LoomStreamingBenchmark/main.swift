// Sequential against concurrent decoding of a large JSON Lines file and a large top-level
// array, built by repeating the amazon_cellphones corpus. Results go into the Streaming article (Sources/Loom/Loom.docc/Streaming.md).
//
//   swift build -c release --package-path Benchmarks --product LoomStreamingBenchmark
//   Benchmarks/.build/release/LoomStreamingBenchmark [CORPUS.ndjson] [REPEATS] [RUNS]
import Foundation
import Loom

/// One product row of the corpus: a positional array of nine values.
struct Phone: JSONDecodable, Sendable {
    var asin: String
    var brand: String
    var title: String
    var url: String
    var image: String
    var rating: Double
    var reviewURL: String
    var totalReviews: Int
    var prices: String

    init(json element: JSONElement, context: JSONDecodingContext) throws {
        let columns = try context.array(element) { $0 }
        guard columns.count == 9 else {
            throw context.invalid("expected 9 columns, found \(columns.count)", element)
        }
        func column<T: JSONDecodable>(_ index: Int, _ type: T.Type) throws -> T {
            do {
                return try context.decode(T.self, from: columns[index])
            } catch let error as JSONDecodingError {
                throw error.prefixed(with: .index(index))
            }
        }
        asin = try column(0, String.self)
        brand = try column(1, String.self)
        title = try column(2, String.self)
        url = try column(3, String.self)
        image = try column(4, String.self)
        rating = try column(5, Double.self)
        reviewURL = try column(6, String.self)
        totalReviews = try column(7, Int.self)
        prices = try column(8, String.self)
    }
}

let arguments = CommandLine.arguments
let corpus =
    arguments.count > 1
    ? arguments[1]
    // `/…/<repo>/Benchmarks/Sources/LoomStreamingBenchmark/main.swift` → `/…/shared/corpora`.
    : URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/corpora/amazon_cellphones.ndjson").path
let repeats = arguments.count > 2 ? Int(arguments[2]) ?? 100 : 100
let runs = arguments.count > 3 ? Int(arguments[3]) ?? 5 : 5

guard let original = FileManager.default.contents(atPath: corpus) else {
    print("cannot read \(corpus)")
    exit(1)
}
// Drop the header line; keep the product rows.
var rows = [ArraySlice<UInt8>]()
for line in Array(original).split(separator: 0x0A).dropFirst() { rows.append(line) }

var lines: [UInt8] = []
var array: [UInt8] = [UInt8(ascii: "[")]
for copy in 0..<repeats {
    for (index, row) in rows.enumerated() {
        lines.append(contentsOf: row)
        lines.append(0x0A)
        if copy > 0 || index > 0 { array.append(contentsOf: ",\n".utf8) }
        array.append(contentsOf: row)
    }
}
array.append(contentsOf: "]\n".utf8)

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("loom-streaming-bench-\(getpid())")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }
let linesURL = directory.appendingPathComponent("phones.ndjson")
let arrayURL = directory.appendingPathComponent("phones.json")
try Data(lines).write(to: linesURL)
try Data(array).write(to: arrayURL)

/// User + system CPU seconds of this process so far.
func cpuSeconds() -> Double {
    var usage = rusage()
    #if canImport(Glibc)
    _ = getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
    _ = getrusage(RUSAGE_SELF, &usage)
    #endif
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

/// The median wall time of `runs` runs, and the CPU time of that same run.
func measure(_ body: @Sendable () async throws -> Int) async rethrows -> (seconds: Double, cpu: Double, count: Int) {
    var samples: [(wall: Double, cpu: Double)] = []
    var count = 0
    for _ in 0..<runs {
        let cpuStart = cpuSeconds()
        let start = DispatchTime.now().uptimeNanoseconds
        count = try await body()
        samples.append((Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, cpuSeconds() - cpuStart))
    }
    let middle = samples.sorted { $0.wall < $1.wall }[samples.count / 2]
    return (middle.wall, middle.cpu, count)
}

let cores = ProcessInfo.processInfo.activeProcessorCount
print("corpus: \(corpus) × \(repeats): \(rows.count * repeats) rows")
print("JSON Lines \(lines.count) bytes, array \(array.count) bytes; \(cores) active cores; median of \(runs) runs")
var load = [Double](repeating: 0, count: 3)
if getloadavg(&load, 3) == 3 { print(String(format: "load average before: %.2f %.2f %.2f", load[0], load[1], load[2])) }
print("")
print("| input | model | sequential | concurrent | speed-up | CPU/wall sequential | CPU/wall concurrent |")
print("| --- | --- | --- | --- | --- | --- | --- |")

for (name, format, url) in [("JSON Lines", JSONStreamFormat.jsonLines, linesURL), ("array", .array, arrayURL)] {
    let size = Double(format == .jsonLines ? lines.count : array.count) / 1_048_576
    func row<T: JSONDecodable & Sendable>(_ type: T.Type, _ label: String) async throws {
        var options = JSONStreamOptions()
        let environment = ProcessInfo.processInfo.environment
        if let value = environment["LOOM_BATCH_SIZE"].flatMap(Int.init) { options.batchSize = value }
        if let value = environment["LOOM_BATCHES_IN_FLIGHT"].flatMap(Int.init) { options.maxConcurrentBatches = value }
        let stream = JSONStream(T.self, format: format, contentsOf: url, options: options)
        let sequential = try await measure { try stream.decodeAll().count }
        let concurrent = try await measure { try await stream.decodeAllConcurrently().count }
        guard sequential.count == concurrent.count && sequential.count == rows.count * repeats else {
            print("decoded \(sequential.count) and \(concurrent.count) rows, expected \(rows.count * repeats)")
            exit(1)
        }
        func cell(_ seconds: Double) -> String {
            String(format: "%.0f ms (%.0f MB/s)", seconds * 1000, size / seconds)
        }
        print(
            "| \(name) | \(label) | \(cell(sequential.seconds)) | \(cell(concurrent.seconds)) | "
                + String(
                    format: "%.2f× | %.2f | %.2f", sequential.seconds / concurrent.seconds,
                    sequential.cpu / sequential.seconds, concurrent.cpu / concurrent.seconds)
                + " |")
    }
    try await row(Phone.self, "Phone (typed)")
    try await row(JSONValue.self, "JSONValue")
}
