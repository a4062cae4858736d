/// The elements of a JSON array: a random-access, mutable collection of ``JSONValue``s.
///
/// It behaves like `[JSONValue]` (array literals, subscripts, `append`, `map`, …) and
/// converts to and from one in O(1) through ``elements`` and ``init(_:)``. The elements live
/// in a class whose deinitializer dismantles nested containers with an explicit stack, so
/// dropping a value nested 100,000 deep (built in code; parsing stops at
/// ``JSONParsingOptions/maxDepth``) takes no more call stack than dropping a flat one.
public struct JSONArray: Sendable {
    @usableFromInline
    final class Storage: @unchecked Sendable {
        // @unchecked Sendable: mutated only through a uniquely referenced JSONArray (copy on write).
        @usableFromInline var elements: [JSONValue]

        @inlinable init(_ elements: [JSONValue]) { self.elements = elements }

        deinit { JSONValue.dismantle(&elements) }

        /// One shared empty storage, so empty arrays cost no allocation.
        @usableFromInline static let empty = Storage([])
    }

    @usableFromInline var storage: Storage

    /// An empty array.
    @inlinable
    public init() { storage = Storage.empty }

    /// An array of `elements`, in O(1).
    @inlinable
    public init(_ elements: [JSONValue]) {
        storage = elements.isEmpty ? Storage.empty : Storage(elements)
    }

    /// An array of the elements of `sequence`.
    @inlinable
    public init<S: Sequence>(_ sequence: S) where S.Element == JSONValue {
        self.init(Array(sequence))
    }

    /// The elements as a Swift array, in O(1).
    @inlinable
    public var elements: [JSONValue] {
        get { storage.elements }
        set {
            if isKnownUniquelyReferenced(&storage) {
                storage.elements = newValue
            } else {
                storage = Storage(newValue)
            }
        }
    }

    /// Makes the storage unique before a mutation (copy on write). The shared empty storage
    /// is never unique: the static holds a reference too.
    @inlinable
    mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) {
            storage = Storage(storage.elements)
        }
    }
}

extension JSONArray: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
    public typealias Index = Int
    public typealias SubSequence = ArraySlice<JSONValue>

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { storage.elements.count }
    @inlinable public var count: Int { storage.elements.count }
    @inlinable public var isEmpty: Bool { storage.elements.isEmpty }

    @inlinable
    public subscript(position: Int) -> JSONValue {
        get { storage.elements[position] }
        set {
            makeUnique()
            storage.elements[position] = newValue
        }
    }

    @inlinable
    public subscript(bounds: Range<Int>) -> ArraySlice<JSONValue> {
        get { storage.elements[bounds] }
        set {
            makeUnique()
            storage.elements[bounds] = newValue
        }
    }

    @inlinable
    public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
    where C.Element == JSONValue {
        makeUnique()
        storage.elements.replaceSubrange(subrange, with: newElements)
    }

    @inlinable
    public mutating func reserveCapacity(_ minimumCapacity: Int) {
        makeUnique()
        storage.elements.reserveCapacity(minimumCapacity)
    }

    @inlinable
    public mutating func append(_ newElement: JSONValue) {
        makeUnique()
        storage.elements.append(newElement)
    }

    @inlinable
    public func makeIterator() -> IndexingIterator<[JSONValue]> { storage.elements.makeIterator() }
}

extension JSONArray: ExpressibleByArrayLiteral {
    @inlinable
    public init(arrayLiteral elements: JSONValue...) { self.init(elements) }
}

extension JSONArray: Hashable {
    /// Element-wise equality, computed with an explicit stack (any depth is safe).
    public static func == (lhs: JSONArray, rhs: JSONArray) -> Bool {
        JSONValue.array(lhs) == JSONValue.array(rhs)
    }

    /// Hashes the elements, with an explicit stack (any depth is safe).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(JSONValue.array(self))
    }
}

extension JSONArray: CustomStringConvertible {
    /// The array as compact JSON, as ``JSONValue/description``.
    public var description: String { JSONValue.array(self).description }
}
