import Foundation
import PropertyBased
import Testing

@testable import Loom

// Key styles: the spelling rules live in one source file (Sources/Loom/Support/KeySpelling.swift)
// that the macro plugin and the command-line tool compile too; these tests cover the rules
// once, and check that what the macro converts at compile time is what the runtime converts.

@JSONModel(keyStrategy: .kebabCase)
struct KebabNames: Equatable {
    var userID: Int = 0
    var htmlURL: Int = 0
    var URLValue: Int = 0
    var base64Data: Int = 0
    var iOSVersion: Int = 0
    var x: Int = 0
    var ÄrgerNis: Int = 0
}

@JSONModel(keyStrategy: .screamingSnakeCase)
struct ScreamingNames: Equatable {
    var userID: Int = 0
    var htmlURL: Int = 0
    var URLValue: Int = 0
    var base64Data: Int = 0
    var iOSVersion: Int = 0
    var x: Int = 0
    var ÄrgerNis: Int = 0
}

@JSONModel(keyStrategy: .pascalCase)
struct PascalNames: Equatable {
    var userID: Int = 0
    var htmlURL: Int = 0
    var URLValue: Int = 0
    var base64Data: Int = 0
    var iOSVersion: Int = 0
    var x: Int = 0
    var ÄrgerNis: Int = 0
}

/// A property styled on its own inside a model with another strategy.
@JSONModel(keyStrategy: .snakeCase)
struct MixedStyles: Equatable {
    var tagName: String
    @JSONKey(strategy: .kebabCase) var cacheControl: String
    @JSONKey(strategy: .useDefaultKeys) var eTag: String
    @JSONKey(strategy: .screamingSnakeCase) var apiVersion: Int
    @JSONKey(strategy: .pascalCase) var requestId: String?
}

/// Tags from case names in a style.
@JSONModel(keyStrategy: .screamingSnakeCase)
enum BuildState: Equatable {
    case inProgress
    case succeeded(Int)
    case failedToStart(String)
}

/// Default keys: a decoder or encoder strategy converts them at run time.
@JSONModel
struct Release: Equatable {
    var tagName: String
    var htmlURL: URL
    var isDraft: Bool
    var assetCount: Int?
}

/// The Models article's examples.
@JSONModel(keyStrategy: .pascalCase)
struct AWSInstance: Equatable {
    var instanceId: String
    var instanceType: String
}

@JSONModel(keyStrategy: .kebabCase)
struct JSONAPIArticleAttributes: Equatable {
    var title: String
    var createdAt: String
    @JSONKey(strategy: .snakeCase) var legacyId: Int
}

private let trickyNames = ["userID", "htmlURL", "URLValue", "base64Data", "iOSVersion", "x", "ÄrgerNis"]

@Suite("Key styles")
struct KeyStyleTests {
    private func keys(_ value: some JSONEncodable, _ encoder: JSONModelEncoder = .init()) throws -> [String] {
        guard case .object(let object) = try JSONValue(jsonData: encoder.encode(value)) else {
            Issue.record("not an object")
            return []
        }
        return object.keys
    }

