import Foundation
@_spi(Testing) import Loom
import Testing

@Suite("Streaming: JSON Lines")
struct StreamingJSONLinesTests {
    let good = "{\"login\":\"a\",\"id\":1}\n\n  \n{\"login\":\"b\",\"id\":2}\r\n{\"login\":\"c\",\"id\":3}"

    @Test(arguments: [1, 2, 3, 7, 64, 65536])
    func decodesLinesAcrossChunkBoundaries(chunkSize: Int) throws {
        let stream = JSONStream(HandUser.self, format: .jsonLines, bytes: Array(good.utf8), options: .chunked(chunkSize))
        #expect(try stream.decodeAll() == [HandUser(login: "a", id: 1), HandUser(login: "b", id: 2), HandUser(login: "c", id: 3)])
        // The stream starts afresh for each iteration.
        #expect(try stream.decodeAll().count == 3)
    }

    @Test func anyValueMayBeALine() throws {
        let text = "1\n\"two\"\n[3]\nnull\n{\"five\":5}\n"
        let values = try JSONStream(JSONValue.self, format: .jsonLines, bytes: Array(text.utf8)).decodeAll()
        #expect(values == [1, "two", [3], nil, ["five": 5]])
        #expect(try JSONStream(JSONValue.self, format: .jsonLines, bytes: []).decodeAll() == [])
        #expect(try JSONStream(JSONValue.self, format: .jsonLines, bytes: Array("\n\n".utf8)).decodeAll() == [])
    }

    let mixed = """
        {"login":"a","id":1}
        {"login":"b","id":2}
        {"login":"b","id":}
        {"login":"c","id":"x"}
        {"login":"d","id":4}
        """

    @Test func aBadLineEndsTheStreamWithItsLineAndColumn() throws {
        let (values, failure) = collect(JSONStream(HandUser.self, format: .jsonLines, bytes: Array(mixed.utf8)))
        #expect(values == [HandUser(login: "a", id: 1), HandUser(login: "b", id: 2)])
        let error = try #require(failure)
        #expect(error.kind == .syntax)
        #expect(error.description == "line 3, column 19: expected a value, found '}'")
        #expect(error.elementIndex == 2)
        #expect(error.syntaxError?.line == 3)
        #expect(error.syntaxError?.column == 19)
        #expect(error.byteOffset == 42 + 18)
        #expect(error.syntaxError?.byteOffset == 60)
    }

