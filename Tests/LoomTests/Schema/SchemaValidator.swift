import Foundation
import Loom
import Testing

/// Validates documents against JSON Schemas with Python's `jsonschema` package (Draft 2020-12),
/// one Python process per batch: the schemas Loom writes are checked by a validator Loom did
/// not write.
enum SchemaValidator {
    /// Why the validator cannot run, or `nil` when it can.
    static let unavailableReason: String? = {
        #if os(macOS) || os(Linux)
        guard let result = try? run(["-c", "import jsonschema"], input: nil) else { return "python3 is not installed" }
        return result.status == 0 ? nil : "python3 has no jsonschema package (python3 -m pip install jsonschema)"
        #else
        return "no subprocesses on this platform"
        #endif
    }()

    static var isAvailable: Bool { unavailableReason == nil }

    /// One check: `instance` against `schema`.
    struct Case {
        var schema: JSONValue
        var instance: JSONValue
        var label: String
    }

    /// The validator's verdict per case: `nil` when valid, else its first error message.
    /// A schema that is not itself a valid Draft 2020-12 schema is reported as an issue.
    static func validate(_ cases: [Case], sourceLocation: SourceLocation = #_sourceLocation) throws -> [String?] {
        let script = """
            import json, sys
            from jsonschema import Draft202012Validator
            batch = json.load(open(sys.argv[1]))
            out = []
            for item in batch:
                try:
                    Draft202012Validator.check_schema(item["schema"])
                except Exception as error:
                    out.append("invalid schema: " + str(error).splitlines()[0])
                    continue
                errors = sorted(Draft202012Validator(item["schema"]).iter_errors(item["instance"]), key=lambda e: list(e.path))
                out.append(None if not errors else "/".join(map(str, errors[0].path)) + ": " + errors[0].message[:300])
            json.dump(out, sys.stdout)
            """
        let batch = JSONValue.array(JSONArray(cases.map { .object(["schema": $0.schema, "instance": $0.instance]) }))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("loom-schema-\(UUID().uuidString).json")
        try Data(batch.description.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try run(["-c", script, file.path], input: nil)
        guard result.status == 0 else {
            Issue.record("jsonschema failed: \(result.error)", sourceLocation: sourceLocation)
            return cases.map { _ in "validator failed" }
        }
        let verdicts = try JSONValue(parsing: result.output)
        guard let list = verdicts.arrayValue, list.count == cases.count else {
            Issue.record("unexpected validator output: \(result.output.prefix(200))", sourceLocation: sourceLocation)
            return cases.map { _ in "validator failed" }
        }
        for (verdict, item) in zip(list, cases) where verdict.stringValue?.hasPrefix("invalid schema") == true {
            Issue.record("\(item.label): \(verdict.stringValue ?? "")", sourceLocation: sourceLocation)
        }
        return list.map(\.stringValue)
    }

    private static func run(_ arguments: [String], input: Data?) throws -> (status: Int32, output: String, error: String) {
        #if os(macOS) || os(Linux)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Read before waiting: a full pipe would block the child.
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
        #else
        throw CocoaError(.featureUnsupported)
        #endif
    }
}

/// One document checked both ways: does the model decode it, does its schema accept it.
struct SchemaAgreement {
    var label: String
    var schema: JSONValue
    var instance: JSONValue
    /// `nil` when the model decodes the document, else the error.
    var decodeError: String?
}

extension SchemaAgreement {
    /// Decodes `text` as `T` and pairs it with `T`'s schema.
    init<T: JSONDecodable>(_ type: T.Type, _ label: String, _ text: String, schema: JSONValue? = nil) throws {
        self.label = label
        self.schema = schema ?? T.jsonSchema
        instance = try JSONValue(parsing: text)
        do {
            _ = try JSONModelDecoder().decode(T.self, from: text)
            decodeError = nil
        } catch {
            decodeError = "\(error)"
        }
    }
}

/// Runs every document through the validator and records each disagreement with the model,
/// showing the input; returns how many the model accepted and rejected.
@discardableResult
func expectAgreement(_ checks: [SchemaAgreement], sourceLocation: SourceLocation = #_sourceLocation) throws -> (
    accepted: Int, rejected: Int
) {
    let verdicts = try SchemaValidator.validate(
        checks.map { .init(schema: $0.schema, instance: $0.instance, label: $0.label) }, sourceLocation: sourceLocation)
    var counts = (accepted: 0, rejected: 0)
    for (check, verdict) in zip(checks, verdicts) {
        if check.decodeError == nil { counts.accepted += 1 } else { counts.rejected += 1 }
        switch (check.decodeError, verdict) {
        case (nil, let schemaError?):
            Issue.record(
                "\(check.label): Loom decodes it but the schema rejects it (\(schemaError))\ninput: \(check.instance)",
                sourceLocation: sourceLocation)
        case (let decodeError?, nil):
            Issue.record(
                "\(check.label): the schema accepts it but Loom rejects it (\(decodeError))\ninput: \(check.instance)",
                sourceLocation: sourceLocation)
        default:
            break
        }
    }
    return counts
}
