import Foundation

// What `@JSONModel`'s generated `describeSchema(in:)` builds its schema with: the model's
// own properties added one statement each, so the compiler checks small statements rather
// than one large expression. Underscored: only generated code needs them.

/// How a property's key must appear, for `_JSONSchemaObject`.
public enum _JSONSchemaPresence: Sendable {
    /// Present and not `null`.
    case required
    /// May be missing or `null`.
    case optional
    /// May be missing; `null` is an error.
    case defaulted
    /// May be missing or `null`.
    case optionalDefaulted

    var isRequired: Bool { if case .required = self { true } else { false } }
    var rejectsNull: Bool {
        switch self {
        case .required, .defaulted: return true
        case .optional, .optionalDefaulted: return false
        }
    }
}

/// The object schema of a struct or class model, built one property at a time.
public struct _JSONSchemaObject {
    /// One object level: its members in order, and which are required.
    struct Node {
        var members: [(name: String, leaf: JSONValue?, child: Node?)] = []
        var required: [String] = []
        /// Whether some required value lies below (so the object itself must be there).
        var isRequired = false

        mutating func insert(_ path: ArraySlice<String>, _ leaf: JSONValue, required: Bool) {
            guard let name = path.first else { return }
            let index: Int
            if let existing = members.firstIndex(where: { $0.name == name }) {
                index = existing
            } else {
                index = members.count
                members.append((name, nil, nil))
            }
            if required && !self.required.contains(name) { self.required.append(name) }
            if path.count == 1 {
                members[index].leaf = leaf
            } else {
                var child = members[index].child ?? Node()
                if required { child.isRequired = true }
                child.insert(path.dropFirst(), leaf, required: required)
                members[index].child = child
            }
        }

        /// The level's schema; a key-path step that nothing requires may also be `null` (it
        /// gives `nil`), but never another kind of value.
        func schema(nullable: Bool) -> JSONObject {
            var object = JSONObject()
            object["type"] = nullable ? ["object", "null"] : "object"
            if !members.isEmpty {
                var properties = JSONObject()
                for member in members {
                    properties[member.name] = member.leaf ?? member.child.map { .object($0.schema(nullable: !$0.isRequired)) } ?? JSONSchema.any
                }
                object["properties"] = .object(properties)
            }
            if !required.isEmpty { object["required"] = .array(JSONArray(required.map { .string($0) })) }
            return object
        }
    }

    var root = Node()
    var conditions: [JSONValue] = []
    var parent: JSONValue?

    /// An object schema with no properties yet.
    public init() {}

    /// A subclass model's object: everything `parent` (its superclass's schema) requires, and
    /// the properties added.
    public init(inheriting parent: JSONValue) { self.parent = parent }

    /// Adds the property whose key is `keys.names[index]` (below `keys.prefix`).
    ///
    /// - Parameters:
    ///   - schema: The schema of the value (including `null` for an optional).
    ///   - default: The default value as JSON text, when the macro could write it.
    ///   - lenient: The property is decoded with lenient coercion: `schema` accepts anything.
    public mutating func add(
        _ keys: _JSONKeySet, _ index: Int, _ schema: JSONValue, _ presence: _JSONSchemaPresence,
        default defaultJSON: String? = nil, description: String? = nil, lenient: Bool = false
    ) {
        let value = Self.annotate(Self.checked(schema, presence, lenient: lenient), defaultJSON, description)
        root.insert(ArraySlice(Self.path(keys, index)), value, required: presence.isRequired)
    }

    // A property of a plain type, or an optional of one, with nothing else to say: one call
    // taking the type, where the general `add` would have the compiler check three nested
    // calls (the type's schema, `nullable`, the add) at every such property. The overloads
    // are `JSONSchemaDefinitions.schema(for:)`'s, so each type gets the schema it gets there.

    /// Adds a property of type `T`, whose conformance Loom itself provides (`String`, `Int`,
    /// `URL`, …): no overloads to choose.
    public mutating func addJSON<T: JSONDecodable>(
        _ keys: _JSONKeySet, _ index: Int, _ type: T.Type, _ presence: _JSONSchemaPresence,
        _ schemas: inout JSONSchemaDefinitions
    ) {
        add(keys, index, schemas._jsonSchema(for: T.self), presence)
    }

    /// Adds a property of type `T?`, whose wrapped type's conformance Loom itself provides.
    public mutating func addNullableJSON<T: JSONDecodable>(
        _ keys: _JSONKeySet, _ index: Int, _ type: T.Type, _ presence: _JSONSchemaPresence,
        _ schemas: inout JSONSchemaDefinitions
    ) {
        add(keys, index, JSONSchema.nullable(schemas._jsonSchema(for: T.self)), presence)
    }

