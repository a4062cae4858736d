import Foundation

// Decoding the value at a path inside a larger document (an API's envelope): the bytes
// around the value are passed over as the reader skips unmapped members, validated but not
// recorded, and only the value itself is decoded.

extension JSONPathComponent {
    /// Splits a path such as `data.items[0].user` into its steps.
    ///
    /// Keys are separated by dots as in `@JSONKey` key paths; `[N]` after a key (or at the
    /// start) is the element at index `N` of an array. `\.`, `\[` and `\\` are a literal dot,
    /// bracket and backslash inside a key. The empty path is the root.
    ///
    /// - Throws: ``JSONDecodingError`` of kind ``JSONDecodingError/Kind/invalidValue`` for a
    ///   malformed index (`items[x]`, `items[1`) or text after `]` that is neither `.` nor `[`.
    static func steps(ofPath path: String) throws(JSONDecodingError) -> [JSONPathComponent] {
        do {
            return try KeySpelling.pathSteps(path).map { step in
                switch step {
                case .key(let key): return .key(key)
                case .index(let index): return .index(index)
                }
            }
        } catch {
            throw JSONDecodingError(.invalidValue, reason: "invalid path \(quoted(path)): \(error.reason)")
        }
    }
}

private func quoted(_ text: String) -> String {
    var writer = JSONWriter()
    writer.write(text)
    return writer.string
}

/// Finds the value at a path on the bytes, and checks the rest of the input around it, with
/// the scanner that skips unmapped values: nothing is recorded on the way.
///
/// It handles valid input in which the path exists; for anything else it gives up (`nil`),
/// and the decode parses the whole input into a document, which reports the problem.
struct JSONPathLocator {
    let scanner: JSONByteScanner
    let steps: [JSONPathComponent]
    /// The steps' keys as UTF-8, `nil` for indices.
    let keys: [[UInt8]?]
    let maxDepth: Int
    /// Whether a repeated key on the path wins over the first (``JSONParsingOptions/DuplicateKeyPolicy/useLast``).
    let lastKeyWins: Bool

    init(_ input: UnsafeBufferPointer<UInt8>, steps: [JSONPathComponent], options: JSONParsingOptions) {
        scanner = JSONByteScanner(input, options: options)
        self.steps = steps
        keys = steps.map { step in
            if case .key(let key) = step { return Array(key.utf8) }
            return nil
        }
        maxDepth = options.maxDepth
        lastKeyWins = options.duplicateKeys == .useLast
    }

    /// How many levels a member of the container at path level `level` may nest.
    private func levels(inside level: Int) -> Int { min(64, maxDepth - level - 1) }

    private func keyEquals(_ quote: Int, _ close: Int, flags: UInt64, _ key: [UInt8]) -> Bool {
        let raw = UnsafeBufferPointer(start: scanner.base + quote + 1, count: close - quote - 1)
        if flags & stringHasEscapesFlag != 0 { return unescapeJSONString(raw) == key }
        return raw.count == key.count && raw.elementsEqual(key)
    }

    /// The key at `quote` and its colon: the key's end and flags and where the value starts.
    private func member(at quote: Int) -> (close: Int, flags: UInt64, value: Int)? {
        guard quote < scanner.end, scanner.base[quote] == UInt8(ascii: "\""),
            let (close, flags) = try? scanner.stringEnd(quote: quote, from: quote + 1)
        else { return nil }
        let colon = scanner.whitespaceEnd(from: close + 1)
        guard colon < scanner.end, scanner.base[colon] == UInt8(ascii: ":") else { return nil }
        return (close, flags, scanner.valueStart(afterColon: colon))
    }

