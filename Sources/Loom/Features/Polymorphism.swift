import Foundation

// Polymorphic models: an enum whose cases carry models, chosen by a tag in the JSON or by
// its content (Mantle's `+classForParsingJSONDictionary:`), and class clusters, where a base
// class chooses the subclass to decode. `@JSONModel` generates calls to the helpers below;
// the Polymorphism article (Loom.docc/Polymorphism.md) shows each representation with its
// JSON shape.

/// How a polymorphic enum model appears in JSON; the argument of
/// `@JSONModel(representation:)`. The names are serde's.
///
/// ```swift
/// @JSONModel(representation: .internal(tag: "type"))
/// enum Message {
///     case text(TextMessage)                      // {"type": "text", "body": "hi"}
///     @JSONTag("picture") case image(PictureMessage) // {"type": "picture", "image_url": "…"}
/// }
/// ```
///
/// | representation | a case with a payload | a case without one |
/// | --- | --- | --- |
/// | ``external`` (the default) | `{"text": {"body": "hi"}}` | `"ping"` |
/// | ``internal(tag:)`` | `{"type": "text", "body": "hi"}` | `{"type": "ping"}` |
/// | ``adjacent(tag:content:)`` | `{"type": "text", "data": {"body": "hi"}}` | `{"type": "ping"}` |
/// | ``untagged`` | `{"body": "hi"}`: the first case that decodes wins | not allowed |
/// | ``chosenByContent`` | `{"body": "hi"}`: `static func jsonCase(for:)` decides | not allowed |
///
/// A case with several associated values has, in place of the payload, an object of their
/// labels (`case move(x: Int, y: Int)`: `{"x": 1, "y": 2}`) or an array of the unlabeled ones
/// (`case point(Double, Double)`: `[1, 2]`, not with ``internal(tag:)``).
public enum JSONEnumRepresentation: Sendable, Hashable {
    /// The case's tag is the only key of an object whose value is the payload:
    /// `{"text": {"body": "hi"}}`. A case without payload is its tag as a string: `"ping"`.
    case external
    /// The tag is a member of the payload object itself: `{"type": "text", "body": "hi"}`.
    /// Payloads must encode as objects.
    case `internal`(tag: String)
    /// The tag and the payload are two members of one object:
    /// `{"type": "text", "data": {"body": "hi"}}`. A case without payload omits `content`.
    case adjacent(tag: String, content: String)
    /// No tag: each case is tried in declaration order and the first that decodes wins;
    /// encoding writes the payload alone.
    case untagged
    /// No tag: the enum's `static func jsonCase(for object: JSONElement) -> JSONCase?` looks
    /// at the JSON and names the case (`JSONCase` is generated, one case per enum case);
    /// encoding writes the payload alone.
    case chosenByContent
}

/// The integer and Boolean tags of a polymorphic enum's cases (`@JSONTag(2)`,
/// `@JSONTag(true)`), one slot per tag in declaration order, as a `_JSONKeySet` holds
/// string tags. Internally and adjacently tagged enums only: `{"kind": 2, …}`.
public struct _JSONCaseTags: Sendable {
    /// A tag: a JSON integer or Boolean, matched exactly (the string `"2"` is not the tag `2`).
    public enum Tag: Sendable, Hashable {
        /// A JSON integer: `@JSONTag(2)`.
        case int(Int)
        /// A JSON Boolean: `@JSONTag(true)`.
        case bool(Bool)
    }

    /// The tags, one slot each.
    public let tags: [Tag]

    /// The tags of an enum's cases, in slot order.
    public init(_ tags: [Tag]) { self.tags = tags }

    /// The slot of `tag`, or -1 when no case has it.
    func slot(of tag: Tag) -> Int { tags.firstIndex(of: tag) ?? -1 }

    /// The JSON text of the tag in `slot`.
    @usableFromInline
    func text(_ slot: Int) -> String {
        guard tags.indices.contains(slot) else { return "null" }
        switch tags[slot] {
        case .int(let value): return String(value)
        case .bool(let value): return value ? "true" : "false"
        }
    }

    /// What a tag of this enum is, for messages: `integer`, `Boolean`, `integer or Boolean`.
    var kinds: String {
        let ints = tags.contains { if case .int = $0 { true } else { false } }
        let bools = tags.contains { if case .bool = $0 { true } else { false } }
        switch (ints, bools) {
        case (true, true): return "integer or Boolean"
        case (false, true): return "Boolean"
        default: return "integer"
        }
    }
}

