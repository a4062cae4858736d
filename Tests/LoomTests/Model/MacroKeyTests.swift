import Foundation
import Loom
import Testing

@JSONModel
struct Status: Equatable {
    var id: Int
    @JSONKey("user.login") var login: String
    @JSONKey("user.profile.name") var name: String?
    @JSONKey("user.profile.location") var location: String?
    @JSONKey("meta.source") var source: String?
}

@JSONModel
struct Book: Equatable {
    @JSONKey("id", "ID", "book_id") var id: Int
    @JSONKey("title", "info.title") var title: String?
}

@JSONModel
struct Weather: Equatable {
    var city: String
    @JSONKey(collecting: ["temp", "weather.temp_max", "weather.temp_min"]) var temperatures: [String: Double]
    @JSONKey(collecting: ["wind_speed", "wind_deg"]) var wind: [String: Double]?
}

@JSONModel
struct Reading: Equatable {
    var temp: Double
    var feels: Double?
}

@JSONModel
struct WeatherModel: Equatable {
    @JSONKey(collecting: ["temp", "feels"]) var reading: Reading
}

@JSONModel(keyStrategy: .snakeCase)
struct SnakeUser: Equatable {
    var userName: String
    var avatarURL: URL?
    var isSiteAdmin: Bool
    @JSONKey("ID") var id: Int
}

@JSONModel
struct CamelUser: Equatable {
    var userName: String
    var avatarURL: URL?
    @JSONKey("siteAdmin") var isSiteAdmin: Bool
}

@Sendable func screaming(_ name: String) -> String { name.uppercased() }

@JSONModel(keyStrategy: .custom(screaming))
struct ScreamingUser: Equatable {
    var userName: String
    @JSONKey("id") var id: Int
}

@JSONModel
struct Dotted: Equatable {
    @JSONKey("a\\.b") var literalDot: Int
    @JSONKey("c.d\\.e") var nestedDot: Int
}

