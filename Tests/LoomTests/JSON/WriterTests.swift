import Foundation
import Loom
import Testing

/// Escaping, pretty printing, key order, numbers and limits of `JSONWriter`.
@Suite("Writer")
struct WriterTests {
    static func options(
        pretty: Bool = false, indent: Int = 2, sorted: Bool = false, escapeNonASCII: Bool = false,
        escapeSlashes: Bool = false, maxDepth: Int = 512
    ) -> JSONWritingOptions {
        var options = JSONWritingOptions()
        options.prettyPrinted = pretty
        options.indentWidth = indent
        options.sortedKeys = sorted
        options.escapeNonASCII = escapeNonASCII
        options.escapeSlashes = escapeSlashes
        options.maxDepth = maxDepth
        return options
    }

    @Test("quotes, backslashes and control characters are escaped")
    func escaping() throws {
        let text = "q\" b\\ n\n t\t r\r b\u{8} f\u{C} one\u{1} nul\u{0} us\u{1F} del\u{7F} sp /"
        #expect(
            written(.string(text))
                == #""q\" b\\ n\n t\t r\r b\b f\f one\u0001 nul\u0000 us\u001f del"# + "\u{7F}" + #" sp /""#)
        #expect(written(.string("")) == #""""#)
        #expect(written(["\"": "\\"]) == #"{"\"":"\\"}"#)
    }

    @Test("U+2028, U+2029 and other non-ASCII stay raw unless escapeNonASCII")
    func nonASCII() throws {
        let text = "a\u{2028}b\u{2029}é日😀"
        #expect(written(.string(text)) == "\"a\u{2028}b\u{2029}é日😀\"")
        #expect(
            written(.string(text), options: Self.options(escapeNonASCII: true))
                == #""a\u2028b\u2029\u00e9\u65e5\ud83d\ude00""#)
        #expect(written(.string("\u{10FFFF}\u{80}\u{7FF}\u{800}\u{FFFF}"), options: Self.options(escapeNonASCII: true))
                == #""\udbff\udfff\u0080\u07ff\u0800\uffff""#)
        // Keys are escaped the same way.
        #expect(written(["ключ": 1], options: Self.options(escapeNonASCII: true)) == #"{"\u043a\u043b\u044e\u0447":1}"#)
        // NFC and NFD spellings stay distinct.
        #expect(written(.string("e\u{301}"), options: Self.options(escapeNonASCII: true)) == #""e\u0301""#)
    }

    @Test("escapeSlashes writes \\/")
    func slashes() throws {
        #expect(written(.string("</script>")) == #""</script>""#)
        #expect(written(.string("</script>"), options: Self.options(escapeSlashes: true)) == #""<\/script>""#)
        #expect(try JSONValue(parsing: #""<\/script>""#) == .string("</script>"))
    }

    static let nested: JSONValue = ["a": [1, 2, ["b": nil, "c": true]], "e": [:], "f": [], "g": "x"]

