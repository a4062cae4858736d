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

                static let _loomKeys = Loom.JSONKeySet(["start", "tags", "end"])

                private static let _loomTransformer_2 = Loom._transformer(.iso8601)

                typealias _LoomValues = (Date, [String]?, Date)

                static func _loomDecode(_ element: Loom.JSONElement, _ context: borrowing Loom.JSONDecodingContext) throws -> _LoomValues {
                    let _loomKeys = Self._loomKeys
                    let members = try context.object(element, for: Self.self)
                    var s0: Loom.JSONElement? = nil
                    var s1: Loom.JSONElement? = nil
                    var s2: Loom.JSONElement? = nil
                    var errors = Loom.JSONErrorAccumulator(context)
                    var hint = 0
                    for member in members {
                        switch _loomKeys.match(member.key, hint: &hint, context) {
                        case 0: context.assign(&s0, member.value)
                        case 1: context.assign(&s1, member.value)
                        case 2: context.assign(&s2, member.value)
                        default: context.unknownKey(member.key, _loomKeys, into: &errors)
                        }
                    }
                    let v0 = try errors.capture {
                        try context.required(s0, _loomKeys, 0) { try $1.transform($0, with: Self.jsonTransformer(forProperty: "start", of: Date.self)) { try $1.decode(Date.self, from: $0) } }
                    }
                    let v1 = try errors.capture {
                        try context.optional(s1, _loomKeys, 1) { try $1.transform($0, with: Self.jsonTransformer(forProperty: "tags", of: [String].self)) { try $1.array($0) { try $1.decode(String.self, from: $0) } } }
                    }
                    let v2 = try errors.capture {
                        try context.required(s2, _loomKeys, 2) { try $1.transform($0, with: Self._loomTransformer_2) }
                    }
                    try errors.finish()
                    let u0 = try Loom.JSONErrorAccumulator.unwrap(v0)
                    let u1 = try Loom.JSONErrorAccumulator.unwrap(v1)
                    let u2 = try Loom.JSONErrorAccumulator.unwrap(v2)
                    return (u0, u1, u2)
                }

                static var readsDirectly: Bool { true }

                static func read(from reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) -> Self {
                    try Self(_loomReading: &reader, context: context)
                }

                private struct _LoomSlots {
                    var v0: Optional<Date> = nil
                    var v1: Optional<[String]?> = nil
                    var v2: Optional<Date> = nil
                }

                @inline(never)
                private static func _loomRead(_ slots: inout _LoomSlots, _ reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    let _loomKeys = Self._loomKeys
                    guard try reader.beginObject(context) else { return }
                    var hint = 0
                    repeat {
                        switch try reader.key(_loomKeys, hint: &hint) {
                        case 0:
                            try reader.claim(slots.v0)
                            slots.v0 = try reader.element(context) { try $1.transform($0, with: Self.jsonTransformer(forProperty: "start", of: Date.self)) { try $1.decode(Date.self, from: $0) } }
                        case 1:
                            try reader.claim(slots.v1, nullable: true)
                            slots.v1 = .some(try reader.readNull() ? .none : reader.element(context) { try $1.transform($0, with: Self.jsonTransformer(forProperty: "tags", of: [String].self)) { try $1.array($0) { try $1.decode(String.self, from: $0) } } })
                        case 2:
                            try reader.claim(slots.v2)
                            slots.v2 = try reader.element(context) { try $1.transform($0, with: Self._loomTransformer_2) }
                        default: try reader.skipUnknown(context)
                        }
                    } while try reader.nextMember()
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context.needsLargerStack { return try context.onLargerStack(&writer) { try self.encode(to: &$0, context: $1) } }
                    try writer.beginObject()
                    context.writeKey(Self._loomKeys, 0, to: &writer)
                    try context.transform(self.start, with: Self.jsonTransformer(forProperty: "start", of: Date.self), to: &writer) { try context.encode($0, to: &$1) }
                    if let value = self.tags {
                        context.writeKey(Self._loomKeys, 1, to: &writer)
                        try context.transform(value, with: Self.jsonTransformer(forProperty: "tags", of: [String].self), to: &writer) { try context.array($0, to: &$1) { try context.encode($0, to: &$1) } }
                    } else if context.writesNulls {
                        context.writeKey(Self._loomKeys, 1, to: &writer)
                        writer.writeNull()
                    }
                    context.writeKey(Self._loomKeys, 2, to: &writer)
                    try context.transform(self.end, with: Self._loomTransformer_2, to: &writer)
                    writer.endObject()
                }
            }

            extension Event: Loom.JSONModel {
                init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomDecode(element, context))
                }

                init(_loomValues values: consuming _LoomValues) {
                    let (u0, u1, u2) = values
                    self.start = u0
                    self.end = u2
                    var new1 = u1; Swift.swap(&self.tags, &new1)
                }

                init(_loomReading reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    var slots = _LoomSlots()
                    try Self._loomRead(&slots, &reader, context: context)
                    let u0 = try reader.required(slots.v0.take())
                    let u1 = slots.v1.take() ?? nil
                    let u2 = try reader.required(slots.v2.take())
                    self.init(_loomValues: (u0, u1, u2))
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

                static var _loomKeys: Loom.JSONKeySet { Loom.JSONKeySet(["at"]) }

                typealias _LoomValues = Date

                static func _loomDecode(_ element: Loom.JSONElement, _ context: borrowing Loom.JSONDecodingContext) throws -> _LoomValues {
                    let _loomKeys = Self._loomKeys
                    let members = try context.object(element, for: Self.self)
                    var s0: Loom.JSONElement? = nil
                    var errors = Loom.JSONErrorAccumulator(context)
                    var hint = 0
                    for member in members {
                        switch _loomKeys.match(member.key, hint: &hint, context) {
                        case 0: context.assign(&s0, member.value)
                        default: context.unknownKey(member.key, _loomKeys, into: &errors)
                        }
                    }
                    let v0 = try errors.capture {
                        try context.required(s0, _loomKeys, 0) { try $1.transform($0, with: .secondsSince1970) }
                    }
                    try errors.finish()
                    let u0 = try Loom.JSONErrorAccumulator.unwrap(v0)
                    return u0
                }

                static var readsDirectly: Bool { true }

                static func read(from reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) -> Self {
                    try Self(_loomReading: &reader, context: context)
                }

                private struct _LoomSlots {
                    var v0: Optional<Date> = nil
                }

                @inline(never)
                private static func _loomRead(_ slots: inout _LoomSlots, _ reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    let _loomKeys = Self._loomKeys
                    guard try reader.beginObject(context) else { return }
                    var hint = 0
                    repeat {
                        switch try reader.key(_loomKeys, hint: &hint) {
                        case 0:
                            try reader.claim(slots.v0)
                            slots.v0 = try reader.element(context) { try $1.transform($0, with: .secondsSince1970) }
                        default: try reader.skipUnknown(context)
                        }
                    } while try reader.nextMember()
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context.needsLargerStack { return try context.onLargerStack(&writer) { try self.encode(to: &$0, context: $1) } }
                    let _loomKeys = Self._loomKeys
                    try writer.beginObject()
                    context.writeKey(_loomKeys, 0, to: &writer)
                    try context.transform(self.at, with: .secondsSince1970, to: &writer)
                    writer.endObject()
                }
            }

            extension Box: Loom.JSONModel {
                init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomDecode(element, context))
                }

                init(_loomValues values: consuming _LoomValues) {
                    let u0 = values
                    self.at = u0
                }

                init(_loomReading reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    var slots = _LoomSlots()
                    try Self._loomRead(&slots, &reader, context: context)
                    let u0 = try reader.required(slots.v0.take())
                    self.init(_loomValues: u0)
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

                static let _loomKeys = Loom.JSONKeySet(["count", "ids", "groups"])

                typealias _LoomValues = (Optional<Int>, [Int], [String: Set<Int>]?)

                static func _loomDecode(_ element: Loom.JSONElement, _ context: borrowing Loom.JSONDecodingContext) throws -> _LoomValues {
                    let _loomKeys = Self._loomKeys
                    let members = try context.object(element, for: Self.self)
                    var s0: Loom.JSONElement? = nil
                    var s1: Loom.JSONElement? = nil
                    var s2: Loom.JSONElement? = nil
                    var errors = Loom.JSONErrorAccumulator(context)
                    var hint = 0
                    for member in members {
                        switch _loomKeys.match(member.key, hint: &hint, context) {
                        case 0: context.assign(&s0, member.value)
                        case 1: context.assign(&s1, member.value)
                        case 2: context.assign(&s2, member.value)
                        default: context.unknownKey(member.key, _loomKeys, into: &errors)
                        }
                    }
                    let v0 = try errors.capture { [context = context.lenient] in
                        try context.defaulted(s0, _loomKeys, 0, in: element, default: "0") { try $1.decode(Int.self, from: $0) }
                    }
                    let v1 = try errors.capture {
                        try context.required(s1, _loomKeys, 1) { try $1.array($0, lossy: true) { try $1.decode(Int.self, from: $0) } }
                    }
                    let v2 = try errors.capture {
                        try context.optional(s2, _loomKeys, 2) { try $1.dictionary($0, lossy: true) { try $1.set($0, lossy: true) { try $1.decode(Int.self, from: $0) } } }
                    }
                    try errors.finish()
                    let u0 = try Loom.JSONErrorAccumulator.unwrap(v0)
                    let u1 = try Loom.JSONErrorAccumulator.unwrap(v1)
                    let u2 = try Loom.JSONErrorAccumulator.unwrap(v2)
                    return (u0, u1, u2)
                }

                static var readsDirectly: Bool { true }

                static func read(from reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) -> Self {
                    try Self(_loomReading: &reader, context: context)
                }

                private struct _LoomSlots {
                    var v0: Optional<Int> = nil
                    var v1: Optional<[Int]> = nil
                    var v2: Optional<[String: Set<Int>]?> = nil
                }

                @inline(never)
                private static func _loomRead(_ slots: inout _LoomSlots, _ reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    let _loomKeys = Self._loomKeys
                    guard try reader.beginObject(context) else { return }
                    var hint = 0
                    repeat {
                        switch try reader.key(_loomKeys, hint: &hint) {
                        case 0:
                            try reader.claim(slots.v0)
                            slots.v0 = try reader.decode(Int.self, context)
                        case 1:
                            try reader.claim(slots.v1)
                            slots.v1 = try reader.array(context) { try $0.decode(Int.self, $1) }
                        case 2:
                            try reader.claim(slots.v2, nullable: true)
                            slots.v2 = .some(try reader.readNull() ? .none : reader.dictionary(context) { try $0.set($1) { try $0.decode(Int.self, $1) } })
                        default: try reader.skipUnknown(context)
                        }
                    } while try reader.nextMember()
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context.needsLargerStack { return try context.onLargerStack(&writer) { try self.encode(to: &$0, context: $1) } }
                    try writer.beginObject()
                    context.writeKey(Self._loomKeys, 0, to: &writer)
                    try context.encode(self.count, to: &writer)
                    context.writeKey(Self._loomKeys, 1, to: &writer)
                    try context.array(self.ids, to: &writer) { try context.encode($0, to: &$1) }
                    if let value = self.groups {
                        context.writeKey(Self._loomKeys, 2, to: &writer)
                        try context.dictionary(value, to: &writer) { try context.array($0, to: &$1) { try context.encode($0, to: &$1) } }
                    } else if context.writesNulls {
                        context.writeKey(Self._loomKeys, 2, to: &writer)
                        writer.writeNull()
                    }
                    writer.endObject()
                }
            }

            extension Feed: Loom.JSONModel {
                init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomDecode(element, context))
                }

                init(_loomValues values: consuming _LoomValues) {
                    let (u0, u1, u2) = values
                    self.ids = u1
                    if var new0 = u0 { Swift.swap(&self.count, &new0) }
                    var new2 = u2; Swift.swap(&self.groups, &new2)
                }

                init(_loomReading reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    var slots = _LoomSlots()
                    try Self._loomRead(&slots, &reader, context: context)
                    let u0 = slots.v0.take()
                    let u1 = try reader.required(slots.v1.take())
                    let u2 = slots.v2.take() ?? nil
                    self.init(_loomValues: (u0, u1, u2))
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

                static let _loomKeys = Loom.JSONKeySet(["id"])

                typealias _LoomValues = Int

                static func _loomDecode(_ element: Loom.JSONElement, _ context: borrowing Loom.JSONDecodingContext) throws -> _LoomValues {
                    let _loomKeys = Self._loomKeys
                    let context = context.lenient
                    let members = try context.object(element, for: Self.self)
                    var s0: Loom.JSONElement? = nil
                    var errors = Loom.JSONErrorAccumulator(context)
                    var hint = 0
                    for member in members {
                        switch _loomKeys.match(member.key, hint: &hint, context) {
                        case 0: context.assign(&s0, member.value)
                        default: context.unknownKey(member.key, _loomKeys, into: &errors)
                        }
                    }
                    let v0 = try context.required(s0, _loomKeys, 0, Int.self, into: &errors)
                    try errors.finish()
                    let u0 = try Loom.JSONErrorAccumulator.unwrap(v0)
                    return u0
                }

                static var readsDirectly: Bool { true }

                static func read(from reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) -> Self {
                    try Self(_loomReading: &reader, context: context)
                }

                private struct _LoomSlots {
                    var v0: Optional<Int> = nil
                }

                @inline(never)
                private static func _loomRead(_ slots: inout _LoomSlots, _ reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    let _loomKeys = Self._loomKeys
                    guard try reader.beginObject(context) else { return }
                    var hint = 0
                    repeat {
                        switch try reader.key(_loomKeys, hint: &hint) {
                        case 0:
                            try reader.claim(slots.v0)
                            slots.v0 = try reader.decode(Int.self, context)
                        default: try reader.skipUnknown(context)
                        }
                    } while try reader.nextMember()
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context.needsLargerStack { return try context.onLargerStack(&writer) { try self.encode(to: &$0, context: $1) } }
                    try writer.beginObject()
                    context.writeKey(Self._loomKeys, 0, to: &writer)
                    try context.encode(self.id, to: &writer)
                    writer.endObject()
                }
            }

            extension Legacy: Loom.JSONModel {
                init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomDecode(element, context))
                }

                init(_loomValues values: consuming _LoomValues) {
                    let u0 = values
                    self.id = u0
                }

                init(_loomReading reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    var slots = _LoomSlots()
                    try Self._loomRead(&slots, &reader, context: context)
                    let u0 = try reader.required(slots.v0.take())
                    self.init(_loomValues: u0)
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

                static let _loomKeys = Loom.JSONKeySet(["stars", "votes", "rank", "exact"])

                typealias _LoomValues = (Int, Int, Int, Optional<Int>)

                static func _loomDecode(_ element: Loom.JSONElement, _ context: borrowing Loom.JSONDecodingContext) throws -> _LoomValues {
                    let _loomKeys = Self._loomKeys
                    let context = context.lenient(rounding: .down)
                    let members = try context.object(element, for: Self.self)
                    var s0: Loom.JSONElement? = nil
                    var s1: Loom.JSONElement? = nil
                    var s2: Loom.JSONElement? = nil
                    var s3: Loom.JSONElement? = nil
                    var errors = Loom.JSONErrorAccumulator(context)
                    var hint = 0
                    for member in members {
                        switch _loomKeys.match(member.key, hint: &hint, context) {
                        case 0: context.assign(&s0, member.value)
                        case 1: context.assign(&s1, member.value)
                        case 2: context.assign(&s2, member.value)
                        case 3: context.assign(&s3, member.value)
                        default: context.unknownKey(member.key, _loomKeys, into: &errors)
                        }
                    }
                    let v0 = try context.required(s0, _loomKeys, 0, Int.self, into: &errors)
                    let v1 = try context.required(s1, _loomKeys, 1, Int.self, into: &errors)
                    let v2 = try errors.capture { [context = context.lenient(rounding: .toNearestOrAwayFromZero)] in
                        try context.required(s2, _loomKeys, 2) { try $1.decode(Int.self, from: $0) }
                    }
                    let v3 = try errors.capture { [context = context.lenient(rounding: nil)] in
                        try context.defaulted(s3, _loomKeys, 3, in: element, default: "0") { try $1.decode(Int.self, from: $0) }
                    }
                    try errors.finish()
                    let u0 = try Loom.JSONErrorAccumulator.unwrap(v0)
                    let u1 = try Loom.JSONErrorAccumulator.unwrap(v1)
                    let u2 = try Loom.JSONErrorAccumulator.unwrap(v2)
                    let u3 = try Loom.JSONErrorAccumulator.unwrap(v3)
                    return (u0, u1, u2, u3)
                }

                static var readsDirectly: Bool { true }

                static func read(from reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) -> Self {
                    try Self(_loomReading: &reader, context: context)
                }

                private struct _LoomSlots {
                    var v0: Optional<Int> = nil
                    var v1: Optional<Int> = nil
                    var v2: Optional<Int> = nil
                    var v3: Optional<Int> = nil
                }

                @inline(never)
                private static func _loomRead(_ slots: inout _LoomSlots, _ reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    let _loomKeys = Self._loomKeys
                    guard try reader.beginObject(context) else { return }
                    var hint = 0
                    repeat {
                        switch try reader.key(_loomKeys, hint: &hint) {
                        case 0:
                            try reader.claim(slots.v0)
                            slots.v0 = try reader.decode(Int.self, context)
                        case 1:
                            try reader.claim(slots.v1)
                            slots.v1 = try reader.decode(Int.self, context)
                        case 2:
                            try reader.claim(slots.v2)
                            slots.v2 = try reader.decode(Int.self, context)
                        case 3:
                            try reader.claim(slots.v3)
                            slots.v3 = try reader.decode(Int.self, context)
                        default: try reader.skipUnknown(context)
                        }
                    } while try reader.nextMember()
                }

                func encode(to writer: inout Loom.JSONWriter, context: Loom.JSONEncodingContext) throws {
                    if context.needsLargerStack { return try context.onLargerStack(&writer) { try self.encode(to: &$0, context: $1) } }
                    try writer.beginObject()
                    context.writeKey(Self._loomKeys, 0, to: &writer)
                    try context.encode(self.stars, to: &writer)
                    context.writeKey(Self._loomKeys, 1, to: &writer)
                    try context.encode(self.votes, to: &writer)
                    context.writeKey(Self._loomKeys, 2, to: &writer)
                    try context.encode(self.rank, to: &writer)
                    context.writeKey(Self._loomKeys, 3, to: &writer)
                    try context.encode(self.exact, to: &writer)
                    writer.endObject()
                }
            }

            extension Rating: Loom.JSONModel {
                init(json element: Loom.JSONElement, context: borrowing Loom.JSONDecodingContext) throws {
                    self.init(_loomValues: try Self._loomDecode(element, context))
                }

                init(_loomValues values: consuming _LoomValues) {
                    let (u0, u1, u2, u3) = values
                    self.stars = u0
                    self.votes = u1
                    self.rank = u2
                    if var new3 = u3 { Swift.swap(&self.exact, &new3) }
                }

                init(_loomReading reader: inout Loom.JSONReader, context: borrowing Loom.JSONDecodingContext) throws(Loom.JSONReader.Fallback) {
                    var slots = _LoomSlots()
                    try Self._loomRead(&slots, &reader, context: context)
                    let u0 = try reader.required(slots.v0.take())
                    let u1 = try reader.required(slots.v1.take())
                    let u2 = try reader.required(slots.v2.take())
                    let u3 = slots.v3.take()
                    self.init(_loomValues: (u0, u1, u2, u3))
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
        let lines = text.split(separator: "\n").map { $0.trimmingPrefix(while: \.isWhitespace) }
        for expected in [
            #"try context.defaulted(f0.0, _loomKeys, f0.1, in: element, default: "\"untitled\"") { try $1.decode(String.self, from: $0) }"#,
            #"try context.collectedIfPresent([("lat", s2), ("lng", s3)], in: element, default: "[:]") { try $1.dictionary($0) { try $1.decode(Double.self, from: $0) } }"#,
            #"try context.defaulted(s4, _loomKeys, 4, in: element, default: "[ \"a\", \"b\" ]") { try $1.array($0) { try $1.decode(String.self, from: $0) } }"#,
            #"try context.defaulted(s5, _loomKeys, 5, in: element, default: "Array(repeating: \"a very long default expression\", count: 10…") { try $1.array($0) { try $1.decode(String.self, from: $0) } }"#,
            // update(json:): the same property without the note's arguments.
            #"try context.defaulted(s4, _loomKeys, 4) { try $1.array($0) { try $1.decode(String.self, from: $0) } }"#,
        ] {
            #expect(lines.contains(Substring(expected)), "missing: \(expected)")
        }
    }
}

