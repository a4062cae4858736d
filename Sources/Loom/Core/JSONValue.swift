import Foundation

/// Any JSON value, as a Swift tree.
///
/// ```swift
/// let value = try JSONValue(parsing: #"{"user": {"login": "octocat"}, "tags": [1, 2]}"#)
/// value["user"]?["login"]          // .string("octocat")
/// value[path: "user.login"]        // the same
/// value["tags"]?[1]?.intValue      // 2
/// ```
///
/// Any depth is safe: dropping, comparing, hashing, describing and writing a value use explicit
/// stacks, not recursion, so a tree nested 100,000 deep (built in code) costs heap, not call
/// stack. (Parsing stops at ``JSONParsingOptions/maxDepth``; writing at
/// ``JSONWritingOptions/maxDepth``, with an error.)
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array(JSONArray)
    case object(JSONObject)
}

// MARK: - Parsing

extension JSONValue {
    /// Parses JSON text from `data`.
    ///
    /// - Throws: ``JSONError`` with the line and column of the first problem.
    public init(parsing data: Data, options: JSONParsingOptions = .init()) throws(JSONError) {
        let result: Result<JSONValue, JSONError> = data.withUnsafeBytes { raw in
            Result { () throws(JSONError) in try JSONValue(parsing: raw, options: options) }
        }
        self = try result.get()
    }

    /// Parses JSON text from UTF-8 bytes.
    ///
    /// - Throws: ``JSONError`` with the line and column of the first problem.
    public init(parsing bytes: [UInt8], options: JSONParsingOptions = .init()) throws(JSONError) {
        let result: Result<JSONValue, JSONError> = bytes.withUnsafeBytes { raw in
            Result { () throws(JSONError) in try JSONValue(parsing: raw, options: options) }
        }
        self = try result.get()
    }

    /// Parses JSON text from a string.
    ///
    /// - Throws: ``JSONError`` with the line and column of the first problem.
    public init(parsing string: String, options: JSONParsingOptions = .init()) throws(JSONError) {
        var string = string
        let result: Result<JSONValue, JSONError> = string.withUTF8 { buffer in
            Result { () throws(JSONError) in try JSONValue(parsing: UnsafeRawBufferPointer(buffer), options: options) }
        }
        self = try result.get()
    }

    /// Parses JSON text from raw bytes, which are read only during the call.
    ///
    /// - Throws: ``JSONError`` with the line and column of the first problem.
    public init(parsing bytes: UnsafeRawBufferPointer, options: JSONParsingOptions = .init()) throws(JSONError) {
        let buffer = bytes.bindMemory(to: UInt8.self)
        let document = try JSONDocument(borrowing: buffer, options: options)
        self = withExtendedLifetime(document) { JSONValue(element: document.root) }
    }

    /// Converts a document element into a tree.
    ///
    /// The walk follows the tape in order with an explicit stack, so any depth the parser
    /// accepted converts without deep recursion.
    public init(element root: JSONElement) {
        struct Frame {
            var element: JSONElement
            var keys: [String] = []
            /// Allocated once with the exact count from the tape.
            var values: JSONArray.Storage?
            var isObject: Bool
            var valueCount: Int { values?.count ?? 0 }
        }
        func scalar(_ element: JSONElement) -> JSONValue {
            switch element.nodeKind {
            case .null: return .null
            case .true: return .bool(true)
            case .false: return .bool(false)
            case .int, .double, .number: return .number(JSONNumber(element: element))
            default: return .string(element.makeString())
            }
        }
        func finish(_ frame: Frame) -> JSONValue {
            let values = JSONArray(storage: frame.values)
            guard frame.isObject else { return .array(values) }
            if values.count > 1 && JSONValue.hasDuplicateKeys(frame.element) {
                var object = JSONObject()
                let useLast = frame.element.document.options.duplicateKeys != .useFirst
                for (key, value) in zip(frame.keys, values) where useLast || object.position(of: key) == nil {
                    object[key] = value
                }
                return .object(object)
            }
            return .object(JSONObject(uniqueKeys: frame.keys, values: values))
        }
        guard root.nodeKind.rawValue >= NodeKind.array.rawValue else {
            self = scalar(root)
            return
        }
        let document = root.document
        var stack: [Frame] = []
        var index = root.index
        let end = root.nextIndex
        var result: JSONValue = .null
        while index < end {
            let element = JSONElement(document: document, index: index)
            index &+= 1
            let depth = stack.count
            if depth > 0 && stack[depth - 1].isObject && stack[depth - 1].keys.count == stack[depth - 1].valueCount {
                stack[depth - 1].keys.append(element.makeString())
                continue
            }
            var value: JSONValue
            if element.nodeKind.rawValue >= NodeKind.array.rawValue {
                var frame = Frame(element: element, isObject: element.nodeKind == .object)
                if element.count > 0 {
                    frame.values = JSONArray.Storage.make(capacity: element.count)
                    if frame.isObject { frame.keys.reserveCapacity(element.count) }
                    stack.append(frame)
                    continue
                }
                value = finish(frame)
            } else {
                value = scalar(element)
            }
            // Attach the value, closing every container that ends here.
            while true {
                guard !stack.isEmpty else {
                    result = value
                    break
                }
                stack[stack.count - 1].values?.appendAssumingCapacity(value)
                guard stack[stack.count - 1].element.nextIndex == index else { break }
                value = finish(stack.removeLast())
            }
        }
        self = result
    }
}

