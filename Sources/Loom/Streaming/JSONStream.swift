import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Decodes JSON Lines, or the elements of a top-level JSON array, one element at a time
/// from a file, a file handle or bytes, in bounded memory.
///
/// The input is read in chunks (``JSONStreamOptions/chunkSize``); element boundaries are
/// found on the raw bytes and each element is then parsed and decoded on its own, so memory
/// stays around the size of the largest element, whatever the size of the input.
///
/// The sequence yields a `Result` per element: iteration cannot throw in Swift, so a failure
/// arrives as `.failure(JSONStreamError)` and, under the default
/// ``JSONStreamOptions/ErrorPolicy/throw`` policy, ends the sequence. Under
/// ``JSONStreamOptions/ErrorPolicy/skip`` failing elements are reported to
/// ``JSONStreamOptions/onSkippedError`` and left out. ``decodeAll()`` and
/// ``Iterator/nextElement()`` throw instead. For `for try await`, use ``JSONAsyncStream``.
///
/// ```swift
/// let reviews = JSONStream(Review.self, format: .jsonLines, contentsOf: url)
/// for result in reviews {
///     let review = try result.get()
///     …
/// }
/// let values = try JSONStream(JSONValue.self, format: .array, bytes: bytes).decodeAll()
/// ```
///
/// A stream over a file handle continues from the handle's current offset and consumes it;
/// streams over a URL, bytes or a reader factory start afresh for every iteration.
public struct JSONStream<Value: JSONDecodable>: Sequence, Sendable {
    /// The layout of the input.
    public let format: JSONStreamFormat
    /// The decoder whose options (key strategy, parsing limits…) apply to every element.
    public let decoder: JSONModelDecoder
    /// Limits and error handling.
    public let options: JSONStreamOptions
    let source: JSONByteSource
    /// For a stream of the array at a path, the path's steps, or why it is malformed.
    let steps: Result<[JSONPathComponent], JSONDecodingError>

    init(
        format: JSONStreamFormat, source: JSONByteSource, decoder: JSONModelDecoder, options: JSONStreamOptions,
        path: String? = nil
    ) {
        self.format = path == nil ? format : .array
        self.source = source
        self.decoder = decoder
        self.options = options
        do throws(JSONDecodingError) {
            steps = .success(try path.map(JSONPathComponent.steps(ofPath:)) ?? [])
        } catch {
            steps = .failure(error)
        }
    }

    /// Streams the file at `url`. The file is opened when iteration starts; failing to open it
    /// is an error of kind ``JSONStreamError/Kind/io``.
    public init(
        _ type: Value.Type = Value.self, format: JSONStreamFormat, contentsOf url: URL,
        decoder: JSONModelDecoder = .init(), options: JSONStreamOptions = .init()
    ) {
        self.init(format: format, source: .path(url.path), decoder: decoder, options: options)
    }

    /// Streams from `fileHandle`, starting at its current offset. The handle is not closed.
    public init(
        _ type: Value.Type = Value.self, format: JSONStreamFormat, fileHandle: FileHandle,
        decoder: JSONModelDecoder = .init(), options: JSONStreamOptions = .init()
    ) {
        self.init(format: format, source: .fileHandle(fileHandle), decoder: decoder, options: options)
    }

    /// Streams over bytes in memory (still in chunks, so the same limits apply).
    public init(
        _ type: Value.Type = Value.self, format: JSONStreamFormat, bytes: [UInt8],
        decoder: JSONModelDecoder = .init(), options: JSONStreamOptions = .init()
    ) {
        self.init(format: format, source: .bytes(bytes), decoder: decoder, options: options)
    }

    /// Streams over `data` in memory.
    public init(
        _ type: Value.Type = Value.self, format: JSONStreamFormat, data: Data,
        decoder: JSONModelDecoder = .init(), options: JSONStreamOptions = .init()
    ) {
        self.init(format: format, source: .bytes(Array(data)), decoder: decoder, options: options)
    }

