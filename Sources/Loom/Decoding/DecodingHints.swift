import Foundation

/// What decoding errors say about input that nearly matches: a key spelled another way, the
/// model's data inside an envelope, an array of models, a value lenient coercion converts (in
/// the reason), and what in the model or the call would read it (``JSONDecodingError/hint``).
/// All of it is computed on the error path only, from the parsed document.
extension JSONDecodingContext {
    /// A key of `object` that spells `name` with other letter case or separators (`user_id`,
    /// `UserID` or `userid` for `userId`) and that `keys` does not map (`nil` for none): the
    /// usual reason a key is missing.
    static func respelling(
        of name: String, in object: JSONElement, unmatchedBy keys: _JSONKeySet?, _ context: JSONDecodingContext
    ) -> String? {
        let wanted = spellingCore(name)
        var hint = 0
        for member in object.members {
            if let keys, keys.match(member.key, hint: &hint, context) >= 0 { continue }
            let key = member.key.makeString()
            if key != name && spellingCore(key) == wanted { return key }
        }
        return nil
    }

    /// A name without its letter case and word separators (`_`, `-`, `.`, space).
    static func spellingCore(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { !"_-. ".unicodeScalars.contains($0) })
    }

    /// What maps `found` to slot `slot`: its `@JSONKey`, and a key strategy where one turns the
    /// property's name into it.
    func remedy(for found: String, _ keys: _JSONKeySet, _ slot: Int) -> String {
        // The attribute's argument is a key path: the level's steps, then the key, with the
        // backslashes and dots inside a key escaped (in a raw string literal, so that each
        // escape is written as the path reads it).
        let path = (keys.prefix + [found]).map {
            $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ".", with: "\\.")
        }.joined(separator: ".")
        let key = path.contains("\\") ? "@JSONKey(#\"\(path)\"#)" : "@JSONKey(\"\(path)\")"
        guard !keys.explicit[slot], case .useDefaultKeys = decoder.keyStrategy else { return "\(key) maps it" }
        let strategies: [(JSONKeyStrategy, String)] = [
            (.snakeCase, "snakeCase"), (.kebabCase, "kebabCase"), (.screamingSnakeCase, "screamingSnakeCase"),
            (.pascalCase, "pascalCase"),
        ]
        guard let (_, strategy) = strategies.first(where: { $0.0.key(for: keys.names[slot]) == found }) else {
            return "\(key) maps it"
        }
        return "\(key) or the .\(strategy) key strategy maps it"
    }

    /// The error for a model's value that is not an object; an array the caller decodes as
    /// one model names the array type.
    @usableFromInline
    func notAnObject<T>(_ type: T.Type, _ element: JSONElement) -> JSONDecodingError {
        var error = mismatch(expected: "\(T.self) object", element)
        if element.nodeKind == .array, decodesWholeInput(T.self, element) {
            error.hint = "decode [\(T.self)] for an array"
        }
        return error
    }

    /// The error for an array's value that is not an array; an object the caller decodes as an
    /// array names the array inside it.
    @usableFromInline
    func notAnArray<T>(_ type: T.Type, _ element: JSONElement) -> JSONDecodingError {
        var error = mismatch(expected: "array", element)
        if element.nodeKind == .object, decodesWholeInput(T.self, element),
            let path = Self.envelopePath(in: element, where: { $0.nodeKind == .array })
        {
            error.reason += "; the object has an array at \"\(path)\""
            error.hint = "decode it with at: \"\(path)\""
        }
        return error
    }

    /// Whether `element` is the whole input, decoded as `T` by the caller.
    func decodesWholeInput<T>(_ type: T.Type, _ element: JSONElement) -> Bool {
        element.index == 0 && wholeInputType == ObjectIdentifier(T.self)
    }

    /// The path of an object inside `object` that has the key `name`, when `object` is the root
    /// of the input and has none of the keys of `keys`: the model's data inside an envelope.
    func envelope(holding name: String, around object: JSONElement, _ keys: _JSONKeySet) -> String? {
        guard wholeInputType != nil, object.index == 0, keys.prefix.isEmpty else { return nil }
        var hint = 0
        for member in object.members where keys.match(member.key, hint: &hint, self) >= 0 { return nil }
        return Self.envelopePath(in: object) { $0.nodeKind == .object && $0[name] != nil }
    }

    /// The path of the first value in `object` that `matches`, looking breadth first through
    /// three levels of objects. Keys that would need escaping in a path are passed over.
    static func envelopePath(in object: JSONElement, where matches: (JSONElement) -> Bool) -> String? {
        var level = [(path: "", object: object)]
        for _ in 0..<3 {
            var next: [(path: String, object: JSONElement)] = []
            for (path, container) in level {
                for member in container.members {
                    let key = member.key.makeString()
                    guard !key.isEmpty, !key.contains(where: { $0 == "." || $0 == "[" || $0 == "\\" }) else { continue }
                    let memberPath = path.isEmpty ? key : path + "." + key
                    if matches(member.value) { return memberPath }
                    if member.value.nodeKind == .object { next.append((memberPath, member.value)) }
                }
            }
            level = next
        }
        return nil
    }
}
