import Foundation
import Loom

/// The JSON Schema of the models `loom generate` writes for a ``GeneratedSchema``: what their
/// own `jsonSchema` states, built from the same description with the same pieces the
/// `@JSONModel` schema uses, so the printed schema and the generated models never disagree.
struct SchemaExporter {
    let schema: GeneratedSchema

    /// The Draft 2020-12 document: the root type, each model under `$defs` by its name.
    var document: JSONValue {
        var definitions = JSONSchemaDefinitions()
        var document = JSONObject()
        document["$schema"] = .string(JSONSchema.dialect)
        var root: JSONValue
        if let alias = schema.rootAlias {
            root = fieldSchema(alias, &definitions)
        } else {
            root = reference(0)
        }
        // `documentType` wraps the root: `[Root]`, `Root?`, `[[Root?]]`.
        let type = schema.documentType
        let depth = type.prefix { $0 == "[" }.count
        if type.dropLast(depth).hasSuffix("?") { root = JSONSchema.nullable(root) }
        for _ in 0..<depth { root = JSONSchema.array(of: root) }
        if case .object(let object) = root {
            for (key, value) in object { document[key] = value }
        }
        var defs = JSONObject()
        for index in schema.models.indices {
            var model = JSONObject([("title", .string(schema.models[index].name))])
            if case .object(let object) = modelSchema(index, &definitions) {
                for (key, value) in object { model[key] = value }
            }
            defs[schema.models[index].name] = .object(model)
        }
        if !defs.isEmpty { document["$defs"] = .object(defs) }
        return .object(document)
    }

    private func reference(_ index: Int) -> JSONValue {
        guard schema.models.indices.contains(index) else { return JSONSchema.any }
        return .object(["$ref": .string("#/$defs/" + schema.models[index].name)])
    }

    /// A model as its `@JSONModel` declaration describes itself.
    private func modelSchema(_ index: Int, _ definitions: inout JSONSchemaDefinitions) -> JSONValue {
        let model = schema.models[index]
        switch model.kind {
        case .record:
            var object = _JSONSchemaObject()
            for property in model.properties {
                var value = fieldSchema(property.type, &definitions)
                // The transforms `SwiftEmitter` writes: `.iso8601`, or a date pattern (`.day`).
                if let transform = property.transform {
                    value =
                        transform == ".iso8601"
                        ? ISO8601DateTransformer().describeSchema(in: &definitions)
                        : DateFormatTransformer(pattern: "yyyy-MM-dd").describeSchema(in: &definitions)
                    if case .optional = property.type { value = JSONSchema.nullable(value) }
                }
                let presence: _JSONSchemaPresence
                if case .optional = property.type { presence = .optional } else { presence = .required }
                object.add(_JSONKeySet([property.key], explicit: [true]), 0, value, presence)
            }
            return object.schema
        case .stringEnum(let cases, _):
            var schema = _JSONSchemaCases(.external)
            for entry in cases { schema.add([entry.value], nil) }
            schema.fallback(String.describeSchema(in: &definitions))
            return schema.schema
        case .taggedEnum(let tag, let cases, _):
            var schema = _JSONSchemaCases(.internal(tag: tag))
            for entry in cases { schema.add([entry.value], entry.payload.map { fieldSchema($0, &definitions) }) }
            schema.fallback(JSONValue.describeSchema(in: &definitions))
            return schema.schema
        }
    }

    /// A property's type as its Swift type describes itself (`SwiftEmitter.typeName`).
    private func fieldSchema(_ type: FieldType, _ definitions: inout JSONSchemaDefinitions) -> JSONValue {
        switch type {
        case .bool: return Bool.describeSchema(in: &definitions)
        case .int: return Int.describeSchema(in: &definitions)
        case .uint64: return UInt64.describeSchema(in: &definitions)
        case .double: return Double.describeSchema(in: &definitions)
        case .decimal: return Decimal.describeSchema(in: &definitions)
        case .string: return String.describeSchema(in: &definitions)
        case .date, .day: return Date.describeSchema(in: &definitions)
        case .url: return URL.describeSchema(in: &definitions)
        case .uuid: return UUID.describeSchema(in: &definitions)
        case .json: return JSONValue.describeSchema(in: &definitions)
        case .optional(let wrapped): return JSONSchema.nullable(fieldSchema(wrapped, &definitions))
        case .array(let element): return JSONSchema.array(of: fieldSchema(element, &definitions))
        case .dictionary(let value): return JSONSchema.dictionary(of: fieldSchema(value, &definitions))
        case .model(let index): return reference(index)
        }
    }
}
