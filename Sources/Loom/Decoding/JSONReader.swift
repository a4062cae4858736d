import Foundation

/// Reads JSON bytes straight into values, in one pass: the direct path of model decoding.
///
/// `JSONModelDecoder` decodes a type that `JSONDecodable._readsDirectly` through a reader
/// first. Generated models match each key against the key the model expects next where it
/// lies in the input, and read strings and numbers from the bytes into their properties; no
/// ``JSONDocument`` is built. The reader validates everything it passes over, including the
/// values it skips, exactly as the parser does.
///
/// It handles the ordinary case and nothing else: when the input is anything other than a
/// valid document whose values have the types the model declares — a type mismatch, a
/// missing required key, a repeated key, `null` where a default would apply, nesting near
/// the stack's end — it throws ``Fallback``, and the decoder decodes the same bytes again
/// through a ``JSONDocument``, which reports the problem with its path, line and column, or
/// applies the leniency and defaults that the options ask for. A decode therefore gives the
/// same value or error either way; the reader only makes the common case fast.
///
/// Values of types without a direct form (`JSONDecodable._readsDirectly` is `false`), and
/// values that transformers decode, are read as a ``JSONElement`` (``element(_:_:)``): a
/// scalar as the one node of a document the reader keeps for them, an array or object parsed
/// into a document of its own.
///
/// Readers exist only inside a decode; the bytes they point to live as long as the decode.
public struct _JSONReader {
    /// Thrown when the input needs the general decoder (see `_JSONReader`).
    public struct Fallback: Error, Sendable {
        @usableFromInline init() {}
    }

    /// Throws ``Fallback``. Every failure of the reader goes through this one out-of-line
    /// function: an inlined function that throws a typed error itself keeps the optimizer from
    /// inlining it where a generic mapping calls it as a `_JSONReading` requirement.
    ///
    /// - Throws: ``Fallback``, always.
    @usableFromInline @inline(never)
    static func fail() throws(Fallback) -> Never {
        throw Fallback()
    }

    /// The bytes and their limits; the scanning methods are called on this, not on the reader.
    @usableFromInline let scanner: JSONByteScanner
    /// The next byte to read.
    @usableFromInline var position: Int
    /// The open arrays and objects around `position`.
    @usableFromInline var depth = 0
    /// Where the last key read by ``searchKey(_:hint:)`` starts: an unknown key a model
    /// captures (`@JSONUnknownKeys`) is read again from there.
    @usableFromInline var keyStart = 0
    @usableFromInline let maxDepth: Int
    /// How keys are matched (``JSONKeyStrategy/keyMode``): as written, or in a built-in
    /// style's precomputed form.
    @usableFromInline let keyMode: UInt8
    /// The decoder's key strategy; a `.custom` one's keys are matched by name.
    let keyStrategy: JSONKeyStrategy
    /// Whether keys are compared with the model's keys as written: no key strategy at run time.
    @usableFromInline let plainKeys: Bool
    /// Whether the decode reports what it bends (`decodeWithReport`, a `report` callback):
    /// the reader then falls back wherever the report would note something (a default for a
    /// missing key, a value read through a document), so a direct read reports nothing.
    @usableFromInline let reporting: Bool
    /// The limits for the documents of values without a direct form.
    let options: JSONParsingOptions
    /// The document scalar values without a direct form are read through, created on the
    /// first one (``element(_:_:)``).
    var scalarDocument: JSONDocument?
    /// Whether the reader stands inside an object after its first member, which an
    /// internally tagged enum has read (its tag): the next ``beginObject(_:)`` continues that
    /// object instead of expecting `{`.
    @usableFromInline var resuming = false
    /// While a flattened value is read from its parent's object (`@JSONFlatten`): the depth
    /// inside that object, whose keys are matched without `flattenPrefix`; -1 otherwise.
    @usableFromInline var flattenDepth = -1
    /// The prefix of the keys of the flattened value being read.
    var flattenPrefix: [UInt8] = []

    /// `comparesInPlace: false` sends every key to ``searchKey(_:hint:)`` (a flattened value's
    /// keys, which have a prefix to remove).
    init(
        _ input: UnsafeBufferPointer<UInt8>, options: JSONParsingOptions, keyStrategy: JSONKeyStrategy = .useDefaultKeys,
        reporting: Bool = false, comparesInPlace: Bool = true
    ) {
        scanner = JSONByteScanner(input, options: options)
        position = 0
        maxDepth = options.maxDepth
        keyMode = keyStrategy.keyMode
        self.keyStrategy = keyStrategy
        plainKeys = keyMode == 0 && comparesInPlace
        self.reporting = reporting
        self.options = options
    }

    @inlinable var base: UnsafePointer<UInt8> { scanner.base }
    @inlinable var end: Int { scanner.end }

    // MARK: The document

    /// Whether a decode with `decoder`'s options can take the direct path at all: options the
    /// reader does not apply (comments, trailing commas, rejected duplicates, value and
    /// container counts) send it straight to the general one.
    static func applies(to decoder: JSONModelDecoder, inputLength: Int) -> Bool {
        let options = decoder.parsingOptions
        return !options.allowComments && !options.allowTrailingCommas
            && options.duplicateKeys != .reject && options.maxValueCount == .max
            && options.maxContainerCount == .max && inputLength <= options.maxInputLength
    }

