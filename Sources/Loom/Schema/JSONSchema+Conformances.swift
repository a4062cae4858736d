import Foundation

// The schemas of Loom's own conformances and transformers, each stating what its decoder
// accepts under the default options: an integer's width as bounds, a URL as a non-empty
// string, a UUID as its 36-character text, `Data` as base64 (the default data strategy),
// `Date` as ISO 8601 text (the default date strategy).

extension JSONDecodable {
    /// `{}`: accepts every value (see ``JSONDecodable/describeSchema(in:)``).
    public static func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue { JSONSchema.any }
}

extension JSONTransformer {
    /// `{}`: accepts every value (see ``JSONTransformer/describeSchema(in:)``).
    public func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue { JSONSchema.any }
}

extension JSONSchema {
    /// `{"type": "integer"}` bounded by `T`'s range.
    static func integer<T: FixedWidthInteger>(_ type: T.Type) -> JSONValue {
        JSONSchema.type(
            "integer", [("minimum", .number(JSONNumber(T.min))), ("maximum", .number(JSONNumber(T.max)))])
    }

    /// The text of a UUID, any case.
    static var uuid: JSONValue {
        let hex = "[0-9A-Fa-f]"
        let pattern = "^\(hex){8}-\(hex){4}-\(hex){4}-\(hex){4}-\(hex){12}$"
        return type("string", [("format", "uuid"), ("pattern", .string(pattern))])
    }

    /// An ISO 8601 date-time as ``ISO8601`` reads it: the fixed-width date and time, a
    /// fraction after `.` or `,`, and a zone (`Z`, `±HH:MM`, `±HHMM`, `±HH`). The calendar
    /// checks (no February 30th) are left to the decoder.
    static var dateTime: JSONValue {
        let pattern = "^[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt ][0-9]{2}:[0-9]{2}:[0-9]{2}([.,][0-9]+)?([Zz]|[+-][0-9]{2}(:?[0-9]{2})?)$"
        return type("string", [("format", "date-time"), ("pattern", .string(pattern))])
    }

    /// A base64 string.
    static func base64(urlSafe: Bool) -> JSONValue {
        type("string", [("contentEncoding", .string(urlSafe ? "base64url" : "base64"))])
    }
}

extension Bool {
    public static func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue { JSONSchema.type("boolean") }
}

extension String {
    public static func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue { JSONSchema.type("string") }
}

extension Int {
    public static func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue { JSONSchema.integer(Self.self) }
}

extension Int8 {
    public static func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue { JSONSchema.integer(Self.self) }
}

extension Int16 {
    public static func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue { JSONSchema.integer(Self.self) }
}

extension Int32 {
    public static func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue { JSONSchema.integer(Self.self) }
}

extension Int64 {
    public static func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue { JSONSchema.integer(Self.self) }
}

extension UInt {
    public static func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue { JSONSchema.integer(Self.self) }
}

extension UInt8 {
    public static func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue { JSONSchema.integer(Self.self) }
}

extension UInt16 {
    public static func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue { JSONSchema.integer(Self.self) }
}

extension UInt32 {
    public static func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue { JSONSchema.integer(Self.self) }
}

extension UInt64 {
    public static func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue { JSONSchema.integer(Self.self) }
}

extension Double {
    public static func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue { JSONSchema.type("number") }
}

extension Float {
    public static func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue { JSONSchema.type("number") }
}

extension Decimal {
    public static func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue { JSONSchema.type("number") }
}

extension URL {
    public static func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue {
        JSONSchema.type("string", [("format", "uri"), ("minLength", 1)])
    }
}

extension UUID {
    public static func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue { JSONSchema.uuid }
}

extension Data {
    public static func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue {
        JSONSchema.base64(urlSafe: false)
    }
}

extension Date {
    public static func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue { JSONSchema.dateTime }
}

extension Optional where Wrapped: JSONDecodable {
    public static func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue {
        JSONSchema.nullable(Wrapped.describeSchema(in: &schemas))
    }
}

extension Array where Element: JSONDecodable {
    public static func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue {
        JSONSchema.array(of: Element.describeSchema(in: &schemas))
    }
}

extension Set where Element: JSONDecodable {
    public static func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue {
        JSONSchema.array(of: Element.describeSchema(in: &schemas))
    }
}

extension Dictionary where Key == String, Value: JSONDecodable {
    public static func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue {
        JSONSchema.dictionary(of: Value.describeSchema(in: &schemas))
    }
}

// MARK: Transformers

extension ISO8601DateTransformer {
    public func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue { JSONSchema.dateTime }
}

extension UnixTimeTransformer {
    /// A number, or a string holding one.
    public func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue {
        JSONSchema.any.withType(["number", "string"])
    }
}

extension DateFormatTransformer {
    public func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue { JSONSchema.type("string") }
}

extension URLTransformer {
    public func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue { URL.describeSchema(in: &schemas) }
}

extension UUIDTransformer {
    public func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue { JSONSchema.uuid }
}

extension Base64Transformer {
    public func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue { JSONSchema.base64(urlSafe: isURLSafe) }
}

extension ValueMappingTransformer {
    /// The table's JSON values; any value of the key type when there is a default.
    public func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue {
        guard defaultValue == nil else { return Key.describeSchema(in: &schemas) }
        let values = pairs.compactMap { JSONSchemaDefinitions.jsonValue($0.key) }
        guard values.count == pairs.count else { return Key.describeSchema(in: &schemas) }
        return JSONSchema.oneOfValues(values)
    }
}

extension RawValueTransformer {
    /// Any raw value: unknown ones take the fallback.
    public func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue {
        Value.RawValue.describeSchema(in: &schemas)
    }
}

extension NumericStringTransformer {
    /// A number, or a string holding one.
    public func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue {
        JSONSchema.any.withType(["number", "string"])
    }
}

extension BoolTransformer {
    /// A Boolean, a number or a string (which values count is checked when decoding).
    public func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue {
        JSONSchema.any.withType(["boolean", "number", "string"])
    }
}

extension DecimalTransformer {
    /// A number, or a string holding one.
    public func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue {
        JSONSchema.any.withType(["number", "string"])
    }
}

extension SeparatedStringTransformer {
    public func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue { JSONSchema.type("string") }
}

extension EmbeddedJSONTransformer {
    /// A string holding the model's JSON.
    public func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue {
        JSONSchema.type(
            "string", [("contentMediaType", "application/json"), ("contentSchema", Model.describeSchema(in: &schemas))])
    }
}

extension OptionalTransformer {
    public func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue {
        JSONSchema.nullable(wrapped.describeSchema(in: &schemas))
    }
}

extension ArrayTransformer {
    /// Elements that fail are dropped when lossy, so any element is accepted then.
    public func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue {
        JSONSchema.array(of: isLossy ? JSONSchema.any : element.describeSchema(in: &schemas))
    }
}

extension DictionaryValuesTransformer {
    public func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue {
        JSONSchema.dictionary(of: isLossy ? JSONSchema.any : element.describeSchema(in: &schemas))
    }
}

extension ComposedTransformer {
    /// The first transformer's schema (the conversion after it may still reject a value).
    public func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue { first.describeSchema(in: &schemas) }
}

extension JSONValue {
    /// An object schema whose `type` is the list `types`.
    func withType(_ types: [String]) -> JSONValue {
        guard case .object(var object) = self else { return self }
        object["type"] = .array(JSONArray(types.map { .string($0) }))
        return .object(object)
    }
}
