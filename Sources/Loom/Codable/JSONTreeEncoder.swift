import Foundation

// A `Swift.Encoder` that collects one value into a small tree and then streams it into a
// `JSONWriter`.
//
// Codable may ask for a keyed container more than once, fill nested containers out of order
// and hand out `superEncoder()`s that are written later, so the value is gathered first:
// containers are reference nodes, scalars are stored as they will be written. Values with a
// Loom conformance (`Date`, `Data`, `URL`, `Decimal`, ``JSONValue``, Loom models, arrays and
// dictionaries of them) are written at once by their own `encode(to:context:)` into a
// scratch writer at the depth they will occupy, and spliced in as bytes, so pretty printing
// and depth limits come out as if they had been written in place.

/// A value gathered from Codable, ready to be written.
enum BridgeNode {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case double(Double)
    case float(Float)
    case string(String)
    /// JSON text written by a Loom conformance at this node's depth.
    case raw([UInt8])
    case array(BridgeArray)
    case object(BridgeObject)
    /// The value of a `superEncoder()`, filled in when the superclass encodes; empty is `{}`.
    case deferred(BridgeNodeBox)
}

/// The elements of an array being encoded.
final class BridgeArray {
    var items: [BridgeNode] = []
}

/// The members of an object being encoded: unique keys (by UTF-8 bytes) in first-write
/// order; writing a key again replaces its value, as Foundation's encoder does.
final class BridgeObject {
    private(set) var keys: [String] = []
    private(set) var values: [BridgeNode] = []
    private var index: [ByteKey: Int]?

    private static let indexThreshold = 8

    func position(of key: String) -> Int? {
        if let index { return index[ByteKey(key)] }
        for position in keys.indices where keys[position].utf8.elementsEqual(key.utf8) { return position }
        return nil
    }

    subscript(key: String) -> BridgeNode? {
        position(of: key).map { values[$0] }
    }

    func set(_ node: BridgeNode, for key: String) {
        if let position = position(of: key) {
            values[position] = node
            return
        }
        keys.append(key)
        values.append(node)
        if index != nil {
            index?[ByteKey(key)] = keys.count - 1
        } else if keys.count > Self.indexThreshold {
            var built = [ByteKey: Int](minimumCapacity: keys.count)
            for (position, name) in keys.enumerated() { built[ByteKey(name)] = position }
            index = built
        }
    }
}

/// Where a `superEncoder()` (or any encoder) puts its value.
final class BridgeNodeBox {
    var node: BridgeNode?
}

/// The state shared by every encoder and container of one bridged encode.
final class BridgeEncodingState {
    let context: JSONEncodingContext
    let options: JSONWritingOptions
    /// The writer's nesting depth where the bridged value goes.
    let baseDepth: Int
    let keyMode: BridgeKeyMode
    /// The first misuse of the Codable API (two values through one single-value container,
    /// a keyed container where an array was started…). Foundation traps on these; the
    /// bridge reports the first one as an `EncodingError` when the value is finished.
    private(set) var misuse: EncodingError?

    init(context: JSONEncodingContext, options: JSONWritingOptions, baseDepth: Int) {
        self.context = context
        self.options = options
        self.baseDepth = baseDepth
        self.keyMode = BridgeKeyMode(context.encoder.keyStrategy)
    }

    func recordMisuse(_ description: String, value: Any, codingPath: [any CodingKey]) {
        guard misuse == nil else { return }
        misuse = .invalidValue(value, EncodingError.Context(codingPath: codingPath, debugDescription: description))
    }

    /// The JSON key for a coding key under the encoder's key strategy.
    func jsonKey(_ key: any CodingKey) -> String { keyMode.jsonKey(for: key.stringValue) }

    // MARK: Values

