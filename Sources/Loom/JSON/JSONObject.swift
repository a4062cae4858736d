/// The members of a JSON object: unique keys in insertion order.
///
/// Keys are compared by their UTF-8 bytes, never by Unicode canonical equivalence, so
/// `"\u00e9"` and `"e\u0301"` are two different keys (Swift's `String ==` would merge them).
/// Equality ignores member order, as JSON objects are unordered.
public struct JSONObject: Sendable, Hashable {
    /// Keys, values and the optional index, in a class whose deinitializer dismantles nested
    /// containers without recursion (see ``JSONArray``). Copy on write.
    @usableFromInline
    final class Storage: @unchecked Sendable {
        // @unchecked Sendable: mutated only through a uniquely referenced JSONObject.
        var keys: [String]
        var values: [JSONValue]
        /// Key → position, kept only for larger objects where a linear scan would cost.
        var index: [ByteKey: Int]?

        init(keys: [String], values: [JSONValue], index: [ByteKey: Int]?) {
            self.keys = keys
            self.values = values
            self.index = index
        }

        deinit { JSONValue.dismantle(&values) }

        /// One shared empty storage, so empty objects cost no allocation.
        static let empty = Storage(keys: [], values: [], index: nil)
    }

    @usableFromInline var storage: Storage

    private static let indexThreshold = 64

    /// The keys in insertion order.
    public var keys: [String] { storage.keys }
    /// The values, parallel to ``keys``.
    public var values: [JSONValue] { storage.values }

    /// Creates an empty object.
    public init() { storage = Storage.empty }

    /// Creates an object from key/value pairs; a repeated key keeps its last value.
    public init<S: Sequence>(_ pairs: S) where S.Element == (String, JSONValue) {
        storage = Storage.empty
        for (key, value) in pairs { self[key] = value }
    }

    /// The number of members.
    public var count: Int { storage.keys.count }
    /// Whether the object has no members.
    public var isEmpty: Bool { storage.keys.isEmpty }

    /// The members in insertion order.
    public var members: [(key: String, value: JSONValue)] {
        Array(zip(storage.keys, storage.values).map { (key: $0.0, value: $0.1) })
    }

    /// The position of `key`, compared by UTF-8 bytes.
    public func position(of key: String) -> Int? {
        if let index = storage.index { return index[ByteKey(key)] }
        let keys = storage.keys
        for position in keys.indices where keys[position].utf8.elementsEqual(key.utf8) {
            return position
        }
        return nil
    }

    /// Makes the storage unique before a mutation (copy on write). The shared empty storage
    /// is never unique: the static holds a reference too.
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) {
            storage = Storage(keys: storage.keys, values: storage.values, index: storage.index)
        }
    }

    /// The value for `key`; setting `nil` removes the member.
    public subscript(key: String) -> JSONValue? {
        get { position(of: key).map { storage.values[$0] } }
        set {
            if let position = position(of: key) {
                makeUnique()
                if let newValue {
                    storage.values[position] = newValue
                } else {
                    storage.keys.remove(at: position)
                    storage.values.remove(at: position)
                    rebuildIndex()
                }
            } else if let newValue {
                makeUnique()
                storage.keys.append(key)
                storage.values.append(newValue)
                if storage.index != nil {
                    storage.index?[ByteKey(key)] = storage.keys.count - 1
                } else if storage.keys.count > JSONObject.indexThreshold {
                    rebuildIndex()
                }
            }
        }
    }

    /// Takes members whose keys the caller has checked to be distinct (used by the parser).
    init(uniqueKeys keys: [String], values: [JSONValue]) {
        if keys.isEmpty {
            storage = Storage.empty
            return
        }
        storage = Storage(keys: keys, values: values, index: nil)
        rebuildIndex()
    }

    /// Rebuilds the index of a uniquely referenced storage.
    private mutating func rebuildIndex() {
        guard storage.keys.count > JSONObject.indexThreshold else {
            if storage.index != nil { storage.index = nil }
            return
        }
        var newIndex = [ByteKey: Int](minimumCapacity: storage.keys.count)
        for (position, key) in storage.keys.enumerated() { newIndex[ByteKey(key)] = position }
        storage.index = newIndex
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
        zip(storage.keys, storage.values).lazy.map { (key: $0.0, value: $0.1) }.makeIterator()
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
