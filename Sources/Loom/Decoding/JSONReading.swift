import Foundation

/// What a model's generated mapping reads from: the input bytes (`_JSONReader`, the direct
/// path) or an element of a parsed document (`_JSONElementReader`), through the same calls.
///
/// Not API: `@JSONModel` writes each model's mapping once, as functions generic over this
/// protocol, and calls them with both readers, so the fast path and the path that reports
/// errors cannot drift apart. `_JSONReader` throws an empty `_JSONReader.Fallback` for
/// anything but the ordinary case; `_JSONElementReader` applies the decoder's options
/// (leniency, defaults for `null`, the duplicate-key policy, collected errors, reports) and
/// throws ``JSONDecodingError``s with paths and positions.
///
/// The requirements throw untyped errors and `_JSONReader` meets them with always-inlined
/// methods of the same signature: in a mapping specialized for it, the optimizer then calls
/// them directly and inlines them, which it does not do for a witness that converts a typed
/// error (as `_JSONReader`'s own `throws(Fallback)` members would need).
///
/// A mapping reads an object in two phases. The member loop matches each key to a slot and
/// reads its value into the model's `_LoomSlots` (``beginObject(_:_:_:)``, ``nextKey(_:hint:)``,
/// ``claimSlot(_:nullable:)``, the `value` family, ``moreMembers()``; errors inside one member go
/// to ``recover(_:_:)``). Then the checks (``required(_:_:_:_:)`` and the others) judge what each
/// property's slot holds, ``endObject()`` throws what was gathered, and ``unwrap(_:)`` takes
/// the values.
///
/// `claimSlot` and the checks only look at a slot, yet take it `inout`: a debug build then
/// passes its address, where a borrowed argument costs a copy of the slot and its release at
/// every call, code the compiler generates, and the user's build pays for, once per property
/// of every model. Optimized builds inline them either way.
public protocol _JSONReading {
    // MARK: The member loop

    /// Enters the object at the reading position, for `model` with `keys` as its first level;
    /// returns whether a member follows.
    ///
    /// - Throws: when the value is not an object.
    mutating func beginObject<Model>(_ model: Model.Type, _ keys: _JSONKeySet, _ context: borrowing JSONDecodingContext)
        throws -> Bool

    /// Reads a member's key; returns its slot in `keys`, or -1 when none maps it.
    ///
    /// - Throws: when the input holds no valid key.
    mutating func nextKey(_ keys: _JSONKeySet, hint: inout Int) throws -> Int

    /// After a member: returns whether another follows, or leaves the object.
    ///
    /// - Throws: when the object does not continue validly.
    mutating func moreMembers() throws -> Bool

    /// Passes over the value of a key no property maps.
    ///
    /// - Throws: for invalid JSON, or when unknown keys are rejected.
    mutating func passUnknown(_ context: borrowing JSONDecodingContext) throws

    /// Passes over a value.
    ///
    /// - Throws: for invalid JSON.
    mutating func passValue() throws

    /// Keeps the member whose key no property maps for a `@JSONUnknownKeys` property.
    ///
    /// - Throws: for invalid JSON.
    mutating func captureUnknown(_ slot: inout _JSONUnknownMembers, _ context: borrowing JSONDecodingContext) throws

    /// Handles `error`, thrown while reading the current member's value: rethrows it, or
    /// notes it for the member's property and goes on with the next member.
    ///
    /// - Throws: `error`, or the error it becomes.
    mutating func recover(_ error: any Error, _ context: borrowing JSONDecodingContext) throws

    /// Enters the object of a key-path step (slot `slot` of `keys`) whose keys are `nested`;
    /// returns whether it has a member. A missing step never gets here; `null` returns `false`.
    ///
    /// - Throws: when the step is neither an object nor `null`, or repeats.
    mutating func beginNested(
        _ keys: _JSONKeySet, _ slot: Int, _ nested: _JSONKeySet, seen: inout Bool, _ context: borrowing JSONDecodingContext
    ) throws -> Bool

    /// Ends the object the checks have judged: throws every error gathered for it.
    ///
    /// - Throws: the gathered errors.
    mutating func endObject() throws

    // MARK: Members

