import Foundation
import Loom
import PropertyBased
import Testing

// MARK: - Helpers

/// Decodes through the bridge exactly as generated code does: a parsed document, a context,
/// and `context.decode(_:from:)`, which picks the `Decodable` overload for a type that is
/// only `Codable`.
private func bridgeDecode<T: Decodable>(
    _ type: T.Type, _ json: String, decoder: JSONModelDecoder = JSONModelDecoder()
) throws -> T {
    let document = try JSONDocument(parsing: json, options: decoder.parsingOptions)
    let context = JSONDecodingContext(decoder: decoder)
    return try withExtendedLifetime(document) { try context.decode(T.self, from: document.root) }
}

/// The `JSONDecodingError` a bridged decode throws.
private func bridgeError<T: Decodable>(
    _ type: T.Type, _ json: String, decoder: JSONModelDecoder = JSONModelDecoder()
) throws -> JSONDecodingError {
    try #require(throws: JSONDecodingError.self) { try bridgeDecode(T.self, json, decoder: decoder) }
}

/// Encodes through the bridge into a `JSONWriter`, as generated code does.
private func bridgeEncode<T: Encodable>(_ value: T, encoder: JSONModelEncoder = JSONModelEncoder()) throws -> String {
    let context = JSONEncodingContext(encoder: encoder)
    var writer = JSONWriter(options: encoder.writingOptions)
    try context.encode(value, to: &writer)
    return writer.string
}

private func foundationDecoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
}

private func foundationEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    return encoder
}

private func foundationDecode<T: Decodable>(_ type: T.Type, _ json: String, _ decoder: JSONDecoder = foundationDecoder())
    throws -> T
{
    try decoder.decode(T.self, from: Data(json.utf8))
}

private func foundationEncode<T: Encodable>(_ value: T, _ encoder: JSONEncoder = foundationEncoder()) throws -> JSONValue {
    try JSONValue(parsing: encoder.encode(value))
}

/// Decodes `json` with the bridge and with Foundation; both must succeed with equal values.
private func expectSameDecoding<T: Decodable & Equatable>(
    _ type: T.Type, _ json: String, sourceLocation: SourceLocation = #_sourceLocation
) throws -> T {
    let loom = try bridgeDecode(T.self, json)
    let foundation = try foundationDecode(T.self, json)
    #expect(loom == foundation, sourceLocation: sourceLocation)
    return loom
}

/// Encodes with the bridge and with Foundation; both must give the same JSON value, and the
/// bridge's output must decode back (through the bridge) to the original.
private func expectSameEncoding<T: Codable & Equatable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation)
    throws
{
    let loom = try bridgeEncode(value)
    #expect(try JSONValue(parsing: loom) == foundationEncode(value), sourceLocation: sourceLocation)
    #expect(try bridgeDecode(T.self, loom) == value, sourceLocation: sourceLocation)
}

// MARK: - Codable types

private struct Person: Codable, Equatable {
    var name: String
    var age: Int
    var email: String?
    var tags: [String]

    enum CodingKeys: String, CodingKey {
        case name = "full_name"
        case age
        case email
        case tags
    }
}

/// Apple's nested-container example: `elevation` lives in a nested object.
private struct Coordinate: Codable, Equatable {
    var latitude: Double
    var longitude: Double
    var elevation: Double

    enum CodingKeys: String, CodingKey {
        case latitude
        case longitude
        case additionalInfo
    }

    enum AdditionalInfoKeys: String, CodingKey {
        case elevation
    }

    init(latitude: Double, longitude: Double, elevation: Double) {
        self.latitude = latitude
        self.longitude = longitude
        self.elevation = elevation
    }

    init(from decoder: any Decoder) throws {
        let values = try decoder.container(keyedBy: CodingKeys.self)
        latitude = try values.decode(Double.self, forKey: .latitude)
        longitude = try values.decode(Double.self, forKey: .longitude)
        let additionalInfo = try values.nestedContainer(keyedBy: AdditionalInfoKeys.self, forKey: .additionalInfo)
        elevation = try additionalInfo.decode(Double.self, forKey: .elevation)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(latitude, forKey: .latitude)
        try container.encode(longitude, forKey: .longitude)
        var additionalInfo = container.nestedContainer(keyedBy: AdditionalInfoKeys.self, forKey: .additionalInfo)
        try additionalInfo.encode(elevation, forKey: .elevation)
    }
}

/// Synthesized Codable for an enum with associated values.
private enum Shape: Codable, Equatable {
    case circle(radius: Double)
    case rectangle(width: Double, height: Double)
    case labeled(String, Int)
    case point
}

private struct Drawing: Codable, Equatable {
    var title: String
    var shapes: [Shape]
}

private struct Optionals: Codable, Equatable {
    var required: Int
    var missing: String?
    var null: Double?
    var present: Bool?
    var nested: Person?
}

private struct Grid: Codable, Equatable {
    var cells: [[Int]]
    var points: [[Point]]
    var ragged: [[[String]]]
}

private struct Point: Codable, Equatable, Hashable {
    var x: Double
    var y: Double
}

private struct Tables: Codable, Equatable {
    var byName: [String: Point]
    var byID: [Int: String]
    var counts: [String: [Int]]
}

private struct Specials: Codable, Equatable {
    var date: Date
    var data: Data
    var url: URL
    var price: Decimal
    var dates: [Date]
    var optionalURL: URL?
}

/// Class inheritance: the subclass keeps the superclass under `"super"`.
private class Vehicle: Codable {
    var wheels: Int

    init(wheels: Int) { self.wheels = wheels }
}

private final class Car: Vehicle {
    var brand: String

    enum CodingKeys: String, CodingKey { case brand }

    init(brand: String, wheels: Int) {
        self.brand = brand
        super.init(wheels: wheels)
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        brand = try container.decode(String.self, forKey: .brand)
        try super.init(from: container.superDecoder())
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(brand, forKey: .brand)
        try super.encode(to: container.superEncoder())
    }
}

