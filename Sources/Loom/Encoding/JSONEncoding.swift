import Foundation

/// A type that writes itself as JSON.
///
/// `@JSONModel` generates the conformance; the standard library and Foundation types Loom
/// supports conform already.
public protocol JSONEncodable {
    /// Writes the value to `writer`.
    ///
    /// - Throws: ``JSONError`` for values JSON cannot hold (non-finite numbers, nesting beyond
    ///   the limit), or errors of transformers and hooks.
    func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws
}

/// A model type: decodes from and encodes to JSON. `@JSONModel` adds this conformance.
public protocol JSONModel: JSONDecodable, JSONEncodable {}

/// Encodes models to JSON and carries the options that apply to a whole encode.
public struct JSONModelEncoder: Sendable {
    /// Key strategy for properties without an explicit `@JSONKey`.
    public var keyStrategy: JSONKeyStrategy = .useDefaultKeys
    /// How `Date` properties without a transformer are written. Default: ISO 8601.
    public var dateStrategy: JSONDateStrategy = .iso8601
    /// How `Data` properties without a transformer are written. Default: standard base64.
    public var dataStrategy: JSONDataStrategy = .base64
    /// Write `null` for `nil` optionals instead of omitting the key. Off by default.
    public var writesNulls = false
    /// Layout, escaping and key order of the output.
    public var writingOptions = JSONWritingOptions()

    /// Creates an encoder with default options.
    public init() {}

    /// Creates an encoder with the given writing options.
    public init(options: JSONWritingOptions) { writingOptions = options }

    /// Encodes `value` to JSON bytes.
    ///
    /// - Throws: ``JSONError`` for values JSON cannot hold, or errors of transformers. A
    ///   ``JSONError`` thrown while writing a property names the property's path first:
    ///   `events[2].at: cannot encode through one-way transformer DateParser`.
    public func encodeBytes<T: JSONEncodable>(_ value: T) throws -> [UInt8] {
        let context = JSONEncodingContext(encoder: self)
        if writingOptions.sortedKeys {
            // Generated code writes in declaration order; sorting goes through the tree form.
            var plain = writingOptions
            plain.sortedKeys = false
            plain.prettyPrinted = false
            var writer = JSONWriter(options: plain)
            try JSONModelEncoder.run(value, &writer, context)
            // Re-read what was just written, whatever its depth and number lengths.
            var parsing = JSONParsingOptions()
            parsing.maxDepth = .max
            parsing.maxNumberLength = .max
            return try JSONValue(parsing: writer.bytes, options: parsing).jsonBytes(options: writingOptions)
        }
        var writer = JSONWriter(options: writingOptions)
        try JSONModelEncoder.run(value, &writer, context)
        return writer.bytes
    }

    /// Encodes, adding the path of the value being written to a ``JSONError``'s message. The
    /// path is read back from the output written so far, so encoding pays nothing for it.
    static func run<T: JSONEncodable>(_ value: T, _ writer: inout JSONWriter, _ context: JSONEncodingContext) throws {
        do {
            try value.encode(to: &writer, context: context)
        } catch let error as JSONError {
            let path = describePath(JSONWriter.openPath(of: writer.bytes))
            // A flattened value's error names the whole path already (`orders[0].billing_city`).
            guard !path.isEmpty, !error.message.hasPrefix(path + ": "), !error.message.hasPrefix(path + "."),
                !error.message.hasPrefix(path + "[")
            else { throw error }
            throw JSONError(kind: error.kind, message: "\(path): \(error.message)")
        }
    }

    /// Encodes `value` to JSON `Data`.
    ///
    /// - Throws: ``JSONError`` for values JSON cannot hold, or errors of transformers.
    public func encode<T: JSONEncodable>(_ value: T) throws -> Data {
        Data(try encodeBytes(value))
    }

    /// Encodes `value` to a ``JSONValue`` tree.
    ///
    /// - Throws: ``JSONError`` for values JSON cannot hold, or errors of transformers.
    public func encodeValue<T: JSONEncodable>(_ value: T) throws -> JSONValue {
        var plain = self
        plain.writingOptions = JSONWritingOptions()
        return try JSONValue(parsing: plain.encodeBytes(value))
    }
}

/// What generated encoding code needs during one encode: options and helpers.
public struct JSONEncodingContext: Sendable {
    // As for decoding: options behind one reference, hot flags as plain fields.
    @usableFromInline final class Storage: Sendable {
        let encoder: JSONModelEncoder
        /// The encoder's `.formatted` date pattern, compiled once per encode.
        let datePattern: JSONDatePattern?
        /// An address near the start of the encode on the thread's stack: an encode that has
        /// used less than `DecodingStack.reserve` below it does not look at the bounds.
        @usableFromInline let stackTop: UInt

        /// Whether a model written at `here` must move to a thread with a larger stack.
        @usableFromInline func needsGrowth(at here: UInt) -> Bool { DecodingStack.nearEnd(here) }

