import Foundation
import PropertyBased
import Testing

@testable import Loom

// Strings are scanned sixteen bytes per step, numbers a word per step and values a model does
// not map are passed over without a tape (JSONScanner+Skipping.swift). Every input the parser
// rejects must be rejected there too, wherever the interesting byte falls in a block and
// however close to the end of the input it lies.

@Suite("Block scanning: skipped values, strings and numbers agree with the parser")
struct BlockScanningTests {
    /// Whether the parser accepts `bytes`, and what the reader does with the value in them
    /// wrapped in a model that maps only `v`: placed first (with input after it) and last
    /// (ending near the end of the input, where the scans leave their word-wise loops).
    func expectSkippedLikeParsed(_ value: [UInt8], _ label: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation) {
        let first = Array(#"{"skip": "#.utf8) + value + Array(#", "v": 1}"#.utf8)
        let last = Array(#"{"v": 1, "skip": "#.utf8) + value + Array("}".utf8)
        for wrapped in [first, last] {
            let parses = (try? JSONDocument(parsing: wrapped)) != nil
            let read = directly(Skipper.self, wrapped)
            #expect((read != nil) == parses, "\(label()): parser \(parses ? "accepts" : "rejects")", sourceLocation: sourceLocation)
            if let read { #expect(read == Skipper(v: 1), sourceLocation: sourceLocation) }
        }
    }

    // MARK: Strings

    /// Bytes that end a plain run inside a string: valid and invalid escapes, control bytes,
    /// UTF-8 sequences of every length, and bytes that are never valid UTF-8.
    static let stringPieces: [[UInt8]] = [
        Array(#"\""#.utf8), Array(#"\\"#.utf8), Array(#"\n"#.utf8), Array(#"\u00e9"#.utf8), Array(#"\ud83d\ude00"#.utf8),
        Array(#"\ud800"#.utf8), Array(#"\x"#.utf8), Array(#"\u12"#.utf8), [0x01], [0x1F], [0x7F],
        Array("é".utf8), Array("日".utf8), Array("😀".utf8), [0xC3], [0xE6, 0x97], [0xED, 0xA0, 0x80], [0xC0, 0xAF],
        [0xF4, 0x90, 0x80, 0x80], [0x80], [0xFF], Array(#"""#.utf8),
    ]

    @Test("a special byte at every offset of a string, in a skipped value and read as a string")
    func specialBytesAtEveryOffset() {
        for length in 0...40 {
            for piece in Self.stringPieces {
                for offset in stride(from: 0, through: length, by: length > 20 ? 3 : 1) {
                    let plain = Array(repeating: UInt8(ascii: "a"), count: length)
                    let content = Array(plain[..<offset]) + piece + Array(plain[offset...])
                    let value = [UInt8(ascii: "\"")] + content + [UInt8(ascii: "\"")]
                    expectSkippedLikeParsed(value, "string \(content)")
                    let general = try? generally(String.self, value).get()
                    let read = directly(String.self, value)
                    if let read { #expect(read == general, "string \(content)") }
                    if general == nil { #expect(read == nil, "string \(content)") }
                }
            }
        }
    }

    @Test("unterminated strings of every length end the input")
    func unterminatedStrings() {
        for length in 0...40 {
            let value = [UInt8(ascii: "\"")] + Array(repeating: UInt8(ascii: "b"), count: length)
            let wrapped = Array(#"{"v": 1, "skip": "#.utf8) + value
            #expect(directly(Skipper.self, wrapped) == nil)
            #expect((try? JSONDocument(parsing: wrapped)) == nil)
        }
    }

    // MARK: Numbers

    static let numberShapes: [String] = [
        "0", "-0", "7", "-7", "12", "123456789", "1234567890123456", "12345678901234567", "123456789012345678",
        "1234567890123456789", "12345678901234567890", "123456789012345678901234", "0.5", "-0.5", "1.25",
        "65.613616999999977", "-65.613616999999977", "0.0000000000000000001234", "1.7976931348623157",
        "123456789012345678.5", "1e5", "1E+5", "-1e-5", "2.5e-300", "1e400", "0e1", "1.0e23",
        // Invalid: the reader must reject them as the parser does, skipped or read.
        "01", "-", "-a", "1.", "1.e5", ".5", "+1", "1e", "1e+", "--1", "0x10", "1_000", "00", "-01",
    ]

    @Test("numbers of every shape at every distance from the end of the input")
    func numbersNearTheEnd() {
        for shape in Self.numberShapes {
            for padding in 0...90 {
                let spaces = Array(repeating: UInt8(ascii: " "), count: padding)
                expectSkippedLikeParsed(Array(shape.utf8) + spaces, "\(shape) + \(padding) spaces")
                let value = Array("[".utf8) + Array(shape.utf8) + Array("]".utf8) + spaces
                let general = try? generally([Double].self, value).get()
                let read = directly([Double].self, value)
                if let read { #expect(read.map(\.bitPattern) == general?.map(\.bitPattern), "\(shape)") }
                if general == nil { #expect(read == nil, "\(shape)") }
                let generalInteger = try? generally([Int64].self, value).get()
                let readInteger = directly([Int64].self, value)
                if let readInteger { #expect(readInteger == generalInteger, "\(shape)") }
                if generalInteger == nil { #expect(readInteger == nil, "\(shape)") }
            }
        }
    }

    // MARK: Whole values

    /// JSON text that is valid or close to it: values nested a few levels deep, with strings,
    /// numbers and whitespace of generated lengths, sometimes damaged by one byte.
    static let nearlyJSON = Generator<[UInt8], Shrink.None<[UInt8]>> { rng in
        func pick<T>(_ choices: [T]) -> T { choices[Int.random(in: 0..<choices.count, using: &rng)] }
        func whitespace() -> [UInt8] {
            Int.random(in: 0..<4, using: &rng) == 0
                ? [] : Array(pick([" ", "\n", "\n    ", "\t", "\r\n", String(repeating: " ", count: 17)]).utf8)
        }
        func string() -> [UInt8] {
            var content: [UInt8] = []
            for _ in 0..<Int.random(in: 0...4, using: &rng) {
                content += Array(repeating: UInt8(ascii: pick(["a", "Z", " ", "/"])), count: Int.random(in: 0...20, using: &rng))
                if Bool.random(using: &rng) { content += pick(stringPieces) }
            }
            return [UInt8(ascii: "\"")] + content + [UInt8(ascii: "\"")]
        }
        func value(_ depth: Int) -> [UInt8] {
            switch Int.random(in: 0..<(depth < 4 ? 8 : 5), using: &rng) {
            case 0: return string()
            case 1: return Array(pick(numberShapes).utf8)
            case 2: return Array(pick(["true", "false", "null", "nul", "tru", "falsey"]).utf8)
            case 3, 4: return string()
            case 5:
                let elements = (0..<Int.random(in: 0...4, using: &rng)).map { _ in whitespace() + value(depth + 1) + whitespace() }
                return Array("[".utf8) + Array(elements.joined(separator: Array(",".utf8))) + Array("]".utf8)
            default:
                let members = (0..<Int.random(in: 0...4, using: &rng)).map { _ in
                    whitespace() + string() + whitespace() + Array(":".utf8) + whitespace() + value(depth + 1) + whitespace()
                }
                return Array("{".utf8) + Array(members.joined(separator: Array(",".utf8))) + Array("}".utf8)
            }
        }
        var bytes = value(0)
        if !bytes.isEmpty && Int.random(in: 0..<3, using: &rng) == 0 {
            let index = Int.random(in: 0..<bytes.count, using: &rng)
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: bytes.remove(at: index)
            case 1: bytes.insert(pick(Array(#"{}[]:,"\ 0e-.x"#.utf8) + [0x00, 0x80, 0xFF]), at: index)
            default: bytes[index] = pick(Array(#"{}[]:,"\ 1e+x"#.utf8) + [0x0A, 0xC3, 0xE0])
            }
        }
        return bytes
    }

    @Test("generated values, valid or damaged, are skipped exactly when the parser accepts them")
    func generatedValues() async {
        await propertyCheck(count: 3000, input: Self.nearlyJSON) { value in
            expectSkippedLikeParsed(value, String(decoding: value, as: UTF8.self))
        }
    }

    @Test("a large skipped container: a whole corpus passed over", .enabled(if: SharedData.hasCorpus("twitter.json")))
    func wholeCorpusSkipped() throws {
        let corpus = try SharedData.corpus("twitter.json")
        expectSkippedLikeParsed(corpus, "twitter.json")
        // Damaged in one place, far inside: still rejected.
        var damaged = corpus
        if let index = damaged.indices.dropFirst(300_000).first(where: { damaged[$0] == UInt8(ascii: ":") }) {
            damaged[index] = UInt8(ascii: ";")
        }
        expectSkippedLikeParsed(damaged, "twitter.json with a damaged colon")
    }
}
