import Foundation
import Loom
import SchemaValidation
import Testing

/// `loom schema FILE...`: the JSON Schema of the models `loom generate` makes from the same
/// samples, checked with Python's `jsonschema`.
@Suite("loom schema")
struct SchemaCommandTests {
    static let samples: [(files: [String], options: [String])] = [
        (["Examples/github-issue.json"], []),
        (["Examples/news-feed.json"], []),
        (["Examples/weather.json"], []),
        (["Examples/github-issue.json"], ["--no-dates", "--no-urls", "--no-uuids"]),
        (["Tests/LoomCLITests/Generate/Fixtures/keys.json"], []),
        (["Tests/LoomCLITests/Generate/Fixtures/numbers.json"], []),
        (["Tests/LoomCLITests/Generate/Fixtures/strings.json"], []),
        (["Tests/LoomCLITests/Generate/Fixtures/optionals.json"], []),
        (["Tests/LoomCLITests/Generate/Fixtures/maps.json"], []),
        (["Tests/LoomCLITests/Generate/Fixtures/shapes.json"], []),
        (["Tests/LoomCLITests/Generate/Fixtures/shapes-across.json"], []),
        (["Tests/LoomCLITests/Generate/Fixtures/enums.json"], ["--enums"]),
        (["Tests/LoomCLITests/Generate/Fixtures/enums.json"], []),
        (["Tests/LoomCLITests/Generate/Fixtures/merges.json"], []),
        (["Tests/LoomCLITests/Generate/Fixtures/scalars.json"], []),
        (["Tests/LoomCLITests/Generate/Fixtures/list.json"], []),
        (["Tests/LoomCLITests/Generate/Fixtures/sample-a.json", "Tests/LoomCLITests/Generate/Fixtures/sample-b.json"], []),
        (["Tests/LoomCLITests/Generate/Fixtures/Real/ec2-waiters-2.json"], ["--enums"]),
        (["Tests/LoomCLITests/Generate/Fixtures/Real/s3-paginators-1.json", "Tests/LoomCLITests/Generate/Fixtures/Real/dynamodb-paginators-1.json"], []),
    ]

    @Test(
        "every sample validates against the schema inferred from it",
        .enabled(if: SchemaValidator.isAvailable, "\(SchemaValidator.unavailableReason ?? "")"))
    func samplesValidate() throws {
        var pairs: [(schema: JSONValue, instance: JSONValue)] = []
        var labels: [String] = []
        for (files, options) in Self.samples {
            let paths = files.map { packageRoot.appendingPathComponent($0).path }
            let result = loom(["schema"] + options + paths)
            #expect(result.exitCode == 0, "\(files): \(result.standardError)")
            let schema = try JSONValue(parsing: result.standardOutputBytes)
            #expect(schema["$schema"] == "https://json-schema.org/draft/2020-12/schema")
            for path in paths {
                pairs.append((schema, try JSONValue(parsing: Data(contentsOf: URL(fileURLWithPath: path)))))
                labels.append("\(path) \(options)")
            }
        }
        for (verdict, label) in zip(try SchemaValidator.validate(pairs), labels) {
            #expect(verdict == nil, "\(label): \(verdict ?? "")")
        }
    }

    @Test("the schema states the inferred types: keys, optionality, formats, models under $defs")
    func inferredTypes() throws {
        let path = packageRoot.appendingPathComponent("Examples/github-issue.json").path
        let schema = try JSONValue(parsing: loom("schema", path, "--name", "Issue").standardOutputBytes)
        #expect(schema["$ref"] == "#/$defs/Issue")
        #expect(schema[path: "$defs.Issue.title"] == "Issue")
        #expect(schema[path: "$defs.Issue.properties.html_url.format"] == "uri")
        #expect(schema[path: "$defs.Issue.properties.created_at.format"] == "date-time")
        #expect(schema[path: "$defs.Issue.properties.user"] == ["$ref": "#/$defs/User"])
        // Always null in the sample: JSONValue, which accepts anything.
        #expect(schema[path: "$defs.Issue.properties.closed_at"] == [:])
        #expect(schema[path: "$defs.Issue.required"]?.arrayValue?.contains("number") == true)
        #expect(schema[path: "$defs.Issue.required"]?.arrayValue?.contains("closed_at") == false)
    }

    @Test("invalid input is reported like loom generate does; no file is a usage error")
    func errors() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let bad = try directory.write("bad.json", "{\"a\": }")
        let result = loom("schema", bad)
        #expect(result.exitCode == 1)
        #expect(result.standardError == "\(bad):1:7: error: expected a value, found '}'\n")
        #expect(loom("schema").exitCode == 2)
    }
}
