import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

import LoomMacros

/// The macros of `Loom` including the markers of polymorphic enums and merging; `@JSONModel`
/// adds `JSONModel`, `JSONMergeable` and `_JSONMapped` (the compiler passes those the type lacks).
let polyMacros: [String: MacroSpec] = loomMacros.merging(
    [
        "JSONModel": MacroSpec(type: JSONModelMacro.self, conformances: ["JSONModel", "JSONMergeable", "_JSONMapped"]),
        "JSONTag": MacroSpec(type: JSONMarkerMacro.self),
        "JSONFallback": MacroSpec(type: JSONMarkerMacro.self),
        "JSONMerge": MacroSpec(type: JSONMarkerMacro.self),
    ], uniquingKeysWith: { $1 })

/// As the compiler passes them for a subclass, which inherits the conformances.
let polyMacrosForSubclass = polyMacros.merging(
    ["JSONModel": MacroSpec(type: JSONModelMacro.self, conformances: [])], uniquingKeysWith: { $1 })

/// What `@JSONModel` generates for enums, classes, hooks and merging. The same shapes are
/// compiled and run in `Tests/LoomTests/Polymorphism`, `Hooks` and `Merge`.
@Suite("@JSONModel expansion: enums, classes, hooks, merging")
struct PolyExpansionTests {
    /// An internally tagged enum with an alternative tag, a case without payload and a fallback that keeps the raw JSON.
    @Test func internalTag() {
        assertExpansion(
            """
            @JSONModel(representation: .internal(tag: "type"))
            enum Message {
                case text(TextMessage)
                @JSONTag("picture", "image") case image(PictureMessage)
                case ping
                @JSONFallback case unknown(JSONValue)
            }
            """,
            expandedSource: """

            enum Message {
                case text(TextMessage)
                case image(PictureMessage)
                case ping
                case unknown(JSONValue)

                static let _loomCases = Loom._JSONKeySet(["text", "picture", "image", "ping"], explicit: [true, true, true, true])

                static let _loomTagKeys = Loom._JSONKeySet(["type"], explicit: [true])

                init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    let found = try context._internallyTaggedCase(element, tag: Self._loomTagKeys, cases: Self._loomCases, for: Self.self, hasFallback: true)
                    switch found.slot {
                    case 0: self = .text(try found.payload { try found.context.decode(TextMessage.self, from: $0) })
                    case 1, 2: self = .image(try found.payload { try found.context.decode(PictureMessage.self, from: $0) })
                    case 3: self = .ping
                    default: self = .unknown(try context.decode(JSONValue.self, from: element))
                    }
                }

                static var _readsDirectly: Bool { true }

                static func _read(from reader: inout Loom._JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom._JSONReader.Fallback) -> Self {
                    let start = reader.mark()
                    let slot = try reader.internalCase(Self._loomTagKeys, Self._loomCases, context)
                    switch slot {
                    case 0:
                        let value = try Loom._JSONReader.narrowing { Self.text(try reader.value(TextMessage.self, context)) }
                        return value
                    case 1, 2:
                        let value = try Loom._JSONReader.narrowing { Self.image(try reader.value(PictureMessage.self, context)) }
                        return value
                    case 3:
                        try reader.endUnitCase()
                        return Self.ping
                    default:
                        reader.rewind(to: start); return try Loom._JSONReader.narrowing { Self.unknown(try reader.value(JSONValue.self, context)) }
                    }
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                    switch self {
                    case .text(let value):
                        try context._writeInternallyTaggedCase(Self._loomTagKeys, Self._loomCases, 0, to: &writer) { try context.encode(value, to: &$0) }
                    case .image(let value):
                        try context._writeInternallyTaggedCase(Self._loomTagKeys, Self._loomCases, 1, to: &writer) { try context.encode(value, to: &$0) }
                    case .ping:
                        try context._writeTaggedUnitCase(Self._loomTagKeys, Self._loomCases, 3, to: &writer)
                    case .unknown(let value):
                        try context.encode(value, to: &writer)
                    }
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        var cases = Loom._JSONSchemaCases(.internal(tag: "type"))
                        cases.add(["text"], schemas.schema(for: TextMessage.self))
                        cases.add(["picture", "image"], schemas.schema(for: PictureMessage.self))
                        cases.add(["ping"], nil)
                        cases.fallback(schemas.schema(for: JSONValue.self))
                        return cases.schema
                    }
                }
            }

            extension Message: Loom.JSONModel {
            }
            """,
            macros: polyMacros
        )
    }

    /// The default representation: `{"text": {…}}`, a labeled payload, and `"ping"` for a case without payload.
    @Test func externalTag() {
        assertExpansion(
            """
            @JSONModel
            enum Message {
                case text(TextMessage)
                case image(picture: PictureMessage)
                case ping
            }
            """,
            expandedSource: """

            enum Message {
                case text(TextMessage)
                case image(picture: PictureMessage)
                case ping

                static let _loomCases = Loom._JSONKeySet(["text", "image", "ping"], explicit: [true, true, true])

                init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    let found = try context._externallyTaggedCase(element, cases: Self._loomCases, for: Self.self, hasFallback: false)
                    switch found.slot {
                    case 0: self = .text(try found.payload { try found.context.decode(TextMessage.self, from: $0) })
                    case 1: self = .image(picture: try found.payload { try found.context.decode(PictureMessage.self, from: $0) })
                    case 2: self = .ping
                    default: throw found.unknownCase()
                    }
                }

                static var _readsDirectly: Bool { true }

                static func _read(from reader: inout Loom._JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom._JSONReader.Fallback) -> Self {
                    let (slot, unit) = try reader.externalCase(Self._loomCases, context)
                    switch slot {
                    case 0:
                        try reader.expect(!unit)
                        let value = try Loom._JSONReader.narrowing { Self.text(try reader.value(TextMessage.self, context)) }
                        try reader.endCase()
                        return value
                    case 1:
                        try reader.expect(!unit)
                        let value = try Loom._JSONReader.narrowing { Self.image(picture: try reader.value(PictureMessage.self, context)) }
                        try reader.endCase()
                        return value
                    case 2:
                        try reader.expect(unit)
                        return Self.ping
                    default:
                        try reader.fallBack()
                    }
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                    switch self {
                    case .text(let value):
                        try context._writeExternallyTaggedCase(Self._loomCases, 0, to: &writer) { try context.encode(value, to: &$0) }
                    case .image(let value):
                        try context._writeExternallyTaggedCase(Self._loomCases, 1, to: &writer) { try context.encode(value, to: &$0) }
                    case .ping:
                        context._writeExternallyTaggedCase(Self._loomCases, 2, to: &writer)
                    }
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        var cases = Loom._JSONSchemaCases(.external)
                        cases.add(["text"], schemas.schema(for: TextMessage.self))
                        cases.add(["image"], schemas.schema(for: PictureMessage.self))
                        cases.add(["ping"], nil)
                        return cases.schema
                    }
                }
            }

            extension Message: Loom.JSONModel {
            }
            """,
            macros: polyMacros
        )
    }

    /// Adjacent tag and content keys; `.snakeCase` converts the case names; a fallback without payload writes its own tag.
    @Test func adjacentTagWithUnitFallback() {
        assertExpansion(
            """
            @JSONModel(keyStrategy: .snakeCase, representation: .adjacent(tag: "kind", content: "value"))
            enum Event {
                case userJoined(User)
                @JSONFallback case other
            }
            """,
            expandedSource: """

            enum Event {
                case userJoined(User)
                case other

                static let _loomCases = Loom._JSONKeySet(["user_joined", "other"], explicit: [true, true])

                static let _loomTagKeys = Loom._JSONKeySet(["kind", "value"], explicit: [true, true])

                init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    let found = try context._adjacentlyTaggedCase(element, keys: Self._loomTagKeys, cases: Self._loomCases, for: Self.self, hasFallback: true)
                    switch found.slot {
                    case 0: self = .userJoined(try found.payload { try found.context.decode(User.self, from: $0) })
                    case 1: self = .other
                    default: self = .other
                    }
                }

                static var _readsDirectly: Bool { true }

                static func _read(from reader: inout Loom._JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom._JSONReader.Fallback) -> Self {
                    let start = reader.mark()
                    let (slot, unit) = try reader.adjacentCase(Self._loomTagKeys, Self._loomCases, context)
                    switch slot {
                    case 0:
                        try reader.expect(!unit)
                        let value = try Loom._JSONReader.narrowing { Self.userJoined(try reader.value(User.self, context)) }
                        try reader.endCase()
                        return value
                    case 1:
                        try reader.expect(unit)
                        return Self.other
                    default:
                        reader.rewind(to: start); try reader.skipValue(); return Self.other
                    }
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                    switch self {
                    case .userJoined(let value):
                        try context._writeAdjacentlyTaggedCase(Self._loomTagKeys, Self._loomCases, 0, to: &writer) { try context.encode(value, to: &$0) }
                    case .other:
                        try context._writeTaggedUnitCase(Self._loomTagKeys, Self._loomCases, 1, to: &writer)
                    }
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        var cases = Loom._JSONSchemaCases(.adjacent(tag: "kind", content: "value"))
                        cases.add(["user_joined"], schemas.schema(for: User.self))
                        cases.add(["other"], nil)
                        cases.fallback(nil)
                        return cases.schema
                    }
                }
            }

            extension Event: Loom.JSONModel {
            }
            """,
            macros: polyMacros
        )
    }

