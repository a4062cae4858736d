/// The members of a JSON object: unique keys in insertion order.
///
/// Keys are compared by their UTF-8 bytes, never by Unicode canonical equivalence, so
/// `"\u00e9"` and `"e\u0301"` are two different keys (Swift's `String ==` would merge them).
/// Equality ignores member order, as JSON objects are unordered.
public struct JSONObject: Sendable, Hashable {
    /// The keys in insertion order.
    public private(set) var keys: [String] = []
    /// The values, parallel to ``keys``. A ``JSONArray``, whose storage tears nested values
    /// down without recursion.
    public private(set) var values = JSONArray()
    /// Key → position, kept only for larger objects where a linear scan would cost.
    private var index: [ByteKey: Int]?

    private static let indexThreshold = 64

    /// Creates an empty object.
    public init() {}

    /// Creates an object from key/value pairs; a repeated key keeps its last value.
    public init<S: Sequence>(_ pairs: S) where S.Element == (String, JSONValue) {
        for (key, value) in pairs { self[key] = value }
    }

    /// The number of members.
    public var count: Int { keys.count }
    /// Whether the object has no members.
    public var isEmpty: Bool { keys.isEmpty }

    /// The members in insertion order.
    public var members: [(key: String, value: JSONValue)] {
        Array(zip(keys, values).map { (key: $0.0, value: $0.1) })
    }

    /// The position of `key`, compared by UTF-8 bytes.
    public func position(of key: String) -> Int? {
        if let index { return index[ByteKey(key)] }
        for position in keys.indices where keys[position].utf8.elementsEqual(key.utf8) {
            return position
        }
        return nil
    }

    /// The value for `key`; setting `nil` removes the member.
    public subscript(key: String) -> JSONValue? {
        get { position(of: key).map { values[$0] } }
        set {
            if let position = position(of: key) {
                if let newValue {
                    values[position] = newValue
                } else {
                    keys.remove(at: position)
                    values.remove(at: position)
                    rebuildIndex()
                }
            } else if let newValue {
                keys.append(key)
                values.append(newValue)
                if index != nil {
                    index?[ByteKey(key)] = keys.count - 1
                } else if keys.count > JSONObject.indexThreshold {
                    rebuildIndex()
                }
            }
        }
    }

    /// Takes members whose keys the caller has checked to be distinct (used by the parser).
    init(uniqueKeys keys: [String], values: JSONArray) {
        self.keys = keys
        self.values = values
        rebuildIndex()
    }

    private mutating func rebuildIndex() {
        guard keys.count > JSONObject.indexThreshold else {
            index = nil
            return
        }
        var newIndex = [ByteKey: Int](minimumCapacity: keys.count)
        for (position, key) in keys.enumerated() { newIndex[ByteKey(key)] = position }
        index = newIndex
    }

    /// Members equal by key bytes and deep value equality, ignoring order; computed with an
    /// explicit stack (any depth is safe).
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        JSONValue.object(lhs) == JSONValue.object(rhs)
    }

    /// Order-independent hash of the members, computed with an explicit stack.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(JSONValue.object(self))
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }
}

extension JSONObject: Sequence {
    public func makeIterator() -> some IteratorProtocol<(key: String, value: JSONValue)> {
        zip(keys, values).lazy.map { (key: $0.0, value: $0.1) }.makeIterator()
    }
}

/// A `String` hashed and compared by its UTF-8 bytes.
struct ByteKey: Hashable, Sendable {
    let string: String

    init(_ string: String) { self.string = string }

    static func == (lhs: ByteKey, rhs: ByteKey) -> Bool {
        lhs.string.utf8.elementsEqual(rhs.string.utf8)
    }

    func hash(into hasher: inout Hasher) {
        var copy = string
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
