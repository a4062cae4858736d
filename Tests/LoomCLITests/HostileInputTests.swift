import Foundation
import Loom
import Testing

/// Inputs that crash or hang other parsers must give one clear error line here.
@Suite("loom on hostile input")
struct HostileInputTests {
    static let million = 1_000_000

    @Test("1,000,000 '[' stops at the default depth limit")
    func millionOpeningBrackets() {
        let input = Data(repeating: UInt8(ascii: "["), count: Self.million)
        for command in ["validate", "format"] {
            let result = loom(command, "-", stdin: input)
            #expect(result.exitCode == 1)
            #expect(result.standardOutput == "")
            #expect(result.standardError == "<stdin>:1:513: error: nesting deeper than the limit of 512\n")
        }
    }

    @Test("1,000,000 '[' with --max-depth 1000000 ends in an end-of-input error")
    func millionOpeningBracketsWithRaisedLimit() {
        let input = Data(repeating: UInt8(ascii: "["), count: Self.million)
        let result = loom("validate", "--max-depth", "1000000", "-", stdin: input)
        #expect(result.exitCode == 1)
        #expect(result.standardError == "<stdin>:1:1000001: error: unexpected end of input, expected a value\n")
    }

    @Test("a balanced 1,000,000-deep array validates and formats compactly; pretty output is refused")
    func millionDeepBalanced() {
        let input = Data(repeating: UInt8(ascii: "["), count: Self.million) + Data(repeating: UInt8(ascii: "]"), count: Self.million)
        #expect(loom("validate", "--max-depth", "1000000", "-", stdin: input).exitCode == 0)

        let compact = loom("format", "--max-depth", "1000000", "--compact", "-", stdin: input)
        #expect(compact.exitCode == 0)
        #expect(compact.standardError == "")
        #expect(compact.standardOutputBytes == Array(input) + [0x0A])

        // Indenting a million levels would take terabytes.
        let pretty = loom("format", "--max-depth", "1000000", "-", stdin: input)
        #expect(pretty.exitCode == 1)
        #expect(pretty.standardOutput == "")
        #expect(pretty.standardError.hasPrefix("<stdin>: error: pretty-printed output would need more than "))
    }

