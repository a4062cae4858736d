import Foundation
import PropertyBased
import Testing

@testable import Loom

// The direct path (`_JSONReader`, the Models article, "The direct path") against the general one.
// `directly` runs the reader alone and is `nil` where it falls back; `generally` decodes from
// a parsed document, which never takes the direct path. The public entry points take the
// first and, on a fallback, the second, so every decode must come out as `generally` says.

/// The direct path alone: the value, or `nil` where it falls back.
func directly<T: JSONDecodable>(_ type: T.Type, _ bytes: [UInt8], _ decoder: JSONModelDecoder = .init()) -> T? {
    bytes.withUnsafeBufferPointer { _JSONReader.decode(T.self, from: $0, context: JSONDecodingContext(decoder: decoder)) }
}

func directly<T: JSONDecodable>(_ type: T.Type, _ text: String, _ decoder: JSONModelDecoder = .init()) -> T? {
    directly(T.self, Array(text.utf8), decoder)
}

/// The general path alone: decoding from a parsed document.
func generally<T: JSONDecodable>(_ type: T.Type, _ bytes: [UInt8], _ decoder: JSONModelDecoder = .init()) -> Result<
    T, JSONDecodingError
> {
    do {
        let document = try JSONDocument(parsing: bytes, options: decoder.parsingOptions)
        return .success(try decoder.decode(T.self, from: document))
    } catch let error as JSONError {
        return .failure(JSONDecodingError(syntax: error))
    } catch let error as JSONDecodingError {
        return .failure(error)
    } catch {
        Issue.record("unexpected error type: \(error)")
        return .failure(JSONDecodingError(.invalidValue, reason: "\(error)"))
    }
}

/// Expects the public decode of `text` to come out as the general path says, value or error.
func expectSameOutcome<T: JSONDecodable & Equatable>(
    _ type: T.Type, _ text: String, _ decoder: JSONModelDecoder = .init(),
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let bytes = Array(text.utf8)
    let expected = generally(T.self, bytes, decoder)
    do {
        let value = try decoder.decode(T.self, from: bytes)
        #expect(try expected.get() == value, sourceLocation: sourceLocation)
    } catch let error as JSONDecodingError {
        guard case .failure(let generalError) = expected else {
            Issue.record("the decode failed (\(error)) where the general path gives a value", sourceLocation: sourceLocation)
            return
        }
        #expect(error.description == generalError.description, sourceLocation: sourceLocation)
        #expect(error.kind == generalError.kind, sourceLocation: sourceLocation)
    } catch {
        Issue.record("unexpected error type: \(error)", sourceLocation: sourceLocation)
    }
}

/// A model the direct path covers, with a property of every kind it reads, and the kinds it
/// reads through a document of the value (`Decimal`, `JSONValue`, a transformer).
@JSONModel
struct DirectModel: Equatable {
    enum Kind: String, CaseIterable { case alpha, beta, gamma }

    var int: Int
    var int8: Int8
    var uint64: UInt64
    var double: Double
    var float: Float
    var bool: Bool
    var text: String
    var kind: Kind
    var decimal: Decimal
    var uuid: UUID
    var created: Date
    var link: URL
    var numbers: [Int]
    var matrix: [[Double]]
    var tags: Set<String>
    var scores: [String: Int]
    var names: [Int: String]
    var sparse: [Int?]
    var note: String?
    var owner: Owner?
    var extra: JSONValue?
    @JSONTransform(.iso8601) var stamped: Date
    var count: Int = 0
    var label: String? = "none"
    let version: Int = 1
    @JSONIgnore var cache = 0
}

