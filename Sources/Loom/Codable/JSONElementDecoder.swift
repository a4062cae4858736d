import Foundation

// A `Swift.Decoder` that reads straight from a parsed document's elements.
//
// Semantics follow Foundation's `JSONDecoder`, with Loom's exactness: integers decode exactly
// or fail (`1e2` is 100, `1.5` is an error, never a wrap), floating point is correctly
// rounded, and `Date`, `Data`, `URL`, `Decimal`, ``JSONValue`` and every other
// ``JSONDecodable`` type (Loom models included) decode through Loom's own conformance, so a
// `Date` follows the decoder's ``JSONDateStrategy``.
//
// Errors inside Codable code are `DecodingError`s, as Codable types expect; each one the
// bridge makes carries the Loom error (full path and JSON position) as its underlying error,
// and `JSONCodableBridge.decode` turns them back into ``JSONDecodingError``s.

/// The state shared by every decoder and container of one bridged decode.
final class BridgeDecodingState {
    let context: JSONDecodingContext
    let root: JSONElement
    let keyMode: BridgeKeyMode
    /// Whether a repeated key keeps its first value (the document's duplicate-key policy).
    let keepsFirstDuplicate: Bool
    /// Where the innermost `init(from:)` that threw a foreign (non-decoding) error was decoding.
    var foreignFailure: (fingerprint: String, path: [JSONPathComponent], element: JSONElement)?

    init(context: JSONDecodingContext, root: JSONElement) {
        self.context = context
        self.root = root
        self.keyMode = BridgeKeyMode(context.decoder.keyStrategy)
        self.keepsFirstDuplicate = root.document.options.duplicateKeys == .useFirst
    }

    // MARK: Decoding values

    /// Decodes any `Decodable` from `element`: Loom's conformance when there is one,
    /// `String`-keyed dictionaries without key conversion, everything else with `init(from:)`.
    func decode<T: Decodable>(
        _ type: T.Type, from element: JSONElement, codingPath: [any CodingKey], jsonPath: [JSONPathComponent],
        anchor: JSONElement? = nil
    ) throws -> T {
        if let loomType = T.self as? any JSONDecodable.Type {
            let value: any JSONDecodable
            do {
                value = try loomType.init(json: element, context: context)
            } catch let error as JSONDecodingError {
                throw decodingError(error, type: T.self, codingPath: codingPath, jsonPath: jsonPath, anchor: anchor)
            } catch {
                // From user code inside a Loom conformance (a custom date strategy, say).
                noteForeignFailure(error, path: jsonPath, element: anchor ?? element)
                throw error
            }
            guard let typed = value as? T else {
                throw decodingError(
                    context.invalid("\(T.self) decoded as \(Swift.type(of: value))", element), type: T.self,
                    codingPath: codingPath, jsonPath: jsonPath)
            }
            return typed
        }
        if let dictionaryType = T.self as? any BridgeStringKeyedDictionary.Type {
            let value = try dictionaryType.bridgeDecode(from: element, state: self, codingPath: codingPath, jsonPath: jsonPath)
            guard let typed = value as? T else {
                throw decodingError(
                    context.invalid("\(T.self) decoded as \(Swift.type(of: value))", element), type: T.self,
                    codingPath: codingPath, jsonPath: jsonPath)
            }
            return typed
        }
        let decoder = JSONElementDecoder(
            element: element, state: self, codingPath: codingPath, jsonPath: jsonPath, valueType: T.self, anchor: anchor)
        do {
            // `init(from:)` of a recursive type recurses once per level, as models do, so the
            // rest may continue on a larger stack (StackGrowth.swift).
            var marker: UInt8 = 0
            let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
            if context._needsLargerStack(at: here) {
                return try context._onLargerStack(element) { _ in try T(from: decoder) }
            }
            return try T(from: decoder)
        } catch {
            noteForeignFailure(error, path: jsonPath, element: anchor ?? element)
            throw error
        }
    }

