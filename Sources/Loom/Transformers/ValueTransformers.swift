import Foundation

// MARK: - URL, UUID, Data

/// URLs from strings, optionally relative to a base URL.
public struct URLTransformer: JSONTransformer {
    /// The URL relative references resolve against, if any.
    public let baseURL: URL?

    /// Creates the transformer; with `baseURL`, `"/issues/1"` reads as a URL relative to it.
    public init(relativeTo baseURL: URL? = nil) { self.baseURL = baseURL }

    public func decode(_ element: JSONElement, context: JSONDecodingContext) throws -> URL {
        guard let text = element.stringValue else { throw context.mismatch(expected: "URL string", element) }
        guard !text.isEmpty || baseURL != nil, let url = URL(string: text, relativeTo: baseURL) else {
            throw context.invalid("invalid URL \(context.describe(element))", element)
        }
        return url
    }

    /// Writes the URL; one relative to this transformer's base writes its relative part.
    public func encode(_ value: URL, to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        if let baseURL, value.baseURL == baseURL {
            writer.write(value.relativeString)
        } else {
            writer.write(value.absoluteString)
        }
    }
}

extension JSONTransformer where Self == URLTransformer {
    /// URLs from strings.
    public static var url: URLTransformer { URLTransformer() }

    /// URLs from strings, relative ones resolved against `base`.
    public static func url(relativeTo base: URL) -> URLTransformer { URLTransformer(relativeTo: base) }
}

/// UUIDs from their 36-character text, in any case.
public struct UUIDTransformer: JSONTransformer {
    /// Whether encoding writes lowercase hexadecimal (Foundation writes uppercase).
    public let writesLowercase: Bool

    /// Creates the transformer.
    public init(lowercase: Bool = false) { writesLowercase = lowercase }

    public func decode(_ element: JSONElement, context: JSONDecodingContext) throws -> UUID {
        try UUID(json: element, context: context)
    }

    public func encode(_ value: UUID, to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        JSONUUIDText.write(value, lowercase: writesLowercase, to: &writer)
    }
}

extension JSONTransformer where Self == UUIDTransformer {
    /// UUIDs, written in uppercase as Foundation does.
    public static var uuid: UUIDTransformer { UUIDTransformer() }

    /// UUIDs, written in lowercase (as most JSON APIs do) when `lowercase`.
    public static func uuid(lowercase: Bool) -> UUIDTransformer { UUIDTransformer(lowercase: lowercase) }
}

/// `Data` as base64 text (RFC 4648): standard with padding, or URL-safe with optional padding.
public struct Base64Transformer: JSONTransformer {
    /// Whether the URL-safe alphabet (`-`, `_`) is used.
    public let isURLSafe: Bool

    /// Creates the transformer.
    public init(urlSafe: Bool = false) { isURLSafe = urlSafe }

    public func decode(_ element: JSONElement, context: JSONDecodingContext) throws -> Data {
        try JSONBase64Coding.decode(element, urlSafe: isURLSafe, context: context)
    }

    public func encode(_ value: Data, to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        writer.writeBase64(value, urlSafe: isURLSafe)
    }
}

extension JSONTransformer where Self == Base64Transformer {
    /// Standard base64 with padding (`+`, `/`, `=`).
    public static var base64: Base64Transformer { Base64Transformer() }

    /// URL-safe base64 (`-`, `_`), padding optional when reading and left out when writing.
    public static var base64URL: Base64Transformer { Base64Transformer(urlSafe: true) }
}

// MARK: - Value mapping

