import Foundation
import Loom
import Testing

@testable import LoomCLIKit

/// The schema `loom generate` infers for `samples`.
private func schema(_ samples: String..., options: InferenceOptions = .init()) throws -> GeneratedSchema {
    var generator = ModelGenerator()
    generator.inference = options
    return generator.schema(for: try samples.map { try JSONDocument(parsing: $0) })
}

/// The Swift spelling of each root property's type, by key.
private func rootTypes(_ samples: String..., options: InferenceOptions = .init()) throws -> [String: String] {
    var generator = ModelGenerator()
    generator.inference = options
    let schema = generator.schema(for: try samples.map { try JSONDocument(parsing: $0) })
    let emitter = SwiftEmitter(sources: [])
    var types: [String: String] = [:]
    for property in schema.models.first?.properties ?? [] {
        types[property.key] = emitter.typeName(property.type, in: schema)
    }
    return types
}

@Suite("loom generate: names")
struct NamingTests {
    @Test(
        "keys become lowerCamelCase property names",
        arguments: [
            ("id", "id"), ("userId", "userId"), ("user_id", "userID"), ("html_url", "htmlURL"), ("ID", "id"),
            ("URLString", "urlString"), ("first name", "firstName"), ("Content-Type", "contentType"),
            ("profile_image_url_https", "profileImageURLHTTPS"), ("topic_ids", "topicIDs"), ("+1", "plus1"),
            ("-1", "minus1"), ("2fa", "_2fa"), ("a.b", "aB"), ("$ref", "ref"), ("naïve", "naive"), ("", "field"),
            ("!!", "field"), ("API_KEY", "apiKey"), ("v2Image", "v2Image"), ("v2_image", "v2Image"),
            ("total_count", "totalCount"), ("default", "default"),
        ])
    func propertyNames(key: String, name: String) {
        #expect(TypeNaming.propertyName(forKey: key) == name)
    }

    @Test(
        "element types take the singular of their key, or an Item suffix",
        arguments: [
            ("stories", "Story"), ("top_stories", "TopStory"), ("categories", "Category"), ("addresses", "Address"),
            ("people", "Person"), ("statuses", "Status"), ("user_mentions", "UserMention"), ("hashtags", "Hashtag"),
            ("indices", "Index"), ("boxes", "Box"), ("matches", "Match"), ("series", "SeriesItem"),
            ("data", "DataItem"), ("media", "MediaItem"), ("news", "NewsItem"), ("children", "Child"),
            ("status", "StatusItem"), ("urls", "URL"), ("prices", "Price"), ("responses", "Response"),
        ])
    func elementNames(key: String, name: String) {
        #expect(TypeNaming.typeName(forKey: key, element: true) == name)
    }

    @Test("keywords are escaped with backticks; contextual keywords are not")
    func keywords() {
        #expect(TypeNaming.escaped("default") == "`default`")
        #expect(TypeNaming.escaped("class") == "`class`")
        #expect(TypeNaming.escaped("type") == "type")
        #expect(TypeNaming.escaped("name") == "name")
    }

