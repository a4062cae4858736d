/// One forward step of a ``JSONVersionedModel``'s JSON form, from ``fromVersion`` to
/// ``toVersion`` (= `fromVersion + 1`): a list of changes applied in order to the raw JSON of
/// one model.
///
/// Keys are key paths: `"user.login"` reaches into the nested object `user` (a literal dot
/// is written `\.`), as in `@JSONKey`.
///
/// | change | before | after |
/// | --- | --- | --- |
/// | `.renameKey("mail", to: "email")` | `{"mail": "a@b"}` | `{"email": "a@b"}` |
/// | `.splitKey("name", into: ["first", "last"], separator: " ")` | `{"name": "Ada Lovelace"}` | `{"first": "Ada", "last": "Lovelace"}` |
/// | `.transformValue("age") { .string("\($0)") }` | `{"age": 36}` | `{"age": "36"}` |
/// | `.fillDefault("tags", [])` | `{}` | `{"tags": []}` |
/// | `.removeKey("legacy")` | `{"legacy": 1}` | `{}` |
/// | `.custom { value in … }` | anything | anything |
///
/// ```swift
/// static let migrations = [
///     JSONMigration(from: 1, .renameKey("mail", to: "email")),
///     JSONMigration(from: 2, .splitKey("name", into: ["firstName", "lastName"], separator: " ")),
/// ]
/// ```
public struct JSONMigration: Sendable, CustomStringConvertible {
    /// The version this step reads.
    public let fromVersion: Int
    /// The changes, applied in order.
    public let changes: [Change]

    /// The version this step produces: `fromVersion + 1`.
    public var toVersion: Int { fromVersion + 1 }

    /// Creates the step from `version` to `version + 1`.
    public init(from version: Int, _ changes: Change...) {
        self.init(from: version, changes: changes)
    }

    /// Creates the step from `version` to `version + 1`.
    public init(from version: Int, changes: [Change]) {
        self.fromVersion = version
        self.changes = changes
    }

    /// The step in one line: `migration 1 → 2: renameKey("mail", to: "email")`.
    public var description: String {
        "migration \(fromVersion) → \(toVersion): " + changes.map(\.description).joined(separator: ", ")
    }

    /// Applies the changes, in order, to the JSON of one model.
    ///
    /// On failure `value` is left unchanged.
    ///
    /// - Throws: ``JSONArchiveError`` of kind ``JSONArchiveError/Kind/migrationFailed`` naming
    ///   this step and the change that failed (a key-based change on a value that is not an
    ///   object, a rename onto an existing key, a split of a non-string, a closure's error).
    public func apply(to value: inout JSONValue) throws(JSONArchiveError) {
        // Work on a copy so that a failure leaves `value` as it was.
        var edited = value
        for change in changes {
            do {
                try change.apply(to: &edited)
            } catch let failure as ChangeFailure {
                throw JSONArchiveError(
                    .migrationFailed, "migration \(fromVersion) → \(toVersion) failed: \(change): \(failure.reason)")
            } catch {
                throw JSONArchiveError(
                    .migrationFailed, "migration \(fromVersion) → \(toVersion) failed: \(change): \(error)",
                    underlyingError: SendableError(error))
            }
        }
        value = edited
    }

    /// One edit of a model's JSON; see ``JSONMigration`` for the list.
    public struct Change: Sendable, CustomStringConvertible {
        enum Storage: Sendable {
            case rename(from: String, to: String)
            case split(key: String, into: [String], separator: String?, body: (@Sendable (JSONValue) throws -> [JSONValue])?)
            case transform(key: String, body: @Sendable (JSONValue) throws -> JSONValue)
            case fillDefault(key: String, value: JSONValue)
            case remove(key: String)
            case custom(name: String, body: @Sendable (inout JSONValue) throws -> Void)
        }

        let storage: Storage

