import Foundation
import Loom

// Models written by hand against Loom's public API, in the shape `@JSONModel` generates for
// the same declarations (Tests/LoomMacrosTests holds the expected expansions): the fuzz build
// leaves the macro plugin out. Each struct's mapping is written once, generic over
// `_JSONReading`, and `_JSONMapped` runs it on the bytes (`_read(from:context:)`, the direct
// path) and on a parsed document (`init(json:context:)`), which ModelChecks compares on every
// input.
// Together with FuzzClasses.swift and FuzzEnums.swift they cover nesting, optionals, key paths
// (shared prefixes, defaults under them), fallback keys (on one level and across levels),
// collected keys, arrays, dictionaries with `String` and `Int` keys, a raw-value enum, the
// `.iso8601` transformer, defaults, a lossy array, recursion, `Codable` types read through the
// bridge, values without a direct form (`JSONValue`, `Decimal`), property validators and
// `validate()`, a final class, a class hierarchy with a cluster root, and polymorphic enums in
// every representation.

/// A plain model: two leaves.
public struct FuzzUser: Equatable, Sendable {
    public var login: String
    public var id: Int

    static let _loomKeys = _JSONKeySet(["login", "id"])

    typealias _LoomValues = (String, Int)

    typealias _LoomSlots = _JSONSlots<(v0: Optional<String>, v1: Optional<Int>)>

    @inline(never)
    static func _loomRead<R: _JSONReading>(
        _ slots: inout _LoomSlots, _ reader: inout R, _ context: JSONDecodingContext
    ) throws {
        let _loomKeys = Self._loomKeys
        guard try reader.beginObject(Self.self, _loomKeys, context) else { return }
        var hint = 0
        repeat {
            do {
                switch try reader.nextKey(_loomKeys, hint: &hint) {
                case 0:
                    try reader.readSlot(&slots.s.v0, String.self, context)
                case 1:
                    try reader.readSlot(&slots.s.v1, Int.self, context)
                default: try reader.passUnknown(context)
                }
            } catch {
                try reader.recover(error, context)
            }
        } while try reader.moreMembers()
    }

    @inline(__always)
    static func _loomFinish<R: _JSONReading>(
        _ slots: consuming _LoomSlots, _ reader: inout R, _ context: JSONDecodingContext
    ) throws -> _LoomValues {
        let _loomKeys = Self._loomKeys
        try reader.required(&slots.s.v0, _loomKeys, 0, context)
        try reader.required(&slots.s.v1, _loomKeys, 1, context)
        try reader.endObject()
        var (s_v0, s_v1) = slots.take()
        return (try reader.unwrap(s_v0.take()), try reader.unwrap(s_v1.take()))
    }

    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        if context._needsLargerStack {
            return try context._onLargerStack(self, &writer)
        }
        try writer.beginObject()
        try context._encode(self.login, Self._loomKeys, 0, to: &writer)
        try context._encode(self.id, Self._loomKeys, 1, to: &writer)
        writer.endObject()
    }
}

extension FuzzUser: JSONModel, _JSONMapped {
    public init<R: _JSONReading>(_loomReading reader: inout R, context: borrowing JSONDecodingContext) throws {
        var slots = _LoomSlots((nil, nil))
        try Self._loomRead(&slots, &reader, context)
        self.init(_loomValues: try Self._loomFinish(slots, &reader, context))
    }

    init(_loomValues values: _LoomValues) {
        let (u0, u1) = values
        self.login = u0
        self.id = u1
    }
}

/// Defaults (an initial value, an optional with one), a nested model, nested collections, a
/// lossy array, a value without a direct form (`JSONValue`) and one read through the decoder's
/// date strategy.
public struct FuzzProfile: Equatable, Sendable {
    public var name: String
    public var age: Int8
    public var score: Double = 1.5
    public var motto: String? = "carpe diem"
    public var friend: FuzzUser?
    public var tags: [String: [Int?]]?
    public var extra: JSONValue?
    public var seen: Date?
    public var lucky: [Int]?  // @JSONLossy

    static let _loomKeys = _JSONKeySet(["name", "age", "score", "motto", "friend", "tags", "extra", "seen", "lucky"])

    typealias _LoomValues = (
        String, Int8, Optional<Double>, Optional<String?>, FuzzUser?, [String: [Int?]]?, JSONValue?, Date?, [Int]?
    )

    typealias _LoomSlots = _JSONSlots<(v0: Optional<String>, v1: Optional<Int8>, v2: Optional<Double>, v3: Optional<String?>, v4: Optional<FuzzUser?>, v5: Optional<[String: [Int?]]?>, v6: Optional<JSONValue?>, v7: Optional<Date?>, v8: Optional<[Int]?>)>