    /// Each case tried in order; the fallback takes what none decodes.
    @Test func untagged() {
        assertExpansion(
            """
            @JSONModel(representation: .untagged)
            enum Message {
                case image(PictureMessage)
                case text(TextMessage)
                @JSONFallback case unknown(JSONValue)
            }
            """,
            expandedSource: """

            enum Message {
                case image(PictureMessage)
                case text(TextMessage)
                case unknown(JSONValue)

                init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    var attempts = Loom._JSONUntaggedAttempts(context)
                    if let value = attempts.attempt("image", { try context.decode(PictureMessage.self, from: element) }) {
                        self = .image(value)
                        return
                    }
                    if let value = attempts.attempt("text", { try context.decode(TextMessage.self, from: element) }) {
                        self = .text(value)
                        return
                    }
                    self = .unknown(try context.decode(JSONValue.self, from: element))
                }

                static var _readsDirectly: Bool { true }

                static func _read(from reader: inout Loom._JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom._JSONReader.Fallback) -> Self {
                    return try Loom._JSONReader.narrowing { Self.image(try reader.value(PictureMessage.self, context)) }
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                    switch self {
                    case .image(let value):
                        try context.encode(value, to: &writer)
                    case .text(let value):
                        try context.encode(value, to: &writer)
                    case .unknown(let value):
                        try context.encode(value, to: &writer)
                    }
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        var cases = Loom._JSONSchemaCases(.untagged)
                        cases.add(["image"], schemas.schema(for: PictureMessage.self))
                        cases.add(["text"], schemas.schema(for: TextMessage.self))
                        cases.fallback(schemas.schema(for: JSONValue.self))
                        return cases.schema
                    }
                }
            }

            extension Message: Loom.JSONModel {
            }
            """,
            macros: polyMacros
        )
    }

    /// `jsonCase(for:)` chooses; `JSONCase` is generated in the enum; a public enum gets public members.
    @Test func chosenByContent() {
        assertExpansion(
            """
            @JSONModel(representation: .chosenByContent)
            public enum Message {
                case text(TextMessage)
                case image(PictureMessage)

                static func jsonCase(for object: JSONElement) -> JSONCase? {
                    object["image_url"] != nil ? .image : .text
                }
            }
            """,
            expandedSource: """

            public enum Message {
                case text(TextMessage)
                case image(PictureMessage)

                static func jsonCase(for object: JSONElement) -> JSONCase? {
                    object["image_url"] != nil ? .image : .text
                }

                /// The cases `jsonCase(for:)` chooses between (generated by `@JSONModel`).
                public enum JSONCase: Hashable, Sendable, CaseIterable {
                    case text
                    case image
                }

                public init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    guard let choice = try context._chosenCase(element, for: Self.self, Self.jsonCase(for:)) else {
                        throw context._noCaseChosen(for: Self.self, element)
                    }
                    switch choice {
                    case .text: self = .text(try context.decode(TextMessage.self, from: element))
                    case .image: self = .image(try context.decode(PictureMessage.self, from: element))
                    }
                }

                public static var _readsDirectly: Bool { true }

                public static func _read(from reader: inout Loom._JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom._JSONReader.Fallback) -> Self {
                    guard let choice = try reader.chosenCase(context, Self.jsonCase(for:)) else { try reader.fallBack() }
                    return try Loom._JSONReader.narrowing { () throws -> Self in
                        switch choice {
                        case .text: return Self.text(try reader.value(TextMessage.self, context))
                        case .image: return Self.image(try reader.value(PictureMessage.self, context))
                        }
                    }
                }

                public func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                    switch self {
                    case .text(let value):
                        try context.encode(value, to: &writer)
                    case .image(let value):
                        try context.encode(value, to: &writer)
                    }
                }

                public static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        var cases = Loom._JSONSchemaCases(.chosenByContent)
                        cases.add(["text"], schemas.schema(for: TextMessage.self))
                        cases.add(["image"], schemas.schema(for: PictureMessage.self))
                        return cases.schema
                    }
                }
            }

            extension Message: Loom.JSONModel {
            }
            """,
            macros: polyMacros
        )
    }

    /// A final class without superclass: the struct shape in the class body, plus `==`, `description`, merging.
    @Test func finalClass() {
        assertExpansion(
            """
            @JSONModel
            final class Account: Equatable, CustomStringConvertible {
                let id: Int
                @JSONKey("display_name") var displayName: String?
                @JSONIgnore var cache: [String: Int] = [:]
            }
            """,
            expandedSource: """

            final class Account: Equatable, CustomStringConvertible {
                let id: Int
                var displayName: String?
                var cache: [String: Int] = [:]

                static let _loomKeys = Loom._JSONKeySet(["id", "display_name"], explicit: [false, true])

                typealias _LoomValues = (Int, String?)

                @inline(never)
                static func _loomRead<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues {
                    var (s_v0, s_v1): (v0: Optional<Int>, v1: Optional<String?>) = (nil, nil)
                    let _loomKeys = Self._loomKeys
                    if try reader.beginObject(Self.self, _loomKeys, context) {
                        var hint = 0
                        repeat {
                            do {
                                switch try reader.nextKey(_loomKeys, hint: &hint) {
                                case 0: try reader.readJSONSlot(&s_v0, Int.self, context)
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

                static var _readsDirectly: Bool { true }

                static func _read(from reader: inout Loom._JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom._JSONReader.Fallback) -> Self {
                    try Loom._JSONReader.narrowing { try Self(_loomReading: &reader, context: context) }
                }

                convenience init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    var reader = Loom._JSONElementReader(element, context)
                    try self.init(_loomReading: &reader, context: context)
                }

                convenience init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomRead(&reader, context))
                }

                init(_loomValues values: _LoomValues) {
                    let (u0, u1) = values
                    self.id = u0
                    var new1 = u1; Swift.swap(&self.displayName, &new1)
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                    let _loomKeys = Self._loomKeys
                    try writer.beginObject()
                    try context._encodeJSONMember(self.id, _loomKeys, 0, to: &writer)
                    try context._encodeOptionalJSONMember(self.displayName, _loomKeys, 1, to: &writer)
                    writer.endObject()
                }

                static func == (lhs: Account, rhs: Account) -> Bool {
                    Loom.JSONModelEquality.equal(lhs.id, rhs.id) && Loom.JSONModelEquality.equal(lhs.displayName, rhs.displayName)
                }

                var description: String {
                    var fields = Loom._JSONModelFields(self)
                    fields.append("id", self.id)
                    fields.append("displayName", self.displayName)
                    return fields.description
                }

                func merge(from other: Account) {
                    if let value = other.displayName { self.displayName = value }
                }

                func merge(from other: Account, only keyPaths: [PartialKeyPath<Account>]) {
                    if keyPaths.contains(\\Account.displayName) {
                        if let value = other.displayName { self.displayName = value }
                    }
                }

                func update(json element: Loom.JSONElement, context: Loom.JSONDecodingContext) throws {
                    var reader = Loom._JSONElementReader(element, context)
                    try self._loomUpdate(&reader, context)
                }

                func _update(reading reader: inout Loom._JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom._JSONReader.Fallback) {
                    try Loom._JSONReader.narrowing { try self._loomUpdate(&reader, context) }
                }

                func _loomUpdate<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws {
                    var (s_v0, s_v1): (v0: Optional<Int>, v1: Optional<String?>) = (nil, nil)
                    let _loomKeys = Self._loomKeys
                    if try reader.beginObject(Self.self, _loomKeys, context) {
                        var hint = 0
                        repeat {
                            do {
                                switch try reader.nextKey(_loomKeys, hint: &hint) {
                                case 0: try reader.readJSONSlot(&s_v0, Int.self, context)
                                case 1: try reader.readOptionalJSONSlot(&s_v1, String.self, context)
                                default: try reader.passUnknown(context)
                                }
                            } catch {
                                try reader.recover(error, context)
                            }
                        } while try reader.moreMembers()
                    }
                    try reader.optionalDefaulted(&s_v1, _loomKeys, 1, context, default: "")
                    try reader.endObject()
                    if let value = s_v1.take(), value != nil || !context._nullIsMissing { self.displayName = value }
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Account.self) { schemas in
                        let _loomKeys = Self._loomKeys
                        var object = Loom._JSONSchemaObject()
                        object.addJSON(_loomKeys, 0, Int.self, .required, &schemas)
                        object.addNullableJSON(_loomKeys, 1, String.self, .optional, &schemas)
                        return object.schema
                    }
                }
            }

            extension Account: Loom.JSONModel, Loom.JSONMergeable, Loom._JSONMapped {
            }
            """,
            macros: polyMacros
        )
    }