/// Generators for `DirectModel`, from `EverythingGen`'s where they exist.
enum DirectGen {
    static let link = Gen.int(in: 0...1_000_000).map { URL(string: "https://example.com/items/\($0)?q=a%20b") ?? URL(fileURLWithPath: "/") }
    // Not `.some(.null)`, which reads back as `nil`, nor a `nil` label, which is left out and
    // reads back as the default: values that survive encoding.
    static let extra = Gen<JSONValue?>.element(of: [JSONValue.number(1), .string("x\u{1F600}"), .array([.bool(true), .null])])
        .optional.map { $0.flatMap { $0 } }
    static let label = EverythingGen.text.map { Optional($0) }
    static let scalars = zip(
        Gen.int(), Gen.int8(), Gen.uint64(), EverythingGen.double, Gen.float(in: -1e30...1e30), Gen.bool,
        EverythingGen.text, Gen<DirectModel.Kind>.case)
    static let collections = zip(
        EverythingGen.decimal, EverythingGen.uuid, EverythingGen.date, link, Gen.int().array(of: 0...80),
        EverythingGen.double.array(of: 0...3).array(of: 0...3), EverythingGen.text.set(ofAtMost: 0...4),
        zip(EverythingGen.text, Gen.int()).dictionary(ofAtMost: 0...4))
    static let rest = zip(
        zip(Gen.int(), EverythingGen.text).dictionary(ofAtMost: 0...3), Gen.int().optional.array(of: 0...5),
        EverythingGen.text.optional, EverythingGen.owner.optional, extra, EverythingGen.date, Gen.int(), label)

    static func make(
        _ a: (Int, Int8, UInt64, Double, Float, Bool, String, DirectModel.Kind),
        _ b: (Decimal, UUID, Date, URL, [Int], [[Double]], Set<String>, [String: Int]),
        _ c: ([Int: String], [Int?], String?, Owner?, JSONValue?, Date, Int, String?)
    ) -> DirectModel {
        DirectModel(
            int: a.0, int8: a.1, uint64: a.2, double: a.3, float: a.4, bool: a.5, text: a.6, kind: a.7, decimal: b.0,
            uuid: b.1, created: b.2, link: b.3, numbers: b.4, matrix: b.5, tags: b.6, scores: b.7, names: c.0,
            sparse: c.1, note: c.2, owner: c.3, extra: c.4, stamped: c.5, count: c.6, label: c.7)
    }
}

/// A small model for the fallback cases.
@JSONModel
struct Member: Equatable {
    var name: String
    var age: Int
    var nickname: String?
    var score: Double = 1.5
    var motto: String? = "carpe diem"
    var tags: [String] = []
}

/// Reads one key; everything else in its object is validated and skipped.
@JSONModel
struct Skipper: Equatable {
    var v: Int
}

/// Properties named like the generated code's own locals and parameters.
@JSONModel
struct LocalNames: Equatable {
    var slots: Int
    var reader: String
    var context: [Int]
    var hint: Bool?
    var keys: Int = 4
}

/// Keys of lengths that share a bit of the key set's length filter (63 bytes and longer).
@JSONModel
struct LongKeys: Equatable {
    @JSONKey("k234567890123456789012345678901234567890123456789012345678901234") var long63: Int
    @JSONKey("m2345678901234567890123456789012345678901234567890123456789012345678901") var long71: Int
    var a: Int
}

/// A recursive model: nesting follows the input.
@JSONModel
struct Branch: Equatable {
    var children: [Branch]
}

@Suite("Direct path: the same models as the general decoder")
struct DirectPathTests {
    // MARK: Reading what the general path reads

