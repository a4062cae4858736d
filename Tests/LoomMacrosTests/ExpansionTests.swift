import Testing

/// Every shape `@JSONModel` generates for structs. The expected code follows the hand-written
/// conformance in `Tests/LoomTests/Model/HandWrittenModelTests.swift`; the same shapes are
/// compiled and run in `Tests/LoomTests/Model/Macro*Tests.swift`.
@Suite("@JSONModel expansion")
struct ExpansionTests {
    /// Every stored property maps to its name: the shape of the hand-written `HandUser`.
    @Test func plain() {
        assertExpansion(
            """
            @JSONModel
            struct User {
                var login: String
                var id: Int
            }
            """,
            expandedSource: """

            struct User {
                var login: String
                var id: Int
            }

            extension User: Loom.JSONModel, Loom._JSONMapped {
                static let _loomKeys = Loom._JSONKeySet(["login", "id"])

                typealias _LoomValues = (String, Int)

                @inline(never)
                static func _loomRead<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues {
                    var (s_v0, s_v1): (v0: Optional<String>, v1: Optional<Int>) = (nil, nil)
                    let _loomKeys = Self._loomKeys
                    if try reader.beginObject(Self.self, _loomKeys, context) {
                        var hint = 0
                        repeat {
                            do {
                                switch try reader.nextKey(_loomKeys, hint: &hint) {
                                case 0: try reader.readJSONSlot(&s_v0, String.self, context)
                                case 1: try reader.readJSONSlot(&s_v1, Int.self, context)
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
                    try context._encodeJSONMember(self.login, _loomKeys, 0, to: &writer)
                    try context._encodeJSONMember(self.id, _loomKeys, 1, to: &writer)
                    writer.endObject()
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        let _loomKeys = Self._loomKeys
                        var object = Loom._JSONSchemaObject()
                        object.addJSON(_loomKeys, 0, String.self, .required, &schemas)
                        object.addJSON(_loomKeys, 1, Int.self, .required, &schemas)
                        return object.schema
                    }
                }

                init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomRead(&reader, context))
                }

                init(_loomValues values: _LoomValues) {
                    let (u0, u1) = values
                    self.login = u0
                    self.id = u1
                }
            }
            """
        )
    }

    /// A deprecated property is stored and read by members that are deprecated themselves, so
    /// that the model builds without deprecation warnings (Loom calls them through the
    /// conformance, where their deprecation does not warn).
    @Test func deprecatedPropertiesDeprecateTheGeneratedAccess() {
        assertExpansion(
            """
            @JSONModel
            struct Profile {
                var id: Int
                @available(*, deprecated, renamed: "displayName") var name: String
            }
            """,
            expandedSource: """

            struct Profile {
                var id: Int
                @available(*, deprecated, renamed: "displayName") var name: String
            }

            extension Profile: Loom.JSONModel, Loom._JSONMapped {
                static let _loomKeys = Loom._JSONKeySet(["id", "name"])

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

                @available(*, deprecated, message: "generated by @JSONModel for deprecated declarations") func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                    let _loomKeys = Self._loomKeys
                    try writer.beginObject()
                    try context._encodeJSONMember(self.id, _loomKeys, 0, to: &writer)
                    try context._encodeJSONMember(self.name, _loomKeys, 1, to: &writer)
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

                @available(*, deprecated, message: "generated by @JSONModel for deprecated declarations") init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomRead(&reader, context))
                }

                @available(*, deprecated, message: "generated by @JSONModel for deprecated declarations") init(_loomValues values: _LoomValues) {
                    let (u0, u1) = values
                    self.id = u0
                    self.name = u1
                }
            }
            """
        )
    }

    /// A public struct gets a public memberwise initializer in its body, in place of Swift's
    /// internal one; `memberwiseInit: false` keeps Swift's.
    @Test func publicMemberwiseInitializer() {
        assertExpansion(
            """
            @JSONModel
            public struct Tag {
                public var name: String
                public var count: Int = 0
            }
            """,
            expandedSource: """

            public struct Tag {
                public var name: String
                public var count: Int = 0

                public init(name: String, count: Int = 0) {
                    self.name = name
                    self.count = count
                }
            }

            extension Tag: Loom.JSONModel, Loom._JSONMapped {
                static let _loomKeys = Loom._JSONKeySet(["name", "count"])

                typealias _LoomValues = (String, Optional<Int>)

                @inline(never)
                static func _loomRead<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues {
                    var (s_v0, s_v1): (v0: Optional<String>, v1: Optional<Int>) = (nil, nil)
                    let _loomKeys = Self._loomKeys
                    if try reader.beginObject(Self.self, _loomKeys, context) {
                        var hint = 0
                        repeat {
                            do {
                                switch try reader.nextKey(_loomKeys, hint: &hint) {
                                case 0: try reader.readJSONSlot(&s_v0, String.self, context)
                                case 1: try reader.readJSONSlot(&s_v1, Int.self, context)
                                default: try reader.passUnknown(context)
                                }
                            } catch {
                                try reader.recover(error, context)
                            }
                        } while try reader.moreMembers()
                    }
                    try reader.required(&s_v0, _loomKeys, 0, context)
                    try reader.defaulted(&s_v1, _loomKeys, 1, context, default: "0")
                    try reader.endObject()
                    return (try reader.unwrap(s_v0.take()), s_v1.take())
                }

                public func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                    let _loomKeys = Self._loomKeys
                    try writer.beginObject()
                    try context._encodeJSONMember(self.name, _loomKeys, 0, to: &writer)
                    try context._encodeJSONMember(self.count, _loomKeys, 1, to: &writer)
                    writer.endObject()
                }

                public static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        let _loomKeys = Self._loomKeys
                        var object = Loom._JSONSchemaObject()
                        object.addJSON(_loomKeys, 0, String.self, .required, &schemas)
                        object.add(_loomKeys, 1, schemas._jsonSchema(for: Int.self), .defaulted, default: "0")
                        return object.schema
                    }
                }

                public init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomRead(&reader, context))
                }

                init(_loomValues values: _LoomValues) {
                    let (u0, u1) = values
                    self.name = u0
                    if var new1 = u1 { Swift.swap(&self.count, &new1) }
                }
            }
            """
        )
    }

    @Test func publicMemberwiseInitializerOptOut() {
        assertExpansion(
            """
            @JSONModel(memberwiseInit: false)
            public struct Tag {
                public var name: String
            }
            """,
            expandedSource: """

            public struct Tag {
                public var name: String
            }

            extension Tag: Loom.JSONModel, Loom._JSONMapped {
                static let _loomKeys = Loom._JSONKeySet(["name"])

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
                    try context._encodeJSONMember(self.name, _loomKeys, 0, to: &writer)
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
                    self.name = u0
                }
            }
            """
        )
    }

    /// `@JSONUnknownKeys` takes the members no key maps in place of `passUnknown`, and encoding
    /// writes them last; a property only read is not written, one only written is passed over
    /// when reading, and `@JSONOmit` decides about `nil` and empty values.
    @Test func unknownKeysOneWayAndOmission() {
        assertExpansion(
            """
            @JSONModel
            struct Entry {
                var id: Int
                @JSONIgnore(.encoding) var created: String?
                @JSONIgnore(.decoding) var client: String = "app"
                @JSONOmit(.never) var parent: Int?
                @JSONOmit(.whenEmpty) var tags: [String] = []
                @JSONUnknownKeys var extra: [String: JSONValue] = [:]
            }
            """,
            expandedSource: """

            struct Entry {
                var id: Int
                var created: String?
                var client: String = "app"
                var parent: Int?
                var tags: [String] = []
                var extra: [String: JSONValue] = [:]
            }

            extension Entry: Loom.JSONModel, Loom._JSONMapped {
                static let _loomKeys = Loom._JSONKeySet(["id", "created", "client", "parent", "tags"], capturesUnknown: true)

                typealias _LoomValues = (Int, String?, Int?, Optional<[String]>, Optional<[String: JSONValue]>)

                @inline(never)
                static func _loomRead<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues {
                    var (s_v0, s_v1, s_v3, s_v4, s_u5): (v0: Optional<Int>, v1: Optional<String?>, v3: Optional<Int?>, v4: Optional<[String]>, u5: Loom._JSONUnknownMembers) = (nil, nil, nil, nil, Loom._JSONUnknownMembers())
                    let _loomKeys = Self._loomKeys
                    if try reader.beginObject(Self.self, _loomKeys, context) {
                        var hint = 0
                        repeat {
                            do {
                                switch try reader.nextKey(_loomKeys, hint: &hint) {
                                case 0: try reader.readJSONSlot(&s_v0, Int.self, context)
                                case 1: try reader.readOptionalJSONSlot(&s_v1, String.self, context)
                                case 3: try reader.readOptionalJSONSlot(&s_v3, Int.self, context)
                                case 4:
                                    try reader.claimSlot(&s_v4)
                                    s_v4 = try reader.array(context, lossy: false) { try $0.jsonValue(String.self, $1) }
                                case 2: try reader.passValue()
                                default: try reader.captureUnknown(&s_u5, context)
                                }
                            } catch {
                                try reader.recover(error, context)
                            }
                        } while try reader.moreMembers()
                    }
                    try reader.required(&s_v0, _loomKeys, 0, context)
                    try reader.optional(&s_v1, _loomKeys, 1, context)
                    try reader.optional(&s_v3, _loomKeys, 3, context)
                    try reader.defaulted(&s_v4, _loomKeys, 4, context, default: "[]")
                    let u5 = try reader.capturedUnknown(&s_u5, _loomKeys, context)
                    try reader.endObject()
                    return (try reader.unwrap(s_v0.take()), Loom._flattened(s_v1.take()), Loom._flattened(s_v3.take()), s_v4.take(), u5)
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                    let _loomKeys = Self._loomKeys
                    try writer.beginObject()
                    try context._encodeJSONMember(self.id, _loomKeys, 0, to: &writer)
                    try context._encodeJSONMember(self.client, _loomKeys, 2, to: &writer)
                    if let value = self.parent {
                        context._writeKey(_loomKeys, 3, to: &writer)
                        try context._encodeJSON(value, to: &writer)
                    } else {
                        context._writeKey(_loomKeys, 3, to: &writer)
                        writer.writeNull()
                    }
                    if !self.tags.isEmpty {
                        context._writeKey(_loomKeys, 4, to: &writer)
                        try context.array(self.tags, to: &writer) { try context._encodeJSON($0, to: &$1) }
                    }
                    try context._writeUnknown(self.extra, _loomKeys, to: &writer)
                    writer.endObject()
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        let _loomKeys = Self._loomKeys
                        var object = Loom._JSONSchemaObject()
                        object.addJSON(_loomKeys, 0, Int.self, .required, &schemas)
                        object.addNullableJSON(_loomKeys, 1, String.self, .optional, &schemas)
                        object.addNullableJSON(_loomKeys, 3, Int.self, .optional, &schemas)
                        object.add(_loomKeys, 4, Loom.JSONSchema.array(of: schemas._jsonSchema(for: String.self)), .defaulted, default: "[]")
                        return object.schema
                    }
                }

                init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomRead(&reader, context))
                }

                init(_loomValues values: _LoomValues) {
                    let (u0, u1, u3, u4, u5) = values
                    self.id = u0
                    var new1 = u1; Swift.swap(&self.created, &new1)
                    var new3 = u3; Swift.swap(&self.parent, &new3)
                    if var new4 = u4 { Swift.swap(&self.tags, &new4) }
                    if var new5 = u5 { Swift.swap(&self.extra, &new5) }
                }
            }
            """
        )
    }

