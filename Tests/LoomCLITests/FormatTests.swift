import Foundation
import Testing

@Suite("loom format")
struct FormatTests {
    static let document = #"{"name":"Loom","tags":["json","swift"],"size":1.50,"big":12345678901234567890123,"empty":{},"none":[],"nested":{"b":2,"a":1}}"#

    @Test("pretty-prints with two spaces by default, numbers as written, trailing newline")
    func prettyDefault() {
        let result = loom("format", "-", stdin: Data(Self.document))
        #expect(result.exitCode == 0)
        #expect(result.standardError == "")
        #expect(
            result.standardOutput == """
                {
                  "name": "Loom",
                  "tags": [
                    "json",
                    "swift"
                  ],
                  "size": 1.50,
                  "big": 12345678901234567890123,
                  "empty": {},
                  "none": [],
                  "nested": {
                    "b": 2,
                    "a": 1
                  }
                }

                """)
    }

    @Test("--indent sets the spaces per level", arguments: [0, 1, 4, 8])
    func indent(width: Int) {
        let result = loom("format", "--indent", String(width), "-", stdin: Data(#"{"a":[1,{"b":null}]}"#))
        let pad = { (level: Int) in String(repeating: " ", count: level * width) }
        #expect(result.exitCode == 0)
        #expect(
            result.standardOutput
                == "{\n\(pad(1))\"a\": [\n\(pad(2))1,\n\(pad(2)){\n\(pad(3))\"b\": null\n\(pad(2))}\n\(pad(1))]\n}\n")
    }

    @Test("--compact writes one line")
    func compact() {
        let input = Data("{ \"a\" : [ 1 , 2.0e3 ] ,\n \"b\" : { } }")
        let result = loom("format", "--compact", "-", stdin: input)
        #expect(result.exitCode == 0)
        #expect(result.standardOutput == "{\"a\":[1,2.0e3],\"b\":{}}\n")
    }

    @Test("--sort-keys sorts members at every level by their bytes")
    func sortKeys() {
        let input = Data(#"{"b":1,"a":{"z":true,"é":0,"Z":false},"\u0041":2}"#)
        let result = loom("format", "--sort-keys", "--compact", "-", stdin: input)
        #expect(result.exitCode == 0)
        #expect(result.standardOutput == #"{"\u0041":2,"a":{"Z":false,"z":true,"é":0},"b":1}"# + "\n")
    }

    @Test("--escape-non-ascii and --escape-slashes")
    func escaping() {
        let input = Data(#"["é/😀", "a\/b"]"#)
        let plain = loom("format", "--compact", "-", stdin: input)
        #expect(plain.standardOutput == #"["é/😀","a\/b"]"# + "\n")
        let ascii = loom("format", "--compact", "--escape-non-ascii", "-", stdin: input)
        #expect(ascii.standardOutput == #"["\u00e9/\ud83d\ude00","a/b"]"# + "\n")
        let slashes = loom("format", "--compact", "--escape-slashes", "-", stdin: input)
        #expect(slashes.standardOutput == #"["é\/😀","a\/b"]"# + "\n")
    }

    @Test("--relaxed input is written as strict JSON")
    func relaxedInput() {
        let result = loom("format", "--relaxed", "--compact", "-", stdin: Data("[1, /* two */ 2,]"))
        #expect(result.exitCode == 0)
        #expect(result.standardOutput == "[1,2]\n")
    }

    @Test("invalid input prints the same error line as validate and exits 1")
    func invalidInput() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bad = try directory.write("bad.json", "{\n  \"id\": 1,\n  \"key\": 123 \"x\": 1\n}\n")
        let result = loom("format", bad)
        #expect(result.exitCode == 1)
        #expect(result.standardOutput == "")
        #expect(result.standardError == "\(bad):3:14: error: expected ',' or '}' after object member, found '\"'\n")
        #expect(loom("validate", bad).standardError == result.standardError)

        let missing = loom("format", directory.path("nope.json"))
        #expect(missing.exitCode == 1)
        #expect(missing.standardError == "\(directory.path("nope.json")): error: no such file or directory\n")
    }

    @Test("--output writes the file and nothing to standard output")
    func outputFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let source = try directory.write("in.json", "[1,{\"a\":2}]")
        let target = directory.path("out.json")
        let result = loom("format", source, "--output", target)
        #expect(result.exitCode == 0)
        #expect(result.standardOutput == "")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "[\n  1,\n  {\n    \"a\": 2\n  }\n]\n")

        // Formatting a file onto itself reads it fully before replacing it.
        #expect(loom("format", "-o", source, "--compact", source).exitCode == 0)
        #expect(try String(contentsOfFile: source, encoding: .utf8) == "[1,{\"a\":2}]\n")

        let unwritable = loom("format", source, "--output", directory.path("no/such/dir/out.json"))
        #expect(unwritable.exitCode == 1)
        #expect(unwritable.standardError.hasPrefix(directory.path("no/such/dir/out.json") + ": error: "))
    }

    @Test("formatting is idempotent")
    func idempotent() {
        let once = loom("format", "-", stdin: Data(Self.document))
        let twice = loom("format", "-", stdin: Data(once.standardOutputBytes))
        #expect(once.standardOutput == twice.standardOutput)
    }

    @Test("pretty output that would exceed the memory limit is refused, not attempted")
    func outputLimit() {
        // 200 levels at 16 spaces: about 640 KB of indentation from a 400-byte input.
        let input = Data(String(repeating: "[", count: 200) + String(repeating: "]", count: 200))
        let refused = loom("format", "--indent", "16", "-", stdin: input, formatOutputLimit: 100_000)
        #expect(refused.exitCode == 1)
        #expect(refused.standardOutput == "")
        #expect(
            refused.standardError
                == "<stdin>: error: pretty-printed output would need more than 100000 bytes of line breaks and indentation; use --compact or a smaller --indent\n")

        let compact = loom("format", "--compact", "-", stdin: input, formatOutputLimit: 100_000)
        #expect(compact.exitCode == 0)
        #expect(compact.standardOutputBytes == Array(input) + [0x0A])

        let pretty = loom("format", "--indent", "16", "-", stdin: input, formatOutputLimit: 10_000_000)
        #expect(pretty.exitCode == 0)
    }

    @Test(
        "the limit counts exactly the whitespace pretty-printing adds",
        arguments: [1, 2, 4],
        [#"{"a":[1,[2,[3,{"b":{"c":[]}}]],{"d":"/é"}],"e":{}}"#, "[[[[[[[[[[0]]]]]]]]]]", #"[{},[],"x",{"k":[{}]}]"#])
    func limitIsExact(indent: Int, document: String) {
        let input = Data(document)
        let pretty = loom("format", "--indent", String(indent), "-", stdin: input)
        let compact = loom("format", "--compact", "-", stdin: input)
        let whitespace = pretty.standardOutputBytes.count - compact.standardOutputBytes.count
        let atLimit = loom("format", "--indent", String(indent), "-", stdin: input, formatOutputLimit: whitespace)
        #expect(atLimit.exitCode == 0)
        #expect(atLimit.standardOutput == pretty.standardOutput)
        let overLimit = loom("format", "--indent", String(indent), "-", stdin: input, formatOutputLimit: whitespace - 1)
        #expect(overLimit.exitCode == 1)
        #expect(overLimit.standardOutput == "")
    }
}
