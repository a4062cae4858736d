import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What generated decoding code needs during one decode: the options and the helpers that
/// turn elements into values with errors that carry paths and positions.
public struct JSONDecodingContext: Sendable {
    // The options live in a class so that copying a context (generic code does, often)
    // costs one retain; the flags the hot path reads are copied out as plain fields.
    @usableFromInline final class Storage: Sendable {
        let decoder: JSONModelDecoder
        /// Where notes go when the decode reports what it bent; `nil` otherwise.
        @usableFromInline let notes: JSONNoteSink?
        /// The decoder's `.formatted` date pattern, compiled once per decode.
        let datePattern: JSONDatePattern?
        /// Whether dates use the default ISO 8601 strategy: `Date` then reads this flag
        /// instead of copying the strategy out of the decoder for every value.
        let datesAreISO8601: Bool
        /// An address near the start of the decode on the thread's stack: a decode that has
        /// used less than ``DecodingStack/reserve`` below it skips the stack check.
        @usableFromInline let stackTop: UInt

        init(_ decoder: JSONModelDecoder, notes: JSONNoteSink?) {
            self.decoder = decoder
            self.notes = notes
            var marker: UInt8 = 0
            stackTop = DecodingStack.top(withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) })
            if case .formatted(let pattern) = decoder.dateStrategy {
                datePattern = JSONDatePattern(pattern)
            } else {
                datePattern = nil
            }
            if case .iso8601 = decoder.dateStrategy { datesAreISO8601 = true } else { datesAreISO8601 = false }
        }
    }

    /// `var` so that a decode continued on a thread with a larger stack gets its own
    /// stack bounds (`_onLargerStack` in StackGrowth.swift).
    @usableFromInline var storage: Storage
    @usableFromInline let keyMode: UInt8
    @usableFromInline let collecting: Bool
    @usableFromInline let nullAsMissing: Bool
    @usableFromInline let rejectsUnknownKeys: Bool
    @usableFromInline let keepsFirstDuplicate: Bool
    @usableFromInline let maxCollectedErrors: Int
    /// The tape index of a key that is not unknown although no key set maps it: the tag of
    /// an internally tagged enum, seen by its payload (see `Polymorphism.swift`).
    @usableFromInline var exemptKey = -1
    /// The document `exemptKey` indexes into.
    @usableFromInline var exemptKeyDocument: ObjectIdentifier?
    /// The object a flattened value is being read from, with the prefix of its keys
    /// (`@JSONFlatten`); unretained, so copying a context stays free of reference counting: the
    /// reader that reads the flattened value keeps it alive meanwhile.
    var flattenScope: Unmanaged<FlattenScope>?
    /// The type the caller decodes from the whole input (not from a value at a path), whose
    /// errors at the root can name what else the caller could decode (`DecodingHints.swift`).
    @usableFromInline var wholeInputType: ObjectIdentifier?
    /// Whether values of another JSON type are converted (``JSONCoercion``); read only on the
    /// type-mismatch path of the leaf decoders, so strict decoding pays nothing for it.
    public internal(set) var isLenient: Bool
    /// Whether failing elements of arrays, sets and dictionaries are dropped (and noted).
    public internal(set) var isLossy: Bool
    /// How lenient coercion rounds a non-integral number for an integer; `nil` keeps it an
    /// error. Starts as the decoder's ``JSONCoercion/rounding``; `@JSONLenient(rounding:)` on
    /// a model or property replaces it beneath that model or property.
    public internal(set) var rounding: FloatingPointRoundingRule? {
        get { RoundingCode.rule(roundingCode) }
        set { roundingCode = RoundingCode.code(newValue) }
    }
    /// `rounding` as a byte: `FloatingPointRoundingRule` is a resilient enum, and holding one
    /// made every copy of the context (generic code copies it per value) go through value
    /// witnesses, about 10 % of a twitter.json decode.
    @usableFromInline var roundingCode: UInt8 = 0

    /// The decoder whose options apply.
    public var decoder: JSONModelDecoder { storage.decoder }

    /// Creates a context for `decoder`.
    public init(decoder: JSONModelDecoder) {
        self.init(decoder: decoder, notes: nil)
    }

    init(decoder: JSONModelDecoder, notes: JSONNoteSink?) {
        storage = Storage(decoder, notes: notes)
        isLenient = decoder.coercion.isLenient
        isLossy = decoder.lossyCollections
        roundingCode = RoundingCode.code(decoder.coercion.rounding)
        maxCollectedErrors = decoder.maxCollectedErrors
        keyMode = decoder.keyStrategy.keyMode
        collecting = decoder.collectsAllErrors
        nullAsMissing = decoder.nullAsMissing
        rejectsUnknownKeys = decoder.unknownKeys == .reject
        keepsFirstDuplicate = decoder.parsingOptions.duplicateKeys == .useFirst
    }

    @usableFromInline
    func matchCustom(_ key: JSONElement, in keys: _JSONKeySet) -> Int {
        guard let name = key.stringValue else { return -1 }
        let names = keys.names(for: decoder.keyStrategy)
        for (slot, candidate) in names.enumerated() where candidate.utf8.elementsEqual(name.utf8) {
            return slot
        }
        return -1
    }

    // MARK: Object level

    /// Checks that `element` is an object, for a model of type `type`.
    ///
    /// - Throws: ``JSONDecodingError`` of kind `typeMismatch` (or `nullValue`).
    @inlinable
    public func object<T>(_ element: JSONElement, for type: T.Type) throws -> JSONElement.Members {
        guard element.nodeKind == .object else { throw notAnObject(T.self, element) }
        try _checkStack(element)
        return element.members
    }

    /// Throws instead of overflowing the stack when a model nests deeper than the decoding
    /// thread can hold and no thread with a larger stack could take over.
    ///
    /// Every model level calls it (through ``object(_:for:)``). The depth limit alone does
    /// not protect a recursive model: 512 levels of a small recursive model need 1–2 MB of
    /// stack in an optimized build and about 2 MB in a debug build, more than a secondary
    /// thread has on Apple platforms (512 KB). Models therefore move to a thread with an
    /// 8 MB stack when less than 128 KB of theirs is left (`JSONModel._makeInstance`, see
    /// StackGrowth.swift), so this check, at 96 KB left, throws only when that thread could
    /// not be started, or for a hand-written `JSONDecodable` type that decodes nested
    /// values without `_makeInstance`. It costs one comparison until the decode has used
    /// 96 KB of stack, then one read of the thread's bounds per decode (and a lock per
    /// level); it is skipped when the thread's stack is unknown or the frame is not on it (a
    /// context used on another thread). Under AddressSanitizer, whose fake stacks put locals
    /// on the heap, every level reads the real frame's address from the sanitizer's runtime.
    ///
    /// - Throws: ``JSONDecodingError`` of kind `invalidValue` at `element`.
    @inlinable
    public func _checkStack(_ element: JSONElement) throws {
        var marker: UInt8 = 0
        let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        // Shallow so far (the common case): no bounds needed. A frame above the start wraps
        // around to a large distance and takes the slow path.
        if storage.stackTop &- here < DecodingStack.reserve { return }
        let stack = DecodingStack.ofCurrentThread()
        let real = DecodingStack.realAddress(here)
        if real < stack.floor && real >= stack.low {
            throw invalid(
                "nested too deep for the stack of this thread (\((real - stack.low) / 1024) KB left); decode on a "
                    + "thread with a larger stack or lower JSONParsingOptions.maxDepth", element)
        }
    }

    /// Checks that a key-path step is an object; `nil` for a missing or null step.
    ///
    /// - Throws: ``JSONDecodingError`` of kind `typeMismatch` when the step is another kind of
    ///   value (a string where `user` should be an object), naming the step's path.
    @inlinable
    public func _nestedObject(_ element: JSONElement?, _ keys: _JSONKeySet, _ slot: Int) throws -> JSONElement.Members? {
        guard let element, !element.isNull else { return nil }
        guard element.nodeKind == .object else {
            throw mismatch(expected: "object", element).prefixed(by: keys, slot, self)
        }
        return element.members
    }

    /// Stores a matched member's value in its slot, honouring the duplicate-key policy.
    @inlinable
    public func _assign(_ slot: inout JSONElement?, _ value: JSONElement) {
        if keepsFirstDuplicate && slot != nil { return }
        slot = value
    }

    /// Notes a key no property maps; under ``JSONModelDecoder/UnknownKeyPolicy/reject`` it
    /// becomes an error reported when the object is finished.
    @inlinable
    public func _unknownKey(_ key: JSONElement, _ keys: _JSONKeySet, into errors: inout _JSONErrorAccumulator) {
        guard rejectsUnknownKeys else { return }
        recordUnknownKey(key, keys, into: &errors)
    }

    @usableFromInline
    func recordUnknownKey(_ key: JSONElement, _ keys: _JSONKeySet, into errors: inout _JSONErrorAccumulator) {
        if isExempt(key, keys) { return }
        // At most maxCollectedErrors of them: an object with a million unknown keys must not
        // build a million errors.
        guard errors.errors.count < max(errors.limit, 1) else {
            errors.truncated = true
            return
        }
        let name = key.stringValue ?? ""
        var error = positioned(
            JSONDecodingError(.unknownKey, reason: "unknown key \"\(name)\", expected one of \(keys.names(for: decoder.keyStrategy).map { "\"\($0)\"" }.joined(separator: ", "))"),
            key)
        error.path = keys.prefix.map { .key($0) } + [.key(name)]
        errors.errors.append(error)
    }

    // MARK: Property level

    /// Decodes a required property: a missing key or `null` is an error.
    ///
    /// - Throws: ``JSONDecodingError`` whose path starts with the key.
    @inlinable @inline(__always)
    public func _required<T>(
        _ element: JSONElement?, _ keys: _JSONKeySet, _ slot: Int, _ body: (JSONElement, JSONDecodingContext) throws -> T
    ) throws -> T {
        guard let element, !element.isNull else { throw absent(element, keys, slot, T.self) }
        do {
            return try body(element, self)
        } catch {
            throw failed(error, element, keys, slot)
        }
    }

    /// Decodes an optional property: a missing key or `null` gives `nil`.
    ///
    /// - Throws: ``JSONDecodingError`` whose path starts with the key.
    @inlinable @inline(__always)
    public func _optional<T>(
        _ element: JSONElement?, _ keys: _JSONKeySet, _ slot: Int, _ body: (JSONElement, JSONDecodingContext) throws -> T
    ) throws -> T? {
        guard let element, !element.isNull else { return nil }
        do {
            return try body(element, self)
        } catch {
            throw failed(error, element, keys, slot)
        }
    }

    /// Decodes a non-optional property that has a default: `nil` (use the default) for a
    /// missing key, or for `null` when the decoder treats null as missing or coerces leniently.
    ///
    /// Both are noted in the decode's report: `null` always, a missing key when `object` (the
    /// model's JSON object) is given, with `defaultValue` (the default as written in source) in
    /// the reason. Without a report, a missing key costs one check.
    ///
    /// - Throws: ``JSONDecodingError`` whose path starts with the key.
    @inlinable @inline(__always)
    public func _defaulted<T>(
        _ element: JSONElement?, _ keys: _JSONKeySet, _ slot: Int, in object: JSONElement? = nil,
        default defaultValue: String = "", _ body: (JSONElement, JSONDecodingContext) throws -> T
    ) throws -> T? {
        guard let element else {
            if let object, storage.notes != nil { noteMissingDefault(keys, slot, in: object, defaultValue) }
            return nil
        }
        if element.isNull {
            if nullAsMissing || isLenient {
                noteNullDefault(element)
                return nil
            }
            throw nullValue(T.self, element).prefixed(by: keys, slot, self)
        }
        do {
            return try body(element, self)
        } catch {
            throw failed(error, element, keys, slot)
        }
    }

    /// Decodes an optional property that has a default: the outer `nil` (use the default) for
    /// a missing key, `.some(nil)` for `null`.
    ///
    /// A missing key is noted in the decode's report when `object` (the model's JSON object)
    /// is given, as in ``defaulted(_:_:_:in:default:_:)-(_,_,_,_,_,(JSONElement)->T)``.
    ///
    /// - Throws: ``JSONDecodingError`` whose path starts with the key.
    @inlinable @inline(__always)
    public func _optionalDefaulted<T>(
        _ element: JSONElement?, _ keys: _JSONKeySet, _ slot: Int, in object: JSONElement? = nil,
        default defaultValue: String = "", _ body: (JSONElement, JSONDecodingContext) throws -> T
    ) throws -> T?? {
        guard let element else {
            if let object, storage.notes != nil { noteMissingDefault(keys, slot, in: object, defaultValue) }
            return nil
        }
        if element.isNull {
            guard nullAsMissing else { return .some(nil) }
            noteNullDefault(element)
            return nil
        }
        do {
            return .some(try body(element, self))
        } catch {
            throw failed(error, element, keys, slot)
        }
    }

    // Closure-free forms for the common leaf types (`String`, `Int`, `Bool`, `Double`, …).
    // Generated initializers pass one closure per property to `errors.capture` and another to
    // `required`; in a model of dozens of properties the optimizer leaves both out of line,
    // a call with its own frame per property. These do the same work with a direct call to
    // the type's conformance, and keep every error path out of line.

    /// Decodes a required property of a Loom-decodable type; an error is thrown, or recorded
    /// in `errors` (giving `nil`) when errors are being collected.
    ///
    /// - Throws: ``JSONDecodingError`` whose path starts with the key, unless collecting.
    @inlinable @inline(__always)
    public func _required<T: JSONDecodable>(
        _ element: JSONElement?, _ keys: _JSONKeySet, _ slot: Int, _ type: T.Type,
        into errors: inout _JSONErrorAccumulator
    ) throws -> T? {
        guard let element, !element.isNull else {
            try errors.collect(absent(element, keys, slot, T.self))
            return nil
        }
        do {
            return try T._makeInstance(json: element, context: self)
        } catch {
            try errors.collect(failed(error, element, keys, slot))
            return nil
        }
    }

    /// Decodes an optional property of a Loom-decodable type: `.some(nil)` for a missing key
    /// or `null`; an error is thrown, or recorded in `errors` (giving `nil`) when collecting.
    ///
    /// - Throws: ``JSONDecodingError`` whose path starts with the key, unless collecting.
    @inlinable @inline(__always)
    public func _optional<T: JSONDecodable>(
        _ element: JSONElement?, _ keys: _JSONKeySet, _ slot: Int, _ type: T.Type,
        into errors: inout _JSONErrorAccumulator
    ) throws -> T?? {
        guard let element, !element.isNull else { return .some(nil) }
        do {
            return .some(try T._makeInstance(json: element, context: self))
        } catch {
            try errors.collect(failed(error, element, keys, slot))
            return nil
        }
    }

    /// The error for a required property whose key is missing or whose value is `null`.
    /// `object` is the object the key is missing from, where it is known: the error is then
    /// positioned there and names a key of it that differs from the missing one only in case
    /// or separators.
    @usableFromInline
    func absent<T>(
        _ element: JSONElement?, _ keys: _JSONKeySet, _ slot: Int, _ type: T.Type, in object: JSONElement? = nil
    ) -> JSONDecodingError {
        guard let element else { return missing(keys, slot, in: object) }
        return nullValue(T.self, element).prefixed(by: keys, slot, self)
    }

    /// A property's decoding error with the key in front of its path, as every property
    /// helper throws it.
    @usableFromInline
    func failed(_ error: any Error, _ element: JSONElement, _ keys: _JSONKeySet, _ slot: Int) -> JSONDecodingError {
        ((error as? JSONDecodingError) ?? wrap(error, element)).prefixed(by: keys, slot, self)
    }

    // One-argument forms for hand-written models. Generated code passes closures that take
    // the context as an argument: a closure that captures the context copies it (a retain and
    // a value-witness call) at every call, which is every element of every collection.

    /// Decodes a required property; `body` decodes the value.
    ///
    /// - Throws: ``JSONDecodingError`` whose path starts with the key.
    @inlinable @inline(__always)
    public func _required<T>(
        _ element: JSONElement?, _ keys: _JSONKeySet, _ slot: Int, _ body: (JSONElement) throws -> T
    ) throws -> T {
        try _required(element, keys, slot) { element, _ in try body(element) }
    }

    /// Decodes an optional property; `body` decodes a present, non-null value.
    ///
    /// - Throws: ``JSONDecodingError`` whose path starts with the key.
    @inlinable @inline(__always)
    public func _optional<T>(
        _ element: JSONElement?, _ keys: _JSONKeySet, _ slot: Int, _ body: (JSONElement) throws -> T
    ) throws -> T? {
        try _optional(element, keys, slot) { element, _ in try body(element) }
    }

    /// Decodes a non-optional property that has a default; `body` decodes a present value.
    ///
    /// - Throws: ``JSONDecodingError`` whose path starts with the key.
    @inlinable @inline(__always)
    public func _defaulted<T>(
        _ element: JSONElement?, _ keys: _JSONKeySet, _ slot: Int, in object: JSONElement? = nil,
        default defaultValue: String = "", _ body: (JSONElement) throws -> T
    ) throws -> T? {
        try _defaulted(element, keys, slot, in: object, default: defaultValue) { element, _ in try body(element) }
    }

    /// Decodes an optional property that has a default; `body` decodes a present value.
    ///
    /// - Throws: ``JSONDecodingError`` whose path starts with the key.
    @inlinable @inline(__always)
    public func _optionalDefaulted<T>(
        _ element: JSONElement?, _ keys: _JSONKeySet, _ slot: Int, in object: JSONElement? = nil,
        default defaultValue: String = "", _ body: (JSONElement) throws -> T
    ) throws -> T?? {
        try _optionalDefaulted(element, keys, slot, in: object, default: defaultValue) { element, _ in try body(element) }
    }

    /// The slot to decode a property with fallback keys from: the first candidate that is
    /// present and not null, else the first present one, else the first candidate's slot
    /// (so a missing-key error names the first key).
    @inlinable
    public func _firstPresent(_ candidates: [(JSONElement?, Int)]) -> (JSONElement?, Int) {
        for (element, slot) in candidates {
            if let element, !element.isNull { return (element, slot) }
        }
        for (element, slot) in candidates where element != nil { return (element, slot) }
        return (nil, candidates.first?.1 ?? 0)
    }

    // MARK: Structure

    /// Decodes a JSON array element by element; `body` gets each element and this context.
    ///
    /// With `lossy` (or ``JSONModelDecoder/lossyCollections``) an element that fails is left
    /// out and noted instead.
    ///
    /// - Throws: ``JSONDecodingError`` with the failing index in its path; with collected
    ///   errors, every failing element is reported.
    @inlinable
    public func array<T>(
        _ element: JSONElement, lossy: Bool = false, _ body: (JSONElement, JSONDecodingContext) throws -> T
    ) throws -> [T] {
        guard element.nodeKind == .array else { throw notAnArray([T].self, element) }
        if lossy || isLossy || collecting { return try gatheringArray(element, lossy: lossy, body) }
        let count = element.count
        // `reserveCapacity(0)` still goes through the array's reallocation path.
        if count == 0 { return [] }
        var result = [T]()
        result.reserveCapacity(count)
        // A plain loop: a closure capturing `self` here would copy the context per element.
        for child in element.elements {
            do {
                result.append(try body(child, self))
            } catch {
                throw ((error as? JSONDecodingError) ?? wrap(error, child)).prefixed(with: .index(result.count))
            }
        }
        return result
    }

    /// The two-argument `array` for lossy arrays and collected errors, which go on past a
    /// failing element.
    @usableFromInline
    func gatheringArray<T>(
        _ element: JSONElement, lossy: Bool, _ body: (JSONElement, JSONDecodingContext) throws -> T
    ) throws -> [T] {
        var result = [T]()
        result.reserveCapacity(element.count)
        var index = 0
        var errors = _JSONErrorAccumulator(self)
        for child in element.elements {
            do {
                result.append(try body(child, self))
            } catch {
                if lossy || isLossy {
                    noteDropped(child, error)
                } else {
                    try errors.record(error, at: .index(index), context: self, element: child)
                }
            }
            index &+= 1
        }
        try errors.finish()
        return result
    }

    /// Decodes a JSON array element by element (the form for hand-written models).
    ///
    /// - Throws: as the two-argument form.
    @inlinable
    public func array<T>(_ element: JSONElement, lossy: Bool = false, _ body: (JSONElement) throws -> T) throws -> [T] {
        try array(element, lossy: lossy) { element, _ in try body(element) }
    }

    /// Decodes a JSON array into a `Set`; duplicates collapse. `lossy` drops failing elements.
    ///
    /// - Throws: ``JSONDecodingError`` with the failing index in its path.
    @inlinable
    public func set<T: Hashable>(
        _ element: JSONElement, lossy: Bool = false, _ body: (JSONElement, JSONDecodingContext) throws -> T
    ) throws -> Set<T> {
        Set(try array(element, lossy: lossy, body))
    }

    /// Decodes a JSON array into a `Set` (the form for hand-written models).
    ///
    /// - Throws: ``JSONDecodingError`` with the failing index in its path.
    @inlinable
    public func set<T: Hashable>(_ element: JSONElement, lossy: Bool = false, _ body: (JSONElement) throws -> T) throws
        -> Set<T>
    {
        Set(try array(element, lossy: lossy) { element, _ in try body(element) })
    }

    /// Decodes a JSON object into a dictionary with `String` keys (compared by bytes, so
    /// keys that differ only in Unicode normalization are reported as duplicates, never merged
    /// silently); `body` gets each value and this context.
    ///
    /// - Throws: ``JSONDecodingError`` with the failing key in its path.
    @inlinable
    public func dictionary<V>(
        _ element: JSONElement, lossy: Bool = false, _ body: (JSONElement, JSONDecodingContext) throws -> V
    ) throws -> [String: V] {
        try dictionary(element, lossy: lossy, key: { name, _ in name }, body)
    }

    /// Decodes a JSON object into a dictionary with `String` keys (the form for hand-written
    /// models).
    ///
    /// - Throws: ``JSONDecodingError`` with the failing key in its path.
    @inlinable
    public func dictionary<V>(_ element: JSONElement, lossy: Bool = false, _ body: (JSONElement) throws -> V) throws
        -> [String: V]
    {
        try dictionary(element, lossy: lossy, key: { name, _ in name }) { value, _ in try body(value) }
    }

    /// Decodes a JSON object into a dictionary whose keys are converted from the JSON keys
    /// (the form for hand-written models).
    ///
    /// - Throws: ``JSONDecodingError`` with the failing key in its path.
    @inlinable
    public func dictionary<K: Hashable, V>(
        _ element: JSONElement, lossy: Bool = false, key makeKey: (String) throws -> K, _ body: (JSONElement) throws -> V
    ) throws -> [K: V] {
        try dictionary(element, lossy: lossy, key: { name, _ in try makeKey(name) }) { value, _ in try body(value) }
    }

    /// Decodes a JSON object into a dictionary whose keys are converted from the JSON keys;
    /// `makeKey` and `body` get this context.
    ///
    /// With `lossy` (or ``JSONModelDecoder/lossyCollections``) a member whose key or value
    /// fails is left out and noted instead.
    ///
    /// - Throws: ``JSONDecodingError`` with the failing key in its path.
    @inlinable
    public func dictionary<K: Hashable, V>(
        _ element: JSONElement, lossy: Bool = false, key makeKey: (String, JSONDecodingContext) throws -> K,
        _ body: (JSONElement, JSONDecodingContext) throws -> V
    ) throws -> [K: V] {
        guard element.nodeKind == .object else { throw mismatch(expected: "object", element) }
        var result = [K: V](minimumCapacity: element.count)
        var errors = _JSONErrorAccumulator(self)
        for member in element.members {
            let name = member.key.makeString()
            do {
                let key = try makeKey(name, self)
                let value = try body(member.value, self)
                // One hash per member; a repeated key (rare) is looked at again.
                guard let replaced = result.updateValue(value, forKey: key) else { continue }
                // Distinct JSON keys that Swift considers equal (NFC/NFD) must not merge silently.
                if let previous = result.index(forKey: key), let existing = result.keys[previous] as? String,
                    !existing.utf8.elementsEqual(name.utf8)
                {
                    result[key] = replaced
                    throw positioned(
                        JSONDecodingError(
                            .invalidValue,
                            reason: "key \"\(name)\" is canonically equivalent to key \"\(existing)\" and cannot be a separate dictionary key"),
                        member.key)
                }
                if keepsFirstDuplicate { result[key] = replaced }
            } catch {
                if lossy || isLossy {
                    noteDropped(member.value, error)
                } else {
                    try errors.record(error, at: .key(name), context: self, element: member.value)
                }
            }
        }
        try errors.finish()
        return result
    }

    /// Decodes `null` as `nil` and anything else with `body` (for optionals inside collections).
    ///
    /// - Throws: what `body` throws.
    @inlinable
    public func optionalValue<T>(_ element: JSONElement, _ body: (JSONElement, JSONDecodingContext) throws -> T) throws -> T? {
        element.isNull ? nil : try body(element, self)
    }

    /// Decodes `null` as `nil` and anything else with `body` (the form for hand-written models).
    ///
    /// - Throws: what `body` throws.
    @inlinable
    public func optionalValue<T>(_ element: JSONElement, _ body: (JSONElement) throws -> T) throws -> T? {
        element.isNull ? nil : try body(element)
    }

    // MARK: Errors

    /// A type-mismatch error at `element`: `expected Int, found string "abc"`.
    public func mismatch(expected: String, _ element: JSONElement) -> JSONDecodingError {
        let kind: JSONDecodingError.Kind = element.isNull ? .nullValue : .typeMismatch
        return positioned(JSONDecodingError(kind, reason: "expected \(expected), found \(describe(element))"), element)
    }

    /// An invalid-value error at `element`, for values of the right JSON type that the target
    /// rejects.
    public func invalid(_ reason: String, _ element: JSONElement) -> JSONDecodingError {
        positioned(JSONDecodingError(.invalidValue, reason: reason), element)
    }

    /// A number-out-of-range error at `element`.
    public func outOfRange(_ type: String, _ element: JSONElement, notIntegral: Bool = false) -> JSONDecodingError {
        let literal = element.numberLexeme ?? describe(element)
        let reason =
            notIntegral
            ? "expected \(type), found number \(literal), which is not an integer"
            : "number \(literal) does not fit in \(type)"
        return positioned(JSONDecodingError(.numberOutOfRange, reason: reason), element)
    }

    @usableFromInline
    func nullValue<T>(_ type: T.Type, _ element: JSONElement) -> JSONDecodingError {
        positioned(JSONDecodingError(.nullValue, reason: "expected \(T.self), found null"), element)
    }

    /// With `object`, the error is positioned at it and names a key of it that spells the
    /// missing one differently, with a hint at what maps it for a property's key (`isTag`
    /// false), or the object inside it that has the key.
    @usableFromInline
    func missing(_ keys: _JSONKeySet, _ slot: Int, in object: JSONElement? = nil, isTag: Bool = false) -> JSONDecodingError {
        let name = keys.names(for: decoder.keyStrategy)[slot]
        var error = JSONDecodingError(.missingKey, reason: "missing required key \"\(name)\"")
        if let object {
            if let found = Self.respelling(of: name, in: object, unmatchedBy: keys, self) {
                error.reason += "; the object has \"\(found)\""
                if !isTag { error.hint = remedy(for: found, keys, slot) }
            } else if let envelope = envelope(holding: name, around: object, keys) {
                error.reason += "; the object at \"\(envelope)\" has it"
                error.hint = "decode it with at: \"\(envelope)\""
            }
            error = positioned(error, object)
        }
        // A slot holds one key; a dot in it is part of the key, not a path separator.
        error.path = [.key(name)]
        return error.prefixedPath(keys.prefix)
    }

    /// Wraps an error thrown by user code (a transformer, hook or validation).
    @usableFromInline
    func wrap(_ error: any Error, _ element: JSONElement) -> JSONDecodingError {
        positioned(
            JSONDecodingError(.invalidValue, reason: String(describing: error), underlyingError: SendableError(error)),
            element)
    }

    /// Adds `element`'s position to an error that has none yet.
    public func positioned(_ error: JSONDecodingError, _ element: JSONElement) -> JSONDecodingError {
        guard error.byteOffset == nil else { return error }
        var copy = error
        let offset = min(max(element.byteOffset, 0), element.document.byteCount)
        let position = element.document.lineAndColumn(of: offset)
        copy.byteOffset = offset
        copy.line = position.line
        copy.column = position.column
        return copy
    }

    /// `string "abc"`, `number 12`, `null`, `object`, `array`, `true`.
    public func describe(_ element: JSONElement) -> String {
        switch element.nodeKind {
        case .null: return "null"
        case .true: return "true"
        case .false: return "false"
        case .int, .double, .number: return "number \(element.numberLexeme ?? "")"
        case .string:
            var text = element.makeString()
            if text.count > 40 { text = String(text.prefix(40)) + "…" }
            var writer = JSONWriter()
            writer.write(text)
            return "string \(writer.string)"
        case .array: return "array"
        case .object: return "object"
        }
    }
}

