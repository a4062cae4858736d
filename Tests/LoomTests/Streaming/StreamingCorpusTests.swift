import Foundation
import Loom
import Testing

@Suite("Streaming: the amazon_cellphones JSON Lines corpus")
struct StreamingCorpusTests {
    @Test func decodesEveryLineAsJSONValue() throws {
        guard let url = corpus("amazon_cellphones.ndjson") else { return }
        let values = try JSONStream(JSONValue.self, format: .jsonLines, contentsOf: url, options: .chunked(1000)).decodeAll()
        #expect(values.count == 793)
        #expect(values.first?[0] == "asin")
        // The same as parsing each line on its own.
        let text = try String(contentsOf: url, encoding: .utf8)
        let lines = text.split(separator: "\n").map { try? JSONValue(parsing: String($0)) }
        #expect(values == lines.compactMap { $0 })
    }

    @Test func skipsTheHeaderLineWhenDecodingProducts() throws {
        guard let url = corpus("amazon_cellphones.ndjson") else { return }
        let skipped = SkippedErrors()
        let phones = try JSONStream(Phone.self, format: .jsonLines, contentsOf: url, options: skipped.options()).decodeAll()
        #expect(phones.count == 792)
        #expect(phones.first?.asin == "B0000SX2UC")
        #expect(phones.first?.brand == "Nokia")
        #expect(phones.first?.rating == 3)
        #expect(phones.first?.totalReviews == 14)
        #expect(skipped.descriptions == [#"line 1, column 39: [5]: expected Double, found string "rating""#])
        #expect(skipped.all.first?.decodingError?.pathDescription == "[5]")

        let strict = try #require(throws: JSONStreamError.self) {
            try JSONStream(Phone.self, format: .jsonLines, contentsOf: url).decodeAll()
        }
        #expect(strict.description == #"line 1, column 39: [5]: expected Double, found string "rating""#)
    }

    @Test func decodesTheCorpusAsATopLevelArray() throws {
        guard let url = corpus("amazon_cellphones.ndjson") else { return }
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").dropFirst()
        let array = "[\n" + lines.joined(separator: ",\n") + "\n]\n"
        let phones = try JSONStream(Phone.self, format: .array, bytes: Array(array.utf8), options: .chunked(777)).decodeAll()
        #expect(phones.count == 792)
        #expect(phones.last?.asin == (try JSONValue(parsing: String(lines.last ?? ""))[0]?.stringValue))
    }
}