    /// Decodes the whole of `input` as a `T`, or returns `nil` when the general decoder must.
    @usableFromInline
    static func decode<T: JSONDecodable>(
        _ type: T.Type, from input: UnsafeBufferPointer<UInt8>, context: JSONDecodingContext, reporting: Bool = false
    ) -> T? {
        read(from: input, context: context, reporting: reporting) { (reader: inout _JSONReader) throws(Fallback) in
            try T._read(from: &reader, context: context)
        }
    }

    /// Runs `body` on a reader of the whole of `input`, which must hold one value and nothing
    /// after it; `nil` when the decoder's options or the input need the general decoder.
    static func read<T>(
        from input: UnsafeBufferPointer<UInt8>, context: JSONDecodingContext, reporting: Bool = false,
        _ body: (inout _JSONReader) throws(Fallback) -> T
    ) -> T? {
        guard var reader = makeReader(for: input, context: context, reporting: reporting) else { return nil }
        do throws(Fallback) {
            reader.position = reader.skipWhitespace(0)
            let value = try body(&reader)
            guard reader.skipWhitespace(reader.position) == reader.end else { return nil }
            return value
        } catch {
            return nil
        }
    }

    /// A reader of `input` with the decode's key matching, or `nil` when the decoder's options
    /// need the general decoder.
    static func makeReader(
        for input: UnsafeBufferPointer<UInt8>, context: JSONDecodingContext, reporting: Bool = false
    ) -> _JSONReader? {
        let decoder = context.decoder
        guard applies(to: decoder, inputLength: input.count) else { return nil }
        return _JSONReader(
            input, options: decoder.parsingOptions, keyStrategy: decoder.keyStrategy,
            reporting: reporting || decoder.report != nil)
    }

    // MARK: Whitespace and structure

    @inlinable @inline(__always)
    func skipWhitespace(_ start: Int) -> Int {
        var position = start
        while position < end {
            switch base[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position = scanner.skipSpaces(from: position &+ 1)
            default: return position
            }
        }
        return position
    }

    /// The byte at the reading position, or 0 at the end of the input.
    @inlinable @inline(__always)
    func peek() -> UInt8 { position < end ? base[position] : 0 }

    @inlinable @inline(__always)
    mutating func enterContainer() throws(Fallback) {
        guard depth < maxDepth else { try Self.fail() }
        depth &+= 1
    }

    /// Checks that the stack can take another model level. Deep recursive models continue on
    /// a thread with a larger stack in the general decoder (StackGrowth.swift); the reader
    /// hands them over well before that point.
    @inlinable @inline(__always)
    func checkStack(_ context: borrowing JSONDecodingContext) throws(Fallback) {
        var marker: UInt8 = 0
        let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        if context.storage.stackTop &- here < DecodingStack.reserve { return }
        if _JSONReader.stackNearEnd(here) { try Self.fail() }
    }

    @usableFromInline
    static func stackNearEnd(_ here: UInt) -> Bool { DecodingStack.nearEnd(here) }

    // MARK: Objects

    /// Enters the object at the reading position; returns whether it has a member, whose
    /// key is then at the reading position.
    ///
    /// - Throws: ``Fallback`` when the value is not an object or nests too deep.
    @inlinable @inline(__always)
    public mutating func beginObject(_ context: borrowing JSONDecodingContext) throws(Fallback) -> Bool {
        guard peek() == UInt8(ascii: "{") else { return try resumeObject() }
        try enterContainer()
        try checkStack(context)
        position = skipWhitespace(position &+ 1)
        if peek() == UInt8(ascii: "}") {
            position &+= 1
            depth &-= 1
            return false
        }
        return true
    }

    /// ``beginObject(_:)`` where no `{` is: the rest of the object an internally tagged
    /// enum has begun, or a fallback.
    @usableFromInline
    mutating func resumeObject() throws(Fallback) -> Bool {
        guard resuming else { try Self.fail() }
        resuming = false
        return try nextMember()
    }

    /// Reads a member's key and the colon after it; returns the key's slot in `keys`, or -1
    /// for a key that no slot maps. The value is then at the reading position.
    ///
    /// `hint` is the slot expected next, as in `_JSONKeySet.match(_:hint:_:)`: its key is
    /// compared with the input in place, with its quotes, so the common case scans no string
    /// at all.
    ///
    /// - Throws: ``Fallback`` when the input holds no valid key and colon here.
    @_transparent
    public mutating func key(_ keys: _JSONKeySet, hint: inout Int) throws(Fallback) -> Int {
        let slot = hint
        if plainKeys, slot < keys.plain.count {
            let length = keys.plain.quotedLengths[slot]
            if position &+ length < end,
                keyBytesEqual(base + position, keys.plain.quoted + keys.plain.starts[slot], length)
            {
                hint = slot &+ 1
                // `"key":value` and `"key": value` need no whitespace loop.
                var next = position &+ length
                if next &+ 2 < end, base[next] == UInt8(ascii: ":") {
                    next &+= 1
                    if base[next] == UInt8(ascii: " ") { next &+= 1 }
                    if base[next] > 0x20 {
                        position = next
                        return slot
                    }
                }
                position &+= length
                try colon()
                return slot
            }
        }
        return try searchKey(keys, hint: &hint)
    }

