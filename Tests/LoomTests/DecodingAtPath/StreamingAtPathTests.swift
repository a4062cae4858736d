import Foundation
import PropertyBased
import Testing

@_spi(Testing) @testable import Loom

@Suite("Decoding at a path: streaming the array inside an envelope")
struct StreamingAtPathTests {
    /// Brackets, braces, quotes and escapes in the envelope, before and after the array.
    let envelope = #"""
        {"meta": {"note": "]}\"[{", "pages": [1, [2, {"x": "}"}]], "n": -1.5e3, "ok": true},
         "da\u0074a": {"cursor": null, "items": [{"login": "a", "id": 1}, {"login": "b", "id": 2},
                                               {"login": "c", "id": 3}], "more": "\\"},
         "tail": [{}, [], "]"]}
        """#

    @Test(arguments: [1, 2, 3, 7, 64, 4096])
    func streamsTheArrayAtThePath(chunkSize: Int) throws {
        let owners = try JSONStream(Owner.self, bytes: Array(envelope.utf8), at: "data.items", options: .chunked(chunkSize))
            .decodeAll()
        #expect(owners.map(\.login) == ["a", "b", "c"])
        #expect(owners == (try [Owner](jsonString: envelope, at: "data.items")))
        let pages = try JSONStream(JSONValue.self, data: Data(envelope.utf8), at: "meta.pages[1]", options: .chunked(chunkSize))
            .decodeAll()
        #expect(pages == [2, ["x": "}"]])
    }

    @Test func decodesConcurrentlyAtThePath() async throws {
        let owners = try await JSONStream(Owner.self, bytes: Array(envelope.utf8), at: "data.items", options: .chunked(5))
            .decodeAllConcurrently()
        #expect(owners.map(\.id) == [1, 2, 3])
        let text = #"{"data": {"items": [{"login": "a", "id": 1}, {"login": "b", "id": true}]}}"#
        do {
            _ = try await JSONStream(Owner.self, bytes: Array(text.utf8), at: "data.items").decodeAllConcurrently()
            Issue.record("decoded an element whose id is true")
        } catch {
            #expect(error.description == "line 1, column 67: data.items[1].id: expected Int, found true")
        }
    }

    @Test(arguments: [
        ("data.itemz", "line 3, column 78: data.itemz: missing key \"itemz\""),
        ("meta.pages[5]", "line 1, column 57: meta.pages[5]: index 5 is out of range, the array has 2 elements"),
        ("meta.note", "line 1, column 19: expected an array at meta.note, found '\"'"),
        ("meta.n.x", "line 1, column 65: expected an object at meta.n, found '-'"),
        ("data.items[1", "invalid path \"data.items[1\": '[' without ']'"),
    ])
    func aMissingPathIsAFramingError(path: String, message: String) throws {
        for chunkSize in [1, 4096] {
            let error = try #require(throws: JSONStreamError.self) {
                try JSONStream(Owner.self, bytes: Array(envelope.utf8), at: path, options: .chunked(chunkSize)).decodeAll()
            }
            #expect(error.kind == .framing)
            #expect(error.description == message)
        }
    }

    @Test func decodingErrorsCarryThePathFromTheRoot() throws {
        let text = #"{"data": {"items": [{"login": "a", "id": 1}, {"login": "b", "id": "2"}]}}"#
        let error = try #require(throws: JSONStreamError.self) {
            try JSONStream(Owner.self, bytes: Array(text.utf8), at: "data.items").decodeAll()
        }
        #expect(error.description == #"line 1, column 67: data.items[1].id: expected Int, found string "2""#)
        #expect(error.decodingError?.pathDescription == "data.items[1].id")
        let whole = try #require(throws: JSONDecodingError.self) { try [Owner](jsonString: text, at: "data.items") }
        #expect(whole.pathDescription == "data.items[1].id")
        #expect(whole.column == error.column)
    }

    @Test func malformedEnvelopesAndRepeatedKeys() throws {
        for (text, message) in [
            (#"{"data": {"items": [1]} "x": 1}"#, "line 1, column 25: expected ',' or '}' after a member, found '\"'"),
            (#"{"data": {"items": [1]}"#, "line 1, column 24: unexpected end of input after the array at data.items, expected the enclosing containers to close"),
            (#"{"data" {"items": [1]}}"#, "line 1, column 9: expected ':' after a key, found '{'"),
            (#"{"data": {"items": [1]}} x"#, "line 1, column 26: unexpected 'x' after the top-level value"),
            (#"{"data": {"items": [1]}, "data": {"items": [2]}}"#, "line 1, column 32: the key \"data\" repeats after the streamed array; a stream reads the first (set duplicateKeys to .useFirst to skip the others)"),
            (#"{"data": {"x": "#, "line 1, column 16: unexpected end of input before the array at data.items"),
            (#"[1]"#, "line 1, column 1: expected an object at the root, found '['"),
            (#"{"x": , "data": {"items": [1]}}"#, "line 1, column 7: expected a value, found ','"),
            (#"{"\uD800\u0041": 1, "data": {"items": [1]}}"#, "line 1, column 15: invalid escape in a key"),
            (#"{"da\x": 1, "data": {"items": [1]}}"#, "line 1, column 7: invalid escape in a key"),
        ] {
            let (values, failure) = collect(JSONStream(Int.self, bytes: Array(text.utf8), at: "data.items"))
            #expect(values.count <= 1)
            #expect(failure?.kind == .framing, "\(text)")
            #expect(failure?.description == message, "\(text)")
        }
        var first = JSONModelDecoder()
        first.parsingOptions.duplicateKeys = .useFirst
        let repeated = #"{"data": {"items": [1]}, "data": {"items": [2]}}"#
        #expect(try JSONStream(Int.self, bytes: Array(repeated.utf8), at: "data.items", decoder: first).decodeAll() == [1])
    }

    /// A generated envelope of about 17 MB around an 8 MB array, streamed from a file in
    /// 64 KB chunks: the read buffer stays at the size of a chunk.
    @Test func aLargeEnvelopeStreamsInBoundedMemory() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("loom-envelope-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        let filler = #"{"a": [1, 2, 3], "s": "text with \"quotes\" and ]} brackets"},"#
        func write(_ text: String) { handle.write(Data(text.utf8)) }
        write(#"{"meta": {"filler": ["#)
        for _ in 0..<100 { write(String(repeating: filler, count: 1000)) }
        write(#"{}]}, "data": {"total": 200000, "items": ["#)
        let count = 200_000
        for block in 0..<(count / 1000) {
            var text = ""
            for index in (block * 1000)..<((block + 1) * 1000) {
                text += #"{"login": "user\#(index)", "id": \#(index)}"#
                if index < count - 1 { text += ",\n" }
            }
            write(text)
        }
        write(#"], "links": {"next": null}}, "tail": ["#)
        for _ in 0..<50 { write(String(repeating: filler, count: 1000)) }
        write("{}]}")
        try handle.close()
        let size = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
        #expect(size > 15_000_000)

        var iterator = JSONStream(Owner.self, contentsOf: url, at: "data.items").makeIterator()
        var seen = 0
        var sum = 0
        while let owner = try iterator.nextElement() {
            #expect(owner.id == seen)
            seen += 1
            sum &+= owner.id
        }
        #expect(seen == count)
        #expect(sum == (count - 1) * count / 2)
        #expect(iterator._peakBufferCapacity <= 2 * JSONStreamOptions().chunkSize, "peak \(iterator._peakBufferCapacity) bytes")
    }

    /// The envelopes of the decode-at-path tests, streamed where an array is at the path:
    /// the elements are those a decode of the whole array gives, in any chunking.
    @Test func generatedEnvelopesStreamAsTheyDecode() async {
        await propertyCheck(count: 300, input: EnvelopeGen.envelope, Gen.int(in: 1...64)) { envelope, chunkSize in
            let whole = atPath([JSONValue].self, envelope.bytes, at: envelope.path)
            let (values, failure) = collect(
                JSONStream(JSONValue.self, bytes: envelope.bytes, at: envelope.path, options: .chunked(chunkSize)))
            switch whole {
            case .success(let elements):
                #expect(failure == nil, "\(envelope)")
                #expect(values == elements)
            case .failure:
                // Not an array there, or invalid JSON: the stream fails somewhere (the envelope
                // is checked by structure only, so later than the whole decode, perhaps).
                if failure == nil { #expect(envelope.corrupted, "\(envelope)") }
            }
        }
    }
}