/// Maps JSON values to Swift values through a table, with optional defaults both ways
/// (Mantle's `mtl_valueMappingTransformerWithDictionary:defaultValue:reverseDefaultValue:`).
///
/// ```swift
/// // {"state": "open"}
/// @JSONTransform(.valueMapping(["open": State.open, "closed": .closed], default: .unknown))
/// var state: State
/// ```
///
/// Name the value type once in the table (`State.open`): attribute arguments are type-checked
/// without the property's type. A value not in the table takes `default` (noted in the
/// decode's report) or is an error listing the known values; encoding a value not in the table
/// writes `reverseDefault` or throws.
public struct ValueMappingTransformer<Key: Hashable & Sendable & JSONDecodable & JSONEncodable, Value: Equatable & Sendable>:
    JSONTransformer
{
    /// JSON values and the Swift values they stand for.
    public let mapping: [Key: Value]
    /// The value for JSON values not in the table; `nil` makes them an error.
    public let defaultValue: Value?
    /// The JSON value written for values not in the table; `nil` makes them an error.
    public let reverseDefault: Key?
    /// The table's pairs in a stable order, for encoding and messages.
    let pairs: [(key: Key, value: Value)]

    /// Creates the transformer.
    public init(_ mapping: [Key: Value], default defaultValue: Value? = nil, reverseDefault: Key? = nil) {
        self.mapping = mapping
        self.defaultValue = defaultValue
        self.reverseDefault = reverseDefault
        pairs = mapping.map { ($0.key, $0.value) }.sorted { "\($0.key)" < "\($1.key)" }
    }

    public func decode(_ element: JSONElement, context: JSONDecodingContext) throws -> Value {
        let key = try Key(json: element, context: context)
        if let value = mapping[key] { return value }
        if let defaultValue {
            context.note(.defaulted, "unknown value \(context.describe(element)), used the default \(defaultValue)", at: element)
            return defaultValue
        }
        throw context.invalid(
            "unknown value \(context.describe(element)), expected one of \(pairs.map { describeKey($0.key) }.joined(separator: ", "))",
            element)
    }

    /// Writes the key of `value`.
    ///
    /// - Throws: ``JSONError`` when `value` is not in the table and there is no reverse default.
    public func encode(_ value: Value, to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        if let pair = pairs.first(where: { $0.value == value }) {
            try pair.key.encode(to: &writer, context: context)
        } else if let reverseDefault {
            try reverseDefault.encode(to: &writer, context: context)
        } else {
            throw JSONError(kind: .invalidValue, message: "value \(value) is not in the value mapping")
        }
    }

    private func describeKey(_ key: Key) -> String {
        var writer = JSONWriter()
        guard (try? key.encode(to: &writer, context: JSONEncodingContext(encoder: JSONModelEncoder()))) != nil else {
            return "\(key)"
        }
        return writer.string
    }
}

extension JSONTransformer {
    /// Maps JSON values through a table: `.valueMapping(["open": State.open, "closed": .closed], default: .unknown)`.
    public static func valueMapping<Key: Hashable & Sendable & JSONDecodable & JSONEncodable, Value: Equatable & Sendable>(
        _ mapping: [Key: Value], default defaultValue: Value? = nil, reverseDefault: Key? = nil
    ) -> Self where Self == ValueMappingTransformer<Key, Value> {
        ValueMappingTransformer(mapping, default: defaultValue, reverseDefault: reverseDefault)
    }
}

/// Raw-value enums with a fallback case for raw values the enum does not know, so a server
/// adding a case does not break old clients.
///
/// ```swift
/// @JSONTransform(.rawValue(fallback: Status.unknown)) var status: Status
/// ```
public struct RawValueTransformer<Value: RawRepresentable & Sendable>: JSONTransformer
where Value.RawValue: JSONDecodable & JSONEncodable {
    /// The case used for an unknown raw value.
    public let fallback: Value

    /// Creates the transformer.
    public init(fallback: Value) { self.fallback = fallback }

    public func decode(_ element: JSONElement, context: JSONDecodingContext) throws -> Value {
        let raw = try Value.RawValue(json: element, context: context)
        if let value = Value(rawValue: raw) { return value }
        context.note(.defaulted, "unknown \(Value.self) value \(context.describe(element)), used \(fallback)", at: element)
        return fallback
    }

    public func encode(_ value: Value, to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        try value.rawValue.encode(to: &writer, context: context)
    }
}