    @Test func decodeAllThrowsTheFirstError() throws {
        let error = try #require(throws: JSONStreamError.self) {
            try JSONStream(HandUser.self, format: .jsonLines, bytes: Array(mixed.utf8)).decodeAll()
        }
        #expect(error.description == "line 3, column 19: expected a value, found '}'")
    }

    @Test(arguments: [3, 4096])
    func skipsBadLinesAndReportsThem(chunkSize: Int) throws {
        let skipped = SkippedErrors()
        let stream = JSONStream(
            HandUser.self, format: .jsonLines, bytes: Array(mixed.utf8), options: skipped.options(.chunked(chunkSize)))
        #expect(try stream.decodeAll().map(\.login) == ["a", "b", "d"])
        #expect(skipped.descriptions == [
            "line 3, column 19: expected a value, found '}'",
            #"line 4, column 19: id: expected Int, found string "x""#,
        ])
        let decoding = try #require(skipped.all.last)
        #expect(decoding.kind == .decoding)
        #expect(decoding.decodingError?.pathDescription == "id")
        #expect(decoding.decodingError?.line == 4)
        #expect(decoding.decodingError?.column == 19)
    }

    @Test(arguments: [1, 5, 16, 4096])
    func enforcesTheElementSizeLimit(chunkSize: Int) throws {
        let long = "{\"login\":\"" + String(repeating: "x", count: 100) + "\",\"id\":9}"
        let text = "{\"login\":\"a\",\"id\":1}\n\(long)\n{\"login\":\"c\",\"id\":3}\n"
        let limit = 40
        let error = try #require(throws: JSONStreamError.self) {
            try JSONStream(HandUser.self, format: .jsonLines, bytes: Array(text.utf8), options: .chunked(chunkSize, maxElementSize: limit))
                .decodeAll()
        }
        #expect(error.kind == .elementTooLarge)
        #expect(error.description == "line 2, column 1: element is larger than the limit of 40 bytes")

        let skipped = SkippedErrors()
        let stream = JSONStream(
            HandUser.self, format: .jsonLines, bytes: Array(text.utf8),
            options: skipped.options(.chunked(chunkSize, maxElementSize: limit)))
        var iterator = stream.makeIterator()
        var logins: [String] = []
        while let user = try iterator.nextElement() { logins.append(user.login) }
        #expect(logins == ["a", "c"])
        #expect(skipped.descriptions == ["line 2, column 1: element is larger than the limit of 40 bytes"])
        // The oversized line was dropped while scanning, never held whole.
        #expect(iterator._peakBufferCapacity <= 2 * (limit + chunkSize))
    }

    @Test func aLineOfExactlyTheLimitIsAccepted() throws {
        let line = #"{"login":"abc","id":1}"#  // 22 bytes
        let text = line + "\r\n" + line
        let values = try JSONStream(
            HandUser.self, format: .jsonLines, bytes: Array(text.utf8), options: .chunked(4, maxElementSize: 22)
        ).decodeAll()
        #expect(values.count == 2)
    }

    @Test func memoryStaysBoundedByTheLargestElement() throws {
        // 3 MB of generated lines, one of them 256 KiB, read in 4 KiB chunks.
        let row = Array("{\"login\":\"someone\",\"id\":12345}\n".utf8)
        let big = Array(("{\"login\":\"" + String(repeating: "y", count: 1 << 18) + "\",\"id\":0}\n").utf8)
        let rows = 3_000_000 / row.count
        let stream = JSONStream(
            HandUser.self, format: .jsonLines,
            reader: {
                var produced = 0
                var pending: ArraySlice<UInt8> = []
                return { buffer in
                    var written = 0
                    while written < buffer.count {
                        if pending.isEmpty {
                            guard produced < rows else { break }
                            pending = produced == rows / 2 ? big[...] : row[...]
                            produced += 1
                        }
                        let count = min(buffer.count - written, pending.count)
                        UnsafeMutableRawBufferPointer(rebasing: buffer[written..<written + count])
                            .copyBytes(from: pending.prefix(count))
                        pending = pending.dropFirst(count)
                        written += count
                    }
                    return written
                }
            }, options: .chunked(4096, maxElementSize: 1 << 20))
        var iterator = stream.makeIterator()
        var count = 0
        var longest = 0
        while let user = try iterator.nextElement() {
            count += 1
            longest = max(longest, user.login.utf8.count)
        }
        #expect(count == rows)
        #expect(longest == 1 << 18)
        // About twice the largest line (the buffer doubles as it grows), not the 3 MB input.
        #expect(iterator._peakBufferCapacity <= 2 * (big.count + 4096), "peak \(iterator._peakBufferCapacity) bytes")
    }

    /// Lines much shorter than a chunk keep the buffer at one chunk, although most reads
    /// end inside a line: the rest of that line moves to the front and the next read fills
    /// the space after it.
    @Test(arguments: [64, 4096])
    func shortLinesKeepTheBufferAtOneChunk(chunkSize: Int) throws {
        let lines = (0..<2_000).map { #"{"login":"user\#($0)","id":\#($0)}"# }
        let stream = JSONStream(
            HandUser.self, format: .jsonLines, bytes: Array(lines.joined(separator: "\n").utf8),
            options: .chunked(chunkSize, maxElementSize: 1 << 20))
        var iterator = stream.makeIterator()
        var ids: [Int] = []
        while let user = try iterator.nextElement() { ids.append(user.id) }
        #expect(ids == Array(0..<2_000))
        #expect(iterator._peakBufferCapacity == chunkSize)
    }

    @Test func readsFilesAndFileHandles() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("users.ndjson")
        try Data(good.utf8).write(to: url)
        #expect(try JSONStream(HandUser.self, format: .jsonLines, contentsOf: url).decodeAll().count == 3)

        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        try handle.seek(toOffset: 21)  // skip the first line
        let users = try JSONStream(HandUser.self, format: .jsonLines, fileHandle: handle).decodeAll()
        #expect(users.map(\.login) == ["b", "c"])

        let missing = directory.file("missing.ndjson")
        let error = try #require(throws: JSONStreamError.self) {
            try JSONStream(HandUser.self, format: .jsonLines, contentsOf: missing).decodeAll()
        }
        #expect(error.kind == .io)
        #expect(error.description == "could not open \(missing.path): No such file or directory (errno 2)")
    }

    @Test func readerErrorsEndTheStream() throws {
        struct Broken: Error, CustomStringConvertible { var description: String { "connection reset" } }
        let stream = JSONStream(
            JSONValue.self, format: .jsonLines,
            reader: {
                var calls = 0
                return { buffer in
                    calls += 1
                    guard calls == 1 else { throw Broken() }
                    buffer.copyBytes(from: Array("1\n2\n3".utf8))
                    return 5
                }
            }, options: SkippedErrors().options())
        let (values, failure) = collect(stream)
        #expect(values == [1, 2])
        #expect(failure?.kind == .io)
        #expect(failure?.description == "reading the input failed: connection reset")
    }
}
