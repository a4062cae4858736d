import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// Members in `#if` blocks: the plugin is not told the build configuration, so each
/// combination of clauses is mapped, and the generated code repeats the `#if` structure.
@Suite("@JSONModel members under #if")
struct ConditionalMemberTests {
    /// One block with an `#else`: the mapping of each clause, under the same conditions.
    @Test func propertiesInEachClause() {
        assertExpansion(
            """
            @JSONModel
            struct Device {
                var id: Int
                #if os(iOS)
                var screen: String
                #else
                var display: String
                #endif
            }
            """,
            expandedSource: """

            struct Device {
                var id: Int
                #if os(iOS)
                var screen: String
                #else
                var display: String
                #endif
            }

            extension Device: Loom.JSONModel, Loom._JSONMapped {
                #if os(iOS)
                static let _loomKeys = Loom._JSONKeySet(["id", "screen"])

                typealias _LoomValues = (Int, String)

                @inline(never)
                static func _loomRead<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues {
                    var (s_v0, s_v1): (v0: Optional<Int>, v1: Optional<String>) = (nil, nil)
                    let _loomKeys = Self._loomKeys
                    if try reader.beginObject(Self.self, _loomKeys, context) {
                        var hint = 0
                        repeat {
                            do {
                                switch try reader.nextKey(_loomKeys, hint: &hint) {
                                case 0: try reader.readJSONSlot(&s_v0, Int.self, context)
                                case 1: try reader.readJSONSlot(&s_v1, String.self, context)
                                default: try reader.passUnknown(context)
                                }
                            } catch {
                                try reader.recover(error, context)
                            }
                        } while try reader.moreMembers()
                    }
                    try reader.required(&s_v0, _loomKeys, 0, context)
                    try reader.required(&s_v1, _loomKeys, 1, context)
                    try reader.endObject()
                    return (try reader.unwrap(s_v0.take()), try reader.unwrap(s_v1.take()))
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                    let _loomKeys = Self._loomKeys
                    try writer.beginObject()
                    try context._encodeJSONMember(self.id, _loomKeys, 0, to: &writer)
                    try context._encodeJSONMember(self.screen, _loomKeys, 1, to: &writer)
                    writer.endObject()
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        let _loomKeys = Self._loomKeys
                        var object = Loom._JSONSchemaObject()
                        object.addJSON(_loomKeys, 0, Int.self, .required, &schemas)
                        object.addJSON(_loomKeys, 1, String.self, .required, &schemas)
                        return object.schema
                    }
                }

                init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomRead(&reader, context))
                }

                init(_loomValues values: _LoomValues) {
                    let (u0, u1) = values
                    self.id = u0
                    self.screen = u1
                }
                #else
                static let _loomKeys = Loom._JSONKeySet(["id", "display"])

                typealias _LoomValues = (Int, String)

                @inline(never)
                static func _loomRead<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues {
                    var (s_v0, s_v1): (v0: Optional<Int>, v1: Optional<String>) = (nil, nil)
                    let _loomKeys = Self._loomKeys
                    if try reader.beginObject(Self.self, _loomKeys, context) {
                        var hint = 0
                        repeat {
                            do {
                                switch try reader.nextKey(_loomKeys, hint: &hint) {
                                case 0: try reader.readJSONSlot(&s_v0, Int.self, context)
                                case 1: try reader.readJSONSlot(&s_v1, String.self, context)
                                default: try reader.passUnknown(context)
                                }
                            } catch {
                                try reader.recover(error, context)
                            }
                        } while try reader.moreMembers()
                    }
                    try reader.required(&s_v0, _loomKeys, 0, context)
                    try reader.required(&s_v1, _loomKeys, 1, context)
                    try reader.endObject()
                    return (try reader.unwrap(s_v0.take()), try reader.unwrap(s_v1.take()))
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                    let _loomKeys = Self._loomKeys
                    try writer.beginObject()
                    try context._encodeJSONMember(self.id, _loomKeys, 0, to: &writer)
                    try context._encodeJSONMember(self.display, _loomKeys, 1, to: &writer)
                    writer.endObject()
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        let _loomKeys = Self._loomKeys
                        var object = Loom._JSONSchemaObject()
                        object.addJSON(_loomKeys, 0, Int.self, .required, &schemas)
                        object.addJSON(_loomKeys, 1, String.self, .required, &schemas)
                        return object.schema
                    }
                }

                init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomRead(&reader, context))
                }

                init(_loomValues values: _LoomValues) {
                    let (u0, u1) = values
                    self.id = u0
                    self.display = u1
                }
                #endif
            }
            """
        )
    }

    /// A block without `#else`: the combination without its members is the `#else`.
    @Test func blockWithoutElse() {
        let (text, diagnostics) = expansion(
            of: """
                @JSONModel
                struct Entry {
                    var title: String
                    #if DEBUG
                    var trace: String?
                    #endif
                }
                """)
        #expect(diagnostics.isEmpty)
        let directives = text.split(separator: "\n").map { String($0.trimmingPrefix(while: \.isWhitespace)) }
            .filter { $0.hasPrefix("#") }
        // The user's block, then the extension's, which holds everything at file scope.
        #expect(directives == ["#if DEBUG", "#endif", "#if DEBUG", "#else", "#endif"])
        expectLines(
            [
                #"static let _loomKeys = Loom._JSONKeySet(["title", "trace"])"#,
                #"static let _loomKeys = Loom._JSONKeySet(["title"])"#,
                "typealias _LoomValues = (String, String?)",
                "typealias _LoomValues = String",
            ], in: text)
    }

