import Foundation

/// Reads a model from an element of a parsed document through its generated mapping: the
/// general decoder, which applies every option and reports every problem.
///
/// Not API: generated `init(json:context:)` creates one and runs the model's mapping with it,
/// the same mapping the direct path (`_JSONReader`) runs. Entering an object, it matches all
/// the members against the key set first, applying the duplicate-key policy and noting unknown
/// keys, and then hands the mapping the present keys in slot order, which is the order the
/// properties are declared in. Errors inside a member's value are noted for its property
/// (``recover(_:_:)``); the checks then report them in declaration order, before missing keys
/// of later properties, so the first error is the one of the first property that fails.
/// With ``JSONModelDecoder/collectsAllErrors`` they are all reported together.
public struct _JSONElementReader {
    /// What the reader does with a member's value that it cannot give the mapping.
    enum Outcome {
        case failed(JSONDecodingError)
        /// `null` for a property that is not optional.
        case null
        /// `null` for an optional property with a default, when `null` counts as missing.
        case nullDefault
    }

    /// Thrown to the mapping's `recover` to say what to note for a member without a value.
    enum Marker: Error {
        case null
        case nullDefault
        /// A key-path step that is not an object: reported before any property's error.
        case step(JSONDecodingError)
    }

    /// One object level of the model being read: its own object, or a key-path step.
    struct Frame {
        let keys: _JSONKeySet
        let object: JSONElement
        /// The element matched for each slot.
        var elements: [JSONElement?]
        /// The slot being read; -1 before the first.
        var slot = -1
        /// What was noted for each slot; empty until the first note.
        var outcomes: [Outcome?] = []
    }

    /// The value being read.
    var current: JSONElement
    /// The model's object levels entered so far, outermost first.
    var frames: [Frame] = []
    /// The levels being iterated, innermost last (indexes into `frames`).
    var active: [Int] = []
    /// Unknown keys, step errors, and with collected errors every property's.
    var errors: _JSONErrorAccumulator
    /// Set once an error leaves the member loop: the levels around it pass it on.
    var escaping = false

    /// A reader of `element`, with the error policy of `context`.
    public init(_ element: JSONElement, _ context: borrowing JSONDecodingContext) {
        current = element
        errors = _JSONErrorAccumulator(context)
    }

    /// The model's own object, once entered.
    var object: JSONElement { frames.first?.object ?? current }

    func frameIndex(_ keys: _JSONKeySet) -> Int? {
        if let index = frames.lastIndex(where: { $0.keys === keys }) { return index }
        // A generic model computes its key sets, a new instance each time: the same level has
        // the same keys at the same prefix.
        return frames.lastIndex { $0.keys.names == keys.names && $0.keys.prefix == keys.prefix }
    }

    /// The element matched for slot `index` of `keys`, if its level was entered and the key present.
    func element(_ keys: _JSONKeySet, _ index: Int) -> JSONElement? {
        guard let frame = frameIndex(keys), index < frames[frame].elements.count else { return nil }
        return frames[frame].elements[index]
    }

    /// The object of the level `keys` reads: the model's own object, or a key-path step's
    /// object where the step is present.
    func levelObject(_ keys: _JSONKeySet) -> JSONElement? {
        frameIndex(keys).map { frames[$0].object }
    }

    func outcome(_ keys: _JSONKeySet, _ index: Int) -> Outcome? {
        guard let frame = frameIndex(keys), index < frames[frame].outcomes.count else { return nil }
        return frames[frame].outcomes[index]
    }

    mutating func note(_ outcome: Outcome, frame: Int, slot: Int) {
        if frames[frame].outcomes.isEmpty {
            frames[frame].outcomes = Array(repeating: nil, count: frames[frame].elements.count)
        }
        frames[frame].outcomes[slot] = outcome
    }