    /// The standard types Loom conforms itself, by name with or without their module, are read,
    /// written and described through the functions without overloads; any other name (`Data`,
    /// which an app may declare, or a type of its own) through the overloads that choose
    /// between Loom's conformance, a raw value and `Codable`.
    @Test func standardTypesSkipTheOverloads() {
        let (text, diagnostics) = expansion(
            of: """
                @JSONModel
                struct Sample {
                    var count: Swift.Int
                    var link: Foundation.URL?
                    var ids: [UUID]
                    var blob: Data
                    var kind: Kind
                }
                """)
        #expect(diagnostics == [])
        expectLines(
            [
                "case 0: try reader.readJSONSlot(&s_v0, Swift.Int.self, context)",
                "case 1: try reader.readOptionalJSONSlot(&s_v1, Foundation.URL.self, context)",
                "s_v2 = try reader.array(context, lossy: false) { try $0.jsonValue(UUID.self, $1) }",
                "case 3: try reader.readSlot(&s_v3, Data.self, context)",
                "case 4: try reader.readSlot(&s_v4, Kind.self, context)",
                "try context._encodeJSONMember(self.count, _loomKeys, 0, to: &writer)",
                "try context._encodeOptionalJSONMember(self.link, _loomKeys, 1, to: &writer)",
                "try context.array(self.ids, to: &writer) { try context._encodeJSON($0, to: &$1) }",
                "try context._encode(self.blob, _loomKeys, 3, to: &writer)",
                "try context._encode(self.kind, _loomKeys, 4, to: &writer)",
                "object.addJSON(_loomKeys, 0, Swift.Int.self, .required, &schemas)",
                "object.addNullableJSON(_loomKeys, 1, Foundation.URL.self, .optional, &schemas)",
                "object.add(_loomKeys, 2, Loom.JSONSchema.array(of: schemas._jsonSchema(for: UUID.self)), .required)",
                "object.add(_loomKeys, 3, Data.self, .required, &schemas)",
                "object.add(_loomKeys, 4, Kind.self, .required, &schemas)",
            ], in: text)
    }

    /// Types and expressions are read from the declaration as written: the comments and
    /// spaces around them never reach the generated code (a `//` comment there would end a
    /// generated line early).
    @Test func commentsAroundTypesAndExpressionsStayOut() {
        let (text, diagnostics) = expansion(
            of: """
                @JSONModel
                public struct Sample {
                    public var count: Int // items
                    @JSONDefault( 5 /* five */ ) public var limit: Int
                    public var note: String? /* optional */ = "none" // note
                }
                """)
        #expect(diagnostics == [])
        // In the declaration, which the expanded text repeats (without the marker attributes,
        // which expand to nothing), and nowhere else.
        for (comment, count) in [("// items", 1), ("/* five */", 0), ("/* optional */", 1), ("// note", 1)] {
            #expect(text.components(separatedBy: comment).count - 1 == count, "\(comment)")
        }
        expectLines(
            [
                "public init(count: Int, limit: Int, note: String? = \"none\") {",
                "case 0: try reader.readJSONSlot(&s_v0, Int.self, context)",
                "try reader.defaulted(&s_v1, _loomKeys, 1, context, default: \"5\")",
                "return (try reader.unwrap(s_v0.take()), s_v1.take() ?? 5, s_v2.take())",
            ], in: text)
    }

    @Test func namespacedModel() {
        assertExpansion(
            """
            enum GitHub {
                @JSONModel
                struct Issue {
                    var user: User
                    @JSONDefault(Kind.standard) var kind: Kind
                }
            }
            """,
            expandedSource: """

            enum GitHub {
                struct Issue {
                    var user: User
                    var kind: Kind

                    static let _loomKeys = Loom._JSONKeySet(["user", "kind"])

                    typealias _LoomValues = (User, Kind)

                    @inline(never)
                    static func _loomRead<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues {
                        var (s_v0, s_v1): (v0: Optional<User>, v1: Optional<Kind>) = (nil, nil)
                        let _loomKeys = Self._loomKeys
                        if try reader.beginObject(Self.self, _loomKeys, context) {
                            var hint = 0
                            repeat {
                                do {
                                    switch try reader.nextKey(_loomKeys, hint: &hint) {
                                    case 0: try reader.readSlot(&s_v0, User.self, context)
                                    case 1: try reader.readSlot(&s_v1, Kind.self, context)
                                    default: try reader.passUnknown(context)
                                    }
                                } catch {
                                    try reader.recover(error, context)
                                }
                            } while try reader.moreMembers()
                        }
                        try reader.required(&s_v0, _loomKeys, 0, context)
                        try reader.defaulted(&s_v1, _loomKeys, 1, context, default: "Kind.standard")
                        try reader.endObject()
                        return (try reader.unwrap(s_v0.take()), s_v1.take() ?? Kind.standard)
                    }

                    func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                        if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                        let _loomKeys = Self._loomKeys
                        try writer.beginObject()
                        try context._encode(self.user, _loomKeys, 0, to: &writer)
                        try context._encode(self.kind, _loomKeys, 1, to: &writer)
                        writer.endObject()
                    }

                    static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                        schemas.model(Self.self) { schemas in
                            let _loomKeys = Self._loomKeys
                            var object = Loom._JSONSchemaObject()
                            object.add(_loomKeys, 0, User.self, .required, &schemas)
                            object.add(_loomKeys, 1, Kind.self, .defaulted, &schemas)
                            return object.schema
                        }
                    }
                }
            }

            extension GitHub.Issue: Loom.JSONModel, Loom._JSONMapped {
                init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomRead(&reader, context))
                }

                init(_loomValues values: _LoomValues) {
                    let (u0, u1) = values
                    self.user = u0
                    self.kind = u1
                }
            }
            """
        )
    }

    /// A private type nested in another declares its conformance itself; no extension can
    /// name it, so the initializers, and the memberwise initializer Swift would have
    /// synthesized, are in its body.
    @Test func privateNestedModel() {
        assertExpansion(
            """
            enum Vault {
                @JSONModel
                private struct Token: JSONModel {
                    var value: String
                    var expires: Int?
                    var scopes: [String] = []
                    let kind: String = "token"
                }
            }
            """,
            expandedSource: """

            enum Vault {
                private struct Token: JSONModel {
                    var value: String
                    var expires: Int?
                    var scopes: [String] = []
                    let kind: String = "token"

                    static let _loomKeys = Loom._JSONKeySet(["value", "expires", "scopes", "kind"])

                    typealias _LoomValues = (String, Int?, Optional<[String]>)

                    @inline(never)
                    static func _loomRead<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues {
                        var (s_v0, s_v1, s_v2): (v0: Optional<String>, v1: Optional<Int?>, v2: Optional<[String]>) = (nil, nil, nil)
                        let _loomKeys = Self._loomKeys
                        if try reader.beginObject(Self.self, _loomKeys, context) {
                            var hint = 0
                            repeat {
                                do {
                                    switch try reader.nextKey(_loomKeys, hint: &hint) {
                                    case 0: try reader.readJSONSlot(&s_v0, String.self, context)
                                    case 1: try reader.readOptionalJSONSlot(&s_v1, Int.self, context)
                                    case 2:
                                        try reader.claimSlot(&s_v2)
                                        s_v2 = try reader.array(context, lossy: false) { try $0.jsonValue(String.self, $1) }
                                    case 3: try reader.passValue()
                                    default: try reader.passUnknown(context)
                                    }
                                } catch {
                                    try reader.recover(error, context)
                                }
                            } while try reader.moreMembers()
                        }
                        try reader.required(&s_v0, _loomKeys, 0, context)
                        try reader.optional(&s_v1, _loomKeys, 1, context)
                        try reader.defaulted(&s_v2, _loomKeys, 2, context, default: "[]")
                        try reader.endObject()
                        return (try reader.unwrap(s_v0.take()), Loom._flattened(s_v1.take()), s_v2.take())
                    }

                    static var _readsDirectly: Bool { true }

                    static func _read(from reader: inout Loom._JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom._JSONReader.Fallback) -> Self {
                        try Loom._JSONReader.narrowing { try Self(_loomReading: &reader, context: context) }
                    }

                    func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                        if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                        let _loomKeys = Self._loomKeys
                        try writer.beginObject()
                        try context._encodeJSONMember(self.value, _loomKeys, 0, to: &writer)
                        try context._encodeOptionalJSONMember(self.expires, _loomKeys, 1, to: &writer)
                        context._writeKey(_loomKeys, 2, to: &writer)
                        try context.array(self.scopes, to: &writer) { try context._encodeJSON($0, to: &$1) }
                        try context._encodeJSONMember(self.kind, _loomKeys, 3, to: &writer)
                        writer.endObject()
                    }

                    static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                        schemas.model(Self.self) { schemas in
                            let _loomKeys = Self._loomKeys
                            var object = Loom._JSONSchemaObject()
                            object.addJSON(_loomKeys, 0, String.self, .required, &schemas)
                            object.addNullableJSON(_loomKeys, 1, Int.self, .optional, &schemas)
                            object.add(_loomKeys, 2, Loom.JSONSchema.array(of: schemas._jsonSchema(for: String.self)), .defaulted, default: "[]")
                            return object.schema
                        }
                    }

                    init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                        var reader = Loom._JSONElementReader(element, context)
                        try self.init(_loomReading: &reader, context: context)
                    }

                    init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                        self.init(_loomValues: try Self._loomRead(&reader, context))
                    }

                    init(_loomValues values: _LoomValues) {
                        let (u0, u1, u2) = values
                        self.value = u0
                        var new1 = u1; Swift.swap(&self.expires, &new1)
                        if var new2 = u2 { Swift.swap(&self.scopes, &new2) }
                    }

                    init(value: String, expires: Int? = nil, scopes: [String] = []) {
                        self.value = value
                        self.expires = expires
                        self.scopes = scopes
                    }
                }
            }
            """,
            macros: loomMacrosForDeclaredConformance
        )
    }

    /// `@JSONKey("name")` renames and marks the key explicit.
    @Test func rename() {
        assertExpansion(
            """
            @JSONModel
            struct Repo {
                @JSONKey("html_url") var htmlURL: URL
                var name: String
            }
            """,
            expandedSource: """

            struct Repo {
                var htmlURL: URL
                var name: String
            }

            extension Repo: Loom.JSONModel, Loom._JSONMapped {
                static let _loomKeys = Loom._JSONKeySet(["html_url", "name"], explicit: [true, false])

                typealias _LoomValues = (URL, String)

                @inline(never)
                static func _loomRead<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues {
                    var (s_v0, s_v1): (v0: Optional<URL>, v1: Optional<String>) = (nil, nil)
                    let _loomKeys = Self._loomKeys
                    if try reader.beginObject(Self.self, _loomKeys, context) {
                        var hint = 0
                        repeat {
                            do {
                                switch try reader.nextKey(_loomKeys, hint: &hint) {
                                case 0: try reader.readJSONSlot(&s_v0, URL.self, context)
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
                    try context._encodeJSONMember(self.htmlURL, _loomKeys, 0, to: &writer)
                    try context._encodeJSONMember(self.name, _loomKeys, 1, to: &writer)
                    writer.endObject()
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        let _loomKeys = Self._loomKeys
                        var object = Loom._JSONSchemaObject()
                        object.addJSON(_loomKeys, 0, URL.self, .required, &schemas)
                        object.addJSON(_loomKeys, 1, String.self, .required, &schemas)
                        return object.schema
                    }
                }

                init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomRead(&reader, context))
                }

                init(_loomValues values: _LoomValues) {
                    let (u0, u1) = values
                    self.htmlURL = u0
                    self.name = u1
                }
            }
            """
        )
    }

