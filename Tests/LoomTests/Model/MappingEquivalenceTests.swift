import Foundation
import Testing

@testable import Loom

// Every mapping feature, read by the direct path and by the general one, on generated objects:
// members present or missing, in any order, repeated, `null`, of the wrong type, with unknown
// keys beside them, and key-path levels that are missing, `null` or not objects. The public
// decode must come out as the general path says (value or error, message included), and the
// direct path alone, where it does not fall back, must give the same value.

struct HookFailure: Error, CustomStringConvertible {
    var description: String { "rejected by a hook" }
}

@JSONModel
struct FeatureStruct: Equatable {
    var id: Int
    @JSONKey("meta.lang") var language: String
    @JSONKey("meta.stats.views") var views: Int?
    @JSONKey("id_str", "idStr") var idString: String
    @JSONKey("title", "name") var title: String = "untitled"
    @JSONKey(collecting: ["lat", "meta.lon"]) var position: [String: Double]
    var tags: [String] = []
    var note: String?

    static func validateId(_ id: Int) -> Bool { id >= 0 }

    func validate() throws {
        if title == "reject" { throw HookFailure() }
    }
}

@JSONModel
class FeatureBase: Equatable {
    var id: Int
    @JSONKey("meta.lang") var language: String
    @JSONKey("id_str", "idStr") var idString: String?
    @JSONKey(collecting: ["lat", "meta.lon"]) var position: [String: Double]

    static func validateId(_ id: Int) -> Bool { id >= 0 }

    class func jsonClass(for object: JSONElement) -> FeatureBase.Type? {
        if object["title"] != nil { return FeatureLeaf.self }
        if object["sides"] != nil { return FeatureFinal.self }
        return FeatureBase.self
    }
}

@JSONModel
class FeatureLeaf: FeatureBase {
    @JSONKey("title", "name") var title: String
    @JSONKey("stats.views") var views: Int = 0
    var tags: [String] = []

    func validate() throws {
        if title == "reject" { throw HookFailure() }
    }
}

/// A key path under its superclass's prefix: both read `meta`, which one pass over the bytes
/// cannot give to two slots, so it reads through a document.
@JSONModel
class FeatureTwinBase: Equatable {
    @JSONKey("meta.lang") var language: String
    var id: Int
}

@JSONModel
final class FeatureShared: FeatureTwinBase {
    @JSONKey("meta.stats.views") var metaViews: Int?
    @JSONKey("stats.views") var views: Int = 0
}

@JSONModel
final class FeatureFinal: FeatureBase {
    var sides: Int
    var note: String?
}

@JSONModel
final class FeatureFinalClass: Equatable {
    var id: Int
    @JSONKey("meta.lang") var language: String
    @JSONKey("id_str", "idStr") var idString: String
    @JSONKey(collecting: ["lat", "meta.lon"]) var position: [String: Double]
    var tags: [String] = []

    func jsonDidDecode() throws {
        if id == 13 { throw HookFailure() }
    }
}

/// Generated objects for the feature models: each member present or not, in any order, with
/// values of the right type or not.
struct FeatureInputs {
    var state: UInt64

