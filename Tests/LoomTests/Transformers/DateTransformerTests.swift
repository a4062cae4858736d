import Foundation
import Loom
import Testing

/// Decodes `json` (one JSON value) through `transformer`.
func decodeValue<T: JSONTransformer>(
    _ transformer: T, _ json: String, decoder: JSONModelDecoder = .init()
) throws -> T.Value {
    let document = try JSONDocument(parsing: json)
    return try withExtendedLifetime(document) {
        try transformer.decode(document.root, context: JSONDecodingContext(decoder: decoder))
    }
}

/// Encodes `value` through `transformer` as JSON text.
func encodeValue<T: JSONTransformer>(_ transformer: T, _ value: T.Value, encoder: JSONModelEncoder = .init()) throws
    -> String
{
    var writer = JSONWriter(options: encoder.writingOptions)
    try transformer.encode(value, to: &writer, context: JSONEncodingContext(encoder: encoder))
    return writer.string
}

/// The error `transformer` throws for `json`, as text.
func decodeFailure<T: JSONTransformer>(
    _ transformer: T, _ json: String, decoder: JSONModelDecoder = .init(),
    sourceLocation: SourceLocation = #_sourceLocation
) -> String? {
    do {
        let value = try decodeValue(transformer, json, decoder: decoder)
        Issue.record("expected an error, got \(value)", sourceLocation: sourceLocation)
        return nil
    } catch {
        return String(describing: error)
    }
}

@JSONModel
struct DateTimeline: Equatable {
    @JSONTransform(.iso8601) var iso: Date
    @JSONTransform(.rfc3339) var rfc: Date
    @JSONTransform(.secondsSince1970) var seconds: Date
    @JSONTransform(.millisecondsSince1970(asString: true)) var millis: Date
    @JSONTransform(.date(format: "yyyy-MM-dd HH:mm:ss")) var local: Date
    @JSONTransform(.iso8601.array) var history: [Date]
    @JSONTransform(.secondsSince1970.dictionaryValues) var marks: [String: Date]
    @JSONTransform(.iso8601.optional.array) var gaps: [Date?]
}

@Suite("Transformers: dates")
struct DateTransformerTests {
    static let noon = Date(timeIntervalSince1970: 1_714_564_800)  // 2024-05-01T12:00:00Z

    @Test(arguments: [
        ("\"2024-05-01T12:00:00Z\"", 0.0),
        ("\"2024-05-01t12:00:00z\"", 0),
        ("\"2024-05-01 12:00:00Z\"", 0),
        ("\"2024-05-01T12:00:00.5Z\"", 0.5),
        ("\"2024-05-01T12:00:00.123456789Z\"", 0.123456789),
        ("\"2024-05-01T14:00:00+02:00\"", 0),
        ("\"2024-05-01T07:30:00-04:30\"", 0),
        ("\"2024-05-01T14:00:00.25+02:00\"", 0.25),
        ("\"2024-05-01T14:00:00+0200\"", 0),
        ("\"2024-05-01T14:00:00+02\"", 0),
        ("\"2024-05-01T12:00:00,5Z\"", 0.5),
    ])
    func iso8601Reads(json: String, fraction: Double) throws {
        let date = try decodeValue(.iso8601, json)
        #expect(abs(date.timeIntervalSince1970 - (Self.noon.timeIntervalSince1970 + fraction)) < 1e-6)
    }

    @Test(arguments: [
        "\"2024-05-01T14:00:00+0200\"", "\"2024-05-01T14:00:00+02\"", "\"2024-05-01T12:00:00,5Z\"",
    ])
    func rfc3339RejectsISO8601OnlyForms(json: String) {
        #expect(decodeFailure(.rfc3339, json) == "invalid RFC 3339 date string \(json) (line 1, column 1)")
    }

    @Test(arguments: [
        "\"2024-05-01T12:00:00\"", "\"2024-05-01\"", "\"2024-02-30T00:00:00Z\"", "\"2024-05-01T24:00:00Z\"",
        "\"2024-05-01T12:00:00.Z\"", "\"2024-05-01T12:00:00+25:00\"", "\"2024-05-01T12:00:00Zjunk\"",
    ])
    func iso8601RejectsWhatIsNotADate(json: String) {
        let hint = json == "\"2024-05-01\"" ? #"; for a date without a time, use @JSONTransform(.date(format: "yyyy-MM-dd"))"# : ""
        #expect(decodeFailure(.iso8601, json) == "invalid ISO 8601 date string \(json)\(hint) (line 1, column 1)")
    }

    @Test func iso8601Writes() throws {
        #expect(try encodeValue(.iso8601, Self.noon) == #""2024-05-01T12:00:00Z""#)
        #expect(try encodeValue(.iso8601, Self.noon.addingTimeInterval(0.25)) == #""2024-05-01T12:00:00.250Z""#)
        #expect(try encodeValue(.rfc3339, Date(timeIntervalSince1970: -1)) == #""1969-12-31T23:59:59Z""#)
        #expect(ISO8601.format(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
        #expect(throws: JSONError.self) { try encodeValue(.iso8601, Date(timeIntervalSince1970: 1e300)) }
    }

