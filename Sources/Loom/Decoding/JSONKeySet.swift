import Foundation

/// The JSON keys one object level of a model maps, computed once per model type.
///
/// Generated code keeps one as a `static let` per object level (the model itself and each
/// key-path prefix) and matches member keys against it on bytes: a length check and a
/// word-wise comparison, starting with the slot after the previous match because servers
/// tend to write keys in the same order every time (YYModel's observation).
public final class _JSONKeySet: Sendable {
    /// The keys as written in the model (explicit `@JSONKey` names or property names).
    public let names: [String]
    /// Whether each key was named explicitly (key strategies never rewrite those).
    public let explicit: [Bool]
    /// The path of this object level inside the model (`["user"]` for `user.login`).
    public let prefix: [String]
    /// Whether the model keeps the members no key maps (`@JSONUnknownKeys`): they are then
    /// never rejected as unknown.
    public let capturesUnknown: Bool

    /// Per slot, the part of the key a key strategy leaves alone: the prefix of a
    /// `@JSONFlatten(prefix:)` property's keys; empty when the model flattens nothing.
    let keyPrefixes: [String]
    /// The `@JSONFlatten` properties whose keys this level-0 key set lists after the model's own.
    let flattened: [_JSONFlattened]
    /// Per key mode (``JSONKeyStrategy/keyMode``: as written, then each built-in style), why
    /// the keys of the model and its flattened properties cannot be told apart (two properties
    /// with the same key), or `nil`: decoding and encoding the model in that mode throw it.
    /// Empty when the model flattens nothing.
    let flattenConflicts: [String?]
    /// The first slot of a flattened property's keys, or `Int.max`: a match there leaves the
    /// hint on the model's own keys, which the member loop expects in order around them.
    let firstFlattenedSlot: Int

    @usableFromInline let plain: KeyBytes
    /// The keys under each built-in key style, indexed by key mode minus one
    /// (``JSONKeyStrategy/keyMode``): explicit keys as written, the others converted.
    let styled: [KeyBytes]
    /// Per slot, the next slot with the same key, or -1; empty when every key is different.
    /// Only a subclass's key set repeats a key: its own and its superclass's properties
    /// read the same member (two key paths under one prefix, one at each level).
    let twins: [Int]

    /// Creates the key set of one object level.
    ///
    /// - Parameters:
    ///   - names: The JSON keys, one per slot, in the order the generated code numbers them.
    ///   - explicit: Per slot, whether a key strategy must leave the key alone; missing
    ///     entries count as `false`.
    ///   - prefix: The key path of this level inside the model, for error paths.
    ///   - capturesUnknown: Whether the model keeps the members no key maps.
    public convenience init(_ names: [String], explicit: [Bool] = [], prefix: [String] = [], capturesUnknown: Bool = false) {
        self.init(names, explicit: explicit, prefix: prefix, capturesUnknown: capturesUnknown, keyPrefixes: [], flattened: [])
    }

    /// `keyPrefixes`, per slot, is the start of the key that key strategies leave alone (a
    /// `@JSONFlatten(prefix:)`), empty for a key set that flattens nothing.
    init(
        _ names: [String], explicit: [Bool], prefix: [String], capturesUnknown: Bool, keyPrefixes: [String],
        flattened: [_JSONFlattened], conflicts: [String?] = []
    ) {
        let flags = names.indices.map { $0 < explicit.count ? explicit[$0] : false }
        self.names = names
        self.explicit = flags
        self.prefix = prefix
        self.capturesUnknown = capturesUnknown
        self.keyPrefixes = keyPrefixes
        self.flattened = flattened
        self.flattenConflicts = conflicts
        firstFlattenedSlot = flattened.map(\.slots.lowerBound).min() ?? Int.max
        plain = KeyBytes(names)
        styled = KeySpelling.Style.allCases.map { style in
            KeyBytes(names.indices.map { slot in
                if flags[slot] { return names[slot] }
                guard slot < keyPrefixes.count, !keyPrefixes[slot].isEmpty else { return style.apply(to: names[slot]) }
                let start = keyPrefixes[slot]
                return start + style.apply(to: String(names[slot].dropFirst(start.count)))
            })
        }
        var twins = [Int](repeating: -1, count: names.count)
        var last: [String: Int] = [:]
        for (index, name) in names.enumerated().reversed() {
            if let next = last[name] { twins[index] = next }
            last[name] = index
        }
        self.twins = twins.contains { $0 >= 0 } ? twins : []
    }

