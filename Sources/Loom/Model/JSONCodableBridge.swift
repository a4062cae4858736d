import Foundation

/// Lets any `Codable` type be a property of a model, reading from and writing to Loom's
/// document directly (no detour through `JSONSerialization`).
public enum JSONCodableBridge {
    /// Decodes a `Decodable` value from an element.
    ///
    /// - Throws: ``JSONDecodingError`` with the path inside the value.
    public static func decode<T: Decodable>(_ type: T.Type, from element: JSONElement, context: JSONDecodingContext) throws -> T {
        throw context.invalid("Codable bridging is not implemented yet for \(T.self)", element)
    }

    /// Encodes an `Encodable` value into the writer.
    ///
    /// - Throws: `EncodingError` or ``JSONError`` for values JSON cannot hold.
    public static func encode<T: Encodable>(_ value: T, to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        throw JSONError(kind: .invalidValue, message: "Codable bridging is not implemented yet for \(T.self)")
    }
}