    /// The root of a hierarchy: overridable members, and `_makeInstance` calling the chooser.
    @Test func classClusterRoot() {
        assertExpansion(
            """
            @JSONModel
            class Message: Hashable {
                var id: Int
                class func jsonClass(for object: JSONElement) -> Message.Type? {
                    object["body"] != nil ? TextMessage.self : Message.self
                }
            }
            """,
            expandedSource: """

            class Message: Hashable {
                var id: Int
                class func jsonClass(for object: JSONElement) -> Message.Type? {
                    object["body"] != nil ? TextMessage.self : Message.self
                }

                static let _loomKeys = Loom._JSONKeySet(["id"])

                typealias _LoomValues_Message = Int

                struct _LoomSlots_Message: ~Copyable {
                    var s: (v0: Optional<Int>, Void) = (nil, ())
                    init() {}
                }

                static func _loomReadMember_Message<_LoomReader: Loom._JSONReading>(_ slots: inout _LoomSlots_Message, _ slot: Int, _ keys: Loom._JSONKeySet, _ base: Int, _ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws {
                    switch slot {
                    case 0:
                        try reader.readJSONSlot(&slots.s.v0, Int.self, context)
                    default: try reader.passValue()
                    }
                }

                @inline(never)
                static func _loomRead_Message<_LoomReader: Loom._JSONReading>(_ slots: inout _LoomSlots_Message, _ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws {
                    let _loomKeys = Self._loomKeys
                    guard try reader.beginObject(Self.self, _loomKeys, context) else { return }
                    var hint = 0
                    repeat {
                        do {
                            let slot = try reader.nextKey(_loomKeys, hint: &hint)
                            if slot >= 0 { try Message._loomReadMember_Message(&slots, slot, _loomKeys, 0, &reader, context) } else { try reader.passUnknown(context) }
                        } catch {
                            try reader.recover(error, context)
                        }
                    } while try reader.moreMembers()
                }

                static func _loomCheck_Message<_LoomReader: Loom._JSONReading>(_ slots: inout _LoomSlots_Message, _ keys: Loom._JSONKeySet, _ base: Int, _ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws {
                    try reader.required(&slots.s.v0, keys, base &+ 0, context)
                }

                static func _loomValues_Message<_LoomReader: Loom._JSONReading>(_ slots: inout _LoomSlots_Message, _ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues_Message {
                    return try reader.unwrap(slots.s.v0.take())
                }

                init<_LoomReader: Loom._JSONReading>(_loomSlots slots: inout _LoomSlots_Message, _ reader: inout _LoomReader, _ context: borrowing Loom.JSONDecodingContext) throws {
                    let u0 = try Message._loomValues_Message(&slots, &reader, context)
                    self.id = u0
                }

                func _loomAfterReading_Message<_LoomReader: Loom._JSONReading>(_ keys: Loom._JSONKeySet, _ base: Int, _ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws {
                }

                required convenience init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    var reader = Loom._JSONElementReader(element, context)
                    try self.init(_loomReading: &reader, context: context)
                }

                required convenience init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    var slots = _LoomSlots_Message()
                    try Message._loomRead_Message(&slots, &reader, context)
                    try Message._loomCheck_Message(&slots, Message._loomKeys, 0, &reader, context)
                    try reader.endObject()
                    try self.init(_loomSlots: &slots, &reader, context)
                    try self._loomAfterReading_Message(Message._loomKeys, 0, &reader, context)
                }

                class var _readsDirectly: Bool { true }

                class func _read(from reader: inout Loom._JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom._JSONReader.Fallback) -> Self {
                    try reader.instance(of: Self.self, keys: Self._loomObjectKeys, context, chosenBy: Self.jsonClass(for:)) { try Self._loomMake(&$0, context) }
                }

                class func _loomMake(_ reader: inout Loom._JSONReader, _ context: Loom.JSONDecodingContext) throws -> Message {
                    try Message(_loomReading: &reader, context: context)
                }

                class func _makeInstance(json element: Loom.JSONElement, context: Loom.JSONDecodingContext) throws -> Self {
                    try context._instance(of: Self.self, json: element, chosenBy: Self.jsonClass(for:))
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(&writer) { try $0.beginObject(); try self._loomEncodeMembers(to: &$0, context: $1); $0.endObject() } }
                    try writer.beginObject()
                    try self._loomEncodeMembers(to: &writer, context: context)
                    writer.endObject()
                }

                func _loomEncodeMembers(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    let _loomKeys = Self._loomKeys
                    try context._encodeJSONMember(self.id, _loomKeys, 0, to: &writer)
                }

                class var _loomObjectKeys: Loom._JSONKeySet {
                    Self._loomKeys
                }

                func _loomIsEqual(to other: AnyObject) -> Bool {
                    guard let other = other as? Message, ObjectIdentifier(type(of: self)) == ObjectIdentifier(type(of: other)) else { return false }
                    return Loom.JSONModelEquality.equal(self.id, other.id)
                }

                func _loomHash(into hasher: inout Hasher) {
                    Loom.JSONModelEquality.hash(self.id, into: &hasher)
                }

                func _loomDescribe(into fields: inout Loom._JSONModelFields) {
                    fields.append("id", self.id)
                }

                static func == (lhs: Message, rhs: Message) -> Bool {
                    lhs._loomIsEqual(to: rhs)
                }

                func hash(into hasher: inout Hasher) {
                    self._loomHash(into: &hasher)
                }

                func merge(from other: Message) {
                    self._loomMerge(from: other)
                }

                func _loomMerge(from other: AnyObject) {
                    guard let other = other as? Message else { return }
                    self.id = other.id
                }

                func merge(from other: Message, only keyPaths: [PartialKeyPath<Message>]) {
                    if keyPaths.contains(\\Message.id) {
                        self.id = other.id
                    }
                }

                func update(json element: Loom.JSONElement, context: Loom.JSONDecodingContext) throws {
                    var reader = Loom._JSONElementReader(element, context)
                    try self._loomUpdateReading_Message(&reader, context)
                }

                func _update(reading reader: inout Loom._JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom._JSONReader.Fallback) {
                    try reader.expect(!Message._loomKeys.repeatsKeys)
                    try Loom._JSONReader.narrowing { try self._loomUpdateReading_Message(&reader, context) }
                }

                func _loomUpdateReading_Message<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws {
                    var slots = _LoomSlots_Message()
                    try Message._loomRead_Message(&slots, &reader, context)
                    try self._loomUpdate_Message(&slots, Message._loomKeys, 0, &reader, context)
                    try reader.endObject()
                }

                func _loomUpdate_Message<_LoomReader: Loom._JSONReading>(_ slots: inout _LoomSlots_Message, _ keys: Loom._JSONKeySet, _ base: Int, _ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws {
                    try reader.defaulted(&slots.s.v0, keys, base &+ 0, context, default: "")
                    if let value = slots.s.v0.take() { self.id = value }
                }

                class func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Message.self) { schemas in
                        let _loomKeys = Self._loomKeys
                        var object = Loom._JSONSchemaObject()
                        object.addJSON(_loomKeys, 0, Int.self, .required, &schemas)
                        return object.schema
                    }
                }
            }

            extension Message: Loom.JSONModel, Loom.JSONMergeable, Loom._JSONMapped {
            }
            """,
            macros: polyMacros
        )
    }

