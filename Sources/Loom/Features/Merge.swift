import Foundation

// Updating models with newer data (Mantle's `-mergeValuesForKeysFromModel:`): from another
// model with `merge(from:)`, or from a partial JSON payload with `update(fromJSON:)`.

/// A model that can take values from another instance or from a partial JSON payload.
///
/// `@JSONModel` generates the conformance for a struct that declares `JSONMergeable` (and
/// for every class model):
///
/// ```swift
/// @JSONModel
/// struct GHIssue: JSONMergeable {
///     var title: String
///     var body: String?
///     @JSONMerge(.keep) var number: Int
///     var labels: Set<String>
///     static func mergeLabels(_ current: inout Set<String>, _ other: Set<String>) {
///         current.formUnion(other)
///     }
/// }
///
/// stored.merge(from: refreshed)                    // every mapped property, by its policy
/// stored.merge(from: refreshed, only: [\.title])   // only these
/// try stored.update(fromJSON: Data(#"{"title": "New"}"#.utf8))   // only the keys present
/// ```
///
/// The default policy replaces the receiver's value, except that a `nil` optional in the
/// other model keeps the receiver's value. `@JSONMerge(.keep)`, `@JSONMerge(.replace)` (also
/// with `nil`) and a `static func merge<Property>(_ current: inout T, _ other: T)` change it
/// per property. `@JSONIgnore` properties and `let` properties are never merged.
public protocol JSONMergeable: JSONModel {
    /// Takes every mapped property from `other`, following each property's merge policy.
    mutating func merge(from other: Self)

    /// Decodes the keys present in `element` into the matching properties, leaving the others
    /// unchanged; `null` sets an optional property to `nil`.
    ///
    /// Values are decoded before any is assigned, so a decoding error changes nothing.
    ///
    /// - Throws: ``JSONDecodingError`` with the path of the problem.
    mutating func update(json element: JSONElement, context: JSONDecodingContext) throws

    /// Reads the keys present straight from the bytes into the matching properties, on the
    /// direct path (see `_JSONReader`), leaving the others unchanged.
    ///
    /// `@JSONModel` generates it. The default throws `_JSONReader.Fallback`, so that
    /// ``update(json:context:)`` decodes a parsed document instead.
    ///
    /// - Throws: `_JSONReader.Fallback` for anything but the ordinary case, before any
    ///   property is changed; the update then runs on a parsed document.
    mutating func _update(reading reader: inout _JSONReader, context: borrowing JSONDecodingContext) throws(_JSONReader.Fallback)
}

extension JSONMergeable {
    /// Throws `_JSONReader.Fallback`: the update decodes a parsed document.
    ///
    /// - Throws: `_JSONReader.Fallback`, always.
    public mutating func _update(reading reader: inout _JSONReader, context: borrowing JSONDecodingContext)
        throws(_JSONReader.Fallback)
    {
        try _JSONReader.fail()
    }
}

/// How `merge(from:)` treats one property; the argument of `@JSONMerge`.
public enum JSONMergePolicy: Sendable, Hashable {
    /// Keep the receiver's value.
    case keep
    /// Take the other model's value, even `nil`.
    case replace
    /// Take the other model's value unless it is `nil` (the default for optionals; other
    /// properties are always replaced).
    case replaceIfPresent
}

extension JSONMergeable {
    /// Updates the model from a partial JSON payload, touching only the keys present
    /// ("refresh from the server").
    ///
    /// - Throws: ``JSONDecodingError``; the model is unchanged when decoding fails.
    public mutating func update(fromJSON data: Data, decoder: JSONModelDecoder = .init()) throws {
        try data.withUnsafeBytes { raw in
            try update(fromBuffer: raw.bindMemory(to: UInt8.self), decoder: decoder)
        }
    }

    /// Updates the model from partial JSON bytes.
    ///
    /// - Throws: ``JSONDecodingError``; the model is unchanged when decoding fails.
    public mutating func update(fromJSON bytes: [UInt8], decoder: JSONModelDecoder = .init()) throws {
        try bytes.withUnsafeBufferPointer { try update(fromBuffer: $0, decoder: decoder) }
    }

    /// Updates the model from partial JSON text.
    ///
    /// - Throws: ``JSONDecodingError``; the model is unchanged when decoding fails.
    public mutating func update(fromJSONString string: String, decoder: JSONModelDecoder = .init()) throws {
        try update(fromJSON: Array(string.utf8), decoder: decoder)
    }

    mutating func update(fromBuffer buffer: UnsafeBufferPointer<UInt8>, decoder: JSONModelDecoder) throws {
        let context = JSONDecodingContext(decoder: decoder)
        // The direct path reads every value before it stores one, and falls back before any
        // store; only data after the object would be found after them, so the input is
        // validated whole first. On a fallback the parsed document decides, with the same
        // result or the error.
        if _JSONReader.read(from: buffer, context: context, { (reader: inout _JSONReader) throws(_JSONReader.Fallback) in
            try reader.skipValue()
        }) != nil,
            _JSONReader.read(from: buffer, context: context, { (reader: inout _JSONReader) throws(_JSONReader.Fallback) in
                try self._update(reading: &reader, context: context)
            }) != nil
        {
            return
        }
        let document: JSONDocument
        do {
            document = try JSONDocument(borrowing: buffer, options: decoder.parsingOptions)
        } catch {
            throw JSONDecodingError(syntaxError: error)
        }
        try withExtendedLifetime(document) {
            try update(json: document.root, context: context)
        }
    }
}

extension JSONMergeable where Self: AnyObject {
    /// Updates the model from a partial JSON payload, touching only the keys present.
    ///
    /// - Throws: ``JSONDecodingError``.
    public func update(fromJSON data: Data, decoder: JSONModelDecoder = .init()) throws {
        var target = self
        try data.withUnsafeBytes { raw in
            try target.update(fromBuffer: raw.bindMemory(to: UInt8.self), decoder: decoder)
        }
    }

    /// Updates the model from partial JSON bytes.
    ///
    /// - Throws: ``JSONDecodingError``.
    public func update(fromJSON bytes: [UInt8], decoder: JSONModelDecoder = .init()) throws {
        var target = self
        try bytes.withUnsafeBufferPointer { try target.update(fromBuffer: $0, decoder: decoder) }
    }

    /// Updates the model from partial JSON text.
    ///
    /// - Throws: ``JSONDecodingError``.
    public func update(fromJSONString string: String, decoder: JSONModelDecoder = .init()) throws {
        var target = self
        try Array(string.utf8).withUnsafeBufferPointer { try target.update(fromBuffer: $0, decoder: decoder) }
    }
}

extension JSONDecodingContext {
    /// Whether the decoder treats `null` as missing: an update then keeps an optional
    /// property's value for `null`. Not API; generated updates read it.
    @inlinable public var _nullIsMissing: Bool { nullAsMissing }
}