/// The case a tagged enum decodes, as found by the representation's helper: generated code
/// switches over ``slot`` and decodes the payload through ``payload(_:)``.
public struct _JSONEnumCase {
    /// Where the payload is, to name it in errors (computed only when there is one).
    @usableFromInline enum Source {
        /// The object itself (internally tagged, or a value no case matched).
        case object
        /// The value of the one member whose key `tag` is (externally tagged), or absent for a
        /// case name written as a string.
        case external(tag: JSONElement)
        /// The content member of an adjacently tagged object.
        case adjacent(keys: _JSONKeySet)
    }

    /// The slot of the tag in the enum's case key set, or -1 when no known case matched (only
    /// returned when the enum has a fallback case).
    public let slot: Int
    /// The context to decode the payload with (for an internally tagged enum, it does not
    /// count the tag as an unknown key of the payload).
    public let context: JSONDecodingContext
    /// The payload, if the JSON has one.
    @usableFromInline let element: JSONElement?
    @usableFromInline let source: Source
    /// The enum type, for messages.
    @usableFromInline let type: Any.Type

    init(slot: Int, context: JSONDecodingContext, element: JSONElement?, source: Source, type: Any.Type) {
        self.slot = slot
        self.context = context
        self.element = element
        self.source = source
        self.type = type
    }

    /// Decodes the case's payload with `body`.
    ///
    /// - Throws: ``JSONDecodingError`` from `body`, with the path of the payload in front, or
    ///   a missing-payload error.
    @inlinable
    public func payload<T>(_ body: (JSONElement) throws -> T) throws -> T {
        guard let element else { throw missingPayload() }
        do {
            return try body(element)
        } catch let error as JSONDecodingError {
            throw prefixed(error)
        } catch {
            throw prefixed(context._wrapUserError(error, element))
        }
    }

    @usableFromInline
    func prefixed(_ error: JSONDecodingError) -> JSONDecodingError {
        switch source {
        case .object: return error
        case .external(let tag): return error.prefixed(with: .key(tag.makeString()))
        case .adjacent(let keys): return error.prefixed(by: keys, 1, context)
        }
    }

    @usableFromInline
    func missingPayload() -> JSONDecodingError {
        switch source {
        case .object:
            return JSONDecodingError(.missingKey, reason: "missing payload")
        case .external(let tag):
            let name = tag.makeString()
            return context.positioned(
                JSONDecodingError(.typeMismatch, reason: "case \"\(name)\" of \(type) needs a payload: {\"\(name)\": …}"), tag)
        case .adjacent(let keys):
            return context.missing(keys, 1)
        }
    }

    /// The error for a JSON value that names no known case (generated code throws it in the
    /// `default:` branch when the enum has no fallback case; the helpers have thrown already
    /// in that case, so it is only reached if they are called inconsistently).
    public func unknownCase() -> JSONDecodingError {
        JSONDecodingError(.invalidValue, reason: "unknown case")
    }
}

extension JSONDecodingContext {
    /// Wraps an error thrown by user code (a chooser, hook or validation) at `element`,
    /// keeping a ``JSONDecodingError`` as it is.
    public func _wrapUserError(_ error: any Error, _ element: JSONElement) -> JSONDecodingError {
        if let error = error as? JSONDecodingError { return positioned(error, element) }
        return wrap(error, element)
    }

    /// The names of a case key set as a list for messages: `"text", "picture"`.
    func caseList(_ cases: _JSONKeySet) -> String {
        cases.names.map { name -> String in
            var writer = JSONWriter()
            writer.write(name)
            return writer.string
        }.joined(separator: ", ")
    }

    /// The slot of the case whose tag `tag` is, or an unknown-case error.
    func matchCase<T>(_ tag: JSONElement, _ cases: _JSONKeySet, for type: T.Type) -> Result<Int, JSONDecodingError> {
        guard tag.nodeKind == .string else {
            return .failure(mismatch(expected: "\(T.self) case name string", tag))
        }
        var hint = 0
        let slot = cases.match(tag, hint: &hint, self)
        if slot >= 0 { return .success(slot) }
        return .failure(
            invalid("unknown \(T.self) case \(describe(tag)), expected one of \(caseList(cases))", tag))
    }

