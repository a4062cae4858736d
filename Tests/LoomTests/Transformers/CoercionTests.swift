import Foundation
import Loom
import Testing

@JSONModel
struct Loose: Equatable {
    var int: Int = 0
    var int8: Int8 = 0
    var uint64: UInt64 = 0
    var double: Double = 0
    var float: Float = 0
    var decimal: Decimal = 0
    var bool: Bool = false
    var string: String = ""
    var maybe: Int?
}

@JSONModel
struct PartlyLenient: Equatable {
    @JSONLenient var count: Int
    var strict: Int
    @JSONLenient var retries: Int = 3
    @JSONLenient var nested: LenientInner?
}

@JSONModel
struct LenientInner: Equatable {
    var id: Int
}

@JSONModel @JSONLenient
struct LegacyRecord: Equatable {
    var id: Int
    var active: Bool
    var name: String
    var score: Double = 1
    var inner: LenientInner?
}

enum CoercedLevel: Int, CaseIterable { case low = 1, high = 2 }

@JSONModel
struct Levelled: Equatable {
    @JSONLenient var level: CoercedLevel
}

@Suite("Lenient coercion")
struct CoercionTests {
    static func lenientDecoder(rounding: FloatingPointRoundingRule? = nil) -> JSONModelDecoder {
        var decoder = JSONModelDecoder()
        decoder.coercion = rounding.map { .lenient(rounding: $0) } ?? .lenient
        return decoder
    }

