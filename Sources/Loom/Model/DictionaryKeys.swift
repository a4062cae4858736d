import Foundation

// Dictionary keys other than `String`: JSON object keys are always strings, so `[Int: T]`
// reads `{"1": …}` and a raw-value enum key reads its raw value. Generated code passes these
// helpers to `JSONDecodingContext.dictionary(_:key:_:)` and
// `JSONEncodingContext.dictionary(_:key:to:_:)`.

extension JSONDecodingContext {
    /// Converts a JSON object key to a `LosslessStringConvertible` key (`Int`, `Double`, `Bool`…).
    ///
    /// - Throws: ``JSONDecodingError`` of kind `invalidValue` when the text does not convert.
    @inlinable
    public func dictionaryKey<K: LosslessStringConvertible>(_ type: K.Type, from key: String) throws -> K {
        guard let value = K(key) else { throw invalidDictionaryKey(K.self, key) }
        return value
    }

    /// Converts a JSON object key to a raw-value enum (or other `RawRepresentable`) key.
    ///
    /// - Throws: ``JSONDecodingError`` of kind `invalidValue` naming the allowed values when the
    ///   type is `CaseIterable`.
    @inlinable
    public func dictionaryKey<K: RawRepresentable>(_ type: K.Type, from key: String) throws -> K
    where K.RawValue: LosslessStringConvertible {
        guard let raw = K.RawValue(key), let value = K(rawValue: raw) else { throw unknownDictionaryKey(K.self, key) }
        return value
    }

    /// Tie-break: the raw value wins for a type that is both.
    @inlinable
    public func dictionaryKey<K: RawRepresentable & LosslessStringConvertible>(_ type: K.Type, from key: String) throws
        -> K
    where K.RawValue: LosslessStringConvertible {
        guard let raw = K.RawValue(key), let value = K(rawValue: raw) else { throw unknownDictionaryKey(K.self, key) }
        return value
    }

    @usableFromInline
    func invalidDictionaryKey<K>(_ type: K.Type, _ key: String) -> JSONDecodingError {
        JSONDecodingError(.invalidValue, reason: "invalid \(K.self) key \(quoted(key))")
    }

    @usableFromInline
    func unknownDictionaryKey<K: RawRepresentable>(_ type: K.Type, _ key: String) -> JSONDecodingError {
        var reason = "unknown \(K.self) key \(quoted(key))"
        if let allowed = allowedRawValues(K.self) { reason += ", expected one of \(allowed)" }
        return JSONDecodingError(.invalidValue, reason: reason)
    }

    func quoted(_ text: String) -> String {
        var writer = JSONWriter()
        writer.write(text)
        return writer.string
    }
}

extension JSONEncodingContext {
    /// The JSON object key for a `LosslessStringConvertible` key: its `description`.
    @inlinable
    public func dictionaryKey<K: LosslessStringConvertible>(_ key: K) -> String { key.description }

    /// The JSON object key for a raw-value key: the raw value's `description`.
    @inlinable
    public func dictionaryKey<K: RawRepresentable>(_ key: K) -> String where K.RawValue: LosslessStringConvertible {
        key.rawValue.description
    }

    /// Tie-break: the raw value wins for a type that is both.
    @inlinable
    public func dictionaryKey<K: RawRepresentable & LosslessStringConvertible>(_ key: K) -> String
    where K.RawValue: LosslessStringConvertible {
        key.rawValue.description
    }
}
