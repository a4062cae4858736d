import Foundation
import Loom

// Models written by hand against Loom's public API, in the shape `@JSONModel` generates
// (see Tests/LoomTests/Model/HandWrittenModelTests.swift), so fuzzing does not depend on the
// macro. Together they cover nesting, optionals, key paths, fallback keys, arrays,
// dictionaries, a raw-value enum, the `.iso8601` transformer, defaults, recursion and a
// `Codable` struct bridged through `JSONCodableBridge`.
// Polymorphic enums, one per representation, are in FuzzEnums.swift.

public struct FuzzUser: Equatable, Sendable {
    public var login: String
    public var id: Int
}

extension FuzzUser: JSONModel {
    static let _loomKeys = JSONKeySet(["login", "id"])

    public init(json element: JSONElement, context: JSONDecodingContext) throws {
        let members = try context.object(element, for: Self.self)
        var s0: JSONElement? = nil
        var s1: JSONElement? = nil
        var errors = JSONErrorAccumulator(context)
        var hint = 0
        for member in members {
            switch Self._loomKeys.match(member.key, hint: &hint, context) {
            case 0: context.assign(&s0, member.value)
            case 1: context.assign(&s1, member.value)
            default: context.unknownKey(member.key, Self._loomKeys, into: &errors)
            }
        }
        let v0 = try errors.capture {
            try context.required(s0, Self._loomKeys, 0) { try context.decode(String.self, from: $0) }
        }
        let v1 = try errors.capture {
            try context.required(s1, Self._loomKeys, 1) { try context.decode(Int.self, from: $0) }
        }
        try errors.finish()
        self.login = try JSONErrorAccumulator.unwrap(v0)
        self.id = try JSONErrorAccumulator.unwrap(v1)
    }

    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        try writer.beginObject()
        context.writeKey(Self._loomKeys, 0, to: &writer)
        try context.encode(self.login, to: &writer)
        context.writeKey(Self._loomKeys, 1, to: &writer)
        try context.encode(self.id, to: &writer)
        writer.endObject()
    }
}

// The direct path (`JSONReader`), in the shape `@JSONModel` generates for structs.
extension FuzzUser {
    public static var readsDirectly: Bool { true }

    public static func read(from reader: inout JSONReader, context: borrowing JSONDecodingContext)
        throws(JSONReader.Fallback) -> FuzzUser
    {
        var login: String? = nil
        var id: Int? = nil
        if try reader.beginObject(context) {
            var hint = 0
            repeat {
                switch try reader.key(Self._loomKeys, hint: &hint) {
                case 0:
                    try reader.claim(login)
                    login = try reader.decode(String.self, context)
                case 1:
                    try reader.claim(id)
                    id = try reader.decode(Int.self, context)
                default: try reader.skipUnknown(context)
                }
            } while try reader.nextMember()
        }
        return FuzzUser(login: try reader.required(login), id: try reader.required(id))
    }
}

/// A model with both paths written out as `@JSONModel` writes them: defaults, an optional
/// with a default, a nested model, nested collections, a value read through a document of
/// its own (`JSONValue`) and one through the decoder's date strategy.
public struct FuzzProfile: Equatable, Sendable {
    public var name: String
    public var age: Int8
    public var score: Double = 1.5
    public var motto: String? = "carpe diem"
    public var friend: FuzzUser?
    public var tags: [String: [Int?]]?
    public var extra: JSONValue?
    public var seen: Date?
}

extension FuzzProfile: JSONModel {
    static let _loomKeys = JSONKeySet(["name", "age", "score", "motto", "friend", "tags", "extra", "seen"])

