import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// What the transformer and leniency markers change in the generated code: only how a
/// property's value is decoded and encoded. The same models are compiled and run in
/// `Tests/LoomTests/Transformers/`.
@Suite("@JSONModel expansion: transformers, @JSONLenient, @JSONLossy")
struct TransformExpansionTests {
    /// A model that declares `jsonTransformer(forProperty:of:)` consults it for every property
    /// without `@JSONTransform`; `@JSONTransform` still wins.
    @Test func transformerHook() {
        assertExpansion(
            """
            @JSONModel
            struct Event {
                var start: Date
                var tags: [String]?
                @JSONTransform(.iso8601) var end: Date

                static func jsonTransformer<T>(forProperty name: String, of type: T.Type) -> AnyJSONTransformer<T>? {
                    nil
                }
            }
            """,
            expandedSource: """

            struct Event {
                var start: Date
                var tags: [String]?
                var end: Date

                static func jsonTransformer<T>(forProperty name: String, of type: T.Type) -> AnyJSONTransformer<T>? {
                    nil
                }
            }

            extension Event: Loom.JSONModel, Loom._JSONMapped {
                static let _loomKeys = Loom._JSONKeySet(["start", "tags", "end"])

                private static let _loomTransformer_2 = Loom._transformer(.iso8601)

                typealias _LoomValues = (Date, [String]?, Date)

                @inline(never)
                static func _loomRead<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues {
                    var (s_v0, s_v1, s_v2): (v0: Optional<Date>, v1: Optional<[String]?>, v2: Optional<Date>) = (nil, nil, nil)
                    let _loomKeys = Self._loomKeys
                    if try reader.beginObject(Self.self, _loomKeys, context) {
                        var hint = 0
                        repeat {
                            do {
                                switch try reader.nextKey(_loomKeys, hint: &hint) {
                                case 0:
                                    try reader.claimSlot(&s_v0)
                                    s_v0 = try reader.decodeElement(context) { try $1.transform($0, with: Self.jsonTransformer(forProperty: "start", of: Date.self)) { try $1.decode(Date.self, from: $0) } }
                                case 1:
                                    try reader.claimSlot(&s_v1, nullable: true)
                                    s_v1 = .some(try reader.readNull() ? .none : reader.decodeElement(context) { try $1.transform($0, with: Self.jsonTransformer(forProperty: "tags", of: [String].self)) { try $1.array($0) { try $1.decode(String.self, from: $0) } } })
                                case 2:
                                    try reader.claimSlot(&s_v2)
                                    s_v2 = try reader.decodeElement(context) { try $1.transform($0, with: Self._loomTransformer_2) }
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
                    context._writeKey(_loomKeys, 0, to: &writer)
                    try context.transform(self.start, with: Self.jsonTransformer(forProperty: "start", of: Date.self), to: &writer) { try context._encodeJSON($0, to: &$1) }
                    if let value = self.tags {
                        context._writeKey(_loomKeys, 1, to: &writer)
                        try context.transform(value, with: Self.jsonTransformer(forProperty: "tags", of: [String].self), to: &writer) { try context.array($0, to: &$1) { try context._encodeJSON($0, to: &$1) } }
                    } else if context.writesNulls {
                        context._writeKey(_loomKeys, 1, to: &writer)
                        writer.writeNull()
                    }
                    context._writeKey(_loomKeys, 2, to: &writer)
                    try context.transform(self.end, with: Self._loomTransformer_2, to: &writer)
                    writer.endObject()
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        let _loomKeys = Self._loomKeys
                        var object = Loom._JSONSchemaObject()
                        object.add(_loomKeys, 0, Loom.JSONSchema.any, .required, lenient: true)
                        object.add(_loomKeys, 1, Loom.JSONSchema.any, .optional, lenient: true)
                        object.add(_loomKeys, 2, schemas.schema(transformedBy: Self._loomTransformer_2), .required)
                        return object.schema
                    }
                }

                init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomRead(&reader, context))
                }

                init(_loomValues values: _LoomValues) {
                    let (u0, u1, u2) = values
                    self.start = u0
                    self.end = u2
                    var new1 = u1; Swift.swap(&self.tags, &new1)
                }
            }
            """
        )
    }