    /// Decodes a leaf through Loom's conformance, as a `DecodingError` on failure.
    @inline(__always)
    func leaf<T: JSONDecodable>(
        _ type: T.Type, from element: JSONElement, codingPath: @autoclosure () -> [any CodingKey],
        jsonPath: @autoclosure () -> [JSONPathComponent], anchor: JSONElement? = nil
    ) throws -> T {
        do {
            return try T._makeInstance(json: element, context: context)
        } catch let error as JSONDecodingError {
            throw decodingError(error, type: T.self, codingPath: codingPath(), jsonPath: jsonPath(), anchor: anchor)
        }
    }

    /// Decodes a fixed-width integer Loom has no conformance for (`Int128`, `UInt128`).
    func integer<T: FixedWidthInteger>(
        _ type: T.Type, from element: JSONElement, codingPath: [any CodingKey], jsonPath: [JSONPathComponent],
        anchor: JSONElement? = nil
    ) throws -> T {
        do {
            return try decodeInteger(T.self, element, context)
        } catch let error as JSONDecodingError {
            throw decodingError(error, type: T.self, codingPath: codingPath, jsonPath: jsonPath, anchor: anchor)
        }
    }

    // MARK: Keyed lookup

    /// The members of an object, indexed by the names Codable keys are compared with.
    func entries(of element: JSONElement) -> BridgeObjectEntries {
        BridgeObjectEntries(element, keyMode: keyMode, keepsFirst: keepsFirstDuplicate)
    }

    // MARK: Errors

    /// Wraps a Loom error raised at `jsonPath` in the `DecodingError` Codable code expects.
    func decodingError(
        _ error: JSONDecodingError, type: Any.Type, codingPath: [any CodingKey], jsonPath: [JSONPathComponent],
        anchor: JSONElement? = nil
    ) -> DecodingError {
        var full = error
        if let anchor {
            full.byteOffset = nil
            full.line = nil
            full.column = nil
            full = context.positioned(full, anchor)
        }
        for component in jsonPath.reversed() { full = full.prefixed(with: component) }
        let context = DecodingError.Context(
            codingPath: codingPath + error.path.map(\.codingKey), debugDescription: full.kind == .multiple ? full.description : full.reason,
            underlyingError: BridgedDecodingFailure(error: full))
        switch error.kind {
        case .typeMismatch: return .typeMismatch(type, context)
        case .nullValue: return .valueNotFound(type, context)
        case .missingKey:
            if case .key(let name)? = error.path.last {
                return .keyNotFound(
                    AnyCodingKey(name),
                    DecodingError.Context(
                        codingPath: codingPath + error.path.dropLast().map(\.codingKey),
                        debugDescription: error.reason, underlyingError: BridgedDecodingFailure(error: full)))
            }
            return .dataCorrupted(context)
        default: return .dataCorrupted(context)
        }
    }

    /// The error for a key an object lacks: `missing required key "x"` at the object, naming a
    /// key of the object that spells it differently.
    func keyNotFound(
        _ key: any CodingKey, in object: JSONElement, codingPath: [any CodingKey], jsonPath: [JSONPathComponent]
    ) -> DecodingError {
        let name = keyMode.jsonKey(for: key.stringValue)
        var reason = "missing required key \"\(name)\""
        if let found = JSONDecodingContext.respelling(of: name, in: object, unmatchedBy: nil, context) {
            reason += "; the object has \"\(found)\""
        }
        var error = context.positioned(JSONDecodingError(.missingKey, reason: reason), object)
        error.path = jsonPath + [.key(name)]
        return .keyNotFound(
            key, DecodingError.Context(codingPath: codingPath, debugDescription: error.reason, underlyingError: BridgedDecodingFailure(error: error)))
    }

    /// The error for reading past the end of an array.
    func endOfArray(
        _ type: Any.Type, _ array: JSONElement, index: Int, codingPath: [any CodingKey], jsonPath: [JSONPathComponent]
    ) -> DecodingError {
        var error = context.positioned(
            JSONDecodingError(.invalidValue, reason: "expected \(type), found end of array"), array)
        error.path = jsonPath + [.index(index)]
        return .valueNotFound(
            type,
            DecodingError.Context(
                codingPath: codingPath + [BridgeIndexKey(index)], debugDescription: error.reason,
                underlyingError: BridgedDecodingFailure(error: error)))
    }