        /// Moves the value at `key` to `newKey`. Nothing happens when `key` is absent.
        ///
        /// Fails when `newKey` already holds a value, so no data is silently dropped.
        public static func renameKey(_ key: String, to newKey: String) -> Change {
            Change(storage: .rename(from: key, to: newKey))
        }

        /// Splits the string at `key` on `separator` into the keys `into`, left to right; the
        /// last key takes the rest. Fewer parts than keys leave the remaining keys absent.
        /// `key` is removed unless it is one of the new keys; nothing happens when it is absent.
        ///
        /// Fails when the value is not a string or a new key already holds a value.
        public static func splitKey(_ key: String, into keys: [String], separator: String) -> Change {
            Change(storage: .split(key: key, into: keys, separator: separator, body: nil))
        }

        /// Splits the value at `key` with `split` into the keys `into`, in order. Fewer values
        /// than keys leave the remaining keys absent. `key` is removed unless it is one of the
        /// new keys; nothing happens when it is absent.
        ///
        /// Fails when `split` throws or returns more values than keys, or a new key already
        /// holds a value.
        public static func splitKey(
            _ key: String, into keys: [String], using split: @escaping @Sendable (JSONValue) throws -> [JSONValue]
        ) -> Change {
            Change(storage: .split(key: key, into: keys, separator: nil, body: split))
        }

        /// Replaces the value at `key` (including `null`) with `transform` of it. Nothing happens
        /// when `key` is absent.
        public static func transformValue(
            _ key: String, _ transform: @escaping @Sendable (JSONValue) throws -> JSONValue
        ) -> Change {
            Change(storage: .transform(key: key, body: transform))
        }

        /// Sets `key` to `value` when it is absent; a present value (even `null`) is kept.
        public static func fillDefault(_ key: String, _ value: JSONValue) -> Change {
            Change(storage: .fillDefault(key: key, value: value))
        }

        /// Removes `key` when present.
        public static func removeKey(_ key: String) -> Change {
            Change(storage: .remove(key: key))
        }

        /// Runs `body` on the model's whole JSON value, for anything the other changes cannot
        /// express. `name` appears in error messages.
        public static func custom(
            _ name: String = "custom", _ body: @escaping @Sendable (inout JSONValue) throws -> Void
        ) -> Change {
            Change(storage: .custom(name: name, body: body))
        }

        /// The change as written in code: `renameKey("mail", to: "email")`.
        public var description: String {
            func quoted(_ text: String) -> String { "\"" + text + "\"" }
            switch storage {
            case .rename(let from, let to): return "renameKey(\(quoted(from)), to: \(quoted(to)))"
            case .split(let key, let keys, _, _):
                return "splitKey(\(quoted(key)), into: [\(keys.map(quoted).joined(separator: ", "))])"
            case .transform(let key, _): return "transformValue(\(quoted(key)))"
            case .fillDefault(let key, _): return "fillDefault(\(quoted(key)))"
            case .remove(let key): return "removeKey(\(quoted(key)))"
            case .custom(let name, _): return name
            }
        }

