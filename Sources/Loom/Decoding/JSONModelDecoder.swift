import Foundation

/// Decodes models from JSON and carries the options that apply to a whole decode.
///
/// ```swift
/// var decoder = JSONModelDecoder()
/// decoder.keyStrategy = .snakeCase
/// decoder.unknownKeys = .reject
/// let issue = try decoder.decode(GHIssue.self, from: data)
/// ```
public struct JSONModelDecoder: Sendable {
    /// What to do with keys no property maps.
    public enum UnknownKeyPolicy: Sendable, Hashable {
        /// Skip them (the default).
        case ignore
        /// Fail, listing every unknown key of the object with its path.
        case reject
    }

    /// Key strategy for properties without an explicit `@JSONKey`. Default: property names.
    public var keyStrategy: JSONKeyStrategy = .useDefaultKeys
    /// How `Date` properties without a transformer are read. Default: ISO 8601.
    public var dateStrategy: JSONDateStrategy = .iso8601
    /// Unknown keys: ignored by default.
    public var unknownKeys: UnknownKeyPolicy = .ignore
    /// Treat `null` like a missing key, so non-optional properties with a default take it.
    public var nullAsMissing = false
    /// Report every failing path in one error of kind ``JSONDecodingError/Kind/multiple``
    /// instead of stopping at the first.
    public var collectsAllErrors = false
    /// The most errors collected before decoding stops. Default 100.
    public var maxCollectedErrors = 100
    /// Limits and leniencies of the JSON parser (nesting depth, duplicate keys, sizes).
    public var parsingOptions = JSONParsingOptions()
    /// How `Data` properties without a transformer are read. Default: standard base64.
    public var dataStrategy: JSONDataStrategy = .base64
    /// Whether values of another JSON type are converted (`"10"` for an `Int`). Default:
    /// ``JSONCoercion/strict``. `@JSONLenient` switches it on for one model or property.
    public var coercion: JSONCoercion = .strict
    /// Drop the elements of arrays, sets and dictionaries that fail to decode, noting each,
    /// instead of failing the whole decode. Off by default; `@JSONLossy` switches it on for
    /// one property's collections.
    public var lossyCollections = false
    /// Called after every successful decode with what it bent (coercions, defaults used for
    /// `null`, dropped elements), even when nothing was. `nil` (the default) records nothing.
    public var report: (@Sendable (JSONDecodingReport) -> Void)?

    /// Creates a decoder with default options.
    public init() {}

    /// Decodes a `T` from JSON bytes.
    ///
    /// - Throws: ``JSONDecodingError`` (kind ``JSONDecodingError/Kind/syntax`` for invalid JSON).
    public func decode<T: JSONDecodable>(_ type: T.Type = T.self, from data: Data) throws -> T {
        try data.withUnsafeBytes { raw in try decode(T.self, fromBuffer: raw.bindMemory(to: UInt8.self)) }
    }

    /// Decodes a `T` from JSON bytes.
    ///
    /// - Throws: ``JSONDecodingError`` (kind ``JSONDecodingError/Kind/syntax`` for invalid JSON).
    public func decode<T: JSONDecodable>(_ type: T.Type = T.self, from bytes: [UInt8]) throws -> T {
        try bytes.withUnsafeBufferPointer { try decode(T.self, fromBuffer: $0) }
    }

    /// Decodes a `T` from JSON text.
    ///
    /// - Throws: ``JSONDecodingError`` (kind ``JSONDecodingError/Kind/syntax`` for invalid JSON).
    public func decode<T: JSONDecodable>(_ type: T.Type = T.self, from string: String) throws -> T {
        var string = string
        return try string.withUTF8 { try decode(T.self, fromBuffer: $0) }
    }

    /// Decodes a `T` from an already parsed value.
    ///
    /// - Throws: ``JSONDecodingError``.
    public func decode<T: JSONDecodable>(_ type: T.Type = T.self, from value: JSONValue) throws -> T {
        let bytes: [UInt8]
        do {
            bytes = try value.jsonBytes()
        } catch {
            throw JSONDecodingError(.invalidValue, reason: error.message)
        }
        return try decode(T.self, from: bytes)
    }

    /// Decodes a `T` from the root of a parsed document.
    ///
    /// - Throws: ``JSONDecodingError``.
    public func decode<T: JSONDecodable>(_ type: T.Type = T.self, from document: JSONDocument) throws -> T {
        try withExtendedLifetime(document) { try decodeRoot(T.self, document, reporting: false).value }
    }

