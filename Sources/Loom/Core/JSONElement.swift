import Foundation

/// A borrowed view of one value inside a ``JSONDocument``.
///
/// Elements are two words and cost nothing to copy; they do not keep their document alive,
/// so use one only while you hold the document (decoding entry points guarantee this for
/// generated code). Strings and numbers are converted only when you ask for them.
public struct JSONElement {
    /// The type of JSON value an element holds.
    public enum Kind: String, Sendable, Hashable {
        case null, bool, number, string, array, object
    }

    @usableFromInline unowned(unsafe) let document: JSONDocument
    @usableFromInline var index: Int

    @inlinable
    init(document: JSONDocument, index: Int) {
        self.document = document
        self.index = index
    }

    @inlinable var header: UInt64 { document.tape[index &<< 1] }
    @inlinable var payload: UInt64 { document.tape[(index &<< 1) &+ 1] }
    // Every tape header's top byte was written from a `NodeKind`, so the cast is exact and
    // avoids a range check per access.
    @inlinable var nodeKind: NodeKind { unsafeBitCast(UInt8(truncatingIfNeeded: header &>> 56), to: NodeKind.self) }

    /// The byte offset of the value in the input (for strings and keys, the opening quote).
    @inlinable
    public var byteOffset: Int {
        let offset = Int(truncatingIfNeeded: header & offsetMask)
        return nodeKind == .string ? offset &- 1 : offset
    }

    /// The kind of JSON value.
    @inlinable
    public var kind: Kind {
        switch nodeKind {
        case .null: return .null
        case .false, .true: return .bool
        case .int, .double, .number: return .number
        case .string: return .string
        case .array: return .array
        case .object: return .object
        }
    }

    /// Whether the value is `null`.
    @inlinable public var isNull: Bool { nodeKind == .null }

    /// The Boolean value, or `nil` for other kinds.
    @inlinable
    public var boolValue: Bool? {
        switch nodeKind {
        case .true: return true
        case .false: return false
        default: return nil
        }
    }

    /// The index just past this value and everything inside it.
    @inlinable @inline(__always)
    var nextIndex: Int {
        nodeKind.rawValue >= NodeKind.array.rawValue ? Int(truncatingIfNeeded: payload & 0xFFFF_FFFF) : index &+ 1
    }

    // MARK: Strings

