import Foundation

// The direct path's side of the generated mapping (`_JSONReading`): everything but the
// ordinary case throws `Fallback`, and the decoder reads the input again through
// `_JSONElementReader`, which applies the options and reports the problem.
//
// Each requirement is met by an always-inlined method that throws untyped errors, as the
// requirement does, and calls the reader's own members: in a mapping specialized for
// `_JSONReader` these are inlined like the reader's own calls (a witness converting a typed
// error would stay an indirect call). A failure becomes `any Error` only where it is thrown,
// on the way to the fallback.

extension _JSONReader: _JSONReading {
    /// Runs `body`, a generated mapping on this reader, and throws its failure as the
    /// ``Fallback`` it is.
    ///
    /// - Throws: ``Fallback`` when `body` throws.
    @_transparent
    public static func narrowing<T>(_ body: () throws -> T) throws(Fallback) -> T {
        do {
            return try body()
        } catch {
            try Self.fail()
        }
    }

    // MARK: The member loop

    /// Enters the object at the reading position; `model` and `keys` are for the general
    /// decoder.
    ///
    /// - Throws: ``Fallback`` when the value is not an object or nests too deep.
    @inlinable @inline(__always)
    public mutating func beginObject<Model>(_ model: Model.Type, _ keys: _JSONKeySet, _ context: borrowing JSONDecodingContext)
        throws -> Bool
    {
        try beginObject(context)
    }

    /// ``key(_:hint:)``.
    ///
    /// - Throws: ``Fallback`` when the input holds no valid key and colon here.
    @inlinable @inline(__always)
    public mutating func nextKey(_ keys: _JSONKeySet, hint: inout Int) throws -> Int {
        try key(keys, hint: &hint)
    }

    /// ``nextMember()``.
    ///
    /// - Throws: ``Fallback`` when neither `,` nor `}` follows.
    @inlinable @inline(__always)
    public mutating func moreMembers() throws -> Bool {
        try nextMember()
    }

    // MARK: The values of an enum case

    /// Enters the array of an enum case's unlabeled values; its length is checked as its
    /// elements are read.
    ///
    /// - Throws: ``Fallback`` when the value is not a non-empty array or nests too deep.
    @inlinable @inline(__always)
    public mutating func beginItems<Model>(_ model: Model.Type, count: Int, _ context: borrowing JSONDecodingContext)
        throws
    {
        guard try beginArray() else { try Self.fail() }
        try checkStack(context)
    }

    /// Reads the next element with `body`.
    ///
    /// - Throws: ``Fallback`` when the array ends early or `body` throws.
    @inlinable @inline(__always)
    public mutating func item<T>(
        _ index: Int, _ context: borrowing JSONDecodingContext, _ body: (inout _JSONReader, JSONDecodingContext) throws -> T
    ) throws -> T {
        if index > 0, !(try nextElement()) { try Self.fail() }
        return try read(context, body)
    }

    /// Leaves the array.
    ///
    /// - Throws: ``Fallback`` when more elements follow.
    @inlinable @inline(__always)
    public mutating func endItems() throws {
        if try nextElement() { try Self.fail() }
    }

    /// ``skipUnknown(_:)``.
    ///
    /// - Throws: ``Fallback`` for invalid JSON, or when unknown keys are rejected.
    @inlinable @inline(__always)
    public mutating func passUnknown(_ context: borrowing JSONDecodingContext) throws {
        try skipUnknown(context)
    }

    /// ``skipValue()``.
    ///
    /// - Throws: ``Fallback`` for invalid JSON.
    @inlinable @inline(__always)
    public mutating func passValue() throws {
        try skipValue()
    }

    /// Reads the member whose key was just read, which no property maps, into `slot`.
    ///
    /// - Throws: ``Fallback`` for invalid JSON.
    @inlinable @inline(__always)
    public mutating func captureUnknown(_ slot: inout _JSONUnknownMembers, _ context: borrowing JSONDecodingContext) throws {
        try capture(&slot, context)
    }

    /// The members ``captureUnknown(_:_:)`` kept.
    @inlinable @inline(__always)
    public mutating func capturedUnknown(
        _ slot: inout _JSONUnknownMembers, _ keys: _JSONKeySet, _ context: borrowing JSONDecodingContext
    ) throws -> [String: JSONValue] {
        slot.members
    }

    /// Rethrows: a failure ends the direct path.
    ///
    /// - Throws: `error`.
    @inlinable @inline(__always)
    public mutating func recover(_ error: any Error, _ context: borrowing JSONDecodingContext) throws {
        throw error
    }

