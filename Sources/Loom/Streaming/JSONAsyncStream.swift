import Foundation

/// Decodes JSON Lines, or the elements of a top-level JSON array, one element at a time as an
/// `AsyncSequence`, in bounded memory.
///
/// The same scanning, limits and error handling as ``JSONStream``; iteration throws
/// ``JSONStreamError``. Besides files and bytes, it reads any `AsyncSequence` of bytes or of
/// byte chunks (a network body, `FileHandle.bytes` on Darwin, an `AsyncStream` you feed).
///
/// ```swift
/// for try await review in JSONAsyncStream(Review.self, format: .jsonLines, contentsOf: url) {
///     …
/// }
/// ```
///
/// Files are read with blocking `read` calls of ``JSONStreamOptions/chunkSize`` bytes from
/// the iterating task; for regular files these are short.
public struct JSONAsyncStream<Element: JSONDecodable>: AsyncSequence, Sendable {
    /// The layout of the input.
    public let format: JSONStreamFormat
    /// The decoder whose options apply to every element.
    public let decoder: JSONModelDecoder
    /// Limits and error handling.
    public let options: JSONStreamOptions
    let source: Source

    enum Source: Sendable {
        case blocking(JSONByteSource)
        case chunks(@Sendable () -> JSONAsyncChunkReader)
    }

    /// Streams the file at `url`.
    public init(
        _ type: Element.Type = Element.self, format: JSONStreamFormat, contentsOf url: URL,
        decoder: JSONModelDecoder = .init(), options: JSONStreamOptions = .init()
    ) {
        self.init(format: format, source: .blocking(.path(url.path)), decoder: decoder, options: options)
    }

    /// Streams from `fileHandle`, starting at its current offset. The handle is not closed.
    public init(
        _ type: Element.Type = Element.self, format: JSONStreamFormat, fileHandle: FileHandle,
        decoder: JSONModelDecoder = .init(), options: JSONStreamOptions = .init()
    ) {
        self.init(format: format, source: .blocking(.fileHandle(fileHandle)), decoder: decoder, options: options)
    }

    /// Streams over bytes in memory.
    public init(
        _ type: Element.Type = Element.self, format: JSONStreamFormat, bytes: [UInt8],
        decoder: JSONModelDecoder = .init(), options: JSONStreamOptions = .init()
    ) {
        self.init(format: format, source: .blocking(.bytes(bytes)), decoder: decoder, options: options)
    }

    /// Streams over an asynchronous sequence of bytes, gathered into chunks of
    /// ``JSONStreamOptions/chunkSize``. An error the sequence throws becomes a
    /// ``JSONStreamError/Kind/io`` error.
    public init<Bytes: AsyncSequence & Sendable>(
        _ type: Element.Type = Element.self, format: JSONStreamFormat, bytes: Bytes,
        decoder: JSONModelDecoder = .init(), options: JSONStreamOptions = .init()
    ) where Bytes.Element == UInt8 {
        let chunkSize = Swift.max(1, options.chunkSize)
        self.init(
            format: format, source: .chunks({ AsyncByteGatherer(bytes.makeAsyncIterator(), chunkSize: chunkSize) }),
            decoder: decoder, options: options)
    }

    /// Streams over an asynchronous sequence of byte chunks (`[UInt8]`, `Data`, …) of any size.
    /// An error the sequence throws becomes a ``JSONStreamError/Kind/io`` error.
    public init<Chunks: AsyncSequence & Sendable>(
        _ type: Element.Type = Element.self, format: JSONStreamFormat, chunks: Chunks,
        decoder: JSONModelDecoder = .init(), options: JSONStreamOptions = .init()
    ) where Chunks.Element: Collection, Chunks.Element.Element == UInt8 {
        self.init(
            format: format, source: .chunks({ AsyncChunkForwarder(chunks.makeAsyncIterator()) }), decoder: decoder,
            options: options)
    }

    init(format: JSONStreamFormat, source: Source, decoder: JSONModelDecoder, options: JSONStreamOptions) {
        self.format = format
        self.source = source
        self.decoder = decoder
        self.options = options
    }

    /// Starts reading.
    public func makeAsyncIterator() -> AsyncIterator {
        let scanner = JSONStreamScanner(format: format, options: options, parsingOptions: decoder.parsingOptions)
        switch source {
        case .blocking(let source):
            return AsyncIterator(scanner: scanner, input: .blocking(source.open()), decoder: decoder, options: options)
        case .chunks(let make):
            return AsyncIterator(scanner: scanner, input: .chunks(make()), decoder: decoder, options: options)
        }
    }

