import Foundation

// The overloads generated code calls for a property's innermost type. Swift picks the most
// specific one at compile time: Loom's own conformance first, then raw-value enums, then
// any `Codable` type through the bridge. The combined overloads only break ties for types
// that qualify several ways.

extension JSONDecodingContext {
    /// Decodes a Loom-decodable type.
    @inlinable
    public func decode<T: JSONDecodable>(_ type: T.Type, from element: JSONElement) throws -> T {
        try T._makeInstance(json: element, context: self)
    }

    /// Decodes a raw-value enum (or any `RawRepresentable`) from its raw value.
    ///
    /// - Throws: ``JSONDecodingError`` of kind `invalidValue` naming the allowed values for an
    ///   unknown raw value (when the type is `CaseIterable`).
    @inlinable
    public func decode<T: RawRepresentable>(_ type: T.Type, from element: JSONElement) throws -> T
    where T.RawValue: JSONDecodable {
        let raw = try T.RawValue(json: element, context: self)
        guard let value = T(rawValue: raw) else { throw unknownRawValue(T.self, element) }
        return value
    }

    /// Decodes any `Decodable` type through the `Codable` bridge.
    @inlinable
    public func decode<T: Decodable>(_ type: T.Type, from element: JSONElement) throws -> T {
        try JSONCodableBridge.decode(T.self, from: element, context: self)
    }

    /// Tie-break: Loom's conformance wins over `Decodable`.
    @inlinable
    public func decode<T: JSONDecodable & Decodable>(_ type: T.Type, from element: JSONElement) throws -> T {
        try T._makeInstance(json: element, context: self)
    }

    /// Tie-break: the raw value wins over `Decodable`.
    @inlinable
    public func decode<T: RawRepresentable & Decodable>(_ type: T.Type, from element: JSONElement) throws -> T
    where T.RawValue: JSONDecodable {
        let raw = try T.RawValue(json: element, context: self)
        guard let value = T(rawValue: raw) else { throw unknownRawValue(T.self, element) }
        return value
    }

    /// Tie-break: Loom's conformance wins over the raw value.
    @inlinable
    public func decode<T: JSONDecodable & RawRepresentable>(_ type: T.Type, from element: JSONElement) throws -> T
    where T.RawValue: JSONDecodable {
        try T._makeInstance(json: element, context: self)
    }

    /// Tie-break: Loom's conformance wins over everything.
    @inlinable
    public func decode<T: JSONDecodable & RawRepresentable & Decodable>(_ type: T.Type, from element: JSONElement)
        throws -> T
    where T.RawValue: JSONDecodable {
        try T._makeInstance(json: element, context: self)
    }

    @usableFromInline
    func unknownRawValue<T: RawRepresentable>(_ type: T.Type, _ element: JSONElement) -> JSONDecodingError {
        var reason = "unknown \(T.self) value \(describe(element))"
        if let allowed = allowedRawValues(T.self) { reason += ", expected one of \(allowed)" }
        return invalid(reason, element)
    }

    func allowedRawValues<T: RawRepresentable>(_ type: T.Type) -> String? {
        guard let iterable = T.self as? any CaseIterable.Type else { return nil }
        func list<C: CaseIterable>(_: C.Type) -> String {
            C.allCases.map { value in
                let raw = (value as? any RawRepresentable)?.rawValue
                if let text = raw as? String {
                    var writer = JSONWriter()
                    writer.write(text)
                    return writer.string
                }
                return raw.map { String(describing: $0) } ?? String(describing: value)
            }.joined(separator: ", ")
        }
        return list(iterable)
    }
}

extension JSONEncodingContext {
    /// Encodes a Loom-encodable value.
    @inlinable
    public func encode<T: JSONEncodable>(_ value: T, to writer: inout JSONWriter) throws {
        try value.encode(to: &writer, context: self)
    }

    /// Encodes a raw-value enum (or any `RawRepresentable`) as its raw value.
    @inlinable
    public func encode<T: RawRepresentable>(_ value: T, to writer: inout JSONWriter) throws
    where T.RawValue: JSONEncodable {
        try value.rawValue.encode(to: &writer, context: self)
    }

    /// Encodes any `Encodable` value through the `Codable` bridge.
    @inlinable
    public func encode<T: Encodable>(_ value: T, to writer: inout JSONWriter) throws {
        try JSONCodableBridge.encode(value, to: &writer, context: self)
    }

    /// Tie-break: Loom's conformance wins over `Encodable`.
    @inlinable
    public func encode<T: JSONEncodable & Encodable>(_ value: T, to writer: inout JSONWriter) throws {
        try value.encode(to: &writer, context: self)
    }

    /// Tie-break: the raw value wins over `Encodable`.
    @inlinable
    public func encode<T: RawRepresentable & Encodable>(_ value: T, to writer: inout JSONWriter) throws
    where T.RawValue: JSONEncodable {
        try value.rawValue.encode(to: &writer, context: self)
    }

