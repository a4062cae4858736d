import Foundation
import Loom
import Testing

@JSONModel
struct Integers: Equatable {
    var int: Int
    var int8: Int8
    var int16: Int16
    var int32: Int32
    var int64: Int64
    var uint: UInt
    var uint8: UInt8
    var uint16: UInt16
    var uint32: UInt32
    var uint64: UInt64
}

@JSONModel
struct Scalars: Equatable {
    var double: Double
    var float: Float
    var bool: Bool
    var string: String
    var decimal: Decimal
    var url: URL
    var uuid: UUID
    var date: Date
    var data: Data
    var value: JSONValue
}

@JSONModel
struct Ticket: Equatable {
    enum Priority: Int, CaseIterable { case low = 1, normal = 2, high = 3 }
    enum Status: String, CaseIterable { case open, inProgress = "in_progress", done }

    var priority: Priority
    var status: Status
    var history: [Status] = []
}

@Suite("@JSONModel: leaf types")
struct MacroScalarTests {
    @Test func decodesEveryIntegerWidthAtItsLimits() throws {
        let json = #"""
            {"int": -9223372036854775808, "int8": -128, "int16": 32767, "int32": -2147483648,
             "int64": 9223372036854775807, "uint": 18446744073709551615, "uint8": 255, "uint16": 65535,
             "uint32": 4294967295, "uint64": 18446744073709551615}
            """#
        let value = try Integers(jsonString: json)
        #expect(
            value
                == Integers(
                    int: .min, int8: .min, int16: .max, int32: .min, int64: .max, uint: .max, uint8: .max, uint16: .max,
                    uint32: .max, uint64: .max))
        #expect(try Integers(jsonString: value.jsonString()) == value)
    }

    @Test(arguments: [
        ("int8", "128", "int8: number 128 does not fit in Int8"),
        ("int8", "-129", "int8: number -129 does not fit in Int8"),
        ("int16", "32768", "int16: number 32768 does not fit in Int16"),
        ("int32", "2147483648", "int32: number 2147483648 does not fit in Int32"),
        ("int64", "9223372036854775808", "int64: number 9223372036854775808 does not fit in Int64"),
        ("int", "1e100", "int: number 1e100 does not fit in Int"),
        ("uint", "-1", "uint: number -1 does not fit in UInt"),
        ("uint8", "256", "uint8: number 256 does not fit in UInt8"),
        ("uint16", "65536", "uint16: number 65536 does not fit in UInt16"),
        ("uint32", "4294967296", "uint32: number 4294967296 does not fit in UInt32"),
        ("uint64", "18446744073709551616", "uint64: number 18446744073709551616 does not fit in UInt64"),
        ("int", "1.5", "int: expected Int, found number 1.5, which is not an integer; @JSONLenient(rounding:) rounds it"),
    ])
    func rejectsIntegersThatDoNotFit(key: String, literal: String, message: String) throws {
        var fields = [
            "int": "0", "int8": "0", "int16": "0", "int32": "0", "int64": "0", "uint": "0", "uint8": "0", "uint16": "0",
            "uint32": "0", "uint64": "0",
        ]
        fields[key] = literal
        let json = "{" + fields.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}"
        let error = try #require(throws: JSONDecodingError.self) { try Integers(jsonString: json) }
        #expect(error.kind == .numberOutOfRange)
        #expect(error.description.hasPrefix(message + " (line 1, column "))
    }

    @Test func decodesOtherLeafTypes() throws {
        let json = #"""
            {"double": 0.1, "float": 1.5, "bool": true, "string": "caf\u00e9 \ud83d\ude00",
             "decimal": 12345678901234567890.123456789, "url": "https://example.com/a?b=c",
             "uuid": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "date": "2024-05-01T12:00:00.250Z",
             "data": "aGVsbG8=", "value": {"any": [1, "two", null]}}
            """#
        let value = try Scalars(jsonString: json)
        #expect(value.double == 0.1)
        #expect(value.float == 1.5)
        #expect(value.bool)
        #expect(value.string == "café 😀")
        #expect(value.decimal == Decimal(string: "12345678901234567890.123456789"))
        #expect(value.url.absoluteString == "https://example.com/a?b=c")
        #expect(value.uuid == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(value.date == Date(timeIntervalSince1970: 1_714_564_800.25))
        #expect(value.data == Data("hello".utf8))
        #expect(value.value == ["any": [1, "two", nil]])
        #expect(try Scalars(jsonString: value.jsonString()) == value)
    }

    @Test(arguments: [
        (#""double": "1""#, #"double: expected Double, found string "1"; @JSONLenient converts it"#),
        (#""float": 1e39"#, "float: number 1e39 does not fit in Float"),
        (#""bool": 1"#, "bool: expected Bool, found number 1; @JSONLenient converts it"),
        (#""string": 1"#, "string: expected String, found number 1; @JSONLenient converts it"),
        (#""url": """#, #"url: invalid URL string """#),
        (#""uuid": "nope""#, #"uuid: invalid UUID string "nope""#),
        (#""date": "2024-02-30T00:00:00Z""#, #"date: invalid ISO 8601 date string "2024-02-30T00:00:00Z""#),
        (#""data": "***""#, #"data: invalid base64 string "***""#),
    ])
    func reportsLeafErrors(member: String, message: String) throws {
        var fields = [
            #""double": 1"#, #""float": 1"#, #""bool": true"#, #""string": "s""#, #""decimal": 1"#,
            #""url": "https://x.test""#, #""uuid": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F""#,
            #""date": "2024-05-01T12:00:00Z""#, #""data": """#, #""value": null"#,
        ]
        let key = member.prefix { $0 != ":" }
        fields.removeAll { $0.hasPrefix(key + ":") }
        fields.append(member)
        let json = "{" + fields.joined(separator: ", ") + "}"
        let error = try #require(throws: JSONDecodingError.self) { try Scalars(jsonString: json) }
        #expect(error.description.hasPrefix(message + " (line 1, column "), "\(error)")
    }

    @Test func mapsRawValueEnums() throws {
        let ticket = try Ticket(jsonString: #"{"priority": 3, "status": "in_progress", "history": ["open", "in_progress"]}"#)
        #expect(ticket == Ticket(priority: .high, status: .inProgress, history: [.open, .inProgress]))
        #expect(try ticket.jsonString() == #"{"priority":3,"status":"in_progress","history":["open","in_progress"]}"#)
    }

    @Test func namesTheAllowedValuesOfAnUnknownEnumValue() throws {
        let error = try #require(throws: JSONDecodingError.self) {
            try Ticket(jsonString: #"{"priority": 1, "status": "closed"}"#)
        }
        #expect(
            error.description
                == #"status: unknown Status value string "closed", expected one of "open", "in_progress", "done" (line 1, column 27)"#
        )
        let number = try #require(throws: JSONDecodingError.self) {
            try Ticket(jsonString: #"{"priority": 7, "status": "open", "history": ["done", "later"]}"#)
        }
        #expect(number.description == "priority: unknown Priority value number 7, expected one of 1, 2, 3 (line 1, column 14)")
    }

    @Test func reportsTheIndexOfAFailingArrayElement() throws {
        let error = try #require(throws: JSONDecodingError.self) {
            try Ticket(jsonString: #"{"priority": 1, "status": "open", "history": ["done", "later"]}"#)
        }
        #expect(
            error.description
                == #"history[1]: unknown Status value string "later", expected one of "open", "in_progress", "done" (line 1, column 55)"#
        )
    }
}