    /// A subclass reads its own keys and hands the rest of the object to its superclass's
    /// member reader, stores its values and calls `super.init(_loomSlots:)`, and writes its
    /// superclass's members first; it repeats `init(from:)`, which Swift does not inherit (its superclass is `Codable`).
    @Test func subclass() {
        assertExpansion(
            """
            @JSONModel
            final class TextMessage: Message {
                var body: String
                @JSONMerge(.keep) var draft: String?
            }
            """,
            expandedSource: """

            final class TextMessage: Message {
                var body: String
                var draft: String?

                static let _loomKeys_TextMessage = Loom._JSONKeySet(["body", "draft"], inheriting: Message._loomObjectKeys)

                typealias _LoomValues_TextMessage = (String, String?)

                struct _LoomSlots_TextMessage: ~Copyable {
                    var sup = Message._LoomSlots_Message()
                    var s: (v0: Optional<String>, v1: Optional<String?>) = (nil, nil)
                    init() {}
                }

                static func _loomReadMember_TextMessage<_LoomReader: Loom._JSONReading>(_ slots: inout _LoomSlots_TextMessage, _ slot: Int, _ keys: Loom._JSONKeySet, _ base: Int, _ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws {
                    switch slot {
                    case 0:
                        try reader.readJSONSlot(&slots.s.v0, String.self, context)
                    case 1:
                        try reader.readOptionalJSONSlot(&slots.s.v1, String.self, context)
                    default: try Message._loomReadMember_Message(&slots.sup, slot &- 2, keys, base &+ 2, &reader, context)
                    }
                }

                @inline(never)
                static func _loomRead_TextMessage<_LoomReader: Loom._JSONReading>(_ slots: inout _LoomSlots_TextMessage, _ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws {
                    let _loomKeys_TextMessage = Self._loomKeys_TextMessage
                    guard try reader.beginObject(Self.self, _loomKeys_TextMessage, context) else { return }
                    var hint = 0
                    repeat {
                        do {
                            let slot = try reader.nextKey(_loomKeys_TextMessage, hint: &hint)
                            if slot >= 0 { try TextMessage._loomReadMember_TextMessage(&slots, slot, _loomKeys_TextMessage, 0, &reader, context) } else { try reader.passUnknown(context) }
                        } catch {
                            try reader.recover(error, context)
                        }
                    } while try reader.moreMembers()
                }

                static func _loomCheck_TextMessage<_LoomReader: Loom._JSONReading>(_ slots: inout _LoomSlots_TextMessage, _ keys: Loom._JSONKeySet, _ base: Int, _ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws {
                    try reader.required(&slots.s.v0, keys, base &+ 0, context)
                    try reader.optional(&slots.s.v1, keys, base &+ 1, context)
                    try Message._loomCheck_Message(&slots.sup, keys, base &+ 2, &reader, context)
                }

                static func _loomValues_TextMessage<_LoomReader: Loom._JSONReading>(_ slots: inout _LoomSlots_TextMessage, _ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues_TextMessage {
                    return (try reader.unwrap(slots.s.v0.take()), Loom._flattened(slots.s.v1.take()))
                }

                init<_LoomReader: Loom._JSONReading>(_loomSlots slots: inout _LoomSlots_TextMessage, _ reader: inout _LoomReader, _ context: borrowing Loom.JSONDecodingContext) throws {
                    let (u0, u1) = try TextMessage._loomValues_TextMessage(&slots, &reader, context)
                    self.body = u0
                    var new1 = u1; Swift.swap(&self.draft, &new1)
                    try super.init(_loomSlots: &slots.sup, &reader, context)
                }

                func _loomAfterReading_TextMessage<_LoomReader: Loom._JSONReading>(_ keys: Loom._JSONKeySet, _ base: Int, _ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws {
                    try self._loomAfterReading_Message(keys, base &+ 2, &reader, context)
                }

                required convenience init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    var reader = Loom._JSONElementReader(element, context)
                    try self.init(_loomReading: &reader, context: context)
                }

                required convenience init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    var slots = _LoomSlots_TextMessage()
                    try TextMessage._loomRead_TextMessage(&slots, &reader, context)
                    try TextMessage._loomCheck_TextMessage(&slots, TextMessage._loomKeys_TextMessage, 0, &reader, context)
                    try reader.endObject()
                    try self.init(_loomSlots: &slots, &reader, context)
                    try self._loomAfterReading_TextMessage(TextMessage._loomKeys_TextMessage, 0, &reader, context)
                }

                override class func _loomMake(_ reader: inout Loom._JSONReader, _ context: Loom.JSONDecodingContext) throws -> TextMessage {
                    try TextMessage(_loomReading: &reader, context: context)
                }

                override func _loomEncodeMembers(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    try super._loomEncodeMembers(to: &writer, context: context)
                    let _loomKeys_TextMessage = Self._loomKeys_TextMessage
                    try context._encodeJSONMember(self.body, _loomKeys_TextMessage, 0, to: &writer)
                    try context._encodeOptionalJSONMember(self.draft, _loomKeys_TextMessage, 1, to: &writer)
                }

                override class var _loomObjectKeys: Loom._JSONKeySet {
                    Self._loomKeys_TextMessage
                }

                override func _loomIsEqual(to other: AnyObject) -> Bool {
                    guard super._loomIsEqual(to: other), let other = other as? TextMessage else { return false }
                    return Loom.JSONModelEquality.equal(self.body, other.body) && Loom.JSONModelEquality.equal(self.draft, other.draft)
                }

                override func _loomHash(into hasher: inout Hasher) {
                    super._loomHash(into: &hasher)
                    Loom.JSONModelEquality.hash(self.body, into: &hasher)
                    Loom.JSONModelEquality.hash(self.draft, into: &hasher)
                }

                override func _loomDescribe(into fields: inout Loom._JSONModelFields) {
                    super._loomDescribe(into: &fields)
                    fields.append("body", self.body)
                    fields.append("draft", self.draft)
                }

                override func _loomMerge(from other: AnyObject) {
                    super._loomMerge(from: other)
                    guard let other = other as? TextMessage else { return }
                    self.body = other.body
                }

                override func update(json element: Loom.JSONElement, context: Loom.JSONDecodingContext) throws {
                    var reader = Loom._JSONElementReader(element, context)
                    try self._loomUpdateReading_TextMessage(&reader, context)
                }

                override func _update(reading reader: inout Loom._JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom._JSONReader.Fallback) {
                    try reader.expect(!TextMessage._loomKeys_TextMessage.repeatsKeys)
                    try Loom._JSONReader.narrowing { try self._loomUpdateReading_TextMessage(&reader, context) }
                }

                func _loomUpdateReading_TextMessage<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws {
                    var slots = _LoomSlots_TextMessage()
                    try TextMessage._loomRead_TextMessage(&slots, &reader, context)
                    try self._loomUpdate_TextMessage(&slots, TextMessage._loomKeys_TextMessage, 0, &reader, context)
                    try reader.endObject()
                }

                func _loomUpdate_TextMessage<_LoomReader: Loom._JSONReading>(_ slots: inout _LoomSlots_TextMessage, _ keys: Loom._JSONKeySet, _ base: Int, _ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws {
                    try self._loomUpdate_Message(&slots.sup, keys, base &+ 2, &reader, context)
                    try reader.defaulted(&slots.s.v0, keys, base &+ 0, context, default: "")
                    try reader.optionalDefaulted(&slots.s.v1, keys, base &+ 1, context, default: "")
                    if let value = slots.s.v0.take() { self.body = value }
                    if let value = slots.s.v1.take(), value != nil || !context._nullIsMissing { self.draft = value }
                }

                override class func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(TextMessage.self) { schemas in
                        let _loomKeys_TextMessage = Self._loomKeys_TextMessage
                        var object = Loom._JSONSchemaObject(inheriting: Message.describeSchema(in: &schemas))
                        object.addJSON(_loomKeys_TextMessage, 0, String.self, .required, &schemas)
                        object.addNullableJSON(_loomKeys_TextMessage, 1, String.self, .optional, &schemas)
                        return object.schema
                    }
                }

                required convenience init(from decoder: any Swift.Decoder) throws {
                    let source = try Loom._ForeignModelSource(decoder)
                    do {
                        try self.init(json: source.element, context: source.context)
                    } catch {
                        throw source.decodingError(error, type: Self.self)
                    }
                    withExtendedLifetime(source) {}
                }
            }

            extension TextMessage {
            }
            """,
            macros: polyMacrosForSubclass
        )
    }

    /// Every hook of a struct: rewrite, property validation, `jsonDidDecode`, `validate`, a copy to encode.
    @Test func structHooks() {
        assertExpansion(
            """
            @JSONModel
            struct Issue {
                var title: String
                @JSONIgnore var retrievedAt: Date? = nil

                static func jsonWillDecode(_ value: JSONValue) throws -> JSONValue { value }
                mutating func jsonDidDecode() { retrievedAt = Date() }
                func validate() throws {}
                static func validateTitle(_ title: String) -> Bool { !title.isEmpty }
                func jsonWillEncode() throws -> Issue { self }
            }
            """,
            expandedSource: """

            struct Issue {
                var title: String
                var retrievedAt: Date? = nil

                static func jsonWillDecode(_ value: JSONValue) throws -> JSONValue { value }
                mutating func jsonDidDecode() { retrievedAt = Date() }
                func validate() throws {}
                static func validateTitle(_ title: String) -> Bool { !title.isEmpty }
                func jsonWillEncode() throws -> Issue { self }
            }

            extension Issue: Loom.JSONModel {
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
                    let model = try self.jsonWillEncode()
                    try model._loomEncode(to: &writer, context: context)
                }

                func _loomEncode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    let _loomKeys = Self._loomKeys
                    try writer.beginObject()
                    try context._encodeJSONMember(self.title, _loomKeys, 0, to: &writer)
                    writer.endObject()
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in Loom.JSONSchema.any }
                }

                init(json original: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    let rewritten = try context._rewrite(original, for: Self.self, with: Self.jsonWillDecode)
                    defer { withExtendedLifetime(rewritten.document) {} }
                    let element = rewritten.root
                    var reader = Loom._JSONElementReader(element, context)
                    do {
                        try self.init(_loomReading: &reader, context: context)
                    } catch let error as Loom.JSONDecodingError {
                        throw rewritten.relocated(error)
                    }
                }

                init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomRead(&reader, context))
                    try reader.check(Self._loomKeys, 0, "validateTitle", context) { Self.validateTitle(self.title) }
                    try reader.endObject()
                    try reader.hook("jsonDidDecode()", context) { self.jsonDidDecode() }
                    try reader.hook("validate()", context) { try self.validate() }
                }

                init(_loomValues values: _LoomValues) {
                    let u0 = values
                    self.title = u0
                }
            }
            """,
            macros: polyMacros
        )
    }

