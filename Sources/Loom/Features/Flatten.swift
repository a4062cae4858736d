import Foundation

// `@JSONFlatten`: a model-typed property whose members sit in its parent's own object.
//
// The macro cannot see the flattened type's properties (another declaration), so the parent
// learns its keys at run time: from the key set the type's mapping enters its object with
// (`_JSONFlattened.init` asks, once per type). The parent's level-0 key set lists
// them after its own keys, prefixed, so to the parent they are known keys, never unknown,
// rejected or captured. The flattened value is then read from the same object a second
// time — on the general path from the same element, on the direct path from the object's
// bytes with a reader of its own — matching only the keys that start with its prefix, prefix
// removed, and leaving every other member to the parent.

extension _JSONKeySet {
    /// The level-0 key set of a model with `@JSONFlatten` properties: its own keys, then each
    /// flattened type's keys with the property's prefix.
    ///
    /// Two slots with the same key (a flattened key that is also the model's own, or another
    /// flattened property's) are a conflict: decoding and encoding the model throw it.
    public convenience init(
        _ names: [String], explicit: [Bool] = [], capturesUnknown: Bool = false, flattening: [_JSONFlattened]
    ) {
        var all = names
        var flags = names.indices.map { $0 < explicit.count ? explicit[$0] : false }
        var starts = [String](repeating: "", count: names.count)
        var entries: [_JSONFlattened] = []
        // Per key mode: 0 for keys as written, then each built-in style.
        let modes = KeySpelling.Style.allCases.count + 1
        var problems = [String?](repeating: nil, count: modes)
        func note(_ problem: String, mode: Int) {
            if problems[mode] == nil { problems[mode] = problem }
        }
        for var entry in flattening {
            let first = all.count
            if let keys = entry.keys {
                for slot in keys.names.indices {
                    let inner = slot < keys.keyPrefixes.count ? keys.keyPrefixes[slot] : ""
                    all.append(entry.prefix + keys.names[slot])
                    flags.append(keys.explicit[slot])
                    starts.append(entry.prefix + inner)
                }
                for mode in 0..<modes {
                    if let problem = keys.flattenConflict(mode: UInt8(mode)) { note(problem, mode: mode) }
                }
            } else {
                for mode in 0..<modes {
                    note("\(entry.typeName) cannot be flattened: only @JSONModel types list their keys", mode: mode)
                }
            }
            entry.slots = first..<all.count
            entries.append(entry)
        }
        // The same key twice would be read by two properties. A built-in style can make two keys
        // one (`userId` and `user_id` under `.snakeCase`): a conflict in that mode only.
        var spellings: [[String]] = [all]
        for style in KeySpelling.Style.allCases {
            spellings.append(all.indices.map { slot in
                if flags[slot] { return all[slot] }
                return starts[slot] + style.apply(to: String(all[slot].dropFirst(starts[slot].count)))
            })
        }
        for (mode, spelling) in spellings.enumerated() {
            var seen: Set<String> = []
            for key in spelling where !seen.insert(key).inserted {
                note("two properties have the key \"\(key)\" (through @JSONFlatten)", mode: mode)
                break
            }
        }
        self.init(
            all, explicit: flags, prefix: [], capturesUnknown: capturesUnknown, keyPrefixes: starts,
            flattened: entries, conflicts: problems)
    }

    /// Why keys cannot be told apart under key mode `mode` (see `flattenConflicts`); a
    /// `.custom` strategy is judged by the keys as written.
    func flattenConflict(mode: UInt8) -> String? {
        guard !flattenConflicts.isEmpty else { return nil }
        return flattenConflicts[Int(mode) < flattenConflicts.count ? Int(mode) : 0]
    }

    /// The flattened property whose keys include slot `slot`, or -1.
    func flattenedEntry(of slot: Int) -> Int {
        for (index, entry) in flattened.enumerated() where entry.slots.contains(slot) { return index }
        return -1
    }

