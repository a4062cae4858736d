import Foundation
import Testing

@Suite("loom usage errors")
struct UsageTests {
    @Test(
        "usage errors exit 2 with a message and usage on standard error",
        arguments: [
            (["validate"], "Error: Missing expected argument '<file> ...'"),
            (["validate", "--bogus", "a.json"], "Error: Unknown option '--bogus'"),
            (["validate", "--max-depth", "0", "a.json"], "Error: --max-depth must be at least 1, got 0."),
            (["validate", "--max-depth", "ten", "a.json"], "Error: The value 'ten' is invalid for '--max-depth <n>'"),
            (["validate", "-", "-"], "Error: '-' (standard input) can be given only once."),
            (["format"], "Error: Missing expected argument '<file>'"),
            (["format", "a.json", "b.json"], "Error: Unexpected argument 'b.json'"),
            (["format", "--compact", "--indent", "4", "a.json"], "Error: --indent cannot be combined with --compact."),
            (["format", "--indent", "17", "a.json"], "Error: --indent must be between 0 and 16, got 17."),
            (["frobnicate"], "Error: Unexpected argument 'frobnicate'"),
        ])
    func usageError(arguments: [String], firstLine: String) {
        let result = loom(arguments)
        #expect(result.exitCode == 2)
        #expect(result.standardOutput == "")
        #expect(result.standardError.hasPrefix(firstLine + "\n"))
        #expect(result.standardError.contains("Usage: loom"))
    }

    @Test("a bare `loom` names no subcommand: help on standard error, exit 2")
    func noSubcommand() {
        let result = loom([])
        #expect(result.exitCode == 2)
        #expect(result.standardOutput == "")
        #expect(result.standardError.contains("USAGE: loom <subcommand>"))
        #expect(result.standardError.contains("validate"))
        #expect(result.standardError.contains("format"))
    }

    @Test("--help prints on standard output and exits 0", arguments: [["--help"], ["validate", "--help"], ["help", "format"]])
    func help(arguments: [String]) {
        let result = loom(arguments)
        #expect(result.exitCode == 0)
        #expect(result.standardError == "")
        #expect(result.standardOutput.contains("USAGE: loom"))
    }

    @Test("usage is checked before any input is read")
    func usageBeforeInput() {
        // The missing file would be an exit-1 error; the bad flag wins.
        let result = loom("validate", "--nope", "/no/such/file.json")
        #expect(result.exitCode == 2)
        #expect(!result.standardError.contains("no such file"))
    }
}
