import Foundation
import Loom
import Testing

/// Number edge cases into every numeric type, through the model decoder: each gives its exact
/// value or a `numberOutOfRange` error naming the literal, never a wrapped, clamped or
/// silently rounded integer (the Security article, "No silent value changes").
///
/// The expected values come from independent oracles: the standard library's exact
/// `FixedWidthInteger(String)` for integers (the table gives each literal's exact integer
/// value, or none), its correctly rounded `Double(String)`/`Float(String)` for binary floating
/// point (infinity there means out of range), and `Decimal(string:)` on the table's exact
/// decimal text.
@Suite("Number matrix")
struct NumberMatrixTests {
    struct Case: Sendable, CustomTestStringConvertible {
        /// The JSON number.
        var literal: String
        /// Its exact integer value in decimal, or nil when it is not an integer.
        var integer: String?
        /// Its exact value as `Decimal` text, or nil when `Decimal` cannot hold it exactly.
        var decimal: String?
        var testDescription: String { literal }
    }

    static let zeros400 = String(repeating: "0", count: 400)
    static let digits60 = String(repeating: "1234567890", count: 6)

    static let cases: [Case] = [
        Case(literal: "0", integer: "0", decimal: "0"),
        Case(literal: "-0", integer: "0", decimal: "0"),
        Case(literal: "0e1", integer: "0", decimal: "0"),
        Case(literal: "0E9", integer: "0", decimal: "0"),
        Case(literal: "0.00e1", integer: "0", decimal: "0"),
        Case(literal: "-0e1", integer: "0", decimal: "0"),
        Case(literal: "0e-999999", integer: "0", decimal: "0"),
        Case(literal: "1.0", integer: "1", decimal: "1"),
        Case(literal: "1.5", integer: nil, decimal: "1.5"),
        Case(literal: "-1.5", integer: nil, decimal: "-1.5"),
        Case(literal: "1e2", integer: "100", decimal: "100"),
        Case(literal: "1E+2", integer: "100", decimal: "100"),
        Case(literal: "100e-2", integer: "1", decimal: "1"),
        Case(literal: "12.5e1", integer: "125", decimal: "125"),
        Case(literal: "0.1e1", integer: "1", decimal: "1"),
        Case(literal: "0.1", integer: nil, decimal: "0.1"),
        Case(literal: "1.0000000000000001", integer: nil, decimal: "1.0000000000000001"),
        Case(literal: "1e-400", integer: nil, decimal: nil),
        Case(literal: "-1e-400", integer: nil, decimal: nil),
        Case(literal: "1e400", integer: "1" + zeros400, decimal: nil),
        Case(literal: "-1e400", integer: "-1" + zeros400, decimal: nil),
        Case(literal: "9e99999999999999999999", integer: nil, decimal: nil),
        Case(literal: "1147e02864", integer: nil, decimal: nil),
        Case(literal: "127", integer: "127", decimal: "127"),
        Case(literal: "128", integer: "128", decimal: "128"),
        Case(literal: "-128", integer: "-128", decimal: "-128"),
        Case(literal: "-129", integer: "-129", decimal: "-129"),
        Case(literal: "255", integer: "255", decimal: "255"),
        Case(literal: "256", integer: "256", decimal: "256"),
        Case(literal: "-1", integer: "-1", decimal: "-1"),
        Case(literal: "32767", integer: "32767", decimal: "32767"),
        Case(literal: "32768", integer: "32768", decimal: "32768"),
        Case(literal: "65535", integer: "65535", decimal: "65535"),
        Case(literal: "65536", integer: "65536", decimal: "65536"),
        Case(literal: "2147483647", integer: "2147483647", decimal: "2147483647"),
        Case(literal: "-2147483649", integer: "-2147483649", decimal: "-2147483649"),
        Case(literal: "4294967295", integer: "4294967295", decimal: "4294967295"),
        Case(literal: "4294967296", integer: "4294967296", decimal: "4294967296"),
        Case(literal: "16777217", integer: "16777217", decimal: "16777217"),  // 2^24 + 1: not a Float
        Case(literal: "9007199254740991", integer: "9007199254740991", decimal: "9007199254740991"),  // 2^53 − 1
        Case(literal: "9007199254740992", integer: "9007199254740992", decimal: "9007199254740992"),
        Case(literal: "9007199254740993", integer: "9007199254740993", decimal: "9007199254740993"),  // 2^53 + 1
        Case(literal: "-9007199254740993", integer: "-9007199254740993", decimal: "-9007199254740993"),
        Case(literal: "9223372036854775807", integer: "9223372036854775807", decimal: "9223372036854775807"),  // 2^63 − 1
        Case(literal: "9223372036854775808", integer: "9223372036854775808", decimal: "9223372036854775808"),  // 2^63
        Case(literal: "-9223372036854775808", integer: "-9223372036854775808", decimal: "-9223372036854775808"),
        Case(literal: "-9223372036854775809", integer: "-9223372036854775809", decimal: "-9223372036854775809"),  // −2^63 − 1
        Case(literal: "18446744073709551615", integer: "18446744073709551615", decimal: "18446744073709551615"),  // 2^64 − 1
        Case(literal: "18446744073709551616", integer: "18446744073709551616", decimal: "18446744073709551616"),  // 2^64
        Case(literal: "1e19", integer: "10000000000000000000", decimal: "10000000000000000000"),
        Case(literal: "1.8446744073709551615e19", integer: "18446744073709551615", decimal: "18446744073709551615"),
        Case(literal: "9.223372036854775807e18", integer: "9223372036854775807", decimal: "9223372036854775807"),
        Case(literal: "9223372036854775807.5", integer: nil, decimal: "9223372036854775807.5"),
        Case(literal: "12345678901234567890123", integer: "12345678901234567890123", decimal: "12345678901234567890123"),
        Case(literal: "1" + String(repeating: "0", count: 30), integer: "1" + String(repeating: "0", count: 30),
             decimal: "1" + String(repeating: "0", count: 30)),
        Case(literal: digits60, integer: digits60, decimal: nil),  // 59 significant digits
        Case(literal: "0." + String(repeating: "0", count: 100) + "1", integer: nil, decimal: "1e-101"),
        Case(literal: "1.7976931348623157e308", integer: "17976931348623157" + String(repeating: "0", count: 292), decimal: nil),
        Case(literal: "1.7976931348623159e308", integer: "17976931348623159" + String(repeating: "0", count: 292), decimal: nil),
        Case(literal: "2.2250738585072014e-308", integer: nil, decimal: nil),  // smallest normal
        Case(literal: "4.9406564584124654e-324", integer: nil, decimal: nil),  // smallest subnormal
        Case(literal: "2.4703282292062327e-324", integer: nil, decimal: nil),  // rounds to 0
        Case(literal: "3.4028235e38", integer: "340282350" + String(repeating: "0", count: 30), decimal: "3.4028235e38"),
        Case(literal: "3.4028236e38", integer: "340282360" + String(repeating: "0", count: 30), decimal: "3.4028236e38"),
        Case(literal: "1e39", integer: "1" + String(repeating: "0", count: 39), decimal: "1e39"),
        Case(literal: "1.401298464324817e-45", integer: nil, decimal: "1.401298464324817e-45"),  // smallest Float subnormal
        Case(literal: "1e-46", integer: nil, decimal: "1e-46"),
        Case(literal: "1e-130", integer: nil, decimal: nil),
        Case(literal: "123.456e-2", integer: nil, decimal: "1.23456"),
    ]