    /// ``key(_:hint:)`` for every other case: a key out of order or unknown, escapes, a key
    /// strategy, or a key whose bytes cannot be compared in place.
    @usableFromInline
    mutating func searchKey(_ keys: _JSONKeySet, hint: inout Int) throws(Fallback) -> Int {
        keyStart = position
        let (raw, flags) = try stringToken()
        try colon()
        let escaped = flags & stringHasEscapesFlag != 0
        guard keyMode == 0, !escaped, flattenDepth != depth || flattenPrefix.isEmpty else {
            return unusualKey(keys, raw, escaped: escaped, hint: &hint)
        }
        // The common case, kept apart from the others so that it needs no large stack frame;
        // a key of a length no key has is not looked for at all.
        if keys.plain.lengthMask & keyLengthBit(raw.count) == 0 { return -1 }
        let expected = hint
        let slot = keys.plain.find(raw, hint: &hint)
        if slot >= keys.firstFlattenedSlot { hint = expected }
        return slot
    }

    /// ``searchKey(_:hint:)`` for a key under a key strategy, with escapes, or inside a
    /// flattened object.
    @inline(never)
    mutating func unusualKey(
        _ keys: _JSONKeySet, _ raw: UnsafeBufferPointer<UInt8>, escaped: Bool, hint: inout Int
    ) -> Int {
        if flattenDepth == depth, !flattenPrefix.isEmpty {
            return flattenedSlot(keys, raw, escaped: escaped, hint: &hint)
        }
        guard let table = keys.table(keyMode) else {
            // A `.custom` strategy, as the general path matches it: the strategy's names,
            // compared as strings.
            let name = escaped ? unescapeJSONString(raw) : Array(raw)
            guard let slot = keys.names(for: keyStrategy).firstIndex(where: { $0.utf8.elementsEqual(name) }) else {
                return -1
            }
            hint = slot &+ 1
            return slot
        }
        let expected = hint
        let slot =
            escaped ? unescapeJSONString(raw).withUnsafeBufferPointer { table.find($0, hint: &hint) } : table.find(raw, hint: &hint)
        if slot >= keys.firstFlattenedSlot { hint = expected }
        return slot
    }

    /// Reads a member's key as a `String` (for dictionaries) and the colon after it.
    ///
    /// - Throws: ``Fallback`` when the input holds no valid key and colon here.
    @inlinable
    public mutating func memberName() throws(Fallback) -> String {
        let name = try string()
        try colon()
        return name
    }

    @inlinable @inline(__always)
    mutating func colon() throws(Fallback) {
        var next = position
        if next < end && base[next] != UInt8(ascii: ":") { next = skipWhitespace(next) }
        guard next < end, base[next] == UInt8(ascii: ":") else { try Self.fail() }
        // Pretty-printed JSON puts one space after the colon: step over it without the
        // word-wise loop.
        if next &+ 2 < end, base[next &+ 1] == UInt8(ascii: " "), base[next &+ 2] > UInt8(ascii: " ") {
            position = next &+ 2
            return
        }
        position = skipWhitespace(next &+ 1)
    }

    /// After a member's value: moves to the next member's key and returns `true`, or leaves
    /// the object and returns `false`.
    ///
    /// - Throws: ``Fallback`` when neither `,` nor `}` follows.
    @inlinable @inline(__always)
    public mutating func nextMember() throws(Fallback) -> Bool {
        try next(closedBy: UInt8(ascii: "}"))
    }

    /// After a member or element: past `,` to the next one (`true`), or past `closing` out of
    /// the container (`false`).
    @inlinable @inline(__always)
    mutating func next(closedBy closing: UInt8) throws(Fallback) -> Bool {
        let next = skipWhitespace(position)
        guard next < end else { try Self.fail() }
        if base[next] == UInt8(ascii: ",") {
            position = skipWhitespace(next &+ 1)
            return true
        }
        guard base[next] == closing else { try Self.fail() }
        position = next &+ 1
        depth &-= 1
        return false
    }

    // MARK: Arrays

    /// Enters the array at the reading position; returns whether it has an element, which is
    /// then at the reading position.
    ///
    /// - Throws: ``Fallback`` when the value is not an array or nests too deep.
    @inlinable @inline(__always)
    public mutating func beginArray() throws(Fallback) -> Bool {
        guard peek() == UInt8(ascii: "[") else { try Self.fail() }
        try enterContainer()
        position = skipWhitespace(position &+ 1)
        if peek() == UInt8(ascii: "]") {
            position &+= 1
            depth &-= 1
            return false
        }
        return true
    }

    /// Reads `[]` with nothing between the brackets; returns whether it was. Empty arrays are
    /// common (no tags, no media, no block ids), and this takes them without entering the
    /// element loop, whose frame and buffer an empty array does not need.
    @inlinable @inline(__always)
    mutating func readEmptyArray() -> Bool {
        guard position &+ 2 <= end, depth < maxDepth,
            UnsafeRawPointer(base + position).loadUnaligned(as: UInt16.self) == UInt16(0x5D5B).littleEndian
        else { return false }
        position &+= 2
        return true
    }

    /// After an element: moves to the next element and returns `true`, or leaves the array
    /// and returns `false`.
    ///
    /// - Throws: ``Fallback`` when neither `,` nor `]` follows.
    @inlinable @inline(__always)
    public mutating func nextElement() throws(Fallback) -> Bool {
        try next(closedBy: UInt8(ascii: "]"))
    }