    /// Tie-break: Loom's conformance wins over the raw value.
    @inlinable
    public func encode<T: JSONEncodable & RawRepresentable>(_ value: T, to writer: inout JSONWriter) throws
    where T.RawValue: JSONEncodable {
        try value.encode(to: &writer, context: self)
    }

    /// Tie-break: Loom's conformance wins over everything.
    @inlinable
    public func encode<T: JSONEncodable & RawRepresentable & Encodable>(_ value: T, to writer: inout JSONWriter) throws
    where T.RawValue: JSONEncodable {
        try value.encode(to: &writer, context: self)
    }
}

// A member in one call, for a property that writes a leaf value: the key (`_writeKey`), then
// the value; for an optional, nothing for `nil`, or `null` when the encoder writes nulls. One
// call a property in the code generated for each model, where several cost a debug build more
// to compile. One overload per `encode` overload, so that the same one is chosen.
extension JSONEncodingContext {
    /// Writes a member: the key of `slot` in `keys`, then a Loom-encodable value.
    ///
    /// - Throws: what encoding the value throws.
    @inlinable @inline(__always)
    public func _encode<T: JSONEncodable>(
        _ value: T, _ keys: _JSONKeySet, _ slot: Int, to writer: inout JSONWriter
    ) throws {
        try _encodeJSONMember(value, keys, slot, to: &writer)
    }

    /// Writes a member: the key of `slot` in `keys`, then a raw-value enum as its raw value.
    ///
    /// - Throws: what encoding the value throws.
    @inlinable @inline(__always)
    public func _encode<T: RawRepresentable>(
        _ value: T, _ keys: _JSONKeySet, _ slot: Int, to writer: inout JSONWriter
    ) throws where T.RawValue: JSONEncodable {
        _writeKey(keys, slot, to: &writer)
        try encode(value, to: &writer)
    }

    /// Writes a member: the key of `slot` in `keys`, then an `Encodable` value through the
    /// `Codable` bridge.
    ///
    /// - Throws: what encoding the value throws.
    @inlinable @inline(__always)
    public func _encode<T: Encodable>(
        _ value: T, _ keys: _JSONKeySet, _ slot: Int, to writer: inout JSONWriter
    ) throws {
        _writeKey(keys, slot, to: &writer)
        try encode(value, to: &writer)
    }

    /// Tie-break: Loom's conformance wins over `Encodable`.
    ///
    /// - Throws: what encoding the value throws.
    @inlinable @inline(__always)
    public func _encode<T: JSONEncodable & Encodable>(
        _ value: T, _ keys: _JSONKeySet, _ slot: Int, to writer: inout JSONWriter
    ) throws {
        _writeKey(keys, slot, to: &writer)
        try encode(value, to: &writer)
    }

    /// Tie-break: the raw value wins over `Encodable`.
    ///
    /// - Throws: what encoding the value throws.
    @inlinable @inline(__always)
    public func _encode<T: RawRepresentable & Encodable>(
        _ value: T, _ keys: _JSONKeySet, _ slot: Int, to writer: inout JSONWriter
    ) throws where T.RawValue: JSONEncodable {
        _writeKey(keys, slot, to: &writer)
        try encode(value, to: &writer)
    }

    /// Tie-break: Loom's conformance wins over the raw value.
    ///
    /// - Throws: what encoding the value throws.
    @inlinable @inline(__always)
    public func _encode<T: JSONEncodable & RawRepresentable>(
        _ value: T, _ keys: _JSONKeySet, _ slot: Int, to writer: inout JSONWriter
    ) throws where T.RawValue: JSONEncodable {
        _writeKey(keys, slot, to: &writer)
        try encode(value, to: &writer)
    }

    /// Tie-break: Loom's conformance wins over everything.
    ///
    /// - Throws: what encoding the value throws.
    @inlinable @inline(__always)
    public func _encode<T: JSONEncodable & RawRepresentable & Encodable>(
        _ value: T, _ keys: _JSONKeySet, _ slot: Int, to writer: inout JSONWriter
    ) throws where T.RawValue: JSONEncodable {
        _writeKey(keys, slot, to: &writer)
        try encode(value, to: &writer)
    }

    /// A `nil` member: nothing, or its key and `null` when the encoder writes nulls.
    @usableFromInline
    func writeNilMember(_ keys: _JSONKeySet, _ slot: Int, to writer: inout JSONWriter) {
        guard writesNulls else { return }
        _writeKey(keys, slot, to: &writer)
        writer.writeNull()
    }

    /// Writes an optional member: nothing for `nil` (`null` when the encoder writes nulls), else
    /// the key of `slot` in `keys`, then a Loom-encodable value.
    ///
    /// - Throws: what encoding the value throws.
    @inlinable @inline(__always)
    public func _encodeOptional<T: JSONEncodable>(
        _ value: T?, _ keys: _JSONKeySet, _ slot: Int, to writer: inout JSONWriter
    ) throws {
        try _encodeOptionalJSONMember(value, keys, slot, to: &writer)
    }

