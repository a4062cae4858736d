import Foundation
import LoomMacros
import SwiftParser
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// The macros as the compiler passes them for a type that conforms to none of the protocols
/// `@JSONModel` can add: `JSONModel`, `Decodable`, `Encodable`, Loom's bridged ones (and
/// `JSONMergeable`).
let codableMacros = loomMacros.merging(
    [
        "JSONModel": MacroSpec(
            type: JSONModelMacro.self,
            conformances: [
                "JSONModel", "JSONMergeable", "Decodable", "Encodable", "_JSONBridgedDecodable", "_JSONBridgedEncodable", "_JSONMapped",
            ])
    ],
    uniquingKeysWith: { $1 })

/// The expansion of `source` as text, for checks on the parts this suite is about.
private func expanded(_ source: String, macros: [String: MacroSpec] = codableMacros) -> String {
    let file = Parser.parse(source: source)
    let context = BasicMacroExpansionContext(
        sourceFiles: [file: .init(moduleName: "TestModule", fullFilePath: "test.swift")])
    return file.expand(macroSpecs: macros, contextGenerator: { _ in context }, indentationWidth: .spaces(4)).description
}

/// `Codable` through Loom's conformance: the bridged protocols of a struct or an enum, and
/// `init(from:)` and `encode(to:)` in a class's body.
@Suite("@JSONModel expansion: Codable")
struct CodableExpansionTests {
    @Test func structGetsCodableThroughLoom() {
        assertExpansion(
            """
            @JSONModel
            public struct User {
                public var login: String
            }
            """,
            expandedSource: """

            public struct User {
                public var login: String

                public init(login: String) {
                    self.login = login
                }
            }

            extension User: Loom.JSONModel, Swift.Decodable, Swift.Encodable, Loom._JSONBridgedDecodable, Loom._JSONBridgedEncodable, Loom._JSONMapped {
                static let _loomKeys = Loom._JSONKeySet(["login"])

                typealias _LoomValues = String

                @inline(never)
                static func _loomRead<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues {
                    var s_v0: Optional<String> = nil
                    let _loomKeys = Self._loomKeys
                    if try reader.beginObject(Self.self, _loomKeys, context) {
                        var hint = 0
                        repeat {
                            do {
                                switch try reader.nextKey(_loomKeys, hint: &hint) {
                                case 0: try reader.readJSONSlot(&s_v0, String.self, context)
                                default: try reader.passUnknown(context)
                                }
                            } catch {
                                try reader.recover(error, context)
                            }
                        } while try reader.moreMembers()
                    }
                    try reader.required(&s_v0, _loomKeys, 0, context)
                    try reader.endObject()
                    return try reader.unwrap(s_v0.take())
                }

                public func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                    let _loomKeys = Self._loomKeys
                    try writer.beginObject()
                    try context._encodeJSONMember(self.login, _loomKeys, 0, to: &writer)
                    writer.endObject()
                }

                public static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        let _loomKeys = Self._loomKeys
                        var object = Loom._JSONSchemaObject()
                        object.addJSON(_loomKeys, 0, String.self, .required, &schemas)
                        return object.schema
                    }
                }

                public init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomRead(&reader, context))
                }

                init(_loomValues values: _LoomValues) {
                    let u0 = values
                    self.login = u0
                }
            }
            """,
            macros: codableMacros
        )
    }

    @Test func declaredCodableIsLeftToSwift() {
        // The compiler does not list protocols the type declares as missing.
        let source = """
            @JSONModel
            struct User: Codable {
                var login: String
            }
            """
        let text = expanded(
            source,
            macros: loomMacros.merging(
                ["JSONModel": MacroSpec(type: JSONModelMacro.self, conformances: ["JSONModel", "_JSONMapped"])],
                uniquingKeysWith: { $1 }))
        #expect(text.contains("extension User: Loom.JSONModel, Loom._JSONMapped {"))
        #expect(!text.contains("init(from decoder"))
        #expect(!text.contains("encode(to encoder"))
    }

    @Test func handWrittenRequirementsAreKept() {
        let text = expanded(
            """
            @JSONModel
            struct User {
                var login: String
                init(from decoder: any Decoder) throws { login = "" }
            }
            """)
        // Its own `init(from:)` is the witness: `Decodable` is declared without Loom's bridge.
        #expect(text.contains("extension User: Loom.JSONModel, Swift.Decodable, Swift.Encodable, Loom._JSONBridgedEncodable, Loom._JSONMapped {"))
        #expect(!text.contains("Loom._ForeignModelSource"))
        #expect(!text.contains("_JSONBridgedDecodable"))
    }

    @Test func finalClassDecodesThroughItsInitializer() throws {
        let text = expanded(
            """
            @JSONModel
            public final class Account {
                public var id: Int
            }
            """)
        #expect(
            text.contains(
                "extension Account: Loom.JSONModel, Loom.JSONMergeable, Swift.Decodable, Swift.Encodable, Loom._JSONBridgedDecodable, Loom._JSONBridgedEncodable, Loom._JSONMapped {"
            ))
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let start = try #require(lines.firstIndex(of: "public convenience init(from decoder: any Swift.Decoder) throws {"))
        #expect(
            Array(lines[start...].prefix(9)) == [
                "public convenience init(from decoder: any Swift.Decoder) throws {",
                "let source = try Loom._ForeignModelSource(decoder)",
                "do {",
                "try self.init(json: source.element, context: source.context)",
                "} catch {",
                "throw source.decodingError(error, type: Self.self)",
                "}",
                "withExtendedLifetime(source) {}",
                "}",
            ])
        #expect(text.contains("public func encode(to encoder: any Swift.Encoder) throws {"))
    }

    @Test func subclassRepeatsTheRequiredInitializerOnly() {
        // A subclass conforms through its superclass: only Swift's required initializer is added.
        let text = expanded(
            """
            @JSONModel
            class Vehicle: Machine {
                var seats: Int
            }
            """,
            macros: loomMacros.merging(
                ["JSONModel": MacroSpec(type: JSONModelMacro.self, conformances: [])], uniquingKeysWith: { $1 }))
        #expect(text.contains("required convenience init(from decoder: any Swift.Decoder) throws {"))
        #expect(!text.contains("encode(to encoder"))
        #expect(!text.contains("Swift.Decodable"))
    }

    @Test func polymorphicEnumGetsCodable() {
        let text = expanded(
            """
            @JSONModel(representation: .internal(tag: "type"))
            enum Message {
                case text(TextMessage)
                case ping
            }
            """)
        #expect(
            text.contains(
                "extension Message: Loom.JSONModel, Swift.Decodable, Swift.Encodable, Loom._JSONBridgedDecodable, Loom._JSONBridgedEncodable {"
            ))
        // The bridged protocols' defaults are the requirements.
        #expect(!text.contains("init(from decoder"))
        #expect(!text.contains("encode(to encoder"))
    }
}