    @Test(arguments: [
        ("1714564800", 0.0), ("\"1714564800\"", 0), ("1714564800.5", 0.5), ("\"1714564800.5\"", 0.5), ("1.7145648e9", 0),
    ])
    func secondsReadNumbersAndStrings(json: String, fraction: Double) throws {
        #expect(try decodeValue(.secondsSince1970, json) == Self.noon.addingTimeInterval(fraction))
    }

    @Test(arguments: [("1714564800000", 0.0), ("\"1714564800000\"", 0), ("1714564800250", 0.25)])
    func millisecondsReadNumbersAndStrings(json: String, fraction: Double) throws {
        #expect(try decodeValue(.millisecondsSince1970, json) == Self.noon.addingTimeInterval(fraction))
    }

    @Test func unixTimeWritesNumbersOrStrings() throws {
        #expect(try encodeValue(.secondsSince1970, Self.noon) == "1714564800")
        #expect(try encodeValue(.secondsSince1970, Self.noon.addingTimeInterval(0.5)) == "1714564800.5")
        #expect(try encodeValue(.millisecondsSince1970, Self.noon.addingTimeInterval(0.25)) == "1714564800250")
        #expect(try encodeValue(.secondsSince1970(asString: true), Self.noon) == #""1714564800""#)
        #expect(try encodeValue(.millisecondsSince1970(asString: true), Self.noon) == #""1714564800000""#)
    }

    @Test func unixTimeRejectsOtherText() {
        #expect(
            decodeFailure(.secondsSince1970, #""soon""#)
                == #"expected number of seconds since 1970, found string "soon" (line 1, column 1)"#)
        #expect(decodeFailure(.secondsSince1970, "true") == "expected number of seconds since 1970, found true (line 1, column 1)")
        #expect(decodeFailure(.secondsSince1970, "1e300") == "date number 1e300 is out of range (line 1, column 1)")
    }

    @Test(arguments: [
        ("yyyy-MM-dd HH:mm:ss", "2024-05-01 12:00:00"),
        ("yyyy-MM-dd'T'HH:mm:ss.SSSZ", "2024-05-01T14:00:00.000+0200"),
        ("yyyy-MM-dd'T'HH:mm:ssXXX", "2024-05-01T12:00:00Z"),
        ("yyyy-MM-dd'T'HH:mm:ssxxx", "2024-05-01T08:00:00-04:00"),
        ("EEE, dd MMM yyyy HH:mm:ss Z", "Wed, 01 May 2024 12:00:00 +0000"),
        ("EEEE, MMMM d, y h:mm a", "Wednesday, May 1, 2024 12:00 PM"),
        ("dd/MM/yyyy hh:mm:ss a", "01/05/2024 12:00:00 pm"),
        ("d.M.yyyy H:m:s", "1.5.2024 12:0:0"),
        ("yyyyMMddHHmmss", "20240501120000"),
        ("'at' HH 'o''clock on' yyyy-MM-dd", "at 12 o'clock on 2024-05-01"),
    ])
    func patternsRead(pattern: String, text: String) throws {
        let transformer = DateFormatTransformer(pattern: pattern)
        #expect(try decodeValue(transformer, "\"\(text)\"") == Self.noon)
        // Foundation's formatter agrees.
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = pattern
        #expect(formatter.date(from: text) == Self.noon)
    }

    @Test(arguments: [
        ("yyyy-MM-dd HH:mm:ss", "2024-05-01 12:00:00"),
        ("yyyy-MM-dd'T'HH:mm:ss.SSSZ", "2024-05-01T12:00:00.250+0000"),
        ("yyyy-MM-dd'T'HH:mm:ss.SSXXX", "2024-05-01T12:00:00.25Z"),
        ("EEE, dd MMM yyyy HH:mm:ss ZZZZZ", "Wed, 01 May 2024 12:00:00 Z"),
        ("EEEE, MMMM d, y h:mm a", "Wednesday, May 1, 2024 12:00 PM"),
        ("dd/MM/yy", "01/05/24"),
    ])
    func patternsWriteAsFoundationDoes(pattern: String, expected: String) throws {
        let date = Self.noon.addingTimeInterval(0.25)
        let text = try encodeValue(DateFormatTransformer(pattern: pattern), date)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = pattern
        #expect(text == "\"\(formatter.string(from: date))\"")
        #expect(text == "\"\(expected)\"")
    }

    @Test func patternsInAFixedZone() throws {
        let transformer = DateFormatTransformer(pattern: "yyyy-MM-dd HH:mm", timeZone: TimeZone(secondsFromGMT: 7200) ?? .current)
        #expect(try decodeValue(transformer, #""2024-05-01 14:00""#) == Self.noon)
        #expect(try encodeValue(transformer, Self.noon) == #""2024-05-01 14:00""#)
    }

    @Test(arguments: [
        "\"2024-05-01\"", "\"2024-13-01 12:00:00\"", "\"2024-02-30 12:00:00\"", "\"2024-05-01 12:00:00 \"",
        "\"2024-5-01 12:00:00\"",
    ])
    func patternsRejectOtherText(json: String) {
        #expect(
            decodeFailure(.date(format: "yyyy-MM-dd HH:mm:ss"), json)
                == "date string \(json) does not match \"yyyy-MM-dd HH:mm:ss\" (line 1, column 1)")
    }

