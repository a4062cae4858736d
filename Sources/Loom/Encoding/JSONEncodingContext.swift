import Foundation

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
    /// bounds (`_onLargerStack` in StackGrowth.swift).
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
    public func _writeKey(_ keys: _JSONKeySet, _ slot: Int, to writer: inout JSONWriter) {
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
