import Foundation
import Loom

/// Validates documents against JSON Schemas with Python's `jsonschema` package (the draft the
/// schema's `$schema` names, Draft 2020-12 without one),
/// one Python process per batch: the schemas Loom writes are checked by a validator Loom did
/// not write. Shared by the test targets; `format` is not asserted (an annotation in 2020-12).
public enum SchemaValidator {
    /// Why the validator cannot run, or `nil` when it can.
    public static let unavailableReason: String? = {
        #if os(macOS) || os(Linux)
        guard let result = try? run(["-c", "import jsonschema"]) else { return "python3 is not installed" }
        return result.status == 0 ? nil : "python3 has no jsonschema package (python3 -m pip install jsonschema)"
        #else
        return "no subprocesses on this platform"
        #endif
    }()

    /// Whether python3 with `jsonschema` is there.
    public static var isAvailable: Bool { unavailableReason == nil }

    /// A failure of the validator itself (not a verdict).
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The verdict per pair: `nil` when `instance` is valid against `schema`, else the first
    /// error (`path: message`); a schema that is not itself a valid schema gives
    /// `invalid schema: …`.
    ///
    /// With `assertingFormats`, `format` is checked too, for the formats `jsonschema` knows
    /// without extra packages (`date`, `date-time`, `time`, `uuid`, `email`, …, not `uri`).
    ///
    /// - Throws: ``Failure`` when python3 fails or answers something unexpected.
    public static func validate(_ pairs: [(schema: JSONValue, instance: JSONValue)], assertingFormats: Bool = false) throws
        -> [String?]
    {
        let script = """
            import json, sys
            from jsonschema import Draft202012Validator
            from jsonschema.validators import validator_for
            batch = json.load(open(sys.argv[1]))
            out = []
            for item in batch:
                validator = validator_for(item["schema"], default=Draft202012Validator)
                try:
                    validator.check_schema(item["schema"])
                except Exception as error:
                    out.append("invalid schema: " + str(error).splitlines()[0])
                    continue
                checker = validator.FORMAT_CHECKER if item.get("formats") else None
                errors = sorted(validator(item["schema"], format_checker=checker).iter_errors(item["instance"]), key=lambda e: list(map(str, e.path)))
                out.append(None if not errors else "/".join(map(str, errors[0].path)) + ": " + errors[0].message[:300])
            json.dump(out, sys.stdout)
            """
        let batch = JSONValue.array(
            JSONArray(pairs.map { .object(["schema": $0.schema, "instance": $0.instance, "formats": .bool(assertingFormats)]) }))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("loom-schema-\(UUID().uuidString).json")
        try Data(batch.description.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try run(["-c", script, file.path])
        guard result.status == 0 else { throw Failure(description: "jsonschema failed: \(result.error)") }
        guard let list = try JSONValue(parsing: result.output).arrayValue, list.count == pairs.count else {
            throw Failure(description: "unexpected validator output: \(result.output.prefix(200))")
        }
        return list.map(\.stringValue)
    }

    private static func run(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        #if os(macOS) || os(Linux)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Standard error is small; standard output is read to its end before waiting, so a
        // full pipe never blocks the child.
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
        #else
        throw Failure(description: "no subprocesses on this platform")
        #endif
    }
}
