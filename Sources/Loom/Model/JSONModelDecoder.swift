import Foundation

/// How property names map to JSON keys when no `@JSONKey` names one.
public enum JSONKeyStrategy: Sendable {
    /// The property name as written (the default).
    case useDefaultKeys
    /// `userName` ⇄ `user_name`.
    case snakeCase
    /// A function from the property name to the JSON key.
    case custom(@Sendable (String) -> String)

    /// The JSON key for `name` under this strategy.
    public func key(for name: String) -> String {
        switch self {
        case .useDefaultKeys: return name
        case .snakeCase: return JSONKeyStrategy.snakeCased(name)
        case .custom(let transform): return transform(name)
        }
    }

    /// Converts `camelCase` (and `URLValue`-style acronyms) to `snake_case`.
    public static func snakeCased(_ name: String) -> String {
        let scalars = Array(name.unicodeScalars)
        var result = ""
        for (index, scalar) in scalars.enumerated() {
            let isUpper = CharacterSet.uppercaseLetters.contains(scalar)
            if isUpper {
                let previousIsLowerOrDigit =
                    index > 0
                    && (CharacterSet.lowercaseLetters.contains(scalars[index - 1])
                        || CharacterSet.decimalDigits.contains(scalars[index - 1]))
                let nextIsLower =
                    index + 1 < scalars.count && CharacterSet.lowercaseLetters.contains(scalars[index + 1])
                let previousIsUpper = index > 0 && CharacterSet.uppercaseLetters.contains(scalars[index - 1])
                if index > 0 && (previousIsLowerOrDigit || (previousIsUpper && nextIsLower)) {
                    result += "_"
                }
                result += String(scalar).lowercased()
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

/// How `Date` properties without a transformer read and write JSON.
public enum JSONDateStrategy: Sendable {
    /// ISO 8601 / RFC 3339 text, with or without fractional seconds (the default).
    case iso8601
    /// Seconds since 1970 as a number.
    case secondsSince1970
    /// Milliseconds since 1970 as a number.
    case millisecondsSince1970
    /// A fixed pattern such as `yyyy-MM-dd HH:mm:ss`, in the POSIX locale and UTC unless the
    /// pattern has a zone.
    case formatted(String)
    /// Your own functions.
    case custom(
        decode: @Sendable (JSONElement) throws -> Date,
        encode: @Sendable (Date, inout JSONWriter) throws -> Void)
}

/// Decodes models from JSON and carries the options that apply to a whole decode.
///
/// ```swift
/// var decoder = JSONModelDecoder()
/// decoder.keyStrategy = .snakeCase
/// decoder.unknownKeys = .reject
/// let issue = try decoder.decode(GHIssue.self, from: data)
/// ```
public struct JSONModelDecoder: Sendable {
    /// What to do with keys no property maps.
    public enum UnknownKeyPolicy: Sendable, Hashable {
        /// Skip them (the default).
        case ignore
        /// Fail, listing every unknown key of the object with its path.
        case reject
    }

    /// Key strategy for properties without an explicit `@JSONKey`. Default: property names.
    public var keyStrategy: JSONKeyStrategy = .useDefaultKeys
    /// How `Date` properties without a transformer are read. Default: ISO 8601.
    public var dateStrategy: JSONDateStrategy = .iso8601
    /// Unknown keys: ignored by default.
    public var unknownKeys: UnknownKeyPolicy = .ignore
    /// Treat `null` like a missing key, so non-optional properties with a default take it.
    public var nullAsMissing = false
    /// Report every failing path in one error of kind ``JSONDecodingError/Kind/multiple``
    /// instead of stopping at the first.
    public var collectsAllErrors = false
    /// The most errors collected before decoding stops. Default 100.
    public var maxCollectedErrors = 100
    /// Limits and leniencies of the JSON parser (nesting depth, duplicate keys, sizes).
    public var parsingOptions = JSONParsingOptions()

    /// Creates a decoder with default options.
    public init() {}

    /// Decodes a `T` from JSON bytes.
    ///
    /// - Throws: ``JSONDecodingError`` (kind ``JSONDecodingError/Kind/syntax`` for invalid JSON).
    public func decode<T: JSONDecodable>(_ type: T.Type = T.self, from data: Data) throws -> T {
        try data.withUnsafeBytes { raw in try decode(T.self, fromBuffer: raw.bindMemory(to: UInt8.self)) }
    }

    /// Decodes a `T` from JSON bytes.
    ///
    /// - Throws: ``JSONDecodingError`` (kind ``JSONDecodingError/Kind/syntax`` for invalid JSON).
    public func decode<T: JSONDecodable>(_ type: T.Type = T.self, from bytes: [UInt8]) throws -> T {
        try bytes.withUnsafeBufferPointer { try decode(T.self, fromBuffer: $0) }
    }

    /// Decodes a `T` from JSON text.
    ///
    /// - Throws: ``JSONDecodingError`` (kind ``JSONDecodingError/Kind/syntax`` for invalid JSON).
    public func decode<T: JSONDecodable>(_ type: T.Type = T.self, from string: String) throws -> T {
        var string = string
        return try string.withUTF8 { try decode(T.self, fromBuffer: $0) }
    }

    /// Decodes a `T` from an already parsed value.
    ///
    /// - Throws: ``JSONDecodingError``.
    public func decode<T: JSONDecodable>(_ type: T.Type = T.self, from value: JSONValue) throws -> T {
        let bytes: [UInt8]
        do {
            bytes = try value.jsonBytes()
        } catch {
            throw JSONDecodingError(.invalidValue, reason: error.message)
        }
        return try decode(T.self, from: bytes)
    }

    /// Decodes a `T` from the root of a parsed document.
    ///
    /// - Throws: ``JSONDecodingError``.
    public func decode<T: JSONDecodable>(_ type: T.Type = T.self, from document: JSONDocument) throws -> T {
        try withExtendedLifetime(document) {
            let context = JSONDecodingContext(decoder: self)
            return try T.makeInstance(json: document.root, context: context)
        }
    }

    /// Decodes from bytes that stay valid during the call; the parse borrows them.
    @inlinable
    func decode<T: JSONDecodable>(_ type: T.Type, fromBuffer buffer: UnsafeBufferPointer<UInt8>) throws -> T {
        let document: JSONDocument
        do {
            document = try JSONDocument(borrowing: buffer, options: parsingOptions)
        } catch {
            throw JSONDecodingError(syntaxError: error)
        }
        return try withExtendedLifetime(document) {
            let context = JSONDecodingContext(decoder: self)
            return try T.makeInstance(json: document.root, context: context)
        }
    }
}

extension JSONDecodingError {
    @usableFromInline
    init(syntaxError error: JSONError) { self.init(syntax: error) }
}