    /// `JSONMergeable`: merge policies, a `merge<Property>` function, `update(json:context:)` that leaves `let`s alone.
    @Test func mergeableStruct() {
        assertExpansion(
            """
            @JSONModel
            struct Issue: JSONMergeable {
                let number: Int
                var title: String
                var body: String?
                @JSONMerge(.keep) var note: String?
                @JSONMerge(.replace) var closedAt: Date?
                var labels: [String]

                static func mergeLabels(_ current: inout [String], _ other: [String]) { current += other }
            }
            """,
            expandedSource: """

            struct Issue: JSONMergeable {
                let number: Int
                var title: String
                var body: String?
                var note: String?
                var closedAt: Date?
                var labels: [String]

                static func mergeLabels(_ current: inout [String], _ other: [String]) { current += other }
            }

            extension Issue: Loom.JSONModel, Loom._JSONMapped {
                static let _loomKeys = Loom._JSONKeySet(["number", "title", "body", "note", "closedAt", "labels"])

                typealias _LoomValues = (Int, String, String?, String?, Date?, [String])

                @inline(never)
                static func _loomRead<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues {
                    var (s_v0, s_v1, s_v2, s_v3, s_v4, s_v5): (v0: Optional<Int>, v1: Optional<String>, v2: Optional<String?>, v3: Optional<String?>, v4: Optional<Date?>, v5: Optional<[String]>) = (nil, nil, nil, nil, nil, nil)
                    let _loomKeys = Self._loomKeys
                    if try reader.beginObject(Self.self, _loomKeys, context) {
                        var hint = 0
                        repeat {
                            do {
                                switch try reader.nextKey(_loomKeys, hint: &hint) {
                                case 0: try reader.readJSONSlot(&s_v0, Int.self, context)
                                case 1: try reader.readJSONSlot(&s_v1, String.self, context)
                                case 2: try reader.readOptionalJSONSlot(&s_v2, String.self, context)
                                case 3: try reader.readOptionalJSONSlot(&s_v3, String.self, context)
                                case 4: try reader.readOptionalJSONSlot(&s_v4, Date.self, context)
                                case 5:
                                    try reader.claimSlot(&s_v5)
                                    s_v5 = try reader.array(context, lossy: false) { try $0.jsonValue(String.self, $1) }
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
                    try reader.optional(&s_v3, _loomKeys, 3, context)
                    try reader.optional(&s_v4, _loomKeys, 4, context)
                    try reader.required(&s_v5, _loomKeys, 5, context)
                    try reader.endObject()
                    return (try reader.unwrap(s_v0.take()), try reader.unwrap(s_v1.take()), Loom._flattened(s_v2.take()), Loom._flattened(s_v3.take()), Loom._flattened(s_v4.take()), try reader.unwrap(s_v5.take()))
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                    let _loomKeys = Self._loomKeys
                    try writer.beginObject()
                    try context._encodeJSONMember(self.number, _loomKeys, 0, to: &writer)
                    try context._encodeJSONMember(self.title, _loomKeys, 1, to: &writer)
                    try context._encodeOptionalJSONMember(self.body, _loomKeys, 2, to: &writer)
                    try context._encodeOptionalJSONMember(self.note, _loomKeys, 3, to: &writer)
                    try context._encodeOptionalJSONMember(self.closedAt, _loomKeys, 4, to: &writer)
                    context._writeKey(_loomKeys, 5, to: &writer)
                    try context.array(self.labels, to: &writer) { try context._encodeJSON($0, to: &$1) }
                    writer.endObject()
                }

                mutating func merge(from other: Self) {
                    self.title = other.title
                    if let value = other.body { self.body = value }
                    self.closedAt = other.closedAt
                    Self.mergeLabels(&self.labels, other.labels)
                }

                mutating func merge(from other: Self, only keyPaths: [PartialKeyPath<Self>]) {
                    if keyPaths.contains(\\Self.title) {
                        self.title = other.title
                    }
                    if keyPaths.contains(\\Self.body) {
                        if let value = other.body { self.body = value }
                    }
                    if keyPaths.contains(\\Self.closedAt) {
                        self.closedAt = other.closedAt
                    }
                    if keyPaths.contains(\\Self.labels) {
                        Self.mergeLabels(&self.labels, other.labels)
                    }
                }

                mutating func update(json element: Loom.JSONElement, context: Loom.JSONDecodingContext) throws {
                    var reader = Loom._JSONElementReader(element, context)
                    try self._loomUpdate(&reader, context)
                }

                mutating func _update(reading reader: inout Loom._JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom._JSONReader.Fallback) {
                    try Loom._JSONReader.narrowing { try self._loomUpdate(&reader, context) }
                }

                mutating func _loomUpdate<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws {
                    var (s_v0, s_v1, s_v2, s_v3, s_v4, s_v5): (v0: Optional<Int>, v1: Optional<String>, v2: Optional<String?>, v3: Optional<String?>, v4: Optional<Date?>, v5: Optional<[String]>) = (nil, nil, nil, nil, nil, nil)
                    let _loomKeys = Self._loomKeys
                    if try reader.beginObject(Self.self, _loomKeys, context) {
                        var hint = 0
                        repeat {
                            do {
                                switch try reader.nextKey(_loomKeys, hint: &hint) {
                                case 0: try reader.readJSONSlot(&s_v0, Int.self, context)
                                case 1: try reader.readJSONSlot(&s_v1, String.self, context)
                                case 2: try reader.readOptionalJSONSlot(&s_v2, String.self, context)
                                case 3: try reader.readOptionalJSONSlot(&s_v3, String.self, context)
                                case 4: try reader.readOptionalJSONSlot(&s_v4, Date.self, context)
                                case 5:
                                    try reader.claimSlot(&s_v5)
                                    s_v5 = try reader.array(context, lossy: false) { try $0.jsonValue(String.self, $1) }
                                default: try reader.passUnknown(context)
                                }
                            } catch {
                                try reader.recover(error, context)
                            }
                        } while try reader.moreMembers()
                    }
                    try reader.defaulted(&s_v1, _loomKeys, 1, context, default: "")
                    try reader.optionalDefaulted(&s_v2, _loomKeys, 2, context, default: "")
                    try reader.optionalDefaulted(&s_v3, _loomKeys, 3, context, default: "")
                    try reader.optionalDefaulted(&s_v4, _loomKeys, 4, context, default: "")
                    try reader.defaulted(&s_v5, _loomKeys, 5, context, default: "")
                    try reader.endObject()
                    if let value = s_v1.take() { self.title = value }
                    if let value = s_v2.take(), value != nil || !context._nullIsMissing { self.body = value }
                    if let value = s_v3.take(), value != nil || !context._nullIsMissing { self.note = value }
                    if let value = s_v4.take(), value != nil || !context._nullIsMissing { self.closedAt = value }
                    if let value = s_v5.take() { self.labels = value }
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        let _loomKeys = Self._loomKeys
                        var object = Loom._JSONSchemaObject()
                        object.addJSON(_loomKeys, 0, Int.self, .required, &schemas)
                        object.addJSON(_loomKeys, 1, String.self, .required, &schemas)
                        object.addNullableJSON(_loomKeys, 2, String.self, .optional, &schemas)
                        object.addNullableJSON(_loomKeys, 3, String.self, .optional, &schemas)
                        object.addNullableJSON(_loomKeys, 4, Date.self, .optional, &schemas)
                        object.add(_loomKeys, 5, Loom.JSONSchema.array(of: schemas._jsonSchema(for: String.self)), .required)
                        return object.schema
                    }
                }

                init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomRead(&reader, context))
                }

                init(_loomValues values: _LoomValues) {
                    let (u0, u1, u2, u3, u4, u5) = values
                    self.number = u0
                    self.title = u1
                    self.labels = u5
                    var new2 = u2; Swift.swap(&self.body, &new2)
                    var new3 = u3; Swift.swap(&self.note, &new3)
                    var new4 = u4; Swift.swap(&self.closedAt, &new4)
                }
            }
            """,
            macros: polyMacros
        )
    }