    public init(json element: JSONElement, context: JSONDecodingContext) throws {
        var errors = JSONErrorAccumulator(context)
        let slots = try matchMembers(of: element, Self._loomKeys, for: Self.self, context, into: &errors)
        let keys = Self._loomKeys
        let v0 = try errors.capture { try context.required(slots[0], keys, 0) { try context.decode(String.self, from: $0) } }
        let v1 = try errors.capture { try context.required(slots[1], keys, 1) { try context.decode(Int8.self, from: $0) } }
        let v2 = try errors.capture {
            try context.defaulted(slots[2], keys, 2, in: element, default: "1.5") { try context.decode(Double.self, from: $0) }
        }
        let v3 = try errors.capture {
            try context.optionalDefaulted(slots[3], keys, 3, in: element, default: "\"carpe diem\"") {
                try context.decode(String.self, from: $0)
            }
        }
        let v4 = try errors.capture { try context.optional(slots[4], keys, 4) { try context.decode(FuzzUser.self, from: $0) } }
        let v5 = try errors.capture {
            try context.optional(slots[5], keys, 5) {
                try context.dictionary($0) {
                    try context.array($0) { try context.optionalValue($0) { try context.decode(Int.self, from: $0) } }
                }
            }
        }
        let v6 = try errors.capture { try context.optional(slots[6], keys, 6) { try context.decode(JSONValue.self, from: $0) } }
        let v7 = try errors.capture { try context.optional(slots[7], keys, 7) { try context.decode(Date.self, from: $0) } }
        try errors.finish()
        self.name = try JSONErrorAccumulator.unwrap(v0)
        self.age = try JSONErrorAccumulator.unwrap(v1)
        if let value = try JSONErrorAccumulator.unwrap(v2) { self.score = value }
        if let value = try JSONErrorAccumulator.unwrap(v3) { self.motto = value }
        self.friend = try JSONErrorAccumulator.unwrap(v4)
        self.tags = try JSONErrorAccumulator.unwrap(v5)
        self.extra = try JSONErrorAccumulator.unwrap(v6)
        self.seen = try JSONErrorAccumulator.unwrap(v7)
    }

    public static var readsDirectly: Bool { true }

    public static func read(from reader: inout JSONReader, context: borrowing JSONDecodingContext)
        throws(JSONReader.Fallback) -> FuzzProfile
    {
        var v0: String? = nil
        var v1: Int8? = nil
        var v2: Double? = nil
        var v3: String?? = nil
        var v4: FuzzUser?? = nil
        var v5: [String: [Int?]]?? = nil
        var v6: JSONValue?? = nil
        var v7: Date?? = nil
        if try reader.beginObject(context) {
            var hint = 0
            repeat {
                switch try reader.key(Self._loomKeys, hint: &hint) {
                case 0:
                    try reader.claim(v0)
                    v0 = try reader.decode(String.self, context)
                case 1:
                    try reader.claim(v1)
                    v1 = try reader.decode(Int8.self, context)
                case 2:
                    try reader.claim(v2)
                    v2 = try reader.decode(Double.self, context)
                case 3:
                    try reader.claim(v3, nullable: true)
                    v3 = .some(try reader.readNull(keepingDefault: context) ? .none : reader.decode(String.self, context))
                case 4:
                    try reader.claim(v4, nullable: true)
                    v4 = .some(try reader.readNull() ? .none : reader.decode(FuzzUser.self, context))
                case 5:
                    try reader.claim(v5, nullable: true)
                    v5 = .some(
                        try reader.readNull()
                            ? .none
                            : reader.dictionary(context) {
                                try $0.array($1) { try $0.optional($1) { try $0.decode(Int.self, $1) } }
                            })
                case 6:
                    try reader.claim(v6, nullable: true)
                    v6 = .some(try reader.readNull() ? .none : reader.decode(JSONValue.self, context))
                case 7:
                    try reader.claim(v7, nullable: true)
                    v7 = .some(try reader.readNull() ? .none : reader.decode(Date.self, context))
                default: try reader.skipUnknown(context)
                }
            } while try reader.nextMember()
        }
        var value = FuzzProfile(
            name: try reader.required(v0), age: try reader.required(v1), friend: v4 ?? nil, tags: v5 ?? nil,
            extra: v6 ?? nil, seen: v7 ?? nil)
        if let score = v2 { value.score = score }
        if let motto = v3 { value.motto = motto }
        return value
    }

    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        let keys = Self._loomKeys
        try writer.beginObject()
        context.writeKey(keys, 0, to: &writer)
        try context.encode(name, to: &writer)
        context.writeKey(keys, 1, to: &writer)
        try context.encode(age, to: &writer)
        context.writeKey(keys, 2, to: &writer)
        try context.encode(score, to: &writer)
        try encodeOptional(keys, motto, 3, to: &writer, context) { try context.encode($0, to: &$1) }
        try encodeOptional(keys, friend, 4, to: &writer, context) { try context.encode($0, to: &$1) }
        try encodeOptional(keys, tags, 5, to: &writer, context) { value, writer in
            try context.dictionary(value, to: &writer) { elements, writer in
                try context.array(elements, to: &writer) { try context.optionalValue($0, to: &$1) { try context.encode($0, to: &$1) } }
            }
        }
        try encodeOptional(keys, extra, 6, to: &writer, context) { try context.encode($0, to: &$1) }
        try encodeOptional(keys, seen, 7, to: &writer, context) { try context.encode($0, to: &$1) }
        writer.endObject()
    }

}