    @inline(never)
    static func _loomRead<R: _JSONReading>(
        _ slots: inout _LoomSlots, _ reader: inout R, _ context: JSONDecodingContext
    ) throws {
        let _loomKeys = Self._loomKeys
        guard try reader.beginObject(Self.self, _loomKeys, context) else { return }
        var hint = 0
        repeat {
            do {
                switch try reader.nextKey(_loomKeys, hint: &hint) {
                case 0:
                    try reader.readSlot(&slots.s.v0, String.self, context)
                case 1:
                    try reader.readSlot(&slots.s.v1, Int8.self, context)
                case 2:
                    try reader.readSlot(&slots.s.v2, Double.self, context)
                case 3:
                    try reader.claimSlot(&slots.s.v3, nullable: true)
                    slots.s.v3 = .some(
                        try reader.readNullKeepingDefault(context) ? .none : reader.value(String.self, context))
                case 4:
                    try reader.readOptionalSlot(&slots.s.v4, FuzzUser.self, context)
                case 5:
                    try reader.claimSlot(&slots.s.v5, nullable: true)
                    slots.s.v5 = .some(
                        try reader.readNull() ? .none : reader.dictionary(context, lossy: false) {
                            try $0.array($1, lossy: false) { try $0.optionalValue($1) { try $0.value(Int.self, $1) } }
                        })
                case 6:
                    try reader.readOptionalSlot(&slots.s.v6, JSONValue.self, context)
                case 7:
                    try reader.readOptionalSlot(&slots.s.v7, Date.self, context)
                case 8:
                    try reader.claimSlot(&slots.s.v8, nullable: true)
                    slots.s.v8 = .some(
                        try reader.readNull() ? .none : reader.array(context, lossy: true) {
                            try $0.value(Int.self, $1)
                        })
                default: try reader.passUnknown(context)
                }
            } catch {
                try reader.recover(error, context)
            }
        } while try reader.moreMembers()
    }

    @inline(__always)
    static func _loomFinish<R: _JSONReading>(
        _ slots: consuming _LoomSlots, _ reader: inout R, _ context: JSONDecodingContext
    ) throws -> _LoomValues {
        let _loomKeys = Self._loomKeys
        try reader.required(&slots.s.v0, _loomKeys, 0, context)
        try reader.required(&slots.s.v1, _loomKeys, 1, context)
        try reader.defaulted(&slots.s.v2, _loomKeys, 2, context, default: "1.5")
        try reader.optionalDefaulted(&slots.s.v3, _loomKeys, 3, context, default: "\"carpe diem\"")
        try reader.optional(&slots.s.v4, _loomKeys, 4, context)
        try reader.optional(&slots.s.v5, _loomKeys, 5, context)
        try reader.optional(&slots.s.v6, _loomKeys, 6, context)
        try reader.optional(&slots.s.v7, _loomKeys, 7, context)
        try reader.optional(&slots.s.v8, _loomKeys, 8, context)
        try reader.endObject()
        var (s_v0, s_v1, s_v2, s_v3, s_v4, s_v5, s_v6, s_v7, s_v8) = slots.take()
        return (
            try reader.unwrap(s_v0.take()), try reader.unwrap(s_v1.take()), s_v2.take(), s_v3.take(),
            s_v4.take() ?? nil, s_v5.take() ?? nil, s_v6.take() ?? nil, s_v7.take() ?? nil,
            s_v8.take() ?? nil
        )
    }

    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        if context._needsLargerStack {
            return try context._onLargerStack(self, &writer)
        }
        try writer.beginObject()
        try context._encode(self.name, Self._loomKeys, 0, to: &writer)
        try context._encode(self.age, Self._loomKeys, 1, to: &writer)
        try context._encode(self.score, Self._loomKeys, 2, to: &writer)
        try context._encodeOptional(self.motto, Self._loomKeys, 3, to: &writer)
        try context._encodeOptional(self.friend, Self._loomKeys, 4, to: &writer)
        if let value = self.tags {
            context._writeKey(Self._loomKeys, 5, to: &writer)
            try context.dictionary(value, to: &writer) {
                try context.array($0, to: &$1) {
                    try context.optionalValue($0, to: &$1) { try context.encode($0, to: &$1) }
                }
            }
        } else if context.writesNulls {
            context._writeKey(Self._loomKeys, 5, to: &writer)
            writer.writeNull()
        }
        try context._encodeOptional(self.extra, Self._loomKeys, 6, to: &writer)
        try context._encodeOptional(self.seen, Self._loomKeys, 7, to: &writer)
        if let value = self.lucky {
            context._writeKey(Self._loomKeys, 8, to: &writer)
            try context.array(value, to: &writer) { try context.encode($0, to: &$1) }
        } else if context.writesNulls {
            context._writeKey(Self._loomKeys, 8, to: &writer)
            writer.writeNull()
        }
        writer.endObject()
    }
}

