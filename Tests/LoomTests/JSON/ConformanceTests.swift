import Foundation
import Loom
import Testing

/// nst/JSONTestSuite `test_parsing`: y_ accepted, n_ rejected, i_ as the table below decides.
@Suite(
    "JSONTestSuite conformance",
    .enabled(
        if: SharedData.hasConformanceSuite,
        "JSONTestSuite not found at ../shared/conformance/JSONTestSuite/test_parsing; conformance not checked"))
struct ConformanceTests {
    /// Loom's verdict for each implementation-defined (i_) file.
    enum Verdict: Sendable, Equatable {
        case accept
        case reject(JSONError.Kind)
    }

    static let implementationDefined: [String: Verdict] = [
        // Numbers beyond Double's range or precision are valid JSON and keep their text.
        "i_number_double_huge_neg_exp.json": .accept,
        "i_number_huge_exp.json": .accept,
        "i_number_neg_int_huge_exp.json": .accept,
        "i_number_pos_double_huge_exp.json": .accept,
        "i_number_real_neg_overflow.json": .accept,
        "i_number_real_pos_overflow.json": .accept,
        "i_number_real_underflow.json": .accept,
        "i_number_too_big_neg_int.json": .accept,
        "i_number_too_big_pos_int.json": .accept,
        "i_number_very_big_negative_int.json": .accept,
        // Escaped lone surrogates are rejected (RFC 8259 §8.2, I-JSON).
        "i_object_key_lone_2nd_surrogate.json": .reject(.loneSurrogate),
        "i_string_1st_surrogate_but_2nd_missing.json": .reject(.loneSurrogate),
        "i_string_1st_valid_surrogate_2nd_invalid.json": .reject(.loneSurrogate),
        "i_string_incomplete_surrogate_and_escape_valid.json": .reject(.loneSurrogate),
        "i_string_incomplete_surrogate_pair.json": .reject(.loneSurrogate),
        "i_string_incomplete_surrogates_escape_valid.json": .reject(.loneSurrogate),
        "i_string_invalid_lonely_surrogate.json": .reject(.loneSurrogate),
        "i_string_invalid_surrogate.json": .reject(.loneSurrogate),
        "i_string_inverted_surrogates_U+1D11E.json": .reject(.loneSurrogate),
        "i_string_lone_second_surrogate.json": .reject(.loneSurrogate),
        // Ill-formed UTF-8 is rejected (RFC 8259 §8.1).
        "i_string_UTF-8_invalid_sequence.json": .reject(.invalidUTF8),
        "i_string_UTF8_surrogate_U+D800.json": .reject(.invalidUTF8),
        "i_string_invalid_utf-8.json": .reject(.invalidUTF8),
        "i_string_iso_latin_1.json": .reject(.invalidUTF8),
        "i_string_lone_utf8_continuation_byte.json": .reject(.invalidUTF8),
        "i_string_not_in_unicode_range.json": .reject(.invalidUTF8),
        "i_string_overlong_sequence_2_bytes.json": .reject(.invalidUTF8),
        "i_string_overlong_sequence_6_bytes.json": .reject(.invalidUTF8),
        "i_string_overlong_sequence_6_bytes_null.json": .reject(.invalidUTF8),
        "i_string_truncated-utf-8.json": .reject(.invalidUTF8),
        // Only UTF-8 is accepted: UTF-16 (with or without BOM) and a UTF-8 BOM are rejected.
        "i_string_UTF-16LE_with_BOM.json": .reject(.unexpectedCharacter),
        "i_string_utf16BE_no_BOM.json": .reject(.unexpectedCharacter),
        "i_string_utf16LE_no_BOM.json": .reject(.unexpectedCharacter),
        "i_structure_UTF-8_BOM_empty_object.json": .reject(.unexpectedCharacter),
        // 500 levels are within the default depth limit of 512.
        "i_structure_500_nested_arrays.json": .accept,
    ]

    @Test("the i_ table covers exactly the i_ files on disk")
    func tableCoversImplementationDefinedFiles() throws {
        #expect(Set(SharedData.conformanceFiles("i_")) == Set(Self.implementationDefined.keys))
    }

    @Test("y_ files are accepted", arguments: SharedData.conformanceFiles("y_"))
    func accepts(_ name: String) throws {
        let bytes = try SharedData.conformanceBytes(name)
        let value = try JSONValue(parsing: bytes)
        let document = try JSONDocument(parsing: bytes)
        #expect(document.nodeCount > 0)
        #expect(JSONValue(element: document.root) == value)
    }