    /// Without the hook nothing is looked up: models that do not declare it pay nothing.
    /// Generic models keep the transformer expression inline (no static stored properties).
    @Test func genericModelKeepsTheTransformerInline() {
        assertExpansion(
            """
            @JSONModel
            struct Box<T> {
                @JSONTransform(.secondsSince1970) var at: Date
            }
            """,
            expandedSource: """

            struct Box<T> {
                var at: Date

                static var _loomKeys: Loom._JSONKeySet { Loom._JSONKeySet(["at"]) }

                typealias _LoomValues = Date

                @inline(never)
                static func _loomRead<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues {
                    var s_v0: Optional<Date> = nil
                    let _loomKeys = Self._loomKeys
                    if try reader.beginObject(Self.self, _loomKeys, context) {
                        var hint = 0
                        repeat {
                            do {
                                switch try reader.nextKey(_loomKeys, hint: &hint) {
                                case 0:
                                    try reader.claimSlot(&s_v0)
                                    s_v0 = try reader.decodeElement(context) { try $1.transform($0, with: .secondsSince1970) }
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
                    try context.transform(self.at, with: .secondsSince1970, to: &writer)
                    writer.endObject()
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        let _loomKeys = Self._loomKeys
                        var object = Loom._JSONSchemaObject()
                        object.add(_loomKeys, 0, schemas.schema(transformedBy: .secondsSince1970), .required)
                        return object.schema
                    }
                }
            }

            extension Box: Loom.JSONModel, Loom._JSONMapped {
                init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomRead(&reader, context))
                }

                init(_loomValues values: _LoomValues) {
                    let u0 = values
                    self.at = u0
                }
            }
            """
        )
    }

    /// `@JSONLenient` decodes the property with a lenient context; `@JSONLossy` passes
    /// `lossy: true` to every collection level of the property's type.
    @Test func lenientAndLossyProperties() {
        assertExpansion(
            """
            @JSONModel
            struct Feed {
                @JSONLenient var count: Int = 0
                @JSONLossy var ids: [Int]
                @JSONLossy var groups: [String: Set<Int>]?
            }
            """,
            expandedSource: """

            struct Feed {
                var count: Int = 0
                var ids: [Int]
                var groups: [String: Set<Int>]?
            }

            extension Feed: Loom.JSONModel, Loom._JSONMapped {
                static let _loomKeys = Loom._JSONKeySet(["count", "ids", "groups"])

                typealias _LoomValues = (Optional<Int>, [Int], [String: Set<Int>]?)

                @inline(never)
                static func _loomRead<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues {
                    var (s_v0, s_v1, s_v2): (v0: Optional<Int>, v1: Optional<[Int]>, v2: Optional<[String: Set<Int>]?>) = (nil, nil, nil)
                    let _loomKeys = Self._loomKeys
                    if try reader.beginObject(Self.self, _loomKeys, context) {
                        var hint = 0
                        repeat {
                            do {
                                switch try reader.nextKey(_loomKeys, hint: &hint) {
                                case 0: try reader.readJSONSlot(&s_v0, Int.self, context.lenient)
                                case 1:
                                    try reader.claimSlot(&s_v1)
                                    s_v1 = try reader.array(context, lossy: true) { try $0.jsonValue(Int.self, $1) }
                                case 2:
                                    try reader.claimSlot(&s_v2, nullable: true)
                                    s_v2 = .some(try reader.readNull() ? .none : reader.lossy(context, default: "nil") { try $0.dictionary($1, lossy: true) { try $0.set($1, lossy: true) { try $0.jsonValue(Int.self, $1) } } })
                                default: try reader.passUnknown(context)
                                }
                            } catch {
                                try reader.recover(error, context)
                            }
                        } while try reader.moreMembers()
                    }
                    try reader.defaulted(&s_v0, _loomKeys, 0, context.lenient, default: "0")
                    try reader.required(&s_v1, _loomKeys, 1, context)
                    try reader.optional(&s_v2, _loomKeys, 2, context)
                    try reader.endObject()
                    return (s_v0.take(), try reader.unwrap(s_v1.take()), Loom._flattened(s_v2.take()))
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                    let _loomKeys = Self._loomKeys
                    try writer.beginObject()
                    try context._encodeJSONMember(self.count, _loomKeys, 0, to: &writer)
                    context._writeKey(_loomKeys, 1, to: &writer)
                    try context.array(self.ids, to: &writer) { try context._encodeJSON($0, to: &$1) }
                    if let value = self.groups {
                        context._writeKey(_loomKeys, 2, to: &writer)
                        try context.dictionary(value, to: &writer) { try context.array($0, to: &$1) { try context._encodeJSON($0, to: &$1) } }
                    } else if context.writesNulls {
                        context._writeKey(_loomKeys, 2, to: &writer)
                        writer.writeNull()
                    }
                    writer.endObject()
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        let _loomKeys = Self._loomKeys
                        var object = Loom._JSONSchemaObject()
                        object.add(_loomKeys, 0, Loom.JSONSchema.any, .defaulted, default: "0", lenient: true)
                        object.add(_loomKeys, 1, Loom.JSONSchema.array(of: Loom.JSONSchema.any), .required)
                        object.add(_loomKeys, 2, Loom.JSONSchema.any, .optional, lenient: true)
                        return object.schema
                    }
                }

                init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomRead(&reader, context))
                }

                init(_loomValues values: _LoomValues) {
                    let (u0, u1, u2) = values
                    self.ids = u1
                    if var new0 = u0 { Swift.swap(&self.count, &new0) }
                    var new2 = u2; Swift.swap(&self.groups, &new2)
                }
            }
            """
        )
    }