    @Test("the same property name for two keys is numbered")
    func propertyCollisions() throws {
        let schema = try schema(#"{"user_id": 1, "userID": 2, "user-id": 3}"#)
        #expect(schema.models[0].properties.map(\.name) == ["userID", "userID2", "userID3"])
    }
}

@Suite("loom generate: inference")
struct InferenceTests {
    @Test("present everywhere and never null is required; missing or null somewhere is optional")
    func optionality() throws {
        let types = try rootTypes(#"{"a": 1, "b": 2, "c": null}"#, #"{"a": 3, "b": null}"#, #"{"a": 4}"#)
        #expect(types == ["a": "Int", "b": "Int?", "c": "JSONValue?"])
    }

    @Test("numbers: Int, Double for any fraction, UInt64, Decimal, JSONValue beyond")
    func numbers() throws {
        let types = try rootTypes(
            #"{"i": 1, "d": 2.0, "e": 1e3, "m": 1, "u": 18446744073709551615, "big": 123456789012345678901234567890, "n": -9223372036854775809, "huge": 1234567890123456789012345678901234567890, "far": 1e400, "x": 9007199254740993}"#,
            #"{"i": -1, "d": 3, "e": 2, "m": 1.5, "u": 1, "big": 1, "n": 1, "huge": 1, "far": 1, "x": 0.5}"#)
        #expect(
            types == [
                "i": "Int", "d": "Double", "e": "Double", "m": "Double", "u": "UInt64", "big": "Decimal",
                "n": "Decimal", "huge": "JSONValue", "far": "JSONValue", "x": "JSONValue",
            ])
    }

    @Test("strings become Date, URL or UUID only where writing them back gives the same text")
    func strings() throws {
        let types = try rootTypes(
            #"{"a": "2024-03-18T09:12:44Z", "b": "2024-03-18T09:12:44.123Z", "c": "2024-03-18T09:12:44+01:00", "d": "2024-03-18T09:12:44.1234Z", "e": "https://example.com/x", "f": "/relative", "g": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "h": "e621e1f8-c36c-495a-93fc-0c247a3e6e5f", "i": ["https://a.example"], "j": ["2024-03-18T09:12:44Z"], "k": "12:30"}"#
        )
        #expect(
            types == [
                "a": "Date", "b": "Date", "c": "String", "d": "String", "e": "URL", "f": "String", "g": "UUID",
                "h": "String", "i": "[URL]", "j": "[String]", "k": "String",
            ])
        var off = InferenceOptions()
        off.detectsDates = false
        off.detectsURLs = false
        off.detectsUUIDs = false
        let plain = try rootTypes(#"{"a": "2024-03-18T09:12:44Z", "e": "https://example.com/x", "g": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"}"#, options: off)
        #expect(plain == ["a": "String", "e": "String", "g": "String"])
    }

    @Test("mixed kinds are JSONValue; arrays never seen with an element are [JSONValue]")
    func mixed() throws {
        let types = try rootTypes(#"{"a": 1, "b": [], "c": [1, "x"], "d": [1, null], "e": [null]}"#, #"{"a": "x", "b": []}"#)
        #expect(types == ["a": "JSONValue", "b": "[JSONValue]", "c": "[JSONValue]?", "d": "[Int?]?", "e": "[JSONValue]?"])
    }

    @Test(
        "objects that are maps become dictionaries",
        arguments: [
            (#"{"x": {"1": {"a": 1}, "2": {"a": 2}}}"#, "[String: XItem]"),
            (#"{"x": {"Arrière-scène": "a", "1er balcon": "b", "ok": "c"}}"#, "[String: String]"),
            (#"{"x": {}}"#, "[String: JSONValue]"),
            (#"{"x": {"": 1}}"#, "[String: Int]"),
            (#"{"x": {"2024-01-01": 1, "2024-01-02": null}}"#, "[String: Int?]"),
            (#"{"x": {"e\u0301": 1, "\u00e9": 2}}"#, "[String: Int]"),
        ])
    func maps(json: String, type: String) throws {
        #expect(try rootTypes(json)["x"] == type)
    }

    @Test("many keys that differ from object to object make a map")
    func sparseKeys() throws {
        let objects = (0..<4).map { group in
            "{" + (0..<10).map { #""key\#(group * 10 + $0)": \#($0)"# }.joined(separator: ", ") + "}"
        }
        let types = try rootTypes(#"{"x": [\#(objects.joined(separator: ", "))]}"#)
        #expect(types["x"] == "[[String: Int]]")
    }

    @Test("identical shapes share one type; a key set inside another under the same key merges")
    func sharing() throws {
        let schema = try schema(
            #"{"user": {"login": "a", "id": 1}, "assignee": {"login": "b", "id": 2}, "posts": [{"entities": {"tags": []}}], "pinned": {"id": 1, "entities": {"tags": ["x"], "media": [1]}}}"#
        )
        #expect(schema.models.map(\.name) == ["Root", "User", "Post", "Pinned", "Entities"])
        let entities = try #require(schema.models.last)
        #expect(entities.properties.map(\.key) == ["tags", "media"])
        #expect(entities.properties[0].type == .array(.string))
        #expect(entities.properties[1].type == .optional(.array(.int)))
    }

    @Test("places reached through different keys share a type only when no member type changes")
    func strictSharing() throws {
        let separate = try schema(
            #"{"first": {"id": 1, "at": "2024-03-18T09:12:44Z"}, "second": {"id": 2.5, "at": "later"}, "third": {"id": 3, "at": "2024-03-18T09:12:45Z"}}"#
        )
        #expect(separate.models.map(\.name) == ["Root", "First", "Second"])
        #expect(separate.models[0].properties.map(\.type) == [FieldType.model(1), .model(2), .model(1)])
        #expect(separate.models[1].properties.map(\.type) == [FieldType.int, .date])
        // Through the same key, an Int may become Double and a Date a String.
        let merged = try schema(#"[{"p": {"id": 1, "at": "2024-03-18T09:12:44Z"}}, {"p": {"id": 2.5, "at": "later"}}]"#)
        #expect(merged.models.count == 2)
        #expect(merged.models[1].properties.map(\.type) == [FieldType.double, .string])
    }

    @Test("deep chains with the same key sets at every level finish quickly (merging stops after a few rounds)")
    func selfSimilarChains() throws {
        func chain(_ depth: Int) -> String {
            depth == 0 ? #"{"leaf": true}"# : #"{"k\#(depth % 3)": \#(chain(depth - 1)), "depth": \#(depth)}"#
        }
        let json = #"{"a": [\#(chain(60)), \#(chain(60))], "b": \#(chain(45))}"#
        let start = ContinuousClock.now
        let result = loom("generate", "-", stdin: Data(json))
        #expect(result.exitCode == 0)
        #expect(ContinuousClock.now - start < .seconds(60))
    }

    @Test("many objects with keys of their own merge in linear time (a map of 20,000 one-key objects)")
    func distinctKeysAreLinear() throws {
        let members = (0..<20_000).map { #""k\#($0)": {"x\#($0)": \#($0)}"# }.joined(separator: ",")
        let start = ContinuousClock.now
        let result = loom("generate", "-", stdin: Data("{" + members + "}"))
        #expect(result.standardOutput.hasSuffix("typealias Root = [String: [String: Int]]\n"))
        #expect(ContinuousClock.now - start < .seconds(60))
    }

    @Test("a place is never merged into a place inside it (no recursive structs)")
    func noRecursion() throws {
        let schema = try schema(#"{"name": "a", "child": {"name": "b", "child": {"name": "c"}}}"#)
        #expect(schema.models.count == 3)
    }

    @Test("values nested beyond the model depth limit are JSONValue")
    func depthLimit() throws {
        var options = InferenceOptions()
        options.maxModelDepth = 2
        let types = try rootTypes(#"{"a": {"b": {"c": 1}}, "d": [[1]], "e": 1}"#, options: options)
        #expect(types == ["a": "A", "d": "[JSONValue]", "e": "Int"])
        // The default limit handles the deepest document the parser accepts.
        let deep = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        let result = loom("generate", "-", stdin: Data(deep))
        #expect(result.exitCode == 0)
    }

    @Test("repeated keys count once, with the value the duplicate-key policy keeps")
    func duplicates() throws {
        let types = try rootTypes(#"{"a": "x", "a": 1}"#)
        #expect(types == ["a": "Int"])
    }
}