    /// The slot of the case whose integer or Boolean tag `tag` is, or an error: a value of
    /// another kind (a string included) is a mismatch, an unknown one names the tags.
    func matchCase<T>(_ tag: JSONElement, _ cases: _JSONCaseTags, for type: T.Type) -> Result<Int, JSONDecodingError> {
        let value: _JSONCaseTags.Tag?
        switch tag.nodeKind {
        case .true: value = .bool(true)
        case .false: value = .bool(false)
        case .int, .double, .number: value = tag.isIntegerLiteral ? tag.integerValue(Int.self).map { .int($0) } : nil
        default: value = nil
        }
        let list = cases.tags.indices.map { cases.text($0) }.joined(separator: ", ")
        guard let value else {
            return .failure(mismatch(expected: "\(T.self) case tag (\(cases.kinds))", tag))
        }
        let slot = cases.slot(of: value)
        if slot >= 0 { return .success(slot) }
        return .failure(invalid("unknown \(T.self) case \(describe(tag)), expected one of \(list)", tag))
    }

    /// Reads the associated values of an enum case with several of them from `element`, with
    /// `body`: the generated function that reads them from either reader (an object keyed by
    /// the labels, or an array of the unlabeled values).
    ///
    /// - Throws: ``JSONDecodingError`` from `body`, with paths inside `element`.
    @inlinable
    public func _readCase<T>(
        _ element: JSONElement, _ body: (inout _JSONElementReader, JSONDecodingContext) throws -> T
    ) throws -> T {
        // The case's values are not what the caller decodes, even where their object is the
        // whole input: its errors suggest no other type.
        if wholeInputType != nil {
            var inner = self
            inner.wholeInputType = nil
            return try inner._readCase(element, body)
        }
        var reader = _JSONElementReader(element, self)
        return try body(&reader, self)
    }

    // MARK: External

    /// Finds the case of an externally tagged enum: `{"text": {…}}`, or `"ping"` for a case
    /// without payload.
    ///
    /// - Parameters:
    ///   - element: The enum's JSON value.
    ///   - cases: The tags, one slot each (alternative tags have slots of their own).
    ///   - type: The enum, named in errors.
    ///   - hasFallback: Whether to return slot -1 for a value that names no known case
    ///     instead of throwing.
    /// - Throws: ``JSONDecodingError`` for a value that is neither an object with one key nor
    ///   a string, or names no known case.
    public func _externallyTaggedCase<T>(
        _ element: JSONElement, cases: _JSONKeySet, for type: T.Type, hasFallback: Bool
    ) throws -> _JSONEnumCase {
        let tag: JSONElement
        var payload: JSONElement?
        switch element.nodeKind {
        case .string:
            tag = element
        case .object where element.count == 1:
            var members = element.members.makeIterator()
            guard let only = members.next() else { throw mismatch(expected: "\(T.self) object with one key", element) }
            tag = only.key
            payload = only.value
        default:
            if hasFallback { return unknownCase(element) }
            let found = element.nodeKind == .object ? "object with \(element.count) keys" : describe(element)
            throw positioned(
                JSONDecodingError(
                    element.isNull ? .nullValue : .typeMismatch,
                    reason: "expected \(T.self) object with one key (the case) or case name string, found \(found)"),
                element)
        }
        switch matchCase(tag, cases, for: T.self) {
        case .success(let slot):
            return _JSONEnumCase(slot: slot, context: self, element: payload, source: .external(tag: tag), type: T.self)
        case .failure(var error):
            if hasFallback { return unknownCase(element) }
            if payload != nil { error.path = [.key(tag.makeString())] }
            throw error
        }
    }

    // MARK: Internal

    /// Finds the case of an internally tagged enum: `{"type": "text", …payload members…}`.
    ///
    /// The payload is the object itself; the returned context does not count the tag as an
    /// unknown key when the decoder rejects unknown keys.
    ///
    /// - Parameters:
    ///   - element: The enum's JSON value.
    ///   - tag: A key set with one slot, the tag key.
    ///   - cases: The tags, one slot each.
    ///   - type: The enum, named in errors.
    ///   - hasFallback: Whether to return slot -1 for a value that names no known case
    ///     instead of throwing.
    /// - Throws: ``JSONDecodingError`` for a non-object, a missing or unknown tag.
    public func _internallyTaggedCase<T>(
        _ element: JSONElement, tag: _JSONKeySet, cases: _JSONKeySet, for type: T.Type, hasFallback: Bool
    ) throws -> _JSONEnumCase {
        try _internallyTaggedCase(element, tag: tag, for: T.self, hasFallback: hasFallback) { matchCase($0, cases, for: T.self) }
    }