extension FuzzProfile: JSONModel, _JSONMapped {
    public init<R: _JSONReading>(_loomReading reader: inout R, context: borrowing JSONDecodingContext) throws {
        var slots = _LoomSlots((nil, nil, nil, nil, nil, nil, nil, nil, nil))
        try Self._loomRead(&slots, &reader, context)
        self.init(_loomValues: try Self._loomFinish(slots, &reader, context))
    }

    init(_loomValues values: _LoomValues) {
        let (u0, u1, u2, u3, u4, u5, u6, u7, u8) = values
        self.name = u0
        self.age = u1
        if var new2 = u2 { Swift.swap(&self.score, &new2) }
        if var new3 = u3 { Swift.swap(&self.motto, &new3) }
        var new4 = u4; Swift.swap(&self.friend, &new4)
        var new5 = u5; Swift.swap(&self.tags, &new5)
        var new6 = u6; Swift.swap(&self.extra, &new6)
        var new7 = u7; Swift.swap(&self.seen, &new7)
        var new8 = u8; Swift.swap(&self.lucky, &new8)
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

/// A key path, fallback keys, a raw-value enum, a transformer, a default, numbers of every
/// kind, a `Codable` property, recursion.
public struct FuzzIssue: Sendable {
    public enum State: String, CaseIterable, Sendable { case open, closed }

    public var number: Int
    public var state: State
    public var reporterLogin: String  // @JSONKey("user.login")
    public var assignee: FuzzUser?
    public var updatedAt: Date  // @JSONKey("updated_at") @JSONTransform(.iso8601)
    public var labels: [String] = []
    public var id: Int  // @JSONKey("id", "ID")
    public var scores: [String: Double]?
    public var total: FuzzMoney?  // through the Codable bridge
    public var ratio: Float?
    public var big: UInt64?
    public var small: Int8?
    public var price: Decimal?
    public var children: [FuzzIssue]?  // recursion
    public var matrix: [[Int?]]?
    public var seen: [Date]?  // the decoder's date strategy

    static let _loomKeys = _JSONKeySet(
        [
            "number", "state", "user", "assignee", "updated_at", "labels", "id", "ID", "scores", "total", "ratio",
            "big", "small", "price", "children", "matrix", "seen"
        ],
        explicit: [
            false, false, true, false, true, false, true, true, false, false, false, false, false, false, false, false,
            false
        ]
    )

    static let _loomKeys_1 = _JSONKeySet(["login"], explicit: [true], prefix: ["user"])

    private static let _loomTransformer_4 = _transformer(.iso8601)

    typealias _LoomValues = (
        Int, State, String, FuzzUser?, Date, Optional<[String]>, Int, [String: Double]?, FuzzMoney?, Float?, UInt64?,
        Int8?, Decimal?, [FuzzIssue]?, [[Int?]]?, [Date]?
    )

    typealias _LoomSlots = _JSONSlots<(v0: Optional<Int>, v1: Optional<State>, v2: Optional<String>, v3: Optional<FuzzUser?>, v4: Optional<Date>, v5: Optional<[String]>, v6: Optional<Int>, r6: _JSONFallbackState, v7: Optional<[String: Double]?>, v8: Optional<FuzzMoney?>, v9: Optional<Float?>, v10: Optional<UInt64?>, v11: Optional<Int8?>, v12: Optional<Decimal?>, v13: Optional<[FuzzIssue]?>, v14: Optional<[[Int?]]?>, v15: Optional<[Date]?>, b1: Bool)>

    @inline(never)
    static func _loomRead<R: _JSONReading>(
        _ slots: inout _LoomSlots, _ reader: inout R, _ context: JSONDecodingContext
    ) throws {
        let _loomKeys = Self._loomKeys
        let _loomKeys_1 = Self._loomKeys_1
        guard try reader.beginObject(Self.self, _loomKeys, context) else { return }
        var hint = 0
        repeat {
            do {
                switch try reader.nextKey(_loomKeys, hint: &hint) {
                case 0:
                    try reader.readSlot(&slots.s.v0, Int.self, context)
                case 1:
                    try reader.readSlot(&slots.s.v1, State.self, context)
                case 2:
                    if try reader.beginNested(_loomKeys, 2, _loomKeys_1, seen: &slots.s.b1, context) {
                        var hint1 = 0
                        repeat {
                            do {
                                switch try reader.nextKey(_loomKeys_1, hint: &hint1) {
                                case 0:
                                    try reader.readSlot(&slots.s.v2, String.self, context)
                                default: try reader.passValue()
                                }
                            } catch {
                                try reader.recover(error, context)
                            }
                        } while try reader.moreMembers()
                    }
                case 3:
                    try reader.readOptionalSlot(&slots.s.v3, FuzzUser.self, context)
                case 4:
                    try reader.claimSlot(&slots.s.v4)
                    slots.s.v4 = try reader.decodeElement(context) { try $1.transform($0, with: Self._loomTransformer_4) }
                case 5:
                    try reader.claimSlot(&slots.s.v5)
                    slots.s.v5 = try reader.array(context, lossy: false) { try $0.value(String.self, $1) }
                case 6:
                    if try reader.claimAlternative(&slots.s.v6, &slots.s.r6, rank: 0) {
                        slots.s.v6 = try reader.value(Int.self, context)
                    }
                case 7:
                    if try reader.claimAlternative(&slots.s.v6, &slots.s.r6, rank: 1) {
                        slots.s.v6 = try reader.value(Int.self, context)
                    }
                case 8:
                    try reader.claimSlot(&slots.s.v7, nullable: true)
                    slots.s.v7 = .some(
                        try reader.readNull() ? .none : reader.dictionary(context, lossy: false) {
                            try $0.value(Double.self, $1)
                        })
                case 9:
                    try reader.readOptionalSlot(&slots.s.v8, FuzzMoney.self, context)
                case 10:
                    try reader.readOptionalSlot(&slots.s.v9, Float.self, context)
                case 11:
                    try reader.readOptionalSlot(&slots.s.v10, UInt64.self, context)
                case 12:
                    try reader.readOptionalSlot(&slots.s.v11, Int8.self, context)
                case 13:
                    try reader.readOptionalSlot(&slots.s.v12, Decimal.self, context)
                case 14:
                    try reader.claimSlot(&slots.s.v13, nullable: true)
                    slots.s.v13 = .some(
                        try reader.readNull() ? .none : reader.array(context, lossy: false) {
                            try $0.value(FuzzIssue.self, $1)
                        })
                case 15:
                    try reader.claimSlot(&slots.s.v14, nullable: true)
                    slots.s.v14 = .some(
                        try reader.readNull() ? .none : reader.array(context, lossy: false) {
                            try $0.array($1, lossy: false) { try $0.optionalValue($1) { try $0.value(Int.self, $1) } }
                        })
                case 16:
                    try reader.claimSlot(&slots.s.v15, nullable: true)
                    slots.s.v15 = .some(
                        try reader.readNull() ? .none : reader.array(context, lossy: false) {
                            try $0.value(Date.self, $1)
                        })
                default: try reader.passUnknown(context)
                }
            } catch {
                try reader.recover(error, context)
            }
        } while try reader.moreMembers()
    }

    @inline(__always)
    static func _loomFinish<R: _JSONReading>(
        _ slots: consuming _LoomSlots, _ reader: inout R, _ context: JSONDecodingContext
    ) throws -> _LoomValues {
        let _loomKeys = Self._loomKeys
        let _loomKeys_1 = Self._loomKeys_1
        try reader.required(&slots.s.v0, _loomKeys, 0, context)
        try reader.required(&slots.s.v1, _loomKeys, 1, context)
        try reader.required(&slots.s.v2, _loomKeys_1, 0, context)
        try reader.optional(&slots.s.v3, _loomKeys, 3, context)
        try reader.required(&slots.s.v4, _loomKeys, 4, context)
        try reader.defaulted(&slots.s.v5, _loomKeys, 5, context, default: "[]")
        try reader.fallback(slots.s.v6, slots.s.r6, [(_loomKeys, 6), (_loomKeys, 7)], .required, context, default: "")
        try reader.optional(&slots.s.v7, _loomKeys, 8, context)
        try reader.optional(&slots.s.v8, _loomKeys, 9, context)
        try reader.optional(&slots.s.v9, _loomKeys, 10, context)
        try reader.optional(&slots.s.v10, _loomKeys, 11, context)
        try reader.optional(&slots.s.v11, _loomKeys, 12, context)
        try reader.optional(&slots.s.v12, _loomKeys, 13, context)
        try reader.optional(&slots.s.v13, _loomKeys, 14, context)
        try reader.optional(&slots.s.v14, _loomKeys, 15, context)
        try reader.optional(&slots.s.v15, _loomKeys, 16, context)
        try reader.endObject()
        var (s_v0, s_v1, s_v2, s_v3, s_v4, s_v5, s_v6, _, s_v7, s_v8, s_v9, s_v10, s_v11, s_v12, s_v13, s_v14, s_v15, _) = slots.take()
        return (
            try reader.unwrap(s_v0.take()), try reader.unwrap(s_v1.take()), try reader.unwrap(s_v2.take()),
            s_v3.take() ?? nil, try reader.unwrap(s_v4.take()), s_v5.take(),
            try reader.unwrap(s_v6.take()), s_v7.take() ?? nil, s_v8.take() ?? nil, s_v9.take() ?? nil,
            s_v10.take() ?? nil, s_v11.take() ?? nil, s_v12.take() ?? nil, s_v13.take() ?? nil,
            s_v14.take() ?? nil, s_v15.take() ?? nil
        )
    }

    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        if context._needsLargerStack {
            return try context._onLargerStack(self, &writer)
        }
        try writer.beginObject()
        try context._encode(self.number, Self._loomKeys, 0, to: &writer)
        try context._encode(self.state, Self._loomKeys, 1, to: &writer)
        context._writeKey(Self._loomKeys, 2, to: &writer)
        try writer.beginObject()
        try context._encode(self.reporterLogin, Self._loomKeys_1, 0, to: &writer)
        writer.endObject()
        try context._encodeOptional(self.assignee, Self._loomKeys, 3, to: &writer)
        context._writeKey(Self._loomKeys, 4, to: &writer)
        try context.transform(self.updatedAt, with: Self._loomTransformer_4, to: &writer)
        context._writeKey(Self._loomKeys, 5, to: &writer)
        try context.array(self.labels, to: &writer) { try context.encode($0, to: &$1) }
        try context._encode(self.id, Self._loomKeys, 6, to: &writer)
        if let value = self.scores {
            context._writeKey(Self._loomKeys, 8, to: &writer)
            try context.dictionary(value, to: &writer) { try context.encode($0, to: &$1) }
        } else if context.writesNulls {
            context._writeKey(Self._loomKeys, 8, to: &writer)
            writer.writeNull()
        }
        try context._encodeOptional(self.total, Self._loomKeys, 9, to: &writer)
        try context._encodeOptional(self.ratio, Self._loomKeys, 10, to: &writer)
        try context._encodeOptional(self.big, Self._loomKeys, 11, to: &writer)
        try context._encodeOptional(self.small, Self._loomKeys, 12, to: &writer)
        try context._encodeOptional(self.price, Self._loomKeys, 13, to: &writer)
        if let value = self.children {
            context._writeKey(Self._loomKeys, 14, to: &writer)
            try context.array(value, to: &writer) { try context.encode($0, to: &$1) }
        } else if context.writesNulls {
            context._writeKey(Self._loomKeys, 14, to: &writer)
            writer.writeNull()
        }
        if let value = self.matrix {
            context._writeKey(Self._loomKeys, 15, to: &writer)
            try context.array(value, to: &writer) {
                try context.array($0, to: &$1) {
                    try context.optionalValue($0, to: &$1) { try context.encode($0, to: &$1) }
                }
            }
        } else if context.writesNulls {
            context._writeKey(Self._loomKeys, 15, to: &writer)
            writer.writeNull()
        }
        if let value = self.seen {
            context._writeKey(Self._loomKeys, 16, to: &writer)
            try context.array(value, to: &writer) { try context.encode($0, to: &$1) }
        } else if context.writesNulls {
            context._writeKey(Self._loomKeys, 16, to: &writer)
            writer.writeNull()
        }
        writer.endObject()
    }
}

extension FuzzIssue: JSONModel, _JSONMapped {
    public init<R: _JSONReading>(_loomReading reader: inout R, context: borrowing JSONDecodingContext) throws {
        var slots = _LoomSlots((nil, nil, nil, nil, nil, nil, nil, _JSONFallbackState(), nil, nil, nil, nil, nil, nil, nil, nil, nil, false))
        try Self._loomRead(&slots, &reader, context)
        self.init(_loomValues: try Self._loomFinish(slots, &reader, context))
    }

