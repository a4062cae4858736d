import Foundation
import Loom
import Testing

@Suite("Streaming: AsyncSequence")
struct StreamingAsyncTests {
    let text = """
        {"login":"a","id":1}
        {"login":"b","id":2}
        {"login":"c","id":3}

        """

    @Test func iteratesFilesWithForTryAwait() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let url = directory.file("users.ndjson")
        try Data(text.utf8).write(to: url)
        var logins: [String] = []
        for try await user in JSONAsyncStream(HandUser.self, format: .jsonLines, contentsOf: url, options: .chunked(5)) {
            logins.append(user.login)
        }
        #expect(logins == ["a", "b", "c"])

        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        #expect(try await JSONAsyncStream(HandUser.self, format: .jsonLines, fileHandle: handle).decodeAll().count == 3)
    }

    @Test(arguments: [1, 4, 4096])
    func readsAnAsyncSequenceOfBytes(chunkSize: Int) async throws {
        let bytes = Array("[1, [2, \"]\"], {\"x\": 3}]".utf8)
        let source = AsyncStream<UInt8> { continuation in
            for byte in bytes { continuation.yield(byte) }
            continuation.finish()
        }
        let values = try await JSONAsyncStream(JSONValue.self, format: .array, bytes: source, options: .chunked(chunkSize))
            .decodeAll()
        #expect(values == [1, [2, "]"], ["x": 3]])
    }

    @Test func readsAnAsyncSequenceOfChunks() async throws {
        // Chunks that split lines, escapes and multi-byte characters anywhere.
        let bytes = Array("{\"login\":\"é\\\"\",\"id\":1}\n{\"login\":\"b\",\"id\":2}\n".utf8)
        let chunks = AsyncStream<Data> { continuation in
            var offset = 0
            for size in [3, 1, 9, 2, 30, 100] where offset < bytes.count {
                let end = min(offset + size, bytes.count)
                continuation.yield(Data(bytes[offset..<end]))
                offset = end
            }
            continuation.finish()
        }
        let users = try await JSONAsyncStream(HandUser.self, format: .jsonLines, chunks: chunks).decodeAll()
        #expect(users == [HandUser(login: "é\"", id: 1), HandUser(login: "b", id: 2)])
    }

    @Test func throwsWithThePositionAndStops() async throws {
        let bad = text.replacingOccurrences(of: #""id":2"#, with: #""id":2.5"#)
        var iterator = JSONAsyncStream(HandUser.self, format: .jsonLines, bytes: Array(bad.utf8)).makeAsyncIterator()
        #expect(try await iterator.next()?.login == "a")
        let error = try await #require(throws: JSONStreamError.self) { try await iterator.next() }
        #expect(error.description == "line 2, column 19: id: expected Int, found number 2.5, which is not an integer")
        #expect(try await iterator.next() == nil)

        let skipped = SkippedErrors()
        let users = try await JSONAsyncStream(HandUser.self, format: .jsonLines, bytes: Array(bad.utf8), options: skipped.options())
            .decodeAll()
        #expect(users.map(\.login) == ["a", "c"])
        #expect(skipped.descriptions == ["line 2, column 19: id: expected Int, found number 2.5, which is not an integer"])
    }

    @Test func sourceErrorsBecomeIOErrors() async throws {
        struct Dropped: Error, CustomStringConvertible { var description: String { "connection dropped" } }
        let chunks = AsyncThrowingStream<[UInt8], any Error> { continuation in
            continuation.yield(Array("1\n2\n".utf8))
            continuation.finish(throwing: Dropped())
        }
        var iterator = JSONAsyncStream(JSONValue.self, format: .jsonLines, chunks: chunks).makeAsyncIterator()
        #expect(try await iterator.next() == 1)
        #expect(try await iterator.next() == 2)
        let error = try await #require(throws: JSONStreamError.self) { try await iterator.next() }
        #expect(error.kind == .io)
        #expect(error.description == "reading the input failed: connection dropped")
    }
}
