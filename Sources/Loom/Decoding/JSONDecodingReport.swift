import Foundation

/// One thing a decode bent instead of rejecting: a value converted from another JSON type, a
/// default used in place of a missing key, `null` or an unknown value, or a collection
/// element dropped.
///
/// Its description is one line, like an error's:
/// `statuses[3].user.id: converted string "5" to Int (line 12, column 8)`.
public struct JSONDecodingNote: Sendable, Hashable, CustomStringConvertible {
    /// What was bent.
    public enum Kind: String, Sendable, Hashable {
        /// A value of another JSON type was converted (lenient coercion, rounding).
        case coerced
        /// A default stood in for a missing key, for `null` or for a value a transformer did
        /// not know.
        case defaulted
        /// A collection element that failed to decode was left out (lossy collections).
        case dropped
    }

    /// What was bent.
    public var kind: Kind
    /// The path from the document root to the value: `statuses[3].user.id`.
    public var path: [JSONPathComponent]
    /// What happened, without path or position: `converted string "5" to Int`.
    public var reason: String
    /// The byte offset of the value in the input, when known.
    public var byteOffset: Int?
    /// The 1-based line of the value, when known.
    public var line: Int?
    /// The 1-based column of the value, when known.
    public var column: Int?
    /// For a dropped element: why it failed, with its full path.
    public var error: JSONDecodingError?

    /// Creates a note; decoders fill in the path and position.
    public init(_ kind: Kind, reason: String, path: [JSONPathComponent] = [], error: JSONDecodingError? = nil) {
        self.kind = kind
        self.reason = reason
        self.path = path
        self.error = error
    }

    /// The path as text: `statuses[3].user.id` (empty for the root).
    public var pathDescription: String { describePath(path) }

    public var description: String {
        var text = path.isEmpty ? reason : "\(pathDescription): \(reason)"
        if let line, let column { text += " (line \(line), column \(column))" }
        return text
    }

    public static func == (lhs: JSONDecodingNote, rhs: JSONDecodingNote) -> Bool {
        lhs.kind == rhs.kind && lhs.path == rhs.path && lhs.reason == rhs.reason && lhs.byteOffset == rhs.byteOffset
            && lhs.error?.description == rhs.error?.description
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(path)
        hasher.combine(reason)
        hasher.combine(byteOffset)
    }
}

/// Everything one decode bent: coercions, defaults used and elements dropped, in decoding
/// order.
public struct JSONDecodingReport: Sendable, CustomStringConvertible {
    /// The notes, in decoding order.
    public var notes: [JSONDecodingNote]

    /// Creates a report.
    public init(notes: [JSONDecodingNote] = []) { self.notes = notes }

    /// Whether nothing was bent.
    public var isEmpty: Bool { notes.isEmpty }

    /// The notes of one kind.
    public func notes(_ kind: JSONDecodingNote.Kind) -> [JSONDecodingNote] { notes.filter { $0.kind == kind } }

    /// One note per line.
    public var description: String { notes.map(\.description).joined(separator: "\n") }
}

/// `a.b[3].c`, with dots inside keys escaped as in ``JSONDecodingError/pathDescription``.
func describePath(_ path: [JSONPathComponent]) -> String {
    var text = ""
    for component in path {
        switch component {
        case .key(let key):
            if !text.isEmpty { text += "." }
            text += key.contains(".") ? key.replacingOccurrences(of: ".", with: "\\.") : key
        case .index(let index):
            text += "[\(index)]"
        }
    }
    return text
}

extension JSONDecodingContext {
    /// Whether this decode reports notes; check it before building an expensive reason.
    @inlinable public var isReporting: Bool { storage.notes != nil }

    /// Records a note about `element` when the decode reports (a no-op otherwise).
    ///
    /// Transformers call this when they bend a value, so the report names it with its full
    /// path: `context.note(.defaulted, "unknown state \"x\", used .unknown", at: element)`.
    public func note(_ kind: JSONDecodingNote.Kind, _ reason: @autoclosure () -> String, at element: JSONElement) {
        guard let notes = storage.notes else { return }
        notes.add(kind, reason(), at: element, suffix: [], error: nil)
    }

