import SwiftSyntax

/// The structure of a property's type as far as generated code cares: which runtime
/// helper handles each level. Anything that is not an optional or a standard collection is
/// a leaf, decoded with `context.decode(T.self, from:)`, whose overloads choose between
/// Loom's own conformance, a raw value and `Codable` at compile time.
indirect enum TypeShape: Equatable {
    /// `T?`, `T!` or `Optional<T>`.
    case optional(TypeShape)
    /// `[T]` or `Array<T>`.
    case array(TypeShape)
    /// `Set<T>`.
    case set(TypeShape)
    /// `[K: V]` or `Dictionary<K, V>`; `key` is `nil` for `String` keys, else the key type.
    case dictionary(key: String?, value: TypeShape)
    /// Any other type, as source text usable before `.self`.
    case leaf(String)

    /// Analyses `type` recursively.
    init(_ type: TypeSyntax) {
        if let optional = type.as(OptionalTypeSyntax.self) {
            self = .optional(TypeShape(optional.wrappedType))
        } else if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            self = .optional(TypeShape(unwrapped.wrappedType))
        } else if let array = type.as(ArrayTypeSyntax.self) {
            self = .array(TypeShape(array.element))
        } else if let dictionary = type.as(DictionaryTypeSyntax.self) {
            self = TypeShape.dictionary(key: dictionary.key, value: dictionary.value)
        } else if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1,
            let only = tuple.elements.first, only.firstName == nil, only.ellipsis == nil
        {
            // `(Int)` is just `Int` in parentheses.
            self = TypeShape(only.type)
        } else if let generic = TypeShape.standardGeneric(type) {
            self = generic
        } else {
            self = .leaf(TypeShape.leafText(type))
        }
    }

    /// Whether the outermost level is optional.
    var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// Whether the outermost level is an array, a set or a dictionary.
    /// `String`, which `@JSONOmit(.whenEmpty)` can test for emptiness.
    var isString: Bool { self == .leaf("String") || self == .leaf("Swift.String") }

    var isCollection: Bool {
        switch self {
        case .array, .set, .dictionary: return true
        case .optional, .leaf: return false
        }
    }

    /// The shape inside a top-level optional (the shape itself otherwise).
    var unwrapped: TypeShape {
        if case .optional(let wrapped) = self { return wrapped }
        return self
    }

    private static func dictionary(key: TypeSyntax, value: TypeSyntax) -> TypeShape {
        let keyText = key.trimmedText
        let isString = keyText == "String" || keyText == "Swift.String"
        return .dictionary(key: isString ? nil : leafText(key), value: TypeShape(value))
    }

    /// `Optional<T>`, `Array<T>`, `Set<T>`, `Dictionary<K, V>`, also spelled `Swift.…`.
    private static func standardGeneric(_ type: TypeSyntax) -> TypeShape? {
        let name: String
        let clause: GenericArgumentClauseSyntax?
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            name = identifier.name.text
            clause = identifier.genericArgumentClause
        } else if let member = type.as(MemberTypeSyntax.self),
            member.baseType.as(IdentifierTypeSyntax.self)?.name.text == "Swift",
            member.baseType.as(IdentifierTypeSyntax.self)?.genericArgumentClause == nil
        {
            name = member.name.text
            clause = member.genericArgumentClause
        } else {
            return nil
        }
        guard let clause else { return nil }
        var arguments: [TypeSyntax] = []
        for argument in clause.arguments {
            guard case .type(let argumentType) = argument.argument else { return nil }
            arguments.append(argumentType)
        }
        switch (name, arguments.count) {
        case ("Optional", 1): return .optional(TypeShape(arguments[0]))
        case ("Array", 1): return .array(TypeShape(arguments[0]))
        case ("Set", 1): return .set(TypeShape(arguments[0]))
        case ("Dictionary", 2): return dictionary(key: arguments[0], value: arguments[1])
        default: return nil
        }
    }

    /// Whether `type`, as a declaration spells it, names a type whose conformance Loom itself
    /// provides. Generated code reads, writes and describes these through functions without
    /// overloads: resolving the overloads that choose between Loom's conformance, a raw value
    /// and `Codable` costs a debug build more at every call. As with `Array` and `Optional`
    /// above, the names are taken to mean the standard types; `Data` and `Decimal`, names an
    /// app plausibly gives a type of its own, go through the overloads.
    static func hasLoomConformance(_ type: String) -> Bool {
        loomConformingNames.contains(type)
    }

    private static let loomConformingNames: Set<String> = {
        let standard = [
            "Bool", "String", "Double", "Float",
            "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        ]
        let foundation = ["URL", "UUID", "Date"]
        return Set(standard + standard.map { "Swift.\($0)" } + foundation + foundation.map { "Foundation.\($0)" })
    }()

    /// The type as text that can precede `.self`: named types as written, anything else
    /// (`any P`, `A & B`, function types) in parentheses.
    private static func leafText(_ type: TypeSyntax) -> String {
        let text = type.trimmedText
        if type.is(IdentifierTypeSyntax.self) || type.is(MemberTypeSyntax.self) { return text }
        return "(\(text))"
    }
}