    /// Checks the slot of a property before its value is read: the key must not repeat, and
    /// the value may be `null` only when `nullable`.
    ///
    /// - Throws: for a repeated key or an unexpected `null`.
    mutating func claimSlot<T>(_ slot: inout T?, nullable: Bool) throws

    /// Reads `null`; returns whether it was.
    mutating func readNull() -> Bool

    /// Reads `null` for an optional property that has a default; returns whether it was.
    ///
    /// - Throws: for `null` when the decoder treats `null` as missing (the default applies).
    mutating func readNullKeepingDefault(_ context: borrowing JSONDecodingContext) throws -> Bool

    /// Claims one of the fallback keys of a property, of rank `rank` (0 for the first key):
    /// returns whether its value is to be read, because no key of a lower rank has given a
    /// value yet and the value is not `null`. The value is passed over otherwise.
    ///
    /// - Throws: when a key of the same rank repeats.
    mutating func claimAlternative<T>(_ slot: inout T?, _ state: inout _JSONFallbackState, rank: Int) throws -> Bool

    /// Notes the value of one key of a `@JSONKey(collecting:)` property, the `index`th name.
    ///
    /// - Throws: for invalid JSON or a repeated key.
    mutating func collect(_ slot: inout _JSONCollectedSlot, _ index: Int) throws

    // MARK: Values

    /// Reads a Loom-decodable type.
    ///
    /// - Throws: when the value is not one.
    mutating func value<T: JSONDecodable>(_ type: T.Type, _ context: borrowing JSONDecodingContext) throws -> T

    /// Reads a raw-value enum (or any `RawRepresentable`) from its raw value.
    ///
    /// - Throws: when the value is not a raw value of the type.
    mutating func value<T: RawRepresentable>(_ type: T.Type, _ context: borrowing JSONDecodingContext) throws
        -> T where T.RawValue: JSONDecodable

    /// Reads any `Decodable` type through the `Codable` bridge.
    ///
    /// - Throws: what the type's `init(from:)` throws.
    mutating func value<T: Decodable>(_ type: T.Type, _ context: borrowing JSONDecodingContext) throws -> T

    /// Tie-break: Loom's conformance wins over `Decodable`.
    ///
    /// - Throws: when the value is not one.
    mutating func value<T: JSONDecodable & Decodable>(_ type: T.Type, _ context: borrowing JSONDecodingContext)
        throws -> T

    /// Tie-break: the raw value wins over `Decodable`.
    ///
    /// - Throws: when the value is not a raw value of the type.
    mutating func value<T: RawRepresentable & Decodable>(_ type: T.Type, _ context: borrowing JSONDecodingContext)
        throws -> T where T.RawValue: JSONDecodable

    /// Tie-break: Loom's conformance wins over the raw value.
    ///
    /// - Throws: when the value is not one.
    mutating func value<T: JSONDecodable & RawRepresentable>(_ type: T.Type, _ context: borrowing JSONDecodingContext)
        throws -> T where T.RawValue: JSONDecodable

    /// Tie-break: Loom's conformance wins over everything.
    ///
    /// - Throws: when the value is not one.
    mutating func value<T: JSONDecodable & RawRepresentable & Decodable>(
        _ type: T.Type, _ context: borrowing JSONDecodingContext
    ) throws -> T where T.RawValue: JSONDecodable

    /// `nil` for `null`, else the value `body` reads (optionals inside collections).
    ///
    /// - Throws: what `body` throws.
    mutating func optionalValue<T>(
        _ context: borrowing JSONDecodingContext, _ body: (inout Self, JSONDecodingContext) throws -> T
    ) throws -> T?

    /// Reads an array, each element with `body`; `lossy` drops the elements that fail.
    ///
    /// - Throws: when the value is not an array or an element fails.
    mutating func array<T>(
        _ context: borrowing JSONDecodingContext, lossy: Bool,
        _ body: (inout Self, JSONDecodingContext) throws -> T
    ) throws -> [T]

    /// Reads an array into a set, each element with `body`; `lossy` drops the elements that fail.
    ///
    /// - Throws: when the value is not an array or an element fails.
    mutating func set<T: Hashable>(
        _ context: borrowing JSONDecodingContext, lossy: Bool,
        _ body: (inout Self, JSONDecodingContext) throws -> T
    ) throws -> Set<T>

