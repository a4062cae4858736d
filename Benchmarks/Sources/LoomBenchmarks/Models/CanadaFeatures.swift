// canada.json (`Models/Canada.swift`, the plain row) mapped with a key path and with a
// polymorphic geometry (a payload struct per case, or the members as a case's labeled values). Each model reads the information the plain one reads, and its digest is
// checked against the plain model's reference digest; each is timed against the `Codable`
// model a user would write for `JSONDecoder` to get the same result.

import Foundation
import Loom

// MARK: - Key path

/// `decode-keypath`: each feature's name read through the key path `properties.name`.
@JSONModel
struct NamedFeatureCollection: Sendable {
    var type: String
    var features: [NamedFeature]
}

@JSONModel
struct NamedFeature: Sendable {
    var type: String
    @JSONKey("properties.name") var name: String
    var geometry: Geometry
}

/// Foundation's side of `decode-keypath`: a nested `properties` struct, as a `JSONDecoder`
/// user writes it.
struct CodableNamedFeatureCollection: Decodable {
    var type: String
    var features: [CodableNamedFeature]
}

struct CodableNamedFeature: Decodable {
    struct Properties: Decodable {
        var name: String
    }

    var type: String
    var properties: Properties
    var geometry: Geometry
}

// MARK: - Internally tagged geometry

/// `decode-tagged`: the geometry as a polymorphic enum, tagged by its `type` member as GeoJSON
/// writes it (`{"type": "Polygon", "coordinates": …}`), with the geometry types a GeoJSON
/// reader of outlines would declare. canada.json holds one `Polygon`.
@JSONModel
struct TaggedFeatureCollection: Decodable, Sendable {
    var type: String
    var features: [TaggedFeature]
}

@JSONModel
struct TaggedFeature: Decodable, Sendable {
    var type: String
    var properties: [String: String]
    var geometry: Shape
}

@JSONModel(representation: .internal(tag: "type"))
enum Shape: Decodable, Sendable {
    @JSONTag("Point") case point(PointShape)
    @JSONTag("LineString") case lineString(LineShape)
    @JSONTag("Polygon") case polygon(PolygonShape)
    @JSONTag("MultiPolygon") case multiPolygon(MultiPolygonShape)

    private enum TagKey: String, CodingKey { case type }

    /// Foundation's side: the `init(from:)` a `JSONDecoder` user writes for an internally
    /// tagged enum, switching on the `type` member and decoding the payload from the same object.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: TagKey.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "Point": self = .point(try PointShape(from: decoder))
        case "LineString": self = .lineString(try LineShape(from: decoder))
        case "Polygon": self = .polygon(try PolygonShape(from: decoder))
        case "MultiPolygon": self = .multiPolygon(try MultiPolygonShape(from: decoder))
        default:
            throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "unknown geometry \(type)")
        }
    }

    /// The tag, as the plain model's `Geometry.type` holds it.
    var typeName: String {
        switch self {
        case .point: "Point"
        case .lineString: "LineString"
        case .polygon: "Polygon"
        case .multiPolygon: "MultiPolygon"
        }
    }
}

@JSONModel
struct PointShape: Codable, Sendable {
    var coordinates: [Double]
}

@JSONModel
struct LineShape: Codable, Sendable {
    var coordinates: [[Double]]
}

@JSONModel
struct PolygonShape: Codable, Sendable {
    /// Rings → points → `[longitude, latitude]`.
    var coordinates: [[[Double]]]
}

@JSONModel
struct MultiPolygonShape: Codable, Sendable {
    var coordinates: [[[[Double]]]]
}

// MARK: - Several labeled values

/// `decode-values`: the geometry as an internally tagged enum whose cases hold GeoJSON's
/// members as labeled associated values, `coordinates` and the optional `bbox`
/// (`{"type": "Polygon", "coordinates": …}`), with no payload struct. canada.json holds one
/// `Polygon`, without a `bbox`.
@JSONModel
struct ValuesFeatureCollection: Decodable, Sendable {
    var type: String
    var features: [ValuesFeature]
}

@JSONModel
struct ValuesFeature: Decodable, Sendable {
    var type: String
    var properties: [String: String]
    var geometry: ValuesShape
}

@JSONModel(representation: .internal(tag: "type"))
enum ValuesShape: Decodable, Sendable {
    @JSONTag("Point") case point(coordinates: [Double], bbox: [Double]? = nil)
    @JSONTag("LineString") case lineString(coordinates: [[Double]], bbox: [Double]? = nil)
    @JSONTag("Polygon") case polygon(coordinates: [[[Double]]], bbox: [Double]? = nil)
    @JSONTag("MultiPolygon") case multiPolygon(coordinates: [[[[Double]]]], bbox: [Double]? = nil)

