import Foundation

// The direct path of polymorphic enums (`@JSONModel` on an enum whose cases carry models):
// finding the case a value names without a document, then reading the payload from the same
// bytes. Anything but the plain forms Loom writes itself falls back to the general decoder,
// which reports problems and applies the fallback case's and the options' rules.

extension _JSONReader {
    /// A reading position to come back to (``rewind(to:)``).
    public struct Mark: Sendable {
        @usableFromInline let position: Int
        @usableFromInline let depth: Int

        @inlinable init(position: Int, depth: Int) {
            self.position = position
            self.depth = depth
        }
    }

    /// The reading position.
    @inlinable
    public func mark() -> Mark { Mark(position: position, depth: depth) }

    /// Reads from `mark` again: a value is read a second time, after a look at it.
    @inlinable
    public mutating func rewind(to mark: Mark) {
        position = mark.position
        depth = mark.depth
        resuming = false
    }

    /// Throws ``Fallback`` unless `condition` holds.
    ///
    /// - Throws: ``Fallback`` when `condition` is `false`.
    @inlinable
    public func expect(_ condition: Bool) throws(Fallback) {
        if !condition { try Self.fail() }
    }

    /// Throws ``Fallback``: the general decoder reads the input.
    ///
    /// - Throws: ``Fallback``, always.
    @inlinable
    public func fallBack() throws(Fallback) -> Never {
        try Self.fail()
    }

    /// The slot in `cases` of the string at the reading position, or -1 for a string that
    /// names no case.
    @usableFromInline
    mutating func caseSlot(_ cases: _JSONKeySet) throws(Fallback) -> Int {
        guard peek() == UInt8(ascii: "\"") else { try Self.fail() }
        let (raw, flags) = try stringToken()
        var hint = 0
        // Tags are explicit keys, which no strategy converts (a `.custom` one included).
        let table = cases.table(keyMode) ?? cases.plain
        if flags & stringHasEscapesFlag != 0 {
            return unescapeJSONString(raw).withUnsafeBufferPointer { table.find($0, hint: &hint) }
        }
        return table.find(raw, hint: &hint)
    }

    /// The slot in `cases` of the integer or Boolean at the reading position, or -1 for one
    /// that names no case.
    ///
    /// - Throws: ``Fallback`` for any other value, or a number not written as an integer
    ///   that fits `Int` (the general decoder says why).
    @usableFromInline
    mutating func caseSlot(_ cases: _JSONCaseTags) throws(Fallback) -> Int {
        switch peek() {
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            return cases.slot(of: .bool(try bool()))
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let (kind, payload, _) = try numberToken()
            guard kind == .int, let value = Int(exactly: Int64(bitPattern: payload)) else { try Self.fail() }
            return cases.slot(of: .int(value))
        case UInt8(ascii: "\""):
            // Never a tag, as for the general decoder: the fallback case, or its error.
            _ = try stringToken()
            return -1
        default:
            try Self.fail()
        }
    }

    /// The slot of the tag at the reading position, a string or an integer or Boolean.
    @usableFromInline
    mutating func caseSlot(_ cases: CaseTable) throws(Fallback) -> Int {
        switch cases {
        case .names(let names): return try caseSlot(names)
        case .values(let values): return try caseSlot(values)
        }
    }

    /// The tags of an enum: strings in a key set, or integers and Booleans.
    @usableFromInline
    enum CaseTable {
        case names(_JSONKeySet)
        case values(_JSONCaseTags)
    }

    /// The case `choose` (`jsonCase(for:)`) picks for the value at the reading position, which
    /// it sees as an element of a document of the value; the value is then read from its start.
    ///
    /// - Throws: ``Fallback`` when the value is not valid JSON or `choose` throws.
    @inlinable
    public mutating func chosenCase<Choice>(
        _ context: borrowing JSONDecodingContext, _ choose: (JSONElement) throws -> Choice?
    ) throws(Fallback) -> Choice? {
        let start = mark()
        let choice = try element(context) { element, _ in try choose(element) }
        rewind(to: start)
        return choice
    }

    /// Finds the case of an externally tagged value: `"tag"` (`unit`), or `{"tag": payload}`
    /// with the payload then at the reading position (finish with ``endCase()``).
    ///
    /// - Throws: ``Fallback`` for any other form.
    public mutating func externalCase(_ cases: _JSONKeySet, _ context: borrowing JSONDecodingContext) throws(Fallback) -> (
        slot: Int, unit: Bool
    ) {
        if peek() == UInt8(ascii: "\"") { return (try caseSlot(cases), true) }
        guard try beginObject(context) else { try Self.fail() }
        var hint = 0
        return (try key(cases, hint: &hint), false)
    }

