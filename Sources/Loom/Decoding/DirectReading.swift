import Foundation

// The direct path (`_JSONReader`) for Loom's own conformances. Each reads what its
// `init(json:context:)` accepts without coercion and throws `Fallback` for everything else,
// so the general decoder reports the mismatch or applies the decode's leniency. Types left
// out here (`Decimal`, `Data`, `JSONValue`) are read through a document of the value.

extension Bool {
    /// Reads `true` or `false`.
    ///
    /// - Throws: `_JSONReader.Fallback` for any other value.
    @inlinable @inline(__always)
    public static func _read(from reader: inout _JSONReader, context: borrowing JSONDecodingContext)
        throws(_JSONReader.Fallback) -> Bool
    {
        try reader.bool()
    }

    /// `true`.
    @inlinable public static var _readsDirectly: Bool { true }
}

extension String {
    /// Reads a string.
    ///
    /// - Throws: `_JSONReader.Fallback` for any other value.
    @inlinable
    public static func _read(from reader: inout _JSONReader, context: borrowing JSONDecodingContext)
        throws(_JSONReader.Fallback) -> String
    {
        try reader.string()
    }

    /// `true`.
    @inlinable public static var _readsDirectly: Bool { true }
}

extension Double {
    /// Reads a number as the nearest `Double`.
    ///
    /// - Throws: `_JSONReader.Fallback` for any other value, or a magnitude beyond `Double`.
    @inlinable
    public static func _read(from reader: inout _JSONReader, context: borrowing JSONDecodingContext)
        throws(_JSONReader.Fallback) -> Double
    {
        try reader.double()
    }

    /// `true`.
    @inlinable public static var _readsDirectly: Bool { true }
}

extension Float {
    /// Reads a number as the nearest `Float`.
    ///
    /// - Throws: `_JSONReader.Fallback` for any other value, or a magnitude beyond `Float`.
    @inlinable
    public static func _read(from reader: inout _JSONReader, context: borrowing JSONDecodingContext)
        throws(_JSONReader.Fallback) -> Float
    {
        try reader.float()
    }

    /// `true`.
    @inlinable public static var _readsDirectly: Bool { true }
}

/// The direct path of every integer width: exact, or the general decoder decides.
public protocol _JSONDirectInteger: FixedWidthInteger, JSONDecodable {}

extension _JSONDirectInteger {
    /// Reads a number as this integer type, exactly.
    ///
    /// - Throws: `_JSONReader.Fallback` for any other value, a fraction, or a value out of range.
    @inlinable
    public static func _read(from reader: inout _JSONReader, context: borrowing JSONDecodingContext)
        throws(_JSONReader.Fallback) -> Self
    {
        try reader.integer(Self.self)
    }

    /// `true`.
    @inlinable public static var _readsDirectly: Bool { true }
}

extension Int: _JSONDirectInteger {}
extension Int8: _JSONDirectInteger {}
extension Int16: _JSONDirectInteger {}
extension Int32: _JSONDirectInteger {}
extension Int64: _JSONDirectInteger {}
extension UInt: _JSONDirectInteger {}
extension UInt8: _JSONDirectInteger {}
extension UInt16: _JSONDirectInteger {}
extension UInt32: _JSONDirectInteger {}
extension UInt64: _JSONDirectInteger {}

extension URL {
    /// Reads a non-empty string that `URL(string:)` accepts.
    ///
    /// - Throws: `_JSONReader.Fallback` for any other value.
    public static func _read(from reader: inout _JSONReader, context: borrowing JSONDecodingContext)
        throws(_JSONReader.Fallback) -> URL
    {
        let text = try reader.string()
        guard !text.isEmpty, let url = URL(string: text) else { try _JSONReader.fail() }
        return url
    }

    /// `true`.
    public static var _readsDirectly: Bool { true }
}