    /// The raw (still escaped) bytes of a string, without the quotes.
    @inlinable @inline(__always)
    var rawStringBytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(
            start: document.bytes + Int(truncatingIfNeeded: header & offsetMask),
            count: Int(truncatingIfNeeded: payload & payloadLengthMask))
    }

    @inlinable var stringHasEscapes: Bool { payload & stringHasEscapesFlag != 0 }

    /// The string value, or `nil` for other kinds.
    @inlinable
    public var stringValue: String? {
        guard nodeKind == .string else { return nil }
        return makeString()
    }

    @inlinable
    func makeString() -> String { makeJSONString(rawStringBytes, flags: payload) }

    /// Calls `body` with the unescaped UTF-8 bytes of a string without creating a `String`.
    @inlinable
    public func withUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        guard nodeKind == .string else { return nil }
        let raw = rawStringBytes
        if !stringHasEscapes { return try body(raw) }
        return try unescapeJSONString(raw).withUnsafeBufferPointer(body)
    }

    /// Whether this string's unescaped bytes equal `key`'s UTF-8 bytes (no Unicode normalization).
    @inlinable
    public func stringEquals(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard nodeKind == .string else { return false }
        let raw = rawStringBytes
        if !stringHasEscapes {
            return bytesEqual(raw, key)
        }
        return unescapeJSONString(raw).withUnsafeBufferPointer { $0.elementsEqual(key) }
    }

    // MARK: Numbers

    /// Whether the number was written as an integer (no fraction or exponent).
    @inlinable
    public var isIntegerLiteral: Bool {
        switch nodeKind {
        case .int: return true
        case .number: return payload & numberIsIntegerFlag != 0
        default: return false
        }
    }

    /// The number's exact text, or `nil` for other kinds.
    public var numberLexeme: String? {
        switch nodeKind {
        case .int: return String(Int64(bitPattern: payload))
        case .double, .number: return String(decoding: numberBytes, as: UTF8.self)
        default: return nil
        }
    }

    /// The lexeme of a `.double` or `.number` node.
    @inlinable
    var numberBytes: UnsafeBufferPointer<UInt8> {
        let start = document.bytes + Int(truncatingIfNeeded: header & offsetMask)
        guard nodeKind == .double else {
            return UnsafeBufferPointer(start: start, count: Int(truncatingIfNeeded: payload & payloadLengthMask))
        }
        return UnsafeBufferPointer(start: start, count: numberLexemeLength(start, limit: document.byteCount))
    }

    /// The length of the number lexeme at `start`: the parser validated it, so it runs to the
    /// first byte that cannot be part of a number.
    @usableFromInline
    func numberLexemeLength(_ start: UnsafePointer<UInt8>, limit: Int) -> Int {
        let available = limit &- Int(truncatingIfNeeded: header & offsetMask)
        var length = 0
        while length < available {
            switch start[length] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                UInt8(ascii: "e"), UInt8(ascii: "E"):
                length &+= 1
            default:
                return length
            }
        }
        return length
    }

    /// The number as `T` if it is integral and fits exactly; `nil` otherwise.
    @inlinable
    public func integerValue<T: FixedWidthInteger>(_ type: T.Type = T.self) -> T? {
        switch nodeKind {
        case .int: return T(exactly: Int64(bitPattern: payload))
        case .double, .number:
            if case .success(let value) = NumberConversion.integer(T.self, from: numberBytes) { return value }
            return nil
        default: return nil
        }
    }

    /// The correctly rounded `Double`, or `nil` for other kinds and for magnitudes beyond `Double`.
    @inlinable
    public var doubleValue: Double? {
        switch nodeKind {
        case .int: return Double(Int64(bitPattern: payload))
        case .double: return Double(bitPattern: payload)
        case .number: return NumberConversion.double(from: numberBytes)
        default: return nil
        }
    }

    // MARK: Containers

    /// The number of elements of an array or members of an object; 0 for other kinds.
    @inlinable @inline(__always)
    public var count: Int {
        nodeKind.rawValue >= NodeKind.array.rawValue ? Int(truncatingIfNeeded: payload &>> 32) : 0
    }

    /// The elements of an array (empty for other kinds).
    @inlinable @inline(__always)
    public var elements: Elements { Elements(container: self, end: nodeKind == .array ? nextIndex : index &+ 1) }

    /// The members of an object (empty for other kinds), in document order, duplicates included.
    @inlinable @inline(__always)
    public var members: Members { Members(container: self, end: nodeKind == .object ? nextIndex : index &+ 1) }

    /// The element at tape index `index` of the same document.
    ///
    /// Copies `self` and changes the index: passing `document` to an initializer loads the
    /// `unowned(unsafe)` reference as a strong one, and Swift 6.3 keeps the retain and release
    /// that brackets it, once per array or object iterated.
    @inlinable @inline(__always)
    func sibling(at index: Int) -> JSONElement {
        var copy = self
        copy.index = index
        return copy
    }

    /// The value for `key` in an object, compared by UTF-8 bytes; `nil` if absent or not an object.
    ///
    /// With repeated keys the document's ``JSONParsingOptions/duplicateKeys`` policy decides.
    public subscript(key: String) -> JSONElement? {
        guard nodeKind == .object else { return nil }
        var key = key
        return key.withUTF8 { bytes in
            var found: JSONElement?
            for member in members where member.key.stringEquals(bytes) {
                if document.options.duplicateKeys == .useFirst { return member.value }
                found = member.value
            }
            return found
        }
    }

    /// The element at `position` of an array; `nil` if out of bounds or not an array.
    public subscript(position: Int) -> JSONElement? {
        guard nodeKind == .array, position >= 0, position < count else { return nil }
        var iterator = elements.makeIterator()
        for _ in 0..<position { _ = iterator.next() }
        return iterator.next()
    }

    /// The elements of an array.
    public struct Elements: Sequence {
        /// The array itself; its children are made from it with ``JSONElement/sibling(at:)``.
        @usableFromInline let container: JSONElement
        @usableFromInline let end: Int

        @inlinable
        init(container: JSONElement, end: Int) {
            self.container = container
            self.end = end
        }

        @inlinable
        public func makeIterator() -> Iterator { Iterator(current: container.sibling(at: container.index &+ 1), end: end) }

        /// Iterates over array elements by following sibling links.
        public struct Iterator: IteratorProtocol {
            /// The next element to return, if its index is below `end`.
            @usableFromInline var current: JSONElement
            @usableFromInline let end: Int

            @inlinable
            init(current: JSONElement, end: Int) {
                self.current = current
                self.end = end
            }

            @inlinable
            public mutating func next() -> JSONElement? {
                guard current.index < end else { return nil }
                let element = current
                current.index = element.nextIndex
                return element
            }
        }
    }

    /// The members of an object.
    public struct Members: Sequence {
        /// The object itself; its keys and values are made from it with ``JSONElement/sibling(at:)``.
        @usableFromInline let container: JSONElement
        @usableFromInline let end: Int

        @inlinable
        init(container: JSONElement, end: Int) {
            self.container = container
            self.end = end
        }

        @inlinable
        public func makeIterator() -> Iterator { Iterator(current: container.sibling(at: container.index &+ 1), end: end) }

        /// Iterates over object members as key/value pairs.
        public struct Iterator: IteratorProtocol {
            /// The next member's key, if its index is below `end`.
            @usableFromInline var current: JSONElement
            @usableFromInline let end: Int

            @inlinable
            init(current: JSONElement, end: Int) {
                self.current = current
                self.end = end
            }

            @inlinable
            public mutating func next() -> (key: JSONElement, value: JSONElement)? {
                guard current.index < end else { return nil }
                let key = current
                let value = key.sibling(at: key.index &+ 1)
                current.index = value.nextIndex
                return (key, value)
            }
        }
    }
}