/// Class inheritance sharing one object: subclass and superclass use the same decoder.
private final class Truck: Vehicle {
    var payload: Int

    enum CodingKeys: String, CodingKey { case payload }

    init(payload: Int, wheels: Int) {
        self.payload = payload
        super.init(wheels: wheels)
    }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        payload = try container.decode(Int.self, forKey: .payload)
        try super.init(from: decoder)
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(payload, forKey: .payload)
        try super.encode(to: encoder)
    }
}

private struct Inventory: Codable, Equatable {
    struct Item: Codable, Equatable { var id: Int }
    var items: [Item]
}

private struct Tiny: Codable, Equatable { var a: Int8 }

private struct Refusal: Error, CustomStringConvertible {
    var description: String { "refused" }
}

/// A recursive Codable type, for nesting depth.
private struct CodableNode: Codable, Equatable {
    var children: [CodableNode]

    var depth: Int { 1 + (children.map(\.depth).max() ?? 0) }
}

/// A generic wrapper: Codable code that passes values generically.
private struct Box<Value: Codable & Equatable>: Codable, Equatable {
    var value: Value
    var values: [Value]
}

private struct Numbers: Codable, Equatable {
    var int: Int
    var uint64: UInt64
    var int64: Int64
    var double: Double
    var float: Float
}

/// A Loom model that is also `Codable`, with *different* keys in its two conformances, so a
/// test can tell which one the bridge used: Loom's reads `lat`/`lng`, Codable's `latitude`/`longitude`.
private struct Pin: Codable, Equatable {
    var latitude: Double
    var longitude: Double
}

extension Pin: JSONModel {
    static let _loomKeys = _JSONKeySet(["lat", "lng"])

    init(json element: JSONElement, context: JSONDecodingContext) throws {
        let members = try context.object(element, for: Self.self)
        var s0: JSONElement? = nil
        var s1: JSONElement? = nil
        var hint = 0
        for member in members {
            switch Self._loomKeys.match(member.key, hint: &hint, context) {
            case 0: context._assign(&s0, member.value)
            case 1: context._assign(&s1, member.value)
            default: break
            }
        }
        latitude = try context._required(s0, Self._loomKeys, 0) { try context.decode(Double.self, from: $0) }
        longitude = try context._required(s1, Self._loomKeys, 1) { try context.decode(Double.self, from: $0) }
    }

    func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        try writer.beginObject()
        context._writeKey(Self._loomKeys, 0, to: &writer)
        try context.encode(latitude, to: &writer)
        context._writeKey(Self._loomKeys, 1, to: &writer)
        try context.encode(longitude, to: &writer)
        writer.endObject()
    }
}

private struct Map: Codable, Equatable {
    var name: String
    var pins: [Pin]
    var home: Pin
    var extra: JSONValue
}

/// A Loom model (hand-written, as `@JSONModel` generates it) with a property whose type is only `Codable`.
private struct Order: Equatable {
    var id: Int
    var total: Money
}

private struct Money: Codable, Equatable {
    var amount: Decimal
    var currency: String
}

extension Order: JSONModel {
    static let _loomKeys = _JSONKeySet(["id", "total"])

    init(json element: JSONElement, context: JSONDecodingContext) throws {
        let members = try context.object(element, for: Self.self)
        var s0: JSONElement? = nil
        var s1: JSONElement? = nil
        var hint = 0
        for member in members {
            switch Self._loomKeys.match(member.key, hint: &hint, context) {
            case 0: context._assign(&s0, member.value)
            case 1: context._assign(&s1, member.value)
            default: break
            }
        }
        id = try context._required(s0, Self._loomKeys, 0) { try context.decode(Int.self, from: $0) }
        total = try context._required(s1, Self._loomKeys, 1) { try context.decode(Money.self, from: $0) }
    }

    func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        try writer.beginObject()
        context._writeKey(Self._loomKeys, 0, to: &writer)
        try context.encode(id, to: &writer)
        context._writeKey(Self._loomKeys, 1, to: &writer)
        try context.encode(total, to: &writer)
        writer.endObject()
    }
}

// MARK: - Decoding