/// A plain `Codable` struct: model properties of this type go through the Codable bridge.
public struct FuzzMoney: Codable, Equatable, Sendable {
    public var amount: Decimal
    public var currency: String
    public var tags: [String]?
    public var rates: [String: Double]?
}

/// A recursive `Codable` type, decoded through the bridge at every level.
public struct FuzzTree: Codable, Equatable, Sendable {
    public var value: Int?
    public var kids: [FuzzTree]?
}

public struct FuzzIssue: Sendable {
    public enum State: String, CaseIterable, Sendable { case open, closed }

    public var number: Int
    public var state: State
    public var reporterLogin: String  // @JSONKey("user.login")
    public var assignee: FuzzUser?
    public var updatedAt: Date  // @JSONKey("updated_at") @JSONTransform(.iso8601)
    public var labels: [String] = []  // default
    public var id: Int  // @JSONKey("id", "ID")
    public var scores: [String: Double]?
    public var total: FuzzMoney?  // Codable bridge
    public var ratio: Float?
    public var big: UInt64?
    public var small: Int8?
    public var price: Decimal?
    public var children: [FuzzIssue]?  // recursion
    public var matrix: [[Int?]]?
    public var seen: [Date]?  // the decoder's date strategy
}

extension FuzzIssue: JSONModel {
    static let _loomKeys = JSONKeySet(
        ["number", "state", "user", "assignee", "updated_at", "labels", "id", "ID", "scores", "total", "ratio", "big",
         "small", "price", "children", "matrix", "seen"],
        explicit: [false, false, true, false, true, false, true, true])
    static let _loomKeys_1 = JSONKeySet(["login"], explicit: [true], prefix: ["user"])