    /// An open class gets open members.
    @Test func openClass() {
        assertExpansion(
            """
            @JSONModel
            open class Node {
                public var name: String
            }
            """,
            expandedSource: """

            open class Node {
                public var name: String

                static let _loomKeys = Loom._JSONKeySet(["name"])

                typealias _LoomValues_Node = String

                public struct _LoomSlots_Node: ~Copyable {
                    public var s: (v0: Optional<String>, Void) = (nil, ())
                    public init() {}
                }

                public static func _loomReadMember_Node<_LoomReader: Loom._JSONReading>(_ slots: inout _LoomSlots_Node, _ slot: Int, _ keys: Loom._JSONKeySet, _ base: Int, _ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws {
                    switch slot {
                    case 0:
                        try reader.readJSONSlot(&slots.s.v0, String.self, context)
                    default: try reader.passValue()
                    }
                }

                @inline(never)
                static func _loomRead_Node<_LoomReader: Loom._JSONReading>(_ slots: inout _LoomSlots_Node, _ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws {
                    let _loomKeys = Self._loomKeys
                    guard try reader.beginObject(Self.self, _loomKeys, context) else { return }
                    var hint = 0
                    repeat {
                        do {
                            let slot = try reader.nextKey(_loomKeys, hint: &hint)
                            if slot >= 0 { try Node._loomReadMember_Node(&slots, slot, _loomKeys, 0, &reader, context) } else { try reader.passUnknown(context) }
                        } catch {
                            try reader.recover(error, context)
                        }
                    } while try reader.moreMembers()
                }

                public static func _loomCheck_Node<_LoomReader: Loom._JSONReading>(_ slots: inout _LoomSlots_Node, _ keys: Loom._JSONKeySet, _ base: Int, _ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws {
                    try reader.required(&slots.s.v0, keys, base &+ 0, context)
                }

                static func _loomValues_Node<_LoomReader: Loom._JSONReading>(_ slots: inout _LoomSlots_Node, _ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues_Node {
                    return try reader.unwrap(slots.s.v0.take())
                }

                public init<_LoomReader: Loom._JSONReading>(_loomSlots slots: inout _LoomSlots_Node, _ reader: inout _LoomReader, _ context: borrowing Loom.JSONDecodingContext) throws {
                    let u0 = try Node._loomValues_Node(&slots, &reader, context)
                    self.name = u0
                }

                public func _loomAfterReading_Node<_LoomReader: Loom._JSONReading>(_ keys: Loom._JSONKeySet, _ base: Int, _ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws {
                }

                public required convenience init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    var reader = Loom._JSONElementReader(element, context)
                    try self.init(_loomReading: &reader, context: context)
                }

                public required convenience init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    var slots = _LoomSlots_Node()
                    try Node._loomRead_Node(&slots, &reader, context)
                    try Node._loomCheck_Node(&slots, Node._loomKeys, 0, &reader, context)
                    try reader.endObject()
                    try self.init(_loomSlots: &slots, &reader, context)
                    try self._loomAfterReading_Node(Node._loomKeys, 0, &reader, context)
                }

                open class var _readsDirectly: Bool { true }

                open class func _read(from reader: inout Loom._JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom._JSONReader.Fallback) -> Self {
                    try reader.instance(of: Self.self, keys: Self._loomObjectKeys) { try Self._loomMake(&$0, context) }
                }

                open class func _loomMake(_ reader: inout Loom._JSONReader, _ context: Loom.JSONDecodingContext) throws -> Node {
                    try Node(_loomReading: &reader, context: context)
                }

                open func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(&writer) { try $0.beginObject(); try self._loomEncodeMembers(to: &$0, context: $1); $0.endObject() } }
                    try writer.beginObject()
                    try self._loomEncodeMembers(to: &writer, context: context)
                    writer.endObject()
                }

                open func _loomEncodeMembers(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    let _loomKeys = Self._loomKeys
                    try context._encodeJSONMember(self.name, _loomKeys, 0, to: &writer)
                }

                open class var _loomObjectKeys: Loom._JSONKeySet {
                    Self._loomKeys
                }

                open func _loomIsEqual(to other: AnyObject) -> Bool {
                    guard let other = other as? Node, ObjectIdentifier(type(of: self)) == ObjectIdentifier(type(of: other)) else { return false }
                    return Loom.JSONModelEquality.equal(self.name, other.name)
                }

                open func _loomHash(into hasher: inout Hasher) {
                    Loom.JSONModelEquality.hash(self.name, into: &hasher)
                }

                open func _loomDescribe(into fields: inout Loom._JSONModelFields) {
                    fields.append("name", self.name)
                }

                public func merge(from other: Node) {
                    self._loomMerge(from: other)
                }

                open func _loomMerge(from other: AnyObject) {
                    guard let other = other as? Node else { return }
                    self.name = other.name
                }

                public func merge(from other: Node, only keyPaths: [PartialKeyPath<Node>]) {
                    if keyPaths.contains(\\Node.name) {
                        self.name = other.name
                    }
                }

                open func update(json element: Loom.JSONElement, context: Loom.JSONDecodingContext) throws {
                    var reader = Loom._JSONElementReader(element, context)
                    try self._loomUpdateReading_Node(&reader, context)
                }

                open func _update(reading reader: inout Loom._JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom._JSONReader.Fallback) {
                    try reader.expect(!Node._loomKeys.repeatsKeys)
                    try Loom._JSONReader.narrowing { try self._loomUpdateReading_Node(&reader, context) }
                }

                func _loomUpdateReading_Node<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws {
                    var slots = _LoomSlots_Node()
                    try Node._loomRead_Node(&slots, &reader, context)
                    try self._loomUpdate_Node(&slots, Node._loomKeys, 0, &reader, context)
                    try reader.endObject()
                }

                public func _loomUpdate_Node<_LoomReader: Loom._JSONReading>(_ slots: inout _LoomSlots_Node, _ keys: Loom._JSONKeySet, _ base: Int, _ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws {
                    try reader.defaulted(&slots.s.v0, keys, base &+ 0, context, default: "")
                    if let value = slots.s.v0.take() { self.name = value }
                }

                open class func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Node.self) { schemas in
                        let _loomKeys = Self._loomKeys
                        var object = Loom._JSONSchemaObject()
                        object.addJSON(_loomKeys, 0, String.self, .required, &schemas)
                        return object.schema
                    }
                }
            }

            extension Node: Loom.JSONModel, Loom.JSONMergeable, Loom._JSONMapped {
            }
            """,
            macros: polyMacros
        )
    }

    /// Generic enums keep their key sets in computed properties.
    @Test func genericEnum() {
        assertExpansion(
            """
            @JSONModel(representation: .adjacent(tag: "t", content: "c"))
            enum Either<Left: JSONModel, Right: JSONModel> {
                case left(Left)
                case right(Right)
            }
            """,
            expandedSource: """

            enum Either<Left: JSONModel, Right: JSONModel> {
                case left(Left)
                case right(Right)

                static var _loomCases: Loom._JSONKeySet { Loom._JSONKeySet(["left", "right"], explicit: [true, true]) }

                static var _loomTagKeys: Loom._JSONKeySet { Loom._JSONKeySet(["t", "c"], explicit: [true, true]) }

                init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    let found = try context._adjacentlyTaggedCase(element, keys: Self._loomTagKeys, cases: Self._loomCases, for: Self.self, hasFallback: false)
                    switch found.slot {
                    case 0: self = .left(try found.payload { try found.context.decode(Left.self, from: $0) })
                    case 1: self = .right(try found.payload { try found.context.decode(Right.self, from: $0) })
                    default: throw found.unknownCase()
                    }
                }

                static var _readsDirectly: Bool { true }

                static func _read(from reader: inout Loom._JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom._JSONReader.Fallback) -> Self {
                    let (slot, unit) = try reader.adjacentCase(Self._loomTagKeys, Self._loomCases, context)
                    switch slot {
                    case 0:
                        try reader.expect(!unit)
                        let value = try Loom._JSONReader.narrowing { Self.left(try reader.value(Left.self, context)) }
                        try reader.endCase()
                        return value
                    case 1:
                        try reader.expect(!unit)
                        let value = try Loom._JSONReader.narrowing { Self.right(try reader.value(Right.self, context)) }
                        try reader.endCase()
                        return value
                    default:
                        try reader.fallBack()
                    }
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                    switch self {
                    case .left(let value):
                        try context._writeAdjacentlyTaggedCase(Self._loomTagKeys, Self._loomCases, 0, to: &writer) { try context.encode(value, to: &$0) }
                    case .right(let value):
                        try context._writeAdjacentlyTaggedCase(Self._loomTagKeys, Self._loomCases, 1, to: &writer) { try context.encode(value, to: &$0) }
                    }
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        var cases = Loom._JSONSchemaCases(.adjacent(tag: "t", content: "c"))
                        cases.add(["left"], schemas.schema(for: Left.self))
                        cases.add(["right"], schemas.schema(for: Right.self))
                        return cases.schema
                    }
                }
            }

            extension Either: Loom.JSONModel {
            }
            """,
            macros: polyMacros
        )
    }

