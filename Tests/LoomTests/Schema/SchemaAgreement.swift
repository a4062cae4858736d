import Foundation
import Loom
import SchemaValidation
import Testing

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
    let verdicts = try SchemaValidator.validate(checks.map { ($0.schema, $0.instance) })
    var counts = (accepted: 0, rejected: 0)
    for (check, verdict) in zip(checks, verdicts) {
        if check.decodeError == nil { counts.accepted += 1 } else { counts.rejected += 1 }
        if let verdict, verdict.hasPrefix("invalid schema") {
            Issue.record("\(check.label): \(verdict)", sourceLocation: sourceLocation)
            continue
        }
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