    /// Finds the case of an internally tagged enum whose tags are integers or Booleans:
    /// `{"kind": 2, …payload members…}`.
    ///
    /// - Parameters:
    ///   - element: The enum's JSON value.
    ///   - tag: A key set with one slot, the tag key.
    ///   - cases: The tags, one slot each.
    ///   - type: The enum, named in errors.
    ///   - hasFallback: Whether to return slot -1 for a value that names no known case
    ///     instead of throwing.
    /// - Throws: ``JSONDecodingError`` for a non-object, a missing tag, or a tag that is not
    ///   one of `cases` (a string `"2"` is not the tag `2`).
    public func _internallyTaggedCase<T>(
        _ element: JSONElement, tag: _JSONKeySet, cases: _JSONCaseTags, for type: T.Type, hasFallback: Bool
    ) throws -> _JSONEnumCase {
        try _internallyTaggedCase(element, tag: tag, for: T.self, hasFallback: hasFallback) { matchCase($0, cases, for: T.self) }
    }

    private func _internallyTaggedCase<T>(
        _ element: JSONElement, tag: _JSONKeySet, for type: T.Type, hasFallback: Bool,
        match: (JSONElement) -> Result<Int, JSONDecodingError>
    ) throws -> _JSONEnumCase {
        guard element.nodeKind == .object else {
            if hasFallback { return unknownCase(element) }
            throw notAnObject(T.self, element)
        }
        var found: (key: JSONElement, value: JSONElement)?
        var hint = 0
        for member in element.members where tag.match(member.key, hint: &hint, self) == 0 {
            if keepsFirstDuplicate && found != nil { continue }
            found = member
        }
        guard let found else {
            if hasFallback { return unknownCase(element) }
            throw missing(tag, 0, in: element, isTag: true)
        }
        switch match(found.value) {
        case .success(let slot):
            var payloadContext = self
            payloadContext.exemptKey = found.key.index
            payloadContext.exemptKeyDocument = ObjectIdentifier(element.document)
            return _JSONEnumCase(slot: slot, context: payloadContext, element: element, source: .object, type: T.self)
        case .failure(let error):
            if hasFallback { return unknownCase(element) }
            throw error.prefixed(by: tag, 0, self)
        }
    }

    // MARK: Adjacent

    /// Finds the case of an adjacently tagged enum: `{"type": "text", "data": {…}}`.
    ///
    /// - Parameters:
    ///   - element: The enum's JSON value.
    ///   - keys: A key set with two slots: the tag key, then the content key.
    ///   - cases: The tags, one slot each.
    ///   - type: The enum, named in errors.
    ///   - hasFallback: Whether to return slot -1 for a value that names no known case
    ///     instead of throwing.
    /// - Throws: ``JSONDecodingError`` for a non-object, a missing or unknown tag, and for
    ///   other keys when the decoder rejects unknown keys.
    public func _adjacentlyTaggedCase<T>(
        _ element: JSONElement, keys: _JSONKeySet, cases: _JSONKeySet, for type: T.Type, hasFallback: Bool
    ) throws -> _JSONEnumCase {
        try _adjacentlyTaggedCase(element, keys: keys, for: T.self, hasFallback: hasFallback) { matchCase($0, cases, for: T.self) }
    }

    /// Finds the case of an adjacently tagged enum whose tags are integers or Booleans:
    /// `{"kind": 2, "data": {…}}`.
    ///
    /// - Parameters:
    ///   - element: The enum's JSON value.
    ///   - keys: A key set with two slots: the tag key, then the content key.
    ///   - cases: The tags, one slot each.
    ///   - type: The enum, named in errors.
    ///   - hasFallback: Whether to return slot -1 for a value that names no known case
    ///     instead of throwing.
    /// - Throws: ``JSONDecodingError`` for a non-object, a missing tag, a tag that is not one
    ///   of `cases`, and for other keys when the decoder rejects unknown keys.
    public func _adjacentlyTaggedCase<T>(
        _ element: JSONElement, keys: _JSONKeySet, cases: _JSONCaseTags, for type: T.Type, hasFallback: Bool
    ) throws -> _JSONEnumCase {
        try _adjacentlyTaggedCase(element, keys: keys, for: T.self, hasFallback: hasFallback) { matchCase($0, cases, for: T.self) }
    }

