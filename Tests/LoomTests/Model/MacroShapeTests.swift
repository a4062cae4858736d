import Foundation
import Loom
import Testing

// Shapes from the expansion tests that the other compiled models do not cover, compiled for
// real (warnings included) and run.

@JSONModel
struct Nothing: Equatable {}

@JSONModel
struct Counter: Equatable {
    static let unit = 1
    var value: Int {
        didSet { changes += Counter.unit }
    }
    @JSONIgnore var changes = 0
    var doubled: Int { value * 2 }
    var tripled: Int {
        get { value * 3 }
    }
}

/// Trims spaces from what is stored, to show that decoding goes through the wrapper.
@propertyWrapper
struct Trimmed: Equatable {
    private var text: String
    init(wrappedValue: String) { text = wrappedValue.trimmingCharacters(in: .whitespaces) }
    var wrappedValue: String {
        get { text }
        set { text = newValue.trimmingCharacters(in: .whitespaces) }
    }
}

/// Every way a property can hold a value before decoding stores one.
@JSONModel
struct Profile: Equatable {
    var name: String
    var nickname: String!
    var tags: [String] = ["new"]
    var score: Int = 0 {
        didSet { scoreChanges += 1 }
    }
    @JSONIgnore var scoreChanges = 0
    @Trimmed var title: String = "untitled"
    var motto: String? = "carpe diem"
}

@JSONModel
struct Pair: Equatable {
    var first, second: Int
    var `default`: Bool
    let fixed: String
}

@JSONModel
struct Spelled: Equatable {
    var website: Optional<URL>
    var matrix: Array<Array<Int?>>
    var leads: Dictionary<String, Owner?>
    var count: Swift.Int
    var twice: Int??
    @JSONTransform(.iso8601) var ends: Date?
    @JSONDefault(Spelled.defaultTheme + "!") var theme: String?

    static let defaultTheme = "dark"
}

/// Standard types by their module-qualified names, and an app's own type named like a
/// Foundation one: the macro recognises the standard types by name, so its own `Data` must
/// still go through the overloads (here, the `Codable` bridge).
@JSONModel
struct Qualified: Equatable {
    struct Data: Codable, Equatable { var bytes: Int }

    var count: Swift.Int
    var link: Foundation.URL?
    var ids: [Foundation.UUID]
    var seen: Swift.Bool
    var blob: Data
}

@Suite("@JSONModel: more compiled shapes")
struct MacroShapeTests {
    @Test func anEmptyModelIsAnEmptyObject() throws {
        #expect(try Nothing(jsonString: #"{"anything": [1]}"#) == Nothing())
        #expect(try Nothing().jsonString() == "{}")
        var decoder = JSONModelDecoder()
        decoder.unknownKeys = .reject
        let error = try #require(throws: JSONDecodingError.self) {
            try decoder.decode(Nothing.self, from: #"{"anything": 1}"#)
        }
        #expect(error.description == #"anything: unknown key "anything", expected one of  (line 1, column 2)"#)
    }

