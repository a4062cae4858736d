import Foundation
import Loom
import Testing

/// Hostile inputs to the JSON core (the Security article's tables): each input is survived with a clear
/// error (or the documented value), never a crash.
@Suite("Hostile inputs")
struct HostileInputTests {
    static func options(_ configure: (inout JSONParsingOptions) -> Void) -> JSONParsingOptions {
        var options = JSONParsingOptions()
        configure(&options)
        return options
    }

    // MARK: Depth (rows 1, 2, 4)

    @Test("[ × 100,000 and × 1,000,000 stop at the depth limit", arguments: [100_000, 1_000_000])
    func deepArrays(count: Int) throws {
        let input = [UInt8](repeating: UInt8(ascii: "["), count: count)
        let error = try #require(expectRejected(input, .depthLimitExceeded, offset: 512))
        #expect(error.description == "line 1, column 513: nesting deeper than the limit of 512")
    }

    @Test("[{\"\": × 50,000 stops at the depth limit")
    func deepArrayObject() throws {
        let input = Array(String(repeating: #"[{"":"#, count: 50_000).utf8)
        // Levels alternate array/object: the 513th container is the `[` of repetition 257.
        let error = try #require(expectRejected(input, .depthLimitExceeded, offset: 256 * 5))
        #expect(error.message == "nesting deeper than the limit of 512")
    }

    @Test("the scanner is iterative: 100,000 levels parse and format with the limits raised")
    func deepDocumentWithRaisedLimit() throws {
        let depth = 100_000
        let text = [UInt8](repeating: UInt8(ascii: "["), count: depth) + [UInt8](repeating: UInt8(ascii: "]"), count: depth)
        let options = Self.options { $0.maxDepth = depth }
        let document = try JSONDocument(parsing: text, options: options)
        #expect(document.nodeCount == depth)
        var writing = JSONWritingOptions()
        writing.maxDepth = depth
        #expect(try document.formatted(options: writing) == text)
        // The default writing limit stops formatting with an error.
        let error = #expect(throws: JSONError.self) { try document.formatted() }
        #expect(error?.kind == .invalidValue)
        // An unclosed deep document is an end-of-input error, found without recursion.
        expectRejected(Array(text.prefix(depth + 10)), .unexpectedEndOfInput, offset: depth + 10, options: options)
    }

    @Test("a 100,000-deep value built in code is refused by the writer, not by a crash")
    func deepValueBuiltInCode() async throws {
        // Building and dropping such a tree recurses in Swift's own teardown, so it runs on a
        // thread with a generous stack; the writer itself must stop at its limit.
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<(JSONError?, String), Never>) in
            let thread = Thread {
                var value: JSONValue = 0
                for _ in 0..<100_000 { value = .array([value]) }
                var error: JSONError?
                do { _ = try value.jsonBytes() } catch let caught { error = caught as? JSONError }
                let description = value.description
                continuation.resume(returning: (error, String(description.prefix(3)) + String(description.count)))
            }
            thread.stackSize = 256 << 20
            thread.start()
        }
        #expect(result.0?.kind == .invalidValue)
        #expect(result.0?.message == "value nests deeper than the writing limit of 512")
        #expect(result.1 == "[[[\(512 * 2 + 4)")
    }

    // MARK: Numbers (rows 6, 11, 12, 13)

    @Test("zero with an exponent is the Double zero", arguments: ["[0e1]", "[0E9]", "[0.00e1]", "[-0e1]", "[0e-999999]"])
    func zeroExponents(text: String) throws {
        let value = try JSONValue(parsing: text)
        let double = try #require(value[0]?.doubleValue)
        #expect(double == 0)
        #expect(double.sign == (text.hasPrefix("[-") ? .minus : .plus))
        #expect(value[0]?.intValue == 0)
        #expect(withRoot(text) { $0[0]?.doubleValue } == double)
    }