    /// Reads an array, each element with `body`.
    ///
    /// - Throws: ``Fallback`` when the value is not an array or an element fails.
    @inlinable @inline(__always)
    public mutating func array<T>(
        _ context: borrowing JSONDecodingContext,
        _ body: (inout _JSONReader, JSONDecodingContext) throws -> T
    ) throws(Fallback) -> [T] {
        if readEmptyArray() { return [] }
        return try elements(context, body)
    }

    /// ``array(_:_:)`` past its empty case.
    @inlinable
    mutating func elements<T>(
        _ context: borrowing JSONDecodingContext,
        _ body: (inout _JSONReader, JSONDecodingContext) throws -> T
    ) throws(Fallback) -> [T] {
        guard try beginArray() else { return [] }
        // Elements are read into a buffer of up to 512 bytes on the stack first, so an array
        // that fits is allocated once, with its exact size, as from the tape (appending from
        // empty would allocate it again at every doubling). A longer one takes the buffer's
        // contents a bufferful at a time, which costs a copy per element where appending each
        // one costs a uniqueness and capacity check.
        let bufferCapacity = 512 / max(MemoryLayout<T>.stride, 1)
        guard bufferCapacity >= 2 else {
            var result: [T] = []
            return try appendingElements(&result, context, body)
        }
        return try withUnsafeTemporaryAllocation(of: T.self, capacity: bufferCapacity) { buffer throws(Fallback) -> [T] in
            guard let start = buffer.baseAddress else {
                var result: [T] = []
                return try appendingElements(&result, context, body)
            }
            var count = 0
            do throws(Fallback) {
                repeat {
                    if count == bufferCapacity {
                        // The buffer's elements are moved out there, whether it returns or throws.
                        count = 0
                        return try spilledElements(start, bufferCapacity, context, body)
                    }
                    (start + count).initialize(to: try read(context, body))
                    count &+= 1
                } while try nextElement()
            } catch {
                start.deinitialize(count: count)
                throw error
            }
            return _JSONReader.moving(count, from: start, reserving: count)
        }
    }

    /// The rest of an array whose first `capacity` elements fill the buffer at `buffer`, from
    /// the element at the reading position: the array takes the buffer's contents a
    /// bufferful at a time.
    @inlinable
    mutating func spilledElements<T>(
        _ buffer: UnsafeMutablePointer<T>, _ capacity: Int, _ context: borrowing JSONDecodingContext,
        _ body: (inout _JSONReader, JSONDecodingContext) throws -> T
    ) throws(Fallback) -> [T] {
        var result = _JSONReader.moving(capacity, from: buffer, reserving: capacity &* 2)
        var count = 0
        do throws(Fallback) {
            repeat {
                if count == capacity {
                    result.append(contentsOf: _MovedElements(buffer, count))
                    count = 0
                }
                (buffer + count).initialize(to: try read(context, body))
                count &+= 1
            } while try nextElement()
        } catch {
            buffer.deinitialize(count: count)
            throw error
        }
        result.append(contentsOf: _MovedElements(buffer, count))
        return result
    }

    /// An array holding the `count` values at `start`, moved out of there.
    @inlinable
    static func moving<T>(_ count: Int, from start: UnsafeMutablePointer<T>, reserving capacity: Int) -> [T] {
        // Short arrays (a coordinate pair, a few tags) are built as array literals: the
        // compiler allocates those with their exact size in one specialized call, where
        // `reserveCapacity` and `append` go through the generic buffer code per array.
        if count == capacity {
            switch count {
            case 1: return [start.move()]
            case 2: return [start.move(), (start + 1).move()]
            case 3: return [start.move(), (start + 1).move(), (start + 2).move()]
            case 4: return [start.move(), (start + 1).move(), (start + 2).move(), (start + 3).move()]
            default: break
            }
        }
        var result: [T] = []
        result.reserveCapacity(capacity)
        for index in 0..<count { result.append((start + index).move()) }
        return result
    }

    /// The `count` values at a pointer as a sequence that moves each out as it is iterated:
    /// the sequence must be iterated to its end, which `Array.append(contentsOf:)` does.
    @usableFromInline
    struct _MovedElements<T>: Sequence, IteratorProtocol {
        @usableFromInline var current: UnsafeMutablePointer<T>
        @usableFromInline let end: UnsafeMutablePointer<T>

        @inlinable
        init(_ start: UnsafeMutablePointer<T>, _ count: Int) {
            current = start
            end = start + count
        }

        @inlinable
        var underestimatedCount: Int { end - current }

        @inlinable
        mutating func next() -> T? {
            guard current < end else { return nil }
            defer { current += 1 }
            return current.move()
        }
    }

    /// Reads an array of numbers as `Double`s (coordinates, series, embeddings) with the
    /// number reader inlined, where ``array(_:_:)`` calls it per element: in a pair of
    /// coordinates the call costs about a fifth of reading the number.
    ///
    /// - Throws: ``Fallback`` when the value is not an array or an element is not a number.
    @usableFromInline
    mutating func doubleArray(_ context: borrowing JSONDecodingContext) throws(Fallback) -> [Double] {
        guard try beginArray() else { return [] }
        let first = try doubleElement()
        guard try nextElement() else { return [first] }
        let second = try doubleElement()
        guard try nextElement() else { return [first, second] }
        // Longer arrays as ``array(_:_:)`` builds them: up to 64 numbers collected on the
        // stack and allocated once, with their exact count; beyond that a bufferful at a time.
        return try withUnsafeTemporaryAllocation(of: Double.self, capacity: 64) { buffer throws(Fallback) -> [Double] in
            guard let start = buffer.baseAddress else {
                var result = [first, second]
                repeat { result.append(try doubleElement()) } while try nextElement()
                return result
            }
            start.initialize(to: first)
            (start + 1).initialize(to: second)
            var count = 2
            repeat {
                if count == 64 {
                    return try spilledElements(start, count, context) { reader, _ in try reader.doubleElement() }
                }
                (start + count).initialize(to: try doubleElement())
                count &+= 1
            } while try nextElement()
            return _JSONReader.moving(count, from: start, reserving: count)
        }
    }