    @Test func readsGeneratedModelsInEveryLayout() async {
        await propertyCheck(count: 200, input: DirectGen.scalars, DirectGen.collections, DirectGen.rest) { a, b, c in
            let value = DirectGen.make(a, b, c)
            var pretty = JSONModelEncoder(options: .pretty(indentWidth: 3))
            pretty.writesNulls = true
            var sorted = JSONModelEncoder()
            // Keys out of declaration order: every key takes the reader's search.
            sorted.writingOptions.sortedKeys = true
            sorted.writingOptions.escapeNonASCII = true
            for encoder in [JSONModelEncoder(), pretty, sorted] {
                let bytes = try encoder.encodeBytes(value)
                #expect(directly(DirectModel.self, bytes) == value)
                #expect(try generally(DirectModel.self, bytes).get() == value)
            }
            for strategy in [JSONKeyStrategy.snakeCase, .kebabCase, .screamingSnakeCase, .pascalCase] {
                var styled = JSONModelEncoder()
                styled.keyStrategy = strategy
                var decoder = JSONModelDecoder()
                decoder.keyStrategy = strategy
                let styledBytes = try styled.encodeBytes(value)
                #expect(directly(DirectModel.self, styledBytes, decoder) == value)
                #expect(try generally(DirectModel.self, styledBytes, decoder).get() == value)
            }
        }
    }

    @Test func takesTheDirectPathForPlainModels() throws {
        let repository = """
            {"name": "loom", "owner": {"login": "mona", "id": 1}, "grid": [[[1.5]]], "teams": {}, "topics": ["json"],
             "stars": {"1": "a"}, "byState": {"open": 2}, "sparse": [1, null]}
            """
        let value = try #require(directly(Repository.self, repository))
        #expect(value.owner.login == "mona")
        #expect(directly([Owner].self, #"[{"login": "a", "id": 1}, {"id": 2, "login": "b"}]"#)?.map(\.id) == [1, 2])
        #expect(directly([String: [Int?]].self, #"{"a": [1, null], "b": []}"#) == ["a": [1, nil], "b": []])
        // Types that read through a document of their value take no direct path at the top;
        // every model does, with key paths, fallback and collected keys, transformers and all.
        #expect(!JSONValue._readsDirectly)
        #expect(Everything._readsDirectly)
    }

    @Test func propertiesNamedLikeTheGeneratedLocals() {
        let text = #"{"slots": 1, "reader": "r", "context": [2], "hint": null}"#
        #expect(directly(LocalNames.self, text) == LocalNames(slots: 1, reader: "r", context: [2], hint: nil))
        expectSameOutcome(LocalNames.self, text)
    }

    @Test func arraysOfEveryLength() throws {
        // Up to 512 bytes of elements are collected on the stack (64 `Int`s or `Double`s,
        // 32 `String`s, 21 `Owner`s), longer arrays take them a bufferful at a time; up to four
        // are built as array literals: lengths around those boundaries, for small and large
        // elements.
        for count in [0, 1, 2, 3, 4, 5, 20, 21, 22, 31, 32, 33, 63, 64, 65, 127, 128, 129, 192, 193, 200, 1000] {
            let numbers = Array(0..<count)
            let texts = numbers.map { "value \($0) \(String(repeating: "é", count: $0 % 7))" }
            let owners = numbers.map { Owner(login: "user\($0)", id: $0) }
            let (numberBytes, textBytes, ownerBytes) = (
                try JSONModelEncoder().encodeBytes(numbers), try JSONModelEncoder().encodeBytes(texts),
                try JSONModelEncoder().encodeBytes(owners)
            )
            #expect(directly([Int].self, numberBytes) == numbers)
            // `[Double]` has a loop of its own, with the same boundaries.
            let doubles = numbers.map { Double($0) * 1.000_000_000_000_1 + 0.25 }
            #expect(directly([Double].self, try JSONModelEncoder().encodeBytes(doubles)) == doubles)
            #expect(directly([String].self, textBytes) == texts)
            #expect(directly([Owner].self, ownerBytes) == owners)
            // A failing element late in the array: the elements read so far are released.
            if count > 0 {
                var text = String(decoding: textBytes, as: UTF8.self)
                text.removeLast()
                text += #", 1]"#
                #expect(directly([String].self, text) == nil)
                // And one in the middle, after some bufferfuls have moved into the array.
                var middle = numbers.map(String.init)
                middle[count / 2] = #""x""#
                #expect(directly([Int].self, "[\(middle.joined(separator: ","))]") == nil)
                #expect(directly([Double].self, "[\(middle.joined(separator: ","))]") == nil)
                expectSameOutcome([Int].self, "[\(middle.joined(separator: ","))]")
                expectSameOutcome([Double].self, "[\(middle.joined(separator: ","))]")
            }
        }
    }