/// A part of a property's type that no JSON value can become: a tuple, a function, a
/// metatype, an existential (`Any`, `any P`, `P & Q`) or an opaque type. Such a property would
/// otherwise fail deep inside the generated code with an overload error naming none of it.
struct UnmappableType {
    /// Every `Any` in the type, when `Any` is the only problem: the fix-it replaces them with
    /// `JSONValue`. Empty for every other problem.
    var anys: [IdentifierTypeSyntax] = []

    static func find(in type: TypeSyntax) -> UnmappableType? {
        var anys: [IdentifierTypeSyntax] = []
        var other = false
        visit(type, anys: &anys, other: &other)
        if other { return UnmappableType() }
        return anys.isEmpty ? nil : UnmappableType(anys: anys)
    }

    /// What to do instead, as the end of the diagnostic's sentence; a property can also take
    /// a transformer or be ignored, a case's value cannot.
    func advice(forProperty: Bool) -> String {
        switch (anys.isEmpty, forProperty) {
        case (false, true): return "use 'JSONValue' for JSON of any shape, or mark it '@JSONIgnore'"
        case (false, false): return "use 'JSONValue' for JSON of any shape"
        case (true, true): return "declare a model for it, give it a '@JSONTransform', or mark it '@JSONIgnore'"
        case (true, false): return "declare a model for it"
        }
    }

    private static func visit(_ type: TypeSyntax, anys: inout [IdentifierTypeSyntax], other: inout Bool) {
        if other { return }
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            switch identifier.name.text {
            case "Any": anys.append(identifier)
            case "AnyObject", "AnyClass": other = true
            default: break
            }
            for argument in identifier.genericArgumentClause?.arguments ?? [] {
                if case .type(let argumentType) = argument.argument { visit(argumentType, anys: &anys, other: &other) }
            }
        } else if let member = type.as(MemberTypeSyntax.self) {
            for argument in member.genericArgumentClause?.arguments ?? [] {
                if case .type(let argumentType) = argument.argument { visit(argumentType, anys: &anys, other: &other) }
            }
        } else if let optional = type.as(OptionalTypeSyntax.self) {
            visit(optional.wrappedType, anys: &anys, other: &other)
        } else if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            visit(unwrapped.wrappedType, anys: &anys, other: &other)
        } else if let array = type.as(ArrayTypeSyntax.self) {
            visit(array.element, anys: &anys, other: &other)
        } else if let dictionary = type.as(DictionaryTypeSyntax.self) {
            visit(dictionary.key, anys: &anys, other: &other)
            visit(dictionary.value, anys: &anys, other: &other)
        } else if let tuple = type.as(TupleTypeSyntax.self) {
            // `(Int)` is a parenthesized type, not a tuple.
            if tuple.elements.count == 1, let only = tuple.elements.first, only.firstName == nil {
                visit(only.type, anys: &anys, other: &other)
            } else {
                other = true
            }
        } else if let attributed = type.as(AttributedTypeSyntax.self) {
            visit(attributed.baseType, anys: &anys, other: &other)
        } else if type.is(FunctionTypeSyntax.self) || type.is(MetatypeTypeSyntax.self)
            || type.is(SomeOrAnyTypeSyntax.self) || type.is(CompositionTypeSyntax.self)
        {
            other = true
        }
    }
}
