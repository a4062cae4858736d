import Foundation
import Loom
import Testing

// Hostile inputs (the Security article's tables) through the model APIs (`JSONModelDecoder`,
// `init(jsonString:)`, `JSONModelEncoder`): each input's verdict, error kind, path and position.
// The JSON-level inputs are in Tests/LoomTests/JSON/HostileInputTests.swift; deep documents and
// small stacks in StackSafetyTests; number conversions in NumberMatrixTests.

@JSONModel
struct HostileItem: Equatable, Sendable {
    var id: Int
}

@JSONModel
struct HostileList: Equatable, Sendable {
    var items: [HostileItem]
}

@JSONModel
struct HostileNeedsA: Equatable, Sendable {
    var a: Int
}

@JSONModel
struct HostileFlag: Equatable, Sendable {
    var a: Bool
}

@JSONModel
struct HostileText: Equatable, Sendable {
    var a: String
}

@JSONModel
struct HostileAccented: Equatable, Sendable {
    @JSONKey("\u{e9}") var nfc: Int?
}

@JSONModel
struct HostileLeaves: Equatable, Sendable {
    enum Color: String, CaseIterable, Sendable { case red, green }
    var color: Color?
    var link: URL?
    var blob: Data?
    @JSONTransform(.iso8601) var when: Date?
}

@JSONModel
struct HostileOutput: Equatable, Sendable {
    var x: Double?
    var s: String?
    var d: Decimal?
}

@Suite("Hostile inputs through the model APIs")
struct ModelHostileInputTests {
    /// Decodes `text` as `T` and returns the error (recording an issue if it decodes).
    static func failure<T: JSONDecodable>(
        _ type: T.Type, _ text: String, decoder: JSONModelDecoder = .init(), sourceLocation: SourceLocation = #_sourceLocation
    ) -> JSONDecodingError? {
        failure(type, Array(text.utf8), decoder: decoder, sourceLocation: sourceLocation)
    }