    /// Enters the object of a key-path step, or reads its `null`.
    ///
    /// - Throws: ``Fallback`` when the step repeats (the duplicate-key policy decides) or is
    ///   neither an object nor `null`.
    @inlinable @inline(__always)
    public mutating func beginNested(
        _ keys: _JSONKeySet, _ slot: Int, _ nested: _JSONKeySet, seen: inout Bool, _ context: borrowing JSONDecodingContext
    ) throws -> Bool {
        if seen { try Self.fail() }
        seen = true
        if readNull() { return false }
        return try beginObject(context)
    }

    /// Nothing to throw: the reader throws at the first problem.
    @inlinable @inline(__always)
    public mutating func endObject() throws {}

    // MARK: Members

    /// ``claim(_:nullable:)``.
    ///
    /// - Throws: ``Fallback`` when the slot is filled or the value is an unexpected `null`.
    @inlinable @inline(__always)
    public mutating func claimSlot<T>(_ slot: inout T?, nullable: Bool) throws {
        try claim(slot, nullable: nullable)
    }

    /// ``readNull(keepingDefault:)``.
    ///
    /// - Throws: ``Fallback`` for `null` when the decoder treats `null` as missing.
    @inlinable @inline(__always)
    public mutating func readNullKeepingDefault(_ context: borrowing JSONDecodingContext) throws -> Bool {
        try readNull(keepingDefault: context)
    }

    /// Claims a fallback key: its value is read when it is not `null` and no key of a lower
    /// rank has given one; otherwise it is passed over here.
    ///
    /// - Throws: ``Fallback`` when a key repeats, or for invalid JSON.
    @inlinable
    public mutating func claimAlternative<T>(_ slot: inout T?, _ state: inout _JSONFallbackState, rank: Int) throws -> Bool {
        if state.repeats(rank) { try Self.fail() }
        if readNull() {
            state.nullRank = min(state.nullRank, rank)
            return false
        }
        guard rank < state.valueRank else {
            try skipValue()
            return false
        }
        slot = nil
        state.valueRank = rank
        return true
    }

    /// Notes where the value of a collected key lies, and passes over it.
    ///
    /// - Throws: ``Fallback`` when the key repeats, or for invalid JSON.
    @inlinable
    public mutating func collect(_ slot: inout _JSONCollectedSlot, _ index: Int) throws {
        while slot.ranges.count <= index { slot.ranges.append(nil) }
        guard slot.ranges[index] == nil else { try Self.fail() }
        let start = position
        try skipValue()
        slot.ranges[index] = start..<position
    }

    // MARK: Values

    /// Reads a Loom-decodable type.
    ///
    /// - Throws: ``Fallback`` when the general decoder must decode the value.
    @inlinable @inline(__always)
    public mutating func value<T: JSONDecodable>(_ type: T.Type, _ context: borrowing JSONDecodingContext) throws -> T {
        try decode(T.self, context)
    }

    /// Reads a raw-value enum from its raw value.
    ///
    /// - Throws: ``Fallback`` for a raw value without a case.
    @inlinable @inline(__always)
    public mutating func value<T: RawRepresentable>(_ type: T.Type, _ context: borrowing JSONDecodingContext) throws -> T
    where T.RawValue: JSONDecodable {
        try decode(T.self, context)
    }

    /// Reads a `Decodable` type through the bridge, from a document of the value.
    ///
    /// - Throws: ``Fallback`` when the bridge throws.
    @inlinable @inline(__always)
    public mutating func value<T: Decodable>(_ type: T.Type, _ context: borrowing JSONDecodingContext) throws -> T {
        try decode(T.self, context)
    }

    /// Tie-break: Loom's conformance wins over `Decodable`.
    ///
    /// - Throws: ``Fallback`` when the general decoder must decode the value.
    @inlinable @inline(__always)
    public mutating func value<T: JSONDecodable & Decodable>(_ type: T.Type, _ context: borrowing JSONDecodingContext)
        throws -> T
    {
        try decode(T.self, context)
    }

    /// Tie-break: the raw value wins over `Decodable`.
    ///
    /// - Throws: ``Fallback`` for a raw value without a case.
    @inlinable @inline(__always)
    public mutating func value<T: RawRepresentable & Decodable>(_ type: T.Type, _ context: borrowing JSONDecodingContext)
        throws -> T where T.RawValue: JSONDecodable
    {
        try decode(T.self, context)
    }

    /// Tie-break: Loom's conformance wins over the raw value.
    ///
    /// - Throws: ``Fallback`` when the general decoder must decode the value.
    @inlinable @inline(__always)
    public mutating func value<T: JSONDecodable & RawRepresentable>(
        _ type: T.Type, _ context: borrowing JSONDecodingContext
    ) throws -> T where T.RawValue: JSONDecodable {
        try decode(T.self, context)
    }