    /// Where the value at the path starts: the first member with each key, the element at
    /// each index.
    func valueStart() -> Int? {
        let base = scanner.base
        var position = scanner.whitespaceEnd(from: 0)
        for (level, step) in steps.enumerated() {
            guard level < maxDepth, position < scanner.end else { return nil }
            let isObject: Bool
            if case .key = step { isObject = true } else { isObject = false }
            guard base[position] == (isObject ? UInt8(ascii: "{") : UInt8(ascii: "[")) else { return nil }
            position = scanner.whitespaceEnd(from: position + 1)
            var count = 0
            while true {
                var value = position
                if let key = keys[level] {
                    guard let member = member(at: position) else { return nil }
                    value = member.value
                    if keyEquals(position, member.close, flags: member.flags, key) { break }
                } else if case .index(let wanted) = step, count == wanted {
                    break
                }
                guard let next = scanner.valueEnd(from: value, levels: levels(inside: level)) else { return nil }
                position = scanner.whitespaceEnd(from: next)
                guard position < scanner.end, base[position] == UInt8(ascii: ",") else { return nil }
                position = scanner.whitespaceEnd(from: position + 1)
                count += 1
            }
            if isObject, let member = member(at: position) { position = member.value }
        }
        return position
    }

    enum Rest {
        /// The containers close and nothing but whitespace follows.
        case valid
        /// A key on the path repeats after the value and the last one wins: the value found
        /// is not the one to decode.
        case laterDuplicate
        /// Invalid JSON, or nesting beyond what the scanner passes over.
        case invalid
    }

    /// Checks the rest of the input from `position`, just after the value at the path: the
    /// remaining members and elements of every container on the path, then the end.
    func checkRest(from position: Int) -> Rest {
        let base = scanner.base
        var position = position
        for level in steps.indices.reversed() {
            let key = keys[level]
            let closing = key == nil ? UInt8(ascii: "]") : UInt8(ascii: "}")
            while true {
                position = scanner.whitespaceEnd(from: position)
                guard position < scanner.end else { return .invalid }
                if base[position] == closing {
                    position += 1
                    break
                }
                guard base[position] == UInt8(ascii: ",") else { return .invalid }
                position = scanner.whitespaceEnd(from: position + 1)
                var value = position
                if let key {
                    guard let member = member(at: position) else { return .invalid }
                    if lastKeyWins && keyEquals(position, member.close, flags: member.flags, key) { return .laterDuplicate }
                    value = member.value
                }
                guard let next = scanner.valueEnd(from: value, levels: levels(inside: level)) else { return .invalid }
                position = next
            }
        }
        return scanner.whitespaceEnd(from: position) == scanner.end ? .valid : .invalid
    }
}

extension JSONDecodingError {
    /// The error of a value decoded from its own document, which starts `offset` bytes into
    /// `input` at `path`, as the decode of the whole input reports it: the path from the
    /// input's root and positions in `input`.
    func relocated(under path: [JSONPathComponent], by offset: Int, in input: UnsafeBufferPointer<UInt8>)
        -> JSONDecodingError
    {
        var offsets: [Int] = []
        func collect(_ error: JSONDecodingError) {
            if let byteOffset = error.byteOffset { offsets.append(byteOffset + offset) }
            error.errors.forEach(collect)
        }
        collect(self)
        let positions = JSONNoteSink.positions(of: offsets, in: input)
        func move(_ error: JSONDecodingError) -> JSONDecodingError {
            var copy = error
            copy.path = path + error.path
            if let byteOffset = error.byteOffset, let position = positions[byteOffset + offset] {
                copy.byteOffset = byteOffset + offset
                copy.line = position.line
                copy.column = position.column
            }
            copy.errors = error.errors.map(move)
            return copy
        }
        return move(self)
    }

    /// The error with `path` in front of its path and its collected errors' paths.
    func underPath(_ path: [JSONPathComponent]) -> JSONDecodingError {
        guard !path.isEmpty else { return self }
        var copy = self
        copy.path = path + self.path
        copy.errors = errors.map { $0.underPath(path) }
        return copy
    }
}