    init(_loomValues values: _LoomValues) {
        let (u0, u1, u2, u3, u4, u5, u6, u7, u8, u9, u10, u11, u12, u13, u14, u15) = values
        self.number = u0
        self.state = u1
        self.reporterLogin = u2
        self.updatedAt = u4
        self.id = u6
        var new3 = u3; Swift.swap(&self.assignee, &new3)
        if var new5 = u5 { Swift.swap(&self.labels, &new5) }
        var new7 = u7; Swift.swap(&self.scores, &new7)
        var new8 = u8; Swift.swap(&self.total, &new8)
        var new9 = u9; Swift.swap(&self.ratio, &new9)
        var new10 = u10; Swift.swap(&self.big, &new10)
        var new11 = u11; Swift.swap(&self.small, &new11)
        var new12 = u12; Swift.swap(&self.price, &new12)
        var new13 = u13; Swift.swap(&self.children, &new13)
        var new14 = u14; Swift.swap(&self.matrix, &new14)
        var new15 = u15; Swift.swap(&self.seen, &new15)
    }
}

extension FuzzIssue {
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

/// A top-level value decoded through the Codable bridge, by a conformance written without the
/// generated shape: the direct path reads the value through a document of its own.
public struct FuzzBridged: Equatable, Sendable {
    public var tree: FuzzTree
}

extension FuzzBridged: JSONModel {
    public init(json element: JSONElement, context: borrowing JSONDecodingContext) throws {
        tree = try context.decode(FuzzTree.self, from: element)
    }