    /// Decodes a `T` from JSON bytes and returns what the decode bent with it.
    ///
    /// ```swift
    /// var decoder = JSONModelDecoder()
    /// decoder.coercion = .lenient
    /// let (feed, report) = try decoder.decodeWithReport(Feed.self, from: data)
    /// for note in report.notes { log(note) }   // stories[3].id: converted string "7" to Int (line 9, column 12)
    /// ```
    ///
    /// - Throws: ``JSONDecodingError`` (kind ``JSONDecodingError/Kind/syntax`` for invalid JSON).
    public func decodeWithReport<T: JSONDecodable>(_ type: T.Type = T.self, from data: Data) throws -> (
        value: T, report: JSONDecodingReport
    ) {
        try data.withUnsafeBytes { raw in try decodeWithReport(T.self, fromBuffer: raw.bindMemory(to: UInt8.self)) }
    }

    /// Decodes a `T` from JSON text and returns what the decode bent with it.
    ///
    /// - Throws: ``JSONDecodingError`` (kind ``JSONDecodingError/Kind/syntax`` for invalid JSON).
    public func decodeWithReport<T: JSONDecodable>(_ type: T.Type = T.self, from string: String) throws -> (
        value: T, report: JSONDecodingReport
    ) {
        var string = string
        return try string.withUTF8 { try decodeWithReport(T.self, fromBuffer: $0) }
    }

    /// Decodes a `T` from the root of a parsed document and returns what the decode bent with it.
    ///
    /// - Throws: ``JSONDecodingError``.
    public func decodeWithReport<T: JSONDecodable>(_ type: T.Type = T.self, from document: JSONDocument) throws -> (
        value: T, report: JSONDecodingReport
    ) {
        try withExtendedLifetime(document) {
            let (value, report) = try decodeRoot(T.self, document, reporting: true)
            return (value, report ?? JSONDecodingReport())
        }
    }

    func decodeWithReport<T: JSONDecodable>(_ type: T.Type, fromBuffer buffer: UnsafeBufferPointer<UInt8>) throws -> (
        value: T, report: JSONDecodingReport
    ) {
        // Read directly, a decode bends nothing: the reader falls back wherever a note would be.
        if T._readsDirectly,
            let value = _JSONReader.decode(T.self, from: buffer, context: JSONDecodingContext(decoder: self), reporting: true)
        {
            let empty = JSONDecodingReport()
            report?(empty)
            return (value, empty)
        }
        let document: JSONDocument
        do {
            document = try JSONDocument(borrowing: buffer, options: parsingOptions)
        } catch {
            throw JSONDecodingError(syntaxError: error)
        }
        return try withExtendedLifetime(document) {
            let (value, report) = try decodeRoot(T.self, document, reporting: true)
            return (value, report ?? JSONDecodingReport())
        }
    }

    /// Decodes the root; with a report requested (or a ``report`` callback) notes are
    /// collected and resolved to paths while the input is still alive.
    @usableFromInline
    func decodeRoot<T: JSONDecodable>(_ type: T.Type, _ document: JSONDocument, reporting: Bool) throws -> (
        value: T, report: JSONDecodingReport?
    ) {
        guard reporting || report != nil else {
            return (try T._makeInstance(json: document.root, context: rootContext(for: T.self, notes: nil)), nil)
        }
        let notes = JSONNoteSink(document: document)
        let value = try T._makeInstance(json: document.root, context: rootContext(for: T.self, notes: notes))
        let result = JSONDecodingReport(notes: notes.resolve())
        report?(result)
        return (value, result)
    }

    /// Decodes from bytes that stay valid during the call; the parse borrows them.
    ///
    /// A type that reads directly is read from the bytes first (`_JSONReader`); whatever
    /// that path does not handle, and every other type, is decoded from a parsed document.
    @inlinable
    func decode<T: JSONDecodable>(_ type: T.Type, fromBuffer buffer: UnsafeBufferPointer<UInt8>) throws -> T {
        var context = JSONDecodingContext(decoder: self)
        if T._readsDirectly, let value = _JSONReader.decode(T.self, from: buffer, context: context) {
            report?(JSONDecodingReport())
            return value
        }
        let document: JSONDocument
        do {
            document = try JSONDocument(borrowing: buffer, options: parsingOptions)
        } catch {
            throw JSONDecodingError(syntaxError: error)
        }
        context.wholeInputType = ObjectIdentifier(T.self)
        return try withExtendedLifetime(document) {
            if report != nil { return try decodeRoot(T.self, document, reporting: true).value }
            return try T._makeInstance(json: document.root, context: context)
        }
    }

    /// The context for decoding a document of the whole input as a `T`.
    func rootContext<T>(for type: T.Type, notes: JSONNoteSink?) -> JSONDecodingContext {
        var context = JSONDecodingContext(decoder: self, notes: notes)
        context.wholeInputType = ObjectIdentifier(T.self)
        return context
    }
}

extension JSONDecodingError {
    @usableFromInline
    init(syntaxError error: JSONError) { self.init(syntax: error) }
}
