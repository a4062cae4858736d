// Models for canada.json: a GeoJSON FeatureCollection holding one polygon of Canada's
// outline, about 111,000 coordinates, nearly all with 16–17 significant digits.

import Loom

@JSONModel
struct FeatureCollection: Codable, Sendable {
    var type: String
    var features: [Feature]
}

@JSONModel
struct Feature: Codable, Sendable {
    var type: String
    var properties: [String: String]
    var geometry: Geometry
}

@JSONModel
struct Geometry: Codable, Sendable {
    var type: String
    /// Polygon rings → points → `[longitude, latitude]`.
    var coordinates: [[[Double]]]
}

// MARK: - Benchmark digest

extension FeatureCollection: CorpusModel {
    var topLevelCount: Int { features.count }

    var digest: ModelDigest {
        var digest = ModelDigest()
        digest.add("type", type.utf8.count)
        for feature in features {
            digest.count("features")
            digest.add("properties", feature.properties.count)
            digest.add("geometry.type", feature.geometry.type.utf8.count)
            for ring in feature.geometry.coordinates {
                digest.count("rings")
                for point in ring {
                    digest.count("points")
                    for coordinate in point { digest.add("coordinates", double: coordinate) }
                }
            }
        }
        return digest
    }

    static func digest(of value: JSONValue) throws -> ModelDigest {
        var digest = ModelDigest()
        digest.add("type", try value.string("type").utf8.count)
        for feature in try value.array("features") {
            digest.count("features")
            digest.add("properties", try feature.member("properties").objectValue?.count ?? -1)
            let geometry = try feature.member("geometry")
            digest.add("geometry.type", try geometry.string("type").utf8.count)
            for ring in try geometry.array("coordinates") {
                digest.count("rings")
                for point in ring.arrayValue ?? [] {
                    digest.count("points")
                    for coordinate in point.arrayValue ?? [] {
                        digest.add("coordinates", double: coordinate.doubleValue ?? .nan)
                    }
                }
            }
        }
        return digest
    }
}