/// Byte-wise equality of two buffers.
@inlinable
func bytesEqual(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
    guard lhs.count == rhs.count else { return false }
    guard let left = lhs.baseAddress, let right = rhs.baseAddress else { return true }
    return memcmp(left, right, lhs.count) == 0
}

/// The `String` of a string token's raw bytes (without quotes), which a parser or reader has
/// validated; `flags` carries its ``stringHasEscapesFlag`` and ``stringNonASCIIFlag`` (other
/// bits are ignored).
@inlinable
func makeJSONString(_ raw: UnsafeBufferPointer<UInt8>, flags: UInt64) -> String {
    let hasEscapes = flags & stringHasEscapesFlag != 0
    if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
        let isASCII = flags & stringNonASCIIFlag == 0
        return hasEscapes ? makeUnescapedString(raw, isASCII: isASCII) : makeCheckedString(raw, isASCII: isASCII)
    }
    if !hasEscapes {
        return String(decoding: raw, as: UTF8.self)
    }
    return makeEscapedString(raw)
}

// The text was validated (UTF-8, escapes, lone surrogates included), which is what
// `UTF8Span(unchecked:)` requires; `String(decoding:as:)` would check it all again.
@available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
@usableFromInline
func makeCheckedString(_ raw: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> String {
    String(copying: UTF8Span(unchecked: raw.span, isKnownASCII: isASCII))
}

@available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *)
@usableFromInline
func makeUnescapedString(_ raw: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> String {
    // Unescaping never lengthens the text, so the raw length is enough room.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: raw.count) { buffer in
        let count = min(unescapeJSONString(raw, into: buffer), buffer.count)
        let text = UnsafeBufferPointer(rebasing: buffer[..<count])
        // A \u escape can still produce non-ASCII text from ASCII bytes.
        return makeCheckedString(text, isASCII: isASCII && allASCII(text))
    }
}

@usableFromInline
func makeEscapedString(_ raw: UnsafeBufferPointer<UInt8>) -> String {
    // Unescaping never lengthens the text, so the raw length is enough capacity.
    String(unsafeUninitializedCapacity: raw.count) { buffer in
        unescapeJSONString(raw, into: buffer)
    }
}
