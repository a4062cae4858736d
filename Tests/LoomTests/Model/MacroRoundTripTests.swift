import Foundation
import Loom
import PropertyBased
import Testing

/// A model with one property of (nearly) every kind the macro distinguishes.
@JSONModel
struct Everything: Equatable {
    enum Kind: String, CaseIterable { case alpha, beta, gamma }

    var int: Int
    var int8: Int8
    var uint64: UInt64
    var double: Double
    var float: Float
    var bool: Bool
    var text: String
    var kind: Kind
    var decimal: Decimal
    var uuid: UUID
    var numbers: [Int]
    var matrix: [[Double]]
    var tags: Set<String>
    var scores: [String: Int]
    var names: [Int: String]
    var sparse: [Int?]
    var note: String?
    var owner: Owner?
    @JSONKey("meta.created") @JSONTransform(.iso8601) var created: Date
    @JSONKey("meta.revision") var revision: Int?
    @JSONKey("identifier", "id") var identifier: Int
    @JSONKey(collecting: ["lat", "position.lon"]) var position: [String: Double]
}

/// Generators for `Everything`'s properties.
enum EverythingGen {
    /// Any Unicode scalar (surrogate code points skipped), including quotes, backslashes and controls.
    static let character = Gen<UInt32>.value(in: 0...0x10F7FF).map { code -> Character in
        Character(Unicode.Scalar(code < 0xD800 ? code : code + 0x800) ?? " ")
    }
    static let text = character.array(of: 0...8).map { String($0) }
    static let double = Gen.double(in: -1e300...1e300)
    static let decimal = zip(Gen.int64(), Gen.int(in: 0...12)).map { significand, scale in
        Decimal(sign: .plus, exponent: -scale, significand: Decimal(significand))
    }
    static let uuid = Gen<UInt8>.value().array(of: 16).map { b in
        UUID(uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]))
    }
    static let date = Gen.int(in: -2_000_000_000...4_000_000_000).map { Date(timeIntervalSince1970: Double($0)) }
    static let owner = zip(text, Gen.int()).map { Owner(login: $0, id: $1) }
    static let position = zip(double.optional, double.optional).map { lat, lon in
        var result: [String: Double] = [:]
        result["lat"] = lat
        result["position.lon"] = lon
        return result
    }

    static let scalars = zip(
        Gen.int(), Gen.int8(), Gen.uint64(), double, Gen.float(in: -1e30...1e30), Gen.bool, text, Gen<Everything.Kind>.case)
    static let collections = zip(
        decimal, uuid, Gen.int().array(of: 0...5), double.array(of: 0...3).array(of: 0...3),
        text.set(ofAtMost: 0...4), zip(text, Gen.int()).dictionary(ofAtMost: 0...4),
        zip(Gen.int(), text).dictionary(ofAtMost: 0...4), Gen.int().optional.array(of: 0...5))
    static let rest = zip(text.optional, owner.optional, date, Gen.int().optional, Gen.int(), position)

    static func make(
        _ a: (Int, Int8, UInt64, Double, Float, Bool, String, Everything.Kind),
        _ b: (Decimal, UUID, [Int], [[Double]], Set<String>, [String: Int], [Int: String], [Int?]),
        _ c: (String?, Owner?, Date, Int?, Int, [String: Double])
    ) -> Everything {
        Everything(
            int: a.0, int8: a.1, uint64: a.2, double: a.3, float: a.4, bool: a.5, text: a.6, kind: a.7,
            decimal: b.0, uuid: b.1, numbers: b.2, matrix: b.3, tags: b.4, scores: b.5, names: b.6, sparse: b.7,
            note: c.0, owner: c.1, created: c.2, revision: c.3, identifier: c.4, position: c.5)
    }
}

@Suite("@JSONModel: encode then decode")
struct MacroRoundTripTests {
    @Test func roundTripsGeneratedValues() async {
        await propertyCheck(count: 300, input: EverythingGen.scalars, EverythingGen.collections, EverythingGen.rest) {
            a, b, c in
            let value = EverythingGen.make(a, b, c)
            let data = try value.jsonData()
            #expect(try Everything(jsonData: data) == value)
        }
    }

    @Test func roundTripsWithEveryWritingOption() async {
        await propertyCheck(count: 100, input: EverythingGen.scalars, EverythingGen.collections, EverythingGen.rest) {
            a, b, c in
            let value = EverythingGen.make(a, b, c)
            var encoder = JSONModelEncoder(options: .pretty(indentWidth: 3))
            encoder.writingOptions.sortedKeys = true
            encoder.writingOptions.escapeNonASCII = true
            encoder.writesNulls = true
            let data = try encoder.encode(value)
            var decoder = JSONModelDecoder()
            decoder.unknownKeys = .reject
            #expect(try decoder.decode(Everything.self, from: data) == value)
            #expect(try decoder.decode(Everything.self, from: value.jsonValue()) == value)
        }
    }

    @Test func roundTripsThroughASnakeCaseEncoderAndDecoder() async {
        await propertyCheck(count: 50, input: EverythingGen.scalars, EverythingGen.collections, EverythingGen.rest) {
            a, b, c in
            let value = EverythingGen.make(a, b, c)
            var encoder = JSONModelEncoder()
            encoder.keyStrategy = .snakeCase
            var decoder = JSONModelDecoder()
            decoder.keyStrategy = .snakeCase
            let data = try encoder.encode(value)
            #expect(try decoder.decode(Everything.self, from: data) == value)
        }
    }

    @Test func omitsNilOptionalsByDefault() throws {
        let value = Everything(
            int: 1, int8: 2, uint64: 3, double: 4.5, float: 0.25, bool: false, text: "t", kind: .beta, decimal: 12.5,
            uuid: UUID(uuid: (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)), numbers: [], matrix: [[]], tags: [],
            scores: [:], names: [:], sparse: [nil], note: nil, owner: nil, created: Date(timeIntervalSince1970: 0),
            revision: nil, identifier: 9, position: [:])
        #expect(
            try value.jsonString()
                == #"{"int":1,"int8":2,"uint64":3,"double":4.5,"float":0.25,"bool":false,"text":"t","kind":"beta","decimal":12.5,"uuid":"00010203-0405-0607-0809-0A0B0C0D0E0F","numbers":[],"matrix":[[]],"tags":[],"scores":{},"names":{},"sparse":[null],"meta":{"created":"1970-01-01T00:00:00Z"},"identifier":9}"#
        )
        var encoder = JSONModelEncoder()
        encoder.writesNulls = true
        #expect(
            String(decoding: try encoder.encode(value), as: UTF8.self)
                == #"{"int":1,"int8":2,"uint64":3,"double":4.5,"float":0.25,"bool":false,"text":"t","kind":"beta","decimal":12.5,"uuid":"00010203-0405-0607-0809-0A0B0C0D0E0F","numbers":[],"matrix":[[]],"tags":[],"scores":{},"names":{},"sparse":[null],"note":null,"owner":null,"meta":{"created":"1970-01-01T00:00:00Z","revision":null},"identifier":9,"lat":null,"position":{"lon":null}}"#
        )
    }
}