        func apply(to value: inout JSONValue) throws {
            switch storage {
            case .rename(let from, let to):
                try requireObject(value)
                let source = JSONKeyPath.components(from)
                guard let moved = value.value(atPath: source[...]) else { return }
                if from == to { return }
                let target = JSONKeyPath.components(to)
                if value.value(atPath: target[...]) != nil {
                    throw ChangeFailure(reason: "key \"\(to)\" already exists")
                }
                _ = value.removeValue(atPath: source[...])
                try value.setValue(moved, atPath: target[...])
            case .split(let key, let keys, let separator, let body):
                try requireObject(value)
                let source = JSONKeyPath.components(key)
                guard let original = value.value(atPath: source[...]) else { return }
                let parts: [JSONValue]
                if let body {
                    parts = try body(original)
                    if parts.count > keys.count {
                        throw ChangeFailure(reason: "split gave \(parts.count) values for \(keys.count) keys")
                    }
                } else {
                    guard case .string(let text) = original else {
                        throw ChangeFailure(reason: "expected a string, found \(JSONValue.kindDescription(original))")
                    }
                    let pieces =
                        keys.isEmpty ? [] : text.splitString(separator: separator ?? " ", maxPieces: keys.count)
                    parts = pieces.map { JSONValue.string($0) }
                }
                if !keys.contains(key) { _ = value.removeValue(atPath: source[...]) }
                for (target, part) in zip(keys, parts) {
                    let path = JSONKeyPath.components(target)
                    if target != key, value.value(atPath: path[...]) != nil {
                        throw ChangeFailure(reason: "key \"\(target)\" already exists")
                    }
                    try value.setValue(part, atPath: path[...])
                }
            case .transform(let key, let body):
                try requireObject(value)
                let path = JSONKeyPath.components(key)
                guard let old = value.value(atPath: path[...]) else { return }
                try value.setValue(try body(old), atPath: path[...])
            case .fillDefault(let key, let fill):
                try requireObject(value)
                let path = JSONKeyPath.components(key)
                guard value.value(atPath: path[...]) == nil else { return }
                try value.setValue(fill, atPath: path[...])
            case .remove(let key):
                try requireObject(value)
                _ = value.removeValue(atPath: JSONKeyPath.components(key)[...])
            case .custom(_, let body):
                try body(&value)
            }
        }

        private func requireObject(_ value: JSONValue) throws {
            guard case .object = value else {
                throw ChangeFailure(reason: "expected an object, found \(JSONValue.kindDescription(value))")
            }
        }
    }
}

/// A change's own failure (as opposed to an error thrown by a user closure).
struct ChangeFailure: Error {
    var reason: String
}

extension String {
    /// Splits on `separator` into at most `maxPieces` pieces; the last piece keeps the rest.
    func splitString(separator: String, maxPieces: Int) -> [String] {
        guard !separator.isEmpty, maxPieces > 1 else { return [self] }
        var pieces: [String] = []
        var rest = self[...]
        while pieces.count < maxPieces - 1, let range = rest.range(of: separator) {
            pieces.append(String(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        pieces.append(String(rest))
        return pieces
    }
}

// MARK: - Key-path editing of JSON values

extension JSONValue {
    /// `object`, `array`, `string "x"`, `number 5`, `true`, `null`: for error messages.
    static func kindDescription(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return "number \(number)"
        case .string(let text):
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            return "string \"\(shown)\""
        case .array: return "array"
        case .object: return "object"
        }
    }

    var isObject: Bool { if case .object = self { true } else { false } }

    /// The value at a key path through nested objects; `nil` when a step is missing or not an object.
    func value(atPath path: ArraySlice<String>) -> JSONValue? {
        guard let first = path.first else { return self }
        guard case .object(let object) = self, let child = object[first] else { return nil }
        return child.value(atPath: path.dropFirst())
    }

    /// Sets the value at a key path, creating missing intermediate objects.
    mutating func setValue(_ newValue: JSONValue, atPath path: ArraySlice<String>) throws {
        guard let first = path.first else {
            self = newValue
            return
        }
        guard case .object(var object) = self else {
            throw ChangeFailure(reason: "cannot set a key inside \(JSONValue.kindDescription(self))")
        }
        var child = object[first] ?? .object(JSONObject())
        if path.count > 1, !child.isObject {
            throw ChangeFailure(reason: "\"\(first)\" is \(JSONValue.kindDescription(child)), not an object")
        }
        try child.setValue(newValue, atPath: path.dropFirst())
        object[first] = child
        self = .object(object)
    }

    /// Removes and returns the value at a key path; `nil` when it is absent.
    mutating func removeValue(atPath path: ArraySlice<String>) -> JSONValue? {
        guard let first = path.first, case .object(var object) = self, var child = object[first] else { return nil }
        if path.count == 1 {
            object[first] = nil
            self = .object(object)
            return child
        }
        let removed = child.removeValue(atPath: path.dropFirst())
        if removed != nil {
            object[first] = child
            self = .object(object)
        }
        return removed
    }
}
