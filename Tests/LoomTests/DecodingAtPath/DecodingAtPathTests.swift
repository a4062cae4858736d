import Foundation
import PropertyBased
import Testing

@testable import Loom

/// A GitHub search response: `GET /search/issues`.
let githubSearch = """
    {
      "total_count": 2,
      "incomplete_results": false,
      "items": [
        {"login": "octocat", "id": 1, "site_admin": false},
        {"login": "hubot", "id": 2, "site_admin": true}
      ]
    }
    """

/// A Stripe list object: `GET /v1/customers`.
let stripeList = """
    {
      "object": "list",
      "url": "/v1/customers",
      "has_more": false,
      "data": [
        {"login": "cus_NffrFeUfNV2Hib", "id": 1680893993},
        {"login": "cus_NffrFeUfNV2Hic", "id": "1680893994"}
      ]
    }
    """

@JSONModel
struct PathEnvelope: Equatable {
    var data: PathPage
}

@JSONModel
struct PathPage: Equatable {
    var items: [Owner]
}

/// The decode at a path through a document of the whole input: what the located decode must
/// agree with, value or error.
func throughDocument<T: JSONDecodable>(
    _ type: T.Type, _ bytes: [UInt8], at path: String, _ decoder: JSONModelDecoder = .init()
) -> Result<T, JSONDecodingError> {
    do {
        let steps = try JSONPathComponent.steps(ofPath: path)
        return .success(try bytes.withUnsafeBufferPointer { try decoder.decodeThroughDocument(T.self, in: $0, steps: steps) })
    } catch let error as JSONDecodingError {
        return .failure(error)
    } catch {
        return .failure(JSONDecodingError(.invalidValue, reason: "unexpected error \(error)"))
    }
}

/// The UTF-8 offset of the first `needle` in `text`.
func utf8Offset(of needle: String, in text: String) -> Int? {
    text.range(of: needle).map { text.utf8.distance(from: text.startIndex, to: $0.lowerBound) }
}

func atPath<T: JSONDecodable>(_ type: T.Type, _ bytes: [UInt8], at path: String, _ decoder: JSONModelDecoder = .init())
    -> Result<T, JSONDecodingError>
{
    do {
        return .success(try decoder.decode(T.self, from: bytes, at: path))
    } catch let error as JSONDecodingError {
        return .failure(error)
    } catch {
        return .failure(JSONDecodingError(.invalidValue, reason: "unexpected error \(error)"))
    }
}

/// The error a decode at `path` of `text` throws, described.
func pathError<T: JSONDecodable>(
    _ type: T.Type, _ text: String, at path: String, _ decoder: JSONModelDecoder = .init(),
    sourceLocation: SourceLocation = #_sourceLocation
) -> JSONDecodingError? {
    switch atPath(T.self, Array(text.utf8), at: path, decoder) {
    case .success(let value):
        Issue.record("decoded \(value) where an error was expected", sourceLocation: sourceLocation)
        return nil
    case .failure(let error):
        return error
    }
}

@Suite("Decoding at a path")
struct DecodingAtPathTests {
    // MARK: Paths