extension JSONTransformer {
    /// A raw-value enum whose unknown raw values read as `fallback`.
    public static func rawValue<Value: RawRepresentable & Sendable>(fallback: Value) -> Self
    where Self == RawValueTransformer<Value>, Value.RawValue: JSONDecodable & JSONEncodable {
        RawValueTransformer(fallback: fallback)
    }
}

// MARK: - Numbers and Booleans in strings

/// A number type that numeric-string transformers and lenient coercion read from text.
///
/// Every integer width, `Double`, `Float` and `Decimal` conform. The underscored requirements
/// are not API.
public protocol JSONNumericValue: JSONDecodable, JSONEncodable, Sendable {
    /// Reads the value from the text of a JSON string (JSON number grammar).
    static func _loomParse(_ element: JSONElement, context: JSONDecodingContext) throws -> Self
    /// The value's JSON number text.
    func _loomNumberText() throws -> String
}

extension JSONNumericValue where Self: FixedWidthInteger {
    public static func _loomParse(_ element: JSONElement, context: JSONDecodingContext) throws -> Self {
        try context.parseInteger(Self.self, element, rounds: false)
    }

    public func _loomNumberText() throws -> String { String(self) }
}

extension Int: JSONNumericValue {}
extension Int8: JSONNumericValue {}
extension Int16: JSONNumericValue {}
extension Int32: JSONNumericValue {}
extension Int64: JSONNumericValue {}
extension UInt: JSONNumericValue {}
extension UInt8: JSONNumericValue {}
extension UInt16: JSONNumericValue {}
extension UInt32: JSONNumericValue {}
extension UInt64: JSONNumericValue {}

extension Double: JSONNumericValue {
    public static func _loomParse(_ element: JSONElement, context: JSONDecodingContext) throws -> Double {
        try context.parseFloatingPoint(element, "Double") { NumberConversion.double(from: $0) }
    }

    public func _loomNumberText() throws -> String {
        guard isFinite else { throw JSONError(kind: .invalidValue, message: "\(self) cannot be written as JSON, numbers must be finite") }
        return JSONNumber.shortest(self)
    }
}

extension Float: JSONNumericValue {
    public static func _loomParse(_ element: JSONElement, context: JSONDecodingContext) throws -> Float {
        try context.parseFloatingPoint(element, "Float") { NumberConversion.float(from: $0) }
    }

    public func _loomNumberText() throws -> String {
        guard isFinite else { throw JSONError(kind: .invalidValue, message: "\(self) cannot be written as JSON, numbers must be finite") }
        return JSONNumber(self).lexeme
    }
}

extension Decimal: JSONNumericValue {
    public static func _loomParse(_ element: JSONElement, context: JSONDecodingContext) throws -> Decimal {
        try context.parseDecimal(element)
    }

    public func _loomNumberText() throws -> String {
        guard isFinite else { throw JSONError(kind: .invalidValue, message: "Decimal NaN cannot be written as JSON") }
        return JSONNumber(self).lexeme
    }
}

/// Numbers written as strings (`"5"` ⇄ `5`). Reads a number or a string holding one (JSON
/// number grammar, exact, no rounding); writes a string.
public struct NumericStringTransformer<Number: JSONNumericValue>: JSONTransformer {
    /// Creates the transformer.
    public init() {}

    public func decode(_ element: JSONElement, context: JSONDecodingContext) throws -> Number {
        if element.nodeKind == .string { return try Number._loomParse(element, context: context) }
        guard element.kind == .number else { throw context.mismatch(expected: "\(Number.self) string", element) }
        return try Number(json: element, context: context)
    }

    /// Writes the number's text as a string.
    ///
    /// - Throws: ``JSONError`` for non-finite values.
    public func encode(_ value: Number, to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        var text = try value._loomNumberText()
        text.withUTF8 { writer.writePlainString($0) }
    }
}

