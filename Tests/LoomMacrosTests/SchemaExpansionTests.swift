import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// What `describeSchema(in:)` says for each kind of property: the shape around the innermost
/// type, the presence, defaults written as JSON, documentation comments, transformers and
/// leniency. The same kinds of models are compiled and validated in `Tests/LoomTests/Schema/`.
@Suite("@JSONModel expansion: JSON Schema")
struct SchemaExpansionTests {
    /// Documentation comments become descriptions; literal defaults become JSON; a transformer
    /// states the schema of what it reads; a lenient property accepts anything.
    @Test func documentedDefaultsAndTransformers() {
        assertExpansion(
            #"""
            /// An event in a calendar.
            @JSONModel
            struct Event {
                /// When it starts.
                @JSONTransform(.iso8601) var start: Date
                var tags: [String: [Int]] = ["a": [1, -2]]
                var title: String = "Untitled \"draft\""
                @JSONLenient var count: Int
                @JSONKey(collecting: ["low", "high"]) var range: [String: Double]
            }
            """#,
            expandedSource: #"""

            /// An event in a calendar.
            struct Event {
                /// When it starts.
                var start: Date
                var tags: [String: [Int]] = ["a": [1, -2]]
                var title: String = "Untitled \"draft\""
                var count: Int
                var range: [String: Double]
            }

            extension Event: Loom.JSONModel, Loom._JSONMapped {
                static let _loomKeys = Loom._JSONKeySet(["start", "tags", "title", "count", "low", "high"], explicit: [false, false, false, false, true, true])

                private static let _loomTransformer_0 = Loom._transformer(.iso8601)

                typealias _LoomValues = (Date, Optional<[String: [Int]]>, Optional<String>, Int, [String: Double])

                @inline(never)
                static func _loomRead<_LoomReader: Loom._JSONReading>(_ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues {
                    var (s_v0, s_v1, s_v2, s_v3, s_c4): (v0: Optional<Date>, v1: Optional<[String: [Int]]>, v2: Optional<String>, v3: Optional<Int>, c4: Loom._JSONCollectedSlot) = (nil, nil, nil, nil, Loom._JSONCollectedSlot())
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
                                    try reader.claimSlot(&s_v1)
                                    s_v1 = try reader.dictionary(context, lossy: false) { try $0.array($1, lossy: false) { try $0.jsonValue(Int.self, $1) } }
                                case 2: try reader.readJSONSlot(&s_v2, String.self, context)
                                case 3: try reader.readJSONSlot(&s_v3, Int.self, context.lenient)
                                case 4: try reader.collect(&s_c4, 0)
                                case 5: try reader.collect(&s_c4, 1)
                                default: try reader.passUnknown(context)
                                }
                            } catch {
                                try reader.recover(error, context)
                            }
                        } while try reader.moreMembers()
                    }
                    try reader.required(&s_v0, _loomKeys, 0, context)
                    try reader.defaulted(&s_v1, _loomKeys, 1, context, default: "[\"a\": [1, -2]]")
                    try reader.defaulted(&s_v2, _loomKeys, 2, context, default: "\"Untitled \\\"draft\\\"\"")
                    try reader.required(&s_v3, _loomKeys, 3, context.lenient)
                    let c4 = try reader.collected(&s_c4, [("low", _loomKeys, 4), ("high", _loomKeys, 5)], .required, context, default: "") { try $0.dictionary($1, lossy: false) { try $0.jsonValue(Double.self, $1) } }
                    try reader.endObject()
                    return (try reader.unwrap(s_v0.take()), s_v1.take(), s_v2.take(), try reader.unwrap(s_v3.take()), try reader.unwrap(c4))
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                    let _loomKeys = Self._loomKeys
                    let c4 = try context._collect(self.range) { try context.dictionary($0, to: &$1) { try context._encodeJSON($0, to: &$1) } }
                    try writer.beginObject()
                    context._writeKey(_loomKeys, 0, to: &writer)
                    try context.transform(self.start, with: Self._loomTransformer_0, to: &writer)
                    context._writeKey(_loomKeys, 1, to: &writer)
                    try context.dictionary(self.tags, to: &writer) { try context.array($0, to: &$1) { try context._encodeJSON($0, to: &$1) } }
                    try context._encodeJSONMember(self.title, _loomKeys, 2, to: &writer)
                    try context._encodeJSONMember(self.count, _loomKeys, 3, to: &writer)
                    try context._writeCollected(c4, "low", _loomKeys, 4, to: &writer)
                    try context._writeCollected(c4, "high", _loomKeys, 5, to: &writer)
                    writer.endObject()
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self, description: "An event in a calendar.") { schemas in
                        let _loomKeys = Self._loomKeys
                        var object = Loom._JSONSchemaObject()
                        object.add(_loomKeys, 0, schemas.schema(transformedBy: Self._loomTransformer_0), .required, description: "When it starts.")
                        object.add(_loomKeys, 1, Loom.JSONSchema.dictionary(of: Loom.JSONSchema.array(of: schemas._jsonSchema(for: Int.self))), .defaulted, default: "{\"a\":[1,-2]}")
                        object.add(_loomKeys, 2, schemas._jsonSchema(for: String.self), .defaulted, default: "\"Untitled \\\"draft\\\"\"")
                        object.add(_loomKeys, 3, Loom.JSONSchema.any, .required, lenient: true)
                        object.add(collecting: [(_loomKeys, 4), (_loomKeys, 5)], schemas._jsonSchema(for: Double.self))
                        return object.schema
                    }
                }

                init<_LoomReader: Loom._JSONReading>(_loomReading reader: inout _LoomReader, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomRead(&reader, context))
                }

                init(_loomValues values: _LoomValues) {
                    let (u0, u1, u2, u3, u4) = values
                    self.start = u0
                    self.count = u3
                    self.range = u4
                    if var new1 = u1 { Swift.swap(&self.tags, &new1) }
                    if var new2 = u2 { Swift.swap(&self.title, &new2) }
                }
            }
            """#
        )
    }

    /// A subclass adds its own properties to everything its superclass's schema requires.
    @Test func subclass() {
        assertExpansion(
            """
            @JSONModel
            final class TextMessage: Message {
                var body: String
            }
            """,
            expandedSource: """

            final class TextMessage: Message {
                var body: String

                static let _loomKeys_TextMessage = Loom._JSONKeySet(["body"], inheriting: Message._loomObjectKeys)

                typealias _LoomValues_TextMessage = String

                struct _LoomSlots_TextMessage: ~Copyable {
                    var sup = Message._LoomSlots_Message()
                    var s: (v0: Optional<String>, Void) = (nil, ())
                    init() {}
                }

                static func _loomReadMember_TextMessage<_LoomReader: Loom._JSONReading>(_ slots: inout _LoomSlots_TextMessage, _ slot: Int, _ keys: Loom._JSONKeySet, _ base: Int, _ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws {
                    switch slot {
                    case 0:
                        try reader.readJSONSlot(&slots.s.v0, String.self, context)
                    default: try Message._loomReadMember_Message(&slots.sup, slot &- 1, keys, base &+ 1, &reader, context)
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
                    try Message._loomCheck_Message(&slots.sup, keys, base &+ 1, &reader, context)
                }

                static func _loomValues_TextMessage<_LoomReader: Loom._JSONReading>(_ slots: inout _LoomSlots_TextMessage, _ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws -> _LoomValues_TextMessage {
                    return try reader.unwrap(slots.s.v0.take())
                }

                init<_LoomReader: Loom._JSONReading>(_loomSlots slots: inout _LoomSlots_TextMessage, _ reader: inout _LoomReader, _ context: borrowing Loom.JSONDecodingContext) throws {
                    let u0 = try TextMessage._loomValues_TextMessage(&slots, &reader, context)
                    self.body = u0
                    try super.init(_loomSlots: &slots.sup, &reader, context)
                }

                func _loomAfterReading_TextMessage<_LoomReader: Loom._JSONReading>(_ keys: Loom._JSONKeySet, _ base: Int, _ reader: inout _LoomReader, _ context: Loom.JSONDecodingContext) throws {
                    try self._loomAfterReading_Message(keys, base &+ 1, &reader, context)
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
                }

                override class var _loomObjectKeys: Loom._JSONKeySet {
                    Self._loomKeys_TextMessage
                }

                override func _loomIsEqual(to other: AnyObject) -> Bool {
                    guard super._loomIsEqual(to: other), let other = other as? TextMessage else { return false }
                    return Loom.JSONModelEquality.equal(self.body, other.body)
                }

                override func _loomHash(into hasher: inout Hasher) {
                    super._loomHash(into: &hasher)
                    Loom.JSONModelEquality.hash(self.body, into: &hasher)
                }

                override func _loomDescribe(into fields: inout Loom._JSONModelFields) {
                    super._loomDescribe(into: &fields)
                    fields.append("body", self.body)
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
                    try self._loomUpdate_Message(&slots.sup, keys, base &+ 1, &reader, context)
                    try reader.defaulted(&slots.s.v0, keys, base &+ 0, context, default: "")
                    if let value = slots.s.v0.take() { self.body = value }
                }

                override class func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(TextMessage.self) { schemas in
                        let _loomKeys_TextMessage = Self._loomKeys_TextMessage
                        var object = Loom._JSONSchemaObject(inheriting: Message.describeSchema(in: &schemas))
                        object.addJSON(_loomKeys_TextMessage, 0, String.self, .required, &schemas)
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

            extension TextMessage: Loom.JSONModel, Loom._JSONMapped {
            }
            """
        )
    }

    /// An enum lists its cases with their tags and payloads.
    @Test func polymorphicEnum() {
        assertExpansion(
            """
            @JSONModel(representation: .adjacent(tag: "type", content: "data"))
            enum Shape {
                case circle(Circle)
                @JSONTag("rect", "rectangle") case rectangle(Rectangle)
                case empty
                @JSONFallback case other(JSONValue)
            }
            """,
            expandedSource: """

            enum Shape {
                case circle(Circle)
                @JSONTag("rect", "rectangle") case rectangle(Rectangle)
                case empty
                @JSONFallback case other(JSONValue)

                static let _loomCases = Loom._JSONKeySet(["circle", "rect", "rectangle", "empty"], explicit: [true, true, true, true])

                static let _loomTagKeys = Loom._JSONKeySet(["type", "data"], explicit: [true, true])

                init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    let found = try context._adjacentlyTaggedCase(element, keys: Self._loomTagKeys, cases: Self._loomCases, for: Self.self, hasFallback: true)
                    switch found.slot {
                    case 0: self = .circle(try found.payload { try found.context.decode(Circle.self, from: $0) })
                    case 1, 2: self = .rectangle(try found.payload { try found.context.decode(Rectangle.self, from: $0) })
                    case 3: self = .empty
                    default: self = .other(try context.decode(JSONValue.self, from: element))
                    }
                }

                static var _readsDirectly: Bool { true }

                static func _read(from reader: inout Loom._JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom._JSONReader.Fallback) -> Self {
                    let start = reader.mark()
                    let (slot, unit) = try reader.adjacentCase(Self._loomTagKeys, Self._loomCases, context)
                    switch slot {
                    case 0:
                        try reader.expect(!unit)
                        let value = try Loom._JSONReader.narrowing { Self.circle(try reader.value(Circle.self, context)) }
                        try reader.endCase()
                        return value
                    case 1, 2:
                        try reader.expect(!unit)
                        let value = try Loom._JSONReader.narrowing { Self.rectangle(try reader.value(Rectangle.self, context)) }
                        try reader.endCase()
                        return value
                    case 3:
                        try reader.expect(unit)
                        return Self.empty
                    default:
                        reader.rewind(to: start); return try Loom._JSONReader.narrowing { Self.other(try reader.value(JSONValue.self, context)) }
                    }
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context._needsLargerStack { return try context._onLargerStack(self, &writer) }
                    switch self {
                    case .circle(let value):
                        try context._writeAdjacentlyTaggedCase(Self._loomTagKeys, Self._loomCases, 0, to: &writer) { try context.encode(value, to: &$0) }
                    case .rectangle(let value):
                        try context._writeAdjacentlyTaggedCase(Self._loomTagKeys, Self._loomCases, 1, to: &writer) { try context.encode(value, to: &$0) }
                    case .empty:
                        try context._writeTaggedUnitCase(Self._loomTagKeys, Self._loomCases, 3, to: &writer)
                    case .other(let value):
                        try context.encode(value, to: &writer)
                    }
                }

                static func describeSchema(in schemas: inout Loom.JSONSchemaDefinitions) -> Loom.JSONValue {
                    schemas.model(Self.self) { schemas in
                        var cases = Loom._JSONSchemaCases(.adjacent(tag: "type", content: "data"))
                        cases.add(["circle"], schemas.schema(for: Circle.self))
                        cases.add(["rect", "rectangle"], schemas.schema(for: Rectangle.self))
                        cases.add(["empty"], nil)
                        cases.fallback(schemas.schema(for: JSONValue.self))
                        return cases.schema
                    }
                }
            }

            extension Shape: Loom.JSONModel {
            }
            """
        )
    }
}