    /// Key paths under one prefix share a nested key set, one decode loop and one encoded object.
    @Test func keyPathSharedPrefix() {
        assertExpansion(
            """
            @JSONModel
            struct Status {
                var id: Int
                @JSONKey("user.login") var login: String
                @JSONKey("user.profile.name") var name: String?
                @JSONKey("user.id") var userID: Int
            }
            """,
            expandedSource: """

            struct Status {
                var id: Int
                var login: String
                var name: String?
                var userID: Int
            }

            extension Status: Loom.JSONModel, Loom._JSONMapped {
                static let _loomKeys = Loom._JSONKeySet(["id", "user"], explicit: [false, true])

                static let _loomKeys_1 = Loom._JSONKeySet(["login", "profile", "id"], explicit: [true, true, true], prefix: ["user"])

                static let _loomKeys_2 = Loom._JSONKeySet(["name"], explicit: [true], prefix: ["user", "profile"])

                typealias _LoomValues = (Int, String, String?, Int)

                @inline(never)
                static func _loomRead<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues {
                    var (s_v0, s_v1, s_v2, s_v3, s_b1, s_b2): (v0: Optional<Int>, v1: Optional<String>, v2: Optional<String?>, v3: Optional<Int>, b1: Bool, b2: Bool) = (nil, nil, nil, nil, false, false)
                    let _loomKeys = Self._loomKeys
                    let _loomKeys_1 = Self._loomKeys_1
                    let _loomKeys_2 = Self._loomKeys_2
                    if try reader.beginObject(Self.self, _loomKeys, context) {
                        var hint = 0
                        repeat {
                            do {
                                switch try reader.nextKey(_loomKeys, hint: &hint) {
                                case 0: try reader.readJSONSlot(&s_v0, Int.self, context)
                                case 1:
                                    if try reader.beginNested(_loomKeys, 1, _loomKeys_1, seen: &s_b1, context) {
                                        var hint1 = 0
                                        repeat {
                                            do {
                                                switch try reader.nextKey(_loomKeys_1, hint: &hint1) {
                                                case 0: try reader.readJSONSlot(&s_v1, String.self, context)
                                                case 1:
                                                    if try reader.beginNested(_loomKeys_1, 1, _loomKeys_2, seen: &s_b2, context) {
                                                        var hint2 = 0
                                                        repeat {
                                                            do {
                                                                switch try reader.nextKey(_loomKeys_2, hint: &hint2) {
                                                                case 0: try reader.readOptionalJSONSlot(&s_v2, String.self, context)
                                                                default: try reader.passValue()
                                                                }
                                                            } catch {
                                                                try reader.recover(error, context)
                                                            }
                                                        } while try reader.moreMembers()
                                                    }
                                                case 2: try reader.readJSONSlot(&s_v3, Int.self, context)
                                                default: try reader.passValue()
                                                }
                                            } catch {
                                                try reader.recover(error, context)
                                            }
                                        } while try reader.moreMembers()
                                    }
                                default: try reader.passUnknown(context)
                                }
                            } catch {
                                try reader.recover(error, context)
                            }
                        } while try reader.moreMembers()
                    }
                    try reader.required(&s_v0, _loomKeys, 0, context)
                    try reader.required(&s_v1, _loomKeys_1, 0, context)
                    try reader.optional(&s_v2, _loomKeys_2, 0, context)
                    try reader.required(&s_v3, _loomKeys_1, 2, context)
                    try reader.endObject()
                    return (try reader.unwrap(s_v0.take()), try reader.unwrap(s_v1.take()), Loom._flattened(s_v2.take()), try reader.unwrap(s_v3.take()))
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                    let _loomKeys = Self._loomKeys
                    let _loomKeys_1 = Self._loomKeys_1
                    let _loomKeys_2 = Self._loomKeys_2
                    try writer.beginObject()
                    try context._encodeJSONMember(self.id, _loomKeys, 0, to: &writer)
                    context._writeKey(_loomKeys, 1, to: &writer)
                    try writer.beginObject()
                    try context._encodeJSONMember(self.login, _loomKeys_1, 0, to: &writer)
                    if context.writesNulls || self.name != nil {
                        context._writeKey(_loomKeys_1, 1, to: &writer)
                        try writer.beginObject()
                        try context._encodeOptionalJSONMember(self.name, _loomKeys_2, 0, to: &writer)
                        writer.endObject()
                    }
                    try context._encodeJSONMember(self.userID, _loomKeys_1, 2, to: &writer)
                    writer.endObject()
                    writer.endObject()
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        let _loomKeys = Self._loomKeys
                        let _loomKeys_1 = Self._loomKeys_1
                        let _loomKeys_2 = Self._loomKeys_2
                        var object = Loom._JSONSchemaObject()
                        object.addJSON(_loomKeys, 0, Int.self, .required, &schemas)
                        object.addJSON(_loomKeys_1, 0, String.self, .required, &schemas)
                        object.addNullableJSON(_loomKeys_2, 0, String.self, .optional, &schemas)
                        object.addJSON(_loomKeys_1, 2, Int.self, .required, &schemas)
                        return object.schema
                    }
                }

                init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomRead(&reader, context))
                }

                init(_loomValues values: _LoomValues) {
                    let (u0, u1, u2, u3) = values
                    self.id = u0
                    self.login = u1
                    self.userID = u3
                    var new2 = u2; Swift.swap(&self.name, &new2)
                }
            }
            """
        )
    }

    /// Fallback keys get a slot each; the first present non-null one is decoded, the first is encoded.
    @Test func fallbackKeys() {
        assertExpansion(
            """
            @JSONModel
            struct Book {
                @JSONKey("id", "ID", "book_id") var id: Int
            }
            """,
            expandedSource: """

            struct Book {
                var id: Int
            }

            extension Book: Loom.JSONModel, Loom._JSONMapped {
                static let _loomKeys = Loom._JSONKeySet(["id", "ID", "book_id"], explicit: [true, true, true])

                typealias _LoomValues = Int

                @inline(never)
                static func _loomRead<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues {
                    var (s_v0, s_r0): (v0: Optional<Int>, r0: Loom._JSONFallbackState) = (nil, Loom._JSONFallbackState())
                    let _loomKeys = Self._loomKeys
                    if try reader.beginObject(Self.self, _loomKeys, context) {
                        var hint = 0
                        repeat {
                            do {
                                switch try reader.nextKey(_loomKeys, hint: &hint) {
                                case 0: if try reader.claimAlternative(&s_v0, &s_r0, rank: 0) { s_v0 = try reader.jsonValue(Int.self, context) }
                                case 1: if try reader.claimAlternative(&s_v0, &s_r0, rank: 1) { s_v0 = try reader.jsonValue(Int.self, context) }
                                case 2: if try reader.claimAlternative(&s_v0, &s_r0, rank: 2) { s_v0 = try reader.jsonValue(Int.self, context) }
                                default: try reader.passUnknown(context)
                                }
                            } catch {
                                try reader.recover(error, context)
                            }
                        } while try reader.moreMembers()
                    }
                    try reader.fallback(s_v0, s_r0, [(_loomKeys, 0), (_loomKeys, 1), (_loomKeys, 2)], .required, context, default: "")
                    try reader.endObject()
                    return try reader.unwrap(s_v0.take())
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                    let _loomKeys = Self._loomKeys
                    try writer.beginObject()
                    try context._encodeJSONMember(self.id, _loomKeys, 0, to: &writer)
                    writer.endObject()
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        let _loomKeys = Self._loomKeys
                        var object = Loom._JSONSchemaObject()
                        object.add(fallbacks: [(_loomKeys, 0), (_loomKeys, 1), (_loomKeys, 2)], schemas._jsonSchema(for: Int.self), .required)
                        return object.schema
                    }
                }

                init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomRead(&reader, context))
                }

                init(_loomValues values: _LoomValues) {
                    let u0 = values
                    self.id = u0
                }
            }
            """
        )
    }

    /// Fallback keys at different object levels pick the winner's key set and slot.
    @Test func fallbackKeysAcrossLevels() {
        assertExpansion(
            """
            @JSONModel
            struct Book {
                @JSONKey("title", "info.title") var title: String?
            }
            """,
            expandedSource: """

            struct Book {
                var title: String?
            }

            extension Book: Loom.JSONModel, Loom._JSONMapped {
                static let _loomKeys = Loom._JSONKeySet(["title", "info"], explicit: [true, true])

                static let _loomKeys_1 = Loom._JSONKeySet(["title"], explicit: [true], prefix: ["info"])

                typealias _LoomValues = String?

                @inline(never)
                static func _loomRead<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues {
                    var (s_v0, s_r0, s_b1): (v0: Optional<String?>, r0: Loom._JSONFallbackState, b1: Bool) = (nil, Loom._JSONFallbackState(), false)
                    let _loomKeys = Self._loomKeys
                    let _loomKeys_1 = Self._loomKeys_1
                    if try reader.beginObject(Self.self, _loomKeys, context) {
                        var hint = 0
                        repeat {
                            do {
                                switch try reader.nextKey(_loomKeys, hint: &hint) {
                                case 0: if try reader.claimAlternative(&s_v0, &s_r0, rank: 0) { s_v0 = .some(try reader.jsonValue(String.self, context)) }
                                case 1:
                                    if try reader.beginNested(_loomKeys, 1, _loomKeys_1, seen: &s_b1, context) {
                                        var hint1 = 0
                                        repeat {
                                            do {
                                                switch try reader.nextKey(_loomKeys_1, hint: &hint1) {
                                                case 0: if try reader.claimAlternative(&s_v0, &s_r0, rank: 1) { s_v0 = .some(try reader.jsonValue(String.self, context)) }
                                                default: try reader.passValue()
                                                }
                                            } catch {
                                                try reader.recover(error, context)
                                            }
                                        } while try reader.moreMembers()
                                    }
                                default: try reader.passUnknown(context)
                                }
                            } catch {
                                try reader.recover(error, context)
                            }
                        } while try reader.moreMembers()
                    }
                    try reader.fallback(s_v0, s_r0, [(_loomKeys, 0), (_loomKeys_1, 0)], .optional, context, default: "")
                    try reader.endObject()
                    return Loom._flattened(s_v0.take())
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                    let _loomKeys = Self._loomKeys
                    try writer.beginObject()
                    try context._encodeOptionalJSONMember(self.title, _loomKeys, 0, to: &writer)
                    writer.endObject()
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        let _loomKeys = Self._loomKeys
                        let _loomKeys_1 = Self._loomKeys_1
                        var object = Loom._JSONSchemaObject()
                        object.add(fallbacks: [(_loomKeys, 0), (_loomKeys_1, 0)], Loom.JSONSchema.nullable(schemas._jsonSchema(for: String.self)), .optional)
                        return object.schema
                    }
                }

                init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomRead(&reader, context))
                }

                init(_loomValues values: _LoomValues) {
                    let u0 = values
                    var new0 = u0; Swift.swap(&self.title, &new0)
                }
            }
            """
        )
    }

    /// Collected keys are matched like others and gathered by the runtime helpers.
    @Test func collecting() {
        assertExpansion(
            """
            @JSONModel
            struct Weather {
                @JSONKey(collecting: ["temp", "main.temp_max"]) var temperatures: [String: Double]
                @JSONKey(collecting: ["wind_speed"]) var wind: [String: Double]?
            }
            """,
            expandedSource: """

            struct Weather {
                var temperatures: [String: Double]
                var wind: [String: Double]?
            }

            extension Weather: Loom.JSONModel, Loom._JSONMapped {
                static let _loomKeys = Loom._JSONKeySet(["temp", "main", "wind_speed"], explicit: [true, true, true])

                static let _loomKeys_1 = Loom._JSONKeySet(["temp_max"], explicit: [true], prefix: ["main"])

                typealias _LoomValues = ([String: Double], [String: Double]?)

                @inline(never)
                static func _loomRead<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues {
                    var (s_c0, s_c1, s_b1): (c0: Loom._JSONCollectedSlot, c1: Loom._JSONCollectedSlot, b1: Bool) = (Loom._JSONCollectedSlot(), Loom._JSONCollectedSlot(), false)
                    let _loomKeys = Self._loomKeys
                    let _loomKeys_1 = Self._loomKeys_1
                    if try reader.beginObject(Self.self, _loomKeys, context) {
                        var hint = 0
                        repeat {
                            do {
                                switch try reader.nextKey(_loomKeys, hint: &hint) {
                                case 0: try reader.collect(&s_c0, 0)
                                case 1:
                                    if try reader.beginNested(_loomKeys, 1, _loomKeys_1, seen: &s_b1, context) {
                                        var hint1 = 0
                                        repeat {
                                            do {
                                                switch try reader.nextKey(_loomKeys_1, hint: &hint1) {
                                                case 0: try reader.collect(&s_c0, 1)
                                                default: try reader.passValue()
                                                }
                                            } catch {
                                                try reader.recover(error, context)
                                            }
                                        } while try reader.moreMembers()
                                    }
                                case 2: try reader.collect(&s_c1, 0)
                                default: try reader.passUnknown(context)
                                }
                            } catch {
                                try reader.recover(error, context)
                            }
                        } while try reader.moreMembers()
                    }
                    let c0 = try reader.collected(&s_c0, [("temp", _loomKeys, 0), ("main.temp_max", _loomKeys_1, 0)], .required, context, default: "") { try $0.dictionary($1, lossy: false) { try $0.jsonValue(Double.self, $1) } }
                    let c1 = try reader.collected(&s_c1, [("wind_speed", _loomKeys, 2)], .optional, context, default: "") { try $0.dictionary($1, lossy: false) { try $0.jsonValue(Double.self, $1) } }
                    try reader.endObject()
                    return (try reader.unwrap(c0), c1)
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                    let _loomKeys = Self._loomKeys
                    let _loomKeys_1 = Self._loomKeys_1
                    let c0 = try context._collect(self.temperatures) { try context.dictionary($0, to: &$1) { try context._encodeJSON($0, to: &$1) } }
                    let c1 = try context._collect(self.wind) { try context.optionalValue($0, to: &$1) { try context.dictionary($0, to: &$1) { try context._encodeJSON($0, to: &$1) } } }
                    try writer.beginObject()
                    try context._writeCollected(c0, "temp", _loomKeys, 0, to: &writer)
                    if context.writesNulls || c0["main.temp_max"] != nil {
                        context._writeKey(_loomKeys, 1, to: &writer)
                        try writer.beginObject()
                        try context._writeCollected(c0, "main.temp_max", _loomKeys_1, 0, to: &writer)
                        writer.endObject()
                    }
                    try context._writeCollected(c1, "wind_speed", _loomKeys, 2, to: &writer)
                    writer.endObject()
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        let _loomKeys = Self._loomKeys
                        let _loomKeys_1 = Self._loomKeys_1
                        var object = Loom._JSONSchemaObject()
                        object.add(collecting: [(_loomKeys, 0), (_loomKeys_1, 0)], schemas._jsonSchema(for: Double.self))
                        object.add(collecting: [(_loomKeys, 2)], schemas._jsonSchema(for: Double.self))
                        return object.schema
                    }
                }

                init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomRead(&reader, context))
                }

                init(_loomValues values: _LoomValues) {
                    let (u0, u1) = values
                    self.temperatures = u0
                    var new1 = u1; Swift.swap(&self.wind, &new1)
                }
            }
            """
        )
    }