    /// One row of the conversion table: `{"key": json}` decodes to `expected` leniently.
    @Test(arguments: [
        ("int", #""10""#, Loose(int: 10)),
        ("int", #""-7""#, Loose(int: -7)),
        ("int", #""1e3""#, Loose(int: 1000)),
        ("int8", #""-128""#, Loose(int8: -128)),
        ("uint64", #""18446744073709551615""#, Loose(uint64: .max)),
        ("double", #""2.5""#, Loose(double: 2.5)),
        ("double", #""-1e-3""#, Loose(double: -0.001)),
        ("float", #""0.1""#, Loose(float: 0.1)),
        ("decimal", #""12345678901234567890.12""#, Loose(decimal: Decimal(string: "12345678901234567890.12") ?? 0)),
        ("bool", "1", Loose(bool: true)),
        ("bool", "0", Loose(bool: false)),
        ("bool", #""yes""#, Loose(bool: true)),
        ("bool", #""TRUE""#, Loose(bool: true)),
        ("bool", #""no""#, Loose(bool: false)),
        ("bool", #""0""#, Loose(bool: false)),
        ("string", "49", Loose(string: "49")),
        ("string", "1.50", Loose(string: "1.50")),
        ("string", "-2e10", Loose(string: "-2e10")),
        ("int", "null", Loose(int: 0)),
        ("string", "null", Loose(string: "")),
        ("maybe", #""4""#, Loose(maybe: 4)),
        ("maybe", "null", Loose(maybe: nil)),
    ])
    func conversionTable(key: String, json: String, expected: Loose) throws {
        let text = "{\"\(key)\": \(json)}"
        #expect(try Self.lenientDecoder().decode(Loose.self, from: text) == expected)
        // Strict decoding rejects every row except the ones already valid JSON for the type.
        if json != "null" || key != "maybe" {
            #expect(throws: JSONDecodingError.self) { try JSONModelDecoder().decode(Loose.self, from: text) }
        }
    }

    /// What stays an error even when lenient, with the same messages as strict decoding.
    @Test(arguments: [
        ("int", #""abc""#, #"int: expected Int, found string "abc" (line 1, column 9)"#),
        ("int", #"" 5""#, #"int: expected Int, found string " 5" (line 1, column 9)"#),
        ("int", #""""#, #"int: expected Int, found string "" (line 1, column 9)"#),
        ("int", "true", "int: expected Int, found true (line 1, column 9)"),
        ("int", "1.5", "int: expected Int, found number 1.5, which is not an integer; @JSONLenient(rounding:) rounds it (line 1, column 9)"),
        ("int", #""1.5""#, #"int: expected Int, found string "1.5", which is not an integer (line 1, column 9)"#),
        ("int8", #""128""#, #"int8: string "128" does not fit in Int8 (line 1, column 10)"#),
        ("uint64", #""-1""#, #"uint64: string "-1" does not fit in UInt64 (line 1, column 12)"#),
        ("double", #""NaN""#, #"double: expected Double, found string "NaN" (line 1, column 12)"#),
        ("double", #""1e999""#, #"double: string "1e999" does not fit in Double (line 1, column 12)"#),
        ("bool", "2", "bool: expected Bool, found number 2 (line 1, column 10)"),
        ("bool", #""maybe""#, #"bool: expected Bool, found string "maybe" (line 1, column 10)"#),
        ("string", "true", "string: expected String, found true (line 1, column 12)"),
        ("string", "[]", "string: expected String, found array (line 1, column 12)"),
    ])
    func stillErrors(key: String, json: String, message: String) throws {
        let text = "{\"\(key)\": \(json)}"
        let error = try #require(throws: JSONDecodingError.self) { try Self.lenientDecoder().decode(Loose.self, from: text) }
        #expect(error.description == message)
    }

    @Test(arguments: [
        (FloatingPointRoundingRule.toNearestOrAwayFromZero, "2.5", 3),
        (.toNearestOrEven, "2.5", 2),
        (.down, "-1.5", -2),
        (.towardZero, #""-1.5""#, -1),
        (.up, "1e-9", 1),
    ])
    func roundingOption(rule: FloatingPointRoundingRule, json: String, expected: Int) throws {
        let value = try Self.lenientDecoder(rounding: rule).decode(Loose.self, from: "{\"int\": \(json)}")
        #expect(value.int == expected)
    }

    @Test func roundingStillChecksTheRange() throws {
        let error = try #require(throws: JSONDecodingError.self) {
            try Self.lenientDecoder(rounding: .toNearestOrEven).decode(Loose.self, from: #"{"int8": 300.5}"#)
        }
        #expect(error.description == "int8: number 300.5 does not fit in Int8 (line 1, column 10)")
    }

    @Test func strictIsTheDefault() throws {
        #expect(JSONModelDecoder().coercion == .strict)
        let error = try #require(throws: JSONDecodingError.self) {
            try JSONModelDecoder().decode(Loose.self, from: #"{"int": "10"}"#)
        }
        #expect(error.description == #"int: expected Int, found string "10"; @JSONLenient converts it (line 1, column 9)"#)
    }

    @Test func perProperty() throws {
        let value = try PartlyLenient(jsonString: #"{"count": "7", "strict": 1, "retries": null, "nested": {"id": "2"}}"#)
        #expect(value == PartlyLenient(count: 7, strict: 1, retries: 3, nested: LenientInner(id: 2)))
        let error = try #require(throws: JSONDecodingError.self) {
            try PartlyLenient(jsonString: #"{"count": "7", "strict": "1"}"#)
        }
        #expect(error.description == #"strict: expected Int, found string "1"; @JSONLenient converts it (line 1, column 26)"#)
    }

    @Test func perModel() throws {
        let value = try LegacyRecord(jsonString: #"{"id": "5", "active": "yes", "name": 42, "score": null, "inner": {"id": "6"}}"#)
        #expect(value == LegacyRecord(id: 5, active: true, name: "42", score: 1, inner: LenientInner(id: 6)))
        // Strict again outside the model.
        #expect(throws: JSONDecodingError.self) { try LenientInner(jsonString: #"{"id": "6"}"#) }
    }

    @Test func nullForAPropertyWithoutDefaultIsStillAnError() throws {
        let error = try #require(throws: JSONDecodingError.self) {
            try LegacyRecord(jsonString: #"{"id": null, "active": true, "name": ""}"#)
        }
        #expect(error.description == "id: expected Int, found null (line 1, column 8)")
    }

    @Test func rawValueEnumsCoerceTheirRawValue() throws {
        #expect(try Levelled(jsonString: #"{"level": "2"}"#).level == .high)
    }

    @Test func theDecoderOptionReachesEveryLevel() throws {
        let value = try Self.lenientDecoder().decode([Int].self, from: #"["1", 2]"#)
        #expect(value == [1, 2])
    }
}