    /// Reads an object into a dictionary with `String` keys, each value with `body`; `lossy`
    /// drops the members that fail.
    ///
    /// - Throws: when the value is not an object, a value fails or a key repeats.
    mutating func dictionary<V>(
        _ context: borrowing JSONDecodingContext, lossy: Bool,
        _ body: (inout Self, JSONDecodingContext) throws -> V
    ) throws -> [String: V]

    /// Reads an object into a dictionary whose keys are converted from the JSON keys
    /// (`Int`, other `LosslessStringConvertible` and raw-value enum keys).
    ///
    /// - Throws: when the value is not an object, a key does not convert or a value fails.
    mutating func dictionary<K: Hashable, V>(
        _ context: borrowing JSONDecodingContext, lossy: Bool, key: (String, JSONDecodingContext) throws -> K,
        _ body: (inout Self, JSONDecodingContext) throws -> V
    ) throws -> [K: V]

    /// Decodes the value as an element of a document with `body`: transformers, and types
    /// that decode only from an element.
    ///
    /// - Throws: what `body` throws.
    mutating func decodeElement<T>(
        _ context: borrowing JSONDecodingContext, _ body: (JSONElement, JSONDecodingContext) throws -> T
    ) throws -> T

    /// Reads a `@JSONLossy` property's value with `body`; a value that fails to decode gives
    /// `nil`, so the property keeps its default (`defaultValue`, as written in source, for the
    /// report's note). Invalid JSON is still an error.
    ///
    /// - Throws: for invalid JSON; `_JSONReader` for any failure (the general path decides).
    mutating func lossy<T>(
        _ context: borrowing JSONDecodingContext, default defaultValue: String,
        _ body: (inout Self, JSONDecodingContext) throws -> T
    ) throws -> T?

    // MARK: The values of an enum case

    /// Enters the array holding the unlabeled associated values of an enum case of `model`
    /// (`case point(Double, Double)` reads `[1, 2]`), which must have exactly `count` elements.
    ///
    /// - Throws: when the value is not an array of `count` elements.
    mutating func beginItems<Model>(_ model: Model.Type, count: Int, _ context: borrowing JSONDecodingContext) throws

    /// Reads element `index` of the array ``beginItems(_:count:_:)`` entered, with `body`;
    /// the elements are read in order.
    ///
    /// - Throws: what `body` throws, with the index in front of the path.
    mutating func item<T>(
        _ index: Int, _ context: borrowing JSONDecodingContext, _ body: (inout Self, JSONDecodingContext) throws -> T
    ) throws -> T

    /// Leaves the array ``beginItems(_:count:_:)`` entered, after its last element.
    ///
    /// - Throws: when more elements follow.
    mutating func endItems() throws

    // MARK: Checks, after the member loop

    /// Checks a required property: its slot must hold a value.
    ///
    /// - Throws: for a missing key, `null` or a value that failed.
    mutating func required<T>(_ slot: inout T?, _ keys: _JSONKeySet, _ index: Int, _ context: borrowing JSONDecodingContext)
        throws

    /// Checks an optional property (`nil` for a missing key or `null`).
    ///
    /// - Throws: for a value that failed.
    mutating func optional<T>(_ slot: inout T?, _ keys: _JSONKeySet, _ index: Int, _ context: borrowing JSONDecodingContext)
        throws

    /// Checks a property with a default; `defaultValue` is the default as written in source,
    /// for the report's note about a missing key.
    ///
    /// - Throws: for `null` (unless the decoder treats it as missing) or a value that failed.
    mutating func defaulted<T>(
        _ slot: inout T?, _ keys: _JSONKeySet, _ index: Int, _ context: borrowing JSONDecodingContext,
        default defaultValue: String
    ) throws

    /// Checks an optional property with a default (`null` gives `nil`).
    ///
    /// - Throws: for a value that failed.
    mutating func optionalDefaulted<T>(
        _ slot: inout T?, _ keys: _JSONKeySet, _ index: Int, _ context: borrowing JSONDecodingContext,
        default defaultValue: String
    ) throws