    @Test("pretty printing with indent 2")
    func prettyTwo() throws {
        #expect(
            written(Self.nested, options: .pretty()) == """
                {
                  "a": [
                    1,
                    2,
                    {
                      "b": null,
                      "c": true
                    }
                  ],
                  "e": {},
                  "f": [],
                  "g": "x"
                }
                """)
    }

    @Test("pretty printing with indent 4")
    func prettyFour() throws {
        #expect(
            written(Self.nested, options: .pretty(indentWidth: 4)) == """
                {
                    "a": [
                        1,
                        2,
                        {
                            "b": null,
                            "c": true
                        }
                    ],
                    "e": {},
                    "f": [],
                    "g": "x"
                }
                """)
    }

    @Test("empty containers and scalars in pretty mode")
    func prettyEmpty() throws {
        #expect(written([], options: .pretty()) == "[]")
        #expect(written([:], options: .pretty()) == "{}")
        #expect(written([[], [:]], options: .pretty()) == "[\n  [],\n  {}\n]")
        #expect(written(1, options: .pretty()) == "1")
        #expect(written("s", options: .pretty()) == #""s""#)
        #expect(written(Self.nested) == #"{"a":[1,2,{"b":null,"c":true}],"e":{},"f":[],"g":"x"}"#)
    }

    @Test("sortedKeys orders by UTF-8 bytes, recursively")
    func sortedKeys() throws {
        var object = JSONObject()
        for key in ["b", "é", "a", "B", "", "aa", "\u{FF5E}", "😀", "Z"] { object[key] = .number(JSONNumber(key.utf8.count)) }
        object["n"] = ["z": 1, "y": 2]
        let expected = #"{"":0,"B":1,"Z":1,"a":1,"aa":2,"b":1,"n":{"y":2,"z":1},"é":2,"～":3,"😀":4}"#
        #expect(written(.object(object), options: Self.options(sorted: true)) == expected)
        // Without sorting, insertion order.
        #expect(written(["z": 1, "a": 2]) == #"{"z":1,"a":2}"#)
    }

    @Test("NaN and infinities cannot be written")
    func nonFinite() throws {
        for double in [Double.nan, .infinity, -.infinity] {
            let error = #expect(throws: JSONError.self) { try JSONValue.number(JSONNumber(double)).jsonBytes() }
            #expect(error?.kind == .invalidValue)
            #expect(error?.byteOffset == nil)
            #expect(throws: JSONError.self) { try JSONValue.array([1, ["x": .number(JSONNumber(double))]]).jsonBytes() }
            var writer = JSONWriter()
            #expect(throws: JSONError.self) { try writer.write(double) }
            #expect(throws: JSONError.self) { try writer.write(Float(double)) }
        }
        let error = try #require(#expect(throws: JSONError.self) { try JSONValue.number(JSONNumber(Double.nan)).jsonBytes() })
        #expect(error.description == "nan cannot be written as JSON, numbers must be finite")
    }

    @Test("doubles are written as their shortest round-trip text")
    func shortestDoubles() throws {
        let cases: [(Double, String)] = [
            (0.1, "0.1"), (1e-7, "1e-7"), (.leastNonzeroMagnitude, "5e-324"), (1.7976931348623157e308, "1.7976931348623157e308"),
            (-1.7976931348623157e308, "-1.7976931348623157e308"), (2.2250738585072014e-308, "2.2250738585072014e-308"),
            (0.30000000000000004, "0.30000000000000004"), (1.5, "1.5"), (-2.25, "-2.25"), (100, "100"),
            (0, "0"), (-0.0, "-0"), (123_456_789_012_345, "123456789012345"), (1e22, "1e22"), (1e-5, "1e-5"),
            (0.0001, "0.0001"), (2.5e-5, "2.5e-5"), (1.2345e-300, "1.2345e-300"), (1e100, "1e100"),
        ]
        for (double, text) in cases {
            #expect(written(.number(JSONNumber(double))) == text, "\(double)")
            #expect(JSONNumber(double).lexeme == text, "\(double)")
            var writer = JSONWriter()
            #expect(throws: Never.self) { try writer.write(double) }
            #expect(writer.string == text, "\(double)")
            #expect(Double(text)?.bitPattern == double.bitPattern)
        }
        // Floats too.
        var writer = JSONWriter()
        #expect(throws: Never.self) {
            try writer.beginArray()
            try writer.write(Float(0.1))
            try writer.write(Float(1e-7))
            try writer.write(Float(3))
            try writer.write(Float.greatestFiniteMagnitude)
            writer.endArray()
        }
        #expect(writer.string == "[0.1,1e-7,3,3.4028235e38]")
    }

    @Test("integers are written exactly")
    func integers() throws {
        #expect(written([.number(JSONNumber(Int64.min)), .number(JSONNumber(Int64.max)), .number(JSONNumber(UInt64.max))])
                == "[-9223372036854775808,9223372036854775807,18446744073709551615]")
        var writer = JSONWriter()
        #expect(throws: Never.self) {
            try writer.beginArray()
            writer.write(Int8.min)
            writer.write(UInt8.max)
            writer.write(0)
            writer.write(-1)
            writer.write(Int128(1) << 100)
            writer.write(Int128.min)
            writer.endArray()
        }
        #expect(writer.string == "[-128,255,0,-1,1267650600228229401496703205376,-170141183460469231731687303715884105728]")
        #expect(written(.number(JSONNumber(Int128(1) << 100))) == "1267650600228229401496703205376")
    }

    @Test("the streaming API places commas, colons and indentation")
    func streaming() throws {
        var writer = JSONWriter(options: .pretty())
        try writer.beginObject()
        writer.writeKey("id")
        writer.write(7)
        writer.writeKey(escaped: "\"user_name\"")
        writer.write("ann")
        writer.writeKey("tags")
        try writer.beginArray()
        writer.write(true)
        writer.writeNull()
        writer.endArray()
        writer.endObject()
        #expect(writer.string == "{\n  \"id\": 7,\n  \"user_name\": \"ann\",\n  \"tags\": [\n    true,\n    null\n  ]\n}")
        #expect(String(decoding: writer.bytes, as: UTF8.self) == writer.string)
    }

    static func nestedArrays(_ depth: Int) -> JSONValue {
        var value: JSONValue = 1
        for _ in 0..<depth { value = .array([value]) }
        return value
    }

    @Test("writing stops at the depth limit with an error")
    func depthLimit() throws {
        #expect(throws: Never.self) { try Self.nestedArrays(512).jsonBytes() }
        let error = try #require(#expect(throws: JSONError.self) { try Self.nestedArrays(513).jsonBytes() })
        #expect(error.kind == .invalidValue)
        #expect(error.description == "value nests deeper than the writing limit of 512")
        #expect(throws: JSONError.self) { try Self.nestedArrays(3).jsonBytes(options: Self.options(maxDepth: 2)) }
        #expect(written(Self.nestedArrays(2), options: Self.options(maxDepth: 2)) == "[[1]]")
        #expect(throws: Never.self) { try Self.nestedArrays(1_000).jsonBytes(options: Self.options(maxDepth: 1_000)) }
        var deepObject: JSONValue = nil
        for _ in 0..<600 { deepObject = ["k": deepObject] }
        #expect(throws: JSONError.self) { try deepObject.jsonBytes(options: .pretty()) }
    }

    @Test("formatted keeps number lexemes verbatim")
    func formattedKeepsLexemes() throws {
        let text = #"[1.0,1E2,-0,12345678901234567890123,1e400,0.10,-0.0,1e-400,5]"#
        let document = try JSONDocument(parsing: text)
        #expect(String(decoding: try document.formatted(), as: UTF8.self) == text)
        #expect(
            String(decoding: try document.formatted(options: .pretty()), as: UTF8.self)
                == "[\n  1.0,\n  1E2,\n  -0,\n  12345678901234567890123,\n  1e400,\n  0.10,\n  -0.0,\n  1e-400,\n  5\n]")
        // The tree keeps exact values, not spellings.
        #expect(written(try JSONValue(parsing: text)) == "[1,100,-0,12345678901234567890123,1e400,0.1,-0,1e-400,5]")
    }

    @Test("formatted rewrites strings, keys and layout")
    func formatted() throws {
        let text = " { \"b\" : [ \"\\u00e9\\/\" , \"é\" ] , \"a\" : { } , \"\\u0061a\":[] } "
        let document = try JSONDocument(parsing: text)
        #expect(String(decoding: try document.formatted(), as: UTF8.self) == #"{"b":["\u00e9\/","é"],"a":{},"\u0061a":[]}"#)
        #expect(
            String(decoding: try document.formatted(options: Self.options(sorted: true, escapeNonASCII: true, escapeSlashes: true)), as: UTF8.self)
                == #"{"a":{},"aa":[],"b":["\u00e9\/","\u00e9"]}"#)
        #expect(
            String(decoding: try document.formatted(options: .pretty(indentWidth: 4)), as: UTF8.self)
                == "{\n    \"b\": [\n        \"\\u00e9\\/\",\n        \"é\"\n    ],\n    \"a\": {},\n    \"\\u0061a\": []\n}")
        // Sorting is stable, so repeated keys keep their order and their meaning.
        let duplicates = try JSONDocument(parsing: #"{"b":0,"a":1,"a":2}"#)
        #expect(String(decoding: try duplicates.formatted(options: Self.options(sorted: true)), as: UTF8.self) == #"{"a":1,"a":2,"b":0}"#)
        let deep = String(repeating: "[", count: 20) + String(repeating: "]", count: 20)
        #expect(throws: JSONError.self) { try JSONDocument(parsing: deep).formatted(options: Self.options(maxDepth: 10)) }
    }

    @Test("description is compact JSON and never throws")
    func description() throws {
        #expect(Self.nested.description == #"{"a":[1,2,{"b":null,"c":true}],"e":{},"f":[],"g":"x"}"#)
        #expect(JSONValue.array([.number(JSONNumber(Double.nan)), .number(JSONNumber(-Double.infinity))]).description == "[null,null]")
        #expect(JSONValue.string("a\"b").description == #""a\"b""#)
        #expect(JSONValue.number(JSONNumber(-0.0)).description == "-0")
        // Nesting deeper than the writing limit is cut off with null, keeping the text valid JSON.
        let deep = Self.nestedArrays(600).description
        #expect(deep == String(repeating: "[", count: 512) + "null" + String(repeating: "]", count: 512))
        #expect(throws: Never.self) { try JSONValue(parsing: deep) }
    }
}
