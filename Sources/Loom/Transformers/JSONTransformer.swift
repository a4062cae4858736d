import Foundation

/// A reversible conversion between a JSON value and a property's type.
///
/// Attach one with `@JSONTransform(...)`; Loom's built-ins are static members, so the
/// shortest spelling works: `@JSONTransform(.iso8601) var updatedAt: Date`. Where a property
/// gets its transformer, first match wins (see <doc:Transformers>):
/// 1. its `@JSONTransform(...)`;
/// 2. the model's `jsonTransformer(forProperty:of:)` hook, when the model declares one;
/// 3. the decoder's and encoder's strategies (``JSONModelDecoder/dateStrategy``,
///    ``JSONModelDecoder/dataStrategy``);
/// 4. the type's own mapping (``JSONDecodable``/``JSONEncodable``, raw values, `Codable`).
///
/// Errors a transformer throws carry the model path and JSON position like every other
/// decoding error: throw the context's ``JSONDecodingContext/mismatch(expected:_:)`` or
/// ``JSONDecodingContext/invalid(_:_:)`` errors, or any error, which Loom wraps.
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

    /// The JSON Schema of the values ``decode(_:context:)`` reads (see ``JSONSchema``).
    ///
    /// The default implementation returns `{}`, which accepts every value: implement it to
    /// make the schemas of models using the transformer exact.
    func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue
}

/// A transformer that only reads JSON (Mantle's forward-only `MTLValueTransformer`).
///
/// Conform and implement ``JSONTransformer/decode(_:context:)``; encoding through it throws
/// ``JSONError`` `cannot encode through one-way transformer T`, prefixed by the encoder with
/// the property's path.
public protocol JSONOneWayTransformer: JSONTransformer {}

extension JSONOneWayTransformer {
    /// Throws: a one-way transformer cannot encode.
    ///
    /// - Throws: ``JSONError`` of kind ``JSONError/Kind/invalidValue`` naming the transformer.
    public func encode(_ value: Value, to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        throw JSONError.oneWay(String(describing: Self.self))
    }
}

extension JSONError {
    /// `cannot encode through one-way transformer Name`.
    @usableFromInline
    static func oneWay(_ name: String) -> JSONError {
        JSONError(kind: .invalidValue, message: "cannot encode through one-way transformer \(name)")
    }
}

extension JSONDecodingContext {
    /// Decodes `element` through `transformer`.
    ///
    /// - Throws: what the transformer throws.
    @inlinable
    public func transform<T: JSONTransformer>(_ element: JSONElement, with transformer: T) throws -> T.Value {
        try transformer.decode(element, context: self)
    }

    /// Decodes `element` through the transformer a model's hook chose, or with `otherwise`
    /// (the type's own mapping) when the hook returned `nil`.
    ///
    /// - Throws: what the transformer or `otherwise` throws.
    @inlinable
    public func transform<T>(
        _ element: JSONElement, with transformer: AnyJSONTransformer<T>?,
        otherwise: (JSONElement, JSONDecodingContext) throws -> T
    ) throws -> T {
        if let transformer { return try transformer.decode(element, context: self) }
        return try otherwise(element, self)
    }

    /// Decodes `element` through the transformer a model's hook chose, or with `otherwise`
    /// (the form for hand-written models).
    ///
    /// - Throws: what the transformer or `otherwise` throws.
    @inlinable
    public func transform<T>(
        _ element: JSONElement, with transformer: AnyJSONTransformer<T>?, otherwise: (JSONElement) throws -> T
    ) throws -> T {
        try transform(element, with: transformer) { element, _ in try otherwise(element) }
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

    /// Encodes `value` through the transformer a model's hook chose, or with `otherwise` when
    /// the hook returned `nil`.
    ///
    /// - Throws: what the transformer or `otherwise` throws.
    @inlinable
    public func transform<T>(
        _ value: T, with transformer: AnyJSONTransformer<T>?, to writer: inout JSONWriter,
        otherwise: (T, inout JSONWriter) throws -> Void
    ) throws {
        if let transformer {
            try transformer.encode(value, to: &writer, context: self)
        } else {
            try otherwise(value, &writer)
        }
    }
}

/// Gives a transformer expression its type where generated code stores it
/// (`static let _loomTransformer_3 = Loom._transformer(.iso8601)`). Not API.
@inlinable
public func _transformer<T: JSONTransformer>(_ transformer: T) -> T { transformer }

// MARK: - Type erasure

/// A transformer of values of type `T`, whatever its concrete type: what a model's
/// transformer hook returns, and a way to build one from two closures.
///
/// ```swift
/// @JSONModel
/// struct Event {
///     var start: Date
///     var tags: [String]
///
///     // Mantle's +JSONTransformerForKey: — consulted for every property without @JSONTransform.
///     static func jsonTransformer<T>(forProperty name: String, of type: T.Type) -> AnyJSONTransformer<T>? {
///         switch name {
///         case "start": return .matching(.secondsSince1970)
///         case "tags": return .matching(.separated(by: ","))
///         default: return nil
///         }
///     }
/// }
/// ```
public struct AnyJSONTransformer<T>: JSONTransformer {
    /// The wrapped transformer's name, for messages.
    public var name: String { customName ?? String(describing: wrappedType) }
    let customName: String?
    let wrappedType: Any.Type
    @usableFromInline let decodeValue: @Sendable (JSONElement, JSONDecodingContext) throws -> T
    @usableFromInline let encodeValue: (@Sendable (T, inout JSONWriter, JSONEncodingContext) throws -> Void)?

    /// Wraps `transformer`.
    public init<Wrapped: JSONTransformer>(_ transformer: Wrapped) where Wrapped.Value == T {
        customName = nil
        wrappedType = Wrapped.self
        decodeValue = { try transformer.decode($0, context: $1) }
        encodeValue = { try transformer.encode($0, to: &$1, context: $2) }
    }

    /// A transformer from closures; without `encode` it is one-way (encoding through it throws).
    public init(
        name: String? = nil,
        decode: @escaping @Sendable (JSONElement, JSONDecodingContext) throws -> T,
        encode: (@Sendable (T, inout JSONWriter, JSONEncodingContext) throws -> Void)? = nil
    ) {
        customName = name
        wrappedType = AnyJSONTransformer<T>.self
        decodeValue = decode
        encodeValue = encode
    }

    /// `transformer` wrapped when it produces `T`, `nil` otherwise: lets a generic hook
    /// return a transformer of a known type for the `T` it is asked about.
    public static func matching<Wrapped: JSONTransformer>(_ transformer: Wrapped) -> AnyJSONTransformer<T>? {
        AnyJSONTransformer<Wrapped.Value>(transformer) as? AnyJSONTransformer<T>
    }

    @inlinable
    public func decode(_ element: JSONElement, context: JSONDecodingContext) throws -> T {
        try decodeValue(element, context)
    }

    /// Writes `value`.
    ///
    /// - Throws: what the wrapped transformer throws; ``JSONError`` when it is one-way.
    @inlinable
    public func encode(_ value: T, to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        guard let encodeValue else { throw JSONError.oneWay(name) }
        try encodeValue(value, &writer, context)
    }
}
