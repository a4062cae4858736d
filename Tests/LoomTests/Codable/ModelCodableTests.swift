import Foundation
import Loom
import PropertyBased
import Testing

// `@JSONModel` types through foreign coders: JSONEncoder/JSONDecoder and
// PropertyListEncoder/PropertyListDecoder see the JSON Loom itself reads and writes.

/// Key paths, fallback keys, collected keys, transformers, defaults and an ignored property.
@JSONModel
struct CodableProfile: Equatable {
    @JSONKey("user.login") var login: String
    @JSONKey("id", "ID", "user_id") var id: Int
    @JSONKey(collecting: ["temp", "stats.max"]) var readings: [String: Double]
    @JSONKey("updated_at") @JSONTransform(.secondsSince1970) var updatedAt: Date
    @JSONTransform(.iso8601) var createdAt: Date
    @JSONDefault(7) var level: Int
    var nickname: String = "anon"
    var bio: String?
    var code: String
    var flags: [Bool]
    var avatar: Data?
    var owner: Owner?
    @JSONIgnore var cache: Int = 0
}

/// The model's own key strategy names the keys foreign coders see.
@JSONModel(keyStrategy: .snakeCase)
struct SnakeProfile: Equatable {
    var firstName: String
    var homePage: URL
    var visitCount: Int
}

/// A model that declares `Codable` itself keeps Swift's synthesized conformance.
@JSONModel
struct SelfCodable: Codable, Equatable {
    @JSONKey("full_name") var name: String
}

/// A model that writes `init(from:)` itself keeps it; the macro adds only `encode(to:)`.
@JSONModel
struct HandDecoded: Equatable {
    var value: Int

    init(value: Int) { self.value = value }

    init(from decoder: any Decoder) throws {
        value = try decoder.singleValueContainer().decode(Int.self)
    }
}

private let sampleProfile = CodableProfile(
    login: "octocat", id: 42, readings: ["temp": 21.5, "stats.max": 30], updatedAt: Date(timeIntervalSince1970: 1_700_000_000),
    createdAt: Date(timeIntervalSince1970: 1_600_000_000), level: 3, nickname: "cat", bio: nil, code: "123",
    flags: [true, false], avatar: Data([0, 1, 2, 255]), owner: Owner(login: "github", id: 1), cache: 99)

/// What the model looks like after a round trip: the ignored property is back to its default.
private func decoded(_ profile: CodableProfile) -> CodableProfile {
    var copy = profile
    copy.cache = 0
    return copy
}

private func plistRoundTrip<T: Codable>(_ value: T, format: PropertyListSerialization.PropertyListFormat = .binary) throws -> T {
    let encoder = PropertyListEncoder()
    encoder.outputFormat = format
    return try PropertyListDecoder().decode(T.self, from: encoder.encode(value))
}

private func jsonRoundTrip<T: Codable>(_ value: T) throws -> T {
    try JSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
}

@Suite("Models through JSONEncoder and JSONDecoder")
struct ModelJSONCoderTests {
    @Test func jsonEncoderWritesWhatLoomWrites() throws {
        let foundation = try JSONValue(parsing: JSONEncoder().encode(sampleProfile))
        #expect(foundation == (try sampleProfile.jsonValue()))
        #expect(foundation[path: "user.login"] == .string("octocat"))
        #expect(foundation["updated_at"] == .number(1_700_000_000))
        #expect(foundation["createdAt"] == .string("2020-09-13T12:26:40Z"))
        #expect(foundation["avatar"] == .string("AAEC/w=="))
        #expect(foundation["cache"] == nil)
        #expect(foundation["bio"] == nil)
    }