    private enum CodingKeys: String, CodingKey {
        case type
        case coordinates
        case bbox
    }

    /// Foundation's side: the `init(from:)` a `JSONDecoder` user writes for an internally
    /// tagged enum whose cases hold the object's members: `type`, then the case's values from
    /// the same container.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        let bbox = try container.decodeIfPresent([Double].self, forKey: .bbox)
        switch type {
        case "Point":
            self = .point(coordinates: try container.decode([Double].self, forKey: .coordinates), bbox: bbox)
        case "LineString":
            self = .lineString(coordinates: try container.decode([[Double]].self, forKey: .coordinates), bbox: bbox)
        case "Polygon":
            self = .polygon(coordinates: try container.decode([[[Double]]].self, forKey: .coordinates), bbox: bbox)
        case "MultiPolygon":
            self = .multiPolygon(
                coordinates: try container.decode([[[[Double]]]].self, forKey: .coordinates), bbox: bbox)
        default:
            throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "unknown geometry \(type)")
        }
    }

    /// The tag, as the plain model's `Geometry.type` holds it.
    var typeName: String {
        switch self {
        case .point: "Point"
        case .lineString: "LineString"
        case .polygon: "Polygon"
        case .multiPolygon: "MultiPolygon"
        }
    }
}

// MARK: - Benchmark digests

extension FeatureCollection: DecodedModel {}

extension NamedFeatureCollection: DecodedModel {
    var topLevelCount: Int { features.count }

    /// The plain model's digest but its property count: this model maps the name alone.
    var digest: ModelDigest {
        var digest = ModelDigest()
        digest.add("type", type.utf8.count)
        for feature in features {
            digest.count("features")
            digest.add("feature.type", feature.type.utf8.count)
            digest.add("properties.name", text: feature.name)
            Geometry.add(type: feature.geometry.type, rings: feature.geometry.coordinates, to: &digest)
        }
        return digest
    }
}

extension CodableNamedFeatureCollection: DecodedModel {
    var topLevelCount: Int { features.count }

    var digest: ModelDigest {
        var digest = ModelDigest()
        digest.add("type", type.utf8.count)
        for feature in features {
            digest.count("features")
            digest.add("feature.type", feature.type.utf8.count)
            digest.add("properties.name", text: feature.properties.name)
            Geometry.add(type: feature.geometry.type, rings: feature.geometry.coordinates, to: &digest)
        }
        return digest
    }
}

extension TaggedFeatureCollection: DecodedModel {
    var topLevelCount: Int { features.count }

    var digest: ModelDigest {
        var digest = ModelDigest()
        digest.add("type", type.utf8.count)
        for feature in features {
            digest.count("features")
            digest.add("feature.type", feature.type.utf8.count)
            digest.add("properties", feature.properties.count)
            if let name = feature.properties["name"] { digest.add("properties.name", text: name) }
            switch feature.geometry {
            case .polygon(let polygon):
                Geometry.add(type: feature.geometry.typeName, rings: polygon.coordinates, to: &digest)
            case .point, .lineString, .multiPolygon:
                // Not in canada.json: a digest the reference cannot match.
                digest.add("geometry.type", text: feature.geometry.typeName)
                digest.count("unexpected geometry")
            }
        }
        return digest
    }
}

extension ValuesFeatureCollection: DecodedModel {
    var topLevelCount: Int { features.count }

    var digest: ModelDigest {
        var digest = ModelDigest()
        digest.add("type", type.utf8.count)
        for feature in features {
            digest.count("features")
            digest.add("feature.type", feature.type.utf8.count)
            digest.add("properties", feature.properties.count)
            if let name = feature.properties["name"] { digest.add("properties.name", text: name) }
            switch feature.geometry {
            case .polygon(let coordinates, let bbox):
                Geometry.add(type: feature.geometry.typeName, rings: coordinates, to: &digest)
                // The plain model has no bounding box and canada.json none to read.
                if bbox != nil { digest.count("unexpected bbox") }
            case .point, .lineString, .multiPolygon:
                // Not in canada.json: a digest the reference cannot match.
                digest.add("geometry.type", text: feature.geometry.typeName)
                digest.count("unexpected geometry")
            }
        }
        return digest
    }
}
