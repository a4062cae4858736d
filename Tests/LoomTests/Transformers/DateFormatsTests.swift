import Foundation
import PropertyBased
import Testing

import Loom

@JSONModel
struct Deadline: Equatable {
    @JSONTransform(.date(formats: ["yyyy-MM-dd'T'HH:mm:ssXXX", "yyyy-MM-dd", "dd.MM.yyyy HH:mm"])) var due: Date
    @JSONTransform(.date(formats: ["yyyy-MM-dd", "yyyy-MM-dd'T'HH:mm:ss"]).optional) var done: Date?
}

@Suite("Transformers: several date formats tried in turn")
struct DateFormatsTests {
    static let formats = DateFormatsTransformer(patterns: ["yyyy-MM-dd'T'HH:mm:ssXXX", "yyyy-MM-dd", "dd.MM.yyyy HH:mm"])

    @Test(arguments: [
        (#""2024-05-01T12:00:00Z""#, 1_714_564_800.0),
        (#""2024-05-01T14:00:00+02:00""#, 1_714_564_800),
        (#""2024-05-01""#, 1_714_521_600),
        (#""01.05.2024 12:00""#, 1_714_564_800),
    ])
    func decodesWithTheFirstFormatThatMatches(json: String, seconds: Double) throws {
        #expect(try decodeValue(Self.formats, json).timeIntervalSince1970 == seconds)
    }

    @Test func encodesWithTheFirstFormat() throws {
        #expect(try encodeValue(Self.formats, Date(timeIntervalSince1970: 1_714_564_800)) == #""2024-05-01T12:00:00Z""#)
        let model = try Deadline(jsonString: #"{"due": "01.05.2024 12:00", "done": "2024-05-02"}"#)
        #expect(try model.jsonString() == #"{"due":"2024-05-01T12:00:00Z","done":"2024-05-02"}"#)
    }

    @Test func errorsListTheFormatsTried() throws {
        #expect(
            decodeFailure(Self.formats, #""May 1st""#)
                == #"date string "May 1st" matches none of the formats "yyyy-MM-dd'T'HH:mm:ssXXX", "yyyy-MM-dd", "dd.MM.yyyy HH:mm" (line 1, column 1)"#)
        let error = try #require(throws: JSONDecodingError.self) {
            try Deadline(jsonString: #"{"due": "2024-13-45"}"#)
        }
        #expect(error.description == #"due: date string "2024-13-45" matches none of the formats "yyyy-MM-dd'T'HH:mm:ssXXX", "yyyy-MM-dd", "dd.MM.yyyy HH:mm" (line 1, column 9)"#)
        #expect(error.kind == .invalidValue)
        #expect(decodeFailure(Self.formats, "12") == "expected date string, found number 12 (line 1, column 1)")
        // No formats at all: an error either way, never a crash.
        let none = DateFormatsTransformer(patterns: [])
        #expect(decodeFailure(none, #""2024-05-01""#) == #"date string "2024-05-01" matches none of the formats (none given) (line 1, column 1)"#)
        #expect(throws: JSONError.self) { try encodeValue(none, Date()) }
    }

    /// Dates written in any one of the formats read back as the same date (to the formats'
    /// precision), and what the transformer writes reads back exactly.
    @Test func roundTripsInEveryFormat() async {
        await propertyCheck(count: 300, input: Gen.int(in: -2_000_000_000...4_000_000_000), Gen.int(in: 0...2)) { seconds, which in
            let minute = Date(timeIntervalSince1970: Double(seconds - ((seconds % 60) + 60) % 60))
            let patterns = Self.formats.patterns
            let text = try encodeValue(DateFormatTransformer(pattern: patterns[which]), minute)
            let read = try decodeValue(Self.formats, text)
            if which == 1 {
                // Days only.
                #expect(Int(read.timeIntervalSince1970) % 86_400 == 0)
                #expect(abs(read.timeIntervalSince(minute)) < 86_400)
            } else {
                #expect(read == minute, "\(text)")
            }
            #expect(try decodeValue(Self.formats, encodeValue(Self.formats, read)) == read)
        }
    }
}