extension JSONModelDecoder {
    /// Decodes the `T` at `path` inside JSON bytes: `"data.items"` for the array under the
    /// `items` key of the root's `data` object.
    ///
    /// Keys are separated by dots, as in `@JSONKey` key paths; `[N]` takes the element at
    /// index `N` of an array (`"data.items[0].user"`); `\.`, `\[` and `\\` are a literal dot,
    /// bracket and backslash inside a key. The empty path is the whole input. A key that an
    /// object repeats is taken as ``JSONParsingOptions/duplicateKeys`` says.
    ///
    /// Everything around the value is validated as it is passed over but not recorded, so
    /// a large envelope costs a scan, not a parsed document.
    ///
    /// ```swift
    /// // {"total_count": 2, "incomplete_results": false, "items": [{…}, {…}]}
    /// let issues = try decoder.decode([GHIssue].self, from: data, at: "items")
    /// ```
    ///
    /// - Throws: ``JSONDecodingError``: kind ``JSONDecodingError/Kind/syntax`` for invalid
    ///   JSON anywhere in the input; ``JSONDecodingError/Kind/missingKey`` naming the first
    ///   step of the path that is absent (a key an object lacks, an index past an array's
    ///   end); ``JSONDecodingError/Kind/typeMismatch`` when a step meets a value that is not
    ///   an object (or an array, for an index), saying what it found;
    ///   ``JSONDecodingError/Kind/invalidValue`` for a malformed path; otherwise the errors of
    ///   decoding the value, with paths from the input's root (`data.items[3].id`) and
    ///   positions in the whole input.
    public func decode<T: JSONDecodable>(_ type: T.Type = T.self, from data: Data, at path: String) throws -> T {
        try data.withUnsafeBytes { raw in try decode(T.self, fromBuffer: raw.bindMemory(to: UInt8.self), at: path) }
    }

    /// Decodes the `T` at `path` inside JSON bytes; see ``decode(_:from:at:)-(_,Data,_)``.
    ///
    /// - Throws: ``JSONDecodingError``, as ``decode(_:from:at:)-(_,Data,_)`` describes.
    public func decode<T: JSONDecodable>(_ type: T.Type = T.self, from bytes: [UInt8], at path: String) throws -> T {
        try bytes.withUnsafeBufferPointer { try decode(T.self, fromBuffer: $0, at: path) }
    }

    /// Decodes the `T` at `path` inside JSON text; see ``decode(_:from:at:)-(_,Data,_)``.
    ///
    /// - Throws: ``JSONDecodingError``, as ``decode(_:from:at:)-(_,Data,_)`` describes.
    public func decode<T: JSONDecodable>(_ type: T.Type = T.self, from string: String, at path: String) throws -> T {
        var string = string
        return try string.withUTF8 { try decode(T.self, fromBuffer: $0, at: path) }
    }

    func decode<T: JSONDecodable>(_ type: T.Type, fromBuffer buffer: UnsafeBufferPointer<UInt8>, at path: String)
        throws -> T
    {
        let steps = try JSONPathComponent.steps(ofPath: path)
        if steps.isEmpty { return try decode(T.self, fromBuffer: buffer) }
        // A report needs the notes' paths from the root, which the whole document gives.
        if report == nil, let value = try decodeLocated(T.self, in: buffer, steps: steps) { return value }
        return try decodeThroughDocument(T.self, in: buffer, steps: steps)
    }

    /// The decode for valid input in which the path exists: the value is read where it lies,
    /// or, when the reader hands it over, decoded from a document of its bytes alone. `nil`
    /// for every other input.
    func decodeLocated<T: JSONDecodable>(
        _ type: T.Type, in buffer: UnsafeBufferPointer<UInt8>, steps: [JSONPathComponent]
    ) throws -> T? {
        guard _JSONReader.applies(to: self, inputLength: buffer.count) else { return nil }
        let locator = JSONPathLocator(buffer, steps: steps, options: parsingOptions)
        guard let start = locator.valueStart() else { return nil }
        let context = JSONDecodingContext(decoder: self)
        if T._readsDirectly, var reader = _JSONReader.makeReader(for: buffer, context: context) {
            reader.position = start
            reader.depth = steps.count
            do throws(_JSONReader.Fallback) {
                let value = try T._read(from: &reader, context: context)
                guard locator.checkRest(from: reader.position) == .valid else { return nil }
                return value
            } catch {}
        }
        let levels = parsingOptions.maxDepth - steps.count
        guard levels > 0, let end = locator.scanner.valueEnd(from: start, levels: min(64, levels)),
            locator.checkRest(from: end) == .valid
        else { return nil }
        var options = parsingOptions
        options.maxDepth = levels
        let bytes = UnsafeBufferPointer(rebasing: buffer[start..<end])
        guard let document = try? JSONDocument(borrowing: bytes, options: options) else { return nil }
        return try withExtendedLifetime(document) {
            do {
                return try T._makeInstance(json: document.root, context: context)
            } catch let error as JSONDecodingError {
                throw error.relocated(under: steps, by: start, in: buffer)
            }
        }
    }