    /// ``double()`` with its common case inlined.
    @_transparent
    mutating func doubleElement() throws(Fallback) -> Double {
        guard let value = readShortDouble() else { return try otherDouble() }
        return value
    }

    /// Appends the elements from the reading position to the end of the array to `result`.
    @inlinable
    mutating func appendingElements<T>(
        _ result: inout [T], _ context: borrowing JSONDecodingContext,
        _ body: (inout _JSONReader, JSONDecodingContext) throws -> T
    ) throws(Fallback) -> [T] {
        repeat {
            result.append(try read(context, body))
        } while try nextElement()
        return result
    }

    /// Reads an array into a `Set`, each element with `body`.
    ///
    /// - Throws: ``Fallback`` when the value is not an array or an element fails.
    @inlinable
    public mutating func set<T: Hashable>(
        _ context: borrowing JSONDecodingContext,
        _ body: (inout _JSONReader, JSONDecodingContext) throws -> T
    ) throws(Fallback) -> Set<T> {
        Set(try array(context, body))
    }

    /// Reads an object into a dictionary with `String` keys, each value with `body`.
    ///
    /// - Throws: ``Fallback`` when the value is not an object, a value fails, or a key
    ///   repeats (the general decoder applies the duplicate-key policy and Unicode checks).
    @inlinable
    public mutating func dictionary<V>(
        _ context: borrowing JSONDecodingContext,
        _ body: (inout _JSONReader, JSONDecodingContext) throws -> V
    ) throws(Fallback) -> [String: V] {
        var result: [String: V] = [:]
        guard try beginObject(context) else { return result }
        repeat {
            let name = try memberName()
            if result.updateValue(try read(context, body), forKey: name) != nil { try Self.fail() }
        } while try nextMember()
        return result
    }

    /// `nil` for `null`, else the value `body` reads.
    ///
    /// - Throws: ``Fallback`` when `body` does.
    @inlinable
    public mutating func optional<T>(
        _ context: borrowing JSONDecodingContext,
        _ body: (inout _JSONReader, JSONDecodingContext) throws -> T
    ) throws(Fallback) -> T? {
        readNull() ? nil : try read(context, body)
    }

    /// Calls `body` on this reader. Closures that generated code passes throw only
    /// ``Fallback``; Swift types them as throwing any error, so this narrows it again.
    @inlinable @inline(__always)
    mutating func read<T>(
        _ context: borrowing JSONDecodingContext, _ body: (inout _JSONReader, JSONDecodingContext) throws -> T
    ) throws(Fallback) -> T {
        do {
            return try body(&self, context)
        } catch {
            try Self.fail()
        }
    }

    // MARK: Leaves

    /// Reads `null` if it is next; returns whether it was.
    @inlinable @inline(__always)
    public mutating func readNull() -> Bool {
        guard position &+ 4 <= end,
            UnsafeRawPointer(base + position).loadUnaligned(as: UInt32.self) == UInt32(0x6C6C_756E).littleEndian
        else { return false }
        position &+= 4
        return true
    }

    /// Reads `true` or `false`.
    ///
    /// - Throws: ``Fallback`` for any other value.
    @inlinable
    public mutating func bool() throws(Fallback) -> Bool {
        if position &+ 4 <= end,
            UnsafeRawPointer(base + position).loadUnaligned(as: UInt32.self) == UInt32(0x6575_7274).littleEndian
        {
            position &+= 4
            return true
        }
        if position &+ 5 <= end,
            UnsafeRawPointer(base + position).loadUnaligned(as: UInt32.self) == UInt32(0x736C_6166).littleEndian,
            base[position &+ 4] == UInt8(ascii: "e")
        {
            position &+= 5
            return false
        }
        try Self.fail()
    }

    /// Reads a string.
    ///
    /// - Throws: ``Fallback`` for any other value.
    @inlinable
    public mutating func string() throws(Fallback) -> String {
        let (raw, flags) = try stringToken()
        return makeJSONString(raw, flags: flags)
    }

    /// Reads a string token, validated; returns its raw bytes (escapes still in them, no
    /// quotes) and its ``stringHasEscapesFlag`` and ``stringNonASCIIFlag``.
    @inlinable @inline(__always)
    mutating func stringToken() throws(Fallback) -> (raw: UnsafeBufferPointer<UInt8>, flags: UInt64) {
        let quote = position
        guard quote < end, base[quote] == UInt8(ascii: "\"") else { try Self.fail() }
        // Plain ASCII strings are scanned inline, sixteen bytes per step; a backslash, a
        // non-ASCII or control byte, or the last bytes of the input continue out of line.
        let contentStart = quote &+ 1
        var next = contentStart
        while next &+ 16 <= end {
            let offset = scanner.firstStringSpecial16(at: next)
            next &+= offset
            if offset == 16 { continue }
            if base[next] == UInt8(ascii: "\""), next &- contentStart <= scanner.maxStringLength {
                position = next &+ 1
                return (UnsafeBufferPointer(start: base + contentStart, count: next &- contentStart), 0)
            }
            break
        }
        return try stringRest(quote: quote, from: next)
    }