    private func _adjacentlyTaggedCase<T>(
        _ element: JSONElement, keys: _JSONKeySet, for type: T.Type, hasFallback: Bool,
        match: (JSONElement) -> Result<Int, JSONDecodingError>
    ) throws -> _JSONEnumCase {
        guard element.nodeKind == .object else {
            if hasFallback { return unknownCase(element) }
            throw notAnObject(T.self, element)
        }
        var tagElement: JSONElement?
        var content: JSONElement?
        var errors = _JSONErrorAccumulator(self)
        var hint = 0
        for member in element.members {
            switch keys.match(member.key, hint: &hint, self) {
            case 0: _assign(&tagElement, member.value)
            case 1: _assign(&content, member.value)
            default: _unknownKey(member.key, keys, into: &errors)
            }
        }
        guard let tagElement else {
            if hasFallback { return unknownCase(element) }
            throw missing(keys, 0, in: element, isTag: true)
        }
        switch match(tagElement) {
        case .success(let slot):
            try errors.finish()
            return _JSONEnumCase(
                slot: slot, context: self, element: content.flatMap { $0.isNull ? nil : $0 }, source: .adjacent(keys: keys), type: T.self)
        case .failure(let error):
            if hasFallback { return unknownCase(element) }
            throw error.prefixed(by: keys, 0, self)
        }
    }

    private func unknownCase(_ element: JSONElement) -> _JSONEnumCase {
        _JSONEnumCase(slot: -1, context: self, element: element, source: .object, type: Any.self)
    }

    // MARK: Chosen by content

    /// Asks the enum's chooser which case `element` is (`.chosenByContent`).
    ///
    /// - Returns: The chosen case, or `nil` when the chooser chose none (generated code then
    ///   uses the fallback case or throws ``noCaseChosen(for:_:)``).
    /// - Throws: ``JSONDecodingError`` wrapping what the chooser throws.
    @inlinable
    public func _chosenCase<T, Case>(
        _ element: JSONElement, for type: T.Type, _ choose: (JSONElement) throws -> Case?
    ) throws -> Case? {
        do {
            return try choose(element)
        } catch {
            throw _wrapUserError(error, element)
        }
    }

    /// The error for a value the chooser of `T` chose no case for.
    public func _noCaseChosen<T>(for type: T.Type, _ element: JSONElement) -> JSONDecodingError {
        invalid("jsonCase(for:) of \(T.self) chose no case for this \(element.kind.rawValue)", element)
    }

    // MARK: Class clusters

    /// Decodes an instance of the class `Base.self` chose for `element` (Mantle's
    /// `+classForParsingJSONDictionary:`): `Base` itself, or a subclass, which may choose again.
    ///
    /// `@JSONModel` generates this call in the `_makeInstance(json:context:)` of a class that
    /// declares `class func jsonClass(for object: JSONElement) -> Base.Type?`.
    ///
    /// - Throws: ``JSONDecodingError`` when the chooser throws, chooses nothing, or chooses a
    ///   class that is not `Base` or a subclass of it; or what the chosen class's decoding
    ///   throws.
    public func _instance<Base: JSONDecodable & AnyObject, Chosen>(
        of type: Base.Type, json element: JSONElement, chosenBy choose: (JSONElement) throws -> Chosen.Type?
    ) throws -> Base {
        // A class cluster's `_makeInstance` replaces `JSONModel`'s, which grows the stack for
        // other models (StackGrowth.swift): grow it here.
        var marker: UInt8 = 0
        let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        if _needsLargerStack(at: here) {
            return try _onLargerStack(element) { try $0._instance(of: type, json: element, chosenBy: choose) }
        }
        let chosen: Chosen.Type?
        do {
            chosen = try choose(element)
        } catch {
            throw _wrapUserError(error, element)
        }
        guard let chosen else {
            throw invalid("jsonClass(for:) of \(Base.self) chose no class for this \(element.kind.rawValue)", element)
        }
        if ObjectIdentifier(chosen) == ObjectIdentifier(Base.self) { return try Base(json: element, context: self) }
        guard let subclass = chosen as? Base.Type else {
            throw invalid("jsonClass(for:) chose \(chosen), which is not \(Base.self) or a subclass of it", element)
        }
        return try subclass._makeInstance(json: element, context: self)
    }
}