    /// The decode of any input: the whole input parsed into a document, the path followed
    /// through it.
    func decodeThroughDocument<T: JSONDecodable>(
        _ type: T.Type, in buffer: UnsafeBufferPointer<UInt8>, steps: [JSONPathComponent]
    ) throws -> T {
        let document: JSONDocument
        do {
            document = try JSONDocument(borrowing: buffer, options: parsingOptions)
        } catch {
            throw JSONDecodingError(syntaxError: error)
        }
        return try withExtendedLifetime(document) {
            let notes = report == nil ? nil : JSONNoteSink(document: document)
            let context = JSONDecodingContext(decoder: self, notes: notes)
            let element = try document.root.element(at: steps, context: context)
            let value: T
            do {
                value = try T._makeInstance(json: element, context: context)
            } catch let error as JSONDecodingError {
                throw error.underPath(steps)
            }
            if let notes { report?(JSONDecodingReport(notes: notes.resolve())) }
            return value
        }
    }
}

extension JSONElement {
    /// The element at `steps` from this one.
    ///
    /// - Throws: ``JSONDecodingError`` naming the first step that is missing or meets a value
    ///   of another kind.
    func element(at steps: [JSONPathComponent], context: JSONDecodingContext) throws -> JSONElement {
        var current = self
        for (level, step) in steps.enumerated() {
            let reached = Array(steps[..<level])
            switch step {
            case .key(let key):
                guard current.nodeKind == .object else {
                    var error = JSONDecodingError(
                        .typeMismatch, reason: "expected object with key \(quoted(key)), found \(context.describe(current))")
                    error.path = reached
                    throw context.positioned(error, current)
                }
                guard let next = current[key] else {
                    var error = JSONDecodingError(.missingKey, reason: "missing key \(quoted(key))")
                    error.path = reached + [step]
                    throw context.positioned(error, current)
                }
                current = next
            case .index(let index):
                guard current.nodeKind == .array else {
                    var error = JSONDecodingError(
                        .typeMismatch, reason: "expected array with an element at index \(index), found \(context.describe(current))")
                    error.path = reached
                    throw context.positioned(error, current)
                }
                guard let next = current[index] else {
                    let count = current.count
                    var error = JSONDecodingError(
                        .missingKey,
                        reason: "index \(index) is out of range, the array has \(count) element\(count == 1 ? "" : "s")")
                    error.path = reached + [step]
                    throw context.positioned(error, current)
                }
                current = next
            }
        }
        return current
    }
}

extension JSONDecodable {
    /// Decodes a value at `path` inside JSON `Data`: `try [Repo](jsonData: data, at: "items")`.
    ///
    /// The path is written as in ``JSONModelDecoder/decode(_:from:at:)-(_,Data,_)``:
    /// dot-separated keys, `[N]` for an array index, `\.` for a literal dot.
    ///
    /// - Throws: ``JSONDecodingError`` with the path from the input's root and the position in
    ///   the whole input; a missing step of the path is an error naming it.
    public init(jsonData data: Data, at path: String, decoder: JSONModelDecoder = .init()) throws {
        self = try decoder.decode(Self.self, from: data, at: path)
    }

    /// Decodes a value at `path` inside JSON bytes.
    ///
    /// - Throws: ``JSONDecodingError`` with the path from the input's root and the position in
    ///   the whole input; a missing step of the path is an error naming it.
    public init(jsonData bytes: [UInt8], at path: String, decoder: JSONModelDecoder = .init()) throws {
        self = try decoder.decode(Self.self, from: bytes, at: path)
    }

    /// Decodes a value at `path` inside JSON text.
    ///
    /// - Throws: ``JSONDecodingError`` with the path from the input's root and the position in
    ///   the whole input; a missing step of the path is an error naming it.
    public init(jsonString string: String, at path: String, decoder: JSONModelDecoder = .init()) throws {
        self = try decoder.decode(Self.self, from: string, at: path)
    }
}
