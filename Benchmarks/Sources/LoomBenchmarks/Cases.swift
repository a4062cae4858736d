import Foundation
import Loom

/// The table of benchmark cases for one corpus. Every case is built from inputs prepared
/// when it is built (outside timing); each timed call starts again from those inputs.
func benchmarkCases(for corpus: Corpus) -> [CaseSpec] {
    var cases = [
        CaseSpec(id: "parse-document", title: "parse → internal representation", corpus: corpus) {
            parseDocumentCase(corpus)
        },
        CaseSpec(id: "parse-value", title: "parse → JSONValue", corpus: corpus) { parseValueCase(corpus) },
    ]
    // Writing a 60 MB tree with JSONSerialization takes about 15 s an iteration: the large
    // payload has no write row (its rows parse, decode and encode).
    if corpus.name != GeneratedPayload.largeName {
        cases.append(CaseSpec(id: "write", title: "write JSONValue → bytes", corpus: corpus) { writeCase(corpus) })
    }
    switch corpus.name {
    case "twitter.json":
        cases += modelCases(TwitterSearch.self, corpus: corpus)
        // The same file read by a model of the fields a timeline shows: mostly skipping.
        cases.append(
            CaseSpec(id: "decode-subset", title: "decode models (timeline subset)", corpus: corpus) {
                modelCase(TimelineSearch.self, corpus: corpus, decode: true, id: "decode-subset", title: "decode models (timeline subset)")
            })
        // The timeline subset with one mapping feature each (FeatureCases.swift).
        cases += twitterFeatureCases(for: corpus)
    case "citm_catalog.json": cases += modelCases(CitmCatalog.self, corpus: corpus)
    case "canada.json":
        cases += modelCases(FeatureCollection.self, corpus: corpus)
        cases += canadaFeatureCases(for: corpus)
    case GeneratedPayload.largeName: cases += modelCases(LargeRecords.self, corpus: corpus)
    default: break
    }
    return cases
}

private func parseDocumentCase(_ corpus: Corpus) -> BenchmarkCase {
    let data = corpus.data
    return BenchmarkCase(
        id: "parse-document", title: "parse → internal representation", corpus: corpus,
        loom: Side(label: "JSONDocument(parsing:)") { try JSONDocument(parsing: data).nodeCount },
        foundation: foundationParse(data),
        extras: SimdjsonCeiling.side(for: data).map { [$0] } ?? [],
        check: {
            let document = try JSONDocument(parsing: data)
            let object = try JSONSerialization.jsonObject(with: data)
            var comparison = FoundationComparison()
            // Elements do not retain their document: keep it alive while walking them.
            try withExtendedLifetime(document) { try comparison.compare(document.root, object) }
            if let note = comparison.note(corpus.name) { Log.note(note) }
            // simdjson must see the same document: as many values as Loom's index holds.
            if let values = try SimdjsonCeiling.valueCount(data) {
                let stats = withExtendedLifetime(document) { TreeStats(document.root) }
                try expectEqual(values, stats.values, "simdjson and Loom value counts")
            }
        })
}

private func parseValueCase(_ corpus: Corpus) -> BenchmarkCase {
    let data = corpus.data
    return BenchmarkCase(
        id: "parse-value", title: "parse → JSONValue", corpus: corpus,
        loom: Side(label: "JSONValue(parsing:)") { try JSONValue(parsing: data).topLevelCount },
        foundation: foundationParse(data),
        check: {
            let value = try JSONValue(parsing: data)
            // The tree must hold exactly what the document indexes…
            let document = try JSONDocument(parsing: data)
            let indexed = withExtendedLifetime(document) { TreeStats(document.root) }
            try expectEqual(TreeStats(value), indexed, "JSONValue and JSONDocument")
            // …and match Foundation's reading.
            var comparison = FoundationComparison()
            try comparison.compare(value, try JSONSerialization.jsonObject(with: data))
        })
}

private func foundationParse(_ data: Data) -> Side {
    Side(label: "JSONSerialization.jsonObject(with:)") {
        foundationTopLevelCount(try JSONSerialization.jsonObject(with: data))
    }
}

private func foundationTopLevelCount(_ object: Any) -> Int {
    (object as? [String: Any])?.count ?? (object as? [Any])?.count ?? 0
}

extension JSONValue {
    fileprivate var topLevelCount: Int { objectValue?.count ?? arrayValue?.count ?? 0 }
}

/// Writing compact JSON from each library's own parsed tree (parsed once, outside timing).
private func writeCase(_ corpus: Corpus) -> BenchmarkCase {
    let data = corpus.data
    // A parse failure surfaces in `check`, which runs before timing; these stand-ins are
    // never timed then.
    let value = Prepared { (try? JSONValue(parsing: data)) ?? .null }
    let object = Prepared { () -> Any in (try? JSONSerialization.jsonObject(with: data)) ?? NSNull() }
    return BenchmarkCase(
        id: "write", title: "write JSONValue → bytes", corpus: corpus,
        loom: Side(label: "JSONValue.jsonBytes()", prepare: { _ = try value.get() }) {
            try value.get().jsonBytes().count
        },
        foundation: Side(label: "JSONSerialization.data(withJSONObject:)", prepare: { _ = try object.get() }) {
            try JSONSerialization.data(withJSONObject: try object.get()).count
        },
        check: {
            let original = try JSONValue(parsing: data)
            var comparison = FoundationComparison()
            // Loom's output must read back as exactly the same value in Loom, and as the
            // same content in Foundation.
            let loomBytes = try original.jsonBytes()
            try expectEqual(try JSONValue(parsing: loomBytes), original, "JSONValue before and after a Loom write")
            try comparison.compare(original, try JSONSerialization.jsonObject(with: Data(loomBytes)))
            // Foundation's output must hold the whole document (its key order is its own).
            let foundationBytes = try JSONSerialization.data(withJSONObject: try object.get())
            try comparison.compare(try JSONValue(parsing: foundationBytes), try object.get())
        })
}