    /// The slot of the key `bytes` (unescaped) once `prefix` is removed from its start, or -1
    /// when it does not start with `prefix` or names no slot.
    func slot(stripping prefix: [UInt8], from bytes: UnsafeBufferPointer<UInt8>, hint: inout Int, mode: UInt8, strategy: JSONKeyStrategy)
        -> Int
    {
        guard bytes.count >= prefix.count, bytes.prefix(prefix.count).elementsEqual(prefix) else { return -1 }
        let rest = UnsafeBufferPointer(rebasing: bytes[prefix.count...])
        guard let table = table(mode) else {
            return names(for: strategy).firstIndex { $0.utf8.elementsEqual(rest) } ?? -1
        }
        return table.find(rest, hint: &hint)
    }

    /// The error a model with a flattened-key conflict throws.
    func flattenConflictError(mode: UInt8) -> JSONDecodingError? {
        flattenConflict(mode: mode).map { JSONDecodingError(.invalidValue, reason: "@JSONFlatten: \($0)") }
    }
}

/// Thrown by a probe once it has the key set: the rest of the decode is not needed.
struct FlattenProbeFinished: Error {}

extension JSONDecodingError {
    /// The error of a flattened value, whose paths start with its keys without `prefix`, as
    /// the keys appear in the object.
    func flattened(prefix: String) -> JSONDecodingError {
        guard !prefix.isEmpty else { return self }
        var copy = self
        if kind == .multiple { copy.errors = errors.map { $0.flattened(prefix: prefix) } }
        guard case .key(let name)? = path.first else { return copy }
        copy.path[0] = .key(prefix + name)
        if kind == .missingKey, path.count == 1 {
            // The hint names the key without the prefix.
            copy.reason = "missing required key \"\(prefix + name)\""
            copy.hint = nil
        }
        return copy
    }
}

// MARK: - The general path

extension _JSONElementReader {
    /// Enters the object as a flattened value: only the keys that start with the scope's
    /// prefix are matched (prefix removed); every other member is the parent's.
    mutating func enterFlattened(
        _ object: JSONElement, _ keys: _JSONKeySet, _ scope: FlattenScope, model: ObjectIdentifier,
        _ context: borrowing JSONDecodingContext
    ) throws -> Bool {
        if scope.isProbe {
            scope.probed = (model, keys)
            throw FlattenProbeFinished()
        }
        var elements = [JSONElement?](repeating: nil, count: keys.count)
        var hint = 0
        let strategy = context.decoder.keyStrategy
        for member in object.members {
            let key = member.key
            let raw = key.rawStringBytes
            let slot: Int
            if key.stringHasEscapes {
                slot = unescapeJSONString(raw).withUnsafeBufferPointer {
                    keys.slot(stripping: scope.prefix, from: $0, hint: &hint, mode: context.keyMode, strategy: strategy)
                }
            } else {
                slot = keys.slot(stripping: scope.prefix, from: raw, hint: &hint, mode: context.keyMode, strategy: strategy)
            }
            guard slot >= 0 else { continue }
            context._assign(&elements[slot], member.value)
            var twin = keys.twin(of: slot)
            while twin >= 0 {
                context._assign(&elements[twin], member.value)
                twin = keys.twin(of: twin)
            }
        }
        frames.append(Frame(keys: keys, object: object, elements: elements))
        active.append(frames.count - 1)
        return advance()
    }

    /// Whether the model's own object is being read as a flattened value.
    func readsFlattened(_ context: borrowing JSONDecodingContext) -> Bool {
        guard let scope = context.flattenScope?.takeUnretainedValue() else { return false }
        return scope.holds(object)
    }

    /// Nothing to note: the general path needs no position.
    public mutating func objectStart() throws -> Int { 0 }

    /// Notes that a key of a flattened property was present.
    public mutating func passFlattened(_ state: inout _JSONFlattenState, _ keys: _JSONKeySet, _ slot: Int) throws {
        state.note(keys.flattenedEntry(of: slot))
    }

