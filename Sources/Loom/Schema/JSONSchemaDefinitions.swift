import Foundation

/// The models a schema refers to, collected while it is built: each model once, under a name
/// in `$defs` (or `components.schemas`), referenced by `$ref`.
///
/// A type's ``JSONDecodable/describeSchema(in:)`` receives one and asks it for the schemas of
/// the types it contains with `schema(for:)`; a model wraps its own schema in
/// ``model(_:title:description:_:)`` so that it is defined once and recursion ends in a
/// reference:
///
/// ```swift
/// static func describeSchema(in schemas: inout JSONSchemaDefinitions) -> JSONValue {
///     schemas.model(Self.self) { schemas in
///         .object(["type": "object", "properties": ["login": schemas.schema(for: String.self)]])
///     }
/// }
/// ```
public struct JSONSchemaDefinitions {
    /// What a defined model is called and holds.
    struct Definition {
        var name: String
        /// `nil` while the model's schema is being built (a reference to it is recursion).
        var schema: JSONValue?
        /// How many references point at it.
        var references = 0
        /// Whether a flattened property copied its properties: unless something else refers
        /// to it, it is not listed.
        var inlined = false

        var isListed: Bool { !(inlined && references == 0) }
    }

    /// The start of every `$ref`: `#/$defs/` or `#/components/schemas/`.
    public let referencePrefix: String
    var definitions: [Definition] = []
    var indexByType: [ObjectIdentifier: Int] = [:]

    /// Creates an empty collection whose references start with `referencePrefix`.
    public init(referencePrefix: String = "#/$defs/") {
        self.referencePrefix = referencePrefix
    }

    /// A reference to the definition of `type`, built by `body` the first time it is asked for.
    ///
    /// - Parameters:
    ///   - type: The model whose definition it is.
    ///   - title: The schema's `title`; the type's name when `nil`.
    ///   - description: The schema's `description` (the type's documentation comment).
    ///   - body: Builds the schema; it may ask for `type` again (a recursive model), which then
    ///     gets a reference.
    /// - Returns: `{"$ref": "#/$defs/Name"}`.
    public mutating func model<T>(
        _ type: T.Type, title: String? = nil, description: String? = nil,
        _ body: (inout JSONSchemaDefinitions) -> JSONValue
    ) -> JSONValue {
        let key = ObjectIdentifier(type)
        if let index = indexByType[key] {
            definitions[index].references += 1
            return reference(definitions[index].name)
        }
        let name = uniqueName(for: type)
        let index = definitions.count
        definitions.append(Definition(name: name, schema: nil, references: 1))
        indexByType[key] = index
        var schema = body(&self)
        if case .object(var object) = schema {
            var head = JSONObject()
            head["title"] = .string(title ?? name)
            if let description { head["description"] = .string(description) }
            for (key, value) in object where head[key] == nil { head[key] = value }
            object = head
            schema = .object(object)
        }
        definitions[index].schema = schema
        return reference(name)
    }

    /// The schema of a Loom-decodable type: its ``JSONDecodable/describeSchema(in:)``.
    public mutating func schema<T: JSONDecodable>(for type: T.Type) -> JSONValue {
        T.describeSchema(in: &self)
    }

    /// The schema of a type whose conformance Loom itself provides, without an overload to
    /// choose (the macro calls it for `String`, `Int`, `URL` and the like).
    public mutating func _jsonSchema<T: JSONDecodable>(for type: T.Type) -> JSONValue {
        T.describeSchema(in: &self)
    }

    /// The schema of a raw-value enum: its raw values when it is `CaseIterable`, else the
    /// raw type's schema.
    public mutating func schema<T: RawRepresentable>(for type: T.Type) -> JSONValue where T.RawValue: JSONDecodable {
        rawValueSchema(T.self)
    }

    /// The schema of any other type (a `Codable` type Loom decodes through the bridge): `{}`,
    /// since its JSON is not known.
    public mutating func schema<T>(for type: T.Type) -> JSONValue { JSONSchema.any }

    /// Tie-break: Loom's conformance wins over the raw value.
    public mutating func schema<T: JSONDecodable & RawRepresentable>(for type: T.Type) -> JSONValue
    where T.RawValue: JSONDecodable {
        T.describeSchema(in: &self)
    }

    /// The schema of the values `transformer` reads: its ``JSONTransformer/describeSchema(in:)``.
    public mutating func schema<T: JSONTransformer>(transformedBy transformer: T) -> JSONValue {
        transformer.describeSchema(in: &self)
    }

