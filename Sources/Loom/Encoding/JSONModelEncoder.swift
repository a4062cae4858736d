import Foundation

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