    public static var _readsDirectly: Bool { true }

    public static func _read(from reader: inout _JSONReader, context: borrowing JSONDecodingContext)
        throws(_JSONReader.Fallback) -> FuzzBridged
    {
        FuzzBridged(tree: try reader.decode(FuzzTree.self, context))
    }

    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        try context.encode(tree, to: &writer)
    }
}

/// What the validators of `FuzzReading` throw.
public struct FuzzRejected: Error, Sendable {
    public var reason: String
}

/// Collected keys (one of them under a key path), a key path sharing their prefix, fallback
/// keys across levels with a default, a dictionary with `Int` keys, property validators (one
/// returning `Bool`, one throwing) and `validate()`.
public struct FuzzReading: Equatable, Sendable {
    public var station: String
    public var temperatures: [String: Double]  // @JSONKey(collecting: ["temp", "main.temp_max"])
    public var wind: [String: Double]?  // @JSONKey(collecting: ["wind_speed", "wind_deg"])
    public var humidity: Int?  // @JSONKey("main.humidity")
    public var level: Int  // @JSONKey("level", "main.level") @JSONDefault(0)
    public var byHour: [Int: Double]?

    static func validateStation(_ station: String) -> Bool { !station.isEmpty }

    static func validateHumidity(_ humidity: Int?) throws {
        if let humidity, humidity < 0 { throw FuzzRejected(reason: "negative humidity") }
    }