extension JSONDecodingError {
    /// Prefixes the path of the key in `slot` of `keys`: the key set's prefix, then the key.
    @usableFromInline
    func prefixed(by keys: _JSONKeySet, _ slot: Int, _ context: JSONDecodingContext) -> JSONDecodingError {
        // A slot holds one key (a dot in it is part of the key), named as in the JSON: with the
        // decoder's key strategy applied, as in missing-key errors.
        let name = keys.explicit[slot] ? keys.names[slot] : context.decoder.keyStrategy.key(for: keys.names[slot])
        return prefixed(with: .key(name)).prefixedPath(keys.prefix)
    }

    @usableFromInline
    func prefixedPath(_ prefix: [String]) -> JSONDecodingError {
        var result = self
        for component in prefix.reversed() { result = result.prefixed(with: .key(component)) }
        return result
    }
}

/// Errors gathered while decoding one object or collection.
///
/// Without ``JSONModelDecoder/collectsAllErrors`` the first error is rethrown at once;
/// with it, errors are kept (up to the decoder's cap) and thrown together by ``finish()``.
/// Unknown keys are always gathered and reported by ``finish()``.
public struct _JSONErrorAccumulator {
    @usableFromInline var errors: [JSONDecodingError] = []
    @usableFromInline let collecting: Bool
    @usableFromInline let limit: Int
    /// Whether errors were dropped at the limit (unknown keys beyond it).
    @usableFromInline var truncated = false