extension JSONValue {
    /// Whether an object element repeats a key, comparing raw key bytes in the document.
    static func hasDuplicateKeys(_ element: JSONElement) -> Bool {
        let members = Array(element.members.lazy.map(\.key))
        if members.contains(where: \.stringHasEscapes) {
            var seen = Set<[UInt8]>()
            for key in members where !seen.insert(key.withUTF8 { Array($0) } ?? []).inserted { return true }
            return false
        }
        if members.count <= 64 {
            for i in members.indices {
                let a = members[i].rawStringBytes
                for j in (i + 1)..<members.count where bytesEqual(a, members[j].rawStringBytes) { return true }
            }
            return false
        }
        // Larger objects: a set of the raw bytes. Swift's hashing is seeded per process, so
        // keys crafted to collide (as they can be for a fixed hash such as FNV) cannot make
        // this quadratic.
        var seen = Set<RawBytesKey>(minimumCapacity: members.count)
        for key in members where !seen.insert(RawBytesKey(bytes: key.rawStringBytes)).inserted { return true }
        return false
    }
}

/// Bytes inside a parsed document, hashed and compared by content (valid while the document is).
struct RawBytesKey: Hashable {
    let bytes: UnsafeBufferPointer<UInt8>

    static func == (lhs: RawBytesKey, rhs: RawBytesKey) -> Bool { bytesEqual(lhs.bytes, rhs.bytes) }

    func hash(into hasher: inout Hasher) { hasher.combine(bytes: UnsafeRawBufferPointer(bytes)) }
}

// MARK: - Accessors

extension JSONValue {
    /// The member for `key` of an object; `nil` for other kinds or a missing key.
    public subscript(key: String) -> JSONValue? {
        get {
            guard case .object(let object) = self else { return nil }
            return object[key]
        }
        set {
            guard case .object(var object) = self else { return }
            // Release this value's reference first, so the object's storage stays unique and
            // the mutation does not copy every member.
            self = .null
            object[key] = newValue
            self = .object(object)
        }
    }