    /// Whether two slots have the same key (see `twins`).
    public var repeatsKeys: Bool { !twins.isEmpty }

    /// The next slot with the same key as `slot`, or -1.
    func twin(of slot: Int) -> Int {
        slot < twins.count ? twins[slot] : -1
    }

    deinit {
        plain.deallocate()
        for table in styled { table.deallocate() }
    }

    /// The number of slots.
    public var count: Int { names.count }

    /// The key names after applying `strategy` to the non-explicit ones.
    public func names(for strategy: JSONKeyStrategy) -> [String] {
        names.indices.map { slot in
            if explicit[slot] { return names[slot] }
            guard slot < keyPrefixes.count, !keyPrefixes[slot].isEmpty else { return strategy.key(for: names[slot]) }
            let start = keyPrefixes[slot]
            return start + strategy.key(for: String(names[slot].dropFirst(start.count)))
        }
    }

    /// The slot whose key equals `key`'s bytes, or -1.
    ///
    /// `hint` is the slot expected next; it is advanced past a match.
    @inlinable @inline(__always)
    public func match(_ key: JSONElement, hint: inout Int, _ context: JSONDecodingContext) -> Int {
        // Inline, the common case: no key strategy, no escapes, and the key the hint expects.
        // Only the fields it reads are loaded; a copy of `plain` would be spilled to the stack
        // for every member.
        let slot = hint
        if context.keyMode == 0, !key.stringHasEscapes, slot < plain.count {
            let raw = key.rawStringBytes
            if plain.lengths[slot] == raw.count, let keyBase = raw.baseAddress,
                keyBytesEqual(plain.bytes + plain.starts[slot], keyBase, raw.count)
            {
                hint = slot &+ 1
                return slot
            }
        }
        return search(key, hint: &hint, context)
    }

    /// ``match(_:hint:_:)`` for every other case: a key strategy, escapes, a key out of order
    /// or unknown.
    @usableFromInline
    func search(_ key: JSONElement, hint: inout Int, _ context: JSONDecodingContext) -> Int {
        guard let table = table(context.keyMode) else { return context.matchCustom(key, in: self) }
        let raw = key.rawStringBytes
        if key.stringHasEscapes {
            return unescapeJSONString(raw).withUnsafeBufferPointer { table.find($0, hint: &hint) }
        }
        return table.find(raw, hint: &hint)
    }

    /// The keys under a key mode (``JSONKeyStrategy/keyMode``), or `nil` for a `.custom`
    /// strategy, whose keys are computed by name.
    @inlinable @inline(__always)
    func table(_ mode: UInt8) -> KeyBytes? {
        mode == 0 ? plain : styledTable(mode)
    }

    @usableFromInline
    func styledTable(_ mode: UInt8) -> KeyBytes? {
        mode <= styled.count ? styled[Int(mode) &- 1] : nil
    }

    /// Appends the pre-escaped JSON text (with quotes) of a slot's key under a key mode
    /// other than `.custom`.
    @usableFromInline
    func appendEscapedKey(_ slot: Int, mode: UInt8, to bytes: inout [UInt8]) {
        (table(mode) ?? plain).appendEscaped(slot, to: &bytes)
    }
}