    /// Streams from a reader of your own: `makeReader` is called once per iteration and returns
    /// a function that fills the buffer it is given and returns the number of bytes written
    /// (0 at the end of the input). An error it throws becomes a ``JSONStreamError/Kind/io`` error.
    public init(
        _ type: Value.Type = Value.self, format: JSONStreamFormat,
        reader makeReader: @escaping @Sendable () -> (UnsafeMutableRawBufferPointer) throws -> Int,
        decoder: JSONModelDecoder = .init(), options: JSONStreamOptions = .init()
    ) {
        self.init(format: format, source: .reader(makeReader), decoder: decoder, options: options)
    }

    // MARK: An array inside an envelope

    /// Streams the elements of the array at `path` inside the file at `url`: `"data.items"`
    /// for the `items` array of the root's `data` object, in a response too large to hold.
    ///
    /// The path is written as for ``JSONModelDecoder/decode(_:from:at:)-(_,Data,_)``:
    /// dot-separated keys, `[N]` for an array index, `\.` for a literal dot. The envelope
    /// around the array is read by its structure and dropped as it goes, so memory stays
    /// bounded as for a top-level array. The first member with each key of the path is
    /// followed; a later repeat is an error of kind ``JSONStreamError/Kind/framing`` unless
    /// the decoder's ``JSONParsingOptions/duplicateKeys`` keeps the first. A path missing
    /// from the input, a malformed path or a malformed envelope is a framing error too.
    /// Decoding errors carry the path from the input's root: `data.items[3].id`.
    ///
    /// ```swift
    /// for result in JSONStream(Issue.self, contentsOf: url, at: "data.items") {
    ///     let issue = try result.get()
    /// }
    /// ```
    public init(
        _ type: Value.Type = Value.self, contentsOf url: URL, at path: String, decoder: JSONModelDecoder = .init(),
        options: JSONStreamOptions = .init()
    ) {
        self.init(format: .array, source: .path(url.path), decoder: decoder, options: options, path: path)
    }

    /// Streams the elements of the array at `path` inside the input of `fileHandle`, from its
    /// current offset; see ``init(_:contentsOf:at:decoder:options:)``. The handle is not closed.
    public init(
        _ type: Value.Type = Value.self, fileHandle: FileHandle, at path: String, decoder: JSONModelDecoder = .init(),
        options: JSONStreamOptions = .init()
    ) {
        self.init(format: .array, source: .fileHandle(fileHandle), decoder: decoder, options: options, path: path)
    }

    /// Streams the elements of the array at `path` inside `bytes`; see
    /// ``init(_:contentsOf:at:decoder:options:)``.
    public init(
        _ type: Value.Type = Value.self, bytes: [UInt8], at path: String, decoder: JSONModelDecoder = .init(),
        options: JSONStreamOptions = .init()
    ) {
        self.init(format: .array, source: .bytes(bytes), decoder: decoder, options: options, path: path)
    }

    /// Streams the elements of the array at `path` inside `data`; see
    /// ``init(_:contentsOf:at:decoder:options:)``.
    public init(
        _ type: Value.Type = Value.self, data: Data, at path: String, decoder: JSONModelDecoder = .init(),
        options: JSONStreamOptions = .init()
    ) {
        self.init(format: .array, source: .bytes(Array(data)), decoder: decoder, options: options, path: path)
    }

    /// Streams the elements of the array at `path` inside what a reader of your own gives; see
    /// ``init(_:contentsOf:at:decoder:options:)`` and ``init(_:format:reader:decoder:options:)``.
    public init(
        _ type: Value.Type = Value.self, at path: String,
        reader makeReader: @escaping @Sendable () -> (UnsafeMutableRawBufferPointer) throws -> Int,
        decoder: JSONModelDecoder = .init(), options: JSONStreamOptions = .init()
    ) {
        self.init(format: .array, source: .reader(makeReader), decoder: decoder, options: options, path: path)
    }

    /// Starts reading.
    public func makeIterator() -> Iterator {
        Iterator(raw: makeRawReader(), decoder: decoder, options: options, steps: steps)
    }