    public init(json element: JSONElement, context: JSONDecodingContext) throws {
        var errors = JSONErrorAccumulator(context)
        let slots = try matchMembers(of: element, Self._loomKeys, for: Self.self, context, into: &errors)
        var s2_0: JSONElement? = nil
        if let nested = try errors.capture({ try context.nestedObject(slots[2], Self._loomKeys, 2) }) ?? nil {
            var hint1 = 0
            for member in nested {
                switch Self._loomKeys_1.match(member.key, hint: &hint1, context) {
                case 0: context.assign(&s2_0, member.value)
                default: break
                }
            }
        }
        let keys = Self._loomKeys
        let v0 = try errors.capture { try context.required(slots[0], keys, 0) { try context.decode(Int.self, from: $0) } }
        let v1 = try errors.capture { try context.required(slots[1], keys, 1) { try context.decode(State.self, from: $0) } }
        let v2 = try errors.capture {
            try context.required(s2_0, Self._loomKeys_1, 0) { try context.decode(String.self, from: $0) }
        }
        let v3 = try errors.capture {
            try context.optional(slots[3], keys, 3) { try context.decode(FuzzUser.self, from: $0) }
        }
        let v4 = try errors.capture { try context.required(slots[4], keys, 4) { try context.transform($0, with: .iso8601) } }
        let v5 = try errors.capture {
            try context.defaulted(slots[5], keys, 5) { try context.array($0) { try context.decode(String.self, from: $0) } }
        }
        let f6 = context.firstPresent([(slots[6], 6), (slots[7], 7)])
        let v6 = try errors.capture { try context.required(f6.0, keys, f6.1) { try context.decode(Int.self, from: $0) } }
        let v8 = try errors.capture {
            try context.optional(slots[8], keys, 8) { try context.dictionary($0) { try context.decode(Double.self, from: $0) } }
        }
        let v9 = try errors.capture { try context.optional(slots[9], keys, 9) { try context.decode(FuzzMoney.self, from: $0) } }
        let v10 = try errors.capture { try context.optional(slots[10], keys, 10) { try context.decode(Float.self, from: $0) } }
        let v11 = try errors.capture { try context.optional(slots[11], keys, 11) { try context.decode(UInt64.self, from: $0) } }
        let v12 = try errors.capture { try context.optional(slots[12], keys, 12) { try context.decode(Int8.self, from: $0) } }
        let v13 = try errors.capture { try context.optional(slots[13], keys, 13) { try context.decode(Decimal.self, from: $0) } }
        let v14 = try errors.capture {
            try context.optional(slots[14], keys, 14) { try context.array($0) { try context.decode(FuzzIssue.self, from: $0) } }
        }
        let v15 = try errors.capture {
            try context.optional(slots[15], keys, 15) {
                try context.array($0) {
                    try context.array($0) { try context.optionalValue($0) { try context.decode(Int.self, from: $0) } }
                }
            }
        }
        let v16 = try errors.capture {
            try context.optional(slots[16], keys, 16) { try context.array($0) { try context.decode(Date.self, from: $0) } }
        }
        try errors.finish()
        self.number = try JSONErrorAccumulator.unwrap(v0)
        self.state = try JSONErrorAccumulator.unwrap(v1)
        self.reporterLogin = try JSONErrorAccumulator.unwrap(v2)
        self.assignee = try JSONErrorAccumulator.unwrap(v3)
        self.updatedAt = try JSONErrorAccumulator.unwrap(v4)
        if let value = try JSONErrorAccumulator.unwrap(v5) { self.labels = value }
        self.id = try JSONErrorAccumulator.unwrap(v6)
        self.scores = try JSONErrorAccumulator.unwrap(v8)
        self.total = try JSONErrorAccumulator.unwrap(v9)
        self.ratio = try JSONErrorAccumulator.unwrap(v10)
        self.big = try JSONErrorAccumulator.unwrap(v11)
        self.small = try JSONErrorAccumulator.unwrap(v12)
        self.price = try JSONErrorAccumulator.unwrap(v13)
        self.children = try JSONErrorAccumulator.unwrap(v14)
        self.matrix = try JSONErrorAccumulator.unwrap(v15)
        self.seen = try JSONErrorAccumulator.unwrap(v16)
    }

    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        let keys = Self._loomKeys
        try writer.beginObject()
        context.writeKey(keys, 0, to: &writer)
        try context.encode(self.number, to: &writer)
        context.writeKey(keys, 1, to: &writer)
        try context.encode(self.state, to: &writer)
        context.writeKey(keys, 2, to: &writer)
        try writer.beginObject()
        context.writeKey(Self._loomKeys_1, 0, to: &writer)
        try context.encode(self.reporterLogin, to: &writer)
        writer.endObject()
        if let value = self.assignee {
            context.writeKey(keys, 3, to: &writer)
            try context.encode(value, to: &writer)
        } else if context.writesNulls {
            context.writeKey(keys, 3, to: &writer)
            writer.writeNull()
        }
        context.writeKey(keys, 4, to: &writer)
        try context.transform(self.updatedAt, with: .iso8601, to: &writer)
        context.writeKey(keys, 5, to: &writer)
        try context.array(self.labels, to: &writer) { try context.encode($0, to: &$1) }
        context.writeKey(keys, 6, to: &writer)
        try context.encode(self.id, to: &writer)
        try encodeOptional(keys, self.scores, 8, to: &writer, context) { value, writer in
            try context.dictionary(value, to: &writer) { try context.encode($0, to: &$1) }
        }
        try encodeOptional(keys, self.total, 9, to: &writer, context) { try context.encode($0, to: &$1) }
        try encodeOptional(keys, self.ratio, 10, to: &writer, context) { try context.encode($0, to: &$1) }
        try encodeOptional(keys, self.big, 11, to: &writer, context) { try context.encode($0, to: &$1) }
        try encodeOptional(keys, self.small, 12, to: &writer, context) { try context.encode($0, to: &$1) }
        try encodeOptional(keys, self.price, 13, to: &writer, context) { try context.encode($0, to: &$1) }
        try encodeOptional(keys, self.children, 14, to: &writer, context) { value, writer in
            try context.array(value, to: &writer) { try context.encode($0, to: &$1) }
        }
        try encodeOptional(keys, self.matrix, 15, to: &writer, context) { value, writer in
            try context.array(value, to: &writer) {
                try context.array($0, to: &$1) { try context.optionalValue($0, to: &$1) { try context.encode($0, to: &$1) } }
            }
        }
        try encodeOptional(keys, self.seen, 16, to: &writer, context) { value, writer in
            try context.array(value, to: &writer) { try context.encode($0, to: &$1) }
        }
        writer.endObject()
    }

    /// Equality up to the millisecond precision ISO 8601 text keeps for dates.
    public func matches(_ other: FuzzIssue) -> Bool {
        func sameDate(_ a: Date, _ b: Date) -> Bool { abs(a.timeIntervalSince(b)) < 0.001 }
        guard number == other.number, state == other.state, reporterLogin == other.reporterLogin,
            assignee == other.assignee, sameDate(updatedAt, other.updatedAt), labels == other.labels, id == other.id,
            scores == other.scores, total == other.total, ratio?.bitPattern == other.ratio?.bitPattern || ratio == other.ratio,
            big == other.big, small == other.small, price == other.price, matrix == other.matrix
        else { return false }
        switch (seen, other.seen) {
        case (nil, nil): break
        case (let a?, let b?): guard a.count == b.count, zip(a, b).allSatisfy(sameDate) else { return false }
        default: return false
        }
        switch (children, other.children) {
        case (nil, nil): return true
        case (let a?, let b?): return a.count == b.count && zip(a, b).allSatisfy { $0.matches($1) }
        default: return false
        }
    }
}

