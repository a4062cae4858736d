import Foundation

/// Writes versioned models to files and reads them back, migrating old versions, checking
/// integrity and replacing files atomically.
///
/// An archive is one JSON object on one line, the payload last:
///
/// ```json
/// {"format":"loom-archive","type":"Contact","version":3,"length":55,"checksum":"5c781003","payload":{"email":"ada@example.com","firstName":"Ada","tags":[]}}
/// ```
///
/// - `type`: ``JSONVersionedModel/archiveTypeName``, or `[Name]` for an array and
///   `[String: Name]` for a dictionary of models;
/// - `version`: the ``JSONVersionedModel/modelVersion`` that wrote it;
/// - `length`: the payload's size in bytes;
/// - `checksum`: CRC-32 (``CRC32``) of exactly those payload bytes, 8 lowercase hex digits.
///
/// Reading parses and validates the whole file, checks the length and checksum, the type and
/// version, runs the migrations and decodes; any failure throws a ``JSONArchiveError`` and
/// nothing is returned. Writing goes through ``AtomicFileWriter``: the previous archive
/// survives any failure.
///
/// ```swift
/// let archive = JSONArchive()
/// try archive.write(contacts, to: url)                  // [Contact]
/// let contacts = try archive.read([Contact].self, from: url)
/// ```
public struct JSONArchive: Sendable {
    /// The value of the envelope's `format` field.
    public static let formatName = "loom-archive"

    /// Decodes payloads; its options (key strategy, parsing limits…) apply.
    public var decoder = JSONModelDecoder()
    /// Encodes payloads; its writing options apply to the payload (the envelope is compact).
    public var encoder = JSONModelEncoder()
    /// Replaces archive files; see ``AtomicFileWriter`` for the steps and guarantees.
    public var fileWriter = AtomicFileWriter()

    /// Creates an archive reader and writer with default options.
    public init() {}

    // MARK: Writing

    /// Writes `model` to `url` atomically.
    ///
    /// - Throws: ``JSONArchiveError`` of kind ``JSONArchiveError/Kind/encodingFailed`` or
    ///   ``JSONArchiveError/Kind/fileSystem`` (wrapping an ``AtomicWriteError``); the previous
    ///   file is then intact.
    public func write<T: JSONVersionedModel>(_ model: T, to url: URL) throws(JSONArchiveError) {
        try writeFile(try archiveBytes(model), to: url)
    }

    /// Writes `models` as an array to `url` atomically.
    ///
    /// - Throws: ``JSONArchiveError``, as the single-model `write(_:to:)`.
    public func write<T: JSONVersionedModel>(_ models: [T], to url: URL) throws(JSONArchiveError) {
        try writeFile(try archiveBytes(models), to: url)
    }

    /// Writes `models` as an object keyed by the dictionary's keys (sorted, so equal
    /// dictionaries give equal files) to `url` atomically.
    ///
    /// - Throws: ``JSONArchiveError``, as the single-model `write(_:to:)`.
    public func write<T: JSONVersionedModel>(_ models: [String: T], to url: URL) throws(JSONArchiveError) {
        try writeFile(try archiveBytes(models), to: url)
    }

    /// The archive of `model` as bytes, without writing a file.
    ///
    /// - Throws: ``JSONArchiveError`` of kind ``JSONArchiveError/Kind/encodingFailed``.
    public func archiveBytes<T: JSONVersionedModel>(_ model: T) throws(JSONArchiveError) -> [UInt8] {
        let payload = try encodePayload(T.self) { try encoder.encodeBytes(model) }
        return Self.envelope(type: T.archiveTypeName, version: T.modelVersion, payload: payload)
    }

    /// The archive of `models` as bytes, without writing a file.
    ///
    /// - Throws: ``JSONArchiveError`` of kind ``JSONArchiveError/Kind/encodingFailed``.
    public func archiveBytes<T: JSONVersionedModel>(_ models: [T]) throws(JSONArchiveError) -> [UInt8] {
        let payload = try encodePayload(T.self) { try encoder.encodeBytes(models) }
        return Self.envelope(type: Shape.array.typeName(T.self), version: T.modelVersion, payload: payload)
    }

