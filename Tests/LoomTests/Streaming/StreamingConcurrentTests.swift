import Foundation
import Loom
import Testing

@Suite("Streaming: concurrent decoding")
struct StreamingConcurrentTests {
    func users(_ count: Int, bad: Set<Int> = []) -> [String] {
        (0..<count).map { index in
            bad.contains(index) ? #"{"login":"u\#(index)","id":"bad"}"# : #"{"login":"u\#(index)","id":\#(index)}"#
        }
    }

    func options(batchSize: Int, concurrency: Int = 4) -> JSONStreamOptions {
        var options = JSONStreamOptions.chunked(1000)
        options.batchSize = batchSize
        options.maxConcurrentBatches = concurrency
        return options
    }

    @Test(arguments: [1, 100, 1 << 20])
    func keepsInputOrder(batchSize: Int) async throws {
        let lines = users(3000).joined(separator: "\n")
        let array = "[" + users(3000).joined(separator: ",\n") + "]"
        for (format, text) in [(JSONStreamFormat.jsonLines, lines), (.array, array)] {
            let stream = JSONStream(HandUser.self, format: format, bytes: Array(text.utf8), options: options(batchSize: batchSize))
            let concurrent = try await stream.decodeAllConcurrently()
            #expect(concurrent.map(\.id) == Array(0..<3000))
            #expect(try concurrent == stream.decodeAll())
        }
    }

    @Test func throwsTheEarliestFailingElement() async throws {
        let lines = users(3000, bad: [2900, 1700, 1701]).joined(separator: "\n")
        for batchSize in [64, 4096, 1 << 20] {
            let stream = JSONStream(HandUser.self, format: .jsonLines, bytes: Array(lines.utf8), options: options(batchSize: batchSize))
            let error = try await #require(throws: JSONStreamError.self) { try await stream.decodeAllConcurrently() }
            #expect(error.description == #"line 1701, column 23: id: expected Int, found string "bad""#, "batch size \(batchSize)")
            #expect(error.elementIndex == 1700)
        }
    }

    @Test func reportsSkippedErrorsInInputOrder() async throws {
        let bad: Set<Int> = [5, 999, 1000, 2998]
        let lines = users(3000, bad: bad).joined(separator: "\n")
        let skipped = SkippedErrors()
        let stream = JSONStream(
            HandUser.self, format: .jsonLines, bytes: Array(lines.utf8), options: skipped.options(options(batchSize: 256)))
        let decoded = try await stream.decodeAllConcurrently()
        #expect(decoded.map(\.id) == (0..<3000).filter { !bad.contains($0) })
        #expect(skipped.all.compactMap(\.elementIndex) == [5, 999, 1000, 2998])
        #expect(skipped.all.compactMap(\.line) == [6, 1000, 1001, 2999])
    }

    @Test func framingErrorsAreThrownAfterTheElementsBeforeThem() async throws {
        let array = "[" + users(500).joined(separator: ",") + "] trailing"
        let skipped = SkippedErrors()
        let stream = JSONStream(
            HandUser.self, format: .array, bytes: Array(array.utf8), options: skipped.options(options(batchSize: 100)))
        let error = try await #require(throws: JSONStreamError.self) { try await stream.decodeAllConcurrently() }
        #expect(error.kind == .framing)
        #expect(error.description.hasSuffix(": unexpected 't' after the top-level array"))
        let earlier = "[" + users(500, bad: [10]).joined(separator: ",") + "] trailing"
        let first = try await #require(throws: JSONStreamError.self) {
            try await JSONStream(HandUser.self, format: .array, bytes: Array(earlier.utf8), options: options(batchSize: 100))
                .decodeAllConcurrently()
        }
        #expect(first.kind == .decoding)
        #expect(first.elementIndex == 10)
    }

    @Test func decodesTheCorpusLikeTheSequentialReader() async throws {
        guard let url = corpus("amazon_cellphones.ndjson") else { return }
        var base = JSONStreamOptions()
        base.batchSize = 8 << 10
        let skipped = SkippedErrors()
        let stream = JSONStream(Phone.self, format: .jsonLines, contentsOf: url, options: skipped.options(base))
        let concurrent = try await stream.decodeAllConcurrently()
        let sequential = try stream.decodeAll()
        #expect(concurrent.count == 792)
        #expect(concurrent == sequential)
        #expect(skipped.all.count == 2)  // the header line, once per run
    }

    @Test func stopsWhenTheTaskIsCancelled() async throws {
        // An endless input: only cancellation ends the decode.
        let line = Array("{\"login\":\"x\",\"id\":1}\n".utf8)
        let stream = JSONStream(
            HandUser.self, format: .jsonLines,
            reader: {
                { buffer in
                    let count = buffer.count / line.count * line.count
                    for offset in stride(from: 0, to: count, by: line.count) {
                        UnsafeMutableRawBufferPointer(rebasing: buffer[offset..<offset + line.count]).copyBytes(from: line)
                    }
                    return count
                }
            }, options: options(batchSize: 4096))
        let task = Task { try await stream.decodeAllConcurrently() }
        try await Task.sleep(nanoseconds: 50_000_000)
        task.cancel()
        let error = try await #require(throws: JSONStreamError.self) { try await task.value }
        #expect(error.kind == .cancelled)
        #expect(error.description == "decoding was cancelled")
    }
}