    @Test("y_ files: parse → write → parse gives an equal value", arguments: SharedData.conformanceFiles("y_"))
    func roundTrips(_ name: String) throws {
        let value = try JSONValue(parsing: try SharedData.conformanceBytes(name))
        for options in [JSONWritingOptions.compact, .pretty(indentWidth: 4), Self.sortedEscaped] {
            let text = try value.jsonBytes(options: options)
            #expect(try JSONValue(parsing: text) == value, "\(String(decoding: text, as: UTF8.self))")
        }
    }

    @Test("y_ files: formatted document text parses to an equal value", arguments: SharedData.conformanceFiles("y_"))
    func formattedRoundTrips(_ name: String) throws {
        let bytes = try SharedData.conformanceBytes(name)
        let value = try JSONValue(parsing: bytes)
        let document = try JSONDocument(parsing: bytes)
        for options in [JSONWritingOptions.compact, .pretty(), Self.sortedEscaped] {
            let text = try document.formatted(options: options)
            #expect(try JSONValue(parsing: text) == value, "\(String(decoding: text, as: UTF8.self))")
        }
    }

    @Test("n_ files are rejected", arguments: SharedData.conformanceFiles("n_"))
    func rejects(_ name: String) throws {
        let bytes = try SharedData.conformanceBytes(name)
        let error = #expect(throws: JSONError.self) { try JSONValue(parsing: bytes) }
        #expect(throws: JSONError.self) { try JSONDocument(parsing: bytes) }
        // Every rejection points into the input (or just past it).
        if let error {
            let offset = try #require(error.byteOffset)
            #expect(offset >= 0 && offset <= bytes.count)
            #expect(error.line != nil && error.column != nil)
        }
    }

    @Test("i_ files follow the verdict table", arguments: SharedData.conformanceFiles("i_"))
    func implementationDefined(_ name: String) throws {
        let bytes = try SharedData.conformanceBytes(name)
        let verdict = try #require(Self.implementationDefined[name], "no verdict for \(name)")
        switch verdict {
        case .accept:
            let value = try JSONValue(parsing: bytes)
            let again = try JSONValue(parsing: try value.jsonBytes())
            #expect(again == value)
        case .reject(let kind):
            let error = #expect(throws: JSONError.self) { try JSONValue(parsing: bytes) }
            #expect(error?.kind == kind, "\(String(describing: error))")
        }
    }

    @Test("huge i_ numbers keep their exact text")
    func hugeNumbersKeepLexemes() throws {
        let cases: [(String, String)] = [
            ("i_number_double_huge_neg_exp.json", "123.456e-789"),
            ("i_number_neg_int_huge_exp.json", "-1e+9999"),
            ("i_number_pos_double_huge_exp.json", "1.5e+9999"),
            ("i_number_real_neg_overflow.json", "-123123e100000"),
            ("i_number_real_pos_overflow.json", "123123e100000"),
            ("i_number_real_underflow.json", "123e-10000000"),
            ("i_number_too_big_neg_int.json", "-123123123123123123123123123123"),
            ("i_number_too_big_pos_int.json", "100000000000000000000"),
        ]
        for (name, lexeme) in cases {
            let value = try JSONValue(parsing: try SharedData.conformanceBytes(name))
            let number = try #require(value[0]?.numberValue)
            #expect(number.lexeme == lexeme)
            #expect(try value.jsonString() == "[\(lexeme)]")
            #expect(number.int64Value == nil)
        }
    }

    @Test("500 nested arrays are accepted, 513 are not")
    func nestingAroundTheDefaultLimit() throws {
        let value = try JSONValue(parsing: try SharedData.conformanceBytes("i_structure_500_nested_arrays.json"))
        var depth = 0
        var current: JSONValue? = value
        while case .array(let elements)? = current {
            depth += 1
            current = elements.first
        }
        #expect(depth == 500)
        expectRejected(String(repeating: "[", count: 513) + String(repeating: "]", count: 513), .depthLimitExceeded, offset: 512)
        #expect(throws: Never.self) {
            try JSONValue(parsing: String(repeating: "[", count: 512) + String(repeating: "]", count: 512))
        }
    }

    static let sortedEscaped: JSONWritingOptions = {
        var options = JSONWritingOptions()
        options.sortedKeys = true
        options.escapeNonASCII = true
        options.escapeSlashes = true
        return options
    }()
}