/// "decode models" and "encode models" for one corpus: Foundation's `JSONDecoder` /
/// `JSONEncoder` always, Loom's model coding when `Model` adopts ``LoomModelCoding``.
private func modelCases<Model: CorpusModel>(_ type: Model.Type, corpus: Corpus) -> [CaseSpec] {
    [
        CaseSpec(id: "decode-models", title: "decode models", corpus: corpus) {
            modelCase(Model.self, corpus: corpus, decode: true)
        },
        CaseSpec(id: "encode-models", title: "encode models", corpus: corpus) {
            modelCase(Model.self, corpus: corpus, decode: false)
        },
    ]
}

private func modelCase<Model: CorpusModel>(
    _ type: Model.Type, corpus: Corpus, decode: Bool, id: String = "decode-models", title: String = "decode models"
) -> BenchmarkCase {
    let data = corpus.data
    let decoder = JSONDecoder()
    let encoder = JSONEncoder()
    let loom = (Model.self as? any (CorpusModel & LoomModelCoding).Type).map { loomModelSides($0, data: data) }
    if decode {
        return BenchmarkCase(
            id: id, title: title, corpus: corpus,
            loom: loom?.decode,
            foundation: Side(label: "JSONDecoder.decode(_:from:)") { try decoder.decode(Model.self, from: data).topLevelCount },
            extras: allocationFloorSides(Model.self, data: data, decoder: decoder),
            check: {
                let reference = try Model.digest(of: JSONValue(parsing: data))
                try expectEqual(try decoder.decode(Model.self, from: data).digest, reference, "JSONDecoder model and JSONValue digests")
                if let loom { try expectEqual(try loom.decodeDigest(), reference, "Loom model and JSONValue digests") }
            },
            expectedAllocations: { ExpectedAllocations.count(in: try decoder.decode(Model.self, from: data)) })
    }
    let model = Prepared { try decoder.decode(Model.self, from: data) }
    return BenchmarkCase(
        id: "encode-models", title: "encode models", corpus: corpus,
        loom: loom?.encode,
        foundation: Side(label: "JSONEncoder.encode(_:)", prepare: { _ = try model.get() }) {
            try encoder.encode(try model.get()).count
        },
        check: {
            let reference = try Model.digest(of: JSONValue(parsing: data))
            let encoded = try encoder.encode(try decoder.decode(Model.self, from: data))
            try expectEqual(try decoder.decode(Model.self, from: encoded).digest, reference, "digests before and after JSONEncoder")
            if let loom { try expectEqual(try loom.encodeDigest(), reference, "digests before and after Loom encoding") }
        })
}

/// The "allocations alone" side of a model that is an ``AllocationFloor``: its decoded
/// value's storage copied and freed, timed like a decode.
private func allocationFloorSides<Model: CorpusModel>(_ type: Model.Type, data: Data, decoder: JSONDecoder) -> [Side] {
    guard Model.self is any AllocationFloor.Type else { return [] }
    let model = Prepared { try decoder.decode(Model.self, from: data) }
    return [
        Side(label: "allocations alone (the decoded value's storage copied and freed, no parsing)", prepare: { _ = try model.get() }) {
            guard let floor = try model.get() as? any AllocationFloor else { throw CheckFailure("\(Model.self) has no allocation floor") }
            return floor.rebuildingEveryAllocation()
        }
    ]
}

/// Loom's timed sides for a model type that has Loom coding, plus their checks. The encoded
/// bytes are read back with `JSONDecoder`, so each library checks the other's output.
private struct LoomModelSides {
    let decode: Side
    let encode: Side
    let decodeDigest: () throws -> ModelDigest
    let encodeDigest: () throws -> ModelDigest
}

private func loomModelSides<Model: CorpusModel & LoomModelCoding>(_ type: Model.Type, data: Data) -> LoomModelSides {
    let model = Prepared { try Model.loomDecode(from: data) }
    return LoomModelSides(
        decode: Side(label: "\(Model.self).loomDecode(from:)") { try Model.loomDecode(from: data).topLevelCount },
        encode: Side(label: "\(Model.self).loomEncode()", prepare: { _ = try model.get() }) {
            try model.get().loomEncode().count
        },
        decodeDigest: { try Model.loomDecode(from: data).digest },
        encodeDigest: {
            let encoded = try Model.loomDecode(from: data).loomEncode()
            return try JSONDecoder().decode(Model.self, from: encoded).digest
        })
}
