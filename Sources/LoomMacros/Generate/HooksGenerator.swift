import SwiftSyntax

// Lifecycle hooks. The macro looks for them by name in the type's body, so a model that
// declares none gets exactly the code it had without hooks (nothing to call, nothing for the
// optimizer to remove); hooks declared in another extension are not seen.
//
//     static func jsonWillDecode(_ value: JSONValue) throws -> JSONValue   rewrite the raw JSON
//     mutating func jsonDidDecode() throws                                 after decoding (`func` in a class)
//     func validate() throws                                               after `jsonDidDecode`
//     func jsonWillEncode() throws            (or `-> Self`, a copy to encode instead)
//     static func validate<Property>(_ value: T) throws   (or `-> Bool`)   per property
//     static func merge<Property>(_ current: inout T, _ other: T)          per property, for `merge(from:)`

/// A hook function as declared.
struct HookFunction {
    /// Whether calls need `try`.
    var throwsErrors: Bool
    /// Whether it has a result (`-> Bool` validators, `-> Self` for `jsonWillEncode`).
    var returnsValue: Bool
    /// Declared `override` (a class hook its superclass's generated code already calls).
    var isOverride: Bool
    var node: FunctionDeclSyntax
}

/// The hooks and the members `@JSONModel` would otherwise generate that the type declares.
struct DeclaredHooks {
    var willDecode: HookFunction?
    var didDecode: HookFunction?
    var validate: HookFunction?
    var willEncode: HookFunction?
    /// `static func validateTitle(_:)`, by function name.
    var propertyValidators: [String: HookFunction] = [:]
    /// `static func mergeLabels(_:_:)`, by function name.
    var propertyMergers: [String: HookFunction] = [:]
    /// A class cluster's `class func jsonClass(for:)`.
    var classChooser: HookFunction?
    /// `==`, `hash(into:)`, `description` written by hand: not generated.
    var declaresEquals = false
    var declaresHash = false
    var declaresDescription = false

    /// Every hook function found, in source order.
    var functions: [HookFunction] {
        ([willDecode, didDecode, validate, willEncode, classChooser].compactMap { $0 }
            + Array(propertyValidators.values) + Array(propertyMergers.values))
            .sorted { $0.node.position < $1.node.position }
    }

    /// Reads the hooks among `members`.
    init(_ members: [MemberBlockItemSyntax]) {
        for item in members {
            if let variable = item.decl.as(VariableDeclSyntax.self) {
                let isStatic = variable.modifiers.contains {
                    $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
                }
                if !isStatic,
                    variable.bindings.contains(where: {
                        $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "description"
                    })
                {
                    declaresDescription = true
                }
                continue
            }
            guard let function = item.decl.as(FunctionDeclSyntax.self) else { continue }
            let isStatic = function.modifiers.contains {
                $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
            }
            let hook = HookFunction(
                throwsErrors: function.signature.effectSpecifiers?.throwsClause != nil,
                returnsValue: function.signature.returnClause != nil,
                isOverride: function.modifiers.contains { $0.name.tokenKind == .keyword(.override) },
                node: function)
            let parameters = function.signature.parameterClause.parameters.count
            let name = function.name.text
            switch (name, isStatic, parameters) {
            case ("jsonWillDecode", true, 1): willDecode = hook
            case ("jsonDidDecode", false, 0): didDecode = hook
            case ("validate", false, 0): validate = hook
            case ("jsonWillEncode", false, 0): willEncode = hook
            case ("jsonClass", true, 1): classChooser = hook
            case ("==", true, 2): declaresEquals = true
            case ("hash", false, 1): declaresHash = true
            default:
                if isStatic && parameters == 1 && name.hasPrefix("validate") && name.count > "validate".count {
                    propertyValidators[name] = hook
                } else if isStatic && parameters == 2 && name.hasPrefix("merge") && name.count > "merge".count {
                    propertyMergers[name] = hook
                }
            }
        }
    }

    init() {}

    /// `validateTitle` for `title`: the hook's name for a property, as Mantle's `validate<Key>:`.
    static func propertyHookName(_ prefix: String, _ property: String) -> String {
        guard let first = property.first else { return prefix }
        return prefix + first.uppercased() + property.dropFirst()
    }
}

enum HooksGenerator {
    /// The parameter name of the generated `init(json:context:)`: the hook rewrites the
    /// element, so the original gets another name.
    static func elementParameter(_ hooks: DeclaredHooks) -> String {
        hooks.willDecode == nil ? "element" : "original"
    }