    /// `#elseif` and a block nested in a clause keep their order and nesting.
    @Test func elseifAndNestedBlocks() {
        let (text, diagnostics) = expansion(
            of: """
                @JSONModel
                struct Build {
                    #if os(macOS)
                    var mac: Int
                    #elseif os(Linux)
                    var linux: Int
                    #if arch(x86_64)
                    var intel: Bool
                    #endif
                    #endif
                }
                """)
        #expect(diagnostics.isEmpty)
        let generated = text.split(separator: "\n").map { String($0.trimmingPrefix(while: \.isWhitespace)) }
            .filter { $0.hasPrefix("#") }
        // The user's own block, then the extension's, which holds everything at file scope.
        let structure = ["#if os(macOS)", "#elseif os(Linux)", "#if arch(x86_64)", "#else", "#endif", "#else", "#endif"]
        #expect(generated.count == 5 + structure.count)
        #expect(Array(generated.suffix(structure.count)) == structure)
        expectLines(
            [
                #"static let _loomKeys = Loom._JSONKeySet(["mac"])"#,
                #"static let _loomKeys = Loom._JSONKeySet(["linux", "intel"])"#,
                #"static let _loomKeys = Loom._JSONKeySet(["linux"])"#,
                #"static let _loomKeys = Loom._JSONKeySet([])"#,
            ], in: text)
    }

    /// A block of helpers changes nothing `@JSONModel` generates: no combinations, no
    /// repeated code.
    @Test func blocksOfHelpersAreLeftAlone() {
        let plain = expansion(
            of: """
                @JSONModel
                struct Note {
                    var text: String
                }
                """)
        let withHelper = expansion(
            of: """
                @JSONModel
                struct Note {
                    var text: String
                    #if DEBUG
                    func dump() { print(text) }
                    struct Inspector {}
                    #endif
                }
                """)
        #expect(withHelper.diagnostics.isEmpty)
        let userBlock = "    #if DEBUG\n    func dump() { print(text) }\n    struct Inspector {}\n    #endif\n"
        #expect(withHelper.text.replacingOccurrences(of: userBlock, with: "") == plain.text)
    }

    /// A hook in one clause only: that clause's mapping calls it, the other's does not.
    @Test func hookInOneClause() {
        let (text, diagnostics) = expansion(
            of: """
                @JSONModel
                struct Reading {
                    var value: Double
                    #if DEBUG
                    func validate() throws {}
                    #endif
                }
                """)
        #expect(diagnostics.isEmpty)
        #expect(text.components(separatedBy: "try self.validate()").count == 2)
        expectLines(["#if DEBUG", "#else", "#endif"], in: text)
    }

    // MARK: Problems

    /// A problem outside the blocks is found in every combination and reported once; one in
    /// a clause is reported too.
    @Test func problemsAreReportedOnce() {
        let (text, diagnostics) = expansion(
            of: """
                @JSONModel
                struct Cache {
                    lazy var size = 0
                    #if DEBUG
                    lazy var hits = 0
                    #endif
                }
                """)
        #expect(
            diagnostics == [
                "lazy property 'size' cannot be decoded; mark it '@JSONIgnore'",
                "lazy property 'hits' cannot be decoded; mark it '@JSONIgnore'",
            ])
        #expect(!text.contains("_loomKeys"))
    }

    /// `init(from:)` or `jsonWillDecode(_:)` in one clause would change the conformances the
    /// extension declares, which cannot sit in `#if`.
    @Test func conformancesMustNotDependOnAClause() {
        let message =
            "'#if' changes which conformances '@JSONModel' declares: keep 'init(from:)', 'encode(to:)' and 'jsonWillDecode(_:)' outside '#if', or in every clause"
        let decoder = expansion(
            of: """
                @JSONModel
                struct Token {
                    var value: String
                    #if DEBUG
                    init(from decoder: any Decoder) throws { value = "" }
                    #endif
                }
                """, macros: codableMacros)
        #expect(decoder.diagnostics == [message])
        #expect(!decoder.text.contains("_loomKeys"))
        let hook = expansion(
            of: """
                @JSONModel
                struct Token {
                    var value: String
                    #if DEBUG
                    static func jsonWillDecode(_ object: inout JSONObject) {}
                    #endif
                }
                """)
        #expect(hook.diagnostics == [message])
        #expect(!hook.text.contains("_loomKeys"))
    }

    /// A marker in an `#if` block of a property's attributes: which clause is active is not
    /// known, so the property's mapping is not either.
    @Test func markersUnderIfInAttributesAreReported() {
        let (text, diagnostics) = expansion(
            of: """
                @JSONModel
                struct Profile {
                    #if DEBUG
                    @JSONKey("debug_name")
                    #endif
                    var name: String
                }
                """)
        #expect(
            diagnostics == [
                "'@JSONModel' cannot tell whether '@JSONKey' inside '#if' applies; put the '#if' around the whole property, with the marker in one clause and the property without it in the other"
            ])
        #expect(!text.contains("_loomKeys"))
    }

    /// Six blocks of properties make 64 combinations, past the limit.
    @Test func tooManyCombinations() {
        let blocks = (0..<6).map { "    #if FLAG\($0)\n    var p\($0): Int\n    #endif" }.joined(separator: "\n")
        let (text, diagnostics) = expansion(of: "@JSONModel\nstruct Wide {\n\(blocks)\n}")
        #expect(
            diagnostics == [
                "the '#if' blocks around this model's properties make 64 combinations; '@JSONModel' maps each one and supports up to 32: group the conditional properties in fewer blocks"
            ])
        #expect(!text.contains("_loomKeys"))
    }
}
