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
            digest.add("feature.type", feature.type.utf8.count)
            digest.add("properties", feature.properties.count)
            if let name = feature.properties["name"] { digest.add("properties.name", text: name) }
            Geometry.add(type: feature.geometry.type, rings: feature.geometry.coordinates, to: &digest)
        }
        return digest
    }

    static func digest(of value: JSONValue) throws -> ModelDigest {
        var digest = ModelDigest()
        digest.add("type", try value.string("type").utf8.count)
        for feature in try value.array("features") {
            digest.count("features")
            digest.add("feature.type", try feature.string("type").utf8.count)
            let properties = try feature.member("properties")
            digest.add("properties", properties.objectValue?.count ?? -1)
            if properties.present("name") { digest.add("properties.name", text: try properties.string("name")) }
            let geometry = try feature.member("geometry")
            digest.add("geometry.type", text: try geometry.string("type"))
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

// MARK: - The allocation floor

extension FeatureCollection: AllocationFloor {
    /// Copies every array and dictionary of the value into fresh storage of its exact size,
    /// then frees the copies: the allocations any decoder of this model must make, with no
    /// parsing and no growth.
    func rebuildingEveryAllocation() -> Int {
        var copies: [Feature] = []
        copies.reserveCapacity(features.count)
        for feature in features {
            var properties = [String: String](minimumCapacity: feature.properties.count)
            for (key, value) in feature.properties { properties[key] = value }
            var rings: [[[Double]]] = []
            rings.reserveCapacity(feature.geometry.coordinates.count)
            for ring in feature.geometry.coordinates {
                var points: [[Double]] = []
                points.reserveCapacity(ring.count)
                // A fresh array per point (`Array(point)` would share the point's storage).
                for point in ring { points.append(point.count == 2 ? [point[0], point[1]] : point.map { $0 }) }
                rings.append(points)
            }
            copies.append(
                Feature(type: feature.type, properties: properties, geometry: Geometry(type: feature.geometry.type, coordinates: rings)))
        }
        return opaqueCount(copies)
    }
}

extension Geometry {
    /// The digest of one polygon geometry: its type and its rings (shared by the models that
    /// read canada.json, whatever they map the geometry to).
    static func add(type: String, rings: [[[Double]]], to digest: inout ModelDigest) {
        digest.add("geometry.type", text: type)
        for ring in rings {
            digest.count("rings")
            for point in ring {
                digest.count("points")
                for coordinate in point { digest.add("coordinates", double: coordinate) }
            }
        }
    }
}
