import Foundation

/// JSON Schema (Draft 2020-12) for the JSON a type decodes.
///
/// Every `@JSONModel` type states its contract as a schema: ``JSONDecodable/jsonSchema`` on
/// the type, ``of(_:)`` for arrays, dictionaries and optionals of models, and
/// ``openAPIComponents(_:)`` for the `components` section of an OpenAPI 3.1 document.
///
/// ```swift
/// let schema: JSONValue = GHIssue.jsonSchema
/// let list: JSONValue = JSONSchema.of([GHIssue].self)
/// ```
///
/// The schema describes what the model decodes under the default ``JSONModelDecoder``
/// options. It never rejects a document the model accepts: where the exact rule cannot be
/// stated (a `Codable` property, a transformer without a schema, `@JSONLenient` coercion, a
/// `jsonWillDecode` hook) the schema is permissive there. Decoder options such as
/// ``JSONModelDecoder/unknownKeys`` or a date strategy change what is accepted; the schema
/// does not follow them. See <doc:SchemasFromModels>.
public enum JSONSchema {
    /// The `$schema` of every document: `https://json-schema.org/draft/2020-12/schema`.
    public static let dialect = "https://json-schema.org/draft/2020-12/schema"

    /// The schema document for `type`: `$schema`, the type's schema, and the models it
    /// refers to under `$defs`.
    ///
    /// A model referenced once (the usual top-level model) is written in place; a model that
    /// refers to itself, or any model inside an array or dictionary, is a `$ref` into `$defs`.
    public static func of<T: JSONDecodable>(_ type: T.Type) -> JSONValue {
        var schemas = JSONSchemaDefinitions()
        let root = T.describeSchema(in: &schemas)
        return schemas.document(root: root)
    }

    /// The `components` object of an OpenAPI 3.1 document holding the schema of each type,
    /// and of every model they refer to, under `schemas`; references read
    /// `#/components/schemas/Name`.
    ///
    /// ```swift
    /// let components = JSONSchema.openAPIComponents([GHIssue.self, GHUser.self])
    /// // {"schemas": {"GHIssue": {...}, "GHUser": {...}}}
    /// ```
    ///
    /// A type that is not a model (`[GHIssue]`) is listed under its type name too.
    public static func openAPIComponents(_ types: [any JSONDecodable.Type]) -> JSONValue {
        var schemas = JSONSchemaDefinitions(referencePrefix: "#/components/schemas/")
        for type in types {
            let schema = type.describeSchema(in: &schemas)
            schemas.name(schema, as: type)
        }
        var components = JSONObject()
        components["schemas"] = .object(schemas.definitionsObject)
        return .object(components)
    }

    // MARK: Building blocks

    /// A schema that accepts every value.
    public static var any: JSONValue { .object(JSONObject()) }

    /// `{"type": name}` with further members.
    public static func type(_ name: String, _ members: [(String, JSONValue)] = []) -> JSONValue {
        .object(JSONObject([("type", .string(name))] + members))
    }

    /// `schema`, or `null`: `{"anyOf": [{"type": "null"}, schema]}`.
    public static func nullable(_ schema: JSONValue) -> JSONValue {
        if isPermissive(schema) { return schema }
        return .object(JSONObject([("anyOf", .array(JSONArray([type("null"), schema])))]))
    }

    /// An array whose elements match `items`.
    public static func array(of items: JSONValue) -> JSONValue {
        isPermissive(items) ? type("array") : type("array", [("items", items)])
    }

    /// An object whose every member matches `values` (a dictionary).
    public static func dictionary(of values: JSONValue) -> JSONValue {
        isPermissive(values) ? type("object") : type("object", [("additionalProperties", values)])
    }

    /// A string in the given `format` (`date-time`, `uri`, `uuid`).
    public static func string(format: String) -> JSONValue {
        type("string", [("format", .string(format))])
    }

    /// One of the given values: `{"enum": [...]}`, or `{"const": value}` for one.
    public static func oneOfValues(_ values: [JSONValue]) -> JSONValue {
        if values.count == 1 { return .object(JSONObject([("const", values[0])])) }
        return .object(JSONObject([("enum", .array(JSONArray(values)))]))
    }

    /// Whether `schema` accepts every value (`true` or `{}`).
    public static func isPermissive(_ schema: JSONValue) -> Bool {
        switch schema {
        case .bool(true): return true
        case .object(let object): return object.isEmpty
        default: return false
        }
    }

    /// `schema` with `description` added (when it is an object schema; `true` becomes one).
    static func describing(_ schema: JSONValue, _ description: String?) -> JSONValue {
        guard let description else { return schema }
        var object: JSONObject
        switch schema {
        case .object(let existing): object = existing
        case .bool(true): object = JSONObject()
        default: return schema
        }
        if object["$ref"] != nil {
            // A reference keeps its own description: the property's goes next to it.
            object = JSONObject([("allOf", .array(JSONArray([schema])))])
        }
        object["description"] = .string(description)
        return .object(object)
    }
}

extension JSONDecodable {
    /// The JSON Schema (Draft 2020-12) document for this type: ``JSONSchema/of(_:)``.
    public static var jsonSchema: JSONValue { JSONSchema.of(Self.self) }
}