    /// Remembers where a foreign error (one thrown by user code, not a decoding error) came
    /// from, so the bridge can report its position. The innermost decoder records first.
    func noteForeignFailure(_ error: any Error, path: [JSONPathComponent], element: JSONElement) {
        if error is DecodingError || error is JSONDecodingError { return }
        let fingerprint = Self.fingerprint(error)
        if let existing = foreignFailure, existing.fingerprint == fingerprint { return }
        foreignFailure = (fingerprint, path, element)
    }

    static func fingerprint(_ error: any Error) -> String {
        String(reflecting: type(of: error)) + "|" + String(describing: error)
    }

    /// Converts whatever a bridged decode threw into a ``JSONDecodingError`` whose path is
    /// relative to the bridged value.
    func convert(_ error: any Error) -> JSONDecodingError {
        if let error = error as? JSONDecodingError { return error }
        if let error = error as? DecodingError { return convert(error) }
        var result = JSONDecodingError(.invalidValue, reason: String(describing: error), underlyingError: SendableError(error))
        if let failure = foreignFailure, failure.fingerprint == Self.fingerprint(error) {
            result.path = failure.path
            return context.positioned(result, failure.element)
        }
        return context.positioned(result, root)
    }

    private func convert(_ error: DecodingError) -> JSONDecodingError {
        let decodingContext: DecodingError.Context
        switch error {
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c), .dataCorrupted(let c):
            decodingContext = c
        @unknown default:
            return context.positioned(
                JSONDecodingError(.invalidValue, reason: String(describing: error), underlyingError: SendableError(error)), root)
        }
        if let failure = decodingContext.underlyingError as? BridgedDecodingFailure { return failure.error }
        // A DecodingError made by Codable code itself: find the element its coding path names.
        let located = locate(decodingContext.codingPath)
        var result: JSONDecodingError
        switch error {
        case .typeMismatch(let type, _):
            result =
                located.complete
                ? context.mismatch(expected: "\(type)", located.element)
                : JSONDecodingError(.typeMismatch, reason: decodingContext.debugDescription)
        case .valueNotFound(let type, _):
            result =
                located.complete && located.element.isNull
                ? JSONDecodingError(.nullValue, reason: "expected \(type), found null")
                : JSONDecodingError(.nullValue, reason: decodingContext.debugDescription)
        case .keyNotFound(let key, _):
            let name = keyMode.jsonKey(for: key.stringValue)
            result = JSONDecodingError(.missingKey, reason: "missing required key \"\(name)\"")
            result.path = located.path + [.key(name)]
            return context.positioned(result, located.element)
        default:
            result = JSONDecodingError(.invalidValue, reason: decodingContext.debugDescription)
        }
        result.underlyingError = SendableError(error)
        result.path = located.path
        return context.positioned(result, located.element)
    }

    /// Follows a coding path from the root as far as the document allows: the deepest
    /// element reached, the JSON path (actual JSON keys where found), and whether every step
    /// was found.
    func locate(_ codingPath: [any CodingKey]) -> (element: JSONElement, path: [JSONPathComponent], complete: Bool) {
        var element = root
        var path: [JSONPathComponent] = []
        var complete = true
        for key in codingPath {
            if complete {
                if element.nodeKind == .array, let index = bridgeIndex(of: key) ?? key.intValue,
                    let child = element[index]
                {
                    element = child
                    path.append(.index(index))
                    continue
                }
                if element.nodeKind == .object, let found = entries(of: element).lookup(key) {
                    element = found.value
                    path.append(.key(found.jsonKey))
                    continue
                }
                complete = false
            }
            if let index = bridgeIndex(of: key) {
                path.append(.index(index))
            } else {
                path.append(.key(keyMode.jsonKey(for: key.stringValue)))
            }
        }
        return (element, path, complete)
    }
}

// MARK: - Object members

/// The members of one JSON object as Codable sees them: names after key conversion, repeated
/// names resolved by the duplicate-key policy, in document order of first appearance.
struct BridgeObjectEntries {
    /// The names Codable keys are compared with (converted from snake case when that
    /// strategy is on, else the JSON keys).
    private(set) var names: [String] = []
    /// The JSON keys as written, parallel to `names` (for error paths).
    private(set) var jsonKeys: [String] = []
    private(set) var values: [JSONElement] = []
    private var index: [ByteKey: Int]?
    private let keyMode: BridgeKeyMode