    @Test(arguments: [
        ("data.items", [JSONPathComponent.key("data"), .key("items")]),
        ("items[3].id", [.key("items"), .index(3), .key("id")]),
        ("[0]", [.index(0)]),
        ("[0][12].x", [.index(0), .index(12), .key("x")]),
        (#"a\.b.c"#, [.key("a.b"), .key("c")]),
        (#"a\[0]"#, [.key("a[0]")]),
        (#"back\\slash"#, [.key(#"back\slash"#)]),
        ("a..b", [.key("a"), .key(""), .key("b")]),
        ("a]", [.key("a]")]),
        ("", []),
    ])
    func pathsSplitIntoSteps(path: String, steps: [JSONPathComponent]) throws {
        #expect(try JSONPathComponent.steps(ofPath: path) == steps)
    }

    @Test(arguments: [
        ("items[", #"invalid path "items[": '[' without ']'"#),
        ("items[x]", #"invalid path "items[x]": expected an index of digits between '[' and ']', found "x""#),
        ("items[-1]", #"invalid path "items[-1]": expected an index of digits between '[' and ']', found "-1""#),
        ("items[]", #"invalid path "items[]": expected an index of digits between '[' and ']', found """#),
        ("items[1]x", #"invalid path "items[1]x": expected '.' or '[' after ']', found 'x'"#),
        ("items[99999999999999999999]", #"invalid path "items[99999999999999999999]": expected an index of digits between '[' and ']', found "99999999999999999999""#),
    ])
    func malformedPathsAreErrors(path: String, message: String) throws {
        let error = try #require(pathError(Owner.self, githubSearch, at: path))
        #expect(error.kind == .invalidValue)
        #expect(error.description == message)
    }

    // MARK: Real envelopes

    @Test func decodesTheItemsOfAGitHubSearch() throws {
        let owners = try [Owner](jsonData: Data(githubSearch.utf8), at: "items")
        #expect(owners == [Owner(login: "octocat", id: 1), Owner(login: "hubot", id: 2)])
        #expect(try Owner(jsonData: Array(githubSearch.utf8), at: "items[1]") == Owner(login: "hubot", id: 2))
        #expect(try Int(jsonString: githubSearch, at: "total_count") == 2)
        #expect(try [String: JSONValue](jsonString: githubSearch, at: "items[0]")["site_admin"] == false)
        #expect(try JSONModelDecoder().decode(Bool.self, from: githubSearch, at: "items[1].site_admin"))
    }

    @Test func errorsCarryThePathFromTheRootAndPositionsInTheWholeInput() throws {
        let error = try #require(pathError([Owner].self, stripeList, at: "data"))
        #expect(error.description == #"data[1].id: expected Int, found string "1680893994"; @JSONLenient converts it (line 7, column 43)"#)
        #expect(error.byteOffset == utf8Offset(of: #""1680893994""#, in: stripeList))
    }

    @Test func errorsAreThoseOfTheWholeModel() throws {
        let text = """
            {"meta": {"page": 1, "skipped": [1, 2, {"deep": [true]}]},
             "data": {"cursor": "x",
                      "items": [{"login": "a", "id": 1}, {"login": "b", "id": 2}, {"login": "c", "id": 3},
                                {"login": "d", "id": "abc"}]}}
            """
        let error = try #require(pathError([Owner].self, text, at: "data.items"))
        #expect(error.description == #"data.items[3].id: expected Int, found string "abc" (line 4, column 42)"#)
        // The same decode of a model with the envelope's shape says the same.
        #expect(throws: Never.self) {
            do {
                _ = try PathEnvelope(jsonString: text)
            } catch let whole as JSONDecodingError {
                #expect(whole.description == error.description)
                #expect(whole.byteOffset == error.byteOffset)
            }
        }
        // Collected errors are relocated one by one.
        var collecting = JSONModelDecoder()
        collecting.collectsAllErrors = true
        let many = try #require(pathError([Owner].self, text.replacingOccurrences(of: #""login": "b""#, with: #""login": 7"#), at: "data.items", collecting))
        #expect(many.kind == .multiple)
        #expect(many.errors.map(\.pathDescription) == ["data.items[1].login", "data.items[3].id"])
        #expect(many.errors.map(\.line) == [3, 4])
    }

    // MARK: Missing steps

    @Test(arguments: [
        ("data.itemz", #"data.itemz: missing key "itemz" (line 1, column 9)"#, JSONDecodingError.Kind.missingKey),
        ("dat.items", #"dat: missing key "dat" (line 1, column 1)"#, .missingKey),
        ("data.items.id", #"data.items: expected object with key "id", found array (line 1, column 18)"#, .typeMismatch),
        ("data.items[5]", "data.items[5]: index 5 is out of range, the array has 2 elements (line 1, column 18)", .missingKey),
        ("data.count[0]", "data.count: expected array with an element at index 0, found number 2 (line 1, column 70)", .typeMismatch),
        ("data.items[0].login.x", #"data.items[0].login: expected object with key "x", found string "a" (line 1, column 28)"#, .typeMismatch),
        ("[0]", "expected array with an element at index 0, found object (line 1, column 1)", .typeMismatch),
    ])
    func aMissingStepIsNamed(path: String, message: String, kind: JSONDecodingError.Kind) throws {
        let text = #"{"data":{"items":[{"login":"a","id":1},{"login":"b","id":2}],"count":2}}"#
        let error = try #require(pathError(Owner.self, text, at: path))
        #expect(error.description == message)
        #expect(error.kind == kind)
    }

    // MARK: Duplicate keys and options

    @Test func repeatedKeysOnThePathFollowTheDuplicateKeyPolicy() throws {
        let text = #"{"data": {"v": 1}, "other": [], "data": {"v": 2}}"#
        #expect(try Skipper(jsonString: text, at: "data") == Skipper(v: 2))
        var first = JSONModelDecoder()
        first.parsingOptions.duplicateKeys = .useFirst
        #expect(try Skipper(jsonString: text, at: "data", decoder: first) == Skipper(v: 1))
        var reject = JSONModelDecoder()
        reject.parsingOptions.duplicateKeys = .reject
        let error = try #require(pathError(Skipper.self, text, at: "data", reject))
        #expect(error.kind == .syntax)
        #expect(error.syntaxError?.kind == .duplicateKey)
        // Repeated inside the value, as a model decode does.
        #expect(try Skipper(jsonString: #"{"data": {"v": 1, "v": 3}}"#, at: "data") == Skipper(v: 3))
    }

    @Test func invalidJSONAnywhereIsASyntaxError() throws {
        for text in [
            #"{"data": {"v": 1}, "rest": [1, }"#, #"{"junk": tru, "data": {"v": 1}}"#, #"{"data": {"v": 1}} x"#,
            #"{"data": {"v": 1"#, "", #"{"data": {"v": 1}, "s": "\u12"}"#,
        ] {
            let error = try #require(pathError(Skipper.self, text, at: "data"))
            #expect(error.kind == .syntax, "\(text)")
            let parse = #expect(throws: JSONError.self) { try JSONDocument(parsing: text) }
            #expect(error.syntaxError == parse, "\(text)")
        }
    }

    @Test func relaxedParsingAndReportsWork() throws {
        var relaxed = JSONModelDecoder()
        relaxed.parsingOptions = .relaxed
        #expect(try Skipper(jsonString: "{/* meta */ \"data\": {\"v\": 4,},}", at: "data", decoder: relaxed) == Skipper(v: 4))
        var lenient = JSONModelDecoder()
        lenient.coercion = .lenient
        let notes = NoteBox()
        lenient.report = { report in notes.add(report.notes.map(\.description)) }
        #expect(try Skipper(jsonString: "{\"page\": 1,\n \"data\": {\"v\": \"5\"}}", at: "data", decoder: lenient) == Skipper(v: 5))
        #expect(notes.all == [#"data.v: converted string "5" to Int (line 2, column 16)"#])
    }

    @Test func depthCountsFromTheRoot() throws {
        var decoder = JSONModelDecoder()
        decoder.parsingOptions.maxDepth = 3
        #expect(try Skipper(jsonString: #"{"a": {"b": {"v": 1}}}"#, at: "a.b", decoder: decoder) == Skipper(v: 1))
        let error = try #require(pathError(Skipper.self, #"{"a": {"b": {"c": {"v": 1}}}}"#, at: "a.b.c", decoder))
        #expect(error.syntaxError?.kind == .depthLimitExceeded)
        // Skipped values nested deeper than the reader passes over go through the document.
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(try Skipper(jsonString: #"{"deep": \#(deep), "data": {"v": 7}}"#, at: "data") == Skipper(v: 7))
    }

    // MARK: No document of the envelope

    /// Megabytes of members around a small value: the located decode takes it (no document
    /// of the whole input is parsed), in about the time the skipped bytes take to scan.
    @Test func aHugeEnvelopeIsScannedNotParsed() throws {
        var text = #"{"padding": ["#
        let row = #"{"a": [1, 2.5, true, null, "some text \u00e9"], "b": {"c": -12e3}},"#
        text += String(repeating: row, count: 200_000)
        text += #"{}], "data": {"items": [{"login": "x", "id": 9}]}, "tail": ["#
        text += String(repeating: row, count: 50_000)
        text += "{}]}"
        let bytes = Array(text.utf8)
        #expect(bytes.count > 15_000_000)
        let steps = try JSONPathComponent.steps(ofPath: "data.items")
        let decoder = JSONModelDecoder()
        let clock = ContinuousClock()
        var located: [Owner]?
        let scan = try clock.measure {
            located = try bytes.withUnsafeBufferPointer { try decoder.decodeLocated([Owner].self, in: $0, steps: steps) }
        }
        #expect(located == [Owner(login: "x", id: 9)])
        let parse = try clock.measure { _ = try JSONDocument(parsing: bytes) }
        print("decode at a path over \(bytes.count) bytes: \(scan); parsing them into a document: \(parse)")
        // A type mismatch in the value is decoded from a document of the value alone.
        let brokenText = text.replacingOccurrences(of: #""id": 9"#, with: #""id": "9""#)
        let error = try #require(pathError([Owner].self, brokenText, at: "data.items"))
        #expect(error.pathDescription == "data.items[0].id")
        #expect(error.line == 1)
        #expect(error.byteOffset == utf8Offset(of: #""9""#, in: brokenText))
    }

    // MARK: Generated envelopes

    /// Random envelopes around an `Owner` (or something that is not one), with keys that need
    /// escaping in the path, in every layout: the located decode agrees with the decode through
    /// a document of the whole input, value or error, and finds the value that was put there.
    @Test func generatedEnvelopesAgreeWithTheDocumentPath() async {
        await propertyCheck(count: 400, input: EnvelopeGen.envelope) { envelope in
            let bytes = envelope.bytes
            let fast = atPath(Owner.self, bytes, at: envelope.path)
            let slow = throughDocument(Owner.self, bytes, at: envelope.path)
            switch (fast, slow) {
            case (.success(let a), .success(let b)):
                #expect(a == b)
                // A corrupted byte may leave valid JSON with another value.
                if !envelope.corrupted { #expect(a == envelope.owner, "\(envelope.path)") }
            case (.failure(let a), .failure(let b)):
                #expect(a.description == b.description, "\(envelope.path)")
                #expect(a.kind == b.kind)
                #expect(envelope.owner == nil || envelope.corrupted)
            default:
                Issue.record("\(fast) but through a document \(slow), at \(envelope.path)")
            }
        }
    }
}

final class NoteBox: @unchecked Sendable {
    private let lock = NSLock()
    private var notes: [String] = []
    func add(_ more: [String]) {
        lock.lock()
        notes += more
        lock.unlock()
    }
    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return notes
    }
}

struct GeneratedEnvelope: Sendable, CustomStringConvertible {
    var bytes: [UInt8]
    var path: String
    /// The owner at the path, or `nil` when something else is there.
    var owner: Owner?
    var corrupted: Bool
    var description: String { "\(path) in \(String(decoding: bytes, as: UTF8.self))" }
}

enum EnvelopeGen {
    typealias RNG = any SeededRandomNumberGenerator

    static let envelope = Generator<GeneratedEnvelope, Shrink.None<GeneratedEnvelope>> { rng in make(using: &rng) }

    static let awkwardKeys = ["data", "a.b", "x[0]", #"back\slash"#, "", "é", "\u{301}", ".\u{301}", "items", "\"q\"", "data"]

    static func escaped(_ key: String) -> String {
        var result = ""
        for scalar in key.unicodeScalars {
            if scalar == "." || scalar == "[" || scalar == "\\" { result.unicodeScalars.append("\\") }
            result.unicodeScalars.append(scalar)
        }
        return result
    }

    static func make(using rng: inout RNG) -> GeneratedEnvelope {
        let owner = Owner(login: JSONGen.makeString(using: &rng), id: Int.random(in: -1000...1000, using: &rng))
        var target: JSONValue = ["login": .string(owner.login), "id": .number(JSONNumber(Int64(owner.id)))]
        var expected: Owner? = owner
        switch Int.random(in: 0..<6, using: &rng) {
        case 0:
            target = JSONGen.makeValue(depth: 2, using: &rng)
            expected = nil
        case 1:
            target = ["login": .string(owner.login), "id": .string("\(owner.id)")]
            expected = nil
        default:
            break
        }
        var value = target
        var steps: [JSONPathComponent] = []
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            let noise = (0..<Int.random(in: 0...4, using: &rng)).map { _ in JSONGen.makeValue(depth: 2, using: &rng) }
            if Bool.random(using: &rng) {
                let index = Int.random(in: 0...noise.count, using: &rng)
                var elements = noise
                elements.insert(value, at: index)
                value = .array(JSONArray(elements))
                steps.insert(.index(index), at: 0)
            } else {
                var key = awkwardKeys.randomElement(using: &rng) ?? "data"
                if Bool.random(using: &rng) { key = JSONGen.makeString(using: &rng) }
                var object = JSONObject()
                for element in noise { object[JSONGen.makeString(using: &rng)] = element }
                object[key] = value
                value = .object(object)
                steps.insert(.key(key), at: 0)
            }
        }
        // A path cannot start with an empty key (`""` is the root, `[0]` the root's element):
        // such an envelope goes under one more key.
        if steps.first == .key("") {
            value = ["wrap": value]
            steps.insert(.key("wrap"), at: 0)
        }
        var path = ""
        for (position, step) in steps.enumerated() {
            switch step {
            case .key(let key): path += (position > 0 ? "." : "") + escaped(key)
            case .index(let index): path += "[\(index)]"
            }
        }
        var options = JSONWritingOptions()
        if Bool.random(using: &rng) { options = .pretty(indentWidth: Int.random(in: 1...4, using: &rng)) }
        options.escapeNonASCII = Bool.random(using: &rng)
        var bytes = (try? value.jsonBytes(options: options)) ?? []
        var corrupted = false
        if Int.random(in: 0..<5, using: &rng) == 0, !bytes.isEmpty {
            // A byte changed or the text cut short anywhere: both decodes must report the same.
            let index = Int.random(in: 0..<bytes.count, using: &rng)
            if Bool.random(using: &rng) {
                bytes[index] = [UInt8(ascii: "}"), UInt8(ascii: ","), UInt8(ascii: "\""), 0xFF, UInt8(ascii: "x")]
                    .randomElement(using: &rng) ?? 0
            } else {
                bytes.removeSubrange(index...)
            }
            corrupted = true
        }
        return GeneratedEnvelope(bytes: bytes, path: path, owner: expected, corrupted: corrupted)
    }
}