    mutating func next() -> UInt64 {
        // SplitMix64: a fixed sequence per seed, so a failure can be reproduced.
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func pick<T>(_ choices: [T]) -> T { choices[Int(next() % UInt64(choices.count))] }
    mutating func chance(_ percent: UInt64) -> Bool { next() % 100 < percent }

    /// Values of one JSON type: those a property of that type accepts, then those it does not.
    struct Values {
        var valid: [String]
        var invalid: [String]
    }

    static let integers = Values(valid: ["1", "0", "42", "13", "-3"], invalid: ["1.5", "1e2", "\"7\"", "null", "true", "[]"])
    static let strings = Values(
        valid: ["\"en\"", "\"reject\"", "\"\"", "\"caf\\u00e9\""], invalid: ["7", "null", "{}", "false"])
    static let doubles = Values(valid: ["1.25", "-0.5", "3"], invalid: ["\"x\"", "null", "[1]"])
    static let arrays = Values(valid: ["[]", "[\"a\", \"b\"]"], invalid: ["[1]", "[\"a\", null]", "null", "\"a\"", "{}"])

    /// Mostly a value of the right type: most generated objects then decode, or fail on one member.
    mutating func pick(_ values: Values) -> String {
        chance(85) ? pick(values.valid) : pick(values.invalid)
    }

    mutating func object(_ members: [(String, String)]) -> String {
        var chosen = members.filter { _ in chance(92) }
        // Order: as declared, reversed, or shuffled.
        switch next() % 3 {
        case 0: break
        case 1: chosen.reverse()
        default:
            for index in chosen.indices.reversed() where index > 0 {
                chosen.swapAt(index, Int(next() % UInt64(index + 1)))
            }
        }
        if chance(5), let first = chosen.first { chosen.append(first) }
        if chance(10) { chosen.insert(("extra", pick(["1", "{\"a\": [1, {}]}", "\"x\"", "null"])), at: 0) }
        return "{" + chosen.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }

    mutating func stats() -> String {
        chance(8) ? pick(["null", "[]", "{}"]) : object([("views", pick(Self.integers))])
    }

    mutating func meta() -> String {
        switch next() % 20 {
        case 0: return "null"
        case 1: return pick(["[]", "\"meta\"", "3"])
        default:
            return object([
                ("lang", pick(Self.strings)), ("lon", pick(Self.doubles)), ("stats", stats()),
            ])
        }
    }

    mutating func featureObject(leaf: Bool = false, final: Bool = false) -> String {
        var members: [(String, String)] = [
            ("id", pick(Self.integers)), ("meta", meta()), ("id_str", pick(Self.strings)), ("idStr", pick(Self.strings)),
            ("lat", pick(Self.doubles)), ("tags", pick(Self.arrays)), ("note", pick(Self.strings)), ("stats", stats()),
        ]
        if leaf || !final { members += [("title", pick(Self.strings)), ("name", pick(Self.strings))] }
        if final { members.append(("sides", pick(Self.integers))) }
        return object(members)
    }
}

@Suite("Mapping features: the direct path and the general one agree")
struct MappingEquivalenceTests {
    static let decoders: [JSONModelDecoder] = {
        var rejecting = JSONModelDecoder()
        rejecting.unknownKeys = .reject
        // A run-time `.custom` strategy renames the keys without `@JSONKey`: `note` is read
        // from `NOTE`, which the generated inputs never write, `tags` from `tags`.
        var custom = JSONModelDecoder()
        custom.keyStrategy = .custom { $0 == "note" ? "NOTE" : $0 }
        return [JSONModelDecoder(), rejecting, custom]
    }()

