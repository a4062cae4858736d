import Foundation
import Loom
import Testing

/// What the schemas say, member by member, for the parts a validator cannot show (titles,
/// descriptions, defaults, references, OpenAPI components).
@Suite("JSON Schema shapes")
struct SchemaShapeTests {
    @Test func plainModel() throws {
        let expected = try JSONValue(
            parsing: """
                {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": "SchemaUser",
                 "description": "A person who reports issues.", "type": "object",
                 "properties": {"login": {"type": "string", "description": "The login name."},
                                "id": {"type": "integer", "minimum": -9223372036854775808, "maximum": 9223372036854775807}},
                 "required": ["login", "id"]}
                """)
        #expect(SchemaUser.jsonSchema == expected)
    }

    @Test func propertiesOfEveryKind() throws {
        let schema = SchemaIssue.jsonSchema
        #expect(schema[path: "required"] == ["title", "state", "user", "created"])
        #expect(schema[path: "properties.state"] == ["enum": ["open", "closed"], "description": "Where the issue stands."])
        #expect(schema[path: "properties.level.anyOf"] == [["type": "null"], ["enum": [1, 2]]])
        // A key path is a nested object, required because `user.login` is.
        #expect(schema[path: "properties.user.type"] == "object")
        #expect(schema[path: "properties.user.required"] == ["login"])
        #expect(schema[path: "properties.comments.default"] == 0)
        #expect(schema[path: "properties.ratio.default"] == 0.5)
        #expect(schema[path: "properties.tags.default"] == ["new"])
        #expect(schema[path: "properties.small.anyOf.1.maximum"] == 127)
        #expect(schema[path: "properties.huge.anyOf.1.maximum"] == .number(JSONNumber(UInt64.max)))
        #expect(schema[path: "properties.homepage.anyOf.1.format"] == "uri")
        #expect(schema[path: "properties.token.anyOf.1.format"] == "uuid")
        #expect(schema[path: "properties.avatar.anyOf.1.contentEncoding"] == "base64")
        #expect(schema[path: "properties.created.format"] == "date-time")
        #expect(schema[path: "properties.priority.anyOf.1.enum"] == ["P1", "P2"])
        #expect(schema[path: "properties.temp.type"] == "number")
        #expect(schema[path: "properties.temp_max.type"] == "number")
        #expect(schema[path: "properties.assignees.anyOf.1.items"] == ["$ref": "#/$defs/SchemaUser"])
        #expect(schema[path: "$defs.SchemaUser.title"] == "SchemaUser")
        // Fallback keys: the first present with a value decides.
        #expect(schema[path: "allOf.0.if.required"] == ["id"])
        #expect(schema[path: "allOf.0.else.if.required"] == ["ID"])
        #expect(schema[path: "allOf.0.else.else.else"] == false)
        #expect(schema[path: "additionalProperties"] == nil)
    }

    @Test func permissiveWhereTheJSONIsUnknown() {
        let schema = SchemaPermissive.jsonSchema
        #expect(schema[path: "properties.name"] == ["not": ["type": "null"]])
        #expect(schema[path: "properties.price"] == ["not": ["type": "null"]])
        #expect(schema[path: "properties.quantity"] == [:])
        #expect(schema[path: "properties.label"] == ["default": "none"])
        #expect(schema[path: "required"] == ["name", "price", "quantity"])
    }

    @Test func recursionGoesThroughDefinitions() {
        let schema = SchemaNode.jsonSchema
        #expect(schema["$ref"] == "#/$defs/SchemaNode")
        #expect(schema[path: "$defs.SchemaNode.properties.children.items"] == ["$ref": "#/$defs/SchemaNode"])
        // Two properties share one definition.
        #expect(schema[path: "$defs.SchemaNode.properties.owner.anyOf.1"] == ["$ref": "#/$defs/SchemaUser"])
        #expect(schema[path: "$defs.SchemaNode.properties.parent.anyOf.1"] == ["$ref": "#/$defs/SchemaUser"])
    }

    @Test func collectionsOfModels() {
        let schema = JSONSchema.of([SchemaUser].self)
        #expect(schema["type"] == "array")
        #expect(schema[path: "items"] == ["$ref": "#/$defs/SchemaUser"])
        #expect(schema[path: "$defs.SchemaUser.required"] == ["login", "id"])
        #expect(JSONSchema.of(SchemaUser?.self)[path: "anyOf.0"] == ["type": "null"])
    }

    @Test func classes() {
        let text = SchemaTextMessage.jsonSchema
        #expect(text[path: "allOf.0"] == ["$ref": "#/$defs/SchemaMessage"])
        #expect(text[path: "required"] == ["body"])
        #expect(text[path: "$defs.SchemaMessage.required"] == ["id"])
        #expect(SchemaAccount.jsonSchema["required"] == ["id"])
    }

    @Test func enumRepresentations() {
        let tagged = SchemaInternal.jsonSchema
        #expect(tagged[path: "discriminator.propertyName"] == "type")
        #expect(tagged[path: "discriminator.mapping.text"] == "#/$defs/SchemaText")
        #expect(tagged[path: "oneOf.0.allOf.0.properties.type"] == ["const": "text"])
        #expect(tagged[path: "oneOf.2.properties.type"] == ["const": "ping"])
        let adjacent = SchemaAdjacent.jsonSchema
        #expect(adjacent[path: "oneOf.0.required"] == ["kind", "data"])
        let external = SchemaExternal.jsonSchema
        #expect(external[path: "anyOf.1.required"] == ["picture"])
        #expect(external[path: "anyOf.2.required"] == ["image"])
        #expect(external[path: "anyOf.3.enum"] == ["ping"])
        #expect(SchemaUntagged.jsonSchema[path: "anyOf.1"] == ["$ref": "#/$defs/SchemaText"])
        // The fallback takes anything that names no case.
        #expect(SchemaWithFallback.jsonSchema[path: "anyOf"] == nil)
    }

    @Test func openAPIComponents() {
        let components = JSONSchema.openAPIComponents([SchemaIssue.self, SchemaNode.self, [SchemaUser].self])
        let schemas = components["schemas"]
        #expect(schemas?.objectValue?.keys == ["SchemaIssue", "SchemaUser", "SchemaNode", "Array_SchemaUser_"])
        #expect(schemas?[path: "SchemaIssue.properties.assignees.anyOf.1.items"] == ["$ref": "#/components/schemas/SchemaUser"])
        #expect(schemas?[path: "SchemaNode.properties.children.items"] == ["$ref": "#/components/schemas/SchemaNode"])
        #expect(schemas?[path: "Array_SchemaUser_.items"] == ["$ref": "#/components/schemas/SchemaUser"])
    }
}