    /// Checks a property with fallback keys, the `candidates` in rank order; `presence` says
    /// what a missing key or `null` means for it.
    ///
    /// - Throws: as the check of its presence, naming the key that decided.
    mutating func fallback<T>(
        _ slot: borrowing T?, _ state: _JSONFallbackState, _ candidates: [(_JSONKeySet, Int)], _ presence: _JSONPresence,
        _ context: borrowing JSONDecodingContext, default defaultValue: String
    ) throws

    /// Decodes a `@JSONKey(collecting:)` property from the members noted for it, each `names`
    /// entry with its key set and slot; `nil` when none is present and `presence` allows it.
    ///
    /// - Throws: when a required one has none of its keys, or the decode fails.
    mutating func collected<T>(
        _ slot: inout _JSONCollectedSlot, _ names: [(String, _JSONKeySet, Int)], _ presence: _JSONPresence,
        _ context: borrowing JSONDecodingContext, default defaultValue: String,
        _ body: (inout Self, JSONDecodingContext) throws -> T
    ) throws -> T?

    /// The members of the model's object at `keys` that no property maps, for a
    /// `@JSONUnknownKeys` property.
    ///
    /// - Throws: only for invalid JSON.
    mutating func capturedUnknown(
        _ slot: inout _JSONUnknownMembers, _ keys: _JSONKeySet, _ context: borrowing JSONDecodingContext
    ) throws -> [String: JSONValue]

    /// The value of a slot the checks have accepted.
    ///
    /// `mutating` although no reader changes: on the `inout` reader of the generated code a
    /// non-mutating call copies a generic reader for every required property, which each
    /// model then compiles.
    ///
    /// - Throws: only when called without the checks.
    mutating func unwrap<T>(_ slot: consuming T?) throws -> T

    // MARK: Flattened properties

    /// Where the model's object starts, before ``beginObject(_:_:_:)``: its `@JSONFlatten`
    /// properties read it again.
    ///
    /// - Throws: when the object cannot be read again.
    mutating func objectStart() throws -> Int

    /// Passes over the value of key `slot` of `keys`, which belongs to a flattened property,
    /// noting in `state` that one of the property's keys is present.
    ///
    /// - Throws: for invalid JSON.
    mutating func passFlattened(_ state: inout _JSONFlattenState, _ keys: _JSONKeySet, _ slot: Int) throws

    /// Reads flattened property `entry` of `keys` (the model's level-0 key set) from the
    /// model's own object; `nil` when none of its keys is present and `presence` allows that.
    ///
    /// - Throws: the value's errors, named by the keys as the object has them.
    mutating func flattened<T: JSONDecodable>(
        _ type: T.Type, _ keys: _JSONKeySet, _ entry: Int, _ state: _JSONFlattenState, _ presence: _JSONPresence,
        _ context: borrowing JSONDecodingContext
    ) throws -> T?

    // MARK: Hooks

    /// Runs a per-property validator that throws to reject the value of slot `index`.
    ///
    /// - Throws: the validator's error, at the property.
    mutating func validate(
        _ keys: _JSONKeySet, _ index: Int, _ name: String, _ context: borrowing JSONDecodingContext, _ body: () throws -> Void
    ) throws

    /// Runs a per-property validator that returns whether the value of slot `index` is valid.
    ///
    /// - Throws: the validator's error, or a rejection, at the property.
    mutating func check(
        _ keys: _JSONKeySet, _ index: Int, _ name: String, _ context: borrowing JSONDecodingContext, _ body: () throws -> Bool
    ) throws

    /// Runs a hook of the whole model (`jsonDidDecode()`, `validate()`), named `name`.
    ///
    /// - Throws: the hook's error, at the model's object.
    mutating func hook(_ name: String, _ context: borrowing JSONDecodingContext, _ body: () throws -> Void) throws
}

extension _JSONReading {
    /// Checks the slot of a property that is not nullable before its value is read.
    ///
    /// - Throws: for a repeated key or `null`.
    @inlinable @inline(__always)
    public mutating func claimSlot<T>(_ slot: inout T?) throws {
        try claimSlot(&slot, nullable: false)
    }
}