    /// Decodes every element, in order.
    ///
    /// - Throws: ``JSONStreamError``, as ``JSONStream/decodeAll()``.
    public func decodeAll() async throws(JSONStreamError) -> [Element] {
        var iterator = makeAsyncIterator()
        var result: [Element] = []
        while let element = try await iterator.nextElement() { result.append(element) }
        return result
    }

    /// Reads the stream's elements; see ``JSONAsyncStream``.
    public struct AsyncIterator: AsyncIteratorProtocol {
        enum Input {
            case blocking(JSONByteReader)
            case chunks(JSONAsyncChunkReader)
        }

        let scanner: JSONStreamScanner
        let input: Input
        let decoder: JSONModelDecoder
        let options: JSONStreamOptions
        private var finished = false

        init(scanner: JSONStreamScanner, input: Input, decoder: JSONModelDecoder, options: JSONStreamOptions) {
            self.scanner = scanner
            self.input = input
            self.decoder = decoder
            self.options = options
        }

        /// The next element, or `nil` at the end.
        ///
        /// - Throws: ``JSONStreamError``; after an error the iterator returns `nil`.
        public mutating func next() async throws -> Element? {
            try await nextElement()
        }

        /// The next element, or `nil` at the end, with the error type spelled out.
        ///
        /// - Throws: ``JSONStreamError`` (of kind ``JSONStreamError/Kind/cancelled`` when the task
        ///   is cancelled before more input is read); after an error the iterator returns `nil`.
        public mutating func nextElement() async throws(JSONStreamError) -> Element? {
            guard !finished else { return nil }
            while true {
                let failure: JSONStreamError
                switch scanner.next() {
                case .end:
                    finished = true
                    return nil
                case .needInput:
                    if Task.isCancelled {
                        finished = true
                        throw JSONStreamError(
                            .cancelled, "decoding was cancelled", elementIndex: nil, line: nil, column: nil,
                            byteOffset: nil)
                    }
                    do {
                        try await fill()
                    } catch {
                        finished = true
                        throw error
                    }
                    continue
                case .element(let element):
                    do {
                        return try decoder.decode(Element.self, fromBuffer: element.bytes)
                    } catch {
                        failure = element.position.error(for: error)
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

        private func fill() async throws(JSONStreamError) {
            switch input {
            case .blocking(let reader):
                let space = scanner.reserve()
                scanner.didWrite(try reader.read(into: space))
            case .chunks(let reader):
                do {
                    if let chunk = try await reader.nextChunk() {
                        chunk.withUnsafeBytes { scanner.append($0) }
                    } else {
                        scanner.didWrite(0)
                    }
                } catch {
                    throw JSONStreamError(
                        .io, "reading the input failed: \(error)", elementIndex: nil, line: nil, column: nil,
                        byteOffset: nil, underlyingError: SendableError(error))
                }
            }
        }
    }
}

/// A source of byte chunks for ``JSONAsyncStream``; each iterator owns one.
class JSONAsyncChunkReader {
    /// The next chunk (possibly empty), or `nil` at the end.
    func nextChunk() async throws -> [UInt8]? { nil }
}

/// Gathers single bytes from an async sequence into chunks.
final class AsyncByteGatherer<Base: AsyncIteratorProtocol>: JSONAsyncChunkReader where Base.Element == UInt8 {
    private var base: Base?
    private let chunkSize: Int

    init(_ base: Base, chunkSize: Int) {
        self.base = base
        self.chunkSize = chunkSize
    }

    override func nextChunk() async throws -> [UInt8]? {
        guard var iterator = base else { return nil }
        base = nil
        var chunk: [UInt8] = []
        chunk.reserveCapacity(chunkSize)
        while chunk.count < chunkSize, let byte = try await iterator.next() { chunk.append(byte) }
        if chunk.isEmpty { return nil }
        base = iterator
        return chunk
    }
}

/// Passes chunks of an async sequence through as arrays.
final class AsyncChunkForwarder<Base: AsyncIteratorProtocol>: JSONAsyncChunkReader
where Base.Element: Collection, Base.Element.Element == UInt8 {
    private var base: Base?

    init(_ base: Base) { self.base = base }

    override func nextChunk() async throws -> [UInt8]? {
        guard var iterator = base else { return nil }
        base = nil
        guard let chunk = try await iterator.next() else { return nil }
        base = iterator
        return Array(chunk)
    }
}