    /// After a payload that an object wraps (external and adjacent tags): the object ends.
    ///
    /// - Throws: ``Fallback`` when another member follows.
    public mutating func endCase() throws(Fallback) {
        if try nextMember() { try Self.fail() }
    }

    /// Finds the case of an internally tagged object, whose key `tag` (the one key of the
    /// set) names it. The payload then reads the object: when the tag is its first member,
    /// as Loom writes it, from the member after it, in the same pass; when the tag comes
    /// later, the object is passed over to find it and then read from its start, the tag an
    /// unknown key to the payload.
    ///
    /// - Throws: ``Fallback`` when the value is not an object with the tag as a string, or a
    ///   later tag meets unknown keys being rejected.
    public mutating func internalCase(_ tag: _JSONKeySet, _ cases: _JSONKeySet, _ context: borrowing JSONDecodingContext)
        throws(Fallback) -> Int
    {
        try internalCase(tag, .names(cases), context)
    }

    /// Finds the case of an internally tagged object whose tags are integers or Booleans:
    /// `{"kind": 2, …}`, read as for string tags.
    ///
    /// - Throws: ``Fallback`` when the value is not an object with the tag as an integer or
    ///   Boolean, or a later tag meets unknown keys being rejected.
    public mutating func internalCase(_ tag: _JSONKeySet, _ cases: _JSONCaseTags, _ context: borrowing JSONDecodingContext)
        throws(Fallback) -> Int
    {
        try internalCase(tag, .values(cases), context)
    }

    mutating func internalCase(_ tag: _JSONKeySet, _ cases: CaseTable, _ context: borrowing JSONDecodingContext)
        throws(Fallback) -> Int
    {
        let start = mark()
        guard try beginObject(context) else { try Self.fail() }
        var hint = 0
        if try key(tag, hint: &hint) == 0 {
            let slot = try caseSlot(cases)
            // The payload continues this object, so only `,` or `}` may follow: a `{` here
            // would otherwise be taken for the payload's own object.
            let next = skipWhitespace(position)
            guard next < end, base[next] == UInt8(ascii: ",") || base[next] == UInt8(ascii: "}") else { try Self.fail() }
            resuming = true
            return slot
        }
        if context.rejectsUnknownKeys { try Self.fail() }
        while true {
            try skipValue()
            guard try nextMember() else { try Self.fail() }
            hint = 0
            if try key(tag, hint: &hint) == 0 {
                let slot = try caseSlot(cases)
                rewind(to: start)
                return slot
            }
        }
    }

    /// After the tag of a case without payload (internal tag): the object ends.
    ///
    /// - Throws: ``Fallback`` when the object has other members.
    public mutating func endUnitCase() throws(Fallback) {
        guard resuming else { try Self.fail() }
        resuming = false
        if try nextMember() { try Self.fail() }
    }

    /// Finds the case of an adjacently tagged object, `{"tag": "name", "content": payload}`
    /// (`keys` holds the tag key, then the content key): the payload is then at the reading
    /// position (finish with ``endCase()``); `unit` when the object has the tag alone.
    ///
    /// - Throws: ``Fallback`` for any other form, the content before the tag included.
    public mutating func adjacentCase(_ keys: _JSONKeySet, _ cases: _JSONKeySet, _ context: borrowing JSONDecodingContext)
        throws(Fallback) -> (slot: Int, unit: Bool)
    {
        try adjacentCase(keys, .names(cases), context)
    }

    /// Finds the case of an adjacently tagged object whose tags are integers or Booleans,
    /// `{"kind": 2, "data": payload}`.
    ///
    /// - Throws: ``Fallback`` for any other form, the content before the tag included.
    public mutating func adjacentCase(_ keys: _JSONKeySet, _ cases: _JSONCaseTags, _ context: borrowing JSONDecodingContext)
        throws(Fallback) -> (slot: Int, unit: Bool)
    {
        try adjacentCase(keys, .values(cases), context)
    }

    mutating func adjacentCase(_ keys: _JSONKeySet, _ cases: CaseTable, _ context: borrowing JSONDecodingContext)
        throws(Fallback) -> (slot: Int, unit: Bool)
    {
        guard try beginObject(context) else { try Self.fail() }
        var hint = 0
        guard try key(keys, hint: &hint) == 0 else { try Self.fail() }
        let slot = try caseSlot(cases)
        guard try nextMember() else { return (slot, true) }
        guard try key(keys, hint: &hint) == 1 else { try Self.fail() }
        return (slot, false)
    }
}