    @Test("[{\"\": repeated 50,000 times stops at the depth limit")
    func openArrayObject() {
        let input = Data(String(repeating: #"[{"":"#, count: 50_000).utf8)
        let result = loom("validate", "-", stdin: input)
        #expect(result.exitCode == 1)
        #expect(result.standardError == "<stdin>:1:1281: error: nesting deeper than the limit of 512\n")
    }

    @Test(
        "invalid UTF-8 is reported with its position",
        arguments: [
            ([0xFF], "1:3: error: invalid UTF-8 byte 0xFF"),
            ([0xC0, 0xAF], "1:3: error: invalid UTF-8 byte 0xC0"),
            ([0xED, 0xA0, 0x80], "1:3: error: invalid UTF-8 sequence starting with byte 0xED"),
            ([0xF4, 0x90, 0x80, 0x80], "1:3: error: invalid UTF-8 sequence starting with byte 0xF4"),
            ([0xE2, 0x82], "1:3: error: invalid UTF-8 sequence starting with byte 0xE2"),
            ([0x80], "1:3: error: invalid UTF-8 byte 0x80"),
        ] as [([UInt8], String)])
    func invalidUTF8(bytes: [UInt8], expected: String) {
        let inValue = Data(Array(#"[""#.utf8) + bytes + Array(#""]"#.utf8))
        let inKey = Data(Array(#"{""#.utf8) + bytes + Array(#"":1}"#.utf8))
        for input in [inValue, inKey] {
            for command in ["validate", "format"] {
                let result = loom(command, "-", stdin: input)
                #expect(result.exitCode == 1)
                #expect(result.standardOutput == "")
                #expect(result.standardError == "<stdin>:\(expected)\n")
            }
        }
    }

    @Test("invalid UTF-8 at the very end of the input")
    func truncatedUTF8AtEnd() {
        let result = loom("validate", "-", stdin: Data([0x22, 0xE2, 0x82]))
        #expect(result.exitCode == 1)
        #expect(result.standardError == "<stdin>:1:2: error: truncated UTF-8 sequence at end of input\n")
    }

    @Test("an empty file and whitespace-only input are errors")
    func emptyFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let empty = try directory.write("empty.json", Data())
        for command in ["validate", "format"] {
            let result = loom(command, empty)
            #expect(result.exitCode == 1)
            #expect(result.standardError == "\(empty):1:1: error: empty input, expected a JSON value\n")
        }
        #expect(loom("validate", "-").standardError == "<stdin>:1:1: error: empty input, expected a JSON value\n")
    }

    @Test("a byte order mark is rejected")
    func byteOrderMark() {
        let result = loom("validate", "-", stdin: Data([0xEF, 0xBB, 0xBF, 0x7B, 0x7D]))
        #expect(result.exitCode == 1)
        #expect(result.standardError == "<stdin>:1:1: error: byte order mark is not allowed, JSON text must be plain UTF-8\n")
    }

    @Test("binary garbage never crashes; each invalid file gets the core's error as one line")
    func binaryGarbage() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var generator = SeededGenerator(state: 0x10_0C)
        // Half the inputs mostly use JSON punctuation, so that they get past the first byte.
        let alphabet = Array(#"[]{}":,0123456789-+.eEtrufalsn \ u"#.utf8) + [0x00, 0x0A, 0x80, 0xC3, 0xA9, 0xFF]
        var inputs: [(path: String, bytes: [UInt8])] = []
        for round in 0..<300 {
            let length = Int.random(in: 0...200, using: &generator)
            let bytes = (0..<length).map { _ in
                round.isMultiple(of: 2)
                    ? UInt8.random(in: 0...255, using: &generator)
                    : alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
            }
            inputs.append((try directory.write("garbage-\(round).json", Data(bytes)), bytes))
        }
        expectValidateReportsExactly(inputs)
        // Format shares the reading and parsing path; a sample checks it reports the same lines.
        for input in inputs.prefix(40) {
            let result = loom("format", input.path)
            #expect(result.exitCode == (expectedDiagnostic(for: input.path, input.bytes) == nil ? 0 : 1))
            #expect(result.standardError == expectedDiagnostic(for: input.path, input.bytes) ?? "")
        }
    }

    @Test("every proper prefix of a document is rejected with the core's error")
    func prefixes() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let document = Array(try Data(contentsOf: packageRoot.appendingPathComponent("Examples/github-issue.json")))
        var inputs: [(path: String, bytes: [UInt8])] = []
        // The last byte is a newline; without it the document is already complete.
        for length in 0..<(document.count - 1) {
            let prefix = Array(document[..<length])
            inputs.append((try directory.write("prefix-\(length).json", Data(prefix)), prefix))
        }
        #expect(inputs.allSatisfy { expectedDiagnostic(for: $0.path, $0.bytes) != nil })
        expectValidateReportsExactly(inputs)
    }

    /// Runs one `loom validate` over all `inputs` and compares with what the core reports for each.
    private func expectValidateReportsExactly(_ inputs: [(path: String, bytes: [UInt8])]) {
        let expected = inputs.compactMap { expectedDiagnostic(for: $0.path, $0.bytes) }
        let result = loom(["validate"] + inputs.map(\.path))
        #expect(result.exitCode == (expected.isEmpty ? 0 : 1))
        #expect(result.standardOutput == "")
        #expect(result.standardError == expected.joined())
        // One line per invalid input, each with the name and position the core reported.
        #expect(result.standardError.split(separator: "\n").count == expected.count)
    }

    @Test("a generated 20 MB file validates, and compact formatting reproduces it byte for byte")
    func largeFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var text = "["
        text.reserveCapacity(21_000_000)
        var index = 0
        while text.utf8.count < 20_000_000 {
            if index > 0 { text += "," }
            text += #"{"id":\#(index),"name":"item \#(index)","price":\#(index % 1000).25,"tags":["a\u00e9","b/c"],"in_stock":\#(index % 3 == 0),"ratio":1.0e-3,"parent":null}"#
            index += 1
        }
        text += "]"
        let input = Data(text.utf8)
        let path = try directory.write("big.json", input)

        #expect(loom("validate", path) == .init(exitCode: 0, standardOutputBytes: [], standardError: ""))

        let compact = loom("format", "--compact", path)
        #expect(compact.exitCode == 0)
        #expect(compact.standardError == "")
        #expect(compact.standardOutputBytes == Array(input) + [0x0A])
    }

}