extension JSONTransformer where Self == NumericStringTransformer<Int> {
    /// `Int` written as a string (`"5"` ⇄ `5`); `.numericString(Double.self)` for other types.
    public static var numericString: NumericStringTransformer<Int> { NumericStringTransformer() }
}

extension JSONTransformer {
    /// A number type written as a string: `.numericString(Decimal.self)`.
    public static func numericString<Number: JSONNumericValue>(_ type: Number.Type) -> Self where Self == NumericStringTransformer<Number> {
        NumericStringTransformer()
    }
}

/// Booleans from `true`/`false`, `0`/`1`, or the strings `"true"`, `"false"`, `"yes"`, `"no"`,
/// `"1"`, `"0"` in any case. Writes a JSON Boolean, or the given strings.
public struct BoolTransformer: JSONTransformer {
    /// The string written for `true`; `nil` writes JSON `true`.
    public let trueString: String?
    /// The string written for `false`; `nil` writes JSON `false`.
    public let falseString: String?

    /// Creates the transformer; with strings, encoding writes them instead of JSON Booleans.
    public init(trueString: String? = nil, falseString: String? = nil) {
        self.trueString = trueString
        self.falseString = falseString
    }

    public func decode(_ element: JSONElement, context: JSONDecodingContext) throws -> Bool {
        guard let value = JSONBoolText.value(of: element) else {
            throw context.mismatch(expected: "Bool or \"true\"/\"false\"/\"yes\"/\"no\"/\"1\"/\"0\"", element)
        }
        return value
    }

    public func encode(_ value: Bool, to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        if let text = value ? trueString : falseString { writer.write(text) } else { writer.write(value) }
    }
}

extension JSONTransformer where Self == BoolTransformer {
    /// Booleans from JSON Booleans, `0`/`1` and yes/no strings; written as JSON Booleans.
    public static var bool: BoolTransformer { BoolTransformer() }

    /// Booleans as strings: reads as ``bool`` does, writes `trueString` or `falseString`.
    public static func bool(true trueString: String, false falseString: String) -> BoolTransformer {
        BoolTransformer(trueString: trueString, falseString: falseString)
    }
}

/// `Decimal` from a number or a string holding one, exactly (every digit of the text kept);
/// written as a number, or as a string with `asString`.
public struct DecimalTransformer: JSONTransformer {
    /// Whether encoding writes a string.
    public let encodesAsString: Bool

    /// Creates the transformer.
    public init(asString: Bool = false) { encodesAsString = asString }

    public func decode(_ element: JSONElement, context: JSONDecodingContext) throws -> Decimal {
        try NumericStringTransformer<Decimal>().decode(element, context: context)
    }

    /// Writes the exact decimal.
    ///
    /// - Throws: ``JSONError`` for NaN.
    public func encode(_ value: Decimal, to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        if encodesAsString {
            try NumericStringTransformer<Decimal>().encode(value, to: &writer, context: context)
        } else {
            try value.encode(to: &writer, context: context)
        }
    }
}

extension JSONTransformer where Self == DecimalTransformer {
    /// `Decimal` from a number or a numeric string, written as a number.
    public static var decimal: DecimalTransformer { DecimalTransformer() }

    /// `Decimal` from a number or a numeric string, written as a string when `asString`.
    public static func decimal(asString: Bool) -> DecimalTransformer { DecimalTransformer(asString: asString) }
}

// MARK: - Strings holding structure

/// A separated string as an array: `"a,b"` ⇄ `["a", "b"]`.
///
/// Components are trimmed of whitespace unless `trimming` is off; an empty string is an empty
/// array. Elements other than `String` convert with `LosslessStringConvertible`
/// (`.separated(by: ",", as: Int.self)` reads `"1, 2"` as `[1, 2]`).
public struct SeparatedStringTransformer<Element: LosslessStringConvertible & Sendable>: JSONTransformer {
    /// The text between components.
    public let separator: String
    /// Whether spaces and tabs around components are removed when reading.
    public let trimsWhitespace: Bool

    /// Creates the transformer.
    public init(separator: String, trimming: Bool = true) {
        self.separator = separator
        trimsWhitespace = trimming
    }