// `claimSlot` and `value` in one call, for a property that reads a leaf value: one call a
// property in the code generated for each model, where two cost a debug build more to compile.
// One overload per `value` overload, so that the same one is chosen. An optional slot takes
// `.none` for `null`, not `nil`: a type that is `ExpressibleByNilLiteral` would take `nil` as
// its own value.
extension _JSONReading {
    /// Reads a Loom-decodable value into an empty slot: ``claimSlot(_:nullable:)``, then `value`.
    ///
    /// - Throws: for a repeated key, `null`, or a value that is not one.
    @inlinable @inline(__always)
    public mutating func readSlot<T: JSONDecodable>(
        _ slot: inout T?, _ type: T.Type, _ context: borrowing JSONDecodingContext
    ) throws {
        try readJSONSlot(&slot, type, context)
    }

    /// Reads a raw-value enum (or any `RawRepresentable`) into an empty slot:
    /// ``claimSlot(_:nullable:)``, then `value`.
    ///
    /// - Throws: for a repeated key, `null`, or a value that is not one.
    @inlinable @inline(__always)
    public mutating func readSlot<T: RawRepresentable>(
        _ slot: inout T?, _ type: T.Type, _ context: borrowing JSONDecodingContext
    ) throws where T.RawValue: JSONDecodable {
        try claimSlot(&slot, nullable: false)
        slot = try value(type, context)
    }

    /// Reads a `Decodable` value through the `Codable` bridge into an empty slot:
    /// ``claimSlot(_:nullable:)``, then `value`.
    ///
    /// - Throws: for a repeated key, `null`, or a value that is not one.
    @inlinable @inline(__always)
    public mutating func readSlot<T: Decodable>(
        _ slot: inout T?, _ type: T.Type, _ context: borrowing JSONDecodingContext
    ) throws {
        try claimSlot(&slot, nullable: false)
        slot = try value(type, context)
    }

    /// Tie-break: Loom's conformance wins over `Decodable`.
    ///
    /// - Throws: for a repeated key, `null`, or a value that is not one.
    @inlinable @inline(__always)
    public mutating func readSlot<T: JSONDecodable & Decodable>(
        _ slot: inout T?, _ type: T.Type, _ context: borrowing JSONDecodingContext
    ) throws {
        try claimSlot(&slot, nullable: false)
        slot = try value(type, context)
    }

    /// Tie-break: the raw value wins over `Decodable`.
    ///
    /// - Throws: for a repeated key, `null`, or a value that is not one.
    @inlinable @inline(__always)
    public mutating func readSlot<T: RawRepresentable & Decodable>(
        _ slot: inout T?, _ type: T.Type, _ context: borrowing JSONDecodingContext
    ) throws where T.RawValue: JSONDecodable {
        try claimSlot(&slot, nullable: false)
        slot = try value(type, context)
    }

    /// Tie-break: Loom's conformance wins over the raw value.
    ///
    /// - Throws: for a repeated key, `null`, or a value that is not one.
    @inlinable @inline(__always)
    public mutating func readSlot<T: JSONDecodable & RawRepresentable>(
        _ slot: inout T?, _ type: T.Type, _ context: borrowing JSONDecodingContext
    ) throws where T.RawValue: JSONDecodable {
        try claimSlot(&slot, nullable: false)
        slot = try value(type, context)
    }

    /// Tie-break: Loom's conformance wins over everything.
    ///
    /// - Throws: for a repeated key, `null`, or a value that is not one.
    @inlinable @inline(__always)
    public mutating func readSlot<T: JSONDecodable & RawRepresentable & Decodable>(
        _ slot: inout T?, _ type: T.Type, _ context: borrowing JSONDecodingContext
    ) throws where T.RawValue: JSONDecodable {
        try claimSlot(&slot, nullable: false)
        slot = try value(type, context)
    }

    /// Reads a Loom-decodable value or `null` (`nil`) into an empty slot:
    /// ``claimSlot(_:nullable:)``, then ``readNull()`` or `value`.
    ///
    /// - Throws: for a repeated key or a value that is neither `null` nor one.
    @inlinable @inline(__always)
    public mutating func readOptionalSlot<T: JSONDecodable>(
        _ slot: inout T??, _ type: T.Type, _ context: borrowing JSONDecodingContext
    ) throws {
        try readOptionalJSONSlot(&slot, type, context)
    }

