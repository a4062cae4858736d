import Foundation
import Loom
import Testing

// Errors name what the input nearly matches: a missing key spelled another way in its object
// (reported at that object), and at the root of the input, an array of models or a model's
// data inside an envelope, with what would decode it.

@JSONModel
struct Teammate: Equatable {
    var userId: Int
    var avatarURL: URL
    var fullName: String
}

@JSONModel
struct Ranked: Equatable {
    var userId: Int
    /// Maps `user_id`: a key another property reads is no hint for `userId`.
    @JSONKey("user_id") var legacyID: Int?
}

@JSONModel
struct Starred: Equatable {
    var name: String
    @JSONKey("stats.starCount") var stars: Int
}

@JSONModel(representation: .internal(tag: "kind"))
enum Notice: Equatable {
    case text(body: String)
}

struct CodableMember: Codable, Equatable {
    var userId: Int
}

@JSONModel
struct Invitation: Equatable {
    var member: CodableMember
}

struct DecodingHintTests {
    func failure<T: JSONDecodable>(_ type: T.Type, _ json: String, decoder: JSONModelDecoder = JSONModelDecoder()) -> String? {
        do {
            _ = try decoder.decode(T.self, from: json)
            return nil
        } catch {
            return String(describing: error)
        }
    }

    @Test func aMissingKeyIsPositionedAtItsObject() {
        let json = #"[{"userId": 1, "avatarURL": "https://a.example", "fullName": "A"}, {"userId": 2}]"#
        #expect(failure([Teammate].self, json) == #"[1].avatarURL: missing required key "avatarURL" (line 1, column 68)"#)
    }