    /// Creates an empty accumulator for `context`.
    @inlinable
    public init(_ context: borrowing JSONDecodingContext) {
        collecting = context.collecting
        limit = context.maxCollectedErrors
    }

    /// Runs `body`; on error, rethrows it, or records it and returns `nil` when collecting.
    ///
    /// - Throws: the error of `body` unless errors are being collected.
    @inlinable @inline(__always)
    public mutating func capture<T>(_ body: () throws -> T) throws -> T? {
        do {
            return try body()
        } catch {
            guard collecting else { throw error }
            try append(error)
            return nil
        }
    }

    /// Throws `error`, or records it when errors are being collected.
    ///
    /// - Throws: `error` unless collecting; when collecting, only if the limit is exceeded.
    @usableFromInline
    mutating func collect(_ error: JSONDecodingError) throws {
        guard collecting else { throw error }
        try append(error)
    }

    @usableFromInline
    mutating func record(_ error: any Error, at component: JSONPathComponent, context: JSONDecodingContext, element: JSONElement) throws {
        let decodingError =
            (error as? JSONDecodingError) ?? context.wrap(error, element)
        let prefixed = decodingError.prefixed(with: component)
        guard collecting else { throw prefixed }
        try append(prefixed)
    }

    @usableFromInline
    mutating func append(_ error: any Error) throws {
        let decodingError = (error as? JSONDecodingError) ?? JSONDecodingError(.invalidValue, reason: String(describing: error))
        if decodingError.kind == .multiple {
            errors.append(contentsOf: decodingError.errors)
        } else {
            errors.append(decodingError)
        }
        if errors.count >= limit {
            throw JSONDecodingError(multiple: Array(errors.prefix(limit)), truncated: true)
        }
    }

