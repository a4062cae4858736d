import Foundation
import Loom

// MARK: Feature rows

// One decode row per mapping feature: the same corpus data as a plain row of the same corpus
// (`decode-subset` on twitter.json, `decode-models` on canada.json), mapped with the feature
// on Loom's side and with the `Codable` model a user would write for the same result on
// Foundation's. Each row's digest must equal the plain model's reference digest, so a feature
// row and its plain row decode the same information. The plain row's two sides are timed again
// in each feature row's interleaved rounds, so that the feature's ratio and the plain ratio it
// is compared with (the report's "ratio / plain ratio") see the same load.

/// The twitter.json feature rows; their plain row is `decode-subset`.
func twitterFeatureCases(for corpus: Corpus) -> [CaseSpec] {
    let plain = "decode-subset"
    // The reference: what the plain timeline model must read.
    let reference = { (value: JSONValue) in try TimelineSearch.digest(of: value) }
    let plainLoom = { (data: Data) in try TimelineSearch(jsonData: data) }
    return [
        featureSpec(
            "decode-keypaths", "decode models (timeline subset, key paths)", corpus: corpus, plain: plain,
            loomLabel: "KeyPathTimeline(jsonData:)", loom: { try KeyPathTimeline(jsonData: $0) },
            foundation: TimelineSearch.self, plainLoom: plainLoom, reference: reference),
        featureSpec(
            "decode-fallbacks", "decode models (timeline subset, fallback keys)", corpus: corpus, plain: plain,
            loomLabel: "FallbackTimeline(jsonData:)", loom: { try FallbackTimeline(jsonData: $0) },
            foundation: FallbackTimeline.self, plainLoom: plainLoom, reference: reference),
        featureSpec(
            "decode-hooks", "decode models (timeline subset, hooks)", corpus: corpus, plain: plain,
            loomLabel: "HookTimeline(jsonData:)", loom: { try HookTimeline(jsonData: $0) },
            foundation: HookTimeline.self, plainLoom: plainLoom, reference: reference),
        featureSpec(
            "decode-classes", "decode models (timeline subset, final classes)", corpus: corpus, plain: plain,
            loomLabel: "ClassTimeline(jsonData:)", loom: { try ClassTimeline(jsonData: $0) },
            foundation: ClassTimeline.self, plainLoom: plainLoom, reference: reference),
        featureSpec(
            "decode-flatten", "decode models (timeline subset, flattened counts)", corpus: corpus, plain: plain,
            loomLabel: "FlattenTimeline(jsonData:)", loom: { try FlattenTimeline(jsonData: $0) },
            foundation: FlattenTimeline.self, plainLoom: plainLoom, reference: reference),
        featureSpec(
            "decode-lossy", "decode models (timeline subset, lossy properties)", corpus: corpus, plain: plain,
            loomLabel: "LossyTimeline(jsonData:)", loom: { try LossyTimeline(jsonData: $0) },
            foundation: LossyTimeline.self, plainLoom: plainLoom, reference: reference),
    ]
}

/// The canada.json feature rows; their plain row is `decode-models`.
func canadaFeatureCases(for corpus: Corpus) -> [CaseSpec] {
    let plain = "decode-models"
    let plainLoom = { (data: Data) in try FeatureCollection(jsonData: data) }
    return [
        // The key path maps the name alone, not the whole `properties` object: the reference
        // without the property count.
        featureSpec(
            "decode-keypath", "decode models (key path)", corpus: corpus, plain: plain,
            loomLabel: "NamedFeatureCollection(jsonData:)", loom: { try NamedFeatureCollection(jsonData: $0) },
            foundation: CodableNamedFeatureCollection.self, plainLoom: plainLoom,
            reference: { try FeatureCollection.digest(of: $0).removing("properties") }),
        featureSpec(
            "decode-tagged", "decode models (internally tagged geometry)", corpus: corpus, plain: plain,
            loomLabel: "TaggedFeatureCollection(jsonData:)", loom: { try TaggedFeatureCollection(jsonData: $0) },
            foundation: TaggedFeatureCollection.self, plainLoom: plainLoom, reference: { try FeatureCollection.digest(of: $0) }),
        featureSpec(
            "decode-values", "decode models (tagged geometry, labeled values)", corpus: corpus, plain: plain,
            loomLabel: "ValuesFeatureCollection(jsonData:)", loom: { try ValuesFeatureCollection(jsonData: $0) },
            foundation: ValuesFeatureCollection.self, plainLoom: plainLoom, reference: { try FeatureCollection.digest(of: $0) }),
    ]
}

private func featureSpec<
    LoomModel: DecodedModel, FoundationModel: DecodedModel & Decodable, PlainModel: DecodedModel & Decodable
>(
    _ id: String, _ title: String, corpus: Corpus, plain: String, loomLabel: String,
    loom: @escaping (Data) throws -> LoomModel, foundation: FoundationModel.Type,
    plainLoom: @escaping (Data) throws -> PlainModel, reference: @escaping (JSONValue) throws -> ModelDigest
) -> CaseSpec {
    CaseSpec(id: id, title: title, corpus: corpus) {
        let data = corpus.data
        let decoder = JSONDecoder()
        var benchmark = BenchmarkCase(
            id: id, title: title, corpus: corpus,
            loom: Side(label: loomLabel) { try loom(data).topLevelCount },
            foundation: Side(label: "JSONDecoder.decode(\(FoundationModel.self).self, from:)") {
                try decoder.decode(FoundationModel.self, from: data).topLevelCount
            },
            check: {
                let expected = try reference(JSONValue(parsing: data))
                try expectEqual(try decoder.decode(FoundationModel.self, from: data).digest, expected, "JSONDecoder model and reference digests")
                try expectEqual(try loom(data).digest, expected, "Loom model and reference digests")
            },
            // What Loom's model must hold (its own layout: classes, a key path's flattened members).
            expectedAllocations: { ExpectedAllocations.count(in: try loom(data)) })
        benchmark.plain = plain
        // The plain row's sides, timed again in this row's rounds.
        benchmark.plainSides = (
            loom: Side(label: "plain: \(PlainModel.self)(jsonData:)") { try plainLoom(data).topLevelCount },
            foundation: Side(label: "plain: JSONDecoder.decode(\(PlainModel.self).self, from:)") {
                try decoder.decode(PlainModel.self, from: data).topLevelCount
            }
        )
        return benchmark
    }
}