    /// A token that is not a JSON number and the kind it is rejected with inside a container.
    static let badNumbers: [(String, JSONError.Kind, Int)] = [
        // (token, kind inside a container, offset of the error within the token)
        ("NaN", .unexpectedCharacter, 0), ("Infinity", .unexpectedCharacter, 0), ("-Infinity", .invalidNumber, 1),
        ("+1", .unexpectedCharacter, 0), (".5", .unexpectedCharacter, 0), ("01", .invalidNumber, 0),
        ("1.", .invalidNumber, 2), ("1e", .invalidNumber, 2), ("--1", .invalidNumber, 1),
        ("0x10", .unexpectedCharacter, 1), ("1_000", .unexpectedCharacter, 1), ("-", .invalidNumber, 1),
        ("1e+", .invalidNumber, 3), ("1.e5", .invalidNumber, 2), ("-01", .invalidNumber, 0), ("1E+-1", .invalidNumber, 3),
        ("0.e1", .invalidNumber, 2), ("-.5", .invalidNumber, 1), ("1.5.2", .unexpectedCharacter, 3),
    ]

    @Test("malformed numbers are rejected everywhere, even in unused fields", arguments: 0..<badNumbers.count)
    func badNumber(index: Int) throws {
        let (token, kind, delta) = Self.badNumbers[index]
        expectRejected("[\(token)]", kind, offset: 1 + delta)
        expectRejected(#"{"a":1,"b":\#(token)}"#, kind, offset: 11 + delta)
        expectRejected(#"{"a":1,"b":[true,\#(token),null]}"#, kind, offset: 17 + delta)
        // At the top level, bytes after a complete number are trailing data.
        let topKind: JSONError.Kind = kind == .unexpectedCharacter && delta > 0 ? .trailingData : kind
        expectRejected(token, topKind, offset: delta)
    }

    @Test("numbers too long for the limit are rejected in linear time")
    func longNumbers() throws {
        let digits = String(repeating: "7", count: 1_000_000)
        for text in ["1" + digits, "1e" + digits, "0." + digits, "-" + digits] {
            let error = try #require(expectRejected("[\(text)]", .sizeLimitExceeded, offset: 1))
            #expect(error.message == "number is longer than 10000 characters")
        }
        // With the limit lifted, a 1,000,000-digit integer is kept exactly.
        let options = Self.options { $0.maxNumberLength = .max }
        let lexeme = try #require(withRoot("1" + digits, options: options) { root in
            #expect(root.integerValue(Int64.self) == nil)
            #expect(root.isIntegerLiteral)
            return root.numberLexeme
        })
        #expect(lexeme?.utf8.count == 1_000_001)
    }

    // MARK: Duplicate and look-alike keys (rows 14, 15)

