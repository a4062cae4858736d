import Foundation

// `@JSONUnknownKeys`: the members of a model's object that no property maps, kept in a
// `[String: JSONValue]` property and written back on encode, so that decode → encode loses
// nothing a client does not know about.

extension _JSONReader {
    /// Reads the member whose key no property maps (the key was read last) into `slot`; a
    /// repeated key follows the duplicate-key policy.
    ///
    /// - Throws: ``Fallback`` for invalid JSON.
    @usableFromInline
    mutating func capture(_ slot: inout _JSONUnknownMembers, _ context: borrowing JSONDecodingContext) throws(Fallback) {
        // A flattened value's object is its parent's, whose members are not unknown to it.
        if flattenDepth == depth { return try skipValue() }
        let valueStart = position
        position = keyStart
        let name = try memberName()
        guard position == valueStart else { try Self.fail() }
        let value = try read(context) { try $0.value(JSONValue.self, $1) }
        if context.keepsFirstDuplicate, slot.members[name] != nil { return }
        slot.members[name] = value
    }
}

extension _JSONElementReader {
    /// The members of the model's object whose keys `keys` does not map, as the duplicate-key
    /// policy leaves them.
    func unknownMembers(_ keys: _JSONKeySet, _ context: borrowing JSONDecodingContext) -> [String: JSONValue] {
        var members: [String: JSONValue] = [:]
        // A flattened value's object is its parent's, whose members are not unknown to it.
        if readsFlattened(context) { return members }
        var hint = 0
        for member in object.members where keys.match(member.key, hint: &hint, context) < 0 {
            let name = member.key.stringValue ?? ""
            if context.keepsFirstDuplicate, members[name] != nil { continue }
            members[name] = JSONValue(element: member.value)
        }
        return members
    }
}

extension JSONEncodingContext {
    /// Writes the members a `@JSONUnknownKeys` property holds, in key order, leaving out any
    /// whose key a property of the model writes (`keys`, the model's object level).
    ///
    /// - Throws: ``JSONError`` for nesting beyond the writer's limit.
    public func _writeUnknown(_ members: [String: JSONValue], _ keys: _JSONKeySet, to writer: inout JSONWriter) throws {
        if members.isEmpty { return }
        let mapped = Set(keys.names).union(keys.names(for: encoder.keyStrategy))
        for name in members.keys.sorted() where !mapped.contains(name) {
            guard let value = members[name] else { continue }
            writer.writeKey(name)
            try writer.write(value)
        }
    }
}
