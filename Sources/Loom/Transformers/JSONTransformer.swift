import Foundation

/// A reversible conversion between a JSON value and a property's type.
///
/// Attach one with `@JSONTransform(...)`; Loom's built-ins are static members, so the
/// shortest spelling works: `@JSONTransform(.iso8601) var updatedAt: Date`.
public protocol JSONTransformer: Sendable {
    /// The property type the transformer produces.
    associatedtype Value

    /// Reads a value from JSON.
    ///
    /// - Throws: ``JSONDecodingError`` (use the context's `mismatch`/`invalid` helpers so the
    ///   error carries a position), or any error, which Loom wraps with the model path.
    func decode(_ element: JSONElement, context: JSONDecodingContext) throws -> Value

    /// Writes a value as JSON.
    ///
    /// - Throws: when the value cannot be written, or the transformer is one-way.
    func encode(_ value: Value, to writer: inout JSONWriter, context: JSONEncodingContext) throws
}

extension JSONDecodingContext {
    /// Decodes `element` through `transformer`.
    ///
    /// - Throws: what the transformer throws.
    @inlinable
    public func transform<T: JSONTransformer>(_ element: JSONElement, with transformer: T) throws -> T.Value {
        try transformer.decode(element, context: self)
    }
}

extension JSONEncodingContext {
    /// Encodes `value` through `transformer`.
    ///
    /// - Throws: what the transformer throws.
    @inlinable
    public func transform<T: JSONTransformer>(_ value: T.Value, with transformer: T, to writer: inout JSONWriter) throws {
        try transformer.encode(value, to: &writer, context: self)
    }
}

/// Dates as RFC 3339 / ISO 8601 text, with or without fractional seconds and offsets.
public struct ISO8601DateTransformer: JSONTransformer {
    public init() {}

    public func decode(_ element: JSONElement, context: JSONDecodingContext) throws -> Date {
        try JSONDateCoding.decode(element, strategy: .iso8601, context: context)
    }

    /// - Throws: ``JSONError`` of kind ``JSONError/Kind/invalidValue`` for dates outside the
    ///   years 0000–9999 (or not finite), which RFC 3339 text cannot hold.
    public func encode(_ value: Date, to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        writer.write(try ISO8601.formatChecked(value))
    }
}

extension JSONTransformer where Self == ISO8601DateTransformer {
    /// Dates as RFC 3339 / ISO 8601 text (`2024-05-01T12:00:00Z`, `…00.123+02:00`).
    public static var iso8601: ISO8601DateTransformer { ISO8601DateTransformer() }
}
