import Foundation
import Loom

// Models covering every part of the schema: key paths, fallback and collected keys, defaults,
// integer widths, formats, raw-value enums, transformers with and without a schema, a
// `Codable` property, recursion, shared models, class hierarchies and clusters, and
// polymorphic enums in every representation.

/// A person who reports issues.
@JSONModel
struct SchemaUser: Equatable {
    /// The login name.
    var login: String
    var id: Int
}

/// An issue with every kind of property.
@JSONModel
struct SchemaIssue: Equatable {
    enum State: String, CaseIterable { case open, closed }
    enum Level: Int, CaseIterable { case low = 1, high = 2 }

    var title: String
    /// Where the issue stands.
    var state: State
    var level: Level?
    @JSONKey("user.login") var reporter: String
    @JSONKey("user.site_admin") var isAdmin: Bool?
    @JSONKey("id", "ID", "issue_id") var id: Int
    @JSONKey("note", "remark") var note: String?
    @JSONKey(collecting: ["temp", "temp_max"]) var temperatures: [String: Double] = [:]
    var comments: Int = 0
    var ratio: Double = 0.5
    var tags: [String] = ["new"]
    var small: Int8?
    var count: UInt16?
    var huge: UInt64?
    var homepage: URL?
    var token: UUID?
    var avatar: Data?
    @JSONTransform(.iso8601) var created: Date
    @JSONTransform(.valueMapping(["P1": 1, "P2": 2])) var priority: Int?
    var assignees: [SchemaUser]?
    var labels: Set<String>?
    var counts: [String: Int]?
    var extra: JSONValue?
}

/// A transformer without a schema of its own: the property it reads is described as `{}`.
struct ShoutTransformer: JSONTransformer {
    func decode(_ element: JSONElement, context: JSONDecodingContext) throws -> String {
        guard let text = element.stringValue else { throw context.mismatch(expected: "string", element) }
        return text.uppercased()
    }

    func encode(_ value: String, to writer: inout JSONWriter, context: JSONEncodingContext) throws { writer.write(value) }
}

/// A `Codable` type Loom reads through the bridge: its schema is `{}`.
struct SchemaMoney: Codable, Equatable {
    var amount: Int
    var currency: String
}

/// Properties whose JSON the schema cannot know exactly, and lenient coercion.
@JSONModel
struct SchemaPermissive: Equatable {
    @JSONTransform(ShoutTransformer()) var name: String
    var price: SchemaMoney
    @JSONLenient var quantity: Int
    @JSONLenient var label: String = "none"
    /// Not `CaseIterable`: its schema is its raw type's, any integer.
    var grade: Grade?

    enum Grade: Int { case pass = 1, fail = 0 }
}

/// A tree: the schema refers to itself.
@JSONModel
struct SchemaNode: Equatable {
    var name: String
    var children: [SchemaNode] = []
    var parent: SchemaUser?
    var owner: SchemaUser?
}

/// A final class.
@JSONModel
final class SchemaAccount {
    var id: Int
    var email: String?

    init(id: Int, email: String?) {
        self.id = id
        self.email = email
    }
}

/// A cluster root: decoding a message may give a text message.
@JSONModel
class SchemaMessage {
    var id: Int
    var sender: String?

    class func jsonClass(for object: JSONElement) -> SchemaMessage.Type? {
        object["body"] != nil ? SchemaTextMessage.self : SchemaMessage.self
    }
}

@JSONModel
final class SchemaTextMessage: SchemaMessage {
    var body: String
}

@JSONModel struct SchemaText: Equatable { var body: String }
@JSONModel struct SchemaPicture: Equatable { var url: URL; var width: Int? }

/// A message in the external representation.
@JSONModel
enum SchemaExternal: Equatable {
    case text(SchemaText)
    @JSONTag("picture", "image") case picture(SchemaPicture)
    case ping
}

@JSONModel(representation: .internal(tag: "type"))
enum SchemaInternal: Equatable {
    case text(SchemaText)
    case picture(SchemaPicture)
    case ping
}

@JSONModel(representation: .adjacent(tag: "kind", content: "data"))
enum SchemaAdjacent: Equatable {
    case text(SchemaText)
    case picture(SchemaPicture)
    case ping
}

@JSONModel(representation: .untagged)
enum SchemaUntagged: Equatable {
    case picture(SchemaPicture)
    case text(SchemaText)
}

@JSONModel(representation: .internal(tag: "type"))
enum SchemaWithFallback: Equatable {
    case text(SchemaText)
    @JSONFallback case unknown(JSONValue)
}
