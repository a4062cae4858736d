import Foundation
import PropertyBased
import Testing

@testable import Loom

@JSONModel
struct Ledger: Equatable {
    var id: Int64
    var balance: UInt64
    var active: Bool
    var rate: Double
    var name: String
    var flags: [Bool]
    var counts: [String: Int]
    var owner: Owner?
    var members: [Owner]
}

enum LedgerGen {
    /// Text without U+FEFF (see ``SerializableGen``).
    static let text = EverythingGen.text.map { String(String.UnicodeScalarView($0.unicodeScalars.filter { $0 != "\u{FEFF}" })) }
    static let owner = zip(text, Gen.int()).map { Owner(login: $0, id: $1) }
    static let ledger = zip(
        Gen.int64(), Gen.uint64(), Gen.bool, Gen.double(in: -1e300...1e300), text, Gen.bool.array(of: 0...4),
        zip(text, Gen.int()).dictionary(ofAtMost: 0...4), owner.optional, owner.array(of: 0...3)
    ).map { id, balance, active, rate, name, flags, counts, owner, members in
        Ledger(
            id: id, balance: balance, active: active, rate: rate, name: name, flags: flags, counts: counts, owner: owner,
            members: members)
    }
}

/// JSON values whose numbers `JSONSerialization` reads exactly: integers of 64 bits, doubles
/// in range. Strings leave out U+FEFF, which swift-corelibs-foundation's `JSONSerialization`
/// drops from the start of a string as if it were a byte order mark.
enum SerializableGen {
    typealias RNG = any SeededRandomNumberGenerator

    static let value = Generator<JSONValue, Shrink.None<JSONValue>> { rng in make(depth: 4, using: &rng) }

    static func text(using rng: inout RNG) -> String {
        String(String.UnicodeScalarView(JSONGen.makeString(using: &rng).unicodeScalars.filter { $0 != "\u{FEFF}" }))
    }

    static func make(depth: Int, using rng: inout RNG) -> JSONValue {
        switch Int.random(in: 0..<(depth > 0 ? 9 : 6), using: &rng) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &rng))
        case 2: return .number(JSONNumber(Int64.random(in: .min ... .max, using: &rng)))
        case 3: return .number(JSONNumber(UInt64.random(in: UInt64(Int64.max)...UInt64.max, using: &rng)))
        case 4: return .number(JSONNumber(Double.random(in: -1e300...1e300, using: &rng)))
        case 5: return .string(text(using: &rng))
        case 6: return .number(JSONNumber(Int64.random(in: -2...2, using: &rng)))
        case 7:
            return .array(JSONArray((0..<Int.random(in: 0...5, using: &rng)).map { _ in make(depth: depth - 1, using: &rng) }))
        default:
            var object = JSONObject()
            for _ in 0..<Int.random(in: 0...5, using: &rng) {
                object[text(using: &rng)] = make(depth: depth - 1, using: &rng)
            }
            return .object(object)
        }
    }
}

/// `a` and `b` as JSON objects are equal: the same members, in any order.
func sameJSON(_ a: JSONValue, _ b: JSONValue) -> Bool {
    switch (a, b) {
    case (.object(let x), .object(let y)):
        guard x.count == y.count else { return false }
        for (key, value) in x {
            guard let other = y[key], sameJSON(value, other) else { return false }
        }
        return true
    case (.array(let x), .array(let y)):
        return x.count == y.count && zip(x.elements, y.elements).allSatisfy { sameJSON($0, $1) }
    default:
        return a == b
    }
}

