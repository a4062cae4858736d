/// The elements of a JSON array: a random-access, mutable collection of ``JSONValue``s.
///
/// It behaves like `[JSONValue]` (array literals, subscripts, `append`, `map`, …) and converts
/// to and from one with ``elements`` and ``init(_:)-([JSONValue])``. The elements live in one
/// buffer whose deinitializer hands nested containers to a per-thread teardown list instead of
/// releasing them recursively, so dropping a value nested 100,000 deep (built in code;
/// parsing stops at ``JSONParsingOptions/maxDepth``) takes no more call stack than dropping a
/// flat one.
/// Copy on write, like `Array`.
public struct JSONArray: @unchecked Sendable {
    // @unchecked Sendable: the buffer is mutated only while uniquely referenced (copy on
    // write), exactly as Array's; ManagedBuffer itself is not marked Sendable.

    /// Count and capacity of a buffer.
    @usableFromInline
    struct Header {
        @usableFromInline var count: Int
        @usableFromInline var capacity: Int
    }

    /// The elements, allocated inline after the header: one allocation per array.
    @usableFromInline
    final class Storage: ManagedBuffer<Header, JSONValue> {
        deinit {
            withUnsafeMutablePointers { header, elements in
                JSONValue.dismantle(elements, count: header.pointee.count)
                header.pointee.count = 0
            }
        }

        /// A new, empty buffer with room for `capacity` elements.
        @usableFromInline
        static func make(capacity: Int) -> Storage {
            let buffer = Storage.create(minimumCapacity: capacity) { _ in Header(count: 0, capacity: capacity) }
            return unsafeDowncast(buffer, to: Storage.self)
        }

        /// Read through the header pointer: `header` is a class property, and its dynamic
        /// exclusivity checks would cost more than the read.
        @inlinable var count: Int { withUnsafeMutablePointerToHeader { $0.pointee.count } }

        @inlinable var reservedCapacity: Int { withUnsafeMutablePointerToHeader { $0.pointee.capacity } }

        /// Appends to a buffer that has room (the caller checked).
        @inlinable
        func appendAssumingCapacity(_ element: JSONValue) {
            withUnsafeMutablePointers { header, elements in
                (elements + header.pointee.count).initialize(to: element)
                header.pointee.count &+= 1
            }
        }
    }

    /// `nil` for an empty array (no allocation).
    @usableFromInline var storage: Storage?

    /// An empty array.
    @inlinable
    public init() { storage = nil }

    @usableFromInline
    init(storage: Storage?) { self.storage = storage }

    /// An array of `elements`.
    public init(_ elements: [JSONValue]) {
        guard !elements.isEmpty else {
            storage = nil
            return
        }
        let storage = Storage.make(capacity: elements.count)
        storage.withUnsafeMutablePointers { header, buffer in
            elements.withUnsafeBufferPointer { source in
                if let base = source.baseAddress { buffer.initialize(from: base, count: source.count) }
            }
            header.pointee.count = elements.count
        }
        self.storage = storage
    }

    /// An array of the elements of `sequence`.
    public init<S: Sequence>(_ sequence: S) where S.Element == JSONValue {
        self.init(Array(sequence))
    }

    /// The elements as a Swift array (a copy, in O(n)).
    public var elements: [JSONValue] {
        get { withUnsafeBufferPointer { Array($0) } }
        set { self = JSONArray(newValue) }
    }

    /// Calls `body` with the elements, in place.
    @inlinable
    public func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<JSONValue>) throws -> R) rethrows -> R {
        guard let storage else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
        return try storage.withUnsafeMutablePointers { header, elements in
            try body(UnsafeBufferPointer(start: elements, count: header.pointee.count))
        }
    }

    /// Makes the buffer unique with room for `minimumCapacity` elements (copy on write).
    @usableFromInline
    mutating func reserve(_ minimumCapacity: Int, growing: Bool) {
        // Checked before anything binds the reference (a binding is one more reference).
        let unique = isKnownUniquelyReferenced(&storage)
        let count = self.count
        let oldCapacity = storage?.reservedCapacity ?? 0
        if unique && oldCapacity >= minimumCapacity { return }
        var capacity = Swift.max(minimumCapacity, count)
        if growing { capacity = Swift.max(capacity, oldCapacity &* 2) }
        guard capacity > 0 else {
            storage = nil
            return
        }
        let new = Storage.make(capacity: capacity)
        if let old = storage {
            new.withUnsafeMutablePointers { newHeader, destination in
                old.withUnsafeMutablePointers { oldHeader, source in
                    if unique {
                        // Move: the old buffer keeps nothing to release.
                        destination.moveInitialize(from: source, count: count)
                        oldHeader.pointee.count = 0
                    } else {
                        destination.initialize(from: source, count: count)
                    }
                }
                newHeader.pointee.count = count
            }
        }
        storage = new
    }
}

extension JSONArray: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
    public typealias Index = Int
    public typealias Indices = Range<Int>
    public typealias SubSequence = Slice<JSONArray>

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { storage?.count ?? 0 }
    @inlinable public var count: Int { storage?.count ?? 0 }
    @inlinable public var isEmpty: Bool { count == 0 }

    @inlinable
    public subscript(position: Int) -> JSONValue {
        get {
            guard let storage, position >= 0, position < storage.count else { preconditionFailure("JSONArray index out of range") }
            return storage.withUnsafeMutablePointerToElements { $0[position] }
        }
        set {
            guard position >= 0, position < count else { preconditionFailure("JSONArray index out of range") }
            reserve(count, growing: false)
            storage?.withUnsafeMutablePointerToElements { $0[position] = newValue }
        }
    }

    public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
    where C.Element == JSONValue {
        let oldCount = count
        precondition(subrange.lowerBound >= 0 && subrange.upperBound <= oldCount, "JSONArray range out of bounds")
        let inserted = newElements.count
        let newCount = oldCount - subrange.count + inserted
        // A unique buffer with room is edited in place; anything else is copied first.
        reserve(newCount, growing: inserted > subrange.count)
        guard let storage else { return }
        storage.withUnsafeMutablePointers { header, elements in
            // Keep the removed elements until the buffer is consistent again: releasing one
            // may run deinitializers.
            let removed = Array(UnsafeBufferPointer(start: elements + subrange.lowerBound, count: subrange.count))
            (elements + subrange.lowerBound).deinitialize(count: subrange.count)
            let tail = oldCount - subrange.upperBound
            (elements + subrange.lowerBound + inserted).moveInitialize(from: elements + subrange.upperBound, count: tail)
            var position = elements + subrange.lowerBound
            var written = 0
            for element in newElements where written < inserted {
                position.initialize(to: element)
                position += 1
                written += 1
            }
            // A collection whose count disagrees with its iteration would leave holes.
            precondition(written == inserted, "replacement collection has fewer elements than its count")
            header.pointee.count = newCount
            _ = removed
        }
    }

    @inlinable
    public mutating func reserveCapacity(_ minimumCapacity: Int) {
        reserve(minimumCapacity, growing: false)
    }

    @inlinable
    public mutating func append(_ newElement: JSONValue) {
        reserve(count &+ 1, growing: true)
        storage?.appendAssumingCapacity(newElement)
    }
}

extension JSONArray: ExpressibleByArrayLiteral {
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