    @Test func patternsParseConcurrently() async throws {
        // The compiled pattern (and any fallback formatter) is shared by every decode.
        let transformer = DateFormatTransformer(pattern: "yyyy-MM-dd HH:mm:ss")
        let fallback = DateFormatTransformer(pattern: "yyyy-MM-dd HH:mm:ss z")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for offset in 0..<8 {
                group.addTask {
                    for second in 0..<200 {
                        let text = "\"2024-05-01 12:00:\(String(format: "%02d", (second + offset) % 60))\""
                        let date = try decodeValue(transformer, text)
                        #expect(date == Self.noon.addingTimeInterval(Double((second + offset) % 60)))
                        let zoned = try decodeValue(fallback, String(text.dropLast()) + " GMT\"")
                        #expect(zoned == date)
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    @Test func decoderFormattedStrategyUsesThePattern() throws {
        var decoder = JSONModelDecoder()
        decoder.dateStrategy = .formatted("dd.MM.yyyy")
        #expect(try decoder.decode([Date].self, from: #"["01.05.2024"]"#) == [Self.noon.addingTimeInterval(-43_200)])
        var encoder = JSONModelEncoder()
        encoder.dateStrategy = .formatted("dd.MM.yyyy")
        #expect(String(decoding: try encoder.encode([Self.noon]), as: UTF8.self) == #"["01.05.2024"]"#)
    }

    @Test func modelRoundTrip() throws {
        let json = #"""
            {"iso": "2024-05-01T14:00:00+02:00", "rfc": "2024-05-01T12:00:00Z", "seconds": "1714564800",
             "millis": 1714564800000, "local": "2024-05-01 12:00:00",
             "history": ["2024-05-01T12:00:00Z", "2024-05-01T12:00:01Z"], "marks": {"a": 1714564800},
             "gaps": [null, "2024-05-01T12:00:00Z"]}
            """#
        let timeline = try DateTimeline(jsonString: json)
        #expect(timeline.iso == Self.noon && timeline.rfc == Self.noon && timeline.seconds == Self.noon)
        #expect(timeline.millis == Self.noon && timeline.local == Self.noon)
        #expect(timeline.history == [Self.noon, Self.noon.addingTimeInterval(1)])
        #expect(timeline.marks == ["a": Self.noon])
        #expect(timeline.gaps == [nil, Self.noon])
        #expect(
            try timeline.jsonString()
                == #"{"iso":"2024-05-01T12:00:00Z","rfc":"2024-05-01T12:00:00Z","seconds":1714564800,"millis":"1714564800000","local":"2024-05-01 12:00:00","history":["2024-05-01T12:00:00Z","2024-05-01T12:00:01Z"],"marks":{"a":1714564800},"gaps":[null,"2024-05-01T12:00:00Z"]}"#
        )
        #expect(try DateTimeline(jsonString: timeline.jsonString()) == timeline)
    }

    @Test func liftedErrorsNameTheElement() throws {
        let json = #"""
            {"iso": "2024-05-01T12:00:00Z", "rfc": "2024-05-01T12:00:00Z", "seconds": 1, "millis": 1,
             "local": "2024-05-01 12:00:00", "history": ["2024-05-01T12:00:00Z", 5], "marks": {}, "gaps": []}
            """#
        let error = try #require(throws: JSONDecodingError.self) { try DateTimeline(jsonString: json) }
        #expect(
            error.description
                == "history[1]: expected ISO 8601 date string, found number 5; for a timestamp, use the .secondsSince1970 date strategy or transformer (line 2, column 70)"
        )
    }

    /// The two mistakes the default strategy meets most: timestamps, and dates without a time.
    @Test func errorsSuggestTheStrategyTheValueNeeds() throws {
        func reason(_ value: String) throws -> String {
            try #require(throws: JSONDecodingError.self) { try JSONModelDecoder().decode(Date.self, from: value) }.reason
        }
        #expect(try reason("1714564800").hasSuffix("use the .secondsSince1970 date strategy or transformer"))
        #expect(try reason("1714564800000").hasSuffix("use the .millisecondsSince1970 date strategy or transformer"))
        #expect(
            try reason(#""2024-05-01""#)
                == #"invalid ISO 8601 date string "2024-05-01"; for a date without a time, use @JSONTransform(.date(format: "yyyy-MM-dd"))"#
        )
        #expect(try reason(#""yesterday""#) == #"invalid ISO 8601 date string "yesterday""#)
        #expect(try reason("true") == "expected ISO 8601 date string, found true")
    }
}