    /// `T?`, `Optional<T>` and `= nil` decode with `optional` and are omitted when nil.
    @Test func optional() {
        assertExpansion(
            """
            @JSONModel
            struct Profile {
                var bio: String?
                var website: Optional<URL>
                var none: Int? = nil
            }
            """,
            expandedSource: """

            struct Profile {
                var bio: String?
                var website: Optional<URL>
                var none: Int? = nil
            }

            extension Profile: Loom.JSONModel, Loom._JSONMapped {
                static let _loomKeys = Loom._JSONKeySet(["bio", "website", "none"])

                typealias _LoomValues = (String?, Optional<URL>, Int?)

                @inline(never)
                static func _loomRead<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues {
                    var (s_v0, s_v1, s_v2): (v0: Optional<String?>, v1: Optional<Optional<URL>>, v2: Optional<Int?>) = (nil, nil, nil)
                    let _loomKeys = Self._loomKeys
                    if try reader.beginObject(Self.self, _loomKeys, context) {
                        var hint = 0
                        repeat {
                            do {
                                switch try reader.nextKey(_loomKeys, hint: &hint) {
                                case 0: try reader.readOptionalJSONSlot(&s_v0, String.self, context)
                                case 1: try reader.readOptionalJSONSlot(&s_v1, URL.self, context)
                                case 2: try reader.readOptionalJSONSlot(&s_v2, Int.self, context)
                                default: try reader.passUnknown(context)
                                }
                            } catch {
                                try reader.recover(error, context)
                            }
                        } while try reader.moreMembers()
                    }
                    try reader.optional(&s_v0, _loomKeys, 0, context)
                    try reader.optional(&s_v1, _loomKeys, 1, context)
                    try reader.optional(&s_v2, _loomKeys, 2, context)
                    try reader.endObject()
                    return (Loom._flattened(s_v0.take()), Loom._flattened(s_v1.take()), Loom._flattened(s_v2.take()))
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                    let _loomKeys = Self._loomKeys
                    try writer.beginObject()
                    try context._encodeOptionalJSONMember(self.bio, _loomKeys, 0, to: &writer)
                    try context._encodeOptionalJSONMember(self.website, _loomKeys, 1, to: &writer)
                    try context._encodeOptionalJSONMember(self.none, _loomKeys, 2, to: &writer)
                    writer.endObject()
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        let _loomKeys = Self._loomKeys
                        var object = Loom._JSONSchemaObject()
                        object.addNullableJSON(_loomKeys, 0, String.self, .optional, &schemas)
                        object.addNullableJSON(_loomKeys, 1, URL.self, .optional, &schemas)
                        object.addNullableJSON(_loomKeys, 2, Int.self, .optional, &schemas)
                        return object.schema
                    }
                }

                init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomRead(&reader, context))
                }

                init(_loomValues values: _LoomValues) {
                    let (u0, u1, u2) = values
                    self.website = u1
                    var new0 = u0; Swift.swap(&self.bio, &new0)
                    var new2 = u2; Swift.swap(&self.none, &new2)
                }
            }
            """
        )
    }

    /// An initial value is kept when the key is missing.
    @Test func defaultViaInitializer() {
        assertExpansion(
            """
            @JSONModel
            struct Settings {
                var retries: Int = 3
                var labels: [String] = []
                var theme: String? = "dark"
            }
            """,
            expandedSource: """

            struct Settings {
                var retries: Int = 3
                var labels: [String] = []
                var theme: String? = "dark"
            }

            extension Settings: Loom.JSONModel, Loom._JSONMapped {
                static let _loomKeys = Loom._JSONKeySet(["retries", "labels", "theme"])

                typealias _LoomValues = (Optional<Int>, Optional<[String]>, Optional<String?>)

                @inline(never)
                static func _loomRead<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues {
                    var (s_v0, s_v1, s_v2): (v0: Optional<Int>, v1: Optional<[String]>, v2: Optional<String?>) = (nil, nil, nil)
                    let _loomKeys = Self._loomKeys
                    if try reader.beginObject(Self.self, _loomKeys, context) {
                        var hint = 0
                        repeat {
                            do {
                                switch try reader.nextKey(_loomKeys, hint: &hint) {
                                case 0: try reader.readJSONSlot(&s_v0, Int.self, context)
                                case 1:
                                    try reader.claimSlot(&s_v1)
                                    s_v1 = try reader.array(context, lossy: false) { try $0.jsonValue(String.self, $1) }
                                case 2:
                                    try reader.claimSlot(&s_v2, nullable: true)
                                    s_v2 = .some(try reader.readNullKeepingDefault(context) ? .none : reader.jsonValue(String.self, context))
                                default: try reader.passUnknown(context)
                                }
                            } catch {
                                try reader.recover(error, context)
                            }
                        } while try reader.moreMembers()
                    }
                    try reader.defaulted(&s_v0, _loomKeys, 0, context, default: "3")
                    try reader.defaulted(&s_v1, _loomKeys, 1, context, default: "[]")
                    try reader.optionalDefaulted(&s_v2, _loomKeys, 2, context, default: "\\"dark\\"")
                    try reader.endObject()
                    return (s_v0.take(), s_v1.take(), s_v2.take())
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                    let _loomKeys = Self._loomKeys
                    try writer.beginObject()
                    try context._encodeJSONMember(self.retries, _loomKeys, 0, to: &writer)
                    context._writeKey(_loomKeys, 1, to: &writer)
                    try context.array(self.labels, to: &writer) { try context._encodeJSON($0, to: &$1) }
                    try context._encodeOptionalJSONMember(self.theme, _loomKeys, 2, to: &writer)
                    writer.endObject()
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        let _loomKeys = Self._loomKeys
                        var object = Loom._JSONSchemaObject()
                        object.add(_loomKeys, 0, schemas._jsonSchema(for: Int.self), .defaulted, default: "3")
                        object.add(_loomKeys, 1, Loom.JSONSchema.array(of: schemas._jsonSchema(for: String.self)), .defaulted, default: "[]")
                        object.add(_loomKeys, 2, Loom.JSONSchema.nullable(schemas._jsonSchema(for: String.self)), .optionalDefaulted, default: "\\"dark\\"")
                        return object.schema
                    }
                }

                init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomRead(&reader, context))
                }

                init(_loomValues values: _LoomValues) {
                    let (u0, u1, u2) = values
                    if var new0 = u0 { Swift.swap(&self.retries, &new0) }
                    if var new1 = u1 { Swift.swap(&self.labels, &new1) }
                    if var new2 = u2 { Swift.swap(&self.theme, &new2) }
                }
            }
            """
        )
    }

    /// `@JSONDefault` supplies the value for a missing key.
    @Test func defaultViaMarker() {
        assertExpansion(
            """
            @JSONModel
            struct Settings {
                @JSONDefault(3) var retries: Int
                @JSONDefault(base + 1) var limit: Int
                @JSONDefault("dark") var theme: String?
            }
            """,
            expandedSource: """

            struct Settings {
                var retries: Int
                var limit: Int
                var theme: String?
            }

            extension Settings: Loom.JSONModel, Loom._JSONMapped {
                static let _loomKeys = Loom._JSONKeySet(["retries", "limit", "theme"])

                typealias _LoomValues = (Int, Int, String?)

                @inline(never)
                static func _loomRead<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues {
                    var (s_v0, s_v1, s_v2): (v0: Optional<Int>, v1: Optional<Int>, v2: Optional<String?>) = (nil, nil, nil)
                    let _loomKeys = Self._loomKeys
                    if try reader.beginObject(Self.self, _loomKeys, context) {
                        var hint = 0
                        repeat {
                            do {
                                switch try reader.nextKey(_loomKeys, hint: &hint) {
                                case 0: try reader.readJSONSlot(&s_v0, Int.self, context)
                                case 1: try reader.readJSONSlot(&s_v1, Int.self, context)
                                case 2:
                                    try reader.claimSlot(&s_v2, nullable: true)
                                    s_v2 = .some(try reader.readNullKeepingDefault(context) ? .none : reader.jsonValue(String.self, context))
                                default: try reader.passUnknown(context)
                                }
                            } catch {
                                try reader.recover(error, context)
                            }
                        } while try reader.moreMembers()
                    }
                    try reader.defaulted(&s_v0, _loomKeys, 0, context, default: "3")
                    try reader.defaulted(&s_v1, _loomKeys, 1, context, default: "base + 1")
                    try reader.optionalDefaulted(&s_v2, _loomKeys, 2, context, default: "\\"dark\\"")
                    try reader.endObject()
                    return (s_v0.take() ?? 3, s_v1.take() ?? (base + 1), s_v2.take() ?? "dark")
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                    let _loomKeys = Self._loomKeys
                    try writer.beginObject()
                    try context._encodeJSONMember(self.retries, _loomKeys, 0, to: &writer)
                    try context._encodeJSONMember(self.limit, _loomKeys, 1, to: &writer)
                    try context._encodeOptionalJSONMember(self.theme, _loomKeys, 2, to: &writer)
                    writer.endObject()
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        let _loomKeys = Self._loomKeys
                        var object = Loom._JSONSchemaObject()
                        object.add(_loomKeys, 0, schemas._jsonSchema(for: Int.self), .defaulted, default: "3")
                        object.addJSON(_loomKeys, 1, Int.self, .defaulted, &schemas)
                        object.add(_loomKeys, 2, Loom.JSONSchema.nullable(schemas._jsonSchema(for: String.self)), .optionalDefaulted, default: "\\"dark\\"")
                        return object.schema
                    }
                }

                init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomRead(&reader, context))
                }

                init(_loomValues values: _LoomValues) {
                    let (u0, u1, u2) = values
                    self.retries = u0
                    self.limit = u1
                    var new2 = u2; Swift.swap(&self.theme, &new2)
                }
            }
            """
        )
    }

    /// A `let` with a value cannot be reassigned: its key is matched and skipped, and it is encoded.
    @Test func letWithValue() {
        assertExpansion(
            """
            @JSONModel
            struct Envelope {
                let version: Int = 2
                let payload: String
            }
            """,
            expandedSource: """

            struct Envelope {
                let version: Int = 2
                let payload: String
            }

            extension Envelope: Loom.JSONModel, Loom._JSONMapped {
                static let _loomKeys = Loom._JSONKeySet(["version", "payload"])

                typealias _LoomValues = String

                @inline(never)
                static func _loomRead<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues {
                    var s_v1: Optional<String> = nil
                    let _loomKeys = Self._loomKeys
                    if try reader.beginObject(Self.self, _loomKeys, context) {
                        var hint = 0
                        repeat {
                            do {
                                switch try reader.nextKey(_loomKeys, hint: &hint) {
                                case 1: try reader.readJSONSlot(&s_v1, String.self, context)
                                case 0: try reader.passValue()
                                default: try reader.passUnknown(context)
                                }
                            } catch {
                                try reader.recover(error, context)
                            }
                        } while try reader.moreMembers()
                    }
                    try reader.required(&s_v1, _loomKeys, 1, context)
                    try reader.endObject()
                    return try reader.unwrap(s_v1.take())
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                    let _loomKeys = Self._loomKeys
                    try writer.beginObject()
                    try context._encodeJSONMember(self.version, _loomKeys, 0, to: &writer)
                    try context._encodeJSONMember(self.payload, _loomKeys, 1, to: &writer)
                    writer.endObject()
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        let _loomKeys = Self._loomKeys
                        var object = Loom._JSONSchemaObject()
                        object.addJSON(_loomKeys, 1, String.self, .required, &schemas)
                        return object.schema
                    }
                }

                init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomRead(&reader, context))
                }

                init(_loomValues values: _LoomValues) {
                    let u1 = values
                    self.payload = u1
                }
            }
            """
        )
    }