    /// The reader of raw elements; for a malformed path, one that reports it.
    func makeRawReader() -> JSONRawElementReader {
        switch steps {
        case .success(let steps):
            return JSONRawElementReader(
                format: format, source: source, options: options, parsingOptions: decoder.parsingOptions, steps: steps)
        case .failure(let error):
            return JSONRawElementReader(failing: error.reason)
        }
    }

    /// Decodes every element, in order.
    ///
    /// - Throws: ``JSONStreamError``: the first failing element's error under
    ///   ``JSONStreamOptions/ErrorPolicy/throw``; under ``JSONStreamOptions/ErrorPolicy/skip``
    ///   only errors that cannot be skipped (``JSONStreamError/Kind/framing``,
    ///   ``JSONStreamError/Kind/io``).
    public func decodeAll() throws(JSONStreamError) -> [Value] {
        var iterator = makeIterator()
        var result: [Value] = []
        while let element = try iterator.nextElement() { result.append(element) }
        return result
    }

    /// Reads the stream's elements; see ``JSONStream``.
    public struct Iterator: IteratorProtocol {
        let raw: JSONRawElementReader
        let decoder: JSONModelDecoder
        let options: JSONStreamOptions
        /// The path of the streamed array, in front of decoding errors' paths.
        let prefix: [JSONPathComponent]
        private var finished = false

        init(
            raw: JSONRawElementReader, decoder: JSONModelDecoder, options: JSONStreamOptions,
            steps: Result<[JSONPathComponent], JSONDecodingError>
        ) {
            self.raw = raw
            self.decoder = decoder
            self.options = options
            prefix = (try? steps.get()) ?? []
        }

        /// The next element, a failure (which ends the sequence unless it was skipped), or `nil`
        /// at the end.
        public mutating func next() -> Result<Value, JSONStreamError>? {
            do {
                guard let element = try nextElement() else { return nil }
                return .success(element)
            } catch {
                return .failure(error)
            }
        }

        /// The next element, or `nil` at the end.
        ///
        /// - Throws: ``JSONStreamError``; after an error the iterator returns `nil`.
        public mutating func nextElement() throws(JSONStreamError) -> Value? {
            guard !finished else { return nil }
            while true {
                let event: JSONRawElementReader.Event?
                do {
                    event = try raw.next()
                } catch {
                    finished = true
                    throw error
                }
                guard let event else {
                    finished = true
                    return nil
                }
                let failure: JSONStreamError
                switch event {
                case .element(let element):
                    do {
                        return try decoder.decode(Value.self, fromBuffer: element.bytes)
                    } catch {
                        failure = element.position.error(for: error, under: prefix)
                    }
                case .failure(let error):
                    failure = error
                }
                if options.onError == .skip && failure.isSkippable {
                    options.onSkippedError?(failure)
                    continue
                }
                finished = true
                throw failure
            }
        }

        /// The largest read buffer this iterator has allocated so far, in bytes: test hook, not API.
        @_spi(Testing) public var _peakBufferCapacity: Int { raw.scanner.peakCapacity }
    }
}

// MARK: - Sources

/// Where a stream's bytes come from.
enum JSONByteSource: @unchecked Sendable {
    // @unchecked: FileHandle is thread-safe for reads in Foundation but not marked Sendable everywhere.
    case path(String)
    case fileHandle(FileHandle)
    case bytes([UInt8])
    case reader(@Sendable () -> (UnsafeMutableRawBufferPointer) throws -> Int)

    /// A fresh reader over the source.
    func open() -> JSONByteReader {
        switch self {
        case .path(let path): return JSONByteReader(kind: .path(path))
        case .fileHandle(let handle): return JSONByteReader(kind: .descriptor(handle.fileDescriptor, owned: false))
        case .bytes(let bytes): return JSONByteReader(kind: .memory(bytes))
        case .reader(let make): return JSONByteReader(kind: .closure(make()))
        }
    }
}