    /// `@JSONLenient` on the type makes the whole initializer's context lenient.
    @Test func lenientModel() {
        assertExpansion(
            """
            @JSONModel @JSONLenient
            struct Legacy {
                @JSONLenient var id: Int
            }
            """,
            expandedSource: """

            struct Legacy {
                var id: Int
            }

            extension Legacy: Loom.JSONModel, Loom._JSONMapped {
                static let _loomKeys = Loom._JSONKeySet(["id"])

                typealias _LoomValues = Int

                @inline(never)
                static func _loomRead<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues {
                    let context = context.lenient
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
                    try context._encodeJSONMember(self.id, _loomKeys, 0, to: &writer)
                    writer.endObject()
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        let _loomKeys = Self._loomKeys
                        var object = Loom._JSONSchemaObject()
                        object.add(_loomKeys, 0, Loom.JSONSchema.any, .required, lenient: true)
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
}

extension TransformExpansionTests {
    /// `@JSONLenient(rounding:)` on the type gives the whole initializer a lenient context with
    /// that rule; on a property it gives the property its own context even in a lenient model
    /// (the property's rule wins), while a bare `@JSONLenient` there adds nothing. A property
    /// with a default passes the model's object and the default's text for the report.
    @Test func lenientRounding() {
        assertExpansion(
            """
            @JSONModel @JSONLenient(rounding: .down)
            struct Rating {
                var stars: Int
                @JSONLenient var votes: Int
                @JSONLenient(rounding: .toNearestOrAwayFromZero) var rank: Int
                @JSONLenient(rounding: nil) var exact: Int = 0
            }
            """,
            expandedSource: """

            struct Rating {
                var stars: Int
                var votes: Int
                var rank: Int
                var exact: Int = 0
            }

            extension Rating: Loom.JSONModel, Loom._JSONMapped {
                static let _loomKeys = Loom._JSONKeySet(["stars", "votes", "rank", "exact"])

                typealias _LoomValues = (Int, Int, Int, Optional<Int>)

                @inline(never)
                static func _loomRead<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues {
                    let context = context.lenient(rounding: .down)
                    var (s_v0, s_v1, s_v2, s_v3): (v0: Optional<Int>, v1: Optional<Int>, v2: Optional<Int>, v3: Optional<Int>) = (nil, nil, nil, nil)
                    let _loomKeys = Self._loomKeys
                    if try reader.beginObject(Self.self, _loomKeys, context) {
                        var hint = 0
                        repeat {
                            do {
                                switch try reader.nextKey(_loomKeys, hint: &hint) {
                                case 0: try reader.readJSONSlot(&s_v0, Int.self, context)
                                case 1: try reader.readJSONSlot(&s_v1, Int.self, context)
                                case 2: try reader.readJSONSlot(&s_v2, Int.self, context.lenient(rounding: .toNearestOrAwayFromZero))
                                case 3: try reader.readJSONSlot(&s_v3, Int.self, context.lenient(rounding: nil))
                                default: try reader.passUnknown(context)
                                }
                            } catch {
                                try reader.recover(error, context)
                            }
                        } while try reader.moreMembers()
                    }
                    try reader.required(&s_v0, _loomKeys, 0, context)
                    try reader.required(&s_v1, _loomKeys, 1, context)
                    try reader.required(&s_v2, _loomKeys, 2, context.lenient(rounding: .toNearestOrAwayFromZero))
                    try reader.defaulted(&s_v3, _loomKeys, 3, context.lenient(rounding: nil), default: "0")
                    try reader.endObject()
                    return (try reader.unwrap(s_v0.take()), try reader.unwrap(s_v1.take()), try reader.unwrap(s_v2.take()), s_v3.take())
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                    let _loomKeys = Self._loomKeys
                    try writer.beginObject()
                    try context._encodeJSONMember(self.stars, _loomKeys, 0, to: &writer)
                    try context._encodeJSONMember(self.votes, _loomKeys, 1, to: &writer)
                    try context._encodeJSONMember(self.rank, _loomKeys, 2, to: &writer)
                    try context._encodeJSONMember(self.exact, _loomKeys, 3, to: &writer)
                    writer.endObject()
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        let _loomKeys = Self._loomKeys
                        var object = Loom._JSONSchemaObject()
                        object.add(_loomKeys, 0, Loom.JSONSchema.any, .required, lenient: true)
                        object.add(_loomKeys, 1, Loom.JSONSchema.any, .required, lenient: true)
                        object.add(_loomKeys, 2, Loom.JSONSchema.any, .required, lenient: true)
                        object.add(_loomKeys, 3, Loom.JSONSchema.any, .defaulted, default: "0", lenient: true)
                        return object.schema
                    }
                }

                init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomRead(&reader, context))
                }