    /// Throws the gathered errors, if any: one error as itself, several as kind `multiple`.
    ///
    /// - Throws: ``JSONDecodingError``.
    @inlinable
    public func finish() throws {
        guard !errors.isEmpty else { return }
        try throwGathered()
    }

    @usableFromInline
    func throwGathered() throws {
        if errors.count == 1, !truncated, let only = errors.first { throw only }
        throw JSONDecodingError(multiple: errors, truncated: truncated)
    }

    /// Unwraps a value captured by ``capture(_:)`` after ``finish()`` succeeded.
    ///
    /// - Throws: only if called without a successful ``finish()`` first.
    @inlinable @inline(__always)
    public static func unwrap<T>(_ value: consuming T?) throws -> T {
        guard let value else { throw JSONDecodingError(.invalidValue, reason: "value missing after a failed decode") }
        return value
    }
}

/// The bounds of a thread's stack, read once per thread (`ofCurrentThread()`).
@usableFromInline
struct DecodingStack: Sendable {
    /// The lowest address of the stack (stacks grow down on every platform Swift runs on).
    @usableFromInline let low: UInt
    /// `low` plus the reserve kept for the work below the deepest model level: leaf
    /// conversions, Foundation calls, error construction.
    @usableFromInline let floor: UInt

    /// `low` plus ``growthReserve``: a model level below it continues on a larger stack.
    let growthFloor: UInt