    /// Lines at the start of `init(json:context:)` that run `jsonWillDecode` and rebind
    /// `element` to the rewritten JSON (kept alive to the end of the initializer).
    static func willDecodePrologue(_ hooks: DeclaredHooks) -> [String] {
        guard hooks.willDecode != nil else { return [] }
        return [
            "let rewritten = try context._rewrite(original, for: Self.self, with: Self.jsonWillDecode)",
            "defer { withExtendedLifetime(rewritten.document) {} }",
            "let element = rewritten.root",
        ]
    }

    /// The statements that run after a mapping's values are stored: per-property validators,
    /// then `jsonDidDecode()`, then `validate()`, each through the reader, which reports a
    /// failure at the property or the object. In a subclass, hooks declared `override` are left
    /// to the superclass's initializer, which calls them already.
    ///
    /// `base` names the offset of level 0's slots in the key set `keys` (a class's part of a
    /// subclass's object).
    static func afterReading(
        _ model: MappedModel, _ description: ModelDescription, includeDidDecode: Bool = true, base: String? = nil
    ) -> [String] {
        let hooks = description.hooks
        var lines: [String] = []
        for (property, hook) in propertyValidators(model, hooks) {
            let name = DeclaredHooks.propertyHookName("validate", plainName(property.accessName))
            guard let slot = primarySlot(property) else { continue }
            var reference = "Self.\(KeyReferences.staticName(slot.level, base: model.keySetName)), \(slot.slot)"
            if slot.level == 0, let base { reference = "keys, \(base) &+ \(slot.slot)" }
            let call = "\(hook.throwsErrors ? "try " : "")Self.\(name)(self.\(property.accessName))"
            let function = hook.returnsValue ? "check" : "validate"
            lines.append("try reader.\(function)(\(reference), \(KeySpelling.literal(name)), context) { \(call) }")
        }
        // With collected errors, every validator's failure is reported together.
        if !lines.isEmpty { lines.append("try reader.endObject()") }
        if includeDidDecode, let didDecode = hooks.didDecode, !didDecode.isOverride {
            lines.append(readerHookCall("jsonDidDecode", didDecode))
        }
        if let validate = hooks.validate, !validate.isOverride {
            lines.append(readerHookCall("validate", validate))
        }
        return lines
    }

    /// `try reader.hook("validate()", context) { try self.validate() }`.
    private static func readerHookCall(_ name: String, _ hook: HookFunction) -> String {
        let call = "\(hook.throwsErrors ? "try " : "")self.\(name)()"
        return "try reader.hook(\(KeySpelling.literal(name + "()")), context) { \(call) }"
    }

    /// The mapped, decoded properties with a `validate<Property>` hook.
    static func propertyValidators(_ model: MappedModel, _ hooks: DeclaredHooks) -> [(MappedProperty, HookFunction)] {
        model.properties.compactMap { property in
            guard property.decodes,
                let hook = hooks.propertyValidators[
                    DeclaredHooks.propertyHookName("validate", plainName(property.accessName))]
            else { return nil }
            return (property, hook)
        }
    }

    /// The slot the property is written to: its key, first fallback key or first collected key;
    /// `nil` for the `@JSONUnknownKeys` and `@JSONFlatten` properties, which have no key to
    /// name in an error.
    static func primarySlot(_ property: MappedProperty) -> KeyTree.SlotReference? {
        switch property.keys {
        case .single(let slot): return slot
        case .fallbacks(let slots): return slots[0]
        case .collected(let members): return members[0].slot
        case .unknown, .flattened: return nil
        }
    }

    /// `title` for `` `title` ``.
    static func plainName(_ accessName: String) -> String {
        accessName.hasPrefix("`") && accessName.hasSuffix("`") && accessName.count > 2
            ? String(accessName.dropFirst().dropLast()) : accessName
    }

    /// The first lines of `encode(to:context:)`: a `jsonWillEncode()` that returns Void runs
    /// first (it may throw to refuse); one that returns a copy is handled by the caller.
    static func willEncodeLines(_ hooks: DeclaredHooks) -> [String] {
        guard let hook = hooks.willEncode, !hook.returnsValue, !hook.isOverride else { return [] }
        return ["\(hook.throwsErrors ? "try " : "")self.jsonWillEncode()"]
    }
}