    /// The schema of a raw-value type: its values when it is `CaseIterable`, else its raw type's.
    public mutating func rawValueSchema<T: RawRepresentable>(_ type: T.Type) -> JSONValue where T.RawValue: JSONDecodable {
        guard let iterable = T.self as? any CaseIterable.Type else { return T.RawValue.describeSchema(in: &self) }
        func values<C: CaseIterable>(_: C.Type) -> [JSONValue]? {
            var values: [JSONValue] = []
            for value in C.allCases {
                guard let raw = (value as? T)?.rawValue, let json = JSONSchemaDefinitions.jsonValue(raw) else { return nil }
                values.append(json)
            }
            return values
        }
        guard let allowed = values(iterable) else { return T.RawValue.describeSchema(in: &self) }
        return JSONSchema.oneOfValues(allowed)
    }

    /// `value` as JSON, through its Loom encoding; `nil` when it does not encode.
    static func jsonValue(_ value: Any) -> JSONValue? {
        guard let encodable = value as? any JSONEncodable else { return nil }
        var writer = JSONWriter()
        guard (try? encodable.encode(to: &writer, context: JSONEncodingContext(encoder: JSONModelEncoder()))) != nil
        else { return nil }
        return try? JSONValue(parsing: writer.string)
    }

    /// The schema document with `root` at its top: a root that is a reference to a model
    /// referenced nowhere else is written in place.
    func document(root: JSONValue) -> JSONValue {
        var document = JSONObject()
        document["$schema"] = .string(JSONSchema.dialect)
        var skipped: Int?
        var body = root
        if let index = referencedIndex(root), definitions[index].references == 1, let schema = definitions[index].schema {
            skipped = index
            body = schema
        }
        switch body {
        case .object(let object):
            for (key, value) in object { document[key] = value }
        case .bool(false):
            document["not"] = JSONSchema.any
        default:
            break
        }
        var defs = JSONObject()
        for (index, definition) in definitions.enumerated() where index != skipped && definition.isListed {
            defs[definition.name] = definition.schema ?? JSONSchema.any
        }
        if !defs.isEmpty { document["$defs"] = .object(defs) }
        return .object(document)
    }

    /// Every definition by name (OpenAPI's `components.schemas`).
    var definitionsObject: JSONObject {
        var object = JSONObject()
        for definition in definitions where definition.isListed { object[definition.name] = definition.schema ?? JSONSchema.any }
        return object
    }

    /// Lists `schema` under the name of `type` when it is not a reference already.
    mutating func name(_ schema: JSONValue, as type: any JSONDecodable.Type) {
        guard referencedIndex(schema) == nil else { return }
        let key = ObjectIdentifier(type)
        guard indexByType[key] == nil else { return }
        indexByType[key] = definitions.count
        definitions.append(Definition(name: uniqueName(for: type), schema: schema))
    }

    /// The schema `reference` refers to, for a flattened property that copies its properties;
    /// the reference is taken back. `nil` for anything but a reference to a finished definition.
    mutating func takeDefinition(_ reference: JSONValue) -> JSONValue? {
        guard let index = referencedIndex(reference), let schema = definitions[index].schema else { return nil }
        definitions[index].references -= 1
        definitions[index].inlined = true
        return schema
    }

    private func referencedIndex(_ schema: JSONValue) -> Int? {
        guard case .object(let object) = schema, object.count == 1, case .string(let target)? = object["$ref"],
            target.hasPrefix(referencePrefix)
        else { return nil }
        let name = String(target.dropFirst(referencePrefix.count))
        return definitions.firstIndex { $0.name == name }
    }

    private func reference(_ name: String) -> JSONValue {
        .object(JSONObject([("$ref", .string(referencePrefix + name))]))
    }

    /// The type's name with characters OpenAPI does not allow in component names replaced,
    /// numbered when another type has it already (two nested `User` types).
    private func uniqueName<T>(for type: T.Type) -> String {
        var base = ""
        for scalar in String(describing: type).unicodeScalars {
            let allowed = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-" || scalar == ".")
            base.unicodeScalars.append(allowed ? scalar : "_")
        }
        var name = base
        var number = 2
        while definitions.contains(where: { $0.name == name }) {
            name = "\(base)\(number)"
            number += 1
        }
        return name
    }
}
