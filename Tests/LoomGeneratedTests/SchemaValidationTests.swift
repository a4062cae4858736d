import Foundation
import Loom
import SchemaValidation
import Testing

/// The generated models' own `jsonSchema`, checked with Python's `jsonschema`: it accepts
/// every document the models decode, and for models generated from a JSON Schema
/// (`loom generate --schema`), every document the input schema accepts (its formats
/// asserted, as the models assert them).
@Suite("generated models' JSON Schemas", .enabled(if: SchemaValidator.isAvailable, "\(SchemaValidator.unavailableReason ?? "")"))
struct SchemaValidationTests {
    static func read(_ path: String) throws -> JSONValue {
        try JSONValue(parsing: try Data(contentsOf: packageRoot.appendingPathComponent(path)))
    }

    /// For each document: the input schema accepts it → the models decode it and their schema
    /// accepts it; the models decode it → their schema accepts it. Every failure shows the input.
    static func expectRoundTrip<T: JSONDecodable>(
        _ type: T.Type, schema input: JSONValue, samples: [JSONValue], seed: UInt64, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (acceptedByInput: Int, total: Int) {
        let own = T.jsonSchema
        var documents = samples
        var mutator = SchemaMutator(seed: seed)
        for sample in documents { for _ in 0..<60 { documents.append(mutator.mutate(sample)) } }
        // The generated models check the formats the input schema names (a `date` is a Date
        // read with a pattern), so the input schema is applied with its formats asserted.
        let byInputs = try SchemaValidator.validate(documents.map { (input, $0) }, assertingFormats: true)
        let byOwns = try SchemaValidator.validate(documents.map { (own, $0) })
        var accepted = 0
        for (index, document) in documents.enumerated() {
            let (byInput, byOwn) = (byInputs[index], byOwns[index])
            var decodeError: String?
            do { _ = try JSONModelDecoder().decode(T.self, from: document) } catch { decodeError = "\(error)" }
            if byInput == nil {
                accepted += 1
                if let decodeError {
                    Issue.record("the input schema accepts it, the models reject it (\(decodeError))\ninput: \(document)", sourceLocation: sourceLocation)
                }
                if let byOwn {
                    Issue.record("the input schema accepts it, the models' schema rejects it (\(byOwn))\ninput: \(document)", sourceLocation: sourceLocation)
                }
            } else if decodeError == nil, let byOwn {
                Issue.record("the models decode it, their schema rejects it (\(byOwn))\ninput: \(document)", sourceLocation: sourceLocation)
            }
        }
        return (accepted, documents.count)
    }

    static let schemas = fixtures + "Schemas/"

    @Test("pet-store.schema.json → loom generate --schema → the models' schema accepts what it accepts")
    func petStore() throws {
        // The fixture's pets 1 and 3 are outside the schema on purpose (they reach the
        // fallback cases); the others are the sample here.
        var sample = try Self.read(Self.schemas + "pet-store.json")
        let pets = sample["pets"]?.arrayValue ?? []
        sample["pets"] = .array(JSONArray(pets.enumerated().filter { ![1, 3].contains($0.offset) }.map(\.element)))
        let counts = try Self.expectRoundTrip(
            PetStorePetPage.self, schema: Self.read(Self.schemas + "pet-store.schema.json"), samples: [sample], seed: 1)
        #expect(counts.acceptedByInput > 3)
    }

    @Test("events.schema.json → loom generate --schema → the models' schema accepts what it accepts")
    func events() throws {
        let counts = try Self.expectRoundTrip(
            EventsAPI.Feed.self, schema: Self.read(Self.schemas + "events.schema.json"),
            samples: [Self.read(Self.schemas + "events-a.json"), Self.read(Self.schemas + "events-b.json")], seed: 2)
        #expect(counts.acceptedByInput > 3)
    }

    @Test("unsupported.schema.json → loom generate --schema → the models' schema accepts what it accepts")
    func unsupported() throws {
        // A reference to another document cannot be followed here: it accepts anything.
        let input = Self.localized(try Self.read(Self.schemas + "unsupported.schema.json"))
        let counts = try Self.expectRoundTrip(
            PermissiveRoot.self, schema: input, samples: [Self.read(Self.schemas + "unsupported.json")], seed: 3)
        #expect(counts.acceptedByInput > 3)
    }

    /// `schema` with every reference to another document replaced by `{}`.
    static func localized(_ schema: JSONValue) -> JSONValue {
        if let object = schema.objectValue {
            if case .string(let target)? = object["$ref"], !target.hasPrefix("#") { return [:] }
            return .object(JSONObject(object.map { ($0.key, localized($0.value)) }))
        }
        if let array = schema.arrayValue { return .array(JSONArray(array.map(localized))) }
        return schema
    }

    @Test(
        "the corpora validate against the schemas of the models generated from them",
        .enabled(if: ["twitter.json", "citm_catalog.json", "canada.json"].allSatisfy(Corpus.isPresent), "../shared/corpora is absent"))
    func corpora() throws {
        let cases: [(JSONValue, String)] = [
            (TwitterAPI.SearchResult.jsonSchema, "twitter.json"), (CITMAPI.Catalog.jsonSchema, "citm_catalog.json"),
            (CanadaFeatureCollection.jsonSchema, "canada.json"),
        ]
        let verdicts = try SchemaValidator.validate(try cases.map { ($0.0, try JSONValue(parsing: Data(contentsOf: URL(fileURLWithPath: Corpus.path($0.1))))) })
        for (verdict, entry) in zip(verdicts, cases) { #expect(verdict == nil, "\(entry.1): \(verdict ?? "")") }
    }
}