    /// Reads a raw-value enum (or any `RawRepresentable`) or `null` (`nil`) into an empty slot:
    /// ``claimSlot(_:nullable:)``, then ``readNull()`` or `value`.
    ///
    /// - Throws: for a repeated key or a value that is neither `null` nor one.
    @inlinable @inline(__always)
    public mutating func readOptionalSlot<T: RawRepresentable>(
        _ slot: inout T??, _ type: T.Type, _ context: borrowing JSONDecodingContext
    ) throws where T.RawValue: JSONDecodable {
        try claimSlot(&slot, nullable: true)
        slot = .some(try readNull() ? .none : value(type, context))
    }

    /// Reads a `Decodable` value through the `Codable` bridge or `null` (`nil`) into an empty
    /// slot: ``claimSlot(_:nullable:)``, then ``readNull()`` or `value`.
    ///
    /// - Throws: for a repeated key or a value that is neither `null` nor one.
    @inlinable @inline(__always)
    public mutating func readOptionalSlot<T: Decodable>(
        _ slot: inout T??, _ type: T.Type, _ context: borrowing JSONDecodingContext
    ) throws {
        try claimSlot(&slot, nullable: true)
        slot = .some(try readNull() ? .none : value(type, context))
    }

    /// Tie-break: Loom's conformance wins over `Decodable`.
    ///
    /// - Throws: for a repeated key or a value that is neither `null` nor one.
    @inlinable @inline(__always)
    public mutating func readOptionalSlot<T: JSONDecodable & Decodable>(
        _ slot: inout T??, _ type: T.Type, _ context: borrowing JSONDecodingContext
    ) throws {
        try claimSlot(&slot, nullable: true)
        slot = .some(try readNull() ? .none : value(type, context))
    }

    /// Tie-break: the raw value wins over `Decodable`.
    ///
    /// - Throws: for a repeated key or a value that is neither `null` nor one.
    @inlinable @inline(__always)
    public mutating func readOptionalSlot<T: RawRepresentable & Decodable>(
        _ slot: inout T??, _ type: T.Type, _ context: borrowing JSONDecodingContext
    ) throws where T.RawValue: JSONDecodable {
        try claimSlot(&slot, nullable: true)
        slot = .some(try readNull() ? .none : value(type, context))
    }

    /// Tie-break: Loom's conformance wins over the raw value.
    ///
    /// - Throws: for a repeated key or a value that is neither `null` nor one.
    @inlinable @inline(__always)
    public mutating func readOptionalSlot<T: JSONDecodable & RawRepresentable>(
        _ slot: inout T??, _ type: T.Type, _ context: borrowing JSONDecodingContext
    ) throws where T.RawValue: JSONDecodable {
        try claimSlot(&slot, nullable: true)
        slot = .some(try readNull() ? .none : value(type, context))
    }

    /// Tie-break: Loom's conformance wins over everything.
    ///
    /// - Throws: for a repeated key or a value that is neither `null` nor one.
    @inlinable @inline(__always)
    public mutating func readOptionalSlot<T: JSONDecodable & RawRepresentable & Decodable>(
        _ slot: inout T??, _ type: T.Type, _ context: borrowing JSONDecodingContext
    ) throws where T.RawValue: JSONDecodable {
        try claimSlot(&slot, nullable: true)
        slot = .some(try readNull() ? .none : value(type, context))
    }

}

// The same reads for the types whose conformance Loom itself provides (`String`, `Int`, `URL`
// and the like, which the macro recognises by name): one function each instead of a set of
// overloads, which a debug build resolves again at every call in the generated code. For
// these types the overloads above come to the same: Loom's conformance wins.
extension _JSONReading {
    /// Reads a Loom-decodable value into an empty slot, without an overload to choose.
    ///
    /// - Throws: for a repeated key, `null`, or a value that is not one.
    @inlinable @inline(__always)
    public mutating func readJSONSlot<T: JSONDecodable>(
        _ slot: inout T?, _ type: T.Type, _ context: borrowing JSONDecodingContext
    ) throws {
        try claimSlot(&slot, nullable: false)
        slot = try value(type, context)
    }

