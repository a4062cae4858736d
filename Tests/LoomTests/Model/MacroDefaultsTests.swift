import Foundation
import Loom
import Testing

@JSONModel
struct Defaults: Equatable {
    var required: Int
    var initialValue: Int = 5
    @JSONDefault(7) var marked: Int
    @JSONDefault(Defaults.fallbackNames) var names: [String]
    var optional: Int?
    var optionalWithValue: Int? = 9
    @JSONDefault(3) var optionalMarked: Int?
    let constant: Int = 1
    @JSONIgnore var ignored = 2
    @JSONIgnore var ignoredOptional: String?

    static let fallbackNames = ["a", "b"]
}

@JSONModel
struct TweetUser: Equatable {
    var id: Int
    var login: String
}

@JSONModel
struct Tweet: Equatable {
    var id: Int
    var text: String
    var user: TweetUser
}

@JSONModel
struct Timeline: Equatable {
    var statuses: [Tweet]
}

/// One property of each leaf type that generated code decodes without closures, optional and not.
@JSONModel
struct Leaves: Equatable {
    var name: String
    var flag: Bool
    var ratio: Double
    var small: Float
    var count: Int
    var tiny: Int8
    var big: UInt64
    var nickname: Swift.String?
    var age: Int?
    var score: Double?
}

@Suite("@JSONModel: defaults, ignored properties and errors")
struct MacroDefaultsTests {
    @Test func missingKeysTakeTheDefaults() throws {
        let value = try Defaults(jsonString: #"{"required": 0}"#)
        #expect(value.initialValue == 5)
        #expect(value.marked == 7)
        #expect(value.names == ["a", "b"])
        #expect(value.optional == nil)
        #expect(value.optionalWithValue == 9)
        #expect(value.optionalMarked == 3)
        #expect(value.constant == 1)
        #expect(value.ignored == 2)
    }

    @Test func presentKeysOverrideTheDefaults() throws {
        let value = try Defaults(
            jsonString: #"{"required": 0, "initialValue": 50, "marked": 70, "names": [], "optional": 1, "optionalWithValue": 90, "optionalMarked": 30}"#
        )
        #expect(
            [value.initialValue, value.marked, value.optional, value.optionalWithValue, value.optionalMarked]
                == [50, 70, 1, 90, 30])
        #expect(value.names.isEmpty)
    }