    @Test func jsonDecoderReadsWhatLoomReads() throws {
        let json = #"""
            {"user": {"login": "octocat"}, "ID": 42, "temp": 21.5, "stats": {"max": 30},
             "updated_at": 1700000000, "createdAt": "2020-09-13T12:26:40Z", "code": "123",
             "flags": [true, false], "cache": 5}
            """#
        let foundation = try JSONDecoder().decode(CodableProfile.self, from: Data(json.utf8))
        let loom = try CodableProfile(jsonString: json)
        #expect(foundation == loom)
        #expect(foundation.id == 42)
        #expect(foundation.level == 7)
        #expect(foundation.nickname == "anon")
        #expect(foundation.readings == ["temp": 21.5, "stats.max": 30])
        #expect(foundation.cache == 0)
    }

    @Test func roundTripsThroughJSONCoders() throws {
        #expect(try jsonRoundTrip(sampleProfile) == decoded(sampleProfile))
        let snake = SnakeProfile(firstName: "Ada", homePage: URL(string: "https://example.com/a")!, visitCount: 3)
        let written = try JSONValue(parsing: JSONEncoder().encode(snake))
        #expect(written == ["first_name": "Ada", "home_page": "https://example.com/a", "visit_count": 3])
        #expect(try jsonRoundTrip(snake) == snake)
    }

    @Test func errorsAreDecodingErrorsWithLoomsMessage() throws {
        // Lenient coercion applies in this path (a number for a String is fine); an array is not.
        let json = #"{"user": {"login": [5]}, "id": 1, "updated_at": 0, "createdAt": "2020-09-13T12:26:40Z", "code": "", "flags": []}"#
        let error = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(CodableProfile.self, from: Data(json.utf8))
        }
        guard case .typeMismatch(_, let context) = error else {
            Issue.record("expected a type mismatch, got \(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["user", "login"])
        #expect(context.underlyingError is JSONDecodingError)
        let missing = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode(CodableProfile.self, from: Data(#"{"id": 1}"#.utf8))
        }
        guard case .keyNotFound = missing else {
            Issue.record("expected a missing key, got \(missing)")
            return
        }
    }

    @Test func modelsInsideCodableValues() throws {
        struct Envelope: Codable, Equatable {
            var profiles: [CodableProfile]
            var note: String
        }
        let envelope = Envelope(profiles: [sampleProfile, sampleProfile], note: "n")
        let back = try jsonRoundTrip(envelope)
        #expect(back.profiles == [decoded(sampleProfile), decoded(sampleProfile)])
        // Through Loom's own bridge (a Codable value as a model's property) the model takes
        // the direct path over its element.
        let bridged = try JSONModelDecoder().decode(
            [CodableProfile].self, from: JSONValue(parsing: JSONEncoder().encode(envelope.profiles)))
        #expect(bridged == back.profiles)
    }

    @Test func declaredCodableKeepsSwiftsConformance() throws {
        let value = SelfCodable(name: "Ada")
        #expect(try JSONValue(parsing: JSONEncoder().encode(value)) == ["name": "Ada"])
        #expect(try value.jsonValue() == ["full_name": "Ada"])
        #expect(try jsonRoundTrip(value) == value)
    }

    @Test func handWrittenInitFromIsKept() throws {
        #expect(try JSONDecoder().decode(HandDecoded.self, from: Data("5".utf8)) == HandDecoded(value: 5))
        #expect(try JSONValue(parsing: JSONEncoder().encode(HandDecoded(value: 5))) == ["value": 5])
    }

    @Test func generatedValuesRoundTripThroughJSONCoders() async {
        await propertyCheck(count: 100, input: EverythingGen.scalars, EverythingGen.collections, EverythingGen.rest) {
            a, b, c in
            let value = EverythingGen.make(a, b, c)
            let data = try JSONEncoder().encode(value)
            #expect(try JSONValue(parsing: data) == value.jsonValue())
            #expect(try JSONDecoder().decode(Everything.self, from: data) == value)
            #expect(try Everything(jsonData: data) == value)
        }
    }
}

@Suite("Models through PropertyListEncoder and PropertyListDecoder")
struct ModelPropertyListCoderTests {
    @Test(arguments: [PropertyListSerialization.PropertyListFormat.binary, .xml])
    func roundTrips(format: PropertyListSerialization.PropertyListFormat) throws {
        #expect(try plistRoundTrip(sampleProfile, format: format) == decoded(sampleProfile))
        let snake = SnakeProfile(firstName: "Ada", homePage: URL(string: "https://example.com/a")!, visitCount: 3)
        #expect(try plistRoundTrip(snake, format: format) == snake)
    }

    @Test func writesTheModelsKeyPathsAndTransformedValues() throws {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        let plist = try PropertyListSerialization.propertyList(from: encoder.encode(sampleProfile), format: nil)
        let root = try #require(plist as? [String: Any])
        #expect((root["user"] as? [String: Any])?["login"] as? String == "octocat")
        #expect(root["updated_at"] as? Int == 1_700_000_000)
        #expect(root["createdAt"] as? String == "2020-09-13T12:26:40Z")
        #expect(root["bio"] == nil)
        #expect(root["cache"] == nil)
    }

    @Test func stringsThatLookLikeOtherTypesStayStrings() throws {
        for code in ["123", "true", "1.50", "007", "", "null", "-0", "1e3"] {
            var profile = sampleProfile
            profile.code = code
            profile.nickname = code
            #expect(try plistRoundTrip(profile) == decoded(profile), "\(code)")
            #expect(try jsonRoundTrip(profile) == decoded(profile), "\(code)")
        }
    }

    @Test func nativeDatesAndDataAreRead() throws {
        // A property list written by other code, holding a native date and data.
        let created = Date(timeIntervalSince1970: 1_600_000_000)
        let plist: [String: Any] = [
            "user": ["login": "octocat"], "id": 1, "updated_at": 0, "createdAt": created, "code": "c",
            "flags": [true], "avatar": Data([1, 2, 3]), "level": "12",
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
        let profile = try PropertyListDecoder().decode(CodableProfile.self, from: data)
        #expect(profile.createdAt == created)
        #expect(profile.avatar == Data([1, 2, 3]))
        #expect(profile.level == 12)
    }

    @Test func generatedValuesRoundTripThroughPropertyLists() async {
        await propertyCheck(count: 100, input: EverythingGen.scalars, EverythingGen.collections, EverythingGen.rest) {
            a, b, c in
            let value = EverythingGen.make(a, b, c)
            let back = try plistRoundTrip(value)
            #expect(back == value)
        }
    }

    @Test func generatedProfilesRoundTripThroughBothCoders() async {
        let text = EverythingGen.text
        let numberLike = Gen<String?>.element(of: ["0", "12", "-3.5", "1e9", "true", "no", "~", "null", " 1", "0x1F"])
            .map { $0 ?? "" }
        let code = Gen<String>.oneOf(text, numberLike)
        await propertyCheck(count: 100, input: code, text, Gen.int(), Gen.int(in: -1_000_000...1_000_000), Gen.bool.array(of: 0...4)) {
            code, login, id, seconds, flags in
            let profile = CodableProfile(
                login: login, id: id, readings: ["temp": Double(seconds) / 8], updatedAt: Date(timeIntervalSince1970: Double(seconds)),
                createdAt: Date(timeIntervalSince1970: Double(seconds)), level: id, nickname: code, bio: code.isEmpty ? nil : code,
                code: code, flags: flags, avatar: Data(code.utf8), owner: nil)
            let fromPlist = try plistRoundTrip(profile)
            let fromJSON = try jsonRoundTrip(profile)
            #expect(fromPlist == profile)
            #expect(fromJSON == profile)
        }
    }
}

@Suite("Class and enum models through foreign coders")
struct ModelShapesCodableTests {
    @Test func finalClassRoundTrips() throws {
        let account = try Account(jsonString: #"{"id": 3, "login": "ada", "display_name": "Ada"}"#)
        for back in [try jsonRoundTrip(account), try plistRoundTrip(account)] {
            #expect(back == account)
            #expect(try back.jsonValue() == account.jsonValue())
        }
    }

    @Test func classHierarchyRoundTripsAsTheRuntimeClass() throws {
        let roadster = try Roadster(jsonString: #"{"wheels": 4, "meta": {"maker": "Lotus"}, "seats": 2, "top_speed": 201.5}"#)
        let written = try JSONValue(parsing: JSONEncoder().encode(roadster as Machine))
        #expect(written == (try roadster.jsonValue()))
        let back = try JSONDecoder().decode(Roadster.self, from: JSONEncoder().encode(roadster))
        #expect(try back.jsonValue() == roadster.jsonValue())
        let plist = try plistRoundTrip(roadster)
        #expect(plist.topSpeed == 201.5)
        #expect(plist.maker == "Lotus")
    }

    @Test func polymorphicEnumsRoundTrip() throws {
        let text = TextMessage(body: "hi", sender: nil)
        let picture = PictureMessage(imageURL: URL(string: "https://example.com/p.png")!, caption: "c")
        for message in [InternalMessage.text(text), .image(picture), .ping] {
            #expect(try JSONValue(parsing: JSONEncoder().encode(message)) == message.jsonValue())
            #expect(try jsonRoundTrip(message) == message)
            #expect(try plistRoundTrip(message) == message)
        }
        for message in [AdjacentMessage.text(text), .image(picture)] {
            #expect(try jsonRoundTrip(message) == message)
            #expect(try plistRoundTrip(message) == message)
        }
        #expect(try jsonRoundTrip(ExternalMessage.image(picture)) == .image(picture))
        #expect(try plistRoundTrip(UntaggedMessage.text(text)) == .text(text))
    }
}
