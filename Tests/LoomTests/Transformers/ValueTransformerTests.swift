import Foundation
import Loom
import Testing

enum IssueState: String, Sendable, CaseIterable { case open, closed, unknown }

@JSONModel
struct EmbeddedPayload: Equatable {
    var id: Int
    var tags: [String] = []
}

@JSONModel
struct Grab: Equatable {
    @JSONTransform(.url(relativeTo: URL(string: "https://api.example.com/v1/")!)) var link: URL
    @JSONTransform(.uuid(lowercase: true)) var token: UUID
    @JSONTransform(.base64URL) var blob: Data
    @JSONTransform(.valueMapping(["open": IssueState.open, "closed": .closed], default: .unknown, reverseDefault: "open"))
    var state: IssueState
    @JSONTransform(.numericString) var count: Int
    @JSONTransform(.numericString(Double.self)) var ratio: Double
    @JSONTransform(.bool) var flag: Bool
    @JSONTransform(.separated(by: ",")) var labels: [String]
    @JSONTransform(.separated(by: ";", as: Int.self)) var sizes: [Int]
    @JSONTransform(.embeddedJSON(EmbeddedPayload.self)) var payload: EmbeddedPayload
    @JSONTransform(.decimal(asString: true)) var price: Decimal
    @JSONTransform(.rawValue(fallback: IssueState.unknown)) var raw: IssueState
}

/// Whole days: a value conversion composed after a transformer.
struct WholeDay: Equatable, Sendable {
    var number: Int
}

struct DayConversion: JSONValueConversion {
    func forward(_ input: Date) throws -> WholeDay { WholeDay(number: Int(input.timeIntervalSince1970 / 86_400)) }
    func reverse(_ output: WholeDay) throws -> Date { Date(timeIntervalSince1970: Double(output.number) * 86_400) }
}

@JSONModel
struct Calendar2: Equatable {
    @JSONTransform(.iso8601.then(DayConversion())) var day: WholeDay
    // Closures in an implicit-member chain need `@Sendable in` (Swift 6.3 does not infer it there).
    @JSONTransform(.numericString.then(forward: { @Sendable in $0 * 2 }, reverse: { @Sendable in $0 / 2 })) var doubled: Int
    @JSONTransform(.numericString.then(forward: { @Sendable in $0 + 1 })) var once: Int?
}

@Suite("Transformers: values")
struct ValueTransformerTests {
    let grabJSON = #"""
        {"link": "issues/7", "token": "e621e1f8-c36c-495a-93fc-0c247a3e6e5f", "blob": "-_8", "state": "closed",
         "count": "5", "ratio": "0.25", "flag": "yes", "labels": "bug, ui", "sizes": "1;2;3",
         "payload": "{\"id\": 9, \"tags\": [\"x\"]}", "price": "12.50", "raw": "merged"}
        """#

    @Test func decodesEveryBuiltIn() throws {
        let grab = try Grab(jsonString: grabJSON)
        #expect(grab.link.absoluteString == "https://api.example.com/v1/issues/7")
        #expect(grab.token == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(grab.blob == Data([0xFB, 0xFF]))
        #expect(grab.state == .closed)
        #expect(grab.count == 5)
        #expect(grab.ratio == 0.25)
        #expect(grab.flag)
        #expect(grab.labels == ["bug", "ui"])
        #expect(grab.sizes == [1, 2, 3])
        #expect(grab.payload == EmbeddedPayload(id: 9, tags: ["x"]))
        #expect(grab.price == Decimal(string: "12.50"))
        #expect(grab.raw == .unknown)
    }

    @Test func encodesEveryBuiltIn() throws {
        let grab = try Grab(jsonString: grabJSON)
        #expect(
            try grab.jsonString()
                == #"{"link":"issues/7","token":"e621e1f8-c36c-495a-93fc-0c247a3e6e5f","blob":"-_8","state":"closed","count":"5","ratio":"0.25","flag":true,"labels":"bug,ui","sizes":"1;2;3","payload":"{\"id\":9,\"tags\":[\"x\"]}","price":"12.5","raw":"unknown"}"#
        )
        #expect(try Grab(jsonString: grab.jsonString()) == grab)
    }

    @Test func urls() throws {
        #expect(try decodeValue(.url, #""https://a.example/x?y=1""#).absoluteString == "https://a.example/x?y=1")
        #expect(decodeFailure(.url, #""""#) == #"invalid URL string "" (line 1, column 1)"#)
        #expect(decodeFailure(.url, "1") == "expected URL string, found number 1 (line 1, column 1)")
        let base = try #require(URL(string: "https://a.example/root/"))
        let relative = try decodeValue(.url(relativeTo: base), #""../up""#)
        #expect(relative.absoluteString == "https://a.example/up")
        #expect(try encodeValue(.url(relativeTo: base), relative) == #""../up""#)
        #expect(try encodeValue(.url(relativeTo: base), URL(string: "https://b.example/")!) == #""https://b.example/""#)
    }