    /// `@JSONIgnore` properties take no part.
    @Test func ignore() {
        assertExpansion(
            """
            @JSONModel
            struct Issue {
                var title: String
                @JSONIgnore var retrievedAt = Date()
                @JSONIgnore var cache: [String: Int]?
            }
            """,
            expandedSource: """

            struct Issue {
                var title: String
                var retrievedAt = Date()
                var cache: [String: Int]?
            }

            extension Issue: Loom.JSONModel, Loom._JSONMapped {
                static let _loomKeys = Loom._JSONKeySet(["title"])

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

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                    let _loomKeys = Self._loomKeys
                    try writer.beginObject()
                    try context._encodeJSONMember(self.title, _loomKeys, 0, to: &writer)
                    writer.endObject()
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        let _loomKeys = Self._loomKeys
                        var object = Loom._JSONSchemaObject()
                        object.addJSON(_loomKeys, 0, String.self, .required, &schemas)
                        return object.schema
                    }
                }

                init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomRead(&reader, context))
                }

                init(_loomValues values: _LoomValues) {
                    let u0 = values
                    self.title = u0
                }
            }
            """
        )
    }

    /// `@JSONTransform` decodes and encodes through the transformer, built once per type in a
    /// static property.
    @Test func transform() {
        assertExpansion(
            """
            @JSONModel
            struct Event {
                @JSONTransform(.iso8601) var start: Date
                @JSONKey("ends_at") @JSONTransform(ISO8601DateTransformer()) var end: Date?
            }
            """,
            expandedSource: """

            struct Event {
                var start: Date
                var end: Date?
            }

            extension Event: Loom.JSONModel, Loom._JSONMapped {
                static let _loomKeys = Loom._JSONKeySet(["start", "ends_at"], explicit: [false, true])

                private static let _loomTransformer_0 = Loom._transformer(.iso8601)

                private static let _loomTransformer_1 = Loom._transformer(ISO8601DateTransformer())

                typealias _LoomValues = (Date, Date?)

                @inline(never)
                static func _loomRead<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues {
                    var (s_v0, s_v1): (v0: Optional<Date>, v1: Optional<Date?>) = (nil, nil)
                    let _loomKeys = Self._loomKeys
                    if try reader.beginObject(Self.self, _loomKeys, context) {
                        var hint = 0
                        repeat {
                            do {
                                switch try reader.nextKey(_loomKeys, hint: &hint) {
                                case 0:
                                    try reader.claimSlot(&s_v0)
                                    s_v0 = try reader.decodeElement(context) { try $1.transform($0, with: Self._loomTransformer_0) }
                                case 1:
                                    try reader.claimSlot(&s_v1, nullable: true)
                                    s_v1 = .some(try reader.readNull() ? .none : reader.decodeElement(context) { try $1.transform($0, with: Self._loomTransformer_1) })
                                default: try reader.passUnknown(context)
                                }
                            } catch {
                                try reader.recover(error, context)
                            }
                        } while try reader.moreMembers()
                    }
                    try reader.required(&s_v0, _loomKeys, 0, context)
                    try reader.optional(&s_v1, _loomKeys, 1, context)
                    try reader.endObject()
                    return (try reader.unwrap(s_v0.take()), Loom._flattened(s_v1.take()))
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                    let _loomKeys = Self._loomKeys
                    try writer.beginObject()
                    context._writeKey(_loomKeys, 0, to: &writer)
                    try context.transform(self.start, with: Self._loomTransformer_0, to: &writer)
                    if let value = self.end {
                        context._writeKey(_loomKeys, 1, to: &writer)
                        try context.transform(value, with: Self._loomTransformer_1, to: &writer)
                    } else if context.writesNulls {
                        context._writeKey(_loomKeys, 1, to: &writer)
                        writer.writeNull()
                    }
                    writer.endObject()
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        let _loomKeys = Self._loomKeys
                        var object = Loom._JSONSchemaObject()
                        object.add(_loomKeys, 0, schemas.schema(transformedBy: Self._loomTransformer_0), .required)
                        object.add(_loomKeys, 1, Loom.JSONSchema.nullable(schemas.schema(transformedBy: Self._loomTransformer_1)), .optional)
                        return object.schema
                    }
                }

                init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomRead(&reader, context))
                }

                init(_loomValues values: _LoomValues) {
                    let (u0, u1) = values
                    self.start = u0
                    var new1 = u1; Swift.swap(&self.end, &new1)
                }
            }
            """
        )
    }

    /// Collections nest helper calls; optionals inside use `optionalValue`.
    @Test func nestedCollections() {
        assertExpansion(
            """
            @JSONModel
            struct Geometry {
                var coordinates: [[[Double]]]
                var matrix: Array<Array<Int?>>
            }
            """,
            expandedSource: """

            struct Geometry {
                var coordinates: [[[Double]]]
                var matrix: Array<Array<Int?>>
            }

            extension Geometry: Loom.JSONModel, Loom._JSONMapped {
                static let _loomKeys = Loom._JSONKeySet(["coordinates", "matrix"])

                typealias _LoomValues = ([[[Double]]], Array<Array<Int?>>)

                @inline(never)
                static func _loomRead<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues {
                    var (s_v0, s_v1): (v0: Optional<[[[Double]]]>, v1: Optional<Array<Array<Int?>>>) = (nil, nil)
                    let _loomKeys = Self._loomKeys
                    if try reader.beginObject(Self.self, _loomKeys, context) {
                        var hint = 0
                        repeat {
                            do {
                                switch try reader.nextKey(_loomKeys, hint: &hint) {
                                case 0:
                                    try reader.claimSlot(&s_v0)
                                    s_v0 = try reader.array(context, lossy: false) { try $0.array($1, lossy: false) { try $0.jsonValue([Double].self, $1) } }
                                case 1:
                                    try reader.claimSlot(&s_v1)
                                    s_v1 = try reader.array(context, lossy: false) { try $0.array($1, lossy: false) { try $0.optionalValue($1) { try $0.jsonValue(Int.self, $1) } } }
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
                    context._writeKey(_loomKeys, 0, to: &writer)
                    try context.array(self.coordinates, to: &writer) { try context.array($0, to: &$1) { try context.array($0, to: &$1) { try context._encodeJSON($0, to: &$1) } } }
                    context._writeKey(_loomKeys, 1, to: &writer)
                    try context.array(self.matrix, to: &writer) { try context.array($0, to: &$1) { try context.optionalValue($0, to: &$1) { try context._encodeJSON($0, to: &$1) } } }
                    writer.endObject()
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        let _loomKeys = Self._loomKeys
                        var object = Loom._JSONSchemaObject()
                        object.add(_loomKeys, 0, Loom.JSONSchema.array(of: Loom.JSONSchema.array(of: Loom.JSONSchema.array(of: schemas._jsonSchema(for: Double.self)))), .required)
                        object.add(_loomKeys, 1, Loom.JSONSchema.array(of: Loom.JSONSchema.array(of: Loom.JSONSchema.nullable(schemas._jsonSchema(for: Int.self)))), .required)
                        return object.schema
                    }
                }

                init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomRead(&reader, context))
                }

                init(_loomValues values: _LoomValues) {
                    let (u0, u1) = values
                    self.coordinates = u0
                    self.matrix = u1
                }
            }
            """
        )
    }

    /// Dictionaries with `String` keys use `dictionary`.
    @Test func dictionaryOfModelArrays() {
        assertExpansion(
            """
            @JSONModel
            struct Teams {
                var members: [String: [User]]
                var leads: Dictionary<String, User?>
            }
            """,
            expandedSource: """

            struct Teams {
                var members: [String: [User]]
                var leads: Dictionary<String, User?>
            }

            extension Teams: Loom.JSONModel, Loom._JSONMapped {
                static let _loomKeys = Loom._JSONKeySet(["members", "leads"])

                typealias _LoomValues = ([String: [User]], Dictionary<String, User?>)

                @inline(never)
                static func _loomRead<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues {
                    var (s_v0, s_v1): (v0: Optional<[String: [User]]>, v1: Optional<Dictionary<String, User?>>) = (nil, nil)
                    let _loomKeys = Self._loomKeys
                    if try reader.beginObject(Self.self, _loomKeys, context) {
                        var hint = 0
                        repeat {
                            do {
                                switch try reader.nextKey(_loomKeys, hint: &hint) {
                                case 0:
                                    try reader.claimSlot(&s_v0)
                                    s_v0 = try reader.dictionary(context, lossy: false) { try $0.array($1, lossy: false) { try $0.value(User.self, $1) } }
                                case 1:
                                    try reader.claimSlot(&s_v1)
                                    s_v1 = try reader.dictionary(context, lossy: false) { try $0.optionalValue($1) { try $0.value(User.self, $1) } }
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
                    context._writeKey(_loomKeys, 0, to: &writer)
                    try context.dictionary(self.members, to: &writer) { try context.array($0, to: &$1) { try context.encode($0, to: &$1) } }
                    context._writeKey(_loomKeys, 1, to: &writer)
                    try context.dictionary(self.leads, to: &writer) { try context.optionalValue($0, to: &$1) { try context.encode($0, to: &$1) } }
                    writer.endObject()
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        let _loomKeys = Self._loomKeys
                        var object = Loom._JSONSchemaObject()
                        object.add(_loomKeys, 0, Loom.JSONSchema.dictionary(of: Loom.JSONSchema.array(of: schemas.schema(for: User.self))), .required)
                        object.add(_loomKeys, 1, Loom.JSONSchema.dictionary(of: Loom.JSONSchema.nullable(schemas.schema(for: User.self))), .required)
                        return object.schema
                    }
                }

                init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomRead(&reader, context))
                }

                init(_loomValues values: _LoomValues) {
                    let (u0, u1) = values
                    self.members = u0
                    self.leads = u1
                }
            }
            """
        )
    }

    /// Sets decode with `set` and encode as arrays.
    @Test func set() {
        assertExpansion(
            """
            @JSONModel
            struct Tagged {
                var tags: Set<String>
            }
            """,
            expandedSource: """

            struct Tagged {
                var tags: Set<String>
            }

            extension Tagged: Loom.JSONModel, Loom._JSONMapped {
                static let _loomKeys = Loom._JSONKeySet(["tags"])

                typealias _LoomValues = Set<String>

                @inline(never)
                static func _loomRead<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues {
                    var s_v0: Optional<Set<String>> = nil
                    let _loomKeys = Self._loomKeys
                    if try reader.beginObject(Self.self, _loomKeys, context) {
                        var hint = 0
                        repeat {
                            do {
                                switch try reader.nextKey(_loomKeys, hint: &hint) {
                                case 0:
                                    try reader.claimSlot(&s_v0)
                                    s_v0 = try reader.set(context, lossy: false) { try $0.jsonValue(String.self, $1) }
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

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                    let _loomKeys = Self._loomKeys
                    try writer.beginObject()
                    context._writeKey(_loomKeys, 0, to: &writer)
                    try context.array(self.tags, to: &writer) { try context._encodeJSON($0, to: &$1) }
                    writer.endObject()
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        let _loomKeys = Self._loomKeys
                        var object = Loom._JSONSchemaObject()
                        object.add(_loomKeys, 0, Loom.JSONSchema.array(of: schemas._jsonSchema(for: String.self)), .required)
                        return object.schema
                    }
                }

                init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomRead(&reader, context))
                }

                init(_loomValues values: _LoomValues) {
                    let u0 = values
                    self.tags = u0
                }
            }
            """
        )
    }