    /// What a decode keeps free below its deepest model level; also how much stack a decode
    /// or encode uses before it first reads the thread's bounds.
    @usableFromInline static let reserve: UInt = 96 * 1024

    /// Below this much stack left, a model level continues on a thread with a larger stack
    /// (StackGrowth.swift). Above ``reserve`` by more than any one model level needs, so
    /// that the level's own `checkStack` does not throw first.
    static let growthReserve: UInt = 128 * 1024

    /// Whether a model level at `here` must continue on a larger stack.
    func needsGrowth(at here: UInt) -> Bool {
        here < growthFloor && here >= low
    }

    /// The current thread's stack; zeros (no check) where the platform does not say.
    static func current() -> DecodingStack {
        #if canImport(Darwin)
        let thread = pthread_self()
        let high = UInt(bitPattern: pthread_get_stackaddr_np(thread))
        let size = UInt(pthread_get_stacksize_np(thread))
        return DecodingStack(low: high > size ? high - size : 0, size: size)
        #elseif canImport(Glibc) || canImport(Musl)
        var attributes = pthread_attr_t()
        guard let getAttributes = getThreadAttributes, getAttributes(pthread_self(), &attributes) == 0 else {
            return DecodingStack(low: 0, size: 0)
        }
        defer { pthread_attr_destroy(&attributes) }
        var address: UnsafeMutableRawPointer?
        var size = 0
        guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address else {
            return DecodingStack(low: 0, size: 0)
        }
        return DecodingStack(low: UInt(bitPattern: address), size: UInt(size))
        #else
        return DecodingStack(low: 0, size: 0)
        #endif
    }