    /// Adds a property of type `T`: its ``JSONDecodable/describeSchema(in:)``.
    public mutating func add<T: JSONDecodable>(
        _ keys: _JSONKeySet, _ index: Int, _ type: T.Type, _ presence: _JSONSchemaPresence,
        _ schemas: inout JSONSchemaDefinitions
    ) {
        add(keys, index, schemas.schema(for: T.self), presence)
    }

    /// Adds a property of a raw-value type `T`.
    public mutating func add<T: RawRepresentable>(
        _ keys: _JSONKeySet, _ index: Int, _ type: T.Type, _ presence: _JSONSchemaPresence,
        _ schemas: inout JSONSchemaDefinitions
    ) where T.RawValue: JSONDecodable {
        add(keys, index, schemas.schema(for: T.self), presence)
    }

    /// Adds a property of any other type `T` (`{}`).
    public mutating func add<T>(
        _ keys: _JSONKeySet, _ index: Int, _ type: T.Type, _ presence: _JSONSchemaPresence,
        _ schemas: inout JSONSchemaDefinitions
    ) {
        add(keys, index, schemas.schema(for: T.self), presence)
    }

    /// Tie-break: Loom's conformance wins over the raw value.
    public mutating func add<T: JSONDecodable & RawRepresentable>(
        _ keys: _JSONKeySet, _ index: Int, _ type: T.Type, _ presence: _JSONSchemaPresence,
        _ schemas: inout JSONSchemaDefinitions
    ) where T.RawValue: JSONDecodable {
        add(keys, index, schemas.schema(for: T.self), presence)
    }

    /// Adds a property of type `T?`: `T`'s schema or `null`.
    public mutating func addNullable<T: JSONDecodable>(
        _ keys: _JSONKeySet, _ index: Int, _ type: T.Type, _ presence: _JSONSchemaPresence,
        _ schemas: inout JSONSchemaDefinitions
    ) {
        add(keys, index, JSONSchema.nullable(schemas.schema(for: T.self)), presence)
    }

    /// Adds a property of type `T?` for a raw-value type `T`.
    public mutating func addNullable<T: RawRepresentable>(
        _ keys: _JSONKeySet, _ index: Int, _ type: T.Type, _ presence: _JSONSchemaPresence,
        _ schemas: inout JSONSchemaDefinitions
    ) where T.RawValue: JSONDecodable {
        add(keys, index, JSONSchema.nullable(schemas.schema(for: T.self)), presence)
    }

    /// Adds a property of type `T?` for any other type `T`.
    public mutating func addNullable<T>(
        _ keys: _JSONKeySet, _ index: Int, _ type: T.Type, _ presence: _JSONSchemaPresence,
        _ schemas: inout JSONSchemaDefinitions
    ) {
        add(keys, index, JSONSchema.nullable(schemas.schema(for: T.self)), presence)
    }

    /// Tie-break: Loom's conformance wins over the raw value.
    public mutating func addNullable<T: JSONDecodable & RawRepresentable>(
        _ keys: _JSONKeySet, _ index: Int, _ type: T.Type, _ presence: _JSONSchemaPresence,
        _ schemas: inout JSONSchemaDefinitions
    ) where T.RawValue: JSONDecodable {
        add(keys, index, JSONSchema.nullable(schemas.schema(for: T.self)), presence)
    }

    /// Adds a property read from the first of several keys present with a value (fallback keys).
    public mutating func add(
        fallbacks: [(_JSONKeySet, Int)], _ schema: JSONValue, _ presence: _JSONSchemaPresence,
        default defaultJSON: String? = nil, description: String? = nil, lenient: Bool = false
    ) {
        let paths = fallbacks.map { Self.path($0.0, $0.1) }
        let value = Self.annotate(Self.checked(schema, presence, lenient: lenient), defaultJSON, description)
        // Each key is described (so the properties list them); the rule between them is a condition.
        for path in paths { root.insert(ArraySlice(path), lenient ? JSONSchema.any : JSONSchema.nullable(value), required: false) }
        if lenient { return }
        var otherwise: JSONValue
        switch presence {
        case .required: otherwise = .bool(false)
        case .optional, .optionalDefaulted: otherwise = .bool(true)
        case .defaulted:
            otherwise = .object(["not": .object(["anyOf": .array(JSONArray(paths.map { Self.nested($0, leaf: nil, requires: true) }))])])
        }
        for path in paths.reversed() {
            let present = Self.nested(path, leaf: .object(["not": .object(["type": "null"])]), requires: true)
            otherwise = .object(["if": present, "then": Self.nested(path, leaf: value, requires: false), "else": otherwise])
        }
        conditions.append(otherwise)
    }