    /// Other dictionary keys convert through `dictionaryKey`.
    @Test func dictionaryWithIntKeys() {
        assertExpansion(
            """
            @JSONModel
            struct Ranking {
                var byRank: [Int: String]
                var byState: [State: [Int]]
            }
            """,
            expandedSource: """

            struct Ranking {
                var byRank: [Int: String]
                var byState: [State: [Int]]
            }

            extension Ranking: Loom.JSONModel, Loom._JSONMapped {
                static let _loomKeys = Loom._JSONKeySet(["byRank", "byState"])

                typealias _LoomValues = ([Int: String], [State: [Int]])

                @inline(never)
                static func _loomRead<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues {
                    var (s_v0, s_v1): (v0: Optional<[Int: String]>, v1: Optional<[State: [Int]]>) = (nil, nil)
                    let _loomKeys = Self._loomKeys
                    if try reader.beginObject(Self.self, _loomKeys, context) {
                        var hint = 0
                        repeat {
                            do {
                                switch try reader.nextKey(_loomKeys, hint: &hint) {
                                case 0:
                                    try reader.claimSlot(&s_v0)
                                    s_v0 = try reader.dictionary(context, lossy: false, key: { try $1.dictionaryKey(Int.self, from: $0) }) { try $0.jsonValue(String.self, $1) }
                                case 1:
                                    try reader.claimSlot(&s_v1)
                                    s_v1 = try reader.dictionary(context, lossy: false, key: { try $1.dictionaryKey(State.self, from: $0) }) { try $0.array($1, lossy: false) { try $0.jsonValue(Int.self, $1) } }
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
                    context._writeKey(_loomKeys, 0, to: &writer)
                    try context.dictionary(self.byRank, key: { context.dictionaryKey($0) }, to: &writer) { try context._encodeJSON($0, to: &$1) }
                    context._writeKey(_loomKeys, 1, to: &writer)
                    try context.dictionary(self.byState, key: { context.dictionaryKey($0) }, to: &writer) { try context.array($0, to: &$1) { try context._encodeJSON($0, to: &$1) } }
                    writer.endObject()
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        let _loomKeys = Self._loomKeys
                        var object = Loom._JSONSchemaObject()
                        object.add(_loomKeys, 0, Loom.JSONSchema.dictionary(of: schemas._jsonSchema(for: String.self)), .required)
                        object.add(_loomKeys, 1, Loom.JSONSchema.dictionary(of: Loom.JSONSchema.array(of: schemas._jsonSchema(for: Int.self))), .required)
                        return object.schema
                    }
                }

                init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomRead(&reader, context))
                }

                init(_loomValues values: _LoomValues) {
                    let (u0, u1) = values
                    self.byRank = u0
                    self.byState = u1
                }
            }
            """
        )
    }

    /// Generic types get computed key sets, read once per call into locals.
    @Test func genericStruct() {
        assertExpansion(
            """
            @JSONModel
            struct Page<Item: JSONModel> {
                var items: [Item]
                @JSONKey("meta.next") var next: URL?
            }
            """,
            expandedSource: """

            struct Page<Item: JSONModel> {
                var items: [Item]
                var next: URL?

                static var _loomKeys: Loom._JSONKeySet { Loom._JSONKeySet(["items", "meta"], explicit: [false, true]) }

                static var _loomKeys_1: Loom._JSONKeySet { Loom._JSONKeySet(["next"], explicit: [true], prefix: ["meta"]) }

                typealias _LoomValues = ([Item], URL?)

                @inline(never)
                static func _loomRead<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues {
                    var (s_v0, s_v1, s_b1): (v0: Optional<[Item]>, v1: Optional<URL?>, b1: Bool) = (nil, nil, false)
                    let _loomKeys = Self._loomKeys
                    let _loomKeys_1 = Self._loomKeys_1
                    if try reader.beginObject(Self.self, _loomKeys, context) {
                        var hint = 0
                        repeat {
                            do {
                                switch try reader.nextKey(_loomKeys, hint: &hint) {
                                case 0:
                                    try reader.claimSlot(&s_v0)
                                    s_v0 = try reader.array(context, lossy: false) { try $0.value(Item.self, $1) }
                                case 1:
                                    if try reader.beginNested(_loomKeys, 1, _loomKeys_1, seen: &s_b1, context) {
                                        var hint1 = 0
                                        repeat {
                                            do {
                                                switch try reader.nextKey(_loomKeys_1, hint: &hint1) {
                                                case 0: try reader.readOptionalJSONSlot(&s_v1, URL.self, context)
                                                default: try reader.passValue()
                                                }
                                            } catch {
                                                try reader.recover(error, context)
                                            }
                                        } while try reader.moreMembers()
                                    }
                                default: try reader.passUnknown(context)
                                }
                            } catch {
                                try reader.recover(error, context)
                            }
                        } while try reader.moreMembers()
                    }
                    try reader.required(&s_v0, _loomKeys, 0, context)
                    try reader.optional(&s_v1, _loomKeys_1, 0, context)
                    try reader.endObject()
                    return (try reader.unwrap(s_v0.take()), Loom._flattened(s_v1.take()))
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                    let _loomKeys = Self._loomKeys
                    let _loomKeys_1 = Self._loomKeys_1
                    try writer.beginObject()
                    context._writeKey(_loomKeys, 0, to: &writer)
                    try context.array(self.items, to: &writer) { try context.encode($0, to: &$1) }
                    if context.writesNulls || self.next != nil {
                        context._writeKey(_loomKeys, 1, to: &writer)
                        try writer.beginObject()
                        try context._encodeOptionalJSONMember(self.next, _loomKeys_1, 0, to: &writer)
                        writer.endObject()
                    }
                    writer.endObject()
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        let _loomKeys = Self._loomKeys
                        let _loomKeys_1 = Self._loomKeys_1
                        var object = Loom._JSONSchemaObject()
                        object.add(_loomKeys, 0, Loom.JSONSchema.array(of: schemas.schema(for: Item.self)), .required)
                        object.addNullableJSON(_loomKeys_1, 0, URL.self, .optional, &schemas)
                        return object.schema
                    }
                }
            }

            extension Page: Loom.JSONModel, Loom._JSONMapped {
                init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomRead(&reader, context))
                }

                init(_loomValues values: _LoomValues) {
                    let (u0, u1) = values
                    self.items = u0
                    var new1 = u1; Swift.swap(&self.next, &new1)
                }
            }
            """
        )
    }

    /// A public type gets public requirements.
    @Test func publicStruct() {
        assertExpansion(
            """
            @JSONModel
            public struct Point {
                public var x: Double
                public var y: Double
            }
            """,
            expandedSource: """

            public struct Point {
                public var x: Double
                public var y: Double

                public init(x: Double, y: Double) {
                    self.x = x
                    self.y = y
                }
            }

            extension Point: Loom.JSONModel, Loom._JSONMapped {
                static let _loomKeys = Loom._JSONKeySet(["x", "y"])

                typealias _LoomValues = (Double, Double)

                @inline(never)
                static func _loomRead<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues {
                    var (s_v0, s_v1): (v0: Optional<Double>, v1: Optional<Double>) = (nil, nil)
                    let _loomKeys = Self._loomKeys
                    if try reader.beginObject(Self.self, _loomKeys, context) {
                        var hint = 0
                        repeat {
                            do {
                                switch try reader.nextKey(_loomKeys, hint: &hint) {
                                case 0: try reader.readJSONSlot(&s_v0, Double.self, context)
                                case 1: try reader.readJSONSlot(&s_v1, Double.self, context)
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

                public func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                    let _loomKeys = Self._loomKeys
                    try writer.beginObject()
                    try context._encodeJSONMember(self.x, _loomKeys, 0, to: &writer)
                    try context._encodeJSONMember(self.y, _loomKeys, 1, to: &writer)
                    writer.endObject()
                }

                public static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        let _loomKeys = Self._loomKeys
                        var object = Loom._JSONSchemaObject()
                        object.addJSON(_loomKeys, 0, Double.self, .required, &schemas)
                        object.addJSON(_loomKeys, 1, Double.self, .required, &schemas)
                        return object.schema
                    }
                }

                public init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomRead(&reader, context))
                }

                init(_loomValues values: _LoomValues) {
                    let (u0, u1) = values
                    self.x = u0
                    self.y = u1
                }
            }
            """
        )
    }

    /// The other built-in styles convert at compile time too; a property's own style wins
    /// over the model's and is explicit, so no run-time strategy converts it again.
    @Test func keyStylesModelAndProperty() {
        assertExpansion(
            """
            @JSONModel(keyStrategy: .kebabCase)
            struct Headers {
                var cacheControl: String
                @JSONKey(strategy: .screamingSnakeCase) var apiVersion: Int
                @JSONKey(strategy: .pascalCase) var requestID: String?
                @JSONKey(strategy: .useDefaultKeys) var eTag: String
            }
            """,
            expandedSource: """

            struct Headers {
                var cacheControl: String
                var apiVersion: Int
                var requestID: String?
                var eTag: String
            }

            extension Headers: Loom.JSONModel, Loom._JSONMapped {
                static let _loomKeys = Loom._JSONKeySet(["cache-control", "API_VERSION", "RequestID", "eTag"], explicit: [true, true, true, true])

                typealias _LoomValues = (String, Int, String?, String)

                @inline(never)
                static func _loomRead<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues {
                    var (s_v0, s_v1, s_v2, s_v3): (v0: Optional<String>, v1: Optional<Int>, v2: Optional<String?>, v3: Optional<String>) = (nil, nil, nil, nil)
                    let _loomKeys = Self._loomKeys
                    if try reader.beginObject(Self.self, _loomKeys, context) {
                        var hint = 0
                        repeat {
                            do {
                                switch try reader.nextKey(_loomKeys, hint: &hint) {
                                case 0: try reader.readJSONSlot(&s_v0, String.self, context)
                                case 1: try reader.readJSONSlot(&s_v1, Int.self, context)
                                case 2: try reader.readOptionalJSONSlot(&s_v2, String.self, context)
                                case 3: try reader.readJSONSlot(&s_v3, String.self, context)
                                default: try reader.passUnknown(context)
                                }
                            } catch {
                                try reader.recover(error, context)
                            }
                        } while try reader.moreMembers()
                    }
                    try reader.required(&s_v0, _loomKeys, 0, context)
                    try reader.required(&s_v1, _loomKeys, 1, context)
                    try reader.optional(&s_v2, _loomKeys, 2, context)
                    try reader.required(&s_v3, _loomKeys, 3, context)
                    try reader.endObject()
                    return (try reader.unwrap(s_v0.take()), try reader.unwrap(s_v1.take()), Loom._flattened(s_v2.take()), try reader.unwrap(s_v3.take()))
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                    let _loomKeys = Self._loomKeys
                    try writer.beginObject()
                    try context._encodeJSONMember(self.cacheControl, _loomKeys, 0, to: &writer)
                    try context._encodeJSONMember(self.apiVersion, _loomKeys, 1, to: &writer)
                    try context._encodeOptionalJSONMember(self.requestID, _loomKeys, 2, to: &writer)
                    try context._encodeJSONMember(self.eTag, _loomKeys, 3, to: &writer)
                    writer.endObject()
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        let _loomKeys = Self._loomKeys
                        var object = Loom._JSONSchemaObject()
                        object.addJSON(_loomKeys, 0, String.self, .required, &schemas)
                        object.addJSON(_loomKeys, 1, Int.self, .required, &schemas)
                        object.addNullableJSON(_loomKeys, 2, String.self, .optional, &schemas)
                        object.addJSON(_loomKeys, 3, String.self, .required, &schemas)
                        return object.schema
                    }
                }

                init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomRead(&reader, context))
                }

                init(_loomValues values: _LoomValues) {
                    let (u0, u1, u2, u3) = values
                    self.cacheControl = u0
                    self.apiVersion = u1
                    self.eTag = u3
                    var new2 = u2; Swift.swap(&self.requestID, &new2)
                }
            }
            """
        )
    }