/// Key names stored contiguously for byte comparison, with their escaped JSON forms.
///
/// Raw pointers only: matching copies this struct once per member of every decoded object,
/// and an array field would cost a retain and a release there. The owning `_JSONKeySet`
/// frees them.
@usableFromInline
struct KeyBytes: @unchecked Sendable {
    /// The keys between quotes, back to back (`"login""id"`): slot `i`'s key starts at
    /// `bytes + starts[i]`, its opening quote at `quoted + starts[i]` (`quoted` is `bytes`
    /// minus one, the start of the storage).
    @usableFromInline let bytes: UnsafeMutablePointer<UInt8>
    @usableFromInline let quoted: UnsafeMutablePointer<UInt8>
    @usableFromInline let starts: UnsafeMutablePointer<Int>
    @usableFromInline let lengths: UnsafeMutablePointer<Int>
    @usableFromInline let count: Int
    /// Per slot, the length of the key with its quotes when `_JSONReader` may compare it with
    /// the input in place from the opening quote to the closing one: the key has no byte that
    /// JSON text must escape (a quote, a backslash, a control character). Otherwise a length
    /// no input is long enough for, which sends the key to the general search.
    @usableFromInline let quotedLengths: UnsafeMutablePointer<Int>
    /// The escaped keys with their quotes, back to back; slot `i` spans
    /// `escapedStarts[i]..<escapedStarts[i + 1]`.
    let escaped: UnsafeMutablePointer<UInt8>
    let escapedStarts: UnsafeMutablePointer<Int>
    /// An open-addressing table from a key's hash (``keyHash(_:_:)``) to its slot plus one,
    /// 0 for an empty entry, at most half full. A subset model meets mostly keys it does not
    /// map, and a scan of every slot to find none was a third of its decoding time.
    @usableFromInline let index: UnsafeMutablePointer<Int32>
    @usableFromInline let indexMask: Int
    /// Bit `n` is set when some key is `n` bytes long (bit 63: 63 bytes or more). Most keys a
    /// subset model does not map have a length none of its keys has, and are turned away
    /// without hashing.
    @usableFromInline let lengthMask: UInt64

    init(_ names: [String]) {
        var storage: [UInt8] = []
        var escapedStorage: [UInt8] = []
        count = names.count
        starts = .allocate(capacity: max(names.count, 1))
        lengths = .allocate(capacity: max(names.count, 1))
        quotedLengths = .allocate(capacity: max(names.count, 1))
        escapedStarts = .allocate(capacity: names.count + 1)
        for (slot, name) in names.enumerated() {
            (starts + slot).initialize(to: storage.count)
            storage.append(UInt8(ascii: "\""))
            (lengths + slot).initialize(to: name.utf8.count)
            let comparable = !name.utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
            (quotedLengths + slot).initialize(to: comparable ? name.utf8.count &+ 2 : Int.max / 4)
            storage.append(contentsOf: name.utf8)
            storage.append(UInt8(ascii: "\""))
            (escapedStarts + slot).initialize(to: escapedStorage.count)
            var writer = JSONWriter()
            writer.write(name)
            escapedStorage.append(contentsOf: writer.bytes)
        }
        (escapedStarts + names.count).initialize(to: escapedStorage.count)
        quoted = .allocate(capacity: max(storage.count, 1))
        quoted.initialize(from: storage, count: storage.count)
        bytes = quoted + 1
        escaped = .allocate(capacity: max(escapedStorage.count, 1))
        escaped.initialize(from: escapedStorage, count: escapedStorage.count)
        var mask: UInt64 = 0
        for slot in 0..<names.count { mask |= keyLengthBit(lengths[slot]) }
        lengthMask = mask
        var entries = 4
        while entries < names.count &* 2 { entries &*= 2 }
        indexMask = entries &- 1
        index = .allocate(capacity: entries)
        index.initialize(repeating: 0, count: entries)
        // Slots in order, so that of two slots with the same key the first is found first.
        for slot in 0..<names.count {
            let length = lengths[slot]
            var position = keyHash(bytes + starts[slot], length) & indexMask
            while index[position] != 0 { position = (position &+ 1) & indexMask }
            index[position] = Int32(truncatingIfNeeded: slot &+ 1)
        }
    }

    func deallocate() {
        quoted.deallocate()
        starts.deallocate()
        lengths.deallocate()
        quotedLengths.deallocate()
        escaped.deallocate()
        escapedStarts.deallocate()
        index.deallocate()
    }