    /// Adds a property collecting several keys into one object: each key present holds a
    /// value of `valueSchema` (`null` included only if `valueSchema` accepts it).
    public mutating func add(
        collecting members: [(_JSONKeySet, Int)], _ valueSchema: JSONValue, description: String? = nil
    ) {
        for (keys, index) in members {
            root.insert(ArraySlice(Self.path(keys, index)), Self.annotate(valueSchema, nil, description), required: false)
        }
    }

    /// Adds the properties of flattened property `entry` of `keys` (`@JSONFlatten`): those of
    /// `type`'s object schema, with the property's prefix. An optional or defaulted one
    /// requires its type's required keys once any of its keys is present.
    public mutating func flatten<T: JSONDecodable>(
        _ type: T.Type, _ keys: _JSONKeySet, _ entry: Int, _ presence: _JSONSchemaPresence,
        in schemas: inout JSONSchemaDefinitions
    ) {
        let prefix = entry < keys.flattened.count ? keys.flattened[entry].prefix : ""
        let reference = schemas.schema(for: T.self)
        guard case .object(let object)? = schemas.takeDefinition(reference) ?? Optional(reference) else { return }
        guard case .object(let properties)? = object["properties"] else {
            // Not an object schema with properties (a type being defined, a hand-written one):
            // the object must still meet it.
            if prefix.isEmpty, presence.isRequired { conditions.append(reference) }
            return
        }
        var required: [String] = []
        if case .array(let names)? = object["required"] {
            required = names.compactMap { if case .string(let name) = $0 { prefix + name } else { nil } }
        }
        for (name, value) in properties {
            root.insert([prefix + name], value, required: presence.isRequired && required.contains(prefix + name))
        }
        var rules: [JSONValue] = []
        if case .array(let all)? = object["allOf"] { rules = all.map { Self.renamed($0, prefix: prefix) } }
        if !presence.isRequired, !required.isEmpty {
            rules.append(.object(["required": .array(JSONArray(required.map { .string($0) }))]))
        }
        guard !rules.isEmpty else { return }
        if presence.isRequired {
            conditions.append(contentsOf: rules)
        } else {
            let present = JSONValue.object([
                "anyOf": .array(JSONArray(properties.map { .object(["required": [.string(prefix + $0.key)]]) }))
            ])
            conditions.append(.object(["if": present, "then": rules.count == 1 ? rules[0] : .object(["allOf": .array(JSONArray(rules))])]))
        }
    }

    /// `schema` (a rule about an object's keys) with `prefix` put before the keys it names at
    /// the object's own level.
    static func renamed(_ schema: JSONValue, prefix: String) -> JSONValue {
        guard !prefix.isEmpty, case .object(let object) = schema else { return schema }
        var result = JSONObject()
        for (key, value) in object {
            switch key {
            case "properties":
                if case .object(let properties) = value {
                    result[key] = .object(JSONObject(properties.map { (prefix + $0.key, $0.value) }))
                } else {
                    result[key] = value
                }
            case "required":
                if case .array(let names) = value {
                    result[key] = .array(JSONArray(names.map { if case .string(let name) = $0 { .string(prefix + name) } else { $0 } }))
                } else {
                    result[key] = value
                }
            case "if", "then", "else", "not":
                result[key] = renamed(value, prefix: prefix)
            case "allOf", "anyOf", "oneOf":
                if case .array(let all) = value { result[key] = .array(JSONArray(all.map { renamed($0, prefix: prefix) })) } else { result[key] = value }
            default:
                result[key] = value
            }
        }
        return .object(result)
    }

    /// The object schema.
    public var schema: JSONValue {
        var object = root.schema(nullable: false)
        var all = conditions
        if let parent { all.insert(parent, at: 0) }
        if !all.isEmpty { object["allOf"] = .array(JSONArray(all)) }
        return .object(object)
    }

    static func path(_ keys: _JSONKeySet, _ index: Int) -> [String] {
        keys.prefix + [index < keys.names.count ? keys.names[index] : ""]
    }

    /// `schema`, refusing `null` where the presence does (a permissive schema would accept it).
    static func checked(_ schema: JSONValue, _ presence: _JSONSchemaPresence, lenient: Bool) -> JSONValue {
        if lenient { return JSONSchema.any }
        guard presence.rejectsNull, JSONSchema.isPermissive(schema) else { return schema }
        return .object(["not": .object(["type": "null"])])
    }

    static func annotate(_ schema: JSONValue, _ defaultJSON: String?, _ description: String?) -> JSONValue {
        var result = JSONSchema.describing(schema, description)
        if let defaultJSON, let value = try? JSONValue(parsing: defaultJSON) {
            if case .object(let object) = result, object["$ref"] != nil {
                result = .object(["allOf": .array([result])])
            }
            if case .object(var object) = result {
                object["default"] = value
                result = .object(object)
            } else if case .bool(true) = result {
                result = .object(["default": value])
            }
        }
        return result
    }

