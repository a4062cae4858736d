import Foundation
import Loom
import Testing

// Models that keep a deprecated field or case for older clients. The generated members that use
// it are deprecated themselves, so these declarations build without deprecation warnings.

@JSONModel
struct LegacyProfile: Equatable {
    var id: Int
    @available(*, deprecated, renamed: "displayName") var name: String
    var displayName: String?
    @available(*, deprecated) var karma: Int = 0
}

@JSONModel
struct LegacyHookedProfile: Equatable {
    @available(*, deprecated) var nickname: String
    var handle: String

    static func jsonWillDecode(_ value: JSONValue) -> JSONValue {
        guard case .object(var object) = value, object["nickname"] == nil else { return value }
        object["nickname"] = object["handle"]
        return .object(object)
    }

    func jsonWillEncode() -> LegacyHookedProfile { self }
}

@JSONModel(representation: .adjacent(tag: "kind", content: "data"))
enum LegacyAttachment: Equatable {
    case link(LegacyProfile)
    @available(*, deprecated, message: "send links") case legacyLink(url: String, title: String?)
    @available(*, deprecated) case empty
}

@Suite("Deprecated properties and cases")
struct DeprecatedPropertyTests {
    @Test func decodeAndEncodeLikeAnyOther() throws {
        let json = #"{"id":7,"name":"kim","displayName":"Kim","karma":3}"#
        let profile = try LegacyProfile(jsonString: json)
        #expect(profile.id == 7 && profile.displayName == "Kim")
        #expect(try profile.jsonString() == json)
        #expect(try LegacyProfile(jsonString: #"{"id":1,"name":"a"}"#).jsonString() == #"{"id":1,"name":"a","karma":0}"#)
        // Through Codable as well, where the bridge calls the same members.
        #expect(try JSONDecoder().decode(LegacyProfile.self, from: Data(json.utf8)) == profile)
        #expect(try LegacyProfile(jsonData: try JSONEncoder().encode(profile)) == profile)
    }

    @Test func withHooksThatRewriteAndCopy() throws {
        let profile = try LegacyHookedProfile(jsonString: #"{"handle":"kim"}"#)
        #expect(try profile.jsonString() == #"{"nickname":"kim","handle":"kim"}"#)
        #expect(try [LegacyHookedProfile](jsonString: #"[{"nickname":"k","handle":"h"}]"#).count == 1)
    }

    @Test func deprecatedCasesStillDecodeAndEncode() throws {
        let json = #"[{"kind":"legacyLink","data":{"url":"https://a.b","title":null}},{"kind":"empty"}]"#
        let attachments = try [LegacyAttachment](jsonString: json)
        #expect(attachments.count == 2)
        #expect(try [LegacyAttachment](jsonString: try attachments.jsonString()) == attachments)
    }
}