    /// Several associated values: labeled ones are an object of their keys (optional and defaulted ones may be missing), unlabeled ones an array; one labeled value stays the payload itself.
    @Test func severalValuesExternal() {
        assertExpansion(
            """
            @JSONModel(keyStrategy: .snakeCase)
            enum Shape {
                case point(Double, Double?)
                case label(text: String, fontSize: Int?, weight: Int = 400)
                case circle(center: Point)
                case empty
            }
            """,
            expandedSource: """

            enum Shape {
                case point(Double, Double?)
                case label(text: String, fontSize: Int?, weight: Int = 400)
                case circle(center: Point)
                case empty

                static let _loomCases = Loom._JSONKeySet(["point", "label", "circle", "empty"], explicit: [true, true, true, true])

                static let _loomKeys_label = Loom._JSONKeySet(["text", "font_size", "weight"], explicit: [true, true, true])

                static func _loomRead_point<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> Self {
                    try reader.beginItems(Self.self, count: 2, context)
                    let value = Self.point(
                        try reader.item(0, context) { try $0.jsonValue(Double.self, $1) },
                        try reader.item(1, context) { try $0.optionalValue($1) { try $0.jsonValue(Double.self, $1) } })
                    try reader.endItems()
                    return value
                }

                static func _loomWrite_point(_ v0: Double, _ v1: Double?, to writer: inout Loom.JSONWriter, _ context: Loom.JSONEncodingContext) throws {
                    try writer.beginArray()
                    try context._encodeJSON(v0, to: &writer)
                    if let value = v1 { try context._encodeJSON(value, to: &writer) } else { writer.writeNull() }
                    writer.endArray()
                }

                static func _loomRead_label<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> Self {
                    let keys = Self._loomKeys_label
                    var v0: Optional<String> = nil
                    var v1: Optional<Int?> = nil
                    var v2: Optional<Int> = nil
                    if try reader.beginObject(Self.self, keys, context) {
                        var hint = 0
                        repeat {
                            do {
                                switch try reader.nextKey(keys, hint: &hint) {
                                case 0:
                                    try reader.readJSONSlot(&v0, String.self, context)
                                case 1:
                                    try reader.readOptionalJSONSlot(&v1, Int.self, context)
                                case 2:
                                    try reader.readJSONSlot(&v2, Int.self, context)
                                default: try reader.passUnknown(context)
                                }
                            } catch {
                                try reader.recover(error, context)
                            }
                        } while try reader.moreMembers()
                    }
                    try reader.required(&v0, keys, 0, context)
                    try reader.optional(&v1, keys, 1, context)
                    try reader.defaulted(&v2, keys, 2, context, default: "400")
                    try reader.endObject()
                    return Self.label(text: try reader.unwrap(v0.take()), fontSize: Loom._flattened(v1.take()), weight: v2.take() ?? 400)
                }

                static func _loomWrite_label(_ v0: String, _ v1: Int?, _ v2: Int, to writer: inout Loom.JSONWriter, _ context: Loom.JSONEncodingContext) throws {
                    let keys = Self._loomKeys_label
                    try writer.beginObject()
                    context._writeKey(keys, 0, to: &writer)
                    try context._encodeJSON(v0, to: &writer)
                    if let value = v1 {
                        context._writeKey(keys, 1, to: &writer)
                        try context._encodeJSON(value, to: &writer)
                    } else if context.writesNulls {
                        context._writeKey(keys, 1, to: &writer)
                        writer.writeNull()
                    }
                    context._writeKey(keys, 2, to: &writer)
                    try context._encodeJSON(v2, to: &writer)
                    writer.endObject()
                }

                init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    let found = try context._externallyTaggedCase(element, cases: Self._loomCases, for: Self.self, hasFallback: false)
                    switch found.slot {
                    case 0: self = try found.payload { try found.context._readCase($0) { try Self._loomRead_point(&$0, $1) } }
                    case 1: self = try found.payload { try found.context._readCase($0) { try Self._loomRead_label(&$0, $1) } }
                    case 2: self = .circle(center: try found.payload { try found.context.decode(Point.self, from: $0) })
                    case 3: self = .empty
                    default: throw found.unknownCase()
                    }
                }

                static var _readsDirectly: Bool { true }

                static func _read(from reader: inout Loom._JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom._JSONReader.Fallback) -> Self {
                    let (slot, unit) = try reader.externalCase(Self._loomCases, context)
                    switch slot {
                    case 0:
                        try reader.expect(!unit)
                        let value = try Loom._JSONReader.narrowing { try Self._loomRead_point(&reader, context) }
                        try reader.endCase()
                        return value
                    case 1:
                        try reader.expect(!unit)
                        let value = try Loom._JSONReader.narrowing { try Self._loomRead_label(&reader, context) }
                        try reader.endCase()
                        return value
                    case 2:
                        try reader.expect(!unit)
                        let value = try Loom._JSONReader.narrowing { Self.circle(center: try reader.value(Point.self, context)) }
                        try reader.endCase()
                        return value
                    case 3:
                        try reader.expect(unit)
                        return Self.empty
                    default:
                        try reader.fallBack()
                    }
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                    switch self {
                    case .point(let v0, let v1):
                        try context._writeExternallyTaggedCase(Self._loomCases, 0, to: &writer) { try Self._loomWrite_point(v0, v1, to: &$0, context) }
                    case .label(let v0, let v1, let v2):
                        try context._writeExternallyTaggedCase(Self._loomCases, 1, to: &writer) { try Self._loomWrite_label(v0, v1, v2, to: &$0, context) }
                    case .circle(let value):
                        try context._writeExternallyTaggedCase(Self._loomCases, 2, to: &writer) { try context.encode(value, to: &$0) }
                    case .empty:
                        context._writeExternallyTaggedCase(Self._loomCases, 3, to: &writer)
                    }
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        var cases = Loom._JSONSchemaCases(.external)
                        cases.add(["point"], Loom._JSONSchemaCases.items([schemas._jsonSchema(for: Double.self), Loom.JSONSchema.nullable(schemas._jsonSchema(for: Double.self))]))
                        var values1 = Loom._JSONSchemaObject()
                        values1.add(Self._loomKeys_label, 0, schemas._jsonSchema(for: String.self), .required)
                        values1.add(Self._loomKeys_label, 1, Loom.JSONSchema.nullable(schemas._jsonSchema(for: Int.self)), .optional)
                        values1.add(Self._loomKeys_label, 2, schemas._jsonSchema(for: Int.self), .defaulted, default: "400")
                        cases.add(["label"], values1.schema)
                        cases.add(["circle"], schemas.schema(for: Point.self))
                        cases.add(["empty"], nil)
                        return cases.schema
                    }
                }
            }

            extension Shape: Loom.JSONModel {
            }
            """,
            macros: polyMacros
        )
    }

    /// Integer tags under an internal tag key: the tag set is a `_JSONCaseTags`; labeled values are members beside the tag.
    @Test func integerTagsInternal() {
        assertExpansion(
            """
            @JSONModel(representation: .internal(tag: "kind"))
            enum Event {
                @JSONTag(1) case note(content: String, tags: [[String]] = [])
                @JSONTag(7, -7) case reaction(content: String)
                @JSONTag(5) case deletion
            }
            """,
            expandedSource: """

            enum Event {
                case note(content: String, tags: [[String]] = [])
                case reaction(content: String)
                case deletion

                static let _loomCases = Loom._JSONCaseTags([.int(1), .int(7), .int(-7), .int(5)])

                static let _loomTagKeys = Loom._JSONKeySet(["kind"], explicit: [true])

                static let _loomKeys_note = Loom._JSONKeySet(["content", "tags"], explicit: [true, true])

                static func _loomRead_note<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> Self {
                    let keys = Self._loomKeys_note
                    var v0: Optional<String> = nil
                    var v1: Optional<[[String]]> = nil
                    if try reader.beginObject(Self.self, keys, context) {
                        var hint = 0
                        repeat {
                            do {
                                switch try reader.nextKey(keys, hint: &hint) {
                                case 0:
                                    try reader.readJSONSlot(&v0, String.self, context)
                                case 1:
                                    try reader.readSlot(&v1, ([[String]]).self, context)
                                default: try reader.passUnknown(context)
                                }
                            } catch {
                                try reader.recover(error, context)
                            }
                        } while try reader.moreMembers()
                    }
                    try reader.required(&v0, keys, 0, context)
                    try reader.defaulted(&v1, keys, 1, context, default: "[]")
                    try reader.endObject()
                    return Self.note(content: try reader.unwrap(v0.take()), tags: v1.take() ?? [])
                }

                static func _loomWrite_note(_ v0: String, _ v1: [[String]], to writer: inout Loom.JSONWriter, _ context: Loom.JSONEncodingContext) throws {
                    let keys = Self._loomKeys_note
                    try writer.beginObject()
                    context._writeKey(keys, 0, to: &writer)
                    try context._encodeJSON(v0, to: &writer)
                    context._writeKey(keys, 1, to: &writer)
                    try context.encode(v1, to: &writer)
                    writer.endObject()
                }

                init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    let found = try context._internallyTaggedCase(element, tag: Self._loomTagKeys, cases: Self._loomCases, for: Self.self, hasFallback: false)
                    switch found.slot {
                    case 0: self = try found.payload { try found.context._readCase($0) { try Self._loomRead_note(&$0, $1) } }
                    case 1, 2: self = .reaction(content: try found.payload { try found.context.decode(String.self, from: $0) })
                    case 3: self = .deletion
                    default: throw found.unknownCase()
                    }
                }

                static var _readsDirectly: Bool { true }

                static func _read(from reader: inout Loom._JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom._JSONReader.Fallback) -> Self {
                    let slot = try reader.internalCase(Self._loomTagKeys, Self._loomCases, context)
                    switch slot {
                    case 0:
                        let value = try Loom._JSONReader.narrowing { try Self._loomRead_note(&reader, context) }
                        return value
                    case 1, 2:
                        let value = try Loom._JSONReader.narrowing { Self.reaction(content: try reader.jsonValue(String.self, context)) }
                        return value
                    case 3:
                        try reader.endUnitCase()
                        return Self.deletion
                    default:
                        try reader.fallBack()
                    }
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                    switch self {
                    case .note(let v0, let v1):
                        try context._writeInternallyTaggedCase(Self._loomTagKeys, Self._loomCases, 0, to: &writer) { try Self._loomWrite_note(v0, v1, to: &$0, context) }
                    case .reaction(let value):
                        try context._writeInternallyTaggedCase(Self._loomTagKeys, Self._loomCases, 1, to: &writer) { try context._encodeJSON(value, to: &$0) }
                    case .deletion:
                        try context._writeTaggedUnitCase(Self._loomTagKeys, Self._loomCases, 3, to: &writer)
                    }
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        var cases = Loom._JSONSchemaCases(.internal(tag: "kind"))
                        var values0 = Loom._JSONSchemaObject()
                        values0.add(Self._loomKeys_note, 0, schemas._jsonSchema(for: String.self), .required)
                        values0.add(Self._loomKeys_note, 1, schemas.schema(for: ([[String]]).self), .defaulted, default: "[]")
                        cases.add(values: [1], values0.schema)
                        cases.add(values: [7, -7], schemas._jsonSchema(for: String.self))
                        cases.add(values: [5], nil)
                        return cases.schema
                    }
                }
            }

            extension Event: Loom.JSONModel {
            }
            """,
            macros: polyMacros
        )
    }