    /// Reads a Loom-decodable value or `null` (`nil`) into an empty slot, without an overload
    /// to choose.
    ///
    /// - Throws: for a repeated key or a value that is neither `null` nor one.
    @inlinable @inline(__always)
    public mutating func readOptionalJSONSlot<T: JSONDecodable>(
        _ slot: inout T??, _ type: T.Type, _ context: borrowing JSONDecodingContext
    ) throws {
        try claimSlot(&slot, nullable: true)
        slot = .some(try readNull() ? .none : value(type, context))
    }

    /// Reads a Loom-decodable value (an element of a collection), without an overload to choose.
    ///
    /// - Throws: when the value is not one.
    @inlinable @inline(__always)
    public mutating func jsonValue<T: JSONDecodable>(_ type: T.Type, _ context: borrowing JSONDecodingContext) throws -> T {
        try value(type, context)
    }
}

/// What a missing key or `null` means for a property (generated code passes it to the checks
/// of fallback and collected properties).
public enum _JSONPresence: Sendable {
    /// Missing or `null` is an error.
    case required
    /// Missing or `null` gives `nil`.
    case optional
    /// Missing gives the default; `null` is an error unless the decoder treats it as missing.
    case defaulted
    /// Missing gives the default; `null` gives `nil`.
    case optionalDefaulted
}

/// Which fallback key of a property gave its value, and which gave `null`.
public struct _JSONFallbackState: Sendable {
    /// The rank of the key whose value the slot holds, or is being read; `Int.max` while none.
    @usableFromInline var valueRank = Int.max
    /// The lowest rank whose value was `null`; `Int.max` while none.
    @usableFromInline var nullRank = Int.max
    /// The ranks seen, one bit each (ranks past 63 share the last): a key that repeats.
    @usableFromInline var seen: UInt64 = 0

    @inlinable public init() {}

    /// Whether the property is `null`: a key gave `null` and none gave a value.
    @inlinable public var tookNull: Bool { valueRank == .max && nullRank != .max }

    /// Marks `rank` seen; returns whether it was seen before.
    @inlinable @inline(__always)
    mutating func repeats(_ rank: Int) -> Bool {
        let bit: UInt64 = 1 &<< UInt64(min(rank, 63))
        defer { seen |= bit }
        return seen & bit != 0
    }
}

/// The values noted for a `@JSONKey(collecting:)` property on the direct path: each key's
/// value as a range of the input, by the index of its name.
public struct _JSONCollectedSlot: Sendable {
    @usableFromInline var ranges: [Range<Int>?] = []

    @inlinable public init() {}
}

/// A model whose whole decode is its generated mapping, run by
/// ``init(_loomReading:context:)`` on either reader.
///
/// Not API (underscored): `@JSONModel` declares it, so that a struct's document initializer
/// and direct path are the defaults below, compiled once here instead of once per model. A
/// model with a `jsonWillDecode` hook, which reads from its rewritten element, does not
/// declare it; a class declares it but has its own (a cluster's root chooses the subclass).
public protocol _JSONMapped: JSONDecodable {
    /// Runs the model's mapping on `reader`.
    ///
    /// - Throws: what the mapping throws: ``JSONDecodingError`` on `_JSONElementReader`, any
    ///   failure on `_JSONReader` (which `_read(from:context:)` narrows to a fallback).
    init<R: _JSONReading>(_loomReading reader: inout R, context: borrowing JSONDecodingContext) throws
}

extension _JSONMapped {
    /// Runs the mapping over a reader of `element`.
    ///
    /// - Throws: ``JSONDecodingError`` describing the first problem (or all of them when the
    ///   decoder collects errors).
    @inlinable
    public init(json element: JSONElement, context: borrowing JSONDecodingContext) throws {
        var reader = _JSONElementReader(element, context)
        try self.init(_loomReading: &reader, context: context)
    }

    /// Runs the mapping on the bytes.
    ///
    /// - Throws: `_JSONReader.Fallback` for anything but a valid value of the mapped shape.
    @inlinable
    public static func _read(from reader: inout _JSONReader, context: borrowing JSONDecodingContext)
        throws(_JSONReader.Fallback) -> Self
    {
        try _JSONReader.narrowing { try Self(_loomReading: &reader, context: context) }
    }

    /// `true`: the mapping reads the bytes itself.
    @inlinable
    public static var _readsDirectly: Bool { true }
}