    static func failure<T: JSONDecodable>(
        _ type: T.Type, _ bytes: [UInt8], decoder: JSONModelDecoder = .init(), sourceLocation: SourceLocation = #_sourceLocation
    ) -> JSONDecodingError? {
        do {
            let value = try decoder.decode(T.self, from: bytes)
            Issue.record("expected an error, decoded \(value)", sourceLocation: sourceLocation)
            return nil
        } catch let error as JSONDecodingError {
            return error
        } catch {
            Issue.record("not a JSONDecodingError: \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }

    /// Expects a syntax error of `kind` at `offset`, with line and column and the parse error attached.
    static func expectSyntax<T: JSONDecodable>(
        _ type: T.Type, _ bytes: [UInt8], _ kind: JSONError.Kind, offset: Int, decoder: JSONModelDecoder = .init(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let error = failure(type, bytes, decoder: decoder, sourceLocation: sourceLocation) else { return }
        #expect(error.kind == .syntax, "\(error)", sourceLocation: sourceLocation)
        #expect(error.syntaxError?.kind == kind, "\(error)", sourceLocation: sourceLocation)
        #expect(error.byteOffset == offset, "\(error)", sourceLocation: sourceLocation)
        #expect(error.path.isEmpty, sourceLocation: sourceLocation)
        #expect(error.line != nil && error.column != nil, sourceLocation: sourceLocation)
        // The same verdict from the tree API.
        #expect((try? JSONValue(parsing: bytes, options: decoder.parsingOptions)) == nil, sourceLocation: sourceLocation)
    }

    static func expectSyntax<T: JSONDecodable>(
        _ type: T.Type, _ text: String, _ kind: JSONError.Kind, offset: Int, decoder: JSONModelDecoder = .init(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        expectSyntax(type, Array(text.utf8), kind, offset: offset, decoder: decoder, sourceLocation: sourceLocation)
    }

    // MARK: Rows 1, 2: deep nesting

    @Test("rows 1–2: deep nesting into a model is a depth error at the 513th container")
    func deepNesting() {
        for count in [100_000, 1_000_000] {
            Self.expectSyntax(HostileList.self, [UInt8](repeating: UInt8(ascii: "["), count: count), .depthLimitExceeded, offset: 512)
        }
        let error = Self.failure(HostileList.self, String(repeating: #"[{"":"#, count: 50_000))
        #expect(error?.syntaxError?.kind == .depthLimitExceeded)
        #expect(error?.byteOffset == 1_280)
        #expect(error?.description == "nesting deeper than the limit of 512 (line 1, column 1281)")
    }

    // MARK: Rows 12, 13, 16–21: invalid text anywhere, used or not

    @Test("row 12: a 1,000,000-digit number in an unused field exceeds the number limit")
    func longNumberInUnusedField() {
        let digits = String(repeating: "9", count: 1_000_000)
        for number in [digits, "1e" + digits, "0." + digits] {
            Self.expectSyntax(HostileNeedsA.self, #"{"a":1,"b":\#(number)}"#, .sizeLimitExceeded, offset: 11)
        }
    }

    @Test("row 13: malformed numbers in an unused field are syntax errors",
          arguments: ["NaN", "Infinity", "-Infinity", "+1", ".5", "01", "1.", "1e", "--1", "0x10", "1_000"])
    func malformedNumberInUnusedField(token: String) {
        let error = Self.failure(HostileNeedsA.self, #"{"a":1,"b":\#(token)}"#)
        #expect(error?.kind == .syntax)
        #expect([.invalidNumber, .unexpectedCharacter].contains(error?.syntaxError?.kind))
        #expect((11...13).contains(error?.byteOffset ?? -1), "\(String(describing: error))")
    }

    @Test("row 16: lone surrogates are rejected even unused; a valid pair decodes")
    func surrogates() throws {
        for escape in [#"\ud800"#, #"\udc00"#, #"\ud800\u0041"#, #"\ud800\ud800"#] {
            Self.expectSyntax(HostileNeedsA.self, #"{"a":1,"b":"\#(escape)"}"#, .loneSurrogate, offset: 12)
            Self.expectSyntax(HostileText.self, #"{"a":"\#(escape)"}"#, .loneSurrogate, offset: 6)
        }
        #expect(try HostileText(jsonString: #"{"a":"\ud83d\ude00"}"#).a == "\u{1F600}")
    }

    static let invalidSequences: [[UInt8]] = [[0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x80]]

    @Test("row 17: invalid UTF-8 in used and unused values and keys", arguments: invalidSequences)
    func invalidUTF8Anywhere(sequence: [UInt8]) {
        let unusedValue = Array(#"{"a":1,"b":""#.utf8) + sequence + Array(#""}"#.utf8)
        Self.expectSyntax(HostileNeedsA.self, unusedValue, .invalidUTF8, offset: 12)
        let usedValue = Array(#"{"a":""#.utf8) + sequence + Array(#""}"#.utf8)
        Self.expectSyntax(HostileText.self, usedValue, .invalidUTF8, offset: 6)
        let key = Array(#"{"a":1,""#.utf8) + sequence + Array(#"":2}"#.utf8)
        Self.expectSyntax(HostileNeedsA.self, key, .invalidUTF8, offset: 8)
    }

    @Test("row 18: garbage in an ignored field is rejected")
    func garbageInIgnoredField() {
        Self.expectSyntax(HostileNeedsA.self, #"{"a":1,"b":-}"#, .invalidNumber, offset: 12)
        // `tru` is cut short by the `]` at offset 15.
        Self.expectSyntax(HostileNeedsA.self, #"{"a":1,"b":[tru]}"#, .unexpectedCharacter, offset: 15)
    }

    @Test("row 19: trailing commas and comments only with relaxed parsing options")
    func leniency() throws {
        Self.expectSyntax(HostileNeedsA.self, #"{"a":1,}"#, .unexpectedCharacter, offset: 7)
        Self.expectSyntax([Int].self, "[1,]", .unexpectedCharacter, offset: 3)
        Self.expectSyntax([Int].self, "[1,,2]", .unexpectedCharacter, offset: 3)
        Self.expectSyntax(HostileNeedsA.self, #"/*c*/{"a":1}"#, .unexpectedCharacter, offset: 0)
        var relaxed = JSONModelDecoder()
        relaxed.parsingOptions = .relaxed
        #expect(try relaxed.decode(HostileNeedsA.self, from: #"/*c*/{"a":1,}"#) == HostileNeedsA(a: 1))
        #expect(try relaxed.decode([Int].self, from: "[1,]") == [1])
        Self.expectSyntax([Int].self, "[1,,2]", .unexpectedCharacter, offset: 3, decoder: relaxed)
    }

    @Test("row 20: empty input, trailing data, NUL, BOM and UTF-16/32 are rejected with an offset")
    func framing() {
        Self.expectSyntax(HostileNeedsA.self, "", .emptyInput, offset: 0)
        Self.expectSyntax(HostileNeedsA.self, "  \n", .emptyInput, offset: 3)
        Self.expectSyntax(HostileNeedsA.self, #"{"a":1}x"#, .trailingData, offset: 7)
        Self.expectSyntax(HostileNeedsA.self, #"{"a":1} {}"#, .trailingData, offset: 8)
        Self.expectSyntax([Int].self, [0x5B, 0x31, 0x5D, 0x00], .trailingData, offset: 3)
        Self.expectSyntax(HostileNeedsA.self, [0xEF, 0xBB, 0xBF] + Array(#"{"a":1}"#.utf8), .unexpectedCharacter, offset: 0)
        let utf16LE: [UInt8] = Array(#"{"a":1}"#.utf8).flatMap { byte -> [UInt8] in [byte, 0] }
        Self.expectSyntax(HostileNeedsA.self, utf16LE, .unexpectedCharacter, offset: 1)
        let utf32BE: [UInt8] = Array("[1]".utf8).flatMap { byte -> [UInt8] in [0, 0, 0, byte] }
        Self.expectSyntax([Int].self, utf32BE, .unexpectedCharacter, offset: 0)
    }

    @Test("row 21: raw control characters in keys and values; escaped U+0000 is kept", arguments: [0x00, 0x0A, 0x1F])
    func controlCharacters(byte: Int) throws {
        Self.expectSyntax(HostileNeedsA.self, Array(#"{"a":1,"X"#.utf8) + [UInt8(byte)] + Array(#"":1}"#.utf8),
                          .controlCharacterInString, offset: 9)
        Self.expectSyntax(HostileText.self, Array(#"{"a":""#.utf8) + [UInt8(byte)] + Array(#""}"#.utf8),
                          .controlCharacterInString, offset: 6)
        #expect(try HostileText(jsonString: #"{"a":"x\u0000y"}"#).a == "x\u{0}y")
        #expect(try JSONModelDecoder().decode([String: Int].self, from: #"{"\u0000":1}"#) == ["\u{0}": 1])
    }

    // MARK: Rows 14, 15: duplicate and look-alike keys

    @Test("row 14: duplicate keys follow the parsing policy in models, dictionaries and trees")
    func duplicateKeys() throws {
        func decoder(_ policy: JSONParsingOptions.DuplicateKeyPolicy) -> JSONModelDecoder {
            var decoder = JSONModelDecoder()
            decoder.parsingOptions.duplicateKeys = policy
            return decoder
        }
        let same = #"{"a":1,"a":2}"#
        let mixed = #"{"a":1,"a":"x"}"#
        // useLast (the default): the last value, in every API.
        #expect(try decoder(.useLast).decode(HostileNeedsA.self, from: same).a == 2)
        #expect(try decoder(.useLast).decode([String: Int].self, from: same) == ["a": 2])
        #expect(try JSONValue(parsing: same)["a"] == 2)
        let lastMixed = Self.failure(HostileNeedsA.self, mixed, decoder: decoder(.useLast))
        #expect(lastMixed?.kind == .typeMismatch)
        #expect(lastMixed?.pathDescription == "a")
        #expect(lastMixed?.byteOffset == 11)
        // useFirst: the first value; the later one is still validated as JSON.
        #expect(try decoder(.useFirst).decode(HostileNeedsA.self, from: mixed).a == 1)
        #expect(try decoder(.useFirst).decode([String: Int].self, from: same) == ["a": 1])
        #expect(try JSONValue(parsing: mixed, options: decoder(.useFirst).parsingOptions)["a"] == 1)
        Self.expectSyntax(HostileNeedsA.self, #"{"a":1,"a":-}"#, .invalidNumber, offset: 12, decoder: decoder(.useFirst))
        // reject: a duplicateKey error at the second key (I-JSON).
        for text in [same, mixed] {
            Self.expectSyntax(HostileNeedsA.self, text, .duplicateKey, offset: 7, decoder: decoder(.reject))
            Self.expectSyntax([String: JSONValue].self, text, .duplicateKey, offset: 7, decoder: decoder(.reject))
        }
    }

    @Test("row 15: NFC and NFD keys are different keys, never merged and never a trap")
    func lookAlikeKeys() throws {
        let text = #"{"\u00e9":1,"e\u0301":2}"#
        // The tree keeps both.
        let tree = try JSONValue(parsing: text)
        #expect(tree.objectValue?.count == 2)
        // A [String: T] cannot hold both (Swift's String equality merges them): an error.
        let dictionary = Self.failure([String: Int].self, text)
        #expect(dictionary?.kind == .invalidValue)
        #expect(dictionary?.reason.contains("canonically equivalent") == true)
        #expect(dictionary?.byteOffset == 12)  // the second key's opening quote
        // Lossy, the second member is dropped and the first value stays, under either policy.
        var lossy = JSONModelDecoder()
        lossy.lossyCollections = true
        #expect(try lossy.decode([String: Int].self, from: text) == ["\u{e9}": 1])
        lossy.parsingOptions.duplicateKeys = .useFirst
        #expect(try lossy.decode([String: Int].self, from: text) == ["\u{e9}": 1])
        // A model property keyed by the NFC form reads only the NFC member.
        #expect(try HostileAccented(jsonString: text).nfc == 1)
        #expect(try HostileAccented(jsonString: #"{"e\u0301":2}"#).nfc == nil)
        var strict = JSONModelDecoder()
        strict.unknownKeys = .reject
        let unknown = Self.failure(HostileAccented.self, text, decoder: strict)
        #expect(unknown?.kind == .unknownKey)
        #expect(unknown?.byteOffset == 12)
        // With duplicates rejected they are still two keys.
        strict.parsingOptions.duplicateKeys = .reject
        #expect(try JSONModelDecoder().decode(JSONValue.self, from: text).objectValue?.count == 2)
    }

    // MARK: Rows 23, 24: typed errors with the full path

    @Test("row 23: type errors name the path, the expected and found types, and the position")
    func typedErrors() {
        let cases: [(String, JSONDecodingError.Kind, String, Int, String)] = [
            (#"{"a":true}"#, .typeMismatch, "a", 5, "expected Int, found true"),
            (#"{"a":"1"}"#, .typeMismatch, "a", 5, #"expected Int, found string "1""#),
            (#"{"a":null}"#, .nullValue, "a", 5, "expected Int, found null"),
            (#"{"a":[1]}"#, .typeMismatch, "a", 5, "expected Int, found array"),
        ]
        for (text, kind, path, offset, reason) in cases {
            let error = Self.failure(HostileNeedsA.self, text)
            #expect(error?.kind == kind, "\(text): \(String(describing: error))")
            #expect(error?.pathDescription == path)
            #expect(error?.byteOffset == offset)
            #expect(error?.reason == reason, "\(text)")
        }
        let bool = Self.failure(HostileFlag.self, #"{"a":1}"#)
        #expect(bool?.kind == .typeMismatch)
        #expect(bool?.reason == "expected Bool, found number 1")
        #expect(bool?.hint == "@JSONLenient converts it")
        let missing = Self.failure(HostileNeedsA.self, "{}")
        #expect(missing?.kind == .missingKey)
        #expect(missing?.reason == #"missing required key "a""#)
        let nested = Self.failure(HostileList.self, #"{"items":[{"id":1},{"id":"2"}]}"#)
        #expect(nested?.kind == .typeMismatch)
        #expect(nested?.pathDescription == "items[1].id")
        #expect(nested?.byteOffset == 25)
        #expect(nested?.description == #"items[1].id: expected Int, found string "2"; @JSONLenient converts it (line 1, column 26)"#)
        let root = Self.failure(HostileList.self, "[]")
        #expect(root?.kind == .typeMismatch)
        #expect(root?.path.isEmpty == true)
    }

    // MARK: Row 25, 26: limits and large objects through the decoder

    @Test("row 25: every parsing limit applies through the model decoder with a clear error")
    func limits() {
        var decoder = JSONModelDecoder()
        decoder.parsingOptions.maxStringLength = 4
        Self.expectSyntax(HostileText.self, #"{"a":"12345"}"#, .sizeLimitExceeded, offset: 5, decoder: decoder)
        #expect(Self.failure(HostileText.self, #"{"a":"12345"}"#, decoder: decoder)?.reason == "string is longer than 4 bytes")
        decoder = JSONModelDecoder()
        decoder.parsingOptions.maxContainerCount = 2
        Self.expectSyntax(HostileNeedsA.self, #"{"a":1,"b":2,"c":3}"#, .sizeLimitExceeded, offset: 0, decoder: decoder)
        #expect(Self.failure([Int].self, "[1,2,3]", decoder: decoder)?.reason == "array has more than 2 elements")
        decoder = JSONModelDecoder()
        decoder.parsingOptions.maxValueCount = 3
        #expect(Self.failure([Int].self, "[1,2,3]", decoder: decoder)?.reason == "document has more than 3 values")
        decoder = JSONModelDecoder()
        decoder.parsingOptions.maxNumberLength = 3
        Self.expectSyntax(HostileNeedsA.self, #"{"a":1234}"#, .sizeLimitExceeded, offset: 5, decoder: decoder)
        decoder = JSONModelDecoder()
        decoder.parsingOptions.maxInputLength = 8
        let input = Self.failure(HostileNeedsA.self, #"{"a":123}"#, decoder: decoder)
        #expect(input?.syntaxError?.kind == .sizeLimitExceeded)
        decoder = JSONModelDecoder()
        decoder.parsingOptions.maxDepth = 2
        Self.expectSyntax(HostileList.self, #"{"items":[{"id":1}]}"#, .depthLimitExceeded, offset: 10, decoder: decoder)
    }

    @Test("row 26: a model needing one key reads it from a 100,000-key object")
    func oneKeyOfMany() throws {
        var text = "{"
        for index in 0..<100_000 { text += #""k\#(index)":\#(index),"# }
        text += #""a":7}"#
        #expect(try HostileNeedsA(jsonString: text).a == 7)
        var strict = JSONModelDecoder()
        strict.unknownKeys = .reject
        // Every unknown key is listed, up to maxCollectedErrors (100), each with its position.
        let error = Self.failure(HostileNeedsA.self, text, decoder: strict)
        #expect(error?.kind == .multiple)
        #expect(error?.errors.count == 100)
        #expect(error?.errors.allSatisfy { $0.kind == .unknownKey && $0.byteOffset != nil } == true)
        #expect(error?.errors.first?.byteOffset == 1)
    }

    // MARK: Rows 27, 28: invalid leaf values

    @Test("row 27: impossible dates and out-of-range epochs are errors with the path",
          arguments: ["2024-02-30T00:00:00Z", "2024-01-01T25:61:00Z", "2024-01-01T00:00:00+25:00", "2024-13-01T00:00:00Z"])
    func invalidDates(text: String) {
        let error = Self.failure(HostileLeaves.self, #"{"when":"\#(text)"}"#)
        #expect(error?.kind == .invalidValue, "\(text): \(String(describing: error))")
        #expect(error?.pathDescription == "when")
        #expect(error?.byteOffset == 8)
    }

    @Test("row 27: a 1e308-second epoch is refused")
    func hugeEpoch() {
        var decoder = JSONModelDecoder()
        decoder.dateStrategy = .secondsSince1970
        let error = Self.failure([String: Date].self, #"{"t":1e308}"#, decoder: decoder)
        #expect(error?.kind == .invalidValue)
        #expect(error?.pathDescription == "t")
    }

    @Test("row 28: unknown enum values, invalid URLs and bad base64 name the field")
    func invalidLeaves() {
        for (text, path) in [(#"{"color":"blue"}"#, "color"), (#"{"link":"http://[::1"}"#, "link"), (#"{"link":""}"#, "link"),
                             (#"{"blob":"!!!"}"#, "blob")] {
            let error = Self.failure(HostileLeaves.self, text)
            #expect(error?.kind == .invalidValue, "\(text): \(String(describing: error))")
            #expect(error?.pathDescription == path)
            #expect(error?.byteOffset == path.utf8.count + 4)
        }
    }

    // MARK: Row 29: the encoding side

    @Test("row 29: non-finite doubles throw; U+2028, </script> and U+0000 are escaped as asked; Decimal stays exact")
    func encoding() throws {
        for value in [Double.nan, .infinity, -.infinity] {
            #expect(throws: (any Error).self) { try HostileOutput(x: value).jsonString() }
        }
        let text = "a\u{2028}b\u{2029}</script>\u{0}"
        let plain = try HostileOutput(s: text).jsonString()
        #expect(plain.contains(#"\u0000"#))
        #expect(try HostileOutput(jsonString: plain) == HostileOutput(s: text))
        var options = JSONWritingOptions()
        options.escapeNonASCII = true
        options.escapeSlashes = true
        let escaped = try HostileOutput(s: text).jsonString(options: options)
        #expect(escaped == #"{"s":"a\u2028b\u2029<\/script>\u0000"}"#)
        #expect(try HostileOutput(jsonString: escaped) == HostileOutput(s: text))
        // A 38-digit Decimal is written exactly; one with more digits cannot be decoded.
        let decimal = try #require(Decimal(string: "1234567890123456789012345678901234567.8"))
        let written = try HostileOutput(d: decimal).jsonString()
        #expect(written == #"{"d":1234567890123456789012345678901234567.8}"#)
        #expect(try HostileOutput(jsonString: written).d == decimal)
        let tooLong = Self.failure(HostileOutput.self, #"{"d":1234567890123456789012345678901234567.89}"#)
        #expect(tooLong?.kind == .numberOutOfRange)
        #expect(tooLong?.pathDescription == "d")
    }
}