    /// Boolean tags beside adjacent content, which is the array of the unlabeled values.
    @Test func booleanTagsAdjacent() {
        assertExpansion(
            """
            @JSONModel(representation: .adjacent(tag: "ok", content: "result"))
            enum Outcome {
                @JSONTag(true) case success(Int, String)
                @JSONTag(false) case failure(code: Int, message: String?)
            }
            """,
            expandedSource: """

            enum Outcome {
                case success(Int, String)
                case failure(code: Int, message: String?)

                static let _loomCases = Loom._JSONCaseTags([.bool(true), .bool(false)])

                static let _loomTagKeys = Loom._JSONKeySet(["ok", "result"], explicit: [true, true])

                static let _loomKeys_failure = Loom._JSONKeySet(["code", "message"], explicit: [true, true])

                static func _loomRead_success<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> Self {
                    try reader.beginItems(Self.self, count: 2, context)
                    let value = Self.success(
                        try reader.item(0, context) { try $0.jsonValue(Int.self, $1) },
                        try reader.item(1, context) { try $0.jsonValue(String.self, $1) })
                    try reader.endItems()
                    return value
                }

                static func _loomWrite_success(_ v0: Int, _ v1: String, to writer: inout Loom.JSONWriter, _ context: Loom.JSONEncodingContext) throws {
                    try writer.beginArray()
                    try context._encodeJSON(v0, to: &writer)
                    try context._encodeJSON(v1, to: &writer)
                    writer.endArray()
                }

                static func _loomRead_failure<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> Self {
                    let keys = Self._loomKeys_failure
                    var v0: Optional<Int> = nil
                    var v1: Optional<String?> = nil
                    if try reader.beginObject(Self.self, keys, context) {
                        var hint = 0
                        repeat {
                            do {
                                switch try reader.nextKey(keys, hint: &hint) {
                                case 0:
                                    try reader.readJSONSlot(&v0, Int.self, context)
                                case 1:
                                    try reader.readOptionalJSONSlot(&v1, String.self, context)
                                default: try reader.passUnknown(context)
                                }
                            } catch {
                                try reader.recover(error, context)
                            }
                        } while try reader.moreMembers()
                    }
                    try reader.required(&v0, keys, 0, context)
                    try reader.optional(&v1, keys, 1, context)
                    try reader.endObject()
                    return Self.failure(code: try reader.unwrap(v0.take()), message: Loom._flattened(v1.take()))
                }

                static func _loomWrite_failure(_ v0: Int, _ v1: String?, to writer: inout Loom.JSONWriter, _ context: Loom.JSONEncodingContext) throws {
                    let keys = Self._loomKeys_failure
                    try writer.beginObject()
                    context._writeKey(keys, 0, to: &writer)
                    try context._encodeJSON(v0, to: &writer)
                    if let value = v1 {
                        context._writeKey(keys, 1, to: &writer)
                        try context._encodeJSON(value, to: &writer)
                    } else if context.writesNulls {
                        context._writeKey(keys, 1, to: &writer)
                        writer.writeNull()
                    }
                    writer.endObject()
                }

                init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    let found = try context._adjacentlyTaggedCase(element, keys: Self._loomTagKeys, cases: Self._loomCases, for: Self.self, hasFallback: false)
                    switch found.slot {
                    case 0: self = try found.payload { try found.context._readCase($0) { try Self._loomRead_success(&$0, $1) } }
                    case 1: self = try found.payload { try found.context._readCase($0) { try Self._loomRead_failure(&$0, $1) } }
                    default: throw found.unknownCase()
                    }
                }

                static var _readsDirectly: Bool { true }

                static func _read(from reader: inout Loom._JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom._JSONReader.Fallback) -> Self {
                    let (slot, unit) = try reader.adjacentCase(Self._loomTagKeys, Self._loomCases, context)
                    switch slot {
                    case 0:
                        try reader.expect(!unit)
                        let value = try Loom._JSONReader.narrowing { try Self._loomRead_success(&reader, context) }
                        try reader.endCase()
                        return value
                    case 1:
                        try reader.expect(!unit)
                        let value = try Loom._JSONReader.narrowing { try Self._loomRead_failure(&reader, context) }
                        try reader.endCase()
                        return value
                    default:
                        try reader.fallBack()
                    }
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                    switch self {
                    case .success(let v0, let v1):
                        try context._writeAdjacentlyTaggedCase(Self._loomTagKeys, Self._loomCases, 0, to: &writer) { try Self._loomWrite_success(v0, v1, to: &$0, context) }
                    case .failure(let v0, let v1):
                        try context._writeAdjacentlyTaggedCase(Self._loomTagKeys, Self._loomCases, 1, to: &writer) { try Self._loomWrite_failure(v0, v1, to: &$0, context) }
                    }
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        var cases = Loom._JSONSchemaCases(.adjacent(tag: "ok", content: "result"))
                        cases.add(values: [true], Loom._JSONSchemaCases.items([schemas._jsonSchema(for: Int.self), schemas._jsonSchema(for: String.self)]))
                        var values1 = Loom._JSONSchemaObject()
                        values1.add(Self._loomKeys_failure, 0, schemas._jsonSchema(for: Int.self), .required)
                        values1.add(Self._loomKeys_failure, 1, Loom.JSONSchema.nullable(schemas._jsonSchema(for: String.self)), .optional)
                        cases.add(values: [false], values1.schema)
                        return cases.schema
                    }
                }
            }

            extension Outcome: Loom.JSONModel {
            }
            """,
            macros: polyMacros
        )
    }

    /// Untagged: the first case is read directly, the general path tries the cases in order.
    @Test func severalValuesUntagged() {
        assertExpansion(
            """
            @JSONModel(representation: .untagged)
            enum Coordinate {
                case pair(Double, Double)
                case named(x: Double, y: Double)
            }
            """,
            expandedSource: """

            enum Coordinate {
                case pair(Double, Double)
                case named(x: Double, y: Double)

                static let _loomKeys_named = Loom._JSONKeySet(["x", "y"], explicit: [true, true])

                static func _loomRead_pair<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> Self {
                    try reader.beginItems(Self.self, count: 2, context)
                    let value = Self.pair(
                        try reader.item(0, context) { try $0.jsonValue(Double.self, $1) },
                        try reader.item(1, context) { try $0.jsonValue(Double.self, $1) })
                    try reader.endItems()
                    return value
                }

                static func _loomWrite_pair(_ v0: Double, _ v1: Double, to writer: inout Loom.JSONWriter, _ context: Loom.JSONEncodingContext) throws {
                    try writer.beginArray()
                    try context._encodeJSON(v0, to: &writer)
                    try context._encodeJSON(v1, to: &writer)
                    writer.endArray()
                }

                static func _loomRead_named<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> Self {
                    let keys = Self._loomKeys_named
                    var v0: Optional<Double> = nil
                    var v1: Optional<Double> = nil
                    if try reader.beginObject(Self.self, keys, context) {
                        var hint = 0
                        repeat {
                            do {
                                switch try reader.nextKey(keys, hint: &hint) {
                                case 0:
                                    try reader.readJSONSlot(&v0, Double.self, context)
                                case 1:
                                    try reader.readJSONSlot(&v1, Double.self, context)
                                default: try reader.passUnknown(context)
                                }
                            } catch {
                                try reader.recover(error, context)
                            }
                        } while try reader.moreMembers()
                    }
                    try reader.required(&v0, keys, 0, context)
                    try reader.required(&v1, keys, 1, context)
                    try reader.endObject()
                    return Self.named(x: try reader.unwrap(v0.take()), y: try reader.unwrap(v1.take()))
                }

                static func _loomWrite_named(_ v0: Double, _ v1: Double, to writer: inout Loom.JSONWriter, _ context: Loom.JSONEncodingContext) throws {
                    let keys = Self._loomKeys_named
                    try writer.beginObject()
                    context._writeKey(keys, 0, to: &writer)
                    try context._encodeJSON(v0, to: &writer)
                    context._writeKey(keys, 1, to: &writer)
                    try context._encodeJSON(v1, to: &writer)
                    writer.endObject()
                }

                init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    var attempts = Loom._JSONUntaggedAttempts(context)
                    if let value = attempts.attempt("pair", { try context._readCase(element) { try Self._loomRead_pair(&$0, $1) } }) {
                        self = value
                        return
                    }
                    if let value = attempts.attempt("named", { try context._readCase(element) { try Self._loomRead_named(&$0, $1) } }) {
                        self = value
                        return
                    }
                    throw attempts.failure(for: Self.self, element)
                }

                static var _readsDirectly: Bool { true }

                static func _read(from reader: inout Loom._JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom._JSONReader.Fallback) -> Self {
                    return try Loom._JSONReader.narrowing { try Self._loomRead_pair(&reader, context) }
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                    switch self {
                    case .pair(let v0, let v1):
                        try Self._loomWrite_pair(v0, v1, to: &writer, context)
                    case .named(let v0, let v1):
                        try Self._loomWrite_named(v0, v1, to: &writer, context)
                    }
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        var cases = Loom._JSONSchemaCases(.untagged)
                        cases.add(["pair"], Loom._JSONSchemaCases.items([schemas._jsonSchema(for: Double.self), schemas._jsonSchema(for: Double.self)]))
                        var values1 = Loom._JSONSchemaObject()
                        values1.add(Self._loomKeys_named, 0, schemas._jsonSchema(for: Double.self), .required)
                        values1.add(Self._loomKeys_named, 1, schemas._jsonSchema(for: Double.self), .required)
                        cases.add(["named"], values1.schema)
                        return cases.schema
                    }
                }
            }

            extension Coordinate: Loom.JSONModel {
            }
            """,
            macros: polyMacros
        )
    }
}