    /// Matches the members of `object` against `keys` and enters the level; returns whether
    /// a present slot follows.
    mutating func enter(_ object: JSONElement, _ keys: _JSONKeySet, reportsUnknown: Bool, _ context: borrowing JSONDecodingContext)
        -> Bool
    {
        var elements = [JSONElement?](repeating: nil, count: keys.count)
        var hint = 0
        for member in object.members {
            let slot = keys.match(member.key, hint: &hint, context)
            if slot >= 0 {
                context._assign(&elements[slot], member.value)
                var twin = keys.twin(of: slot)
                while twin >= 0 {
                    context._assign(&elements[twin], member.value)
                    twin = keys.twin(of: twin)
                }
            } else if reportsUnknown {
                context._unknownKey(member.key, keys, into: &errors)
            }
        }
        frames.append(Frame(keys: keys, object: object, elements: elements))
        active.append(frames.count - 1)
        return advance()
    }

    /// Moves the innermost level to its next present slot; returns whether there is one.
    mutating func advance() -> Bool {
        guard let index = active.last else { return false }
        var slot = frames[index].slot + 1
        while slot < frames[index].elements.count, frames[index].elements[slot] == nil { slot += 1 }
        frames[index].slot = slot
        if slot < frames[index].elements.count { return true }
        active.removeLast()
        return false
    }

    /// Notes `error` as the outcome of slot `index` of `keys`, or throws it now: without
    /// collected errors, the first check that fails throws.
    mutating func fail(_ error: JSONDecodingError) throws {
        try errors.collect(error)
    }
}

extension _JSONElementReader: _JSONReading {
    // MARK: The member loop

    /// Enters the model's object, matching its members against `keys`.
    ///
    /// - Throws: ``JSONDecodingError`` when the value is not an object.
    public mutating func beginObject<Model>(_ model: Model.Type, _ keys: _JSONKeySet, _ context: borrowing JSONDecodingContext)
        throws -> Bool
    {
        _ = try context.object(current, for: Model.self)
        if let scope = context.flattenScope?.takeUnretainedValue(), scope.holds(current) {
            return try enterFlattened(current, keys, scope, model: ObjectIdentifier(Model.self), context)
        }
        return enter(current, keys, reportsUnknown: !keys.capturesUnknown, context)
    }

    /// The next present slot of the innermost level; its value becomes the current element.
    public mutating func nextKey(_ keys: _JSONKeySet, hint: inout Int) throws -> Int {
        guard let index = active.last else { return -1 }
        let slot = frames[index].slot
        if let element = frames[index].elements[slot] { current = element }
        return slot
    }

    /// Whether the innermost level has another present slot.
    public mutating func moreMembers() throws -> Bool { advance() }

    /// Nothing to do: unknown keys were noted when the object was entered.
    public mutating func passUnknown(_ context: borrowing JSONDecodingContext) throws {}

    /// Nothing to do: the parser validated the value.
    public mutating func passValue() throws {}

    /// Never called: this reader's member loop visits only mapped keys; the checks read the
    /// unknown members from the object.
    public mutating func captureUnknown(_ slot: inout _JSONUnknownMembers, _ context: borrowing JSONDecodingContext) throws {}

    /// The members of the model's object that `keys` does not map.
    public mutating func capturedUnknown(
        _ slot: inout _JSONUnknownMembers, _ keys: _JSONKeySet, _ context: borrowing JSONDecodingContext
    ) throws -> [String: JSONValue] {
        unknownMembers(keys, context)
    }

    /// Notes `error` for the property whose value was being read and goes on, so that the
    /// checks report it in declaration order; a key-path step that is not an object is
    /// reported at once.
    ///
    /// - Throws: a step's error without collected errors.
    public mutating func recover(_ error: any Error, _ context: borrowing JSONDecodingContext) throws {
        guard !escaping, let frame = active.last else { throw error }
        let slot = frames[frame].slot
        switch error {
        case Marker.null:
            note(.null, frame: frame, slot: slot)
        case Marker.nullDefault:
            note(.nullDefault, frame: frame, slot: slot)
        case Marker.step(let stepError):
            escaping = !errors.collecting
            try errors.collect(stepError)
            escaping = false
        default:
            let element = frames[frame].elements[slot] ?? current
            note(.failed(context.failed(error, element, frames[frame].keys, slot)), frame: frame, slot: slot)
        }
    }