    #if canImport(Glibc) || canImport(Musl)
    /// `pthread_getattr_np`, looked up at run time: the Glibc module does not export this
    /// GNU extension to Swift.
    private static let getThreadAttributes: (@convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32)? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "pthread_getattr_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32).self)
    }()
    #endif

    init(low: UInt, size: UInt) {
        // A stack too small for the reserve itself is left unchecked rather than refused.
        guard low != 0, size > 2 * Self.reserve else {
            self.low = 0
            floor = 0
            growthFloor = 0
            return
        }
        self.low = low
        floor = low + Self.reserve
        growthFloor = low + Self.growthReserve
    }
}

/// `FloatingPointRoundingRule?` as a byte, for ``JSONDecodingContext/rounding``.
enum RoundingCode {
    static func code(_ rule: FloatingPointRoundingRule?) -> UInt8 {
        switch rule {
        case nil: return 0
        case .toNearestOrAwayFromZero?: return 1
        case .toNearestOrEven?: return 2
        case .up?: return 3
        case .down?: return 4
        case .towardZero?: return 5
        case .awayFromZero?: return 6
        // A rule added to the standard library later: the schoolbook rule, the
        // closest to what a new rounding mode would likely mean.
        @unknown default: return 1
        }
    }

    static func rule(_ code: UInt8) -> FloatingPointRoundingRule? {
        switch code {
        case 1: return .toNearestOrAwayFromZero
        case 2: return .toNearestOrEven
        case 3: return .up
        case 4: return .down
        case 5: return .towardZero
        case 6: return .awayFromZero
        default: return nil
        }
    }
}
