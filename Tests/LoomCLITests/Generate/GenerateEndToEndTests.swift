import Foundation
import Testing

@Suite(
    "loom generate: the executable",
    .enabled(if: LoomBinary.url != nil, "the loom executable was not found next to the tests or in .build/debug; run `swift build` first"))
struct GenerateEndToEndTests {
    @Test("the README command prints the golden output")
    func githubIssue() throws {
        let example = packageRoot.appendingPathComponent("Examples/github-issue.json").path
        let golden = try String(
            contentsOf: packageRoot.appendingPathComponent("Tests/LoomCLITests/Generate/Golden/github-issue.swift.txt"),
            encoding: .utf8)
        #expect(try LoomBinary.run(["generate", example, "--name", "Issue"]) == .init(status: 0, stdout: golden, stderr: ""))
    }

    @Test("invalid input exits 1 with FILE:LINE:COLUMN, with --class too")
    func errors() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bad = try directory.write("bad.json", "{\n  \"id\": 1,\n  \"key\": 123 \"x\": 1\n}\n")
        #expect(
            try LoomBinary.run(["generate", bad])
                == .init(status: 1, stdout: "", stderr: "\(bad):3:14: error: expected ',' or '}' after object member, found '\"'\n"))
        #expect(
            try LoomBinary.run(["generate", "--class", bad])
                == .init(status: 1, stdout: "", stderr: "\(bad):3:14: error: expected ',' or '}' after object member, found '\"'\n"))
    }

    @Test("--class prints the golden class output")
    func githubIssueClass() throws {
        let example = packageRoot.appendingPathComponent("Examples/github-issue.json").path
        let golden = try String(
            contentsOf: packageRoot.appendingPathComponent("Tests/LoomCLITests/Generate/Golden/github-issue-class.swift.txt"),
            encoding: .utf8)
        #expect(
            try LoomBinary.run(["generate", example, "--name", "Issue", "--class"]) == .init(status: 0, stdout: golden, stderr: ""))
    }

    @Test("1,000,000 '[' on standard input is an error, not a crash")
    func deepNesting() throws {
        let outcome = try LoomBinary.run(["generate", "-"], stdin: Data(repeating: UInt8(ascii: "["), count: 1_000_000))
        #expect(outcome == .init(status: 1, stdout: "", stderr: "<stdin>:1:513: error: nesting deeper than the limit of 512\n"))
    }
}
