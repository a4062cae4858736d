import Foundation
import Testing

@testable import Loom

// `@JSONIgnore(.decoding)` (written, never read), `@JSONIgnore(.encoding)` (read, never
// written) and `@JSONOmit`, which decides per property when `nil` and empty values are left out.

@JSONModel
struct DraftComment: Equatable {
    var body: String
    @JSONIgnore(.decoding) var client: String = "loom-tests/1"
    @JSONIgnore(.encoding) @JSONKey("created_at") var createdAt: String?
    @JSONIgnore(.encoding) var votes: Int = 0
    @JSONOmit(.never) @JSONKey("parent_id") var parentID: Int?
    @JSONOmit(.whenNil) var cursor: String?
    @JSONOmit(.whenEmpty) var labels: [String] = []
    @JSONOmit(.whenEmpty) var mentions: [String]?
    @JSONOmit(.whenEmpty) var signature: String = ""
    @JSONOmit(.whenNil) @JSONKey("meta.edited_by") var editedBy: String?
    var note: String?
}

@Suite("One-way properties and per-property omission")
struct OneWayPropertyTests {
    @Test func decodingIgnoresWhatIsOnlyWritten() throws {
        let text = #"{"body": "hi", "client": "someone-else", "created_at": "2024-01-01", "votes": 3}"#
        let comment = try DraftComment(jsonString: text)
        #expect(comment.client == "loom-tests/1")
        #expect(comment.createdAt == "2024-01-01" && comment.votes == 3)
        #expect(directly(DraftComment.self, text) == comment)
        // The key of a property only written is still known.
        var strict = JSONModelDecoder()
        strict.unknownKeys = .reject
        #expect(try strict.decode(DraftComment.self, from: text) == comment)
    }

    @Test func encodingLeavesOutWhatIsOnlyRead() throws {
        var comment = try DraftComment(jsonString: #"{"body": "hi", "created_at": "x", "votes": 3}"#)
        #expect(try comment.jsonString() == #"{"body":"hi","client":"loom-tests/1","parent_id":null}"#)
        comment.labels = ["a"]
        comment.mentions = []
        comment.signature = "--"
        comment.cursor = "c1"
        comment.editedBy = "kim"
        #expect(
            try comment.jsonString()
                == #"{"body":"hi","client":"loom-tests/1","parent_id":null,"cursor":"c1","labels":["a"],"signature":"--","meta":{"edited_by":"kim"}}"#
        )
    }

    @Test func theRuleWinsOverTheEncoderOption() throws {
        let comment = try DraftComment(jsonString: #"{"body": "hi"}"#)
        var encoder = JSONModelEncoder()
        encoder.writesNulls = true
        let text = try String(decoding: encoder.encode(comment), as: UTF8.self)
        // `note` follows the encoder; `cursor`, `mentions` and `meta` (holding only a
        // `.whenNil` property) are left out.
        #expect(text == #"{"body":"hi","client":"loom-tests/1","parent_id":null,"note":null}"#)
    }

    /// Generated values: what is written decodes back to the same model, apart from what is
    /// only read (lost on the way out) and only written (the initial value on the way in).
    @Test func roundTripsOverGeneratedValues() throws {
        var random = SplitMix64(seed: 0x0e_ba11)
        func maybe<T>(_ value: T) -> T? { Bool.random(using: &random) ? value : nil }
        for round in 0..<300 {
            var comment = try DraftComment(jsonString: #"{"body": "b\#(round)"}"#)
            comment.createdAt = maybe("t\(round)")
            comment.votes = Int.random(in: 0..<5, using: &random)
            comment.parentID = maybe(round)
            comment.cursor = maybe("c")
            comment.labels = (0..<Int.random(in: 0..<3, using: &random)).map { "l\($0)" }
            comment.mentions = maybe((0..<Int.random(in: 0..<2, using: &random)).map { "m\($0)" })
            comment.signature = Bool.random(using: &random) ? "" : "s"
            comment.editedBy = maybe("e")
            comment.note = maybe("n")
            var expected = comment
            expected.createdAt = nil
            expected.votes = 0
            // An empty `mentions` is left out and comes back `nil`.
            if expected.mentions?.isEmpty == true { expected.mentions = nil }
            let data = try comment.jsonData()
            #expect(try DraftComment(jsonData: data) == expected, "\(String(decoding: data, as: UTF8.self))")
        }
    }
}