extension UUID {
    /// Reads UUID text without escapes.
    ///
    /// - Throws: `_JSONReader.Fallback` for any other value.
    public static func _read(from reader: inout _JSONReader, context: borrowing JSONDecodingContext)
        throws(_JSONReader.Fallback) -> UUID
    {
        try reader.withStringBytes { JSONUUIDText.parse($0) }
    }

    /// `true`.
    public static var _readsDirectly: Bool { true }
}

extension Date {
    /// Reads an ISO 8601 string without escapes under the default date strategy; other
    /// strategies read through a document of the value.
    ///
    /// - Throws: `_JSONReader.Fallback` for any other value.
    public static func _read(from reader: inout _JSONReader, context: borrowing JSONDecodingContext)
        throws(_JSONReader.Fallback) -> Date
    {
        guard context.storage.datesAreISO8601 else {
            return try reader.element(context) { try Date(json: $0, context: $1) }
        }
        return try reader.withStringBytes { ISO8601.parse($0, strictRFC3339: false) }
    }

    /// `true`.
    public static var _readsDirectly: Bool { true }
}

extension Optional where Wrapped: JSONDecodable {
    /// `nil` for `null`, else the wrapped type's value.
    ///
    /// - Throws: `_JSONReader.Fallback` when the wrapped type's read does.
    @inlinable
    public static func _read(from reader: inout _JSONReader, context: borrowing JSONDecodingContext)
        throws(_JSONReader.Fallback) -> Self
    {
        reader.readNull() ? nil : try Wrapped._read(from: &reader, context: context)
    }

    /// Whether the wrapped type reads directly.
    @inlinable public static var _readsDirectly: Bool { Wrapped._readsDirectly }
}

extension Array where Element: JSONDecodable {
    /// Reads each element directly, or the whole array through a document of it when the
    /// element type does not read directly.
    ///
    /// - Throws: `_JSONReader.Fallback` when the value is not an array or an element fails.
    @inlinable
    public static func _read(from reader: inout _JSONReader, context: borrowing JSONDecodingContext)
        throws(_JSONReader.Fallback) -> Self
    {
        guard Element._readsDirectly else { return try reader.element(context) { try Self(json: $0, context: $1) } }
        // Numbers have a loop of their own; in a specialized caller the type test is resolved
        // at compile time and the other branch is gone.
        if Element.self == Double.self { return unsafeBitCast(try reader.doubleArray(context), to: Self.self) }
        return try reader.array(context) { try Element._read(from: &$0, context: $1) }
    }

    /// Whether the element type reads directly.
    @inlinable public static var _readsDirectly: Bool { Element._readsDirectly }
}

extension Set where Element: JSONDecodable {
    /// Reads each element directly, or the whole set through a document of it when the
    /// element type does not read directly.
    ///
    /// - Throws: `_JSONReader.Fallback` when the value is not an array or an element fails.
    @inlinable
    public static func _read(from reader: inout _JSONReader, context: borrowing JSONDecodingContext)
        throws(_JSONReader.Fallback) -> Self
    {
        guard Element._readsDirectly else { return try reader.element(context) { try Self(json: $0, context: $1) } }
        return try reader.set(context) { try Element._read(from: &$0, context: $1) }
    }

    /// Whether the element type reads directly.
    @inlinable public static var _readsDirectly: Bool { Element._readsDirectly }
}

extension Dictionary where Key == String, Value: JSONDecodable {
    /// Reads each value directly, or the whole dictionary through a document of it when the
    /// value type does not read directly.
    ///
    /// - Throws: `_JSONReader.Fallback` when the value is not an object, a value fails or a key repeats.
    @inlinable
    public static func _read(from reader: inout _JSONReader, context: borrowing JSONDecodingContext)
        throws(_JSONReader.Fallback) -> Self
    {
        guard Value._readsDirectly else { return try reader.element(context) { try Self(json: $0, context: $1) } }
        return try reader.dictionary(context) { try Value._read(from: &$0, context: $1) }
    }

    /// Whether the value type reads directly.
    @inlinable public static var _readsDirectly: Bool { Value._readsDirectly }
}
