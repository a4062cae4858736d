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
    /// For large documents, built on the first decoding error (see `lineAndColumn(of:)`).
    let positionIndex: LazyPositionIndex?

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
        self.positionIndex = LazyPositionIndex.make(count: count)
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
        self.positionIndex = LazyPositionIndex.make(count: bytes.count)
    }

    /// A document of one node over `count` bytes at `bytes`, which the caller keeps alive; the
    /// node is written through ``tape`` before each use. `_JSONReader` reads the scalar values
    /// of types without a direct form through one, with no parse and no allocation per value.
    init(oneNodeOver bytes: UnsafePointer<UInt8>, count: Int, options: JSONParsingOptions) {
        let words = UnsafeMutablePointer<UInt64>.allocate(capacity: 2)
        words.initialize(repeating: 0, count: 2)
        self.bytes = bytes
        self.byteCount = count
        self.tape = UnsafePointer(words)
        self.nodeCount = 1
        self.options = options
        self.ownedBytes = nil
        self.positionIndex = LazyPositionIndex.make(count: count)
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

// MARK: - Positions of errors

extension JSONDocument {
    /// The 1-based line and column (in Unicode scalars) of a byte offset, as in ``JSONError``.
    ///
    /// Decoding errors ask for this once each; code that catches many of them (`try?` over a
    /// large array through the Codable bridge) would make a plain scan from the start of the
    /// input quadratic, so large documents build a block index on the first request and
    /// answer every later one from it in time independent of the offset.
    func lineAndColumn(of rawOffset: Int) -> (line: Int, column: Int) {
        let offset = min(max(rawOffset, 0), byteCount)
        guard let positionIndex else {
            // Small documents: a scan from the start costs little.
            let position = PositionIndex.scan(input, from: 0, line: 1, lineStart: 0, scalars: 0, to: offset)
            return (position.line, position.scalars - max(position.lineStartScalars, 0) + 1)
        }
        return positionIndex.index(for: input).lineAndColumn(of: offset, in: input)
    }
}

/// Per-block counts of newlines and scalars, built once per document on the first request.
final class LazyPositionIndex: @unchecked Sendable {
    // @unchecked Sendable: `built` is written once, under `lock`.
    private let lock = NSLock()
    private var built: PositionIndex?

    /// An index holder for documents large enough to need one (above 16 KB), else `nil`.
    static func make(count: Int) -> LazyPositionIndex? {
        count > PositionIndex.blockSize * 4 ? LazyPositionIndex() : nil
    }

    func index(for input: UnsafeBufferPointer<UInt8>) -> PositionIndex {
        lock.lock()
        defer { lock.unlock() }
        if let built { return built }
        let index = PositionIndex(input)
        built = index
        return index
    }
}

struct PositionIndex {
    static let blockSize = 4096

    /// Newlines before each block start.
    var newlines: [Int] = []
    /// The offset just past the last newline before each block start (0 when none).
    var lineStarts: [Int] = []
    /// Scalar starts (bytes that are not UTF-8 continuation bytes) before each block start.
    var scalars: [Int] = []

    init(_ input: UnsafeBufferPointer<UInt8>) {
        let blocks = input.count / Self.blockSize + 1
        newlines.reserveCapacity(blocks)
        lineStarts.reserveCapacity(blocks)
        scalars.reserveCapacity(blocks)
        var state = (line: 1, lineStart: 0, scalars: 0, lineStartScalars: 0)
        for block in 0..<blocks {
            newlines.append(state.line - 1)
            lineStarts.append(state.lineStart)
            scalars.append(state.scalars)
            let start = block * Self.blockSize
            let next = Self.scan(
                input, from: start, line: state.line, lineStart: state.lineStart, scalars: state.scalars,
                to: min(start + Self.blockSize, input.count))
            state = (next.line, next.lineStart, next.scalars, next.lineStartScalars)
        }
    }

    /// Counts from `start` (where the running totals are as given) up to `end`.
    static func scan(
        _ input: UnsafeBufferPointer<UInt8>, from start: Int, line: Int, lineStart: Int, scalars: Int, to end: Int
    ) -> (line: Int, lineStart: Int, scalars: Int, lineStartScalars: Int) {
        var line = line
        var lineStart = lineStart
        var scalars = scalars
        var lineStartScalars = -1
        var index = start
        while index < end {
            let byte = input[index]
            if byte & 0xC0 != 0x80 { scalars += 1 }
            index += 1
            if byte == 0x0A {
                line += 1
                lineStart = index
                lineStartScalars = scalars
            }
        }
        return (line, lineStart, scalars, lineStartScalars)
    }

    /// The number of scalar starts in `input[0..<offset]`.
    func scalarCount(before offset: Int, in input: UnsafeBufferPointer<UInt8>) -> Int {
        let block = offset / Self.blockSize
        return Self.scan(input, from: block * Self.blockSize, line: 1, lineStart: 0, scalars: scalars[block], to: offset).scalars
    }

    func lineAndColumn(of offset: Int, in input: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        let block = offset / Self.blockSize
        let result = Self.scan(
            input, from: block * Self.blockSize, line: newlines[block] + 1, lineStart: lineStarts[block],
            scalars: scalars[block], to: offset)
        // The column counts scalars from the line start, which may lie in an earlier block.
        let lineStartScalars =
            result.lineStartScalars >= 0 ? result.lineStartScalars : scalarCount(before: result.lineStart, in: input)
        return (result.line, result.scalars - lineStartScalars + 1)
    }
}