    /// Gathers any `Encodable`: Loom's conformance when there is one, `String`-keyed
    /// dictionaries with their keys as they are, everything else through `encode(to:)`.
    func wrap<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws -> BridgeNode {
        // Every step of the coding path is a container around the value: deeper than the
        // writer's limit is an error now, before `encode(to:)` recurses further (a value
        // built in code can be nested without bound).
        if baseDepth + codingPath.count > options.maxDepth {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: codingPath, debugDescription: "value nests deeper than the writing limit of \(options.maxDepth)"))
        }
        // The commonest leaves, when Codable code passes them generically (`Box<T>`).
        switch value {
        case let text as String: return .string(text)
        case let number as Int: return .number(JSONNumber(number))
        case let flag as Bool: return .bool(flag)
        case let number as Double: return try double(number, codingPath: codingPath)
        default: break
        }
        if let loom = value as? any JSONEncodable {
            return try written(loom, value: value, codingPath: codingPath)
        }
        if let dictionary = value as? any BridgeStringKeyedDictionaryEncodable {
            return try dictionary.bridgeEncode(state: self, codingPath: codingPath)
        }
        let encoder = BridgeEncoder(state: self, codingPath: codingPath, box: BridgeNodeBox())
        // `encode(to:)` of a recursive type recurses once per level, as models do.
        if context._needsLargerStack {
            try context._onLargerStack { _ in try value.encode(to: encoder) }
        } else {
            try value.encode(to: encoder)
        }
        return encoder.box.node ?? .object(BridgeObject())
    }

    /// Writes a Loom-encodable value now, at the depth it will have in the output.
    func written(_ loom: any JSONEncodable, value: Any, codingPath: [any CodingKey]) throws -> BridgeNode {
        var scratch = JSONWriter(options: options)
        scratch.depth = baseDepth + codingPath.count
        // The value follows a key or a separator its parent writes; write no separator here.
        scratch.afterKey = true
        do {
            try loom.encode(to: &scratch, context: context)
        } catch let error as JSONError {
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: codingPath, debugDescription: error.message, underlyingError: error))
        }
        guard !scratch.bytes.isEmpty else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(codingPath: codingPath, debugDescription: "\(type(of: value)) wrote no JSON value"))
        }
        return .raw(scratch.bytes)
    }

    func double(_ value: Double, codingPath: [any CodingKey]) throws -> BridgeNode {
        guard value.isFinite else { throw nonFinite(value, codingPath: codingPath) }
        return .double(value)
    }

    func float(_ value: Float, codingPath: [any CodingKey]) throws -> BridgeNode {
        guard value.isFinite else { throw nonFinite(value, codingPath: codingPath) }
        return .float(value)
    }

    private func nonFinite(_ value: Any, codingPath: [any CodingKey]) -> EncodingError {
        .invalidValue(
            value,
            EncodingError.Context(
                codingPath: codingPath, debugDescription: "\(value) cannot be written as JSON, numbers must be finite"))
    }

    // MARK: Writing

    /// Streams a gathered value into `writer`.
    ///
    /// - Throws: ``JSONError`` when nesting exceeds the writer's limit.
    func write(_ node: BridgeNode, to writer: inout JSONWriter) throws {
        // Recursive, once per level of the gathered tree, as model encoding is.
        if context._needsLargerStack {
            return try context._onLargerStack(&writer) { writer, _ in try self.write(node, to: &writer) }
        }
        switch node {
        case .null: writer.writeNull()
        case .bool(let value): writer.write(value)
        case .number(let value): try writer.write(value)
        case .double(let value): try writer.write(value)
        case .float(let value): try writer.write(value)
        case .string(let value): writer.write(value)
        case .raw(let bytes):
            writer.beforeValue()
            writer.bytes.append(contentsOf: bytes)
        case .array(let array):
            try writer.beginArray()
            for item in array.items { try write(item, to: &writer) }
            writer.endArray()
        case .object(let object):
            try writer.beginObject()
            let keys = object.keys
            let values = object.values
            if writer.options.sortedKeys {
                let order = keys.indices.sorted { keys[$0].utf8.lexicographicallyPrecedes(keys[$1].utf8) }
                for position in order {
                    writer.writeKey(keys[position])
                    try write(values[position], to: &writer)
                }
            } else {
                for position in keys.indices {
                    writer.writeKey(keys[position])
                    try write(values[position], to: &writer)
                }
            }
            writer.endObject()
        case .deferred(let box):
            try write(box.node ?? .object(BridgeObject()), to: &writer)
        }
    }
}

// MARK: - Encoder

/// A `Swift.Encoder` whose value lands in `box`.
final class BridgeEncoder: Encoder {
    let state: BridgeEncodingState
    let codingPath: [any CodingKey]
    let box: BridgeNodeBox