    /// Decodes flattened property `entry` of `keys` from the model's own object; `nil` when none
    /// of its keys is present and `presence` allows that.
    ///
    /// - Throws: the value's errors with the keys as the object has them (prefix included), or
    ///   the conflict of two properties with the same key, unless errors are collected.
    public mutating func flattened<T: JSONDecodable>(
        _ type: T.Type, _ keys: _JSONKeySet, _ entry: Int, _ state: _JSONFlattenState, _ presence: _JSONPresence,
        _ context: borrowing JSONDecodingContext
    ) throws -> T? {
        let object = self.object
        if let conflict = keys.flattenConflictError(mode: context.keyMode) {
            try fail(context.positioned(conflict, object))
            return nil
        }
        guard entry < keys.flattened.count else { return nil }
        let flattened = keys.flattened[entry]
        if presence != .required, !state.saw(entry) { return nil }
        var prefix = Array(flattened.prefix.utf8)
        if let outer = context.flattenScope?.takeUnretainedValue(), outer.holds(object) { prefix = outer.prefix + prefix }
        let scope = FlattenScope(prefix: prefix, object: object)
        var scoped = copy context
        scoped.flattenScope = Unmanaged.passUnretained(scope)
        do {
            return try withExtendedLifetime(scope) { try scoped.decode(T.self, from: object) }
        } catch {
            let decodingError = (error as? JSONDecodingError) ?? context.wrap(error, object)
            try fail(decodingError.flattened(prefix: flattened.prefix))
            return nil
        }
    }
}

// MARK: - The direct path

extension _JSONReader {
    /// Where the model's object starts, for its flattened properties, which read it again.
    ///
    /// - Throws: ``Fallback`` when the start cannot be found.
    public mutating func objectStart() throws -> Int {
        guard resuming else { return position }
        // An internally tagged enum has read the tag, the object's first member, and the model
        // continues after it: the object starts before the tag, `{ "tag" : "name"` read backwards.
        var index = position &- 1
        func skipSpaces() {
            while index >= 0, base[index] == 0x20 || base[index] == 0x0A || base[index] == 0x0D || base[index] == 0x09 {
                index &-= 1
            }
        }
        /// Moves before the string that ends at `index`; a quote inside it has an odd number of
        /// backslashes before it.
        func skipString() -> Bool {
            guard index >= 0, base[index] == UInt8(ascii: "\"") else { return false }
            index &-= 1
            while index >= 0 {
                if base[index] == UInt8(ascii: "\"") {
                    var backslashes = 0
                    while index &- backslashes &- 1 >= 0, base[index &- backslashes &- 1] == UInt8(ascii: "\\") { backslashes &+= 1 }
                    if backslashes % 2 == 0 {
                        index &-= 1
                        return true
                    }
                }
                index &-= 1
            }
            return false
        }
        skipSpaces()
        guard skipString() else { try Self.fail() }
        skipSpaces()
        guard index >= 0, base[index] == UInt8(ascii: ":") else { try Self.fail() }
        index &-= 1
        skipSpaces()
        guard skipString() else { try Self.fail() }
        skipSpaces()
        guard index >= 0, base[index] == UInt8(ascii: "{") else { try Self.fail() }
        return index
    }