    /// A model-level `.snakeCase` converts names at compile time and marks them explicit.
    @Test func snakeCaseModel() {
        assertExpansion(
            """
            @JSONModel(keyStrategy: .snakeCase)
            struct Account {
                var userName: String
                var avatarURL: URL?
                @JSONKey("ID") var id: Int
            }
            """,
            expandedSource: """

            struct Account {
                var userName: String
                var avatarURL: URL?
                var id: Int
            }

            extension Account: Loom.JSONModel, Loom._JSONMapped {
                static let _loomKeys = Loom._JSONKeySet(["user_name", "avatar_url", "ID"], explicit: [true, true, true])

                typealias _LoomValues = (String, URL?, Int)

                @inline(never)
                static func _loomRead<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues {
                    var (s_v0, s_v1, s_v2): (v0: Optional<String>, v1: Optional<URL?>, v2: Optional<Int>) = (nil, nil, nil)
                    let _loomKeys = Self._loomKeys
                    if try reader.beginObject(Self.self, _loomKeys, context) {
                        var hint = 0
                        repeat {
                            do {
                                switch try reader.nextKey(_loomKeys, hint: &hint) {
                                case 0: try reader.readJSONSlot(&s_v0, String.self, context)
                                case 1: try reader.readOptionalJSONSlot(&s_v1, URL.self, context)
                                case 2: try reader.readJSONSlot(&s_v2, Int.self, context)
                                default: try reader.passUnknown(context)
                                }
                            } catch {
                                try reader.recover(error, context)
                            }
                        } while try reader.moreMembers()
                    }
                    try reader.required(&s_v0, _loomKeys, 0, context)
                    try reader.optional(&s_v1, _loomKeys, 1, context)
                    try reader.required(&s_v2, _loomKeys, 2, context)
                    try reader.endObject()
                    return (try reader.unwrap(s_v0.take()), Loom._flattened(s_v1.take()), try reader.unwrap(s_v2.take()))
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                    let _loomKeys = Self._loomKeys
                    try writer.beginObject()
                    try context._encodeJSONMember(self.userName, _loomKeys, 0, to: &writer)
                    try context._encodeOptionalJSONMember(self.avatarURL, _loomKeys, 1, to: &writer)
                    try context._encodeJSONMember(self.id, _loomKeys, 2, to: &writer)
                    writer.endObject()
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        let _loomKeys = Self._loomKeys
                        var object = Loom._JSONSchemaObject()
                        object.addJSON(_loomKeys, 0, String.self, .required, &schemas)
                        object.addNullableJSON(_loomKeys, 1, URL.self, .optional, &schemas)
                        object.addJSON(_loomKeys, 2, Int.self, .required, &schemas)
                        return object.schema
                    }
                }

                init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomRead(&reader, context))
                }

                init(_loomValues values: _LoomValues) {
                    let (u0, u1, u2) = values
                    self.userName = u0
                    self.id = u2
                    var new1 = u1; Swift.swap(&self.avatarURL, &new1)
                }
            }
            """
        )
    }

    /// Any other model strategy is applied once, when the key set is built.
    @Test func customStrategyModel() {
        assertExpansion(
            """
            @JSONModel(keyStrategy: .custom(uppercased))
            struct Account {
                var userName: String
                @JSONKey("id") var id: Int
            }
            """,
            expandedSource: """

            struct Account {
                var userName: String
                var id: Int
            }

            extension Account: Loom.JSONModel, Loom._JSONMapped {
                static let _loomKeys: Loom._JSONKeySet = {
                    let strategy: Loom.JSONKeyStrategy = .custom(uppercased)
                    return Loom._JSONKeySet([strategy.key(for: "userName"), "id"], explicit: [true, true])
                }()

                typealias _LoomValues = (String, Int)

                @inline(never)
                static func _loomRead<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues {
                    var (s_v0, s_v1): (v0: Optional<String>, v1: Optional<Int>) = (nil, nil)
                    let _loomKeys = Self._loomKeys
                    if try reader.beginObject(Self.self, _loomKeys, context) {
                        var hint = 0
                        repeat {
                            do {
                                switch try reader.nextKey(_loomKeys, hint: &hint) {
                                case 0: try reader.readJSONSlot(&s_v0, String.self, context)
                                case 1: try reader.readJSONSlot(&s_v1, Int.self, context)
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
                    try context._encodeJSONMember(self.userName, _loomKeys, 0, to: &writer)
                    try context._encodeJSONMember(self.id, _loomKeys, 1, to: &writer)
                    writer.endObject()
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        let _loomKeys = Self._loomKeys
                        var object = Loom._JSONSchemaObject()
                        object.addJSON(_loomKeys, 0, String.self, .required, &schemas)
                        object.addJSON(_loomKeys, 1, Int.self, .required, &schemas)
                        return object.schema
                    }
                }

                init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomRead(&reader, context))
                }

                init(_loomValues values: _LoomValues) {
                    let (u0, u1) = values
                    self.userName = u0
                    self.id = u1
                }
            }
            """
        )
    }

    /// A model without mapped properties is still valid.
    @Test func emptyStruct() {
        assertExpansion(
            """
            @JSONModel
            struct Nothing {
            }
            """,
            expandedSource: """

            struct Nothing {
            }

            extension Nothing: Loom.JSONModel, Loom._JSONMapped {
                static let _loomKeys = Loom._JSONKeySet([])

                typealias _LoomValues = ()

                @inline(never)
                static func _loomRead<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues {
                    let _loomKeys = Self._loomKeys
                    if try reader.beginObject(Self.self, _loomKeys, context) {
                        var hint = 0
                        repeat {
                            do {
                                _ = try reader.nextKey(_loomKeys, hint: &hint)
                                try reader.passUnknown(context)
                            } catch {
                                try reader.recover(error, context)
                            }
                        } while try reader.moreMembers()
                    }
                    try reader.endObject()
                    return ()
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                    try writer.beginObject()
                    writer.endObject()
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        let object = Loom._JSONSchemaObject()
                        return object.schema
                    }
                }

                init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomRead(&reader, context))
                }

                init(_loomValues values: _LoomValues) {
                }
            }
            """
        )
    }

    /// Static and computed properties are skipped; observed properties have storage.
    @Test func skipsStaticComputedKeepsObserved() {
        assertExpansion(
            """
            @JSONModel
            struct Counter {
                static var shared = Counter(value: 0)
                var value: Int {
                    didSet { print(value) }
                }
                var doubled: Int { value * 2 }
                var tripled: Int {
                    get { value * 3 }
                }
            }
            """,
            expandedSource: """

            struct Counter {
                static var shared = Counter(value: 0)
                var value: Int {
                    didSet { print(value) }
                }
                var doubled: Int { value * 2 }
                var tripled: Int {
                    get { value * 3 }
                }
            }

            extension Counter: Loom.JSONModel, Loom._JSONMapped {
                static let _loomKeys = Loom._JSONKeySet(["value"])

                typealias _LoomValues = Int

                @inline(never)
                static func _loomRead<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues {
                    var s_v0: Optional<Int> = nil
                    let _loomKeys = Self._loomKeys
                    if try reader.beginObject(Self.self, _loomKeys, context) {
                        var hint = 0
                        repeat {
                            do {
                                switch try reader.nextKey(_loomKeys, hint: &hint) {
                                case 0: try reader.readJSONSlot(&s_v0, Int.self, context)
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

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                    let _loomKeys = Self._loomKeys
                    try writer.beginObject()
                    try context._encodeJSONMember(self.value, _loomKeys, 0, to: &writer)
                    writer.endObject()
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        let _loomKeys = Self._loomKeys
                        var object = Loom._JSONSchemaObject()
                        object.addJSON(_loomKeys, 0, Int.self, .required, &schemas)
                        return object.schema
                    }
                }

                init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomRead(&reader, context))
                }

                init(_loomValues values: _LoomValues) {
                    let u0 = values
                    self.value = u0
                }
            }
            """
        )
    }

    /// `var a, b: Int` maps both; backticked names keep their backticks in code only.
    @Test func multipleBindingsAndBackticks() {
        assertExpansion(
            """
            @JSONModel
            struct Pair {
                var first, second: Int
                var `default`: Bool
            }
            """,
            expandedSource: """

            struct Pair {
                var first, second: Int
                var `default`: Bool
            }

            extension Pair: Loom.JSONModel, Loom._JSONMapped {
                static let _loomKeys = Loom._JSONKeySet(["first", "second", "default"])

                typealias _LoomValues = (Int, Int, Bool)

                @inline(never)
                static func _loomRead<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues {
                    var (s_v0, s_v1, s_v2): (v0: Optional<Int>, v1: Optional<Int>, v2: Optional<Bool>) = (nil, nil, nil)
                    let _loomKeys = Self._loomKeys
                    if try reader.beginObject(Self.self, _loomKeys, context) {
                        var hint = 0
                        repeat {
                            do {
                                switch try reader.nextKey(_loomKeys, hint: &hint) {
                                case 0: try reader.readJSONSlot(&s_v0, Int.self, context)
                                case 1: try reader.readJSONSlot(&s_v1, Int.self, context)
                                case 2: try reader.readJSONSlot(&s_v2, Bool.self, context)
                                default: try reader.passUnknown(context)
                                }
                            } catch {
                                try reader.recover(error, context)
                            }
                        } while try reader.moreMembers()
                    }
                    try reader.required(&s_v0, _loomKeys, 0, context)
                    try reader.required(&s_v1, _loomKeys, 1, context)
                    try reader.required(&s_v2, _loomKeys, 2, context)
                    try reader.endObject()
                    return (try reader.unwrap(s_v0.take()), try reader.unwrap(s_v1.take()), try reader.unwrap(s_v2.take()))
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                    let _loomKeys = Self._loomKeys
                    try writer.beginObject()
                    try context._encodeJSONMember(self.first, _loomKeys, 0, to: &writer)
                    try context._encodeJSONMember(self.second, _loomKeys, 1, to: &writer)
                    try context._encodeJSONMember(self.`default`, _loomKeys, 2, to: &writer)
                    writer.endObject()
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        let _loomKeys = Self._loomKeys
                        var object = Loom._JSONSchemaObject()
                        object.addJSON(_loomKeys, 0, Int.self, .required, &schemas)
                        object.addJSON(_loomKeys, 1, Int.self, .required, &schemas)
                        object.addJSON(_loomKeys, 2, Bool.self, .required, &schemas)
                        return object.schema
                    }
                }

                init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomRead(&reader, context))
                }

                init(_loomValues values: _LoomValues) {
                    let (u0, u1, u2) = values
                    self.first = u0
                    self.second = u1
                    self.`default` = u2
                }
            }
            """
        )
    }

    /// A type that declares the conformance itself gets the members without a second one.
    @Test func conformanceAlreadyDeclared() {
        assertExpansion(
            """
            @JSONModel
            struct Tag: JSONModel {
                var name: String
            }
            """,
            expandedSource: """

            struct Tag: JSONModel {
                var name: String
            }

            extension Tag: Loom._JSONMapped {
                static let _loomKeys = Loom._JSONKeySet(["name"])

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

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                    let _loomKeys = Self._loomKeys
                    try writer.beginObject()
                    try context._encodeJSONMember(self.name, _loomKeys, 0, to: &writer)
                    writer.endObject()
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        let _loomKeys = Self._loomKeys
                        var object = Loom._JSONSchemaObject()
                        object.addJSON(_loomKeys, 0, String.self, .required, &schemas)
                        return object.schema
                    }
                }

                init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomRead(&reader, context))
                }

                init(_loomValues values: _LoomValues) {
                    let u0 = values
                    self.name = u0
                }
            }
            """,
            macros: loomMacrosForDeclaredConformance
        )
    }