    /// Enters the object of a key-path step; `null` gives `false`.
    ///
    /// - Throws: a step error (to ``recover(_:_:)``) when the value is not an object.
    public mutating func beginNested(
        _ keys: _JSONKeySet, _ slot: Int, _ nested: _JSONKeySet, seen: inout Bool, _ context: borrowing JSONDecodingContext
    ) throws -> Bool {
        let step = current
        if step.isNull { return false }
        guard step.nodeKind == .object else {
            throw Marker.step(context.mismatch(expected: "object", step).prefixed(by: keys, slot, context))
        }
        // Nested objects are shared with data the model does not own: extra keys are fine.
        return enter(step, nested, reportsUnknown: false, context)
    }

    /// Throws the errors gathered for the model's object.
    ///
    /// - Throws: ``JSONDecodingError``, of kind `multiple` for several.
    public mutating func endObject() throws {
        try errors.finish()
    }

    // MARK: Members

    /// Duplicates are resolved already; `null` where it is not allowed is noted.
    ///
    /// - Throws: a marker for `recover` on `null`.
    public mutating func claimSlot<T>(_ slot: inout T?, nullable: Bool) throws {
        if !nullable && current.isNull { throw Marker.null }
    }

    /// Whether the current value is `null`.
    public mutating func readNull() -> Bool { current.isNull }

    /// Whether the current value is `null`, for an optional property with a default.
    ///
    /// - Throws: a marker for `recover` when `null` counts as missing.
    public mutating func readNullKeepingDefault(_ context: borrowing JSONDecodingContext) throws -> Bool {
        guard current.isNull else { return false }
        if context.nullAsMissing { throw Marker.nullDefault }
        return true
    }

    /// Claims a fallback key: read when it is not `null` and no lower rank has a value.
    public mutating func claimAlternative<T>(_ slot: inout T?, _ state: inout _JSONFallbackState, rank: Int) throws -> Bool {
        if current.isNull {
            state.nullRank = min(state.nullRank, rank)
            return false
        }
        guard rank < state.valueRank else { return false }
        slot = nil
        state.valueRank = rank
        return true
    }

    /// Nothing to note: the matched elements are kept.
    public mutating func collect(_ slot: inout _JSONCollectedSlot, _ index: Int) throws {}

    // MARK: Values

    /// Decodes a Loom-decodable type from the current element.
    ///
    /// - Throws: what its conformance throws.
    public mutating func value<T: JSONDecodable>(_ type: T.Type, _ context: borrowing JSONDecodingContext) throws -> T {
        try context.decode(T.self, from: current)
    }

    /// Decodes a raw-value enum from the current element.
    ///
    /// - Throws: ``JSONDecodingError`` naming the cases for an unknown raw value.
    public mutating func value<T: RawRepresentable>(_ type: T.Type, _ context: borrowing JSONDecodingContext) throws -> T
    where T.RawValue: JSONDecodable {
        try context.decode(T.self, from: current)
    }

    /// Decodes a `Decodable` type through the bridge.
    ///
    /// - Throws: what its `init(from:)` throws, as ``JSONDecodingError``.
    public mutating func value<T: Decodable>(_ type: T.Type, _ context: borrowing JSONDecodingContext) throws -> T {
        try context.decode(T.self, from: current)
    }

    /// Tie-break: Loom's conformance wins over `Decodable`.
    ///
    /// - Throws: what its conformance throws.
    public mutating func value<T: JSONDecodable & Decodable>(_ type: T.Type, _ context: borrowing JSONDecodingContext)
        throws -> T
    {
        try context.decode(T.self, from: current)
    }

    /// Tie-break: the raw value wins over `Decodable`.
    ///
    /// - Throws: ``JSONDecodingError`` naming the cases for an unknown raw value.
    public mutating func value<T: RawRepresentable & Decodable>(_ type: T.Type, _ context: borrowing JSONDecodingContext)
        throws -> T where T.RawValue: JSONDecodable
    {
        try context.decode(T.self, from: current)
    }

    /// Tie-break: Loom's conformance wins over the raw value.
    ///
    /// - Throws: what its conformance throws.
    public mutating func value<T: JSONDecodable & RawRepresentable>(
        _ type: T.Type, _ context: borrowing JSONDecodingContext
    ) throws -> T where T.RawValue: JSONDecodable {
        try context.decode(T.self, from: current)
    }