    /// Passes over the value of a flattened property's key, noting that the key was present
    /// and keeping the member, under the property's own key, for the property to read.
    ///
    /// - Throws: ``Fallback`` for invalid JSON.
    public mutating func passFlattened(_ state: inout _JSONFlattenState, _ keys: _JSONKeySet, _ slot: Int) throws {
        let entry = keys.flattenedEntry(of: slot)
        state.note(entry)
        let valueStart = position
        try skipValue()
        guard entry >= 0 else { return }
        let bit: UInt64 = 1 &<< UInt64(min(entry, 63))
        guard state.unkept & bit == 0 else { return }
        let flattened = keys.flattened[entry]
        // The property's own key for this slot: the flattened type's keys follow in the
        // parent's key set in their own order.
        guard entry < 63, keyMode != customKeyMode, let own = flattened.keys, !own.capturesUnknown,
            slot >= flattened.slots.lowerBound, slot &- flattened.slots.lowerBound < own.count
        else {
            state.unkept |= bit
            return
        }
        let ownSlot = slot &- flattened.slots.lowerBound
        func keep(_ members: inout [UInt8], _ ownSlot: Int, _ valueStart: Int, _ valueEnd: Int) {
            if members.isEmpty { members.reserveCapacity(128) }
            own.appendEscapedKey(ownSlot, mode: keyMode, to: &members)
            members.append(UInt8(ascii: ":"))
            members.append(contentsOf: UnsafeBufferPointer(start: base + valueStart, count: valueEnd &- valueStart))
            members.append(UInt8(ascii: ","))
        }
        if entry == 0 {
            if state.firstMembers.isEmpty && state.inlineCount < 8 {
                state.inlineSlots[state.inlineCount] = ownSlot
                state.inlineStarts[state.inlineCount] = valueStart
                state.inlineEnds[state.inlineCount] = position
                state.inlineCount &+= 1
                return
            }
            if state.firstMembers.isEmpty {
                for index in 0..<state.inlineCount {
                    keep(&state.firstMembers, state.inlineSlots[index], state.inlineStarts[index], state.inlineEnds[index])
                }
                state.inlineCount = 0
            }
            keep(&state.firstMembers, ownSlot, valueStart, position)
        } else {
            while state.otherMembers.count < entry { state.otherMembers.append([]) }
            keep(&state.otherMembers[entry &- 1], ownSlot, valueStart, position)
        }
    }

