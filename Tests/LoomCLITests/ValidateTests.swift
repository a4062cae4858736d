import Foundation
import Testing

@Suite("loom validate")
struct ValidateTests {
    @Test("valid files exit 0 and print nothing")
    func validFiles() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let first = try directory.write("a.json", #"{"a": [1, 2.50, -0, 1e400, "x\u00e9"], "b": null}"#)
        let second = try directory.write("b.json", " 42 \n")
        let result = loom("validate", first, second)
        #expect(result.exitCode == 0)
        #expect(result.standardOutput == "")
        #expect(result.standardError == "")
    }

    @Test("an invalid file prints FILE:LINE:COLUMN: error: MESSAGE and exits 1")
    func invalidFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bad = try directory.write("bad.json", "{\n  \"id\": 1,\n  \"key\": 123 \"x\": 1\n}\n")
        let result = loom("validate", bad)
        #expect(result.exitCode == 1)
        #expect(result.standardOutput == "")
        #expect(result.standardError == "\(bad):3:14: error: expected ',' or '}' after object member, found '\"'\n")
    }

    @Test("every input is checked; one line per invalid input, in order")
    func mixedInputs() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let good = try directory.write("good.json", "[]")
        let bad1 = try directory.write("bad1.json", "{\"a\": 1,}")
        let bad2 = try directory.write("bad2.json", "{\"a\" 1}")
        let result = loom("validate", bad1, good, bad2)
        #expect(result.exitCode == 1)
        #expect(
            result.standardError == """
                \(bad1):1:9: error: trailing comma before '}' is not allowed
                \(bad2):1:6: error: expected ':' after object key, found '1'

                """)
    }

    @Test("an unreadable file prints FILE: error: REASON and exits 1")
    func missingFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let good = try directory.write("good.json", "true")
        let missing = directory.path("missing.json")
        let result = loom("validate", missing, good, directory.url.path)
        #expect(result.exitCode == 1)
        #expect(
            result.standardError == """
                \(missing): error: no such file or directory
                \(directory.url.path): error: is a directory

                """)
    }

    @Test("'-' reads standard input, reported as <stdin>")
    func standardInput() {
        let valid = loom("validate", "-", stdin: Data(#"{"ok": true}"#))
        #expect(valid.exitCode == 0)
        #expect(valid.standardError == "")

        let invalid = loom("validate", "-", stdin: Data("[1, 2\n  3]"))
        #expect(invalid.exitCode == 1)
        #expect(invalid.standardError == "<stdin>:2:3: error: expected ',' or ']' after array element, found '3'\n")
    }

    @Test("--quiet prints nothing but keeps the exit status")
    func quiet() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bad = try directory.write("bad.json", "{")
        for flag in ["--quiet", "-q"] {
            let result = loom("validate", flag, bad, directory.path("missing.json"))
            #expect(result.exitCode == 1)
            #expect(result.standardError == "")
            #expect(result.standardOutput == "")
        }
    }

    @Test("--relaxed accepts comments and trailing commas")
    func relaxed() {
        let input = Data("// settings\n{\"a\": [1, 2,], /* note */ \"b\": 3,}\n")
        let strict = loom("validate", "-", stdin: input)
        #expect(strict.exitCode == 1)
        #expect(strict.standardError == "<stdin>:1:1: error: expected a value, found '/'\n")
        let relaxed = loom("validate", "--relaxed", "-", stdin: input)
        #expect(relaxed.exitCode == 0)
        #expect(relaxed.standardError == "")
    }

    @Test("--max-depth sets the nesting limit")
    func maxDepth() {
        let input = Data("[[[[1]]]]")
        #expect(loom("validate", "--max-depth", "4", "-", stdin: input).exitCode == 0)
        let tooDeep = loom("validate", "--max-depth", "3", "-", stdin: input)
        #expect(tooDeep.exitCode == 1)
        #expect(tooDeep.standardError == "<stdin>:1:4: error: nesting deeper than the limit of 3\n")
    }

    @Test("--reject-duplicate-keys reports the repeated key")
    func duplicateKeys() {
        let input = Data("{\"a\": 1,\n \"a\": 2}")
        #expect(loom("validate", "-", stdin: input).exitCode == 0)
        let result = loom("validate", "--reject-duplicate-keys", "-", stdin: input)
        #expect(result.exitCode == 1)
        #expect(result.standardError == "<stdin>:2:2: error: duplicate key \"a\" in object\n")
    }

    @Test(
        "invalid documents give the core's exact message",
        arguments: [
            ("", "<stdin>:1:1: error: empty input, expected a JSON value"),
            (" \n\t ", "<stdin>:2:3: error: empty input, expected a JSON value"),
            ("{}x", "<stdin>:1:3: error: unexpected 'x' after the top-level value"),
            ("[01]", "<stdin>:1:2: error: invalid number, leading zeros are not allowed"),
            ("NaN", "<stdin>:1:1: error: expected a value, found 'N'"),
            ("\"\\ud800\"", "<stdin>:1:2: error: lone high surrogate \\uD800 not followed by a low surrogate escape"),
            ("{\"a\":tru}", "<stdin>:1:9: error: invalid literal, expected 'true', found '}'"),
            ("[\"abc", "<stdin>:1:6: error: unexpected end of input in a string"),
            ("[1,]", "<stdin>:1:4: error: expected a value, found ']'"),
        ])
    func invalidDocuments(input: String, expected: String) {
        let result = loom("validate", "-", stdin: Data(input))
        #expect(result.exitCode == 1)
        #expect(result.standardError == expected + "\n")
    }
}
