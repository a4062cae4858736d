import Foundation
import Testing

@testable import Loom

// `@JSONLossy` on any property: a value that fails to decode gives the property's default, or
// `nil` for an optional, and the report names it; a missing key and invalid JSON behave as
// without the marker.

@JSONModel
struct LossyProfile: Equatable {
    enum Role: String, Equatable { case admin, member }

    var id: Int
    @JSONLossy var age: Int = 0
    @JSONLossy var homepage: URL?
    @JSONLossy var role: Role = .member
    @JSONLossy @JSONTransform(.iso8601) var joined: Date?
    @JSONLossy var nickname: String? = "anon"
    @JSONLossy @JSONDefault(["new"]) var tags: [String]
}

@Suite("@JSONLossy on any property")
struct LossyPropertyTests {
    @Test func validValuesDecodeDirectly() throws {
        let text = #"""
            {"id": 1, "age": 30, "homepage": "https://example.com", "role": "admin",
             "joined": "2024-05-01T10:00:00Z", "nickname": "kim", "tags": ["a"]}
            """#
        let direct = try #require(directly(LossyProfile.self, text))
        #expect(direct.age == 30 && direct.role == .admin && direct.nickname == "kim" && direct.tags == ["a"])
        #expect(direct.homepage == URL(string: "https://example.com"))
        #expect(try LossyProfile(jsonString: text) == direct)
    }

    @Test func failingValuesGiveTheDefault() throws {
        let text = #"""
            {"id": 1, "age": "thirty", "homepage": 5, "role": "owner", "joined": "yesterday",
             "nickname": 7, "tags": "a,b"}
            """#
        let profile = try LossyProfile(jsonString: text)
        #expect(profile == LossyProfile(id: 1, age: 0, homepage: nil, role: .member, joined: nil, nickname: "anon", tags: ["new"]))
    }

    @Test func nullKeepsItsMeaning() throws {
        let profile = try LossyProfile(jsonString: #"{"id": 1, "nickname": null, "homepage": null}"#)
        #expect(profile.nickname == nil && profile.homepage == nil)
        // `null` for a non-optional property is a failing value like any other.
        #expect(try LossyProfile(jsonString: #"{"id": 1, "age": null}"#).age == 0)
    }

    @Test func missingKeysBehaveAsWithoutTheMarker() throws {
        let profile = try LossyProfile(jsonString: #"{"id": 2}"#)
        #expect(profile == LossyProfile(id: 2, age: 0, homepage: nil, role: .member, joined: nil, nickname: "anon", tags: ["new"]))
        #expect(throws: JSONDecodingError.self) { try LossyProfile(jsonString: #"{"age": 3}"#) }
    }

    @Test func invalidJSONIsStillAnError() {
        for text in [#"{"id": 1, "age": tru}"#, #"{"id": 1, "age": "x}"#, #"{"id": 1, "tags": [1,}"#] {
            #expect(throws: JSONDecodingError.self, "\(text)") { try LossyProfile(jsonString: text) }
        }
    }

    @Test func lossyCollectionsStillDropElements() throws {
        let profile = try LossyProfile(jsonString: #"{"id": 1, "tags": ["a", 2, "b"]}"#)
        #expect(profile.tags == ["a", "b"])
    }

    @Test func theReportNamesEachReplacedValue() throws {
        let text = #"{"id": 1, "age": "thirty", "role": "owner", "nickname": {"a": 1}}"#
        let (profile, report) = try JSONModelDecoder().decodeWithReport(LossyProfile.self, from: text)
        #expect(profile.age == 0 && profile.role == .member && profile.nickname == "anon")
        // The keys left out are noted as missing, as without the marker.
        let notes = report.notes(.defaulted).filter { $0.reason.hasPrefix("rejected") }
        #expect(notes.map(\.pathDescription) == ["age", "role", "nickname"])
        #expect(notes.first?.reason.hasPrefix(#"rejected "thirty", used the default 0: "#) == true)
        #expect(notes.last?.description.hasPrefix(#"nickname: rejected {"a":1}, used the default "anon""#) == true)
        #expect(notes.allSatisfy { $0.error != nil && $0.line == 1 })
        #expect(report.notes(.defaulted).count == notes.count + 1)
    }

    /// Generated objects whose members are valid, of the wrong type, `null` or missing, in any
    /// order: the decoded model is what the marker promises, member by member.
    @Test func generatedObjects() throws {
        var random = SplitMix64(seed: 0x10557)
        let ages: [(json: String, value: Int)] = [("41", 41), (#""41""#, 0), ("4.5", 0), ("null", 0), ("[]", 0)]
        let roles: [(json: String, value: LossyProfile.Role)] = [
            (#""admin""#, .admin), (#""member""#, .member), (#""root""#, .member), ("1", .member), ("null", .member),
        ]
        let nicknames: [(json: String, value: String?)] = [(#""x""#, "x"), ("null", nil), ("false", "anon"), ("{}", "anon")]
        let tags: [(json: String, value: [String])] = [
            (#"["a"]"#, ["a"]), (#"["a", 1]"#, ["a"]), (#""a""#, ["new"]), ("{}", ["new"]), ("[]", []),
        ]
        for _ in 0..<400 {
            var members = [#""id": 9"#]
            var expected = LossyProfile(id: 9)
            if Bool.random(using: &random) {
                let age = ages.randomElement(using: &random)!
                members.append(#""age": \#(age.json)"#)
                expected.age = age.value
            }
            if Bool.random(using: &random) {
                let role = roles.randomElement(using: &random)!
                members.append(#""role": \#(role.json)"#)
                expected.role = role.value
            }
            if Bool.random(using: &random) {
                let nickname = nicknames.randomElement(using: &random)!
                members.append(#""nickname": \#(nickname.json)"#)
                expected.nickname = nickname.value
            }
            if Bool.random(using: &random) {
                let tag = tags.randomElement(using: &random)!
                members.append(#""tags": \#(tag.json)"#)
                expected.tags = tag.value
            }
            if Bool.random(using: &random) { members.append(#""extra": [1, {"b": null}]"#) }
            members.shuffle(using: &random)
            let text = "{" + members.joined(separator: ", ") + "}"
            #expect(try LossyProfile(jsonString: text) == expected, "\(text)")
            if let direct = directly(LossyProfile.self, text) { #expect(direct == expected, "direct: \(text)") }
        }
    }
}

extension LossyProfile {
    init(id: Int) { self.init(id: id, age: 0, homepage: nil, role: .member, joined: nil, nickname: "anon", tags: ["new"]) }
}
