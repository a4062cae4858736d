import Foundation

/// A validated JSON document held as a flat index over its bytes.
///
/// Parsing builds the index in one pass and checks everything RFC 8259 requires (grammar,
/// UTF-8, escapes, number syntax, limits); strings and numbers are converted only when
/// read. This is the representation model decoding walks; ``JSONValue`` is the tree form.
///
/// ```swift
/// let document = try JSONDocument(parsing: data)
/// let login = try document.root["user"]?["login"]?.stringValue()
/// ```
public final class JSONDocument: @unchecked Sendable {
    // Immutable after init; @unchecked Sendable is sound because nothing mutates the buffers.
    @usableFromInline let bytes: UnsafePointer<UInt8>
    @usableFromInline let byteCount: Int
    @usableFromInline let tape: UnsafePointer<UInt64>
    /// The number of nodes (values and keys) in the document.
    public let nodeCount: Int
    /// The options the document was parsed with.
    public let options: JSONParsingOptions
    private let ownedBytes: UnsafeMutablePointer<UInt8>?

    /// Parses a copy of `bytes`.
    ///
    /// - Throws: ``JSONError`` with the position of the first problem.
    public convenience init(parsing bytes: UnsafeRawBufferPointer, options: JSONParsingOptions = .init()) throws(JSONError) {
        let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        if let source = bytes.baseAddress, bytes.count > 0 {
            copy.initialize(from: source.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        }
        try self.init(owning: copy, count: bytes.count, options: options)
    }

    /// Parses `data`.
    ///
    /// - Throws: ``JSONError`` with the position of the first problem.
    public convenience init(parsing data: Data, options: JSONParsingOptions = .init()) throws(JSONError) {
        let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: max(data.count, 1))
        data.copyBytes(to: copy, count: data.count)
        try self.init(owning: copy, count: data.count, options: options)
    }

    /// Parses `bytes`.
    ///
    /// - Throws: ``JSONError`` with the position of the first problem.
    public convenience init(parsing bytes: [UInt8], options: JSONParsingOptions = .init()) throws(JSONError) {
        let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        bytes.withUnsafeBufferPointer { source in
            if let base = source.baseAddress { copy.initialize(from: base, count: source.count) }
        }
        try self.init(owning: copy, count: bytes.count, options: options)
    }

    /// Parses the UTF-8 form of `string`.
    ///
    /// - Throws: ``JSONError`` with the position of the first problem.
    public convenience init(parsing string: String, options: JSONParsingOptions = .init()) throws(JSONError) {
        try self.init(parsing: Array(string.utf8), options: options)
    }

    /// Parses a buffer the document takes ownership of (and frees, also on error).
    private init(owning copy: UnsafeMutablePointer<UInt8>, count: Int, options: JSONParsingOptions) throws(JSONError) {
        let tape: Tape
        do {
            tape = try JSONParser.parse(UnsafeBufferPointer(start: copy, count: count), options: options)
        } catch {
            copy.deallocate()
            throw error
        }
        self.bytes = UnsafePointer(copy)
        self.byteCount = count
        self.tape = UnsafePointer(tape.words)
        self.nodeCount = tape.count
        self.options = options
        self.ownedBytes = copy
    }

    /// Parses `bytes` without copying them. The caller keeps them alive and unchanged for
    /// the document's whole lifetime (decoding entry points do so inside `withUnsafeBytes`).
    @usableFromInline
    init(borrowing bytes: UnsafeBufferPointer<UInt8>, options: JSONParsingOptions) throws(JSONError) {
        let tape = try JSONParser.parse(bytes, options: options)
        // An empty buffer cannot parse, so a successful parse always has a base address.
        self.bytes = bytes.baseAddress ?? UnsafePointer(OpaquePointer(tape.words))
        self.byteCount = bytes.count
        self.tape = UnsafePointer(tape.words)
        self.nodeCount = tape.count
        self.options = options
        self.ownedBytes = nil
    }

    deinit {
        UnsafeMutablePointer(mutating: tape).deallocate()
        ownedBytes?.deallocate()
    }

    /// The top-level value.
    @inlinable
    public var root: JSONElement { JSONElement(document: self, index: 0) }

    /// The input bytes the document indexes.
    @inlinable
    public var input: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: bytes, count: byteCount) }
}