/// Reads bytes from a source into the scanner's buffer.
final class JSONByteReader {
    enum Kind {
        case path(String)
        case descriptor(Int32, owned: Bool)
        case memory([UInt8])
        case closure((UnsafeMutableRawBufferPointer) throws -> Int)
    }

    private var kind: Kind
    private var offset = 0

    init(kind: Kind) { self.kind = kind }

    deinit {
        if case .descriptor(let descriptor, true) = kind { _ = close(descriptor) }
    }

    /// Fills `buffer`; returns the byte count, 0 at the end.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(JSONStreamError) -> Int {
        switch kind {
        case .path(let path):
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            if descriptor < 0 {
                let number = errno
                throw JSONStreamError(
                    .io, "could not open \(path): \(String(cString: strerror(number))) (errno \(number))",
                    elementIndex: nil, line: nil, column: nil, byteOffset: nil)
            }
            kind = .descriptor(descriptor, owned: true)
            return try read(into: buffer)
        case .descriptor(let descriptor, _):
            while true {
                let count = systemRead(descriptor, buffer.baseAddress, buffer.count)
                if count >= 0 {
                    offset += count
                    return count
                }
                if errno == EINTR { continue }
                let number = errno
                throw JSONStreamError(
                    .io, "read failed: \(String(cString: strerror(number))) (errno \(number))", elementIndex: nil,
                    line: nil, column: nil, byteOffset: offset)
            }
        case .memory(let bytes):
            let count = min(buffer.count, bytes.count - offset)
            guard count > 0 else { return 0 }
            bytes.withUnsafeBytes { source in
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<offset + count]))
            }
            offset += count
            return count
        case .closure(let read):
            do {
                let count = try read(buffer)
                guard count >= 0 && count <= buffer.count else {
                    throw JSONStreamError(
                        .io, "the reader returned \(count) for a buffer of \(buffer.count) bytes", elementIndex: nil,
                        line: nil, column: nil, byteOffset: offset)
                }
                offset += count
                return count
            } catch let error as JSONStreamError {
                throw error
            } catch {
                throw JSONStreamError(
                    .io, "reading the input failed: \(error)", elementIndex: nil, line: nil, column: nil,
                    byteOffset: offset, underlyingError: SendableError(error))
            }
        }
    }
}

@inline(__always)
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// Couples a scanner with a byte reader: raw elements out, input read on demand.
final class JSONRawElementReader {
    enum Event {
        case element(JSONStreamScanner.Element)
        case failure(JSONStreamError)
    }

    let scanner: JSONStreamScanner
    let reader: JSONByteReader
    private var ended = false
    /// A problem found before reading (a malformed path), reported as the first event.
    private var problem: String?

    init(
        format: JSONStreamFormat, source: JSONByteSource, options: JSONStreamOptions, parsingOptions: JSONParsingOptions,
        steps: [JSONPathComponent] = []
    ) {
        scanner = JSONStreamScanner(format: format, options: options, parsingOptions: parsingOptions, steps: steps)
        reader = source.open()
    }

    /// A reader whose only event is a framing error with `message`.
    init(failing message: String) {
        scanner = JSONStreamScanner(format: .array, options: JSONStreamOptions(), parsingOptions: JSONParsingOptions())
        reader = JSONByteSource.bytes([]).open()
        problem = message
    }

    /// The next element or element failure; `nil` at the end.
    ///
    /// - Throws: a ``JSONStreamError/Kind/io`` error; after it, the reader is at its end.
    func next() throws(JSONStreamError) -> Event? {
        guard !ended else { return nil }
        if let problem {
            ended = true
            return .failure(
                JSONStreamError(.framing, problem, elementIndex: nil, line: nil, column: nil, byteOffset: nil))
        }
        while true {
            switch scanner.next() {
            case .element(let element): return .element(element)
            case .failure(let error): return .failure(error)
            case .end:
                ended = true
                return nil
            case .needInput:
                let space = scanner.reserve()
                do {
                    scanner.didWrite(try reader.read(into: space))
                } catch {
                    ended = true
                    throw error
                }
            }
        }
    }
}