    /// Reads flattened property `entry` of `keys` from the model's object again, from its
    /// start: only the keys with the property's prefix are its own.
    ///
    /// - Throws: ``Fallback`` for anything but a valid value.
    public mutating func flattened<T: JSONDecodable>(
        _ type: T.Type, _ keys: _JSONKeySet, _ entry: Int, _ state: _JSONFlattenState, _ presence: _JSONPresence,
        _ context: borrowing JSONDecodingContext
    ) throws -> T? {
        guard keys.flattenConflict(mode: keyMode) == nil, entry < keys.flattened.count, T._readsDirectly else { try Self.fail() }
        let flattened = keys.flattened[entry]
        if presence != .required, !state.saw(entry) { return nil }
        if entry < 63, state.unkept & (1 &<< UInt64(entry)) == 0 {
            // The members the loop kept, as one object: a value that fails reads the whole
            // input again on the general path, so positions inside it never reach an error.
            let members =
                entry == 0 ? state.firstMembers : entry &- 1 < state.otherMembers.count ? state.otherMembers[entry &- 1] : []
            // Members still where the input has them (the first property's first few).
            let inline = entry == 0 ? state.inlineCount : 0
            guard let own = flattened.keys, let table = own.table(keyMode) else { try Self.fail() }
            var inlineBytes = 0
            for index in 0..<inline {
                inlineBytes &+= table.escapedKey(state.inlineSlots[index]).count &+ state.inlineEnds[index]
                    &- state.inlineStarts[index] &+ 2
            }
            var limits = options
            limits.maxDepth = max(maxDepth &- depth, 0)
            let strategy = keyStrategy
            let reporting = self.reporting
            // `{`, the members without their last comma, `}`, then spaces: the number scanner's
            // straight pass wants 64 bytes after a number's start, as in a document of any size.
            let memberBytes = inline > 0 ? inlineBytes : members.count
            let objectCount = max(memberBytes, 1) &+ 1
            let count = objectCount &+ 64
            return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { buffer throws -> T in
                guard let start = buffer.baseAddress else { try Self.fail() }
                start.initialize(to: UInt8(ascii: "{"))
                var next = start + 1
                func copy(_ bytes: UnsafeBufferPointer<UInt8>) {
                    guard let from = bytes.baseAddress else { return }
                    next.initialize(from: from, count: bytes.count)
                    next += bytes.count
                }
                if inline > 0 {
                    for index in 0..<inline {
                        copy(table.escapedKey(state.inlineSlots[index]))
                        next.initialize(to: UInt8(ascii: ":"))
                        next += 1
                        copy(UnsafeBufferPointer(start: base + state.inlineStarts[index], count: state.inlineEnds[index] &- state.inlineStarts[index]))
                        next.initialize(to: UInt8(ascii: ","))
                        next += 1
                    }
                } else {
                    members.withUnsafeBufferPointer { copy($0) }
                }
                // The last comma, or the byte after `{` when there is no member, becomes `}`.
                (start + (objectCount &- 1)).initialize(to: UInt8(ascii: "}"))
                (start + objectCount).initialize(repeating: UInt8(ascii: " "), count: 64)
                var reader = _JSONReader(
                    UnsafeBufferPointer(start: start, count: count), options: limits, keyStrategy: strategy,
                    reporting: reporting)
                let value = try T._read(from: &reader, context: context)
                // Only the spaces may be left.
                guard reader.position >= objectCount else { try Self.fail() }
                return value
            }
        }
        // The member loop has passed the object's end: the object is the bytes since its start.
        let objectDepth = depth &+ 1
        guard state.start >= 0, state.start < position, position <= end else { try Self.fail() }
        let prefix = (flattenDepth == objectDepth ? flattenPrefix : []) + Array(flattened.prefix.utf8)
        var limits = options
        limits.maxDepth = max(maxDepth &- depth, 0)
        let strategy = keyStrategy
        let reporting = self.reporting
        // A reader of its own, so that this reader's in-place key comparison stays as it is:
        // it would take an unprefixed key for the value's own.
        let object = UnsafeBufferPointer(start: base + state.start, count: position &- state.start)
        var reader = _JSONReader(
            object, options: limits, keyStrategy: strategy, reporting: reporting, comparesInPlace: prefix.isEmpty)
        reader.flattenPrefix = prefix
        reader.flattenDepth = 1
        let value = try T._read(from: &reader, context: context)
        guard reader.position == reader.end else { try Self.fail() }
        return value
    }

    /// The slot of a key of the object a flattened value is read from, prefix removed; -1 for
    /// the parent's keys.
    func flattenedSlot(_ keys: _JSONKeySet, _ raw: UnsafeBufferPointer<UInt8>, escaped: Bool, hint: inout Int) -> Int {
        if escaped {
            return unescapeJSONString(raw).withUnsafeBufferPointer {
                keys.slot(stripping: flattenPrefix, from: $0, hint: &hint, mode: keyMode, strategy: keyStrategy)
            }
        }
        return keys.slot(stripping: flattenPrefix, from: raw, hint: &hint, mode: keyMode, strategy: keyStrategy)
    }
}

// MARK: - Encoding