@Suite("Codable bridge: decoding")
struct CodableBridgeDecodingTests {
    @Test func structWithCodingKeys() throws {
        let person = try expectSameDecoding(
            Person.self, #"{"full_name": "Ada", "age": 36, "email": null, "tags": ["math", "poetry"], "extra": 1}"#)
        #expect(person == Person(name: "Ada", age: 36, email: nil, tags: ["math", "poetry"]))
    }

    @Test func nestedContainers() throws {
        let coordinate = try expectSameDecoding(
            Coordinate.self, #"{"latitude": 51.5, "longitude": -0.12, "additionalInfo": {"elevation": 11.0}}"#)
        #expect(coordinate == Coordinate(latitude: 51.5, longitude: -0.12, elevation: 11))
    }

    @Test func enumsWithAssociatedValues() throws {
        let drawing = try expectSameDecoding(
            Drawing.self,
            #"""
            {"title": "t", "shapes": [{"circle": {"radius": 2}}, {"rectangle": {"width": 3, "height": 4.5}},
             {"labeled": {"_0": "x", "_1": 7}}, {"point": {}}]}
            """#)
        #expect(
            drawing.shapes == [.circle(radius: 2), .rectangle(width: 3, height: 4.5), .labeled("x", 7), .point])
    }

    @Test func optionalsUseDecodeIfPresent() throws {
        let value = try expectSameDecoding(
            Optionals.self,
            #"{"required": 1, "null": null, "present": false, "nested": {"full_name": "B", "age": 2, "tags": []}}"#)
        #expect(value == Optionals(required: 1, missing: nil, null: nil, present: false, nested: Person(name: "B", age: 2, tags: [])))
    }

    @Test func arraysOfArrays() throws {
        let grid = try expectSameDecoding(
            Grid.self,
            #"{"cells": [[1, 2], [], [3]], "points": [[{"x": 1, "y": 2}], [{"x": -1.5, "y": 1e2}]], "ragged": [[["a"], []], []]}"#)
        #expect(grid.points[1][0] == Point(x: -1.5, y: 100))
    }

    @Test func dictionariesWithStringAndIntKeys() throws {
        let tables = try expectSameDecoding(
            Tables.self,
            #"{"byName": {"origin": {"x": 0, "y": 0}, "é": {"x": 1, "y": 1}}, "byID": {"1": "one", "-20": "minus twenty"}, "counts": {"a": [1, 2]}}"#)
        #expect(tables.byID == [1: "one", -20: "minus twenty"])
        #expect(tables.byName["é"] == Point(x: 1, y: 1))
    }

    @Test func dateDataURLDecimal() throws {
        let json = #"""
            {"date": "2024-05-01T12:00:00Z", "data": "AAEC/w==", "url": "https://example.com/a?b=c",
             "price": 12345678901234567890.123456789, "dates": ["1970-01-01T00:00:00Z"], "optionalURL": null}
            """#
        let specials = try bridgeDecode(Specials.self, json)
        #expect(specials.date == Date(timeIntervalSince1970: 1_714_564_800))
        #expect(specials.data == Data([0, 1, 2, 255]))
        #expect(specials.url == URL(string: "https://example.com/a?b=c"))
        // Exact: every digit of the lexeme (Foundation goes through Double here on some platforms).
        #expect(specials.price == Decimal(string: "12345678901234567890.123456789"))
        #expect(specials.dates == [Date(timeIntervalSince1970: 0)])
        #expect(specials.optionalURL == nil)
        let foundation = try foundationDecode(Specials.self, json)
        #expect(foundation.date == specials.date && foundation.data == specials.data && foundation.url == specials.url)
    }

    @Test func dateFollowsTheDecoderStrategy() throws {
        var decoder = JSONModelDecoder()
        decoder.dateStrategy = .millisecondsSince1970
        let dates = try bridgeDecode([Date].self, "[1500, -1000]", decoder: decoder)
        #expect(dates == [Date(timeIntervalSince1970: 1.5), Date(timeIntervalSince1970: -1)])
    }

    @Test func classInheritanceThroughSuperDecoder() throws {
        let car = try bridgeDecode(Car.self, #"{"brand": "Volvo", "super": {"wheels": 4}}"#)
        #expect(car.brand == "Volvo" && car.wheels == 4)
        let foundation = try foundationDecode(Car.self, #"{"brand": "Volvo", "super": {"wheels": 4}}"#)
        #expect(foundation.brand == car.brand && foundation.wheels == car.wheels)

        let truck = try bridgeDecode(Truck.self, #"{"payload": 7, "wheels": 6}"#)
        #expect(truck.payload == 7 && truck.wheels == 6)
    }

    @Test func missingSuperIsNull() throws {
        let error = try bridgeError(Car.self, #"{"brand": "Volvo"}"#)
        #expect(error.kind == .nullValue)
        #expect(error.description == "super: expected object, found null (line 1, column 1)")
    }

    @Test func integersAreExact() throws {
        #expect(try bridgeDecode([Int].self, "[1e2, 0e1, -0, 1.0, 2.50e1, 100e-2]") == [100, 0, 0, 1, 25, 1])
        #expect(try bridgeDecode(UInt64.self, "18446744073709551615") == .max)
        #expect(try bridgeDecode(Int64.self, "-9223372036854775808") == .min)
        #expect(try bridgeDecode(Int8.self, "-1.28e2") == -128)
        let numbers = try expectSameDecoding(
            Numbers.self, #"{"int": 42, "uint64": 18446744073709551615, "int64": -9223372036854775808, "double": 0.1, "float": 3.4028235e38}"#)
        #expect(numbers.float == .greatestFiniteMagnitude)

        let fraction = try bridgeError(Int.self, "1.5")
        #expect(fraction.kind == .numberOutOfRange)
        #expect(fraction.reason == "expected Int, found number 1.5, which is not an integer")
        let overflow = try bridgeError(UInt64.self, "18446744073709551616")
        #expect(overflow.reason == "number 18446744073709551616 does not fit in UInt64")
        let negative = try bridgeError(UInt.self, "-1")
        #expect(negative.reason == "number -1 does not fit in UInt")
    }

    @Test func codableSeesFoundationStyleDecodingErrors() throws {
        // Codable code that inspects errors sees the DecodingError cases JSONDecoder throws.
        struct Probe: Decodable {
            var outcomes: [String] = []
            enum Keys: String, CodingKey { case missing, null, text, big, fraction }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: Keys.self)
                for key in [Keys.missing, .null, .text, .big, .fraction] {
                    do {
                        _ = try container.decode(Int8.self, forKey: key)
                        outcomes.append("ok")
                    } catch DecodingError.keyNotFound(let missing, _) {
                        outcomes.append("keyNotFound \(missing.stringValue)")
                    } catch DecodingError.valueNotFound(_, let context) {
                        outcomes.append("valueNotFound \(context.codingPath.map(\.stringValue))")
                    } catch DecodingError.typeMismatch(_, let context) {
                        outcomes.append("typeMismatch \(context.codingPath.map(\.stringValue))")
                    } catch DecodingError.dataCorrupted(let context) {
                        outcomes.append("dataCorrupted \(context.codingPath.map(\.stringValue))")
                    } catch {
                        outcomes.append("other error")
                    }
                }
            }
        }
        let json = #"{"null": null, "text": "1", "big": 300, "fraction": 0.5}"#
        let expected = [
            "keyNotFound missing", #"valueNotFound ["null"]"#, #"typeMismatch ["text"]"#, #"dataCorrupted ["big"]"#,
            #"dataCorrupted ["fraction"]"#,
        ]
        #expect(try bridgeDecode(Probe.self, json).outcomes == expected)
        // Foundation agrees on the first three; for numbers that do not fit it throws an
        // internal error type there instead of a DecodingError.
        #expect(try foundationDecode(Probe.self, json).outcomes.prefix(3) == expected.prefix(3))
    }

    @Test func failedUnkeyedDecodeDoesNotAdvance() throws {
        struct Mixed: Decodable, Equatable {
            var values: [String] = []
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                while !container.isAtEnd {
                    if let number = try? container.decode(Int.self) {
                        values.append("int \(number)")
                    } else if try container.decodeNil() {
                        values.append("nil")
                    } else {
                        values.append("string \(try container.decode(String.self))")
                    }
                }
            }
        }
        let json = #"[1, "two", null, 4]"#
        #expect(try bridgeDecode(Mixed.self, json).values == ["int 1", "string two", "nil", "int 4"])
        #expect(try foundationDecode(Mixed.self, json).values == ["int 1", "string two", "nil", "int 4"])
    }

    @Test func duplicateKeysFollowTheDocumentPolicy() throws {
        let json = #"{"x": 1, "y": 2, "x": 3}"#
        #expect(try bridgeDecode(Point.self, json) == Point(x: 3, y: 2))
        var decoder = JSONModelDecoder()
        decoder.parsingOptions.duplicateKeys = .useFirst
        #expect(try bridgeDecode(Point.self, json, decoder: decoder) == Point(x: 1, y: 2))
        decoder.parsingOptions.duplicateKeys = .reject
        #expect(throws: JSONError.self) { try bridgeDecode(Point.self, json, decoder: decoder) }
    }

    @Test func customKeyStrategy() throws {
        var decoder = JSONModelDecoder()
        decoder.keyStrategy = .custom { $0.uppercased() }
        #expect(try bridgeDecode(Point.self, #"{"X": 1, "Y": 2}"#, decoder: decoder) == Point(x: 1, y: 2))
        // Keys listed by allKeys are the JSON keys as written and read back as they are.
        #expect(try bridgeDecode(Shape.self, #"{"circle": {"RADIUS": 3}}"#, decoder: decoder) == .circle(radius: 3))
        var encoder = JSONModelEncoder()
        encoder.keyStrategy = .custom { $0.uppercased() }
        #expect(try bridgeEncode(Point(x: 1, y: 2), encoder: encoder) == #"{"X":1,"Y":2}"#)
    }

    @Test func deepNesting() throws {
        // 250 levels of CodableNode are 500 levels of JSON, just under the default limit of 512.
        let depth = 250
        let json = String(repeating: #"{"children":["#, count: depth) + String(repeating: "]}", count: depth)
        let node = try bridgeDecode(CodableNode.self, json)
        #expect(node.depth == depth)
        #expect(try bridgeEncode(node) == json)
    }

    @Test func genericValues() throws {
        let box = Box(value: 1.5, values: [2, -0.25])
        #expect(try bridgeEncode(box) == #"{"value":1.5,"values":[2,-0.25]}"#)
        #expect(try bridgeDecode(Box<Double>.self, #"{"value": 15e-1, "values": [2, -0.25]}"#) == box)
        let texts = Box(value: Optional("a"), values: [nil, "b"])
        #expect(try bridgeEncode(texts) == #"{"value":"a","values":[null,"b"]}"#)
        #expect(try bridgeDecode(Box<String?>.self, #"{"value": "a", "values": [null, "b"]}"#) == texts)
        let points = Box(value: Point(x: 1, y: 2), values: [])
        try expectSameEncoding(points)
        let error = try bridgeError(Box<Int8>.self, #"{"value": 1, "values": [1, 2, 1000]}"#)
        #expect(error.description == "values[2]: number 1000 does not fit in Int8 (line 1, column 31)")
    }

    @Test func keysCompareByBytes() throws {
        // "é" precomposed (U+00E9) and decomposed (e + U+0301) are different JSON keys.
        struct Accent: Decodable {
            enum Keys: String, CodingKey { case composed = "\u{E9}" }
            var value: Int?
            init(from decoder: any Decoder) throws {
                value = try decoder.container(keyedBy: Keys.self).decodeIfPresent(Int.self, forKey: .composed)
            }
        }
        #expect(try bridgeDecode(Accent.self, "{\"e\u{301}\": 1}").value == nil)
        #expect(try bridgeDecode(Accent.self, "{\"\u{E9}\": 2}").value == 2)
        let error = try bridgeError([String: Int].self, "{\"\u{E9}\": 1, \"e\u{301}\": 2}")
        #expect(error.kind == .invalidValue)
        #expect(error.reason.contains("canonically equivalent"))
    }

    @Test func snakeCaseKeysLikeFoundation() throws {
        struct Account: Codable, Equatable {
            var userName: String
            var createdAtTime: Int
            var id: Int
            var settings: [String: Int]
        }
        let json = #"{"user_name": "ada", "created_at_time": 5, "id": 1, "settings": {"dark_mode": 1}}"#
        var decoder = JSONModelDecoder()
        decoder.keyStrategy = .snakeCase
        let foundation = foundationDecoder()
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        let account = try bridgeDecode(Account.self, json, decoder: decoder)
        #expect(account == Account(userName: "ada", createdAtTime: 5, id: 1, settings: ["dark_mode": 1]))
        #expect(account == (try foundationDecode(Account.self, json, foundation)))

        // Keys with acronyms read back what the encoder writes for them (`html_url`), which
        // Foundation's convertFromSnakeCase alone (giving `htmlUrl`) would miss.
        struct Link: Codable, Equatable { var htmlURL: String; var id: Int }
        var encoder = JSONModelEncoder()
        encoder.keyStrategy = .snakeCase
        let link = Link(htmlURL: "u", id: 1)
        #expect(try bridgeEncode(link, encoder: encoder) == #"{"html_url":"u","id":1}"#)
        #expect(try bridgeDecode(Link.self, #"{"html_url": "u", "id": 1}"#, decoder: decoder) == link)

        // A missing key is reported under the JSON name the encoder would write.
        let error = try bridgeError(Account.self, #"{"user_name": "ada", "id": 1, "settings": {}}"#, decoder: decoder)
        #expect(error.description == #"created_at_time: missing required key "created_at_time" (line 1, column 1)"#)
    }

    @Test func nestedLoomModelsUseLoomsConformance() throws {
        let json = #"{"name": "m", "pins": [{"lat": 1, "lng": 2}], "home": {"lat": 3, "lng": 4}, "extra": {"a": [1, "b", null]}}"#
        let map = try bridgeDecode(Map.self, json)
        #expect(map.pins == [Pin(latitude: 1, longitude: 2)])
        #expect(map.home == Pin(latitude: 3, longitude: 4))
        #expect(map.extra == ["a": [1, "b", nil]])

        let error = try bridgeError(
            Map.self, #"{"name": "m", "pins": [{"lat": 1, "lng": "east"}], "home": {"lat": 3, "lng": 4}, "extra": 0}"#)
        #expect(error.description == #"pins[0].lng: expected Double, found string "east" (line 1, column 42)"#)
        let missing = try bridgeError(Map.self, #"{"name": "m", "pins": [], "home": {"lat": 3}, "extra": 0}"#)
        #expect(missing.kind == .missingKey)
        #expect(missing.pathDescription == "home.lng")
    }

    @Test func bridgedPropertyOfALoomModel() throws {
        let order = try Order(jsonString: #"{"id": 7, "total": {"amount": 19.99, "currency": "EUR"}}"#)
        #expect(order == Order(id: 7, total: Money(amount: Decimal(string: "19.99") ?? 0, currency: "EUR")))
        #expect(try order.jsonString() == #"{"id":7,"total":{"amount":19.99,"currency":"EUR"}}"#)

        let error = try #require(throws: JSONDecodingError.self) {
            try Order(jsonString: #"{"id": 7, "total": {"amount": "19.99", "currency": "EUR"}}"#)
        }
        #expect(error.description == #"total.amount: expected Decimal, found string "19.99"; @JSONLenient converts it (line 1, column 31)"#)
    }
}

// MARK: - Errors

@Suite("Codable bridge: errors")
struct CodableBridgeErrorTests {
    @Test func typeMismatchInsideNestedArrays() throws {
        let error = try bridgeError(Inventory.self, #"{"items":[{"id":1},{"id":"abc"}]}"#)
        #expect(error.kind == .typeMismatch)
        #expect(error.path == [.key("items"), .index(1), .key("id")])
        #expect(error.reason == #"expected Int, found string "abc""#)
        #expect(error.description == #"items[1].id: expected Int, found string "abc" (line 1, column 26)"#)
    }

    @Test func missingKey() throws {
        let error = try bridgeError(Inventory.self, #"{"items":[{"id":1},{"ID":2}]}"#)
        #expect(error.kind == .missingKey)
        #expect(error.pathDescription == "items[1].id")
        #expect(error.reason == #"missing required key "id"; the object has "ID""#)
        #expect(error.description == #"items[1].id: missing required key "id"; the object has "ID" (line 1, column 20)"#)
    }

    @Test func integerOverflow() throws {
        let error = try bridgeError(Tiny.self, #"{"a":128}"#)
        #expect(error.kind == .numberOutOfRange)
        #expect(error.description == "a: number 128 does not fit in Int8 (line 1, column 6)")
        #expect(try bridgeDecode(Tiny.self, #"{"a":-128}"#) == Tiny(a: -128))
    }

    @Test func nullAndWrongContainers() throws {
        let null = try bridgeError(Inventory.self, #"{"items":[null]}"#)
        #expect(null.kind == .nullValue)
        #expect(null.description == "items[0]: expected Item object, found null (line 1, column 11)")
        let array = try bridgeError(Inventory.self, #"{"items":{"id":1}}"#)
        #expect(array.description == "items: expected array, found object (line 1, column 10)")
        let deep = try bridgeError(Grid.self, #"{"cells": [[1], [2, true]], "points": [], "ragged": []}"#)
        #expect(deep.description == "cells[1][1]: expected Int, found true (line 1, column 21)")
    }

    @Test func enumCaseErrors() throws {
        let error = try bridgeError(Drawing.self, #"{"title": "t", "shapes": [{"circle": {"radius": "big"}}]}"#)
        #expect(error.pathDescription == "shapes[0].circle.radius")
        #expect(error.reason == #"expected Double, found string "big""#)
    }

    @Test func errorsThrownByCodableCode() throws {
        struct Positive: Decodable {
            enum Keys: String, CodingKey { case value }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: Keys.self)
                guard try container.decode(Int.self, forKey: .value) > 0 else {
                    throw DecodingError.dataCorruptedError(forKey: .value, in: container, debugDescription: "value must be positive")
                }
            }
        }
        let error = try bridgeError([Positive].self, #"[{"value": 1}, {"value": -5}]"#)
        #expect(error.kind == .invalidValue)
        #expect(error.description == "[1].value: value must be positive (line 1, column 26)")

        struct Custom: Error, CustomStringConvertible { var description: String { "not today" } }
        struct Grumpy: Decodable {
            init(from decoder: any Decoder) throws { throw Custom() }
        }
        struct Holder: Decodable { var a: [Int]; var grumpy: Grumpy }
        let custom = try bridgeError(Holder.self, #"{"a": [1], "grumpy": {"x": 1}}"#)
        #expect(custom.kind == .invalidValue)
        #expect(custom.description == "grumpy: not today (line 1, column 22)")
        #expect(custom.underlyingError != nil)
    }

    @Test func errorsFromLoomConformancesInsideCodable() throws {
        struct Event: Decodable { var name: String; var at: Date }
        var decoder = JSONModelDecoder()
        decoder.dateStrategy = .custom(decode: { _ in throw Refusal() }, encode: { _, _ in })
        let error = try bridgeError(Event.self, #"{"name": "x", "at": 5}"#, decoder: decoder)
        #expect(error.description == "at: refused (line 1, column 21)")
        #expect(error.underlyingError != nil)
    }

    @Test func rawValueEnumsInsideCodable() throws {
        struct Ticket: Codable, Equatable {
            enum Status: String, Codable { case open, closed }
            var status: Status
        }
        #expect(try bridgeDecode(Ticket.self, #"{"status": "closed"}"#) == Ticket(status: .closed))
        // The standard library's own error, placed at the value that caused it.
        let error = try bridgeError(Ticket.self, #"{"status": "reopened"}"#)
        #expect(error.kind == .invalidValue)
        #expect(error.pathDescription == "status")
        #expect(error.column == 12)
        #expect(error.reason.contains("reopened"))
    }

    @Test func endOfArray() throws {
        struct Pair: Decodable {
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                _ = try container.decode(Int.self)
                _ = try container.decode(Int.self)
            }
        }
        let error = try bridgeError(Pair.self, "[1]")
        #expect(error.description == "[1]: expected Int, found end of array (line 1, column 1)")
    }
}

// MARK: - Encoding

@Suite("Codable bridge: encoding")
struct CodableBridgeEncodingTests {
    @Test func matchesFoundation() throws {
        try expectSameEncoding(Person(name: "Ada \"the\" Countess/\u{1F600}", age: 36, email: nil, tags: ["a", "b\n"]))
        try expectSameEncoding(Coordinate(latitude: 51.5, longitude: -0.12, elevation: 11))
        try expectSameEncoding(
            Drawing(title: "t", shapes: [.circle(radius: 2), .rectangle(width: 3, height: 4.5), .labeled("x", 7), .point]))
        try expectSameEncoding(
            Optionals(required: 1, missing: nil, null: nil, present: true, nested: Person(name: "B", age: 2, tags: [])))
        try expectSameEncoding(
            Grid(cells: [[1, 2], [], [3]], points: [[Point(x: 1, y: 2)], []], ragged: [[["a"], []], []]))
        try expectSameEncoding(
            Tables(byName: ["origin": Point(x: 0, y: 0), "é": Point(x: 0.5, y: 1e300)], byID: [1: "one", -20: "x"], counts: ["a": [1]]))
        try expectSameEncoding(
            Specials(
                date: Date(timeIntervalSince1970: 1_714_564_800), data: Data([0, 1, 2, 255]),
                url: URL(string: "https://example.com/a?b=c") ?? URL(fileURLWithPath: "/"),
                price: Decimal(string: "12345.6789") ?? 0, dates: [Date(timeIntervalSince1970: 0)], optionalURL: nil))
        try expectSameEncoding(
            Numbers(int: .min, uint64: .max, int64: .max, double: 0.1, float: .greatestFiniteMagnitude))
    }

    @Test func exactText() throws {
        #expect(try bridgeEncode(Point(x: 1, y: -0.5)) == #"{"x":1,"y":-0.5}"#)
        #expect(try bridgeEncode(Shape.point) == #"{"point":{}}"#)
        #expect(try bridgeEncode(Shape.labeled("a", 1)) == #"{"labeled":{"_0":"a","_1":1}}"#)
        // Decimal keeps every digit.
        let money = Money(amount: Decimal(string: "12345678901234567890.123456789") ?? 0, currency: "EUR")
        #expect(try bridgeEncode(money) == #"{"amount":12345678901234567890.123456789,"currency":"EUR"}"#)
    }

    @Test func classInheritanceThroughSuperEncoder() throws {
        let car = Car(brand: "Volvo", wheels: 4)
        #expect(try bridgeEncode(car) == #"{"brand":"Volvo","super":{"wheels":4}}"#)
        #expect(try JSONValue(parsing: bridgeEncode(car)) == foundationEncode(car))
        let truck = Truck(payload: 7, wheels: 6)
        #expect(try bridgeEncode(truck) == #"{"payload":7,"wheels":6}"#)
        #expect(try JSONValue(parsing: bridgeEncode(truck)) == foundationEncode(truck))
    }

    @Test func nonFiniteNumbersThrow() throws {
        for value in [Double.nan, .infinity, -.infinity] {
            let error = try #require(throws: EncodingError.self) { try bridgeEncode(Point(x: 0, y: value)) }
            guard case .invalidValue(_, let context) = error else {
                Issue.record("expected invalidValue, got \(error)")
                continue
            }
            #expect(context.codingPath.map(\.stringValue) == ["y"])
        }
        // Inside a Codable value, a Loom conformance's JSONError becomes an EncodingError…
        struct Floats: Encodable { var values: [Float] }
        let floats = try #require(throws: EncodingError.self) { try bridgeEncode(Floats(values: [1, .nan])) }
        if case .invalidValue(_, let context) = floats {
            #expect(context.codingPath.map(\.stringValue) == ["values"])
            #expect(context.underlyingError is JSONError)
        }
        #expect(throws: EncodingError.self) { try bridgeEncode(Money(amount: .nan, currency: "x")) }
        // …while a type Loom encodes itself fails as Loom does.
        #expect(throws: JSONError.self) { try bridgeEncode([Float.nan]) }
    }

    @Test func dateFollowsTheEncoderStrategy() throws {
        var encoder = JSONModelEncoder()
        encoder.dateStrategy = .secondsSince1970
        let dates = [Date(timeIntervalSince1970: 1.5)]
        #expect(try bridgeEncode(dates, encoder: encoder) == "[1.5]")
        let foundation = JSONEncoder()
        foundation.dateEncodingStrategy = .secondsSince1970
        let specials = Specials(
            date: Date(timeIntervalSince1970: -12.25), data: Data(), url: URL(fileURLWithPath: "/tmp/a b"),
            price: 0, dates: [], optionalURL: URL(string: "http://x.y"))
        #expect(try JSONValue(parsing: bridgeEncode(specials, encoder: encoder)) == foundationEncode(specials, foundation))
    }

    @Test func snakeCaseKeysLikeFoundation() throws {
        struct Account: Codable, Equatable {
            var userName: String
            var myURLProperty: Int
            var id: Int
            var settings: [String: Int]
        }
        let account = Account(userName: "ada", myURLProperty: 1, id: 2, settings: ["darkMode": 1])
        var encoder = JSONModelEncoder()
        encoder.keyStrategy = .snakeCase
        let foundation = foundationEncoder()
        foundation.keyEncodingStrategy = .convertToSnakeCase
        let text = try bridgeEncode(account, encoder: encoder)
        #expect(text == #"{"user_name":"ada","my_url_property":1,"id":2,"settings":{"darkMode":1}}"#)
        #expect(try JSONValue(parsing: text) == foundationEncode(account, foundation))
    }

    @Test func writesNullsWhenAsked() throws {
        var encoder = JSONModelEncoder()
        #expect(try bridgeEncode(Optionals(required: 1, missing: nil, null: nil, present: nil, nested: nil), encoder: encoder) == #"{"required":1}"#)
        encoder.writesNulls = true
        #expect(
            try bridgeEncode(Optionals(required: 1, missing: nil, null: nil, present: nil, nested: nil), encoder: encoder)
                == #"{"required":1,"missing":null,"null":null,"present":null,"nested":null}"#)
    }

    @Test func nestedLoomModelsUseLoomsConformance() throws {
        let map = Map(name: "m", pins: [Pin(latitude: 1, longitude: 2)], home: Pin(latitude: 3, longitude: 4), extra: ["k": [1, nil]])
        #expect(
            try bridgeEncode(map)
                == #"{"name":"m","pins":[{"lat":1,"lng":2}],"home":{"lat":3,"lng":4},"extra":{"k":[1,null]}}"#)
        #expect(try bridgeDecode(Map.self, bridgeEncode(map)) == map)
    }

    @Test func prettyPrintingAndSortedKeys() throws {
        let map = Map(name: "m", pins: [Pin(latitude: 1, longitude: 2)], home: Pin(latitude: 3, longitude: 4), extra: ["k": [1, nil]])
        for options in [JSONWritingOptions.pretty(), .pretty(indentWidth: 4)] {
            var encoder = JSONModelEncoder()
            encoder.writingOptions = options
            // Spliced Loom output is indented as if written in place.
            #expect(try bridgeEncode(map, encoder: encoder) == JSONValue(parsing: bridgeEncode(map)).jsonString(options: options))
        }
        var sorted = JSONWritingOptions()
        sorted.sortedKeys = true
        var encoder = JSONModelEncoder()
        encoder.writingOptions = sorted
        #expect(try bridgeEncode(Coordinate(latitude: 1, longitude: 2, elevation: 3), encoder: encoder) == #"{"additionalInfo":{"elevation":3},"latitude":1,"longitude":2}"#)
    }

    @Test func insideAContainerOfTheWriter() throws {
        // The bridge writes one value where the writer is: after a key, or as an array element.
        let context = JSONEncodingContext(encoder: JSONModelEncoder())
        var writer = JSONWriter()
        try writer.beginArray()
        try context.encode(Point(x: 1, y: 2), to: &writer)
        try context.encode(Shape.point, to: &writer)
        try writer.beginObject()
        writer.writeKey("p")
        try context.encode(Point(x: 3, y: 4), to: &writer)
        writer.writeKey("n")
        try context.encode(1, to: &writer)
        writer.endObject()
        writer.endArray()
        #expect(writer.string == #"[{"x":1,"y":2},{"point":{}},{"p":{"x":3,"y":4},"n":1}]"#)
    }

    @Test func misuseIsAnErrorNotACrash() throws {
        struct Twice: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(1)
                try container.encode(2)
            }
        }
        #expect(throws: EncodingError.self) { try bridgeEncode(Twice()) }
        struct Mixed: Encodable {
            func encode(to encoder: any Encoder) throws {
                var array = encoder.unkeyedContainer()
                try array.encode(1)
                var object = encoder.container(keyedBy: AnyCodingKey.self)
                try object.encode(2, forKey: AnyCodingKey("a"))
            }
        }
        #expect(throws: EncodingError.self) { try bridgeEncode(Mixed()) }
        struct Nothing: Encodable { func encode(to encoder: any Encoder) throws {} }
        #expect(try bridgeEncode(Nothing()) == "{}")
    }
}

// MARK: - Properties

private let unicodeText = Gen<UInt32>.value(in: 0...0x10FFFF)
    .map { Character(Unicode.Scalar($0) ?? "?") }
    .string(of: 0...12)

private let finiteDouble = Gen<UInt64>.value(in: .min ... .max)
    .map { Double(bitPattern: $0) }
    .filter { $0.isFinite }

private let finiteFloat = Gen<UInt32>.value(in: .min ... .max)
    .map { Float(bitPattern: $0) }
    .filter { $0.isFinite }

private let shape = zip(Gen.int(in: 0...3), finiteDouble, finiteDouble, unicodeText, Gen.int())
    .map { choice, a, b, text, number -> Shape in
        switch choice {
        case 0: return .circle(radius: a)
        case 1: return .rectangle(width: a, height: b)
        case 2: return .labeled(text, number)
        default: return .point
        }
    }

private struct Sample: Codable, Equatable, Sendable {
    var int: Int
    var int8: Int8
    var uint64: UInt64
    var double: Double
    var float: Float
    var text: String
    var flag: Bool?
    var matrix: [[Int16]]
    var table: [String: Int32]
    var shapes: [Shape]
}

private let sample = zip(
    Gen.int(),
    Gen.int8(),
    Gen<UInt64>.value(in: .min ... .max),
    finiteDouble,
    finiteFloat,
    unicodeText,
    Gen.bool.optional,
    Gen.int16().array(of: 0...3).array(of: 0...3),
    zip(unicodeText, Gen.int32()).dictionary(ofAtMost: 0...4),
    shape.array(of: 0...3)
).map { int, int8, uint64, double, float, text, flag, matrix, table, shapes in
    Sample(
        int: int, int8: int8, uint64: uint64, double: double, float: float, text: text, flag: flag, matrix: matrix,
        table: table, shapes: shapes)
}

private struct Stamped: Codable, Equatable, Sendable {
    var when: Date
    var blob: Data
    var amount: Decimal
    var link: URL
}

private let stamped = zip(
    Gen.int(in: -10_000_000_000...10_000_000_000),
    Gen.uint8().array(of: 0...20),
    Gen.int64(),
    Gen.int(in: -20...20),
    Gen.letterOrNumber.string(of: 1...10)
).map { seconds, bytes, significand, exponent, path in
    Stamped(
        when: Date(timeIntervalSince1970: Double(seconds)),
        blob: Data(bytes),
        amount: Decimal(sign: significand < 0 ? .minus : .plus, exponent: exponent, significand: Decimal(significand.magnitude)),
        link: URL(string: "https://example.com/\(path)?q=\(path)") ?? URL(fileURLWithPath: "/"))
}

private let keyName = Gen<Character?>.element(of: Array("abXY_1é") as [Character]).map { $0 ?? "a" }.string(of: 0...8)

/// The key `OneKeyReader` reads, set around a decode.
private enum KeyName {
    @TaskLocal static var current = ""
}

private struct OneKeyReader: Decodable {
    var value: Int
    init(from decoder: any Decoder) throws {
        value = try decoder.container(keyedBy: AnyCodingKey.self).decode(Int.self, forKey: AnyCodingKey(KeyName.current))
    }
}

@Suite("Codable bridge: properties")
struct CodableBridgePropertyTests {
    @Test func roundTripsGeneratedValues() async {
        await propertyCheck(count: 200, input: sample) { value in
            let text = try bridgeEncode(value)
            #expect(try bridgeDecode(Sample.self, text) == value)
            // Foundation reads what the bridge writes, and the bridge reads what Foundation writes.
            #expect(try foundationDecode(Sample.self, text) == value)
            let foundationText = String(decoding: try foundationEncoder().encode(value), as: UTF8.self)
            #expect(try bridgeDecode(Sample.self, foundationText) == value)
            #expect(try JSONValue(parsing: text) == JSONValue(parsing: foundationText))
        }
    }

    @Test func roundTripsSpecialTypes() async {
        await propertyCheck(count: 200, input: stamped) { value in
            let text = try bridgeEncode(value)
            #expect(try bridgeDecode(Stamped.self, text) == value)
            #expect(try JSONValue(parsing: text) == foundationEncode(value))
            var encoder = JSONModelEncoder()
            encoder.dateStrategy = .millisecondsSince1970
            var decoder = JSONModelDecoder()
            decoder.dateStrategy = .millisecondsSince1970
            #expect(try bridgeDecode(Stamped.self, bridgeEncode(value, encoder: encoder), decoder: decoder) == value)
        }
    }

    @Test func doublesAreCorrectlyRounded() async {
        await propertyCheck(count: 500, input: zip(finiteDouble, finiteFloat)) { pair throws in
            let (double, float) = pair
            // The shortest text of a value reads back as exactly that value.
            #expect(try bridgeDecode(Double.self, "\(double)") == double)
            #expect(try bridgeDecode(Float.self, "\(float)") == float)
            #expect(try bridgeDecode([Double].self, bridgeEncode([double])) == [double])
        }
    }

    @Test func snakeCaseConversionMatchesFoundation() async {
        struct OneKey: Encodable {
            var name: String
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: AnyCodingKey.self)
                try container.encode(1, forKey: AnyCodingKey(name))
            }
        }
        struct KeyProbe: Decodable {
            var keys: Set<String>
            init(from decoder: any Decoder) throws {
                keys = Set(try decoder.container(keyedBy: AnyCodingKey.self).allKeys.map(\.stringValue))
            }
        }
        await propertyCheck(count: 300, input: keyName) { name in
            var encoder = JSONModelEncoder()
            encoder.keyStrategy = .snakeCase
            let foundationEncoder = JSONEncoder()
            foundationEncoder.keyEncodingStrategy = .convertToSnakeCase
            #expect(try JSONValue(parsing: bridgeEncode(OneKey(name: name), encoder: encoder)) == foundationEncode(OneKey(name: name), foundationEncoder))

            var decoder = JSONModelDecoder()
            decoder.keyStrategy = .snakeCase
            let foundationDecoder = JSONDecoder()
            foundationDecoder.keyDecodingStrategy = .convertFromSnakeCase
            var writer = JSONWriter()
            try writer.beginObject()
            writer.writeKey(name)
            writer.writeNull()
            writer.endObject()
            let json = writer.string
            #expect(try bridgeDecode(KeyProbe.self, json, decoder: decoder).keys == foundationDecode(KeyProbe.self, json, foundationDecoder).keys)

            // Whatever the bridge writes for a key, it reads back under that key.
            let written = try bridgeEncode(OneKey(name: name), encoder: encoder)
            let reread = try KeyName.$current.withValue(name) {
                try bridgeDecode(OneKeyReader.self, written, decoder: decoder).value
            }
            #expect(reread == 1)
        }
    }
}