    /// Records that `element` was dropped from a collection because of `error`.
    @usableFromInline
    func noteDropped(_ element: JSONElement, _ error: any Error) {
        guard let notes = storage.notes else { return }
        let decodingError = (error as? JSONDecodingError) ?? wrap(error, element)
        notes.add(.dropped, "dropped element: \(decodingError.reasonWithPath)", at: element, suffix: [], error: decodingError)
    }

    /// Records that a property's default stood in for the missing key in `slot` of `keys`,
    /// under `object` (the model's object; the note carries its position, since the key has none).
    @usableFromInline
    func noteMissingDefault(_ keys: _JSONKeySet, _ slot: Int, in object: JSONElement, _ defaultValue: String) {
        guard let notes = storage.notes else { return }
        // Named as in the JSON, like the key of a missing-key error.
        var name = keys.explicit[slot] ? keys.names[slot] : decoder.keyStrategy.key(for: keys.names[slot])
        var steps = keys.prefix
        // A flattened value's keys sit in its parent's object, prefixed.
        if let scope = flattenScope?.takeUnretainedValue(), scope.holds(object) {
            let start = String(decoding: scope.prefix, as: UTF8.self)
            if steps.isEmpty { name = start + name } else { steps[0] = start + steps[0] }
        }
        let path: [JSONPathComponent] = steps.map { .key($0) } + [.key(name)]
        let reason = defaultValue.isEmpty ? "key missing, used the default" : "key missing, used the default \(defaultValue)"
        notes.add(.defaulted, reason, at: object, suffix: path, error: nil)
    }

    /// Records that a `@JSONLossy` property's default stood in for `element`, which failed
    /// with `error`.
    @usableFromInline
    func noteRejected(_ element: JSONElement, _ error: any Error, _ defaultValue: String) {
        guard let notes = storage.notes else { return }
        let decodingError = (error as? JSONDecodingError) ?? wrap(error, element)
        var rejected = JSONValue(element: element).description
        if rejected.count > 60 { rejected = String(rejected.prefix(60)) + "…" }
        let replacement = defaultValue.isEmpty ? "the default" : "the default \(defaultValue)"
        notes.add(
            .defaulted, "rejected \(rejected), used \(replacement): \(decodingError.reasonWithPath)", at: element,
            suffix: [], error: decodingError)
    }

    /// Records that a property's default stood in for `null`.
    @usableFromInline
    func noteNullDefault(_ element: JSONElement) {
        guard let notes = storage.notes else { return }
        notes.add(.defaulted, "used the default for null", at: element, suffix: [], error: nil)
    }

    /// Decodes `T` from a separate document (a JSON text embedded in a string, say) with this
    /// context's options. Notes taken inside are reported under `anchor`'s path, followed by
    /// their path inside `document`.
    ///
    /// - Throws: ``JSONDecodingError`` from decoding, with paths inside `document`.
    public func decode<T: JSONDecodable>(_ type: T.Type, fromEmbedded document: JSONDocument, at anchor: JSONElement) throws
        -> T
    {
        try withExtendedLifetime(document) {
            guard let notes = storage.notes else { return try T(json: document.root, context: self) }
            let inner = JSONNoteSink(document: document)
            var context = JSONDecodingContext(decoder: decoder, notes: inner)
            context.isLenient = isLenient
            context.isLossy = isLossy
            context.rounding = rounding
            let value = try T(json: document.root, context: context)
            for note in inner.resolve() {
                notes.add(note.kind, note.reason, at: anchor, suffix: note.path, error: note.error)
            }
            return value
        }
    }
}

extension JSONDecodingError {
    /// `path: reason` without the position, for messages that embed another error.
    var reasonWithPath: String { path.isEmpty ? reason : "\(pathDescription): \(reason)" }
}

/// Collects the notes of one decode. Notes about the decode's own document keep only the
/// element's index; paths and positions are worked out once, when the decode finishes, so
/// recording a note costs no path building and nothing is paid when no note is taken.
@usableFromInline
final class JSONNoteSink: @unchecked Sendable {
    private struct Pending {
        var kind: JSONDecodingNote.Kind
        var reason: String
        /// The anchor's index in `document`, or `nil` when the note was resolved on the spot.
        var index: Int?
        var path: [JSONPathComponent]
        var byteOffset: Int
        var position: (line: Int, column: Int)?
        var error: JSONDecodingError?
    }