    @Test("duplicate keys follow the policy", arguments: [
        (JSONParsingOptions.DuplicateKeyPolicy.useLast, Optional(JSONValue.number(2)), Optional(JSONValue.string("x"))),
        (.useFirst, .number(1), .number(1)),
        (.reject, nil, nil),
    ])
    func duplicateKeys(policy: JSONParsingOptions.DuplicateKeyPolicy, same: JSONValue?, mixed: JSONValue?) throws {
        let options = Self.options { $0.duplicateKeys = policy }
        for (text, expected) in [(#"{"a":1,"a":2}"#, same), (#"{"a":1,"a":"x"}"#, mixed)] {
            if let expected {
                let value = try JSONValue(parsing: text, options: options)
                #expect(value["a"] == expected)
                #expect(value.objectValue?.count == 1)
                #expect(try withRoot(text, options: options) { JSONValue(element: try #require($0["a"])) } == expected)
                #expect(withRoot(text, options: options) { $0.count } == 2)
            } else {
                let error = try #require(expectRejected(text, .duplicateKey, offset: 7, options: options))
                #expect(error.description == #"line 1, column 8: duplicate key "a" in object"#)
            }
        }
        // Keys are compared after unescaping.
        let escaped = #"{"a":1,"\u0061":2}"#
        if policy == .reject {
            expectRejected(escaped, .duplicateKey, offset: 7, options: options)
            expectRejected(#"[{"x":[{"k":1,"j":2,"k":3}]}]"#, .duplicateKey, offset: 20, options: options)
        } else {
            #expect(try JSONValue(parsing: escaped, options: options) == ["a": policy == .useFirst ? 1 : 2])
        }
    }

    @Test("NFC and NFD keys stay two keys")
    func normalizationLookalikes() throws {
        for text in [#"{"\u00e9":1,"e\u0301":2}"#, "{\"\u{e9}\":1,\"e\u{301}\":2}"] {
            let value = try JSONValue(parsing: text, options: Self.options { $0.duplicateKeys = .reject })
            let object = try #require(value.objectValue)
            #expect(object.count == 2)
            #expect(object["\u{e9}"] == 1)
            #expect(object["e\u{301}"] == 2)
            #expect(object.keys.map { Array($0.utf8) } == [[0xC3, 0xA9], [0x65, 0xCC, 0x81]])
            #expect(withRoot(text) { $0["\u{e9}"]?.integerValue(Int.self) } == 1)
            #expect(withRoot(text) { $0["e\u{301}"]?.integerValue(Int.self) } == 2)
            #expect(try JSONValue(parsing: try value.jsonBytes()) == value)
        }
    }

    // MARK: Strings (rows 16, 17, 21)

    @Test("lone surrogate escapes are rejected; a valid pair decodes", arguments: [
        #""\ud800""#, #""\udc00""#, #""\ud800\u0041""#, #""\ud800\ud800""#, #""\udbff""#, #""\ud800x""#,
        #""\ud800\n""#, #""\udfff\ud800""#,
    ])
    func loneSurrogates(text: String) throws {
        expectRejected(text, .loneSurrogate, offset: 1)
        expectRejected("{\(text):1}", .loneSurrogate, offset: 2)
        expectRejected(#"{"a":1,"b":\#(text)}"#, .loneSurrogate, offset: 12)
    }

    @Test("surrogate pairs and \\u0000 decode exactly")
    func validEscapes() throws {
        #expect(try JSONValue(parsing: #""\ud83d\ude00""#) == .string("😀"))
        #expect(try JSONValue(parsing: #""\uD83D\uDE00x\uDBFF\uDFFF""#) == .string("😀x\u{10FFFF}"))
        #expect(try JSONValue(parsing: #""a\u0000b""#) == .string("a\u{0}b"))
        #expect(try JSONValue(parsing: #"{"\u0000":1}"#)["\u{0}"] == 1)
        #expect(try JSONValue(parsing: #""\"\\\/\b\f\n\r\t\u00e9\u20AC""#) == .string("\"\\/\u{8}\u{C}\n\r\té€"))
        #expect(withRoot(#""\ud83d\ude00""#) { $0.stringValue } == "😀")
    }

    static let invalidUTF8Sequences: [[UInt8]] = [[0xFF], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x80],
                                         [0xC1, 0xBF], [0xE0, 0x80, 0xAF], [0xF0, 0x80, 0x80, 0xAF], [0xF5, 0x80, 0x80, 0x80], [0xC3]]

    @Test("invalid UTF-8 is rejected in values, keys and unused fields", arguments: invalidUTF8Sequences)
    func invalidUTF8(bytes: [UInt8]) throws {
        let quote = Array(#"""#.utf8)
        expectRejected(quote + bytes + quote, .invalidUTF8, offset: 1)
        expectRejected(Array(#"["ok "#.utf8) + bytes + Array(#" ok"]"#.utf8), .invalidUTF8, offset: 5)
        expectRejected(Array(#"{""#.utf8) + bytes + Array(#"":1}"#.utf8), .invalidUTF8, offset: 2)
        expectRejected(Array(#"{"a":1,"b":""#.utf8) + bytes + Array(#""}"#.utf8), .invalidUTF8, offset: 12)
        // At the very end of the input.
        expectRejected(quote + bytes, .invalidUTF8, offset: 1)
    }

    @Test("every UTF-8 boundary scalar is accepted")
    func validUTF8Boundaries() throws {
        let scalars: [UInt32] = [0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFD, 0xFFFF, 0x10000, 0x10FFFF]
        for scalar in scalars {
            let string = String(Unicode.Scalar(scalar)!)
            #expect(try JSONValue(parsing: "[\"\(string)\"]") == [.string(string)])
        }
    }

    @Test("runs of three-byte characters at every alignment, with the E0 and ED leads and a bad sequence inside")
    func threeByteRuns() throws {
        // The scanner takes two three-byte characters per step while they last, and leaves
        // E0 and ED leads (narrower second bytes), other lengths and bad bytes to the exact check.
        let characters = ["日", "本", "\u{800}", "\u{D7FF}", "\u{E000}", "\u{FFFD}", "é", "😀", "a"]
        for length in 0...14 {
            for lead in 0..<8 {
                let run = (0..<length).map { characters[($0 * 5 + lead) % characters.count] }.joined()
                let text = String(repeating: "x", count: lead) + run
                for padding in ["", " ", "       "] {
                    #expect(try JSONValue(parsing: "[\"\(text)\"\(padding)]") == [.string(text)], "\(length) \(lead)")
                    #expect(withRoot("{\"\(text)\":\"\(text)\"}\(padding)") { $0[text]?.stringValue } == text)
                }
                // A surrogate encoded as ED A0 80 among valid three-byte characters.
                let prefix = Array(("[\"" + text).utf8)
                expectRejected(prefix + [0xED, 0xA0, 0x80] + Array("日本\"]".utf8), .invalidUTF8, offset: prefix.count)
                // A truncated sequence (one continuation byte missing) after the run.
                expectRejected(prefix + [0xE6, 0x97, 0x22, 0x5D], .invalidUTF8, offset: prefix.count)
                expectRejected(prefix + [0xE6, 0x97], .invalidUTF8, offset: prefix.count)
            }
        }
        // Long runs (CJK text) go four characters per step; a bad sequence may come after any
        // number of them.
        for length in 0...20 {
            let text = String((0..<length).map { ["日", "本", "\u{E000}", "\u{FFFD}"][$0 % 4] })
            #expect(try JSONValue(parsing: "[\"\(text)\"]") == [.string(text)], "\(length)")
            let prefix = Array(("[\"" + text).utf8)
            expectRejected(prefix + [0xED, 0xA0, 0x80] + Array("日本日本\"]".utf8), .invalidUTF8, offset: prefix.count)
            expectRejected(prefix + [0xE0, 0x80, 0x80] + Array("日本日本\"]".utf8), .invalidUTF8, offset: prefix.count)
            expectRejected(prefix + [0xE6, 0x97, 0x22, 0x5D], .invalidUTF8, offset: prefix.count)
        }
    }

    @Test("strings of every length up to 40 bytes end exactly where their quote is, including at the end of input")
    func stringLengths() throws {
        for length in 0...40 {
            let text = String((0..<length).map { Character(Unicode.Scalar(UInt8(0x61 + $0 % 26))) })
            #expect(try JSONValue(parsing: "\"\(text)\"") == .string(text))
            #expect(try JSONValue(parsing: "{\"\(text)\":[\"\(text)\"]}") == .object([text: .array([.string(text)])]))
            expectRejected("\"\(text)", .unexpectedEndOfInput, offset: length + 1)
            // One byte over the limit is rejected at the quote wherever the limit falls.
            var options = JSONParsingOptions()
            options.maxStringLength = max(length - 1, 0)
            if length > 0 {
                expectRejected("[\"\(text)\", 1]", .sizeLimitExceeded, offset: 1, options: options)
            }
            options.maxStringLength = length
            #expect(try JSONValue(parsing: "[\"\(text)\", 1]", options: options) == [.string(text), 1])
        }
    }

    @Test("raw control characters are rejected in strings and keys", arguments: 0..<0x20)
    func rawControlCharacters(byte: Int) throws {
        let control = UInt8(byte)
        expectRejected([0x22, control, 0x22], .controlCharacterInString, offset: 1)
        expectRejected(Array(#"{"X"#.utf8) + [control] + Array(#"": 1}"#.utf8), .controlCharacterInString, offset: 3)
        expectRejected(Array(#"{"a":1,"b":"long text before it "#.utf8) + [control] + Array(#""}"#.utf8),
                       .controlCharacterInString, offset: 32)
        // Escaped, the same character is fine.
        let escaped = String(format: "\"\\u%04x\"", byte)
        #expect(try JSONValue(parsing: escaped) == .string(String(Unicode.Scalar(control))))
    }

    // MARK: Structure (rows 18, 19, 20)

    @Test("garbage in an unused field is rejected")
    func garbageInUnusedField() throws {
        expectRejected(#"{"a":1,"b":-}"#, .invalidNumber, offset: 12)
        expectRejected(#"{"a":1,"b":tru}"#, .unexpectedCharacter, offset: 14)
        expectRejected(#"{"a":1,"b":[1 2]}"#, .unexpectedCharacter, offset: 14)
    }

    @Test("trailing commas: rejected by default, accepted when relaxed")
    func trailingCommas() throws {
        expectRejected("[1,]", .unexpectedCharacter, offset: 3)
        expectRejected(#"{"a":1,}"#, .unexpectedCharacter, offset: 7)
        expectRejected("[[1,],2]", .unexpectedCharacter, offset: 4)
        #expect(try JSONValue(parsing: "[1,]", options: .relaxed) == [1])
        #expect(try JSONValue(parsing: #"{"a":1,}"#, options: .relaxed) == ["a": 1])
        #expect(try JSONValue(parsing: "[ [ 1 , ] , { \"b\" : [ ] , } , ]", options: .relaxed) == [[1], ["b": []]])
        for text in ["[1,,2]", "[,]", "{,}", "[1,,]", #"{"a":1,,}"#, "[,1]"] {
            #expect(throws: JSONError.self) { try JSONValue(parsing: text, options: .relaxed) }
            #expect(throws: JSONError.self) { try JSONValue(parsing: text) }
        }
        // Only trailing commas: comments stay off.
        let commasOnly = Self.options { $0.allowTrailingCommas = true }
        #expect(try JSONValue(parsing: "[1,]", options: commasOnly) == [1])
        expectRejected("[1]//c", .trailingData, offset: 3, options: commasOnly)
    }

    @Test("comments only when relaxed")
    func comments() throws {
        let cases: [(String, JSONValue)] = [
            ("/*c*/{}", [:]), ("{\"a\"://x\n1}", ["a": 1]), ("[1/*x*/,2]", [1, 2]), ("// only\n[]", []),
            ("[1]// trailing", [1]), ("/**/1/***/", 1), ("[/* ] */]", []), ("{/*k*/\"k\"/*:*/:/*v*/2/*}*/}", ["k": 2]),
        ]
        for (text, expected) in cases {
            #expect(try JSONValue(parsing: text, options: .relaxed) == expected, "\(text)")
            #expect(throws: JSONError.self) { try JSONValue(parsing: text) }
        }
        expectRejected("[1]/* open", .unexpectedEndOfInput, offset: 10, options: .relaxed)
        expectRejected("[1/x]", .unexpectedCharacter, offset: 3, options: .relaxed)
        expectRejected("/", .unexpectedEndOfInput, offset: 1, options: .relaxed)
        expectRejected("/* only */", .emptyInput, offset: 10, options: .relaxed)
        let unterminated = #"["/* not a comment */"#
        expectRejected(unterminated, .unexpectedEndOfInput, offset: unterminated.utf8.count, options: .relaxed)
        #expect(try JSONValue(parsing: #"["/* not a comment */"]"#, options: .relaxed) == ["/* not a comment */"])
    }

    @Test("empty, trailing, NUL, BOM and non-UTF-8 encodings")
    func framing() throws {
        expectRejected("", .emptyInput, offset: 0)
        expectRejected(" \t\r\n ", .emptyInput, offset: 5)
        expectRejected("{}x", .trailingData, offset: 2)
        expectRejected("{} {}", .trailingData, offset: 3)
        expectRejected([0x5B, 0x31, 0x5D, 0x00], .trailingData, offset: 3)
        expectRejected("1 2", .trailingData, offset: 2)
        expectRejected(#""a""b""#, .trailingData, offset: 3)
        let bom = try #require(expectRejected([0xEF, 0xBB, 0xBF, 0x7B, 0x7D], .unexpectedCharacter, offset: 0))
        #expect(bom.message == "byte order mark is not allowed, JSON text must be plain UTF-8")
        expectRejected([0x20, 0xEF, 0xBB, 0xBF, 0x7B, 0x7D], .unexpectedCharacter, offset: 1)
        expectRejected([0xEF, 0xBB], .unexpectedCharacter, offset: 0)
        // UTF-16 and UTF-32, with and without a byte order mark.
        expectRejected([0x7B, 0x00, 0x7D, 0x00], .unexpectedCharacter, offset: 1)  // UTF-16LE
        expectRejected([0x00, 0x7B, 0x00, 0x7D], .unexpectedCharacter, offset: 0)  // UTF-16BE
        expectRejected([0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00], .unexpectedCharacter, offset: 0)
        expectRejected([0xFE, 0xFF, 0x00, 0x7B, 0x00, 0x7D], .unexpectedCharacter, offset: 0)
        expectRejected([0x7B, 0x00, 0x00, 0x00, 0x7D, 0x00, 0x00, 0x00], .unexpectedCharacter, offset: 1)  // UTF-32LE
        expectRejected([0x00, 0x00, 0x00, 0x5B, 0x00, 0x00, 0x00, 0x5D], .unexpectedCharacter, offset: 0)  // UTF-32BE
        // Whitespace is only space, tab, CR and LF.
        expectRejected([0x0C, 0x31], .unexpectedCharacter, offset: 0)
        expectRejected([0xC2, 0xA0, 0x31], .unexpectedCharacter, offset: 0)
        #expect(try JSONValue(parsing: " \t\r\n1\n\r\t ") == 1)
    }

    @Test("runs of spaces of every length around every token and at the end of input")
    func spaceRuns() throws {
        // The scanner skips spaces 16 bytes at a time and byte by byte near the end.
        for length in 0...40 {
            let pad = String(repeating: " ", count: length)
            let text = [pad, "{", "\"a\"", ":", "[", "1", ",", "true", "]", "}", ""].joined(separator: pad)
            #expect(try JSONValue(parsing: text) == ["a": [1, true]], "\(length) spaces")
            #expect(try JSONValue(parsing: "\n" + pad + "7" + pad + "\n" + pad) == 7, "\(length) spaces")
            let error = #expect(throws: JSONError.self) { try JSONValue(parsing: "[1,\n" + pad + "x]") }
            #expect(error?.byteOffset == 4 + length)
            #expect(error?.line == 2 && error?.column == length + 1)
        }
    }

    // MARK: Prefixes (row 22)

    static func checkPrefix(_ bytes: [UInt8], length: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let prefix = Array(bytes[0..<length])
        guard let error = parseError(prefix, sourceLocation: sourceLocation) else { return }
        switch error.kind {
        case .unexpectedEndOfInput, .emptyInput:
            #expect(error.byteOffset == length, "\(length): \(error)", sourceLocation: sourceLocation)
        case .invalidNumber:
            // A number cut after `-`, `.` or `e`.
            #expect(error.byteOffset == length, "\(length): \(error)", sourceLocation: sourceLocation)
        case .invalidUTF8:
            // A multi-byte character cut in the middle: the error points at its first byte.
            let offset = error.byteOffset ?? -1
            #expect(offset >= length - 3 && offset < length && bytes[offset] >= 0xC2, "\(length): \(error)",
                    sourceLocation: sourceLocation)
            #expect(error.message == "truncated UTF-8 sequence at end of input", sourceLocation: sourceLocation)
        default:
            Issue.record("prefix of \(length) bytes: unexpected \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test("every prefix of a small document is rejected at its end")
    func prefixesOfSmallDocument() throws {
        let text = #"{"a":[1,-2.5e+3,{"b":"c\u00e9\"é😀"}],"d":true,"e":null,"f":false,"g":[],"h":{},"i":-0}"#
        let bytes = Array(text.utf8)
        #expect(throws: Never.self) { try JSONValue(parsing: bytes) }
        for length in 0..<bytes.count {
            Self.checkPrefix(bytes, length: length)
        }
    }

    /// About 2,000 prefix lengths of twitter.json, fixed by a seed. Each prefix is parsed from
    /// scratch, so a uniform sample would scan ~600 MB in a debug build (~40 s); instead 1,800
    /// lengths fall in the first 64 KiB (its first dozen statuses: every construct the file
    /// has) and 200 anywhere, plus the first and last 20 lengths.
    static func twitterPrefixLengths(end: Int) -> [Int] {
        var generator = SplitMix64(seed: 0x4C6F_6F6D)
        var lengths = Set<Int>()
        for _ in 0..<1_800 { lengths.insert(Int(generator.next() % UInt64(min(end, 65_536)))) }
        for _ in 0..<200 { lengths.insert(Int(generator.next() % UInt64(end))) }
        lengths.formUnion(0..<20)
        lengths.formUnion((end - 20)..<end)
        return lengths.sorted()
    }

    @Test(
        "sampled prefixes of twitter.json are rejected at their end",
        .enabled(if: SharedData.hasCorpus("twitter.json"), "../shared/corpora/twitter.json not found; not checked"),
        arguments: 0..<4)
    func prefixesOfTwitter(shard: Int) throws {
        let bytes = try SharedData.corpus("twitter.json")
        // The end of the value; every shorter prefix is incomplete.
        var end = bytes.count
        while end > 0, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[end - 1]) { end -= 1 }
        let lengths = Self.twitterPrefixLengths(end: end)
        #expect(lengths.count > 1_900)
        for (index, length) in lengths.enumerated() where index % 4 == shard {
            Self.checkPrefix(bytes, length: length)
        }
        #expect(throws: Never.self) { try JSONDocument(parsing: Array(bytes[0..<end])) }
    }

    // MARK: Limits (row 25)

    @Test("maxStringLength applies to values and keys, in bytes of JSON text")
    func maxStringLength() throws {
        let options = Self.options { $0.maxStringLength = 5 }
        #expect(try JSONValue(parsing: #"["12345","\/é"]"#, options: options) == ["12345", "/é"])
        let error = try #require(expectRejected(#"["123456"]"#, .sizeLimitExceeded, offset: 1, options: options))
        #expect(error.message == "string is longer than 5 bytes")
        expectRejected(#"{"123456":1}"#, .sizeLimitExceeded, offset: 1, options: options)
        expectRejected(#"["\u00e9\n"]"#, .sizeLimitExceeded, offset: 1, options: options)
        expectRejected("[\"ééé\"]", .sizeLimitExceeded, offset: 1, options: options)
    }

    @Test("maxNumberLength counts the whole lexeme")
    func maxNumberLength() throws {
        let options = Self.options { $0.maxNumberLength = 5 }
        #expect(try JSONValue(parsing: "[12345,-1234,1.5e3]", options: options) == [12345, -1234, 1500])
        let error = try #require(expectRejected("[1,123456]", .sizeLimitExceeded, offset: 3, options: options))
        #expect(error.message == "number is longer than 5 characters")
        expectRejected("-12345", .sizeLimitExceeded, offset: 0, options: options)
        expectRejected(#"{"a":1.2345}"#, .sizeLimitExceeded, offset: 5, options: options)
    }

    @Test("maxContainerCount limits elements and members")
    func maxContainerCount() throws {
        let options = Self.options { $0.maxContainerCount = 3 }
        #expect(throws: Never.self) { try JSONValue(parsing: #"[1,[3,4,5],{"a":1,"b":2,"c":3}]"#, options: options) }
        let array = try #require(expectRejected("[[1,2,3,4]]", .sizeLimitExceeded, offset: 1, options: options))
        #expect(array.message == "array has more than 3 elements")
        let object = try #require(expectRejected(#"{"a":1,"b":2,"c":3,"d":4}"#, .sizeLimitExceeded, offset: 0, options: options))
        #expect(object.message == "object has more than 3 members")
    }

    @Test("maxValueCount counts every value, containers included")
    func maxValueCount() throws {
        let options = Self.options { $0.maxValueCount = 4 }
        #expect(try JSONValue(parsing: "[1,2,3]", options: options) == [1, 2, 3])
        #expect(try JSONValue(parsing: #"{"a":1,"b":[]}"#, options: options) == ["a": 1, "b": []])
        let error = try #require(expectRejected("[1,2,3,4]", .sizeLimitExceeded, offset: 7, options: options))
        #expect(error.message == "document has more than 4 values")
        expectRejected("[[[[[]]]]]", .sizeLimitExceeded, offset: 4, options: options)
    }

    @Test("maxDepth is configurable", arguments: [0, 1, 2, 64])
    func maxDepth(limit: Int) throws {
        let options = Self.options { $0.maxDepth = limit }
        let fits = String(repeating: "[", count: limit) + "0" + String(repeating: "]", count: limit)
        #expect(throws: Never.self) { try JSONValue(parsing: fits, options: options) }
        let objects = String(repeating: #"{"k":"#, count: limit) + "0" + String(repeating: "}", count: limit)
        #expect(throws: Never.self) { try JSONValue(parsing: objects, options: options) }
        let deeper = String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
        let error = try #require(expectRejected(deeper, .depthLimitExceeded, offset: limit, options: options))
        #expect(error.message == "nesting deeper than the limit of \(limit)")
    }

    @Test("large inputs parse in linear time")
    func largeInputs() throws {
        // 100,000 unique keys.
        var text = "{"
        for index in 0..<100_000 { text += (index == 0 ? "" : ",") + "\"k\(index)\":\(index)" }
        text += "}"
        let value = try JSONValue(parsing: text)
        #expect(value.objectValue?.count == 100_000)
        #expect(value["k99999"] == 99_999)
        // 100,000 copies of one key.
        var same = "{"
        for index in 0..<100_000 { same += (index == 0 ? "" : ",") + "\"k\":\(index)" }
        same += "}"
        #expect(try JSONValue(parsing: same)["k"] == 99_999)
        #expect(try JSONValue(parsing: same, options: Self.options { $0.duplicateKeys = .useFirst })["k"] == 0)
        expectRejected(same, .duplicateKey, offset: 7, options: Self.options { $0.duplicateKeys = .reject })
        // A 4 MB string and 4 MB of whitespace.
        let long = String(repeating: "abcdéf😀 ", count: 300_000)
        #expect(try JSONValue(parsing: "\"\(long)\"") == .string(long))
        #expect(try JSONValue(parsing: String(repeating: " \n", count: 2_000_000) + "1") == 1)
        // A 400,000-element array.
        let array = "[" + String(repeating: "1,", count: 399_999) + "1]"
        #expect(withRoot(array) { $0.count } == 400_000)
    }
}

/// A tiny deterministic generator for sampling.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