/// The attempts of an untagged enum: each case in order, the first that decodes wins.
public struct _JSONUntaggedAttempts {
    @usableFromInline let context: JSONDecodingContext
    @usableFromInline var failures: [(String, JSONDecodingError)] = []

    /// Starts the attempts for one value.
    @inlinable
    public init(_ context: borrowing JSONDecodingContext) { self.context = copy context }

    /// Decodes with `body`, returning `nil` (and remembering why) when it fails.
    @inlinable
    public mutating func attempt<T>(_ caseName: String, _ body: () throws -> T) -> T? {
        do {
            return try body()
        } catch let error as JSONDecodingError {
            failures.append((caseName, error))
        } catch {
            failures.append((caseName, JSONDecodingError(.invalidValue, reason: String(describing: error))))
        }
        return nil
    }

    /// The error when no case matched: `no case of Message matches this object (text: …; image: …)`.
    public func failure<T>(for type: T.Type, _ element: JSONElement) -> JSONDecodingError {
        let reasons = failures.map { name, error in
            let path = error.pathDescription
            return "\(name): " + (path.isEmpty ? error.reason : "\(path): \(error.reason)")
        }
        var reason = "no case of \(T.self) matches this \(element.kind.rawValue)"
        if !reasons.isEmpty { reason += " (\(reasons.joined(separator: "; ")))" }
        return context.invalid(reason, element)
    }
}

extension JSONEncodingContext {
    /// Writes a case of an externally tagged enum: `{"text": payload}`.
    ///
    /// - Throws: what `payload` throws.
    @inlinable
    public func _writeExternallyTaggedCase(
        _ cases: _JSONKeySet, _ slot: Int, to writer: inout JSONWriter, payload: (inout JSONWriter) throws -> Void
    ) throws {
        try writer.beginObject()
        _writeKey(cases, slot, to: &writer)
        try payload(&writer)
        writer.endObject()
    }

    /// Writes a case without payload of an externally tagged enum: `"ping"`.
    public func _writeExternallyTaggedCase(_ cases: _JSONKeySet, _ slot: Int, to writer: inout JSONWriter) {
        writeTag(cases, slot, to: &writer)
    }

    /// Writes a case of an internally tagged enum: the payload's object with the tag as its
    /// first member, `{"type": "text", …}`.
    ///
    /// - Throws: ``JSONError`` when the payload is not written as an object, or what
    ///   `payload` throws.
    public func _writeInternallyTaggedCase(
        _ tag: _JSONKeySet, _ cases: _JSONKeySet, _ slot: Int, to writer: inout JSONWriter,
        payload: (inout JSONWriter) throws -> Void
    ) throws {
        try _writeInternallyTaggedCase(
            tag, name: slot < cases.names.count ? cases.names[slot] : "", to: &writer, payload: payload
        ) { cases.appendEscapedKey(slot, mode: 0, to: &$0) }
    }

    /// Writes a case of an internally tagged enum whose tags are integers or Booleans: the
    /// payload's object with the tag as its first member, `{"kind": 2, …}`.
    ///
    /// - Throws: ``JSONError`` when the payload is not written as an object, or what
    ///   `payload` throws.
    public func _writeInternallyTaggedCase(
        _ tag: _JSONKeySet, _ cases: _JSONCaseTags, _ slot: Int, to writer: inout JSONWriter,
        payload: (inout JSONWriter) throws -> Void
    ) throws {
        let text = cases.text(slot)
        try _writeInternallyTaggedCase(tag, name: text, to: &writer, payload: payload) { $0 += Array(text.utf8) }
    }