    public func decode(_ element: JSONElement, context: JSONDecodingContext) throws -> [Element] {
        guard let text = element.stringValue else { throw context.mismatch(expected: "separated string", element) }
        if text.isEmpty { return [] }
        var result: [Element] = []
        for (index, part) in text.components(separatedBy: separator).enumerated() {
            let component = trimsWhitespace ? part.trimmingCharacters(in: .whitespaces) : part
            guard let value = Element(component) else {
                throw context.invalid(
                    "component \(index) \"\(component)\" of \(context.describe(element)) is not a valid \(Element.self)", element)
            }
            result.append(value)
        }
        return result
    }

    public func encode(_ value: [Element], to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        writer.write(value.map(\.description).joined(separator: separator))
    }
}

extension JSONTransformer where Self == SeparatedStringTransformer<String> {
    /// Strings separated by `separator`: `.separated(by: ",")` reads `"a, b"` as `["a", "b"]`.
    public static func separated(by separator: String, trimming: Bool = true) -> SeparatedStringTransformer<String> {
        SeparatedStringTransformer(separator: separator, trimming: trimming)
    }
}

extension JSONTransformer {
    /// Values separated by `separator`: `.separated(by: ",", as: Int.self)`.
    public static func separated<Element: LosslessStringConvertible & Sendable>(by separator: String, as type: Element.Type, trimming: Bool = true) -> Self
    where Self == SeparatedStringTransformer<Element> {
        SeparatedStringTransformer(separator: separator, trimming: trimming)
    }
}

/// A JSON document embedded in a string, as a model: `"{\"id\": 1}"` ⇄ `Payload(id: 1)`.
///
/// The inner document is parsed with the decoder's parsing options and decoded with its
/// options; an error inside reports the path inside the embedded document after the
/// property's, and the position of the string. Encoding writes the model compactly as a string.
public struct EmbeddedJSONTransformer<Model: JSONDecodable & JSONEncodable>: JSONTransformer {
    /// Creates the transformer.
    public init() {}

    public func decode(_ element: JSONElement, context: JSONDecodingContext) throws -> Model {
        guard element.nodeKind == .string else { throw context.mismatch(expected: "string of JSON", element) }
        let document: JSONDocument
        do {
            document =
                try element.withUTF8 { try JSONDocument(parsing: UnsafeRawBufferPointer($0), options: context.decoder.parsingOptions) }
                ?? JSONDocument(parsing: "null")
        } catch {
            throw context.invalid("invalid embedded JSON: \(error)", element)
        }
        do {
            return try context.decode(Model.self, fromEmbedded: document, at: element)
        } catch var error as JSONDecodingError {
            // Positions inside the string would point into another text: use the string's.
            let inner = error.line.map { " (embedded JSON line \($0), column \(error.column ?? 0))" } ?? ""
            error.byteOffset = nil
            if error.kind != .multiple { error.reason += inner }
            if error.kind == .multiple {
                error.errors = error.errors.map { var item = $0; item.byteOffset = nil; item.line = nil; item.column = nil; return context.positioned(item, element) }
            }
            error.line = nil
            error.column = nil
            throw context.positioned(error, element)
        }
    }

    /// Writes `value` as compact JSON inside a string.
    ///
    /// - Throws: what encoding the model throws.
    public func encode(_ value: Model, to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        var encoder = context.encoder
        encoder.writingOptions = JSONWritingOptions()
        let bytes = try encoder.encodeBytes(value)
        bytes.withUnsafeBufferPointer { writer.beforeValue(); writer.writeEscaped(utf8: $0) }
    }
}

extension JSONTransformer {
    /// A model embedded as a JSON string: `.embeddedJSON(Payload.self)`.
    public static func embeddedJSON<Model: JSONDecodable & JSONEncodable>(_ type: Model.Type) -> Self where Self == EmbeddedJSONTransformer<Model> {
        EmbeddedJSONTransformer()
    }
}
