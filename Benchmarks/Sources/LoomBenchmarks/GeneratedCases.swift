import Foundation
import Loom

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// MARK: Dates

/// Date-heavy events: Loom's default ISO 8601 date handling against `JSONDecoder` /
/// `JSONEncoder` with `.iso8601`. On this toolchain Foundation's `.iso8601` decoding accepts
/// fractional seconds and offsets, so both sides read the same payload; its `.iso8601`
/// encoding writes whole seconds in UTC and drops the milliseconds, so its output is checked
/// on whole seconds only (and is shorter than Loom's, which keeps them).
func dateCases(for corpus: Corpus) -> [CaseSpec] {
    [
        CaseSpec(id: "decode-models", title: "decode models (ISO 8601 dates)", corpus: corpus) {
            dateCase(corpus, decode: true)
        },
        CaseSpec(id: "encode-models", title: "encode models (ISO 8601 dates)", corpus: corpus) {
            dateCase(corpus, decode: false)
        },
    ]
}

private func dateCase(_ corpus: Corpus, decode: Bool) -> BenchmarkCase {
    let data = corpus.data
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    if decode {
        return BenchmarkCase(
            id: "decode-models", title: "decode models (ISO 8601 dates)", corpus: corpus,
            loom: Side(label: "DateEvents(jsonData:)") { try DateEvents(jsonData: data).topLevelCount },
            foundation: Side(label: "JSONDecoder (.iso8601)") { try decoder.decode(DateEvents.self, from: data).topLevelCount },
            check: {
                let reference = try DateEvents.digest(of: JSONValue(parsing: data))
                try expectEqual(try decoder.decode(DateEvents.self, from: data).digest, reference, "JSONDecoder and reference digests")
                try expectEqual(try DateEvents(jsonData: data).digest, reference, "Loom and reference digests")
            },
            expectedAllocations: { ExpectedAllocations.count(in: try DateEvents(jsonData: data)) })
    }
    let loomModel = Prepared { try DateEvents(jsonData: data) }
    let foundationModel = Prepared { try decoder.decode(DateEvents.self, from: data) }
    return BenchmarkCase(
        id: "encode-models", title: "encode models (ISO 8601 dates)", corpus: corpus,
        loom: Side(label: "DateEvents.jsonData()", prepare: { _ = try loomModel.get() }) { try loomModel.get().jsonData().count },
        foundation: Side(label: "JSONEncoder (.iso8601)", prepare: { _ = try foundationModel.get() }) {
            try encoder.encode(try foundationModel.get()).count
        },
        check: {
            let reference = try DateEvents.digest(of: JSONValue(parsing: data))
            // Loom keeps the milliseconds: its output must read back (in Foundation) exactly.
            let loomBytes = try loomModel.get().jsonData()
            try expectEqual(try decoder.decode(DateEvents.self, from: loomBytes).digest, reference, "digests before and after Loom encoding")
            // Foundation's .iso8601 writes whole seconds: compare those.
            let foundationBytes = try encoder.encode(try foundationModel.get())
            try expectEqual(
                try decoder.decode(DateEvents.self, from: foundationBytes).digest.removing("dates.millis"),
                reference.removing("dates.millis"), "whole-second digests before and after JSONEncoder")
        })
}

// MARK: JSON Lines

/// A large JSON Lines file of small records, decoded record by record without keeping them:
/// Loom's `JSONStream` against `JSONDecoder` on each line (read with the same 64 KiB POSIX
/// reads and `memchr` that `JSONStream` uses); Loom's `decodeAllConcurrently()` runs in the same
/// rounds. Timed by the wall clock, since the concurrent side works on other threads.
func jsonLinesCases(for corpus: Corpus) -> [CaseSpec] {
    [CaseSpec(id: "stream-decode", title: "JSON Lines → models", corpus: corpus) { jsonLinesCase(corpus) }]
}

private func jsonLinesCase(_ corpus: Corpus) -> BenchmarkCase {
    let url = corpus.file ?? URL(fileURLWithPath: "/nonexistent")
    let path = url.path
    let stream = JSONStream(LargeRecord.self, format: .jsonLines, contentsOf: url)
    let sequential = Side(label: "JSONStream (sequential)") {
        var total = 0
        for result in stream { total &+= try result.get().id }
        return total
    }
    let foundation = Side(label: "JSONDecoder per line") {
        let decoder = JSONDecoder()
        var total = 0
        try forEachLine(path: path) { line in total &+= try decoder.decode(LargeRecord.self, from: Data(line)).id }
        return total
    }
    let concurrent = Side(label: "JSONStream.decodeAllConcurrently()") {
        try runBlocking { try await stream.decodeAllConcurrently() }.reduce(0) { $0 &+ $1.id }
    }
    return BenchmarkCase(
        id: "stream-decode", title: "JSON Lines → models", corpus: corpus,
        loom: sequential, foundation: foundation, extras: [concurrent], wallClock: true,
        check: {
            var loomDigest = ModelDigest()
            for result in stream { try result.get().add(to: &loomDigest) }
            var foundationDigest = ModelDigest()
            let decoder = JSONDecoder()
            try forEachLine(path: path) { line in try decoder.decode(LargeRecord.self, from: Data(line)).add(to: &foundationDigest) }
            try expectEqual(loomDigest, foundationDigest, "JSONStream and JSONDecoder-per-line digests")
            var concurrentDigest = ModelDigest()
            for record in try runBlocking({ try await stream.decodeAllConcurrently() }) { record.add(to: &concurrentDigest) }
            try expectEqual(concurrentDigest, foundationDigest, "decodeAllConcurrently and JSONDecoder-per-line digests")
        })
}

/// Calls `body` with each non-empty line of the file (without its `\n`), reading 64 KiB at a
/// time; a line longer than the buffer grows it.
func forEachLine(path: String, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw CheckFailure("cannot open \(path): errno \(errno)") }
    defer { close(descriptor) }
    var capacity = 64 << 10
    var buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    defer { buffer.deallocate() }
    var start = 0
    var end = 0
    while true {
        while start < end, let newline = memchr(buffer + start, 0x0A, end - start) {
            let lineEnd = buffer.distance(to: newline)
            if lineEnd > start { try body(UnsafeRawBufferPointer(start: buffer + start, count: lineEnd - start)) }
            start = lineEnd + 1
        }
        if start > 0 {
            memmove(buffer, buffer + start, end - start)
            end -= start
            start = 0
        }
        if end == capacity {
            let grown = UnsafeMutableRawPointer.allocate(byteCount: capacity * 2, alignment: 16)
            grown.copyMemory(from: buffer, byteCount: end)
            buffer.deallocate()
            buffer = grown
            capacity *= 2
        }
        let count = read(descriptor, buffer + end, capacity - end)
        if count < 0 { throw CheckFailure("reading \(path) failed: errno \(errno)") }
        if count == 0 {
            if end > start { try body(UnsafeRawBufferPointer(start: buffer + start, count: end - start)) }
            return
        }
        end += count
    }
}

/// Runs async work to completion from synchronous benchmark code (the harness's sides are
/// synchronous). The calling thread blocks; the work runs on the cooperative pool.
func runBlocking<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        do { box.result = .success(try await work()) } catch { box.result = .failure(error) }
        done.signal()
    }
    done.wait()
    guard let result = box.result else { throw CheckFailure("async work produced no result") }
    return try result.get()
}

/// Written by the task before it signals, read by the waiter after: the semaphore orders them.
private final class ResultBox<T>: @unchecked Sendable {
    var result: Result<T, any Error>?
}