    @usableFromInline
    mutating func stringRest(quote: Int, from start: Int) throws(Fallback) -> (raw: UnsafeBufferPointer<UInt8>, flags: UInt64) {
        do {
            let (close, flags) = try scanner.stringEnd(quote: quote, from: start)
            position = close &+ 1
            return (UnsafeBufferPointer(start: base + (quote &+ 1), count: close &- quote &- 1), flags)
        } catch {
            try Self.fail()
        }
    }

    /// Reads a string without escapes and passes its UTF-8 bytes to `body` (dates, UUIDs);
    /// `nil` from `body` means the text is not a valid value.
    ///
    /// - Throws: ``Fallback`` for another value, a string with escapes, or `nil` from `body`.
    @inlinable
    public mutating func withStringBytes<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T?) throws(Fallback) -> T {
        let (raw, flags) = try stringToken()
        guard flags & stringHasEscapesFlag == 0, let value = body(raw) else { try Self.fail() }
        return value
    }

    /// Reads a number token; returns its tape form (as `JSONScanner.number(from:)` gives it) and where
    /// its lexeme starts.
    @usableFromInline
    mutating func numberToken() throws(Fallback) -> (kind: NodeKind, payload: UInt64, start: Int) {
        let start = position
        guard start < end, base[start] == UInt8(ascii: "-") || isDigit(base[start]) else { try Self.fail() }
        do {
            let (kind, payload, next) = try scanner.number(from: start)
            position = next
            return (kind, payload, start)
        } catch {
            try Self.fail()
        }
    }

    /// Reads an integer of up to 18 digits with no fraction or exponent, the shape of nearly
    /// every integer in real payloads, straight to its value. `nil` leaves every other number,
    /// and anything invalid, unread for ``numberToken()``, which reports it.
    @usableFromInline
    mutating func shortInteger() -> Int64? {
        let start = position
        // The sign, three words of digits and the byte after the run.
        guard start &+ 26 <= end else { return nil }
        let (negative, digitsStart, count, value) = scanner.signedDigitRun(at: start, integer: true)
        guard count > 0, count <= 18 else { return nil }
        let next = digitsStart &+ count
        let after = base[next]
        // A leading zero before more digits is an error, and `-0` is not an integer node.
        guard after != UInt8(ascii: "."), after | 0x20 != UInt8(ascii: "e"),
            count == 1 || base[digitsStart] != UInt8(ascii: "0"), !(negative && value == 0),
            next &- start <= scanner.maxNumberLength
        else { return nil }
        position = next
        return negative ? -Int64(value) : Int64(value)
    }

    /// Reads a number with up to 19 significant digits and no exponent (coordinates, prices,
    /// measurements) straight to the nearest `Double`. `nil` leaves every other number, and
    /// anything invalid, unread for ``numberToken()``, which reports it.
    @usableFromInline
    mutating func shortDouble() -> Double? {
        readShortDouble()
    }

    /// The body of ``shortDouble()``, inlined where a loop reads many numbers.
    @_transparent
    mutating func readShortDouble() -> Double? {
        let start = position
        // The sign, two runs of three words each, the point and the byte after the number.
        guard start &+ 52 <= end else { return nil }
        let (negative, digitsStart, integerDigits, integerValue) = scanner.signedDigitRun(at: start)
        guard integerDigits > 0 else { return nil }
        var mantissa = integerValue
        let zeroInteger = base[digitsStart] == UInt8(ascii: "0")
        // A leading zero before more digits is an error.
        if zeroInteger && integerDigits > 1 { return nil }
        var next = digitsStart &+ integerDigits
        var scale = 0
        var significantDigits = zeroInteger ? 0 : integerDigits
        if base[next] == UInt8(ascii: ".") {
            let fractionDigits = scanner.boundedDigitRun(at: next &+ 1, into: &mantissa)
            guard fractionDigits > 0 else { return nil }
            next &+= 1 &+ fractionDigits
            scale = -fractionDigits
            // Zeros after "0." count too: only rare numbers such as 0.000…0123 with 20 or more
            // digits take the general path for that.
            significantDigits &+= fractionDigits
        }
        guard (base[next] | 0x20) != UInt8(ascii: "e"), significantDigits <= 19, next &- start <= scanner.maxNumberLength,
            let value = NumberConversion.double(mantissa: mantissa, scale: scale, negative: negative)
        else { return nil }
        position = next
        return value
    }

    @inlinable
    func lexeme(from start: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + start, count: position &- start)
    }

    /// Reads a number as an integer of type `T`, exactly: `1e2` is 100, `1.5` or a value out
    /// of `T`'s range is not read.
    ///
    /// - Throws: ``Fallback`` for any other value.
    @inlinable
    public mutating func integer<T: FixedWidthInteger>(_ type: T.Type) throws(Fallback) -> T {
        if let value = shortInteger() {
            guard let exact = T(exactly: value) else { try Self.fail() }
            return exact
        }
        let (kind, payload, start) = try numberToken()
        if kind == .int, let exact = T(exactly: Int64(bitPattern: payload)) { return exact }
        guard kind != .int, case .success(let value) = NumberConversion.integer(T.self, from: lexeme(from: start)) else {
            try Self.fail()
        }
        return value
    }

    /// Reads a number as the nearest `Double`.
    ///
    /// - Throws: ``Fallback`` for any other value, or a magnitude beyond `Double`.
    @inlinable
    public mutating func double() throws(Fallback) -> Double {
        if let value = shortDouble() { return value }
        return try otherDouble()
    }

    /// ``double()`` for the numbers ``shortDouble()`` leaves: exponents, more digits, the last
    /// bytes of the input, and everything invalid.
    @usableFromInline @inline(never)
    mutating func otherDouble() throws(Fallback) -> Double {
        let (kind, payload, start) = try numberToken()
        switch kind {
        case .int: return Double(Int64(bitPattern: payload))
        case .double: return Double(bitPattern: payload)
        default:
            guard let value = NumberConversion.double(from: lexeme(from: start)) else { try Self.fail() }
            return value
        }
    }

    /// Reads a number as the nearest `Float`.
    ///
    /// - Throws: ``Fallback`` for any other value, or a magnitude beyond `Float`.
    @inlinable
    public mutating func float() throws(Fallback) -> Float {
        let (kind, payload, start) = try numberToken()
        if kind == .int {
            // As `Float.init(json:context:)`: small integers exactly, others rounded once from
            // their decimal text.
            let value = Int64(bitPattern: payload)
            if abs(value) <= 1 << 24 { return Float(value) }
            guard let converted = Float(String(value)) else { try Self.fail() }
            return converted
        }
        guard let value = NumberConversion.float(from: lexeme(from: start)) else { try Self.fail() }
        return value
    }

    // MARK: Skipping

    /// Passes over the value at the reading position, validating it as the parser would.
    ///
    /// - Throws: ``Fallback`` for invalid JSON, or nesting beyond 64 levels inside the value
    ///   or beyond ``JSONParsingOptions/maxDepth`` in all.
    public mutating func skipValue() throws(Fallback) {
        // Most values passed over are scalars (a `User` has 35 members a timeline does not
        // show, most of them literals, numbers and short strings): those are checked here,
        // containers and everything unusual in the scanner's loop.
        let start = position
        if start &+ 8 <= end {
            let word = UnsafeRawPointer(base + start).loadUnaligned(as: UInt32.self)
            switch base[start] {
            case UInt8(ascii: "n") where word == UInt32(0x6C6C_756E).littleEndian:
                position = start &+ 4
                return
            case UInt8(ascii: "t") where word == UInt32(0x6575_7274).littleEndian:
                position = start &+ 4
                return
            case UInt8(ascii: "f") where word == UInt32(0x736C_6166).littleEndian && base[start &+ 4] == UInt8(ascii: "e"):
                position = start &+ 5
                return
            case UInt8(ascii: "\""):
                _ = try stringToken()
                return
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard let next = scanner.numberEnd(from: start) else { try Self.fail() }
                position = next
                return
            default:
                break
            }
        }
        guard let next = scanner.valueEnd(from: start, levels: min(64, maxDepth &- depth)) else { try Self.fail() }
        position = next
    }

    /// Passes over the value of a key that no property maps.
    ///
    /// - Throws: ``Fallback`` when the decoder rejects unknown keys (the general decoder lists
    ///   them all), or for invalid JSON.
    @inlinable @inline(__always)
    public mutating func skipUnknown(_ context: borrowing JSONDecodingContext) throws(Fallback) {
        // A flattened value's object is its parent's, which judged its unknown keys.
        if context.rejectsUnknownKeys, flattenDepth != depth { try Self.fail() }
        try skipValue()
    }

    /// Decodes the value at the reading position with `body`, from an element of a document:
    /// the way to values without a direct form (transformers, types read through
    /// `init(json:context:)`).
    ///
    /// A string, number or literal is an element of a document of one node over the whole
    /// input, rewritten for each value; an array or object is parsed into a document of its own.
    ///
    /// - Throws: ``Fallback`` when the value is not valid JSON or `body` throws.
    @inlinable
    public mutating func element<T>(
        _ context: borrowing JSONDecodingContext, _ body: (JSONElement, JSONDecodingContext) throws -> T
    ) throws(Fallback) -> T {
        // A value read through a document may be bent (a transformer's default, leniency),
        // and a note needs the value's path in the whole input: the general path reports it.
        if reporting { try Self.fail() }
        let (element, document) = try valueElement()
        do {
            return try withExtendedLifetime(document) { try body(element, context) }
        } catch {
            try Self.fail()
        }
    }

    /// The value at the reading position as an element, and the document that holds it.
    @usableFromInline
    mutating func valueElement() throws(Fallback) -> (JSONElement, JSONDocument) {
        let start = position
        guard start < end else { try Self.fail() }
        let kind: NodeKind
        var offset = start
        var payload: UInt64 = 0
        switch base[start] {
        case UInt8(ascii: "\""):
            let (raw, flags) = try stringToken()
            kind = .string
            offset = start &+ 1
            payload = UInt64(raw.count) | flags
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            kind = try bool() ? .true : .false
        case UInt8(ascii: "n"):
            guard readNull() else { try Self.fail() }
            kind = .null
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            let document = try valueDocument()
            return (document.root, document)
        default:
            (kind, payload, _) = try numberToken()
        }
        let document = scalarDocument ?? JSONDocument(oneNodeOver: base, count: end, options: options)
        scalarDocument = document
        let node = UnsafeMutablePointer(mutating: document.tape)
        node[0] = UInt64(kind.rawValue) &<< 56 | UInt64(truncatingIfNeeded: offset)
        node[1] = payload
        return (document.root, document)
    }

    /// The array or object at the reading position as a document of its own, with the depth
    /// limit that is left at this level.
    mutating func valueDocument() throws(Fallback) -> JSONDocument {
        let start = position
        try skipValue()
        var options = self.options
        options.maxDepth = maxDepth &- depth
        do {
            return try JSONDocument(
                borrowing: UnsafeBufferPointer(start: base + start, count: position &- start), options: options)
        } catch {
            try Self.fail()
        }
    }

    // MARK: Generated code

    /// Checks the slot of a property before its value is read: the key must not repeat
    /// (the general decoder applies the duplicate-key policy) and, for a property that is
    /// neither optional nor defaulted to `nil`, the value must not be `null`.
    ///
    /// - Throws: ``Fallback`` when the slot is filled or the value is `null`.
    @inlinable @inline(__always)
    public func claim<T>(_ slot: borrowing T?, nullable: Bool = false) throws(Fallback) {
        // A value that starts with `n` is `null` or invalid; either way the general decoder decides.
        guard slot == nil, nullable || peek() != UInt8(ascii: "n") else { try Self.fail() }
    }

    /// Reads `null` for an optional property that has a default; returns whether it was.
    ///
    /// - Throws: ``Fallback`` for `null` when the decoder treats `null` as missing, since the
    ///   default then applies and the report notes it.
    @inlinable @inline(__always)
    public mutating func readNull(keepingDefault context: borrowing JSONDecodingContext) throws(Fallback) -> Bool {
        guard readNull() else { return false }
        if context.nullAsMissing { try Self.fail() }
        return true
    }

    /// The value of a required property's slot.
    ///
    /// - Throws: ``Fallback`` when the key was missing.
    @inlinable @inline(__always)
    public func required<T>(_ slot: consuming T?) throws(Fallback) -> T {
        guard let value = slot else { try Self.fail() }
        return value
    }
}