    /// Tie-break: Loom's conformance wins over everything.
    ///
    /// - Throws: ``Fallback`` when the general decoder must decode the value.
    @inlinable @inline(__always)
    public mutating func value<T: JSONDecodable & RawRepresentable & Decodable>(
        _ type: T.Type, _ context: borrowing JSONDecodingContext
    ) throws -> T where T.RawValue: JSONDecodable {
        try decode(T.self, context)
    }

    /// `nil` for `null`, else the value `body` reads.
    ///
    /// - Throws: ``Fallback`` when `body` does.
    @inlinable @inline(__always)
    public mutating func optionalValue<T>(
        _ context: borrowing JSONDecodingContext, _ body: (inout _JSONReader, JSONDecodingContext) throws -> T
    ) throws -> T? {
        try optional(context, body)
    }

    /// Reads an array, each element with `body`; a failing element falls back, lossy or not.
    ///
    /// - Throws: ``Fallback`` when the value is not an array or an element fails.
    @inlinable @inline(__always)
    public mutating func array<T>(
        _ context: borrowing JSONDecodingContext, lossy: Bool, _ body: (inout _JSONReader, JSONDecodingContext) throws -> T
    ) throws -> [T] {
        try array(context, body)
    }

    /// Reads an array into a set, each element with `body`.
    ///
    /// - Throws: ``Fallback`` when the value is not an array or an element fails.
    @inlinable @inline(__always)
    public mutating func set<T: Hashable>(
        _ context: borrowing JSONDecodingContext, lossy: Bool, _ body: (inout _JSONReader, JSONDecodingContext) throws -> T
    ) throws -> Set<T> {
        try set(context, body)
    }

    /// Reads an object into a dictionary with `String` keys, each value with `body`.
    ///
    /// - Throws: ``Fallback`` when the value is not an object, a value fails or a key repeats.
    @inlinable @inline(__always)
    public mutating func dictionary<V>(
        _ context: borrowing JSONDecodingContext, lossy: Bool, _ body: (inout _JSONReader, JSONDecodingContext) throws -> V
    ) throws -> [String: V] {
        try dictionary(context, body)
    }

    /// Reads an object into a dictionary whose keys are converted from the JSON keys.
    ///
    /// - Throws: ``Fallback`` when the value is not an object, a key does not convert, a
    ///   value fails or a converted key repeats.
    @inlinable
    public mutating func dictionary<K: Hashable, V>(
        _ context: borrowing JSONDecodingContext, lossy: Bool, key makeKey: (String, JSONDecodingContext) throws -> K,
        _ body: (inout _JSONReader, JSONDecodingContext) throws -> V
    ) throws -> [K: V] {
        var result: [K: V] = [:]
        guard try beginObject(context) else { return result }
        repeat {
            let name = try memberName()
            let key: K
            do {
                key = try makeKey(name, context)
            } catch {
                try Self.fail()
            }
            if result.updateValue(try read(context, body), forKey: key) != nil { try Self.fail() }
        } while try nextMember()
        return result
    }

    /// ``element(_:_:)``.
    ///
    /// - Throws: ``Fallback`` when the value is not valid JSON or `body` throws.
    @inlinable @inline(__always)
    public mutating func decodeElement<T>(
        _ context: borrowing JSONDecodingContext, _ body: (JSONElement, JSONDecodingContext) throws -> T
    ) throws -> T {
        try element(context, body)
    }

    /// Reads a `@JSONLossy` property's value; a value that fails falls back, and the general
    /// path puts the default in its place and notes it.
    ///
    /// - Throws: ``Fallback`` when the value fails.
    @inlinable @inline(__always)
    public mutating func lossy<T>(
        _ context: borrowing JSONDecodingContext, default defaultValue: String,
        _ body: (inout _JSONReader, JSONDecodingContext) throws -> T
    ) throws -> T? {
        try read(context, body)
    }

    // MARK: Checks

    /// Checks that a required property's key was present.
    ///
    /// - Throws: ``Fallback`` when it was missing.
    @inlinable @inline(__always)
    public mutating func required<T>(
        _ slot: inout T?, _ keys: _JSONKeySet, _ index: Int, _ context: borrowing JSONDecodingContext
    ) throws {
        guard slot != nil else { try Self.fail() }
    }

    /// Nothing to check: the member loop read the value or `null`.
    @inlinable @inline(__always)
    public mutating func optional<T>(
        _ slot: inout T?, _ keys: _JSONKeySet, _ index: Int, _ context: borrowing JSONDecodingContext
    ) throws {}

