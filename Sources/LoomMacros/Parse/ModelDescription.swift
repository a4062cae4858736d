import SwiftSyntax

// Stage 1 of the pipeline: what the declaration says, with no judgement yet. Parsing keeps
// the syntax nodes so later stages can point diagnostics and fix-its at them.

/// The declaration `@JSONModel` is attached to.
struct ModelDescription {
    /// The access modifier for the generated members: `public` or none.
    var accessModifier: String?
    /// Whether the type has generic parameters (static stored properties are not allowed).
    var isGeneric: Bool
    /// The model-level key strategy.
    var keyStrategy: ModelKeyStrategy
    /// `@JSONLenient` on the type: every property decodes with lenient coercion.
    var isLenient = false
    /// The `rounding:` expression of `@JSONLenient(rounding:)` on the type, if any.
    var lenientRounding: String?
    /// The type declares `static func jsonTransformer(forProperty:of:)`, consulted for every
    /// property without `@JSONTransform`.
    var hasTransformerHook = false
    /// Every instance or type variable binding, in declaration order.
    var properties: [PropertyDescription]
    /// Struct or class, and for a class how it inherits (see `ClassGenerator.swift`).
    var kind: ModelKind = .structure
    /// The names in the inheritance clause, as written (`Equatable`, `Message`).
    var inheritedTypes: [String] = []
    /// The lifecycle hooks the type declares in its body (see `HooksGenerator.swift`).
    var hooks = DeclaredHooks()
    /// `@JSONModel(memberwiseInit:)`: whether a public struct gets a public memberwise initializer.
    var writesMemberwiseInit = true
}

/// How the model turns property names into keys for properties without `@JSONKey`.
enum ModelKeyStrategy {
    /// Property names as written.
    case useDefaultKeys
    /// A built-in case style (`.snakeCase`, `.kebabCase`, …), converted at compile time.
    case converted(KeySpelling.Style)
    /// Any other strategy expression, applied when the key set is built at runtime.
    case runtime(ExprSyntax)
}

/// One variable binding of the model (`var a, b: Int` gives two).
struct PropertyDescription {
    /// The declaration holding the binding (attributes and modifiers live there).
    var declaration: VariableDeclSyntax
    /// The binding itself.
    var binding: PatternBindingSyntax
    /// The identifier token, `nil` for tuple or other patterns.
    var identifier: TokenSyntax?
    /// The name without backticks, used as the default key and in messages.
    var name: String
    /// The type annotation, taken from a later binding for `var a, b: Int`. Nodes of the
    /// declaration, trivia and all (`Int // count`): generators read them through
    /// `trimmedText`, since a trimmed copy costs a new tree per node.
    var type: TypeSyntax?
    /// The initial value, as written (read through `trimmedText`).
    var initializer: ExprSyntax?
    /// `let` rather than `var`.
    var isLet: Bool
    /// `static` or `class`.
    var isStatic: Bool
    /// The `lazy` modifier, if present.
    var lazyModifier: DeclModifierSyntax?
    /// The `weak` or `unowned` modifier, if present.
    var ownershipModifier: DeclModifierSyntax?
    /// Computed (`get`, `set`, `_read`, …): it has no storage to decode into.
    var isComputed: Bool
    /// The `@JSON…` markers on the declaration.
    var markers: Markers

    /// The name as it must be written after `self.` (backticks kept).
    var accessName: String { identifier?.text ?? name }
}

/// The `@JSON…` attributes of one property, as read from the syntax.
struct Markers {
    /// Every marker attribute in source order.
    var all: [Marker] = []

    var key: Marker? { all.first { $0.kind == .key } }
    var ignore: Marker? { all.first { $0.kind == .ignore } }
    var defaultValue: Marker? { all.first { $0.kind == .defaultValue } }
    var transform: Marker? { all.first { $0.kind == .transform } }
    var merge: Marker? { all.first { $0.kind == .merge } }
    var lenient: Marker? { all.first { $0.kind == .lenient } }
    var lossy: Marker? { all.first { $0.kind == .lossy } }
    var omit: Marker? { all.first { $0.kind == .omit } }
    var unknownKeys: Marker? { all.first { $0.kind == .unknownKeys } }
    var flatten: Marker? { all.first { $0.kind == .flatten } }
}

/// One marker attribute and what its arguments say.
struct Marker {
    enum Kind: String {
        case key = "JSONKey"
        case ignore = "JSONIgnore"
        case defaultValue = "JSONDefault"
        case transform = "JSONTransform"
        case merge = "JSONMerge"
        case lenient = "JSONLenient"
        case lossy = "JSONLossy"
        case omit = "JSONOmit"
        case unknownKeys = "JSONUnknownKeys"
        case flatten = "JSONFlatten"
    }

    var kind: Kind
    var attribute: AttributeSyntax
    /// For `@JSONKey("a", "b")`: each key as written (Swift escapes resolved) with its node.
    var keys: [KeyLiteral] = []
    /// For `@JSONKey(collecting:)`.
    var isCollecting = false
    /// For `@JSONKey(strategy:)`: how the property name becomes its key.
    var keyStyle: KeyStyle?
    /// For `@JSONDefault` and `@JSONTransform`: the expression; for `@JSONLenient(rounding:)`:
    /// the rounding rule, as written (read through `trimmedText`).
    var expression: ExprSyntax?
    /// For `@JSONMerge`: the policy.
    var mergePolicy: MergePolicy?
    /// For `@JSONIgnore(.decoding)` and `@JSONIgnore(.encoding)`: the direction ignored;
    /// `nil` for `@JSONIgnore` itself (both).
    var direction: Direction?
    /// For `@JSONOmit`: when the property is left out of the encoded object.
    var omitRule: OmitRule?
    /// For `@JSONFlatten`: the prefix of the flattened keys (empty without `prefix:`); `nil`
    /// when the argument is malformed.
    var flattenPrefix: String?

    enum Direction: String {
        case decoding, encoding
    }

    enum KeyStyle {
        /// `.useDefaultKeys`: the property name as written, whatever the model's strategy.
        case asWritten
        case converted(KeySpelling.Style)
    }

    enum OmitRule: String {
        case never, whenNil, whenEmpty
    }

    /// `@JSONKey`, for messages.
    var displayName: String { "@\(kind.rawValue)" }
}

/// A key string from a `@JSONKey` argument.
struct KeyLiteral {
    /// The string value (after Swift escapes), still in key-path syntax (`a.b`, `a\.b`).
    var text: String
    /// The literal, for diagnostics.
    var node: Syntax
}