@Suite("Foundation objects: to and from JSONSerialization's form")
struct FoundationObjectTests {
    @Test func booleansAreNotIntegers() throws {
        let object = try JSONSerialization.jsonObject(with: Data("[true, false, 1, 0, -1, 1.5]".utf8))
        #expect(try JSONValue(jsonObject: object) == [true, false, 1, 0, -1, 1.5])
        // Foundation's Boolean numbers against numbers that hold 0 or 1.
        #expect(JSONValue.isBoolean(NSNumber(value: true)))
        #expect(JSONValue.isBoolean(NSNumber(value: false)))
        #expect(!JSONValue.isBoolean(NSNumber(value: 1)))
        #expect(!JSONValue.isBoolean(NSNumber(value: Int8(1))))
        #expect(!JSONValue.isBoolean(NSNumber(value: UInt8(0))))
        #expect(try JSONValue(jsonObject: [NSNumber(value: Int8(1)), NSNumber(value: UInt8(0)), true, 1] as [Any]) == [1, 0, true, 1])
        // A Bool property takes only a Boolean; an Int property only a number.
        let flag = try #require(throws: JSONDecodingError.self) {
            try Ledger(jsonObject: ["id": 1, "balance": 2, "active": NSNumber(value: 1), "rate": 0, "name": "", "flags": [], "counts": [:], "members": []] as [String: Any])
        }
        #expect(flag.description == "active: expected Bool, found number 1; @JSONLenient converts it")
        let id = try #require(throws: JSONDecodingError.self) { try Owner(jsonObject: ["login": "x", "id": NSNumber(value: true)]) }
        #expect(id.description == "id: expected Int, found true")
        #expect(try Owner(jsonObject: ["login": "x", "id": NSNumber(value: 7)]) == Owner(login: "x", id: 7))
    }

    @Test func integersStayExact() throws {
        let text = #"[9223372036854775807, -9223372036854775808, 18446744073709551615, 123456789012345678901234567890]"#
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        #expect(try JSONValue(jsonObject: object) == JSONValue(parsing: text))
        let back = try #require(JSONValue(parsing: text).jsonObject() as? [NSNumber])
        #expect(back[0].int64Value == .max)
        #expect(back[1].int64Value == .min)
        #expect(back[2].uint64Value == .max)
        #expect((back[3] as? NSDecimalNumber)?.stringValue == "123456789012345678901234567890")
    }

    @Test func errorsHaveThePathsOfTheBytes() throws {
        let object: [Any] = [["login": "a", "id": 1], ["login": 5, "id": "x"]]
        let error = try #require(throws: JSONDecodingError.self) { try [Owner](jsonObject: object) }
        let bytes = try #require(throws: JSONDecodingError.self) {
            try [Owner](jsonData: JSONSerialization.data(withJSONObject: object))
        }
        #expect(error.description == "[1].id: expected Int, found string \"x\"" || error.description == "[1].login: expected String, found number 5; @JSONLenient converts it")
        #expect(error.path == bytes.path)
        #expect(error.reason == bytes.reason)
        #expect(error.line == nil && error.byteOffset == nil)
        var collecting = JSONModelDecoder()
        collecting.collectsAllErrors = true
        let all = try #require(throws: JSONDecodingError.self) { try [Owner](jsonObject: object, decoder: collecting) }
        #expect(Set(all.errors.map(\.pathDescription)) == ["[1].id", "[1].login"])
        #expect(all.errors.allSatisfy { $0.line == nil })
    }

    /// Objects with something JSON cannot hold, and the message naming it.
    static let notJSON: [(String, @Sendable () -> [String: Any])] = [
        ("a[1]: unsupported value of type Date", { ["a": [1, Date(timeIntervalSince1970: 0)]] }),
        ("a.b: number nan cannot be written as JSON", { ["a": ["b": Double.nan]] }),
        ("a: dictionary with keys that are not all strings", { ["a": [1: "x"]] }),
        ("a: number NaN cannot be written as JSON", { ["a": NSDecimalNumber.notANumber] }),
    ]

    @Test(arguments: 0..<4)
    func valuesThatAreNotJSONAreErrors(index: Int) throws {
        let (message, make) = Self.notJSON[index]
        let error = try #require(throws: JSONDecodingError.self) { try [String: JSONValue](jsonObject: make()) }
        #expect(error.kind == .invalidValue)
        #expect(error.description == message)
        #expect(throws: JSONError.self) { try JSONValue(jsonObject: make()) }
    }

    @Test func deepNestingStopsAtTheDepthLimit() throws {
        var nested: Any = 1
        for _ in 0..<1_000 { nested = [nested] }
        let error = try #require(throws: JSONDecodingError.self) { try JSONValue(jsonObject: nested, decoder: .init()) }
        #expect(error.reason == "nested deeper than 512 levels")
    }

    // MARK: Round trips against JSONSerialization

    /// Values written by Loom and read by `JSONSerialization` convert back to themselves;
    /// values converted to objects and written by `JSONSerialization` parse back to themselves.
    @Test func valuesRoundTripThroughJSONSerialization() async {
        await propertyCheck(count: 300, input: SerializableGen.value) { value in
            let bytes = try value.jsonData()
            let object = try JSONSerialization.jsonObject(with: bytes, options: .fragmentsAllowed)
            let converted = try JSONValue(jsonObject: object)
            #expect(sameJSON(converted, value), "JSONSerialization read \(converted)")
            let written = try JSONSerialization.data(withJSONObject: value.jsonObject(), options: .fragmentsAllowed)
            #expect(sameJSON(try JSONValue(parsing: written), value))
        }
    }

    @Test func modelsRoundTripThroughJSONSerialization() async {
        await propertyCheck(count: 300, input: LedgerGen.ledger) { account in
            let object = try JSONSerialization.jsonObject(with: account.jsonData())
            #expect(try Ledger(jsonObject: object) == account)
            let written = try JSONSerialization.data(withJSONObject: account.jsonObject())
            #expect(try Ledger(jsonData: written) == account)
            #expect(try Ledger(jsonObject: account.jsonObject()) == account)
            let many = try [Ledger](jsonObject: JSONSerialization.jsonObject(with: [account, account].jsonData()))
            #expect(many == [account, account])
            #expect((try [account].jsonObject() as? [Any])?.count == 1)
        }
    }
}