@Suite("@JSONModel diagnostics: transformers, @JSONLenient, @JSONLossy")
struct TransformDiagnosticTests {
    @Test func lossyNeedsACollectionAndNoTransformer() {
        assertExpansion(
            """
            @JSONModel
            struct Model {
                @JSONLossy var count: Int
                @JSONLossy var names: [String]?
                @JSONLossy @JSONTransform(.iso8601.array) var dates: [Date]
            }
            """,
            expandedSource: """
            struct Model {
                var count: Int
                var names: [String]?
                var dates: [Date]
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'@JSONLossy' applies to arrays, sets and dictionaries; 'count' is not one", line: 3,
                    column: 5, fixIts: [FixItSpec(message: "remove '@JSONLossy'")]),
                DiagnosticSpec(
                    message:
                        "'@JSONLossy' has no effect on 'dates', whose '@JSONTransform' decodes it; use a lossy transformer such as '.lossyArray'",
                    line: 5, column: 5, fixIts: [FixItSpec(message: "remove '@JSONLossy'")]),
            ],
            applyFixIts: ["remove '@JSONLossy'"],
            fixedSource: """
                @JSONModel
                struct Model {
                    var count: Int
                    @JSONLossy var names: [String]?
                    @JSONTransform(.iso8601.array) var dates: [Date]
                }
                """
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