    private func _writeInternallyTaggedCase(
        _ tag: _JSONKeySet, name: String, to writer: inout JSONWriter, payload: (inout JSONWriter) throws -> Void,
        value appendValue: (inout [UInt8]) -> Void
    ) throws {
        let start = writer.bytes.count
        let depth = writer.depth
        try payload(&writer)
        // The payload wrote its own object; insert the tag right after its opening brace.
        var brace = start
        while brace < writer.bytes.count, writer.bytes[brace] != UInt8(ascii: "{") {
            let byte = writer.bytes[brace]
            // Only the separator the writer puts before a value may precede the object.
            guard byte == UInt8(ascii: ",") || byte == 0x20 || byte == 0x0A else { break }
            brace += 1
        }
        guard brace < writer.bytes.count, writer.bytes[brace] == UInt8(ascii: "{") else {
            throw JSONError(
                kind: .invalidValue,
                message: "the payload of internally tagged case \(name) must be written as a JSON object")
        }
        var member: [UInt8] = []
        let indent = writer.pretty ? [UInt8](repeating: 0x20, count: (depth + 1) * writer.options.indentWidth) : []
        if writer.pretty {
            member.append(0x0A)
            member += indent
        }
        tag.appendEscapedKey(0, mode: 0, to: &member)
        member.append(UInt8(ascii: ":"))
        if writer.pretty { member.append(0x20) }
        appendValue(&member)
        let isEmpty = brace + 1 < writer.bytes.count && writer.bytes[brace + 1] == UInt8(ascii: "}")
        if isEmpty {
            if writer.pretty {
                member.append(0x0A)
                member += [UInt8](repeating: 0x20, count: depth * writer.options.indentWidth)
            }
        } else {
            member.append(UInt8(ascii: ","))
        }
        writer.bytes.insert(contentsOf: member, at: brace + 1)
    }

    /// Writes a case without payload of an internally or adjacently tagged enum:
    /// `{"type": "ping"}`.
    ///
    /// - Throws: ``JSONError`` for nesting beyond the writing limit.
    public func _writeTaggedUnitCase(_ tag: _JSONKeySet, _ cases: _JSONKeySet, _ slot: Int, to writer: inout JSONWriter)
        throws
    {
        try writer.beginObject()
        _writeKey(tag, 0, to: &writer)
        writeTag(cases, slot, to: &writer)
        writer.endObject()
    }

    /// Writes a case of an adjacently tagged enum: `{"type": "text", "data": payload}`.
    ///
    /// - Throws: what `payload` throws.
    @inlinable
    public func _writeAdjacentlyTaggedCase(
        _ keys: _JSONKeySet, _ cases: _JSONKeySet, _ slot: Int, to writer: inout JSONWriter,
        payload: (inout JSONWriter) throws -> Void
    ) throws {
        try writer.beginObject()
        _writeKey(keys, 0, to: &writer)
        writeTag(cases, slot, to: &writer)
        _writeKey(keys, 1, to: &writer)
        try payload(&writer)
        writer.endObject()
    }

    /// Writes a case without payload of an internally or adjacently tagged enum whose tags
    /// are integers or Booleans: `{"kind": 2}`.
    ///
    /// - Throws: ``JSONError`` for nesting beyond the writing limit.
    public func _writeTaggedUnitCase(_ tag: _JSONKeySet, _ cases: _JSONCaseTags, _ slot: Int, to writer: inout JSONWriter)
        throws
    {
        try writer.beginObject()
        _writeKey(tag, 0, to: &writer)
        writeTag(cases, slot, to: &writer)
        writer.endObject()
    }

    /// Writes a case of an adjacently tagged enum whose tags are integers or Booleans:
    /// `{"kind": 2, "data": payload}`.
    ///
    /// - Throws: what `payload` throws.
    @inlinable
    public func _writeAdjacentlyTaggedCase(
        _ keys: _JSONKeySet, _ cases: _JSONCaseTags, _ slot: Int, to writer: inout JSONWriter,
        payload: (inout JSONWriter) throws -> Void
    ) throws {
        try writer.beginObject()
        _writeKey(keys, 0, to: &writer)
        writeTag(cases, slot, to: &writer)
        _writeKey(keys, 1, to: &writer)
        try payload(&writer)
        writer.endObject()
    }

    /// Writes the integer or Boolean tag of `slot`.
    @usableFromInline
    func writeTag(_ cases: _JSONCaseTags, _ slot: Int, to writer: inout JSONWriter) {
        writer.beforeValue()
        writer.bytes += Array(cases.text(slot).utf8)
    }

    /// Writes the tag of `slot` as a string value.
    @usableFromInline
    func writeTag(_ cases: _JSONKeySet, _ slot: Int, to writer: inout JSONWriter) {
        writer.beforeValue()
        cases.appendEscapedKey(slot, mode: 0, to: &writer.bytes)
    }
}
