import Foundation
import Loom
import Testing

/// Exact error kinds, positions and messages, as serde_json asserts them.
@Suite("Parse errors: kinds, positions and messages")
struct ErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var input: [UInt8]
        var kind: JSONError.Kind
        var offset: Int
        var line: Int
        var column: Int
        var description: String
        var options: JSONParsingOptions = .init()

        init(
            _ input: String, _ kind: JSONError.Kind, offset: Int, line: Int = 1, column: Int, _ description: String,
            options: JSONParsingOptions = .init()
        ) {
            self.input = Array(input.utf8)
            self.kind = kind
            self.offset = offset
            self.line = line
            self.column = column
            self.description = description
            self.options = options
        }

        var testDescription: String { String(reflecting: String(decoding: input, as: UTF8.self)) }
    }

    static let rejectDuplicates: JSONParsingOptions = {
        var options = JSONParsingOptions()
        options.duplicateKeys = .reject
        return options
    }()

    static let depthTwo: JSONParsingOptions = {
        var options = JSONParsingOptions()
        options.maxDepth = 2
        return options
    }()

    static let cases: [Case] = [
        Case(#"{"a":1 "b":2}"#, .unexpectedCharacter, offset: 7, column: 8,
             #"line 1, column 8: expected ',' or '}' after object member, found '"'"#),
        Case("[1,2", .unexpectedEndOfInput, offset: 4, column: 5,
             "line 1, column 5: unexpected end of input, expected ',' or ']' after array element"),
        Case(#"{"a":tru}"#, .unexpectedCharacter, offset: 8, column: 9,
             "line 1, column 9: invalid literal, expected 'true', found '}'"),
        Case("{\n  \"a\": 1,\n  \"b\": x\n}", .unexpectedCharacter, offset: 19, line: 3, column: 8,
             "line 3, column 8: expected a value, found 'x'"),
        // Columns count Unicode scalars: ü (2 bytes), € (3 bytes) and 😀 (4 bytes) are one column each.
        Case("[\"ü€😀\", tru]", .unexpectedCharacter, offset: 17, column: 12,
             "line 1, column 12: invalid literal, expected 'true', found ']'"),
        Case("{\r\n\t\"a\" 1}", .unexpectedCharacter, offset: 8, line: 2, column: 6,
             "line 2, column 6: expected ':' after object key, found '1'"),
        Case("", .emptyInput, offset: 0, column: 1, "line 1, column 1: empty input, expected a JSON value"),
        Case(" \n\t ", .emptyInput, offset: 4, line: 2, column: 3,
             "line 2, column 3: empty input, expected a JSON value"),
        Case(#""abc"#, .unexpectedEndOfInput, offset: 4, column: 5, "line 1, column 5: unexpected end of input in a string"),
        Case(#"["a\qb"]"#, .invalidEscape, offset: 3, column: 4,
             #"line 1, column 4: invalid escape sequence '\q' in a string"#),
        Case(#"["\u12G4"]"#, .invalidEscape, offset: 6, column: 7,
             "line 1, column 7: invalid \\u escape, expected a hex digit, found 'G'"),
        Case(#"{"a":"\ud800"}"#, .loneSurrogate, offset: 6, column: 7,
             #"line 1, column 7: lone high surrogate \uD800 not followed by a low surrogate escape"#),
        Case(#"["\udc00"]"#, .loneSurrogate, offset: 2, column: 3, #"line 1, column 3: lone low surrogate \uDC00 in a string"#),
        Case(#"["\ud800\u0041"]"#, .loneSurrogate, offset: 2, column: 3,
             #"line 1, column 3: high surrogate \uD800 followed by \u0041, which is not a low surrogate"#),
        Case("[01]", .invalidNumber, offset: 1, column: 2, "line 1, column 2: invalid number, leading zeros are not allowed"),
        Case("[1.]", .invalidNumber, offset: 3, column: 4,
             "line 1, column 4: invalid number, expected a digit after '.', found ']'"),
        Case("[1e]", .invalidNumber, offset: 3, column: 4,
             "line 1, column 4: invalid number, expected a digit in the exponent, found ']'"),
        Case("[-]", .invalidNumber, offset: 2, column: 3, "line 1, column 3: invalid number, expected a digit, found ']'"),
        Case(#"{"a":1,}"#, .unexpectedCharacter, offset: 7, column: 8,
             "line 1, column 8: trailing comma before '}' is not allowed"),
        Case("[1,]", .unexpectedCharacter, offset: 3, column: 4, "line 1, column 4: expected a value, found ']'"),
        Case(#"{"a":1}x"#, .trailingData, offset: 7, column: 8,
             "line 1, column 8: unexpected 'x' after the top-level value"),
        Case("[\"a\nb\"]", .controlCharacterInString, offset: 3, column: 4,
             #"line 1, column 4: raw control character newline in a string, escape it as \u000A"#),
        Case("{\"\u{1}\":1}", .controlCharacterInString, offset: 2, column: 3,
             #"line 1, column 3: raw control character byte 0x01 in a string, escape it as \u0001"#),
        Case(#"{1:2}"#, .unexpectedCharacter, offset: 1, column: 2,
             #"line 1, column 2: expected '"' to start an object key, found '1'"#),
        Case(#"{"a" : 1, "a": 2}"#, .duplicateKey, offset: 10, column: 11,
             #"line 1, column 11: duplicate key "a" in object"#, options: rejectDuplicates),
        Case("[[[1]]]", .depthLimitExceeded, offset: 2, column: 3,
             "line 1, column 3: nesting deeper than the limit of 2", options: depthTwo),
        Case("/*c*/{}", .unexpectedCharacter, offset: 0, column: 1, "line 1, column 1: expected a value, found '/'"),
        Case("[1]/* open", .unexpectedEndOfInput, offset: 10, column: 11,
             "line 1, column 11: unexpected end of input in a comment", options: .relaxed),
    ]

    @Test("exact kind, offset, line, column and description", arguments: cases)
    func exactError(_ testCase: Case) throws {
        let error = try #require(parseError(testCase.input, options: testCase.options))
        #expect(error.kind == testCase.kind)
        #expect(error.byteOffset == testCase.offset)
        #expect(error.line == testCase.line)
        #expect(error.column == testCase.column)
        #expect(error.description == testCase.description)
        #expect(error.description == "line \(testCase.line), column \(testCase.column): \(error.message)")
        // The document entry point reports the very same error.
        #expect(throws: error) { try JSONDocument(parsing: testCase.input, options: testCase.options) }
    }

    @Test("the excerpt is the error's line around the offset")
    func excerpt() throws {
        let error = try #require(parseError(#"{"a":1 "b":2}"#))
        #expect(error.excerpt == #"{"a":1 "b":2}"#)

        // Only the error's line, at most 24 bytes either side.
        let long = "[\n" + String(repeating: "1,", count: 30) + "x,2,3]\n]"
        let longError = try #require(parseError(long))
        #expect(longError.line == 2)
        #expect(longError.excerpt == "1,1,1,1,1,1,1,1,1,1,1,1,x,2,3]")

        // Non-ASCII text in the excerpt stays readable.
        let unicode = try #require(parseError("[\"ü€😀\", tru]"))
        #expect(unicode.excerpt == "[\"ü€😀\", tru]")

        // The 24-byte window never cuts a character in half.
        let cut = try #require(parseError("[\"" + String(repeating: "€", count: 20) + "\",x]"))
        #expect(cut.excerpt == String(repeating: "€", count: 8) + "\",x]")

        // Invalid bytes and control characters are shown as U+FFFD, a tab as a space.
        let invalid = try #require(parseError([0x5B, 0x22, 0xFF, 0x22, 0x2C, 0x09, 0x01, 0x5D]))
        #expect(invalid.excerpt == "[\"\u{FFFD}\", \u{FFFD}]")
    }

    @Test("errors not tied to input have no position")
    func positionlessError() throws {
        let error = JSONError(kind: .invalidValue, message: "nan cannot be written as JSON, numbers must be finite")
        #expect(error.byteOffset == nil && error.line == nil && error.column == nil && error.excerpt == nil)
        #expect(error.description == "nan cannot be written as JSON, numbers must be finite")
    }

    @Test("every error kind has a stable raw value")
    func kindRawValues() throws {
        #expect(JSONError.Kind.allCases.map(\.rawValue) == [
            "emptyInput", "unexpectedEndOfInput", "unexpectedCharacter", "trailingData", "invalidUTF8",
            "invalidEscape", "loneSurrogate", "controlCharacterInString", "invalidNumber", "numberOutOfRange",
            "depthLimitExceeded", "sizeLimitExceeded", "duplicateKey", "invalidValue",
        ])
    }
}