    /// Tie-break: Loom's conformance wins over everything.
    ///
    /// - Throws: what its conformance throws.
    public mutating func value<T: JSONDecodable & RawRepresentable & Decodable>(
        _ type: T.Type, _ context: borrowing JSONDecodingContext
    ) throws -> T where T.RawValue: JSONDecodable {
        try context.decode(T.self, from: current)
    }

    /// `nil` for `null`, else what `body` reads.
    ///
    /// - Throws: what `body` throws.
    public mutating func optionalValue<T>(
        _ context: borrowing JSONDecodingContext, _ body: (inout _JSONElementReader, JSONDecodingContext) throws -> T
    ) throws -> T? {
        current.isNull ? nil : try body(&self, context)
    }

    /// Decodes an array, each element with `body` on a reader of its own.
    ///
    /// - Throws: ``JSONDecodingError`` with the failing index in its path.
    public mutating func array<T>(
        _ context: borrowing JSONDecodingContext, lossy: Bool,
        _ body: (inout _JSONElementReader, JSONDecodingContext) throws -> T
    ) throws -> [T] {
        try context.array(current, lossy: lossy) { element, context in
            var reader = _JSONElementReader(element, context)
            return try body(&reader, context)
        }
    }

    /// Decodes an array into a set, each element with `body` on a reader of its own.
    ///
    /// - Throws: ``JSONDecodingError`` with the failing index in its path.
    public mutating func set<T: Hashable>(
        _ context: borrowing JSONDecodingContext, lossy: Bool,
        _ body: (inout _JSONElementReader, JSONDecodingContext) throws -> T
    ) throws -> Set<T> {
        try context.set(current, lossy: lossy) { element, context in
            var reader = _JSONElementReader(element, context)
            return try body(&reader, context)
        }
    }

    /// Decodes an object into a dictionary with `String` keys.
    ///
    /// - Throws: ``JSONDecodingError`` with the failing key in its path.
    public mutating func dictionary<V>(
        _ context: borrowing JSONDecodingContext, lossy: Bool,
        _ body: (inout _JSONElementReader, JSONDecodingContext) throws -> V
    ) throws -> [String: V] {
        try context.dictionary(current, lossy: lossy) { element, context in
            var reader = _JSONElementReader(element, context)
            return try body(&reader, context)
        }
    }

    /// Decodes an object into a dictionary whose keys are converted from the JSON keys.
    ///
    /// - Throws: ``JSONDecodingError`` with the failing key in its path.
    public mutating func dictionary<K: Hashable, V>(
        _ context: borrowing JSONDecodingContext, lossy: Bool, key makeKey: (String, JSONDecodingContext) throws -> K,
        _ body: (inout _JSONElementReader, JSONDecodingContext) throws -> V
    ) throws -> [K: V] {
        try context.dictionary(current, lossy: lossy, key: makeKey) { element, context in
            var reader = _JSONElementReader(element, context)
            return try body(&reader, context)
        }
    }

    // MARK: The values of an enum case

    /// Checks that the current element is an array of `count` elements.
    ///
    /// - Throws: ``JSONDecodingError`` for another value or another length.
    public mutating func beginItems<Model>(_ model: Model.Type, count: Int, _ context: borrowing JSONDecodingContext)
        throws
    {
        guard current.nodeKind == .array else {
            throw context.mismatch(expected: "\(Model.self) array of \(count) values", current)
        }
        try context._checkStack(current)
        let found = current.count
        guard found == count else {
            throw context.positioned(
                JSONDecodingError(
                    .typeMismatch, reason: "expected an array of \(count) values, found \(found) value\(found == 1 ? "" : "s")"),
                current)
        }
    }

    /// Reads element `index` of the current array with `body`, on a reader of its own.
    ///
    /// - Throws: ``JSONDecodingError`` with the index in front of its path.
    public mutating func item<T>(
        _ index: Int, _ context: borrowing JSONDecodingContext, _ body: (inout _JSONElementReader, JSONDecodingContext) throws -> T
    ) throws -> T {
        guard let element = current[index] else {
            throw context.positioned(JSONDecodingError(.missingKey, reason: "missing value \(index)"), current)
        }
        var reader = _JSONElementReader(element, context)
        do {
            return try body(&reader, copy context)
        } catch {
            throw ((error as? JSONDecodingError) ?? context.wrap(error, element)).prefixed(with: .index(index))
        }
    }