    init(state: BridgeEncodingState, codingPath: [any CodingKey], box: BridgeNodeBox) {
        self.state = state
        self.codingPath = codingPath
        self.box = box
    }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let object: BridgeObject
        switch box.node {
        case .object(let existing)?:
            // Asking again continues the same object (superclass and subclass share it).
            object = existing
        case nil:
            object = BridgeObject()
            box.node = .object(object)
        case .some:
            state.recordMisuse(
                "a keyed container was requested where another value was already encoded", value: box, codingPath: codingPath)
            object = BridgeObject()
            box.node = .object(object)
        }
        return KeyedEncodingContainer(BridgeKeyedEncodingContainer<Key>(state: state, object: object, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array: BridgeArray
        switch box.node {
        case .array(let existing)?:
            array = existing
        case nil:
            array = BridgeArray()
            box.node = .array(array)
        case .some:
            state.recordMisuse(
                "an unkeyed container was requested where another value was already encoded", value: box,
                codingPath: codingPath)
            array = BridgeArray()
            box.node = .array(array)
        }
        return BridgeUnkeyedEncodingContainer(state: state, array: array, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        BridgeSingleValueEncodingContainer(encoder: self)
    }
}

// MARK: - Single value container

struct BridgeSingleValueEncodingContainer: SingleValueEncodingContainer {
    let encoder: BridgeEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }
    private var state: BridgeEncodingState { encoder.state }

    private func store(_ node: BridgeNode) {
        if encoder.box.node != nil {
            state.recordMisuse(
                "a single-value container encoded a second value", value: encoder.box, codingPath: codingPath)
        }
        encoder.box.node = node
    }

    mutating func encodeNil() throws { store(.null) }
    mutating func encode(_ value: Bool) throws { store(.bool(value)) }
    mutating func encode(_ value: String) throws { store(.string(value)) }
    mutating func encode(_ value: Double) throws { store(try state.double(value, codingPath: codingPath)) }
    mutating func encode(_ value: Float) throws { store(try state.float(value, codingPath: codingPath)) }
    mutating func encode(_ value: Int) throws { store(.number(JSONNumber(value))) }
    mutating func encode(_ value: Int8) throws { store(.number(JSONNumber(value))) }
    mutating func encode(_ value: Int16) throws { store(.number(JSONNumber(value))) }
    mutating func encode(_ value: Int32) throws { store(.number(JSONNumber(value))) }
    mutating func encode(_ value: Int64) throws { store(.number(JSONNumber(value))) }
    mutating func encode(_ value: UInt) throws { store(.number(JSONNumber(value))) }
    mutating func encode(_ value: UInt8) throws { store(.number(JSONNumber(value))) }
    mutating func encode(_ value: UInt16) throws { store(.number(JSONNumber(value))) }
    mutating func encode(_ value: UInt32) throws { store(.number(JSONNumber(value))) }
    mutating func encode(_ value: UInt64) throws { store(.number(JSONNumber(value))) }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { store(.number(JSONNumber(value))) }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { store(.number(JSONNumber(value))) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        store(try state.wrap(value, codingPath: codingPath))
    }
}

// MARK: - Keyed container

struct BridgeKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let state: BridgeEncodingState
    let object: BridgeObject
    let codingPath: [any CodingKey]

    private func set(_ node: BridgeNode, _ key: Key) { object.set(node, for: state.jsonKey(key)) }

    /// `nil` is omitted, or written as `null` when the encoder ``JSONModelEncoder/writesNulls``.
    private func setNil(_ key: Key) {
        if state.context.writesNulls { set(.null, key) }
    }

    mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        set(try state.double(value, codingPath: codingPath + [key]), key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        set(try state.float(value, codingPath: codingPath + [key]), key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(.number(JSONNumber(value)), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(.number(JSONNumber(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(.number(JSONNumber(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(.number(JSONNumber(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(.number(JSONNumber(value)), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(.number(JSONNumber(value)), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(.number(JSONNumber(value)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(.number(JSONNumber(value)), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(.number(JSONNumber(value)), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(.number(JSONNumber(value)), key) }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128, forKey key: Key) throws { set(.number(JSONNumber(value)), key) }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128, forKey key: Key) throws { set(.number(JSONNumber(value)), key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        set(try state.wrap(value, codingPath: codingPath + [key]), key)
    }

    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { setNil(key) }
    }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { setNil(key) }
    }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { setNil(key) }
    }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { setNil(key) }
    }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { setNil(key) }
    }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { setNil(key) }
    }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { setNil(key) }
    }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { setNil(key) }
    }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { setNil(key) }
    }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { setNil(key) }
    }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { setNil(key) }
    }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { setNil(key) }
    }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { setNil(key) }
    }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { setNil(key) }
    }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { setNil(key) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let name = state.jsonKey(key)
        let nested: BridgeObject
        switch object[name] {
        case .object(let existing)?:
            nested = existing
        case .deferred(let box)?:
            if case .object(let existing)? = box.node {
                nested = existing
            } else {
                nested = BridgeObject()
                if box.node == nil {
                    box.node = .object(nested)
                } else {
                    state.recordMisuse(
                        "a nested keyed container was requested for a key that already holds another value", value: box,
                        codingPath: codingPath + [key])
                    object.set(.object(nested), for: name)
                }
            }
        case nil:
            nested = BridgeObject()
            object.set(.object(nested), for: name)
        case .some:
            state.recordMisuse(
                "a nested keyed container was requested for a key that already holds another value", value: object,
                codingPath: codingPath + [key])
            nested = BridgeObject()
            object.set(.object(nested), for: name)
        }
        return KeyedEncodingContainer(
            BridgeKeyedEncodingContainer<NestedKey>(state: state, object: nested, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let name = state.jsonKey(key)
        let nested: BridgeArray
        switch object[name] {
        case .array(let existing)?:
            nested = existing
        case .deferred(let box)?:
            if case .array(let existing)? = box.node {
                nested = existing
            } else {
                nested = BridgeArray()
                if box.node == nil {
                    box.node = .array(nested)
                } else {
                    state.recordMisuse(
                        "a nested unkeyed container was requested for a key that already holds another value", value: box,
                        codingPath: codingPath + [key])
                    object.set(.array(nested), for: name)
                }
            }
        case nil:
            nested = BridgeArray()
            object.set(.array(nested), for: name)
        case .some:
            state.recordMisuse(
                "a nested unkeyed container was requested for a key that already holds another value", value: object,
                codingPath: codingPath + [key])
            nested = BridgeArray()
            object.set(.array(nested), for: name)
        }
        return BridgeUnkeyedEncodingContainer(state: state, array: nested, codingPath: codingPath + [key])
    }

    /// An encoder whose value becomes the `"super"` member.
    mutating func superEncoder() -> any Encoder { superEncoder(for: BridgeSuperKey()) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(for: key) }

    private func superEncoder(for key: any CodingKey) -> any Encoder {
        let box = BridgeNodeBox()
        object.set(.deferred(box), for: state.jsonKey(key))
        return BridgeEncoder(state: state, codingPath: codingPath + [key], box: box)
    }
}

// MARK: - Unkeyed container

struct BridgeUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let state: BridgeEncodingState
    let array: BridgeArray
    let codingPath: [any CodingKey]

    var count: Int { array.items.count }

    private var nextPath: [any CodingKey] { codingPath + [BridgeIndexKey(array.items.count)] }
    private func append(_ node: BridgeNode) { array.items.append(node) }

    mutating func encodeNil() throws { append(.null) }
    mutating func encode(_ value: Bool) throws { append(.bool(value)) }
    mutating func encode(_ value: String) throws { append(.string(value)) }
    mutating func encode(_ value: Double) throws { append(try state.double(value, codingPath: nextPath)) }
    mutating func encode(_ value: Float) throws { append(try state.float(value, codingPath: nextPath)) }
    mutating func encode(_ value: Int) throws { append(.number(JSONNumber(value))) }
    mutating func encode(_ value: Int8) throws { append(.number(JSONNumber(value))) }
    mutating func encode(_ value: Int16) throws { append(.number(JSONNumber(value))) }
    mutating func encode(_ value: Int32) throws { append(.number(JSONNumber(value))) }
    mutating func encode(_ value: Int64) throws { append(.number(JSONNumber(value))) }
    mutating func encode(_ value: UInt) throws { append(.number(JSONNumber(value))) }
    mutating func encode(_ value: UInt8) throws { append(.number(JSONNumber(value))) }
    mutating func encode(_ value: UInt16) throws { append(.number(JSONNumber(value))) }
    mutating func encode(_ value: UInt32) throws { append(.number(JSONNumber(value))) }
    mutating func encode(_ value: UInt64) throws { append(.number(JSONNumber(value))) }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { append(.number(JSONNumber(value))) }

    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { append(.number(JSONNumber(value))) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        append(try state.wrap(value, codingPath: nextPath))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        let path = nextPath
        let nested = BridgeObject()
        append(.object(nested))
        return KeyedEncodingContainer(BridgeKeyedEncodingContainer<NestedKey>(state: state, object: nested, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = nextPath
        let nested = BridgeArray()
        append(.array(nested))
        return BridgeUnkeyedEncodingContainer(state: state, array: nested, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let path = nextPath
        let box = BridgeNodeBox()
        append(.deferred(box))
        return BridgeEncoder(state: state, codingPath: path, box: box)
    }
}

// MARK: - String-keyed dictionaries

/// `[String: V]` encodes with its keys exactly as they are: key strategies never rewrite
/// dictionary keys (Foundation exempts them too).
protocol BridgeStringKeyedDictionaryEncodable {
    func bridgeEncode(state: BridgeEncodingState, codingPath: [any CodingKey]) throws -> BridgeNode
}

extension Dictionary: BridgeStringKeyedDictionaryEncodable where Key == String, Value: Encodable {
    func bridgeEncode(state: BridgeEncodingState, codingPath: [any CodingKey]) throws -> BridgeNode {
        let object = BridgeObject()
        for (key, value) in self {
            object.set(try state.wrap(value, codingPath: codingPath + [AnyCodingKey(key)]), for: key)
        }
        return .object(object)
    }
}
