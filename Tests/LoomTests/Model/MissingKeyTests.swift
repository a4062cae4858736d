import Foundation
import Loom
import Testing

// A missing key is reported at the object that lacks it, and when the object has the key
// spelled another way (case, `_`, `-`), the error names it and what would map it.

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

struct MissingKeyTests {
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
                == #"userId: missing required key "userId"; the object has "user_id", which @JSONKey("user_id") or the .snakeCase key strategy maps (line 1, column 1)"#)
        #expect(
            failure(Teammate.self, #"{"userId": 1, "avatar-url": "https://a.example"}"#)
                == #"avatarURL: missing required key "avatarURL"; the object has "avatar-url", which @JSONKey("avatar-url") or the .kebabCase key strategy maps (line 1, column 1)"#)
        #expect(
            failure(Teammate.self, #"{"userId": 1, "avatarURL": "https://a.example", "FullName": "A"}"#)
                == #"fullName: missing required key "fullName"; the object has "FullName", which @JSONKey("FullName") or the .pascalCase key strategy maps (line 1, column 1)"#)
        #expect(
            failure(Teammate.self, #"{"USER_ID": 1}"#)
                == #"userId: missing required key "userId"; the object has "USER_ID", which @JSONKey("USER_ID") or the .screamingSnakeCase key strategy maps (line 1, column 1)"#)
        // No key strategy writes `userid`.
        #expect(
            failure(Teammate.self, #"{"userid": 1}"#)
                == #"userId: missing required key "userId"; the object has "userid", which @JSONKey("userid") maps (line 1, column 1)"#)
    }

    @Test func aDotInTheKeyIsEscapedInTheSuggestion() {
        #expect(
            failure(Teammate.self, #"{"user.id": 1}"#)
                == ##"userId: missing required key "userId"; the object has "user.id", which @JSONKey(#"user\.id"#) maps (line 1, column 1)"##)
    }

    @Test func withAKeyStrategySetOnlyTheKeyIsSuggested() {
        var decoder = JSONModelDecoder()
        decoder.keyStrategy = .snakeCase
        #expect(
            failure(Teammate.self, #"{"userId": 1}"#, decoder: decoder)
                == #"user_id: missing required key "user_id"; the object has "userId", which @JSONKey("userId") maps (line 1, column 1)"#)
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
                == #"stats.starCount: missing required key "starCount"; the object has "star_count", which @JSONKey("stats.star_count") maps (line 1, column 27)"#)
        #expect(
            failure(Starred.self, #"{"Name": "loom", "stats": {"starCount": 5}}"#)
                == #"name: missing required key "name"; the object has "Name", which @JSONKey("Name") or the .pascalCase key strategy maps (line 1, column 1)"#)
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
}
