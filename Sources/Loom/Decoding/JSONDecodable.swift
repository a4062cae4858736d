import Foundation

/// A type that decodes itself from an element of a parsed JSON document.
///
/// `@JSONModel` generates the conformance; the standard library and Foundation types Loom
/// supports conform already. Conform your own types by hand when a mapping needs code.
public protocol JSONDecodable {
    /// Decodes a value from `element`.
    ///
    /// - Throws: ``JSONDecodingError`` describing the first problem (or all of them when the
    ///   decoder collects errors).
    ///
    /// The context is borrowed: conformances that declare the parameter `borrowing` (generated
    /// ones and Loom's own) are called without a copy of it per value.
    init(json element: JSONElement, context: borrowing JSONDecodingContext) throws

    /// Creates the value to decode from `element`: `init(json:context:)`, unless the type is a
    /// class cluster whose base chooses a subclass (see `@JSONModel` and ``JSONDecodingContext/instance(of:json:chosenBy:)``).
    ///
    /// Loom decodes every value through this function, so `decode(Message.self, …)` can return
    /// a `TextMessage`. The default implementation calls `init(json:context:)`.
    ///
    /// - Throws: ``JSONDecodingError``.
    static func _makeInstance(json element: JSONElement, context: JSONDecodingContext) throws -> Self

    /// Reads a value straight from JSON bytes, on the direct path (see `_JSONReader`).
    ///
    /// `@JSONModel` generates it for every model, and Loom's own conformances have it. The default
    /// implementation reads the value as a ``JSONElement`` (`_JSONReader.element(_:_:)`) and
    /// calls `_makeInstance(json:context:)`, so every conformance can be read.
    ///
    /// - Throws: `_JSONReader.Fallback` for anything but a valid value of the declared
    ///   shape: the decoder then decodes the whole input again through a ``JSONDocument``,
    ///   which reports the problem or applies the decode's leniencies.
    static func _read(from reader: inout _JSONReader, context: borrowing JSONDecodingContext)
        throws(_JSONReader.Fallback) -> Self

    /// Whether `_read(from:context:)` reads the bytes itself. `false` (the default) when it
    /// reads the value as an element; decoders then skip the direct path for this type.
    static var _readsDirectly: Bool { get }

    /// The JSON Schema of the values this type decodes, with the models it contains defined
    /// in `schemas` (see ``JSONSchema``).
    ///
    /// `@JSONModel` generates it from the mapping; Loom's own conformances state theirs. The
    /// default implementation returns `{}`, which accepts every value: a schema that knows
    /// nothing must not reject what the type accepts.
    static func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue
}

extension JSONDecodable {
    /// Calls `init(json:context:)`.
    @inlinable
    public static func _makeInstance(json element: JSONElement, context: JSONDecodingContext) throws -> Self {
        try Self(json: element, context: context)
    }

    /// Reads the value as an element and calls `_makeInstance(json:context:)`.
    ///
    /// - Throws: `_JSONReader.Fallback` when the value is not valid JSON or the decode fails.
    @inlinable
    public static func _read(from reader: inout _JSONReader, context: borrowing JSONDecodingContext)
        throws(_JSONReader.Fallback) -> Self
    {
        try reader.element(context) { try Self._makeInstance(json: $0, context: $1) }
    }

    /// `false`: `JSONDecodable._read(from:context:)` goes through an element of a document.
    @inlinable
    public static var _readsDirectly: Bool { false }
}