    /// A missing key takes the default.
    ///
    /// - Throws: ``Fallback`` for a missing key in a decode that reports: the report notes it.
    @inlinable @inline(__always)
    public mutating func defaulted<T>(
        _ slot: inout T?, _ keys: _JSONKeySet, _ index: Int, _ context: borrowing JSONDecodingContext,
        default defaultValue: String
    ) throws {
        guard slot != nil || !reporting else { try Self.fail() }
    }

    /// A missing key takes the default.
    ///
    /// - Throws: ``Fallback`` for a missing key in a decode that reports: the report notes it.
    @inlinable @inline(__always)
    public mutating func optionalDefaulted<T>(
        _ slot: inout T?, _ keys: _JSONKeySet, _ index: Int, _ context: borrowing JSONDecodingContext,
        default defaultValue: String
    ) throws {
        guard slot != nil || !reporting else { try Self.fail() }
    }

    /// Checks a property with fallback keys: a value, or a missing key that may be missing.
    ///
    /// - Throws: ``Fallback`` when only `null` was found, or a required property has none of its keys.
    @inlinable
    public mutating func fallback<T>(
        _ slot: borrowing T?, _ state: _JSONFallbackState, _ candidates: [(_JSONKeySet, Int)], _ presence: _JSONPresence,
        _ context: borrowing JSONDecodingContext, default defaultValue: String
    ) throws {
        if slot != nil { return }
        // The general decoder judges `null` by the presence and the decoder's options.
        if state.nullRank != .max || state.valueRank != .max { try Self.fail() }
        if case .required = presence { try Self.fail() }
        if case .optional = presence { return }
        if reporting { try Self.fail() }
    }

    /// Decodes a collected property from an object of the noted members: their keys as
    /// written, their values as in the input.
    ///
    /// - Throws: ``Fallback`` when `body` does.
    public mutating func collected<T>(
        _ slot: inout _JSONCollectedSlot, _ names: [(String, _JSONKeySet, Int)], _ presence: _JSONPresence,
        _ context: borrowing JSONDecodingContext, default defaultValue: String,
        _ body: (inout _JSONReader, JSONDecodingContext) throws -> T
    ) throws -> T? {
        let present = slot.ranges.contains { $0 != nil }
        if !present, presence != .required {
            // A default stands in: the report notes it.
            if reporting && presence != .optional { try Self.fail() }
            return nil
        }
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        for (index, range) in slot.ranges.enumerated() {
            guard let range, index < names.count else { continue }
            if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
            var key = JSONWriter()
            key.write(names[index].0)
            bytes.append(contentsOf: key.bytes)
            bytes.append(UInt8(ascii: ":"))
            bytes.append(contentsOf: UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
        }
        bytes.append(UInt8(ascii: "}"))
        let options = self.options
        let keyStrategy = self.keyStrategy
        let reporting = self.reporting
        return try bytes.withUnsafeBufferPointer { buffer throws(Fallback) -> T in
            var reader = _JSONReader(buffer, options: options, keyStrategy: keyStrategy, reporting: reporting)
            return try reader.read(context, body)
        }
    }

    /// The slot's value.
    ///
    /// - Throws: ``Fallback`` when the slot is empty.
    @inlinable @inline(__always)
    public func unwrap<T>(_ slot: consuming T?) throws -> T {
        guard let value = slot else { try Self.fail() }
        return value
    }

    // MARK: Hooks

    /// Runs a per-property validator.
    ///
    /// - Throws: ``Fallback`` when it rejects the value: the general decoder reports it.
    @inlinable
    public mutating func validate(
        _ keys: _JSONKeySet, _ index: Int, _ name: String, _ context: borrowing JSONDecodingContext, _ body: () throws -> Void
    ) throws {
        do {
            try body()
        } catch {
            try Self.fail()
        }
    }

    /// Runs a per-property validator that returns whether the value is valid.
    ///
    /// - Throws: ``Fallback`` when it rejects the value: the general decoder reports it.
    @inlinable
    public mutating func check(
        _ keys: _JSONKeySet, _ index: Int, _ name: String, _ context: borrowing JSONDecodingContext, _ body: () throws -> Bool
    ) throws {
        let valid: Bool
        do {
            valid = try body()
        } catch {
            try Self.fail()
        }
        if !valid { try Self.fail() }
    }

    /// Runs a hook of the whole model.
    ///
    /// - Throws: ``Fallback`` when it throws: the general decoder reports it.
    @inlinable
    public mutating func hook(_ name: String, _ context: borrowing JSONDecodingContext, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch {
            try Self.fail()
        }
    }
}