    /// Decodes `{"v": literal}` as `[String: T]`: the value, or the error (path `v`).
    static func decode<T: JSONDecodable>(_ type: T.Type, _ literal: String) -> Result<T, JSONDecodingError> {
        var decoder = JSONModelDecoder()
        decoder.parsingOptions.maxNumberLength = .max
        do {
            let box = try decoder.decode([String: T].self, from: #"{"v": \#(literal)}"#)
            guard let value = box["v"] else { return .failure(JSONDecodingError(.missingKey, reason: "no v")) }
            return .success(value)
        } catch let error as JSONDecodingError {
            return .failure(error)
        } catch {
            return .failure(JSONDecodingError(.invalidValue, reason: "not a JSONDecodingError: \(error)"))
        }
    }

    static func expectRangeError<T>(
        _ result: Result<T, JSONDecodingError>, _ literal: String, _ type: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        switch result {
        case .success(let value):
            Issue.record("\(literal) into \(type) gave \(value), expected an error", sourceLocation: sourceLocation)
        case .failure(let error):
            #expect(error.kind == .numberOutOfRange, "\(literal) into \(type): \(error)", sourceLocation: sourceLocation)
            #expect(error.pathDescription == "v", sourceLocation: sourceLocation)
            #expect(error.byteOffset == 6, "\(error)", sourceLocation: sourceLocation)
            #expect(error.line == 1 && error.column == 7, sourceLocation: sourceLocation)
            #expect(error.reason.contains(literal), "\(error.reason)", sourceLocation: sourceLocation)
            #expect(error.reason.contains(type.split(separator: " ")[0]), "\(error.reason)", sourceLocation: sourceLocation)
        }
    }

    static func checkInteger<T: FixedWidthInteger & JSONDecodable>(_ type: T.Type, _ item: Case) {
        let result = decode(T.self, item.literal)
        if let exact = item.integer.flatMap({ T($0) }) {
            #expect((try? result.get()) == exact, "\(item.literal) into \(T.self): \(result)")
        } else {
            expectRangeError(result, item.literal, "\(T.self)")
        }
    }

    @Test("into every integer width: exact or an error", arguments: cases)
    func integers(item: Case) {
        Self.checkInteger(Int.self, item)
        Self.checkInteger(Int8.self, item)
        Self.checkInteger(Int16.self, item)
        Self.checkInteger(Int32.self, item)
        Self.checkInteger(Int64.self, item)
        Self.checkInteger(UInt.self, item)
        Self.checkInteger(UInt8.self, item)
        Self.checkInteger(UInt16.self, item)
        Self.checkInteger(UInt32.self, item)
        Self.checkInteger(UInt64.self, item)
    }

    @Test("into Double and Float: correctly rounded, never infinite", arguments: cases)
    func binaryFloatingPoint(item: Case) throws {
        let double = Self.decode(Double.self, item.literal)
        let expectedDouble = try #require(Double(item.literal))
        if expectedDouble.isFinite {
            #expect((try? double.get())?.bitPattern == expectedDouble.bitPattern, "\(item.literal): \(double) vs \(expectedDouble)")
        } else {
            Self.expectRangeError(double, item.literal, "Double")
        }
        let float = Self.decode(Float.self, item.literal)
        let expectedFloat = try #require(Float(item.literal))
        if expectedFloat.isFinite {
            #expect((try? float.get())?.bitPattern == expectedFloat.bitPattern, "\(item.literal): \(float) vs \(expectedFloat)")
        } else {
            Self.expectRangeError(float, item.literal, "Float")
        }
    }

    @Test("into Decimal: exact or an error, never truncated", arguments: cases)
    func decimal(item: Case) throws {
        let result = Self.decode(Decimal.self, item.literal)
        if let text = item.decimal {
            let expected = try #require(Decimal(string: text))
            #expect((try? result.get()) == expected, "\(item.literal): \(result)")
        } else {
            Self.expectRangeError(result, item.literal, "Decimal")
        }
    }

    @Test("into JSONValue: the number is kept exactly", arguments: cases)
    func jsonValue(item: Case) throws {
        var decoder = JSONModelDecoder()
        decoder.parsingOptions.maxNumberLength = .max
        let value = try decoder.decode(JSONValue.self, from: "[\(item.literal)]")
        let number = try #require(value[0]?.numberValue)
        #expect(number == JSONNumber(lexeme: item.literal))
        // Written back, it parses to the same number (the text may be shorter, not different).
        let written = try JSONValue(parsing: value.jsonString(), options: decoder.parsingOptions)
        #expect(written == value)
        if let integer = item.integer, let exact = Int64(integer) {
            #expect(number.exactly(Int64.self) == exact)
        } else if item.integer == nil {
            #expect(number.exactly(Int64.self) == nil)
        }
    }

    @Test("the error names the field, the literal and the type (rows 7, 8, 24)")
    func errorMessages() throws {
        let cases: [(String, String)] = [
            (#"{"a":128}"#, "a: number 128 does not fit in Int8 (line 1, column 6)"),
            (#"{"a":1.5}"#, "a: expected Int8, found number 1.5, which is not an integer; @JSONLenient(rounding:) rounds it (line 1, column 6)"),
        ]
        for (text, message) in cases {
            let error = #expect(throws: JSONDecodingError.self) { try JSONModelDecoder().decode([String: Int8].self, from: text) }
            #expect(error?.description == message)
        }
        let big = #expect(throws: JSONDecodingError.self) {
            try JSONModelDecoder().decode([String: Int64].self, from: #"{"n":18446744073709551615}"#)
        }
        #expect(big?.description == "n: number 18446744073709551615 does not fit in Int64 (line 1, column 6)")
    }
}