    /// Nothing to check: ``beginItems(_:count:_:)`` checked the length.
    public mutating func endItems() throws {}

    /// Decodes the current element with `body`.
    ///
    /// - Throws: what `body` throws.
    public mutating func decodeElement<T>(
        _ context: borrowing JSONDecodingContext, _ body: (JSONElement, JSONDecodingContext) throws -> T
    ) throws -> T {
        try body(current, context)
    }

    /// Reads a `@JSONLossy` property's value; a value that fails gives `nil` (the default
    /// stands in) and a note with the rejected JSON. The document was parsed whole before any
    /// value was read, so invalid JSON never gets here.
    public mutating func lossy<T>(
        _ context: borrowing JSONDecodingContext, default defaultValue: String,
        _ body: (inout Self, JSONDecodingContext) throws -> T
    ) throws -> T? {
        let element = current
        do {
            return try body(&self, context)
        } catch {
            current = element
            context.noteRejected(element, error, defaultValue)
            return nil
        }
    }

    // MARK: Checks

    /// A missing key, `null`, or the error noted for the value.
    ///
    /// - Throws: the first of them, unless errors are collected.
    public mutating func required<T>(
        _ slot: inout T?, _ keys: _JSONKeySet, _ index: Int, _ context: borrowing JSONDecodingContext
    ) throws {
        guard slot == nil else { return }
        switch outcome(keys, index) {
        case .failed(let error)?:
            try fail(error)
        case .null?, .nullDefault?:
            try fail(context.absent(element(keys, index), keys, index, T.self))
        case nil:
            try fail(context.absent(nil, keys, index, T.self, in: levelObject(keys)))
        }
    }

    /// The error noted for the value, if any.
    ///
    /// - Throws: it, unless errors are collected.
    public mutating func optional<T>(
        _ slot: inout T?, _ keys: _JSONKeySet, _ index: Int, _ context: borrowing JSONDecodingContext
    ) throws {
        if case .failed(let error)? = outcome(keys, index) { try fail(error) }
    }

    /// The error noted for the value, or for `null` unless it counts as missing; a default
    /// that stands in is noted in the report.
    ///
    /// - Throws: the error, unless errors are collected.
    public mutating func defaulted<T>(
        _ slot: inout T?, _ keys: _JSONKeySet, _ index: Int, _ context: borrowing JSONDecodingContext,
        default defaultValue: String
    ) throws {
        switch outcome(keys, index) {
        case .failed(let error)?:
            try fail(error)
        case .null?, .nullDefault?:
            guard let element = element(keys, index) else { return }
            if context.nullAsMissing || context.isLenient {
                context.noteNullDefault(element)
            } else {
                try fail(context.nullValue(T.self, element).prefixed(by: keys, index, context))
            }
        case nil:
            if slot == nil, element(keys, index) == nil, context.isReporting {
                context.noteMissingDefault(keys, index, in: object, defaultValue)
            }
        }
    }

    /// The error noted for the value; a default that stands in is noted in the report.
    ///
    /// - Throws: the error, unless errors are collected.
    public mutating func optionalDefaulted<T>(
        _ slot: inout T?, _ keys: _JSONKeySet, _ index: Int, _ context: borrowing JSONDecodingContext,
        default defaultValue: String
    ) throws {
        switch outcome(keys, index) {
        case .failed(let error)?:
            try fail(error)
        case .nullDefault?:
            if let element = element(keys, index) { context.noteNullDefault(element) }
        case .null?:
            break
        case nil:
            if slot == nil, element(keys, index) == nil, context.isReporting {
                context.noteMissingDefault(keys, index, in: object, defaultValue)
            }
        }
    }