    public func validate() throws {
        if let humidity, humidity > 100 { throw FuzzRejected(reason: "humidity over 100") }
    }

    static let _loomKeys = _JSONKeySet(
        ["station", "temp", "main", "wind_speed", "wind_deg", "level", "byHour"],
        explicit: [false, true, true, true, true, true, false]
    )

    static let _loomKeys_1 = _JSONKeySet(
        ["temp_max", "humidity", "level"], explicit: [true, true, true], prefix: ["main"])

    typealias _LoomValues = (String, [String: Double], [String: Double]?, Int?, Int, [Int: Double]?)

    typealias _LoomSlots = _JSONSlots<(v0: Optional<String>, c1: _JSONCollectedSlot, c2: _JSONCollectedSlot, v3: Optional<Int?>, v4: Optional<Int>, r4: _JSONFallbackState, v5: Optional<[Int: Double]?>, b1: Bool)>

    @inline(never)
    static func _loomRead<R: _JSONReading>(
        _ slots: inout _LoomSlots, _ reader: inout R, _ context: JSONDecodingContext
    ) throws {
        let _loomKeys = Self._loomKeys
        let _loomKeys_1 = Self._loomKeys_1
        guard try reader.beginObject(Self.self, _loomKeys, context) else { return }
        var hint = 0
        repeat {
            do {
                switch try reader.nextKey(_loomKeys, hint: &hint) {
                case 0:
                    try reader.readSlot(&slots.s.v0, String.self, context)
                case 1: try reader.collect(&slots.s.c1, 0)
                case 2:
                    if try reader.beginNested(_loomKeys, 2, _loomKeys_1, seen: &slots.s.b1, context) {
                        var hint1 = 0
                        repeat {
                            do {
                                switch try reader.nextKey(_loomKeys_1, hint: &hint1) {
                                case 0: try reader.collect(&slots.s.c1, 1)
                                case 1:
                                    try reader.readOptionalSlot(&slots.s.v3, Int.self, context)
                                case 2:
                                    if try reader.claimAlternative(&slots.s.v4, &slots.s.r4, rank: 1) {
                                        slots.s.v4 = try reader.value(Int.self, context)
                                    }
                                default: try reader.passValue()
                                }
                            } catch {
                                try reader.recover(error, context)
                            }
                        } while try reader.moreMembers()
                    }
                case 3: try reader.collect(&slots.s.c2, 0)
                case 4: try reader.collect(&slots.s.c2, 1)
                case 5:
                    if try reader.claimAlternative(&slots.s.v4, &slots.s.r4, rank: 0) {
                        slots.s.v4 = try reader.value(Int.self, context)
                    }
                case 6:
                    try reader.claimSlot(&slots.s.v5, nullable: true)
                    slots.s.v5 = .some(
                        try reader.readNull()
                            ? .none
                            : reader.dictionary(
                                context, lossy: false, key: { try $1.dictionaryKey(Int.self, from: $0) }
                            ) { try $0.value(Double.self, $1) })
                default: try reader.passUnknown(context)
                }
            } catch {
                try reader.recover(error, context)
            }
        } while try reader.moreMembers()
    }

