import Foundation

// What the readers keep for `@JSONFlatten` properties (Features/Flatten.swift).

/// One `@JSONFlatten` property, as its model's level-0 key set lists it.
///
/// Not API: generated key sets create them.
public struct _JSONFlattened: Sendable {
    /// The prefix of the property's keys in the parent's object, as written.
    public let prefix: String
    /// The flattened type's name, for errors.
    let typeName: String
    /// The flattened type's level-0 keys, or `nil` when the type reads no key set (a
    /// hand-written conformance), which cannot be flattened.
    let keys: _JSONKeySet?
    /// The slots of the parent's key set that hold this property's keys.
    var slots: Range<Int> = 0..<0

    /// The flattened property of type `type` whose keys start with `prefix`.
    public init<T: JSONDecodable>(_ type: T.Type, prefix: String = "") {
        self.prefix = prefix
        typeName = String(describing: T.self)
        keys = FlattenedKeys.keys(of: T.self)
    }
}

/// Which flattened properties' keys the member loop met, and where the model's object starts.
///
/// Not API: generated slots hold one for a model with `@JSONFlatten` properties.
public struct _JSONFlattenState: Sendable {
    /// The reading position of the model's object: the direct path reads the object's bytes
    /// again from there when it could not keep the flattened members as it met them.
    public var start = 0
    /// One bit per flattened property (past 63 they share the last) whose key was present.
    @usableFromInline var seen: UInt64 = 0
    /// Per flattened property, on the direct path, its members as the member loop met them,
    /// written as members of an object of its own (`"key":value,` with the property's own
    /// keys), so that it reads them without passing over the parent's object again. The
    /// first property's apart: most models flatten one, which then costs one buffer.
    var firstMembers: [UInt8] = []
    var otherMembers: [[UInt8]] = []
    /// The first property's first members, kept as where they are in the input (the slot of
    /// the property's own key, where the value starts and ends) rather than copied: a model
    /// that flattens a few members allocates nothing for them.
    var inlineSlots = SIMD8<Int>()
    var inlineStarts = SIMD8<Int>()
    var inlineEnds = SIMD8<Int>()
    var inlineCount = 0
    /// One bit per flattened property whose members could not be kept (a `.custom` key
    /// strategy, a type that keeps unknown members, or past the 63rd property).
    var unkept: UInt64 = 0

    @inlinable public init() {}

    mutating func note(_ entry: Int) {
        if entry >= 0 { seen |= 1 &<< UInt64(min(entry, 63)) }
    }

    func saw(_ entry: Int) -> Bool { seen & (1 &<< UInt64(min(entry, 63))) != 0 }
}

/// The object a flattened value is being read from on the general path, and the prefix of its
/// keys there; or, while a parent learns a type's keys, the probe that notes them.
final class FlattenScope: @unchecked Sendable {
    let prefix: [UInt8]
    let document: ObjectIdentifier
    let index: Int
    let isProbe: Bool
    /// The first model whose object the probe entered, and its key set.
    var probed: (model: ObjectIdentifier, keys: _JSONKeySet)?

    init(prefix: [UInt8], object: JSONElement, isProbe: Bool = false) {
        self.prefix = prefix
        document = ObjectIdentifier(object.document)
        index = object.index
        self.isProbe = isProbe
    }

    func holds(_ element: JSONElement) -> Bool {
        element.index == index && ObjectIdentifier(element.document) == document
    }
}

/// The key sets learned from flattened types, once per type.
enum FlattenedKeys {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var known: [ObjectIdentifier: _JSONKeySet?] = [:]

    static func keys<T: JSONDecodable>(of type: T.Type) -> _JSONKeySet? {
        let key = ObjectIdentifier(T.self)
        lock.lock()
        let cached = known[key]
        lock.unlock()
        if let cached { return cached }
        let learned = probe(T.self)
        lock.lock()
        known[key] = .some(learned)
        lock.unlock()
        return learned
    }

    /// Decodes a `T` from `{}` until its mapping enters the object, which hands over its key set.
    private static func probe<T: JSONDecodable>(_ type: T.Type) -> _JSONKeySet? {
        guard let document = try? JSONDocument(parsing: "{}") else { return nil }
        let scope = FlattenScope(prefix: [], object: document.root, isProbe: true)
        var context = JSONDecodingContext(decoder: JSONModelDecoder())
        context.flattenScope = Unmanaged.passUnretained(scope)
        withExtendedLifetime((scope, document)) {
            _ = try? T._makeInstance(json: document.root, context: context)
        }
        // Another model's keys (a payload an enum tried first) are not the type's.
        guard let probed = scope.probed, probed.model == ObjectIdentifier(T.self) else { return nil }
        return probed.keys
    }
}