    /// Writes an optional member: nothing for `nil` (`null` when the encoder writes nulls), else
    /// the key of `slot` in `keys`, then a raw-value enum as its raw value.
    ///
    /// - Throws: what encoding the value throws.
    @inlinable @inline(__always)
    public func _encodeOptional<T: RawRepresentable>(
        _ value: T?, _ keys: _JSONKeySet, _ slot: Int, to writer: inout JSONWriter
    ) throws where T.RawValue: JSONEncodable {
        guard let value else { return writeNilMember(keys, slot, to: &writer) }
        try _encode(value, keys, slot, to: &writer)
    }

    /// Writes an optional member: nothing for `nil` (`null` when the encoder writes nulls), else
    /// the key of `slot` in `keys`, then an `Encodable` value through the `Codable` bridge.
    ///
    /// - Throws: what encoding the value throws.
    @inlinable @inline(__always)
    public func _encodeOptional<T: Encodable>(
        _ value: T?, _ keys: _JSONKeySet, _ slot: Int, to writer: inout JSONWriter
    ) throws {
        guard let value else { return writeNilMember(keys, slot, to: &writer) }
        try _encode(value, keys, slot, to: &writer)
    }

    /// Tie-break: Loom's conformance wins over `Encodable`.
    ///
    /// - Throws: what encoding the value throws.
    @inlinable @inline(__always)
    public func _encodeOptional<T: JSONEncodable & Encodable>(
        _ value: T?, _ keys: _JSONKeySet, _ slot: Int, to writer: inout JSONWriter
    ) throws {
        guard let value else { return writeNilMember(keys, slot, to: &writer) }
        try _encode(value, keys, slot, to: &writer)
    }

    /// Tie-break: the raw value wins over `Encodable`.
    ///
    /// - Throws: what encoding the value throws.
    @inlinable @inline(__always)
    public func _encodeOptional<T: RawRepresentable & Encodable>(
        _ value: T?, _ keys: _JSONKeySet, _ slot: Int, to writer: inout JSONWriter
    ) throws where T.RawValue: JSONEncodable {
        guard let value else { return writeNilMember(keys, slot, to: &writer) }
        try _encode(value, keys, slot, to: &writer)
    }

    /// Tie-break: Loom's conformance wins over the raw value.
    ///
    /// - Throws: what encoding the value throws.
    @inlinable @inline(__always)
    public func _encodeOptional<T: JSONEncodable & RawRepresentable>(
        _ value: T?, _ keys: _JSONKeySet, _ slot: Int, to writer: inout JSONWriter
    ) throws where T.RawValue: JSONEncodable {
        guard let value else { return writeNilMember(keys, slot, to: &writer) }
        try _encode(value, keys, slot, to: &writer)
    }

    /// Tie-break: Loom's conformance wins over everything.
    ///
    /// - Throws: what encoding the value throws.
    @inlinable @inline(__always)
    public func _encodeOptional<T: JSONEncodable & RawRepresentable & Encodable>(
        _ value: T?, _ keys: _JSONKeySet, _ slot: Int, to writer: inout JSONWriter
    ) throws where T.RawValue: JSONEncodable {
        guard let value else { return writeNilMember(keys, slot, to: &writer) }
        try _encode(value, keys, slot, to: &writer)
    }
}

// The same writes for the types whose conformance Loom itself provides, which the macro
// recognises by name: one function each instead of a set of overloads to resolve at every
// call in the generated code.
extension JSONEncodingContext {
    /// Writes a Loom-encodable value, without an overload to choose.
    ///
    /// - Throws: what encoding the value throws.
    @inlinable @inline(__always)
    public func _encodeJSON<T: JSONEncodable>(_ value: T, to writer: inout JSONWriter) throws {
        try value.encode(to: &writer, context: self)
    }

    /// Writes a member: the key of `slot` in `keys`, then a Loom-encodable value, without an
    /// overload to choose.
    ///
    /// - Throws: what encoding the value throws.
    @inlinable @inline(__always)
    public func _encodeJSONMember<T: JSONEncodable>(
        _ value: T, _ keys: _JSONKeySet, _ slot: Int, to writer: inout JSONWriter
    ) throws {
        _writeKey(keys, slot, to: &writer)
        try value.encode(to: &writer, context: self)
    }

    /// Writes an optional member of a Loom-encodable type: nothing for `nil` (`null` when the
    /// encoder writes nulls), else the key and the value; without an overload to choose.
    ///
    /// - Throws: what encoding the value throws.
    @inlinable @inline(__always)
    public func _encodeOptionalJSONMember<T: JSONEncodable>(
        _ value: T?, _ keys: _JSONKeySet, _ slot: Int, to writer: inout JSONWriter
    ) throws {
        guard let value else { return writeNilMember(keys, slot, to: &writer) }
        _writeKey(keys, slot, to: &writer)
        try value.encode(to: &writer, context: self)
    }
}