extension JSONEncodingContext {
    /// Writes the members of `value`'s object into the object being written, each key with
    /// the prefix of flattened property `entry` of `keys`.
    ///
    /// - Throws: ``JSONError`` when the model's flattened keys conflict or `value` is not
    ///   written as an object, and what encoding `value` throws.
    public func _writeFlattened<T: JSONEncodable>(_ value: T, _ keys: _JSONKeySet, _ entry: Int, to writer: inout JSONWriter)
        throws
    {
        if let conflict = keys.flattenConflict(mode: keyMode) { throw JSONError(kind: .invalidValue, message: "@JSONFlatten: \(conflict)") }
        let prefix = entry < keys.flattened.count ? keys.flattened[entry].prefix : ""
        var scratch = JSONWriter(options: writer.options)
        // The value's object opens at the depth of the one it joins, so its members are
        // indented as the object's own.
        scratch.depth = max(writer.depth - 1, 0)
        scratch.lenient = writer.lenient
        do {
            try value.encode(to: &scratch, context: self)
        } catch let error as JSONError {
            // The encoder names the path from its output, which has not got the value's members:
            // they are in the scratch output.
            var inside = JSONWriter.openPath(of: scratch.bytes)
            if case .key(let name)? = inside.first { inside[0] = .key(prefix + name) }
            let outside = JSONWriter.openPath(of: writer.bytes)
            guard !inside.isEmpty else {
                // Thrown between members: by a flattened value inside this one, whose message
                // starts with the value's key, which then needs this prefix and this path.
                guard !prefix.isEmpty || !outside.isEmpty,
                    let valueKeys = entry < keys.flattened.count ? keys.flattened[entry].keys : nil,
                    let path = error.message.split(separator: ":", maxSplits: 1).first,
                    let name = path.split(separator: ".", maxSplits: 1).first,
                    valueKeys.names.contains(String(name.prefix { $0 != "[" }))
                else { throw error }
                let start = outside.isEmpty ? "" : describePath(outside) + "."
                throw JSONError(kind: error.kind, message: start + prefix + error.message)
            }
            let path = describePath(outside + inside)
            guard !path.isEmpty, !error.message.hasPrefix(path + ": ") else { throw error }
            throw JSONError(kind: error.kind, message: "\(path): \(error.message)")
        }
        try writer.spliceMembers(of: scratch.bytes, prefix: prefix)
    }
}

extension JSONWriter {
    /// Writes the members of the object `object` (JSON this writer's options wrote) into the
    /// open object, `prefix` put before each key.
    mutating func spliceMembers(of object: [UInt8], prefix: String) throws(JSONError) {
        var escapedPrefix = JSONWriter(options: options)
        escapedPrefix.write(prefix)
        // Without its quotes.
        let start = Array(escapedPrefix.bytes.dropFirst().dropLast())
        let count = object.count
        func skipSpace(_ index: Int) -> Int {
            var index = index
            while index < count, object[index] == 0x20 || object[index] == 0x0A || object[index] == 0x0D || object[index] == 0x09 {
                index += 1
            }
            return index
        }
        func stringEnd(_ index: Int) -> Int {
            var index = index + 1
            while index < count, object[index] != UInt8(ascii: "\"") {
                index += object[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            return min(index + 1, count)
        }
        func valueEnd(_ index: Int) -> Int {
            var index = index
            var nesting = 0
            while index < count {
                switch object[index] {
                case UInt8(ascii: "\""):
                    index = stringEnd(index)
                    if nesting == 0 { return index }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    nesting += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if nesting == 0 { return index }
                    nesting -= 1
                    if nesting == 0 { return index + 1 }
                case UInt8(ascii: ","), 0x20, 0x0A, 0x0D, 0x09:
                    if nesting == 0 { return index }
                default:
                    break
                }
                index += 1
            }
            return index
        }
        var index = skipSpace(0)
        guard index < count, object[index] == UInt8(ascii: "{") else {
            throw JSONError(kind: .invalidValue, message: "@JSONFlatten: a flattened value must be written as a JSON object")
        }
        index = skipSpace(index + 1)
        while index < count, object[index] == UInt8(ascii: "\"") {
            let keyEnd = stringEnd(index)
            let key = object[(index + 1)..<max(keyEnd - 1, index + 1)]
            index = skipSpace(keyEnd)
            guard index < count, object[index] == UInt8(ascii: ":") else { break }
            let valueStart = skipSpace(index + 1)
            let end = valueEnd(valueStart)
            beforeValue()
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: start)
            bytes.append(contentsOf: key)
            bytes.append(UInt8(ascii: "\""))
            keySeparator()
            bytes.append(contentsOf: object[valueStart..<end])
            afterKey = false
            index = skipSpace(end)
            if index < count, object[index] == UInt8(ascii: ",") { index = skipSpace(index + 1) }
        }
    }
}
