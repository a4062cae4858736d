import Foundation

/// A model type: decodes from and encodes to JSON. `@JSONModel` adds this conformance.
public protocol JSONModel: JSONDecodable, JSONEncodable {}

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