    @Test func skipsStaticAndComputedPropertiesButMapsObservedOnes() throws {
        let counter = try Counter(jsonString: #"{"value": 4, "doubled": 100}"#)
        #expect(counter.value == 4)
        #expect(counter.changes == 0)
        #expect(try counter.jsonString() == #"{"value":4}"#)
    }

    @Test func storesOverFirstValuesWithoutObserversAndThroughWrappers() throws {
        let full = try Profile(
            jsonString: #"{"name": "a", "nickname": "b", "tags": [], "score": 3, "title": "  t ", "motto": null}"#)
        #expect(full.name == "a")
        #expect(full.nickname == "b")
        #expect(full.tags == [])
        #expect(full.score == 3)
        #expect(full.scoreChanges == 0)
        #expect(full.title == "t")
        #expect(full.motto == nil)

        let sparse = try Profile(jsonString: #"{"name": "a"}"#)
        #expect(sparse.nickname == nil)
        #expect(sparse.tags == ["new"])
        #expect(sparse.score == 0)
        #expect(sparse.title == "untitled")
        #expect(sparse.motto == "carpe diem")
        #expect(try Profile(jsonData: sparse.jsonData()) == sparse)
        #expect(try sparse.jsonString() == #"{"name":"a","tags":["new"],"score":0,"title":"untitled","motto":"carpe diem"}"#)
    }

    @Test func mapsEveryBindingAndBacktickedNames() throws {
        let pair = try Pair(jsonString: #"{"first": 1, "second": 2, "default": true, "fixed": "f"}"#)
        #expect(pair == Pair(first: 1, second: 2, default: true, fixed: "f"))
        #expect(try pair.jsonString() == #"{"first":1,"second":2,"default":true,"fixed":"f"}"#)
    }

    @Test func readsLongSpellingsOfStandardTypes() throws {
        let json = #"""
            {"website": "https://x.test", "matrix": [[1, null], []], "leads": {"a": null, "b": {"login": "b", "id": 2}},
             "count": 3, "twice": 1, "ends": "2024-05-01T12:00:00Z"}
            """#
        let value = try Spelled(jsonString: json)
        #expect(value.website == URL(string: "https://x.test"))
        #expect(value.matrix == [[1, nil], []])
        #expect(value.leads == ["a": Owner?.none, "b": Owner(login: "b", id: 2)])
        #expect(value.count == 3)
        #expect(value.twice == .some(.some(1)))
        #expect(value.ends == Date(timeIntervalSince1970: 1_714_564_800))
        #expect(value.theme == "dark!")
        #expect(try Spelled(jsonString: value.jsonString()) == value)
        let empty = try Spelled(jsonString: #"{"matrix": [], "leads": {}, "count": 0, "theme": null}"#)
        #expect(empty.website == nil && empty.twice == nil && empty.ends == nil && empty.theme == nil)
        #expect(try empty.jsonString() == #"{"matrix":[],"leads":{},"count":0}"#)
    }

    @Test func readsQualifiedStandardTypesAndAnOwnTypeNamedLikeOne() throws {
        let json = #"""
            {"count": 3, "link": "https://x.test/a", "ids": ["E621E1F8-C36C-495A-93FC-0C247A3E6E5F"],
             "seen": true, "blob": {"bytes": 4}}
            """#
        let value = try Qualified(jsonString: json)
        #expect(value.count == 3)
        #expect(value.link == URL(string: "https://x.test/a"))
        #expect(value.ids == [UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")].compactMap { $0 })
        #expect(value.seen && value.blob == Qualified.Data(bytes: 4))
        #expect(try Qualified(jsonString: value.jsonString()) == value)
        let error = try #require(throws: JSONDecodingError.self) {
            try Qualified(jsonString: #"{"count": "3", "ids": [], "seen": true, "blob": {"bytes": 4}}"#)
        }
        #expect(error.description.hasPrefix("count: expected Int, found string"))
        let schema = Qualified.jsonSchema
        #expect(schema["properties"]?["count"]?["type"] == "integer")
        #expect(schema["properties"]?["ids"]?["items"]?["format"] == "uuid")
    }
}

@JSONModel
struct OnlyConstants: Equatable {
    let version: Int = 2
    @JSONKey("meta.kind") let kind: String = "constant"
}

@JSONModel
private struct FilePrivateModel: Equatable {
    var value: Int
}

struct GenericOuter<T> {
    var payload: T

    /// Nested in a generic type, so its key sets must be computed properties.
    @JSONModel
    struct Inner: Equatable {
        var value: Int
        @JSONKey("meta.label") var label: String?
    }
}

@Suite("@JSONModel: declaration contexts")
struct MacroContextTests {
    @Test func aModelOfConstantsDecodesNothingAndEncodesThem() throws {
        var decoder = JSONModelDecoder()
        decoder.unknownKeys = .reject
        #expect(try decoder.decode(OnlyConstants.self, from: #"{"version": 9, "meta": {"kind": "x"}}"#) == OnlyConstants())
        #expect(try OnlyConstants().jsonString() == #"{"version":2,"meta":{"kind":"constant"}}"#)
    }

    @Test func privateTypesConform() throws {
        #expect(try FilePrivateModel(jsonString: #"{"value": 1}"#) == FilePrivateModel(value: 1))
    }

    @Test func typesNestedInGenericTypesConform() throws {
        let inner = try GenericOuter<String>.Inner(jsonString: #"{"value": 1, "meta": {"label": "l"}}"#)
        #expect(inner == GenericOuter<String>.Inner(value: 1, label: "l"))
        #expect(try inner.jsonString() == #"{"value":1,"meta":{"label":"l"}}"#)
    }
}