    @inline(__always)
    static func _loomFinish<R: _JSONReading>(
        _ slots: consuming _LoomSlots, _ reader: inout R, _ context: JSONDecodingContext
    ) throws -> _LoomValues {
        let _loomKeys = Self._loomKeys
        let _loomKeys_1 = Self._loomKeys_1
        try reader.required(&slots.s.v0, _loomKeys, 0, context)
        let c1 = try reader.collected(
            &slots.s.c1, [("temp", _loomKeys, 1), ("main.temp_max", _loomKeys_1, 0)], .required, context, default: ""
        ) { try $0.dictionary($1, lossy: false) { try $0.value(Double.self, $1) } }
        let c2 = try reader.collected(
            &slots.s.c2, [("wind_speed", _loomKeys, 3), ("wind_deg", _loomKeys, 4)], .optional, context, default: ""
        ) { try $0.dictionary($1, lossy: false) { try $0.value(Double.self, $1) } }
        try reader.optional(&slots.s.v3, _loomKeys_1, 1, context)
        try reader.fallback(slots.s.v4, slots.s.r4, [(_loomKeys, 5), (_loomKeys_1, 2)], .defaulted, context, default: "0")
        try reader.optional(&slots.s.v5, _loomKeys, 6, context)
        try reader.endObject()
        var (s_v0, _, _, s_v3, s_v4, _, s_v5, _) = slots.take()
        return (
            try reader.unwrap(s_v0.take()), try reader.unwrap(c1), c2 ?? nil, s_v3.take() ?? nil,
            s_v4.take() ?? 0, s_v5.take() ?? nil
        )
    }

    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        if context._needsLargerStack {
            return try context._onLargerStack(self, &writer)
        }
        let c1 = try context._collect(self.temperatures) {
            try context.dictionary($0, to: &$1) { try context.encode($0, to: &$1) }
        }
        let c2 = try context._collect(self.wind) {
            try context.optionalValue($0, to: &$1) {
                try context.dictionary($0, to: &$1) { try context.encode($0, to: &$1) }
            }
        }
        try writer.beginObject()
        try context._encode(self.station, Self._loomKeys, 0, to: &writer)
        try context._writeCollected(c1, "temp", Self._loomKeys, 1, to: &writer)
        if context.writesNulls || c1["main.temp_max"] != nil || self.humidity != nil {
            context._writeKey(Self._loomKeys, 2, to: &writer)
            try writer.beginObject()
            try context._writeCollected(c1, "main.temp_max", Self._loomKeys_1, 0, to: &writer)
            try context._encodeOptional(self.humidity, Self._loomKeys_1, 1, to: &writer)
            writer.endObject()
        }
        try context._writeCollected(c2, "wind_speed", Self._loomKeys, 3, to: &writer)
        try context._writeCollected(c2, "wind_deg", Self._loomKeys, 4, to: &writer)
        try context._encode(self.level, Self._loomKeys, 5, to: &writer)
        if let value = self.byHour {
            context._writeKey(Self._loomKeys, 6, to: &writer)
            try context.dictionary(value, key: { context.dictionaryKey($0) }, to: &writer) {
                try context.encode($0, to: &$1)
            }
        } else if context.writesNulls {
            context._writeKey(Self._loomKeys, 6, to: &writer)
            writer.writeNull()
        }
        writer.endObject()
    }
}