    private static let indexThreshold = 8

    init(_ object: JSONElement, keyMode: BridgeKeyMode, keepsFirst: Bool) {
        self.keyMode = keyMode
        let count = object.count
        names.reserveCapacity(count)
        jsonKeys.reserveCapacity(count)
        values.reserveCapacity(count)
        if count > Self.indexThreshold { index = [:] }
        for member in object.members {
            let jsonKey = member.key.makeString()
            let name: String
            if case .snakeCase = keyMode {
                name = BridgeKeyConversion.fromSnakeCase(jsonKey)
            } else {
                name = jsonKey
            }
            if let existing = position(of: name) {
                // A repeated key (or two keys that convert to the same name).
                if !keepsFirst {
                    jsonKeys[existing] = jsonKey
                    values[existing] = member.value
                }
                continue
            }
            index?[ByteKey(name)] = names.count
            names.append(name)
            jsonKeys.append(jsonKey)
            values.append(member.value)
        }
    }

    var count: Int { names.count }

    private func position(of name: String) -> Int? {
        if let index { return index[ByteKey(name)] }
        for position in names.indices where names[position].utf8.elementsEqual(name.utf8) { return position }
        return nil
    }

    /// The member for a coding key, compared by UTF-8 bytes.
    ///
    /// With snake case, a key that no converted JSON key equals is also looked for under the
    /// JSON key the encoder writes for it (`htmlURL` under `html_url`, which Foundation's
    /// conversion turns into `htmlUrl` and so never finds), so every value the bridge
    /// encodes decodes back. With a custom key strategy the key's mapped name is tried
    /// first, then the key as it is (so keys from `allKeys` work).
    func lookup(_ key: any CodingKey) -> (jsonKey: String, value: JSONElement)? {
        let name = key.stringValue
        switch keyMode {
        case .plain:
            break
        case .snakeCase:
            if let position = position(of: name) { return (jsonKeys[position], values[position]) }
            let written = BridgeKeyConversion.toSnakeCase(name)
            for position in jsonKeys.indices where jsonKeys[position].utf8.elementsEqual(written.utf8) {
                return (jsonKeys[position], values[position])
            }
            return nil
        case .custom(let transform):
            if let position = position(of: transform(name)) { return (jsonKeys[position], values[position]) }
        }
        guard let position = position(of: name) else { return nil }
        return (jsonKeys[position], values[position])
    }
}

// MARK: - Decoder

/// A `Swift.Decoder` over one element of a parsed document. It is also its own
/// single-value container, as Foundation's is.
final class JSONElementDecoder: Decoder, SingleValueDecodingContainer {
    let element: JSONElement
    let state: BridgeDecodingState
    let codingPath: [any CodingKey]
    /// The JSON path of `element` relative to the bridged value.
    let jsonPath: [JSONPathComponent]
    /// The type being decoded, for messages (`expected Item object, found array`).
    let valueType: Any.Type?
    /// Where errors point when `element` is not in the document (the object lacking a
    /// `super` member); `nil` when errors point at `element` itself.
    let anchor: JSONElement?
    private var cachedEntries: BridgeObjectEntries?