    /// Literal dots and quotes in keys survive into the generated string literals.
    @Test func escapedKeys() {
        assertExpansion(
            #"""
            @JSONModel
            struct Odd {
                @JSONKey("a\\.b") var dotted: Int
                @JSONKey("say \"hi\"") var quoted: Int
            }
            """#,
            expandedSource: #"""

            struct Odd {
                var dotted: Int
                var quoted: Int
            }

            extension Odd: Loom.JSONModel, Loom._JSONMapped {
                static let _loomKeys = Loom._JSONKeySet(["a.b", "say \"hi\""], explicit: [true, true])

                typealias _LoomValues = (Int, Int)

                @inline(never)
                static func _loomRead<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues {
                    var (s_v0, s_v1): (v0: Optional<Int>, v1: Optional<Int>) = (nil, nil)
                    let _loomKeys = Self._loomKeys
                    if try reader.beginObject(Self.self, _loomKeys, context) {
                        var hint = 0
                        repeat {
                            do {
                                switch try reader.nextKey(_loomKeys, hint: &hint) {
                                case 0: try reader.readJSONSlot(&s_v0, Int.self, context)
                                case 1: try reader.readJSONSlot(&s_v1, Int.self, context)
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
                    try context._encodeJSONMember(self.dotted, _loomKeys, 0, to: &writer)
                    try context._encodeJSONMember(self.quoted, _loomKeys, 1, to: &writer)
                    writer.endObject()
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        let _loomKeys = Self._loomKeys
                        var object = Loom._JSONSchemaObject()
                        object.addJSON(_loomKeys, 0, Int.self, .required, &schemas)
                        object.addJSON(_loomKeys, 1, Int.self, .required, &schemas)
                        return object.schema
                    }
                }

                init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomRead(&reader, context))
                }

                init(_loomValues values: _LoomValues) {
                    let (u0, u1) = values
                    self.dotted = u0
                    self.quoted = u1
                }
            }
            """#
        )
    }

    /// Properties that start out with a value (`T!`, an initial value) are stored by
    /// `init(_loomMembers:)`: swapped in when the storage is plain, assigned when observers or
    /// a property wrapper stand in the way; `T!` is a `T?` parameter.
    @Test func membersInitializer() {
        assertExpansion(
            """
            @JSONModel
            struct Profile {
                var name: String
                var nickname: String!
                var tags: [String] = ["new"]
                var score: Int = 0 {
                    didSet { print(score) }
                }
                @Trimmed var title: String = ""
            }
            """,
            expandedSource: """

            struct Profile {
                var name: String
                var nickname: String!
                var tags: [String] = ["new"]
                var score: Int = 0 {
                    didSet { print(score) }
                }
                @Trimmed var title: String = ""
            }

            extension Profile: Loom.JSONModel, Loom._JSONMapped {
                static let _loomKeys = Loom._JSONKeySet(["name", "nickname", "tags", "score", "title"])

                typealias _LoomValues = (String, String?, Optional<[String]>, Optional<Int>, Optional<String>)

                @inline(never)
                static func _loomRead<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues {
                    var (s_v0, s_v1, s_v2, s_v3, s_v4): (v0: Optional<String>, v1: Optional<String?>, v2: Optional<[String]>, v3: Optional<Int>, v4: Optional<String>) = (nil, nil, nil, nil, nil)
                    let _loomKeys = Self._loomKeys
                    if try reader.beginObject(Self.self, _loomKeys, context) {
                        var hint = 0
                        repeat {
                            do {
                                switch try reader.nextKey(_loomKeys, hint: &hint) {
                                case 0: try reader.readJSONSlot(&s_v0, String.self, context)
                                case 1: try reader.readOptionalJSONSlot(&s_v1, String.self, context)
                                case 2:
                                    try reader.claimSlot(&s_v2)
                                    s_v2 = try reader.array(context, lossy: false) { try $0.jsonValue(String.self, $1) }
                                case 3: try reader.readJSONSlot(&s_v3, Int.self, context)
                                case 4: try reader.readJSONSlot(&s_v4, String.self, context)
                                default: try reader.passUnknown(context)
                                }
                            } catch {
                                try reader.recover(error, context)
                            }
                        } while try reader.moreMembers()
                    }
                    try reader.required(&s_v0, _loomKeys, 0, context)
                    try reader.optional(&s_v1, _loomKeys, 1, context)
                    try reader.defaulted(&s_v2, _loomKeys, 2, context, default: "[\\"new\\"]")
                    try reader.defaulted(&s_v3, _loomKeys, 3, context, default: "0")
                    try reader.defaulted(&s_v4, _loomKeys, 4, context, default: "\\"\\"")
                    try reader.endObject()
                    return (try reader.unwrap(s_v0.take()), Loom._flattened(s_v1.take()), s_v2.take(), s_v3.take(), s_v4.take())
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                    let _loomKeys = Self._loomKeys
                    try writer.beginObject()
                    try context._encodeJSONMember(self.name, _loomKeys, 0, to: &writer)
                    try context._encodeOptionalJSONMember(self.nickname, _loomKeys, 1, to: &writer)
                    context._writeKey(_loomKeys, 2, to: &writer)
                    try context.array(self.tags, to: &writer) { try context._encodeJSON($0, to: &$1) }
                    try context._encodeJSONMember(self.score, _loomKeys, 3, to: &writer)
                    try context._encodeJSONMember(self.title, _loomKeys, 4, to: &writer)
                    writer.endObject()
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        let _loomKeys = Self._loomKeys
                        var object = Loom._JSONSchemaObject()
                        object.addJSON(_loomKeys, 0, String.self, .required, &schemas)
                        object.addNullableJSON(_loomKeys, 1, String.self, .optional, &schemas)
                        object.add(_loomKeys, 2, Loom.JSONSchema.array(of: schemas._jsonSchema(for: String.self)), .defaulted, default: "[\\"new\\"]")
                        object.add(_loomKeys, 3, schemas._jsonSchema(for: Int.self), .defaulted, default: "0")
                        object.add(_loomKeys, 4, schemas._jsonSchema(for: String.self), .defaulted, default: "\\"\\"")
                        return object.schema
                    }
                }

                init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomRead(&reader, context))
                }

                init(_loomValues values: _LoomValues) {
                    let (u0, u1, u2, u3, u4) = values
                    self.name = u0
                    if let value = u3 { self.score = value }
                    if let value = u4 { self.title = value }
                    var new1 = u1; Swift.swap(&self.nickname, &new1)
                    if var new2 = u2 { Swift.swap(&self.tags, &new2) }
                }
            }
            """
        )
    }

    /// A function type cannot be a parameter as written (it would need `@escaping`), so such a
    /// model assigns its properties directly, as one without first values does.
    @Test func membersInitializerNeedsParameterTypes() {
        assertExpansion(
            """
            @JSONModel
            struct Hook {
                @JSONTransform(HandlerTransformer()) var handler: @Sendable () -> Void
                var label: String?
            }
            """,
            expandedSource: """

            struct Hook {
                var handler: @Sendable () -> Void
                var label: String?
            }

            extension Hook: Loom.JSONModel, Loom._JSONMapped {
                static let _loomKeys = Loom._JSONKeySet(["handler", "label"])

                private static let _loomTransformer_0 = Loom._transformer(HandlerTransformer())

                typealias _LoomValues = (@Sendable () -> Void, String?)

                @inline(never)
                static func _loomRead<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues {
                    var (s_v0, s_v1): (v0: Optional<@Sendable () -> Void>, v1: Optional<String?>) = (nil, nil)
                    let _loomKeys = Self._loomKeys
                    if try reader.beginObject(Self.self, _loomKeys, context) {
                        var hint = 0
                        repeat {
                            do {
                                switch try reader.nextKey(_loomKeys, hint: &hint) {
                                case 0:
                                    try reader.claimSlot(&s_v0)
                                    s_v0 = try reader.decodeElement(context) { try $1.transform($0, with: Self._loomTransformer_0) }
                                case 1: try reader.readOptionalJSONSlot(&s_v1, String.self, context)
                                default: try reader.passUnknown(context)
                                }
                            } catch {
                                try reader.recover(error, context)
                            }
                        } while try reader.moreMembers()
                    }
                    try reader.required(&s_v0, _loomKeys, 0, context)
                    try reader.optional(&s_v1, _loomKeys, 1, context)
                    try reader.endObject()
                    return (try reader.unwrap(s_v0.take()), Loom._flattened(s_v1.take()))
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                    let _loomKeys = Self._loomKeys
                    try writer.beginObject()
                    context._writeKey(_loomKeys, 0, to: &writer)
                    try context.transform(self.handler, with: Self._loomTransformer_0, to: &writer)
                    try context._encodeOptionalJSONMember(self.label, _loomKeys, 1, to: &writer)
                    writer.endObject()
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        let _loomKeys = Self._loomKeys
                        var object = Loom._JSONSchemaObject()
                        object.add(_loomKeys, 0, schemas.schema(transformedBy: Self._loomTransformer_0), .required)
                        object.addNullableJSON(_loomKeys, 1, String.self, .optional, &schemas)
                        return object.schema
                    }
                }

                init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomRead(&reader, context))
                }

                init(_loomValues values: _LoomValues) {
                    let (u0, u1) = values
                    self.handler = u0
                    var new1 = u1; Swift.swap(&self.label, &new1)
                }
            }
            """
        )
    }

    @Test func flattenWithPrefixAndOptional() {
        assertExpansion(
            """
            @JSONModel
            struct Order {
                var id: Int
                @JSONFlatten var shipping: Address
                @JSONFlatten(prefix: "billing_") var billing: Address?
                @JSONUnknownKeys var extra: [String: JSONValue] = [:]
            }
            """,
            expandedSource: """

            struct Order {
                var id: Int
                var shipping: Address
                var billing: Address?
                var extra: [String: JSONValue] = [:]
            }

            extension Order: Loom.JSONModel, Loom._JSONMapped {
                static let _loomKeys = Loom._JSONKeySet(["id"], capturesUnknown: true, flattening: [Loom._JSONFlattened(Address.self, prefix: ""), Loom._JSONFlattened(Address.self, prefix: "billing_")])

                typealias _LoomValues = (Int, Address, Address?, Optional<[String: JSONValue]>)

                @inline(never)
                static func _loomRead<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues {
                    var (s_v0, s_v1, s_v2, s_u3, s_f): (v0: Optional<Int>, v1: Optional<Address>, v2: Optional<Address?>, u3: Loom._JSONUnknownMembers, f: Loom._JSONFlattenState) = (nil, nil, nil, Loom._JSONUnknownMembers(), Loom._JSONFlattenState())
                    let _loomKeys = Self._loomKeys
                    s_f.start = try reader.objectStart()
                    if try reader.beginObject(Self.self, _loomKeys, context) {
                        var hint = 0
                        repeat {
                            do {
                                switch try reader.nextKey(_loomKeys, hint: &hint) {
                                case 0: try reader.readJSONSlot(&s_v0, Int.self, context)
                                case -1: try reader.captureUnknown(&s_u3, context)
                                case let flattened: try reader.passFlattened(&s_f, _loomKeys, flattened)
                                }
                            } catch {
                                try reader.recover(error, context)
                            }
                        } while try reader.moreMembers()
                    }
                    try reader.required(&s_v0, _loomKeys, 0, context)
                    if let value = try reader.flattened(Address.self, _loomKeys, 0, s_f, .required, context) { s_v1 = value }
                    if let value = try reader.flattened(Address.self, _loomKeys, 1, s_f, .optional, context) { s_v2 = value }
                    let u3 = try reader.capturedUnknown(&s_u3, _loomKeys, context)
                    try reader.endObject()
                    return (try reader.unwrap(s_v0.take()), try reader.unwrap(s_v1.take()), Loom._flattened(s_v2.take()), u3)
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                    let _loomKeys = Self._loomKeys
                    try writer.beginObject()
                    try context._encodeJSONMember(self.id, _loomKeys, 0, to: &writer)
                    try context._writeFlattened(self.shipping, _loomKeys, 0, to: &writer)
                    if let value = self.billing { try context._writeFlattened(value, _loomKeys, 1, to: &writer) }
                    try context._writeUnknown(self.extra, _loomKeys, to: &writer)
                    writer.endObject()
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        let _loomKeys = Self._loomKeys
                        var object = Loom._JSONSchemaObject()
                        object.addJSON(_loomKeys, 0, Int.self, .required, &schemas)
                        object.flatten(Address.self, _loomKeys, 0, .required, in: &schemas)
                        object.flatten(Address.self, _loomKeys, 1, .optional, in: &schemas)
                        return object.schema
                    }
                }

                init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomRead(&reader, context))
                }

                init(_loomValues values: _LoomValues) {
                    let (u0, u1, u2, u3) = values
                    self.id = u0
                    self.shipping = u1
                    var new2 = u2; Swift.swap(&self.billing, &new2)
                    if var new3 = u3 { Swift.swap(&self.extra, &new3) }
                }
            }
            """
        )
    }

    /// A `nonisolated` type's extension is `nonisolated` too: in a module isolated to the main
    /// actor by default, the conformance would otherwise be isolated.
    @Test func nonisolatedTypesHaveANonisolatedExtension() {
        let (text, diagnostics) = expansion(
            of: """
                @JSONModel
                nonisolated struct Repo {
                    var name: String
                }
                """)
        #expect(diagnostics.isEmpty)
        expectLines(["nonisolated extension Repo: Loom.JSONModel, Loom._JSONMapped {"], in: text)
        #expect(!expansion(of: "@JSONModel\nstruct Repo {\n    var name: String\n}").text.contains("nonisolated"))
    }
}