    private let lock = NSLock()
    private let document: JSONDocument
    private var pending: [Pending] = []

    init(document: JSONDocument) { self.document = document }

    func add(
        _ kind: JSONDecodingNote.Kind, _ reason: String, at element: JSONElement, suffix: [JSONPathComponent],
        error: JSONDecodingError?
    ) {
        var note = Pending(
            kind: kind, reason: reason, index: element.index, path: suffix, byteOffset: element.byteOffset, error: error)
        if element.document !== document {
            // A document some transformer parsed itself: it may be gone by the end, so resolve
            // now, relative to its root (``JSONDecodingContext/decode(_:fromEmbedded:at:)`` nests properly).
            let foreign = element.document
            note.index = nil
            note.path = JSONNoteSink.paths(for: [element.index], in: foreign)[element.index, default: []] + suffix
            let position = SourcePosition(offset: note.byteOffset, in: foreign.input)
            note.position = (position.line, position.column)
        }
        lock.lock()
        pending.append(note)
        lock.unlock()
    }

    /// The notes with full paths and positions. Call while the document's input is alive.
    func resolve() -> [JSONDecodingNote] {
        lock.lock()
        let pending = self.pending
        lock.unlock()
        guard !pending.isEmpty else { return [] }
        let paths = JSONNoteSink.paths(for: pending.compactMap(\.index), in: document)
        let positions = JSONNoteSink.positions(
            of: pending.filter { $0.index != nil }.map(\.byteOffset), in: document.input)
        return pending.map { item in
            var note = JSONDecodingNote(item.kind, reason: item.reason)
            note.byteOffset = item.byteOffset
            if let index = item.index {
                note.path = paths[index, default: []] + item.path
                if let position = positions[item.byteOffset] {
                    note.line = position.line
                    note.column = position.column
                }
            } else {
                note.path = item.path
                note.line = item.position?.line
                note.column = item.position?.column
            }
            if var error = item.error {
                error.path = note.path + error.path
                if error.kind == .multiple { error.errors = error.errors.map { var e = $0; e.path = note.path + e.path; return e } }
                note.error = error
            }
            return note
        }
    }

    /// The path of every index in `targets`, found in one walk that skips subtrees without a target.
    static func paths(for targets: [Int], in document: JSONDocument) -> [Int: [JSONPathComponent]] {
        let sorted = Array(Set(targets)).sorted()
        var result: [Int: [JSONPathComponent]] = [:]
        var cursor = 0
        var path: [JSONPathComponent] = []

        func visit(_ element: JSONElement) {
            while cursor < sorted.count && sorted[cursor] == element.index {
                result[sorted[cursor]] = path
                cursor += 1
            }
            let end = element.nextIndex
            switch element.nodeKind {
            case .array:
                var position = 0
                for child in element.elements {
                    guard cursor < sorted.count, sorted[cursor] < end else { return }
                    if sorted[cursor] < child.nextIndex {
                        path.append(.index(position))
                        visit(child)
                        path.removeLast()
                    }
                    position += 1
                }
            case .object:
                for member in element.members {
                    guard cursor < sorted.count, sorted[cursor] < end else { return }
                    guard sorted[cursor] < member.value.nextIndex else { continue }
                    path.append(.key(member.key.makeString()))
                    while cursor < sorted.count && sorted[cursor] == member.key.index {
                        result[sorted[cursor]] = path
                        cursor += 1
                    }
                    visit(member.value)
                    path.removeLast()
                }
            default:
                break
            }
        }

        while cursor < sorted.count {
            let before = cursor
            visit(document.root)
            // Indices outside the document (never expected) must not loop forever.
            if cursor == before { cursor += 1 }
        }
        return result
    }

    /// Line and column of every offset, in one pass over the input.
    static func positions(of offsets: [Int], in input: UnsafeBufferPointer<UInt8>) -> [Int: (line: Int, column: Int)] {
        var result: [Int: (line: Int, column: Int)] = [:]
        var index = 0
        var line = 1
        var column = 1
        for offset in Set(offsets).sorted() {
            let target = min(max(offset, 0), input.count)
            while index < target {
                let byte = input[index]
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    // Continuation bytes do not start a scalar.
                    column += 1
                }
                index += 1
            }
            result[offset] = (line, column)
        }
        return result
    }
}