    @Test func uuids() throws {
        let uuid = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(try decodeValue(.uuid, #""e621e1f8-c36c-495a-93fc-0c247a3e6e5f""#) == uuid)
        #expect(try encodeValue(.uuid, uuid) == #""E621E1F8-C36C-495A-93FC-0C247A3E6E5F""#)
        #expect(decodeFailure(.uuid, #""nope""#) == #"invalid UUID string "nope" (line 1, column 1)"#)
        #expect(decodeFailure(.uuid, "7") == "expected UUID string, found number 7 (line 1, column 1)")
        for bad in ["E621E1F8C36C495A93FC0C247A3E6E5F", "{E621E1F8-C36C-495A-93FC-0C247A3E6E5F}",
            "E621E1F8-C36C-495A-93FC-0C247A3E6E5G", "E621E1F8-C36C-495A-93FC-0C247A3E6E5", "E621E1F8+C36C-495A-93FC-0C247A3E6E5F"]
        {
            #expect(decodeFailure(.uuid, "\"\(bad)\"") != nil)
            #expect(UUID(uuidString: bad) == nil)
        }
        // Read and written byte by byte, as Foundation reads and writes them.
        for _ in 0..<100 {
            let random = UUID()
            #expect(try decodeValue(.uuid, "\"\(random.uuidString)\"") == random)
            #expect(try decodeValue(.uuid, "\"\(random.uuidString.lowercased())\"") == random)
            #expect(try encodeValue(.uuid, random) == "\"\(random.uuidString)\"")
            #expect(try encodeValue(.uuid(lowercase: true), random) == "\"\(random.uuidString.lowercased())\"")
        }
    }

    @Test(arguments: [
        (Data(), "", ""), (Data([0x66]), "Zg==", "Zg"), (Data([0x66, 0x6F]), "Zm8=", "Zm8"),
        (Data([0x66, 0x6F, 0x6F]), "Zm9v", "Zm9v"), (Data([0xFB, 0xFF, 0xBF]), "+/+/", "-_-_"),
        (Data("hello, world".utf8), "aGVsbG8sIHdvcmxk", "aGVsbG8sIHdvcmxk"),
    ])
    func base64BothAlphabets(data: Data, standard: String, url: String) throws {
        #expect(try decodeValue(.base64, "\"\(standard)\"") == data)
        #expect(try encodeValue(.base64, data) == "\"\(standard)\"")
        #expect(try decodeValue(.base64URL, "\"\(url)\"") == data)
        #expect(try encodeValue(.base64URL, data) == "\"\(url)\"")
        // Padding is optional for URL-safe input; Foundation agrees on the standard form.
        #expect(try decodeValue(.base64URL, "\"\(standard.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_"))\"") == data)
        #expect(Data(base64Encoded: standard) == data)
    }

    @Test(arguments: ["\"Zg\"", "\"Zg=\"", "\"Z===\"", "\"Zg==Zg==\"", "\"-_8=\"", "\"a b=\"", "\"Zm9vY\""])
    func base64RejectsMalformedText(json: String) {
        #expect(decodeFailure(.base64, json) == "invalid base64 string \(json) (line 1, column 1)")
    }

    @Test func base64WritesEscapedSlashesWhenAsked() throws {
        var encoder = JSONModelEncoder()
        encoder.writingOptions.escapeSlashes = true
        #expect(try encodeValue(.base64, Data([0xFB, 0xFF, 0xBF]), encoder: encoder) == #""+\/+\/""#)
    }

    @Test func dataStrategy() throws {
        var decoder = JSONModelDecoder()
        decoder.dataStrategy = .base64URL
        #expect(try decoder.decode([Data].self, from: #"["-_8"]"#) == [Data([0xFB, 0xFF])])
        var encoder = JSONModelEncoder()
        encoder.dataStrategy = .base64URL
        #expect(String(decoding: try encoder.encode([Data([0xFB, 0xFF])]), as: UTF8.self) == #"["-_8"]"#)
        decoder.dataStrategy = .custom(decode: { _ in Data([1]) }, encode: { _, writer in writer.write("x") })
        #expect(try decoder.decode([Data].self, from: #"[0]"#) == [Data([1])])
    }

    @Test func valueMapping() throws {
        let strict = ValueMappingTransformer(["open": IssueState.open, "closed": .closed])
        #expect(try decodeValue(strict, #""open""#) == .open)
        #expect(decodeFailure(strict, #""merged""#) == #"unknown value string "merged", expected one of "closed", "open" (line 1, column 1)"#)
        #expect(try encodeValue(strict, .closed) == #""closed""#)
        #expect(throws: JSONError.self) { try encodeValue(strict, .unknown) }

        let lenient = ValueMappingTransformer(["open": IssueState.open], default: .unknown, reverseDefault: "open")
        #expect(try decodeValue(lenient, #""merged""#) == .unknown)
        #expect(try encodeValue(lenient, .closed) == #""open""#)

        let numbers = ValueMappingTransformer([0: false, 1: true])
        #expect(try decodeValue(numbers, "1") == true)
        #expect(try encodeValue(numbers, false) == "0")
        #expect(decodeFailure(numbers, "2") == "unknown value number 2, expected one of 0, 1 (line 1, column 1)")
    }

    @Test(arguments: [
        ("\"5\"", 5), ("5", 5), ("\"-12\"", -12), ("\"1e2\"", 100), ("\"9223372036854775807\"", Int.max),
    ])
    func numericStringsRead(json: String, value: Int) throws {
        #expect(try decodeValue(.numericString, json) == value)
    }

    @Test func numericStringsRejectWhatIsNotANumber() {
        #expect(decodeFailure(.numericString, #""five""#) == #"expected Int, found string "five" (line 1, column 1)"#)
        #expect(decodeFailure(.numericString, #"" 5""#) == #"expected Int, found string " 5" (line 1, column 1)"#)
        #expect(
            decodeFailure(.numericString, #""1.5""#)
                == #"expected Int, found string "1.5", which is not an integer (line 1, column 1)"#)
        #expect(decodeFailure(.numericString(UInt8.self), #""300""#) == #"string "300" does not fit in UInt8 (line 1, column 1)"#)
        #expect(decodeFailure(.numericString, "true") == "expected Int string, found true (line 1, column 1)")
    }

    @Test func numericStringsWrite() throws {
        #expect(try encodeValue(.numericString, 5) == #""5""#)
        #expect(try encodeValue(.numericString(Int8.self), -128) == #""-128""#)
        #expect(try encodeValue(.numericString(Double.self), 0.1) == #""0.1""#)
        #expect(try encodeValue(.numericString(Double.self), 1e300) == #""1e300""#)
        #expect(try encodeValue(.numericString(Float.self), 0.1) == #""0.1""#)
        #expect(try encodeValue(.numericString(Decimal.self), Decimal(string: "12345678901234567890.5")!) == #""12345678901234567890.5""#)
        #expect(throws: JSONError.self) { try encodeValue(.numericString(Double.self), .nan) }
        #expect(try decodeValue(.numericString(Decimal.self), #""12345678901234567890.5""#) == Decimal(string: "12345678901234567890.5"))
    }

    @Test(arguments: [
        ("true", true), ("false", false), ("1", true), ("0", false), ("\"true\"", true), ("\"FALSE\"", false),
        ("\"yes\"", true), ("\"No\"", false), ("\"1\"", true), ("\"0\"", false),
    ])
    func boolsRead(json: String, value: Bool) throws {
        #expect(try decodeValue(.bool, json) == value)
    }

    @Test func boolsRejectOthersAndWrite() throws {
        #expect(
            decodeFailure(.bool, #""maybe""#)
                == #"expected Bool or "true"/"false"/"yes"/"no"/"1"/"0", found string "maybe" (line 1, column 1)"#)
        #expect(decodeFailure(.bool, "2") != nil)
        #expect(try encodeValue(.bool, true) == "true")
        #expect(try encodeValue(.bool(true: "Y", false: "N"), false) == #""N""#)
    }

    @Test func separatedStrings() throws {
        #expect(try decodeValue(.separated(by: ","), #""a, b ,c""#) == ["a", "b", "c"])
        #expect(try decodeValue(.separated(by: ",", trimming: false), #""a, b""#) == ["a", " b"])
        #expect(try decodeValue(.separated(by: ","), #""""#) == [])
        #expect(try decodeValue(.separated(by: " | "), #""x | y""#) == ["x", "y"])
        #expect(try encodeValue(.separated(by: ","), ["a", "b"]) == #""a,b""#)
        #expect(try decodeValue(.separated(by: ",", as: Int.self), #""1, 2""#) == [1, 2])
        #expect(
            decodeFailure(.separated(by: ",", as: Int.self), #""1,x""#)
                == #"component 1 "x" of string "1,x" is not a valid Int (line 1, column 1)"#)
    }

    @Test func embeddedJSONErrorsNameTheInnerPath() throws {
        let bad = grabJSON.replacingOccurrences(of: #"{\"id\": 9"#, with: #"{\"id\": \"nine\""#)
        let error = try #require(throws: JSONDecodingError.self) { try Grab(jsonString: bad) }
        #expect(
            error.description
                == #"payload.id: expected Int, found string "nine" (embedded JSON line 1, column 8) (line 3, column 13)"#)
        let syntax = grabJSON.replacingOccurrences(of: #"{\"id\": 9"#, with: #"{\"id\": "#)
        let syntaxError = try #require(throws: JSONDecodingError.self) { try Grab(jsonString: syntax) }
        #expect(syntaxError.description.hasPrefix("payload: invalid embedded JSON: line 1, column"))
    }

    @Test func decimals() throws {
        #expect(try decodeValue(.decimal, "12.50") == Decimal(string: "12.50"))
        #expect(try decodeValue(.decimal, #""0.1""#) == Decimal(string: "0.1"))
        #expect(try encodeValue(.decimal, Decimal(string: "0.1")!) == "0.1")
        #expect(try encodeValue(.decimal(asString: true), Decimal(string: "0.1")!) == #""0.1""#)
        #expect(decodeFailure(.decimal, #""1,5""#) == #"expected Decimal, found string "1,5" (line 1, column 1)"#)
    }

    @Test func rawValuesWithAFallback() throws {
        #expect(try decodeValue(.rawValue(fallback: IssueState.unknown), #""open""#) == .open)
        #expect(try decodeValue(.rawValue(fallback: IssueState.unknown), #""merged""#) == .unknown)
        #expect(try encodeValue(.rawValue(fallback: IssueState.unknown), .closed) == #""closed""#)
        #expect(
            decodeFailure(.rawValue(fallback: IssueState.unknown), "1") == "expected String, found number 1; @JSONLenient converts it (line 1, column 1)")
    }

    @Test func compositionBothWays() throws {
        let value = try Calendar2(jsonString: #"{"day": "1970-01-03T05:00:00Z", "doubled": "21", "once": "1"}"#)
        #expect(value == Calendar2(day: WholeDay(number: 2), doubled: 42, once: 2))
        let error = try #require(throws: JSONError.self) { try value.jsonString() }
        #expect(error.message == "once: cannot encode through one-way transformer JSONConversion<Int, Int>")
        let twoWay = Calendar2(day: WholeDay(number: 2), doubled: 42, once: nil)
        #expect(try twoWay.jsonString() == #"{"day":"1970-01-03T00:00:00Z","doubled":"21"}"#)
    }

    @Test func liftingOverCollections() throws {
        #expect(try decodeValue(.iso8601.array, #"["1970-01-01T00:00:00Z"]"#) == [Date(timeIntervalSince1970: 0)])
        #expect(try decodeValue(.iso8601.optional, "null") == nil)
        #expect(try encodeValue(.iso8601.optional, nil) == "null")
        #expect(try decodeValue(.numericString.dictionaryValues, #"{"a": "1", "b": 2}"#) == ["a": 1, "b": 2])
        #expect(try encodeValue(.numericString.array, [1, 2]) == #"["1","2"]"#)
        #expect(try decodeValue(.numericString.lossyArray, #"["1", "x", 3]"#) == [1, 3])
        #expect(try decodeValue(.numericString.lossyDictionaryValues, #"{"a": "1", "b": "x"}"#) == ["a": 1])
        #expect(
            decodeFailure(.numericString.array, #"["1", "x"]"#) == #"[1]: expected Int, found string "x" (line 1, column 7)"#)
    }
}