    @inlinable
    func find(_ key: UnsafeBufferPointer<UInt8>, hint: inout Int) -> Int {
        guard count > 0, let keyBase = key.baseAddress ?? (key.count == 0 ? UnsafePointer(bytes) : nil) else {
            return -1
        }
        let length = key.count
        // The slot expected next first: under a key strategy every key comes here, in order.
        let expected = hint
        if expected < count && lengths[expected] == length && keyBytesEqual(bytes + starts[expected], keyBase, length) {
            hint = expected &+ 1
            return expected
        }
        if lengthMask & keyLengthBit(length) == 0 { return -1 }
        var position = keyHash(keyBase, length) & indexMask
        while true {
            let entry = Int(index[position])
            if entry == 0 { return -1 }
            let slot = entry &- 1
            if lengths[slot] == length && keyBytesEqual(bytes + starts[slot], keyBase, length) {
                hint = slot &+ 1
                return slot
            }
            position = (position &+ 1) & indexMask
        }
    }

    func appendEscaped(_ slot: Int, to output: inout [UInt8]) {
        output.append(contentsOf: escapedKey(slot))
    }

    /// The JSON text of a slot's key, quotes included.
    func escapedKey(_ slot: Int) -> UnsafeBufferPointer<UInt8> {
        let start = escapedStarts[slot]
        return UnsafeBufferPointer(start: escaped + start, count: escapedStarts[slot + 1] &- start)
    }
}

/// A key length's bit in ``KeyBytes/lengthMask``.
@inlinable @inline(__always)
func keyLengthBit(_ length: Int) -> UInt64 {
    1 &<< UInt64(min(length, 63))
}

/// A hash of a key's bytes for ``KeyBytes``'s index: its length and its first and last
/// eight bytes (fewer for short keys, read as ``keyBytesEqual(_:_:_:)`` reads them), mixed by
/// multiplication. It only has to agree with itself within one process.
@inlinable @inline(__always)
func keyHash(_ key: UnsafePointer<UInt8>, _ length: Int) -> Int {
    let raw = UnsafeRawPointer(key)
    let first: UInt64
    let last: UInt64
    if length >= 8 {
        first = raw.loadUnaligned(as: UInt64.self)
        last = raw.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self)
    } else if length >= 4 {
        first = UInt64(raw.loadUnaligned(as: UInt32.self))
        last = UInt64(raw.loadUnaligned(fromByteOffset: length &- 4, as: UInt32.self))
    } else if length > 0 {
        first = UInt64(key[0]) | UInt64(key[length &>> 1]) &<< 8
        last = UInt64(key[length &- 1])
    } else {
        first = 0
        last = 0
    }
    let mixed = (first ^ (last &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(truncatingIfNeeded: length)) &* 0xBF58_476D_1CE4_E5B9
    return Int(truncatingIfNeeded: mixed &>> 40)
}

/// Compares `length` bytes a word at a time: keys are short, and a call to `memcmp` costs more
/// than the comparison itself. The last word (or, below eight bytes, the last half or quarter)
/// overlaps the one before it instead of going byte by byte.
@inlinable @inline(__always)
func keyBytesEqual(_ lhs: UnsafePointer<UInt8>, _ rhs: UnsafePointer<UInt8>, _ length: Int) -> Bool {
    let left = UnsafeRawPointer(lhs)
    let right = UnsafeRawPointer(rhs)
    if length >= 8 {
        var offset = 0
        while offset &+ 8 < length {
            if left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                != right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            {
                return false
            }
            offset &+= 8
        }
        return left.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self)
            == right.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self)
    }
    if length >= 4 {
        return left.loadUnaligned(as: UInt32.self) == right.loadUnaligned(as: UInt32.self)
            && left.loadUnaligned(fromByteOffset: length &- 4, as: UInt32.self)
                == right.loadUnaligned(fromByteOffset: length &- 4, as: UInt32.self)
    }
    if length >= 2 {
        return left.loadUnaligned(as: UInt16.self) == right.loadUnaligned(as: UInt16.self)
            && lhs[length &- 1] == rhs[length &- 1]
    }
    return length == 0 || lhs[0] == rhs[0]
}
