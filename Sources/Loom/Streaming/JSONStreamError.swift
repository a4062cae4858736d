import Foundation

/// An error reading a stream of JSON values (JSON Lines or a top-level array), with the
/// position of the offending element in the whole stream.
///
/// The description reads like `line 3, column 18: expected ',' or '}' after object member, found ']'`
/// or, for a value that parses but does not fit the model,
/// `line 7, column 12: prices: expected String, found number 5`.
public struct JSONStreamError: Error, Sendable, CustomStringConvertible {
    /// The category of a ``JSONStreamError``.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// An element is not valid JSON; ``JSONStreamError/syntaxError`` has the details.
        case syntax
        /// An element is valid JSON but does not decode as the model;
        /// ``JSONStreamError/decodingError`` has the details.
        case decoding
        /// An element is larger than ``JSONStreamOptions/maxElementSize``.
        case elementTooLarge
        /// The top-level array itself is malformed (no `[`, a missing comma, data after `]`, the
        /// input ending inside the array). The stream cannot continue after it.
        case framing
        /// Reading the input failed. The stream cannot continue after it.
        case io
        /// The task decoding the stream was cancelled.
        case cancelled
    }

    /// What went wrong.
    public let kind: Kind
    /// The reason, without position: `expected ',' or ']' after an array element, found '2'`.
    public let message: String
    /// The 0-based number of the element (JSON Lines: of the non-blank line) the error concerns.
    public let elementIndex: Int?
    /// The 1-based line in the stream.
    public let line: Int?
    /// The 1-based column in the stream, counted in Unicode scalars from the start of the line.
    public let column: Int?
    /// The 0-based byte offset in the stream.
    public let byteOffset: Int?
    /// The parse error of the element, with its position in the whole stream.
    public let syntaxError: JSONError?
    /// The decoding error of the element, with its positions in the whole stream.
    public let decodingError: JSONDecodingError?
    /// The error of the underlying input, for kind ``Kind/io``.
    public let underlyingError: (any Error & Sendable)?

    init(
        _ kind: Kind, _ message: String, elementIndex: Int?, line: Int?, column: Int?, byteOffset: Int?,
        syntaxError: JSONError? = nil, decodingError: JSONDecodingError? = nil,
        underlyingError: (any Error & Sendable)? = nil
    ) {
        self.kind = kind
        self.message = message
        self.elementIndex = elementIndex
        self.line = line
        self.column = column
        self.byteOffset = byteOffset
        self.syntaxError = syntaxError
        self.decodingError = decodingError
        self.underlyingError = underlyingError
    }

    /// Whether ``JSONStreamOptions/ErrorPolicy/skip`` can skip the element and go on: true for
    /// ``Kind/syntax``, ``Kind/decoding`` and ``Kind/elementTooLarge``.
    public var isSkippable: Bool { kind == .syntax || kind == .decoding || kind == .elementTooLarge }

    /// The message, prefixed with `line L, column C: ` when the position is known.
    public var description: String {
        if let line, let column { return "line \(line), column \(column): \(message)" }
        return message
    }

    /// Sorts errors by where they occur in the stream; errors without position come last.
    var streamOrder: Int { byteOffset ?? .max }
}

/// Where an element starts in the stream; maps positions inside the element to the stream.
struct StreamPosition: Sendable, Hashable {
    var index: Int
    var line: Int
    var column: Int
    var byteOffset: Int

    /// Maps a 1-based line/column inside the element to the stream.
    func map(line innerLine: Int, column innerColumn: Int) -> (line: Int, column: Int) {
        innerLine <= 1 ? (line, column + innerColumn - 1) : (line + innerLine - 1, innerColumn)
    }

    /// The stream error for a failure to decode the element at this position; `prefix` is the
    /// path of the array the element is in, for a stream of an array inside an envelope.
    func error(for failure: any Error, under prefix: [JSONPathComponent] = []) -> JSONStreamError {
        guard let decoding = failure as? JSONDecodingError else {
            return JSONStreamError(
                .decoding, String(describing: failure), elementIndex: index, line: line, column: column,
                byteOffset: byteOffset, underlyingError: SendableError(failure))
        }
        if decoding.kind == .syntax, let syntax = decoding.syntaxError {
            let mapped = map(syntax)
            return JSONStreamError(
                .syntax, syntax.message, elementIndex: index, line: mapped.line, column: mapped.column,
                byteOffset: mapped.byteOffset, syntaxError: mapped)
        }
        var mapped = map(decoding)
        if !prefix.isEmpty { mapped = mapped.underPath(prefix + [.index(index)]) }
        var message = mapped.path.isEmpty ? mapped.reason : "\(mapped.pathDescription): \(mapped.reason)"
        if mapped.kind == .multiple { message = mapped.description }
        return JSONStreamError(
            .decoding, message, elementIndex: index, line: mapped.line ?? line, column: mapped.column ?? column,
            byteOffset: mapped.byteOffset ?? byteOffset, decodingError: mapped)
    }

    func map(_ error: JSONError) -> JSONError {
        guard let innerLine = error.line, let innerColumn = error.column, let offset = error.byteOffset else {
            return error
        }
        let (line, column) = map(line: innerLine, column: innerColumn)
        return JSONError(
            kind: error.kind, message: error.message, byteOffset: byteOffset + offset, line: line, column: column,
            excerpt: error.excerpt)
    }

    func map(_ error: JSONDecodingError) -> JSONDecodingError {
        var copy = error
        if let innerLine = error.line, let innerColumn = error.column {
            (copy.line, copy.column) = map(line: innerLine, column: innerColumn)
        }
        if let offset = error.byteOffset { copy.byteOffset = byteOffset + offset }
        if let syntax = error.syntaxError { copy.syntaxError = map(syntax) }
        copy.errors = error.errors.map { map($0) }
        return copy
    }
}

extension JSONError {
    /// An error with an explicit position (used to move an element's error into the stream).
    init(kind: Kind, message: String, byteOffset: Int, line: Int, column: Int, excerpt: String?) {
        self.kind = kind
        self.message = message
        self.byteOffset = byteOffset
        self.line = line
        self.column = column
        self.excerpt = excerpt
    }
}
