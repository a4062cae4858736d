import Foundation
import Testing

@testable import Loom

// `@JSONUnknownKeys`: the members no property maps are kept and written back.

@JSONModel
struct PreservedAccount: JSONMergeable, Equatable {
    var id: Int
    var name: String
    @JSONKey("plan.tier") var tier: String?
    @JSONUnknownKeys var extra: [String: JSONValue] = [:]
}

@JSONModel
final class PreservedSettings: Equatable {
    var theme: String
    @JSONUnknownKeys var others: [String: JSONValue]

    init(theme: String, others: [String: JSONValue]) {
        self.theme = theme
        self.others = others
    }
}

@Suite("@JSONUnknownKeys keeps what the model does not map")
struct UnknownKeysTests {
    static let text = #"""
        {"id": 7, "beta": {"flags": [true, null]}, "name": "kim", "plan": {"tier": "pro", "seats": 3}, "z": 1.5}
        """#

    @Test func unmappedMembersAreKept() throws {
        let account = try PreservedAccount(jsonString: Self.text)
        #expect(account.extra == ["beta": ["flags": [true, nil]], "z": 1.5])
        #expect(account.tier == "pro")
        // Only the model's own level: `plan.seats` belongs to the key path's object.
        #expect(directly(PreservedAccount.self, Self.text) == account)
    }

    @Test func encodingWritesThemBackInKeyOrder() throws {
        let account = try PreservedAccount(jsonString: Self.text)
        #expect(
            try account.jsonString()
                == #"{"id":7,"name":"kim","plan":{"tier":"pro"},"beta":{"flags":[true,null]},"z":1.5}"#)
        // A member whose key a property writes is left out rather than written twice.
        var edited = account
        edited.extra["name"] = "shadow"
        #expect(try edited.jsonString() == (try account.jsonString()))
    }

    @Test func rejectingDecodersDoNotRejectCapturedKeys() throws {
        var decoder = JSONModelDecoder()
        decoder.unknownKeys = .reject
        let account = try decoder.decode(PreservedAccount.self, from: Self.text)
        #expect(account.extra.keys.sorted() == ["beta", "z"])
    }

    @Test func repeatedKeysFollowTheDuplicatePolicy() throws {
        let text = #"{"id": 1, "name": "a", "x": 1, "x": 2}"#
        #expect(try PreservedAccount(jsonString: text).extra == ["x": 2])
        var first = JSONModelDecoder()
        first.parsingOptions.duplicateKeys = .useFirst
        #expect(try first.decode(PreservedAccount.self, from: text).extra == ["x": 1])
        var strict = JSONModelDecoder()
        strict.parsingOptions.duplicateKeys = .reject
        #expect(throws: JSONDecodingError.self) { try strict.decode(PreservedAccount.self, from: text) }
    }

    @Test func finalClassesCaptureToo() throws {
        let text = #"{"theme": "dark", "font": {"size": 12}}"#
        let settings = try PreservedSettings(jsonString: text)
        #expect(settings.others == ["font": ["size": 12]])
        #expect(try settings.jsonString() == #"{"theme":"dark","font":{"size":12}}"#)
        #expect(directly(PreservedSettings.self, text) == settings)
    }

    @Test func updatesAddTheUnknownMembersPresent() throws {
        var account = try PreservedAccount(jsonString: Self.text)
        try account.update(fromJSON: Data(#"{"z": 2, "new": "x"}"#.utf8))
        #expect(account.extra == ["beta": ["flags": [true, nil]], "z": 2, "new": "x"])
    }

    @Test func invalidJSONAmongUnknownMembersIsAnError() {
        for text in [#"{"id": 1, "name": "a", "x": [1,}"#, #"{"id": 1, "name": "a", "x": tru}"#] {
            #expect(throws: JSONDecodingError.self, "\(text)") { try PreservedAccount(jsonString: text) }
        }
    }

    /// Generated objects with mapped and unmapped members in any order: decode → encode →
    /// decode gives the same model, and every unmapped member survives.
    @Test func roundTripsOverGeneratedObjects() throws {
        var random = SplitMix64(seed: 0xCA97)
        let values: [String] = ["1", "-2.5", #""s""#, "null", "true", "[]", #"{"a": [1, {"b": null}]}"#, #"["x", 3]"#]
        for _ in 0..<300 {
            var members = [#""id": 3"#, #""name": "n""#]
            var expected: [String: JSONValue] = [:]
            for index in 0..<Int.random(in: 0..<5, using: &random) {
                let value = values.randomElement(using: &random)!
                members.append(#""k\#(index)": \#(value)"#)
                expected["k\(index)"] = try JSONValue(parsing: Data(value.utf8))
            }
            if Bool.random(using: &random) { members.append(#""plan": {"tier": "t", "other": 1}"#) }
            members.shuffle(using: &random)
            let text = "{" + members.joined(separator: ", ") + "}"
            let account = try PreservedAccount(jsonString: text)
            #expect(account.extra == expected, "\(text)")
            if let direct = directly(PreservedAccount.self, text) { #expect(direct == account, "direct: \(text)") }
            #expect(try PreservedAccount(jsonData: account.jsonData()) == account, "\(text)")
        }
    }
}