    @Test(arguments: [
        ("required", #"required: expected Int, found null (line 1, column 14)"#),
        ("initialValue", #"initialValue: expected Int, found null (line 1, column 33)"#),
        ("marked", #"marked: expected Int, found null (line 1, column 27)"#),
        ("names", #"names: expected Array<String>, found null (line 1, column 26)"#),
    ])
    func nullIsAnErrorForNonOptionals(key: String, message: String) throws {
        let json = key == "required" ? #"{"required": null}"# : #"{"required": 0, "\#(key)": null}"#
        let error = try #require(throws: JSONDecodingError.self) { try Defaults(jsonString: json) }
        #expect(error.kind == .nullValue)
        #expect(error.description == message)
    }

    @Test func nullIsNilForOptionalsEvenWithADefault() throws {
        let value = try Defaults(
            jsonString: #"{"required": 0, "optional": null, "optionalWithValue": null, "optionalMarked": null}"#)
        #expect(value.optional == nil)
        #expect(value.optionalWithValue == nil)
        #expect(value.optionalMarked == nil)
    }

    @Test func nullAsMissingTakesTheDefaults() throws {
        var decoder = JSONModelDecoder()
        decoder.nullAsMissing = true
        let value = try decoder.decode(
            Defaults.self,
            from: #"{"required": 0, "initialValue": null, "marked": null, "names": null, "optionalWithValue": null, "optionalMarked": null}"#
        )
        #expect(value.initialValue == 5)
        #expect(value.marked == 7)
        #expect(value.names == ["a", "b"])
        #expect(value.optionalWithValue == 9)
        #expect(value.optionalMarked == 3)
        // A required property has no default to take.
        let error = try #require(throws: JSONDecodingError.self) {
            try decoder.decode(Defaults.self, from: #"{"required": null}"#)
        }
        #expect(error.description == "required: expected Int, found null (line 1, column 14)")
    }

    @Test func aLetWithAValueIsEncodedButNotDecoded() throws {
        let value = try Defaults(jsonString: #"{"required": 0, "constant": 100}"#)
        #expect(value.constant == 1)
        #expect(try value.jsonString().contains(#""constant":1"#))
        // Its key is mapped, so it is not an unknown key.
        var decoder = JSONModelDecoder()
        decoder.unknownKeys = .reject
        #expect(try decoder.decode(Defaults.self, from: #"{"required": 0, "constant": 100}"#).constant == 1)
    }

    @Test func ignoredPropertiesAreNeverReadOrWritten() throws {
        var value = try Defaults(jsonString: #"{"required": 0, "ignored": 20, "ignoredOptional": "x"}"#)
        #expect(value.ignored == 2)
        #expect(value.ignoredOptional == nil)
        value.ignored = 30
        value.ignoredOptional = "y"
        let text = try value.jsonString()
        #expect(
            text == #"{"required":0,"initialValue":5,"marked":7,"names":["a","b"],"optionalWithValue":9,"optionalMarked":3,"constant":1}"#
        )
        var decoder = JSONModelDecoder()
        decoder.unknownKeys = .reject
        let error = try #require(throws: JSONDecodingError.self) {
            try decoder.decode(Defaults.self, from: #"{"required": 0, "ignored": 20}"#)
        }
        #expect(error.kind == .unknownKey)
    }

    @Test func nilOptionalsAreOmittedUnlessTheEncoderWritesNulls() throws {
        let value = try Defaults(jsonString: #"{"required": 0, "optionalWithValue": null, "optionalMarked": null}"#)
        #expect(
            try value.jsonString() == #"{"required":0,"initialValue":5,"marked":7,"names":["a","b"],"constant":1}"#)
        var encoder = JSONModelEncoder()
        encoder.writesNulls = true
        #expect(
            String(decoding: try encoder.encode(value), as: UTF8.self)
                == #"{"required":0,"initialValue":5,"marked":7,"names":["a","b"],"optional":null,"optionalWithValue":null,"optionalMarked":null,"constant":1}"#
        )
    }

    static let timeline = #"""
        {"statuses": [
          {"id": 0, "text": "a", "user": {"id": 1, "login": "a"}},
          {"id": 1, "text": "b", "user": {"id": 2, "login": "b"}},
          {"id": 2, "text": "c", "user": {"id": 3, "login": "c"}},
          {
            "id": 3,
            "text": "d",
            "retweets": 0,
            "user": {
              "login": "d",
              "followers": 10,
         "id": "abc"
            }
          }
        ]}
        """#

    @Test func errorDescriptionsNameThePathAndPosition() throws {
        let error = try #require(throws: JSONDecodingError.self) { try Timeline(jsonString: Self.timeline) }
        #expect(error.description == #"statuses[3].user.id: expected Int, found string "abc" (line 12, column 8)"#)
        #expect(error.pathDescription == "statuses[3].user.id")
        #expect(error.kind == .typeMismatch)
    }

    @Test func leafPropertiesDecodeAndReportErrorsWithTheirKeys() throws {
        let full = #"{"name":"a","flag":true,"ratio":0.5,"small":1.5,"count":-3,"tiny":-8,"big":18446744073709551615,"nickname":"b","age":7,"score":null}"#
        #expect(
            try Leaves(jsonString: full)
                == Leaves(name: "a", flag: true, ratio: 0.5, small: 1.5, count: -3, tiny: -8, big: .max, nickname: "b", age: 7, score: nil))
        let sparse = try Leaves(jsonString: #"{"name":"","flag":false,"ratio":1,"small":0,"count":0,"tiny":0,"big":0}"#)
        #expect(sparse.nickname == nil && sparse.age == nil && sparse.score == nil)

        let bad = #"{"flag":null,"ratio":"x","small":1,"count":1.5,"tiny":300,"big":-1,"nickname":5,"age":"old","score":[]}"#
        let first = try #require(throws: JSONDecodingError.self) { try Leaves(jsonString: bad) }
        #expect(first.description == #"name: missing required key "name" (line 1, column 1)"#)
        var decoder = JSONModelDecoder()
        decoder.collectsAllErrors = true
        let all = try #require(throws: JSONDecodingError.self) { try decoder.decode(Leaves.self, from: bad) }
        #expect(all.errors.map(\.pathDescription) == ["name", "flag", "ratio", "count", "tiny", "big", "nickname", "age", "score"])
        #expect(all.errors.map(\.kind) == [
            .missingKey, .nullValue, .typeMismatch, .numberOutOfRange, .numberOutOfRange, .numberOutOfRange,
            .typeMismatch, .typeMismatch, .typeMismatch,
        ])
    }

    @Test func collectsEveryErrorInANestedDocument() throws {
        let json = #"""
            {"statuses": [
              {"id": "0", "text": "a", "user": {"id": 1, "login": "a"}},
              {"id": 1, "user": {"id": 2, "login": 5}},
              {"id": 2, "text": "c", "user": {"id": null}},
              {"id": 3, "text": "d", "user": "nobody"}
            ]}
            """#
        var decoder = JSONModelDecoder()
        decoder.collectsAllErrors = true
        let error = try #require(throws: JSONDecodingError.self) { try decoder.decode(Timeline.self, from: json) }
        #expect(error.kind == .multiple)
        #expect(
            error.errors.map(\.description) == [
                #"statuses[0].id: expected Int, found string "0"; @JSONLenient converts it (line 2, column 10)"#,
                #"statuses[1].text: missing required key "text" (line 3, column 3)"#,
                #"statuses[1].user.login: expected String, found number 5; @JSONLenient converts it (line 3, column 40)"#,
                #"statuses[2].user.id: expected Int, found null (line 4, column 41)"#,
                #"statuses[2].user.login: missing required key "login" (line 4, column 34)"#,
                #"statuses[3].user: expected TweetUser object, found string "nobody" (line 5, column 34)"#,
            ])
        #expect(error.description.hasPrefix("6 errors: statuses[0].id: expected Int"))
    }

    @Test func stopsAtTheFirstErrorByDefault() throws {
        let json = #"{"statuses": [{"id": "0", "text": 1, "user": 2}]}"#
        let error = try #require(throws: JSONDecodingError.self) { try Timeline(jsonString: json) }
        #expect(error.description == #"statuses[0].id: expected Int, found string "0"; @JSONLenient converts it (line 1, column 22)"#)
    }

    @Test func aModelMustBeAnObject() throws {
        let error = try #require(throws: JSONDecodingError.self) { try Timeline(jsonString: "[]") }
        #expect(error.description == "expected Timeline object, found array; decode [Timeline] for an array (line 1, column 1)")
    }
}
