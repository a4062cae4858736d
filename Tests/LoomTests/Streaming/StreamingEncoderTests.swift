import Foundation
import Loom
import Testing

@Suite("Streaming: JSON Lines encoding")
struct StreamingEncoderTests {
    let users = [HandUser(login: "ada", id: 1), HandUser(login: "line\nbreak", id: 2)]

    @Test func writesOneCompactDocumentPerLine() throws {
        let bytes = try JSONLinesEncoder().encode(users)
        #expect(String(decoding: bytes, as: UTF8.self) == "{\"login\":\"ada\",\"id\":1}\n{\"login\":\"line\\nbreak\",\"id\":2}\n")
        #expect(try JSONLinesEncoder().encode([HandUser]()) == [])
    }

    @Test func ignoresPrettyPrintingButKeepsOtherOptions() throws {
        var encoder = JSONModelEncoder(options: .pretty())
        encoder.writingOptions.sortedKeys = true
        let bytes = try JSONLinesEncoder(encoder: encoder).encode(users.prefix(1))
        #expect(String(decoding: bytes, as: UTF8.self) == "{\"id\":1,\"login\":\"ada\"}\n")
        var lines = JSONLinesEncoder()
        lines.encoder.writingOptions.prettyPrinted = true
        #expect(String(decoding: try lines.encode(users.prefix(1)), as: UTF8.self) == "{\"login\":\"ada\",\"id\":1}\n")
    }

    @Test func roundTripsThroughTheStreamReader() throws {
        let many = (0..<1000).map { HandUser(login: "user \($0) \u{1F600}", id: $0) }
        let bytes = try JSONLinesEncoder().encode(many)
        #expect(try JSONStream(HandUser.self, format: .jsonLines, bytes: bytes, options: .chunked(100)).decodeAll() == many)
    }

    @Test func writesToFileHandlesAndAtomicallyToFiles() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let many = (0..<5000).map { HandUser(login: "u\($0)", id: $0) }

        let url = directory.file("users.ndjson")
        try JSONLinesEncoder().write(many, to: url)
        #expect(try JSONStream(HandUser.self, format: .jsonLines, contentsOf: url).decodeAll() == many)

        let appended = directory.file("handle.ndjson")
        _ = FileManager.default.createFile(atPath: appended.path, contents: Data("{\"login\":\"first\",\"id\":0}\n".utf8))
        let handle = try FileHandle(forWritingTo: appended)
        try handle.seekToEnd()
        try JSONLinesEncoder().write(many, to: handle)
        try handle.close()
        #expect(try JSONStream(HandUser.self, format: .jsonLines, contentsOf: appended).decodeAll().count == 5001)

        // A value that cannot be encoded leaves the previous file untouched.
        struct NotANumber: JSONEncodable {
            func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws { try writer.write(Double.infinity) }
        }
        #expect(throws: JSONError.self) { try JSONLinesEncoder().write([NotANumber()], to: url) }
        #expect(try JSONStream(HandUser.self, format: .jsonLines, contentsOf: url).decodeAll().count == 5000)
        #expect(try directory.names() == ["handle.ndjson", "users.ndjson"])
    }
}