    /// The element at `index` of an array; `nil` for other kinds or out of bounds.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let array) = self, array.indices.contains(index) else { return nil }
        return array[index]
    }

    /// Follows a dotted key path through nested objects (`"user.login"`); array indices may
    /// appear as numeric components (`"items.0.id"`). A literal dot in a key is written `\.`.
    public subscript(path path: String) -> JSONValue? {
        var current: JSONValue? = self
        for component in JSONKeyPath.components(path) {
            guard let value = current else { return nil }
            if case .array = value, let position = Int(component) {
                current = value[position]
            } else {
                current = value[component]
            }
        }
        return current
    }

    /// Whether the value is `null`.
    public var isNull: Bool { if case .null = self { true } else { false } }
    /// The Boolean, for `.bool`.
    public var boolValue: Bool? { if case .bool(let value) = self { value } else { nil } }
    /// The string, for `.string`.
    public var stringValue: String? { if case .string(let value) = self { value } else { nil } }
    /// The number, for `.number`.
    public var numberValue: JSONNumber? { if case .number(let value) = self { value } else { nil } }
    /// The exact `Int`, for an integral number that fits.
    public var intValue: Int? { numberValue?.intValue }
    /// The correctly rounded `Double`, for a number in range.
    public var doubleValue: Double? { numberValue?.doubleValue }
    /// The elements, for `.array` (copied into a Swift array; `case .array(let elements)`
    /// gives the ``JSONArray`` itself).
    public var arrayValue: [JSONValue]? { if case .array(let value) = self { value.elements } else { nil } }
    /// The members, for `.object`.
    public var objectValue: JSONObject? { if case .object(let value) = self { value } else { nil } }
}

/// Splitting of dotted key paths, shared by `JSONValue` and the model runtime.
public enum JSONKeyPath {
    /// Splits `"a.b\.c"` into `["a", "b.c"]`: a dot separates components, `\.` is a literal dot
    /// and `\\` a literal backslash.
    public static func components(_ path: String) -> [String] {
        KeySpelling.components(path)
    }
}

// MARK: - Literals

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int64) { self = .number(JSONNumber(integerLiteral: value)) }
    public init(floatLiteral value: Double) { self = .number(JSONNumber(value)) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(JSONArray(elements)) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(JSONObject(elements)) }
}

// MARK: - Description

extension JSONValue: CustomStringConvertible {
    /// The value as compact JSON; non-finite numbers (which JSON cannot hold) appear as `null`.
    public var description: String {
        var writer = JSONWriter(options: JSONWritingOptions())
        writer.lenient = true
        // Deeper than the limit appears as `null`, so description never throws or overflows.
        try? writer.write(self)
        return writer.string
    }
}

// MARK: - Codable

extension JSONValue: Codable {
    public init(from decoder: Decoder) throws {
        if let keyed = try? decoder.container(keyedBy: AnyCodingKey.self) {
            var object = JSONObject()
            for key in keyed.allKeys { object[key.stringValue] = try keyed.decode(JSONValue.self, forKey: key) }
            self = .object(object)
            return
        }
        if var unkeyed = try? decoder.unkeyedContainer() {
            var array = [JSONValue]()
            while !unkeyed.isAtEnd { array.append(try unkeyed.decode(JSONValue.self)) }
            self = .array(JSONArray(array))
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let value = try? single.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? single.decode(Int64.self) {
            self = .number(JSONNumber(value))
        } else if let value = try? single.decode(UInt64.self) {
            self = .number(JSONNumber(value))
        } else if let value = try? single.decode(Double.self) {
            self = .number(JSONNumber(value))
        } else if let value = try? single.decode(String.self) {
            self = .string(value)
        } else {
            throw DecodingError.dataCorruptedError(in: single, debugDescription: "expected a JSON value")
        }
    }

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .number(let number):
            var container = encoder.singleValueContainer()
            if let value = number.int64Value {
                try container.encode(value)
            } else if let value = number.uint64Value {
                try container.encode(value)
            } else if let value = number.decimalValue, number.doubleValue.map({ Decimal($0) != value }) ?? true {
                try container.encode(value)
            } else if let value = number.doubleValue {
                try container.encode(value)
            } else {
                throw EncodingError.invalidValue(
                    number, .init(codingPath: encoder.codingPath, debugDescription: "number \(number) is out of range"))
            }
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .array(let array):
            var container = encoder.unkeyedContainer()
            for element in array { try container.encode(element) }
        case .object(let object):
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            for (key, value) in object { try container.encode(value, forKey: AnyCodingKey(key)) }
        }
    }
}

/// A coding key for arbitrary strings and indices.
public struct AnyCodingKey: CodingKey, Hashable, Sendable {
    public var stringValue: String
    public var intValue: Int?

    public init(_ string: String) {
        stringValue = string
        intValue = nil
    }

    public init(stringValue: String) { self.init(stringValue) }

    public init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}