extension FuzzReading: JSONModel, _JSONMapped {
    public init<R: _JSONReading>(_loomReading reader: inout R, context: borrowing JSONDecodingContext) throws {
        var slots = _LoomSlots((nil, _JSONCollectedSlot(), _JSONCollectedSlot(), nil, nil, _JSONFallbackState(), nil, false))
        try Self._loomRead(&slots, &reader, context)
        self.init(_loomValues: try Self._loomFinish(slots, &reader, context))
        try reader.check(Self._loomKeys, 0, "validateStation", context) { Self.validateStation(self.station) }
        try reader.validate(Self._loomKeys_1, 1, "validateHumidity", context) {
            try Self.validateHumidity(self.humidity)
        }
        try reader.endObject()
        try reader.hook("validate()", context) { try self.validate() }
    }

    init(_loomValues values: _LoomValues) {
        let (u0, u1, u2, u3, u4, u5) = values
        self.station = u0
        self.temperatures = u1
        self.level = u4
        var new2 = u2; Swift.swap(&self.wind, &new2)
        var new3 = u3; Swift.swap(&self.humidity, &new3)
        var new5 = u5; Swift.swap(&self.byHour, &new5)
    }
}

/// Defaults under a key path; the payload of a case of `FuzzShape`.
public struct FuzzCircle: Equatable, Sendable {
    public var radius: Double
    public var x: Double = 0  // @JSONKey("center.x")
    public var y: Double = 0  // @JSONKey("center.y")

    static let _loomKeys = _JSONKeySet(["radius", "center"], explicit: [false, true])

    static let _loomKeys_1 = _JSONKeySet(["x", "y"], explicit: [true, true], prefix: ["center"])

    typealias _LoomValues = (Double, Optional<Double>, Optional<Double>)

    typealias _LoomSlots = _JSONSlots<(v0: Optional<Double>, v1: Optional<Double>, v2: Optional<Double>, b1: Bool)>

    @inline(never)
    static func _loomRead<R: _JSONReading>(
        _ slots: inout _LoomSlots, _ reader: inout R, _ context: JSONDecodingContext
    ) throws {
        let _loomKeys = Self._loomKeys
        let _loomKeys_1 = Self._loomKeys_1
        guard try reader.beginObject(Self.self, _loomKeys, context) else { return }
        var hint = 0
        repeat {
            do {
                switch try reader.nextKey(_loomKeys, hint: &hint) {
                case 0:
                    try reader.readSlot(&slots.s.v0, Double.self, context)
                case 1:
                    if try reader.beginNested(_loomKeys, 1, _loomKeys_1, seen: &slots.s.b1, context) {
                        var hint1 = 0
                        repeat {
                            do {
                                switch try reader.nextKey(_loomKeys_1, hint: &hint1) {
                                case 0:
                                    try reader.readSlot(&slots.s.v1, Double.self, context)
                                case 1:
                                    try reader.readSlot(&slots.s.v2, Double.self, context)
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

    @inline(__always)
    static func _loomFinish<R: _JSONReading>(
        _ slots: consuming _LoomSlots, _ reader: inout R, _ context: JSONDecodingContext
    ) throws -> _LoomValues {
        let _loomKeys = Self._loomKeys
        let _loomKeys_1 = Self._loomKeys_1
        try reader.required(&slots.s.v0, _loomKeys, 0, context)
        try reader.defaulted(&slots.s.v1, _loomKeys_1, 0, context, default: "0")
        try reader.defaulted(&slots.s.v2, _loomKeys_1, 1, context, default: "0")
        try reader.endObject()
        var (s_v0, s_v1, s_v2, _) = slots.take()
        return (try reader.unwrap(s_v0.take()), s_v1.take(), s_v2.take())
    }

    public func encode(to writer: inout JSONWriter, context: JSONEncodingContext) throws {
        if context._needsLargerStack {
            return try context._onLargerStack(self, &writer)
        }
        try writer.beginObject()
        try context._encode(self.radius, Self._loomKeys, 0, to: &writer)
        context._writeKey(Self._loomKeys, 1, to: &writer)
        try writer.beginObject()
        try context._encode(self.x, Self._loomKeys_1, 0, to: &writer)
        try context._encode(self.y, Self._loomKeys_1, 1, to: &writer)
        writer.endObject()
        writer.endObject()
    }
}

extension FuzzCircle: JSONModel, _JSONMapped {
    public init<R: _JSONReading>(_loomReading reader: inout R, context: borrowing JSONDecodingContext) throws {
        var slots = _LoomSlots((nil, nil, nil, false))
        try Self._loomRead(&slots, &reader, context)
        self.init(_loomValues: try Self._loomFinish(slots, &reader, context))
    }

    init(_loomValues values: _LoomValues) {
        let (u0, u1, u2) = values
        self.radius = u0
        if var new1 = u1 { Swift.swap(&self.x, &new1) }
        if var new2 = u2 { Swift.swap(&self.y, &new2) }
    }
}