    /// The archive of `models` as bytes, without writing a file.
    ///
    /// - Throws: ``JSONArchiveError`` of kind ``JSONArchiveError/Kind/encodingFailed``.
    public func archiveBytes<T: JSONVersionedModel>(_ models: [String: T]) throws(JSONArchiveError) -> [UInt8] {
        let payload = try encodePayload(T.self) {
            if encoder.writingOptions.sortedKeys { return try encoder.encodeBytes(models) }
            var writer = JSONWriter(options: encoder.writingOptions)
            let context = JSONEncodingContext(encoder: encoder)
            try writer.beginObject()
            for key in models.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                writer.writeKey(key)
                try models[key].map { try $0.encode(to: &writer, context: context) }
            }
            writer.endObject()
            return writer.bytes
        }
        return Self.envelope(type: Shape.dictionary.typeName(T.self), version: T.modelVersion, payload: payload)
    }

    private func encodePayload<T>(_ type: T.Type, _ body: () throws -> [UInt8]) throws(JSONArchiveError) -> [UInt8] {
        do {
            return try body()
        } catch let error as JSONError {
            throw JSONArchiveError(.encodingFailed, "could not encode \(T.self): \(error)", underlyingError: error)
        } catch {
            throw JSONArchiveError(
                .encodingFailed, "could not encode \(T.self): \(error)", underlyingError: SendableError(error))
        }
    }

    static func envelope(type: String, version: Int, payload: [UInt8]) -> [UInt8] {
        var escaper = JSONWriter()
        escaper.write(type)
        let escapedType = escaper.bytes
        var bytes: [UInt8] = []
        bytes.reserveCapacity(payload.count + 160)
        bytes.append(contentsOf: #"{"format":"\#(formatName)","type":"#.utf8)
        bytes.append(contentsOf: escapedType)
        bytes.append(contentsOf: #","version":\#(version),"length":\#(payload.count),"checksum":""#.utf8)
        var crc = CRC32()
        crc.update(payload)
        bytes.append(contentsOf: crc.hexDigest.utf8)
        bytes.append(contentsOf: #"","payload":"#.utf8)
        bytes.append(contentsOf: payload)
        bytes.append(contentsOf: "}\n".utf8)
        return bytes
    }

    private func writeFile(_ bytes: [UInt8], to url: URL) throws(JSONArchiveError) {
        do {
            try fileWriter.write(bytes, to: url)
        } catch {
            throw JSONArchiveError(.fileSystem, error.description, path: url.path, underlyingError: error)
        }
    }

    // MARK: Reading

    /// Reads one model from the archive at `url`, migrating it from an older version.
    ///
    /// - Throws: ``JSONArchiveError``: ``JSONArchiveError/Kind/fileSystem`` when the file cannot
    ///   be read; ``JSONArchiveError/Kind/truncated``, ``JSONArchiveError/Kind/corrupted``,
    ///   ``JSONArchiveError/Kind/checksumMismatch`` or ``JSONArchiveError/Kind/notAnArchive`` for
    ///   a damaged or foreign file; ``JSONArchiveError/Kind/typeMismatch``,
    ///   ``JSONArchiveError/Kind/unsupportedVersion``, ``JSONArchiveError/Kind/missingMigration``,
    ///   ``JSONArchiveError/Kind/migrationFailed`` or ``JSONArchiveError/Kind/decodingFailed``
    ///   when the content does not fit `T`. The error's ``JSONArchiveError/path`` is `url`'s path.
    public func read<T: JSONVersionedModel>(_ type: T.Type, from url: URL) throws(JSONArchiveError) -> T {
        try withPath(url) { () throws(JSONArchiveError) in try decode(T.self, fromArchive: try readFile(url)) }
    }

    /// Reads an array of models from the archive at `url`, migrating each from an older version.
    ///
    /// - Throws: ``JSONArchiveError``, as the single-model `read(_:from:)`.
    public func read<T: JSONVersionedModel>(_ type: [T].Type, from url: URL) throws(JSONArchiveError) -> [T] {
        try withPath(url) { () throws(JSONArchiveError) in try decode([T].self, fromArchive: try readFile(url)) }
    }

    /// Reads a dictionary of models from the archive at `url`, migrating each from an older version.
    ///
    /// - Throws: ``JSONArchiveError``, as the single-model `read(_:from:)`.
    public func read<T: JSONVersionedModel>(_ type: [String: T].Type, from url: URL) throws(JSONArchiveError)
        -> [String: T]
    {
        try withPath(url) { () throws(JSONArchiveError) in
            try decode([String: T].self, fromArchive: try readFile(url))
        }
    }

    /// Decodes one model from archive bytes.
    ///
    /// - Throws: ``JSONArchiveError``, as the single-model `read(_:from:)`.
    public func decode<T: JSONVersionedModel>(_ type: T.Type, fromArchive bytes: [UInt8]) throws(JSONArchiveError)
        -> T
    {
        try decodeArchive(T.self, as: T.self, shape: .single, bytes)
    }

    /// Decodes an array of models from archive bytes.
    ///
    /// - Throws: ``JSONArchiveError``, as the single-model `read(_:from:)`.
    public func decode<T: JSONVersionedModel>(_ type: [T].Type, fromArchive bytes: [UInt8]) throws(JSONArchiveError)
        -> [T]
    {
        try decodeArchive(T.self, as: [T].self, shape: .array, bytes)
    }

    /// Decodes a dictionary of models from archive bytes.
    ///
    /// - Throws: ``JSONArchiveError``, as the single-model `read(_:from:)`.
    public func decode<T: JSONVersionedModel>(_ type: [String: T].Type, fromArchive bytes: [UInt8])
        throws(JSONArchiveError) -> [String: T]
    {
        try decodeArchive(T.self, as: [String: T].self, shape: .dictionary, bytes)
    }

    /// Reads and verifies the archive at `url` without decoding its payload into a model:
    /// for tools, and to look at an archive of a type this build does not have.
    ///
    /// - Throws: ``JSONArchiveError`` of kind ``JSONArchiveError/Kind/fileSystem``,
    ///   ``JSONArchiveError/Kind/truncated``, ``JSONArchiveError/Kind/corrupted``,
    ///   ``JSONArchiveError/Kind/checksumMismatch`` or ``JSONArchiveError/Kind/notAnArchive``.
    public func readEnvelope(from url: URL) throws(JSONArchiveError) -> JSONArchiveEnvelope {
        try withPath(url) { () throws(JSONArchiveError) in try envelope(fromArchive: try readFile(url)) }
    }

    /// Verifies archive bytes and returns their header and payload.
    ///
    /// - Throws: ``JSONArchiveError``, as ``readEnvelope(from:)``.
    public func envelope(fromArchive bytes: [UInt8]) throws(JSONArchiveError) -> JSONArchiveEnvelope {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONArchiveError) in
            let document = try Self.parse(buffer, options: decoder.parsingOptions)
            return try withExtendedLifetime(document) { () throws(JSONArchiveError) in
                let verified = try Self.verify(document)
                return JSONArchiveEnvelope(
                    typeName: verified.typeName, version: verified.version, checksum: verified.checksum,
                    payload: JSONValue(element: verified.payload))
            }
        }
    }

    private func readFile(_ url: URL) throws(JSONArchiveError) -> [UInt8] {
        switch readWholeFile(atPath: url.path) {
        case .success(let bytes): return bytes
        case .failure(let error):
            throw JSONArchiveError(.fileSystem, "could not read the archive: \(error.message)")
        }
    }

    private func withPath<R>(_ url: URL, _ body: () throws(JSONArchiveError) -> R) throws(JSONArchiveError) -> R {
        do {
            return try body()
        } catch {
            var located = error
            located.path = url.path
            throw located
        }
    }

    enum Shape {
        case single, array, dictionary

        func typeName<T: JSONVersionedModel>(_ type: T.Type) -> String {
            switch self {
            case .single: return T.archiveTypeName
            case .array: return "[\(T.archiveTypeName)]"
            case .dictionary: return "[String: \(T.archiveTypeName)]"
            }
        }
    }

    /// The header fields and payload element of a parsed, verified archive.
    struct Verified {
        var typeName: String
        var version: Int
        var checksum: UInt32
        var payload: JSONElement
    }

    private func decodeArchive<T: JSONVersionedModel, R: JSONDecodable>(
        _ model: T.Type, as result: R.Type, shape: Shape, _ bytes: [UInt8]
    ) throws(JSONArchiveError) -> R {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONArchiveError) -> R in
            let document = try Self.parse(buffer, options: decoder.parsingOptions)
            return try withExtendedLifetime(document) { () throws(JSONArchiveError) -> R in
                let verified = try Self.verify(document)
                let expected = shape.typeName(T.self)
                guard verified.typeName == expected else {
                    throw JSONArchiveError(
                        .typeMismatch, "the archive holds \"\(verified.typeName)\", expected \"\(expected)\"")
                }
                let plan = try T.migrationPlan(from: verified.version)
                if plan.isEmpty {
                    do {
                        return try R(json: verified.payload, context: JSONDecodingContext(decoder: decoder))
                    } catch {
                        throw Self.decodingFailure(error, expected: expected, migrated: false)
                    }
                }
                var payload = JSONValue(element: verified.payload)
                try Self.migrate(&payload, shape: shape, plan: plan)
                do {
                    return try decoder.decode(R.self, from: payload)
                } catch {
                    throw Self.decodingFailure(error, expected: expected, migrated: true)
                }
            }
        }
    }

    /// Runs `plan` on every model in the payload.
    static func migrate(_ payload: inout JSONValue, shape: Shape, plan: [JSONMigration]) throws(JSONArchiveError) {
        func run(_ value: inout JSONValue, at location: String) throws(JSONArchiveError) {
            for migration in plan {
                do {
                    try migration.apply(to: &value)
                } catch {
                    let message = location.isEmpty ? error.message : "\(location): \(error.message)"
                    throw JSONArchiveError(.migrationFailed, message, underlyingError: error.underlyingError)
                }
            }
        }
        switch shape {
        case .single:
            try run(&payload, at: "")
        case .array:
            guard case .array(var elements) = payload else {
                throw JSONArchiveError(
                    .corrupted, "the payload is \(JSONValue.kindDescription(payload)), expected an array")
            }
            payload = .null
            for index in elements.indices { try run(&elements[index], at: "[\(index)]") }
            payload = .array(elements)
        case .dictionary:
            guard case .object(let object) = payload else {
                throw JSONArchiveError(
                    .corrupted, "the payload is \(JSONValue.kindDescription(payload)), expected an object")
            }
            var migrated = JSONObject()
            for (key, value) in object {
                var value = value
                try run(&value, at: "[\"\(key)\"]")
                migrated[key] = value
            }
            payload = .object(migrated)
        }
    }

    private static func decodingFailure(_ error: any Error, expected: String, migrated: Bool) -> JSONArchiveError {
        guard var decoding = error as? JSONDecodingError else {
            return JSONArchiveError(
                .decodingFailed, "the payload does not decode as \(expected): \(error)",
                underlyingError: SendableError(error))
        }
        if migrated {
            // Positions would point into the migrated JSON, which is not in the file.
            decoding.line = nil
            decoding.column = nil
            decoding.byteOffset = nil
            decoding.errors = decoding.errors.map {
                var error = $0
                error.line = nil
                error.column = nil
                error.byteOffset = nil
                return error
            }
        }
        let stage = migrated ? " after migration" : ""
        return JSONArchiveError(
            .decodingFailed, "the payload does not decode as \(expected)\(stage): \(decoding)",
            underlyingError: decoding)
    }

    // MARK: Envelope

    static func parse(_ buffer: UnsafeBufferPointer<UInt8>, options: JSONParsingOptions) throws(JSONArchiveError)
        -> JSONDocument
    {
        if buffer.isEmpty { throw JSONArchiveError(.truncated, "the archive is empty") }
        do {
            return try JSONDocument(borrowing: buffer, options: options)
        } catch {
            switch error.kind {
            case .unexpectedEndOfInput, .emptyInput:
                throw JSONArchiveError(.truncated, "the archive is truncated: \(error)", underlyingError: error)
            default:
                throw JSONArchiveError(.corrupted, "the archive is not valid JSON: \(error)", underlyingError: error)
            }
        }
    }

    static func verify(_ document: JSONDocument) throws(JSONArchiveError) -> Verified {
        let root = document.root
        guard root.kind == .object, root["format"]?.stringValue == formatName else {
            throw JSONArchiveError(.notAnArchive, "not a loom archive: expected an object with \"format\": \"\(formatName)\"")
        }
        func field<V>(_ name: String, _ what: String, _ read: (JSONElement) -> V?) throws(JSONArchiveError) -> V {
            guard let element = root[name], let value = read(element) else {
                throw JSONArchiveError(.corrupted, "the archive header field \"\(name)\" is missing or not \(what)")
            }
            return value
        }
        let typeName = try field("type", "a string") { $0.stringValue }
        let version = try field("version", "an integer") { $0.integerValue(Int.self) }
        let length = try field("length", "a non-negative integer") { $0.integerValue(Int.self).flatMap { $0 >= 0 ? $0 : nil } }
        let checksum = try field("checksum", "8 hexadecimal digits") { element -> UInt32? in
            guard let text = element.stringValue, text.utf8.count == 8 else { return nil }
            return UInt32(text, radix: 16)
        }
        // The payload is the last member; its bytes run from its first byte for `length`
        // bytes, followed only by whitespace, the closing brace and whitespace.
        var last: (key: JSONElement, value: JSONElement)?
        for member in root.members { last = member }
        guard let last, last.key.stringValue == "payload" else {
            throw JSONArchiveError(.corrupted, "the archive has no payload as its last member")
        }
        let input = document.input
        let start = last.value.byteOffset
        let end = start + length
        guard end <= input.count, payloadEndIsClean(input, from: end) else {
            throw JSONArchiveError(.corrupted, "the payload length differs from the \(length) bytes the header gives")
        }
        let actual = CRC32.checksum(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: input[start..<end])))
        guard actual == checksum else {
            throw JSONArchiveError(
                .checksumMismatch,
                "checksum mismatch: the header says \(hex(checksum)), the payload gives \(hex(actual))")
        }
        return Verified(typeName: typeName, version: version, checksum: checksum, payload: last.value)
    }

    /// Whether only whitespace, one `}` and whitespace follow `offset`.
    private static func payloadEndIsClean(_ input: UnsafeBufferPointer<UInt8>, from offset: Int) -> Bool {
        var index = offset
        var braces = 0
        while index < input.count {
            switch input[index] {
            case 0x20, 0x09, 0x0A, 0x0D: break
            case UInt8(ascii: "}"): braces += 1
            default: return false
            }
            index += 1
        }
        return braces == 1
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}

/// The verified header and payload of an archive, read without a model type.
public struct JSONArchiveEnvelope: Sendable, Hashable {
    /// The archived type's name: `Contact`, `[Contact]` or `[String: Contact]`.
    public let typeName: String
    /// The model version the archive was written with.
    public let version: Int
    /// The CRC-32 of the payload bytes, already checked.
    public let checksum: UInt32
    /// The payload, as written (not migrated).
    public let payload: JSONValue
}