    /// `{"properties": {"a": {"properties": {"b": leaf}}}}`, with `required` at each level when
    /// `requires`.
    static func nested(_ path: [String], leaf: JSONValue?, requires: Bool) -> JSONValue {
        var schema = leaf
        for name in path.reversed() {
            var object = JSONObject()
            if let inner = schema { object["properties"] = .object(JSONObject([(name, inner)])) }
            if requires { object["required"] = .array([.string(name)]) }
            schema = .object(object)
        }
        return schema ?? JSONSchema.any
    }
}

/// The schema of a polymorphic enum model, built one case at a time.
public struct _JSONSchemaCases {
    let representation: JSONEnumRepresentation
    var alternatives: [JSONValue] = []
    var mapping: [(String, JSONValue)] = []
    var acceptsOthers = false
    var fallback: JSONValue?

    /// An enum with no cases yet, written in `representation`.
    public init(_ representation: JSONEnumRepresentation) { self.representation = representation }

    /// Adds a case named by `tags` (the first is written), carrying a value of `payload`, or
    /// none when `payload` is `nil`.
    public mutating func add(_ tags: [String], _ payload: JSONValue?) {
        add(names: tags.map { JSONValue.string($0) }, payload)
    }

    /// Adds a case named by integer or Boolean `tags` (`@JSONTag(2)`; internal and adjacent
    /// representations), carrying a value of `payload`, or none when `payload` is `nil`.
    public mutating func add(values tags: [JSONValue], _ payload: JSONValue?) {
        add(names: tags, payload)
    }

    /// The schema of the associated values of a case with several unlabeled ones: an array of
    /// exactly that many elements, each of its own schema.
    public static func items(_ schemas: [JSONValue]) -> JSONValue {
        JSONSchema.type(
            "array",
            [
                ("prefixItems", .array(JSONArray(schemas))), ("minItems", .number(JSONNumber(schemas.count))),
                ("maxItems", .number(JSONNumber(schemas.count))),
            ])
    }

    private mutating func add(names: [JSONValue], _ payload: JSONValue?) {
        let tag = JSONSchema.oneOfValues(names)
        switch representation {
        case .external:
            guard let payload else {
                alternatives.append(JSONSchema.type("string", [("enum", .array(JSONArray(names)))]))
                return
            }
            for case .string(let name) in names {
                alternatives.append(
                    JSONSchema.type("object", [("properties", .object([name: payload])), ("required", [.string(name)])]))
            }
        case .internal(let key):
            let tagged = JSONSchema.type("object", [("properties", .object(JSONObject([(key, tag)]))), ("required", [.string(key)])])
            guard let payload else {
                alternatives.append(tagged)
                return
            }
            alternatives.append(.object(["allOf": [tagged, payload]]))
            if case .object(let object) = payload, object["$ref"] != nil {
                for case .string(let name) in names { mapping.append((name, object["$ref"] ?? .null)) }
            }
        case .adjacent(let key, let content):
            guard let payload else {
                alternatives.append(
                    JSONSchema.type("object", [("properties", .object(JSONObject([(key, tag)]))), ("required", [.string(key)])]))
                return
            }
            let nonNull: JSONValue = JSONSchema.isPermissive(payload) ? .object(["not": .object(["type": "null"])]) : payload
            alternatives.append(
                JSONSchema.type(
                    "object",
                    [("properties", .object(JSONObject([(key, tag), (content, nonNull)]))), ("required", [.string(key), .string(content)])]))
        case .untagged, .chosenByContent:
            alternatives.append(payload ?? JSONSchema.any)
        }
    }

    /// The `@JSONFallback` case: it takes any value that names no known case, decoded as
    /// `payload` (or dropped when `nil`).
    public mutating func fallback(_ payload: JSONValue?) {
        fallback = payload ?? JSONSchema.any
    }

    /// The enum's schema: `oneOf` the cases when their tags tell them apart, `anyOf` otherwise.
    public var schema: JSONValue {
        var all = alternatives
        if let fallback { all.append(fallback) }
        if all.contains(where: JSONSchema.isPermissive) { return JSONSchema.any }
        var object = JSONObject()
        switch representation {
        case .internal(let key) where fallback == nil, .adjacent(let key, _) where fallback == nil:
            object["oneOf"] = .array(JSONArray(all))
            var discriminator = JSONObject([("propertyName", .string(key))])
            if case .internal = representation, !mapping.isEmpty { discriminator["mapping"] = .object(JSONObject(mapping)) }
            object["discriminator"] = .object(discriminator)
        default:
            object["anyOf"] = .array(JSONArray(all))
        }
        return .object(object)
    }
}
