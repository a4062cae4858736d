import SwiftSyntax

// Stage 3's result: the checked plan the generators follow. Everything here is valid; the
// generators make no decisions that could fail.

/// A model whose every mapped property has a key, a shape and a presence rule.
struct MappedModel {
    /// `public` or `nil`.
    var accessModifier: String?
    /// Generic models keep key sets in computed static properties.
    var isGeneric: Bool
    /// The model's key strategy when it can only be applied at runtime (`.custom(f)`).
    var runtimeStrategy: String?
    /// The mapped properties, in declaration order.
    var properties: [MappedProperty]
    /// The keys, by object level.
    var tree: KeyTree
    /// The name of the level-0 key set (`_loomKeys`); a subclass model names its own
    /// (`_loomKeys_TextMessage`), since a class cannot redeclare its superclass's static property.
    var keySetName = "_loomKeys"
    /// For a subclass model, the expression of its superclass's object key set, whose keys the
    /// level-0 key set lists after its own.
    var inheritedKeys: String?
    /// `@JSONLenient` on the type.
    var isLenient = false
    /// A struct with a deprecated mapped property (see ``DeprecatedAccess``).
    var accessesDeprecated = false

    /// The attribute in front of the members that store or read the property, or nothing.
    var deprecationAttribute: String { accessesDeprecated ? DeprecatedAccess.attribute : "" }

    /// The `@JSONUnknownKeys` property, if any.
    var unknownKeysProperty: MappedProperty? { properties.first(where: \.capturesUnknown) }
    /// The `@JSONFlatten` properties, in declaration order.
    var flattenedProperties: [MappedProperty] { properties.filter { $0.flattening != nil } }
    /// The `rounding:` expression of `@JSONLenient(rounding:)` on the type.
    var lenientRounding: String?
}

/// A stored property that is decoded and/or encoded.
struct MappedProperty {
    /// How a missing key or `null` is handled, after `init(json:context:)` decodes the value.
    enum Presence: Equatable {
        /// Missing or `null` is an error.
        case required
        /// Missing or `null` gives `nil`.
        case optional
        /// Missing keeps the default: the initial value (`nil`) or a `@JSONDefault` expression.
        case defaulted(String?)
        /// Optional with a non-nil default: missing keeps it, `null` gives `nil`.
        case optionalDefaulted(String?)

        /// Whether the decoded value is wrapped in one more optional, `nil` when the key is
        /// missing and the default applies.
        var keepsDefault: Bool {
            switch self {
            case .required, .optional: return false
            case .defaulted, .optionalDefaulted: return true
            }
        }
    }

    /// Where the value lives in the JSON.
    enum Keys {
        /// One key or key path.
        case single(KeyTree.SlotReference)
        /// Fallback keys: the first present non-null one wins; encoding writes the first.
        case fallbacks([KeyTree.SlotReference])
        /// Several keys gathered into one object: (name as written, slot).
        case collected([(name: String, slot: KeyTree.SlotReference)])
        /// Every member of the model's object that no key maps (`@JSONUnknownKeys`).
        case unknown
        /// The members of the model's own object that belong to a model of type `type`, each
        /// key starting with `prefix` (`@JSONFlatten`); `entry` numbers the model's flattened
        /// properties in declaration order, as its key set lists them.
        case flattened(prefix: String, entry: Int, type: String)
    }

    /// The index used in generated names (`v3`, `f3`, `c3`).
    var index: Int
    /// The name after `self.`, backticks kept.
    var accessName: String
    /// The type's structure.
    var shape: TypeShape
    var presence: Presence
    /// `false` for a `let` with an initial value: Swift cannot reassign it, so it is only
    /// encoded (as with `Codable`).
    var decodes: Bool
    /// `false` for `@JSONIgnore(.encoding)`: read, never written.
    var encodes = true
    /// `@JSONOmit`: when the property is left out of the encoded object; `nil` leaves `nil`
    /// to the encoder's `writesNulls`.
    var omission: Marker.OmitRule?
    /// The `@JSONTransform` expression.
    var transform: String?
    var keys: Keys
    /// The property name without backticks, for the model's transformer hook.
    var name = ""
    /// `@JSONLenient`: decoded with lenient coercion.
    var isLenient = false
    /// The `rounding:` expression of `@JSONLenient(rounding:)` on the property.
    var lenientRounding: String?
    /// The default as written in source (`@JSONDefault`'s argument, else the initial value),
    /// a Swift string literal for the report's note about a missing key; `nil` when a missing
    /// key is not a default being applied (`update(json:)` keeps the current value).
    var defaultDescription: String?
    /// `@JSONLossy`: failing elements of the property's collections are dropped.
    var isLossy = false
    /// `@JSONLossy` on a property with a default or an optional type: a value that fails to
    /// decode gives the default (or `nil`) instead. The default as written, a Swift string
    /// literal for the report (`"nil"` for an optional without one).
    var lossyDefault: String?
    /// With a transformer hook on the model and no `@JSONTransform`: the type the hook is
    /// asked about (the property's type inside a top-level optional), usable before `.self`.
    var hookType: String?
    /// The static property holding the `@JSONTransform` transformer (non-generic models),
    /// so the transformer is built once per type rather than once per value.
    var transformerName: String?

    /// How generated code names the property's `@JSONTransform` transformer, if any.
    var transformReference: String? { transformerName.map { "Self.\($0)" } ?? transform }

    /// Whether the property holds a value before an initializer stores one: it has an initial
    /// value, or it is a `var` of type `T?` or `T!`, which starts as `nil`.
    var startsWithValue = false
    /// No property wrapper and no observers: the generated initializer may swap a value into
    /// the storage instead of assigning it.
    var isPlainStorage = false
    /// The type as the type of a local variable on the direct path, or `nil` where it cannot
    /// be one: function types (a parameter would need `@escaping`) and opaque `some` types.
    var memberType: String?
    /// The type as an element of the generated `_LoomValues` tuple.
    var valueType = ""

    /// Whether the property keeps the members no key maps.
    var capturesUnknown: Bool {
        if case .unknown = keys { return true }
        return false
    }

    /// The flattened property's prefix, number and type (`@JSONFlatten`), if it is one.
    var flattening: (prefix: String, entry: Int, type: String)? {
        if case .flattened(let prefix, let entry, let type) = keys { return (prefix, entry, type) }
        return nil
    }

    /// Whether the value is optional at the top level (a `nil` value is omitted on encode).
    var isOptional: Bool { shape.isOptional }
}

/// Generated members that use a deprecated property or case are deprecated themselves, since
/// Swift warns about a deprecated declaration used anywhere but in another deprecated one.
/// They are conformance requirements, which Loom calls through the protocol, where their
/// deprecation does not warn, so the model builds without warnings.
enum DeprecatedAccess {
    static let attribute = #"@available(*, deprecated, message: "generated by @JSONModel for deprecated declarations") "#

    /// Whether `@available` marks a declaration deprecated, on every platform or on one.
    static func isDeprecated(_ attributes: AttributeListSyntax) -> Bool {
        attributes.contains { element in
            guard case .attribute(let attribute) = element, attribute.attributeName.trimmedText == "available",
                case .availability(let arguments)? = attribute.arguments
            else { return false }
            return arguments.contains { argument in
                switch argument.argument {
                case .token(let token): return token.text == "deprecated"
                case .availabilityLabeledArgument(let labeled): return labeled.label.text == "deprecated"
                default: return false
                }
            }
        }
    }
}
