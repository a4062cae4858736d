import Foundation

// Support for `@JSONKey(collecting: ["temp", "weather.temp_max"])`: one property fed by
// several keys (or key paths) of the model's object, as Mantle allows with an array of key
// paths. The property sees the members as one object keyed by the names as written:
//
//     {"temp": 21.5, "weather": {"temp_max": 25}}
//     @JSONKey(collecting: ["temp", "weather.temp_max"]) var temperatures: [String: Double]
//     // temperatures == ["temp": 21.5, "weather.temp_max": 25]
//
// Generated code matches the keys like any others, then calls these helpers.

extension JSONDecodingContext {
    /// Decodes a collected property from the members that are present (an empty object when
    /// none is).
    ///
    /// - Parameters:
    ///   - members: Each collected name as written in the attribute, with the element matched
    ///     for it (`nil` when absent).
    ///   - body: Decodes the property from the gathered object.
    /// - Throws: ``JSONDecodingError`` whose path starts with the member's key path and whose
    ///   position is the member's position in the input.
    public func _collected<T>(
        _ members: [(String, JSONElement?)], _ body: (JSONElement, JSONDecodingContext) throws -> T
    ) throws -> T {
        var present: [(String, JSONElement)] = []
        var writer = JSONWriter()
        do {
            try writer.beginObject()
            for (name, element) in members {
                guard let element else { continue }
                present.append((name, element))
                writer.writeKey(name)
                try writer.write(JSONValue(element: element))
            }
            writer.endObject()
        } catch {
            throw JSONDecodingError(.invalidValue, reason: String(describing: error))
        }
        // The gathered object is a small document of its own; errors are mapped back below.
        let document: JSONDocument
        do {
            document = try JSONDocument(parsing: writer.bytes, options: decoder.parsingOptions)
        } catch {
            throw JSONDecodingError(.invalidValue, reason: error.message)
        }
        do {
            return try withExtendedLifetime(document) { try body(document.root, self) }
        } catch let error as JSONDecodingError {
            throw relocated(error, members, present)
        } catch {
            let wrapped = JSONDecodingError(
                .invalidValue, reason: String(describing: error), underlyingError: SendableError(error))
            throw relocated(wrapped, members, present)
        }
    }

    /// Decodes a collected property, or returns `nil` when none of its keys is present (for
    /// optional properties and properties with a default).
    ///
    /// With `object` (the model's JSON object), a property with a default notes in the
    /// decode's report that none of its keys was present, naming `defaultValue` (the default
    /// as written in source).
    ///
    /// - Throws: as ``collected(_:_:)-(_,(JSONElement)->T)``.
    public func _collectedIfPresent<T>(
        _ members: [(String, JSONElement?)], in object: JSONElement? = nil, default defaultValue: String = "",
        _ body: (JSONElement, JSONDecodingContext) throws -> T
    ) throws -> T? {
        guard members.contains(where: { $0.1 != nil }) else {
            if let object, isReporting {
                let names = members.map { "\"\($0.0)\"" }.joined(separator: ", ")
                let used = defaultValue.isEmpty ? "used the default" : "used the default \(defaultValue)"
                note(.defaulted, "keys \(names) missing, \(used)", at: object)
            }
            return nil
        }
        return try _collected(members, body)
    }

    /// Decodes a collected property (the form for hand-written models).
    ///
    /// - Throws: as ``collected(_:_:)-(_,(JSONElement)->T)``.
    public func _collected<T>(_ members: [(String, JSONElement?)], _ body: (JSONElement) throws -> T) throws -> T {
        try _collected(members) { element, _ in try body(element) }
    }

    /// Decodes a collected property, or returns `nil` when none of its keys is present (the
    /// form for hand-written models).
    ///
    /// - Throws: as ``collected(_:_:)-(_,(JSONElement)->T)``.
    public func _collectedIfPresent<T>(
        _ members: [(String, JSONElement?)], in object: JSONElement? = nil, default defaultValue: String = "",
        _ body: (JSONElement) throws -> T
    ) throws -> T? {
        try _collectedIfPresent(members, in: object, default: defaultValue) { element, _ in try body(element) }
    }

    /// Rewrites an error from the gathered object so it points into the original input: a
    /// path starting at a collected name continues from that name's key path, and the
    /// position becomes the member's (positions inside the gathered object mean nothing to
    /// the user).
    func relocated(
        _ error: JSONDecodingError, _ members: [(String, JSONElement?)], _ present: [(String, JSONElement)]
    ) -> JSONDecodingError {
        var copy = error
        if error.kind == .multiple {
            copy.errors = error.errors.map { relocated($0, members, present) }
            return copy
        }
        copy.byteOffset = nil
        copy.line = nil
        copy.column = nil
        guard case .key(let first)? = error.path.first, members.contains(where: { $0.0 == first }) else { return copy }
        copy.path = JSONKeyPath.components(first).map { .key($0) } + error.path.dropFirst()
        guard let element = present.first(where: { $0.0 == first })?.1 else { return copy }
        return positioned(copy, element)
    }
}

extension JSONEncodingContext {
    /// Encodes a collected property into a tree whose members generated code then writes at
    /// their keys with ``writeCollected(_:_:_:_:to:)``.
    ///
    /// - Throws: what `body` throws, or ``JSONError`` when the property does not encode as
    ///   an object (or `null`).
    public func _collect<T>(_ value: T, _ body: (T, inout JSONWriter) throws -> Void) throws -> JSONValue {
        var options = JSONWritingOptions()
        options.maxDepth = encoder.writingOptions.maxDepth
        var writer = JSONWriter(options: options)
        try body(value, &writer)
        let tree = try JSONValue(parsing: writer.bytes)
        switch tree {
        case .object, .null:
            return tree
        default:
            throw JSONError(
                kind: .invalidValue, message: "a property with collected keys must encode as a JSON object")
        }
    }

    /// Writes the member `name` of a collected property at `slot` of `keys`; a missing member
    /// (or a `nil` property) is left out, or written as `null` when the encoder writes nulls.
    ///
    /// - Throws: ``JSONError`` for nesting beyond the writer's limit.
    public func _writeCollected(
        _ collected: JSONValue, _ name: String, _ keys: _JSONKeySet, _ slot: Int, to writer: inout JSONWriter
    ) throws {
        if case .object(let object) = collected, let member = object[name] {
            _writeKey(keys, slot, to: &writer)
            try writer.write(member)
        } else if writesNulls {
            _writeKey(keys, slot, to: &writer)
            writer.writeNull()
        }
    }
}