// MARK: Choosing the decoding of a leaf type

// The overloads generated code calls for a property's innermost type, as in LeafCoding.swift:
// Loom's own conformance first, then raw-value enums, then any `Codable` type through the
// bridge (on a document of the value).

extension _JSONReader {
    /// Reads a Loom-decodable type.
    ///
    /// - Throws: ``Fallback`` when the general decoder must decode the value.
    @inlinable @inline(__always)
    public mutating func decode<T: JSONDecodable>(_ type: T.Type, _ context: borrowing JSONDecodingContext)
        throws(Fallback) -> T
    {
        try T._read(from: &self, context: context)
    }

    /// Reads a raw-value enum (or any `RawRepresentable`) from its raw value.
    ///
    /// - Throws: ``Fallback`` for a raw value without a case.
    @inlinable
    public mutating func decode<T: RawRepresentable>(_ type: T.Type, _ context: borrowing JSONDecodingContext)
        throws(Fallback) -> T where T.RawValue: JSONDecodable
    {
        guard let value = T(rawValue: try T.RawValue._read(from: &self, context: context)) else { try Self.fail() }
        return value
    }

    /// Reads any `Decodable` type through the `Codable` bridge, from a document of the value.
    ///
    /// - Throws: ``Fallback`` when the bridge throws.
    @inlinable
    public mutating func decode<T: Decodable>(_ type: T.Type, _ context: borrowing JSONDecodingContext)
        throws(Fallback) -> T
    {
        try element(context) { try $1.decode(T.self, from: $0) }
    }