@Suite("@JSONModel: keys")
struct MacroKeyTests {
    @Test func readsKeyPathsSharingAPrefix() throws {
        let status = try Status(
            jsonString: #"{"id": 1, "user": {"login": "octocat", "profile": {"name": "Mona", "location": "SF"}}}"#)
        #expect(status == Status(id: 1, login: "octocat", name: "Mona", location: "SF", source: nil))
        #expect(
            try status.jsonString()
                == #"{"id":1,"user":{"login":"octocat","profile":{"name":"Mona","location":"SF"}}}"#)
        #expect(try Status(jsonString: status.jsonString()) == status)
    }

    @Test func aMissingOrNullStepGivesNilForOptionals() throws {
        let missing = try Status(jsonString: #"{"id": 1, "user": {"login": "a"}}"#)
        #expect(missing.name == nil && missing.location == nil && missing.source == nil)
        let null = try Status(jsonString: #"{"id": 1, "user": {"login": "a", "profile": null}, "meta": null}"#)
        #expect(null.name == nil && null.source == nil)
        // An object whose members are all nil is left out.
        #expect(try null.jsonString() == #"{"id":1,"user":{"login":"a"}}"#)
    }

    @Test func aMissingStepIsAnErrorForRequiredProperties() throws {
        let error = try #require(throws: JSONDecodingError.self) { try Status(jsonString: #"{"id": 1}"#) }
        #expect(error.description == #"user.login: missing required key "login""#)
    }

    @Test func aStepThatIsNotAnObjectIsAnError() throws {
        let error = try #require(throws: JSONDecodingError.self) {
            try Status(jsonString: #"{"id": 1, "user": "x"}"#)
        }
        #expect(error.description == #"user: expected object, found string "x" (line 1, column 19)"#)
        let deeper = try #require(throws: JSONDecodingError.self) {
            try Status(jsonString: #"{"id": 1, "user": {"login": "a", "profile": [1]}}"#)
        }
        #expect(deeper.description == "user.profile: expected object, found array (line 1, column 45)")
    }

    @Test func fallbackKeysTakeTheFirstPresentNonNullKey() throws {
        #expect(try Book(jsonString: #"{"id": 1}"#).id == 1)
        #expect(try Book(jsonString: #"{"ID": 2}"#).id == 2)
        #expect(try Book(jsonString: #"{"book_id": 3, "ID": null}"#).id == 3)
        #expect(try Book(jsonString: #"{"book_id": 3, "ID": 4}"#).id == 4)
        #expect(try Book(jsonString: #"{"id": 1, "info": {"title": "Dune"}}"#).title == "Dune")
        #expect(try Book(jsonString: #"{"id": 1, "title": "A", "info": {"title": "B"}}"#).title == "A")
    }

    @Test func fallbackKeysEncodeTheFirstKey() throws {
        let book = try Book(jsonString: #"{"book_id": 3, "info": {"title": "Dune"}}"#)
        #expect(try book.jsonString() == #"{"id":3,"title":"Dune"}"#)
    }

    @Test func aMissingFallbackPropertyNamesTheFirstKey() throws {
        let error = try #require(throws: JSONDecodingError.self) { try Book(jsonString: #"{"isbn": 1}"#) }
        #expect(error.description == #"id: missing required key "id" (line 1, column 1)"#)
        let typed = try #require(throws: JSONDecodingError.self) { try Book(jsonString: #"{"book_id": "x"}"#) }
        #expect(typed.description == #"book_id: expected Int, found string "x" (line 1, column 13)"#)
    }

    @Test func collectsSeveralKeysIntoOneProperty() throws {
        let json = #"""
            {"city": "Oslo", "temp": 3.5, "weather": {"temp_max": 7, "temp_min": -1, "humidity": 80}, "wind_speed": 4}
            """#
        let weather = try Weather(jsonString: json)
        #expect(weather.temperatures == ["temp": 3.5, "weather.temp_max": 7, "weather.temp_min": -1])
        #expect(weather.wind == ["wind_speed": 4])
        #expect(
            try weather.jsonString()
                == #"{"city":"Oslo","temp":3.5,"weather":{"temp_max":7,"temp_min":-1},"wind_speed":4}"#)
        #expect(try Weather(jsonString: weather.jsonString()) == weather)
    }

    @Test func collectedKeysThatAreAllMissing() throws {
        let weather = try Weather(jsonString: #"{"city": "Oslo"}"#)
        #expect(weather.temperatures == [:])
        #expect(weather.wind == nil)
        #expect(try weather.jsonString() == #"{"city":"Oslo"}"#)
        var encoder = JSONModelEncoder()
        encoder.writesNulls = true
        #expect(
            String(decoding: try encoder.encode(weather), as: UTF8.self)
                == #"{"city":"Oslo","temp":null,"weather":{"temp_max":null,"temp_min":null},"wind_speed":null,"wind_deg":null}"#
        )
    }

    @Test func collectedKeysReportErrorsAtTheirPlaceInTheInput() throws {
        let json = #"{"city": "Oslo", "weather": {"temp_max": "warm"}}"#
        let error = try #require(throws: JSONDecodingError.self) { try Weather(jsonString: json) }
        #expect(error.description == #"weather.temp_max: expected Double, found string "warm" (line 1, column 42)"#)
    }

    @Test func collectedKeysCanFeedAModel() throws {
        let model = try WeatherModel(jsonString: #"{"temp": 3, "feels": -2}"#)
        #expect(model.reading == Reading(temp: 3, feels: -2))
        #expect(try model.jsonString() == #"{"temp":3,"feels":-2}"#)
        let error = try #require(throws: JSONDecodingError.self) { try WeatherModel(jsonString: #"{"feels": 1}"#) }
        #expect(error.description == #"temp: missing required key "temp""#)
    }

    @Test func snakeCaseForOneModel() throws {
        let json = #"{"user_name": "mona", "avatar_url": "https://x.test/a.png", "is_site_admin": true, "ID": 7}"#
        let user = try SnakeUser(jsonString: json)
        #expect(user == SnakeUser(userName: "mona", avatarURL: URL(string: "https://x.test/a.png"), isSiteAdmin: true, id: 7))
        #expect(try user.jsonString() == json.replacingOccurrences(of: ": ", with: ":").replacingOccurrences(of: ", ", with: ","))
        // The model's keys are final: a decoder strategy does not convert them again.
        var decoder = JSONModelDecoder()
        decoder.keyStrategy = .snakeCase
        #expect(try decoder.decode(SnakeUser.self, from: json) == user)
    }

    @Test func snakeCaseForOneDecoder() throws {
        var decoder = JSONModelDecoder()
        decoder.keyStrategy = .snakeCase
        let user = try decoder.decode(
            CamelUser.self, from: #"{"user_name": "mona", "avatar_url": null, "siteAdmin": false}"#)
        #expect(user == CamelUser(userName: "mona", avatarURL: nil, isSiteAdmin: false))
        var encoder = JSONModelEncoder()
        encoder.keyStrategy = .snakeCase
        #expect(String(decoding: try encoder.encode(user), as: UTF8.self) == #"{"user_name":"mona","siteAdmin":false}"#)
    }

    @Test func anExplicitKeyWinsOverTheDecoderStrategy() throws {
        var decoder = JSONModelDecoder()
        decoder.keyStrategy = .snakeCase
        let error = try #require(throws: JSONDecodingError.self) {
            try decoder.decode(CamelUser.self, from: #"{"user_name": "mona", "site_admin": false}"#)
        }
        #expect(error.description == #"siteAdmin: missing required key "siteAdmin"; the object has "site_admin"; @JSONKey("site_admin") maps it (line 1, column 1)"#)
    }

    @Test func errorPathsUseTheDecoderStrategy() throws {
        var decoder = JSONModelDecoder()
        decoder.keyStrategy = .snakeCase
        let error = try #require(throws: JSONDecodingError.self) {
            try decoder.decode(CamelUser.self, from: #"{"user_name": 1, "siteAdmin": false}"#)
        }
        #expect(error.description == "user_name: expected String, found number 1; @JSONLenient converts it (line 1, column 15)")
    }

    @Test func aCustomModelStrategyIsAppliedToImplicitKeys() throws {
        let user = try ScreamingUser(jsonString: #"{"USERNAME": "mona", "id": 3}"#)
        #expect(user == ScreamingUser(userName: "mona", id: 3))
        #expect(try user.jsonString() == #"{"USERNAME":"mona","id":3}"#)
    }

    @Test func anEscapedDotIsPartOfTheKey() throws {
        let value = try Dotted(jsonString: #"{"a.b": 1, "c": {"d.e": 2}}"#)
        #expect(value == Dotted(literalDot: 1, nestedDot: 2))
        #expect(try value.jsonString() == #"{"a.b":1,"c":{"d.e":2}}"#)
        let error = try #require(throws: JSONDecodingError.self) { try Dotted(jsonString: #"{"a.b": 1, "c": {}}"#) }
        #expect(error.description == #"c.d\.e: missing required key "d.e" (line 1, column 17)"#)
    }

    @Test func rejectsUnknownKeysListingThemWithPaths() throws {
        var decoder = JSONModelDecoder()
        decoder.unknownKeys = .reject
        let json = #"{"id": 1, "user": {"login": "a", "site_admin": true}, "extra": 1, "more": {}}"#
        let error = try #require(throws: JSONDecodingError.self) { try decoder.decode(Status.self, from: json) }
        #expect(error.kind == .multiple)
        #expect(error.errors.map(\.pathDescription) == ["extra", "more"])
        #expect(
            error.errors.map(\.description) == [
                #"extra: unknown key "extra", expected one of "id", "user", "meta" (line 1, column 55)"#,
                #"more: unknown key "more", expected one of "id", "user", "meta" (line 1, column 67)"#,
            ])
        let nested = try #require(throws: JSONDecodingError.self) {
            try decoder.decode(
                [GHUser].self, from: #"[{"login": "a", "id": 1}, {"login": "b", "id": 2, "site_admin": false}]"#)
        }
        #expect(nested.description == #"[1].site_admin: unknown key "site_admin", expected one of "login", "id" (line 1, column 51)"#)
    }
}

/// Names whose snake_case form is easy to get wrong; the macro converts them at compile time
/// and must agree with `JSONKeyStrategy.snakeCased` at runtime.
@JSONModel(keyStrategy: .snakeCase)
struct TrickyNames: Equatable {
    var userID: Int = 0
    var htmlURL: Int = 0
    var URLValue: Int = 0
    var base64Data: Int = 0
    var iOSVersion: Int = 0
    var x: Int = 0
    var already_snake: Int = 0
    var ÄrgerNis: Int = 0
}

@Suite("@JSONModel: compile-time snake_case")
struct MacroSnakeCaseTests {
    @Test func agreesWithTheRuntimeConversion() throws {
        let names = ["userID", "htmlURL", "URLValue", "base64Data", "iOSVersion", "x", "already_snake", "ÄrgerNis"]
        guard case .object(let object) = try TrickyNames().jsonValue() else {
            Issue.record("not an object")
            return
        }
        #expect(object.keys == names.map(JSONKeyStrategy.snakeCased))
        #expect(object.keys == ["user_id", "html_url", "url_value", "base64_data", "i_os_version", "x", "already_snake", "ärger_nis"])
    }
}
