import Foundation
import Testing

@testable import Loom

// The writer looks for bytes to escape sixteen at a time, writes integers two digits per step
// straight into its buffer, and sizes a growing buffer from the last large document.

@Suite("Writer: block scans, digits and buffer growth")
struct WriterBlocksTests {
    /// The escaping the writer must produce, one byte at a time.
    func reference(_ text: String, _ options: JSONWritingOptions) -> [UInt8] {
        var output: [UInt8] = [UInt8(ascii: "\"")]
        func unicode(_ unit: UInt16) { output += Array(String(format: "\\u%04x", unit).utf8) }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += Array(#"\""#.utf8)
            case "\\": output += Array(#"\\"#.utf8)
            case "/" where options.escapeSlashes: output += Array(#"\/"#.utf8)
            case "\u{08}": output += Array(#"\b"#.utf8)
            case "\u{0C}": output += Array(#"\f"#.utf8)
            case "\n": output += Array(#"\n"#.utf8)
            case "\r": output += Array(#"\r"#.utf8)
            case "\t": output += Array(#"\t"#.utf8)
            case _ where scalar.value < 0x20: unicode(UInt16(scalar.value))
            case _ where scalar.value >= 0x80 && options.escapeNonASCII:
                for unit in String(scalar).utf16 { unicode(unit) }
            default: output += Array(String(scalar).utf8)
            }
        }
        return output + [UInt8(ascii: "\"")]
    }

    @Test("a character to escape at every offset of strings up to 40 bytes, with every option")
    func escapesAtEveryOffset() throws {
        let pieces = ["\"", "\\", "/", "\n", "\u{01}", "\u{1F}", "\u{7F}", "é", "日", "😀", "\u{2028}"]
        for escapeNonASCII in [false, true] {
            for escapeSlashes in [false, true] {
                var options = JSONWritingOptions()
                options.escapeNonASCII = escapeNonASCII
                options.escapeSlashes = escapeSlashes
                for length in 0...40 {
                    for piece in pieces {
                        for offset in 0...length {
                            let plain = String(repeating: "a", count: length)
                            let text = String(plain.prefix(offset)) + piece + String(plain.dropFirst(offset))
                            var writer = JSONWriter(options: options)
                            writer.write(text)
                            #expect(writer.bytes == reference(text, options), "\(Array(text.utf8)) \(options)")
                            #expect(try JSONValue(parsing: writer.bytes) == .string(text))
                        }
                    }
                }
            }
        }
    }

    @Test("integers of every digit count, both signs, and the extremes")
    func integerDigits() {
        var values: [Int64] = [0, 1, -1, .max, .min, .max - 1, .min + 1]
        var power: Int64 = 1
        for _ in 0...18 {
            values += [power, power - 1, power + 1, -power, -(power - 1), -(power + 1)]
            if power <= Int64.max / 10 { power *= 10 }
        }
        for value in values {
            var writer = JSONWriter()
            writer.write(value)
            #expect(writer.string == String(value))
        }
        for value: UInt64 in [.max, .max - 1, 10_000_000_000_000_000_000, 9_999_999_999_999_999_999, 0, 9, 10] {
            var writer = JSONWriter()
            writer.write(value)
            #expect(writer.string == String(value))
        }
        for value: Int8 in [.min, .max, 0, -1] {
            var writer = JSONWriter()
            writer.write(value)
            #expect(writer.string == String(value))
        }
        for bits in 0..<64 {
            let value = UInt64(1) << bits
            for candidate in [value, value - 1, value + 1] {
                #expect(JSONWriter.decimalDigitCount(candidate) == String(candidate).count, "\(candidate)")
            }
        }
    }

    @Test("documents of changing sizes, one after another, come out whole")
    func growingAcrossDocuments() throws {
        // Large, then small, then larger than the size the writers last noted, then large again.
        for count in [40_000, 10, 3_000, 200_000, 1, 40_000] {
            let texts = (0..<count).map { "item \($0) \u{e9}\u{65e5}" }
            let bytes = try texts.jsonBytes()
            #expect(try JSONValue(parsing: bytes) == .array(JSONArray(texts.map { .string($0) })))
            #expect(bytes.count == (try JSONValue(parsing: bytes).jsonBytes()).count)
        }
    }
}
