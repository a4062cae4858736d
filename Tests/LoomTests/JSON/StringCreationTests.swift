import Foundation
import Testing

import Loom

// Strings are built from the parser's validated bytes without a second UTF-8 check, and told
// whether they are ASCII (JSONElement.makeString). A wrong ASCII flag would not show in `==`
// alone: the standard library would count one Character per byte and skip normalization.
@Suite("String creation")
struct StringCreationTests {
    static let cases: [(json: String, expected: String)] = [
        (#""""#, ""),
        (#""a""#, "a"),
        (#""fifteen bytes!!""#, "fifteen bytes!!"),
        (#""sixteen bytes!!!""#, "sixteen bytes!!!"),
        (#""café""#, "café"),
        (#""cafe\u0301""#, "cafe\u{301}"),
        (#""日本語のテキスト、少し長めの文です""#, "日本語のテキスト、少し長めの文です"),
        (#""😀 and 👩‍👩‍👧""#, "😀 and 👩‍👩‍👧"),
        (#""line\nbreak\t\"quoted\" \\ \/""#, "line\nbreak\t\"quoted\" \\ /"),
        (#""\u00e9t\u00e9""#, "été"),
        (#""\ud83d\ude00 plain""#, "😀 plain"),
        (#""e\u0301 vs \u00e9""#, "e\u{301} vs é"),
        (#""mixed 日本 and \u65e5\u672c""#, "mixed 日本 and 日本"),
        (#""\u0041\u0042 ascii from escapes""#, "AB ascii from escapes"),
    ]

    @Test("decoded strings have the right scalars, characters, UTF-16 and hashes", arguments: cases.indices)
    func stringProperties(index: Int) throws {
        let (json, expected) = Self.cases[index]
        for decoded in [
            try #require(try JSONValue(parsing: json).stringValue),
            try JSONModelDecoder().decode(String.self, from: Array(json.utf8)),
            try #require(try JSONValue(parsing: "{\(json):0}").objectValue?.keys.first),
        ] {
            #expect(decoded == expected)
            #expect(Array(decoded.unicodeScalars) == Array(expected.unicodeScalars))
            #expect(decoded.count == expected.count, "Characters of \(expected)")
            #expect(Array(decoded) == Array(expected))
            #expect(decoded.utf16.count == expected.utf16.count)
            #expect(decoded.hashValue == expected.hashValue)
            #expect(Set([decoded, expected]).count == 1)
            #expect(decoded.lowercased() == expected.lowercased())
        }
    }

    @Test("canonically equivalent strings compare equal however they were escaped")
    func canonicalEquivalence() throws {
        let value = try JSONValue(parsing: #"["\u00e9", "é", "e\u0301", "é"]"#)
        let strings = try #require(value.arrayValue).compactMap(\.stringValue)
        #expect(strings.count == 4)
        #expect(Set(strings).count == 1)
        #expect(strings.allSatisfy { $0 == "é" && $0.count == 1 })
    }
}