    @Test func arraysOfGeneratedLengthsRoundTrip() async {
        // Lengths across several bufferfuls, for elements that are trivial, reference-counted
        // and multi-word.
        let owner = Gen.int(in: 0...1_000_000).map { Owner(login: "user\($0)", id: $0) }
        await propertyCheck(count: 100, input: Gen.int64().array(of: 0...700), owner.array(of: 0...300)) { numbers, owners in
            let (numberBytes, ownerBytes, nestedBytes) = (
                try JSONModelEncoder().encodeBytes(numbers), try JSONModelEncoder().encodeBytes(owners),
                try JSONModelEncoder().encodeBytes([numbers, numbers])
            )
            #expect(directly([Int64].self, numberBytes) == numbers)
            #expect(directly([Owner].self, ownerBytes) == owners)
            #expect(directly([[Int64]].self, nestedBytes) == [numbers, numbers])
        }
    }

    @Test func whitespaceAroundColonsOfKeysOutOfOrder() {
        // Keys out of order and unknown keys are searched for; one space after the colon is
        // stepped over directly, any other spacing by the whitespace loop.
        for spacing in [":", ": ", " : ", ":  ", ": \n ", ":\t", " :\r\n\t "] {
            let text = #"{"extra"\#(spacing)[1, {"x"\#(spacing)2}], "age"\#(spacing)41, "name"\#(spacing)"Ada"}"#
            #expect(directly(Member.self, text) == Member(name: "Ada", age: 41, nickname: nil), "\(spacing.debugDescription)")
            expectSameOutcome(Member.self, text)
        }
        // A space, then the end of the input or a bad byte: an error, as in the general path.
        expectSameOutcome(Member.self, #"{"age": "#)
        expectSameOutcome(Member.self, #"{"age": ,"name": "Ada"}"#)
    }

    @Test func keysThatBeginOrExtendTheExpectedOne() {
        // The expected key is compared in place with its quotes: a key it begins, a key that
        // begins it, or one that differs only in its last byte is another key.
        for other in ["nam", "names", "name ", "namf", "", "n"] {
            let text = #"{"\#(other)": "x", "name": "Ada", "age": 41}"#
            #expect(directly(Member.self, text) == Member(name: "Ada", age: 41), "\(other)")
            expectSameOutcome(Member.self, text)
        }
        // The key at the very end of the input, with and without its colon.
        for text in [#"{"name""#, #"{"name":"#, #"{"name": "Ada", "age""#, #"{"name"#] {
            #expect(directly(Member.self, text) == nil, "\(text)")
            expectSameOutcome(Member.self, text)
        }
    }

    @Test func keysOfEveryLengthOutOfOrder() {
        let long63 = "k234567890123456789012345678901234567890123456789012345678901234"
        let long71 = "m2345678901234567890123456789012345678901234567890123456789012345678901"
        let unknown = [
            "", "b", "zz", String(repeating: "x", count: 63), String(repeating: "y", count: 64),
            String(repeating: "z", count: 71), String(repeating: "w", count: 200), "k23456789012345678901234567890123456789012345678901234567890123X",
        ]
        // Unknown keys of the known keys' lengths and of others, the empty key among them,
        // then the known keys out of order (searched for).
        for order in [[long71, "a", long63], [long63, "a", long71]] {
            var members = unknown.map { #""\#($0)": [1, "two"]"# }
            members += order.enumerated().map { #""\#($1)": \#($0 + 1)"# }
            let text = "{" + members.joined(separator: ", ") + "}"
            let values = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0 + 1) })
            let expected = LongKeys(long63: values[long63] ?? 0, long71: values[long71] ?? 0, a: values["a"] ?? 0)
            #expect(directly(LongKeys.self, text) == expected)
            expectSameOutcome(LongKeys.self, text)
        }
    }

    // MARK: Falling back

    @Test func fallsBackWhereTheGeneralPathDecides() {
        let plain = JSONModelDecoder()
        var nullAsMissing = JSONModelDecoder()
        nullAsMissing.nullAsMissing = true
        var lenient = JSONModelDecoder()
        lenient.coercion = .lenient
        var rejecting = JSONModelDecoder()
        rejecting.unknownKeys = .reject
        var collecting = JSONModelDecoder()
        collecting.collectsAllErrors = true
        var first = JSONModelDecoder()
        first.parsingOptions.duplicateKeys = .useFirst
        var rejectDuplicates = JSONModelDecoder()
        rejectDuplicates.parsingOptions.duplicateKeys = .reject
        var shallow = JSONModelDecoder()
        shallow.parsingOptions.maxDepth = 3
        var shortStrings = JSONModelDecoder()
        shortStrings.parsingOptions.maxStringLength = 3
        var shortNumbers = JSONModelDecoder()
        shortNumbers.parsingOptions.maxNumberLength = 5
        var relaxed = JSONModelDecoder()
        relaxed.parsingOptions = .relaxed
        var counted = JSONModelDecoder()
        counted.parsingOptions.maxContainerCount = 100
        var reporting = JSONModelDecoder()
        reporting.report = { _ in }

        let cases: [(String, String, JSONModelDecoder)] = [
            ("a missing required key", #"{"name": "a"}"#, plain),
            ("a type mismatch", #"{"name": 1, "age": 3}"#, plain),
            ("null for a required property", #"{"name": null, "age": 3}"#, plain),
            ("null for a defaulted property", #"{"name": "a", "age": 3, "score": null}"#, plain),
            ("null for a defaulted property, null as missing", #"{"name": "a", "age": 3, "score": null}"#, nullAsMissing),
            ("null for an optional with a default, null as missing", #"{"name": "a", "age": 3, "motto": null}"#, nullAsMissing),
            ("a repeated key", #"{"name": "a", "name": "b", "age": 3}"#, plain),
            ("a repeated key, first wins", #"{"name": "a", "name": "b", "age": 3}"#, first),
            ("a repeated key, rejected", #"{"name": "a", "name": "b", "age": 3}"#, rejectDuplicates),
            ("an unknown key, rejected", #"{"name": "a", "age": 3, "x": 1}"#, rejecting),
            ("a string for an Int, lenient", #"{"name": "a", "age": "3"}"#, lenient),
            ("a fraction for an Int", #"{"name": "a", "age": 1.5}"#, plain),
            ("an Int out of range", #"{"name": "a", "age": 1e30}"#, plain),
            ("two errors, collected", #"{"name": 1, "age": "x"}"#, collecting),
            ("invalid JSON in a skipped value", #"{"name": "a", "age": 3, "x": [1,]}"#, plain),
            ("a lone surrogate in a skipped value", #"{"name": "a", "age": 3, "x": "\ud800"}"#, plain),
            ("trailing data", #"{"name": "a", "age": 3} x"#, plain),
            ("a byte order mark", "\u{FEFF}{\"name\": \"a\", \"age\": 3}", plain),
            ("an unclosed object", #"{"name": "a", "age": 3"#, plain),
            ("nesting beyond the limit", #"{"name": "a", "age": 3, "x": [[[1]]]}"#, shallow),
            ("a string beyond the limit", #"{"name": "abcd", "age": 3}"#, shortStrings),
            ("a number beyond the limit", #"{"name": "a", "age": 123456}"#, shortNumbers),
            ("comments, relaxed", "{\"name\": \"a\", // note\n \"age\": 3}", relaxed),
            ("a trailing comma, relaxed", #"{"name": "a", "age": 3,}"#, relaxed),
            ("a container count limit", #"{"name": "a", "age": 3}"#, counted),
            ("a report", #"{"name": "a", "age": 3}"#, reporting),
            ("an array, not an object", #"[1]"#, plain),
            ("empty input", "", plain),
        ]
        for (name, text, decoder) in cases {
            #expect(directly(Member.self, text, decoder) == nil, "\(name)")
            expectSameOutcome(Member.self, text, decoder)
        }
    }

    @Test func readsWhatNeedsNoFallback() {
        var nullAsMissing = JSONModelDecoder()
        nullAsMissing.nullAsMissing = true
        let cases: [(String, Member, JSONModelDecoder)] = [
            (#"{"name": "a", "age": 3}"#, Member(name: "a", age: 3), .init()),
            (" \n\t{\"age\":3,\"name\":\"a\"}\r\n ", Member(name: "a", age: 3), .init()),
            (#"{"name": "a", "age": 1e2, "x": {"y": [true, null, "\u00e9"]}}"#, Member(name: "a", age: 100), .init()),
            (#"{"n\u0061me": "a", "age": 3.0}"#, Member(name: "a", age: 3), .init()),
            (#"{"name": "a", "age": 3, "nickname": null, "motto": null}"#, Member(name: "a", age: 3, motto: nil), .init()),
            (#"{"name": "a", "age": 3, "nickname": null}"#, Member(name: "a", age: 3), nullAsMissing),
            (#"{"name": "a", "age": 3, "score": 2, "tags": ["x"]}"#, Member(name: "a", age: 3, score: 2, tags: ["x"]), .init()),
        ]
        for (text, value, decoder) in cases {
            #expect(directly(Member.self, text, decoder) == value, "\(text)")
            expectSameOutcome(Member.self, text, decoder)
        }
    }

    @Test func readsValuesWithoutADirectFormThroughDocuments() throws {
        // Scalars share one document of one node over the input; arrays and objects get their
        // own. Transformer errors fall back, and the general path reports them in place.
        let template = try JSONModelEncoder().encodeBytes(
            DirectGen.make(
                (1, 2, 3, 4.5, 0.25, true, "t", .beta),
                (12.5, UUID(uuid: (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)), Date(timeIntervalSince1970: 0),
                    URL(fileURLWithPath: "/tmp"), [1], [[2]], ["x"], ["a": 1]),
                ([1: "one"], [nil], "note", nil, nil, Date(timeIntervalSince1970: 86_400), 3, "label")))
        let text = String(decoding: template, as: UTF8.self)
        for extra in [#""text""#, "12.5e-1", "-7", "true", "null", #"{"a": [1, {"b": null}]}"#, "[]"] {
            let changed = text.replacingOccurrences(of: #""stamped""#, with: #""extra": \#(extra), "stamped""#)
            let value = try #require(directly(DirectModel.self, changed), "\(extra)")
            #expect(value.extra == (extra == "null" ? JSONValue?.none : try JSONValue(parsing: extra)))
            #expect(value.decimal == 12.5)
            #expect(value.names == [1: "one"])
        }
        let badDate = text.replacingOccurrences(of: "1970-01-02T00:00:00Z", with: "1970-13-02T00:00:00Z")
        #expect(directly(DirectModel.self, badDate) == nil)
        expectSameOutcome(DirectModel.self, badDate)
        let error = try #require(throws: JSONDecodingError.self) { try DirectModel(jsonString: badDate) }
        #expect(error.path.map(\.description) == ["stamped"])
    }

    @Test func nestingFollowsTheDepthLimit() throws {
        func branch(_ depth: Int) -> String {
            String(repeating: #"{"children": ["#, count: depth) + String(repeating: "]}", count: depth)
        }
        // 200 objects and their arrays: 400 levels, within the default limit of 512.
        #expect(directly(Branch.self, branch(200)) != nil)
        expectSameOutcome(Branch.self, branch(200))
        #expect(directly(Branch.self, branch(300)) == nil)
        expectSameOutcome(Branch.self, branch(300))
        let error = try #require(throws: JSONDecodingError.self) { try Branch(jsonString: branch(300)) }
        #expect(error.syntaxError?.kind == .depthLimitExceeded)
    }

    @Test func emptyArraysFollowTheDepthLimit() {
        // `[]` is read without entering the element loop, and still counts as a level: the
        // innermost one of `branch(3)` is the sixth.
        let branch = String(repeating: #"{"children": ["#, count: 3) + String(repeating: "]}", count: 3)
        for (limit, fits) in [(5, false), (6, true)] {
            var decoder = JSONModelDecoder()
            decoder.parsingOptions.maxDepth = limit
            #expect((directly(Branch.self, branch, decoder) != nil) == fits, "limit \(limit)")
            expectSameOutcome(Branch.self, branch, decoder)
        }
        expectSameOutcome(Member.self, #"{"name": "a", "age": 3, "tags": []}"#)
        expectSameOutcome(Member.self, #"{"name": "a", "age": 3, "tags": [ ]}"#)
        expectSameOutcome(Member.self, #"{"name": "a", "age": 3, "tags": [}"#)
        expectSameOutcome(Member.self, #"{"name": "a", "age": 3, "tags": []]}"#)
        expectSameOutcome(Member.self, #"{"name": "a", "age": 3, "tags": ["#)
    }

    // MARK: Validating like the parser

    @Test(
        .enabled(
            if: SharedData.hasConformanceSuite,
            "JSONTestSuite not found at ../shared/conformance/JSONTestSuite/test_parsing; not checked"))
    func skipsOnlyWhatTheParserAccepts() throws {
        var checked = 0
        for name in SharedData.conformanceFiles("") {
            let content = try SharedData.conformanceBytes(name)
            let wrapped = Array(#"{"skip": "#.utf8) + content + Array(#", "v": 1}"#.utf8)
            let parses = (try? JSONDocument(parsing: wrapped)) != nil
            let read = directly(Skipper.self, wrapped)
            if read != nil {
                #expect(parses, "\(name): the reader accepted what the parser rejects")
                #expect(read == Skipper(v: 1), "\(name)")
            } else if parses {
                // The one fallback on valid input here: nesting beyond 64 levels inside a
                // skipped value.
                #expect(nesting(content) >= 64, "\(name): valid, yet the reader fell back")
            }
            for top in [#"["#, #"{"a": "#] where content.count < 10_000 {
                // The same bytes as a value the reader reads itself, not one it skips.
                let close = top == "[" ? "]" : "}"
                let value = Array(top.utf8) + content + Array(close.utf8)
                compareLeaves(value, name)
            }
            compareLeaves(content, name)
            checked += 1
        }
        #expect(checked > 300)
    }

    /// The deepest nesting of brackets outside strings.
    func nesting(_ bytes: [UInt8]) -> Int {
        var depth = 0
        var deepest = 0
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }

    /// Reads `bytes` directly as collections of leaves; what the reader reads, the general path
    /// reads alike, and what the general path rejects, the reader does not read.
    func compareLeaves(_ bytes: [UInt8], _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        func compare<T: JSONDecodable & Equatable>(_ type: T.Type) {
            let general = try? generally(T.self, bytes).get()
            if let read = directly(T.self, bytes) {
                #expect(general == read, "\(name) as \(T.self)", sourceLocation: sourceLocation)
            }
        }
        compare([String].self)
        compare([String: String].self)
        compare([[Int?]].self)
        compare([String: [Double]].self)
        compare([Bool].self)
        compare(String.self)
        compare(Double.self)
        compare(Int64.self)
    }

    // MARK: Leaves

    @Test func stringsRoundTripThroughTheReader() async {
        let long = EverythingGen.character.array(of: 0...70).map { String($0) }
        await propertyCheck(count: 300, input: long.array(of: 0...6), Gen.bool) { texts, escapeNonASCII in
            var encoder = JSONModelEncoder()
            encoder.writingOptions.escapeNonASCII = escapeNonASCII
            let bytes = try encoder.encodeBytes(texts)
            #expect(directly([String].self, bytes) == texts)
        }
    }

    @Test func stringsAtTheEndOfTheInput() {
        // Short inputs end before the reader's eight-byte steps can: every length up to 20.
        for length in 0...20 {
            let text = String(repeating: "a", count: length)
            #expect(directly(String.self, "\"\(text)\"") == text)
            #expect(directly(String.self, "\"\(text)") == nil)
            #expect(directly(String.self, "\"\(text)\\\"\"") == text + "\"")
        }
        #expect(directly(String.self, #""\" \\ \/ \b \f \n \r \t \u00e9 \ud83d\ude00""#) == "\" \\ / \u{8} \u{C} \n \r \t é 😀")
        #expect(directly(String.self, "\"tab\there\"") == nil)
        #expect(directly(String.self, "\"\u{7F}\u{80}\"") == "\u{7F}\u{80}")
        #expect(directly(String.self, [0x22, 0xC3, 0x28, 0x22]) == nil)
    }

    @Test func numbersRoundTripThroughTheReader() async {
        await propertyCheck(count: 300, input: Gen.int64().array(of: 0...8), Gen.uint64().array(of: 0...8)) { signed, unsigned in
            let signedBytes = try JSONModelEncoder().encodeBytes(signed)
            let unsignedBytes = try JSONModelEncoder().encodeBytes(unsigned)
            #expect(directly([Int64].self, signedBytes) == signed)
            #expect(directly([UInt64].self, unsignedBytes) == unsigned)
        }
        await propertyCheck(count: 300, input: EverythingGen.double.array(of: 0...8), Gen.float(in: -1e30...1e30).array(of: 0...8)) {
            doubles, floats in
            let doubleBytes = try JSONModelEncoder().encodeBytes(doubles)
            let floatBytes = try JSONModelEncoder().encodeBytes(floats)
            #expect(directly([Double].self, doubleBytes)?.map(\.bitPattern) == doubles.map(\.bitPattern))
            #expect(directly([Float].self, floatBytes)?.map(\.bitPattern) == floats.map(\.bitPattern))
        }
    }

    @Test func numberLexemesReadAsTheGeneralPathReadsThem() {
        let lexemes = [
            "0", "-0", "1", "-1", "1e2", "1E+2", "1.0", "1.5", "-1.5e-3", "0.1", "1e-400", "1e400", "123e-2",
            "127", "128", "-128", "-129", "255", "256", "9223372036854775807", "9223372036854775808",
            "-9223372036854775808", "-9223372036854775809", "18446744073709551615", "18446744073709551616",
            "123456789012345678901234567890", "0.000000000000000000000000000001", "4.9e-324", "1.7976931348623157e308",
            "01", "1.", ".5", "+1", "-", "1e", "NaN", "0x10",
        ]
        // Alone, second and third: `[Double]` reads the first two elements apart from the rest.
        for lexeme in lexemes {
            func compare<T: JSONDecodable & Equatable>(_ type: T.Type) {
                for text in ["[\(lexeme)]", "[2, \(lexeme)]", "[2, 3, \(lexeme), 4]"] {
                    let bytes = Array(text.utf8)
                    let general = try? generally([T].self, bytes).get()
                    #expect(directly([T].self, bytes) == general, "\(text) as \(T.self)")
                }
            }
            compare(Int.self)
            compare(Int8.self)
            compare(UInt8.self)
            compare(Int64.self)
            compare(UInt64.self)
            compare(Double.self)
            compare(Float.self)
        }
    }
}