    /// Tie-break: Loom's conformance wins over `Decodable`.
    @inlinable @inline(__always)
    public mutating func decode<T: JSONDecodable & Decodable>(_ type: T.Type, _ context: borrowing JSONDecodingContext)
        throws(Fallback) -> T
    {
        try T._read(from: &self, context: context)
    }

    /// Tie-break: the raw value wins over `Decodable`.
    @inlinable
    public mutating func decode<T: RawRepresentable & Decodable>(
        _ type: T.Type, _ context: borrowing JSONDecodingContext
    ) throws(Fallback) -> T where T.RawValue: JSONDecodable {
        guard let value = T(rawValue: try T.RawValue._read(from: &self, context: context)) else { try Self.fail() }
        return value
    }

    /// Tie-break: Loom's conformance wins over the raw value.
    @inlinable @inline(__always)
    public mutating func decode<T: JSONDecodable & RawRepresentable>(
        _ type: T.Type, _ context: borrowing JSONDecodingContext
    ) throws(Fallback) -> T where T.RawValue: JSONDecodable {
        try T._read(from: &self, context: context)
    }

    /// Tie-break: Loom's conformance wins over everything.
    @inlinable @inline(__always)
    public mutating func decode<T: JSONDecodable & RawRepresentable & Decodable>(
        _ type: T.Type, _ context: borrowing JSONDecodingContext
    ) throws(Fallback) -> T where T.RawValue: JSONDecodable {
        try T._read(from: &self, context: context)
    }
}
