import Foundation

// Support for class models (`@JSONModel` on a class): hierarchies whose subclasses add
// mapped properties, and the equality, hashing and description generated for classes.

extension _JSONKeySet {
    /// Creates the key set of a subclass model's object: its own keys, then every key of its
    /// superclass's object (`parent`), so none of them counts as unknown.
    ///
    /// Generated code numbers only the subclass's own keys; the inherited ones follow them.
    ///
    /// - Parameters:
    ///   - names: The subclass's own keys.
    ///   - explicit: Per own key, whether key strategies leave it alone.
    ///   - parent: The superclass model's key set for the same object.
    public convenience init(_ names: [String], explicit: [Bool] = [], inheriting parent: _JSONKeySet) {
        let own = names.indices.map { $0 < explicit.count ? explicit[$0] : false }
        self.init(names + parent.names, explicit: own + parent.explicit, prefix: parent.prefix)
    }
}

extension JSONDecodingContext {
    /// Whether a key the generated code did not match is known after all: the tag of an
    /// internally tagged enum, or a key a subclass key set inherits. Only called when unknown
    /// keys are rejected.
    func isExempt(_ key: JSONElement, _ keys: _JSONKeySet) -> Bool {
        if key.index == exemptKey && exemptKeyDocument == ObjectIdentifier(key.document) { return true }
        var hint = 0
        return keys.match(key, hint: &hint, self) >= 0
    }
}

/// Equality and hashing of one property in generated `==` and `hash(into:)` of class models.
///
/// Swift picks the most specific overload at compile time: a property whose type is not
/// `Equatable` (or `Hashable`) is left out, as `@JSONIgnore` properties are.
///
/// A property can hold another model of the same class, so comparing and hashing recurse
/// once per model level, like decoding: near the end of the thread's stack, the rest
/// continues on a larger one (StackGrowth.swift).
public enum JSONModelEquality {
    /// `lhs == rhs`.
    @inlinable
    public static func equal<T: Equatable>(_ lhs: T, _ rhs: T) -> Bool {
        LargerStack.ifNeeded { lhs == rhs }
    }

    /// `true`: values of a type that is not `Equatable` do not take part in equality.
    @inlinable
    public static func equal<T>(_ lhs: T, _ rhs: T) -> Bool { true }

    /// Feeds `value` to `hasher`.
    @inlinable
    public static func hash<T: Hashable>(_ value: T, into hasher: inout Hasher) {
        LargerStack.ifNeeded { hasher.combine(value) }
    }

    /// Nothing: values of a type that is not `Hashable` do not take part in hashing.
    @inlinable
    public static func hash<T>(_ value: T, into hasher: inout Hasher) {}
}

/// The properties of a model, gathered by generated code for a readable `description`
/// (YYModel's `modelDescription`): `TextMessage(id: 7, body: "hi", sender: nil)`.
public struct _JSONModelFields: CustomStringConvertible {
    /// The model's type name.
    public let typeName: String
    /// Each property's name and its description.
    public private(set) var fields: [(name: String, value: String)] = []

    /// Starts the description of `model`, named after its dynamic type.
    public init(_ model: Any) {
        typeName = String(describing: type(of: model))
    }

    /// Adds a property. Strings are quoted, optionals show their value or `nil`.
    public mutating func append<T>(_ name: String, _ value: T) {
        // A property holding a model describes that model here: deep models recurse, so the
        // rest may continue on a larger stack (StackGrowth.swift).
        fields.append((name, LargerStack.ifNeeded { Self.describe(value) }))
    }

    /// `Type(name: value, …)`.
    public var description: String {
        "\(typeName)(" + fields.map { "\($0.name): \($0.value)" }.joined(separator: ", ") + ")"
    }

    static func describe(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let child = mirror.children.first else { return "nil" }
            return describe(child.value)
        }
        if value is String || value is Substring || value is Character { return String(reflecting: value) }
        return String(describing: value)
    }
}

extension _JSONReader {
    /// Reads a class model with `build`, the reading initializer of the class that declares
    /// `_read(from:context:)`, as the class `model` that it is called on.
    ///
    /// - Throws: ``Fallback`` when `build` fails, or when `model` is a subclass that does not
    ///   declare its own reading (a subclass written without `@JSONModel`): the general decoder
    ///   then creates it with `init(json:context:)`.
    ///
    /// A class whose key set `keys` repeats a key (a property of the class and one of its
    /// superclass read the same member) reads through a document: one pass gives the member
    /// to one slot.
    @inlinable
    public mutating func instance<Model: AnyObject, Built: AnyObject>(
        of model: Model.Type, keys: _JSONKeySet, _ build: (inout _JSONReader) throws -> Built
    ) throws(Fallback) -> Model {
        if keys.repeatsKeys { try Self.fail() }
        do {
            if let value = try build(&self) as? Model { return value }
        } catch {}
        try Self.fail()
    }

    /// Reads a class cluster's instance: `choose` (`jsonClass(for:)`) sees the object, parsed
    /// into a document for it; then the chosen class reads the same bytes directly.
    ///
    /// - Throws: ``Fallback`` when `choose` throws or chooses nothing or a class that is not
    ///   `model` or a subclass of it, or when the chosen class's reading fails. The general
    ///   decoder reports each of these.
    @inlinable
    public mutating func instance<Model: JSONDecodable & AnyObject, Chosen, Built: AnyObject>(
        of model: Model.Type, keys: _JSONKeySet, _ context: borrowing JSONDecodingContext,
        chosenBy choose: (JSONElement) throws -> Chosen.Type?,
        _ build: (inout _JSONReader) throws -> Built
    ) throws(Fallback) -> Model {
        let start = position
        let chosen = try element(context) { element, _ in try choose(element) }
        position = start
        guard let chosen else { try Self.fail() }
        if ObjectIdentifier(chosen) == ObjectIdentifier(Model.self) { return try instance(of: model, keys: keys, build) }
        guard let subclass = chosen as? Model.Type else { try Self.fail() }
        return try subclass._read(from: &self, context: context)
    }
}