                init(_loomValues values: _LoomValues) {
                    let (u0, u1, u2, u3) = values
                    self.stars = u0
                    self.votes = u1
                    self.rank = u2
                    if var new3 = u3 { Swift.swap(&self.exact, &new3) }
                }
            }
            """
        )
    }

    /// Defaults reach the missing-key note as Swift string literals: quotes escaped, several
    /// lines joined, long expressions cut; fallback and collected keys pass them too, and
    /// `update(json:)` (where a missing key keeps the current value) passes none.
    @Test func defaultTextsForTheReport() {
        let (text, diagnostics) = expansion(
            of: #"""
                @JSONModel
                struct Card: JSONMergeable {
                    @JSONKey("title", "name") var title: String = "untitled"
                    @JSONKey(collecting: ["lat", "lng"]) var position: [String: Double] = [:]
                    var tags: [String] = [
                        "a",
                        "b"
                    ]
                    @JSONDefault(Array(repeating: "a very long default expression", count: 1000)) var filler: [String]
                }
                """#)
        #expect(diagnostics == [])
        expectLines(
            [
                #"try reader.fallback(s_v0, s_r0, [(_loomKeys, 0), (_loomKeys, 1)], .defaulted, context, default: "\"untitled\"")"#,
                #"let c1 = try reader.collected(&s_c1, [("lat", _loomKeys, 2), ("lng", _loomKeys, 3)], .defaulted, context, default: "[:]") { try $0.dictionary($1, lossy: false) { try $0.jsonValue(Double.self, $1) } }"#,
                #"try reader.defaulted(&s_v2, _loomKeys, 4, context, default: "[ \"a\", \"b\" ]")"#,
                #"try reader.defaulted(&s_v3, _loomKeys, 5, context, default: "Array(repeating: \"a very long default expression\", count: 10…")"#,
                // update(json:): the same property without the note's text.
                #"try reader.defaulted(&s_v2, _loomKeys, 4, context, default: "")"#,
            ], in: text)
    }
}

@Suite("@JSONModel diagnostics: transformers, @JSONLenient, @JSONLossy")
struct TransformDiagnosticTests {
    /// A lossy value that fails needs something to stand in for it; a lossy collection without
    /// a default still drops its failing elements, and several keys leave no one value to replace.
    @Test func lossyPropertiesNeedADefault() {
        assertExpansion(
            """
            @JSONModel
            struct Model {
                @JSONLossy var age: Int
                @JSONLossy @JSONTransform(.iso8601.lossyArray) var seen: [Date]
                @JSONLossy var tags: [String]
                @JSONLossy @JSONKey("a", "b") var either: Int = 0
            }
            """,
            expandedSource: """
            struct Model {
                var age: Int
                var seen: [Date]
                var tags: [String]
                var either: Int = 0
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "'@JSONLossy' property 'age' needs a default value or an optional type, to stand in for a value that fails to decode",
                    line: 3, column: 5, fixIts: [FixItSpec(message: "insert '= <#default#>'")]),
                DiagnosticSpec(
                    message:
                        "'@JSONLossy' property 'seen' needs a default value or an optional type, to stand in for a value that fails to decode",
                    line: 4, column: 5, fixIts: [FixItSpec(message: "insert '= <#default#>'")]),
                DiagnosticSpec(
                    message:
                        "'@JSONLossy' cannot replace a failing value of 'either', which is read from several keys; give it one key",
                    line: 6, column: 5, fixIts: [FixItSpec(message: "remove '@JSONLossy'")]),
            ]
        )
    }

    @Test func markersTakeNoArguments() {
        assertExpansion(
            """
            @JSONModel
            struct Model {
                @JSONLenient(true) var a: Int
                @JSONLossy(1) var b: [Int]
            }
            """,
            expandedSource: """
            struct Model {
                var a: Int
                var b: [Int]
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "'@JSONLenient' expects no arguments, or one 'rounding:' argument", line: 3, column: 5),
                DiagnosticSpec(message: "'@JSONLossy' expects no arguments", line: 4, column: 5),
            ]
        )
    }

    /// `@JSONLenient` takes a rounding rule only with its label, and only one argument, on a
    /// property as on the type.
    @Test func lenientRoundingNeedsItsLabel() {
        assertExpansion(
            """
            @JSONModel @JSONLenient(.down)
            struct Model {
                @JSONLenient(rounding: .down, .up) var a: Int
                @JSONLenient(round: .down) var b: Int
            }
            """,
            expandedSource: """
            struct Model {
                var a: Int
                var b: Int
            }
            """,
            diagnostics: [
                DiagnosticSpec(message: "'@JSONLenient' expects no arguments, or one 'rounding:' argument", line: 3, column: 5),
                DiagnosticSpec(message: "'@JSONLenient' expects no arguments, or one 'rounding:' argument", line: 4, column: 5),
                // The type's markers are read after its members'.
                DiagnosticSpec(message: "'@JSONLenient' expects no arguments, or one 'rounding:' argument", line: 1, column: 12),
            ]
        )
    }

    @Test func transformerHookNeedsItsSignature() {
        assertExpansion(
            """
            @JSONModel
            struct Model {
                var a: Int

                static func jsonTransformer(for name: String) -> Int? { nil }
            }
            """,
            expandedSource: """
            struct Model {
                var a: Int

                static func jsonTransformer(for name: String) -> Int? { nil }
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message:
                        "the transformer hook must be declared 'static func jsonTransformer<T>(forProperty name: String, of type: T.Type) -> AnyJSONTransformer<T>?'",
                    line: 5, column: 17)
            ]
        )
    }
}