        init(_ encoder: JSONModelEncoder) {
            self.encoder = encoder
            var marker: UInt8 = 0
            stackTop = DecodingStack.top(withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) })
            if case .formatted(let pattern) = encoder.dateStrategy {
                datePattern = JSONDatePattern(pattern)
            } else {
                datePattern = nil
            }
        }
    }

    /// `var` so that an encode continued on a thread with a larger stack gets its own stack
    /// bounds (`onLargerStack` in StackGrowth.swift).
    @usableFromInline var storage: Storage
    @usableFromInline let keyMode: UInt8
    /// Whether `nil` optionals are written as `null`.
    public let writesNulls: Bool

    /// The encoder whose options apply.
    public var encoder: JSONModelEncoder { storage.encoder }

    /// Creates a context for `encoder`.
    public init(encoder: JSONModelEncoder) {
        storage = Storage(encoder)
        keyMode = encoder.keyStrategy.keyMode
        writesNulls = encoder.writesNulls
    }

    /// Writes the key of `slot` in `keys` (pre-escaped, strategy applied).
    @inlinable
    public func writeKey(_ keys: JSONKeySet, _ slot: Int, to writer: inout JSONWriter) {
        writer.beforeValue()
        if keyMode == customKeyMode {
            writer.writeEscaped(keys.names(for: encoder.keyStrategy)[slot])
        } else {
            keys.appendEscapedKey(slot, mode: keyMode, to: &writer.bytes)
        }
        writer.keySeparator()
    }

    /// Writes a sequence as a JSON array.
    ///
    /// - Throws: what `body` throws, or ``JSONError`` for nesting beyond the limit.
    @inlinable
    public func array<S: Sequence>(
        _ values: S, to writer: inout JSONWriter, _ body: (S.Element, inout JSONWriter) throws -> Void
    ) throws {
        try writer.beginArray()
        for value in values { try body(value, &writer) }
        writer.endArray()
    }

    /// Writes a dictionary as a JSON object.
    ///
    /// - Throws: what `body` throws, or ``JSONError`` for nesting beyond the limit.
    @inlinable
    public func dictionary<K, V>(
        _ values: [K: V], key: (K) -> String, to writer: inout JSONWriter, _ body: (V, inout JSONWriter) throws -> Void
    ) throws {
        try writer.beginObject()
        for (name, value) in values {
            writer.writeKey(key(name))
            try body(value, &writer)
        }
        writer.endObject()
    }

    /// Writes a dictionary with `String` keys as a JSON object.
    ///
    /// - Throws: what `body` throws, or ``JSONError`` for nesting beyond the limit.
    @inlinable
    public func dictionary<V>(
        _ values: [String: V], to writer: inout JSONWriter, _ body: (V, inout JSONWriter) throws -> Void
    ) throws {
        try dictionary(values, key: { $0 }, to: &writer, body)
    }

    /// Writes `null` for `nil`, else the value through `body` (optionals inside collections).
    ///
    /// - Throws: what `body` throws.
    @inlinable
    public func optionalValue<T>(_ value: T?, to writer: inout JSONWriter, _ body: (T, inout JSONWriter) throws -> Void)
        rethrows
    {
        if let value { try body(value, &writer) } else { writer.writeNull() }
    }
}

// MARK: - Entry points

extension JSONEncodable {
    /// The value as JSON `Data`.
    ///
    /// - Throws: ``JSONError`` for values JSON cannot hold, or errors of transformers.
    public func jsonData(options: JSONWritingOptions = .init()) throws -> Data {
        try JSONModelEncoder(options: options).encode(self)
    }

    /// The value as JSON bytes.
    ///
    /// - Throws: ``JSONError`` for values JSON cannot hold, or errors of transformers.
    public func jsonBytes(options: JSONWritingOptions = .init()) throws -> [UInt8] {
        try JSONModelEncoder(options: options).encodeBytes(self)
    }

    /// The value as a JSON string.
    ///
    /// - Throws: ``JSONError`` for values JSON cannot hold, or errors of transformers.
    public func jsonString(options: JSONWritingOptions = .init()) throws -> String {
        String(decoding: try jsonBytes(options: options), as: UTF8.self)
    }

    /// The value as a ``JSONValue`` tree.
    ///
    /// - Throws: ``JSONError`` for values JSON cannot hold, or errors of transformers.
    public func jsonValue() throws -> JSONValue {
        try JSONModelEncoder().encodeValue(self)
    }
}

extension JSONDecodable {
    /// Decodes a value from JSON `Data`.
    ///
    /// - Throws: ``JSONDecodingError`` with the model path and JSON position of the problem.
    public init(jsonData data: Data, decoder: JSONModelDecoder = .init()) throws {
        self = try decoder.decode(Self.self, from: data)
    }

    /// Decodes a value from JSON bytes.
    ///
    /// - Throws: ``JSONDecodingError`` with the model path and JSON position of the problem.
    public init(jsonData bytes: [UInt8], decoder: JSONModelDecoder = .init()) throws {
        self = try decoder.decode(Self.self, from: bytes)
    }

    /// Decodes a value from JSON text.
    ///
    /// - Throws: ``JSONDecodingError`` with the model path and JSON position of the problem.
    public init(jsonString string: String, decoder: JSONModelDecoder = .init()) throws {
        self = try decoder.decode(Self.self, from: string)
    }

    /// Decodes a value from a parsed ``JSONValue``.
    ///
    /// - Throws: ``JSONDecodingError`` with the model path of the problem.
    public init(json value: JSONValue, decoder: JSONModelDecoder = .init()) throws {
        self = try decoder.decode(Self.self, from: value)
    }
}