    @Test func aKeyInAnotherCaseOrWithSeparatorsIsNamedWithWhatMapsIt() {
        #expect(
            failure(Teammate.self, #"{"user_id": 1, "avatar_url": "https://a.example", "full_name": "A"}"#)
                == #"userId: missing required key "userId"; the object has "user_id"; @JSONKey("user_id") or the .snakeCase key strategy maps it (line 1, column 1)"#)
        #expect(
            failure(Teammate.self, #"{"userId": 1, "avatar-url": "https://a.example"}"#)
                == #"avatarURL: missing required key "avatarURL"; the object has "avatar-url"; @JSONKey("avatar-url") or the .kebabCase key strategy maps it (line 1, column 1)"#)
        #expect(
            failure(Teammate.self, #"{"userId": 1, "avatarURL": "https://a.example", "FullName": "A"}"#)
                == #"fullName: missing required key "fullName"; the object has "FullName"; @JSONKey("FullName") or the .pascalCase key strategy maps it (line 1, column 1)"#)
        #expect(
            failure(Teammate.self, #"{"USER_ID": 1}"#)
                == #"userId: missing required key "userId"; the object has "USER_ID"; @JSONKey("USER_ID") or the .screamingSnakeCase key strategy maps it (line 1, column 1)"#)
        // No key strategy writes `userid`.
        #expect(
            failure(Teammate.self, #"{"userid": 1}"#)
                == #"userId: missing required key "userId"; the object has "userid"; @JSONKey("userid") maps it (line 1, column 1)"#)
    }

    @Test func aDotInTheKeyIsEscapedInTheSuggestion() {
        #expect(
            failure(Teammate.self, #"{"user.id": 1}"#)
                == ##"userId: missing required key "userId"; the object has "user.id"; @JSONKey(#"user\.id"#) maps it (line 1, column 1)"##)
    }

    @Test func theHintIsForTheDeveloperAndLeftOutOfTheClientDescription() throws {
        let error = try #require(throws: JSONDecodingError.self) {
            try Teammate(jsonString: #"{"user_id": "1", "avatarURL": "https://a.example", "fullName": "A"}"#)
        }
        #expect(error.reason == #"missing required key "userId"; the object has "user_id""#)
        #expect(error.hint == #"@JSONKey("user_id") or the .snakeCase key strategy maps it"#)
        #expect(error.clientDescription == #"userId: missing required key "userId"; the object has "user_id" (line 1, column 1)"#)
        let mismatch = try #require(throws: JSONDecodingError.self) {
            try Teammate(jsonString: #"{"userId": "1", "avatarURL": "https://a.example", "fullName": "A"}"#)
        }
        #expect(mismatch.hint == "@JSONLenient converts it")
        #expect(mismatch.clientDescription == #"userId: expected Int, found string "1" (line 1, column 12)"#)
        // Collected errors keep theirs.
        var decoder = JSONModelDecoder()
        decoder.collectsAllErrors = true
        let collected = try #require(throws: JSONDecodingError.self) {
            try decoder.decode(Teammate.self, from: #"{"userId": "1", "avatar_url": "https://a.example", "fullName": "A"}"#)
        }
        #expect(collected.errors.map(\.hint) == ["@JSONLenient converts it", #"@JSONKey("avatar_url") or the .snakeCase key strategy maps it"#])
        #expect(!collected.clientDescription.contains("@JSON") && collected.description.contains("@JSONKey"))
    }

    @Test func aValueLenientCoercionConvertsNamesTheMarker() throws {
        let cases: [(String, String?)] = [
            (#"{"userId": "12", "avatarURL": "https://a.example", "fullName": "A"}"#, "@JSONLenient converts it"),
            (#"{"userId": "1e2", "avatarURL": "https://a.example", "fullName": "A"}"#, "@JSONLenient converts it"),
            (#"{"userId": 1.5, "avatarURL": "https://a.example", "fullName": "A"}"#, "@JSONLenient(rounding:) rounds it"),
            (#"{"userId": 1, "avatarURL": "https://a.example", "fullName": 7}"#, "@JSONLenient converts it"),
            // Nothing converts these.
            (#"{"userId": "12a", "avatarURL": "https://a.example", "fullName": "A"}"#, nil),
            (#"{"userId": "1.5", "avatarURL": "https://a.example", "fullName": "A"}"#, nil),
            (#"{"userId": true, "avatarURL": "https://a.example", "fullName": "A"}"#, nil),
            (#"{"userId": 1, "avatarURL": "https://a.example", "fullName": true}"#, nil),
        ]
        for (json, hint) in cases {
            let error = try #require(throws: JSONDecodingError.self) { try Teammate(jsonString: json) }
            #expect(error.hint == hint, "\(json)")
        }
        // Where decoding is lenient already, a value it still rejects gets no hint.
        var lenient = JSONModelDecoder()
        lenient.coercion = .lenient
        let error = try #require(throws: JSONDecodingError.self) {
            try lenient.decode(Teammate.self, from: #"{"userId": "12a", "avatarURL": "https://a.example", "fullName": "A"}"#)
        }
        #expect(error.hint == nil)
    }

    @Test func withAKeyStrategySetOnlyTheKeyIsSuggested() {
        var decoder = JSONModelDecoder()
        decoder.keyStrategy = .snakeCase
        #expect(
            failure(Teammate.self, #"{"userId": 1}"#, decoder: decoder)
                == #"user_id: missing required key "user_id"; the object has "userId"; @JSONKey("userId") maps it (line 1, column 1)"#)
    }

    @Test func keysTheModelMapsOrThatSpellAnotherNameAreNoHint() {
        #expect(failure(Ranked.self, #"{"user_id": 1}"#) == #"userId: missing required key "userId" (line 1, column 1)"#)
        #expect(
            failure(Teammate.self, #"{"user": 1, "avatarURL": "https://a.example", "fullName": "A"}"#)
                == #"userId: missing required key "userId" (line 1, column 1)"#)
    }

    @Test func aKeyPathLooksInTheObjectOfItsStep() {
        #expect(
            failure(Starred.self, #"{"name": "loom", "stats": {"star_count": 5}}"#)
                == #"stats.starCount: missing required key "starCount"; the object has "star_count"; @JSONKey("stats.star_count") maps it (line 1, column 27)"#)
        #expect(
            failure(Starred.self, #"{"Name": "loom", "stats": {"starCount": 5}}"#)
                == #"name: missing required key "name"; the object has "Name"; @JSONKey("Name") or the .pascalCase key strategy maps it (line 1, column 1)"#)
    }

    @Test func aMissingTagNamesItsRespelling() {
        #expect(
            failure(Notice.self, #"{"Kind": "text", "body": "hi"}"#)
                == #"kind: missing required key "kind"; the object has "Kind" (line 1, column 1)"#)
    }

    @Test func decodableTypesGetTheHintToo() {
        #expect(
            failure(Invitation.self, #"{"member": {"user_id": 3}}"#)
                == #"member.userId: missing required key "userId"; the object has "user_id" (line 1, column 12)"#)
    }

    // MARK: At the root of the input

    @Test func anArrayForAModelNamesTheArrayType() {
        #expect(
            failure(Teammate.self, #"[{"userId": 1}]"#)
                == #"expected Teammate object, found array; decode [Teammate] for an array (line 1, column 1)"#)
        #expect(
            failure(Notice.self, "[]") == #"expected Notice object, found array; decode [Notice] for an array (line 1, column 1)"#)
    }

    @Test func anObjectForAnArrayNamesTheArrayInside() throws {
        let envelope = #"{"meta": {"page": 1, "tags": ["a"]}, "data": {"total": 1, "items": [{"name": "loom", "stats": {"starCount": 5}}]}}"#
        // Breadth first: "data.items" is as deep as "meta.tags", which comes first.
        #expect(
            failure([Starred].self, envelope)
                == #"expected array, found object; the object has an array at "meta.tags"; decode it with at: "meta.tags" (line 1, column 1)"#)
        let items = #"{"count": 1, "items": [{"name": "loom", "stats": {"starCount": 5}}]}"#
        #expect(
            failure([Starred].self, items)
                == #"expected array, found object; the object has an array at "items"; decode it with at: "items" (line 1, column 1)"#)
        // The suggestion decodes.
        #expect(try [Starred](jsonString: items, at: "items") == [Starred(name: "loom", stars: 5)])
        #expect(failure([Starred].self, #"{"count": 0}"#) == "expected array, found object (line 1, column 1)")
    }

    @Test func aModelInsideAnEnvelopeIsNamed() throws {
        let json = #"{"status": "ok", "result": {"name": "loom", "stats": {"starCount": 5}}}"#
        #expect(
            failure(Starred.self, json)
                == #"name: missing required key "name"; the object at "result" has it; decode it with at: "result" (line 1, column 1)"#)
        #expect(try Starred(jsonString: json, at: "result") == Starred(name: "loom", stars: 5))
        // An object with a key of the model is the model's, missing a key: no envelope.
        #expect(
            failure(Starred.self, #"{"stats": {"starCount": 5}, "owner": {"name": "ana"}}"#)
                == #"name: missing required key "name" (line 1, column 1)"#)
    }

    @Test func valuesBelowTheRootGetNoRootHints() {
        #expect(
            failure(Invitation.self, #"{"member": [{"userId": 1}]}"#)
                == #"member: expected CodableMember object, found array (line 1, column 12)"#)
        #expect(
            failure([Starred].self, #"[{"name": "a", "stats": []}]"#)
                == #"[0].stats: expected object, found array (line 1, column 25)"#)
        // Decoding at a path, the value at the path is not the whole input.
        do {
            _ = try [Starred](jsonString: #"{"data": {"items": [1]}}"#, at: "data")
            Issue.record("decoded an object as an array")
        } catch {
            #expect(String(describing: error) == #"data: expected array, found object (line 1, column 10)"#)
        }
    }
}