    /// Judges a property with fallback keys by the key that decided: the first present one
    /// with a value, else the first whose value is `null`, else the first key (missing).
    ///
    /// - Throws: the decided key's error, unless errors are collected.
    public mutating func fallback<T>(
        _ slot: borrowing T?, _ state: _JSONFallbackState, _ candidates: [(_JSONKeySet, Int)], _ presence: _JSONPresence,
        _ context: borrowing JSONDecodingContext, default defaultValue: String
    ) throws {
        guard slot == nil else { return }
        let decided: (_JSONKeySet, Int)
        if state.valueRank < candidates.count {
            decided = candidates[state.valueRank]
        } else if state.nullRank < candidates.count {
            decided = candidates[state.nullRank]
        } else if let first = candidates.first {
            decided = first
        } else {
            return
        }
        let (keys, index) = decided
        if case .failed(let error)? = outcome(keys, index) { return try fail(error) }
        switch presence {
        case .required:
            try fail(context.absent(element(keys, index), keys, index, T.self, in: levelObject(keys)))
        case .optional:
            break
        case .defaulted:
            if let element = element(keys, index) {
                if context.nullAsMissing || context.isLenient {
                    context.noteNullDefault(element)
                } else {
                    try fail(context.nullValue(T.self, element).prefixed(by: keys, index, context))
                }
            } else if context.isReporting {
                context.noteMissingDefault(keys, index, in: object, defaultValue)
            }
        case .optionalDefaulted:
            if let element = element(keys, index) {
                if context.nullAsMissing { context.noteNullDefault(element) }
            } else if context.isReporting {
                context.noteMissingDefault(keys, index, in: object, defaultValue)
            }
        }
    }

    /// Decodes a collected property from the elements matched for its names.
    ///
    /// - Throws: the decode's error, with the member's path and position, unless errors are
    ///   collected.
    public mutating func collected<T>(
        _ slot: inout _JSONCollectedSlot, _ names: [(String, _JSONKeySet, Int)], _ presence: _JSONPresence,
        _ context: borrowing JSONDecodingContext, default defaultValue: String,
        _ body: (inout _JSONElementReader, JSONDecodingContext) throws -> T
    ) throws -> T? {
        let members = names.map { name, keys, index in (name, element(keys, index)) }
        let decode: (JSONElement, JSONDecodingContext) throws -> T = { element, context in
            var reader = _JSONElementReader(element, context)
            return try body(&reader, context)
        }
        do {
            switch presence {
            case .required:
                return try context._collected(members, decode)
            case .optional:
                return try context._collectedIfPresent(members, decode)
            case .defaulted, .optionalDefaulted:
                return try context._collectedIfPresent(members, in: object, default: defaultValue, decode)
            }
        } catch {
            try fail((error as? JSONDecodingError) ?? context.wrap(error, object))
            return nil
        }
    }

    /// The value of a slot the checks have accepted.
    ///
    /// - Throws: only when called without the checks.
    public func unwrap<T>(_ slot: consuming T?) throws -> T {
        guard let value = slot else { throw JSONDecodingError(.invalidValue, reason: "value missing after a failed decode") }
        return value
    }

    // MARK: Hooks

    /// Runs a per-property validator; its error is reported at the property, or gathered for
    /// ``endObject()`` when errors are collected.
    ///
    /// - Throws: ``JSONDecodingError`` with the property's key and position.
    public mutating func validate(
        _ keys: _JSONKeySet, _ index: Int, _ name: String, _ context: borrowing JSONDecodingContext, _ body: () throws -> Void
    ) throws {
        do {
            try context._validateProperty(keys, index, at: element(keys, index), name, body)
        } catch {
            try fail((error as? JSONDecodingError) ?? context.wrap(error, object))
        }
    }

    /// Runs a per-property validator that returns whether the value is valid; its error is
    /// gathered for ``endObject()`` when errors are collected.
    ///
    /// - Throws: ``JSONDecodingError`` with the property's key and position.
    public mutating func check(
        _ keys: _JSONKeySet, _ index: Int, _ name: String, _ context: borrowing JSONDecodingContext, _ body: () throws -> Bool
    ) throws {
        do {
            try context._checkProperty(keys, index, at: element(keys, index), name, body)
        } catch {
            try fail((error as? JSONDecodingError) ?? context.wrap(error, object))
        }
    }

    /// Runs a hook of the whole model; its error is reported at the model's object.
    ///
    /// - Throws: ``JSONDecodingError`` at the object.
    public mutating func hook(_ name: String, _ context: borrowing JSONDecodingContext, _ body: () throws -> Void) throws {
        try context._hook(name, at: object, body)
    }
}