/// A top-level value decoded through the Codable bridge.
public struct FuzzBridged: Equatable, Sendable {
    public var tree: FuzzTree
}

extension FuzzBridged: JSONModel {
    public init(json element: JSONElement, context: JSONDecodingContext) throws {
        tree = try context.decode(FuzzTree.self, from: element)
    }

    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        try context.encode(tree, to: &writer)
    }
}

/// The element of each slot of `keys` in `element`'s members, as generated code matches them
/// (here into an array rather than one local per slot).
func matchMembers<T>(
    of element: JSONElement, _ keys: JSONKeySet, for type: T.Type, _ context: JSONDecodingContext,
    into errors: inout JSONErrorAccumulator
) throws -> [JSONElement?] {
    let members = try context.object(element, for: T.self)
    var slots = [JSONElement?](repeating: nil, count: keys.count)
    var hint = 0
    for member in members {
        let slot = keys.match(member.key, hint: &hint, context)
        if slot >= 0 {
            context.assign(&slots[slot], member.value)
        } else {
            context.unknownKey(member.key, keys, into: &errors)
        }
    }
    return slots
}

/// Writes an optional property as generated code does: its key and value, or `null` when
/// nulls are written, or nothing.
func encodeOptional<T>(
    _ keys: JSONKeySet, _ value: T?, _ slot: Int, to writer: inout JSONWriter, _ context: JSONEncodingContext,
    _ body: (T, inout JSONWriter) throws -> Void
) throws {
    if let value {
        context.writeKey(keys, slot, to: &writer)
        try body(value, &writer)
    } else if context.writesNulls {
        context.writeKey(keys, slot, to: &writer)
        writer.writeNull()
    }
}