    init(
        element: JSONElement, state: BridgeDecodingState, codingPath: [any CodingKey],
        jsonPath: [JSONPathComponent], valueType: Any.Type?, anchor: JSONElement? = nil
    ) {
        self.element = element
        self.state = state
        self.codingPath = codingPath
        self.jsonPath = jsonPath
        self.valueType = valueType
        self.anchor = anchor
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// `expected Item object, found array`: keyed containers name the type being decoded
    /// when it has a plain name (not for `Dictionary<…>` and other generic types); unkeyed
    /// containers say `array`, as the rest of Loom does.
    private func containerMismatch(_ expected: String, type: Any.Type) -> DecodingError {
        var name = expected
        if expected == "object", let valueType {
            let typeName = String(describing: valueType)
            if !typeName.contains("<") { name = "\(typeName) object" }
        }
        return state.decodingError(
            state.context.mismatch(expected: name, element), type: type, codingPath: codingPath, jsonPath: jsonPath,
            anchor: anchor)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard element.nodeKind == .object else { throw containerMismatch("object", type: [String: Any].self) }
        let entries: BridgeObjectEntries
        if let cachedEntries {
            entries = cachedEntries
        } else {
            entries = state.entries(of: element)
            cachedEntries = entries
        }
        return KeyedDecodingContainer(BridgeKeyedDecodingContainer<Key>(decoder: self, entries: entries))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard element.nodeKind == .array else { throw containerMismatch("array", type: [Any].self) }
        return BridgeUnkeyedDecodingContainer(decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    // MARK: Single value

    func decodeNil() -> Bool { element.isNull }

    private func leaf<T: JSONDecodable>(_ type: T.Type) throws -> T {
        try state.leaf(T.self, from: element, codingPath: codingPath, jsonPath: jsonPath, anchor: anchor)
    }

    func decode(_ type: Bool.Type) throws -> Bool { try leaf(Bool.self) }
    func decode(_ type: String.Type) throws -> String { try leaf(String.self) }
    func decode(_ type: Double.Type) throws -> Double { try leaf(Double.self) }
    func decode(_ type: Float.Type) throws -> Float { try leaf(Float.self) }
    func decode(_ type: Int.Type) throws -> Int { try leaf(Int.self) }
    func decode(_ type: Int8.Type) throws -> Int8 { try leaf(Int8.self) }
    func decode(_ type: Int16.Type) throws -> Int16 { try leaf(Int16.self) }
    func decode(_ type: Int32.Type) throws -> Int32 { try leaf(Int32.self) }
    func decode(_ type: Int64.Type) throws -> Int64 { try leaf(Int64.self) }
    func decode(_ type: UInt.Type) throws -> UInt { try leaf(UInt.self) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try leaf(UInt8.self) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try leaf(UInt16.self) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try leaf(UInt32.self) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try leaf(UInt64.self) }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func decode(_ type: Int128.Type) throws -> Int128 {
        try state.integer(Int128.self, from: element, codingPath: codingPath, jsonPath: jsonPath, anchor: anchor)
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func decode(_ type: UInt128.Type) throws -> UInt128 {
        try state.integer(UInt128.self, from: element, codingPath: codingPath, jsonPath: jsonPath, anchor: anchor)
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try state.decode(T.self, from: element, codingPath: codingPath, jsonPath: jsonPath, anchor: anchor)
    }
}

// MARK: - Keyed container

/// A keyed container over an object's members; keys compare by UTF-8 bytes.
struct BridgeKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: JSONElementDecoder
    let entries: BridgeObjectEntries

    var codingPath: [any CodingKey] { decoder.codingPath }
    private var state: BridgeDecodingState { decoder.state }

    var allKeys: [Key] { entries.names.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { entries.lookup(key) != nil }

    private func member(_ key: Key) throws -> (jsonKey: String, value: JSONElement) {
        guard let found = entries.lookup(key) else {
            throw state.keyNotFound(key, in: decoder.element, codingPath: codingPath, jsonPath: decoder.jsonPath)
        }
        return found
    }

    private func leaf<T: JSONDecodable>(_ type: T.Type, _ key: Key) throws -> T {
        let found = try member(key)
        return try state.leaf(
            T.self, from: found.value, codingPath: codingPath + [key], jsonPath: decoder.jsonPath + [.key(found.jsonKey)])
    }

    private func leafIfPresent<T: JSONDecodable>(_ type: T.Type, _ key: Key) throws -> T? {
        guard let found = entries.lookup(key), !found.value.isNull else { return nil }
        return try state.leaf(
            T.self, from: found.value, codingPath: codingPath + [key], jsonPath: decoder.jsonPath + [.key(found.jsonKey)])
    }

    func decodeNil(forKey key: Key) throws -> Bool { try member(key).value.isNull }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try leaf(Bool.self, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try leaf(String.self, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try leaf(Double.self, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try leaf(Float.self, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try leaf(Int.self, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try leaf(Int8.self, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try leaf(Int16.self, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try leaf(Int32.self, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try leaf(Int64.self, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try leaf(UInt.self, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try leaf(UInt8.self, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try leaf(UInt16.self, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try leaf(UInt32.self, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try leaf(UInt64.self, key) }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 {
        let found = try member(key)
        return try state.integer(
            Int128.self, from: found.value, codingPath: codingPath + [key], jsonPath: decoder.jsonPath + [.key(found.jsonKey)])
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 {
        let found = try member(key)
        return try state.integer(
            UInt128.self, from: found.value, codingPath: codingPath + [key], jsonPath: decoder.jsonPath + [.key(found.jsonKey)])
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let found = try member(key)
        return try state.decode(
            T.self, from: found.value, codingPath: codingPath + [key], jsonPath: decoder.jsonPath + [.key(found.jsonKey)])
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try leafIfPresent(Bool.self, key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try leafIfPresent(String.self, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try leafIfPresent(Double.self, key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try leafIfPresent(Float.self, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try leafIfPresent(Int.self, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try leafIfPresent(Int8.self, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try leafIfPresent(Int16.self, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try leafIfPresent(Int32.self, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try leafIfPresent(Int64.self, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try leafIfPresent(UInt.self, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try leafIfPresent(UInt8.self, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try leafIfPresent(UInt16.self, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try leafIfPresent(UInt32.self, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try leafIfPresent(UInt64.self, key) }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let found = entries.lookup(key), !found.value.isNull else { return nil }
        return try state.decode(
            T.self, from: found.value, codingPath: codingPath + [key], jsonPath: decoder.jsonPath + [.key(found.jsonKey)])
    }

    private func childDecoder(_ key: any CodingKey, _ found: (jsonKey: String, value: JSONElement)) -> JSONElementDecoder {
        JSONElementDecoder(
            element: found.value, state: state, codingPath: codingPath + [key],
            jsonPath: decoder.jsonPath + [.key(found.jsonKey)], valueType: nil)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try childDecoder(key, member(key)).container(keyedBy: NestedKey.self)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try childDecoder(key, member(key)).unkeyedContainer()
    }

    /// A decoder for the `"super"` member, or for `null` when there is none (as Foundation does).
    func superDecoder() throws -> any Decoder { try superDecoder(for: BridgeSuperKey()) }

    func superDecoder(forKey key: Key) throws -> any Decoder { try superDecoder(for: key) }

    private func superDecoder(for key: any CodingKey) throws -> any Decoder {
        if let found = entries.lookup(key) { return childDecoder(key, found) }
        guard let null = BridgeNull.document?.root else {
            throw state.keyNotFound(key, in: decoder.element, codingPath: codingPath, jsonPath: decoder.jsonPath)
        }
        // Errors about the absent member point at the object that lacks it.
        return JSONElementDecoder(
            element: null, state: state, codingPath: codingPath + [key],
            jsonPath: decoder.jsonPath + [.key(state.keyMode.jsonKey(for: key.stringValue))], valueType: nil,
            anchor: decoder.element)
    }
}

/// The `null` that decoders of absent `super` members read, as Foundation's do.
enum BridgeNull {
    /// A one-node document holding `null`; immutable, so sharing it is safe.
    static let document: JSONDocument? = try? JSONDocument(parsing: [0x6E, 0x75, 0x6C, 0x6C])
}

// MARK: - Unkeyed container

/// An unkeyed container over an array's elements. A failed decode does not advance, so
/// Codable code can retry the same element as another type.
struct BridgeUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let decoder: JSONElementDecoder
    private var iterator: JSONElement.Elements.Iterator
    private var peeked: JSONElement?
    let count: Int?
    private(set) var currentIndex = 0

    init(decoder: JSONElementDecoder) {
        self.decoder = decoder
        self.iterator = decoder.element.elements.makeIterator()
        self.count = decoder.element.count
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var isAtEnd: Bool { currentIndex >= decoder.element.count }
    private var state: BridgeDecodingState { decoder.state }

    private mutating func next(_ type: Any.Type) throws -> JSONElement {
        if let peeked { return peeked }
        guard let element = iterator.next() else {
            throw state.endOfArray(
                type, decoder.element, index: currentIndex, codingPath: codingPath, jsonPath: decoder.jsonPath)
        }
        peeked = element
        return element
    }

    private mutating func advance() {
        currentIndex += 1
        peeked = nil
    }

    private var elementCodingPath: [any CodingKey] { codingPath + [BridgeIndexKey(currentIndex)] }
    private var elementJSONPath: [JSONPathComponent] { decoder.jsonPath + [.index(currentIndex)] }

    private mutating func leaf<T: JSONDecodable>(_ type: T.Type) throws -> T {
        let element = try next(T.self)
        let value = try state.leaf(T.self, from: element, codingPath: elementCodingPath, jsonPath: elementJSONPath)
        advance()
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard try next(Never?.self).isNull else { return false }
        advance()
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try leaf(Bool.self) }
    mutating func decode(_ type: String.Type) throws -> String { try leaf(String.self) }
    mutating func decode(_ type: Double.Type) throws -> Double { try leaf(Double.self) }
    mutating func decode(_ type: Float.Type) throws -> Float { try leaf(Float.self) }
    mutating func decode(_ type: Int.Type) throws -> Int { try leaf(Int.self) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try leaf(Int8.self) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try leaf(Int16.self) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try leaf(Int32.self) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try leaf(Int64.self) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try leaf(UInt.self) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try leaf(UInt8.self) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try leaf(UInt16.self) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try leaf(UInt32.self) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try leaf(UInt64.self) }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func decode(_ type: Int128.Type) throws -> Int128 {
        let element = try next(Int128.self)
        let value = try state.integer(Int128.self, from: element, codingPath: elementCodingPath, jsonPath: elementJSONPath)
        advance()
        return value
    }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 {
        let element = try next(UInt128.self)
        let value = try state.integer(UInt128.self, from: element, codingPath: elementCodingPath, jsonPath: elementJSONPath)
        advance()
        return value
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let element = try next(T.self)
        let value = try state.decode(T.self, from: element, codingPath: elementCodingPath, jsonPath: elementJSONPath)
        advance()
        return value
    }

    private mutating func childDecoder(_ type: Any.Type) throws -> JSONElementDecoder {
        let element = try next(type)
        return JSONElementDecoder(
            element: element, state: state, codingPath: elementCodingPath, jsonPath: elementJSONPath, valueType: nil)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let container = try childDecoder([String: Any].self).container(keyedBy: NestedKey.self)
        advance()
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try childDecoder([Any].self).unkeyedContainer()
        advance()
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = try childDecoder((any Decoder).self)
        advance()
        return decoder
    }
}

// MARK: - String-keyed dictionaries

/// `[String: V]` decodes member by member with its keys exactly as written: key strategies
/// never rewrite dictionary keys (Foundation exempts them too), and keys are compared by
/// bytes, so two canonically equivalent but differently encoded keys are an error rather
/// than silently merged.
protocol BridgeStringKeyedDictionary {
    static func bridgeDecode(
        from element: JSONElement, state: BridgeDecodingState, codingPath: [any CodingKey], jsonPath: [JSONPathComponent]
    ) throws -> Any
}

extension Dictionary: BridgeStringKeyedDictionary where Key == String, Value: Decodable {
    static func bridgeDecode(
        from element: JSONElement, state: BridgeDecodingState, codingPath: [any CodingKey], jsonPath: [JSONPathComponent]
    ) throws -> Any {
        let context = state.context
        guard element.nodeKind == .object else {
            throw state.decodingError(
                context.mismatch(expected: "object", element), type: [String: Value].self, codingPath: codingPath,
                jsonPath: jsonPath)
        }
        var result = [String: Value](minimumCapacity: element.count)
        for member in element.members {
            let name = member.key.makeString()
            let key = AnyCodingKey(name)
            if let previous = result.index(forKey: name) {
                let existing = result.keys[previous]
                if !existing.utf8.elementsEqual(name.utf8) {
                    var error = context.invalid(
                        "key \"\(name)\" is canonically equivalent to key \"\(existing)\" and cannot be a separate dictionary key",
                        member.key)
                    error.path = []
                    throw state.decodingError(
                        error, type: [String: Value].self, codingPath: codingPath + [key], jsonPath: jsonPath + [.key(name)])
                }
                if state.keepsFirstDuplicate { continue }
            }
            result[name] = try state.decode(
                Value.self, from: member.value, codingPath: codingPath + [key], jsonPath: jsonPath + [.key(name)])
        }
        return result
    }
}
