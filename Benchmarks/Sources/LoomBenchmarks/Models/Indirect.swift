// A box that lets a struct hold a value of its own type (`Status.retweetedStatus`), with the
import Foundation
// same JSON shape as the value itself for both Codable and Loom.

import Loom

final class Indirect<Wrapped: Sendable>: Sendable {
    let value: Wrapped

    init(_ value: Wrapped) { self.value = value }
}

extension Indirect: Codable where Wrapped: Codable {
    convenience init(from decoder: Decoder) throws { self.init(try Wrapped(from: decoder)) }
    func encode(to encoder: Encoder) throws { try value.encode(to: encoder) }
}

extension Indirect: JSONDecodable where Wrapped: JSONDecodable {
    convenience init(json element: JSONElement, context: JSONDecodingContext) throws {
        self.init(try Wrapped(json: element, context: context))
    }

    // The direct path (the Models article): the box reads as its value does.
    static func _read(from reader: inout _JSONReader, context: borrowing JSONDecodingContext)
        throws(_JSONReader.Fallback) -> Indirect
    {
        Indirect(try Wrapped._read(from: &reader, context: context))
    }

    static var _readsDirectly: Bool { Wrapped._readsDirectly }
}

extension Indirect: JSONEncodable where Wrapped: JSONEncodable {
    func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        try value.encode(to: &writer, context: context)
    }
}

// The benchmark's Loom side: the same structs, decoded and encoded by the code `@JSONModel`
// generated for them.
extension TwitterSearch: LoomModelCoding {
    static func loomDecode(from data: Data) throws -> Self { try Self(jsonData: data) }
    func loomEncode() throws -> Data { try jsonData() }
}

extension CitmCatalog: LoomModelCoding {
    static func loomDecode(from data: Data) throws -> Self { try Self(jsonData: data) }
    func loomEncode() throws -> Data { try jsonData() }
}

extension FeatureCollection: LoomModelCoding {
    static func loomDecode(from data: Data) throws -> Self { try Self(jsonData: data) }
    func loomEncode() throws -> Data { try jsonData() }
}