    func check<T: JSONDecodable & Equatable>(_ type: T.Type, _ text: String, sourceLocation: SourceLocation = #_sourceLocation)
    {
        for decoder in Self.decoders {
            expectSameOutcome(T.self, text, decoder, sourceLocation: sourceLocation)
            if let direct = directly(T.self, text, decoder) {
                let general = try? generally(T.self, Array(text.utf8), decoder).get()
                #expect(general == direct, "direct read of \(text): \(direct) against \(String(describing: general))", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func structsWithEveryFeature() {
        var inputs = FeatureInputs(state: 1)
        var direct = 0
        for _ in 0..<600 {
            let text = inputs.featureObject()
            check(FeatureStruct.self, text)
            if directly(FeatureStruct.self, text) != nil { direct += 1 }
        }
        // The generated inputs reach the direct path often enough to compare values there.
        #expect(direct > 20)
    }

    @Test func finalClassesWithEveryFeature() {
        var inputs = FeatureInputs(state: 2)
        var direct = 0
        for _ in 0..<600 {
            let text = inputs.featureObject()
            check(FeatureFinalClass.self, text)
            if directly(FeatureFinalClass.self, text) != nil { direct += 1 }
        }
        #expect(direct > 20)
    }

    @Test func classHierarchiesAndClustersWithEveryFeature() {
        var inputs = FeatureInputs(state: 3)
        var chosen: Set<ObjectIdentifier> = []
        for round in 0..<900 {
            let text = inputs.featureObject(leaf: round % 3 == 1, final: round % 3 == 2)
            check(FeatureBase.self, text)
            check(FeatureLeaf.self, text)
            check(FeatureShared.self, text)
            check(FeatureFinal.self, text)
            if let value = directly(FeatureBase.self, text) { chosen.insert(ObjectIdentifier(type(of: value))) }
        }
        // The cluster chose each of its classes on the direct path.
        #expect(chosen.count == 3)
    }

    @Test func customKeyStrategiesReadDirectly() throws {
        var decoder = JSONModelDecoder()
        decoder.keyStrategy = .custom { $0 == "note" ? "NOTE" : $0 }
        let text = #"{"id": 1, "meta": {"lang": "en", "lon": 2}, "id_str": "1", "lat": 1, "NOTE": "n"}"#
        #expect(directly(FeatureStruct.self, text, decoder)?.note == "n")
        #expect(directly(FeatureStruct.self, text)?.note == nil)
    }

    @Test func classesTakeTheDirectPath() throws {
        let text = #"""
            {"id": 1, "meta": {"lang": "en", "lon": 2.5, "stats": {"views": 8}}, "lat": 1, "idStr": "1", "title": "t",
             "stats": {"views": 9}}
            """#
        let leaf = try #require(directly(FeatureBase.self, text))
        #expect(leaf is FeatureLeaf)
        #expect((leaf as? FeatureLeaf)?.views == 9)
        #expect(leaf.position["lat"] == 1 && leaf.position.count == 2)
        #expect(try #require(directly(FeatureFinalClass.self, text)).idString == "1")
        #expect(FeatureBase._readsDirectly && FeatureLeaf._readsDirectly && FeatureFinalClass._readsDirectly)
        // A key read at two levels of the hierarchy takes the general path, with the same result.
        #expect(directly(FeatureShared.self, text) == nil)
        let shared = try JSONModelDecoder().decode(FeatureShared.self, from: Array(text.utf8))
        #expect(shared.metaViews == 8 && shared.views == 9 && shared.language == "en")
    }
}

// MARK: Polymorphic enums

@JSONModel
struct EnumText: Equatable {
    var body: String
    var lang: String?
}

@JSONModel
struct EnumImage: Equatable {
    var url: String
    var width: Int = 0
}

@JSONModel(representation: .internal(tag: "type"))
enum InternalFeature: Equatable {
    case text(EnumText)
    @JSONTag("image", "picture") case image(EnumImage)
    case ping
}

@JSONModel(representation: .internal(tag: "type"))
enum InternalOpenFeature: Equatable {
    case text(EnumText)
    @JSONFallback case unknown(JSONValue)
}

@JSONModel
enum ExternalFeature: Equatable {
    case text(EnumText)
    case image(EnumImage)
    case ping
}

@JSONModel(representation: .adjacent(tag: "type", content: "value"))
enum AdjacentFeature: Equatable {
    case text(EnumText)
    case image(EnumImage)
    case ping
    @JSONFallback case other
}

@JSONModel(representation: .untagged)
enum UntaggedFeature: Equatable {
    case image(EnumImage)
    case text(EnumText)
}

@JSONModel(representation: .chosenByContent)
enum ChosenFeature: Equatable {
    case text(EnumText)
    case image(EnumImage)

    static func jsonCase(for object: JSONElement) -> JSONCase? {
        if object["url"] != nil { return .image }
        if object["body"] != nil { return .text }
        return nil
    }
}

extension FeatureInputs {
    static let tags = Values(
        valid: ["\"text\"", "\"image\"", "\"picture\"", "\"ping\""], invalid: ["\"other\"", "7", "null", "{}", "\"Text\""])

    /// The members of a text or image payload, or of neither.
    mutating func payloadMembers() -> [(String, String)] {
        switch next() % 3 {
        case 0: return [("body", pick(Self.strings)), ("lang", pick(Self.strings))]
        case 1: return [("url", pick(Self.strings)), ("width", pick(Self.integers))]
        default: return [("body", pick(Self.strings)), ("url", pick(Self.strings))]
        }
    }

    /// `{"type": …, payload members…}`, the tag anywhere or missing.
    mutating func internallyTagged() -> String {
        var members = payloadMembers()
        if chance(92) {
            // First, as Loom writes it, or anywhere.
            let position = chance(70) ? 0 : Int(next() % UInt64(members.count + 1))
            members.insert(("type", pick(Self.tags)), at: position)
        }
        return object(members, keepingOrder: true)
    }

    mutating func externallyTagged() -> String {
        switch next() % 6 {
        case 0: return pick(Self.tags)
        case 1: return pick(["{}", "[]", "null", "{\"text\": {\"body\": \"a\"}, \"image\": {\"url\": \"u\"}}"])
        default: return "{" + pick(Self.tags) + ": " + object(payloadMembers()) + "}"
        }
    }

    mutating func adjacentlyTagged() -> String {
        let tag = ("type", pick(Self.tags))
        let value = ("value", object(payloadMembers()))
        switch next() % 6 {
        case 0: return object([tag], keepingOrder: true)
        case 1: return object([value, tag], keepingOrder: true)
        case 2: return object([value], keepingOrder: true)
        default: return object([tag, value], keepingOrder: true)
        }
    }

    /// `object(_:)` without reordering the members.
    mutating func object(_ members: [(String, String)], keepingOrder: Bool) -> String {
        guard keepingOrder else { return object(members) }
        var chosen = members
        if chance(10) { chosen.append(("extra", pick(["1", "{\"a\": [1, {}]}", "\"x\"", "null"]))) }
        return "{" + chosen.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }
}

extension MappingEquivalenceTests {
    @Test func polymorphicEnumsInEveryRepresentation() {
        var inputs = FeatureInputs(state: 4)
        var direct = [String: Int]()
        func count<T: JSONDecodable & Equatable>(_ type: T.Type, _ text: String) {
            check(T.self, text)
            if directly(T.self, text) != nil { direct["\(T.self)", default: 0] += 1 }
        }
        for _ in 0..<500 {
            let internallyTagged = inputs.internallyTagged()
            count(InternalFeature.self, internallyTagged)
            count(InternalOpenFeature.self, internallyTagged)
            count(ExternalFeature.self, inputs.externallyTagged())
            count(AdjacentFeature.self, inputs.adjacentlyTagged())
            let payload = inputs.object(inputs.payloadMembers())
            count(UntaggedFeature.self, payload)
            count(ChosenFeature.self, payload)
        }
        // Every representation reads directly where its input is the plain form.
        for type in ["InternalFeature", "InternalOpenFeature", "ExternalFeature", "AdjacentFeature", "UntaggedFeature", "ChosenFeature"] {
            #expect(direct[type, default: 0] > 20, "\(type): \(direct[type, default: 0]) direct reads")
        }
    }

    @Test func enumsTakeTheDirectPath() throws {
        #expect(directly(InternalFeature.self, #"{"type": "picture", "url": "u", "width": 3}"#) == .image(EnumImage(url: "u", width: 3)))
        // A tag after the payload's members is found without a document, then the object read again.
        #expect(directly(InternalFeature.self, #"{"body": "b", "type": "text"}"#) == .text(EnumText(body: "b")))
        #expect(directly(InternalFeature.self, #"{"type": "ping"}"#) == .ping)
        #expect(directly(InternalOpenFeature.self, #"{"type": "x", "n": 1}"#) == .unknown(["type": "x", "n": 1]))
        #expect(directly(ExternalFeature.self, #"{"image": {"url": "u"}}"#) == .image(EnumImage(url: "u")))
        #expect(directly(ExternalFeature.self, #""ping""#) == .ping)
        #expect(directly(AdjacentFeature.self, #"{"type": "text", "value": {"body": "b"}}"#) == .text(EnumText(body: "b")))
        #expect(directly(AdjacentFeature.self, #"{"type": "nope", "value": 1}"#) == .other)
        #expect(directly(ChosenFeature.self, #"{"url": "u"}"#) == .image(EnumImage(url: "u")))
        #expect(directly([UntaggedFeature].self, #"[{"url": "u"}]"#) == [.image(EnumImage(url: "u"))])
        // The second case of an untagged enum is the general path's to choose.
        #expect(directly(UntaggedFeature.self, #"{"body": "b"}"#) == nil)
        #expect(try JSONModelDecoder().decode(UntaggedFeature.self, from: #"{"body": "b"}"#) == .text(EnumText(body: "b")))
    }
}

// MARK: Reports

extension MappingEquivalenceTests {
    /// `decodeWithReport` from bytes (which tries the direct path) against the same decode of
    /// a parsed document (which never does): the same value and the same notes.
    func checkReport<T: JSONDecodable & Equatable>(
        _ type: T.Type, _ text: String, _ decoder: JSONModelDecoder, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let fromBytes = Result { try decoder.decodeWithReport(T.self, from: text) }
        let fromDocument = Result { try decoder.decodeWithReport(T.self, from: JSONDocument(parsing: text)) }
        switch (fromBytes, fromDocument) {
        case (.success(let direct), .success(let general)):
            #expect(direct.value == general.value, sourceLocation: sourceLocation)
            #expect(direct.report.notes.map(\.description) == general.report.notes.map(\.description), sourceLocation: sourceLocation)
        case (.failure(let direct), .failure(let general)):
            #expect("\(direct)" == "\(general)", sourceLocation: sourceLocation)
        default:
            Issue.record("\(text): \(fromBytes) against \(fromDocument)", sourceLocation: sourceLocation)
        }
    }

    @Test func reportsAsTheGeneralPathDoes() {
        var inputs = FeatureInputs(state: 5)
        var lenient = JSONModelDecoder()
        lenient.coercion = .lenient
        var nullAsMissing = JSONModelDecoder()
        nullAsMissing.nullAsMissing = true
        for _ in 0..<400 {
            let text = inputs.featureObject()
            for decoder in [JSONModelDecoder(), lenient, nullAsMissing] {
                checkReport(FeatureStruct.self, text, decoder)
                checkReport(FeatureFinalClass.self, text, decoder)
            }
        }
    }

    @Test func aCleanDecodeWithAReportReadsDirectly() throws {
        let text = #"{"id": 1, "meta": {"lang": "en", "lon": 2}, "id_str": "1", "title": "t", "lat": 1, "tags": [], "note": null}"#
        var decoder = JSONModelDecoder()
        let (value, report) = try decoder.decodeWithReport(FeatureStruct.self, from: text)
        #expect(value.title == "t" && report.notes.isEmpty)
        // The reading reader falls back where a note is due: a default for the missing `tags`.
        let missing = text.replacingOccurrences(of: #""tags": [], "#, with: "")
        let noted = try decoder.decodeWithReport(FeatureStruct.self, from: missing)
        #expect(noted.report.notes.map(\.description) == [#"tags: key missing, used the default [] (line 1, column 1)"#])
        decoder.report = { _ in }
        #expect(directly(FeatureStruct.self, text, decoder) == value)
        #expect(directly(FeatureStruct.self, missing, decoder) == nil)
    }
}

// MARK: Updating classes

@JSONModel
class UpdateBase: JSONMergeable, Equatable {
    var id: Int = 0
    @JSONKey("meta.lang") var language: String = ""
    @JSONKey("id_str", "idStr") var idString: String?
    let created: Int = 7

    init() {}

    static func validateId(_ id: Int) -> Bool { id != 13 }
}

@JSONModel
final class UpdateLeaf: UpdateBase {
    @JSONKey("stats.views") var views: Int = 0
    @JSONKey("meta.stats.views") var metaViews: Int?
    var tags: [String] = []

    override init() { super.init() }
}

@JSONModel
final class UpdateFinal: JSONMergeable, Equatable {
    var id: Int = 0
    @JSONKey("meta.lang") var language: String = ""
    @JSONKey(collecting: ["lat", "meta.lon"]) var position: [String: Double] = [:]
    var note: String?

    init() {}

    func validate() throws {
        if language == "reject" { throw HookFailure() }
    }
}

extension MappingEquivalenceTests {
    /// `update(fromJSONString:)` (which tries the direct path) against `update(json:context:)`
    /// on a parsed document: the same properties after, and the same error.
    func checkUpdate<T: JSONMergeable & AnyObject & Equatable>(
        _ make: () -> T, _ text: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let direct = make()
        var general = make()
        let directError = Result { try direct.update(fromJSONString: text) }.failureDescription
        let generalError = Result {
            let document = try JSONDocument(parsing: text)
            try general.update(json: document.root, context: JSONDecodingContext(decoder: JSONModelDecoder()))
        }.failureDescription
        #expect(directError == generalError, "\(text)", sourceLocation: sourceLocation)
        #expect(direct == general, "\(text)", sourceLocation: sourceLocation)
    }

    @Test func classesUpdateAsTheGeneralPathDoes() {
        var inputs = FeatureInputs(state: 6)
        for _ in 0..<400 {
            let text = inputs.featureObject()
            checkUpdate(UpdateBase.init, text)
            checkUpdate(UpdateLeaf.init, text)
            checkUpdate(UpdateFinal.init, text)
        }
    }
}

extension Result {
    /// The error's description, or `nil` for a success.
    var failureDescription: String? {
        if case .failure(let error) = self { return "\(error)" }
        return nil
    }
}

// MARK: Generic models

@JSONModel
struct FeaturePage<Item: JSONModel & Equatable>: Equatable {
    var items: [Item]
    @JSONKey("meta.count") var count: Int
    var next: String? = nil
}

extension MappingEquivalenceTests {
    /// A generic model computes its key sets, a new instance per use: errors still name the
    /// value that failed, not a missing key.
    @Test func genericModelsReportTheValueThatFailed() {
        #expect(
            thrownDescription { _ = try JSONModelDecoder().decode(FeaturePage<EnumText>.self, from: #"{"items": "x", "meta": {"count": 1}}"#) }
                == #"items: expected array, found string "x" (line 1, column 11)"#)
        var inputs = FeatureInputs(state: 7)
        for _ in 0..<200 {
            let items = inputs.pick(["[]", "[{\"body\": \"b\"}]", "[{\"body\": 1}]", "\"x\"", "null"])
            let text = inputs.object([("items", items), ("meta", inputs.meta()), ("next", inputs.pick(FeatureInputs.strings))])
            check(FeaturePage<EnumText>.self, text)
        }
    }

    func thrownDescription(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return "\(error)"
        }
    }
}