    @Test func eachStyleSpellsTheTrickyNames() {
        #expect(trickyNames.map(JSONKeyStrategy.kebabCase.key(for:)) == [
            "user-id", "html-url", "url-value", "base64-data", "i-os-version", "x", "ärger-nis",
        ])
        #expect(trickyNames.map(JSONKeyStrategy.screamingSnakeCase.key(for:)) == [
            "USER_ID", "HTML_URL", "URL_VALUE", "BASE64_DATA", "I_OS_VERSION", "X", "ÄRGER_NIS",
        ])
        #expect(trickyNames.map(JSONKeyStrategy.pascalCase.key(for:)) == [
            "UserID", "HtmlURL", "URLValue", "Base64Data", "IOSVersion", "X", "ÄrgerNis",
        ])
        #expect(JSONKeyStrategy.snakeCase.key(for: "already_snake") == "already_snake")
        #expect(JSONKeyStrategy.kebabCase.key(for: "") == "")
        #expect(JSONKeyStrategy.pascalCase.key(for: "") == "")
    }

    @Test func theMacroAgreesWithTheRuntime() throws {
        #expect(try keys(KebabNames()) == trickyNames.map(JSONKeyStrategy.kebabCase.key(for:)))
        #expect(try keys(ScreamingNames()) == trickyNames.map(JSONKeyStrategy.screamingSnakeCase.key(for:)))
        #expect(try keys(PascalNames()) == trickyNames.map(JSONKeyStrategy.pascalCase.key(for:)))
        let kebab = try KebabNames(jsonData: Data(#"{"user-id": 7, "ärger-nis": 2}"#.utf8))
        #expect(kebab.userID == 7 && kebab.ÄrgerNis == 2)
    }

    @Test func aPropertyStyleWinsOverTheModelsAndTheDecoders() throws {
        let text = #"{"tag_name": "v1", "cache-control": "no-store", "eTag": "x", "API_VERSION": 3, "RequestId": "r"}"#
        let value = try MixedStyles(jsonData: Data(text.utf8))
        #expect(value == MixedStyles(tagName: "v1", cacheControl: "no-store", eTag: "x", apiVersion: 3, requestId: "r"))
        #expect(try keys(value) == ["tag_name", "cache-control", "eTag", "API_VERSION", "RequestId"])
        // The keys are explicit: a decoder strategy converts none of them again.
        var decoder = JSONModelDecoder()
        decoder.keyStrategy = .kebabCase
        #expect(try decoder.decode(MixedStyles.self, from: Data(text.utf8)) == value)
        expectSameOutcome(MixedStyles.self, text, decoder)
    }

    @Test func theArticlesExamples() throws {
        let instance = try AWSInstance(jsonData: Data(#"{"InstanceId": "i-0abc", "InstanceType": "t3.micro", "State": {}}"#.utf8))
        #expect(instance == AWSInstance(instanceId: "i-0abc", instanceType: "t3.micro"))
        let text = #"{"title": "JSON:API", "created-at": "2015-05-29", "legacy_id": 7}"#
        let attributes = try JSONAPIArticleAttributes(jsonData: Data(text.utf8))
        #expect(attributes == JSONAPIArticleAttributes(title: "JSON:API", createdAt: "2015-05-29", legacyId: 7))
        #expect(try keys(attributes) == ["title", "created-at", "legacy_id"])
    }

    @Test func enumTagsTakeTheStyle() throws {
        for (value, json) in [
            (BuildState.inProgress, #""IN_PROGRESS""#), (.succeeded(3), #"{"SUCCEEDED":3}"#),
            (.failedToStart("disk"), #"{"FAILED_TO_START":"disk"}"#),
        ] {
            #expect(try String(decoding: value.jsonData(), as: UTF8.self) == json)
            #expect(try BuildState(jsonData: Data(json.utf8)) == value)
        }
        #expect(throws: JSONDecodingError.self) { try BuildState(jsonData: Data(#""inProgress""#.utf8)) }
    }

    @Test func decoderAndEncoderStrategiesConvertDefaultKeys() throws {
        let release = Release(
            tagName: "v2", htmlURL: try #require(URL(string: "https://example.com/r")), isDraft: false, assetCount: 2)
        let values = [#""v2""#, #""https://example.com/r""#, "false", "2"]
        let expected: [(JSONKeyStrategy, [String])] = [
            (.kebabCase, ["tag-name", "html-url", "is-draft", "asset-count"]),
            (.screamingSnakeCase, ["TAG_NAME", "HTML_URL", "IS_DRAFT", "ASSET_COUNT"]),
            (.pascalCase, ["TagName", "HtmlURL", "IsDraft", "AssetCount"]),
        ]
        for (strategy, names) in expected {
            var encoder = JSONModelEncoder()
            encoder.keyStrategy = strategy
            #expect(try keys(release, encoder) == names)
            var decoder = JSONModelDecoder()
            decoder.keyStrategy = strategy
            let bytes = try encoder.encodeBytes(release)
            #expect(try decoder.decode(Release.self, from: bytes) == release)
            // The direct reader and the general path agree, keys in order or not.
            expectSameOutcome(Release.self, String(decoding: bytes, as: UTF8.self), decoder)
            let reversed = "{" + zip(names, values).reversed().map { "\"\($0)\": \($1)" }.joined(separator: ", ") + "}"
            expectSameOutcome(Release.self, reversed, decoder)
            // A key in another style is unknown to the model: the required ones are missing.
            let error = try #require(throws: JSONDecodingError.self) {
                try decoder.decode(Release.self, from: Data(#"{"tagName": "v2"}"#.utf8))
            }
            #expect(error.kind == .missingKey)
        }
    }

    // MARK: The shared rules, over generated names

    private static let identifier = Gen<Character?>.element(of: Array("abzXYZ19éÄ") as [Character])
        .map { $0 ?? "a" }.string(of: 0...12)

    @Test func stylesShareTheirWords() async {
        await propertyCheck(count: 300, input: Self.identifier) { name in
            let snake = JSONKeyStrategy.snakeCase.key(for: name)
            #expect(JSONKeyStrategy.kebabCase.key(for: name) == snake.replacingOccurrences(of: "_", with: "-"))
            #expect(JSONKeyStrategy.screamingSnakeCase.key(for: name) == snake.uppercased())
            #expect(JSONKeyStrategy.pascalCase.key(for: name).lowercased() == name.lowercased())
            // Converting once is final: snake_case of snake_case changes nothing.
            #expect(JSONKeyStrategy.snakeCase.key(for: snake) == snake)
        }
    }

    private static let component = Gen<Character?>.element(of: Array("a.\\é\u{301}x") as [Character])
        .map { $0 ?? "a" }.string(of: 0...6)

    @Test func keyPathsSplitBackIntoTheirComponents() async {
        await propertyCheck(count: 300, input: Self.component.array(of: 1...4)) { components in
            let path = KeySpelling.path(components)
            #expect(JSONKeyPath.components(path) == components, "\(path)")
        }
        #expect(JSONKeyPath.components("a.b\\.c") == ["a", "b.c"])
        // A combining mark after a dot does not hide the dot.
        #expect(JSONKeyPath.components("a.\u{301}b") == ["a", "\u{301}b"])
    }

    @Test func literalsEscapeWhatASourceFileCannotShow() {
        #expect(KeySpelling.literal("a\"b\\c") == #""a\"b\\c""#)
        #expect(KeySpelling.literal("tab\tnew\nnul\0") == #""tab\tnew\nnul\0""#)
        #expect(KeySpelling.literal("zero\u{200B}width\u{7F}") == #""zero\u{200b}width\u{7f}""#)
        #expect(KeySpelling.literal("é 🎉") == "\"é 🎉\"")
    }

    /// The plugin and the command-line tool compile the runtime's file through symbolic links,
    /// so there is one definition to test.
    @Test func thePluginAndTheToolCompileTheSameFile() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Sources").standardizedFileURL
        let original = sources.appendingPathComponent("Loom/Support/KeySpelling.swift").resolvingSymlinksInPath()
        for module in ["LoomMacros", "LoomCLIKit"] {
            let copy = sources.appendingPathComponent("\(module)/KeySpelling.swift")
            #expect(copy.resolvingSymlinksInPath() == original, "\(module)")
        }
    }
}
